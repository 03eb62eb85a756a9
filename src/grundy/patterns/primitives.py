"""Exact number-theoretic and bit primitives of the rule synthesiser, each an
exact function of Python integers of any size, and its vectorised twin on numpy
arrays (a lookup table for the number-theoretic ones, on small arguments).

They join :data:`grundy.patterns.forms.NAMESPACE`, so a synthesised rule pastes
back with :func:`grundy.patterns.forms.evaluate`:

>>> n = 10**30
>>> isqrt(n), bitlen(n), v2(n), ndiv(n), is_square(n), is_prime(2**89 - 1)
(1000000000000000, 100, 30, 961, 1, 1)
>>> trinv(10), fib(10), spf(91), sigma(12), omega(12), bigomega(12), phi(12)
(4, 55, 7, 28, 2, 3, 4)

Conventions at 0 (a rule evaluated there must not fail): ``v2(0) = vp(0, p) = 0``,
``ilog(0, k) = -1``, ``ndiv(0) = sigma(0) = omega(0) = bigomega(0) = phi(0) =
spf(0) = 0``, ``spf(1) = 1``; negative arguments raise ``ValueError``.
Factorisation (``ndiv``, ``sigma``, ``omega``, ``bigomega``, ``phi``, ``spf`` of
a huge number) is trial division then Pollard's rho: exact, fast unless ``n`` has
two prime factors above about 10^12; ``is_prime`` is Miller-Rabin with the first
twelve primes as bases, deterministic below 3.3 * 10^24 and a strong probable-prime
test above.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from math import gcd, isqrt
from typing import Any

import numpy as np

__all__ = [
    "isqrt", "bitlen", "ilog", "v2", "vp", "odd_part", "trinv", "is_tri", "is_square", "is_prime",
    "ndiv", "sigma", "omega", "bigomega", "spf", "phi", "fib", "linrec_index", "in_linrec", "PRIMITIVES",
    "VECTORISED",
]

Array = Any


def _nonneg(n: int, name: str) -> None:
    if n < 0:
        raise ValueError(f"{name}: expected n >= 0; got {n}")


def bitlen(n: int) -> int:
    """The number of binary digits of ``n >= 0`` (0 for 0): ``floor(log2 n) + 1``."""
    _nonneg(n, "bitlen")
    return n.bit_length()


def ilog(n: int, k: int) -> int:
    """``floor(log_k n)`` for ``n >= 1`` (``-1`` for 0), exactly."""
    _nonneg(n, "ilog")
    e, p = -1, 1
    while p <= n:
        p *= k
        e += 1
    return e


def v2(n: int) -> int:
    """The exponent of 2 in ``n`` (0 for 0)."""
    _nonneg(n, "v2")
    return (n & -n).bit_length() - 1 if n else 0


def vp(n: int, p: int) -> int:
    """The exponent of ``p`` in ``n`` (0 for 0)."""
    _nonneg(n, "vp")
    e = 0
    while n and n % p == 0:
        n //= p
        e += 1
    return e


def odd_part(n: int) -> int:
    """``n`` without its factors 2 (0 for 0)."""
    _nonneg(n, "odd_part")
    return n >> v2(n)


def trinv(n: int) -> int:
    """The largest ``k`` with ``k (k + 1) / 2 <= n``: the inverse of the triangular numbers."""
    _nonneg(n, "trinv")
    return (isqrt(8 * n + 1) - 1) // 2


def is_tri(n: int) -> int:
    """1 if ``n`` is a triangular number (0, 1, 3, 6, ...), else 0."""
    return int(n >= 0 and trinv(n) * (trinv(n) + 1) // 2 == n)


def is_square(n: int) -> int:
    """1 if ``n`` is a perfect square (0, 1, 4, ...), else 0."""
    return int(n >= 0 and isqrt(n) ** 2 == n)


_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)


def is_prime(n: int) -> int:
    """1 if ``n`` is a prime, else 0 (Miller-Rabin, see the module's doc)."""
    if n < 2:
        return 0
    for p in _BASES:
        if n % p == 0:
            return int(n == p)
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return 0
    return 1


def _rho(n: int) -> int:
    """A non-trivial factor of the composite odd ``n`` (Pollard-Brent)."""
    for c in range(1, 200):
        y, r, q, g = 2, 1, 1, 1
        x = ys = 2
        while g == 1:
            x = y
            for _ in range(r):
                y = (y * y + c) % n
            k = 0
            while k < r and g == 1:
                ys = y
                for _ in range(min(128, r - k)):
                    y = (y * y + c) % n
                    q = q * abs(x - y) % n
                g = gcd(q, n)
                k += 128
            r *= 2
        if g == n:
            g = 1
            while g == 1:
                ys = (ys * ys + c) % n
                g = gcd(abs(x - ys), n)
        if g != n:
            return g
    raise ArithmeticError(f"cannot factor {n}")  # pragma: no cover - never seen


@lru_cache(maxsize=4096)
def _factor(n: int) -> tuple[tuple[int, int], ...]:
    """The prime factorisation of ``n >= 1`` as ``((p, e), ...)``, p increasing."""
    out: Counter[int] = Counter()
    for p in (2, 3, 5):
        while n % p == 0:
            out[p] += 1
            n //= p
    d = 7
    while d * d <= n and d < 10_000:
        while n % d == 0:
            out[d] += 1
            n //= d
        d += 2
    stack = [n] if n > 1 else []
    while stack:
        m = stack.pop()
        if is_prime(m):
            out[m] += 1
            continue
        if is_square(m):
            r = isqrt(m)
            stack += [r, r]
            continue
        f = _rho(m)
        stack += [f, m // f]
    return tuple(sorted(out.items()))


def ndiv(n: int) -> int:
    """The number of divisors of ``n`` (0 for 0)."""
    _nonneg(n, "ndiv")
    return math.prod(e + 1 for _, e in _factor(n)) if n else 0


def sigma(n: int) -> int:
    """The sum of the divisors of ``n`` (0 for 0)."""
    _nonneg(n, "sigma")
    return math.prod((p ** (e + 1) - 1) // (p - 1) for p, e in _factor(n)) if n else 0


def omega(n: int) -> int:
    """The number of distinct prime factors of ``n`` (0 for 0 and 1)."""
    _nonneg(n, "omega")
    return len(_factor(n)) if n else 0


def bigomega(n: int) -> int:
    """The number of prime factors of ``n`` with multiplicity (0 for 0 and 1)."""
    _nonneg(n, "bigomega")
    return sum(e for _, e in _factor(n)) if n else 0


def spf(n: int) -> int:
    """The smallest prime factor of ``n`` (``spf(1) = 1``, ``spf(0) = 0``)."""
    _nonneg(n, "spf")
    if n < 2:
        return n
    return _factor(n)[0][0]


def phi(n: int) -> int:
    """Euler's totient of ``n`` (0 for 0)."""
    _nonneg(n, "phi")
    return math.prod(p ** (e - 1) * (p - 1) for p, e in _factor(n)) if n else 0


def fib(n: int) -> int:
    """The ``n``-th Fibonacci number, ``fib(0) = 0``, ``fib(1) = 1`` (fast doubling)."""
    _nonneg(n, "fib")

    def pair(k: int) -> tuple[int, int]:
        if k == 0:
            return 0, 1
        a, b = pair(k >> 1)
        c = a * (2 * b - a)
        d = a * a + b * b
        return (d, c + d) if k & 1 else (c, d)

    return pair(n)[0]


def linrec_index(n: int, a: int, b: int, x0: int) -> int:
    """The number of terms of ``x0, x1 = a x0 + b, x2 = a x1 + b, ...`` (``a >= 2``,
    ``x0 >= 0``, ``b >= 1 - x0``... increasing) that are at most ``n``.

    >>> [linrec_index(n, 2, 1, 1) for n in range(8)]   # terms 1, 3, 7, 15, ...
    [0, 1, 1, 2, 2, 2, 2, 3]
    """
    if a < 2 or a * x0 + b <= x0:
        raise ValueError(f"linrec_index: the terms must increase (a = {a}, b = {b}, x0 = {x0})")
    k, x = 0, x0
    while x <= n:
        k += 1
        x = a * x + b
    return k


def in_linrec(n: int, a: int, b: int, x0: int) -> int:
    """1 if ``n`` is a term of ``x0, a x0 + b, ...`` (see :func:`linrec_index`), else 0."""
    if a < 2 or a * x0 + b <= x0:
        raise ValueError(f"in_linrec: the terms must increase (a = {a}, b = {b}, x0 = {x0})")
    x = x0
    while x < n:
        x = a * x + b
    return int(x == n)


#: The primitives by name (joined to :data:`grundy.patterns.forms.NAMESPACE`).
PRIMITIVES = {f.__name__: f for f in (
    isqrt, bitlen, ilog, v2, vp, odd_part, trinv, is_tri, is_square, is_prime, ndiv, sigma, omega,
    bigomega, spf, phi, fib, gcd, linrec_index, in_linrec)}


# ------------------------------------------------------------------ vectorised
#: lookup tables cover arguments below this
LUT_SIZE = 1 << 16


@lru_cache(maxsize=1)
def _luts() -> dict[str, Array]:
    """Lookup tables of the number-theoretic functions on ``0..LUT_SIZE-1``."""
    m = LUT_SIZE
    ndv = np.zeros(m, dtype=np.int64)
    sig = np.zeros(m, dtype=np.int64)
    for d in range(1, m):
        ndv[d::d] += 1
        sig[d::d] += d
    sp = np.zeros(m, dtype=np.int64)
    sp[1] = 1
    om = np.zeros(m, dtype=np.int64)
    bo = np.zeros(m, dtype=np.int64)
    ph = np.arange(m, dtype=np.int64)
    for p in range(2, m):
        if sp[p]:
            continue
        mult = sp[p::p]
        mult[mult == 0] = p
        om[p::p] += 1
        ph[p::p] -= ph[p::p] // p
        q = p
        while q < m:
            bo[q::q] += 1
            q *= p
    prime = (sp == np.arange(m)) & (np.arange(m) >= 2)
    return {"ndiv": ndv, "sigma": sig, "spf": sp, "omega": om, "bigomega": bo, "phi": ph,
            "is_prime": prime.astype(np.int64)}


def _bitlen_v(x: Array) -> Array:
    e = np.frexp(np.maximum(x, 0).astype(np.float64))[1].astype(np.int64)
    return np.where(x > 0, e, 0)


def _isqrt_v(x: Array) -> Array:
    r = np.floor(np.sqrt(x.astype(np.float64))).astype(np.int64)
    r = np.where(r * r > x, r - 1, r)
    return np.where((r + 1) * (r + 1) <= x, r + 1, r)


def _v2_v(x: Array) -> Array:
    low = x & -x
    return np.where(x > 0, _bitlen_v(low) - 1, 0)


def _ilog_v(k: int) -> Any:
    def f(x: Array) -> Array:
        e = np.full(x.shape, -1, dtype=np.int64)
        p = 1
        while True:
            hit = x >= p
            if not hit.any():
                return e
            e += hit
            p *= k
    return f


def _vp_v(p: int) -> Any:
    def f(x: Array) -> Array:
        e = np.zeros(x.shape, dtype=np.int64)
        y = x.copy()
        while True:
            div = (y > 0) & (y % p == 0)
            if not div.any():
                return e
            e += div
            y = np.where(div, y // p, y)
    return f


def _lut(name: str) -> Any:
    def f(x: Array) -> Array:
        return _luts()[name][x]
    return f


def _fib_v(x: Array) -> Array:
    table = np.array([fib(k) for k in range(93)], dtype=np.int64)
    return table[x]


def _trinv_v(x: Array) -> Array:
    return (_isqrt_v(8 * x + 1) - 1) // 2


def _is_square_v(x: Array) -> Array:
    r = _isqrt_v(x)
    return (r * r == x).astype(np.int64)


def _is_tri_v(x: Array) -> Array:
    t = _trinv_v(x)
    return (t * (t + 1) // 2 == x).astype(np.int64)


def _fibs(top: int) -> Array:
    out = [1, 2]
    while out[-1] <= top:
        out.append(out[-1] + out[-2])
    return np.array(out, dtype=np.int64)


#: name -> (vectorised function on int64 arrays of arguments in ``0..bound``, bound, returns a 0/1 predicate)
VECTORISED: dict[str, tuple[Any, int, bool]] = {
    "isqrt": (_isqrt_v, 1 << 31, False),
    "bitlen": (_bitlen_v, 1 << 31, False),
    "v2": (_v2_v, 1 << 31, False),
    "odd_part": (lambda x: x >> _v2_v(x), 1 << 31, False),
    "trinv": (_trinv_v, 1 << 28, False),
    "ilog(·, 3)": (_ilog_v(3), 1 << 31, False),
    "vp(·, 3)": (_vp_v(3), 1 << 31, False),
    "fib": (_fib_v, 60, False),
    "ndiv": (_lut("ndiv"), LUT_SIZE - 1, False),
    "sigma": (_lut("sigma"), LUT_SIZE - 1, False),
    "omega": (_lut("omega"), LUT_SIZE - 1, False),
    "bigomega": (_lut("bigomega"), LUT_SIZE - 1, False),
    "spf": (_lut("spf"), LUT_SIZE - 1, False),
    "phi": (_lut("phi"), LUT_SIZE - 1, False),
    "is_prime": (_lut("is_prime"), LUT_SIZE - 1, True),
    "is_square": (_is_square_v, 1 << 31, True),
    "is_tri": (_is_tri_v, 1 << 28, True),
    "is_fib": (lambda x: np.isin(x, _fibs(int(x.max()) if x.size else 2)).astype(np.int64), 1 << 31, True),
    "is_pow2": (lambda x: ((x > 0) & ((x & (x - 1)) == 0)).astype(np.int64), 1 << 31, True),
}
