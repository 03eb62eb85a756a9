"""The compiled part of :mod:`grundy.kernels.graphs`: the fusion kernel, compiled
from the plain-Python :func:`grundy.kernels.graphs._fuse_py` (which small graphs
run as it is, before numba is loaded)."""

# mypy: ignore-errors
from __future__ import annotations

import numba

from grundy.kernels.graphs import _fuse_py

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)

fuse = jit(_fuse_py)
