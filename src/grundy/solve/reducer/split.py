"""The split search (Grundy values): a ``Sum`` option and a position that
declares parts (``decompose``) are worth the XOR of their parts, and only the
parts are searched; a position with a ``canonical`` representative shares its
entry.

>>> import grundy
>>> from grundy.solve.reducer import GRUNDY
>>> cram = grundy.games.get("cram")
>>> memo = {}
>>> _search_split(cram, cram.parse_position("3x3"), GRUNDY, memo, Budget(), None)
>>> memo[cram.parse_position("3x3")]
0
"""

from __future__ import annotations

import sys

from collections.abc import Callable, Hashable, Iterator
from functools import partial
from itertools import takewhile
from operator import is_not
from typing import TYPE_CHECKING, Any

from grundy.rules._sum import xor_scan
from grundy.rules.ruleset import Ruleset as _Ruleset
from grundy.rules.sums import Sum
from grundy.solve.budget import Budget
from grundy.solve.reducer.bound import Ticker
from grundy.solve.reducer.lazy import _search_lazy
from grundy.solve.reducer.memos import _memos
from grundy.solve.reducer.options import (
    _bad_option, _canonical, _canonical_hook, _loop, _parts, _unstable, options, take,
)
from grundy.solve.reducer.rules import Progress, Rule
from grundy.values.errors import GrundyError, describe

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__: list[str] = []


# The split search is a driver (_SplitSearch.run) and steps, each a method that
# either finishes a position (writes its value in the memo) or parks it: puts it in
# `pending` with the step that resumes it and that step's data, and pushes it on the
# stack under the positions it waits for. grundy.solve.reference is the same search
# written plainly; the property tests hold the two equal.
_known = partial(is_not, None)  # memo.get found a value
# A lazy scan: options, values of a prefix, the lookups of the rest, descended (see scan_lazily)
_LazyScan = tuple[list[Hashable], list[int], Iterator[Any], bool]


def _search_split(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
    canonical: bool = True,
) -> None:
    """The split search (Grundy values): Sum options and decomposed positions are
    worth the XOR of their parts; only parts are searched. A ruleset with neither a
    ``decompose`` nor a (used) ``canonical`` hook takes the one-loop path
    (:func:`_search_lazy`)."""
    if not ruleset.has_decompose and (not canonical or _canonical_hook(ruleset) is None):
        _search_lazy(ruleset, root, rule, memo, budget, progress, meter)
        return
    _SplitSearch(ruleset, root, rule, memo, budget, progress, meter, canonical).run()



