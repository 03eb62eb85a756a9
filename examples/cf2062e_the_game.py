"""Codeforces 2062E1/E2 The Game: a tree rooted at 1 with weights w_i; players
alternately pick a remaining vertex heavier than the opponent's last pick (any
vertex on the first move) and delete its subtree; the first player who cannot
move WINS. Which first moves win for Cirno (the first player)?

Input: t, then per case n, w_1..w_n and n-1 lines "u v". Output per case (E2):
the number of winning first moves, then the vertices ascending, on one line. With
``--easy`` (E1): one winning vertex, or 0.

Theorem (the notes): u wins iff some vertex heavier than u lies outside u's
subtree, and every heavier v outside it either has nothing heavier than itself
outside its own subtree, or has all of those (their LCA W_v) inside u's subtree:
u is an ancestor of v or of W_v. Scanning weights downward, each v adds +1 on the
root paths of v and W_v and -1 on that of their LCA; u wins iff its subtree holds
all the constraints. DFS order (GameGraph-free: compiled loops), Fenwick trees,
binary-lifting LCA: O(n log n).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit

from grundy.kernels.trees import root_tree

# Compiled once and cached on disk next to this file (module-level functions, no
# closures: numba caches those). tests/examples load this file under its own
# module name, so a cache written by a test run serves the script and back.


@njit("int64(int64, int64, int64[:], int64[:, :], int64)", cache=True)
def _lca(a: int, b: int, depth: Any, up: Any, LOG: int) -> int:
    if depth[a] < depth[b]:
        a, b = b, a
    h = depth[a] - depth[b]
    k = 0
    while h:
        if h & 1:
            a = up[k, a]
        h >>= 1
        k += 1
    if a == b:
        return a
    for k in range(LOG, -1, -1):
        if up[k, a] != up[k, b]:
            a = up[k, a]
            b = up[k, b]
    return up[0, a]


@njit("void(int64[:], int64, int64)", cache=True)
def _add(bit: Any, i: int, x: int) -> None:
    n = bit.shape[0] - 1
    while i <= n:
        bit[i] += x
        i += i & -i


@njit("int64(int64[:], int64)", cache=True)
def _ask(bit: Any, i: int) -> int:
    s = 0
    while i > 0:
        s += bit[i]
        i -= i & -i
    return s


@njit("int64(int64[:], int64)", cache=True)
def _kth(bit: Any, k: int) -> int:
    """The position of the k-th mark (1-based) of a Fenwick tree of 0/1 marks."""
    n = bit.shape[0] - 1
    pos = 0
    step = 1
    while step * 2 <= n:
        step *= 2
    while step:
        if pos + step <= n and bit[pos + step] < k:
            pos += step
            k -= bit[pos]
        step //= 2
    return pos + 1


@njit(cache=True)
def _run(parent: Any, order: Any, w: Any) -> Any:
    n = parent.shape[0]
    # subtree sizes and preorder positions (children laid out after parents)
    size = np.ones(n, dtype=np.int64)
    for i in range(n - 1, 0, -1):
        size[parent[order[i]]] += size[order[i]]
    tin = np.zeros(n, dtype=np.int64)
    nxt = np.zeros(n, dtype=np.int64)  # next free slot inside each subtree
    depth = np.zeros(n, dtype=np.int64)
    r = order[0]
    tin[r] = 1
    nxt[r] = 2
    for i in range(1, n):
        v = order[i]
        p = parent[v]
        tin[v] = nxt[p]
        nxt[p] += size[v]
        nxt[v] = tin[v] + 1
        depth[v] = depth[p] + 1
    tout = tin + size - 1
    at = np.zeros(n + 1, dtype=np.int64)
    for v in range(n):
        at[tin[v]] = v
    LOG = 1
    while (1 << LOG) < n:
        LOG += 1
    up = np.zeros((LOG + 1, n), dtype=np.int64)
    for v in range(n):
        up[0, v] = parent[v] if parent[v] >= 0 else v
    for k in range(1, LOG + 1):
        for v in range(n):
            up[k, v] = up[k - 1, up[k - 1, v]]

    bit1 = np.zeros(n + 1, dtype=np.int64)
    bit2 = np.zeros(n + 1, dtype=np.int64)
    byw = np.argsort(-w, kind="mergesort")
    win = np.zeros(n, dtype=np.bool_)
    cnt1 = 0
    cnt2 = 0
    i = 0
    while i < n:
        j = i
        while j < n and w[byw[j]] == w[byw[i]]:
            j += 1
        for k in range(i, j):
            u = byw[k]
            inside = _ask(bit1, tout[u]) - _ask(bit1, tin[u] - 1)
            if inside < cnt1 and _ask(bit2, tout[u]) - _ask(bit2, tin[u] - 1) == cnt2:
                win[u] = True
        for k in range(i, j):
            v = byw[k]
            before = _ask(bit1, tin[v] - 1)
            inside = _ask(bit1, tout[v]) - before
            if inside == cnt1:
                continue  # nothing heavier outside v's subtree: no constraint
            lo = _kth(bit1, 1)
            if lo >= tin[v]:
                lo = _kth(bit1, before + inside + 1)
            hi = _kth(bit1, cnt1)
            if hi <= tout[v]:
                hi = _kth(bit1, before)
            W = _lca(at[lo], at[hi], depth, up, LOG)
            _add(bit2, tin[W], 1)
            _add(bit2, tin[v], 1)
            _add(bit2, tin[_lca(W, v, depth, up, LOG)], -1)
            cnt2 += 1
        for k in range(i, j):
            _add(bit1, tin[byw[k]], 1)
            cnt1 += 1
        i = j
    return win


def winning_first_moves(n: int, w: Any, edges: Any) -> list[int]:
    """The winning first moves (1-based), vertices 1..n, tree rooted at 1."""
    e = np.asarray(edges, dtype=np.int64).reshape(-1, 2) - 1
    parent, order, _ = root_tree(e[:, 0], e[:, 1], n, np.array([0]))
    win = _run(parent, order, np.asarray(w, dtype=np.int64))
    return [int(v) + 1 for v in np.flatnonzero(win)]


def solve(text: str, easy: bool = False) -> str:
    data = np.array(text.split(), dtype=np.int64)
    t, pos, out = int(data[0]), 1, []
    for _ in range(t):
        n = int(data[pos])
        w = data[pos + 1 : pos + 1 + n]
        e = data[pos + 1 + n : pos + 1 + n + 2 * (n - 1)]
        pos += 1 + n + 2 * (n - 1)
        ans = winning_first_moves(n, w, e)
        if easy:
            out.append(str(ans[0] if ans else 0))
        else:
            out.append(" ".join(map(str, [len(ans), *ans])))
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read(), easy="--easy" in sys.argv[1:]))
