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

from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.patterns.primitives import linrec_index
from grundy.patterns.sequences import guess_sequence

__all__ = ["period_2d", "period_2d_expr", "periodic_p_pairs", "linear_recurrence", "run_structure",
           "sparse_structure", "Found", "runs", "pair_recursion", "sparse", "periodic_and_sequence", "div_recurrence",
           "shift_recurrence"]


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


def _residue_test(var: str, m: int, rs: list[int]) -> str:
    """``var % m`` in the residues ``rs`` as the shortest comparison."""
    if len(rs) == 1:
        return f"{var} % {m} == {rs[0]}"
    if rs == list(range(len(rs))):
        return f"{var} % {m} < {len(rs)}"
    if rs == list(range(m - len(rs), m)):
        return f"{var} % {m} >= {m - len(rs)}"
    return f"{var} % {m} in ({', '.join(map(str, rs))})"


def periodic_p_pairs(pos: list[tuple[int, ...]], p: Any, fitted: list[bool], max_period: int = 8) -> Found | None:
    """P-positions of pairs periodic in both coordinates, periods read from the
    fitted pairs (each residue class seen twice): ``a % p in R and b % q in S``
    when the P-residues are a product, else a table of residues. The values
    themselves need not be periodic (a knight's moves towards the corner).

    >>> pos = [(a, b) for a in range(24) for b in range(24)]
    >>> f = periodic_p_pairs(pos, [int(a % 4 < 2 and b % 4 < 2) for a, b in pos], [max(q) < 12 for q in pos])
    >>> f.expr
    'a % 4 < 2 and b % 4 < 2'
    """
    fit_pts = [(q, int(v)) for q, v, f in zip(pos, np.asarray(p).tolist(), fitted) if f]
    if not fit_pts or not any(v for _, v in fit_pts) or all(v for _, v in fit_pts):
        return None
    side_a = max(q[0] for q, _ in fit_pts) + 1
    side_b = max(q[1] for q, _ in fit_pts) + 1
    grid = np.full((side_a, side_b), -1, dtype=np.int64)
    for (a, b), v in fit_pts:
        grid[a, b] = v
    got = period_2d(grid, max_period=max_period, known=grid >= 0)
    if got is None:
        return None
    pa, pb, base = got
    if pa * pb == 1:
        return None
    ra = sorted({r for r in range(pa) for s in range(pb) if base[r][s]})
    rb = sorted({s for r in range(pa) for s in range(pb) if base[r][s]})
    if all(base[r][s] == int(r in ra and s in rb) for r in range(pa) for s in range(pb)):
        parts = ([] if len(ra) == pa else [_residue_test("a", pa, ra)]) + \
            ([] if len(rb) == pb else [_residue_test("b", pb, rb)])
        expr = " and ".join(parts)
        cost = 4 + 2 * len(parts)
    else:
        expr = f"{base!r}[a % {pa}][b % {pb}] == 1"
        cost = 6 + pa + pb
    return Found(expr, f"P iff {expr} (periodic in a with period {pa} and in b with period {pb})", cost)


