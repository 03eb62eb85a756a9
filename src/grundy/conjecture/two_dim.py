"""Rules for pairs of heaps: XOR-like forms, 2-D periods, Beatty pairs, graphs (a, f(a))."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import numpy as np

from grundy.conjecture.model import Conjecture, Guess, _STATUS_ORDER
from grundy.conjecture.one_heap import _PAIR_VARS, _SEARCH_SECONDS, _pastes_back, _sample, _synth_positions, search_time
from grundy.patterns.forms import Form, QuadraticIrrational, fit_forms, quadratic_from_bounds, reduced_quadratic, renamed


# --------------------------------------------------------------------- pairs
def _two_dim(game: str, g: np.ndarray[Any, Any], fit: int | None, limit: int) -> Guess:
    """Rules of a square table of pairs; a game that refuses the first rows and
    columns (heaps from 1) is read on the square from its first legal pair,
    its rules in shifted coordinates (``a - 1``) written back in ``a`` and ``b``.

    >>> import numpy as np
    >>> t = np.full((12, 12), -1)
    >>> t[1:, 1:] = (np.arange(11)[:, None] ^ np.arange(11)[None, :])
    >>> _two_dim("t", t, None, 3).best.expr
    '(a - 1) ^ (b - 1)'
    """
    m = g.shape[0]
    known = g >= 0
    rows, cols = np.flatnonzero(known.any(axis=1)), np.flatnonzero(known.any(axis=0))
    s = int(min(rows[0], cols[0])) if len(rows) and len(cols) else 0
    if s == 0 or m - s < 4:
        return _two_dim_at(game, g, fit, limit, 0)
    sub = _two_dim_at(game, g[s:, s:], None if fit is None else max(2, fit - s), limit, s)
    sub.table = g.tolist()
    sub.size = f"pairs (a, b) with a, b = {s}..{m - 1} (a, b < {s} refused)"
    return sub


#: the words a shifted rule reads its coordinates in
_COORD = re.compile(r"(?<![A-Za-z_0-9.'\"])([ab])(?![A-Za-z_0-9'\"])")


def _shifted(expr: str, s: int) -> str:
    """``expr`` in ``a``, ``b`` read at ``a - s``, ``b - s``."""
    return expr if s == 0 else _COORD.sub(lambda mt: f"({mt.group(1)} - {s})", expr)


def _two_dim_at(game: str, g: np.ndarray[Any, Any], fit: int | None, limit: int, s: int) -> Guess:
    """The rules of ``g``, whose cell ``(i, j)`` is the pair ``(i + s, j + s)``."""
    m = g.shape[0]
    k = max(4, min(m, m // 2 if fit is None else fit))
    a, b = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    known = g >= 0
    found: list[Conjecture | None] = []
    fitted = f"a, b = {s}..{k - 1 + s}"
    checked = f"a, b = {s}..{m - 1 + s}"
    if known.all():
        simple = [
            ("a XOR b (Nim-sum)", "a ^ b", a ^ b, 1), ("min(a, b)", "min(a, b)", np.minimum(a, b), 2),
            ("max(a, b)", "max(a, b)", np.maximum(a, b), 2), ("a + b", "a + b", a + b, 2),
            ("|a - b|", "abs(a - b)", np.abs(a - b), 2),
        ]
        for words, expr, pred, cost in simple:
            if np.array_equal(pred[:k, :k], g[:k, :k]):
                found.append(_grid_check("value", words, expr, pred, g, known, fitted, checked, cost))
        sep = g[:, :1] ^ g[:1, :] ^ g[0, 0]
        if not found and np.array_equal(sep[:k, :k], g[:k, :k]):
            fa, fb = _best_form(g[:, 0] ^ g[0, 0], k), _best_form(g[0, :], k)
            if fa is not None and fb is not None:
                pred = fa.values(np.arange(m))[:, None] ^ fb.values(np.arange(m))[None, :]
                wa, wb = renamed(fa, "a").described(), renamed(fb, "b").described()
                found.append(_grid_check("value", f"f(a) XOR g(b) with f(a) = {wa} and g(b) = {wb}",
                                         f"({_sub(fa.expr, 'a')}) ^ ({_sub(fb.expr, 'b')})",
                                       pred, g, known, fitted, checked, 4 + fa.cost + fb.cost))
    p = (g == 0)
    found.extend(_beatty(p, k, fitted, checked))
    graph = _graph_form(p, k, fitted, checked)
    if graph is not None:
        found.append(graph)
    if not any(c is not None and c.status != "refuted" and c.target == "P" for c in found):
        found.append(_below_boundary(p, known, k, fitted, checked))
    binary = bool(((g[known] == 0) | (g[known] == 1)).all())

    def has(target: str | None = None) -> bool:
        return any(c is not None and c.status != "refuted" and (target is None or c.target == target)
                   for c in found)

    if not has("value") and not binary:
        found.extend(_projected(g, known, k, fitted, checked, "value"))
    if not has():
        found.append(_doubly_periodic(g, known, k, fitted, checked))
    if not has():
        found.extend(_projected(g, known, k, fitted, checked, "P"))
    pos: list[tuple[int, ...]] = [(int(x), int(y)) for x, y in zip(a[known].tolist(), b[known].tolist())]
    mask = [x < k and y < k for x, y in pos]
    share = _SEARCH_SECONDS.get() / (1 if binary else 2)  # values, then P-positions: the time of one search
    for target in ("value", "P"):
        # values first whenever they are not just 0/1: a P-rule found above does not
        # stand in for them (a pair is mostly a component of a sum: its value counts)
        if (has("value") or binary) if target == "value" else has():
            continue
        with search_time(share):
            found.extend(_synth_positions(pos, g[known], mask, _PAIR_VARS, lambda q: {"a": q[0], "b": q[1]},
                                          "a, b", fitted, checked, limit, target=target))
    out = [c for c in found if c is not None]
    if s:
        for c in out:
            c.expr, c.words = _shifted(c.expr, s), _shifted(c.words, s)
            if c.counterexample is not None:
                c.counterexample["position"] = tuple(int(x) + s for x in c.counterexample["position"])
    out.sort(key=lambda c: (_STATUS_ORDER[c.status], not binary and c.target != "value", c.cost))
    return Guess(game, "pair", f"pairs (a, b) with {checked}", g.tolist(), out[:limit])


#: the quantities of a pair a rule may read through one variable, simplest first:
#: ``(expression, function of the arrays a, b, whether it needs min(a, b) >= 1)``
_KEYS: list[tuple[str, Any, bool]] = [
    ("abs(a - b)", lambda a, b: np.abs(a - b), False),
    ("min(a, b)", np.minimum, False),
    ("max(a, b)", np.maximum, False),
    ("a + b", lambda a, b: a + b, False),
    ("a ^ b", lambda a, b: a ^ b, False),
    ("a | b", lambda a, b: a | b, False),
    ("a & b", lambda a, b: a & b, False),
    ("gcd(a, b)", np.gcd, False),
    ("max(a, b) // min(a, b)", lambda a, b: np.maximum(a, b) // np.maximum(np.minimum(a, b), 1), True),
    ("max(a, b) % min(a, b)", lambda a, b: np.maximum(a, b) % np.maximum(np.minimum(a, b), 1), True),
]


def _projected(g: np.ndarray[Any, Any], known: np.ndarray[Any, Any], k: int, fitted: str, checked: str,
               target: str) -> list[Conjecture]:
    """Rules through one quantity of the pair (``|a - b|``, ``min``, ``a ^ b``,
    ``gcd``, ``max // min``, ...; :data:`_KEYS`): where the fitted square's
    values (or P-positions) are a function of it, that function as a form of
    one variable, checked on the whole table. ``value(a, b) = f(a ^ b)``,
    ``P iff |a - b| <= 1`` and ``P iff max(a, b) // min(a, b) >= 2`` are such rules.

    >>> import numpy as np
    >>> a, b = np.meshgrid(np.arange(20), np.arange(20), indexing="ij")
    >>> [c.expr for c in _projected((np.abs(a - b) > 1).astype(np.int64), a >= 0, 10, "", "", "P")]
    ['{0: 1, 1: 1}.get(abs(a - b), 0) == 1']
    """
    m = g.shape[0]
    a, b = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    goal = g if target == "value" else (g == 0).astype(np.int64)
    inside = known & (a < k) & (b < k)
    out: list[Conjecture] = []
    keys = [*_KEYS, (f"a - b + {m - 1}", lambda a, b: a - b + (m - 1), False)]  # signed: periodic forms only
    for cost, (text, key_of, positive) in enumerate(keys):
        zero = known & (np.minimum(a, b) == 0) if positive else np.zeros_like(known)
        c0 = 0
        if zero.any():  # a heap of 0: a case of its own (max // min reads min >= 1)
            if len(set(goal[zero].tolist())) != 1:
                continue
            c0 = int(goal[zero][0])
        ok = known & ~zero
        key = key_of(a, b)
        kin, vin = key[inside & ok], goal[inside & ok]
        if len(kin) < 8:
            continue
        lo, top = int(kin.min()), int(kin.max())
        seq = np.full(top + 1 - lo, -1, dtype=np.int64)
        seq[kin - lo] = vin
        if (seq[kin - lo] != vin).any() or (seq < 0).any() or top - lo < 5 or len(set(vin.tolist())) < 2:
            continue  # not a function of the key, or not on every key value in its range, or constant
        for form in fit_forms(np.arange(lo, top + 1, dtype=np.int64), seq)[:3]:
            if cost == len(_KEYS) and form.period is None:
                continue  # a rule on a - b past the table's differences: periodic only
            pred = form.values(np.arange(int(key.max()) + 1, dtype=np.int64))[np.maximum(key, 0)]
            atomic = re.fullmatch(r"[a-z]+\([^()]*(\([^()]*\))?[^()]*\)", text) is not None
            expr = _sub(form.expr, text if atomic else f"({text})")
            words = f"{renamed(form, 'd').described()} with d = {text}"
            if target == "P":
                expr, words = f"{expr} == 1", f"P iff {words} is 1"
            if positive:
                pred = np.where(np.minimum(a, b) == 0, c0, pred)
                if target == "value":
                    expr, words = f"{c0} if min(a, b) == 0 else {expr}", f"{words}; {c0} if a heap is 0"
                else:
                    expr = f"min(a, b) == 0 or {expr}" if c0 else f"min(a, b) > 0 and {expr}"
            c = _grid_check(target, words, expr, pred, goal, known, fitted, checked, 3 + cost + form.cost)
            if c is not None:
                out.append(c)
                break
        if any(c.status != "refuted" for c in out):
            break
    return out


def _doubly_periodic(g: np.ndarray[Any, Any], known: np.ndarray[Any, Any], k: int, fitted: str,
                     checked: str) -> Conjecture | None:
    """``value(a, b) = base[a % p][b % q]``, periods fitted on the square ``0..k-1``."""
    from grundy.patterns.structure import period_2d, period_2d_expr

    found = period_2d(g[:k, :k], known=known[:k, :k])
    if found is None:
        return None
    p, q, base = found
    m = g.shape[0]
    a, b = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    pred = np.asarray(base, dtype=np.int64)[a % p, b % q]
    return _grid_check("value", f"periodic in a with period {p} and in b with period {q}: {base}",
                       period_2d_expr(p, q, base), pred, g, known, fitted, checked, 6 + p + q)


def _sub(expr: str, var: str) -> str:
    """``expr`` with the variable ``n`` renamed ``var``."""
    import re

    return re.sub(r"(?<![A-Za-z_])n\b", var, expr)


def _best_form(v: np.ndarray[Any, Any], k: int) -> Form | None:
    """The simplest form fitted on ``v[:k]`` (all of a short ``v``) that holds on all of ``v``."""
    n = np.arange(len(v), dtype=np.int64)
    k = max(k, min(len(v), 16))
    forms = fit_forms(n[:k], v[:k])
    return next((f for f in forms if np.array_equal(f.values(n), v)), None)


def _grid_check(target: str, words: str, expr: str, pred: np.ndarray[Any, Any], g: np.ndarray[Any, Any],
                known: np.ndarray[Any, Any], fitted: str, checked: str, cost: int) -> Conjecture | None:
    pts = _sample(g.shape)
    if not _pastes_back(expr, [{"a": a, "b": b} for a, b in pts], [int(pred[p]) for p in pts]):
        return None
    bad = np.argwhere((pred != g) & known)
    ce = None
    status = "verified"
    if len(bad):
        # the first counterexample in order of a + b, then a
        i = min(bad.tolist(), key=lambda t: (t[0] + t[1], t[0]))
        ce = {"position": tuple(i), "table": int(g[i[0], i[1]]), "rule": int(pred[i[0], i[1]])}
        status = "refuted"
    return Conjecture(target, words, expr, "a, b", status, fitted, checked, int(known.sum()), cost, ce)


def _p_pairs(p: np.ndarray[Any, Any], k: int) -> list[tuple[int, int]] | None:
    """The P-pairs ``(a, b)``, ``a <= b``, of the square ``0..k-1``, in order of
    ``b - a``, if the set is symmetric with each ``a`` and each difference once."""
    sub = p[:k, :k]
    if not np.array_equal(sub, sub.T):
        return None
    pairs = sorted(((int(a), int(b)) for a, b in np.argwhere(sub) if a <= b), key=lambda t: t[1] - t[0])
    return pairs


def _beatty(p: np.ndarray[Any, Any], k: int, fitted: str, checked: str) -> list[Conjecture]:
    """P-positions ``(a_j, a_j + c j)`` with ``a_j = floor(j r)``: ``c`` from the
    fitted pairs, ``r`` by continued fractions from the bounds the pairs set on
    it, checked exactly on the whole square."""
    pairs = _p_pairs(p, k)
    if not pairs or len(pairs) < 4 or pairs[0] != (0, 0):
        return []
    diffs = [b - a for a, b in pairs]
    c = diffs[1]
    if c < 1 or any(d != c * j for j, d in enumerate(diffs)):
        return []
    # complete pairs only: b < k
    lo, hi = Fraction(0), Fraction(10**9)
    for j, (a, _) in enumerate(pairs[1:], start=1):
        lo, hi = max(lo, Fraction(a, j)), min(hi, Fraction(a + 1, j))
    if lo >= hi:
        return []
    r = quadratic_from_bounds(lo, hi)
    how = "r from the continued fraction of the data"
    if r is None:
        # too few pairs to see the continued fraction repeat: complementary Beatty
        # sequences with b_k - a_k = c k have 1/r + 1/(r + c) = 1
        r = reduced_quadratic(2 - c, c * c + 4, 2)
        how = f"r from 1/r + 1/(r + {c}) = 1, complementary Beatty sequences"
        if not lo <= Fraction(r.floor_mul(10**12), 10**12) < hi:
            return []
    m = p.shape[0]
    pred = _beatty_set(r, c, m)
    cs = "" if c == 1 else f"{c}"
    rs = str(r)
    words = (f"the pairs (a_k, a_k + {cs}k) and their mirrors, a_k = floor(k r), r = {rs} "
             f"(Beatty sequences: {how}; checked exactly)")
    diff = "abs(a - b)" if c == 1 else f"abs(a - b) // {c}"
    guard = "" if c == 1 else f"abs(a - b) % {c} == 0 and "
    expr = f"{guard}min(a, b) == beatty({diff}, {r.p}, {r.d}, {r.q})"
    known = np.ones_like(p, dtype=bool)
    found = _grid_check("P", words, expr, pred.astype(np.int64), p.astype(np.int64), known, fitted, checked, 5)
    return [found] if found is not None else []


def _beatty_set(r: QuadraticIrrational, c: int, m: int) -> np.ndarray[Any, Any]:
    out = np.zeros((m, m), dtype=bool)
    j = 0
    while True:
        a = r.floor_mul(j)
        b = a + c * j
        if a >= m:
            break
        if b < m:
            out[a, b] = out[b, a] = True
        j += 1
    return out


def _graph_form(p: np.ndarray[Any, Any], k: int, fitted: str, checked: str) -> Conjecture | None:
    """P-positions ``(a, f(a))`` (and mirrors): one ``b >= a`` per ``a``."""
    m = p.shape[0]
    if not np.array_equal(p, p.T):
        return None
    firsts: list[int] = []
    partner: list[int] = []
    for a in range(m):
        bs = np.flatnonzero(p[a, a:]) + a
        if len(bs) > 1:
            return None
        if len(bs) == 1:
            firsts.append(a)
            partner.append(int(bs[0]))
    if len(firsts) < 4 or firsts != list(range(len(firsts))):
        return None
    n = np.array(firsts, dtype=np.int64)
    fv = np.array(partner, dtype=np.int64)
    kk = sum(1 for b in partner if b < k)
    forms = fit_forms(n[: max(4, kk)], fv[: max(4, kk)])
    if not forms:
        return None
    base = forms[0]
    f = renamed(base, "a")
    fa = f.values(np.arange(m))
    if any(0 <= fa[a] < a for a in range(m)):
        return None  # the expression reads f at min(a, b): f(a) >= a is needed
    pred = np.zeros_like(p)
    for a in range(m):
        if 0 <= fa[a] < m:
            pred[a, fa[a]] = pred[fa[a], a] = True
    expr = f"max(a, b) == ({_sub(base.expr, 'min(a, b)')})" if base.expr != "n" else "a == b"
    return _grid_check("P", f"the pairs (a, f(a)) and their mirrors, f(a) = {f.described()}", expr,
                       pred.astype(np.int64), p.astype(np.int64), np.ones_like(p, dtype=bool),
                       fitted, checked, 3 + f.cost)


def _below_boundary(p: np.ndarray[Any, Any], known: np.ndarray[Any, Any], k: int, fitted: str,
                    checked: str) -> Conjecture | None:
    """P-positions ``min(a, b) <= max(a, b) <= f(min(a, b))``: symmetric, each
    row's P-positions from the diagonal on an interval whose end ``f(m)`` is a
    form of ``m`` or ``floor(m r)`` for a quadratic irrational ``r`` (from the
    bounds the ends set on it, as for Beatty pairs); a first row of P-positions
    only (a heap of 0 ends the game) joins as ``min(a, b) == 0 or ...``.
    Euclid's game (P iff ``max < phi min``) is such a rule.

    >>> import numpy as np
    >>> from grundy.patterns.forms import beatty
    >>> a, b = np.meshgrid(np.arange(40), np.arange(40), indexing="ij")
    >>> lo, hi = np.minimum(a, b), np.maximum(a, b)
    >>> p = (lo == 0) | (hi <= np.array([[beatty(int(x), 1, 5, 2) for x in r] for r in lo]))
    >>> _below_boundary(p, p >= 0, 20, "", "").expr
    'min(a, b) == 0 or max(a, b) <= beatty(min(a, b), 1, 5, 2)'
    """
    m = p.shape[0]
    if not known.all() or not np.array_equal(p, p.T):
        return None
    rows: list[int] = []
    ends: list[int] = []
    zero_row = bool(p[0].all())
    first = 1 if zero_row else 0
    firsts = {int(np.flatnonzero(p[r, r:])[0]) for r in range(first, k) if p[r, r:].any()}
    if len(firsts) != 1 or not firsts <= {0, 1}:
        return None
    strict = firsts.pop()  # 1: the diagonal is not a P-position, the interval starts past it
    for r in range(first, k):
        idx = np.flatnonzero(p[r, r:])
        if len(idx) and len(idx) != idx[-1] + 1 - strict:
            return None  # not an interval from the diagonal
        end = r + int(idx[-1]) if len(idx) else r - 1 + strict
        if end >= m - 1:
            break  # the interval runs off the table: its end is not seen
        rows.append(r)
        ends.append(end)
    if len(rows) < 6 or len(set(e - r for r, e in zip(rows, ends))) < 3:
        return None
    rn, en = np.array(rows, dtype=np.int64), np.array(ends, dtype=np.int64)
    head = "min(a, b) == 0 or " if zero_row else ""
    forms = [f for f in fit_forms(rn, en) if not f.exceptions] if np.array_equal(np.diff(rn), np.ones(len(rn) - 1)) else []
    if forms:
        f = forms[0]
        bound = _sub(f.expr, "min(a, b)")
        words = f"f(m) = {renamed(f, 'm').described()}"
        fm = f.values(np.arange(m, dtype=np.int64))
    else:
        pos = [(r, e) for r, e in zip(rows, ends) if r > 0]
        lo = max(Fraction(e, r) for r, e in pos)
        hi = min(Fraction(e + 1, r) for r, e in pos)
        q = quadratic_from_bounds(lo, hi) if lo < hi else None
        if q is None:
            return None
        bound = f"beatty(min(a, b), {q.p}, {q.d}, {q.q})"
        words = f"f(m) = floor(m r), r = {q} (from the bounds the ends set on r)"
        fm = np.array([q.floor_mul(x) for x in range(m)], dtype=np.int64)
    a, b = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    lo_ab, hi_ab = np.minimum(a, b), np.maximum(a, b)
    pred = (hi_ab <= fm[lo_ab]) & (hi_ab > lo_ab if strict else True)
    if zero_row:
        pred |= lo_ab == 0
    cmp = "<" if strict else "<="
    expr = f"{head}{'min(a, b) < ' if strict else ''}max(a, b) <= {bound}"
    return _grid_check("P", f"the pairs with min(a, b) {cmp} max(a, b) <= f(min(a, b)){' or a heap of 0' if zero_row else ''}, "
                       f"{words}", expr, pred.astype(np.int64), p.astype(np.int64), known, fitted, checked, 6)
