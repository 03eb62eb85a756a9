"""Green Hackenbush on graphs, forests and multi-grounded trees against brute force
over edge subsets, straight from the rules (cut an edge, drop what is no longer
connected to the ground)."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from functools import lru_cache

import numpy as np
import pytest

import grundy
from grundy import GrundyError
from grundy.games.hackenbush import (
    Graph,
    GreenHackenbush,
    HackenbushGraph,
    hackenbush_value,
    parse_edges,
    Tree,
    string,
    tree_from_edges,
    tree_values,
    winning_cut,
)
from grundy.kernels.trees import forest_order, grounded_prefix_values
from grundy.values.errors import InvalidPositionError
from tests.oracles import mex


def brute(edges, ground):
    """Grundy value by the definition over sets of remaining edge indices."""
    ground = frozenset(ground)

    def prune(alive):
        reach = set(ground)
        changed = True
        while changed:
            changed = False
            for i in alive:
                u, v = edges[i]
                if (u in reach) != (v in reach):
                    reach |= {u, v}
                    changed = True
        return frozenset(i for i in alive if edges[i][0] in reach)

    @lru_cache(maxsize=None)
    def g(alive):
        return mex(g(prune(alive - {i})) for i in alive)

    g.prune = prune
    return g, prune(frozenset(range(len(edges))))


def check_graph(edges, ground):
    if edges and not any(u in ground or v in ground for u, v in edges):
        # nothing touches the ground: a mistake in the input (say 1-based labels
        # with the default ground 0), one clear error rather than a silent 0
        with pytest.raises(InvalidPositionError, match="no ground"):
            hackenbush_value(edges, ground)
        with pytest.raises(InvalidPositionError, match="no ground"):
            winning_cut(edges, ground)
        return 0
    g, start = brute(edges, ground)
    want = g(start)
    assert hackenbush_value(edges, ground) == want, (edges, ground)
    cut = winning_cut(edges, ground)
    if want == 0:
        assert cut is None
    else:  # cutting that edge (any copy of it) leaves a position of value 0
        i = next(i for i in start if tuple(sorted(edges[i], key=repr)) == tuple(sorted(cut, key=repr)))
        assert g(g.prune(start - {i})) == 0, (edges, ground, cut)
    return want


def test_every_simple_graph_on_five_vertices():
    pairs = list(itertools.combinations(range(5), 2))
    seen = 0
    for mask in range(1 << len(pairs)):
        edges = [p for k, p in enumerate(pairs) if mask >> k & 1]
        if len(edges) > 8:
            continue
        check_graph(edges, [0])
        seen += 1
    assert seen > 900


def test_random_multigraphs_with_loops_and_several_grounds():
    rng = random.Random(5)
    values = set()
    for _ in range(400):
        n = rng.randrange(2, 7)
        m = rng.randrange(0, 9)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(m)]
        ground = rng.sample(range(n), min(n, rng.choice([1, 1, 2, 3])))
        values.add(check_graph(edges, ground))
    assert len(values) >= 4  # the oracle sees a spread of values


def test_cycle_parity_and_published_facts():
    # the notes: an odd cycle on the ground has value 1, an even one 0
    for k in range(3, 9):
        cyc = [(i, (i + 1) % k) for i in range(k)]
        assert hackenbush_value(cyc) == k % 2 == brute(cyc, [0])[0](frozenset(range(k)))
    assert hackenbush_value([(0, 1), (0, 1)]) == 0  # two parallel edges: loop pair
    assert hackenbush_value([(0, 0)]) == 1  # a loop at the ground is one stalk


def test_trees_colon_principle_and_forests():
    rng = random.Random(2)
    for _ in range(200):
        n = rng.randrange(1, 9)
        parent = [-1] + [rng.randrange(i) for i in range(1, n)]
        edges = [(i, parent[i]) for i in range(1, n)]
        g, start = brute(edges, [0])
        assert tree_values(parent)[0] == g(start) == hackenbush_value(edges)
        assert GreenHackenbush().value(tree_from_edges(edges, 0)) == g(start)
    # a forest: several roots, every root grounded
    parent = [-1, 0, 0, -1, 3, 4]
    vals = tree_values(parent)
    edges = [(i, p) for i, p in enumerate(parent) if p >= 0]
    g, start = brute(edges, [0, 3])
    assert vals[0] ^ vals[3] == g(start)


def test_grounded_prefix_values_against_brute_force():
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randrange(1, 9)
        parent = np.array([-1] + [rng.randrange(i) for i in range(1, n)])
        order = forest_order(parent)
        got = grounded_prefix_values(parent, order).tolist()
        edges = [(i, int(parent[i])) for i in range(1, n)]
        for k in range(n):
            g, start = brute(edges, range(k + 1))
            assert got[k] == g(start), (parent.tolist(), k)


def test_ruleset_moves_match_brute_force_and_winning_move():
    h = HackenbushGraph()
    rng = random.Random(9)
    for _ in range(60):
        n = rng.randrange(2, 6)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(1, 7))]
        pos = Graph.make(edges, 0)
        if not any(0 in e for e in edges):
            with pytest.raises(InvalidPositionError, match="no ground"):
                h.value(pos)
            continue
        assert h.value(pos) == h.solver.value(pos)
        w = h.winning_move(pos)
        assert (w is None) == (h.value(pos) == 0)
        if w is not None:
            assert h.solver.value(w) == 0 and w in set(h.moves(pos))


def test_deep_trees_do_not_recurse():
    h = GreenHackenbush()
    t = tree_from_edges([(i, i + 1) for i in range(1, 3000)] + [(0, 1), (0, 5000)]
                        + [(i, i + 1) for i in range(5000, 6500)], 0)
    assert h.value(t) == 3000 ^ 1501
    w = h.winning_move(t)
    assert h.value(w) == 0
    assert sum(1 for _ in zip(range(50), h.moves(t))) == 50
    assert len(h.options(string(1200))) == 1200  # above the recursion limit
    assert h.format_position(string(3000)).count("(") == 3001
    big = np.stack([np.arange(10**6), np.arange(1, 10**6 + 1)], axis=1)
    assert hackenbush_value(big) == 10**6
    assert tree_values(np.r_[-1, np.arange(10**6 - 1)])[0] == 10**6 - 1


def test_networkx_input_and_catalogue():
    import networkx as nx

    assert hackenbush_value(nx.cycle_graph(5)) == 1
    assert grundy.games.get("hackenbush-graph")[parse_edges("0-1 1-2 2-0")].value == 1
    assert grundy.games.get("hackenbush").parse_position("0-1 0-2") == Tree(((), ()))


@pytest.mark.parametrize(
    "text, match",
    [
        ("2-3 3-4", "no ground"),
        ("n=3 0-1 1-7", "names vertex 7"),
        ("0-1 x", "not an edge"),
        ("0-1 ground=", "no ground vertex"),
        ("0-1 colour=red", "unknown setting"),
        ("@/nonexistent/edges.txt", "cannot read"),
    ],
)
def test_bad_graph_input(text, match):
    with pytest.raises(InvalidPositionError, match=match):
        HackenbushGraph().parse_position(text)


@pytest.mark.parametrize(
    "text, match",
    [("0-1 2-3", "not connected"), ("0-1 1-1", "self-loop"), ("0-1 1-2 2-0", "cycle")],
)
def test_bad_tree_input(text, match):
    with pytest.raises(InvalidPositionError, match=match):
        GreenHackenbush().parse_position(text)
    with pytest.raises(GrundyError):
        tree_values([0, 0])


@pytest.mark.heavy
def test_cli(tmp_path):
    f = tmp_path / "edges.txt"
    f.write_text("# a triangle and a stalk\n0 1\n1 2\n2 0\n2 3\n")
    run = lambda *a: subprocess.run([sys.executable, "-m", "grundy", *a], capture_output=True, text=True)
    r = run("analyze", "hackenbush-graph", f"@{f}", "--json")
    assert r.returncode == 0, r.stderr
    assert '"value": 0' in r.stdout
    r = run("analyze", "hackenbush-graph", "2-3 3-4")
    assert r.returncode == 2 and "no ground" in r.stderr and r.stderr.count("\n") == 1
    r = run("analyze", "hackenbush", "0-1 2-3")
    assert r.returncode == 2 and "not connected" in r.stderr


def test_a_forest_splits_into_a_sum_of_its_trees():
    h = HackenbushGraph()
    pos = Graph.make([(0, 1), (1, 2), (3, 4), (4, 5), (4, 6)], [0, 3])
    opts = list(h.moves(pos))
    assert any(type(o) is grundy.Sum for o in opts)
    assert h.value(pos) == h.solver.value(pos) == 2 ^ 1
    w = h.winning_move(pos)
    assert w in opts and h.value(w) == 0


def _ahu(parent):
    """Canonical string of a rooted tree by the definition (sorted child strings)."""
    kids = {v: [] for v in range(len(parent))}
    for v, p in enumerate(parent):
        if p >= 0:
            kids[p].append(v)

    def s(v):
        return "(" + "".join(sorted(s(c) for c in kids[v])) + ")"

    return s(parent.index(-1))


@pytest.mark.heavy
def test_tree_equality_is_isomorphism_and_canonical_code_caches():
    """Tree objects (iterative hash/eq, canonical code by a compiled kernel) are
    equal iff the rooted trees are isomorphic; relabelled and reordered inputs give
    the same tree. Checked against the definition on random small trees."""
    rng = random.Random(21)
    trees = []
    for _ in range(400):
        n = rng.randrange(1, 9)
        parent = [-1] + [rng.randrange(i) for i in range(1, n)]
        perm = list(range(n))
        rng.shuffle(perm)
        relabelled = [-1] * n
        for v, p in enumerate(parent):
            relabelled[perm[v]] = -1 if p < 0 else perm[p]
        t = Tree.from_parents(parent)
        edges = [(perm[v], perm[p]) for v, p in enumerate(parent) if p >= 0]
        rng.shuffle(edges)
        assert t == Tree.from_parents(relabelled) == tree_from_edges(edges, perm[0])
        assert hash(t) == hash(Tree.from_parents(relabelled))
        assert Tree(str(t)) == t and Tree(t.to_tuple()) == t and t.size == n - 1
        trees.append((t, _ahu(parent)))
        g, start = brute([(v, p) for v, p in enumerate(parent) if p >= 0], [0])
        assert GreenHackenbush().value(t) == g(start)
    for (a, sa), (b, sb) in zip(trees, trees[1:] + trees[:1]):
        assert (a == b) == (sa == sb), (a, b)
    # the canonical-code kernel is read from numba's disk cache in a new process
    # (a jitted helper held in a closure made it recompile, ~10 s, every run):
    # numba's own count of cache loads and misses, not a time
    code = ("import grundy; from grundy.kernels._lazy import jit_module; "
            "grundy.games.Tree(((), ((),))); k = jit_module('_trees_jit').canon_kernel; "
            "print(sum(k.stats.cache_hits.values()), sum(k.stats.cache_misses.values()))")
    subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300, check=True)
    hits, misses = map(int, subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                           timeout=300, check=True).stdout.split())
    assert (hits, misses) == (1, 0)
