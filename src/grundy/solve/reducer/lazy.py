"""The lazy search: the split search (Grundy values) as one loop, for rulesets
without ``decompose`` or ``canonical`` hooks (most user games).

>>> import grundy
>>> from grundy.solve.reducer import GRUNDY
>>> kayles = grundy.games.get("kayles")
>>> memo = {}
>>> _search_lazy(kayles, 9, GRUNDY, memo, Budget(), None)
>>> memo[9], memo[4]
(4, 1)
"""

from __future__ import annotations

import time

from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from grundy.rules._sum import DONE as _DONE
from grundy.rules._sum import MORE as _MORE
from grundy.rules._sum import scan_options
from grundy.rules._sum import sum_value as _sum_value

try:
    from grundy.rules._sum import LAZY_CHECK as _CHECK
    from grundy.rules._sum import LAZY_FINISHED as _FINISHED
    from grundy.rules._sum import LAZY_LOOP as _LOOP
    from grundy.rules._sum import LAZY_MORE as _MORE_OPTIONS
    from grundy.rules._sum import LAZY_RULESET as _RULESET
    from grundy.rules._sum import LazyLoop as _LazyLoop
except ImportError:  # an extension built before the loop was compiled: the Python loop
    _LazyLoop = None  # type: ignore[assignment,misc]
from grundy.rules.ruleset import Ruleset as _Ruleset
from grundy.rules.sums import Sum
from grundy.solve.budget import Budget
from grundy.solve.reducer.bound import Ticker
from grundy.solve.reducer.options import (
    _bad_option,
    _loop_or_bad,
    _unstable,
    options,
    refuse_many,
    take,
)
from grundy.solve.reducer.rules import Progress, Rule
from grundy.values import clock as _clock
from grundy.values.errors import GrundyError, SearchLimitError, describe
from grundy.values.nimbers import mex_of_set

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__: list[str] = []


# A position on the path of the lazy search: the position, the iterator of its
# options, the values of those read, the option it waits for.
_Frame0 = tuple[Hashable, Iterator[Any], set[int], Hashable]
_CHUNK = 256  # options read between two looks at the clock (a Sum option may be big)

#: The compiled loop (``grundy.rules._sum.LazyLoop``), or ``None`` for the Python
#: loop of :func:`_search_lazy` (an older build of the extension; the tests run both).
COMPILED: Any = _LazyLoop


