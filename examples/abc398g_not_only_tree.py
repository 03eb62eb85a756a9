"""AtCoder ABC398G Not Only Tree Game: players alternately add an edge absent from
a simple bipartite graph, keeping it bipartite; who cannot move loses. Aoki moves
first (the notes' convention).

Input: "N M", then M lines "u v". Output: "Aoki" if the first player wins, else
"Takahashi".
Library: BipartiteEdgeAdding's outcome (parity analysis of the components).
"""

from __future__ import annotations

import sys

import numpy as np

from grundy import Outcome
from grundy.games.treegames import BipartiteEdgeAdding


def solve(text: str) -> str:
    data = np.array(text.split(), dtype=np.int64)
    n, m = int(data[0]), int(data[1])
    e = np.sort(data[2 : 2 + 2 * m].reshape(-1, 2) - 1, axis=1)
    pos = (n, tuple(map(tuple, e.tolist())))
    return "Aoki" if BipartiteEdgeAdding().outcome_formula(pos) is Outcome.N else "Takahashi"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
