"""Luogu P3235 [HNOI2014] 江南乐: a heap of at least F splits into j near-equal
heaps (any 2 <= j <= heap).

Input: "T F", then T lines "n a_1 .. a_n". Output: one line of T values, 1 if the
first player wins, else 0.
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import EvenSplit


def solve(text: str) -> str:
    it = iter(text.split())
    t, f = int(next(it)), int(next(it))
    game = EvenSplit(f)
    out = []
    for _ in range(t):
        n = int(next(it))
        total = game.sum(*(int(next(it)) for _ in range(n)))
        out.append("1" if total.outcome is Outcome.N else "0")
    return " ".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
