"""Compiled table builders (numba over flat numpy arrays).

The readable pure-Python rulesets in :mod:`grundy.games` stay the reference; the
tests check every kernel against them. numba is imported lazily, on the first
table built: ``import grundy`` does not import it.

One convention for compiled code: a public module (``trees.py``) holds the typed
wrappers, numpy in and numpy out; its kernels are top-level ``@jit`` functions
(``numba.njit(cache=True, nogil=True)``) in a private ``_trees_jit.py``, which
the wrappers reach through :func:`grundy.kernels._lazy.jit_module` on first use.
numba's disk cache is reliable for module-level functions only (kernels nested
in a factory that call each other were compiled again by every process), so no
kernel is built inside a function.

Loading compiled code is not analysis: importing numba and the ``_jit`` modules,
and every compilation or cache load of a kernel (numba's compiler lock) run as
stretches of :func:`grundy.values.clock.excluded`, so the time budgets of searches
do not count them (a fresh process spends about a second there).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Any

from grundy.values import clock as _clock
from grundy.kernels.octal import grundy_game_table, octal_table

__all__ = ["octal_table", "grundy_game_table"]


def _listen(numba: ModuleType) -> None:
    """Exclude numba's compilations and cache loads from the budgets' clock."""
    try:
        from numba.core import event
    except ImportError:  # pragma: no cover - an old numba: only its import is excluded
        return

    class _Loading(event.Listener):
        def on_start(self, ev: Any) -> None:
            _clock.enter()

        def on_end(self, ev: Any) -> None:
            _clock.leave()

    event.register("numba:compiler_lock", _Loading())  # type: ignore[no-untyped-call]


class _TimedLoader(importlib.abc.Loader):
    """numba's own loader, its module executed as an excluded stretch."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        module: ModuleType | None = self.loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        if module.__spec__ is not None:  # numba sees its own loader
            module.__spec__.loader = self.loader
        module.__loader__ = self.loader
        with _clock.excluded():
            self.loader.exec_module(module)
            _listen(module)
            with _BlasHidden():
                importlib.import_module("numba.np.arraymath")


class _BlasHidden(importlib.abc.MetaPathFinder):
    """While numba's array maths loads, scipy's BLAS bindings are not found.

    ``numba.np.arraymath`` probes them at import (only to pick a dot product for
    ``np.correlate``-style helpers); importing ``scipy.linalg`` for them costs
    about half a second, paid by every process that runs a kernel, and no kernel
    of grundy uses BLAS. numba's linear algebra imports the bindings itself when
    a function needs them, so user code keeps ``np.dot`` and ``np.linalg``.
    """

    def find_spec(self, fullname: str, path: Any = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname == "scipy.linalg" or fullname.startswith("scipy.linalg."):
            raise ImportError(f"{fullname} is not needed by grundy's kernels")
        return None

    def __enter__(self) -> None:
        sys.meta_path.insert(0, self)

    def __exit__(self, *exc: object) -> None:
        sys.meta_path.remove(self)


class _NumbaFinder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: on the first ``import numba`` it wraps the loader the
    other finders give (then leaves ``sys.meta_path``)."""

    def find_spec(self, fullname: str, path: Any = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != "numba":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = None if find is None else find(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _TimedLoader(spec.loader)
        found: importlib.machinery.ModuleSpec = spec
        return found


if "numba" in sys.modules:  # imported before grundy: its compilations still count out
    _listen(sys.modules["numba"])
elif not any(isinstance(f, _NumbaFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _NumbaFinder())
