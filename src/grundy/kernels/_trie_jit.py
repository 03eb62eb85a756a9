"""The compiled trie of P6665's game (delete a vertex and its ancestors), used by
:func:`grundy.games.treegames.ancestor_deletion_values`. Imported lazily (numba is
heavy); module-level functions, so numba's on-disk cache holds them (functions
nested in a factory that call each other were recompiled by every process)."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True)
inline = numba.njit(cache=True, nogil=True, inline="always")

# One int32 record per trie node: T[x] = (child 0, child 1, count of values
# below, lazy XOR tag); node 0 is "none". A record is 16 bytes, so a node's
# children, count and tag come in one cache line.

@inline
def push(T: Any, x: int, d: int) -> None:
    t = T[x, 3]
    if t != 0:
        if (t >> (d - 1)) & 1:
            a = T[x, 0]
            T[x, 0] = T[x, 1]
            T[x, 1] = a
        c0 = T[x, 0]
        c1 = T[x, 1]
        if c0 != 0:
            T[c0, 3] ^= t
        if c1 != 0:
            T[c1, 3] ^= t
        T[x, 3] = 0

@inline
def merge(T: Any, a: int, b: int, d: int, fx: Any, fy: Any, fe: Any, fs: Any) -> int:
    # union of the tries a and b (b's nodes are reused; the result's root is a
    # when both exist), as an explicit post-order stack of depth <= d: frame
    # (x, y, level, stage), stage 0/1 merges child 0/1, stage 2 recounts x
    if a == 0:
        return b
    if b == 0 or d == 0:
        return a
    top = 0
    fx[0] = a
    fy[0] = b
    fe[0] = d
    fs[0] = 0
    while top >= 0:
        x = fx[top]
        y = fy[top]
        e = fe[top]
        s = fs[top]
        if s == 0:
            push(T, x, e)
            push(T, y, e)
        if s < 2:
            fs[top] = s + 1
            cx = T[x, s]
            cy = T[y, s]
            if cx == 0:
                T[x, s] = cy
            elif cy != 0 and e > 1:
                top += 1
                fx[top] = cx
                fy[top] = cy
                fe[top] = e - 1
                fs[top] = 0
        else:
            T[x, 2] = T[T[x, 0], 2] + T[T[x, 1], 2]
            top -= 1
    return a

@jit
def run(parent: Any, order: Any, bits: int) -> Any:
    n = parent.shape[0]
    full = n * (bits + 1) + 2  # at most bits + 1 new nodes per vertex
    T = np.zeros((min(full, 2 * n + bits + 2), 4), dtype=np.int32)
    path = np.zeros(bits + 1, dtype=np.int32)
    fx = np.zeros(bits + 2, dtype=np.int32)
    fy = np.zeros(bits + 2, dtype=np.int32)
    fe = np.zeros(bits + 2, dtype=np.int32)
    fs = np.zeros(bits + 2, dtype=np.int32)
    used = 1
    g = np.zeros(n, dtype=np.int64)
    xs = np.zeros(n, dtype=np.int32)
    root = np.zeros(n, dtype=np.int32)
    # children before parents: root[v] is the union of the children's tries,
    # each tagged with its g(c) (A_c xor g(c)); xs[v] the XOR of the g(c)
    for i in range(order.shape[0] - 1, -1, -1):
        v = order[i]
        r = root[v]
        x = xs[v]
        if r != 0:
            T[r, 3] ^= x  # now A_c xor g(c) xor X_v for every child c
        if used + bits + 1 > T.shape[0]:  # grow by doubling (most trees need few nodes)
            T2 = np.zeros((min(full, 2 * T.shape[0]), 4), dtype=np.int32)
            T2[:used] = T[:used]
            T = T2
        if r == 0:
            r = used
            used += 1
        node = r  # insert x (the option "delete v alone")
        for d in range(bits, 0, -1):
            path[d] = node
            push(T, node, d)
            c = (x >> (d - 1)) & 1
            nxt = T[node, c]
            if nxt == 0:
                nxt = used
                T[node, c] = used
                used += 1
            node = nxt
        if T[node, 2] == 0:
            T[node, 2] = 1
            for d in range(1, bits + 1):
                T[path[d], 2] += 1
        res = 0  # mex: descend to the first subtree that is not full
        node = r
        for d in range(bits, 0, -1):
            if node == 0:
                break
            push(T, node, d)
            c0 = T[node, 0]
            if T[c0, 2] == (1 << (d - 1)):
                res |= 1 << (d - 1)
                node = T[node, 1]
            else:
                node = c0
        g[v] = res
        root[v] = r
        p = parent[v]
        if p >= 0:
            xs[p] ^= res
            T[r, 3] ^= res  # A_v xor g(v); the parent adds its X later
            root[p] = merge(T, root[p], r, bits, fx, fy, fe, fs)
    return g
