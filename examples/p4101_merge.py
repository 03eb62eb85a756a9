"""Luogu P4101 [HEOI2014] 人人尽说江南好: n piles of one stone; a move merges two
piles with total at most m; whoever cannot move loses.

Input: T, then T lines "n m". Output per case: 0 if the first player wins, else 1
(the judge's convention, as in the notes' accepted solution).
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import MergePiles


def solve(text: str) -> str:
    it = iter(text.split())
    out = []
    for _ in range(int(next(it))):
        n, m = int(next(it)), int(next(it))
        game = MergePiles(m)
        out.append("0" if game.outcome(game.start(n)) is Outcome.N else "1")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
