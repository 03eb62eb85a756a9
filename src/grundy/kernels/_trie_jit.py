"""The compiled trie of P6665's game (delete a vertex and its ancestors), used by
:func:`grundy.games.treegames.ancestor_deletion_values`. Imported lazily (numba is
heavy); module-level functions, so numba's on-disk cache holds them (functions
nested in a factory that call each other were recompiled by every process).

Written for a short first compilation (the first process compiles it, later
ones read numba's disk cache): plain loops over flat arrays, no slicing or 2-D
indexing (copying a 2-D slice alone took numba about 3 s to compile)."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)

# One int32 record of four per trie node, T[4x : 4x + 4] = (child 0, child 1,
# count of values below, lazy XOR tag); node 0 is "none". A record is 16 bytes,
# so a node's children, count and tag come in one cache line.


@jit
def push(T: Any, x: int, d: int) -> None:
    t = T[4 * x + 3]
    if t != 0:
        if (t >> (d - 1)) & 1:
            a = T[4 * x]
            T[4 * x] = T[4 * x + 1]
            T[4 * x + 1] = a
        c0 = T[4 * x]
        c1 = T[4 * x + 1]
        if c0 != 0:
            T[4 * c0 + 3] ^= t
        if c1 != 0:
            T[4 * c1 + 3] ^= t
        T[4 * x + 3] = 0


@jit
def merge(T: Any, a: int, b: int, d: int, F: Any) -> int:
    # union of the tries a and b (b's nodes are reused; the result's root is a
    # when both exist), as an explicit post-order stack of depth <= d: frame
    # F[4i : 4i + 4] = (x, y, level, stage), stage 0/1 merges child 0/1, stage 2
    # recounts x
    if a == 0:
        return b
    if b == 0 or d == 0:
        return a
    top = 0
    F[0] = a
    F[1] = b
    F[2] = d
    F[3] = 0
    while top >= 0:
        x = F[4 * top]
        y = F[4 * top + 1]
        e = F[4 * top + 2]
        s = F[4 * top + 3]
        if s == 0:
            push(T, x, e)
            push(T, y, e)
        if s < 2:
            F[4 * top + 3] = s + 1
            cx = T[4 * x + s]
            cy = T[4 * y + s]
            if cx == 0:
                T[4 * x + s] = cy
            elif cy != 0 and e > 1:
                top += 1
                F[4 * top] = cx
                F[4 * top + 1] = cy
                F[4 * top + 2] = e - 1
                F[4 * top + 3] = 0
        else:
            T[4 * x + 2] = T[4 * T[4 * x] + 2] + T[4 * T[4 * x + 1] + 2]
            top -= 1
    return a


@jit
def run(parent: Any, order: Any, bits: int, T: Any, path: Any, F: Any, g: Any, xs: Any, root: Any,
        i0: int, used: int) -> Any:
    # children before parents, from order[i0] down: root[v] is the union of the
    # children's tries, each tagged with its g(c) (A_c xor g(c)); xs[v] the XOR
    # of the g(c). Every array comes from the caller (an allocation here costs
    # the first process compile time); when T has no room for one more
    # insertion, returns (i, used) for the caller to grow T and go on from i;
    # (-1, used) when done.
    size = T.shape[0] // 4
    for i in range(i0, -1, -1):
        if used + bits + 1 > size:
            return i, used
        v = order[i]
        r = root[v]
        x = xs[v]
        if r != 0:
            T[4 * r + 3] ^= x  # now A_c xor g(c) xor X_v for every child c
        else:
            r = used
            used += 1
        node = r  # insert x (the option "delete v alone")
        for d in range(bits, 0, -1):
            path[d] = node
            push(T, node, d)
            c = (x >> (d - 1)) & 1
            nxt = T[4 * node + c]
            if nxt == 0:
                nxt = used
                T[4 * node + c] = used
                used += 1
            node = nxt
        if T[4 * node + 2] == 0:
            T[4 * node + 2] = 1
            for d in range(1, bits + 1):
                T[4 * path[d] + 2] += 1
        res = 0  # mex: descend to the first subtree that is not full
        node = r
        for d in range(bits, 0, -1):
            if node == 0:
                break
            push(T, node, d)
            c0 = T[4 * node]
            if T[4 * c0 + 2] == (1 << (d - 1)):
                res |= 1 << (d - 1)
                node = T[4 * node + 1]
            else:
                node = c0
        g[v] = res
        root[v] = r
        p = parent[v]
        if p >= 0:
            xs[p] ^= res
            T[4 * r + 3] ^= res  # A_v xor g(v); the parent adds its X later
            root[p] = merge(T, root[p], r, bits, F)
    return -1, used
