import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.values.loopy import inf
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
    # a loopy vertex gets its generalised value when finite (a Nim heap in sums)
    assert g[0].value == 0 and g[1].value == 1 and g.remoteness(0) == 2
    assert g[3].value == inf() and (g[3] + g[2]).outcome is Outcome.D   # generalised value
    with pytest.raises(LoopyGameError, match="suspense .Every-SG play. is not defined for loopy"):
        g.suspense(0)
    with pytest.raises(LoopyGameError, match="vertex 3 is a draw"):
        g.remoteness(3)


def test_a_big_graph():
    # ~1M edges (its time, ~1.5 s, is benchmarks/bench_graphs.py's to measure)
    rng = random.Random(5)
    n = 200_000
    succ = {v: [v - 1 - rng.randrange(min(v, 50)) for _ in range(5)] if v else [] for v in range(n)}
    a = GameGraph(succ).analyze()
    assert a.acyclic and len(a.order) == n


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


def test_issue_remoteness_example():
    g = GameGraph([(0, 1), (1, 0), (1, 2)])
    assert (g.remoteness(1), g.remoteness(0), g.remoteness(2)) == (1, 2, 0)
    assert g.best_move(1) == 2 and g.best_move(0) is None


@given(digraphs())
@settings(max_examples=150, deadline=None)
def test_remoteness_and_moves_with_draws_match_fixpoint(succ):
    from tests.solve.loopy_oracles import outcomes, remoteness as brute_remoteness

    g = GameGraph(succ)
    rem, out = brute_remoteness(succ), outcomes(succ)
    for v in succ:
        if rem[v] is None:
            with pytest.raises(LoopyGameError):
                g.remoteness(v)
            assert out[v] == "D" and out[g.best_move(v)] == "D"
        else:
            assert g.remoteness(v) == rem[v]


def test_input_forms_agree():
    import numpy as np
    import scipy.sparse as sp

    edges = [(0, 1), (1, 0), (1, 2), (3, 3), (3, 2), (4, 3)]
    arr = np.array(edges)
    m = sp.csr_matrix((np.ones(len(edges)), (arr[:, 0], arr[:, 1])), shape=(5, 5))
    forms = [GameGraph(edges), GameGraph(arr), GameGraph(m),
             GameGraph.from_arrays(arr[:, 0], arr[:, 1]), GameGraph(nx.DiGraph(edges))]
    want = GameGraph(edges).outcomes()
    for g in forms:
        assert {v: g.outcome(v) for v in range(5)} == want
        assert sorted(g.moves(1)) == [0, 2]
        assert g.generalized_values() == GameGraph(edges).generalized_values()


def test_sums_of_loopy_vertices():
    g = GameGraph([(0, 1), (1, 0), (1, 2), (3, 3), (3, 2)])
    from grundy import Sum, inf

    assert g.gvalue(3) == inf({0}) and g.outcome(3) is Outcome.N
    assert g.outcome(Sum(3, 1)) is Outcome.D      # inf({0}) + *1: escape 1, draw
    assert g.outcome(Sum(3, 3)) is Outcome.D      # two infinite parts
    assert g.outcome(Sum(1, 1)) is Outcome.P


@given(digraphs())
@settings(max_examples=150, deadline=None)
def test_kernel_against_every_subset(succ):
    import itertools

    if len(succ) > 12:
        return
    g = GameGraph(succ)
    vs = list(succ)

    def is_kernel(s):
        return all(not (v in s and w in s) for v in vs for w in succ[v]) and all(
            v in s or any(w in s for w in succ[v]) for v in vs)

    kernels = [set(c) for k in range(len(vs) + 1) for c in itertools.combinations(vs, k)
               if is_kernel(set(c))]
    got = g.kernel()
    if got is None:
        assert not kernels
    else:
        assert is_kernel(set(got))
    if not g.has_draws:
        assert set(got) == set(g.p_positions())


def test_unknown_vertices_and_bad_arrays():
    import numpy as np

    with pytest.raises(InvalidParameterError, match=r"edge \(1, 9\) names 9, which is not a vertex"):
        GameGraph([(1, 2), (1, 9)], vertices=[1, 2])
    with pytest.raises(InvalidParameterError, match=r"edge 1 names vertex -1, not in range\(3\)"):
        GameGraph.from_arrays(np.array([0, 1]), np.array([1, -1]), n=3)
    with pytest.raises(InvalidParameterError, match="shape"):
        GameGraph(np.zeros((3, 3), dtype=int))
    with pytest.raises(InvalidParameterError, match="square"):
        import scipy.sparse as sp

        GameGraph(sp.csr_matrix((2, 3)))
    with pytest.raises(InvalidPositionError, match="7 is not a vertex"):
        GameGraph.from_arrays(np.array([0]), np.array([1])).outcome(7)
