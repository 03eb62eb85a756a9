"""Codeforces 1965A Everything Nim: remove the same k (1 <= k <= the smallest
non-empty heap) from every non-empty heap. Alice moves first.

Input: t, then per case n and n heaps. Output per case: "Alice" or "Bob".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import EverythingNim


def solve(text: str) -> str:
    it = iter(text.split())
    game = EverythingNim()
    out = []
    for _ in range(int(next(it))):
        n = int(next(it))
        heaps = tuple(int(next(it)) for _ in range(n))
        out.append("Alice" if game.outcome(heaps) is Outcome.N else "Bob")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
