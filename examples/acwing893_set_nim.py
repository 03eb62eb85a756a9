"""AcWing 893 集合-Nim游戏: n heaps; a move takes s stones from a heap, s in a set S.

Input: k, the k members of S, n, the n heaps. Output: "Yes" if the first player
wins, else "No".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import Subtraction


def solve(text: str) -> str:
    it = iter(text.split())
    k = int(next(it))
    game = Subtraction([int(next(it)) for _ in range(k)])
    n = int(next(it))
    total = game.sum(*(int(next(it)) for _ in range(n)))
    return "Yes" if total.outcome is Outcome.N else "No"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
