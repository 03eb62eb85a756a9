"""HDU 5795 A Simple Nim: take from a heap, or split a heap into three non-empty
heaps.

Input: T, then per case n and n heaps. Output per case: "First player wins." or
"Second player wins.".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import SplitThree


def solve(text: str) -> str:
    it = iter(text.split())
    game = SplitThree()
    out = []
    for _ in range(int(next(it))):
        n = int(next(it))
        total = game.sum(*(int(next(it)) for _ in range(n)))
        out.append("First player wins." if total.outcome is Outcome.N else "Second player wins.")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
