"""Codeforces 1610I Mashtali vs AtCoder: Green Hackenbush on a tree where vertices
1..k are grounded (cut an edge; what no longer reaches a grounded vertex falls).
For every k, does the first player (Mashtali) win?

Input: n, then n-1 lines "u v". Output: a string of n characters, the k-th '1' if
the first player wins with 1..k grounded, else '2'.
Fusion of the grounded vertices (their connecting paths become loops), amortised
O(n) over all k (library: prefix_ground_values).
"""

from __future__ import annotations

import sys

import numpy as np

from grundy.games.hackenbush import prefix_ground_values


def solve(text: str) -> str:
    data = np.array(text.split(), dtype=np.int64)
    n = int(data[0])
    vals = prefix_ground_values(data[1 : 2 * n - 1].reshape(-1, 2) - 1, n)
    return "".join(np.where(vals != 0, "1", "2"))


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
