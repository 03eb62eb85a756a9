"""Misère quotients: construction and use (issue 38 targets).

    python benchmarks/bench_misere.py            # the quick figures (under a minute)
    python benchmarks/bench_misere.py --far 34   # also Q(0.07) past heap 33 (minutes)

Figures, each with its reference measured in the same run (and the load, from
``os.getloadavg``, printed first: the machine is shared):
- Q(0.07) to heap 30 from scratch (target: under a minute), its order (Siegel: 360),
  with the compiled kernels (numba, grundy.kernels.misere) and, as the reference, the
  same construction with the readable pure-Python minimal option sets, P-portions
  and pair search (``--no-readable`` skips it);
- the misère outcome of a sum of 100 Dawson's Kayles heaps (each <= 30) through the
  built quotient (target: under 10 ms), against the normal-play XOR of the same heaps'
  Grundy values (the cost one table lookup per heap sets);
- Dawson's Kayles 20 + 13 + 7 in a fresh process once the quotient is stored
  (target: under 0.1 s for the question, the import aside), against the exact search
  of the same sum that answered before.

Measured 2026-12-05 13:02 UTC on the shared 2-core machine, load average 1.43 (1 min;
3.15 at the end), ``python benchmarks/bench_misere.py --far 34 --far-seconds 600``:
- Q(0.07) to heap 30: order 360, |P| 65, 1.0 s (readable construction 2.2 s: 2.3x).
  The session before (08:36, load 4.3): 2.0 s against 12.8 s; the recalibration by least
  failing sums (lex order, after MisereSolver) replaced the shortest-sum one and its
  pair search;
- 100 heaps: outcome 17 us, winning move 21 us (XOR of Grundy values 2 us);
- fresh process, stored quotient: 20 + 13 + 7 is P in 17.4 ms (whole process 0.42 s);
  exact search of the sum 0.51 s;
- Q(0.07) to heap 33: orders 520, 552, 638 at heaps 31, 32, 33, 7.8 s at load 3.2
  (22.9 s before); heap 34 stops after 198 s in all (bound 4096): "no recalibration
  within 4096 elements fixes the sum [2, 4, 14^4, 25, 33, 34^5]". With
  ``--far-order 8192`` it stops after 62 rounds (about 6 minutes at load 5), the least
  failing sums holding 4 to 8 copies of heap 34 and the candidates 1,018 to 8,162
  elements; with 16384, 72 rounds in 12 minutes, 9 copies, candidates to 13,314, then
  the memory budget (see docs/misere.md: the quotient may be infinite there).

Measured 2026-12-06 02:52-03:06 UTC (load average 5.9 at the start, 6 to 21 during the
runs), ``python benchmarks/bench_misere.py --far 34 --no-readable``:
- Q(0.07) to heap 30: order 360, |P| 65, 2.5 s; 100 heaps: outcome 18 us, winning move
  22 us; fresh process, stored quotient: 20 + 13 + 7 is P in 36.1 ms (exact search 0.97 s);
- Q(0.07) to heap 33: order 638 (|P| 109; 520/89 and 552/93 at heaps 31 and 32, the
  same as MisereSolver's) in 22.9 s at that load (MisereSolver, built from CGSuite's
  sources as a yardstick, does not settle heap 34 either: 15 candidates of 1,448 to
  47,414 elements in 30 minutes, stopped; see docs/misere.md);
- heap 34, bound 4096: stops after 572 s on the sum [2, 4, 14^4, 25, 33, 34^5] (49 larger
  candidates not built), and the stop now proves a lower bound: "the quotient of the
  heaps up to 34 has at least 2180 elements (pairwise distinguished by sums below that
  sum)". With ``--far-order 8192`` (the same walk as above, 62 rounds, 1,094 s at load
  up to 21) the last candidate, 7,522 elements with least failing sum
  34^8 + 30^5 + 25 + 14, certifies at least 5,938 elements (5.0 s for the count).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import subprocess
import sys
import tempfile
import time

import grundy
from grundy.solve import misere_quotient as MQ
from grundy.solve.compounds import misere_value


def timed(f, repeat=1):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best, out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--far", type=int, default=0, help="also build Q(0.07) to this heap")
    ap.add_argument("--far-seconds", type=float, default=1800.0)
    ap.add_argument("--far-order", type=int, default=MQ.MAX_ORDER, help="largest quotient for --far")
    ap.add_argument("--no-readable", action="store_true", help="skip the readable reference build")
    args = ap.parse_args()
    print("load average (1, 5, 15 min): %.2f %.2f %.2f" % os.getloadavg())
    dk = grundy.games.get("octal:0.07")
    opts = MQ.heap_options(dk)

    MQ.compute_quotient(opts, 12, name=dk.spec)  # the kernels compiled or loaded from numba's cache
    t, q = timed(lambda: MQ.compute_quotient(opts, 30, name=dk.spec))
    print(f"Q(0.07) to heap 30: order {q.order}, |P| {len(q.p_portion)}, built in {t:.1f} s "
          f"(target < 60 s); orders by heap: {list(q.orders)}")
    if not args.no_readable:
        from grundy.solve import misere_algebra as A
        from grundy.solve import misere_build as B

        saved = A._antichains, B._lex_p, B._failure
        try:
            A._antichains = functools.partial(saved[0], compiled=False)
            B._antichains = A._antichains
            B._lex_p = functools.partial(saved[1], compiled=False)
            B._failure = functools.partial(saved[2], compiled=False)
            t_r, q_r = timed(lambda: MQ.compute_quotient(opts, 30, name=dk.spec))
        finally:
            A._antichains, B._lex_p, B._failure = saved
            B._antichains = saved[0]
        print(f"reference: the readable construction to heap 30 (order {q_r.order}) {t_r:.1f} s: "
              f"kernels {t_r / t:.1f} times faster")

    rng = random.Random(1)
    heaps = [rng.randint(0, 30) for _ in range(100)]
    values = dk.table(30)
    t_q, out = timed(lambda: q.outcome(heaps), repeat=200)
    t_m, mv = timed(lambda: q.winning_move(heaps), repeat=50)

    def xor():
        x = 0
        for h in heaps:
            x ^= values[h]
        return x

    t_x, _ = timed(xor, repeat=200)
    print(f"100 heaps: misère outcome {t_q * 1e6:.0f} us ({out}), winning move {t_m * 1e6:.0f} us "
          f"(target < 10 ms); normal-play XOR {t_x * 1e6:.0f} us: ratio {t_q / t_x:.1f}")

    with tempfile.TemporaryDirectory() as d:
        MQ.save(q, __import__("pathlib").Path(d))
        code = ("import time, grundy; t = time.perf_counter(); m = grundy.Misere(grundy.games.get('octal:0.07'));"
                "o = (m[20] + m[13] + m[7]).outcome; print(o, time.perf_counter() - t)")
        env = dict(os.environ, GRUNDY_QUOTIENT_DIR=d)
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        total = time.perf_counter() - t0
        o, inner = r.stdout.split()
        print(f"fresh process, stored quotient: 20 + 13 + 7 is {o} in {float(inner) * 1e3:.1f} ms "
              f"(target < 100 ms; whole process with import {total:.2f} s)")
    t_s, v = timed(lambda: misere_value([dk[20], dk[13], dk[7]]))
    print(f"reference: exact search of 20 + 13 + 7 (misère value {v}) {t_s:.2f} s")

    if args.far:
        t33, q33 = timed(lambda: MQ.compute_quotient(opts, min(args.far, 33), name=dk.spec))
        print(f"Q(0.07) to heap {q33.heaps}: order {q33.order}, built in {t33:.1f} s; orders from heap 30: "
              f"{list(q33.orders[30:])}")
        t, far = timed(lambda: MQ.compute_quotient(opts, args.far, name=dk.spec, max_order=args.far_order,
                                                   budget=grundy.Budget(seconds=args.far_seconds)))
        print(f"Q(0.07) to heap {args.far}: reached heap {far.heaps}, order {far.order} in {t:.0f} s; "
              f"orders {list(far.orders)}" + (f"; stopped: {far.stopped}" if far.stopped else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
