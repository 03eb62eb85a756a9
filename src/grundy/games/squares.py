"""Subtract-a-square: take a non-zero square number of tokens from the heap.

The catalogue's worked example of a game added in one module (see
``docs/architecture.md``): the class gives the raw rules, the decorator its
catalogue entry, and the analysis (values, outcomes, winning moves, tables, the
``grundy`` command, the playground) comes from the layers below and above. No
closed form is known: its P-positions (OEIS A030193) are not periodic, since
a subtraction game with an infinite set need not be.

>>> import grundy
>>> g = grundy.games.get("subtract-a-square")
>>> [n for n in range(40) if g[n].value == 0]
[0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]
>>> g.winning_move(100), g.outcome(11356)  # the only cold number ending in 6 below 4*10^7
(0, Outcome.P)
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt

from grundy.games._common import HeapRuleset
from grundy.games.registry import catalogued

__all__ = ["SubtractSquare"]


@catalogued("subtract-a-square", "take-square", "subtract a square", "square nim",
            summary="Take a non-zero square number of tokens from a heap.",
            position="20", legal=(0, 1, 2, 20, 200))
class SubtractSquare(HeapRuleset):
    """Take ``k*k`` tokens (``k >= 1``) from one heap."""

    def moves(self, position: int) -> Iterator[int]:
        return (position - k * k for k in range(1, isqrt(position) + 1))
