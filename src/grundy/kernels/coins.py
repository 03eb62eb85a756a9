"""Compiled tables of coin-turning games (numba over flat numpy arrays).

- :func:`board_xor`: the value of a board, the XOR of the single-coin values of its
  heads (O(n));
- :func:`mock_turtles_values` (odious numbers) and :func:`ruler_values` (largest
  power of two dividing n): single-coin tables in O(n);
- :func:`multiples_values`: HAOI2015's "turn x, 2x, ..., kx" on a board of n coins,
  by blocks of equal quotients n // x, O(n^(3/4)).

>>> import numpy as np
>>> mock_turtles_values(8).tolist()
[0, 1, 2, 4, 7, 8, 11, 13, 14]
>>> ruler_values(8).tolist()
[0, 1, 2, 1, 4, 1, 2, 1, 8]
>>> board_xor(np.array([0, 1, 0, 1, 1], dtype=np.uint8), mock_turtles_values(5)[1:])
13
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["board_xor", "mock_turtles_values", "ruler_values", "multiples_values"]

_K: dict[str, Any] = {}


def _kernels() -> dict[str, Any]:
    if _K:
        return _K
    import numba

    @numba.njit(cache=True, nogil=True)
    def board_xor_k(heads: Any, values: Any) -> Any:
        acc = np.int64(0)
        for i in range(heads.shape[0]):
            if heads[i]:
                acc ^= values[i]
        return acc

    @numba.njit(cache=True, nogil=True)
    def mock_k(out: Any) -> None:
        for c in range(1, out.shape[0]):
            m = 2 * (c - 1)
            x = m
            parity = 0
            while x:
                x &= x - 1
                parity ^= 1
            out[c] = m if parity else m + 1

    @numba.njit(cache=True, nogil=True)
    def ruler_k(out: Any) -> None:
        for c in range(1, out.shape[0]):
            out[c] = c & -c

    @numba.njit(cache=True, nogil=True)
    def multiples_k(n_: int, small: Any, large: Any) -> None:
        # small[x]: value of coin x when x * x <= n; large[q]: value of every coin
        # x with x * x > n and n // x = q (equal quotients give equal values).
        # Unsigned arithmetic: numba's signed // pays for Python's floor rounding.
        n = np.uint64(n_)
        one = np.uint64(1)
        nblocks = 0
        i = one
        while i <= n:
            nblocks += 1
            i = n // (n // i) + one
        starts = np.empty(nblocks, dtype=np.uint64)
        i = one
        k = 0
        while i <= n:
            starts[k] = i
            k += 1
            i = n // (n // i) + one
        stamp = np.zeros(4 * nblocks + 64, dtype=np.int64)
        for b in range(nblocks - 1, -1, -1):
            x = starts[b]
            tag = b + 1
            stamp[0] = tag  # k = 1: turn x alone
            acc = np.int64(0)
            lo = x + x
            while lo <= n:
                q = n // lo
                hi = (n // q) // x * x  # last multiple of x with the same quotient
                g = small[lo] if lo * lo <= n else large[q]
                stamp[acc ^ g] = tag
                if ((hi - lo) // x + one) & one:
                    acc ^= g
                lo = hi + x
            v = 0
            while stamp[v] == tag:
                v += 1
            if x * x <= n:
                small[x] = v
            else:
                large[n // x] = v

    _K.update(board_xor=board_xor_k, mock=mock_k, ruler=ruler_k, multiples=multiples_k)
    return _K


def board_xor(heads: np.ndarray[Any, Any], values: np.ndarray[Any, Any]) -> int:
    """XOR of ``values[i]`` over the ``i`` where ``heads[i]`` is non-zero (int64)."""
    return int(_kernels()["board_xor"](heads, values))


def mock_turtles_values(n: int) -> np.ndarray[Any, Any]:
    """Single-coin values of Mock Turtles for coins ``0..n`` (coin 0 unused, 0):
    coin ``c`` has the odious one of ``2(c-1)``, ``2(c-1)+1``."""
    out = np.zeros(n + 1, dtype=np.int64)
    _kernels()["mock"](out)
    return out


def ruler_values(n: int) -> np.ndarray[Any, Any]:
    """Single-coin values of Ruler for coins ``0..n``: ``c & -c``."""
    out = np.zeros(n + 1, dtype=np.int64)
    _kernels()["ruler"](out)
    return out


def multiples_values(n: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """HAOI2015's game on coins ``1..n`` (a head ``x`` turns ``x, 2x, ..., kx``):
    ``(small, large)`` with the value of coin ``x`` at ``small[x]`` if ``x*x <= n``
    else at ``large[n // x]``. O(n^(3/4)) time, O(sqrt n) memory.

    >>> small, large = multiples_values(10)
    >>> [int(small[x]) if x * x <= 10 else int(large[10 // x]) for x in range(1, 11)]
    [4, 1, 2, 2, 2, 1, 1, 1, 1, 1]
    """
    r = int(np.sqrt(n)) + 2
    small = np.zeros(r + 1, dtype=np.int64)
    large = np.zeros(r + 1, dtype=np.int64)
    _kernels()["multiples"](n, small, large)
    return small, large
