"""Luogu P2594 [ZJOI2009] 染色游戏: an n x m grid of coins; a move flips a
connected block whose largest row and largest column meet at a coin showing T.

Input: T; each case "n m" then n rows of H/T. Output "-_-" if the first player
wins, "=_=" otherwise.

A T here plays the part of a head; by the coin-turning theorem the value is the
XOR over those coins of the single-coin values (:class:`grundy.games.ColouringGame`:
Ruler on the first row and column, 2^(r + c - 2) elsewhere; Python integers, so
100 x 100 grids are exact).
"""

from __future__ import annotations

import sys

from grundy.games import ColouringGame


def solve(text: str) -> str:
    it = iter(text.split())
    game = ColouringGame()
    out = []
    for _ in range(int(next(it))):
        n, m = int(next(it)), int(next(it))
        rows = [next(it) for _ in range(n)]
        board = "/".join(row[:m].replace("H", "x").replace("T", "H").replace("x", "T") for row in rows)
        out.append("-_-" if game.value(game.check(board)) else "=_=")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
