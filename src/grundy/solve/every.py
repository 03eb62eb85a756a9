"""Every-SG: a sum in which the player to move must move in *every* component that
still has a move; whoever cannot move loses.

Only the length of each component's game matters: the winner of a component wants
it to last, the loser wants it short, and the whole game is decided by the longest
one. So the player to move wins iff the largest *suspense* of the components is odd
(the notes; HDU 3595).

>>> import grundy
>>> sub = grundy.games.get("subtraction:1,2")
>>> every_outcome([sub[4], sub[5]]), every_outcome([sub[3], sub[6]])
(Outcome.N, Outcome.P)
"""

from __future__ import annotations

from collections.abc import Iterable

from grundy.rules.game import Game
from grundy.values.outcome import Outcome

__all__ = ["every_outcome"]


def every_outcome(games: Iterable[Game]) -> Outcome:
    """Outcome of the Every-SG sum of ``games``: N iff the largest suspense is odd.
    O(sum of the components' searches)."""
    top = max((g.suspense for g in games), default=0)
    return Outcome.N if top % 2 else Outcome.P
