"""The compiled parts of :mod:`grundy.kernels.fwht`: in-place Walsh-Hadamard
butterflies and the Fenwick-tree pair count."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def fwht_mod(a: Any, mod: int) -> None:
    # butterflies on two slice views with branch-free reductions: LLVM
    # vectorises the inner loop
    n = a.shape[0]
    h = 1
    while h < n:
        for i in range(0, n, 2 * h):
            lo = a[i : i + h]
            hi = a[i + h : i + 2 * h]
            for j in range(h):
                x = lo[j]
                y = hi[j]
                s = x + y
                d = x - y + mod
                lo[j] = s - mod if s >= mod else s
                hi[j] = d - mod if d >= mod else d
        h *= 2


@jit
def fwht_plain(a: Any) -> None:
    n = a.shape[0]
    h = 1
    while h < n:
        for i in range(0, n, 2 * h):
            lo = a[i : i + h]
            hi = a[i + h : i + 2 * h]
            for j in range(h):
                x = lo[j]
                y = hi[j]
                lo[j] = x + y
                hi[j] = x - y
        h *= 2


@jit
def pairs_k(s: Any, lo: int, k: int) -> Any:
    # pairs i < j with s[i] <= s[j] - k, by a Fenwick tree over s - lo
    size = 0
    for v in s:
        if v - lo + 1 > size:
            size = v - lo + 1
    tree = np.zeros(size + 1, dtype=np.int64)
    total = np.int64(0)
    for j in range(s.shape[0]):
        q = s[j] - k - lo + 1  # count earlier values <= s[j] - k
        if q > size:
            q = size
        while q > 0:
            total += tree[q]
            q -= q & -q
        p = s[j] - lo + 1
        while p <= size:
            tree[p] += 1
            p += p & -p
    return total