def pair_recursion(pos: list[tuple[int, ...]], v: Any) -> Found | None:
    """Values of pairs ``(r, c)`` (``r = a`` or ``r = b``) that recurse to a
    smaller row: ``value = r - c`` above a threshold ``t(r)``, ``0`` at it, and
    row ``t(r)``'s value below it, ``t`` constant on runs whose starts follow a
    sequence (:func:`runs`) -- a box of capacity ``s`` holding ``c`` stones where
    ``c^2`` may be added (HDU 1729). Read from every row of the table; the rule
    is checked on the table by the caller. ``None`` if the table is not so.

    >>> def t(s):
    ...     return max([u for u in range(s + 1) if u + u * u < s], default=-1)
    >>> def g(s, c):
    ...     return s - c if c > t(s) else 0 if c == t(s) else g(t(s), c)
    >>> pos = [(s, c) for s in range(41) for c in range(s + 1)]
    >>> f = pair_recursion(pos, [g(*q) for q in pos])
    >>> from grundy.patterns.forms import evaluate
    >>> [evaluate(f.expr, a=s, b=c) == g(s, c) for s, c in [(100, 3), (100, 9), (1000, 2), (10**6, 40)]]
    [True, True, True, True]
    """
    import re

    vals = dict(zip(pos, np.asarray(v).tolist()))
    for i in (0, 1):
        rows: dict[int, dict[int, int]] = {}
        for q, x in vals.items():
            rows.setdefault(q[i], {})[q[1 - i]] = x
        if len(rows) < 12 or sorted(rows) != list(range(len(rows))):
            return None
        ts: list[int] = []
        for r in range(len(rows)):
            row = rows[r]
            bad = [c for c in row if row[c] != r - c]
            t = max(bad) if bad else -1
            if t >= 0 and (row[t] != 0 or t >= r or any(rows[t].get(c) != x for c, x in row.items() if c < t)):
                break
            if t >= max(row):
                break  # no tail r - c in this row
            ts.append(t + 1)
        else:
            if len(set(ts)) < 4:
                continue
            n = np.arange(len(ts), dtype=np.int64)
            f = runs(n, np.array(ts, dtype=np.int64), len(ts))
            if f is None:
                continue
            r_name, c_name = ("a", "b") if i == 0 else ("b", "a")
            t_expr = "(" + re.sub(r"(?<![A-Za-z_])n\b", "r", f.expr) + ") - 1"
            expr = (f"(lambda f, r, c: f(f, r, c))(lambda f, r, c: (lambda t: r - c if c > t else 0 "
                    f"if c == t else f(f, t, c))({t_expr}), {r_name}, {c_name})")
            words = (f"value(r, c) = r - c above t(r), 0 at t(r), value(t(r), c) below, r = {r_name}, c = {c_name}; "
                     f"t(r) + 1 {f.words}")
            return Found(expr, words, 10 + f.cost)
    return None


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


# ------------------------------------------------------------------ finders on one heap
@dataclass(frozen=True)
class Found:
    """A rule found by a structure finder: an expression in ``n`` (a value, or
    true exactly at the P-positions), its words and its cost (simplest first)."""

    expr: str
    words: str
    cost: int


def _value_text(c: int, var: str, d: int) -> str:
    """``c var + d`` as Python text."""
    head = var if c == 1 else f"-{var}" if c == -1 else f"{c} * {var}"
    if c == 0:
        return str(d)
    return head + ("" if d == 0 else f" {'+' if d > 0 else '-'} {abs(d)}")


def _atom(text: str) -> str:
    """``text`` as an operand: as it is when a name or one call, else in parentheses."""
    if text.isidentifier():
        return text
    head = text.split("(", 1)[0]
    if head.isidentifier() and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += (ch == "(") - (ch == ")")
            if depth == 0 and ch == ")":
                return text if i == len(text) - 1 else f"({text})"
    return f"({text})"


