"""The pruned search and the mex-set search against their reading copies
(grundy.solve.reference_pruned), on random positions of catalogue games and of
random DAG games with Sum options and declared parts; the reading copies against
the plain reading copy of the reducer (grundy.solve.reference)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Sum
from grundy.solve.budget import Budget
from grundy.solve.reducer import Search, forget, outcome
from grundy.solve.reducer.mex_sets import _NOT_IN_SET, _MexSets
from grundy.solve.reducer.pruned import _Pruned
from grundy.solve.reference import reference_reduce
from grundy.solve.reference_pruned import (
    reference_in_set, reference_value_by_mex_sets, reference_value_by_outcomes, reference_wins,
)
from grundy.values.outcome import Outcome
from tests.solve.test_reducer_reference import PLAIN as ONE, SUM, TUPLE, TupleGame, dag_games

# the pruned searches with each method on and off
PRUNED_SEARCHES = [Search(prune=True, canonical=c, order=o) for c in (False, True)
                   for o in (False, True)]
MEX_SEARCHES = [Search(mex_sets=True, canonical=c, order=o) for c in (False, True)
                for o in (False, True)]


def _board(draw: Any) -> str:
    h, w = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    return "/".join("".join(draw(st.sampled_from("...#")) for _ in range(w)) for _ in range(h))


def _graph(draw: Any) -> str:
    n = draw(st.integers(0, 6))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = [e for e in pairs if draw(st.booleans())]
    return " ".join(f"{a}-{b}" for a, b in edges) + f" n={n}"


# a catalogue game and a strategy for its small positions
GAMES: dict[str, Any] = {
    "kayles": lambda draw: draw(st.integers(0, 12)),
    "dawson": lambda draw: draw(st.integers(0, 12)),
    "lasker": lambda draw: draw(st.integers(0, 9)),
    "grundys-game": lambda draw: draw(st.integers(0, 14)),
    "subtract-a-square": lambda draw: draw(st.integers(0, 20)),
    "cram": lambda draw: grundy.games.get("cram").parse_position(_board(draw)),
    "node-kayles": lambda draw: grundy.games.get("node-kayles").parse_position(_graph(draw)),
}


@st.composite
def catalogue_positions(draw: Any) -> tuple[grundy.Ruleset, Hashable]:
    """A catalogue game and a position of it, or a sum of up to three."""
    name = draw(st.sampled_from(sorted(GAMES)))
    positions = [GAMES[name](draw) for _ in range(draw(st.integers(1, 3)))]
    node = positions[0] if len(positions) == 1 else Sum(*positions)
    return grundy.games.get(name), node


@st.composite
def dag_positions(draw: Any) -> tuple[grundy.Ruleset, Hashable]:
    """A random DAG game (Sum options, tuples that may declare their parts) and a
    vertex, a tuple or a sum of its vertices."""
    succ = draw(dag_games(shapes=(ONE, ONE, SUM, TUPLE)))
    rs = TupleGame(succ, draw(st.integers(0, 2)), draw(st.booleans()))
    vs = draw(st.lists(st.sampled_from(sorted(succ)), min_size=1, max_size=3))
    node = draw(st.sampled_from([vs[0], tuple(vs), Sum(*vs)]))
    return rs, node


POSITIONS = st.one_of(catalogue_positions(), dag_positions())


@given(POSITIONS, st.sampled_from(PRUNED_SEARCHES), st.integers(0, 4))
@settings(max_examples=150, deadline=None)
def test_pruned_search_equals_its_reading_copy(game: Any, search: Search, k: int) -> None:
    rs, node = game
    value = reference_reduce(rs, node)
    assert reference_value_by_outcomes(rs, node) == value
    assert reference_wins(rs, node, k) == (value != k)
    forget(rs)  # the fast search from nothing, then with what it learned
    assert _Pruned(rs, search, Budget(), node).wins(node, k) == reference_wins(rs, node, k)
    assert _Pruned(rs, search, Budget(), node).value_of(node) == value
    assert outcome(rs, node, search=search) == (Outcome.N if value else Outcome.P)
    forget(rs)


@pytest.mark.heavy  # 2-4 CPU s: CI's heavy step (docs/architecture.md, where a test runs)
@given(POSITIONS, st.sampled_from(MEX_SEARCHES), st.sets(st.integers(0, 6), min_size=1))
@settings(max_examples=150, deadline=None)
def test_mex_set_search_equals_its_reading_copy(game: Any, search: Search,
                                                want: set[int]) -> None:
    """Asked whether a position's value lies in a set, both answer the value when
    it does, and otherwise the value or "not in the set"; both find every value."""
    rs, node = game
    value = reference_reduce(rs, node)
    assert reference_value_by_mex_sets(rs, node) == value
    forget(rs)
    assert _MexSets(rs, search, Budget(), node).value_of(node) == value
    positions = node.parts if type(node) is Sum else (node,)
    for p in positions:
        if isinstance(p, tuple) and isinstance(rs, TupleGame):
            continue  # a tuple may declare parts: the set query is asked of positions
        v = reference_reduce(rs, p)
        mine = reference_in_set(rs, p, want)
        forget(rs)
        fast = _MexSets(rs, search, Budget(), p)
        got = fast.run(fast.frame(p, sum(1 << n for n in want)))
        if v in want:
            assert mine == v and got == v, (p, want)
        else:
            assert mine in (v, None) and got in (v, _NOT_IN_SET), (p, want)
    forget(rs)


def test_the_reading_copies_agree_on_a_few_known_values() -> None:
    """Kayles' values (Guy and Smith) and 3 x n Cram, by both reading copies."""
    kayles = grundy.games.get("kayles")
    known = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert [reference_value_by_outcomes(kayles, n) for n in range(12)] == known
    assert [reference_value_by_mex_sets(kayles, n) for n in range(12)] == known
    cram = grundy.games.get("cram")
    p = cram.parse_position("3x3")
    assert reference_value_by_outcomes(cram, p) == reference_value_by_mex_sets(cram, p) == 0
