"""Compiled kernels follow one convention: top-level ``@jit`` functions in private
``_<family>_jit`` modules (numba's disk cache holds only module-level functions),
imported by the public modules' wrappers on first use (``import grundy`` must not
import numba)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import grundy.kernels

KERNELS = Path(grundy.kernels.__file__).parent
PUBLIC = sorted(p for p in KERNELS.glob("*.py") if not p.name.startswith("_"))
COMPILED = sorted(p.stem for p in KERNELS.glob("_*_jit.py"))


def test_the_families_are_found():
    assert {p.stem for p in PUBLIC} >= {"octal", "period", "rare", "coins", "fwht", "graphs",
                                        "retrograde", "trees"}
    assert {"_octal_jit", "_trees_jit", "_graphs_jit", "_rare_jit"} <= set(COMPILED)


def test_public_modules_build_no_kernels():
    """No public module imports numba or nests a function in another (a kernel
    factory): their compiled code lives in the ``_jit`` modules."""
    for path in PUBLIC:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] != "numba" for a in node.names), path.name
            if isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "numba", path.name
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if n is not node
                         and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
                assert not inner, (path.name, node.name)


def test_compiled_functions_are_top_level_and_cached_on_disk():
    from numba.core.caching import FunctionCache
    from numba.core.dispatcher import Dispatcher

    from grundy.kernels._lazy import jit_module

    for name in COMPILED:
        module = jit_module(name)
        kernels = [v for v in vars(module).values() if isinstance(v, Dispatcher)]
        assert kernels, name
        for k in kernels:
            assert "<locals>" not in k.py_func.__qualname__, (name, k.py_func.__qualname__)
            if k.targetoptions.get("inline") == "always":
                continue  # a helper that takes a function: inlined into cached callers
            assert isinstance(k._cache, FunctionCache), (name, k.py_func.__qualname__)


def test_public_modules_load_numba_on_the_first_call_only():
    code = """
import sys
import numpy as np
from grundy.kernels import coins, fwht, graphs, octal, period, rare, retrograde, trees
from grundy.kernels._lazy import loaded
assert "numba" not in sys.modules
assert not any(m.endswith("_jit") for m in sys.modules), [m for m in sys.modules if m.endswith("_jit")]
graphs.fuse_graph(np.array([0]), np.array([1]), 2, 0)       # small: plain Python
assert "numba" not in sys.modules and not loaded("_graphs_jit")
assert period.least_period(np.array([0, 1] * 4), 1) == (2, 0, True)
assert "numba" in sys.modules and loaded("_period_jit") and not loaded("_trees_jit")
print("ok")
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr[-2000:]


@pytest.mark.heavy
def test_loading_the_kernels_skips_scipys_blas_and_keeps_numba_linalg() -> None:
    """numba's array maths probes scipy's BLAS at import (about half a second per
    process); grundy's kernels need none, and user code keeps np.dot and np.linalg."""
    import subprocess
    import sys

    code = (
        "import sys, grundy, numpy as np\n"
        "grundy.games.get('grundys-game').table(500)\n"
        "assert 'numba' in sys.modules\n"
        "assert not any(m.startswith('scipy.linalg') for m in sys.modules), 'scipy.linalg loaded'\n"
        "import numba\n"
        "@numba.njit\n"
        "def g(a): return np.dot(a, a), np.linalg.det(np.eye(2))\n"
        "print(g(np.ones(3)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "(3.0, 1.0)"