def runs(n: Any, v: Any, fit: int) -> Found | None:
    """Values constant on runs whose ends form a sequence that
    :func:`~grundy.patterns.sequences.guess_sequence` guesses, the value on the
    ``j``-th run ``c j + d`` or periodic in ``j``; fitted on ``n[:fit]`` (the run
    cut by the end of the prefix counts for its value only).

    >>> n = np.arange(200)
    >>> runs(n, np.array([int(m).bit_length() * 2 for m in n]), 100).expr
    '2 * linrec_index(n, 2, 0, 1)'
    """
    n = np.asarray(n, dtype=np.int64)[:fit]
    v = np.asarray(v, dtype=np.int64)[:fit]
    change = np.flatnonzero(np.diff(v)) + 1
    if len(change) < 4:
        return None
    starts = [int(n[i]) for i in change]
    seq = guess_sequence(starts)
    if seq is None or seq.kind == "arith" and not seq.head:
        return None  # plain runs of one length: periodic, the forms' business
    count = seq.count("n")
    if count is None:
        return None
    vals = [int(v[0])] + [int(v[i]) for i in change]
    js = list(range(len(vals)))
    c = vals[1] - vals[0]
    if c != 0 and all(x == c * j + vals[0] for j, x in zip(js, vals)):
        expr = _value_text(c, _atom(count), vals[0])
        what = f"{_value_text(c, 'j', vals[0])} on the j-th run"
    else:
        for h, p in ((h, p) for h in range(3) for p in (2, 3, 4)):
            base = [vals[h + (r - h) % p] for r in range(p)]  # base[j % p] for j >= h
            if len(vals) >= h + 2 * p and all(x == base[j % p] for j, x in zip(js[h:], vals[h:])):
                cyc = f"{base}[j % {p}]"
                what = f"{cyc} on the j-th run" + (f" (j >= {h}; before, {vals[:h]}[j])" if h else "")
                if h:
                    expr = f"(lambda j: {vals[:h]}[j] if j < {h} else {cyc})({count})"
                else:
                    expr = f"{base}[{_atom(count)} % {p}]"
                break
        else:
            return None
    words = f"constant on runs: {what}; a new run starts at each term of x_0, x_1, ... with {seq.words}"
    return Found(expr, words, 12 + seq.cost)


def sparse(n: Any, p: Any, fit: int) -> Found | None:
    """P-positions (``p`` is 1 there) at the terms of a guessed sequence,
    fitted on ``n[:fit]``.

    >>> n = np.arange(300)
    >>> sparse(n, np.array([int(m in (2, 7, 22, 67, 202)) for m in n]), 150).expr
    'in_linrec(n, 3, 1, 2) == 1'
    """
    n = np.asarray(n, dtype=np.int64)[:fit]
    pos = [int(n[i]) for i in np.flatnonzero(np.asarray(p)[:fit])]
    if len(pos) < 4:
        return None
    seq = guess_sequence(pos)
    if seq is None or seq.kind == "arith":
        return None
    return Found(seq.member("n"), f"n is one of x_0, x_1, ... with {seq.words}", 10 + seq.cost)


def _residues_text(q: int, rs: list[int]) -> str:
    if len(rs) == 1:
        return f"n % {q} == {rs[0]}"
    return f"n % {q} in ({', '.join(map(str, rs))})"


def periodic_and_sequence(n: Any, p: Any, fit: int, table_end: int) -> Found | None:
    """P-positions periodic (period at most 8), with the exceptions (all
    added, or all removed) at the terms of a guessed sequence: "P iff n is even
    or n = 2^(2j+1) - 1". Fitted on ``n[:fit]``; a sequence fixed by the very
    exceptions it fits must predict one in ``(n[fit - 1], table_end]`` (the
    rest of the table checks it).

    >>> n = np.arange(300)
    >>> p = np.array([int(m % 2 == 0 or m in (1, 7, 31, 127)) for m in n])
    >>> periodic_and_sequence(n, p, 100, 299).expr
    'n % 2 == 0 or in_linrec(n, 4, 3, 1) == 1'
    """
    n = np.asarray(n, dtype=np.int64)[:fit]
    p = np.asarray(p, dtype=np.int64)[:fit]
    for q in range(2, 9):
        if len(n) < 6 * q:
            break
        rs = []
        for r in range(q):
            cls = p[n % q == r]
            if 2 * int(cls.sum()) > len(cls):
                rs.append(r)
        if not rs or len(rs) == q:
            continue
        base = np.isin(n % q, rs)
        extra = [int(x) for x in n[(p == 1) & ~base]]
        missing = [int(x) for x in n[(p == 0) & base]]
        if (extra and missing) or len(extra) + len(missing) < 3:
            continue
        exc = extra or missing
        seq = guess_sequence(exc)  # a term past those that fix it, or else one in the rest of the table
        if seq is None:
            seq = guess_sequence(exc, checks=0)
            if seq is None or not any(int(n[-1]) < t <= table_end for t in seq.terms(table_end)):
                continue
        if seq.kind == "arith" and not seq.head:
            continue
        base_text = _residues_text(q, rs)
        if extra:
            expr = f"{base_text} or {seq.member('n')}"
            words = f"P iff {base_text}, or n is one of x_0, x_1, ... with {seq.words}"
        else:
            expr = f"{base_text} and not ({seq.member('n')})"
            words = f"P iff {base_text}, but not when n is one of x_0, x_1, ... with {seq.words}"
        return Found(expr, words, 12 + q + seq.cost)
    return None


