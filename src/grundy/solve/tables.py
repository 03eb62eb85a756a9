"""Tables of families of games, and their patterns: the one place every face
(``grundy table``, the plots, the playground) gets them from.

- :func:`heap_table` / :func:`heap_chunks`: the values of heaps ``start..to`` of a
  one-heap family, from the fastest source the ruleset declares: a compiled table
  (:class:`ArrayTable`), else its closed form, else the search, heap by heap (a
  short window far out, ``start=10**20``, by the closed form position by position);
- :func:`pattern_of`: the ruleset's own period, else one observed in the values,
  by the one rule of ``docs/octal.md`` (:func:`~grundy.patterns.periodicity.observed`);
- :func:`p_positions`: the P-positions of a family on pairs ``(a, b)`` (e.g.
  Wythoff's pairs against the Beatty sequences).

>>> import grundy
>>> t = heap_table(grundy.games.get("subtraction:1,3,4"), 13)
>>> t.values
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
>>> t.pattern()
Periodicity(preperiod=0, period=7, saltus=0, proven=True, checked=...)
>>> heap_table(grundy.games.get("nim"), 10**20 + 2, 10**20).values[-1] == 10**20 + 2
True
>>> pairs = p_positions(grundy.games.get("wythoff"), 12)
>>> pairs
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> from grundy.patterns.pairs import describe_pairs
>>> describe_pairs(pairs)
'the k-th P-position is (floor(k*phi), floor(k*phi^2)): the Beatty sequences of Wythoff pairs (5 pairs)'
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from grundy.values.errors import (
    GrundyError, InvalidParameterError, InvalidPositionError, LoopyGameError, SearchLimitError,
    describe,
)
from grundy.values.nimbers import mex_of_set
from grundy.values.outcome import Outcome
from grundy.values.periodicity import Periodicity
from grundy.rules.ruleset import FunctionRuleset, Ruleset
from grundy.patterns.periodicity import find_periodicity, observed
from grundy.solve.budget import Budget, active, look, watching
from grundy.solve.guard import guard
from grundy.kernels._lazy import loaded
from grundy.kernels.tabulate import MexTable

__all__ = [
    "HeapTable", "heap_table", "heap_chunks", "heap_value", "pattern_of", "period_search",
    "table_shape", "p_positions", "grow_in_steps", "ArrayTable", "PeriodSearch", "rule_chunks",
    "PERIOD_BUDGET",
]

#: A progress callback: the count of values known so far.
Progress = Callable[[int], None]

#: values of a closed form computed between two progress reports
FORMULA_CHUNK = 1 << 15


@runtime_checkable
class ArrayTable(Protocol):
    """A ruleset that tables heaps ``0..n`` at kernel speed: a numpy array, grown
    (and cached) chunk by chunk, with ``progress(heaps_known)`` between chunks."""

    def table_array(self, n: int, *, progress: Progress | None = None) -> Any: ...


#: The budget of the period search :func:`pattern_of` runs for a table's pattern
#: (a face may pass its own): the one default of the faces' period searches.
PERIOD_BUDGET = Budget(seconds=150.0)


@runtime_checkable
class PeriodSearch(Protocol):
    """A ruleset that finds its own period by growing its table, within the
    caller's budget (``find_period``); its ``periodicity`` runs the search once,
    within the budget in force, and keeps the answer. (Not a member here:
    ``isinstance`` would read the property, and so run the search.)"""

    #: whether the search has run (then ``periodicity`` answers at once)
    period_searched: bool

    def find_period(self, *, budget: Budget | None = None,
                    progress: Progress | None = None) -> Periodicity | None: ...


@dataclass
class HeapTable:
    """The values of heaps ``start, start + 1, ...`` of a one-heap family."""

    ruleset: Ruleset
    start: int
    values: list[int]

    def pattern(self, *, progress: Progress | None = None) -> Periodicity | None:
        """:func:`pattern_of` the values (``None`` for a table not from heap 0)."""
        if self.start != 0 or not self.values:
            return None
        return pattern_of(self.ruleset, self.values, progress=progress)


def table_shape(ruleset: Ruleset) -> str | None:
    """What a table of ``ruleset`` lists: ``"heap"`` (values of heaps 0, 1, 2, ...),
    ``"pair"`` (the P-positions ``(a, b)``), or ``None`` (no table). A ruleset
    outside the catalogue that declares no shape is taken for a one-heap family.

    >>> import grundy
    >>> table_shape(grundy.games.get("wythoff")), table_shape(grundy.ruleset(lambda n: range(n)))
    ('pair', 'heap')
    """
    if ruleset.table_shape is not None or ruleset.spec is not None:
        return ruleset.table_shape
    return "heap"


def heap_value(ruleset: Ruleset, n: int, progress: Progress | None = None) -> int:
    """The value of heap ``n`` for a table of a one-heap family: the Sprague-Grundy
    value (or a finite generalised value of a loopy game);
    :class:`LoopyGameError` naming the heap when it has an infinite generalised
    value (it can reach a cycle, e.g. a move to itself).

    >>> import grundy
    >>> @grundy.ruleset
    ... def stay(n):                 # a heap may move to itself
    ...     yield n
    ...     yield from range(n)
    >>> heap_value(stay, 2)
    Traceback (most recent call last):
    ...
    grundy.values.errors.LoopyGameError: stay: heap 2 is loopy (it can reach a cycle; generalised value inf()): a table lists values of acyclic games; ask 'grundy analyze' for its outcome (win, loss or draw)
    """
    v = ruleset.value(n, progress=progress)
    if type(v) is not int:
        raise LoopyGameError(
            f"{ruleset.name}: heap {describe(n)} is loopy (it can reach a cycle; generalised "
            f"value {describe(v)}): a table lists values of acyclic games; ask 'grundy analyze' "
            "for its outcome (win, loss or draw)",
            n,
        )
    return v


def heap_chunks(ruleset: Ruleset, to: int, start: int = 0, *,
                progress: Progress | None = None) -> Iterator[list[int]]:
    """The values of heaps ``start..to``, in order, a chunk at a time, so a caller
    can show them as they come and keep them when stopped (Ctrl-C acts between
    chunks). The source: a compiled table (:class:`ArrayTable`, grown by
    :func:`grow_in_steps`), else the closed form (chunks of :data:`FORMULA_CHUNK`),
    else the search heap by heap (:func:`heap_value`: a loopy heap is one
    :class:`LoopyGameError`). A short window far out (``to - start < start``) of a
    game with a closed form is computed position by position: a table from 0 would
    never get there. ``progress(done)`` gets the count of values known so far,
    also during a long search (then unchanged), to keep a bar alive.

    >>> import grundy
    >>> list(heap_chunks(grundy.ruleset(lambda n: [n - k for k in (1, 2) if k <= n]), 4, 2))
    [[2], [0], [1]]
    """
    for x, what in ((to, "to"), (start, "start")):
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise InvalidParameterError(
                f"{ruleset.name}: a table's {what} must be a non-negative integer; got {describe(x)}")
    if start > to:
        raise InvalidParameterError(f"{ruleset.name}: a table from {describe(start)} to {describe(to)} is empty")
    tell: Progress = progress if progress is not None else _quiet

    def formula() -> bool:  # a closed form answers the table if it answers its first heap
        return ruleset.value_formula(start) is not None

    far = start > 0 and to - start < start and formula()
    if not far and isinstance(ruleset, ArrayTable):
        lo = start
        for array in _steps(ruleset.table_array, to, lambda have: tell(max(0, min(have, to + 1) - start))):
            have = len(array)
            if have > lo:
                yield array[lo:have].tolist()
                lo = have
                tell(have - start)
    elif not far and formula():
        f = ruleset.value_formula
        for lo in range(start, to + 1, FORMULA_CHUNK):
            chunk = [f(i) for i in range(lo, min(to + 1, lo + FORMULA_CHUNK))]
            yield [int(v) if v is not None else heap_value(ruleset, n, None)
                   for n, v in enumerate(chunk, lo)]
            tell(min(to + 1, lo + FORMULA_CHUNK) - start)
    elif start == 0 and _mex_ready(ruleset):  # straight from the move function, compiled
        yield from rule_chunks(ruleset, to, progress=progress)
    else:
        for n in range(start, to + 1):
            done = n - start
            yield [heap_value(ruleset, n, None if progress is None else lambda _: tell(done))]
            tell(done + 1)


def _quiet(done: int) -> None:
    return None


def heap_table(ruleset: Ruleset, to: int, start: int = 0, *, budget: Budget | None = None,
               progress: Progress | None = None) -> HeapTable:
    """The values of heaps ``start..to`` (:func:`heap_chunks`) as one
    :class:`HeapTable`; with a ``budget``, its time and memory bound the whole
    table (:class:`~grundy.values.errors.SearchLimitError` when spent).

    >>> import grundy
    >>> heap_table(grundy.games.get("dawson"), 9).values
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]
    """
    values: list[int] = []
    what = f"{ruleset.name}: the table to heap {describe(to)}"
    with watching(budget) if budget is not None else contextlib.nullcontext():
        for chunk in heap_chunks(ruleset, to, start, progress=progress):
            values.extend(chunk)
            if budget is not None:
                look(what, len(chunk))
    return HeapTable(ruleset, start, values)


def _steps(array: Callable[..., Any], to: int, progress: Progress | None = None,
           seconds: float = 0.4) -> Iterator[Any]:
    """The table ``array(n)`` of heaps ``0..n`` (``table_array``) for growing ``n``
    up to ``to``, in steps of about ``seconds`` each (at most twice that): a
    compiled kernel holds the interpreter while it runs, so Ctrl-C (and the
    progress bar) can act only between calls. The steps double while they are
    quick and halve when slow; the extra calls cost under 5 %
    (``benchmarks/bench_progress.py``)."""
    have, step = 0, 1 << 14
    while have <= to:
        target = min(to, have + step - 1)
        t = time.monotonic()
        try:
            table = array(target, progress=progress)
        except SystemError as exc:
            # Ctrl-C while a compiled kernel ran: numba returns its result with the
            # KeyboardInterrupt set, and Python reports a SystemError caused by it
            if isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
                raise KeyboardInterrupt from exc
            raise
        took = time.monotonic() - t
        have = target + 1
        if took < seconds / 2:
            step *= 2
        elif took > 2 * seconds:
            step = max(1 << 12, step // 2)
        yield table


def grow_in_steps(array: Callable[..., Any], to: int, progress: Progress | None = None,
                  seconds: float = 0.4) -> Any:
    """``array(to)`` of a table that extends itself (``table_array``), asked for
    in steps of about ``seconds`` each (:func:`heap_chunks` shows each step)."""
    table = None
    for table in _steps(array, to, progress, seconds):
        pass
    return table


def period_search(ruleset: Ruleset) -> PeriodSearch | None:
    """``ruleset`` if :func:`pattern_of` would now run its period search
    (:class:`PeriodSearch`, not yet run), else ``None``: a face shows that
    search's progress.

    >>> import grundy
    >>> period_search(grundy.games.get("nim")) is None
    True
    """
    if isinstance(ruleset, PeriodSearch) and not ruleset.period_searched:
        return ruleset
    return None


def pattern_of(ruleset: Ruleset, values: Sequence[int], *, progress: Progress | None = None,
               max_period: int = 10_000, budget: Budget = PERIOD_BUDGET) -> Periodicity | None:
    """The pattern of the table ``values`` (heaps ``0, 1, ...``) of ``ruleset``:
    its own period, else one observed in ``values`` (saltus allowed), reported
    only if proven or worth reporting by the rule of ``docs/octal.md``
    (:func:`~grundy.patterns.periodicity.observed`). A ruleset that searches its
    own period (:class:`PeriodSearch`) has the last word: its table is longer
    than ``values``; that search (if not run yet) runs within ``budget`` and
    reports the values it tables to ``progress``.

    >>> import grundy
    >>> pattern_of(grundy.games.get("kayles"), []).period
    12
    >>> pattern_of(grundy.ruleset(lambda n: [n - k for k in (1, 2, 5) if k <= n]), [0, 1, 2] * 12)
    Periodicity(preperiod=0, period=3, saltus=0, proven=False, checked=36)
    >>> pattern_of(grundy.ruleset(lambda n: range(n)), [0, 1, 0, 2, 1, 3, 0, 2, 1]) is None
    True
    """
    search = period_search(ruleset)
    if search is not None:
        return observed(search.find_period(budget=budget, progress=progress))
    own = getattr(ruleset, "periodicity", None)
    if isinstance(ruleset, PeriodSearch):
        return observed(own)
    if isinstance(own, Periodicity):
        return observed(own)
    return observed(find_periodicity(list(values), saltus=True, min_repeats=3, max_period=max_period))


def p_positions(ruleset: Ruleset, n: int) -> list[tuple[int, int]]:
    """Every P-position ``(a, b)`` with ``a <= b <= n``, decided from the raw rules
    (the memoised search; the closed form only if the graph is loopy), in order
    of ``b - a`` then ``a``. Pairs the game rejects are skipped."""
    out = []
    for a in range(n + 1):
        for b in range(a, n + 1):
            try:
                ruleset.check((a, b))
            except InvalidPositionError:
                continue  # e.g. a side of 0 where the game needs positive sides
            try:
                lost = ruleset.solver.value((a, b)) == 0
            except LoopyGameError:
                lost = ruleset.outcome((a, b)) is Outcome.P
            if lost:
                out.append((a, b))
    return sorted(out, key=lambda p: (p[1] - p[0], p[0]))


# ------------------------------------------------------------------ compiled mex
#: heaps read per call of the move function between two looks at the clock (at most)
_MEX_CHUNK = 1 << 15


def _mex_ready(ruleset: Ruleset) -> bool:
    """Whether ``ruleset``'s table can be read straight from its move function
    (positions are plain heaps: no validation, decomposition, canonical form or
    analysis of its own that the search would apply)."""
    t = type(ruleset)
    return (t.validate is Ruleset.validate and t.decompose is Ruleset.decompose
            and not ruleset.has_canonical and t.value is Ruleset.value and t.moves is not Ruleset.moves)


class _Unsupported(Exception):
    """A heap whose options the compiled mex does not take (the search takes over)."""


def _read_options(moves: Callable[[int], Any], lo: int, hi: int) -> tuple[Any, ...]:
    """The options of heaps ``lo..hi-1`` as the pointer arrays of
    :class:`~grundy.kernels.tabulate.MexTable`; :class:`_Unsupported` at the
    first heap with an option that is not a smaller heap, a split into two
    smaller heaps or a range of smaller heaps (the search then names it)."""
    import numpy as np

    from grundy.rules.ranges import HeapRanges
    from grundy.rules.sums import Sum

    sv: list[Any] = []
    sp = [0]
    pv: list[Any] = []
    pp = [0]
    rs: list[int] = []
    re: list[int] = []
    rp = [0]
    meter = active()
    tock = meter.tock  # the clock before every call of the move function (cheap)
    what = "a table from the rules"
    with guard(meter, what):  # a move function that never returns is stopped
        for n in range(lo, hi):
            tock(what)
            try:
                opts = moves(n)
            except GrundyError:
                raise
            except Exception as exc:  # noqa: BLE001 - the search raises it, naming the heap
                raise _Unsupported(n) from exc
            if type(opts) is list:  # the common case first
                sv += opts
                sp.append(len(sv))
                rp.append(len(rs))
                continue
            parts: Any = opts.parts if type(opts) is HeapRanges else (opts,)
            for part in parts:
                if type(part) is range:
                    if part.step == 1:
                        if part.start < part.stop:
                            if part.start < 0 or part.stop > n:
                                raise _Unsupported(n)
                            rs.append(part.start)
                            re.append(part.stop)
                        continue
                    sv += part
                elif type(part) is list or type(part) is tuple:
                    sv += part
                elif part is None or isinstance(part, Ruleset):
                    raise _Unsupported(n)
                else:
                    try:
                        sv += part
                    except Exception as exc:  # noqa: BLE001 - not iterable, or the generator raised
                        raise _Unsupported(n) from exc
            sp.append(len(sv))
            rp.append(len(rs))
    counts = np.diff(np.array(sp, dtype=np.int64)).astype(np.int64)
    owner = np.repeat(np.arange(lo, hi, dtype=np.int64), counts)
    plain = set(map(type, sv)) <= {int}  # no split among the options (numpy is slow on objects)
    arr = np.array(sv) if sv and plain else np.zeros(0, dtype=np.int64)
    if not plain or arr.dtype != np.int64 or arr.ndim != 1 or len(arr) != len(sv):
        # splits (Sum) among the options: sorted by kind, heap by heap, checked below
        singles: list[Any] = []
        sp2 = [0]
        for n in range(lo, hi):
            for o in sv[sp[n - lo]: sp[n - lo + 1]]:
                if type(o) is int:
                    singles.append(o)
                elif type(o) is Sum and len(o.parts) == 2:
                    pv += o.parts
                elif type(o) is Sum and len(o.parts) == 1:
                    singles.append(o.parts[0])
                else:
                    raise _Unsupported(n)
            sp2.append(len(singles))
            pp.append(len(pv) >> 1)
        arr = np.array(singles) if singles else np.zeros(0, dtype=np.int64)
        sp_arr = np.array(sp2, dtype=np.int64)
        pair = np.array(pv) if pv else np.zeros(0, dtype=np.int64)
        pp_arr = np.array(pp, dtype=np.int64)
        for got, ptr, per in ((arr, sp_arr, 1), (pair, pp_arr, 2)):
            if got.dtype != np.int64 or got.ndim != 1:  # a part that is not a heap
                first = next((i for i, x in enumerate(singles if per == 1 else pv)
                              if type(x) is not int or not 0 <= x < hi), 0)
                raise _Unsupported(lo + int(np.searchsorted(ptr, first // per, side="right")) - 1)
            if len(got):
                owner = np.repeat(np.arange(lo, hi, dtype=np.int64), np.diff(ptr).astype(np.int64) * per)
                bad = np.flatnonzero((got < 0) | (got >= owner))
                if len(bad):
                    raise _Unsupported(int(owner[bad[0]]))
    else:
        if len(arr) and (arr.min() < 0 or bool((arr >= owner).any())):
            raise _Unsupported(int(owner[np.flatnonzero((arr < 0) | (arr >= owner))[0]]))
        sp_arr = np.array(sp, dtype=np.int64)
        pp = [0] * (hi - lo + 1)
    return ((sp_arr, arr), (np.array(pp, dtype=np.int64), np.array(pv, dtype=np.int64)),
            (np.array(rp, dtype=np.int64), np.array(rs, dtype=np.int64), np.array(re, dtype=np.int64)))


#: a table from the rules to this heap or more is the compiled mex from the start
_COMPILED_FROM = 20_000
#: heaps read in Python (in ranges) before the compiled mex takes over
_PY_WORK = 2_000_000


class _PyMex:
    """:class:`~grundy.kernels.tabulate.MexTable` in Python, for small tables."""

    def __init__(self) -> None:
        self.values: list[int] = []
        self.work = 0

    def extend(self, hi: int, *, singles: tuple[Any, Any], pairs: tuple[Any, Any],
               ranges: tuple[Any, Any, Any]) -> None:
        g = self.values
        base = len(g)
        sp, sv = singles[0].tolist(), singles[1].tolist()
        pp, pv = pairs[0].tolist(), pairs[1].tolist()
        rp, rs, re = ranges[0].tolist(), ranges[1].tolist(), ranges[2].tolist()
        for n in range(base, hi):
            i = n - base
            seen = {g[x] for x in sv[sp[i]: sp[i + 1]]}
            seen.update(g[pv[2 * j]] ^ g[pv[2 * j + 1]] for j in range(pp[i], pp[i + 1]))
            for j in range(rp[i], rp[i + 1]):
                seen.update(g[rs[j]: re[j]])
                self.work += re[j] - rs[j]
            g.append(mex_of_set(seen))


def _count(what: str, heaps: int) -> None:
    """Count ``heaps`` positions against the budget in force, and look at its
    clock and memory."""
    meter = active()
    look(what, heaps)
    if meter.positions is not None and meter.count > meter.positions:
        raise SearchLimitError(
            f"{what} needs more than {meter.positions:,} positions (the budget); ask for a larger "
            "budget to go further", meter.count - heaps, reason="positions")


def _slice(table: MexTable | _PyMex, lo: int, hi: int) -> list[int]:
    got = table.values[lo:hi]
    return got if isinstance(got, list) else [int(x) for x in got.tolist()]


def rule_chunks(ruleset: Ruleset, to: int, *, progress: Progress | None = None) -> Iterator[list[int]]:
    """The values of heaps ``0..to`` from the raw rules (never a closed form), a
    chunk at a time: read straight from the move function into a compiled mex
    (:class:`~grundy.kernels.tabulate.MexTable`: whole ranges of heaps,
    ``range`` or :class:`grundy.HeapRanges`, without reading their heaps; splits
    into two heaps) while its options are smaller heaps, splits and ranges, and
    by the search (:func:`heap_value`) from the first heap whose are not (it
    names a move function that fails). The budget in force is looked at
    between chunks, and within a chunk whenever the move function is slow.

    >>> import grundy
    >>> take = grundy.ruleset(lambda n: range(max(0, n - 900), n))   # take 1..900
    >>> [v for chunk in rule_chunks(take, 2000) for v in chunk][1801:1804]
    [900, 0, 1]
    """
    tell: Progress = progress if progress is not None else _quiet
    n = 0
    if _mex_ready(ruleset):
        # numba loads in about a second: a small table is the mex in Python,
        # unless its ranges are long
        table: MexTable | _PyMex = MexTable() if to >= _COMPILED_FROM or loaded("_tabulate_jit") else _PyMex()
        # a move function's own, past the method that only forwards to it
        moves = ruleset._moves if type(ruleset) is FunctionRuleset else ruleset.moves
        step = 64
        what = f"{ruleset.name}: the table to heap {describe(to)}"
        while n <= to:
            hi = min(to + 1, n + step)
            t = time.perf_counter()
            try:
                parsed = _read_options(moves, n, hi)
            except _Unsupported as stop:
                good = int(stop.args[0])
                if good > n:  # the heaps before the odd one, read again (cheap), then the search
                    parsed = _read_options(moves, n, good)
                    table.extend(good, singles=parsed[0], pairs=parsed[1], ranges=parsed[2])
                    yield _slice(table, n, good)
                    n = good
                    tell(n)
                break
            if isinstance(table, _PyMex) and table.work > _PY_WORK:
                table = MexTable(table.values)
            table.extend(hi, singles=parsed[0], pairs=parsed[1], ranges=parsed[2])
            yield _slice(table, n, hi)
            _count(what, hi - n)
            n = hi
            tell(n)
            if time.perf_counter() - t < 0.05:
                step = min(_MEX_CHUNK, 2 * step)
    for m in range(n, to + 1):
        yield [heap_value(ruleset, m, None if progress is None else lambda _: tell(m))]
        look(f"{ruleset.name}: the table to heap {describe(to)}", 0)
        tell(m + 1)
