"""``Sum``: several independent positions of one ruleset played side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator

from grundy.values.errors import UnhashablePositionError

__all__ = ["Sum"]


class Sum:
    """A disjunctive sum of positions of one ruleset, used as a move's result.

    A move function yields a ``Sum`` when one move leaves several independent games
    (splitting a heap, a bean that becomes two beans): the Multi-SG case. The value
    of a sum is the XOR (nim-sum) of the values of its parts.

    Sums are unordered and flat: ``Sum(3, Sum(4, 5)) == Sum(5, 4, 3)``. A ``Sum`` is
    never equal to a tuple, so tuples remain usable as ordinary positions.

    >>> Sum(3, 7)
    Sum(3, 7)
    >>> Sum(3, 7) == Sum(7, 3), Sum(3, 7) == (3, 7)
    (True, False)
    >>> Sum(1, Sum(2, 3)).parts
    (1, 2, 3)
    """

    __slots__ = ("parts", "_key", "_hash")

    parts: tuple[Hashable, ...]
    _key: frozenset[tuple[Hashable, int]]
    _hash: int

    def __init__(self, *parts: Hashable) -> None:
        flat: list[Hashable] = []
        for p in parts:
            if type(p) is Sum:
                flat.extend(p.parts)
            else:
                flat.append(p)
        try:
            key = frozenset(Counter(flat).items())
        except TypeError:
            bad = next(p for p in flat if not _hashable(p))
            raise UnhashablePositionError(
                f"Sum part {bad!r} is not hashable; positions must be hashable "
                "(use tuples, not lists)"
            ) from None
        object.__setattr__(self, "parts", tuple(flat))
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(("grundy.Sum", key)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Sum is immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Sum and self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:
        return "Sum(" + ", ".join(map(repr, self.parts)) + ")"

    def __reduce__(self) -> tuple[type, tuple[Hashable, ...]]:
        return (Sum, self.parts)


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True
