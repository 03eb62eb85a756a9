"""The tree and graph contest programs in examples/ against brute force from each
problem's raw rules, on small random inputs in the problem's own format."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from pathlib import Path

import pytest

from tests.games.test_treegames import bip_moves, p6665_moves, p8347_first_wins
from tests.oracles import grundy_values, wins

from tests.examples.test_examples import load  # noqa: E402  (one loader: see its note)

ROOT = Path(__file__).resolve().parents[2]




def hackenbush_brute(n, edges, grounded):
    """Green Hackenbush by the definition: positions are sets of remaining edges."""

    def prune(alive):
        reach = set(grounded)
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
    def win(alive):
        return any(not win(prune(alive - {i})) for i in alive)

    return win(prune(frozenset(range(len(edges)))))


def tree_input(n, edges):
    return f"{n}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)


def random_tree(rng, n):
    perm = list(range(n))
    rng.shuffle(perm)
    return [(perm[rng.randrange(i)], perm[i]) for i in range(1, n)]


def test_agc017d():
    mod = load("agc017d_game_on_tree")
    rng = random.Random(1)
    for _ in range(150):
        n = rng.randrange(2, 10)
        edges = random_tree(rng, n)
        want = "Alice" if hackenbush_brute(n, edges, {0}) else "Bob"
        assert mod.solve(tree_input(n, edges)) == want


def test_cf1610i():
    mod = load("cf1610i_mashtali")
    rng = random.Random(2)
    for _ in range(80):
        n = rng.randrange(2, 9)
        edges = random_tree(rng, n)
        want = "".join("1" if hackenbush_brute(n, edges, set(range(k))) else "2" for k in range(1, n + 1))
        assert mod.solve(tree_input(n, edges)) == want


def test_agc010f():
    mod = load("agc010f_tree_game")
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randrange(1, 6)
        a = [rng.randrange(1, 4) for _ in range(n)]
        edges = random_tree(rng, n)
        adj = {v: [] for v in range(n)}
        for u, v in edges:
            adj[u].append(v)
            adj[v].append(u)

        @lru_cache(maxsize=None)
        def win(v, stones):  # raw rules: remove a stone here, then move the piece
            if stones[v] == 0:
                return False
            s = stones[:v] + (stones[v] - 1,) + stones[v + 1 :]
            return any(not win(w, s) for w in adj[v])

        want = [v + 1 for v in range(n) if win(v, tuple(a))]
        text = f"{n}\n{' '.join(map(str, a))}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)
        assert mod.solve(text) == " ".join(map(str, want)), (a, edges)


def test_p6665():
    mod = load("p6665_forest_ancestors")
    rng = random.Random(4)
    g = grundy_values(p6665_moves)
    cases, wants = [], []
    for _ in range(120):
        n = rng.randrange(1, 9)
        parent = [-1 if i == 0 or rng.random() < 0.25 else rng.randrange(i) for i in range(n)]
        parent[0] = -1
        # relabel so each tree's root is its smallest vertex (the problem's rooting)
        edges = [(p, i) for i, p in enumerate(parent) if p >= 0]
        cases.append(f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges))
        wants.append("Alice" if g(tuple(parent)) else "Bob")
    assert mod.solve(f"{len(cases)}\n" + "".join(cases)).split("\n") == wants


def test_p8347():
    mod = load("p8347_other_side_moon")
    rng = random.Random(5)
    cases, wants = [], []
    for _ in range(120):
        n = rng.randrange(1, 9)
        edges = random_tree(rng, n)
        cases.append(tree_input(n, edges))
        wants.append("Hifuu" if p8347_first_wins(n, edges) else "Luna")
    assert mod.solve(f"{len(cases)}\n" + "".join(cases)).split("\n") == wants


def test_abc398g():
    mod = load("abc398g_not_only_tree")
    w = wins(bip_moves)
    rng = random.Random(6)
    seen = set()
    for _ in range(300):
        n = rng.randrange(1, 7)
        # a random bipartite simple graph
        side = [rng.randrange(2) for _ in range(n)]
        edges = frozenset(
            (u, v) for u, v in itertools.combinations(range(n), 2) if side[u] != side[v] and rng.random() < 0.4
        )
        want = "Aoki" if w((n, edges)) else "Takahashi"
        seen.add(want)
        text = f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in sorted(edges))
        assert mod.solve(text) == want, (n, edges)
    assert seen == {"Aoki", "Takahashi"}


def test_p4055():
    mod = load("p4055_jsoi2009_game")
    rng = random.Random(7)
    for _ in range(150):
        n, m = rng.randrange(1, 4), rng.randrange(1, 5)
        grid = ["".join(rng.choice("..#") for _ in range(m)) for _ in range(n)]
        free = [(i, j) for i in range(n) for j in range(m) if grid[i][j] == "."]

        @lru_cache(maxsize=None)
        def mover_wins(cell, visited):
            i, j = cell
            nxt = [(i + di, j + dj) for di, dj in ((0, 1), (0, -1), (1, 0), (-1, 0))]
            return any(not mover_wins(c, visited | {c}) for c in nxt if c in free and c not in visited)

        good = [c for c in free if not mover_wins(c, frozenset([c]))]
        want = "LOSE" if not good else "\n".join(["WIN"] + [f"{i + 1} {j + 1}" for i, j in good])
        assert mod.solve(f"{n} {m}\n" + "\n".join(grid) + "\n") == want, grid


def test_cf2062e():
    mod = load("cf2062e_the_game")
    rng = random.Random(8)
    cases, wants, easy_checks = [], [], []
    for _ in range(200):
        n = rng.randrange(1, 8)
        w = [rng.randrange(1, n + 1) for _ in range(n)]
        edges = random_tree(rng, n)
        children = {v: [] for v in range(n)}
        par = {0: None}
        stack = [0]
        adj = {v: [] for v in range(n)}
        for u, v in edges:
            adj[u].append(v)
            adj[v].append(u)
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if y not in par:
                    par[y] = x
                    children[x].append(y)
                    stack.append(y)

        def subtree(x):
            out, st = {x}, [x]
            while st:
                for c in children[st.pop()]:
                    out.add(c)
                    st.append(c)
            return out

        @lru_cache(maxsize=None)
        def mover_wins(alive, last):  # raw rules: who cannot move wins
            opts = [x for x in alive if w[x] > last]
            if not opts:
                return True
            return any(not mover_wins(alive - subtree(x), w[x]) for x in opts)

        every = frozenset(range(n))
        good = [x + 1 for x in range(n) if not mover_wins(every - subtree(x), w[x])]
        cases.append(f"{n}\n{' '.join(map(str, w))}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges))
        wants.append(" ".join(map(str, [len(good), *good])))
        easy_checks.append(set(good))
    text = f"{len(cases)}\n" + "".join(cases)
    assert mod.solve(text).split("\n") == wants
    for line, good in zip(mod.solve(text, easy=True).split("\n"), easy_checks):
        assert int(line) in good if good else line == "0"


@pytest.mark.parametrize("text, why", [
    ("1\n3 5\n", "ends early"),                  # edges missing
    ("2\n2 1\n1 2\n", "ends early"),             # a case missing
    ("1\n3 2\n1 2\n2 4\n", "outside 1..n"),     # an end outside 1..n
    ("1\n3 3\n1 2\n2 3\n3 1\n", "forest"),     # a cycle
    ("1\n2 2\n1 2\n1 2\n", "forest"),           # a double edge
    ("1\n2 1\n2 2\n", "forest"),                 # a loop
    ("", "empty"),
])
def test_p6665_bad_input(text, why):
    from grundy.values.errors import InvalidPositionError

    with pytest.raises(InvalidPositionError, match=why):
        load("p6665_forest_ancestors").solve(text)


@pytest.mark.parametrize("text, why", [
    ("1\n3\n1 2 3\n1 2\n1 2\n", "tree"),           # a double edge: vertex 3 unreached
    ("1\n3\n1 2 3\n1 2\n2 2\n", "tree"),           # a loop
    ("1\n3\n1 2 3\n1 2\n2 4\n", "edge"),           # an end outside 1..n
    ("1\n3\n1 2 4\n1 2\n2 3\n", "weight"),         # a weight outside 1..n
    ("2\n3\n1 2 3\n1 2\n2 3\n", "ends early"),     # a case missing
    ("1\n0\n", "n < 1"),
])
def test_cf2062e_bad_input(text, why):
    from grundy.values.errors import InvalidPositionError

    mod = load("cf2062e_the_game")
    with pytest.raises(InvalidPositionError, match=why):
        mod.solve(text)


def test_cf2062e_many_cases_match_one_by_one():
    """Cases solved together (one forest) answer as each alone."""
    mod = load("cf2062e_the_game")
    rng = random.Random(9)
    cases = []
    for _ in range(60):
        n = rng.randrange(1, 30)
        w = [rng.randrange(1, n + 1) for _ in range(n)]
        edges = random_tree(rng, n)
        cases.append(f"{n}\n{' '.join(map(str, w))}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges))
    together = mod.solve(f"{len(cases)}\n" + "".join(cases)).split("\n")
    assert together == [mod.solve("1\n" + c) for c in cases]
