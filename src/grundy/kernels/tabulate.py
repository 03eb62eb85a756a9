"""Compiled mex of a one-heap game's table from its options: single heaps,
splits into two heaps (the XOR of their values) and whole ranges of heaps,
a range answered without reading its heaps one by one (a range ending at the
heap by a tree of the last heap of each value, any other by a binary search
among the heaps of each candidate value).

>>> import numpy as np
>>> t = MexTable()
>>> # take 1..3 (the range n-3..n-1), heaps 0..9
>>> lo = np.array([max(0, n - 3) for n in range(10)]); hi = np.arange(10)
>>> t.extend(10, ranges=(np.arange(11), lo, hi))
>>> t.values.tolist()
[0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = ["MexTable"]

_I64 = np.int64


def _empty_csr(count: int) -> tuple[Any, Any]:
    return np.zeros(count + 1, dtype=_I64), np.zeros(0, dtype=_I64)


class MexTable:
    """The values of heaps ``0, 1, ...`` of a one-heap game, extended a chunk of
    heaps at a time from the options of each (:meth:`extend`)."""

    def __init__(self, values: Any = ()) -> None:
        known = np.asarray(values, dtype=_I64)
        self._g = np.zeros(max(1024, 2 * len(known)), dtype=_I64)
        self._g[: len(known)] = known
        self.n = len(known)
        self._size = 64
        while len(known) and self._size <= int(known.max()) + 2:
            self._size *= 2
        self._rebuild(self.n)

    @property
    def values(self) -> Any:
        """The values known so far (a view)."""
        return self._g[: self.n]

    def _rebuild(self, n: int) -> None:
        size = self._size
        self._tree = np.full(2 * size, -1, dtype=_I64)
        self._mark = np.zeros(size, dtype=_I64)
        self._pool = np.zeros(max(1024, 4 * n + 16 * size), dtype=_I64)
        self._start = np.zeros(size, dtype=_I64)
        self._count = np.zeros(size, dtype=_I64)
        self._cap = np.zeros(size, dtype=_I64)
        self._used = np.zeros(2, dtype=_I64)  # the pool's fill; why a call stopped
        jit_module("_tabulate_jit").rebuild_kernel(self._g, n, self._tree, size, self._pool, self._start,
                                                   self._count, self._cap, self._used)

    def extend(self, hi: int, *, singles: tuple[Any, Any] | None = None, pairs: tuple[Any, Any] | None = None,
               ranges: tuple[Any, Any, Any] | None = None) -> None:
        """The values of heaps ``n..hi-1`` (``n`` the heaps known), from the
        options of each heap ``m`` as pointer arrays indexed by ``m - n``:
        ``singles = (ptr, heaps)``, ``pairs = (ptr, heaps)`` (two heaps a pair,
        flat), ``ranges = (ptr, starts, stops)``. Every heap an option names
        is below the heap (the caller checks)."""
        base = self.n
        count = hi - base
        if count <= 0:
            return
        sp, sv = singles if singles is not None else _empty_csr(count)
        pp, pv = pairs if pairs is not None else _empty_csr(count)
        if ranges is not None:
            rp, rs, re = ranges
        else:
            rp, rs = _empty_csr(count)
            re = rs
        if len(self._g) < hi:
            g = np.zeros(max(hi, 2 * len(self._g)), dtype=_I64)
            g[: self.n] = self._g[: self.n]
            self._g = g
        kernel = jit_module("_tabulate_jit").tabulate_kernel
        args = [np.ascontiguousarray(a, dtype=_I64) for a in (sp, sv, pp, pv, rp, rs, re)]
        lo = base
        while lo < hi:
            got = int(kernel(self._g, base, lo, hi, *args, self._mark, self._tree, self._size, self._pool,
                             self._start, self._count, self._cap, self._used))
            if got < hi:  # a value outgrew the structures (1), or the pool is full (2)
                if int(self._used[1]) == 1:
                    self._size *= 2
                self._rebuild(got)
            lo = got
            self.n = got
        self.n = hi
