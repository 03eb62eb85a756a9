"""Ultimate (arithmetic) periodicity of integer sequences.

A period is *proven* when a theorem guarantees it (Guy-Smith for octal games, the
window of a subtraction game). Otherwise it is only *observed*, and it is reported
only when it means something (:func:`observed`, the one rule every face uses):
its periodic part spans at least :data:`OBSERVED_REPEATS` full periods and at
least :data:`OBSERVED_SHARE` of the table. A period seen for a handful of values
at the end of a table is a coincidence, not an observation.

>>> find_periodicity([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
Periodicity(preperiod=0, period=7, saltus=0, proven=False, checked=21)
>>> p = find_periodicity([0, 0, 1, 1, 2, 2, 3, 3, 4, 4], saltus=True)
>>> p.period, p.saltus, p.extend([0, 0], 11)
(2, 1, 5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from grundy.values.errors import InvalidParameterError
from grundy.values.periodicity import Periodicity

__all__ = ["Periodicity", "find_periodicity", "octal_periodicity", "observed", "is_observation",
           "OBSERVED_REPEATS", "OBSERVED_SHARE"]

#: an unproven period is reported only if its periodic part holds this many periods...
OBSERVED_REPEATS = 3
#: ...and at least this share of the table (heaps ``preperiod .. n - 1``)
OBSERVED_SHARE = 0.25


def is_observation(preperiod: int, period: int, n: int) -> bool:
    """Whether a period ``period`` from ``preperiod`` seen on a table of ``n``
    values is an observation worth reporting: the periodic part (``n - preperiod``
    values) spans at least ``max(3 periods, a quarter of the table)``.

    >>> is_observation(993, 3, 1001), is_observation(0, 12, 36), is_observation(0, 12, 25)
    (False, True, False)
    """
    span = n - preperiod
    return period > 0 and span >= OBSERVED_REPEATS * period and span >= OBSERVED_SHARE * n


def observed(p: Periodicity | None) -> Periodicity | None:
    """``p`` if it is proven or an observation worth reporting
    (:func:`is_observation` on its ``checked`` values), else ``None``.

    >>> observed(Periodicity(993, 3, 0, False, 1001)) is None
    True
    >>> observed(Periodicity(993, 3, 0, True, 1001)).proven
    True
    """
    if p is None or p.proven:
        return p
    return p if is_observation(p.preperiod, p.period, p.checked) else None


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
    observation worth reporting (``proven=False``; see :func:`is_observation`) or
    ``None``. Compiled: fine on tens of millions of values (a numpy array is not
    copied).

    >>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6] * 4
    >>> octal_periodicity(kayles[:36], 2)
    Periodicity(preperiod=0, period=12, saltus=0, proven=True, checked=36)
    >>> octal_periodicity(kayles[:38], 20)           # three periods: seen, not proven
    Periodicity(preperiod=0, period=12, saltus=0, proven=False, checked=38)
    >>> octal_periodicity(kayles[:25], 2) is None    # two periods: not enough
    True
    """
    from grundy.kernels.period import least_period

    if max_take < 0:
        raise InvalidParameterError(f"max_take must be >= 0; got {max_take!r}")
    n = len(values)
    p, n0, proven = least_period(values, max_take)
    if p and not proven and not is_observation(n0, p, n):
        # the least candidate is a coincidence: the least one that is an observation
        p, n0, proven = least_period(values, max_take, OBSERVED_REPEATS,
                                     min_span=math.ceil(OBSERVED_SHARE * n))
        if not is_observation(n0, p, n):
            return None
    if p == 0:
        return None
    return Periodicity(n0, p, 0, proven, n)
