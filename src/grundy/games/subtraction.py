"""Subtraction games: remove ``s`` tokens from a heap, for ``s`` in a fixed set
(or, for all-but games, for any ``s`` not in a fixed set)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.games._common import (
    HeapRuleset, SubtractionCounts, parse_int, parse_int_list, parse_param, positive_param,
)
from grundy.patterns.periodicity import Periodicity, find_periodicity
from grundy.games.registry import catalogued, get, maker
from grundy.rules.ruleset import Ruleset
from grundy.solve.budget import Budget, as_budget, from_keywords, watching
from grundy.solve.caches import cache_of
from grundy.solve.periods import HeapTables, PeriodNotes
from grundy.solve.splittable import SplitTable
from grundy.values.keywords import old_keywords

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


class Subtraction(PeriodNotes, HeapRuleset):
    """Subtraction game ``S``: a move removes ``s`` tokens from a heap of ``n >= s``
    for some ``s`` in the finite set ``S`` of positive integers.

    Values are ultimately periodic, and the period is *proven* as soon as a
    window of ``max(S)`` consecutive values repeats (each value depends only on
    the ``max(S)`` before it). It is the octal game with digit 3 at each ``s`` in
    ``S`` (:meth:`octal_code`), and its values come from the same compiled
    ``uint16`` table (:class:`~grundy.solve.splittable.SplitTable`, 2 bytes per
    heap), kept in the ruleset's record in ``solve/`` (:mod:`grundy.solve.periods`).

    The period is an optimisation, never a requirement: a heap below
    :attr:`limit` (2^25) is answered by the table up to it (O(n |S|), compiled;
    10^4 heaps with 100 members take milliseconds), which copies the period
    instead of computing as soon as it proves one. A heap beyond needs the
    proven period: :attr:`periodicity` doubles the table until a window repeats,
    within :attr:`limit` heaps and the budget in force (``None`` and a
    :class:`SearchLimitError` naming the heap if none is proven). Bash's game
    is ``S = {1..m}``.

    >>> s = Subtraction({1, 3, 4})
    >>> s.table(10)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
    >>> s.periodicity
    Periodicity(preperiod=0, period=7, saltus=0, proven=True, checked=...)
    >>> s.value(10**100), s[10**100 + 3].outcome
    (2, Outcome.P)
    """

    #: most heaps tabled (2 bytes each): a heap below it is answered by the table
    #: up to it (O(n |S|), compiled), a heap beyond it by the proven period
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
    def _tables(self) -> HeapTables:
        """What is computed for this game (its record in ``solve/``): the octal
        game with digit 3 at each s in S, on the same uint16 kernels (takes
        leaving one heap or none, no splits)."""
        name, S, limit = self.name, list(self.subtraction_set), self.limit
        return cache_of(self, "heap tables",
                        lambda: HeapTables(name, [], False, takes=S, max_heaps=limit))

    @property
    def engine(self) -> SplitTable:
        """The compiled ``uint16`` table (in the ruleset's record)."""
        engine = self._tables.engine
        assert engine is not None
        return engine

    @property
    def periodicity(self) -> Periodicity | None:
        """The proven period of the values, searched once within :attr:`limit`
        heaps and the budget in force (:meth:`find_period`); ``None`` if none was
        proven within that budget (values are then exact by the table, for heaps
        below :attr:`limit`)."""
        tables = self._tables
        if not tables.searched:
            return self.find_period()
        return tables.period

    @old_keywords(("seconds", "max_heaps"), from_keywords)
    def find_period(self, *, budget: Budget | None = None,
                    progress: Callable[[int], None] | None = None) -> Periodicity | None:
        """Grow the table until one repeated window of ``max(S)`` values proves
        the period (each value depends only on the ``max(S)`` before it), or
        until ``budget.seconds`` (default: no limit but the budget in force) are
        spent or ``budget.positions`` heaps (default and at most :attr:`limit`)
        are tabled; :attr:`period_note` says which. Returns the proven period or
        ``None``.

        >>> Subtraction({3, 7, 8}).find_period()
        Periodicity(preperiod=11, period=5, saltus=0, proven=True, checked=1024)
        """
        b = as_budget(budget)
        top = min(self.limit, self.limit if b.positions is None else b.positions)
        return self._tables.window_period(self.subtraction_set[-1], budget=b.replace(positions=top),
                                          progress=progress)

    def _known_period(self) -> tuple[int, int] | None:
        """``(period, preperiod)`` if proven already (by :meth:`find_period`, or
        by the table on its own as it grew); no search."""
        found = self._tables.period
        if found is not None:
            return found.period, found.preperiod
        return self.engine.period

    def _extend(self, n: int) -> None:
        """Table heaps ``0..n`` (``n < limit``) in chunks of about 0.1 s, each
        under the caller's budget (:func:`~grundy.solve.budget.look`); the table
        copies its period as soon as it proves one."""
        from grundy.solve.budget import look

        eng = self.engine
        step = max(1 << 12, (1 << 24) // len(self.subtraction_set))
        while eng.have <= n:
            look(f"{self.name}: the table to heap {n:,}")
            eng.extend(min(n, eng.have + step - 1))

    def value_formula(self, position: int) -> int:
        eng = self.engine
        if position < eng.have:
            return int(eng.g[position])
        known = self._known_period()
        if known is not None:
            p, n0 = known
            k = position if position < n0 else n0 + (position - n0) % p
            if k < eng.have:
                return int(eng.g[k])
        if position < self.limit:
            # the table up to the heap asked (grown ahead, so a run of queries
            # costs O(n |S|) in all): no period needed
            self._extend(min(self.limit - 1, max(position, min(2 * eng.have, eng.have + (1 << 18)))))
            return int(eng.g[position])
        per = self.periodicity
        if per is None:
            raise SearchLimitError(
                f"{self.name}: heap {describe(position)} is beyond the table budget "
                f"({self.limit:,} heaps) and {self.period_note}"
            )
        k = per.preperiod + (position - per.preperiod) % per.period
        self._extend(k)
        return int(eng.g[k])

    def value_formula_many(self, positions: Sequence[Any]) -> Iterable[int]:
        top = max(positions, default=0)
        if top >= self.limit or self._known_period() is not None:
            return map(self.value_formula, positions)
        if top >= self.engine.have:
            self.value_formula(top)
        values: list[int] = self.engine.g[list(positions)].tolist()
        return values

    # ---------------------------------- remoteness and suspense (by their table)
    def remoteness_formula(self, position: int) -> int | None:
        """Remoteness by one linear pass over heaps ``0..n`` (O(n |S|)), or by its
        proven arithmetic period beyond (:class:`~grundy.games._common.SubtractionCounts`);
        ``None`` (the search answers) for a heap out of reach without a period.

        >>> s = Subtraction({1, 3, 4})
        >>> s.remoteness(40) == s.solver.remoteness(40), s.suspense(40) == s.solver.suspense(40)
        (True, True)
        >>> s.remoteness(10**30) % 2, s.suspense(10**30) % 2, s[10**30].outcome   # odd: N
        (1, 1, Outcome.N)
        """
        return self._counts().remoteness(position)

    def suspense_formula(self, position: int) -> int | None:
        """Suspense by the same pass as :meth:`remoteness_formula`."""
        return self._counts().suspense(position)

    def _counts(self) -> SubtractionCounts:
        name, S = self.name, self.subtraction_set
        return cache_of(self, "counts", lambda: SubtractionCounts(name, S))

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


@catalogued("bash", "bash game", "bachet",
            summary="Bash's game: take 1..m tokens (value n mod (m+1)).",
            params="m (bash:3)", sample="bash:3", position="10", legal=(0, 1, 10, 10**20))
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

    def option_with_value_formula(self, position: int, target: int) -> Hashable | None:
        """The option of value ``target``: the options of ``n`` have every value
        ``0..m`` but ``n mod (m + 1)`` (those the heap allows), none above ``m``.

        >>> Bash(1).option_with_value(15, 0), Bash(1).option_with_value(15, 2)
        (14, None)
        """
        v = position % (self.m + 1)
        if target == v or not 0 <= target <= self.m:
            return None
        take = (v - target) % (self.m + 1)
        return position - take if 0 < take <= position else None

    def options_with_value_formula(
        self, position: int, target: int, *, limit: int | None = None
    ) -> list[Hashable]:
        o = self.option_with_value_formula(position, target)
        return [] if o is None else [o]


    # ---------------------------------------- remoteness and suspense (closed form)
    def remoteness_formula(self, position: int) -> int:
        """``2q`` for a heap ``n = q (m + 1)``, ``2q + 1`` for the other heaps
        (``q = n // (m + 1)``): an N-heap has one P-option, ``q (m + 1)``; a P-heap
        ``q (m + 1) > 0`` has only N-options, each of count ``2 (q - 1) + 1``.
        Suspense is the same (one P-option, equal options).

        >>> Bash(3).remoteness(10**18 + 1), Bash(3).suspense(10**18)
        (500000000000000001, 500000000000000000)
        """
        q, r = divmod(position, self.m + 1)
        return 2 * q + (1 if r else 0)

    def suspense_formula(self, position: int) -> int:
        """The remoteness (see :meth:`remoteness_formula`)."""
        return self.remoteness_formula(position)


class _AllButValues:
    """What is computed for an all-but game: its values so far, the count of each
    value, their mex, the pattern found and the longest table it was looked for on."""

    def __init__(self) -> None:
        self.values: list[int] = []
        self.count: dict[int, int] = {}
        self.mex = 0
        self.period: Periodicity | None = None
        self.tried = 0


class AllBut(HeapRuleset):
    """All-but subtraction game: remove any positive number of tokens *except* the
    members of a finite set ``S`` (``S = {}`` is Nim).

    Values are computed exactly in O(|S|) each (a running count of every value
    seen), up to :attr:`exact_limit` heaps. They are arithmetic-periodic in every
    case known, and :attr:`periodicity` *proves* the pattern it observes: the
    value of heap ``n`` depends only on the last ``max(S)`` values, on which of
    them occur earlier, and on the mex of all values so far (every value below it
    occurs), and that state recurs shifted by the saltus one period later, so
    the pattern holds for ever. A heap beyond the values computed is answered by
    the proven pattern only; with none proven, a heap beyond :attr:`exact_limit`
    raises :class:`SearchLimitError` (an observed pattern is never extended).

    >>> g = AllBut({1})
    >>> g.table(9)
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    >>> g.periodicity.period, g.periodicity.saltus, g.periodicity.proven
    (2, 1, True)
    >>> g.value(10**30 + 1)
    500000000000000000000000000000
    """

    window = 4096
    #: most heaps computed exactly (pure Python, O(|S|) each) without a proof
    exact_limit = 1_000_000
    #: largest ``max(S)`` whose pattern is looked for (the period search costs
    #: O(period^2), and periods are near ``2 max(S)``); beyond, values are exact
    #: up to :attr:`exact_limit` only
    max_pattern_member = 4096

    def __init__(self, excluded: Iterable[int]) -> None:
        self.excluded: tuple[int, ...] = _members("allbut", excluded, allow_empty=True)
        self.name = self.spec = "allbut:" + ",".join(map(str, self.excluded))

    @property
    def _state(self) -> _AllButValues:
        """The values computed so far (the ruleset's record in ``solve/``)."""
        return cache_of(self, "values", _AllButValues)

    @classmethod
    def from_args(cls, args: str | None) -> AllBut:
        return cls(parse_int_list(args or "", "excluded set"))

    def moves(self, position: int) -> Iterator[int]:
        ex = set(self.excluded)
        for k in range(1, position + 1):
            if k not in ex:
                yield position - k

    def _grow(self, n: int) -> None:
        from grundy.solve.budget import look

        st = self._state
        g, count, ex = st.values, st.count, self.excluded
        while len(g) <= n:
            m = len(g)
            if not m & 0xFFFF:
                look(f"{self.name}: the values to heap {n:,}", 1 << 16)
            # values missing from the options: the overall mex, or a value whose
            # every occurrence so far sits at an excluded distance.
            lost: dict[int, int] = {}
            for s in ex:
                if s <= m:
                    v = g[m - s]
                    lost[v] = lost.get(v, 0) + 1
            best = st.mex
            for v, c in lost.items():
                if count[v] == c and v < best:
                    best = v
            g.append(best)
            count[best] = count.get(best, 0) + 1
            while st.mex in count:
                st.mex += 1

    @property
    def periodicity(self) -> Periodicity | None:
        """The arithmetic-periodic pattern of the values: ``proven=True`` when the
        state argument of the class docstring confirms it, else the pattern
        observed (``proven=False``) or ``None``. Looks at the first ``window``
        values, then at 4 times more, up to :attr:`exact_limit`."""
        return self._pattern(self.exact_limit)

    def _pattern(self, upto: int) -> Periodicity | None:
        """The pattern, looked for on tables of at most ``upto`` values (so a
        query near heap ``n`` costs O(n)); stops at the first proven one."""
        M = self.excluded[-1] if self.excluded else 1
        if M > self.max_pattern_member:  # periods near 2 max(S): too long to look for
            return None
        st = self._state
        if st.tried == 0:
            st.tried = max(self.window, 8 * M) // 4
        while (st.period is None or not st.period.proven) and st.tried < self.exact_limit:
            n = min(4 * st.tried, self.exact_limit)
            if n > upto:
                break
            self._grow(n - 1)
            found = find_periodicity(st.values[:n], saltus=True, min_repeats=4,
                                     max_period=max(4096, 4 * M))
            if found is not None and self._proves(found, n):
                found = Periodicity(found.preperiod, found.period, found.saltus, True, n)
            st.period, st.tried = found, n
        return st.period

    def _proves(self, found: Periodicity, n_values: int) -> bool:
        """Whether the pattern ``found`` (holding on the first ``n_values``
        values) holds for ever: for some ``n`` with the window ``n - M .. n - 1``
        (``M = max(S)``) inside the pattern, the state at ``n + period`` is the
        state at ``n`` shifted by the saltus (window values, which of them occur
        before the window, and the mex), so every later value is too."""
        g = self._state.values
        M = self.excluded[-1] if self.excluded else 1
        p, s = found.period, found.saltus
        first: dict[int, int] = {}
        best = -1
        top = [0] * (n_values + 1)  # top[i]: the mex of g[:i] (all values below it occur)
        for i in range(n_values):
            first.setdefault(g[i], i)
            best = max(best, g[i])
            top[i + 1] = best + 1
        n = max(found.preperiod + M, M)
        for _ in range(8):  # a few looks one period apart: the state may settle later
            if n + p > n_values:
                return False
            lo, hi = n - M, n + p - M
            if top[n + p] == top[n] + s and all(
                (first[v] < lo) == (first.get(v + s, hi) < hi) for v in set(g[lo:n])
            ):
                return True
            n += p
        return False

    def value_formula(self, position: int) -> int:
        if position < len(self._state.values):
            return self._state.values[position]
        per = self._pattern(position + 1)
        if per is not None and per.proven:
            return per.extend(self._state.values, position)
        if position < self.exact_limit:
            self._grow(position)
            return self._state.values[position]
        raise SearchLimitError(self._beyond(position, per))

    def _beyond(self, position: int, per: Periodicity | None) -> str:
        seen = "no pattern" if per is None else (
            f"the pattern observed (period {per.period}, saltus {per.saltus}) is not proven")
        return (f"{self.name}: heap {describe(position)} is beyond the {self.exact_limit:,} values "
                f"computed exactly, and {seen}")

    def _positions_with_value(self, t: int, below: int) -> Iterator[int]:
        """Heaps ``m < below`` with value ``t``, largest first (by the proven
        pattern beyond the values computed)."""
        p = self._pattern(below)
        if p is None or not p.proven or below <= p.preperiod + p.period:
            if below > self.exact_limit:
                raise SearchLimitError(self._beyond(below - 1, p))
            self._grow(below)
            yield from (m for m in range(below - 1, -1, -1) if self._state.values[m] == t)
            return
        found = []
        for r in range(p.period):
            base = self._state.values[p.preperiod + r]
            if p.saltus:
                k, rem = divmod(t - base, p.saltus)
                if rem == 0 and k >= 0:
                    found.append(p.preperiod + r + k * p.period)
            elif base == t:  # pragma: no cover - all-but games grow
                found.extend(range(p.preperiod + r, below, p.period))
        found += [m for m in range(p.preperiod) if self._state.values[m] == t]
        yield from sorted((m for m in found if m < below), reverse=True)

    def remoteness_formula(self, position: int) -> int | None:
        """1 for a heap ``n > 0`` outside ``S`` (taking it all ends the game), 0 for
        the empty heap; a heap in ``S`` is declined (the search answers).

        >>> AllBut({2}).remoteness(10**20), AllBut({2}).remoteness_formula(2)
        (1, None)
        """
        if position == 0:
            return 0
        return None if position in self.excluded else 1

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        return (
            type(position) is int and type(option) is int and 0 <= option < position
            and position - option not in self.excluded
        )

    def option_with_value_formula(self, position: int, target: int) -> Hashable | None:
        ex = set(self.excluded)
        for m in self._positions_with_value(target, position):
            if position - m not in ex:
                return m
        return None


@maker("subtraction", "subtraction game", "sub", "take-away", "set nim", "s-nim",
       summary="Subtraction game: remove s tokens, s in a finite set S (period proven).",
       params="S, comma-separated (subtraction:1,3,4)", sample="subtraction:1,3,4",
       position="7", legal=(0, 1, 7, 100))
def subtraction_game(args: str | None) -> Ruleset:
    s = Subtraction.from_args(args)
    m = s.subtraction_set[-1]
    if s.subtraction_set == tuple(range(1, m + 1)):
        return get(f"bash:{m}")  # {1..m}: Bash's game, O(1)
    return s


@maker("allbut", "all-but", "all but subtraction",
       summary="All-but subtraction: remove any number except those in a finite set.",
       params="the excluded set (allbut:1,2)", sample="allbut:2", position="10", legal=(0, 1, 2, 10))
def allbut_game(args: str | None) -> Ruleset:
    g = AllBut.from_args(args)
    return g if g.excluded else get("nim")  # excluding nothing: Nim
