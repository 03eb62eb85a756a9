"""Counting positions by value: how many positions of a box of independent
components (one position chosen per component) have nim-sum ``value``.

The value of a position of a sum is the XOR of its components' values, so the
count is an XOR convolution of the components' value distributions, done by the
Walsh-Hadamard transform (:mod:`grundy.kernels.fwht`): O(k V log V) for k
components with values below V. Counts are exact Python integers, or residues
modulo a prime ``mod``. Nim heaps in huge ranges (``range(10**18)``) are counted
by a digit DP over the bits instead of a distribution.

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> grundy.count_positions([(nim, range(1000))] * 3)        # P-positions of 3-heap Nim
976576
>>> grundy.count_positions([range(10**18)] * 3, mod=998244353)
324979210
>>> bash = grundy.games.get("bash:3")
>>> count_values(bash, range(10))
{0: 3, 1: 3, 2: 2, 3: 2}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Union

import numpy as np

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.kernels.fwht import fwht, inverse_fwht
from grundy.rules.ruleset import Ruleset

__all__ = [
    "count_positions", "nim_sum_distribution", "count_values", "count_xor_box",
    "CountingMemoryError",
]

Component = Union[tuple[Ruleset, Iterable[Hashable]], Mapping[int, int], range, np.ndarray]

#: Most ranges the digit DP takes (its states grow as 4^k); more go by transforms.
_MAX_DP = 10
#: Default memory budget of a convolution, in bytes.
DEFAULT_MEMORY = 1 << 30
#: Default most positions enumerated per component.
DEFAULT_LIMIT = 10**7


class CountingMemoryError(SearchLimitError):
    """The transform of a counting box would need more memory than allowed."""


def count_values(
    ruleset: Ruleset, positions: Iterable[Hashable], *, limit: int = DEFAULT_LIMIT
) -> dict[int, int]:
    """How many of ``positions`` have each value (a dict sorted by value).

    A ``range`` of heap sizes longer than ``limit`` is counted by whole periods when
    the ruleset has a *proven* :class:`~grundy.values.periodicity.Periodicity`
    without saltus (its ``periodicity`` attribute: subtraction and octal games), in
    O(preperiod + period). Otherwise raises :class:`SearchLimitError` past
    ``limit`` positions.

    >>> import grundy
    >>> count_values(grundy.games.get("subtraction:1,3,4"), range(10**18))
    {0: 285714285714285715, 1: 285714285714285714, 2: 285714285714285714, 3: 142857142857142857}
    """
    if isinstance(positions, range) and positions.step == 1 and positions.stop - positions.start > limit:
        by_period = _count_periodic(ruleset, positions)
        if by_period is not None:
            return by_period
    counts: dict[int, int] = {}
    value = ruleset.value
    for i, p in enumerate(positions):
        if i >= limit:
            raise SearchLimitError(
                f"more than {limit:,} positions of {ruleset.name}; pass a smaller range or a larger "
                "limit= (nim heaps: pass the range alone, counted by a digit DP)"
            )
        v = value(ruleset.check(p))
        counts[v] = counts.get(v, 0) + 1
    return dict(sorted(counts.items()))


def _count_periodic(ruleset: Ruleset, r: range) -> dict[int, int] | None:
    per = getattr(ruleset, "periodicity", None)
    if per is None or not getattr(per, "proven", False) or getattr(per, "saltus", 1) != 0:
        return None
    pre, p = int(per.preperiod), int(per.period)
    lo, hi = max(r.start, 0), r.stop
    counts: dict[int, int] = {}

    def add(v: int, k: int) -> None:
        if k > 0:
            counts[v] = counts.get(v, 0) + k

    for n in range(lo, min(hi, pre)):
        add(ruleset.value(n), 1)
    start = max(lo, pre)
    if hi > start:
        # n = pre + q p + j: for each residue j, how many n in [start, hi)
        for j in range(p):
            first = pre + j
            if first < start:
                first += -(-(start - first) // p) * p
            k = 0 if first >= hi else (hi - 1 - first) // p + 1
            add(ruleset.value(pre + j), k)
    return dict(sorted(counts.items()))


def _distribution(c: Any, limit: int) -> dict[int, int] | Any:
    if isinstance(c, np.ndarray):  # dense: c[v] positions of value v
        if c.ndim != 1 or c.dtype.kind not in "iu":
            raise InvalidParameterError(
                f"a value distribution as an array is 1-D of integer counts (c[v]: positions of "
                f"value v); got a {c.ndim}-D array of {c.dtype}")
        if c.size and int(c.min()) < 0:
            v = int(np.flatnonzero(c < 0)[0])
            raise InvalidParameterError(
                f"a value distribution counts positions >= 0; got c[{v}] = {int(c[v])}")
        return c
    if isinstance(c, range):
        if c.step != 1 or c.start < 0:
            raise InvalidParameterError(f"a range of nim heaps needs step 1 and start >= 0; got {describe(c)}")
        if c.stop - c.start > limit:
            raise SearchLimitError(f"{describe(c)} has more than {limit:,} heaps to tabulate")
        return {v: 1 for v in c}
    if isinstance(c, Mapping):
        out: dict[int, int] = {}
        for v, k in c.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or isinstance(k, bool) or not isinstance(k, int) or k < 0:
                raise InvalidParameterError(f"a value distribution maps values >= 0 to counts >= 0; got {describe(v)}: {describe(k)}")
            if k:
                out[v] = k
        return out
    if isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], Ruleset):
        return count_values(c[0], c[1], limit=limit)
    raise InvalidParameterError(
        f"a counting component is (ruleset, positions), a {{value: count}} mapping or a range of "
        f"nim heaps; got {describe(c)}"
    )


def _top(d: Any) -> int:
    """The largest value of a distribution with a position (0 when none)."""
    if isinstance(d, np.ndarray):
        nz = np.flatnonzero(d)
        return int(nz[-1]) if nz.size else 0
    return max(d) if d else 0


def _total(d: Any) -> int:
    """How many positions a distribution counts (an exact integer)."""
    if isinstance(d, np.ndarray):
        if d.size == 0:
            return 0
        if int(d.max()) * d.size < (1 << 62):  # no int64 overflow
            return int(d.sum())
        return sum(int(x) for x in d)
    return sum(d.values())


def nim_sum_distribution(
    components: Sequence[Component],
    *,
    mod: int | None = None,
    max_memory: int = DEFAULT_MEMORY,
    limit: int = DEFAULT_LIMIT,
) -> list[int]:
    """``d[v]``: how many positions of the box (one position per component) have
    nim-sum ``v``. O(k V log V), V the power of two above every value.

    >>> nim_sum_distribution([range(4), {0: 1, 2: 5}])
    [6, 6, 6, 6]
    """
    _check_mod(mod)
    dists = [_distribution(c, limit) for c in components]
    if not dists:
        return [1]
    top = max(_top(d) for d in dists)
    size = 1 << max(top.bit_length(), 0)
    totals = 1
    for d in dists:
        totals *= _total(d)
    exact_int64 = mod is None and totals < (1 << 62)
    use_object = mod is None and not exact_int64 or (mod is not None and mod >= (1 << 31))
    per = 48 if use_object else 8
    need = 3 * size * per
    if need > max_memory:
        raise CountingMemoryError(
            f"counting needs transforms of length {size:,} (values up to {top:,}): about "
            f"{need:,} bytes, over max_memory={max_memory:,}"
        )
    acc: Any = None
    for d in dists:
        a = np.zeros(size, dtype=object if use_object else np.int64)
        if isinstance(d, np.ndarray):
            k = min(d.size, size)  # zeros past the last value
            if use_object:  # exact Python integers
                a[:k] = [int(x) % mod if mod is not None else int(x) for x in d[:k]]
            else:
                a[:k] = d[:k] % mod if mod is not None else d[:k]
        else:
            for v, k in d.items():
                a[v] = k % mod if mod is not None else k
        if mod is not None and not use_object:
            t = fwht(a, mod=mod)
            acc = t if acc is None else (acc * t) % mod
        else:
            t = fwht(a)
            acc = t if acc is None else acc * t
            if mod is not None:
                acc %= mod
    if mod is not None and not use_object:
        res = inverse_fwht(acc, mod=mod)
    elif mod is not None:
        res = fwht(acc) * pow(size, -1, mod) % mod
    else:
        res = inverse_fwht(acc)
    return [int(x) for x in res]


def count_positions(
    components: Sequence[Component],
    *,
    value: int = 0,
    mod: int | None = None,
    max_memory: int = DEFAULT_MEMORY,
    limit: int = DEFAULT_LIMIT,
) -> int:
    """How many positions of a box of independent components have nim-sum
    ``value`` (0: the P-positions; subtract from the box size for N-positions).

    Each component is ``(ruleset, positions)`` (its value distribution is
    tabulated, at most ``limit`` positions), a ``{value: count}`` mapping, a 1-D
    numpy array of integer counts indexed by value (dense, no per-value Python
    work), or a ``range`` of nim heap sizes. When every component is a range of heaps (at most
    10 of them) the count is a digit DP over the bits (any sizes, ``range(10**100)``
    too); otherwise an
    XOR convolution by Walsh-Hadamard transforms, within ``max_memory`` bytes
    (:class:`CountingMemoryError` beyond). ``mod``: a prime; the count modulo it.

    >>> import grundy
    >>> grundy.count_positions([range(1, 4), range(1, 4)], value=1)
    2
    """
    _check_mod(mod)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidParameterError(f"value must be an integer >= 0; got {describe(value)}")
    if components and len(components) <= _MAX_DP and all(isinstance(c, range) for c in components):
        return count_xor_box([c for c in components if isinstance(c, range)], value, mod=mod)
    dist = nim_sum_distribution(components, mod=mod, max_memory=max_memory, limit=limit)
    return dist[value] if value < len(dist) else 0


def _check_mod(mod: int | None) -> None:
    if mod is not None and (isinstance(mod, bool) or not isinstance(mod, int) or mod < 3 or mod % 2 == 0):
        raise InvalidParameterError(f"mod must be an odd modulus >= 3 (a prime such as 998244353); got {describe(mod)}")


def count_xor_box(ranges: Sequence[range], value: int = 0, *, mod: int | None = None) -> int:
    """How many tuples ``(x_1, ..., x_k)``, ``x_i`` in ``ranges[i]`` (step 1), have
    ``x_1 ^ ... ^ x_k == value``: inclusion-exclusion over the lower ends and a
    digit DP over the bits with one "still equal to the bound" flag per range.
    O(4^k * bits), exact for any sizes.

    >>> count_xor_box([range(5, 9), range(0, 10**30)], 3)
    4
    """
    for r in ranges:
        if not isinstance(r, range) or r.step != 1 or r.start < 0:
            raise InvalidParameterError(f"count_xor_box needs ranges of step 1 from >= 0; got {describe(r)}")
    k = len(ranges)
    if k > _MAX_DP:
        raise InvalidParameterError(f"count_xor_box handles at most {_MAX_DP} ranges; got {k}")
    if any(r.stop <= r.start for r in ranges):
        return 0
    total = 0
    for sub in range(1 << k):
        bounds = []
        sign = 1
        for i, r in enumerate(ranges):
            if sub >> i & 1:
                bounds.append(r.start)
                sign = -sign
            else:
                bounds.append(r.stop)
        if 0 in bounds:
            continue
        total += sign * _below(bounds, value)
    return total % mod if mod is not None else total


def _below(bounds: list[int], value: int) -> int:
    """Tuples with ``0 <= x_i < bounds[i]`` and XOR ``value``."""
    k = len(bounds)
    bits = max(max(bounds).bit_length(), value.bit_length())
    # state: mask of components still equal to their bound's prefix -> count
    states = {(1 << k) - 1: 1}
    for b in range(bits - 1, -1, -1):
        want = value >> b & 1
        new: dict[int, int] = {}
        for mask, cnt in states.items():
            # within this bit, go component by component: (tight mask, parity) -> count
            part = {(0, 0): cnt}
            for i in range(k):
                ub = bounds[i] >> b & 1
                nxt: dict[tuple[int, int], int] = {}
                for (m2, par), c2 in part.items():
                    if mask >> i & 1:
                        for bit in range(ub + 1):
                            key = (m2 | ((bit == ub) << i), par ^ bit)
                            nxt[key] = nxt.get(key, 0) + c2
                    else:
                        for bit in (0, 1):
                            key = (m2, par ^ bit)
                            nxt[key] = nxt.get(key, 0) + c2
                part = nxt
            for (m2, par), c2 in part.items():
                if par == want:
                    new[m2] = new.get(m2, 0) + c2
        states = new
    # components still tight equal their bound: excluded (x < bound)
    return states.get(0, 0)
