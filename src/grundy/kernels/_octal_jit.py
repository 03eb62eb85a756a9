"""The compiled part of :mod:`grundy.kernels.octal`: the naive mex table of
take-and-break codes."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def octal_kernel(digits: Any, repeat: bool, n: int, out: Any, start: int) -> None:
    # digits[k]: which results are allowed after taking k tokens (bit 1: no
    # heap left, 2: one heap, 4: two heaps). ``repeat``: the last digit
    # repeats for every larger k.
    nd = digits.shape[0]
    stamp = np.zeros(64, dtype=np.uint32)
    for m in range(start):
        if 2 * out[m] + 2 >= stamp.shape[0]:
            stamp = np.zeros(4 * out[m] + 64, dtype=np.uint32)
    for m in range(start, n + 1):
        tag = np.uint32(m + 1)
        top = m if repeat else min(m, nd - 1)
        for k in range(0, top + 1):
            d = digits[k] if k < nd else digits[nd - 1]
            if d == 0:
                continue
            r = m - k
            if d & 1 and r == 0 and k > 0:
                stamp[0] = tag
            if d & 2 and r > 0 and k > 0:
                stamp[out[r]] = tag
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    stamp[out[a] ^ out[r - a]] = tag
            if d & 8 and r >= 3:  # hexadecimal: three heaps, O(r^2)
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        stamp[out[a] ^ out[b] ^ out[r - a - b]] = tag
        v = 0
        while stamp[v] == tag:
            v += 1
        out[m] = v
        if 2 * v + 2 >= stamp.shape[0]:
            # an XOR of values < 2^b is < 2^b: keep room for 2 * max
            bigger = np.zeros(4 * v + 64, dtype=np.uint32)
            for i in range(stamp.shape[0]):  # not a slice copy (its shape check compiles slowly)
                bigger[i] = stamp[i]
            stamp = bigger
