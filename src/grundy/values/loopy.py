"""Generalised Sprague-Grundy values of loopy impartial games (C. A. B. Smith;
Fraenkel and Yesha).

A position of a finite game graph with cycles has either a finite value ``n`` (a
plain ``int``: it behaves in every sum exactly like a Nim heap of size ``n``) or an
infinite value ``inf(K)``, where the *escape set* ``K`` is the set of finite values
among its options. Outcomes: value 0 is P, another finite value N, ``inf(K)`` is N
when ``0 in K`` (move to a P-position) and a draw otherwise.

Sums: finite values XOR; ``inf(K) + n`` is ``inf(K ^ n)`` (every escape XORed with
``n``); two or more infinite parts give ``inf()``, a draw.

>>> from grundy.values.loopy import inf, loopy_sum, loopy_outcome
>>> inf({0, 2})
inf({0, 2})
>>> loopy_sum(inf({0, 2}), 2, 3)       # escapes XOR 2 ^ 3 = 1
inf({1, 3})
>>> loopy_outcome(inf({0, 2})), loopy_outcome(inf({1, 3})), loopy_outcome(5)
(Outcome.N, Outcome.D, Outcome.N)
>>> loopy_sum(inf({0}), inf({0}))
inf()
>>> loopy_sum(3, 5)
6
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

from grundy.values.errors import InvalidParameterError
from grundy.values.outcome import Outcome

__all__ = ["inf", "LoopyValue", "loopy_sum", "loopy_outcome", "is_infinite", "loopy_words"]


def loopy_words(value: object) -> str:
    """A generalised Sprague-Grundy value in words, for people.

    >>> loopy_words(3), loopy_words(0)
    ('3', '0')
    >>> loopy_words(inf()), loopy_words(inf({0})), loopy_words(inf({1, 3}))
    ('infinite, no escape: a draw', 'infinite, escapes to 0: the player to move wins', 'infinite, escapes to 1, 3: a draw')
    """
    if not isinstance(value, inf):
        return str(value)
    if not value.escapes:
        return "infinite, no escape: a draw"
    esc = ", ".join(map(str, sorted(value.escapes)))
    result = "the player to move wins" if 0 in value.escapes else "a draw"
    return f"infinite, escapes to {esc}: {result}"


class inf:  # noqa: N801 - lower case on purpose: the repr ``inf({0, 2})`` pastes back
    """An infinite generalised Sprague-Grundy value with escape set ``escapes``.

    Immutable and hashable; equal when the escape sets are equal.

    >>> inf([2, 0, 2]) == inf({0, 2}), inf({0, 2}).escapes
    (True, frozenset({0, 2}))
    >>> 0 in inf({0, 2}), sorted(inf({3, 1}))
    (True, [1, 3])
    >>> inf({-1})
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: escape values must be non-negative ints; got {-1}
    """

    __slots__ = ("escapes",)
    escapes: frozenset[int]

    def __init__(self, escapes: Iterable[int] = ()) -> None:
        k = frozenset(escapes)
        if not all(type(x) is int and x >= 0 for x in k):
            raise InvalidParameterError(
                f"escape values must be non-negative ints; got {set(escapes)!r}"
            )
        object.__setattr__(self, "escapes", k)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("inf values are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, inf) and other.escapes == self.escapes

    def __hash__(self) -> int:
        return hash(("inf", self.escapes))

    def __contains__(self, value: object) -> bool:
        return value in self.escapes

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(sorted(self.escapes))

    def __repr__(self) -> str:
        if not self.escapes:
            return "inf()"
        return "inf({" + ", ".join(map(str, sorted(self.escapes))) + "})"

    def __xor__(self, other: LoopyValue) -> LoopyValue:
        return loopy_sum(self, other)

    __rxor__ = __xor__

    def __reduce__(self) -> tuple[type[inf], tuple[tuple[int, ...]]]:
        return (inf, (tuple(sorted(self.escapes)),))


#: A generalised Sprague-Grundy value: a finite ``int`` or an :class:`inf`.
LoopyValue = Union[int, inf]


def is_infinite(value: LoopyValue) -> bool:
    """Whether ``value`` is an :class:`inf`."""
    return isinstance(value, inf)


def loopy_sum(*values: LoopyValue) -> LoopyValue:
    """The generalised value of a disjunctive sum from its parts' values.

    >>> loopy_sum(inf({1}), 1), loopy_sum(inf(), 4, inf({0}))
    (inf({0}), inf())
    """
    x = 0
    infinite: list[inf] = []
    for v in values:
        if isinstance(v, inf):
            infinite.append(v)
        elif type(v) is int and v >= 0:
            x ^= v
        else:
            raise InvalidParameterError(f"not a generalised Sprague-Grundy value: {v!r}")
    if not infinite:
        return x
    if len(infinite) > 1:
        return inf()
    return inf(k ^ x for k in infinite[0].escapes)


def loopy_outcome(value: LoopyValue) -> Outcome:
    """The outcome of a position with generalised value ``value``: 0 is P, another
    finite value N; ``inf(K)`` is N when ``0 in K``, else a draw.

    >>> loopy_outcome(0), loopy_outcome(inf({1}))
    (Outcome.P, Outcome.D)
    """
    if isinstance(value, inf):
        return Outcome.N if 0 in value.escapes else Outcome.D
    return Outcome.P if value == 0 else Outcome.N
