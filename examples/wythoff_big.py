"""ICPC 2017 Dalian C, Game of Taking Stones: Wythoff's game with heaps up to
10^100 (the notes solve it with Java BigDecimal and a 500-digit sqrt(5); grundy
decides it exactly with integer square roots).

Input: lines "a b" until end of file. Output per line: 1 if the first player
wins, else 0.
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import Wythoff


def solve(text: str) -> str:
    nums = [int(x) for x in text.split()]
    game = Wythoff()
    return "\n".join(
        "1" if game.outcome((a, b)) is Outcome.N else "0" for a, b in zip(nums[::2], nums[1::2])
    )


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
