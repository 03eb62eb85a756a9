"""Bad input around loopy games: one clear GrundyError each, library and
CLI; duplicate and self edges; the selective compound of loopy components against
retrograde analysis of the compound itself."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import GameGraph
from grundy.cli.main import main
from grundy.values.errors import (
    InvalidParameterError, InvalidPositionError, LoopyCompoundError, LoopyGameError,
    SearchLimitError,
)
from grundy.values.loopy import inf
from tests.solve.loopy_oracles import outcomes


@grundy.ruleset
def spin(n):  # 1 <-> 2 besides take 1 or 2: 3 is P but reaches a cycle
    yield from (n - k for k in (1, 2) if k <= n)
    if n in (1, 2):
        yield 3 - n


@grundy.ruleset
def climb(n):  # an endless reachable set
    yield n + 1
    if n:
        yield n - 1


NIM = grundy.games.get("nim")
G = GameGraph([(0, 1), (1, 0), (1, 2)], name="g")

QUERIES = {
    "Misere(r)[p]": lambda a, b: grundy.Misere(spin)[3].outcome,
    "Misere(graph)": lambda a, b: grundy.Misere(G)[0].outcome,
    "MisereSum.outcome": lambda a, b: grundy.MisereSum(a, b).outcome,
    "MisereSum.winning_move": lambda a, b: grundy.MisereSum(a, b).winning_move(),
    "MisereSum.value": lambda a, b: grundy.MisereSum(a, b).value,
    "EverySum.outcome": lambda a, b: grundy.EverySum(a, b).outcome,
    "EverySum.winning_move": lambda a, b: grundy.EverySum(a, b).winning_move(),
    "every_outcome": lambda a, b: grundy.every_outcome([a, b]),
    "ConjunctiveSum.outcome": lambda a, b: grundy.ConjunctiveSum(a, b).outcome,
    "ConjunctiveSum.winning_move": lambda a, b: grundy.ConjunctiveSum(a, b).winning_move(),
}


@pytest.mark.parametrize("query", sorted(QUERIES))
@pytest.mark.parametrize("loopy_first", [True, False])
def test_compound_queries_name_the_loopy_component(query, loopy_first):
    loopy, plain = spin[3], NIM[2]
    a, b = (loopy, plain) if loopy_first else (plain, loopy)
    with pytest.raises(LoopyCompoundError) as info:
        QUERIES[query](a, b)
    err = info.value
    if query.startswith("Misere("):
        assert err.index == 0
    else:
        assert err.index == (0 if loopy_first else 1)
        assert err.component == loopy
        assert repr(loopy) in str(err)
    assert "loopy" in str(err) and "cycle" in str(err)
    assert isinstance(err, LoopyGameError)


def test_analyze_reports_the_loopy_component():
    for c in (grundy.MisereSum, grundy.EverySum, grundy.ConjunctiveSum):
        report = grundy.analyze(c(NIM[1], spin[3]))
        assert report.outcome is None
        assert "component 1 (spin[3])" in report.stopped["outcome"]


def test_sj_outcome_refuses_infinite_values():
    with pytest.raises(LoopyCompoundError, match="component 1 has the infinite"):
        grundy.sj_outcome([1, inf({0}), 2])
    assert grundy.sj_outcome([1, 1]) is grundy.Outcome.N


def test_selective_with_a_draw_is_refused():
    d = GameGraph([(0, 1), (1, 0)], name="d")
    with pytest.raises(LoopyCompoundError, match="component 1"):
        grundy.SelectiveSum(NIM[1], d[0]).outcome


@st.composite
def small_graphs(draw):
    n = draw(st.integers(1, 5))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
    return n, sorted(set(edges))


@given(small_graphs(), small_graphs())
@settings(max_examples=60, deadline=None)
def test_selective_of_undrawn_loopy_components_against_the_compound(g1, g2):
    """The selective theorem (N iff some component is N) with loopy components that
    are not drawn, against retrograde analysis of the compound's own graph."""
    (n1, e1), (n2, e2) = g1, g2
    A = GameGraph(e1, vertices=range(n1))
    B = GameGraph(e2, vertices=range(n2))
    s1 = {v: [w for u, w in e1 if u == v] for v in range(n1)}
    s2 = {v: [w for u, w in e2 if u == v] for v in range(n2)}
    succ = {}
    for x, y in product(range(n1), range(n2)):
        succ[(x, y)] = ([(a, y) for a in s1[x]] + [(x, b) for b in s2[y]]
                        + [(a, b) for a in s1[x] for b in s2[y]])
    want = outcomes(succ)
    for x, y in product(range(n1), range(n2)):
        s = grundy.SelectiveSum(A[x], B[y])
        if "D" in (str(A.outcome(x)), str(B.outcome(y))):
            with pytest.raises(LoopyCompoundError):
                s.outcome
            continue
        assert str(s.outcome) == want[(x, y)]


@given(small_graphs(), st.lists(st.integers(0, 20), max_size=8))
@settings(max_examples=60, deadline=None)
def test_duplicate_edges_change_no_answer(g, extra):
    n, edges = g
    if not edges:
        return
    dup = edges + [edges[i % len(edges)] for i in extra]
    A = GameGraph(edges, vertices=range(n))
    B = GameGraph(dup, vertices=range(n))
    assert A.outcomes() == B.outcomes()
    assert A.generalized_values() == B.generalized_values()
    for v in range(n):
        assert A.loopy.remoteness(v) == B.loopy.remoteness(v)
        assert B.moves(v) == list(dict.fromkeys(w for u, w in dup if u == v))
    assert A.kernel() == B.kernel()


