"""Ultimate (arithmetic) periodicity of integer sequences.

>>> find_periodicity([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
Periodicity(preperiod=0, period=7, saltus=0, proven=False, checked=21)
>>> p = find_periodicity([0, 0, 1, 1, 2, 2, 3, 3, 4, 4], saltus=True)
>>> p.period, p.saltus, p.extend([0, 0], 11)
(2, 1, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from grundy.values.errors import InvalidParameterError
from grundy.values.periodicity import Periodicity

__all__ = ["Periodicity", "find_periodicity", "octal_periodicity"]


def find_periodicity(
    values: Sequence[int],
    *,
    saltus: bool = False,
    min_repeats: int = 2,
    max_period: int | None = None,
) -> Periodicity | None:
    """The pattern with the smallest ``preperiod + period`` that holds on all of
    ``values`` and shows at least ``min_repeats`` full periods; ``None`` if there is
    none. With ``saltus=True``, arithmetic periodicity is allowed.

    A candidate period ``p`` is first checked on the last ``min_repeats * p``
    values (cheap rejection), and only then over the whole table with numpy; no
    period at least as long as the best ``preperiod + period`` found is tried. So a
    pattern found early costs O(n) and a table without one O(sum of the periods
    tried). ``max_period`` caps the periods tried.
    """
    n = len(values)
    if n == 0:
        return None
    try:
        arr = np.asarray(values, dtype=np.int64)
    except OverflowError:
        arr = np.asarray(values, dtype=object)
    best: Periodicity | None = None
    top = n // min_repeats if max_period is None else min(n // min_repeats, max_period)
    p = 0
    while p < top:
        p += 1
        if best is not None and p >= best.preperiod + best.period:
            break
        s = arr[n - 1] - arr[n - 1 - p] if saltus else 0
        tail = min_repeats * p
        lo = n - tail
        if np.any(arr[lo + p:] - arr[lo:n - p] != s):
            continue
        bad = np.flatnonzero(arr[p:] - arr[: n - p] != s)
        pre = int(bad[-1]) + 1 if len(bad) else 0
        if n - pre < tail:
            continue
        if best is None or pre + p < best.preperiod + best.period:
            best = Periodicity(pre, p, int(s), False, n)
    return best


def octal_periodicity(values: Sequence[int] | Any, max_take: int) -> Periodicity | None:
    """The least period of ``values`` (the table of a finite octal game whose
    largest take is ``max_take``), *proven* by the Guy-Smith theorem when the table
    is long enough: ``g(n + p) = g(n)`` for ``n0 <= n < 2 n0 + p + max_take``
    implies it for all ``n >= n0`` (Winning Ways, ch. 4), so values up to
    ``2 n0 + 2 p + max_take - 1`` must be known. If no period is proven, the best
    observed pattern (``proven=False``) or ``None``. Compiled: fine on tens of
    millions of values (a numpy array is not copied).

    >>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6] * 3
    >>> octal_periodicity(kayles, 2)
    Periodicity(preperiod=0, period=12, saltus=0, proven=True, checked=36)
    >>> octal_periodicity(kayles[:25], 2)            # two periods: seen, not proven
    Periodicity(preperiod=0, period=12, saltus=0, proven=False, checked=25)
    """
    from grundy.kernels.period import least_period

    if max_take < 0:
        raise InvalidParameterError(f"max_take must be >= 0; got {max_take!r}")
    n = len(values)
    p, n0, proven = least_period(values, max_take)
    if p == 0:
        return None
    return Periodicity(n0, p, 0, proven, n)
