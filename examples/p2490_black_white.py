"""Luogu P2490 [SDOI2011] 黑白棋: a 1 x n board holds k pieces, alternately white
and black from the left (k even). White (first) and black move 1..d of their
pieces each turn, never past a neighbour; whoever cannot move loses. Count the
layouts the first player wins, modulo 10^9 + 7.

The gaps inside the k/2 white-black pairs are Moore's Nim_d (the library's
``MooreNim(d)``): the layout is lost iff the gaps are a P-position. The library
counts P-positions by gap total; the free cells outside the pairs are placed by
stars and bars.

Input: "n k d". Output: the count.
"""

from __future__ import annotations

import sys
from math import comb

from grundy.games import MooreNim

MOD = 10**9 + 7


def solve(text: str) -> str:
    n, k, d = (int(x) for x in text.split()[:3])
    pairs = k // 2
    free = n - k
    lost_by_gap_total = MooreNim(d).count_p_positions(pairs, free, MOD)
    lost = 0
    for s, ways in enumerate(lost_by_gap_total):
        # the other free - s empty cells go into the pairs + 1 slots around the pairs
        lost += ways * comb(free - s + pairs, pairs)
    return str((comb(n, k) - lost) % MOD)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
