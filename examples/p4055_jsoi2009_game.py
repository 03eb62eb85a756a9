"""Luogu P4055 [JSOI2009] 游戏: an n x m grid with obstacles '#'. A places a piece
on a free cell; then B, A, ... alternately move it to an adjacent unvisited free
cell; who cannot move loses. Can A win, and from which cells?

Input: "n m", then n rows of '.' and '#'. Output: "LOSE", or "WIN" and the winning
cells "i j" (1-based, row-major order).
Vertex geography: B, to move, loses iff the start is missed by some maximum
matching of the grid graph (library: losing_starts, bipartite Gallai-Edmonds).
"""

from __future__ import annotations

import sys

import networkx as nx

from grundy.games.geography import losing_starts


def solve(text: str) -> str:
    lines = text.split()
    n, m = int(lines[0]), int(lines[1])
    grid = lines[2 : 2 + n]
    G = nx.Graph()
    for i in range(n):
        for j in range(m):
            if grid[i][j] != "#":
                G.add_node((i, j))
                if i + 1 < n and grid[i + 1][j] != "#":
                    G.add_edge((i, j), (i + 1, j))
                if j + 1 < m and grid[i][j + 1] != "#":
                    G.add_edge((i, j), (i, j + 1))
    win = sorted(losing_starts(G))
    if not win:
        return "LOSE"
    return "\n".join(["WIN"] + [f"{i + 1} {j + 1}" for i, j in win])


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
