"""Misère play (the player who cannot move wins) and the SJ theorem (Anti-SG).

Misère play is not compatible with disjunctive sums: the misère outcome of a sum is
not a function of the components' Grundy values in general. :class:`Misere` turns a
ruleset into its misère version as a normal-play ruleset on *whole* positions: a
position with no moves gets one move, to the sentinel :data:`END`, so the player
facing it (who cannot move, and so wins) is an N-position.

>>> import grundy
>>> from grundy.solve.misere import Misere
>>> @grundy.ruleset
... def take_1_2(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> m = Misere(take_1_2)
>>> [str(m.outcome(n)) for n in range(7)]
['N', 'P', 'N', 'N', 'P', 'N', 'N']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Final

from grundy.rules.compound import END
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum

__all__ = ["END", "Misere", "sj_outcome"]





class Whole(tuple):  # type: ignore[type-arg]
    """Several components of a misère game held as one position (a misère sum is
    not a disjunctive sum, so the parts must not be split)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "Whole(" + ", ".join(map(repr, self)) + ")"


class Misere(Ruleset):
    """The misère version of ``ruleset``: whoever cannot move wins."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.inner = ruleset
        self.name = f"misere({ruleset.name})"

    def moves(self, position: Any) -> Iterable[Hashable]:
        if position is END:
            return []
        inner = self.inner
        node = Sum(*position) if type(position) is Whole else position
        opts = inner.options(node)
        if not opts:
            return [END]
        return [Whole(o.parts) if type(o) is Sum else o for o in opts]

    def validate(self, position: Any) -> None:
        if position is not END:
            self.inner.check(Sum(*position) if type(position) is Whole else position)

    def parse_position(self, text: str) -> Hashable:
        return self.inner.parse_position(text)


def sj_outcome(values: Sequence[int]) -> Outcome:
    """Outcome of an Anti-SG game by the SJ theorem (Jia Zhihao).

    In an Anti-SG game (a sum whose last mover loses) where the game is declared
    over as soon as every component has Grundy value 0, the player to move wins iff
    either the nim-sum is non-zero and some component has value > 1, or the
    nim-sum is zero and no component has value > 1. ``values`` are the
    components' (normal-play) Grundy values. Anti-Nim is the special case of Nim
    heaps.

    >>> sj_outcome([1, 1]), sj_outcome([1, 1, 1]), sj_outcome([2, 3]), sj_outcome([2, 2])
    (Outcome.N, Outcome.P, Outcome.N, Outcome.P)
    """
    total = 0
    big = False
    for v in values:
        total ^= v
        big = big or v > 1
    return Outcome.N if (total != 0) == big else Outcome.P
