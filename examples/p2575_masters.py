"""Luogu P2575 高手过招 (masters' duel): a board of n rows of 20 cells, some holding
a piece. A move takes one piece and moves it right to the nearest empty cell of
its row (straight into it if the next cell is empty, else jumping over the
pieces in between); nobody moves past cell 20. Whoever cannot move loses.
T <= 100 cases, n <= 1000 rows, m <= 20 pieces a row.

Input: T; per case n, then n rows "m p_1 ... p_m" (the occupied cells, 1..20).
Output per case: "YES" if the first player wins, else "NO".

Each row is a Staircase Nim (the notes): counted from the right end, the empty
cells are the edges of the stairs, and the pieces between the k-th and (k+1)-th
empty cell stand on stair k. Moving a piece of stair k to the empty cell at its
right carries it and the pieces right of it in the block down to stair k - 1
(any positive number of them); pieces right of the last empty cell are on the
ground. The rows are a sum: :class:`grundy.games.StaircaseNim` values, XORed.
"""

from __future__ import annotations

import sys

from grundy import Sum
from grundy.games import StaircaseNim

WIDTH = 20


def stairs(cells: list[int], width: int = WIDTH) -> tuple[int, ...]:
    """The Staircase Nim position of a row (stair 1 first) from its occupied cells."""
    occupied = set(cells)
    counts = [0]  # counts[k]: pieces with k empty cells to their right
    for c in range(width, 0, -1):
        if c in occupied:
            counts[-1] += 1
        else:
            counts.append(0)
    return tuple(counts[1:])


def solve(text: str) -> str:
    it = iter(text.split())
    game = StaircaseNim()
    out = []
    for _ in range(int(next(it))):
        rows = []
        for _ in range(int(next(it))):
            m = int(next(it))
            cells = sorted(int(next(it)) for _ in range(m))
            rows.append(stairs(cells))
        out.append("YES" if game.value(Sum(*rows)) else "NO")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
