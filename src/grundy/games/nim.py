"""Nim: one heap; take any positive number of tokens."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import format_heap_move, parse_heap_move
from grundy.games._common import all_heaps, heap, parse_int

__all__ = ["Nim"]


class Nim(Ruleset):
    """Nim heap: a move takes one or more tokens from the heap.

    A position is a heap size ``n >= 0``; several heaps are a sum
    (``nim[3] + nim[4]`` or ``nim.sum(3, 4, 5)``). The value of a heap of ``n`` is
    ``n`` (Bouton 1901), so a sum is a P-position iff the XOR of the heaps is 0, and
    the winning move takes heap ``a`` to ``a ^ S`` where ``a ^ S < a``.
    Closed form: O(1) per heap, O(k) for k heaps.

    >>> nim = Nim()
    >>> nim[10**100].value == 10**100
    True
    >>> nim.sum(3, 4, 5).winning_move()
    SumMove(0, 1)
    """

    name = spec = "nim"
    table_shape = "heap"

    def moves(self, position: int) -> range:
        return range(position)

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def validate_many(self, positions: Sequence[Any]) -> None:
        all_heaps(self.name, positions)

    def check(self, position: Any) -> Hashable:
        if type(position) is int and position >= 0:  # the common case, fast
            return position
        return super().check(position)

    def value_formula_many(self, positions: Sequence[Any]) -> Sequence[int]:
        return positions  # a heap of n is worth n

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``to 3`` (the heap left) or ``take 2``; in a sum of heaps,
        ``heap 2 to 3`` or ``2-3`` (see :mod:`grundy.play`).

        >>> Nim().format_move(5, 3), Nim().parse_move(5, "take 2"), Nim().parse_move(5, "to 3")
        ('to 3', 3, 3)
        """
        if isinstance(position, int):
            return format_heap_move(position, option, to=True)
        return super().format_move(position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        if isinstance(position, int):
            return parse_heap_move(self, position, text)
        return super().parse_move(position, text)

    def value_formula(self, position: int) -> int:
        return position

    def option_with_value(self, position: int, target: int) -> int | None:
        return target if target < position else None

    def remoteness_formula(self, position: int) -> int:
        """1 for a heap ``n > 0`` (take it all), 0 for the empty heap.

        >>> Nim().remoteness(10**100), Nim().suspense(10**100)
        (1, 1)
        """
        return 1 if position else 0

    def suspense_formula(self, position: int) -> int:
        """1 for a heap ``n > 0`` (its only P-option is the empty heap), else 0."""
        return 1 if position else 0

    def options_with_value(
        self, position: Any, target: int, *, limit: int | None = None
    ) -> list[Hashable]:
        if type(position) is int:
            return [target] if target < position else []
        return super().options_with_value(position, target, limit=limit)

    def winning_moves(self, position: Any, *, limit: int | None = None) -> list[Hashable]:
        self.check(position)
        if isinstance(position, int):
            return [0] if position > 0 else []
        return super().winning_moves(position, limit=limit)
