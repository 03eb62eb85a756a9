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

from grundy.kernels._lazy import jit_module

__all__ = ["board_xor", "mock_turtles_values", "ruler_values", "multiples_values"]


def board_xor(heads: np.ndarray[Any, Any], values: np.ndarray[Any, Any]) -> int:
    """XOR of ``values[i]`` over the ``i`` where ``heads[i]`` is non-zero (int64)."""
    return int(jit_module("_coins_jit").board_xor_k(heads, values))


def mock_turtles_values(n: int) -> np.ndarray[Any, Any]:
    """Single-coin values of Mock Turtles for coins ``0..n`` (coin 0 unused, 0):
    coin ``c`` has the odious one of ``2(c-1)``, ``2(c-1)+1``."""
    out = np.zeros(n + 1, dtype=np.int64)
    jit_module("_coins_jit").mock_k(out)
    return out


def ruler_values(n: int) -> np.ndarray[Any, Any]:
    """Single-coin values of Ruler for coins ``0..n``: ``c & -c``."""
    out = np.zeros(n + 1, dtype=np.int64)
    jit_module("_coins_jit").ruler_k(out)
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
    jit_module("_coins_jit").multiples_k(n, small, large)
    return small, large