def _search_lazy(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
) -> None:
    """The split search as one loop, for rulesets without ``decompose`` or
    ``canonical`` (most user games): what a memoised recursion does, without its
    stack. The current position ``p`` reads its options from the move function's
    own iterator, in C (``scan_options``: the values of known options go into a set,
    the first unknown one comes back); an unknown option is descended into with
    ``p`` pushed on ``path``, and ``p`` resumes where it stopped once the option is
    known. A ``Sum`` option with unknown parts is waited for one part at a time.
    ``onpath`` (the positions being expanded) finds cycles. Positions are counted
    against the budget by a :class:`~grundy.solve.reducer.bound.Ticker` in batches
    (:meth:`~grundy.solve.reducer.bound.Ticker.catch_up`). With a budget of positions
    the options are listed first (:func:`take`, in chunks under the clock), and a
    position with more options than the budget is refused before its options are
    searched."""
    from grundy.rules.ruleset import FunctionRuleset

    if meter is None:
        meter = budget.start()
    combine = rule.combine
    mex = combine is mex_of_set
    moves: Callable[[Any], Iterable[Hashable]] = ruleset.moves
    if isinstance(ruleset, FunctionRuleset) and type(ruleset).moves is FunctionRuleset.moves:
        moves = ruleset._moves  # the user's function itself: one call less a position
    what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
    cap = budget.positions
    counts = cap is not None and ruleset._option_counts
    ticker = Ticker(meter, what, [memo], progress=progress)
    loop = COMPILED
    if loop is not None and mex and cap is None:
        offset = _clock.monotonic_offset()  # time.monotonic() - offset >= clock()
        upper = None if offset is None else time.monotonic
        _run_compiled(loop(moves, memo, set(), root, _Ruleset, _clock.now, upper, offset or 0.0),
                      ruleset, meter, ticker, what)
        return
    scan, done, more, sum_value = scan_options, _DONE, _MORE, _sum_value
    path: list[_Frame0] = []
    onpath: set[Hashable] = set()
    n = meter.count
    check = ticker.next_check
    clock, next_look = _clock.now, meter.next_look
    p: Hashable = root
    it: Iterator[Any] | None = None
    vals: set[int] = set()
    try:
        while True:
            if it is None:  # expand p
                n += 1  # the ticker's tick, batched (the clock: at every call)
                if n >= check or clock() >= next_look:
                    check = ticker.catch_up(n)
                    next_look = meter.next_look
                try:
                    raw = moves(p)
                    if type(raw) is not list and isinstance(raw, _Ruleset):
                        options(ruleset, p)  # raises: a factory of rulesets, not a move function
                    if cap is not None:  # list the options: more than the budget is refused
                        if counts:
                            refuse_many(ruleset, p, cap, what, n)
                        if type(raw) is not list:
                            it = iter(raw)
                            raw = tuple(islice(it, _CHUNK))
                            if len(raw) == _CHUNK:  # a long list: in chunks, under the clock
                                raw += tuple(take(it, cap, meter, what, p))
                        if len(raw) > cap:
                            raise SearchLimitError(
                                f"{what} stopped: position {describe(p)} has more than "
                                f"{cap:,} options (the budget)", n, reason="positions",
                            )
                    it = iter(raw)
                except (GrundyError, KeyboardInterrupt, MemoryError):
                    raise
                except BaseException:
                    options(ruleset, p, None, meter)  # raises the error naming the position
                    raise
                vals = set()
                onpath.add(p)
            try:
                o = scan(it, memo, vals, _CHUNK)
            except (GrundyError, KeyboardInterrupt, MemoryError):
                raise
            except BaseException:
                raise _bad_option(ruleset, p, options(ruleset, p, None, meter)) from None
            if o is done:
                if mex:
                    v = 0
                    while v in vals:
                        v += 1
                    memo[p] = v
                else:
                    memo[p] = combine(vals)
                onpath.remove(p)
                if not path:
                    meter.count = n
                    ticker.done()
                    return
                p, it, vals, o = path.pop()
                if type(o) is not Sum:
                    vals.add(memo[o])
                    continue
                x = sum_value(o, memo)
                if x is not None:
                    vals.add(x)
                    continue
                # another part of the Sum o is unknown: descend into it (below)
            elif o is more:  # a long list of known options: look at the clock
                meter.count = n
                meter.look(what)
                next_look = meter.next_look
                continue
            if type(o) is Sum:
                c = next((q for q in o.parts if q not in memo), done)
                if c is done:  # the C lookup missed what `in` finds: a hash changed
                    raise _unstable(ruleset, o)
            else:
                c = o
            if c in onpath:
                raise _loop_or_bad(ruleset, [f[0] for f in path] + [p], c, meter)
            path.append((p, it, vals, o))
            p, it = c, None
    finally:
        meter.count = n


def _run_compiled(lz: Any, ruleset: Ruleset, meter: Any, ticker: Ticker, what: str) -> None:
    """Drive the loop of :func:`_search_lazy` compiled (``LazyLoop``): it searches
    until Python must act, and says what (the tick of the budget at the same counts
    and clock times as the Python loop, a look at the clock after a long list of
    known options, a cycle, a Sum whose hash changed, a move function that returned
    a ruleset); an error of the move function or of its options is named here, as
    the Python loop names it (``lz.phase`` says which)."""
    lz.count = meter.count
    lz.check = ticker.next_check
    lz.next_look = meter.next_look
    run = lz.run
    try:
        while True:
            try:
                code = run()
                if code == _RULESET:
                    options(ruleset, lz.position)  # raises: a factory of rulesets
                    continue
            except (GrundyError, KeyboardInterrupt, MemoryError):
                raise
            except BaseException:
                if lz.phase == 1:  # the move function, or iter() of its result
                    options(ruleset, lz.position, None, meter)  # raises the error naming it
                elif lz.phase == 2:  # an option
                    p = lz.position
                    raise _bad_option(ruleset, p, options(ruleset, p, None, meter)) from None
                raise
            if code == _CHECK:
                lz.check = ticker.catch_up(lz.count)
                lz.next_look = meter.next_look
            elif code == _MORE_OPTIONS:  # a long list of known options: look at the clock
                meter.count = lz.count
                meter.look(what)
                lz.next_look = meter.next_look
            elif code == _FINISHED:
                meter.count = lz.count
                ticker.done()
                return
            elif code == _LOOP:
                raise _loop_or_bad(ruleset, lz.path(), lz.waiting, meter)
            else:  # _UNSTABLE: the C lookup missed what `in` finds
                raise _unstable(ruleset, lz.waiting)
    finally:
        meter.count = lz.count
