import random
import time

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import GameGraph, InvalidParameterError, InvalidPositionError, LoopyGameError, Outcome
from tests.oracles import grundy_values, remoteness, suspense


def brute_outcomes(succ):
    """Win/lose/draw by fixpoint iteration of the definitions (no cleverness):
    a position is won if some option is lost, lost if all options are won;
    whatever never gets labelled is a draw."""
    label = {}
    changed = True
    while changed:
        changed = False
        for v, out in succ.items():
            if v in label:
                continue
            if any(label.get(w) == "P" for w in out):
                label[v] = "N"
                changed = True
            elif all(label.get(w) == "N" for w in out):
                label[v] = "P"
                changed = True
    return {v: Outcome(label.get(v, "D")) for v in succ}


@st.composite
def digraphs(draw):
    n = draw(st.integers(1, 25))
    return {v: sorted(draw(st.sets(st.integers(0, n - 1), max_size=4))) for v in range(n)}


@given(digraphs())
@settings(max_examples=300, deadline=None)
def test_outcomes_with_draws_match_fixpoint(succ):
    g = GameGraph(succ)
    assert g.outcomes() == brute_outcomes(succ)
    for v in succ:
        assert g[v].outcome is brute_outcomes(succ)[v]


@given(st.integers(1, 40).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).map(lambda e: (max(e), min(e))).filter(lambda e: e[0] != e[1]),
    max_size=3 * n)))
@settings(max_examples=200, deadline=None)
def test_acyclic_edge_lists_match_definitions(edges):
    g = GameGraph(edges)
    succ = g.succ
    gv, r, s = grundy_values(succ.__getitem__), remoteness(succ.__getitem__), suspense(succ.__getitem__)
    for v in succ:
        assert g[v].value == gv(v)
        assert g.remoteness(v) == r(v)
        assert g.suspense(v) == s(v)
        assert g[v].winning_moves() == [w for w in succ[v] if gv(w) == 0]


def test_three_input_forms_agree():
    mapping = {"a": ["b", "c"], "b": ["c"], "c": []}
    edges = [("a", "b"), ("a", "c"), ("b", "c")]
    d = nx.DiGraph(edges)
    for g in (GameGraph(mapping), GameGraph(edges), GameGraph(d)):
        assert g.values() == {"c": 0, "b": 1, "a": 2}
        assert g.p_positions() == ["c"]


def test_cyclic_graph_values_raise_but_outcomes_work():
    g = GameGraph({0: [1], 1: [0, 2], 2: [], 3: [3]})
    assert g.outcomes() == {0: Outcome.P, 1: Outcome.N, 2: Outcome.P, 3: Outcome.D}
    with pytest.raises(LoopyGameError) as info:
        g.values()
    assert info.value.position in {0, 1, 3}
    assert g[2].value == 0 and g.remoteness(2) == 0  # cannot reach a cycle
    with pytest.raises(LoopyGameError, match="vertex 0 reaches a cycle"):
        g[0].value


def test_linear_time_on_a_big_graph():
    rng = random.Random(5)
    n = 200_000
    succ = {v: [v - 1 - rng.randrange(min(v, 50)) for _ in range(5)] if v else [] for v in range(n)}
    t = time.perf_counter()
    a = GameGraph(succ).analyze()
    elapsed = time.perf_counter() - t
    assert a.acyclic and len(a.order) == n
    assert elapsed < 10, elapsed  # ~1M edges; generous bound, measured ~1.5 s


def test_bad_graphs():
    with pytest.raises(InvalidParameterError, match="undirected"):
        GameGraph(nx.Graph([(1, 2)]))
    with pytest.raises(InvalidParameterError, match="edge must be a pair"):
        GameGraph([(1, 2, 3)])
    with pytest.raises(InvalidParameterError, match="successors of vertex 1"):
        GameGraph({1: 5})
    with pytest.raises(InvalidPositionError, match="'z' is not a vertex"):
        GameGraph({"a": []})["z"]
    with pytest.raises(InvalidParameterError):
        GameGraph(42)
