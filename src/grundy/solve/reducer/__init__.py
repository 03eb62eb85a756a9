"""The reducer: one iterative, memoised search, parameterised by what it computes.

A :class:`Rule` says what a position's value is made of:

- :data:`GRUNDY`: the Sprague-Grundy value, ``mex`` of the options' values, where an
  option that is a :class:`~grundy.rules.sums.Sum` (one move leaving several games)
  is worth the XOR of its parts, and a position that declares its own parts
  (``ruleset.decompose``) is worth the XOR of theirs. Only the parts are searched,
  never the product of the components.
- :data:`REMOTENESS`, :data:`SUSPENSE`: Steinhaus' move counts. A sum is one game
  here (its positions are the combinations of its parts' positions).
- :data:`MISERE`: the misère Grundy value (a position with no move is worth 1): the
  whole position is one game, never split.

The search is a depth-first search with an explicit stack (a chain of a million
positions is fine), one memo per ruleset and rule (kept across queries), and one
place where a cycle is met (an option still being expanded): there the search raises
:class:`~grundy.values.errors.LoopyGameError` naming a position on the cycle. Every
search runs within a :class:`~grundy.solve.budget.Budget`. The same rules, searched
plainly in a few dozen lines, are :mod:`grundy.solve.reference`: read that first
(and :mod:`grundy.solve.reference_pruned` for the pruned and mex-set searches).

The package, one module a concern, each read in one sitting:

- :mod:`~grundy.solve.reducer.rules`: what is computed (:class:`Rule`) and by which
  methods (:class:`Search`);
- :mod:`~grundy.solve.reducer.queries`: :func:`reduce` and :func:`outcome`, which
  choose the search;
- :mod:`~grundy.solve.reducer.options`: the option lister (the user's move function
  and hooks, their errors named) and the errors of the searches;
- :mod:`~grundy.solve.reducer.memos`: the memos, one record per ruleset;
- :mod:`~grundy.solve.reducer.store`: saving and loading memos (``store=``);
- :mod:`~grundy.solve.reducer.bound`: the budget ticked in one place
  (:class:`~grundy.solve.reducer.bound.Ticker`) and the memos' memory bound;
- the searches: :mod:`~grundy.solve.reducer.lazy` (one loop, most user games),
  :mod:`~grundy.solve.reducer.split` (Grundy values with ``decompose`` or
  ``canonical``), :mod:`~grundy.solve.reducer.whole` (the other rules),
  :mod:`~grundy.solve.reducer.pruned` (outcomes, nimbers by outcome searches),
  :mod:`~grundy.solve.reducer.mex_sets` (Beling and Rogalski's pruning).

>>> import grundy
>>> from grundy.solve.reducer import reduce, GRUNDY, REMOTENESS
>>> lasker = grundy.games.get("lasker")
>>> [reduce(lasker, n, GRUNDY) for n in range(9)]
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> reduce(lasker, grundy.Sum(3, 5), GRUNDY), reduce(lasker, 3, REMOTENESS)
(1, 1)
"""

from __future__ import annotations

from grundy.solve.reducer.memos import forget, memo_of
from grundy.solve.reducer.options import node_options, normal, options
from grundy.solve.reducer.queries import outcome, reduce
from grundy.solve.reducer.rules import (
    GRUNDY, MEX_SETS, MISERE, PLAIN, PRUNED, REMOTENESS, SUSPENSE, Progress, Rule, Search,
    remoteness_rule, suspense_rule,
)
from grundy.solve.reducer.store import load_memo, save_memo

__all__ = [
    "Rule", "GRUNDY", "REMOTENESS", "SUSPENSE", "MISERE", "reduce", "memo_of", "forget",
    "options", "node_options", "normal", "remoteness_rule", "suspense_rule", "Progress",
    "Search", "PLAIN", "PRUNED", "MEX_SETS", "outcome", "save_memo", "load_memo",
]

# Read from the package by other modules of grundy and by tests (the names of the
# single module it was); not part of the public API.
from grundy.solve.reducer.bound import Ticker as Ticker  # noqa: E402
from grundy.solve.reducer.bound import _Bound as _Bound  # noqa: E402
from grundy.solve.reducer.lazy import _search_lazy as _search_lazy  # noqa: E402
from grundy.solve.reducer.memos import _memo_named as _memo_named  # noqa: E402
from grundy.solve.reducer.memos import _memos as _memos  # noqa: E402
from grundy.solve.reducer.mex_sets import _ALL as _ALL  # noqa: E402
from grundy.solve.reducer.mex_sets import _NOT_IN_SET as _NOT_IN_SET  # noqa: E402
from grundy.solve.reducer.mex_sets import _MexSets as _MexSets  # noqa: E402
from grundy.solve.reducer.options import _flatten as _flatten  # noqa: E402
from grundy.solve.reducer.options import _parts as _parts  # noqa: E402
from grundy.solve.reducer.options import iter_options as iter_options  # noqa: E402
from grundy.solve.reducer.options import take as take  # noqa: E402
from grundy.solve.reducer.pruned import _Pruned as _Pruned  # noqa: E402
from grundy.solve.reducer.split import _search_split as _search_split  # noqa: E402
from grundy.solve.reducer.store import SAVE_EVERY as SAVE_EVERY  # noqa: E402
from grundy.solve.reducer.store import StorePath as StorePath  # noqa: E402
from grundy.solve.reducer.whole import _search_whole as _search_whole  # noqa: E402
