"""Wythoff's game: two heaps; take any number from one heap, or the same number
from both."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import isqrt
from typing import Any, cast

from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import illegal_move, parse_row_changes, words
from grundy.games._common import pair, parse_heaps
from grundy.patterns.pairs import wythoff_pair
from grundy.games.registry import catalogued

__all__ = ["Wythoff", "wythoff_pair", "wythoff_index"]


def wythoff_index(a: int, b: int) -> int | None:
    """``k`` if ``(a, b)`` (in either order) is the ``k``-th P-position, else ``None``."""
    if a > b:
        a, b = b, a
    k = b - a
    return k if wythoff_pair(k)[0] == a else None


def _is_pair(x: Any) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and all(
        type(v) is int and v >= 0 for v in x
    )


def _lower_index(x: int) -> int | None:
    """``j`` with ``floor(j phi) = x``, or ``None``."""
    j = (isqrt(5 * x * x) - x) // 2  # ~ x / phi
    for c in (j - 1, j, j + 1, j + 2):
        if c >= 0 and wythoff_pair(c)[0] == x:
            return c
    return None


def _upper_index(x: int) -> int | None:
    """``j`` with ``floor(j phi^2) = x``, or ``None``."""
    j = (3 * x - isqrt(5 * x * x)) // 2  # ~ x / phi^2
    for c in (j - 1, j, j + 1, j + 2):
        if c >= 0 and wythoff_pair(c)[1] == x:
            return c
    return None


def _partner(x: int) -> int:
    """The other heap of the P-position containing ``x`` (every ``x`` is in exactly
    one: the Beatty sequences partition the positive integers)."""
    if x == 0:
        return 0
    j = _lower_index(x)
    if j is not None:
        return wythoff_pair(j)[1]
    j = _upper_index(x)
    assert j is not None
    return wythoff_pair(j)[0]


@catalogued("wythoff", "wythoff's game", "wythoffs game", "wythoff game",
            summary="Wythoff: take from one heap, or the same from both (position: a b).",
            position="10**100 10**100+1", legal=((0, 0), (3, 5), (1, 2), (10**20, 10**20 + 1)))
class Wythoff(Ruleset):
    """Wythoff's game: a position is two heaps ``(a, b)``; a move takes any positive
    number from one heap, or the same positive number from both.

    P-positions (Wythoff 1907) are the pairs ``(floor(k phi), floor(k phi^2))``
    (the notes' P2252), tested here in exact integer arithmetic (``isqrt``), so
    ``(10**100, ...)`` is decided exactly in O(M(digits)). Every winning move is
    one of three constructive candidates (same-difference diagonal move, or moving
    one heap to the partner of the other), so :meth:`winning_moves` is exact and
    instant too.

    >>> w = Wythoff()
    >>> w[3, 5].outcome, w[4, 6].outcome
    (Outcome.P, Outcome.N)
    >>> w.winning_moves((4, 6)), w.winning_moves((1, 9))
    ([(3, 5)], [(1, 2)])
    """

    tuple_position = True
    table_shape = "pair"

    def moves(self, position: tuple[int, int]) -> Iterator[tuple[int, int]]:
        a, b = position
        for k in range(a):
            yield (k, b)
        for k in range(b):
            yield (a, k)
        for d in range(1, min(a, b) + 1):
            yield (a - d, b - d)

    def validate(self, position: Any) -> None:
        pair(self.name, position, "heap")

    def parse_position(self, text: str) -> Hashable:
        return parse_heaps(text, self.name)

    def outcome_formula(self, position: tuple[int, int]) -> Outcome:
        return Outcome.P if wythoff_index(*position) is not None else Outcome.N

    def winning_moves_formula(
        self, position: tuple[int, int], *, limit: int | None = None
    ) -> list[Hashable]:
        a, b = position
        if wythoff_index(a, b) is not None:
            return []
        lo, hi = min(a, b), max(a, b)
        found: list[Hashable] = []
        ak, _ = wythoff_pair(hi - lo)
        if lo > ak:  # diagonal: keep the difference
            d = lo - ak
            found.append((a - d, b - d))
        p = _partner(lo)  # move the larger heap to the smaller's partner
        if p < hi:
            found.append((a, p) if a == lo else (p, b))
        p = _partner(hi)  # move the smaller heap to the larger's partner
        if p < lo:
            found.append((p, b) if a == lo else (a, p))
        return sorted(set(found))  # type: ignore[type-var]

    def winning_move_formula(self, position: tuple[int, int]) -> Hashable | None:
        """One winning move, cheapest first: the diagonal move when it exists
        (one ``isqrt``), else moving the larger heap to the smaller's partner."""
        a, b = position
        lo, hi = (a, b) if a <= b else (b, a)
        ak = (hi - lo + isqrt(5 * (hi - lo) ** 2)) // 2
        if ak == lo:
            return None
        if lo > ak:
            d = lo - ak
            return (a - d, b - d)
        moves = self.winning_moves_formula(position)
        return moves[0] if moves else None

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        if not _is_pair(position) or not _is_pair(option):
            return False
        (a, b), (c, d) = position, option
        return bool((c < a and d == b) or (c == a and d < b) or (0 < a - c == b - d))

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``take 2 from 1`` (heap 1 or 2) or ``both 2``; ``heap 1 to 3``,
        ``1-3`` and the resulting heaps ``3 5`` are read too.

        >>> w = Wythoff()
        >>> w.format_move((4, 6), (3, 5)), w.format_move((4, 6), (4, 1))
        ('both 1', 'take 5 from 2')
        >>> w.parse_move((4, 6), "both 1"), w.parse_move((4, 6), "2-1"), w.parse_move((4, 6), "take 4 from 1")
        ((3, 5), (4, 1), (0, 6))
        """
        a, b = position
        c, d = cast("tuple[int, int]", option)
        if a - c == b - d:
            return f"both {a - c}"
        return f"take {a - c} from 1" if c != a else f"take {b - d} from 2"

    def parse_move(self, position: Any, text: str) -> Hashable:
        a, b = position
        w = words(text)
        option: tuple[int, int] | None = None
        if len(w) == 2 and w[0] == "both" and w[1].isdigit():
            option = (a - int(w[1]), b - int(w[1]))
        else:
            changes = parse_row_changes(text)
            if changes and len(changes) == 1 and changes[0][0] in (1, 2):
                i, x = changes[0]
                old = (a, b)[i - 1]
                new = old + x if x < 0 else x
                option = (new, b) if i == 1 else (a, new)
        if option is None:
            return super().parse_move(position, text)
        if min(option) < 0 or not self.is_option(position, option):
            raise illegal_move(self, position, text, "not a legal move")
        return option
