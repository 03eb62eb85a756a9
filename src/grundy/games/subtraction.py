"""Subtraction games: remove ``s`` tokens from a heap, for ``s`` in a fixed set
(or, for all-but games, for any ``s`` not in a fixed set)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.games._common import HeapRuleset, parse_int, parse_param, parse_int_list, positive_param
from grundy.patterns.periodicity import Periodicity, find_periodicity

__all__ = ["Subtraction", "Bash", "AllBut"]


def _members(
    game: str, values: Iterable[int], allow_empty: bool = False, maximum: int = 1_000_000
) -> tuple[int, ...]:
    items: list[Any] | None = None
    if not isinstance(values, (str, bytes)):  # a string is not a set of numbers
        try:
            items = list(values)
        except TypeError:
            pass
    if items is None:
        raise InvalidParameterError(
            f"{game}: the set must be a collection of positive integers; got {describe(values)}"
        )
    for s in items:
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise InvalidParameterError(
                f"{game}: set members must be positive integers; got {describe(s)}"
            )
        if s > maximum:
            raise InvalidParameterError(
                f"{game}: set members must be at most {maximum:,} (the period search keeps "
                f"that many values per window); got {describe(s)}"
            )
    if not items and not allow_empty:
        raise InvalidParameterError(f"{game}: the subtraction set must not be empty")
    return tuple(sorted(set(items)))


class Subtraction(HeapRuleset):
    """Subtraction game ``S``: a move removes ``s`` tokens from a heap of ``n >= s``
    for some ``s`` in the finite set ``S`` of positive integers.

    Values are ultimately periodic, and the period is *proven* as soon as a
    window of ``max(S)`` consecutive values repeats (each value depends only on
    the ``max(S)`` before it). It is the octal game with digit 3 at each ``s`` in
    ``S`` (:meth:`octal_code`), and its values come from the same compiled
    ``uint16`` table (:class:`~grundy.games.octal.SplitTable`, 2 bytes per heap):
    :attr:`periodicity` doubles the table until the compiled period search sees
    a repeated window (at most ``limit`` values); values at any ``n`` are then
    O(1). Bash's game is ``S = {1..m}``.

    >>> s = Subtraction({1, 3, 4})
    >>> s.table(10)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
    >>> s.periodicity
    Periodicity(preperiod=0, period=7, saltus=0, proven=True, checked=...)
    >>> s.value(10**100), s[10**100 + 3].outcome
    (2, Outcome.P)
    """

    #: most heaps tabled by the period search (2 bytes each)
    limit = 1 << 25
    #: The largest member of ``S`` accepted.
    max_member = 100_000

    def __init__(self, subtraction_set: Iterable[int]) -> None:
        self.subtraction_set: tuple[int, ...] = _members(
            "subtraction", subtraction_set, maximum=self.max_member
        )
        work = len(self.subtraction_set) * self.subtraction_set[-1]
        if work > 10**7:
            raise InvalidParameterError(
                f"subtraction: |S| * max(S) = {work:,} is over 10,000,000 (the work per value "
                "of the period search); bash:m is {1..m} in O(1)"
            )
        self.name = self.spec = "subtraction:" + ",".join(map(str, self.subtraction_set))
        self._period: Periodicity | None = None
        # the octal game with digit 3 at each s in S, on the same uint16 kernels
        # (takes leaving one heap or none, no splits)
        from grundy.games.octal import SplitTable

        S = list(self.subtraction_set)
        self.engine = SplitTable(self.name, splits=[], takes=S, wholes=S, max_heaps=self.limit,
                                 periodic=True)

    @classmethod
    def from_args(cls, args: str | None) -> Subtraction:
        """Build from the catalogue spec text, e.g. ``"1,3,4"``."""
        if not args:
            raise InvalidParameterError(
                "subtraction needs its subtraction set, e.g. 'subtraction:1,3,4'"
            )
        return cls(parse_int_list(args, "subtraction set"))

    def moves(self, position: int) -> Iterator[int]:
        for s in self.subtraction_set:
            if s > position:
                break
            yield position - s

    @property
    def periodicity(self) -> Periodicity:
        """The proven period of the values (computed once)."""
        if self._period is None:
            self._period = self._find()
        return self._period

    def _find(self) -> Periodicity:
        # Each value depends on the max(S) values before it, so one repeated
        # window of max(S) values proves the period: the table (the octal
        # kernels, 2 bytes per heap) doubles until the compiled period search
        # finds such a window.
        from grundy.kernels.period import least_period

        w = self.subtraction_set[-1]
        n = max(1024, 4 * w)
        while True:
            n = min(n, self.limit)
            self.engine.extend(n - 1)
            values = self.engine.g[:n]
            p, n0, proven = least_period(values, w, window=True)
            if proven:
                return Periodicity(n0, p, 0, True, n)
            if n >= self.limit:
                raise SearchLimitError(  # pragma: no cover - no known S needs this
                    f"{self.name}: no period proven within {self.limit:,} values"
                )
            n *= 2

    def value_formula(self, position: int) -> int:
        if position < self.engine.have:
            return int(self.engine.g[position])
        p = self.periodicity
        k = p.preperiod + (position - p.preperiod) % p.period  # the period found is exact
        return int(self.engine.g[k])

    def octal_code(self) -> str:
        """The same game as a take-and-break code: digit 3 (take ``k``, leaving
        nothing or one heap) at each ``k`` in ``S``, so the compiled octal kernel
        and the Guy-Smith machinery apply too.

        >>> Subtraction({1, 3, 4}).octal_code()
        '0.3033'
        """
        digits = ["0"] * self.subtraction_set[-1]
        for k in self.subtraction_set:
            digits[k - 1] = "3"
        return "0." + "".join(digits)


class Bash(HeapRuleset):
    """Bash's game: take 1 to ``m`` tokens (the subtraction game ``{1..m}``). Value
    ``n mod (m + 1)`` (O(1), any ``m`` and ``n``); the winning move takes
    ``n mod (m + 1)`` tokens.

    >>> b = Bash(3)
    >>> b.value(10**18 + 2), b.winning_move(10)
    (2, 8)
    >>> b.periodicity
    Periodicity(preperiod=0, period=4, saltus=0, proven=True, checked=0)
    """

    def __init__(self, m: int) -> None:
        self.m = positive_param("bash", "m", m, maximum=10**100)
        self.name = self.spec = f"bash:{m}"

    @classmethod
    def from_args(cls, args: str | None) -> Bash:
        if not args:
            raise InvalidParameterError("bash needs m, the most tokens per move, e.g. 'bash:3'")
        return cls(parse_param(args, "integer m", "bash"))

    def moves(self, position: int) -> range:
        return range(max(0, position - self.m), position)

    @property
    def periodicity(self) -> Periodicity:
        return Periodicity(0, self.m + 1, 0, True, 0)

    def value_formula(self, position: int) -> int:
        return position % (self.m + 1)

    def option_with_value(self, position: int, target: int) -> Hashable | None:
        v = position % (self.m + 1)
        if target == v:
            return None
        take = (v - target) % (self.m + 1)
        return position - take if 0 < take <= position else None

    def options_with_value(
        self, position: Any, target: int, *, limit: int | None = None
    ) -> list[Hashable]:
        o = self.option_with_value(position, target) if type(position) is int else None
        if type(position) is not int:
            return super().options_with_value(position, target, limit=limit)
        return [] if o is None else [o]


class AllBut(HeapRuleset):
    """All-but subtraction game: remove any positive number of tokens *except* the
    members of a finite set ``S`` (``S = {}`` is Nim).

    Values are computed exactly in O(|S|) each (a running count of every value
    seen). They are arithmetic-periodic in every case known; :attr:`periodicity`
    reports the pattern observed on the first ``window`` values (``proven=False``),
    and :meth:`value` beyond the computed range extends that observed pattern.

    >>> g = AllBut({1})
    >>> g.table(9)
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    >>> g.periodicity.period, g.periodicity.saltus
    (2, 1)
    """

    window = 4096

    def __init__(self, excluded: Iterable[int]) -> None:
        self.excluded: tuple[int, ...] = _members("allbut", excluded, allow_empty=True)
        self.name = self.spec = "allbut:" + ",".join(map(str, self.excluded))
        self._values: list[int] = []
        self._count: dict[int, int] = {}
        self._mex = 0
        self._period: Periodicity | None = None

    @classmethod
    def from_args(cls, args: str | None) -> AllBut:
        return cls(parse_int_list(args or "", "excluded set"))

    def moves(self, position: int) -> Iterator[int]:
        ex = set(self.excluded)
        for k in range(1, position + 1):
            if k not in ex:
                yield position - k

    def _grow(self, n: int) -> None:
        g, count, ex = self._values, self._count, self.excluded
        while len(g) <= n:
            m = len(g)
            # values missing from the options: the overall mex, or a value whose
            # every occurrence so far sits at an excluded distance.
            lost: dict[int, int] = {}
            for s in ex:
                if s <= m:
                    v = g[m - s]
                    lost[v] = lost.get(v, 0) + 1
            best = self._mex
            for v, c in lost.items():
                if count[v] == c and v < best:
                    best = v
            g.append(best)
            count[best] = count.get(best, 0) + 1
            while self._mex in count:
                self._mex += 1

    @property
    def periodicity(self) -> Periodicity:
        """The arithmetic-periodic pattern observed on the first ``window`` values."""
        if self._period is None:
            self._grow(self.window)
            found = find_periodicity(self._values[: self.window], saltus=True, min_repeats=4)
            if found is None:  # pragma: no cover - none known
                raise InvalidParameterError(f"{self.name}: no pattern in {self.window} values")
            self._period = found
        return self._period

    def value_formula(self, position: int) -> int:
        if position < 1_000_000:
            self._grow(position)
            return self._values[position]
        return self.periodicity.extend(self._values, position)

    def _positions_with_value(self, t: int, below: int) -> Iterator[int]:
        """Heaps ``m < below`` with value ``t``, largest first (by the pattern)."""
        if below <= 1_000_000:
            self._grow(below)
            yield from (m for m in range(below - 1, -1, -1) if self._values[m] == t)
            return
        p = self.periodicity
        found = []
        for r in range(p.period):
            base = self._values[p.preperiod + r]
            if p.saltus:
                k, rem = divmod(t - base, p.saltus)
                if rem == 0 and k >= 0:
                    found.append(p.preperiod + r + k * p.period)
            elif base == t:  # pragma: no cover - all-but games grow
                found.append(p.preperiod + r)
        found += [m for m in range(p.preperiod) if self._values[m] == t]
        yield from sorted((m for m in found if m < below), reverse=True)

    def is_option(self, position: Any, option: Any) -> bool:
        return (
            type(position) is int and type(option) is int and 0 <= option < position
            and position - option not in self.excluded
        )

    def option_with_value(self, position: int, target: int) -> Hashable | None:
        ex = set(self.excluded)
        for m in self._positions_with_value(target, position):
            if position - m not in ex:
                return m
        return None
