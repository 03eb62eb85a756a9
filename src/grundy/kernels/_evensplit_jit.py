"""The compiled table of HNOI2014 "江南乐" (:class:`grundy.games.lasker.EvenSplit`):
a heap ``n >= F`` splits into ``j`` near-equal heaps. Imported lazily (numba is
heavy); module-level functions, so numba's on-disk cache holds them.

Within a block of ``j`` with the same ``q = n // j`` the option values alternate
between two (the parities of ``n mod j`` and ``j - n mod j`` flip together), so
two ``j`` per block give every value: O(sqrt n) per heap, O(N^1.5) for a table.
"""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def _option(g: Any, n: int, j: int, q: int) -> int:
    """The value of splitting ``n`` into ``j`` heaps, ``q = n // j``."""
    r = n - q * j
    v = 0
    if r & 1:
        v ^= g[q + 1]
    if (j - r) & 1:
        v ^= g[q]
    return v


@jit
def extend(g: Any, f: int, start: int, stop: int) -> None:
    """Fill ``g[start:stop]`` (``g[:start]`` known): heaps below ``f`` are 0."""
    # a heap's options number at most 2 per block, under 2 sqrt(n) + 2 blocks
    size = 4 * int(np.sqrt(stop)) + 16
    stamp = np.zeros(size, dtype=np.int64)
    for n in range(start, stop):
        if n < f:
            g[n] = 0
            continue
        tag = n + 1
        lo = 2
        while lo <= n:
            q = n // lo
            hi = n // q
            v = _option(g, n, lo, q)
            if v < size:
                stamp[v] = tag
            if lo < hi:
                v = _option(g, n, lo + 1, q)
                if v < size:
                    stamp[v] = tag
            lo = hi + 1
        m = 0
        while stamp[m] == tag:
            m += 1
        g[n] = m
