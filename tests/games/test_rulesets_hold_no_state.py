"""A ruleset describes rules; what computes or remembers lives in ``solve/``.

For every catalogue entry, ``vars(ruleset)`` is the same (deeply: no container
grows, no attribute appears) before and after computing its values, its table
and its period: tables, periods and stores live in the ruleset's record
(:mod:`grundy.solve.caches`)."""

from __future__ import annotations

import types
from pathlib import PurePath
from typing import Any

import numpy as np
import pytest

import grundy
from grundy.values.errors import GrundyError
from grundy.solve.budget import Budget, watching
from grundy.solve.tables import PeriodSearch, heap_table, pattern_of, table_shape

_PLAIN = (int, float, str, bytes, bool, type(None), complex, PurePath)


def snapshot(x: Any, depth: int = 0) -> Any:
    """A value equal for equal states of ``x``: containers and plain objects by
    content (to a few levels), anything else (functions, classes) by identity."""
    if isinstance(x, _PLAIN):
        return x
    if depth > 6:
        return ("deep", id(x))
    if isinstance(x, dict):
        return ("dict", tuple(sorted(((repr(k), snapshot(v, depth + 1)) for k, v in x.items()))))
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, tuple(snapshot(v, depth + 1) for v in x))
    if isinstance(x, (set, frozenset)):
        return (type(x).__name__, tuple(sorted(repr(v) for v in x)))
    if isinstance(x, np.ndarray):
        return ("ndarray", x.dtype.str, x.shape, x.tobytes())
    if isinstance(x, (types.FunctionType, types.BuiltinFunctionType, types.MethodType, type,
                      types.ModuleType)):
        return ("id", id(x))
    if hasattr(x, "__dict__"):
        return (type(x).__name__, id(x), snapshot(vars(x), depth + 1))
    return ("repr", repr(x))


def _compute(rs: grundy.Ruleset, legal: tuple[Any, ...]) -> None:
    with watching(Budget(seconds=3)):
        for p in legal:
            try:  # a budget of positions too: Wythoff's huge sample listed options for 3 s
                rs.value(p, budget=Budget(seconds=3, positions=20_000))
            except GrundyError:
                pass
        if table_shape(rs) == "heap":
            try:
                t = heap_table(rs, 60)
                pattern_of(rs, t.values, budget=Budget(seconds=1))
            except GrundyError:
                pass
        if isinstance(rs, PeriodSearch):
            try:
                rs.find_period(budget=Budget(seconds=1, positions=1 << 16))
            except GrundyError:
                pass
        try:
            getattr(rs, "periodicity", None)
        except GrundyError:
            pass


ENTRIES = list(grundy.games.entries())


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_computing_leaves_the_ruleset_unchanged(entry: Any) -> None:
    rs = grundy.games.get(entry.spec)
    before = snapshot(vars(rs))
    _compute(rs, entry.legal)
    assert snapshot(vars(rs)) == before, sorted(
        k for k in set(vars(rs)) | set(dict(before[1]))
    )


def test_a_table_store_is_a_new_ruleset_with_its_own_table(tmp_path: Any) -> None:
    from grundy.games.octal import GrundysGame, TakeAndBreak

    shared = TakeAndBreak("0.6")
    stored = shared.use_store(tmp_path / "t.table")
    assert stored is not shared and shared.store is None and stored == shared
    assert stored.engine is not shared.engine and stored.engine.store is not None
    assert shared.engine is TakeAndBreak("0.6").engine  # equal rulesets share one table
    assert stored.table(30) == shared.table(30)
    g = GrundysGame().use_checkpoint(tmp_path / "g.npy")
    assert g.engine.checkpoint is not None and GrundysGame().engine.checkpoint is None
