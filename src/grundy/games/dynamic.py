"""k-fold dynamic subtraction: each move takes at most ``k`` times the previous one
(``k = 1``: powers of two; ``k = 2``: Fibonacci Nim)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from grundy.values.errors import (
    InvalidParameterError, InvalidPositionError, SearchLimitError, describe,
)
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import illegal_move, words
from grundy.games._common import pair, parse_heaps, parse_param, positive_param

__all__ = ["DynamicSubtraction", "FibonacciNim"]


class DynamicSubtraction(Ruleset):
    """k-fold dynamic subtraction. A position is ``(n, cap)``: ``n`` tokens, and the
    player to move may take ``1..min(cap, n)``; taking ``t`` leaves ``(n - t, k t)``.
    A game starts at :meth:`start` ``(n, n - 1)`` (the first move may not take all).
    Whoever takes the last token wins.

    Theory (the notes; Cao Qinxiang's k-fold analysis): build ``a_0 = 1`` and
    ``a_{i+1} = b_i + 1`` where ``b_i`` is the largest number that is a sum of
    earlier terms each more than ``k`` times the next smaller one; every ``n`` has a
    greedy representation in these terms, and the player to move wins iff its
    *smallest* term is ``<= cap``, by taking it. The start position is lost iff ``n``
    is some ``a_i`` (powers of two for ``k = 1``, Fibonacci numbers for ``k = 2``).
    O(log n) terms, exact for any ``n``.

    >>> g = DynamicSubtraction(2)
    >>> [n for n in range(2, 40) if g.outcome(g.start(n)) is grundy.Outcome.P]
    [2, 3, 5, 8, 13, 21, 34]
    >>> g.winning_move(g.start(20))     # Zeckendorf 20 = 13 + 5 + 2: take 2
    (18, 4)
    """

    tuple_position = True

    def __init__(self, k: int) -> None:
        self.k = positive_param("dynamic", "k", k, maximum=10**100)
        self.name = self.spec = f"dynamic:{k}"
        self._a: list[int] = [1]
        self._b: list[int] = [1]
        self._j = 0

    @classmethod
    def from_args(cls, args: str | None) -> DynamicSubtraction:
        if not args:
            raise InvalidParameterError("dynamic needs k, the multiplier, e.g. 'dynamic:2'")
        return cls(parse_param(args, "integer k", "dynamic"))

    def start(self, n: int) -> tuple[int, int]:
        """The opening position of a heap of ``n >= 2`` (the first move may take
        anything but the whole heap)."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 2:
            raise InvalidPositionError(
                f"{self.name}: a game starts from a heap of at least 2 (the first move may not "
                f"take the whole heap, so a heap of {describe(n)} cannot be played)"
            )
        return (n, n - 1)

    def moves(self, position: tuple[int, int]) -> Iterator[tuple[int, int]]:
        n, cap = position
        for t in range(1, min(cap, n) + 1):
            yield (n - t, self.k * t)

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``take 3``.

        >>> g = DynamicSubtraction(2)
        >>> g.format_move((20, 19), (18, 4)), g.parse_move((20, 19), "take 2")
        ('take 2', (18, 4))
        """
        return f"take {position[0] - option[0]}"  # type: ignore[index]

    def parse_move(self, position: Any, text: str) -> Hashable:
        w = [x for x in words(text) if x != "-"]
        if len(w) == 2 and w[0] == "take" and w[1].isdigit() or len(w) == 1 and w[0].isdigit():
            t = int(w[-1])
            n, cap = position
            if not 1 <= t <= min(cap, n):
                raise illegal_move(self, position, text, f"take 1..{min(cap, n)}")
            return (n - t, self.k * t)
        return super().parse_move(position, text)

    def is_option(self, position: Any, option: Any) -> bool:
        if not all(
            isinstance(x, tuple) and len(x) == 2 and all(type(v) is int for v in x)
            for x in (position, option)
        ):
            return False
        (n, cap), (m, c) = position, option
        t = n - m
        return bool(1 <= t <= min(cap, n) and c == self.k * t)

    def validate(self, position: Any) -> None:
        if not isinstance(position, tuple) or len(position) != 2:
            raise InvalidPositionError(
                f"{self.name}: a position is (tokens, largest allowed take); got "
                f"{describe(position)}"
            )
        p = pair(self.name, position, "entry")
        if p[0] > 0 and p[1] < 1:
            raise InvalidPositionError(
                f"{self.name}: with {describe(p[0])} tokens left the allowed take must be at "
                f"least 1; got {describe(position)}"
            )

    def parse_position(self, text: str) -> Hashable:
        """``"n"`` is the start position of a heap of n; ``"n cap"`` is explicit."""
        p = parse_heaps(text, self.name)
        if len(p) == 1:
            return self.start(p[0])
        return p

    def _terms(self, n: int) -> list[int]:
        """The terms ``a_0 < a_1 < ...`` up to the first one ``>= n``."""
        a, b, k = self._a, self._b, self.k
        while a[-1] < n:
            a.append(b[-1] + 1)
            while a[self._j + 1] * k < a[-1]:
                self._j += 1
            j = self._j
            b.append(b[j] + a[-1] if a[j] * k < a[-1] else a[-1])
        return a

    def smallest_term(self, n: int) -> int:
        """The smallest term of the greedy representation of ``n >= 1``."""
        last = 0
        for t in reversed(self._terms(n)):
            if t <= n:
                n -= t
                last = t
                if n == 0:
                    break
        return last

    def outcome_formula(self, position: tuple[int, int]) -> Outcome:
        n, cap = position
        if n == 0:
            return Outcome.P
        return Outcome.N if self.smallest_term(n) <= cap else Outcome.P

    def winning_move(self, position: Any) -> Hashable | None:
        self.check(position)
        n, cap = position
        if self.outcome_formula((n, cap)) is Outcome.P:
            return None
        t = self.smallest_term(n)
        return (n - t, self.k * t)

    def winning_moves(self, position: Any, *, limit: int | None = None) -> list[Hashable]:
        self.check(position)
        n, cap = position
        if limit is None and min(n, cap) > 1_000_000:
            raise SearchLimitError(
                f"{self.name}: {describe(position)} has more than 1,000,000 options; "
                "winning_move() gives the constructive one"
            )
        return super().winning_moves(position, limit=limit)


class FibonacciNim(DynamicSubtraction):
    """Fibonacci Nim: 2-fold dynamic subtraction (the first player may not take the
    whole heap; then each take is at most twice the previous one). The opening
    heap is lost iff it is a Fibonacci number; the winning move takes the smallest
    Zeckendorf term.

    >>> f = FibonacciNim()
    >>> f[f.start(10**20)].outcome
    Outcome.N
    """

    def __init__(self) -> None:
        super().__init__(2)
        self.name = self.spec = "fibonacci"
