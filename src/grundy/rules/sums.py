"""``Sum``: several independent positions of one ruleset played side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from grundy.rules._sum import SumBase, configure
from grundy.values.bigint import int_text
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
    # and checks that the parts hash. Equality and hash are order-free, also in C: the
    # key of a sum is the sorted tuple of its parts when they are all ints or all
    # strings, else ``_multiset_key(parts)``; made on first use and kept.
    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Sum is immutable")

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.parts)

    def __len__(self) -> int:
        return len(self.parts)

    def __repr__(self) -> str:  # iterative over the parts; ints of any size exactly
        return "Sum(" + ", ".join(int_text(p) if type(p) is int else repr(p) for p in self.parts) + ")"

    def __reduce__(self) -> tuple[type, tuple[Hashable, ...]]:
        return (Sum, self.parts)


def _multiset_key(parts: tuple[Hashable, ...]) -> frozenset[tuple[Hashable, int]]:
    """The order-free key of parts that cannot be sorted: each part with its count."""
    return frozenset(Counter(parts).items())


configure(UnhashablePositionError, _multiset_key)
