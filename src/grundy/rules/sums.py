"""``Sum``: several independent positions of one ruleset played side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from grundy.rules._sum import SumBase, configure
from grundy.values.errors import UnhashablePositionError

__all__ = ["Sum", "slot_setter"]


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The fast setter of slot ``name`` of ``cls`` (for immutable classes that
    refuse ``setattr``)."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter


class Sum(SumBase):
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

    # The parts are stored by the compiled base (``grundy.rules._sum``): a move function
    # may yield millions of sums (Multi-SG), and a Python ``__init__`` alone costs more
    # than a hand-written recursion spends on an option. The base flattens nested sums
    # and checks that the parts hash; the order-free key and hash are made on first use.
    __slots__ = ()

    _key: tuple[Hashable, ...] | frozenset[tuple[Hashable, int]]
    _hash: int

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Sum is immutable")

    def _order_free(self) -> tuple[Hashable, ...] | frozenset[tuple[Hashable, int]]:
        try:
            return self._key
        except AttributeError:
            parts = self.parts
            kinds = set(map(type, parts))
            if len(kinds) == 1 and (int in kinds or str in kinds):  # totally ordered: sort
                key: tuple[Hashable, ...] | frozenset[tuple[Hashable, int]] = tuple(
                    sorted(parts)  # type: ignore[type-var]
                )
            else:
                key = frozenset(Counter(parts).items())
            _set_key(self, key)
            _set_hash(self, hash(("grundy.Sum", key)))
            return key

    def __eq__(self, other: object) -> bool:
        if type(other) is not Sum:
            return False
        if self.parts == other.parts:
            return True
        return self._order_free() == other._order_free()

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._order_free()
            return self._hash

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:
        return "Sum(" + ", ".join(map(repr, self.parts)) + ")"

    def __reduce__(self) -> tuple[type, tuple[Hashable, ...]]:
        return (Sum, self.parts)


_set_key = slot_setter(SumBase, "_key")
_set_hash = slot_setter(SumBase, "_hash")
configure(UnhashablePositionError)