def div_recurrence(n: Any, v: Any, fit: int) -> Found | None:
    """``g(n)`` through ``g(n // k)`` (``k`` = 2, 3, 4): on each residue ``r`` of
    ``n`` mod ``k``, ``g(kq + r) = alpha g(q) + beta q + gamma`` with small
    integers (at least one residue through ``g(q)``), for ``n >= t``, and the
    table below ``t``; fitted on ``n[:fit]``. The expression is a recursion
    of depth ``log_k n``: exact far outside the table.

    >>> def half(m):                 # take at most half: g(2q) = q, g(2q + 1) = g(q)
    ...     return m // 2 if m % 2 == 0 else half(m // 2)
    >>> f = div_recurrence(np.arange(200), np.array([half(m) for m in range(200)]), 100)
    >>> f.words
    'g(2q) = q, g(2q + 1) = g(q) for n >= 1; g(0) = 0 (a recurrence through g(n // 2))'
    >>> from grundy.patterns.forms import evaluate
    >>> evaluate(f.expr, n=3 * 2**100 + 2**99 - 1) == half(3 * 2**100 + 2**99 - 1)
    True
    """
    n = np.asarray(n, dtype=np.int64)[:fit]
    v = np.asarray(v, dtype=np.int64)[:fit]
    n0 = int(n[0])
    if len(n) < 24 or not np.array_equal(n, np.arange(n0, n0 + len(n))):
        return None
    g = {int(a): int(b) for a, b in zip(n, v)}
    end = n0 + len(n)
    for k in (2, 3, 4):
        for t in range(max(1, k * n0), min(17, len(n) // 4)):
            rules: list[tuple[int, int, int, int, int]] = []
            for r in range(k):
                ms = [m for m in range(t, end) if m % k == r]
                if len(ms) < 4:
                    break
                for c, d in [(1, 0), *((c, d) for c in range(1, k) for d in range(c + 1) if (c, d) != (1, 0))]:
                    if any(c * (m // k) + d >= m or c * (m // k) + d < n0 for m in ms[:3]):
                        continue  # the recursion must go down (and stay in the table)
                    found = _fit_residue([(g[c * (m // k) + d], m // k, g[m]) for m in ms])
                    if found is not None:
                        rules.append((*found, c, d))
                        break
                else:
                    break
            else:
                if any(a != 0 for a, _, _, _, _ in rules):
                    return _div_found(k, t, rules, [g[m] for m in range(n0, t)], n0)
    return None


def _fit_residue(pts: list[tuple[int, int, int]]) -> tuple[int, int, int] | None:
    """The simplest ``(alpha, beta, gamma)`` with ``y = alpha g + beta q + gamma``
    at every ``(g, q, y)``: a constant, ``g(q)`` or ``q`` plus a constant, then
    small multiples of both."""
    for alpha, beta in [(0, 0), (1, 0), (0, 1), *((a, b) for a in range(-3, 4) for b in range(-3, 4))]:
        gamma = pts[0][2] - alpha * pts[0][0] - beta * pts[0][1]
        if all(y == alpha * x + beta * q + gamma for x, q, y in pts):
            return alpha, beta, gamma
    return None


def _div_found(k: int, t: int, rules: list[tuple[int, int, int, int, int]], base: list[int], n0: int) -> Found:
    def term(a: int, b: int, c: int, rec: str, q: str) -> str:
        parts = []
        for coef, what in ((a, rec), (b, q)):
            if coef:
                parts.append(what if coef == 1 else f"-{what}" if coef == -1 else f"{coef} * {what}")
        text = " + ".join(parts).replace("+ -", "- ")
        if c:
            text = f"{text} {'+' if c > 0 else '-'} {abs(c)}" if text else str(c)
        return text or "0"

    def arg(c: int, d: int, q: str) -> str:
        return (q if c == 1 else f"{c} * ({q})" if " " in q else f"{c} * {q}") + (f" + {d}" if d else "")

    cases = [term(a, b, c, f"g(g, {arg(cc, d, f'n // {k}')})", f"n // {k}") for a, b, c, cc, d in rules]
    said = [term(a, b, c, f"g({arg(cc, d, 'q').replace(' * ', '')})", "q") for a, b, c, cc, d in rules]
    groups: dict[str, list[int]] = {}
    for r, e in enumerate(cases):
        groups.setdefault(e, []).append(r)
    items = list(groups.items())
    body = items[-1][0]
    for e, rs in reversed(items[:-1]):
        cond = f"n % {k} == {rs[0]}" if len(rs) == 1 else f"n % {k} in ({', '.join(map(str, rs))})"
        body = f"{e} if {cond} else {body}"
    below = f"{base}[n - {n0}]" if n0 else f"{base}[n]"
    if len(set(base)) == 1:
        below = str(base[0])
    expr = f"(lambda g, n: g(g, n))(lambda g, n: {below} if n < {t} else {body}, n)"
    eqs = ", ".join(f"g({k}q{f' + {r}' if r else ''}) = {s}" for r, s in enumerate(said))
    init = ", ".join(f"g({m}) = {x}" for m, x in zip(range(n0, t), base))
    through = f"g(n // {k})" if all(cc == 1 and d == 0 for _, _, _, cc, d in rules) else f"n // {k}"
    words = f"{eqs} for n >= {t}; {init} (a recurrence through {through})"
    return Found(expr, words, 14 + 2 * k + len(base))


# ------------------------------------------------------------------ pairs
def shift_recurrence(n: Any, v: Any, fit: int) -> Found | None:
    """``g(n) = g(n - p) + c`` from a learned ``t`` on (ultimate arithmetic
    periodicity, seen three times on ``n[:fit]`` and over a quarter of it) with
    a preperiod too irregular for the library's "periodic with exceptions":
    the expression holds the first ``t + p`` values, so it needs that prefix
    (it is in the expression) and nothing else.

    >>> v = [m % 7 for m in range(100)] + [m % 3 for m in range(100, 400)]
    >>> f = shift_recurrence(np.arange(400), np.array(v), 200)
    >>> f.words
    'g(n) = g(n - 3) for n >= 103 (periodic from n = 100 with period 3); the first 103 values are in the expression'
    """
    from grundy.patterns.periodicity import find_periodicity, is_observation

    n = np.asarray(n, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
    n0 = int(n[0])
    if len(n) < 24 or not np.array_equal(n, np.arange(n0, n0 + len(n))):
        return None
    per = find_periodicity(v[:fit].tolist(), saltus=True, min_repeats=3)
    if per is None or not is_observation(per.preperiod, per.period, fit) or per.preperiod + per.period > 5000:
        return None
    t, p, c = n0 + per.preperiod, per.period, per.saltus
    head = [int(x) for x in v[: t - n0 + p]]
    at = "n" if n0 == 0 else f"n - {n0}"
    tail = f"T[{t - n0} + (n - {t}) % {p}]" + (f" + (n - {t}) // {p} * {c}" if c else "")
    expr = f"(lambda T, n: T[{at}] if n < {t + p} else {tail})({head}, n)"
    rec = f"g(n - {p})" + (f" {'+' if c > 0 else '-'} {abs(c)}" if c else "")
    words = (f"g(n) = {rec} for n >= {t + p} (periodic from n = {t} with period {p}"
             f"{f', saltus {c}' if c else ''}); the first {len(head)} values are in the expression")
    return Found(expr, words, 30 + p)
