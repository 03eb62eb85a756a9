"""Vertex geography: the matching theorem against the raw game (DFS over paths) on
every graph with at most 5 vertices and random graphs up to 8 vertices."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest

import grundy
from grundy.games.geography import (
    Board,
    VertexGeography,
    geography_move,
    losing_starts,
    maximum_matching,
    winning_starts,
)
from grundy.values.errors import InvalidPositionError
from grundy.values.outcome import Outcome


def raw_wins(edges):
    """wins(v, visited): the mover at v wins iff some unvisited neighbour is a loss."""
    adj = {}
    for u, v in edges:
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)

    @lru_cache(maxsize=None)
    def w(v, visited):
        return any(not w(x, visited | {x}) for x in adj[v] if x not in visited)

    return {v: w(v, frozenset([v])) for v in adj}, adj


def check(edges, moves=True):
    truth, adj = raw_wins(edges)
    assert winning_starts(edges) == {v for v, ok in truth.items() if ok}, edges
    assert losing_starts(edges) == {v for v, ok in truth.items() if not ok}, edges
    for v, ok in truth.items() if moves else ():
        mv = geography_move(edges, v)
        if not ok:
            assert mv is None
        else:  # the move is to a neighbour from which the opponent loses
            rest = [e for e in edges if v not in e]
            assert mv in adj[v]
            t2, _ = raw_wins(rest)
            assert not t2.get(mv, False), (edges, v, mv)


def test_every_graph_on_five_vertices():
    pairs = list(itertools.combinations(range(5), 2))
    for mask in range(1, 1 << len(pairs)):
        check([p for k, p in enumerate(pairs) if mask >> k & 1], moves=mask % 5 == 0)


def test_random_graphs_with_blossoms():
    rng = random.Random(4)
    for _ in range(300):
        n = rng.randrange(4, 9)
        p = rng.choice([0.25, 0.4, 0.6])
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < p]
        if edges:
            check(edges)


def test_matching_is_maximum():
    import networkx as nx

    rng = random.Random(8)
    for _ in range(50):
        G = nx.gnp_random_graph(12, 0.3, seed=rng.randrange(10**6))
        m = maximum_matching(G)
        assert len(m) // 2 == len(nx.max_weight_matching(G, maxcardinality=True))
        assert all(m[m[v]] == v and G.has_edge(v, m[v]) for v in m)


def test_ruleset_against_search():
    g = VertexGeography()
    rng = random.Random(6)
    for _ in range(80):
        n = rng.randrange(2, 7)
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < 0.5]
        if not edges:
            continue
        b = Board.make(edges, edges[0][0])
        want = Outcome.from_value(g.solver.value(b))
        assert g.outcome(b) is want
        w = g.winning_move(b)
        assert (w is None) == (want is Outcome.P)
        if w is not None:
            assert w in set(g.moves(b)) and g.solver.value(w) == 0
    assert grundy.games.get("geography")[g.parse_position("0-1 1-2 start=1")].outcome is Outcome.N


@pytest.mark.parametrize(
    "text, match",
    [("0-1 1-1", "self-loop"), ("2-3 3-4", "start vertex 0 is on no edge"), ("n=2 0-1 1-2", "names vertex 2")],
)
def test_bad_input(text, match):
    with pytest.raises(InvalidPositionError, match=match):
        VertexGeography().parse_position(text)


def test_forests_take_the_tree_kernel_and_agree_with_the_raw_game():
    """On a tree the token never comes back: the ruleset answers by the compiled
    tree kernel (a path of 10^6 vertices took 49 s through networkx matchings);
    checked against the raw game from every start."""
    g = VertexGeography()
    rng = random.Random(21)
    for _ in range(150):
        n = rng.randrange(2, 10)
        edges = [(rng.randrange(i), i) for i in range(1, n)]
        truth, _ = raw_wins(edges)
        for v in range(n):
            assert (g.outcome(Board.make(edges, v)) is Outcome.N) == truth[v], (edges, v)
