"""Sums of loopy games through the everyday API (``ruleset[a] + ruleset[b]``,
``ruleset.outcome(Sum(...))``, ``grundy.analyze``): outcomes and winning moves
against retrograde analysis of the sum's own graph (product positions, a move in
one part), never against the generalised-value theory itself."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import GameGraph, Sum
from tests.solve.loopy_oracles import outcomes


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 5))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
    return n, sorted(set(edges))


def product_outcomes(parts):
    """Outcomes of the disjunctive sum of the given (n, edges) graphs, brute force."""
    succs = [{v: [w for u, w in e if u == v] for v in range(n)} for n, e in parts]
    succ = {}
    for pos in product(*(range(n) for n, _ in parts)):
        succ[pos] = [pos[:i] + (w,) + pos[i + 1:] for i, s in enumerate(succs) for w in s[pos[i]]]
    return outcomes(succ)


@given(graphs(), graphs())
@settings(max_examples=80, deadline=None)
def test_two_part_sums_against_the_product(g1, g2):
    A = GameGraph(g1[1], vertices=range(g1[0]))
    B = GameGraph(g2[1], vertices=range(g2[0]))
    want = product_outcomes([g1, g2])
    for x, y in product(range(g1[0]), range(g2[0])):
        s = A[x] + B[y]
        assert str(s.outcome) == want[(x, y)]
        moves = s.winning_moves()
        m = s.winning_move()
        if want[(x, y)] == "N":
            assert moves and m in moves
            for i, o in moves:
                after = (o, y) if i == 0 else (x, o)
                assert want[after] == "P"
            # every winning move is listed
            good = [(0, w) for u, w in g1[1] if u == x and want[(w, y)] == "P"]
            good += [(1, w) for u, w in g2[1] if u == y and want[(x, w)] == "P"]
            assert sorted(set(good)) == sorted(set((i, o) for i, o in moves))
        else:
            assert moves == [] and m is None


@given(graphs())
@settings(max_examples=40, deadline=None)
def test_one_ruleset_sums_and_analyze(g):
    n, edges = g
    A = GameGraph(edges, vertices=range(n))

    @grundy.ruleset
    def walk(v):
        return [w for u, w in edges if u == v]

    want = product_outcomes([g, g, g])
    for x, y, z in product(range(n), repeat=3):
        assert str(walk.outcome(Sum(x, y, z))) == want[(x, y, z)]
        assert str(A.outcome(Sum(x, y, z))) == want[(x, y, z)]
    for x, y in product(range(n), repeat=2):
        report = grundy.analyze(walk[x] + walk[y])
        assert str(report.outcome) == product_outcomes([g, g])[(x, y)]
