"""Undirected edge geography against brute force from the raw rules (written here:
a token, a multiset of unused edges, a move erases one edge at the token and
crosses it), on every small simple graph and on random multigraphs with parallel
edges and loops: the forest kernel, the GF(2) theorem on bipartite graphs, the
budgeted search, the constructed winning move, the ruleset and the CLI."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from functools import lru_cache

import numpy as np
import pytest

from grundy.games import get
from grundy.games.geography_edge import (
    EdgeGeography,
    edge_geography_move,
    edge_geography_outcome,
    edge_geography_starts,
    edge_geography_value,
)
from grundy.solve.budget import Budget
from grundy.values.errors import InvalidPositionError, SearchLimitError
from grundy.values.outcome import Outcome
from tests.oracles import mex


def brute(edges):
    """``g(unused, v)`` over frozensets of edge indices, by the definition."""
    edges = list(edges)

    @lru_cache(maxsize=None)
    def g(unused, v):
        seen = set()
        for i in unused:
            a, b = edges[i]
            if v == a or v == b:
                seen.add(g(unused - {i}, b if v == a else a))
        m = mex(seen)
        return m

    return g, frozenset(range(len(edges)))


def vertices(edges):
    return sorted({x for e in edges for x in e})


def check(edges):
    g, start = brute(edges)
    truth = {v for v in vertices(edges) if g(start, v)}
    assert edge_geography_starts(edges) == truth, edges
    for v in vertices(edges):
        mv = edge_geography_move(edges, v)
        if v not in truth:
            assert mv is None
            assert edge_geography_outcome(edges, v) is Outcome.P
            continue
        assert edge_geography_outcome(edges, v) is Outcome.N
        (a, b), w = mv
        assert v in (a, b) and w == (b if a == v else a)
        i = next(i for i in start if edges[i] in ((a, b), (b, a)))
        assert g(start - {i}, w) == 0, (edges, v, mv)
    return g, start, truth


def test_every_simple_graph_on_five_vertices():
    pairs = list(itertools.combinations(range(5), 2))
    kinds = set()
    for mask in range(1, 1 << len(pairs)):
        edges = [p for k, p in enumerate(pairs) if mask >> k & 1]
        if len(edges) > 7:
            continue
        check(edges)
        kinds.add(len(edges))
    assert len(kinds) == 7


def test_random_bipartite_multigraphs():
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        n = rng.randrange(2, 9)
        side = [rng.randrange(2) for _ in range(n)]
        edges = []
        for _ in range(rng.randrange(1, 11)):
            u, v = rng.randrange(n), rng.randrange(n)
            if side[u] != side[v]:
                edges.append((u, v))
                if rng.random() < 0.2:
                    edges.append((v, u))  # a parallel copy
        if edges:
            _, _, truth = check(edges)
            seen.add(len(truth) == len(vertices(edges)))
    assert seen == {True, False}


def test_random_multigraphs_with_loops_and_values():
    rng = random.Random(4)
    values = set()
    for _ in range(150):
        n = rng.randrange(1, 6)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(1, 8))]
        g, start, _ = check(edges)
        for v in vertices(edges):
            val = edge_geography_value(edges, v)
            assert val == g(start, v), (edges, v)
            values.add(val)
    assert len(values) >= 3


def test_forest_values_every_start():
    rng = random.Random(5)
    for _ in range(120):
        n = rng.randrange(1, 11)
        edges = [(rng.randrange(i), i) for i in range(1, n)]
        edges = [e for e in edges if rng.random() < 0.85]  # a forest
        if not edges:
            continue
        g, start = brute(edges)
        for v in vertices(edges):
            assert edge_geography_value(edges, v) == g(start, v), (edges, v)
    # a path of 10^5 edges (kernel, no recursion): from an end, 10^5 forced moves
    path = np.stack([np.arange(10**5), np.arange(1, 10**5 + 1)], axis=1)
    assert edge_geography_value(path, 0) == 0
    for v in (1, 2, 3, 500):
        assert edge_geography_value(path, v) == g_path(v, 10**5 - v)


def g_path(a, b):
    """A token with a edges on one side and b on the other: the first move picks a
    side and the rest is forced (a path of a-1 or b-1 edges from its end, worth its
    parity)."""

    def end(k):  # a path of k edges from an end: k moves, no choice
        return k % 2

    opts = {end(a - 1)} if a else set()
    if b:
        opts.add(end(b - 1))
    m = mex(opts)
    return m


def test_ruleset_against_brute_force():
    rng = random.Random(6)
    eg = EdgeGeography()
    for _ in range(80):
        n = rng.randrange(2, 6)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(1, 7))]
        v = edges[0][0]
        pos = eg.parse_position(" ".join(f"{a}-{b}" for a, b in edges) + f" start={v}")
        g, start = brute(edges)
        assert eg.value(pos) == g(start, v), (edges, v)
        assert (eg.outcome(pos) is Outcome.N) == (g(start, v) != 0)
        w = eg.winning_move(pos)
        assert (w is None) == (g(start, v) == 0)
        if w is not None:
            assert w in set(eg.moves(pos)) and eg.solver.value(w) == 0


def test_search_is_budgeted_and_bad_input_is_one_error():
    k7 = list(itertools.combinations(range(7), 2)) * 2  # dense, not bipartite
    with pytest.raises(SearchLimitError, match="budget"):
        edge_geography_outcome(k7, 0, budget=Budget(positions=1000))
    with pytest.raises(InvalidPositionError, match="on no edge"):
        edge_geography_outcome([(0, 1)], 5)
    eg = get("edge-geography")
    with pytest.raises(InvalidPositionError, match="start vertex 7 is on no edge"):
        eg.parse_position("0-1 1-2 start=7")
    with pytest.raises(InvalidPositionError, match="names vertex 5"):
        eg.parse_position("n=3 0-1 1-5")
    with pytest.raises(InvalidPositionError, match="not an edge"):
        eg.parse_position("0-1 1~2")


@pytest.mark.heavy
def test_cli(tmp_path):
    f = tmp_path / "g.txt"
    f.write_text("# C4: four moves, the first player loses\n0 1\n1 2\n2 3\n3 0\n")
    run = lambda *a: subprocess.run([sys.executable, "-m", "grundy", *a], capture_output=True, text=True)
    r = run("analyze", "edge-geography", f"@{f}", "--json")
    assert r.returncode == 0, r.stderr
    assert '"outcome": "P"' in r.stdout
    f.write_text("0 1\n1 2\n2 3\nstart=1\n")  # the vertex game reads files too, start= inside
    r = run("analyze", "geography", f"@{f}", "--json")
    assert r.returncode == 0 and '"outcome": "N"' in r.stdout, r.stderr
    r = run("analyze", "edge-geography", "0-1 1-2 start=9")
    assert r.returncode == 2 and "on no edge" in r.stderr and r.stderr.count("\n") == 1


@pytest.mark.parametrize("shape", [(2, 3), (3, 3), (2, 5), (2, 6)])
def test_grids_bipartite_theorem(shape):
    # larger bipartite boards than the random ones: the GF(2) theorem vs brute force
    a, b = shape
    edges = [((i, j), (i + di, j + dj)) for i in range(a) for j in range(b)
             for di, dj in ((0, 1), (1, 0)) if i + di < a and j + dj < b]
    g, start = brute(edges)
    assert edge_geography_starts(edges) == {v for v in vertices(edges) if g(start, v)}
