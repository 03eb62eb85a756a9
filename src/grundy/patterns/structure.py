"""Structure finders beside the synthesiser's grammar: tables periodic in both
coordinates; one-heap values constant on runs whose ends follow a recurrence
``e_{k+1} = a e_k + b``; P-positions at the terms of such a recurrence.

>>> import numpy as np
>>> a, b = np.meshgrid(np.arange(12), np.arange(12), indexing="ij")
>>> period_2d((a % 2) * 2 + (b % 3 == 0))
(2, 3, [[1, 0, 0], [3, 2, 2]])
>>> period_2d(a + b) is None
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.patterns.primitives import linrec_index

__all__ = ["period_2d", "period_2d_expr", "linear_recurrence", "run_structure", "sparse_structure"]


def period_2d(g: Any, max_period: int = 12, known: Any = None) -> tuple[int, int, list[list[int]]] | None:
    """The smallest periods ``(p, q)`` (by ``p * q``, then ``p``) with
    ``g[a, b] == base[a % p][b % q]`` on every known entry of the square ``g``,
    each period at most ``max_period`` and half the side (so that each
    residue class is seen at least twice), and ``base``; else ``None``."""
    g = np.asarray(g, dtype=np.int64)
    if g.ndim != 2:
        raise ValueError(f"period_2d: expected a 2-d table; got shape {g.shape}")
    mask = np.ones(g.shape, dtype=bool) if known is None else np.asarray(known, dtype=bool)
    top = min(max_period, g.shape[0] // 2, g.shape[1] // 2)
    cands = sorted(((p, q) for p in range(1, top + 1) for q in range(1, top + 1)), key=lambda t: (t[0] * t[1], t))
    a, b = np.meshgrid(np.arange(g.shape[0]), np.arange(g.shape[1]), indexing="ij")
    for p, q in cands:
        if p == q == 1:
            continue
        base = np.full((p, q), -1, dtype=np.int64)
        ok = True
        for r in range(p):
            for s in range(q):
                cls = mask & (a % p == r) & (b % q == s)
                vals = np.unique(g[cls])
                if len(vals) > 1:
                    ok = False
                    break
                if len(vals):
                    base[r, s] = int(vals[0])
            if not ok:
                break
        if ok and (base >= 0).all():
            return p, q, base.tolist()
    return None


def period_2d_expr(p: int, q: int, base: list[list[int]]) -> str:
    """The expression in ``a``, ``b`` of a doubly periodic table.

    >>> period_2d_expr(2, 3, [[1, 0, 0], [3, 2, 2]])
    '[[1, 0, 0], [3, 2, 2]][a % 2][b % 3]'
    """
    return f"{base!r}[a % {p}][b % {q}]"


def linear_recurrence(xs: list[int]) -> tuple[int, int] | None:
    """``(a, b)`` with ``xs[k + 1] = a xs[k] + b`` for every ``k`` (``a >= 2``), from
    at least four terms; else ``None``.

    >>> linear_recurrence([1, 3, 7, 15, 31]), linear_recurrence([0, 1, 4, 13, 40])
    ((2, 1), (3, 1))
    """
    if len(xs) < 4 or xs[1] == xs[0]:
        return None
    num, den = xs[2] - xs[1], xs[1] - xs[0]
    if num % den:
        return None
    a = num // den
    b = xs[1] - a * xs[0]
    if a < 2 or any(xs[k + 1] != a * xs[k] + b for k in range(len(xs) - 1)):
        return None
    return a, b


def run_structure(n: Any, v: Any) -> str | None:
    """An expression in ``n`` for values constant on runs, ``c k + d`` on the
    ``k``-th run, whose starts follow a linear recurrence (the last run, possibly
    cut by the table's end, is not used to fit); else ``None``.

    >>> n = np.arange(1, 400)
    >>> run_structure(n, np.array([linrec_index(int(m), 3, 1, 1) for m in n]))
    'linrec_index(n, 3, 1, 4) + 1'
    """
    n = np.asarray(n, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
    change = np.flatnonzero(np.diff(v)) + 1
    if len(change) < 5:
        return None
    starts = [int(n[i]) for i in change]
    rec = linear_recurrence(starts)
    if rec is None:
        return None
    a, b = rec
    c = int(v[change[1]] - v[change[0]])
    d = int(v[change[0]]) - c
    if c == 0:
        return None
    expr = f"linrec_index(n, {a}, {b}, {starts[0]})"
    if c != 1:
        expr = f"{c} * {expr}"
    if d:
        expr = f"{expr} {'+' if d > 0 else '-'} {abs(d)}"
    return expr


def sparse_structure(n: Any, p: Any) -> str | None:
    """An expression in ``n`` true exactly at P-positions that are the terms of a
    linear recurrence (at least five of them in the table); else ``None``.

    >>> n = np.arange(0, 300)
    >>> sparse_structure(n, np.array([int(m in (2, 7, 22, 67, 202)) for m in n]))
    'in_linrec(n, 3, 1, 2)'
    """
    n = np.asarray(n, dtype=np.int64)
    pos = [int(n[i]) for i in np.flatnonzero(np.asarray(p))]
    if len(pos) < 5:
        return None
    rec = linear_recurrence(pos)
    if rec is None:
        return None
    return f"in_linrec(n, {rec[0]}, {rec[1]}, {pos[0]})"
