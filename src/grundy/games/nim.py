"""Nim: one heap; take any positive number of tokens."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from grundy.games._common import HeapRuleset
from grundy.games.registry import catalogued
from grundy.patterns.periodicity import Periodicity

__all__ = ["Nim"]


@catalogued("nim", "nim heap", summary="Nim: take any number of tokens from one heap.",
            position="3 4 5", legal=(0, 1, 7, 10**20))
class Nim(HeapRuleset):
    """Nim heap: a move takes one or more tokens from the heap.

    A position is a heap size ``n >= 0``; several heaps are a sum
    (``nim[3] + nim[4]`` or ``nim.sum(3, 4, 5)``). The value of a heap of ``n`` is
    ``n`` (Bouton 1901), so a sum is a P-position iff the XOR of the heaps is 0, and
    the winning move takes heap ``a`` to ``a ^ S`` where ``a ^ S < a``.
    Closed form: O(1) per heap, O(k) for k heaps. Moves read ``to 3`` (the heap
    left) or ``take 2``; in a sum of heaps, ``heap 2 to 3`` or ``2-3``.

    >>> nim = Nim()
    >>> nim[10**100].value == 10**100
    True
    >>> nim.sum(3, 4, 5).winning_move()
    SumMove(0, 1)
    >>> nim.format_move(5, 3), nim.parse_move(5, "take 2"), nim.parse_move(5, "to 3")
    ('to 3', 3, 3)
    """

    move_to = True

    def moves(self, position: int) -> range:
        return range(position)

    @property
    def periodicity(self) -> Periodicity:
        """Proven by theory, not observed: ``g(n) = n`` is period 1 with saltus 1
        (checked on no table: ``checked=0``).

        >>> Nim().periodicity
        Periodicity(preperiod=0, period=1, saltus=1, proven=True, checked=0)
        """
        return Periodicity(0, 1, 1, True, 0)

    def value_formula(self, position: int) -> int:
        return position

    def value_formula_many(self, positions: Sequence[Any]) -> Sequence[int]:
        return positions  # a heap of n is worth n

    def option_with_value_formula(self, position: int, target: int) -> int | None:
        return target if target < position else None

    def options_with_value_formula(
        self, position: int, target: int, *, limit: int | None = None
    ) -> list[Hashable]:
        return [target] if target < position else []

    def winning_moves_formula(
        self, position: int, *, limit: int | None = None
    ) -> list[Hashable]:
        return [0] if position > 0 else []

    def remoteness_formula(self, position: int) -> int:
        """1 for a heap ``n > 0`` (take it all), 0 for the empty heap.

        >>> Nim().remoteness(10**100), Nim().suspense(10**100)
        (1, 1)
        """
        return 1 if position else 0

    def suspense_formula(self, position: int) -> int:
        """1 for a heap ``n > 0`` (its only P-option is the empty heap), else 0."""
        return 1 if position else 0