class _SplitSearch:
    """One split search from ``root``: :meth:`run` and its steps.

    Invariants: ``memo`` holds the finished positions (never a Sum); ``pending``
    maps each position expanded but not finished to ``(step, data)``, the method
    that resumes it; those are exactly the positions on the current path of the
    depth-first search, so an option found in ``pending`` closes a cycle; on
    ``stack`` a parked position lies under the positions it waits for.

    Options are read lazily (:meth:`scan_lazily`) until the ruleset yields a
    ``Sum``, then all at once (:meth:`scan_all`); the reducer keeps that fact about
    the ruleset with its memos (``_Memos.yields_sums``), so later searches read its
    options all at once from the start.
    """

    __slots__ = ("ruleset", "memo", "get", "moves", "combine", "meter", "cap", "what",
                 "decomposes", "memos", "lazy", "pending", "stack", "resume_lazily",
                 "canonical", "ticker")

    def __init__(self, ruleset: Ruleset, root: Hashable, rule: Rule,
                 memo: dict[Hashable, int], budget: Budget, progress: Progress | None,
                 meter: Any, canonical: bool = True) -> None:
        self.ruleset = ruleset
        self.memo = memo
        self.get = memo.get
        self.moves = ruleset.moves
        self.combine = rule.combine
        self.meter = budget.start() if meter is None else meter
        # a huge option list is read in chunks, so the clock is watched while it is listed
        self.cap = budget.positions or sys.maxsize
        self.what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
        self.decomposes = ruleset.has_decompose
        self.memos = _memos(ruleset)
        self.lazy = not self.memos.yields_sums
        self.pending: dict[Hashable, tuple[Callable[[Hashable, Any], None], Any]] = {}
        self.stack: list[Hashable] = [root]
        self.resume_lazily = self.scan_lazily  # bound once: it is parked at every descent
        # symmetric positions share the entry of their representative (canonical hook)
        self.canonical = _canonical_hook(ruleset) if canonical else None
        self.ticker = Ticker(self.meter, self.what, [memo], progress=progress)

    def run(self) -> None:
        """The driver: pop a position; skip it if known, resume it if parked, else
        expand it; until the stack is empty (the root is then in the memo)."""
        memo, pending, stack, expand = self.memo, self.pending, self.stack, self.expand
        pop = stack.pop
        while stack:
            p = pop()
            if p in memo:
                continue
            parked = pending.pop(p, None)
            if parked is None:
                expand(p)
            else:
                step, data = parked
                step(p, data)
        self.ticker.done()

    def expand(self, p: Hashable) -> None:
        """The first visit of ``p``: count it against the budget, then hand its parts
        to :meth:`xor_parts`, or its options to a scan."""
        self.ticker.tick()
        if self.decomposes:
            parts = _parts(self.ruleset, p)
            if parts is not None:
                self.xor_parts(p, parts)
                return
        if self.canonical is not None:
            c = _canonical(self.ruleset, p, self.canonical)
            if c is not None:
                self.xor_parts(p, (c,))  # its value is its representative's
                return
        try:
            opts = self.moves(p)
            if type(opts) is not list:  # in chunks: the clock and the memory are watched
                if opts is None or isinstance(opts, _Ruleset):
                    opts = options(self.ruleset, p)  # raises the error naming the position
                opts = take(opts, self.cap, self.meter, self.what, p)
        except GrundyError:
            raise
        except (KeyboardInterrupt, MemoryError):
            raise
        except BaseException:
            opts = options(self.ruleset, p, None, self.meter)  # raises the error naming the position
        if self.lazy:
            self.scan_lazily(p, (opts, [], map(self.get, opts), False))
        else:
            self.scan_all(p, opts)

    def xor_parts(self, p: Hashable, parts: tuple[Hashable, ...]) -> None:
        """``p`` decomposes: its value is the XOR of its parts' values. Parks ``p``
        under the parts not yet known (and is its own resuming step)."""
        memo = self.memo
        missing = [c for c in parts if c not in memo]
        if missing:
            self.park(p, self.xor_parts, parts, missing)
            return
        x = 0
        for c in parts:
            x ^= memo[c]
        memo[p] = x

    def scan_lazily(self, p: Hashable, state: _LazyScan) -> None:
        """Look the options' values up in order, in C (``takewhile`` over a
        ``map(memo.get, opts)``), and descend into the first unknown one: the stack
        holds one path and each option is looked up once, as in a memoised
        recursion. ``state`` is ``(opts, vals, scan, descended)``: ``vals`` are the
        values of ``opts[:len(vals)]``, ``scan`` yields those after the next one,
        and ``descended`` says the next one was unknown and is known now (``p``
        resumes here). A ``Sum`` option switches this ruleset to :meth:`scan_all`."""
        opts, vals, scan, descended = state
        try:
            if descended:
                vals.append(self.memo[opts[len(vals)]])
            vals.extend(takewhile(_known, scan))
        except TypeError:
            raise _bad_option(self.ruleset, p, opts) from None
        if len(vals) == len(opts):
            self.memo[p] = self.combine(set(vals))
            return
        c = opts[len(vals)]
        if type(c) is Sum:
            self.lazy = False
            self.memos.yields_sums = True
            self.scan_all(p, opts)
            return
        if c in self.pending or c == p:
            raise _loop(self.ruleset, c)
        self.pending[p] = (self.resume_lazily, (opts, vals, scan, True))
        stack = self.stack
        stack.append(p)
        stack.append(c)

    def scan_all(self, p: Hashable, opts: list[Hashable]) -> None:
        """All of ``p``'s options at once: one C scan (``xor_scan``) when every value
        is known (a Sum option is worth the XOR of its parts); else ``p`` is parked
        under every part not yet known, to be scanned again (its own resuming step)."""
        memo = self.memo
        try:
            known = xor_scan(opts, memo)
            if known is not None:
                memo[p] = self.combine(known)
                return
            missing = [c for o in opts for c in (o.parts if type(o) is Sum else (o,))
                       if c not in memo]
        except TypeError:
            raise _bad_option(self.ruleset, p, opts) from None
        if not missing:  # the C scan missed what `in` finds: a hash changed
            raise _unstable(self.ruleset, p)
        self.park(p, self.scan_all, opts, missing)

    def park(self, p: Hashable, step: Callable[[Hashable, Any], None], data: Any,
             missing: list[Hashable]) -> None:
        """Wait at ``p`` for ``missing`` (none of them may be on the current path:
        that is a cycle); ``step(p, data)`` resumes it once they are known."""
        pending = self.pending
        for c in missing:
            if c in pending or c == p:
                raise _loop(self.ruleset, c)
        pending[p] = (step, data)
        self.stack.append(p)
        self.stack += missing
