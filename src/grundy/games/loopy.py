"""A loopy game of the catalogue: heaps that can grow back, so positions repeat
and some games are draws (the notes, "有平局的情况": an impartial game whose moves
may form cycles; positions no retrograde step decides are draws).

``put-back:C``: a move takes 1 or 2 tokens from a heap, or puts one token back
on a non-empty heap below ``C`` tokens. Heaps of ``C - 1`` and more are drawn
alone; a heap of 1 or 2 wins alone (take it) but has the generalised value
``inf({0})``: beside another such heap the sum is a draw.

>>> from grundy.games import get
>>> g = get("put-back:4")
>>> [str(g.outcome(n)) for n in range(7)]
['P', 'N', 'N', 'D', 'D', 'D', 'D']
>>> [g.value(n) for n in (0, 1, 2, 3)]
[0, inf({0}), inf({0}), inf()]
>>> [g.format_move(3, o) for o in g.moves(3)], g.parse_move(3, "put back 1")
(['take 1', 'take 2', 'put back 1'], 4)
>>> str(g.sum(1, 2).outcome)
'D'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from grundy.games._common import parse_int
from grundy.games.registry import catalogued
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe

__all__ = ["PutBack"]


@catalogued("put-back", "putback", "loopy", "loopy subtraction",
            summary="Loopy: take 1 or 2 tokens, or put one back on a heap below C; cycles make draws.",
            params="C, the heap size below which a token may be put back (put-back:4)",
            sample="put-back:4", position="1 2", legal=(0, 1, 3, 5))
class PutBack(Ruleset):
    """Take 1 or 2 tokens from a heap, or put one back on a non-empty heap of
    fewer than ``cap`` tokens. Positions repeat (3 -> 4 -> 3), so the values are
    generalised ones (``int`` or ``inf(K)``) and some positions are draws."""

    #: Positions repeat: no table or plot of Grundy values (see :func:`grundy.plot.plot_kind`).
    loopy = True

    def __init__(self, cap: int = 4) -> None:
        if isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= 10**6:
            raise InvalidParameterError(f"put-back: C must be a whole number 1..10**6; got {describe(cap)}")
        self.cap = cap
        self.name = f"put-back:{cap}"

    @classmethod
    def from_args(cls, args: str | None) -> PutBack:
        if args is None:
            return cls()
        return cls(parse_int(args, "C", "put-back"))

    def validate(self, position: Any) -> None:
        if isinstance(position, bool) or not isinstance(position, int) or position < 0:
            raise InvalidPositionError(f"{self.name}: a position is a heap size (a whole number >= 0); "
                                       f"got {describe(position)}")

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def moves(self, n: Any) -> Iterator[int]:
        yield from (n - k for k in (1, 2) if k <= n)
        if 0 < n < self.cap:
            yield n + 1

    def move_labels(self, n: Any) -> Iterator[tuple[str, Hashable]]:
        for o in self.moves(n):
            yield (f"take {n - o}" if o < n else f"put back {o - n}"), o
