"""Compiled period search for long tables (tens of millions of values).

>>> import numpy as np
>>> least_period(np.array([5, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]), 0)
(3, 2, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = ["least_period"]


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
    p, n0, proven = jit_module("_period_jit").period_kernel(
        arr, len(arr), int(max_take), int(min_repeats), bool(window), int(min_span))
    return int(p), int(n0), bool(proven)
