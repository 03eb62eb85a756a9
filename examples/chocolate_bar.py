"""Cutting chocolate (the notes' exercise): an n x m bar; a move takes one piece
and breaks it in two along a grid line (a x b into i x b and (a - i) x b, or
a x i and a x (b - i)). Whoever first breaks off a 1 x 1 piece wins.
1 <= n, m <= 200.

Input: "n m". Output: "First" if the first player wins, else "Second".

Not normal play as stated; the notes' transformation (breaking off a 1 x k strip
hands the opponent the win, so nobody does it) makes it a normal-play game of
sums of bars at least 2 wide: the catalogue's ``chocolate`` ruleset, solved by
the memoised search with Multi-SG splits (values of the two pieces XOR).
"""

from __future__ import annotations

import sys

import grundy
from grundy import Outcome

GAME = grundy.games.get("chocolate")


def solve(text: str) -> str:
    n, m = map(int, text.split()[:2])
    return "First" if GAME.outcome((min(n, m), max(n, m))) is Outcome.N else "Second"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
