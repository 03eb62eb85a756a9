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
from grundy.solve.budget import look, reserve
from grundy.games.registry import catalogued, get, maker

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
        self._last = (0, 0)  # the last huge n asked and its smallest term

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

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
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

    #: Beyond this many bits the terms are not kept: for ``n = 10**100000`` they
    #: would be ~480,000 big integers (20 GB for Fibonacci Nim).
    CACHE_BITS = 4096

    def smallest_term(self, n: int) -> int:
        """The smallest term of the greedy representation of ``n >= 1``. Memory is
        O(log n) bits beyond :attr:`CACHE_BITS` for ``k = 1`` (the lowest set bit)
        and ``k = 2`` (a walk down two consecutive Fibonacci numbers); other ``k``
        keep the terms, and refuse before passing the memory budget.

        >>> DynamicSubtraction(1).smallest_term(12), FibonacciNim().smallest_term(10**30)
        (4, 1)
        """
        if self.k == 1:  # the terms are the powers of two
            return n & -n
        if n.bit_length() > self.CACHE_BITS:
            if self._last[0] == n:  # outcome, then the winning move: one walk
                return self._last[1]
            t = _smallest_fibonacci_term(n) if self.k == 2 else self._smallest(n, self._big_terms(n))
            self._last = (n, t)
            return t
        return self._smallest(n, self._terms(n))

    @staticmethod
    def _smallest(n: int, terms: list[int]) -> int:
        last = 0
        for t in reversed(terms):
            if t <= n:
                n -= t
                last = t
                if n == 0:
                    break
        return last

    def _big_terms(self, n: int) -> list[int]:
        """The terms up to the first ``>= n`` for a huge ``n``, not kept (a
        :class:`SearchLimitError` before they would pass the memory budget)."""
        a, b = list(self._terms(1 << self.CACHE_BITS)), list(self._b)
        j = self._j
        # terms grow geometrically: from the rate so far, their count and size
        count = n.bit_length() * len(a) // max(1, a[-1].bit_length())
        reserve(count * (n.bit_length() // 8 + 64),
                f"{self.name}: the {count:,} terms of the representation of "
                f"{describe(n)}")
        what = f"{self.name}: the terms of {describe(n)}"
        k = self.k
        while a[-1] < n:
            a.append(b[-1] + 1)
            while a[j + 1] * k < a[-1]:
                j += 1
            b.append(b[j] + a[-1] if a[j] * k < a[-1] else a[-1])
            if not len(a) & 1023:
                look(what, 1024)
        return a

    def outcome_formula(self, position: tuple[int, int]) -> Outcome:
        n, cap = position
        if n == 0:
            return Outcome.P
        return Outcome.N if self.smallest_term(n) <= cap else Outcome.P

    def winning_move_formula(self, position: tuple[int, int]) -> Hashable | None:
        n, cap = position
        if self.outcome_formula((n, cap)) is Outcome.P:
            return None
        t = self.smallest_term(n)
        return (n - t, self.k * t)

    def winning_moves_formula(
        self, position: tuple[int, int], *, limit: int | None = None
    ) -> list[Hashable] | None:
        """Declines (the options are searched), but refuses a listing of more than
        a million options unless ``limit`` asks for it."""
        n, cap = position
        if limit is None and min(n, cap) > 1_000_000:
            raise SearchLimitError(
                f"{self.name}: {describe(position)} has more than 1,000,000 options; "
                "winning_move() gives the constructive one"
            )
        return None


def _fibonacci_pair(m: int) -> tuple[int, int]:
    """``(F_m, F_{m+1})`` by fast doubling (``F_1 = F_2 = 1``).

    >>> _fibonacci_pair(10)
    (55, 89)
    """
    a, b = 0, 1
    for bit in bin(m)[2:]:
        c, d = a * (2 * b - a), a * a + b * b
        a, b = (d, c + d) if bit == "1" else (c, d)
    return a, b


def _smallest_fibonacci_term(n: int) -> int:
    """The smallest term of the Zeckendorf representation of ``n >= 1`` with two
    consecutive Fibonacci numbers in memory: the largest ``<= n`` by fast doubling,
    then greedily down (O(log n) steps, the budget watched).

    >>> [_smallest_fibonacci_term(n) for n in (1, 4, 12, 20, 10**20)]
    [1, 1, 1, 2, 1]
    """
    what = f"fibonacci: the Zeckendorf representation of {describe(n)}"
    m = max(2, int(n.bit_length() * 1.4404200904125564) - 2)  # log(2) / log(phi)
    x, y = _fibonacci_pair(m)
    if x > n:
        x, y = 1, 2
    while y <= n:
        x, y = y, x + y
    last, steps = 0, 0
    while n:  # x <= ... < y, and n < y
        if x <= n:
            n -= x
            last = x
        x, y = y - x, x
        steps += 1
        if not steps & 1023:
            look(what, 1024)
    return last


@catalogued("fibonacci", "fibonacci nim", "fib nim", "fib",
            summary="Fibonacci Nim: each take at most twice the previous (position: n, or n cap).",
            position="20", legal=((20, 19), (0, 0), (5, 2), (1, 1)))
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


@maker("dynamic", "k-fold", "kfold", "dynamic subtraction", "k-fold dynamic subtraction",
       summary="k-fold dynamic subtraction: each take at most k times the previous.",
       params="k (dynamic:3)", sample="dynamic:3", position="100", legal=((100, 99), (0, 0), (7, 3)))
def dynamic_game(args: str | None) -> Ruleset:
    g = DynamicSubtraction.from_args(args)
    return get("fibonacci") if g.k == 2 else g
