"""The compiled bridge / 2-edge-connected-part kernel against the definitions: an
edge is a bridge iff deleting it disconnects its ends; two vertices share a part
iff they stay connected once every bridge is deleted (plain BFS, O(m^2))."""

from __future__ import annotations

import random

import numpy as np
import pytest

from grundy.kernels.graphs import fuse_graph


def connected(n, edges, skip, a, b):
    adj = [[] for _ in range(n)]
    for i, (u, v) in enumerate(edges):
        if i not in skip:
            adj[u].append(v)
            adj[v].append(u)
    seen, stack = {a}, [a]
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return b in seen


@pytest.mark.parametrize("seed", range(6))
def test_bridges_and_parts_match_the_definition(seed):
    rng = random.Random(seed)
    n = rng.randrange(5, 60)
    m = rng.randrange(n // 2, 2 * n)
    edges = []
    for _ in range(m):  # tree-like with extra edges, loops and parallel edges
        u = rng.randrange(n)
        kind = rng.random()
        v = u if kind < 0.05 else (edges[-1][1] if kind < 0.1 and edges else rng.randrange(max(1, u)) if kind < 0.8 else rng.randrange(n))
        edges.append((u, v))
    if kind < 0.1 and edges:
        edges.append(edges[-1])  # a parallel pair
    us = np.array([e[0] for e in edges])
    vs = np.array([e[1] for e in edges])
    f = fuse_graph(us, vs, n, 0)
    reach = [connected(n, edges, set(), 0, x) for x in range(n)]
    assert [p >= 0 for p in f.part.tolist()] == reach
    for i, (u, v) in enumerate(edges):
        if reach[u]:
            assert bool(f.bridge[i]) == (u != v and not connected(n, edges, {i}, u, v)), (edges, i)
    bridges = {i for i in range(len(edges)) if f.bridge[i]}
    live = [x for x in range(n) if reach[x]]
    for a in live[:15]:
        for b in live:
            same = connected(n, edges, bridges, a, b)
            assert (f.part[a] == f.part[b]) == same
    # preorder numbering: a part's parent comes first; the bridge joins the two parts
    for p in range(1, len(f.parent)):
        assert 0 <= f.parent[p] < p
        e = f.up[p]
        assert {int(f.part[us[e]]), int(f.part[vs[e]])} == {p, int(f.parent[p])}


def test_deep_path_and_cycle_do_not_recurse():
    n = 10**6
    us, vs = np.arange(n - 1), np.arange(1, n)
    f = fuse_graph(us, vs, n, 0)
    assert f.bridge.all() and int(f.value[0]) == n - 1
    f = fuse_graph(np.r_[us, n - 1], np.r_[vs, 0], n, 0)  # one cycle of n edges
    assert not f.bridge.any() and int(f.value[0]) == n % 2
