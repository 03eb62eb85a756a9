"""Walsh-Hadamard transforms for XOR convolution (numpy in, numpy out).

``xor_convolve(a, b)[k] = sum over i ^ j == k of a[i] * b[j]``. Three number
types: ``int64`` modulo a prime (compiled, in place), and exact Python integers in
``object`` arrays (vectorised numpy butterflies), or ``int64`` when the caller
knows the results fit.

>>> import numpy as np
>>> a = np.array([1, 2, 0, 1], dtype=object)
>>> inverse_fwht(fwht(a) * fwht(a)).tolist()          # counts of i ^ j
[6, 4, 4, 2]
>>> x = np.array([1, 2, 0, 1], dtype=np.int64)
>>> inverse_fwht(fwht(x, mod=7) * fwht(x, mod=7) % 7, mod=7).tolist()
[6, 4, 4, 2]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module
from grundy.values.errors import InvalidParameterError

__all__ = ["fwht", "inverse_fwht", "count_pairs_at_least"]


def _check(a: np.ndarray[Any, Any]) -> int:
    n = int(a.shape[0]) if a.ndim == 1 else 0
    if n & (n - 1) or n == 0:
        raise InvalidParameterError(f"fwht needs a 1-D array whose length is a power of two; got shape {a.shape}")
    return n


def fwht(a: np.ndarray[Any, Any], *, mod: int | None = None) -> np.ndarray[Any, Any]:
    """The Walsh-Hadamard transform of ``a`` (a copy). ``mod``: ``int64`` entries in
    ``[0, mod)``, ``mod < 2^62``; otherwise exact (``object``) or plain ``int64``."""
    n = _check(a)
    if mod is not None:
        out = np.ascontiguousarray(a, dtype=np.int64) % mod
        jit_module("_fwht_jit").fwht_mod(out, mod)
        return out
    if a.dtype == object:
        out = a.copy()
        h = 1
        while h < n:
            v = out.reshape(-1, 2, h)
            x, y = v[:, 0, :].copy(), v[:, 1, :]
            v[:, 0, :] = x + y
            v[:, 1, :] = x - y
            h *= 2
        return out
    out = np.array(a, dtype=np.int64)
    jit_module("_fwht_jit").fwht_plain(out)
    return out


def inverse_fwht(a: np.ndarray[Any, Any], *, mod: int | None = None) -> np.ndarray[Any, Any]:
    """The inverse transform: :func:`fwht` then division by the length (exact, or by
    the inverse of the length modulo ``mod``, an odd modulus)."""
    n = _check(a)
    out = fwht(a, mod=mod)
    if mod is not None:
        inv = pow(n, -1, mod)
        if mod < (1 << 31):
            return (out * inv) % mod
        return np.array([int(x) * inv % mod for x in out], dtype=np.int64)
    return out // n


def count_pairs_at_least(s: np.ndarray[Any, Any], k: int) -> int:
    """The number of pairs ``i < j`` with ``s[i] <= s[j] - k`` (int64 entries), by a
    Fenwick tree: O(n log(range)).

    >>> count_pairs_at_least(np.array([0, 1, 3, 2]), 2)
    3
    """
    s = np.ascontiguousarray(s, dtype=np.int64)
    if s.shape[0] == 0:
        return 0
    lo = int(s.min())
    return int(jit_module("_fwht_jit").pairs_k(s, lo, k))
