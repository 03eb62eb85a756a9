"""Rules for rows of heaps: XOR of per-heap values, misère Nim, Moore's Nim_k,
and rules synthesised over the row's features, checked on more heaps.

Given the ruleset, the table of rows of ``d`` heaps is joined by rows of fewer
heaps (1 up to ``d - 1``) and of ``d + 1`` and ``d + 2`` heaps (smaller heaps):
the box rules are refuted on rows of other lengths, the synthesiser fits on the
rows of up to ``d`` heaps (so a rule in ``len(x)`` can be told from one in a
fixed length) and checks on the rest, and :mod:`grundy.conjecture.guessing`
then samples rows of more heaps. The features come from
:mod:`grundy.patterns.rowfeatures` (positional ones only when the table shows
that the order of the heaps matters).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from grundy.conjecture.model import Conjecture, Guess, _STATUS_ORDER
from grundy.conjecture.one_heap import _ROW_VARS, _SEARCH_SECONDS, _SHORT_LOOK, _pastes_back, _sample, _synth_positions
from grundy.conjecture.tabulate import _value
from grundy.patterns.rowfeatures import row_features
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import GrundyError, InvalidPositionError
from grundy.conjecture.two_dim import _best_form, _sub
from grundy.patterns.forms import evaluate, renamed


#: the most rows tabulated per row length shorter than the table's
_SHORTER_ROWS = 4096
#: the most rows tabulated of one heap more than the table's (each heap 0..3 at least)
_LONGER_ROWS = 1296


#: the synthesiser on rows: small constants (rules on rows compare aggregates and
#: parities) and a larger bank (rows have many variables)
_ROW_CONSTANTS, _ROW_CAP = (0, 1, 2, 3), 100_000


def _synth_rows(rows: list[tuple[int, ...]], vals: list[int], mask: list[bool],
                variables: list[tuple[str, Callable[[tuple[int, ...]], int]]], fitted: str, checked: str,
                limit: int) -> list[Conjecture]:
    """P-rules of rows of several lengths found by the synthesiser over the
    row features: fitted on the rows in the box (``mask``), checked on the rest."""
    from grundy.patterns.synth import synthesize

    order = sorted(range(len(rows)), key=lambda i: (not mask[i], sum(rows[i]), len(rows[i]), rows[i]))
    used = [rows[i] for i in order]
    goal = np.array([int(vals[i] == 0) for i in order], dtype=np.int64)
    fit = sum(mask)
    seconds = _SEARCH_SECONDS.get()
    if fit < 8 or seconds <= 0 or not variables:
        return []
    var_vals = [(name, np.array([fn(q) for q in used], dtype=np.int64)) for name, fn in variables]
    found = synthesize(var_vals, goal, fit=fit, target="P", env=lambda i: {"x": used[i]}, seconds=seconds,
                       limit=limit, constants=_ROW_CONSTANTS, cap=_ROW_CAP)
    out = []
    for f in found.found:
        ce: dict[str, Any] | None = None
        if f.status == "refuted" and f.mismatch is not None:
            ce = {"position": used[f.mismatch], "table": "P" if goal[f.mismatch] else "N",
                  "rule": "P" if f.got else "N"}
        out.append(Conjecture("P", f"P iff {f.expr}", f.expr, "x", f.status, fitted, checked, len(used),
                              10 + f.size, ce))
    return out


def _refute_on(found: list[Conjecture | None], rows: list[tuple[tuple[int, ...], int]]) -> None:
    """Refute, at the first row (of fewer or more heaps than the box's) where it
    fails, each rule fitted on the box of one row length."""
    for c in found:
        if c is None or c.status == "refuted":
            continue
        for q, v in sorted(rows, key=lambda t: (len(t[0]), sum(t[0]), t[0])):
            try:
                said = bool(evaluate(c.expr, x=q))
            except Exception:  # noqa: BLE001 - a rule that fails on a row is refuted there
                said = v != 0
            if said != (v == 0):
                c.status, c.proof = "refuted", None
                c.counterexample = {"position": q, "table": "P" if v == 0 else "N", "rule": "P" if said else "N"}
                break


def _described(rows: list[tuple[int, ...]]) -> str:
    """The rows of a table in words, by length: ``"rows of 2..3 heaps each 0..5, of 4 heaps each 0..3"``.

    >>> _described([(0, 5), (5, 0, 1), (3, 3, 3, 3)])
    'rows of 2..3 heaps each 0..5, of 4 heaps each 0..3'
    """
    top: dict[int, int] = {}
    for q in rows:
        top[len(q)] = max(top.get(len(q), 0), max(q))
    parts: list[tuple[int, int, int]] = []  # (first length, last length, largest heap)
    for n in sorted(top):
        if parts and parts[-1][2] == top[n] and parts[-1][1] == n - 1:
            parts[-1] = (parts[-1][0], n, top[n])
        else:
            parts.append((n, n, top[n]))
    words = [f"{a}..{b}" if a != b else f"{a}" for a, b, _ in parts]
    return "rows of " + ", of ".join(f"{w} heaps each 0..{t}" for w, (_, _, t) in zip(words, parts))


def _lengths(rs: Ruleset, g: np.ndarray[Any, Any], rows: list[tuple[int, ...]],
             vals: list[int]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The table's rows with rows of fewer heaps (1 up to the table's, each heap
    ``0..m-1``, at most ``_SHORTER_ROWS`` per length), by the search of the raw
    rules; a row the game refuses is skipped. Rows of several lengths let a
    rule in ``len(x)`` be fitted (and rule out one in a fixed length); rows of
    one heap serve the features' checks only (the synthesiser needs 2 heaps)."""
    m, dims = g.shape[0], g.ndim
    extra: list[tuple[int, ...]] = []
    extra_vals: list[int] = []
    for length in [n for n in range(1, dims + 3) if n != dims]:
        top = m
        while top > 3 and top ** length > (_SHORTER_ROWS if length < dims else _LONGER_ROWS):
            top -= 1
        for q in itertools.product(range(top), repeat=length):
            try:
                rs.check(q)
                v = _value(rs, q)
            except InvalidPositionError:
                continue
            except GrundyError:
                raise
            except Exception:  # noqa: BLE001 - a move function that needs more heaps: no such rows
                break
            extra.append(q)
            extra_vals.append(v)
    return extra + rows, extra_vals + vals


# --------------------------------------------------------------------- many heaps
def _many(game: str, g: np.ndarray[Any, Any], fit: int | None, limit: int, rs: Ruleset | None = None) -> Guess:
    dims = g.ndim
    m = g.shape[0]
    k = max(2, min(m, (m + 1) // 2 if fit is None else fit))
    known = g >= 0
    p = (g == 0)
    grids = np.meshgrid(*([np.arange(m)] * dims), indexing="ij")
    fitted = f"each heap 0..{k - 1}"
    checked = box = f"each heap 0..{m - 1} ({dims} heaps)"
    found: list[Conjecture | None] = []
    zero = (0,) * dims
    w = []
    for i in range(dims):
        idx = list(zero)
        line = []
        for x in range(m):
            idx[i] = x
            line.append(int(g[tuple(idx)]))
        w.append(np.array(line, dtype=np.int64))
    if all((wi >= 0).all() for wi in w):
        xor = np.zeros_like(g)
        for i in range(dims):
            xor ^= w[i][grids[i]]
        words, expr, cost = _xor_words(w, k)
        lifted = _index_lift(w) if expr.startswith("xor_all([") else None
        if lifted is not None:
            words, expr, cost = lifted
        fsub0 = tuple(slice(0, k) for _ in range(dims))
        if np.array_equal((xor == 0)[fsub0][known[fsub0]], p[fsub0][known[fsub0]]):
            found.append(_box_check("P", f"P iff {words} is 0", f"{expr} == 0", xor == 0, p, known,
                                  fitted, checked, cost))
    # misère Nim's rule
    xs = np.zeros_like(g)
    big = np.zeros_like(g, dtype=bool)
    for i in range(dims):
        xs ^= grids[i]
        big |= grids[i] > 1
    mis = np.where(big, xs == 0, xs == 1)
    fsub = tuple(slice(0, k) for _ in range(dims))
    if np.array_equal(mis[fsub][known[fsub]], p[fsub][known[fsub]]):
        found.append(_box_check(
            "P", "P iff the heaps' XOR is 0 when some heap exceeds 1, and 1 when none does (misère Nim)",
            "(xor_all(x) == 0) if max(x) > 1 else (xor_all(x) == 1)", mis, p, known, fitted, checked, 6))
    found.extend(_moore(list(grids), p, known, k, fitted, checked))
    rows = [tuple(int(t) for t in q) for q in np.argwhere(known).tolist()]
    vals = [int(v) for v in g[known]]
    variables = _ROW_VARS
    if rs is not None:
        rows, vals = _lengths(rs, g, rows, vals)
        variables = row_features(rows, vals)
        keep = [i for i, q in enumerate(rows) if len(q) >= 2]
        rows, vals = [rows[i] for i in keep], [vals[i] for i in keep]
        _refute_on(found, [(q, v) for q, v in zip(rows, vals) if len(q) != dims])
        fitted = _described([q for q in rows if max(q) < k and len(q) <= dims])
        checked = _described(rows)
    if not any(c is not None and c.status != "refuted" for c in found):
        # a comparison that holds on the box may break on rows of other lengths: the
        # synthesiser still looks, briefly, for another rule
        comps = _comparisons(p, known, k, fitted, checked)
        if rs is not None:
            _refute_on(comps, [(q, v) for q, v in zip(rows, vals) if len(q) != dims])
        found.extend(comps)
        short = any(c is not None and c.status == "verified" for c in comps)
        token = _SEARCH_SECONDS.set(min(_SEARCH_SECONDS.get(), _SHORT_LOOK)) if short else None
        try:
            mask = [max(q) < k and len(q) <= dims for q in rows]
            if rs is None:
                found.extend(_synth_positions(rows, np.array(vals, dtype=np.int64), mask, variables,
                                              lambda q: {"x": q}, "x", fitted, checked, limit, target="P"))
            else:
                found.extend(_synth_rows(rows, vals, mask, variables, fitted, checked, limit))
        finally:
            if token is not None:
                _SEARCH_SECONDS.reset(token)
    out = [c for c in found if c is not None]
    out.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return Guess(game, "heaps", f"rows of {dims} heaps, {box}", g.tolist(), out[:limit])


def _xor_words(w: list[np.ndarray[Any, Any]], k: int) -> tuple[str, str, int]:
    """Words and expression (in the row ``x``) of the XOR of ``w_i(x_i)``."""
    dims = len(w)
    m = len(w[0])
    ident = np.arange(m)
    zero = np.zeros(m, dtype=np.int64)
    if all(np.array_equal(wi, w[0]) for wi in w):
        if np.array_equal(w[0], ident):
            return "the XOR of the heaps", "xor_all(x)", 1
        f = _best_form(w[0], k)
        if f is None:
            table = w[0].tolist()
            return (f"the XOR of f(heap), f = {table} on 0..{m - 1}", f"xor_all({table}[h] for h in x)", 9)
        if set(w[0].tolist()) <= {0, 1}:
            fh = _sub(f.expr, "h")
            return (f"the number of heaps h with f(h) = 1 (mod 2), f(h) = {renamed(f, 'h').described()}",
                    f"sum({fh} for h in x) % 2", 3 + f.cost)
        fh = _sub(f.expr, "h")
        return f"the XOR of f(h) over the heaps h, f(h) = {renamed(f, 'h').described()}", \
            f"xor_all({fh} for h in x)", 2 + f.cost
    if all(np.array_equal(wi, ident if i % 2 == 0 else zero) for i, wi in enumerate(w)):
        return "the XOR of the odd-numbered coordinates (1st, 3rd, ...)", "xor_all(x[0::2])", 2
    if all(np.array_equal(wi, ident if i % 2 == 1 else zero) for i, wi in enumerate(w)):
        return "the XOR of the even-numbered coordinates (2nd, 4th, ...)", "xor_all(x[1::2])", 2
    parts, exprs = [], []
    for i, wi in enumerate(w):
        f = _best_form(wi, k)
        if f is None:
            parts.append(f"w{i + 1} = {wi.tolist()}")
            exprs.append(f"{wi.tolist()}[x[{i}]]")
        else:
            parts.append(f"w{i + 1}(h) = {renamed(f, 'h').described()}")
            exprs.append(f"({_sub(f.expr, f'x[{i}]')})")
    return (f"the XOR of w_i(x_i) over the coordinates, {'; '.join(parts)}",
            f"xor_all([{', '.join(exprs)}])", 4 + dims)


#: seconds the synthesiser may look for the rule f(i, h) of :func:`_index_lift`, at
#: most: never more than the share and the budget of the guess in progress
INDEX_LIFT_SECONDS = 3.0


def _index_lift(w: list[np.ndarray[Any, Any]]) -> tuple[str, str, int] | None:
    """The per-coordinate values ``w_i(h)`` as one expression in the index ``i``
    and the heap ``h``, so that the rule holds on rows of any length (a coin on
    square ``i`` is a heap of ``i``): found by the synthesiser on the first
    coordinates, checked on the last; ``None`` if none.

    >>> w = [np.array([i * (h % 2) for h in range(6)]) for i in range(4)]
    >>> _index_lift(w)[1]
    'xor_all(i * (h % 2) for i, h in enumerate(x))'
    """
    from grundy.patterns.synth import synthesize

    dims, m = len(w), len(w[0])
    seconds = min(INDEX_LIFT_SECONDS, _SEARCH_SECONDS.get())  # the guess's share and budget
    if dims < 3 or seconds <= 0:
        return None
    i_arr = np.repeat(np.arange(dims, dtype=np.int64), m)
    h_arr = np.tile(np.arange(m, dtype=np.int64), dims)
    goal = np.concatenate(w).astype(np.int64)
    try:
        found = synthesize([("i", i_arr), ("h", h_arr)], goal, fit=(dims - 1) * m, seconds=seconds, limit=1,
                           max_size=7)
    except ValueError:
        return None
    f = next((f for f in found.found if f.status == "verified"), None)
    if f is None:
        return None
    return (f"the XOR of f(i, h) over the heaps h at index i (from 0), f(i, h) = {f.expr}",
            f"xor_all({f.expr} for i, h in enumerate(x))", 4 + f.size)


#: quantities of a row compared by :func:`_comparisons`: an end heap, the
#: aggregates of the row and of the row without an end heap, how many heaps
#: are smallest or largest, the number of heaps and its half
_TERMS: list[str] = ["x[0]", "x[-1]", "min(x)", "max(x)", "sum(x)", "min(x[1:])", "max(x[1:])", "sum(x[1:])",
                     "min(x[:-1])", "max(x[:-1])", "sum(x) - max(x)", "x.count(min(x))", "x.count(max(x))",
                     "len(x)", "len(x) // 2"]
#: parities a comparison may be joined with (``and``)
_PARITIES: list[str] = ["sum(x) % 2 == 0", "sum(x) % 2 == 1", "len(x) % 2 == 0", "len(x) % 2 == 1"]


def _comparisons(p: np.ndarray[Any, Any], known: np.ndarray[Any, Any], k: int, fitted: str,
                 checked: str) -> list[Conjecture | None]:
    """P iff one quantity of the row compared with another (``x[0] <= min(x)``:
    the first heap against the rest; ``x.count(min(x)) > len(x) // 2``), or
    such a comparison and a parity (``max(x) <= sum(x) - max(x) and sum(x) % 2
    == 0``), fitted on the box ``0..k-1``; the first that holds there (the
    comparisons alone first), checked on the whole box.

    >>> g = np.zeros((5, 5, 5), dtype=np.int64)
    >>> for t in np.ndindex(g.shape): g[t] = 0 if t[0] <= min(t[1:]) else 1
    >>> [c.expr for c in _comparisons(g == 0, g >= 0, 3, "", "")]
    ['x[0] <= min(x)']
    >>> for t in np.ndindex(g.shape): g[t] = 0 if 2 * max(t) <= sum(t) and sum(t) % 2 == 0 else 1
    >>> [c.expr for c in _comparisons(g == 0, g >= 0, 3, "", "")]
    ['max(x) <= sum(x) - max(x) and sum(x) % 2 == 0']
    """
    import operator

    rows = [tuple(int(t) for t in q) for q in np.argwhere(known).tolist()]
    if not rows or len(rows[0]) < 2:
        return []
    fns = [eval(f"lambda x: {t}") for t in _TERMS]  # noqa: S307 - our own fixed texts
    vals = np.array([[f(q) for f in fns] for q in rows], dtype=np.int64)
    pars = np.array([[eval(t, {"x": q}) for t in _PARITIES] for q in rows], dtype=bool)  # noqa: S307
    want = np.array([bool(p[q]) for q in rows])
    fit = np.array([max(q) < k for q in rows])
    ops: list[tuple[str, Callable[[Any, Any], Any]]] = [
        ("<", operator.lt), ("<=", operator.le), ("==", operator.eq), ("!=", operator.ne)]
    comps = []
    for i in range(len(_TERMS)):
        for j in range(len(_TERMS)):
            for sym, op in ops:
                if i == j or sym in ("==", "!=") and j < i:
                    continue
                comps.append((f"{_TERMS[i]} {sym} {_TERMS[j]}", op(vals[:, i], vals[:, j])))
    joined = [(f"{e} and {_PARITIES[t]}", c & pars[:, t]) for e, c in comps for t in range(len(_PARITIES))]
    for expr, said in comps + joined:
        if np.array_equal(said[fit], want[fit]):
            pred = np.zeros_like(p, dtype=bool)
            for q, x in zip(rows, said.tolist()):
                pred[q] = x
            return [_box_check("P", f"P iff {expr}", expr, pred, p, known, fitted, checked,
                               8 if " and " not in expr else 10)]
    return []


def _box_check(target: str, words: str, expr: str, pred: np.ndarray[Any, Any], p: np.ndarray[Any, Any],
               known: np.ndarray[Any, Any], fitted: str, checked: str, cost: int) -> Conjecture | None:
    pts = _sample(p.shape)
    if not _pastes_back(expr, [{"x": q} for q in pts], [int(pred[q]) for q in pts]):
        return None
    bad = np.argwhere((pred != p) & known)
    ce = None
    status = "verified"
    if len(bad):
        i = min(bad.tolist(), key=lambda t: (sum(t), t))
        ce = {"position": tuple(i), "table": "P" if p[tuple(i)] else "N",
              "rule": "P" if pred[tuple(i)] else "N"}
        status = "refuted"
    return Conjecture(target, words, expr, "x", status, fitted, checked, int(known.sum()), cost, ce)


def _moore(grids: list[np.ndarray[Any, Any]], p: np.ndarray[Any, Any], known: np.ndarray[Any, Any], k: int,
           fitted: str, checked: str) -> list[Conjecture | None]:
    """Moore's Nim_k rule, for each modulus ``m = k + 1`` from 3 to the number
    of heaps: P iff, for every binary digit, the number of heaps with that digit
    1 is divisible by ``m`` (``m = 2`` is Nim's XOR, found above). Fitted on the
    box ``0..k-1``; on rows of ``m`` heaps it says "all heaps equal" too, so
    the rows of more heaps it is checked on decide."""
    dims = len(grids)
    top = int(grids[0].max())
    fsub = tuple(slice(0, k) for _ in range(dims))
    out: list[Conjecture | None] = []
    for m in range(3, dims + 1):
        pred = np.ones_like(p, dtype=bool)
        for bit in range(max(1, top.bit_length())):
            count = sum((gi >> bit) & 1 for gi in grids)
            pred &= count % m == 0
        if np.array_equal(pred[fsub][known[fsub]], p[fsub][known[fsub]]):
            out.append(_box_check(
                "P", f"P iff, for every binary digit, the number of heaps with that digit 1 is divisible by {m} "
                f"(Moore's Nim_{m - 1}: take from at most {m - 1} heaps)",
                f"all(sum(h >> i & 1 for h in y) % {m} == 0 for y in [x] for i in range(max(y).bit_length()))",
                pred, p, known, fitted, checked, 7))
            break
    return out
