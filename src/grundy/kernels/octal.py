"""Grundy tables of take-and-break games by the naive method, for every code
(repeated digits, hexadecimal three-heap digits): for each heap size, mark the
values of all options in a stamp array and take the mex. Finite octal codes and
Grundy's game have faster ``uint16`` kernels in :mod:`grundy.kernels.rare`.

O(N^2) for N heaps when the code allows splitting (each split a + b is one XOR),
O(N * digits) otherwise. Values are bounded by the number of options, so they fit
``uint32`` and the stamp array has one entry per possible value.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = ["octal_table", "grundy_game_table"]


def octal_table(digits: list[int], n: int, *, repeat: bool = False, prefix: Any = None) -> Any:
    """Grundy values of heaps ``0..n`` of the take-and-break game whose code digits
    are ``digits`` (``digits[0]`` before the point). ``prefix`` (values already
    known for ``0..len(prefix)-1``) lets a table be extended.

    >>> octal_table([0, 7], 10).tolist()           # 0.7: take 1 (Nim on 0/1)
    [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    >>> octal_table([0, 0, 7], 12).tolist()        # 0.07 Dawson's Kayles
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]

    Hexadecimal digits (bit 8: leave three heaps) cost O(N^3) in all.
    """
    out, start = _with_prefix(n, prefix)
    jit_module("_octal_jit").octal_kernel(
        np.asarray(digits, dtype=np.uint8), bool(repeat), int(n), out, start)
    return out


def _with_prefix(n: int, prefix: Any) -> tuple[Any, int]:
    """A zeroed table for heaps ``0..n`` holding the known ``prefix``, and where the
    kernel must start."""
    out = np.zeros(n + 1, dtype=np.uint32)
    if prefix is None or not len(prefix):
        return out, 0
    k = min(len(prefix), n + 1)
    out[:k] = np.asarray(prefix[:k], dtype=np.uint32)
    return out, k


def grundy_game_table(n: int, *, prefix: Any = None) -> Any:
    """Values of Grundy's game (split into two unequal heaps) for heaps ``0..n``,
    naive method, O(N^2): the one move engine of :mod:`grundy.kernels.rare`
    (``unequal`` splits), returned as ``uint32`` like :func:`octal_table`.

    >>> grundy_game_table(10).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    """
    from grundy.kernels.rare import naive_table

    g = np.zeros(n + 1, dtype=np.uint16)
    start = 0
    if prefix is not None and len(prefix):
        start = min(len(prefix), n + 1)
        g[:start] = np.asarray(prefix[:start], dtype=np.uint16)
    naive_table(g, start, n, splits=[0], unequal=True)
    return g.astype(np.uint32)
