"""Options given as whole ranges of heap sizes.

A move function of a one-heap game may return its options as
:class:`HeapRanges`: ``range`` objects of heap sizes (and any other options).
To every search it is the plain iterable of those options, one at a time; a
table of the game (``grundy.guess``, ``grundy table``) reads each range whole,
so a heap with a thousand options in one range costs about as much as one
with one option. A move function that returns a single ``range`` is read the
same way.

>>> import grundy
>>> @grundy.ruleset
... def take_3_to_5(n):                     # take 3, 4 or 5 tokens
...     return grundy.HeapRanges(range(max(0, n - 5), max(0, n - 2)))
>>> take_3_to_5.table(9)
[0, 0, 0, 1, 1, 1, 2, 2, 0, 0]
>>> list(grundy.HeapRanges(range(2), [grundy.Sum(1, 1)]))
[0, 1, Sum(1, 1)]
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Iterator

__all__ = ["HeapRanges"]


class HeapRanges:
    """The options of a heap: ``range`` objects of heap sizes, and any other
    iterables of options (heaps, ``Sum``s), in order. Iterating gives every
    option; ``x in r`` is O(1) for the ranges."""

    __slots__ = ("parts",)

    def __init__(self, *parts: range | Iterable[Hashable]) -> None:
        self.parts: tuple[range | tuple[Hashable, ...], ...] = tuple(
            p if type(p) is range else tuple(p) for p in parts)

    def __iter__(self) -> Iterator[Hashable]:
        return itertools.chain.from_iterable(self.parts)

    def __len__(self) -> int:
        return sum(len(p) for p in self.parts)

    def __contains__(self, option: object) -> bool:
        return any(option in p for p in self.parts)

    def __repr__(self) -> str:
        return f"HeapRanges({', '.join(map(repr, self.parts))})"
