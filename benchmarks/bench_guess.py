"""Benchmark: ``grundy.conjecture.guess`` on tables already computed (the search
of the form library only, not the tabulation). Targets: a table of 10^4 values in
under 2 s, a 200 x 200 table of pairs in under 5 s.

- nim / lowbit / dawson-like: one-heap tables of N values (a rule found at once, a
  binary rule, a period of 34 with exceptions);
- noise: a table no form fits (the whole library is tried);
- xor / wythoff: 200 x 200 tables of pairs (a Nim-sum; Wythoff's values, whose
  P-positions are Beatty pairs).

Run:  python benchmarks/bench_guess.py [--n 10000] [--side 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable

import numpy as np

from grundy.conjecture import guess


def wythoff_values(side: int) -> Any:
    """Wythoff's Grundy values on ``0..side-1`` squared, by the mex over the
    column, the row and the diagonal (brute force)."""
    g = np.zeros((side, side), dtype=np.int64)
    for a in range(side):
        for b in range(side):
            seen = set(g[:a, b].tolist()) | set(g[a, :b].tolist())
            k = min(a, b)
            seen |= {int(g[a - d, b - d]) for d in range(1, k + 1)}
            v = 0
            while v in seen:
                v += 1
            g[a, b] = v
    return g


def timed(label: str, fn: Callable[[], Any], repeat: int, target: float) -> None:
    best = float("inf")
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    top = result.best.expr if result is not None and result.best is not None else "-"
    ok = "ok" if best < target else "SLOW"
    print(f"{label:<12} {best:8.3f} s  (target < {target:g} s, {ok})  best: {top[:60]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--side", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n = np.arange(args.n)
    period = np.array([0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
                       0, 2, 1, 1, 0, 4, 5, 2, 7])
    dawsonish = period[n % 34].copy()
    dawsonish[[0, 14, 16, 17, 31, 34, 51]] = [0, 0, 0, 0, 0, 0, 0]
    rng = np.random.default_rng(1)
    tables = {
        "nim": n.tolist(), "lowbit": (n & -n).tolist(), "dawson-like": dawsonish.tolist(),
        "noise": rng.integers(0, 50, args.n).tolist(),
    }
    # guess once first: numpy warms up, the catalogue is not used (known=False)
    guess(tables["nim"][:100], known=False)
    for label, t in tables.items():
        timed(label, lambda t=t: guess(t, known=False), args.repeat, 2.0)
    a = np.arange(args.side)
    timed("xor", lambda: guess(a[:, None] ^ a[None, :]), args.repeat, 5.0)
    t0 = time.perf_counter()
    w = wythoff_values(args.side)
    print(f"(wythoff table of {args.side} x {args.side}: {time.perf_counter() - t0:.2f} s, not counted)")
    timed("wythoff", lambda: guess(w), args.repeat, 5.0)


if __name__ == "__main__":
    main()
