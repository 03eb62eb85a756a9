"""The compiled modules of :mod:`grundy.kernels`, imported on first use.

A public module's wrappers reach their kernels through :func:`jit_module`, so
``import grundy`` does not import numba, and a call after the first costs a
dictionary look-up (a few times less than an ``import`` statement in the wrapper,
which matters for the small kernels called per position).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from grundy.values import clock

__all__ = ["jit_module", "loaded"]

_LOADED: dict[str, ModuleType] = {}


def jit_module(name: str) -> ModuleType:
    """The module ``grundy.kernels.<name>`` (a ``_<family>_jit`` module of top-level
    ``@jit`` functions), imported the first time; its import (numba's, and the
    set-up of the kernels' disk cache) is not counted by the time budgets.

    >>> jit_module("_period_jit").__name__
    'grundy.kernels._period_jit'
    """
    module = _LOADED.get(name)
    if module is None:
        with clock.excluded():
            module = _LOADED[name] = importlib.import_module(f"grundy.kernels.{name}")
    return module


def loaded(name: str) -> bool:
    """Whether :func:`jit_module` has imported ``grundy.kernels.<name>``."""
    return name in _LOADED
