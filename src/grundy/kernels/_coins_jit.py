"""The compiled parts of :mod:`grundy.kernels.coins`: single-coin tables and the
value of a board."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def board_xor_k(heads: Any, values: Any) -> Any:
    acc = np.int64(0)
    for i in range(heads.shape[0]):
        if heads[i]:
            acc ^= values[i]
    return acc


@jit
def mock_k(out: Any) -> None:
    for c in range(1, out.shape[0]):
        m = 2 * (c - 1)
        x = m
        parity = 0
        while x:
            x &= x - 1
            parity ^= 1
        out[c] = m if parity else m + 1


@jit
def ruler_k(out: Any) -> None:
    for c in range(1, out.shape[0]):
        out[c] = c & -c


@jit
def multiples_k(n_: int, small: Any, large: Any) -> None:
    # small[x]: value of coin x when x * x <= n; large[q]: value of every coin
    # x with x * x > n and n // x = q (equal quotients give equal values).
    # Unsigned arithmetic: numba's signed // pays for Python's floor rounding.
    n = np.uint64(n_)
    one = np.uint64(1)
    nblocks = 0
    i = one
    while i <= n:
        nblocks += 1
        i = n // (n // i) + one
    starts = np.empty(nblocks, dtype=np.uint64)
    i = one
    k = 0
    while i <= n:
        starts[k] = i
        k += 1
        i = n // (n // i) + one
    stamp = np.zeros(4 * nblocks + 64, dtype=np.int64)
    for b in range(nblocks - 1, -1, -1):
        x = starts[b]
        tag = b + 1
        stamp[0] = tag  # k = 1: turn x alone
        acc = np.int64(0)
        lo = x + x
        while lo <= n:
            q = n // lo
            hi = (n // q) // x * x  # last multiple of x with the same quotient
            g = small[lo] if lo * lo <= n else large[q]
            stamp[acc ^ g] = tag
            if ((hi - lo) // x + one) & one:
                acc ^= g
            lo = hi + x
        v = 0
        while stamp[v] == tag:
            v += 1
        if x * x <= n:
            small[x] = v
        else:
            large[n // x] = v
