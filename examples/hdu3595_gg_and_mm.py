"""HDU 3595 GG and MM: an Every-SG game. There are n games, each two piles
(x, y); a move in one game takes a positive multiple of the smaller pile from the
larger (Euclid's game). On each turn the player must move in *every* game that
still has a move; whoever cannot move at all loses. MM moves first.
n, x, y <= 1000; several test cases, to the end of the input.

Input: per case n, then n lines "x y". Output per case: "MM" if the first player
wins, else "GG".

Every game decides its winner alone, so only the lengths matter: the winner of a
game drags it out, the loser hurries it (Steinhaus' suspense), and the first
player wins the whole iff the largest suspense is odd. That is
:class:`grundy.EverySum` of :class:`grundy.games.Euclid` positions; the Euclid
ruleset counts suspense along the gcd chain in O(log), as in the notes.
"""

from __future__ import annotations

import sys

from grundy import EverySum, Outcome
from grundy.games import Euclid


def solve(text: str) -> str:
    it = iter(text.split())
    game = Euclid()
    out = []
    for tok in it:
        n = int(tok)
        games = [game[int(next(it)), int(next(it))] for _ in range(n)]
        out.append("MM" if EverySum(*games).outcome is Outcome.N else "GG")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
