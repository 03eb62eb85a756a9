"""Nimber arithmetic: mex, nim-sum and Conway's nim-multiplication.

Nimbers are represented by non-negative Python ints (``*n`` is ``n``), so every
operation is exact for arbitrarily large values.

>>> mex([0, 1, 3])
2
>>> nim_sum(3, 5, 6)
0
>>> nim_mul(2, 2), nim_mul(2, 3), nim_mul(4, 4)
(3, 1, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from grundy.values.errors import InvalidParameterError, describe

__all__ = ["mex", "mex_of_set", "nim_sum", "nim_mul", "nim_square", "nim_pow", "nim_inverse"]


def mex(values: Iterable[int]) -> int:
    """Minimum excludant: the least non-negative integer not in ``values``.

    Runs in O(k) for k values.

    >>> mex([]), mex([0]), mex([1, 2]), mex([0, 1, 2, 4])
    (0, 1, 0, 3)
    >>> mex([-1])
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: mex: values must be non-negative ints (nimbers); got -1 in [-1]
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidParameterError(
            f"mex: expected an iterable of non-negative ints; got {describe(values)}"
        )
    seen = set()
    for x in values:
        v = x
        if type(x) is not int:  # numpy integers are fine; bools and floats are not
            v = int(x) if not isinstance(x, bool) and hasattr(type(x), "__index__") else -1
        if v < 0:
            raise InvalidParameterError(
                f"mex: values must be non-negative ints (nimbers); got {describe(x)} in "
                f"{describe(values)}"
            )
        seen.add(v)
    m = 0
    while m in seen:
        m += 1
    return m


def mex_of_set(seen: set[int] | frozenset[int]) -> int:
    """The mex of a set of values already known to be non-negative ints (the
    reducer's hot path: no validation, no copy).

    >>> mex_of_set({0, 1, 3})
    2
    """
    m = 0
    while m in seen:
        m += 1
    return m


def _check(name: str, x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise InvalidParameterError(
            f"{name} must be a non-negative int (a nimber); got {describe(x)}"
        )
    return x


def nim_sum(*values: int) -> int:
    """Nim-addition: bitwise XOR of the arguments (the value of a disjunctive sum).

    >>> nim_sum(), nim_sum(7), nim_sum(1, 2, 3)
    (0, 7, 0)
    """
    s = 0
    for i, v in enumerate(values):
        s ^= _check(f"nim_sum argument {i}", v)
    return s


@lru_cache(maxsize=1 << 16)
def _mul(a: int, b: int) -> int:
    # Conway's product by splitting at the largest Fermat 2-power F = 2^(2^k) with
    # F <= max(a, b):  a = a1*F + a0,  b = b1*F + b0 (ordinary arithmetic on the
    # halves equals nim arithmetic, since F > a0, b0).  Using F*F = F + F/2
    # (nim-arithmetic, "F squared is sesquimultiple"):
    #   a*b = (a1 b1 + a1 b0 + a0 b1) F  +  a0 b0  +  a1 b1 (F/2)
    if a < 2 or b < 2:
        return a * b
    m = max(a, b)
    half_bits = 1
    while (1 << (half_bits << 1)) <= m:
        half_bits <<= 1
    f = 1 << half_bits
    a1, a0 = a >> half_bits, a & (f - 1)
    b1, b0 = b >> half_bits, b & (f - 1)
    hi = _mul(a1, b1)
    mid = _mul(a1 ^ a0, b1 ^ b0) ^ _mul(a0, b0)  # = a1b1 + a1b0 + a0b1
    low = _mul(a0, b0)
    return (mid << half_bits) ^ low ^ _mul(hi, f >> 1)


def nim_mul(a: int, b: int) -> int:
    """Conway's nim-multiplication of two nimbers.

    The nimbers below ``2^(2^k)`` form a field; this is its product. Runs in about
    O(n^1.58) word operations for n-bit arguments (Karatsuba-style recursion on
    Fermat 2-powers), exact for any size.

    >>> nim_mul(3, 3), nim_mul(5, 7), nim_mul(16, 16)
    (2, 13, 24)
    """
    return _mul(_check("nim_mul argument a", a), _check("nim_mul argument b", b))


def nim_square(a: int) -> int:
    """``nim_mul(a, a)``.

    >>> nim_square(2), nim_square(4)
    (3, 6)
    """
    return nim_mul(a, a)


def nim_pow(a: int, e: int) -> int:
    """``a`` nim-multiplied by itself ``e`` times (``nim_pow(a, 0) == 1``).

    >>> nim_pow(2, 3)
    1
    """
    a = _check("nim_pow base", a)
    e = _check("nim_pow exponent", e)
    result = 1
    while e:
        if e & 1:
            result = _mul(result, a)
        a = _mul(a, a)
        e >>= 1
    return result


def nim_inverse(a: int) -> int:
    """The nim-multiplicative inverse of a non-zero nimber.

    In the field of nimbers below ``F = 2^(2^k)`` (with ``a < F``), ``a^(F-2)`` is
    the inverse.

    >>> nim_inverse(2), nim_mul(2, nim_inverse(2))
    (3, 1)
    """
    a = _check("nim_inverse argument", a)
    if a == 0:
        raise InvalidParameterError("nim_inverse argument must be non-zero; got 0")
    bits = 1
    while (1 << bits) <= a:
        bits <<= 1
    return nim_pow(a, (1 << bits) - 2)
