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

from grundy.values.errors import InvalidParameterError, InvalidPositionError, LoopyGameError, describe
from grundy.values.outcome import Outcome
from grundy.values.periodicity import Periodicity
from grundy.rules.ruleset import Ruleset
from grundy.patterns.periodicity import find_periodicity, observed
from grundy.solve.budget import Budget, look, watching

__all__ = [
    "HeapTable", "heap_table", "heap_chunks", "heap_value", "pattern_of", "period_search",
    "table_shape", "p_positions", "grow_in_steps", "ArrayTable", "PeriodSearch",
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


@runtime_checkable
class PeriodSearch(Protocol):
    """A ruleset that finds its own period by growing its table, within a stated
    budget of :attr:`period_seconds` (``find_period``); its ``periodicity`` runs
    the search once (without progress) and keeps the answer. (Not a member here:
    ``isinstance`` would read the property, and so run the search.)"""

    period_seconds: float
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
        table = array(target, progress=progress)
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
    """``ruleset`` if :func:`pattern_of` with a ``progress`` would now run its
    period search (:class:`PeriodSearch`, not yet run), else ``None``: a face
    shows that search's progress, within ``period_seconds``.

    >>> import grundy
    >>> period_search(grundy.games.get("nim")) is None
    True
    """
    if isinstance(ruleset, PeriodSearch) and not ruleset.period_searched:
        return ruleset
    return None


def pattern_of(ruleset: Ruleset, values: Sequence[int], *, progress: Progress | None = None,
               max_period: int = 10_000) -> Periodicity | None:
    """The pattern of the table ``values`` (heaps ``0, 1, ...``) of ``ruleset``:
    its own period, else one observed in ``values`` (saltus allowed), reported
    only if proven or worth reporting by the rule of ``docs/octal.md``
    (:func:`~grundy.patterns.periodicity.observed`). A ruleset that searches its
    own period (:class:`PeriodSearch`) has the last word: its table is longer
    than ``values``. With ``progress``, that search (if not run yet) reports the
    values it tables.

    >>> import grundy
    >>> pattern_of(grundy.games.get("kayles"), []).period
    12
    >>> pattern_of(grundy.ruleset(lambda n: [n - k for k in (1, 2, 5) if k <= n]), [0, 1, 2] * 12)
    Periodicity(preperiod=0, period=3, saltus=0, proven=False, checked=36)
    >>> pattern_of(grundy.ruleset(lambda n: range(n)), [0, 1, 0, 2, 1, 3, 0, 2, 1]) is None
    True
    """
    search = period_search(ruleset)
    if search is not None and progress is not None:
        return observed(search.find_period(progress=progress))
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
