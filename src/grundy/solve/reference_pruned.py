"""The reading copies of the pruned searches: the same methods, written the obvious way.

The reducer's pruned search (:mod:`grundy.solve.reducer.pruned`) and its mex-set
search (:mod:`grundy.solve.reducer.mex_sets`) are generators driven on an explicit
stack, with memos, move ordering, symmetry and budgets. This module is the same
two methods as plain recursions over sets of nimbers, for small acyclic games;
the property tests (``tests/solve/test_pruned_reference.py``) hold the fast ones
equal to these, and these to :func:`grundy.solve.reference.reference_reduce`.

- **Nimbers by outcomes** (Lemoine and Viennot): the player to move wins
  ``G + *k`` iff some option ``o`` leaves ``o + *k`` lost, or the heap move to
  ``G + *j`` (``j < k``) does. The value of ``G`` is the first ``k`` with
  ``G + *k`` lost. A sum ``A + B + *k`` is ``B + *(k ^ value(A))``.
- **Mex sets** (Beling and Rogalski): ``in_set(G, R)`` is the value of ``G`` when
  it lies in the set ``R``, else either the value or ``None`` ("not in ``R``").
  ``P``, the values still possible, starts as ``{0..m}`` for ``m`` options; each
  option is asked about ``P`` without its largest element (cut to ``max R``), and
  takes out its value when the answer is one of those, else the largest; once
  ``P`` misses ``R`` the answer is ``None``. At the end the least of ``P`` is the
  value when every answer was exact or it is at most ``max R``.

>>> import grundy
>>> kayles = grundy.games.get("kayles")
>>> [reference_value_by_outcomes(kayles, n) for n in range(8)]
[0, 1, 2, 3, 1, 4, 3, 2]
>>> reference_wins(kayles, grundy.Sum(4, 5)), reference_wins(kayles, 4, 1)
(True, False)
>>> [reference_value_by_mex_sets(kayles, n) for n in range(8)]
[0, 1, 2, 3, 1, 4, 3, 2]
>>> reference_in_set(kayles, 5, {4}), reference_in_set(kayles, 5, {0, 1})
(4, None)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from grundy.rules.sums import Sum

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["reference_wins", "reference_value_by_outcomes", "reference_in_set",
           "reference_value_by_mex_sets"]


def parts(ruleset: Ruleset, node: Hashable) -> list[Hashable]:
    """``node`` (a position or a ``Sum``) as the positions it is the sum of: a
    ``Sum``'s parts, and a position that ``decompose``\\s its declared parts."""
    out: list[Hashable] = []
    for p in node.parts if type(node) is Sum else (node,):
        declared = ruleset.decompose(p)
        flat = None if declared is None else tuple(
            declared.parts if type(declared) is Sum else declared)
        out.extend((p,) if flat is None or flat == (p,) else flat)
    return out


# ---------------------------------------------------------------- nimbers by outcomes

def reference_wins(ruleset: Ruleset, node: Hashable, k: int = 0) -> bool:
    """Whether the player to move wins ``node + *k`` (``node``: a position or a
    ``Sum``), by outcome searches only."""
    won: dict[tuple[Hashable, int], bool] = {}

    def wins(node: Hashable, k: int) -> bool:  # node + *k
        ps = parts(ruleset, node)
        if not ps:  # no part: only the heap is left
            return k != 0
        for p in ps[:-1]:
            k ^= value(p)
        return wins_position(ps[-1], k)

    def value(p: Hashable) -> int:  # the first k with p + *k lost
        k = 0
        while wins_position(p, k):
            k += 1
        return k

    def wins_position(g: Hashable, k: int) -> bool:
        if (g, k) not in won:
            won[g, k] = (any(not wins(o, k) for o in ruleset.moves(g))
                         or any(not wins_position(g, j) for j in range(k)))
        return won[g, k]

    return wins(node, k)


def reference_value_by_outcomes(ruleset: Ruleset, node: Hashable) -> int:
    """The Grundy value of ``node``: the first ``k`` with ``node + *k`` lost."""
    k = 0
    while reference_wins(ruleset, node, k):
        k += 1
    return k


# ---------------------------------------------------------------- mex sets

def reference_in_set(ruleset: Ruleset, g: Hashable, want: set[int] | None) -> int | None:
    """The value of the position ``g`` if it lies in ``want`` (``None``: any
    nimber), else the value or ``None`` (it does not lie in ``want``)."""
    opts = list(ruleset.moves(g))
    possible = set(range(len(opts) + 1))
    if want is None:
        want = set(possible)
    exact = True
    for o in opts:
        if not possible & want:
            return None
        top = max(possible)
        ask = {n for n in possible - {top} if n <= max(want)}
        v = _option_in_set(ruleset, o, ask) if ask else None
        if v is not None and v in possible - {top}:
            possible.remove(v)
        else:
            possible.remove(top)
            exact = exact and v is not None
    if not possible & want:
        return None
    least = min(possible)
    return least if exact or least <= max(want) else None


def _option_in_set(ruleset: Ruleset, o: Hashable, ask: set[int]) -> int | None:
    """The value of the option ``o`` (a position or a ``Sum``) if it is in ``ask``:
    the exact values of all its parts but the last, then the last asked about
    ``ask`` moved by their XOR."""
    ps = parts(ruleset, o)
    if not ps:  # no part: worth 0
        return 0
    x = 0
    for p in ps[:-1]:
        v = reference_in_set(ruleset, p, None)
        assert v is not None  # asked about every nimber, the answer is the value
        x ^= v
    v = reference_in_set(ruleset, ps[-1], {n ^ x for n in ask})
    return None if v is None else v ^ x


def reference_value_by_mex_sets(ruleset: Ruleset, node: Hashable) -> int:
    """The Grundy value of ``node``: each part asked about ``{0}``, ``{1}``, ...
    until the answer is its value."""
    x = 0
    for p in parts(ruleset, node):
        k = 0
        while (v := reference_in_set(ruleset, p, {k})) is None:
            k += 1
        x ^= v
    return x
