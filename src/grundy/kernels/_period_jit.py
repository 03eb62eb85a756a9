"""The compiled part of :mod:`grundy.kernels.period`: the least period of a long
table."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def period_kernel(g: Any, n: int, t: int, repeats: int, window: bool,
                  min_span: int) -> Any:
    # For p = 1, 2, ...: walk back from the end while g(i + p) = g(i); the
    # first i that fails gives the preperiod n0 of p. The first p with
    # n >= 2 n0 + 2 p + t is proven (Guy-Smith: equality on
    # n0 <= i < 2 n0 + p + t needs values up to 2 n0 + 2 p + t - 1).
    # A wrong p fails within a few steps, so this is O(n) in practice.
    # window: no splits (a subtraction game), each value depends on the
    # t before it, so one repeated window proves it: n >= n0 + p + t.
    obs_p = 0
    obs_n0 = 0
    for p in range(1, n // repeats + 1):
        i = n - 1 - p
        if obs_p > 0 and p % obs_p == 0 and obs_n0 - 1 < i:
            # a multiple of the period seen holds from its preperiod
            # on: only the heaps below it are new (else O(n) per
            # multiple, O(n^2) in all for a long preperiod)
            i = obs_n0 - 1
        while i >= 0 and g[i + p] == g[i]:
            i -= 1
        n0 = i + 1
        if n - n0 < repeats * p or n - n0 < min_span:
            continue
        bound = n0 + p + t if window else 2 * n0 + 2 * p + t
        if t >= 0 and n >= bound:
            return p, n0, True
        if obs_p == 0 or (t >= 0 and 2 * n0 + 2 * p < 2 * obs_n0 + 2 * obs_p):
            # the pattern seen that needs the shortest table to be
            # proven (not a chance repeat of the last few values)
            obs_p = p
            obs_n0 = n0
            if t < 0:
                break
    return obs_p, obs_n0, False
