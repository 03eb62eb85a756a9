"""Luogu P4077 [SDOI2016] 硬币游戏: coins 1..n, coin x = c 2^a 3^b (c coprime to
6). A move picks a tails-up coin x and p >= 1, 1 <= q <= MAXQ with pq <= a (or
pq <= b) and flips c 2^(a - pj) 3^b for j = 0..q (or along b).

Input: T; each case "n MAXQ" then n states (0: tails up, the coins that can start
a move). Output "win" or "lose" per case.

Coins with different c never interact, and a coin is a cell (a, b) of a grid
coin-turning game whose moves turn an arithmetic progression in one row or one
column: :class:`grundy.games.GridCoinTurning` tabulates the single-coin values.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import lru_cache

from grundy.games import GridCoinTurning


@lru_cache(maxsize=None)
def game(maxq: int) -> GridCoinTurning:
    def rule(cell: tuple[int, int]) -> Iterator[list[tuple[int, int]]]:
        r, c = cell  # r = a + 1, c = b + 1
        a, b = r - 1, c - 1
        for p in range(1, a + 1):
            for q in range(1, min(maxq, a // p) + 1):
                yield [(r - p * j, c) for j in range(q + 1)]
        for p in range(1, b + 1):
            for q in range(1, min(maxq, b // p) + 1):
                yield [(r, c - p * j) for j in range(q + 1)]

    return GridCoinTurning(rule, name=f"sdoi2016:{maxq}")


def exponents(x: int) -> tuple[int, int]:
    a = b = 0
    while x % 2 == 0:
        x //= 2
        a += 1
    while x % 3 == 0:
        x //= 3
        b += 1
    return a, b


def solve(text: str) -> str:
    it = iter(text.split())
    out = []
    for _ in range(int(next(it))):
        n, maxq = int(next(it)), int(next(it))
        g = game(maxq)
        v = 0
        for x in range(1, n + 1):
            if int(next(it)) == 0:
                a, b = exponents(x)
                v ^= g.single((a + 1, b + 1))
        out.append("win" if v else "lose")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
