"""Benchmark: grundy's generic solver against the hand-written recursion users write
today (``functools.cache`` + a set-based mex, recursion limit raised), on the same
user-defined game with over a million positions.

Run:  python benchmarks/bench_solver.py [--size 1000] [--repeat 3] [--memory]

Prints both CPU times (``time.process_time``), the ratio (grundy / reference; the
target is <= 0.35) and positions per second. The reference needs a deep C stack,
so it runs in a thread with a large stack; grundy needs neither. ``--memory`` runs
each once more under tracemalloc and prints the peak of what it allocated (the
positions, the memo, the stack).

Measured on the project's 2-core machine (shared with other engineers' jobs, so the
times vary by +-30 %), size 1000 (1,002,001 positions), CPU time, best of 3:

    the loop in C (LazyLoop), load 0.4-5:  grundy 1.792 s, reference 5.990 s, ratio 0.299
                           again, load 4:  grundy 1.964 s, reference 6.467 s, ratio 0.304
    the Python loop (the fallback), load 4, best of 2:
                                           grundy 2.447 s, reference 6.513 s, ratio 0.376
    before (the loop in Python, options scanned in C), load 2.4:
                                           grundy 2.364 s, reference 5.473 s, ratio 0.432
    collector running (before the pause, wall time, one run):
                                          grundy 5.39 s, reference 7.01 s, ratio 0.768

Python's cyclic collector walks the older generations after every few hundred
allocations, and the memo of a search is a million small objects that live until
it ends: searches run inside ``grundy.solve.collector.paused_collector``
(reentrant, shared by threads, the collector restored however the search ends);
the reference keeps the collector on, as a user's recursion does.

grundy's loop (``grundy.solve.reducer.lazy``) runs in C for a mex rule without a
budget of positions (``grundy.rules._sum.LazyLoop``): the only Python call a
position makes is the move function's; the path is a C array and the values read
a bit set. What is left (perf, the search alone): the memo's dict lookups, about
half (cache misses in a dict of 10^6 tuples), and the move function, a Python
generator, about a third; the loop itself is a few per cent. The reference pays
the same generator and lookups, plus a ``functools.cache`` wrapper, a set
comprehension and a Python frame per position.

With a budget of positions
(``Budget(positions=...)``) a position's options are listed before they are
searched (by the Python loop), so one with more options than the budget is refused
at once; that costs about 1.8x the unbudgeted search on this game (3.41 s against
1.93 s, load 4).

Memory (``--memory``, peak allocated under tracemalloc): grundy 116.6 MiB, the
reference 162.8 MiB (its cache keys are 1-tuples around the positions, and its
path lies on the C stack as frames).
"""

from __future__ import annotations

import argparse
import functools
import gc
import sys
import threading
import time
import tracemalloc

import grundy


def moves(p):
    """A two-heap game: take 1-3 from one heap, or 1-2 from both."""
    a, b = p
    for k in (1, 2, 3):
        if k <= a:
            yield (a - k, b)
        if k <= b:
            yield (a, b - k)
    for k in (1, 2):
        if k <= a and k <= b:
            yield (a - k, b - k)


def reference(root):
    @functools.cache
    def g(p):
        s = {g(o) for o in moves(p)}
        m = 0
        while m in s:
            m += 1
        return m

    result = g(root)
    return result, g.cache_info().currsize


def run_reference(root):
    out = {}

    def target():
        sys.setrecursionlimit(1_000_000)
        t = time.process_time()
        out["value"], out["n"] = reference(root)
        out["time"] = time.process_time() - t

    threading.stack_size(512 * 1024 * 1024)
    th = threading.Thread(target=target)
    th.start()
    th.join()
    return out["value"], out["n"], out["time"]


def run_grundy(root):
    rs = grundy.ruleset(moves)
    t = time.process_time()
    v = rs.value(root)
    return v, len(rs.solver), time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memory", action="store_true", help="also the tracemalloc peaks")
    args = ap.parse_args()
    root = (args.size, args.size)
    best_ref = best_g = float("inf")
    for _ in range(args.repeat):
        gc.collect()
        vr, nr, tr = run_reference(root)
        gc.collect()
        vg, ng, tg = run_grundy(root)
        assert (vr, nr) == (vg, ng), ((vr, nr), (vg, ng))
        best_ref, best_g = min(best_ref, tr), min(best_g, tg)
    print(f"positions:        {ng:,}  (value of {root}: {vg})")
    print(f"reference (functools.cache recursion): {best_ref:.3f} s  {ng / best_ref:,.0f} positions/s")
    print(f"grundy solver (iterative, no depth limit): {best_g:.3f} s  {ng / best_g:,.0f} positions/s")
    print(f"ratio grundy/reference: {best_g / best_ref:.3f}  (target <= 0.35)")
    if args.memory:
        peaks = {}
        for name, run in (("reference", run_reference), ("grundy", run_grundy)):
            gc.collect()
            tracemalloc.start()
            run(root)
            peaks[name] = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        print(f"peak allocated: reference {peaks['reference'] / 2**20:.1f} MiB, "
              f"grundy {peaks['grundy'] / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
