"""Luogu P6665 [清华集训 2016] Alice 和 Bob 又在玩游戏: a forest, each tree rooted at
its smallest vertex; a move picks a vertex and deletes it with all its ancestors;
who cannot move loses. Alice moves first.

Input: T, then per case "n m" and m lines "u v" (the forest's edges). Output per
case: "Alice" or "Bob".
Library: ancestor_deletion_values (option sets in binary tries merged with lazy
XOR, O(n log n)); the forest's value is the XOR over its trees.
"""

from __future__ import annotations

import sys

import numpy as np

from grundy.games.treegames import ancestor_deletion_values
from grundy.kernels.trees import root_tree


def _bad(what: str) -> Exception:
    from grundy.values.errors import InvalidPositionError

    return InvalidPositionError(f"p6665: {what}")


def solve(text: str) -> str:
    data = np.fromstring(text, dtype=np.int64, sep=" ")  # fast: text to int64 in C
    if data.size == 0:
        raise _bad("the input is empty")
    t, pos, out = int(data[0]), 1, []
    for _ in range(t):
        if pos + 2 > data.size:
            raise _bad("the input ends early")
        n, m = int(data[pos]), int(data[pos + 1])
        if n < 0 or m < 0 or pos + 2 + 2 * m > data.size:
            raise _bad("the input ends early, or a case has n < 0 or m < 0")
        e = data[pos + 2 : pos + 2 + 2 * m].reshape(-1, 2) - 1
        pos += 2 + 2 * m
        if m and (e.min() < 0 or e.max() >= n):
            raise _bad("an edge has an end outside 1..n")
        # BFS from the vertices in increasing order: each tree is rooted at its
        # smallest vertex
        parent, order, cycle = root_tree(e[:, 0], e[:, 1], n, np.arange(n))
        if cycle >= 0:
            raise _bad("the edges of a case are not a forest (a cycle, a loop or a double edge)")
        g = ancestor_deletion_values(parent, order)
        total = int(np.bitwise_xor.reduce(g[parent < 0])) if n else 0
        out.append("Alice" if total else "Bob")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
