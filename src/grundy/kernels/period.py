"""Compiled period search for long tables (tens of millions of values).

>>> import numpy as np
>>> least_period(np.array([5, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]), 0)
(3, 2, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["least_period"]

_KERNEL: Any = None


def _kernel() -> Any:
    global _KERNEL
    if _KERNEL is None:
        import numba

        @numba.njit(cache=True, nogil=True)
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

        _KERNEL = period_kernel
    return _KERNEL


def least_period(values: Any, max_take: int, min_repeats: int = 2, *,
                 window: bool = False, min_span: int = 0) -> tuple[int, int, bool]:
    """``(period, preperiod, proven)`` of a table of a finite octal game whose
    largest take is ``max_take`` (``max_take < 0``: no proof, the least observed
    period only); ``(0, 0, False)`` when no period shows ``min_repeats`` times.

    The least period whose repetition from its preperiod on is long enough for
    the Guy-Smith theorem is returned as proven; otherwise the least observed one.
    ``window``: a game without splits (a subtraction game), where one repeated
    window of ``max_take`` values proves the period. ``min_span``: a repeat
    shorter than this many values is taken for chance, not a period.

    >>> least_period(np.array([0, 1, 0, 1, 2, 3, 2] * 3), 4, window=True)  # S = {1, 3, 4}
    (7, 0, True)
    """
    arr = np.ascontiguousarray(values)
    if arr.dtype.kind not in "iu":
        arr = arr.astype(np.int64)
    p, n0, proven = _kernel()(arr, len(arr), int(max_take), int(min_repeats), bool(window),
                                int(min_span))
    return int(p), int(n0), bool(proven)
