"""AtCoder AGC014 D - Black and White Tree.

A tree of N vertices (N <= 10^5), all uncoloured. Takahashi (first) and Aoki
(second) alternately colour an uncoloured vertex, white and black respectively.
When all are coloured, every white vertex next to a black one turns black; if any
white vertex is left, the first player wins.

Input: N, then N - 1 edges "a b". Output: "First" or "Second".

Theory (the notes): the second player wins exactly when the tree has a perfect
matching (while one exists, answer each white move at v by black at v's partner);
:func:`solve` decides that greedily from the leaves. :class:`Colouring` plays the
raw game (state: the colours, whose turn it is follows from them) with the result
fixed by the rules at the end, analysed by the library; the tests check both
against brute force on every small tree.
"""

from __future__ import annotations

import sys
from collections import deque
from typing import Any

import grundy
from grundy import Outcome
from grundy.solve.loopy import analyze_loopy


def parse(text: str) -> tuple[int, list[tuple[int, int]]]:
    it = iter(text.split())
    n = int(next(it))
    return n, [(int(next(it)) - 1, int(next(it)) - 1) for _ in range(n - 1)]


def has_perfect_matching(n: int, edges: list[tuple[int, int]]) -> bool:
    """Greedy from the leaves: a leaf must be matched to its parent."""
    if n % 2:
        return False
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    parent = [-1] * n
    order = []
    seen = [False] * n
    q = deque([0])
    seen[0] = True
    while q:
        v = q.popleft()
        order.append(v)
        for w in adj[v]:
            if not seen[w]:
                seen[w] = True
                parent[w] = v
                q.append(w)
    matched = [False] * n
    for v in reversed(order):
        if matched[v]:
            continue
        p = parent[v]
        if p < 0 or matched[p]:
            return False
        matched[v] = matched[p] = True
    return True


class Colouring(grundy.Ruleset):
    """States: tuples of colours (0 uncoloured, 1 white, 2 black)."""

    def __init__(self, n: int, edges: list[tuple[int, int]]) -> None:
        self.n, self.name = n, "black-and-white-tree"
        self.adj: list[list[int]] = [[] for _ in range(n)]
        for a, b in edges:
            self.adj[a].append(b)
            self.adj[b].append(a)

    def moves(self, colours: Any) -> list[Any]:
        c = 1 if colours.count(0) % 2 == self.n % 2 else 2  # first player: white
        return [colours[:v] + (c,) + colours[v + 1:] for v in range(self.n) if colours[v] == 0]

    def result(self, colours: Any) -> Outcome | None:
        if 0 in colours:
            return None
        white_left = any(colours[v] == 1 and all(colours[w] != 2 for w in self.adj[v])
                         for v in range(self.n))
        first_to_move = self.n % 2 == 0  # after n moves
        return Outcome.N if white_left == first_to_move else Outcome.P


def solve_by_play(n: int, edges: list[tuple[int, int]]) -> str:
    a = analyze_loopy(Colouring(n, edges), (0,) * n)
    return "First" if a.outcome((0,) * n) is Outcome.N else "Second"


def solve(text: str) -> str:
    n, edges = parse(text)
    return "Second" if has_perfect_matching(n, edges) else "First"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
