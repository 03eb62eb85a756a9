"""AtCoder AGC010F Tree Game: A_i stones on vertex i of a tree and a piece on a
vertex; a move removes one stone from the piece's vertex, then moves the piece to
a neighbour; who cannot remove a stone loses. Which starting vertices win for the
first player (Takahashi)?

Input: N, A_1..A_N, then N-1 lines "a b". Output: the winning vertices, ascending,
separated by spaces.

The notes' lemma: moving to a neighbour with at least as many stones never helps
(the opponent walks back), so the game is the acyclic game graph with an edge
u -> v when A_u > A_v. Every vertex's outcome at once by GameGraph (retrograde
analysis, O(N)).
"""

from __future__ import annotations

import sys

from grundy import GameGraph, Outcome


def solve(text: str) -> str:
    it = iter(text.split())
    n = int(next(it))
    a = [int(next(it)) for _ in range(n)]
    succ: dict[int, list[int]] = {v: [] for v in range(1, n + 1)}
    for _ in range(n - 1):
        x, y = int(next(it)), int(next(it))
        if a[x - 1] > a[y - 1]:
            succ[x].append(y)
        elif a[y - 1] > a[x - 1]:
            succ[y].append(x)
    out = GameGraph(succ).outcomes()
    return " ".join(str(v) for v in range(1, n + 1) if out[v] is Outcome.N)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
