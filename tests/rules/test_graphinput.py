"""Graph input: one graph given in every accepted form (text, ``@FILE``, pairs,
``(n, edges)``, an int array, networkx graphs, a read graph, a position) reads
as the same multigraph, and gives the same answers in hackenbush-graph, geography
and edge-geography, each checked against brute force from the raw rules written
here; then one test per input error, each naming the bad input."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pytest

from grundy.games import get
from grundy.games.geography import Board, VertexGeography, losing_starts
from grundy.games.geography_edge import EdgeBoard, EdgeGeography, edge_geography_starts
from grundy.games.hackenbush import Graph, HackenbushGraph, hackenbush_value
from grundy.games.treegames import BipartiteEdgeAdding, KeepComponent
from grundy.rules.graphinput import MAX_LABEL_CHARS, MAX_LISTED_VERTICES, GraphInput, graph_input
from grundy.values.errors import InvalidPositionError
from grundy.values.outcome import Outcome
from tests.oracles import grundy_values, wins

# a triangle with a doubled side and branches: cycles, a parallel edge, bridges;
# both outcomes occur in each game
EDGES = [(0, 1), (1, 2), (2, 0), (1, 2), (2, 3), (3, 4), (1, 5), (3, 6), (0, 7), (7, 8)]
N = 9
TEXT = "0-1 1-2 2-0 1-2 2-3 3-4 1-5 3-6 0-7 7-8"
# a path apart from the graph: makes a list long enough for numpy's path, and
# changes no answer from the vertices 0..N-1 (Hackenbush: it is not grounded)
PAD = [(10 + i, 11 + i) for i in range(26)]


def forms(tmp_path: Path) -> dict[str, Any]:
    f = tmp_path / "g.txt"
    f.write_text("# the test graph, contest style\n" + "\n".join(f"{u} {v}" for u, v in EDGES) + "\n")
    multi = nx.MultiGraph()
    multi.add_edges_from(EDGES)
    return {
        "text": TEXT,
        "text n=": TEXT + f" n={N}",
        "@FILE": f"@{f}",
        "pairs": list(EDGES),
        "tuple of lists": tuple([u, v] for u, v in EDGES),
        "(n, edges)": (N, tuple(EDGES)),
        "array": np.array(EDGES, dtype=np.int32),
        "long list": EDGES + PAD,
        "networkx MultiGraph": multi,
        "GraphInput": GraphInput(EDGES),
        "Graph": Graph.make(EDGES),
        "EdgeBoard": EdgeBoard.make(EDGES, 0),
    }


def edge_multiset(edges: Any) -> Counter[tuple[Hashable, Hashable]]:
    return Counter(tuple(sorted(e)) for e in edges)


def test_every_form_reads_as_the_same_multigraph(tmp_path: Path) -> None:
    want = edge_multiset(EDGES)
    for name, form in forms(tmp_path).items():
        g = graph_input(form)
        pad = edge_multiset(PAD) if name == "long list" else Counter()
        assert edge_multiset(g.edges) == want + pad, name
        assert all(type(x) is int for e in g.edges for x in e), name
    simple = nx.Graph(EDGES)  # a simple networkx graph merges the parallel edge
    assert edge_multiset(graph_input(simple).edges) == Counter(set(want))


def test_marks_and_declared_vertices() -> None:
    g = graph_input("a-b b-c ground=a,c start=b")
    assert (g.edges, g.ground, g.start) == ((("a", "b"), ("b", "c")), ("a", "c"), "b")
    iso = nx.Graph([(0, 1)])
    iso.add_node(7)
    assert graph_input(iso).vertices() == [0, 1, 7]
    assert graph_input((4, [(0, 1)])).vertices() == [0, 1, 2, 3]
    assert graph_input("1-2 n=3 base=1").vertices() == [1, 2, 3]


# ------------------------------------------------------------------ brute force
def raw_hackenbush(edges: list[tuple[int, int]], ground: int = 0) -> int:
    """Cut one edge; drop every edge no longer joined to the ground; mex."""

    def grounded(es: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        seen, grew = {ground}, True
        while grew:
            grew = False
            for u, v in es:
                if (u in seen) != (v in seen):
                    seen |= {u, v}
                    grew = True
        return tuple(sorted(e for e in es if e[0] in seen))

    def moves(es: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
        return [grounded(es[:i] + es[i + 1 :]) for i in range(len(es))]

    return grundy_values(moves)(grounded(tuple(sorted(tuple(sorted(e)) for e in edges))))


def raw_vertex_geography_wins(edges: list[tuple[int, int]], start: int) -> bool:
    """Slide the token to an unvisited neighbour; the vertex left is deleted."""
    adj: dict[int, set[int]] = {}
    for u, v in edges:
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)

    def moves(p: tuple[int, frozenset[int]]) -> list[tuple[int, frozenset[int]]]:
        token, gone = p
        return [(w, gone | {token}) for w in adj.get(token, ()) if w not in gone and w != token]

    return wins(moves)((start, frozenset()))


def raw_edge_geography_value(edges: list[tuple[int, int]], start: int) -> int:
    """Slide the token along an unused edge, which is erased."""

    def moves(p: tuple[int, tuple[tuple[int, int], ...]]) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
        token, es = p
        out = []
        for i, (u, v) in enumerate(es):
            if token in (u, v):
                out.append((v if u == token else u, es[:i] + es[i + 1 :]))
        return out

    return grundy_values(moves)((start, tuple(sorted(tuple(sorted(e)) for e in edges))))


# ------------------------------------------------------------------ same answers
def test_hackenbush_graph_same_value_in_every_form(tmp_path: Path) -> None:
    want = raw_hackenbush(EDGES)
    assert want > 1
    h = HackenbushGraph()
    for name, form in forms(tmp_path).items():
        assert hackenbush_value(form) == want, name
        pos = h.parse_position(form) if isinstance(form, str) else Graph.make(form)
        assert h.value(pos) == want, name
        assert get("hackenbush-graph")[pos].value == want, name


def test_geography_same_outcomes_in_every_form(tmp_path: Path) -> None:
    g = VertexGeography()
    want = {v for v in range(N) if not raw_vertex_geography_wins(EDGES, v)}
    assert 0 < len(want) < N
    for name, form in forms(tmp_path).items():
        assert losing_starts(form) & set(range(N)) == want, name
        for s in range(N):
            pos = Board.make(form, s)
            if isinstance(form, str) and not form.startswith("@"):
                assert g.parse_position(f"{form} start={s}") == pos, (name, s)
            assert (g.outcome(pos) is Outcome.P) == (s in want), (name, s)
            assert (get("geography")[pos].outcome is Outcome.P) == (s in want), (name, s)


def test_edge_geography_same_values_in_every_form(tmp_path: Path) -> None:
    g = EdgeGeography()
    want = {s: raw_edge_geography_value(EDGES, s) for s in range(N)}
    assert 0 in want.values() and len(set(want.values())) > 2
    for name, form in forms(tmp_path).items():
        assert edge_geography_starts(form) & set(range(N)) == {s for s, v in want.items() if v}, name
        for s in range(N):
            pos = EdgeBoard.make(form, s)
            if isinstance(form, str) and not form.startswith("@"):
                assert g.parse_position(f"{form} start={s}") == pos, (name, s)
            assert g.value(pos) == want[s], (name, s)


# ------------------------------------------------------------------ errors
def test_error_loop() -> None:
    with pytest.raises(InvalidPositionError, match="'2-2' is a self-loop; geography has none"):
        VertexGeography().parse_position("0-1 1-2 2-2")
    with pytest.raises(InvalidPositionError, match=r"\(3, 3\) is a self-loop"):
        Board.make([(0, 1), (3, 3)], 0)
    with pytest.raises(InvalidPositionError, match="self-loop"):
        graph_input(np.array([[0, 1], [1, 1]])).refuse_loops()


def test_error_bad_token() -> None:
    with pytest.raises(InvalidPositionError, match="'1-x-2' is not an edge 'u-v'"):
        graph_input("0-1 1-x-2")
    with pytest.raises(InvalidPositionError, match="unknown setting 'colour=red'"):
        graph_input("0-1 colour=red")
    with pytest.raises(InvalidPositionError, match="unknown setting 'start=1'"):
        HackenbushGraph().parse_position("0-1 start=1")  # Hackenbush has a ground, not a start
    with pytest.raises(InvalidPositionError, match="no ground vertex given"):
        graph_input("0-1 ground=")


def test_error_not_a_pair() -> None:
    with pytest.raises(InvalidPositionError, match=r"edge-geography: an edge is a pair .* got \(1, 2, 3\)"):
        edge_geography_starts([(0, 1), (1, 2, 3)])
    with pytest.raises(InvalidPositionError, match=r"shape \(m, 2\); got shape \(2, 3\)"):
        hackenbush_value(np.zeros((2, 3), dtype=np.int64))
    with pytest.raises(InvalidPositionError, match="a graph is text, edges"):
        graph_input(5)


def test_error_vertex_out_of_range() -> None:
    with pytest.raises(InvalidPositionError, match="'1-2' names vertex 2, not one of the n=2 vertices 0..1"):
        graph_input("n=2 0-1 1-2")
    with pytest.raises(InvalidPositionError, match=r"\(0, 5\) names vertex 5, not one of the n=3"):
        KeepComponent().validate((3, ((0, 5), (0, 1))))
    with pytest.raises(InvalidPositionError, match=r"\(0, -1\) names vertex -1, not one of the n=3"):
        graph_input((3, np.array([[0, 1], [0, -1]])))
    with pytest.raises(InvalidPositionError, match="the start 5 is not a vertex"):
        graph_input("n=3 0-1 start=5")
    with pytest.raises(InvalidPositionError, match="non-negative number of vertices"):
        graph_input((-1, []))
    with pytest.raises(InvalidPositionError, match="not a pair u < v"):
        BipartiteEdgeAdding().validate((3, ((1, 0),)))


def test_error_start_on_no_edge() -> None:
    with pytest.raises(InvalidPositionError, match="start vertex 7 is on no edge"):
        graph_input("0-1 1-2 start=7").start_vertex()
    with pytest.raises(InvalidPositionError, match="edge-geography: the start vertex 0 is on no edge"):
        EdgeGeography().parse_position("2-3")
    # counted from 1 (no edge at 0): the first vertex is 1
    assert EdgeGeography().parse_position("1-2").token == 1


def test_error_huge_input_refused_early() -> None:
    long = "7" * (MAX_LABEL_CHARS + 1)
    with pytest.raises(InvalidPositionError, match=f"a vertex name of {MAX_LABEL_CHARS + 1:,} characters"):
        graph_input(f"0-{long}")
    with pytest.raises(InvalidPositionError, match=f"unknown setting 'n={'9' * 8}"):
        graph_input("0-1 n=" + "9" * (MAX_LABEL_CHARS + 1))
    g = graph_input("0-1 n=1000000000000")  # a huge n is checked against, never listed
    assert g.edges == ((0, 1),)
    with pytest.raises(InvalidPositionError, match=f"too many to list \\(at most {MAX_LISTED_VERTICES:,}\\)"):
        g.to_networkx()


def test_error_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    with pytest.raises(InvalidPositionError, match=f"geography: cannot read the edge file '{missing}'"):
        VertexGeography().parse_position(f"@{missing}")
