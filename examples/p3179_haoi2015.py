"""Luogu P3179 [HAOI2015] 数组游戏 (array game): coins 1..n; a move picks a white
cell x and k <= n / x and flips x, 2x, ..., kx. n up to 10^9.

Input: n, then k queries, each "w x_1 ... x_w" (the white cells). Output: "Yes" if
the first player wins, else "No", one line per query.

The coin-turning theorem makes each white cell a separate game; cells with equal
n // x have equal values, and the table is built block by block in O(n^(3/4))
(:class:`grundy.games.Multiples`).
"""

from __future__ import annotations

import sys

from grundy.games import Multiples


def solve(text: str) -> str:
    it = iter(text.split())
    n = int(next(it))
    game = Multiples(n)
    out = []
    for _ in range(int(next(it))):
        w = int(next(it))
        out.append("Yes" if game.heads_value(int(next(it)) for _ in range(w)) else "No")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
