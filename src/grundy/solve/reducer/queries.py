"""The reducer's questions: :func:`reduce` (a value under a :class:`Rule`) and
:func:`outcome`, each choosing its search (lazy, split, whole, pruned, mex sets)
and loading and saving a store when asked.

>>> import grundy
>>> reduce(grundy.games.get("kayles"), grundy.Sum(4, 5)), outcome(grundy.games.get("nim"), 0)
(5, Outcome.P)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from grundy.rules.sums import Sum
from grundy.solve.budget import UNLIMITED, Budget
from grundy.solve.collector import paused_collector
from grundy.solve.guard import guard
from grundy.solve.reducer.memos import memo_of
from grundy.solve.reducer.mex_sets import _MexSets
from grundy.solve.reducer.options import _flatten, _unstable
from grundy.solve.reducer.pruned import _Pruned
from grundy.solve.reducer.rules import GRUNDY, PRUNED, Progress, Rule, Search
from grundy.solve.reducer.split import _search_split
from grundy.solve.reducer.store import StorePath, _stored
from grundy.solve.reducer.whole import _search_whole
from grundy.values.errors import UnhashablePositionError, describe
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["reduce", "outcome"]


@paused_collector  # the collector would scan the growing memo again and again
def reduce(
    ruleset: Ruleset,
    position: Hashable,
    rule: Rule = GRUNDY,
    *,
    budget: Budget = UNLIMITED,
    progress: Progress | None = None,
    search: Search | None = None,
    store: StorePath | None = None,
    save_every: float | None = None,
    store_key: str | None = None,
) -> int:
    """The ``rule`` value of ``position`` (a position or a ``Sum``), from the raw rules.

    O(positions + moves) the first time over the positions not yet memoised, O(1)
    after. Raises :class:`SearchLimitError` beyond ``budget`` (what was finished stays
    memoised) and :class:`LoopyGameError` on a cycle. ``search`` chooses the methods
    (:class:`Search`; ``None``: the plain search, with the ruleset's ``canonical``
    hook); with ``search.prune`` a Grundy value is found by outcome searches of
    ``G + *k`` for ``k = 0, 1, ...`` (the first P-position's ``k`` is the value).
    With ``store`` (a file), the ruleset's memos are loaded from it first when it
    exists (:func:`load_memo`) and saved to it at the end, also when the search
    stops at the budget or is interrupted (:func:`save_memo`), and every
    ``save_every`` seconds while it runs (:data:`SAVE_EVERY`, 60 s, when None), so
    even a killed process loses at most that much: run again, the search resumes
    from what was found. A store is loaded only for the same rules: the same
    catalogue spec, or the same code, constants, closure, defaults, globals read
    and parameters of the user's rules; ``store_key`` names them by hand instead
    (see :func:`load_memo`).
    """
    if store is not None:
        with _stored(ruleset, store, save_every, store_key):
            return reduce(ruleset, position, rule, budget=budget, progress=progress,
                          search=search)
    memo = memo_of(ruleset, rule)
    if rule.split:
        if type(position) is Sum:
            v = 0
            for part in position.parts:
                v ^= reduce(ruleset, part, rule, budget=budget, progress=progress, search=search)
            return v
    else:
        position = _flatten(ruleset, position)
    try:
        return memo[position]
    except KeyError:
        pass
    except TypeError:
        raise UnhashablePositionError(
            f"position {describe(position)} is not hashable; use tuples or frozensets"
        ) from None
    if hash(position) != hash(position):  # else the search re-expands it for ever
        raise _unstable(ruleset, position)
    if search is not None and search.mex_sets and rule is GRUNDY:
        return _MexSets(ruleset, search, budget, position).value_of(position)
    if search is not None and search.prune and rule is GRUNDY:
        return _Pruned(ruleset, search, budget, position).value_of(position)
    meter = budget.start()
    try:
        with guard(meter, f"{ruleset.name}: the {rule.name} of {describe(position)}"):
            if rule.split:
                _search_split(ruleset, position, rule, memo, budget, progress, meter,
                              search is None or search.canonical)
            else:
                _search_whole(ruleset, position, rule, memo, budget, progress, meter)
        return memo[position]
    except MemoryError:  # an address-space limit met between two looks at the memory
        raise meter.out_of_memory(
            f"{ruleset.name}: the {rule.name} of {describe(position)}") from None
    except KeyError as exc:  # a memo lookup missed what was stored: a hash changed
        raise _unstable(ruleset, exc.args[0] if exc.args else position) from None


@paused_collector
def outcome(ruleset: Ruleset, position: Hashable, *, search: Search = PRUNED,
            budget: Budget = UNLIMITED, store: StorePath | None = None,
            save_every: float | None = None, store_key: str | None = None) -> Outcome:
    """The outcome of ``position`` (a position or a ``Sum``): ``Outcome.N`` when the
    player to move wins. With ``search.prune`` only what decides the outcome is
    searched; otherwise it is the Grundy value's (:func:`reduce`) zero test.
    ``store``, ``save_every``, ``store_key``: a file the memos are loaded from and
    saved to (at the end and periodically), as in :func:`reduce`.

    >>> import grundy
    >>> outcome(grundy.games.get("kayles"), grundy.Sum(3, 3))
    Outcome.P
    """
    if store is not None:
        with _stored(ruleset, store, save_every, store_key):
            return outcome(ruleset, position, search=search, budget=budget)
    if not search.prune:
        return Outcome.N if reduce(ruleset, position, GRUNDY, budget=budget, search=search) \
            else Outcome.P
    wins = _Pruned(ruleset, search, budget, position).wins(position, 0)
    return Outcome.N if wins else Outcome.P


