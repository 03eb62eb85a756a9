"""Benchmark: grundy's generic solver against the hand-written recursion users write
today (``functools.cache`` + a set-based mex, recursion limit raised), on the same
user-defined game with over a million positions.

Run:  python benchmarks/bench_solver.py [--size 1000] [--repeat 3] [--memory]

Prints both times, the ratio (grundy / reference; the target is <= 1.2) and
positions per second. The reference needs a deep C stack, so it runs in a thread
with a large stack; grundy needs neither. ``--memory`` runs each once more under
tracemalloc and prints the peak of what it allocated (the positions, the memo, the
stack).

Measured on the project's 2-core machine (shared with other jobs, so the times
vary by +-30 %), size 1000 (1,002,001 positions), best of 3 in each of three runs:

    run 1: grundy 4.45 s, reference 8.99 s, ratio 0.50
    run 2: grundy 4.06 s, reference 6.28 s, ratio 0.65
    run 3: grundy 4.12 s, reference 6.59 s, ratio 0.63

(0.48 to 0.75 in three earlier runs at a busier moment.) With a budget of positions
(``Budget(positions=...)``) a position's options are listed before they are
searched, so one with more options than the budget is refused at once; that costs
about 1.7x the unbudgeted search on this game (about the reference's time at
size 600).

Memory (``--memory``, peak allocated under tracemalloc): grundy 116.8 MiB, the
reference 162.8 MiB (its cache keys are 1-tuples around the positions, and its
path lies on the C stack as frames).

grundy reads a position's options from the move function's iterator in C
(``grundy.rules._sum.scan_options``), one loop with no Python call per position
but the move function's (``grundy.solve.reducer._search_lazy``); the reference pays a
``functools.cache`` wrapper, a set comprehension and a Python frame per position.
Before that loop the ratio was 1.5-1.9.
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
        t = time.perf_counter()
        out["value"], out["n"] = reference(root)
        out["time"] = time.perf_counter() - t

    threading.stack_size(512 * 1024 * 1024)
    th = threading.Thread(target=target)
    th.start()
    th.join()
    return out["value"], out["n"], out["time"]


def run_grundy(root):
    rs = grundy.ruleset(moves)
    t = time.perf_counter()
    v = rs.value(root)
    return v, len(rs.solver), time.perf_counter() - t


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
    print(f"ratio grundy/reference: {best_g / best_ref:.3f}  (target <= 1.2)")
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
