"""The notes' tree and graph games (P8347, P6665, ABC398G) against brute force from
their raw rules, written here independently of the library's move functions."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import numpy as np
import pytest

from grundy.games import treegames
from grundy.games.treegames import (
    AncestorDeletion,
    BipartiteEdgeAdding,
    KeepComponent,
    ancestor_deletion_values,
)
from grundy.values.errors import InvalidPositionError
from grundy.values.outcome import Outcome
from tests.oracles import grundy_values, mex, wins


def random_tree_edges(rng, n):
    return [(rng.randrange(i), i) for i in range(1, n)]


# P8347: the mover facing a lone vertex wins (raw rule, no normal-form trick)
def p8347_first_wins(n, edges):
    def comps(vs, es, x):
        rest = vs - {x}
        adj = {v: set() for v in rest}
        for u, v in es:
            if u in rest and v in rest:
                adj[u].add(v)
                adj[v].add(u)
        seen = set()
        for s in rest:
            if s in seen:
                continue
            comp, stack = {s}, [s]
            while stack:
                for w in adj[stack.pop()]:
                    if w not in comp:
                        comp.add(w)
                        stack.append(w)
            seen |= comp
            yield frozenset(comp)

    es = frozenset(edges)

    @lru_cache(maxsize=None)
    def w(vs):
        if len(vs) == 1:
            return True  # cannot operate: wins
        return any(not w(c) for x in vs for c in comps(vs, es, x))

    return w(frozenset(range(n)))


def test_keep_component_theorem():
    rng = random.Random(1)
    k = KeepComponent()
    for _ in range(150):
        n = rng.randrange(1, 9)
        edges = random_tree_edges(rng, n)
        pos = KeepComponent.canon(range(n), edges)
        truth = p8347_first_wins(n, edges)
        assert (k.outcome(pos) is Outcome.N) == truth, (n, edges)
        if n <= 6:
            assert (k.solver.value(pos) != 0) == truth


def p6665_moves(parents):
    for x in range(len(parents)):
        if parents[x] == -2:
            continue
        new = list(parents)
        y = x
        while y != -1:
            nxt = new[y]
            new[y] = -2
            y = nxt
        yield tuple(-1 if p >= 0 and new[p] == -2 else p for p in new)


def test_ancestor_deletion_against_definition():
    rng = random.Random(2)
    g = grundy_values(p6665_moves)
    a = AncestorDeletion()
    for _ in range(250):
        n = rng.randrange(1, 10)
        parent = [-1 if i == 0 or rng.random() < 0.15 else rng.randrange(i) for i in range(n)]
        vals = ancestor_deletion_values(parent)
        for v in range(n):  # every subtree on its own
            sub = [v] + [u for u in range(v + 1, n) if _below(parent, u, v)]
            ix = {x: i for i, x in enumerate(sub)}
            p2 = tuple(-1 if x == v else ix[parent[x]] for x in sub)
            assert vals[v] == g(p2), (parent, v)
        assert a.value(tuple(parent)) == g(tuple(parent))
    # a long path (value = length) and a broom, fast
    assert ancestor_deletion_values(np.r_[-1, np.arange(99_999)])[0] == 100_000


def _option_sets_values(parent):
    """The recurrence the trie kernel implements, with plain Python sets: the
    options of v's subtree are {X_v} and A_c ^ X_v ^ g(c) for each child c (A_c
    the option set of c's subtree). Checked against the raw game above on small
    trees; here it checks the compiled tries (deep merges, node growth) on big ones."""
    n = len(parent)
    kids = [[] for _ in range(n)]
    for v, p in enumerate(parent):
        if p >= 0:
            kids[p].append(v)
    order = [v for v in range(n) if parent[v] < 0]
    for v in order:
        order.extend(kids[v])
    g, opts = [0] * n, [set() for _ in range(n)]
    for v in reversed(order):
        x = 0
        for c in kids[v]:
            x ^= g[c]
        a = {x}
        for c in kids[v]:
            a |= {o ^ x ^ g[c] for o in opts[c]}
        g[v], opts[v] = mex(a), a
    return g


@pytest.mark.parametrize("whole", [True, False], ids=["trie-at-once", "trie-grown"])
@pytest.mark.parametrize("shape", ["random", "star", "caterpillar", "binary", "forest"])
def test_ancestor_deletion_tries_on_big_trees(shape, whole, monkeypatch):
    calls = []
    if not whole:  # the trie starts at 2n nodes and the kernel stops to let it grow
        monkeypatch.setattr(treegames, "TRIE_NODES_AT_ONCE", 0)
        kernel = treegames._trie_kernel()
        monkeypatch.setattr(treegames, "_trie_kernel", lambda: lambda *a: calls.append(a[-2]) or kernel(*a))
    rng = random.Random(len(shape))
    n = 1500
    if shape == "random":
        parent = [-1] + [rng.randrange(i) for i in range(1, n)]
    elif shape == "star":
        parent = [-1] + [0] * (n - 1)
    elif shape == "caterpillar":
        parent = [-1] + [i - 1 if i % 2 else max(0, i - 2) for i in range(1, n)]
    elif shape == "binary":
        parent = [-1] + [(i - 1) // 2 for i in range(1, n)]
    else:
        parent = [-1 if i == 0 or rng.random() < 0.05 else rng.randrange(i) for i in range(n)]
    want = _option_sets_values(parent)
    assert ancestor_deletion_values(parent).tolist() == want
    if shape == "star" and not whole:  # a star takes bits + 1 nodes per vertex: T grew
        assert len(calls) > 1
    p = np.array(parent)
    order = np.argsort(_depths(parent), kind="stable")  # parents first, another order than BFS
    assert ancestor_deletion_values(p, order).tolist() == want
    with pytest.raises(InvalidPositionError, match="parents-first"):
        ancestor_deletion_values(p, order[::-1])


def _depths(parent):
    d = [0] * len(parent)
    for v in range(len(parent)):  # parents have smaller labels here
        d[v] = 0 if parent[v] < 0 else d[parent[v]] + 1
    return d


def _below(parent, u, v):
    while u != -1:
        if u == v:
            return True
        u = parent[u]
    return False


def bip_moves(pos):
    n, edges = pos
    for u, v in itertools.combinations(range(n), 2):
        if (u, v) in edges:
            continue
        new = edges | {(u, v)}
        col = {}
        ok = True
        for s in range(n):  # 2-colour by DFS
            if s in col:
                continue
            col[s] = 0
            stack = [s]
            while stack and ok:
                x = stack.pop()
                for a, b in new:
                    if x in (a, b):
                        y = b if x == a else a
                        if y not in col:
                            col[y] = col[x] ^ 1
                            stack.append(y)
                        elif col[y] == col[x]:
                            ok = False
        if ok:
            yield (n, new)


def test_bipartite_edge_adding_against_raw_game():
    w = wins(bip_moves)
    b = BipartiteEdgeAdding()
    checked = set()
    for n in range(1, 7):
        pairs = list(itertools.combinations(range(n), 2))
        rng = random.Random(n)
        masks = range(1 << len(pairs)) if n <= 4 else [rng.randrange(1 << len(pairs)) for _ in range(120)]
        for mask in masks:
            edges = frozenset(p for k, p in enumerate(pairs) if mask >> k & 1)
            pos = (n, tuple(sorted(edges)))
            try:
                b.validate(pos)
            except InvalidPositionError:
                continue
            assert (b.outcome(pos) is Outcome.N) == w((n, edges)), pos
            checked.add((n, w((n, edges))))
    assert len(checked) == 11  # both outcomes for every n >= 2

def test_bad_positions():
    with pytest.raises(InvalidPositionError, match="not a tree"):
        KeepComponent()[(3, ((0, 1),))]
    with pytest.raises(InvalidPositionError, match="cycle"):
        AncestorDeletion()[(1, 0)]
    with pytest.raises(InvalidPositionError, match="not a simple bipartite"):
        BipartiteEdgeAdding()[(3, ((0, 1), (0, 2), (1, 2)))]
