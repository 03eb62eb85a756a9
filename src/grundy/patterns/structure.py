"""Structure finders beside the synthesiser's grammar: tables periodic in both
coordinates.

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

__all__ = ["period_2d", "period_2d_expr"]


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
