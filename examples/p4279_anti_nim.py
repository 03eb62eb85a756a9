"""Luogu P4279 [SHOI2008] 小约翰的游戏: misère Nim (whoever takes the last stone
loses). John moves first.

Input: T, then per case n and n heaps. Output per case: "John" or "Brother".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import MisereNim


def solve(text: str) -> str:
    it = iter(text.split())
    game = MisereNim()
    out = []
    for _ in range(int(next(it))):
        n = int(next(it))
        heaps = tuple(int(next(it)) for _ in range(n))
        out.append("John" if game.outcome(heaps) is Outcome.N else "Brother")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
