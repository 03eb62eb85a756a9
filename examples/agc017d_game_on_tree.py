"""AtCoder AGC017D Game on Tree: cut an edge of a tree, the part without vertex 1
falls away; who cannot move loses. Alice moves first.

Input: N, then N-1 lines "x y". Output: "Alice" or "Bob".
Green Hackenbush on a tree: the colon principle (compiled), rooted at vertex 1.
"""

from __future__ import annotations

import sys

import numpy as np

from grundy.games.hackenbush import hackenbush_value


def solve(text: str) -> str:
    data = np.array(text.split(), dtype=np.int64)
    n = int(data[0])
    edges = data[1 : 2 * n - 1].reshape(-1, 2) - 1
    return "Alice" if hackenbush_value(edges, ground=0) else "Bob"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
