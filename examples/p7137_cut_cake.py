"""Luogu P7137 [THUPC 2021] 切切糕: n cakes of sizes a_i. In turn, A picks an
uncut cake and cuts it into two pieces of any real sizes; then the two players
take one piece each, A choosing first unless B spends one of its m priorities
(then B takes the larger piece). Both maximise what they get: print A's total.
n, m <= 2500.

Input: n m, then a_1..a_n. Output: A's total with 6 decimals.

A zero-sum game with a payoff: :func:`by_minimax` plays it from the rules with
:class:`grundy.solve.ZeroSumGame` (A chooses the cake, in any order, and the cut
on a grid fine enough to hold every optimal cut of small integer cakes; B
chooses whether to spend a priority), exactly in fractions. The fast solution
is the notes' DP: cut from the smallest cake up; with ``f[i][j]`` A's best from
cake i on with j priorities left, A cuts the larger piece at
``x = (f[i+1][j-1] + a_i - f[i+1][j]) / 2`` clipped to ``[a_i/2, a_i]`` (where
B's two answers are worth the same) and gets ``min(f[i+1][j] + x,
f[i+1][j-1] + a_i - x)``; each row is one numpy expression over j, O(n m).
The answer is real-valued and printed to 6 decimals, so the DP runs in floats.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

import numpy as np

from grundy.solve import ZeroSumGame


def solve_sizes(a: Any, m: int) -> float:
    """A's total under best play (the notes' DP, float64, O(n m))."""
    a = np.sort(np.asarray(a, dtype=np.float64))
    f = np.zeros(m + 1)  # f[j] for the cakes after the current one
    for ai in a[::-1]:
        g = np.empty_like(f)
        g[0] = f[0] + ai
        if m:
            x = np.clip((f[:-1] + ai - f[1:]) / 2, ai / 2, ai)
            g[1:] = np.minimum(f[1:] + x, f[:-1] + ai - x)
        f = g
    return float(f[m])


def by_minimax(a: list[int], m: int, grid: int = 8) -> Fraction:
    """A's total from the rules, exactly: A cuts any cake at any multiple of
    ``1/grid`` in ``[a_i/2, a_i]``, B spends a priority or not. For integer
    cakes every optimal cut is a multiple of ``2**-n`` (each is the midpoint
    of two later totals), so ``grid = 2**n`` loses nothing."""

    def moves(s: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if len(s) == 3:  # A to move: (cakes, priorities left, A's total)
            cakes, j, got = s
            out = []
            for i, c in enumerate(cakes):
                if c in cakes[:i]:
                    continue
                rest = cakes[:i] + cakes[i + 1 :]
                for t in range((c * grid + 1) // 2, c * grid + 1):
                    out.append((rest, j, got, Fraction(t, grid), c))
            return out
        rest, j, got, x, c = s  # B to move: A takes the larger piece x, or B does
        return [(rest, j, got + x)] + ([(rest, j - 1, got + c - x)] if j else [])

    game = ZeroSumGame(
        moves,
        lambda s: s[2] if len(s) == 3 and not s[0] else None,
        to_move=lambda s: "max" if len(s) == 3 else "min",
        name="cut cake",
    )
    return game.value((tuple(sorted(a)), m, Fraction(0)))  # type: ignore[no-any-return]


def solve(text: str) -> str:
    data = text.split()
    n, m = int(data[0]), int(data[1])
    return f"{solve_sizes(np.array(data[2 : 2 + n], dtype=np.float64), m):.6f}"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
