"""The compiled part of :mod:`grundy.kernels.tabulate`: the values of heaps
``lo..hi-1`` of a one-heap game from its options, given as single heaps, pairs
of heaps (a split: the XOR of the two values) and ranges of heaps."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)

#: a range of at most this many heaps is read heap by heap
SHORT = 48


@jit
def _seg_update(tree: Any, size: int, v: int, pos: int) -> None:
    # the leaf of value v holds the last heap with value v; inner nodes the minimum
    i = size + v
    tree[i] = pos
    i >>= 1
    while i >= 1:
        a = tree[2 * i]
        b = tree[2 * i + 1]
        tree[i] = a if a < b else b
        i >>= 1


@jit
def _seg_mex(tree: Any, size: int, s: int) -> int:
    # the least value whose last heap is before s (absent from heaps s..n-1)
    if tree[1] >= s:
        return size
    i = 1
    while i < size:
        if tree[2 * i] < s:
            i = 2 * i
        else:
            i = 2 * i + 1
    return i - size


@jit
def _occurs(pool: Any, start: Any, count: Any, v: int, s: int, e: int) -> bool:
    # whether some heap x with s <= x < e has value v (the heaps of each value
    # are kept in increasing order: binary search)
    c = count[v]
    if c == 0:
        return False
    base = start[v]
    lo = 0
    hi = c
    while lo < hi:
        mid = (lo + hi) >> 1
        if pool[base + mid] < s:
            lo = mid + 1
        else:
            hi = mid
    return lo < c and pool[base + lo] < e


@jit
def tabulate_kernel(g: Any, base: int, lo: int, hi: int,
                    single_ptr: Any, singles: Any, pair_ptr: Any, pairs: Any,
                    range_ptr: Any, rstart: Any, rstop: Any,
                    mark: Any, tree: Any, size: int, pool: Any, start: Any, count: Any,
                    cap: Any, used: Any) -> int:
    # g[lo..hi-1] from the options of each heap (those of heap n at index
    # n - base of the pointer arrays); mark (a stamp per value),
    # tree (the last heap of each value, for a range ending at the heap), and
    # pool/start/count/cap (the heaps of each value, for other ranges) carry
    # over from one call to the next. Returns hi, or the first heap whose value
    # would not fit in the structures (the caller grows them and calls again).
    for n in range(lo, hi):
        i = n - base
        stamp = n + 1
        # singles and pairs: stamped
        for j in range(single_ptr[i], single_ptr[i + 1]):
            v = g[singles[j]]
            if v < size:
                mark[v] = stamp
        for j in range(pair_ptr[i], pair_ptr[i + 1]):
            v = g[pairs[2 * j]] ^ g[pairs[2 * j + 1]]
            if v < size:
                mark[v] = stamp
        # short ranges: stamped heap by heap; a long range ending at n: the tree;
        # other long ranges: binary search per candidate value
        tail = -1  # the start of a long range ending at n
        nlong = 0
        for j in range(range_ptr[i], range_ptr[i + 1]):
            s = rstart[j]
            e = rstop[j]
            if e - s <= SHORT:
                for x in range(s, e):
                    v = g[x]
                    if v < size:
                        mark[v] = stamp
            elif e == n and (tail < 0 or s < tail):
                if tail >= 0:
                    nlong += 1
                tail = s
            else:
                nlong += 1
        v = 0
        if tail >= 0 and nlong == 0:
            # the least value absent from heaps tail..n-1 (the tree), then up past the marks
            v = _seg_mex(tree, size, tail)
            while v < size and (mark[v] == stamp or tree[size + v] >= tail):
                v += 1
        else:
            while v < size:
                if mark[v] == stamp:
                    v += 1
                    continue
                if tail >= 0 and tree[size + v] >= tail:
                    v += 1
                    continue
                taken = False
                for j in range(range_ptr[i], range_ptr[i + 1]):
                    s = rstart[j]
                    e = rstop[j]
                    if e - s <= SHORT or (e == n and s == tail):
                        continue
                    if e == n and tree[size + v] >= s:
                        taken = True
                        break
                    if _occurs(pool, start, count, v, s, e):
                        taken = True
                        break
                if not taken:
                    break
                v += 1
        if v + 1 >= size:
            used[1] = 1
            return n  # grow the structures
        g[n] = v
        _seg_update(tree, size, v, n)
        # append n to the heaps of value v (blocks double; an outgrown block is left behind)
        if count[v] == cap[v]:
            newcap = 8 if cap[v] == 0 else 2 * cap[v]
            if used[0] + newcap > len(pool):
                used[1] = 2
                return n  # grow the pool
            at = used[0]
            for t in range(count[v]):
                pool[at + t] = pool[start[v] + t]
            start[v] = at
            cap[v] = newcap
            used[0] += newcap
        pool[start[v] + count[v]] = n
        count[v] += 1
    return hi


@jit
def rebuild_kernel(g: Any, n: int, tree: Any, size: int, pool: Any, start: Any, count: Any,
                   cap: Any, used: Any) -> None:
    # the structures of tabulate_kernel for the heaps 0..n-1 (tree and count
    # zeroed by the caller's fresh arrays; the tree's leaves start at -1)
    for x in range(n):
        count[g[x]] += 1
    base = 0
    for v in range(size):
        c = count[v]
        k = 8
        while k < c:
            k *= 2
        start[v] = base
        cap[v] = k if c > 0 else 0
        if c > 0:
            base += k
        count[v] = 0
    used[0] = base
    for x in range(n):
        v = g[x]
        pool[start[v] + count[v]] = x
        count[v] += 1
        tree[size + v] = x
    for i in range(size - 1, 0, -1):
        a = tree[2 * i]
        b = tree[2 * i + 1]
        tree[i] = a if a < b else b