def test_self_edges_and_simple_graphs():
    g = GameGraph([(0, 0), (0, 1), (2, 2)])
    assert [str(g.outcome(v)) for v in range(3)] == ["N", "P", "D"]
    assert g.kernel() is None                      # 2 has only its self edge
    with pytest.raises(LoopyGameError, match="self edge"):
        GameGraph([(0, 1), (1, 1)]).values()
    with pytest.raises(InvalidParameterError, match=r"self edge \(0, 0\) \(edge 1\)"):
        GameGraph([(0, 1), (0, 0)], simple=True)
    with pytest.raises(InvalidParameterError, match=r"duplicate edge \('a', 'b'\)"):
        GameGraph({"a": ["b", "b"]}, simple=True)
    with pytest.raises(InvalidParameterError, match="duplicate edge"):
        GameGraph.from_arrays(np.array([0, 1, 0]), np.array([1, 2, 1]), simple=True)
    assert len(GameGraph([(0, 1), (1, 2)], simple=True)) == 3


def test_unknown_vertices():
    with pytest.raises(InvalidParameterError, match="names 5, which is not a vertex"):
        GameGraph([(0, 5)], vertices=[0, 1])
    with pytest.raises(InvalidParameterError, match="names vertex 7, not in range"):
        GameGraph.from_arrays(np.array([0]), np.array([7]), n=3)
    with pytest.raises(InvalidPositionError, match="not a vertex"):
        G.outcome(9)


def test_budget_says_how_far_it_got():
    with pytest.raises(SearchLimitError, match=r"explored 50, 1 more found"):
        grundy.solve.loopy.analyze_loopy(climb, 0, budget=grundy.Budget(positions=50))


# ------------------------------------------------------------------------ CLI
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def files(tmp_path: Path):
    (tmp_path / "g.txt").write_text("0 1\n1 0\n1 2\n3  # alone\n")
    (tmp_path / "dup.txt").write_text("0 1\n0 1\n")
    (tmp_path / "bad.txt").write_text("0 1 2\n")
    (tmp_path / "rules.py").write_text(
        "import grundy\n@grundy.ruleset\ndef climb(n):\n    yield n + 1\n    if n:\n"
        "        yield n - 1\n")
    return tmp_path


def test_cli_graph_answers(capsys, files):
    code, out, err = run(capsys, "graph", str(files / "g.txt"), "0", "1", "--kernel")
    assert code == 0 and not err
    assert out.splitlines() == ["0: P  remoteness 2  value 0", "1: N  remoteness 1  value 1  move -> 2",
                                "kernel: {0, 2, 3}"]


@pytest.mark.parametrize("argv, message", [
    (["g.txt", "9"], "9 is not a vertex"),
    (["dup.txt", "--simple"], "duplicate edge (0, 1)"),
    (["bad.txt"], "an edge is two vertex names"),
    (["g.txt", "--play", "misere"], "misère play is not defined here for loopy games: component 0"),
    (["g.txt", "--play", "every"], "Every-SG play"),
    (["rules.py:climb", "--root", "0", "--limit", "100"], "more than 100 positions reachable from 0 (explored 100"),
    (["missing.txt"], "cannot read the graph file"),
])
def test_cli_graph_bad_input_is_one_line(capsys, files, argv, message, monkeypatch):
    monkeypatch.chdir(files)
    code, out, err = run(capsys, "graph", *argv)
    assert code == 2
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


class Race(grundy.Ruleset):
    """A token on 0..L steps either way; 0 is lost for the player to move there,
    L a draw by the rules, and K (when given) won by the rules."""

    def __init__(self, L: int, K: int | None) -> None:
        self.L, self.K = L, K
        self.name = f"race{L},{K}"

    def moves(self, n):
        return [m for m in (n - 1, n + 1, n + 2) if 0 <= m <= self.L]

    def result(self, n):
        if n == 0:
            return grundy.Outcome.P
        if n == self.L:
            return grundy.Outcome.D
        if n == self.K:
            return grundy.Outcome.N
        return None


@pytest.mark.parametrize("L, K", [(4, None), (6, 3), (7, 5), (9, None)])
def test_terminal_results_through_games_and_analyze(L, K):
    """Rules that fix wins and draws: no generalised values, but ruleset[p].outcome,
    winning moves and grundy.analyze answer, against the fixpoint oracle."""
    r = Race(L, K)
    succ = {n: r.moves(n) for n in range(L + 1)}
    fixed = {n: str(r.result(n)) for n in range(L + 1) if r.result(n) is not None}
    want = outcomes(succ, fixed)
    for n in range(L + 1):
        assert str(r[n].outcome) == want[n]
        assert str(grundy.analyze(r[n]).outcome) == want[n]
        if want[n] == "N" and n not in fixed:
            assert want[r[n].winning_move()] == "P"


def test_one_position_with_too_many_options_stops_within_the_budget():
    @grundy.ruleset
    def wide(n):  # every smaller number, and itself (a loop)
        yield from range(n)
        yield n

    with pytest.raises(SearchLimitError, match=r"more than 1,000 positions reachable from 10{100} \(explored 0;"):
        grundy.solve.loopy.analyze_loopy(wide, 10**100, budget=grundy.Budget(positions=1000))
