"""Subtraction games: remove ``s`` tokens from a heap, for ``s`` in a fixed set."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.core.errors import InvalidParameterError
from grundy.core.ruleset import Ruleset
from grundy.games._common import heap, parse_int, parse_int_list

__all__ = ["Subtraction"]


class Subtraction(Ruleset):
    """Subtraction game ``S``: a move removes ``s`` tokens from a heap of ``n >= s``
    for some ``s`` in the finite set ``S`` of positive integers.

    Bash's game (take 1..m) is ``S = {1, ..., m}``, with value ``n mod (m+1)``.
    Values come from the memoised search over ``0..n`` (O(n |S|)).

    >>> s = Subtraction({1, 3, 4})
    >>> s.table(10)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
    >>> s[7].outcome
    Outcome.P
    """

    def __init__(self, subtraction_set: Iterable[int]) -> None:
        try:
            values = sorted(set(subtraction_set))
        except TypeError:
            raise InvalidParameterError(
                f"subtraction set must be a collection of positive integers; got {subtraction_set!r}"
            ) from None
        if not values:
            raise InvalidParameterError("subtraction set must not be empty")
        for s in values:
            if isinstance(s, bool) or not isinstance(s, int) or s < 1:
                raise InvalidParameterError(
                    f"subtraction set members must be positive integers; got {s!r}"
                )
        self.subtraction_set: tuple[int, ...] = tuple(values)
        self.name = "subtraction:" + ",".join(map(str, values))

    @classmethod
    def from_args(cls, args: str | None) -> Subtraction:
        """Build from the catalogue spec text, e.g. ``"1,3,4"``."""
        if not args:
            raise InvalidParameterError(
                "subtraction needs its subtraction set, e.g. 'subtraction:1,3,4'"
            )
        return cls(parse_int_list(args, "subtraction set"))

    def moves(self, position: int) -> Iterator[int]:
        for s in self.subtraction_set:
            if s > position:
                break
            yield position - s

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def __repr__(self) -> str:
        return f"Subtraction({set(self.subtraction_set)!r})"
