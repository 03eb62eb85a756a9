"""What the reducer computes (a :class:`Rule`) and how it searches (a :class:`Search`).

A rule makes a position's value from its options' values: :data:`GRUNDY` (mex,
sums split into their parts), :data:`REMOTENESS` and :data:`SUSPENSE` (Steinhaus'
move counts) and :data:`MISERE` (the misère Grundy value); the last three search
a sum as one game. A search chooses methods: :data:`PLAIN` (every option of
every position, the reference), :data:`PRUNED`, :data:`MEX_SETS`.

>>> GRUNDY.split, REMOTENESS.split, REMOTENESS.combine([1, 3])
(True, False, 4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.values.nimbers import mex_of_set

__all__ = ["Rule", "GRUNDY", "REMOTENESS", "SUSPENSE", "MISERE", "remoteness_rule",
           "suspense_rule", "Progress", "Search", "PLAIN", "PRUNED", "MEX_SETS"]

#: A progress callback: called with the number of positions expanded so far.
Progress = Callable[[int], None]


def remoteness_rule(child_values: list[int]) -> int:
    """Remoteness from the remotenesses of the options (Steinhaus).

    A terminal position has remoteness 0. A winner (some option has even
    remoteness, i.e. is a P-position) hurries: ``1 + min`` over even options. A
    loser delays: ``1 + max`` over all options. Even remoteness <=> P-position.

    >>> remoteness_rule([]), remoteness_rule([1, 3]), remoteness_rule([1, 2, 4])
    (0, 4, 3)
    """
    if not child_values:
        return 0
    best = -1
    for r in child_values:
        if not r & 1 and (best < 0 or r < best):
            best = r
    return 1 + (best if best >= 0 else max(child_values))


def suspense_rule(child_values: list[int]) -> int:
    """Suspense (the Every-SG step function) from the suspenses of the options.

    The mirror image of remoteness: a winner delays (``1 + max`` over options with
    even suspense), a loser hurries (``1 + min`` over all options). Even suspense
    <=> P-position. In an Every-SG game (every component moves each turn) the player
    to move wins iff the largest suspense of the components is odd.

    >>> suspense_rule([]), suspense_rule([1, 3]), suspense_rule([1, 2, 4])
    (0, 2, 5)
    """
    if not child_values:
        return 0
    best = -1
    for s in child_values:
        if not s & 1 and s > best:
            best = s
    return 1 + (best if best >= 0 else min(child_values))


def _misere_rule(child_values: list[int]) -> int:
    return mex_of_set(set(child_values)) if child_values else 1


@dataclass(frozen=True)
class Rule:
    """What the reducer computes.

    ``split``: whether a ``Sum`` option (and a position's ``decompose``) is split
    into its parts, its value the XOR of theirs (only sound for Grundy values);
    otherwise a sum is searched as one game. ``combine`` makes a position's value
    from its options' values (a set of them when ``split``, else a list).
    """

    name: str
    split: bool
    combine: Callable[[Any], int]


GRUNDY = Rule("value", True, mex_of_set)
REMOTENESS = Rule("remoteness", False, remoteness_rule)
SUSPENSE = Rule("suspense", False, suspense_rule)
MISERE = Rule("misère value", False, _misere_rule)


@dataclass(frozen=True)
class Search:
    """Which methods a search uses, each switchable (:data:`PLAIN` is the reference).

    ``prune``: only the outcome is searched where only it is asked: an N-position
    needs one option that is a P-position, and the search stops at the first; a
    Grundy value is the ``k`` of the first P-position among ``G + *0, G + *1, ...``
    (Lemoine and Viennot's nimbers by outcome searches), a sum of parts the
    outcome of its last part plus the nimber of the others. ``canonical``: symmetric
    positions share one memo entry (the ruleset's ``canonical`` hook), and the
    ruleset's closed form (``value_formula``, when it has one) is asked once for
    each new part (Cram's mirror strategy). ``order``:
    options are tried in the ruleset's order (``order_options``), then the rest of
    the ruleset's order; options already decided by the memo are read first.
    ``mex_sets``: a Grundy value is found by Beling and Rogalski's pruning of the
    mex search instead (a position is asked whether its value lies in a set of
    nimbers that matter, :class:`_MexSets`); ``prune`` then concerns outcomes only.

    >>> import grundy
    >>> from grundy.solve.reducer import outcome, reduce
    >>> cram = grundy.games.get("cram")
    >>> outcome(cram, cram.parse_position("3x5")), reduce(cram, (2, 5, 1023), search=PRUNED)
    (Outcome.N, 1)
    """

    prune: bool = True
    canonical: bool = True
    order: bool = True
    mex_sets: bool = False


#: The plain search (every option of every position): the reference.
PLAIN = Search(prune=False, canonical=False, order=False)
#: Pruning, symmetry and move ordering.
PRUNED = Search()
#: Beling and Rogalski's pruning of the mex search, symmetry and move ordering.
MEX_SETS = Search(mex_sets=True)
