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
binary-lifting LCA: O(n log n), one compiled pass over every case of the input.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit

# One compiled pass over the whole input (every case), cached on disk next to
# this file. The first run compiles it, so the kernels are kept few and plain:
# loops over int64 arrays made by np.empty, a counting sort, no np.argsort
# (about 1.4 s to compile alone), np.zeros or array expressions.
# tests/examples load this file under its own module name, so a cache written
# by a test run serves the script and back.


@njit("int64(int64[::1], int64, int64)", cache=True)
def _ask(bit: Any, i: int, j: int) -> int:
    """The sum of the Fenwick tree ``bit`` over positions ``i..j`` (1-based)."""
    s = 0
    while j > 0:
        s += bit[j]
        j -= j & -j
    i -= 1
    while i > 0:
        s -= bit[i]
        i -= i & -i
    return s


@njit("void(int64[::1], int64, int64)", cache=True)
def _add(bit: Any, i: int, x: int) -> None:
    n = bit.shape[0] - 1
    while i <= n:
        bit[i] += x
        i += i & -i


@njit("int64(int64[::1], int64)", cache=True)
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


@njit("int64(int64, int64, int64[::1], int64[::1], int64, int64)", cache=True)
def _lca(a: int, b: int, depth: Any, up: Any, n: int, LOG: int) -> int:
    """The lowest common ancestor by binary lifting: ``up[k * n + v]`` is the
    ``2^k``-th ancestor of ``v`` (the root its own)."""
    if depth[a] < depth[b]:
        a, b = b, a
    h = depth[a] - depth[b]
    k = 0
    while h:
        if h & 1:
            a = up[k * n + a]
        h >>= 1
        k += 1
    if a == b:
        return a
    for k in range(LOG, -1, -1):
        if up[k * n + a] != up[k * n + b]:
            a = up[k * n + a]
            b = up[k * n + b]
    return int(up[a])


