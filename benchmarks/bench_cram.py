"""Benchmark: Cram solved by grundy's reducer (pruning, symmetry, components) against
the memoised recursions a user writes by hand over the same move function, in one
process, the memos cleared between runs.

Run:  python benchmarks/bench_cram.py [--boards 4x6,5x5] [--skip-hand]

Rows (the times are each one run, best of ``--repeat``):

- ``hand``: ``functools.cache`` + mex over ``Cram().moves`` (whole boards);
- ``hand+split``: the same, the value of a board the XOR of its components' values
  (``Cram().decompose``: components cut to their bounding box, least symmetric image);
- ``plain``: ``grundy.solve.reducer.reduce`` (Grundy value, every option searched);
- ``outcome``: ``outcome(cram, board)`` (``PRUNED``: stops at the first losing option);
- ``value``: ``reduce(cram, board, search=PRUNED)`` (nimber by outcome searches of G + *k);
- ``mex-sets``: ``reduce(cram, board, search=MEX_SETS)`` (Beling and Rogalski's pruning
  of the mex search, one aspiration nimber at a time).

Measured on the 2-core machine of the project (shared with other jobs, so +-20 %),
one run each, memos and caches cleared before each run:

======  =======  ==========  ========  =======  ========  ===========================
board   hand     hand+split  plain     outcome  value     speed-up of outcome / value
======  =======  ==========  ========  =======  ========  ===========================
4x6     8.72 s   3.24 s      2.92 s    0.27 s   0.30 s    32x / 30x over hand,
                                                          12x / 11x over hand+split
5x5     --       3.93 s      6.28 s    0.68 s   0.77 s    5.8x / 5.1x over hand+split
5x6     --       219 s       219 s     2.66 s   17.5 s    82x / 12.5x over hand+split
======  =======  ==========  ========  =======  ========  ===========================

The values agree with the published nimbers (Beling's table in the README of
beling/impartial-games): 4x6 = 0, 5x5 = 0, 5x6 = 2. Further boards, value search
only (``reduce(cram, board, search=PRUNED)``): 3x9 = 1 in 0.5 s, 3x10 = 2 in 2.5 s,
4x7 = 3 in 3.0 s (published 3), 5x7 = 1 in 67 s (published 1).

``mex-sets`` against ``value`` (one run each, a quieter moment of the same machine):
4x6 0.21 s / 0.13 s, 5x5 0.42 s / 0.17 s, 4x5 = 2 0.15 s / 0.12 s, 3x9 = 1 0.78 s /
0.48 s, 3x10 = 2 3.1 s / 1.5 s, 4x7 = 3 3.0 s / 2.0 s: on Cram the outcome searches
of G + *k stay ahead (one losing option decides most positions).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import grundy
from grundy.games.placement import Cram, cram_canonical
from grundy.solve.reducer import MEX_SETS, PRUNED, forget, outcome, reduce

RULES = Cram()


def hand(root: tuple[int, int, int]) -> int:
    moves = RULES.moves

    @cache
    def g(p: tuple[int, int, int]) -> int:
        s = {g(o) for o in moves(p)}
        m = 0
        while m in s:
            m += 1
        return m

    return g(root)


def hand_split(root: tuple[int, int, int]) -> int:
    moves, decompose = RULES.moves, RULES.decompose

    @cache
    def g(p: tuple[int, int, int]) -> int:
        parts = decompose(p)
        if parts is not None:
            x = 0
            for q in parts:
                x ^= g(q)
            return x
        s = {g(o) for o in moves(p)}
        m = 0
        while m in s:
            m += 1
        return m

    return g(root)


def _timed(f: Callable[[], Any], repeat: int) -> tuple[Any, float]:
    best, out = float("inf"), None
    for _ in range(repeat):
        forget(grundy.games.get("cram"))
        cram_canonical.cache_clear()  # no run starts with another's symmetric images
        gc.collect()
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return out, best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", default="4x6")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--skip-hand", action="store_true", help="skip the whole-board recursion")
    args = ap.parse_args()
    sys.setrecursionlimit(100_000)
    cram = grundy.games.get("cram")
    for text in args.boards.split(","):
        b = cram.parse_position(text)
        rows: dict[str, tuple[Any, float]] = {}
        if not args.skip_hand:
            rows["hand"] = _timed(lambda: hand(b), args.repeat)
        rows["hand+split"] = _timed(lambda: hand_split(b), args.repeat)
        rows["plain"] = _timed(lambda: reduce(cram, b), args.repeat)
        rows["outcome"] = _timed(lambda: outcome(cram, b), args.repeat)
        rows["value"] = _timed(lambda: reduce(cram, b, search=PRUNED), args.repeat)
        rows["mex-sets"] = _timed(lambda: reduce(cram, b, search=MEX_SETS), args.repeat)
        for name, (v, t) in rows.items():
            print(f"{text:6} {name:11} {t:8.2f} s   {v}", flush=True)
        for base in ("hand", "hand+split"):
            if base in rows:
                tb = rows[base][1]
                print(f"{text:6} {base} / outcome = {tb / rows['outcome'][1]:.1f}x, "
                      f"{base} / value = {tb / rows['value'][1]:.1f}x", flush=True)


if __name__ == "__main__":
    main()
