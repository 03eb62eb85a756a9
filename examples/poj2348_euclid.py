"""POJ 2348 Euclid's Game: subtract a positive multiple of the smaller number from
the larger; whoever reaches 0 wins. Stan moves first.

Input: lines "a b", ended by "0 0". Output per line: "Stan wins" or "Ollie wins".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import Euclid


def solve(text: str) -> str:
    nums = [int(x) for x in text.split()]
    game = Euclid()
    out = []
    for a, b in zip(nums[::2], nums[1::2]):
        if a == 0 and b == 0:
            break
        out.append("Stan wins" if game.outcome((a, b)) is Outcome.N else "Ollie wins")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
