"""Lasker's Nim: take from a heap, or split a heap into two."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from grundy.core.ruleset import Ruleset
from grundy.core.sums import Sum
from grundy.games._common import heap, parse_int

__all__ = ["Lasker"]


def _lasker_value(n: int) -> int:
    r = n % 4
    if r == 0:
        return n - 1 if n else 0
    if r == 3:
        return n + 1
    return n


class Lasker(Ruleset):
    """Lasker's Nim: a move takes one or more tokens from a heap, or splits a
    non-empty heap into two non-empty heaps.

    Value (Winning Ways, ch. 4): ``g(4k+1) = 4k+1``, ``g(4k+2) = 4k+2``,
    ``g(4k+3) = 4k+4``, ``g(4k+4) = 4k+3`` -- O(1) per heap, exact for any size.

    >>> lasker = Lasker()
    >>> [lasker.value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> lasker[10].winning_moves()
    [0, Sum(5, 5)]
    """

    name = "lasker"

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        yield from range(n)
        for a in range(1, n // 2 + 1):
            yield Sum(a, n - a)

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def value_formula(self, position: int) -> int:
        return _lasker_value(position)

    def option_with_value(self, position: int, target: int) -> Hashable | None:
        # The value map is an involution (it swaps 4k+3 and 4k+4), so the heap of
        # value ``target`` is _lasker_value(target); otherwise look for a split.
        m = _lasker_value(target)
        if m < position:
            return m
        return super().option_with_value(position, target)
