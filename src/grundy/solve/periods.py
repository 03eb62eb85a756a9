"""The tables and periods of take-and-break and subtraction games, kept in the
record of their ruleset (:func:`grundy.solve.caches.cache_of`), never on it.

- :class:`HeapTables`: what is computed for one ruleset: its compiled table
  (:class:`~grundy.solve.splittable.SplitTable`, or the general kernel's array),
  the period found, whether the search ran and how far it got (``note``);
- :func:`take_break_tables`: that record of a take-and-break code (a finite octal
  code's table may live in a table store: the ruleset's own ``store``);
- :meth:`HeapTables.octal_period`: grow the table until the Guy-Smith theorem
  proves the period, within the caller's :class:`~grundy.solve.budget.Budget`;
  :meth:`HeapTables.window_period` the same for subtraction games (a repeated
  window of ``max(S)`` values proves it).

Every search runs within the budget it is given, and within the budget in force
(:func:`~grundy.solve.budget.watching`); there is no time limit of its own. Its
seconds are those of every budget (:mod:`grundy.values.clock`: the clock stands
still while compiled code loads, so a cold start does not eat the search).

>>> t = HeapTables("octal:0.07", [0, 0, 7], False)
>>> t.find_period(budget=Budget(positions=1 << 16))
Periodicity(preperiod=53, period=34, saltus=0, proven=True, checked=...)
>>> t.note.startswith("proven on")
True
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from grundy.values import clock as _clock
from grundy.values.errors import InvalidParameterError, describe
from grundy.values.periodicity import Periodicity
from grundy.patterns.periodicity import find_periodicity, octal_periodicity
from grundy.solve.budget import Budget, as_budget, look, reserve, watching
from grundy.solve.caches import cache_of
from grundy.solve.splittable import MAX_HEAPS, SplitTable, attach

__all__ = ["HeapTables", "PeriodNotes", "take_break_tables", "split_table"]

Progress = Callable[[int], None]

#: the heap bound of a period search on a table store: none but the disk's room
_DISK = 1 << 62


def _seconds(seconds: float | None) -> str:
    return "no time limit" if seconds is None else f"{seconds:g} s"


class HeapTables:
    """What is computed for one heap game (see the module docstring): a finite
    octal code (``digits`` up to 7, no ``repeat``) or a subtraction game (``takes``)
    has a :class:`SplitTable` (:attr:`engine`), bound to ``store`` if given; other
    codes the general kernel's array (:attr:`table`, grown by :meth:`extend`)."""

    def __init__(self, name: str, digits: list[int], repeat: bool, *, store: str | Path | None = None,
                 max_heaps: int = MAX_HEAPS, takes: list[int] | None = None) -> None:
        self.name, self.digits, self.repeat = name, list(digits), repeat
        self.engine: SplitTable | None = None
        if takes is not None:  # a subtraction game: the octal game with digit 3 at each take
            self.engine = SplitTable(name, splits=[], takes=takes, wholes=takes, max_heaps=max_heaps,
                                     periodic=True)
        elif not repeat and all(d < 8 for d in digits):
            d = digits
            self.engine = SplitTable(
                name,
                splits=[k for k, x in enumerate(d) if x & 4],
                takes=[k for k, x in enumerate(d) if k and x & 2],
                wholes=[k for k, x in enumerate(d) if k and x & 1],
                max_heaps=max_heaps, periodic=True,
            )
        if store is not None:
            if self.engine is None:
                raise InvalidParameterError(f"{name}: table stores are for finite octal codes")
            attach(self.engine, store)
        #: the general kernel's table (repeated or hexadecimal digits)
        self.table: Any = None
        #: the period found by the last search (:meth:`find_period`)
        self.period: Periodicity | None = None
        #: whether the period search has run
        self.searched = False
        #: how far the period search got
        self.note = ""

    # ------------------------------------------------------------ general kernel
    def extend(self, n: int, chunk: int, progress: Progress | None = None) -> Any:
        """The general kernel (repeated or hexadecimal digits): grow the table past
        ``n`` (at least doubling it), one chunk per kernel call; the table."""
        from grundy.kernels.octal import octal_table

        have = 0 if self.table is None else len(self.table)
        if n < have:
            return self.table
        target = max(n, 2 * have)
        while have <= target:
            upto = min(target, have + chunk)
            reserve(4 * (upto + 1), f"{self.name}: the table to heap {describe(upto)}")
            self.table = octal_table(self.digits, upto, repeat=self.repeat, prefix=self.table)
            have, done = upto + 1, upto + 1 - have
            if progress is not None:
                progress(have)
            look(f"{self.name}: the table to heap {describe(n)}", done)
        return self.table

    # -------------------------------------------------------------- the periods
    def find_period(self, *, budget: Budget | None = None, progress: Progress | None = None,
                    general: Callable[[], Periodicity | None] | None = None,
                    max_heaps: int | None = None) -> Periodicity | None:
        """Grow the table until the Guy-Smith theorem proves the period, or until
        ``budget.seconds`` are spent or ``budget.positions`` heaps (default:
        ``max_heaps``, else the table's memory bound; a table store's is the
        disk) are tabled; :attr:`note`
        says which. The budget in force applies too. Returns the proven period,
        or else the pattern observed (``proven=False``) or ``None``. A code
        without a :attr:`engine` calls ``general()`` instead."""
        b = as_budget(budget)
        if self.engine is None:
            if general is None:
                raise InvalidParameterError(f"{self.name}: no period search for this game")
            found = general()
        else:
            heaps = (self.engine.max_heaps if max_heaps is None else max_heaps) \
                if self.engine.store is None else _DISK
            with watching(Budget(max_memory=b.max_memory)):
                found = self.octal_period(b.replace(positions=heaps if b.positions is None
                                                    else b.positions), progress)
        self.period, self.searched = found, True
        return found

    def octal_period(self, budget: Budget, progress: Progress | None) -> Periodicity | None:
        """The search of :meth:`find_period` on a finite octal code, within
        ``budget``: its seconds on the budgets' clock (the table stops at its first
        chunk past them), ``positions`` the most heaps tabled."""
        assert self.engine is not None and budget.positions is not None
        t = len(self.digits) - 1
        seconds, max_heaps = budget.seconds, budget.positions
        deadline = budget.start().deadline  # on grundy.values.clock, as every search's
        n = max(self.engine.have - 1, 1024)
        while True:
            n = min(n, max_heaps - 1)
            self.engine.extend(n, progress, deadline)
            # a table grown further before is read within the budget's heaps only,
            # so the answer does not depend on what was computed earlier
            have = min(self.engine.have, max_heaps)
            found = self.stored_period(t) or octal_periodicity(self.engine.g[:have], t)
            if found is not None and found.proven:
                self.note = f"proven on {found.checked:,} values"
                store = self.engine.store
                claim = {"preperiod": found.preperiod, "period": found.period, "checked": found.checked}
                if store is not None and store.meta.get("period") != claim:  # a resumed search skips the proof
                    store.remember("period", claim)
                return found
            late = deadline is not None and _clock.now() > deadline
            if have <= n or late or have >= max_heaps:
                why = "time" if have < max_heaps else "memory"
                heaps = "the disk's heaps" if max_heaps >= _DISK else f"{max_heaps:,} heaps"
                self.note = (
                    f"no period proven: the {why} budget ({_seconds(seconds)}, {heaps}) "
                    f"ended the search at {have:,} values"
                )
                return found
            nxt = 2 * n + 1
            if found is not None:  # just long enough to prove the pattern seen
                need = 2 * found.preperiod + 2 * found.period + t
                nxt = min(nxt, max(need, n + n // 16))
            n = nxt

    def stored_period(self, t: int) -> Periodicity | None:
        """The period a table store's header says was proven on its values, if the
        values bear it out where they were last written (the last 2^20 heaps:
        the values are checked against their CRC32 when the store opens)."""
        engine = self.engine
        store = engine.store if engine is not None else None
        claim = store.meta.get("period") if store is not None else None
        if engine is None or not isinstance(claim, dict):
            return None
        try:
            n0, p, checked = int(claim["preperiod"]), int(claim["period"]), int(claim["checked"])
        except (KeyError, TypeError, ValueError):
            return None
        have = engine.have
        if not (0 <= n0 and 1 <= p and 2 * n0 + 2 * p + t <= checked <= have):
            return None
        g = engine.g
        lo = max(n0 + p, have - (1 << 20))
        if not (g[lo:have] == g[lo - p:have - p]).all():
            return None
        return Periodicity(n0, p, 0, True, checked)

    def general_period(self, table: Callable[[int], Any], uses_kernel: bool) -> Periodicity | None:
        """The period observed on the tables ``table(n)`` of a code with repeated or
        hexadecimal digits (no Guy-Smith bound: observed only)."""
        if not uses_kernel:
            return find_periodicity(table(200), saltus=self.repeat, min_repeats=3)
        n = 1024
        while True:
            values = table(n)
            found = find_periodicity(values, saltus=self.repeat, min_repeats=4)
            hexa = any(d & 8 for d in self.digits)  # O(N^3) tables: one try
            if found is not None or hexa or n >= 1 << 16:
                self.note = f"observed on {len(values):,} values"
                return found
            n *= 4

    def window_period(self, w: int, *, budget: Budget | None = None,
                      progress: Progress | None = None) -> Periodicity | None:
        """A subtraction game's period (largest member ``w``): grow the table until
        one repeated window of ``w`` values proves it (each value depends only on
        the ``w`` before it), within ``budget`` (heaps: at most the table's
        memory bound) and the budget in force; :attr:`note` says how far it got."""
        from grundy.kernels.period import least_period

        assert self.engine is not None
        b = as_budget(budget)
        top = min(self.engine.max_heaps, self.engine.max_heaps if b.positions is None else b.positions)
        deadline = b.start().deadline  # on grundy.values.clock, as every search's
        n = max(1024, 4 * w)
        found: Periodicity | None = None
        with watching(Budget(max_memory=b.max_memory)):
            while True:
                n = min(n, top)
                self.engine.extend(n - 1, progress, deadline)
                have = min(self.engine.have, n)
                p, n0, proven = least_period(self.engine.g[:have], w, window=True)
                if proven:
                    found = Periodicity(n0, p, 0, True, have)
                    self.note = f"proven on {have:,} values"
                    break
                if have < n or n >= top or (deadline is not None and _clock.now() > deadline):
                    why = "memory" if n >= top and have >= n else "time"
                    self.note = (
                        f"no period proven: the {why} budget ({_seconds(b.seconds)}, {top:,} heaps) "
                        f"ended the search at {have:,} values"
                    )
                    break
                n *= 2
        self.period, self.searched = found, True
        return found


class PeriodNotes:
    """What a ruleset whose period search keeps its answers in its record
    (``_tables``, a :class:`HeapTables`) says about that search."""

    @property
    def _tables(self) -> HeapTables:
        raise NotImplementedError

    @property
    def period_searched(self) -> bool:
        """Whether the period search (:meth:`find_period`) has run."""
        return self._tables.searched

    @property
    def period_note(self) -> str:
        """How far the period search got (after :meth:`find_period`)."""
        return self._tables.note


def take_break_tables(ruleset: Any, max_heaps: int = MAX_HEAPS) -> HeapTables:
    """The record of the take-and-break ruleset ``ruleset`` (its ``name``,
    ``digits``, ``repeat``, and ``store``: a file of its own, or ``None``)."""
    name, digits, repeat, store = ruleset.name, ruleset.digits, ruleset.repeat, ruleset.store
    return cache_of(ruleset, "heap tables",
                    lambda: HeapTables(name, digits, repeat, store=store, max_heaps=max_heaps),
                    private=store is not None)


def split_table(ruleset: Any, make: Callable[[], SplitTable]) -> SplitTable:
    """The :class:`SplitTable` of ``ruleset`` made by ``make()`` (bound to the
    ruleset's own ``store``, if any)."""
    store = getattr(ruleset, "store", None)

    def bound() -> SplitTable:
        engine = make()
        if store is not None:
            attach(engine, store)
        return engine

    return cache_of(ruleset, "split table", bound, private=store is not None)
