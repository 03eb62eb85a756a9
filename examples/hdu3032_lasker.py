"""HDU 3032 Nim or not Nim?: take from a heap, or split a heap in two (Lasker's
Nim). Alice moves first.

Input: T, then per case N and N heaps. Output per case: "Alice" or "Bob".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import Lasker


def solve(text: str) -> str:
    it = iter(text.split())
    game = Lasker()
    out = []
    for _ in range(int(next(it))):
        n = int(next(it))
        total = game.sum(*(int(next(it)) for _ in range(n)))
        out.append("Alice" if total.outcome is Outcome.N else "Bob")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
