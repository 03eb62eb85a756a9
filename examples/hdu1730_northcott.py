"""HDU 1730 Northcott Game: n rows of a board m wide, each with the first
player's piece at column a and the second player's at column b.

Input: cases until end of file: "n m", then n lines "a b". Output per case:
"I WIN!" if the first player wins, else "BAD LUCK!".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import Northcott


def solve(text: str) -> str:
    it = iter(text.split())
    out = []
    for n_text in it:
        n, m = int(n_text), int(next(it))
        rows = tuple((int(next(it)), int(next(it))) for _ in range(n))
        win = Northcott(m).outcome((rows, 0)) is Outcome.N
        out.append("I WIN!" if win else "BAD LUCK!")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
