"""Benchmark: grundy's generic solver against the hand-written recursion users write
today (``functools.cache`` + a set-based mex, recursion limit raised), on the same
user-defined game with over a million positions.

Run:  python benchmarks/bench_solver.py [--size 1000] [--repeat 3] [--memory]

Prints both CPU times (``time.process_time``), the ratio (grundy / reference; the
target is <= 0.35) and positions per second. The reference needs a deep C stack,
so it runs in a thread with a large stack; grundy needs neither. ``--memory`` runs
each once more under tracemalloc and prints the peak of what it allocated (the
positions, the memo, the stack).

Measured on the project's 2-core machine (shared with other engineers' jobs, among
them four busy loops, so the times vary by +-30 %), size 1000 (1,002,001
positions), CPU time, best of 3:

    collector paused during the search:   grundy 3.33 s, reference 7.85 s, ratio 0.425
    (the same run, wall time, best of 2:   grundy 3.05 s, reference 6.59 s, ratio 0.463)
    collector running (before the pause, wall time, one run):
                                          grundy 5.39 s, reference 7.01 s, ratio 0.768

Python's cyclic collector walks the older generations after every few hundred
allocations, and the memo of a search is a million small objects that live until
it ends: most of the search's time went to scanning it. Searches now run inside
``grundy.solve.collector.paused_collector`` (reentrant, shared by threads, the
collector restored however the search ends); the reference keeps the collector on,
as a user's recursion does. The 0.35 target is not met: what is left is the move
function itself (a Python generator per position, about a third of the time), the
C scan of its options and the loop's bookkeeping per position.

With a budget of positions
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