@njit("int64[:](int64[::1])", cache=True)
def _solve_all(data: Any) -> Any:
    """Every case of the input (``t``, then per case ``n``, the weights, the
    edges): per case the number of winning first moves, then those moves
    (1-based, ascending); -1 for a case with a weight outside 1..n (alone:
    the input ends early)."""
    t = data[0]
    pos = 1
    total = 0
    for _ in range(t):  # the output's length: one count per case, <= n moves
        if pos >= data.shape[0]:
            break
        n = data[pos]
        total += n + 1
        pos += 1 + n + 2 * (n - 1)
    if pos > data.shape[0] or t < 0:  # the input ends early
        out = np.empty(1, dtype=np.int64)
        out[0] = -1
        return out
    out = np.empty(total, dtype=np.int64)
    pos = 1
    o = 0
    for _ in range(t):
        n = data[pos]
        pos += 1
        bad = False
        w = np.empty(n, dtype=np.int64)
        for v in range(n):
            w[v] = data[pos + v]
            if w[v] < 1 or w[v] > n:
                bad = True
                break
        if bad:
            out[o] = -1
            o += 1
            pos += n + 2 * (n - 1)
            continue
        e = pos + n
        # adjacency lists (CSR)
        start = np.empty(n + 1, dtype=np.int64)  # start[v]: end of v's list, then its start
        for v in range(n + 1):
            start[v] = 0
        for i in range(2 * (n - 1)):
            start[data[e + i] - 1] += 1
        for v in range(1, n + 1):
            start[v] += start[v - 1]
        adj = np.empty(2 * (n - 1) + 1, dtype=np.int64)
        for i in range(n - 1):
            a, b = data[e + 2 * i] - 1, data[e + 2 * i + 1] - 1
            start[a] -= 1
            adj[start[a]] = b
            start[b] -= 1
            adj[start[b]] = a
        # preorder from vertex 0 (a subtree is a run tin[v]..tout[v], 1-based),
        # parents and depths; then subtree sizes in reverse preorder
        parent = np.empty(n, dtype=np.int64)
        depth = np.empty(n, dtype=np.int64)
        depth[0] = 0
        at = np.empty(n + 1, dtype=np.int64)
        tin = np.empty(n, dtype=np.int64)
        stack = np.empty(n, dtype=np.int64)
        parent[0] = 0
        stack[0] = 0
        sp = 1
        clock = 0
        while sp:
            sp -= 1
            v = stack[sp]
            clock += 1
            tin[v] = clock
            at[clock] = v
            for k in range(start[v], start[v + 1]):
                c = adj[k]
                if c != parent[v] or v == 0:
                    parent[c] = v
                    depth[c] = depth[v] + 1
                    stack[sp] = c
                    sp += 1
        tout = np.empty(n, dtype=np.int64)  # subtree sizes first
        for v in range(n):
            tout[v] = 1
        for k in range(n, 1, -1):
            v = at[k]
            tout[parent[v]] += tout[v]
        for v in range(n):
            tout[v] += tin[v] - 1
        LOG = 1
        while (1 << LOG) < n:
            LOG += 1
        up = np.empty((LOG + 1) * n, dtype=np.int64)
        for v in range(n):
            up[v] = parent[v]
        for k in range(1, LOG + 1):
            for v in range(n):
                up[k * n + v] = up[(k - 1) * n + up[(k - 1) * n + v]]
        # the vertices by weight, heaviest first (counting sort: weights in 1..n)
        cnt = np.empty(n + 2, dtype=np.int64)
        for v in range(n + 2):
            cnt[v] = 0
        for v in range(n):
            cnt[n + 1 - w[v]] += 1
        for i in range(n + 1):
            cnt[i + 1] += cnt[i]
        byw = np.empty(n, dtype=np.int64)
        for v in range(n):
            k = n - w[v]
            byw[cnt[k]] = v
            cnt[k] += 1
        # scanning weights downward: bit1 marks the heavier vertices (by tin);
        # bit2 holds +1 at v and W_v, -1 at their LCA for every constraint v
        bit1 = np.empty(n + 1, dtype=np.int64)
        bit2 = np.empty(n + 1, dtype=np.int64)
        win = np.empty(n + 1, dtype=np.int64)
        for v in range(n + 1):
            bit1[v] = 0
            bit2[v] = 0
            win[v] = 0
        cnt1 = 0
        cnt2 = 0
        i = 0
        while i < n:
            j = i
            while j < n and w[byw[j]] == w[byw[i]]:
                j += 1
            for k in range(i, j):
                u = byw[k]
                if _ask(bit1, tin[u], tout[u]) < cnt1 and _ask(bit2, tin[u], tout[u]) == cnt2:
                    win[u] = 1
            for k in range(i, j):
                v = byw[k]
                before = _ask(bit1, 1, tin[v] - 1)
                inside = _ask(bit1, tin[v], tout[v])
                if inside == cnt1:
                    continue  # nothing heavier outside v's subtree: no constraint
                lo = _kth(bit1, 1)
                if lo >= tin[v]:
                    lo = _kth(bit1, before + inside + 1)
                hi = _kth(bit1, cnt1)
                if hi <= tout[v]:
                    hi = _kth(bit1, before)
                W = _lca(at[lo], at[hi], depth, up, n, LOG)
                _add(bit2, tin[W], 1)
                _add(bit2, tin[v], 1)
                _add(bit2, tin[_lca(W, v, depth, up, n, LOG)], -1)
                cnt2 += 1
            for k in range(i, j):
                _add(bit1, tin[byw[k]], 1)
                cnt1 += 1
            i = j
        c = 0
        for v in range(n):
            if win[v]:
                c += 1
                out[o + c] = v + 1
        out[o] = c
        o += 1 + c
        pos += n + 2 * (n - 1)
    return out[:o]


def _run(data: Any) -> Any:
    """:func:`_solve_all` on ``data``, a case with a bad weight an error."""
    res = _solve_all(np.ascontiguousarray(data, dtype=np.int64))
    if (res < 0).any():
        from grundy.values.errors import InvalidPositionError  # (solving needs no grundy)

        raise InvalidPositionError("cf2062e: the input ends early, or a case has a weight outside 1..n")
    return res


def solve(text: str, easy: bool = False) -> str:
    res = _run(np.fromstring(text, dtype=np.int64, sep=" "))  # fast: text to int64 in C
    words = list(map(str, res.tolist()))
    lines = []
    i = 0
    while i < len(words):
        c = int(res[i])
        if easy:
            lines.append(words[i + 1] if c else "0")
        else:
            lines.append(" ".join(words[i : i + 1 + c]))
        i += 1 + c
    return "\n".join(lines)


def winning_first_moves(n: int, w: Any, edges: Any) -> list[int]:
    """The winning first moves (1-based), vertices 1..n, tree rooted at 1."""
    data = np.concatenate([[1, n], np.asarray(w, dtype=np.int64).ravel(),
                           np.asarray(edges, dtype=np.int64).ravel()])
    return [int(v) for v in _run(data)[1:]]


if __name__ == "__main__":
    print(solve(sys.stdin.read(), easy="--easy" in sys.argv[1:]))
