"""The whole-game search (remoteness, suspense, misère values): a node is a
position or a ``Sum`` of positions, searched as one game whose moves move one part.

>>> import grundy
>>> from grundy.solve.reducer import MISERE
>>> memo = {}
>>> _search_whole(grundy.games.get("nim"), grundy.Sum(1, 1), MISERE, memo, Budget(), None)
>>> memo[grundy.Sum(1, 1)]
1
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from grundy.solve.budget import Budget
from grundy.solve.reducer.bound import Ticker
from grundy.solve.reducer.options import _bad_option, _loop, node_options
from grundy.solve.reducer.rules import Progress, Rule
from grundy.values.errors import describe

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__: list[str] = []


def _search_whole(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
) -> None:
    """The whole-game search: a node is a position or a ``Sum`` of positions, and a
    sum's options move in one part (remoteness, suspense, misère values)."""
    combine = rule.combine
    if meter is None:
        meter = budget.start()
    what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
    pending: dict[Hashable, list[Hashable]] = {}
    stack: list[Hashable] = [root]
    ticker = Ticker(meter, what, [memo], progress=progress)
    while stack:
        p = stack.pop()
        if p in memo:
            continue
        opts = pending.pop(p, None)
        if opts is None:
            ticker.tick()
            opts = node_options(ruleset, p, budget.positions, meter, what)
        try:
            missing = [o for o in opts if o not in memo]  # (again: one may have been evicted)
        except TypeError:
            raise _bad_option(ruleset, p, opts) from None
        if missing:
            for o in missing:
                if o in pending or o == p:
                    raise _loop(ruleset, o)
            pending[p] = opts
            stack.append(p)
            stack.extend(missing)
            continue
        memo[p] = combine([memo[o] for o in opts])
    ticker.done()
