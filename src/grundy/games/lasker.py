"""Take-and-split games on heaps: Lasker's Nim (split in two), split in three
(HDU 5795), and the even-split game of HNOI2014 (P3235)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.values.nimbers import mex_of_set
from grundy.rules.sums import Sum
from grundy.solve.budget import look, reserve
from grundy.games._common import HeapRuleset, parse_int, parse_param, positive_param
from grundy.games.registry import catalogued

__all__ = ["Lasker", "SplitThree", "EvenSplit"]


def _swapped(n: int, period: int) -> int:
    """``n``, except that ``n = 0`` and ``n = -1 (mod period)`` trade places with
    their neighbour (``0`` stays ``0``): the values of Lasker's Nim (period 4) and
    of split-three (period 8).

    >>> [_swapped(n, 4) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """
    r = n % period
    if r == 0:
        return n - 1 if n else 0
    if r == period - 1:
        return n + 1
    return n


def _lasker_value(n: int) -> int:
    return _swapped(n, 4)


def _split3_value(n: int) -> int:
    return _swapped(n, 8)


@catalogued("lasker", "lasker's nim", "laskers nim", "lasker nim", "nim or not nim",
            "hdu3032", summary="Lasker's Nim: take from a heap, or split it into two heaps.",
            position="10 7", legal=(0, 1, 10, 10**20))
class Lasker(HeapRuleset):
    """Lasker's Nim (HDU 3032 "Nim or not Nim?"): a move takes one or more tokens
    from a heap, or splits a heap into two non-empty heaps.

    Value (Winning Ways, ch. 4): ``g(4k+1) = 4k+1``, ``g(4k+2) = 4k+2``,
    ``g(4k+3) = 4k+4``, ``g(4k+4) = 4k+3`` -- O(1) per heap, exact for any size.
    The value map is an involution, so the heap of value ``t`` is ``g(t)``; the one
    target it cannot reach that way (``t = n`` for ``n = 4k+3``) is the split
    ``1 + (n-1)``.

    >>> lasker = Lasker()
    >>> [lasker.value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> lasker[10].winning_moves()
    [0, Sum(5, 5)]
    >>> (lasker[10**30 + 3] + lasker[10**30]).winning_move()
    SumMove(0, 1000000000000000000000000000000)
    """

    parts = 2
    _value = staticmethod(_lasker_value)

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        yield from range(n)
        for a in range(1, n // 2 + 1):
            yield Sum(a, n - a)

    def value_formula(self, position: int) -> int:
        return self._value(position)

    def remoteness_formula(self, position: int) -> int:
        """1 for a heap ``n > 0`` (taking it all ends the game at once), else 0.

        >>> Lasker().remoteness(10**30), SplitThree().remoteness(10**30)
        (1, 1)
        """
        return 1 if position else 0

    def suspense_formula(self, position: int) -> int | None:
        """1 for an odd heap of Lasker's Nim, 0 for the empty heap; other heaps
        are declined (the search answers). An option is P iff its value is 0: a
        heap ``b < n`` is P iff ``b = 0``, and a split ``a + (n - a)`` iff
        ``g(a) = g(n - a)``, i.e. ``a = n - a`` (``g`` is an involution, hence
        one-to-one), impossible for odd ``n``. So the only P-option of an odd heap
        is the empty heap, of suspense 0.

        >>> Lasker().suspense(10**30 + 1), Lasker().suspense_formula(10)
        (1, None)
        """
        if position == 0:
            return 0
        if self.parts == 2 and position & 1:
            return 1
        return None

    def _splits(self, n: int, first_max: int) -> Iterator[Sum]:
        """Splits of ``n`` into ``parts`` non-empty heaps whose smallest parts are at
        most ``first_max`` (all of them when ``first_max >= n``)."""
        if self.parts == 2:
            for a in range(1, min(n // 2, first_max) + 1):
                yield Sum(a, n - a)
        else:
            for a in range(1, min(n // 3, first_max) + 1):
                for b in range(a, min((n - a) // 2, first_max) + 1):
                    yield Sum(a, b, n - a - b)

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        if type(position) is not int:
            return None  # declined: the analysis tests membership
        if type(option) is int:
            return 0 <= option < position
        return (
            type(option) is Sum
            and len(option) == self.parts
            and all(type(p) is int and p > 0 for p in option.parts)
            and sum(option.parts) == position  # type: ignore[arg-type]
        )

    def option_with_value_formula(self, position: int, target: int) -> Hashable | None:
        m = self._value(target)  # the value map is an involution
        if m < position:
            return m
        for o in self._splits(position, 64):
            if self.value(o) == target:
                return o
        if position <= 10_000:
            for o in self._splits(position, position):
                if self.value(o) == target:
                    return o
        return None


@catalogued("split3", "split in three", "split-three", "hdu5795", "a simple nim",
            summary="Take from a heap, or split it into three heaps.",
            position="7 8", legal=(0, 1, 7, 100))
class SplitThree(Lasker):
    """Take any number from a heap, or split it into *three* non-empty heaps
    (HDU 5795 "A Simple Nim").

    Value: ``g(8k+7) = 8k+8``, ``g(8k+8) = 8k+7``, otherwise ``g(n) = n`` (the
    notes' table, proven here against brute force). O(1).

    >>> g = SplitThree()
    >>> g.table(9)
    [0, 1, 2, 3, 4, 5, 6, 8, 7, 9]
    >>> g.option_with_value(7, 7)
    Sum(1, 2, 4)
    """

    parts = 3
    _value = staticmethod(_split3_value)

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        yield from range(n)
        yield from self._splits(n, n)


class _TableMemo(dict):  # type: ignore[type-arg]
    """EvenSplit's values: a compiled table of the heaps below ``have``, and a dict
    of the larger heaps the recursion met (``in`` and ``[]`` read both)."""

    def __init__(self) -> None:
        super().__init__()
        import numpy as np

        self.table: Any = np.zeros(0, dtype=np.int64)
        self.have = 0

    def __contains__(self, n: object) -> bool:
        return (type(n) is int and 0 <= n < self.have) or dict.__contains__(self, n)

    def __getitem__(self, n: int) -> int:
        if 0 <= n < self.have:
            return int(self.table[n])
        return dict.__getitem__(self, n)  # type: ignore[no-any-return]


@catalogued("evensplit", "even split", "jiangnan", "p3235",
            summary="Split a heap >= F into j near-equal heaps (HNOI2014).",
            params="F (evensplit:2)", sample="evensplit:1", position="10 12", legal=(0, 1, 10, 100))
class EvenSplit(HeapRuleset):
    """HNOI2014 "江南乐" (P3235): a heap of ``n >= F`` splits into ``j`` heaps as even
    as possible (``j - n mod j`` heaps of ``n // j`` and ``n mod j`` of ``n // j + 1``),
    for any ``2 <= j <= n``. Heaps below ``F`` are dead.

    Values use the notes' divisor-block method: within a block of ``j`` with the same
    ``n // j``, the option values alternate between two, so two ``j`` per block
    suffice: O(sqrt n) per value. Heaps below :attr:`table_limit` come from a
    compiled table of every heap up to them (HNOI2014's limits, 10^5, in about
    0.1 s); larger heaps from a memoised recursion over the values they need.

    >>> g = EvenSplit(1)
    >>> g.table(10)
    [0, 0, 1, 2, 2, 2, 2, 3, 2, 4, 3]
    """

    #: heaps below this are answered from a compiled table of every heap up to
    #: them (O(N^1.5), :mod:`grundy.kernels._evensplit_jit`; 2^18 heaps take about
    #: 0.2 s); larger heaps by the memoised recursion over the values they need
    table_limit = 1 << 18

    def __init__(self, f: int) -> None:
        self.f = positive_param("evensplit", "F", f, maximum=10**100)
        self.name = self.spec = f"evensplit:{f}"
        self._memo: dict[int, int] = _TableMemo()

    @classmethod
    def from_args(cls, args: str | None) -> EvenSplit:
        if not args:
            raise InvalidParameterError("evensplit needs F, the least splittable heap, e.g. 'evensplit:2'")
        return cls(parse_param(args, "integer F", "evensplit"))

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        if n < self.f:
            return
        for j in range(2, n + 1):
            q, r = divmod(n, j)
            yield Sum(*([q] * (j - r)), *([q + 1] * r))

    def _grow_table(self, n: int) -> None:
        """Table every heap up to ``n`` (at least doubling), in chunks of a few
        milliseconds under the caller's budget."""
        import numpy as np

        from grundy.kernels import _evensplit_jit as kernel

        memo = self._memo
        assert isinstance(memo, _TableMemo)
        have = memo.have
        top = min(self.table_limit, max(n + 1, 2 * have, 1024))
        g = np.zeros(top, dtype=np.int64)
        g[:have] = memo.table[:have]
        f = min(self.f, top)
        what = f"{self.name}: the table to heap {describe(n)}"
        while have < top:
            step = max(1024, int(4_000_000 / (2 * (have + 1) ** 0.5 + 1)))
            stop = min(top, have + step)
            kernel.extend(g, f, have, stop)
            have = stop
            look(what, 1)
        memo.table, memo.have = g, top

    def value_formula(self, position: int) -> int:
        memo = self._memo
        if position in memo:
            return memo[position]
        if position < self.table_limit:
            self._grow_table(position)
            return memo[position]
        # Iterative post-order over the values this one needs: about 3 sqrt(n) of
        # them, O(n^(3/4)) work in all.
        what = f"{self.name}: the value of {describe(position)}"
        stack = [position]
        while stack:
            n = stack[-1]
            if n in memo:
                stack.pop()
                continue
            if n < self.f:
                memo[n] = 0
                stack.pop()
                continue
            need = [m for m in self._deps(n) if m not in memo]
            if need:
                stack.extend(need)
                continue
            stack.pop()
            look(what, 1)  # a long computation for huge n: watch the caller's budget
            seen = set()
            for j in self._js(n):
                q, r = divmod(n, j)
                v = 0
                if r & 1:
                    v ^= memo[q + 1]
                if (j - r) & 1:
                    v ^= memo[q]
                seen.add(v)
            memo[n] = mex_of_set(seen)
        return memo[position]

    def _js_of_value(self, n: int, target: int) -> Iterator[int]:
        """The ``j`` (ascending) whose split of ``n`` has value ``target``: by blocks of
        equal ``n // j``, where the option values alternate between two, so
        O(sqrt n) work however many options ``n`` has (no option is built)."""
        if n < self.f:
            return
        self.value_formula(n)  # memoises every n // j and n // j + 1 it needs
        memo = self._memo
        what = f"{self.name}: the options of {describe(n)}"

        def val(j: int) -> int:
            q, r = divmod(n, j)
            return (memo[q + 1] if r & 1 else 0) ^ (memo[q] if (j - r) & 1 else 0)

        lo, blocks = 2, 0
        while lo <= n:
            hi = n // (n // lo)
            even, odd = val(lo) == target, lo < hi and val(lo + 1) == target
            if even and odd:
                yield from range(lo, hi + 1)
            elif even or odd:
                yield from range(lo if even else lo + 1, hi + 1, 2)
            lo = hi + 1
            blocks += 1
            if not blocks & 1023:
                look(what)

    @staticmethod
    def _split(n: int, j: int) -> Sum:
        q, r = divmod(n, j)
        return Sum(*([q] * (j - r)), *([q + 1] * r))

    def option_with_value_formula(self, position: Any, target: int) -> Hashable | None:
        """The first split (fewest heaps) of value ``target``, found by blocks.

        >>> g = EvenSplit(2)
        >>> g.option_with_value(10, 0), g.value(g.option_with_value(10, 0))
        (Sum(5, 5), 0)
        """
        if type(position) is not int:
            return None  # declined: the analysis scans
        self.check(position)
        for j in self._js_of_value(position, target):
            return self._split(position, j)
        return None

    def options_with_value_formula(
        self, position: int, target: int, *, limit: int | None = None
    ) -> list[Hashable]:
        """Every split of value ``target``; with ``limit``, more than that many
        raise :class:`SearchLimitError` before any is built."""
        js: list[int] = []
        for j in self._js_of_value(position, target):
            js.append(j)
            if limit is not None and len(js) > limit:
                raise SearchLimitError(
                    f"{self.name}: position {describe(position)} has more than {limit:,} "
                    f"options of value {target}", reason="positions",
                )
        reserve(8 * sum(js) + 100 * len(js), f"{self.name}: the options of {describe(position)}")
        return [self._split(position, j) for j in js]

    @staticmethod
    def _js(n: int) -> Iterator[int]:
        lo = 2
        while lo <= n:
            hi = n // (n // lo)
            yield lo
            if lo < hi:
                yield lo + 1
            lo = hi + 1

    def _deps(self, n: int) -> set[int]:
        out = set()
        what = f"{self.name}: the value of {describe(n)}"
        for i, j in enumerate(self._js(n)):
            q = n // j
            out.add(q)
            out.add(q + 1)
            if not i & 4095:
                look(what)
        out.discard(n)
        return out
