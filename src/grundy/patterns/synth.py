"""A rule synthesiser: the shortest expressions that fit a table.

Bottom-up enumerative synthesis with observational equivalence (Udupa et al.,
TRANSIT, PLDI 2013; Albarghouthi et al., CAV 2013): every expression of a typed
grammar (integers and booleans) over the table's variables is built by size,
smallest first, its values computed on a sample of the table with numpy; two
expressions with the same values there are one (the smaller is kept). An
expression that equals the goal on the fitted positions is checked exactly (its
text, evaluated by :func:`grundy.patterns.forms.evaluate` on Python integers) on
every fitted position and then on the rest: ``verified``, or ``refuted`` at the
first position where it disagrees.

The grammar: the variables and small constants; ``+ - * // % & | ^``, ``<<`` and
``>>`` by a constant, ``min``, ``max``, ``gcd``; the primitives ``lowbit``,
``highbit``, ``popcount``, ``isqrt``, ``bitlen``, ``v2``, ``odd_part``,
``trinv``, ``ndiv``, ``sigma``, ``omega``, ``bigomega``, ``spf``, ``phi``
(:mod:`grundy.patterns.primitives`); comparisons ``== != < <=``, predicates
``is_prime``, ``is_square``, ``is_tri``, ``is_fib``, ``is_pow2``, ``not``,
``and``, ``or``; and at the top, a conditional ``(x if c else y)`` whose branches
and condition are found by splitting the goal (a decision of size one,
EUSolver-style), with a learned threshold ``n < t`` among the conditions.

>>> import numpy as np
>>> from grundy.patterns.primitives import is_prime
>>> n = np.arange(200)
>>> goal = np.array([bin(k).count("1") % 3 for k in range(200)])
>>> r = synthesize([("n", n)], goal, fit=100)
>>> r.best.expr, r.best.status, r.best.size
('popcount(n) % 3', 'verified', 4)

A P-position rule (the goal is a 0/1 vector and the rule a boolean expression):

>>> p = np.array([int(k % 4 == 0 or is_prime(k)) for k in range(200)])
>>> synthesize([("n", n)], p, fit=100, target="P").best.expr
'is_prime(n) or n % 4 == 0'
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.patterns.forms import NAMESPACE
from grundy.patterns.primitives import VECTORISED

__all__ = ["synthesize", "Synthesis", "Found", "DEFAULT_CONSTANTS", "oddity"]

Array = Any

#: the constants of the grammar (each of size 1)
DEFAULT_CONSTANTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 16)
#: number-theoretic and bit functions apply to terms of at most this size
UNARY_ARG = 3
#: terms larger than this combine a term with a leaf only
WIDE = 5
#: values of a term stay within this bound on the table (int64 arithmetic is then exact)
BOUND = 1 << 31

# precedences (Python's): a subterm is wrapped in parentheses when it binds looser
_IF, _OR, _AND, _NOT, _CMP, _BOR, _BXOR, _BAND, _SHIFT, _ADD, _MUL, _ATOM = range(1, 13)

_UNARY_INT = ("lowbit", "highbit", "popcount", "isqrt", "bitlen", "v2", "odd_part", "trinv",
              "ndiv", "sigma", "omega", "bigomega", "spf", "phi")
_UNARY_PRED = ("is_prime", "is_square", "is_tri", "is_fib", "is_pow2")
#: the size of a call (1 for the others): number-theoretic functions are dearer
_CALL_COST = {"ndiv": 2, "sigma": 2, "omega": 2, "bigomega": 2, "spf": 2, "phi": 2, "is_prime": 2,
              "is_fib": 2, "is_tri": 2}
#: a call's argument takes at least this many values on the table (on a small range
#: a predicate is an arbitrary subset, which fits anything and means nothing)
CALL_RANGE = 8


def _lowbit(x: Array) -> Array:
    return x & -x


def _highbit(x: Array) -> Array:
    e = np.frexp(np.maximum(x, 1).astype(np.float64))[1].astype(np.int64)
    return np.where(x > 0, np.left_shift(np.int64(1), e - 1), 0)


def _popcount(x: Array) -> Array:
    return np.bitwise_count(x).astype(np.int64)


_VEC: dict[str, tuple[Callable[[Array], Array], int]] = {
    "lowbit": (_lowbit, BOUND), "highbit": (_highbit, BOUND), "popcount": (_popcount, BOUND),
    **{name: (VECTORISED[name][0], VECTORISED[name][1]) for name in _UNARY_INT + _UNARY_PRED
       if name in VECTORISED},
}


@dataclass(frozen=True)
class _Op:
    sym: str
    prec: int
    kind: str  # "int" (int, int -> int), "cmp" (int, int -> bool), "bool" (bool, bool -> bool)
    comm: bool
    fn: Callable[[Array, Array], Array]
    call: bool = False  # printed as sym(x, y)


def _safe_div(x: Array, y: Array) -> Array:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.floor_divide(x, np.where(y == 0, 1, y))


def _safe_mod(x: Array, y: Array) -> Array:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.mod(x, np.where(y == 0, 1, y))


_OPS: tuple[_Op, ...] = (
    _Op("+", _ADD, "int", True, np.add),
    _Op("-", _ADD, "int", False, np.subtract),
    _Op("*", _MUL, "int", True, np.multiply),
    _Op("//", _MUL, "int", False, _safe_div),
    _Op("%", _MUL, "int", False, _safe_mod),
    _Op("&", _BAND, "int", True, np.bitwise_and),
    _Op("|", _BOR, "int", True, np.bitwise_or),
    _Op("^", _BXOR, "int", True, np.bitwise_xor),
    _Op("<<", _SHIFT, "int", False, np.left_shift),
    _Op(">>", _SHIFT, "int", False, np.right_shift),
    _Op("min", _ATOM, "int", True, np.minimum, call=True),
    _Op("max", _ATOM, "int", True, np.maximum, call=True),
    _Op("gcd", _ATOM, "int", True, np.gcd, call=True),
    _Op("==", _CMP, "cmp", True, np.equal),
    _Op("!=", _CMP, "cmp", True, np.not_equal),
    _Op("<", _CMP, "cmp", False, np.less),
    _Op("<=", _CMP, "cmp", False, np.less_equal),
    _Op("and", _AND, "bool", True, np.logical_and),
    _Op("or", _OR, "bool", True, np.logical_or),
)


@dataclass
class Found:
    """A rule that fits the goal on the fitted positions: ``expr`` (in the
    variables; a P-rule is true exactly on the goal's 1s), ``size``,
    ``status`` (``"verified"`` on every position given, or ``"refuted"``),
    ``mismatch`` (the index of the first position where it disagrees) and
    ``got`` (its value there)."""

    expr: str
    size: int
    target: str
    status: str
    mismatch: int | None = None
    got: int | None = None


@dataclass
class Synthesis:
    """The result of :func:`synthesize`: ``found`` (verified rules, shortest
    first, then refuted ones), ``size`` (every expression up to this size was
    enumerated), ``terms`` (distinct expressions kept), ``stopped`` (why the
    enumeration ended before ``max_size``, or ``None``) and ``seconds``."""

    found: list[Found]
    size: int
    terms: int
    stopped: str | None
    seconds: float
    levels: list[int] = field(default_factory=list)

    @property
    def best(self) -> Found | None:
        """The shortest verified rule, or ``None``."""
        return next((f for f in self.found if f.status == "verified"), None)


def _sample(n_all: int, fit: int, dense: int = 128, spread: int = 48) -> Array:
    """The positions the bank is computed on: the first ``dense`` fitted ones,
    ``spread`` more over the rest of the fit, ``spread`` over the check part."""
    head = np.arange(min(fit, dense))
    rest = np.unique(np.linspace(min(fit, dense), fit - 1, spread).astype(np.int64)) if fit > dense else head[:0]
    check = np.unique(np.linspace(fit, n_all - 1, spread).astype(np.int64)) if n_all > fit else head[:0]
    return np.unique(np.concatenate([head, rest, check]))


@dataclass
class _Batch:
    """Terms ``start..start+len-1`` made by one operator from ids ``left`` (and ``right``)."""

    start: int
    op: str  # "leaf", a unary name, "not", or a binary _Op's sym
    left: Array
    right: Array | None
    names: list[str] | None = None


class _Search:
    def __init__(self, variables: Sequence[tuple[str, Array]], goal: Array, fit: int,
                 check: Callable[[str], tuple[bool, int | None, int | None]], target: str,
                 constants: Sequence[int], deadline: float, cap: int, threshold: str | None,
                 order: Array | None) -> None:
        n_all = len(goal)
        self.idx = _sample(n_all, fit)
        self.fitcols = self.idx < fit
        self.goal = np.asarray(goal, dtype=np.int64)[self.idx]
        self.gfit = self.goal[self.fitcols]
        self.width = len(self.idx)
        self.vars = [(name, np.asarray(v, dtype=np.int64)[self.idx]) for name, v in variables]
        self.check = check
        self.target = target
        self.constants = constants
        self.deadline = deadline
        self.cap = cap
        self.threshold = threshold
        self.order = order[self.idx] if order is not None else None
        rng = np.random.default_rng(12345)
        self.mix = rng.integers(1, 2**62, size=self.width, dtype=np.int64) | 1
        self.seen: set[int] = set()
        # (boolean, size) -> (list of value matrices, list of id arrays)
        self.levels: dict[tuple[bool, int], tuple[list[Array], list[Array]]] = {}
        self.batches: list[_Batch] = []
        self.starts: list[int] = []
        self.next_id = 0
        self.sizes: list[Array] = []
        self.consts: set[int] = set()
        self.texts: dict[int, tuple[str, int]] = {}
        self.stored = 0
        self.found: dict[str, Found] = {}
        self.tried: set[str] = set()
        self.full = False
        self.candidates = 0

    def out_of_time(self) -> bool:
        return time.perf_counter() > self.deadline

    # -- the terms' texts, built on demand
    def text(self, tid: int) -> tuple[str, int]:
        """``(expression, precedence)`` of term ``tid``."""
        got = self.texts.get(tid)
        if got is not None:
            return got
        b = self.batches[bisect_right(self.starts, tid) - 1]
        i = tid - b.start
        if b.op == "leaf":
            assert b.names is not None
            out = (b.names[i], _ATOM)
        elif b.op == "not":
            x = self.text(int(b.left[i]))
            out = (f"not {_paren(x, _NOT)}", _NOT)
        elif b.right is None:
            out = (f"{b.op}({self.text(int(b.left[i]))[0]})", _ATOM)
        else:
            op = _BY_SYM[b.op]
            lid, rid = int(b.left[i]), int(b.right[i])
            if op.comm and lid in self.consts and rid not in self.consts:
                lid, rid = rid, lid
            x, y = self.text(lid), self.text(rid)
            if op.call:
                out = (f"{op.sym}({x[0]}, {y[0]})", _ATOM)
            else:
                out = (f"{_paren(x, op.prec)} {op.sym} {_paren(y, op.prec, right=True)}", op.prec)
        self.texts[tid] = out
        return out

    def size_of(self, tid: int) -> int:
        b = bisect_right(self.starts, tid) - 1
        return int(self.sizes[b][tid - self.batches[b].start])

    # -- adding terms
    def keys(self, vals: Array) -> Array:
        with np.errstate(over="ignore"):
            return (vals * self.mix).sum(axis=1)

    def add(self, vals: Array, op: str, left: Array, right: Array | None, boolean: bool, size: int,
            store: bool, names: list[str] | None = None, const: bool = False) -> None:
        """Keep the rows of ``vals`` (values of new terms on the sample) that are
        valid, not constant and new; try those that fit the goal."""
        if not len(vals):
            return
        self.candidates += len(vals)
        ok = (np.abs(vals) < BOUND).all(axis=1)
        if not const:
            ok &= (vals != vals[:, :1]).any(axis=1)
        rows = np.flatnonzero(ok)
        if not len(rows):
            return
        keys = self.keys(vals[rows])
        if boolean:
            keys ^= 0x5BD1E995
        _, first = np.unique(keys, return_index=True)
        first.sort()
        seen = self.seen
        kl = keys[first].tolist()
        new = np.fromiter((k not in seen for k in kl), dtype=bool, count=len(kl))
        if not new.any():
            return
        rows = rows[first[new]]
        seen.update(k for k, nw in zip(kl, new.tolist()) if nw)
        v = vals[rows]
        start = self.next_id
        self.next_id += len(rows)
        self.batches.append(_Batch(start, op, left[rows], right[rows] if right is not None else None,
                                   [names[r] for r in rows.tolist()] if names is not None else None))
        self.starts.append(start)
        self.sizes.append(np.full(len(rows), size, dtype=np.int64))
        if const:
            self.consts.update(range(start, start + len(rows)))
        if boolean == (self.target == "P"):
            for r in np.flatnonzero((v[:, self.fitcols] == self.gfit).all(axis=1)).tolist():
                self.try_rule(self.text(start + r)[0], size)
        if store and not self.full:
            mats, ids = self.levels.setdefault((boolean, size), ([], []))
            mats.append(v)
            ids.append(np.arange(start, start + len(rows)))
            self.stored += len(rows)
            if self.stored >= self.cap:
                self.full = True

    def level(self, boolean: bool, size: int) -> tuple[Array, Array]:
        mats, ids = self.levels.get((boolean, size), ([], []))
        if len(mats) > 1:
            mats[:] = [np.concatenate(mats)]
            ids[:] = [np.concatenate(ids)]
        if not mats:
            return np.zeros((0, self.width), dtype=np.int64), np.zeros(0, dtype=np.int64)
        return mats[0], ids[0]

    def bank(self, boolean: bool, max_size: int | None = None) -> tuple[Array, Array]:
        """Every stored term of a type (up to ``max_size``), values and ids."""
        parts = [self.level(b, s) for (b, s) in sorted(self.levels) if b == boolean
                 and (max_size is None or s <= max_size)]
        parts = [p for p in parts if len(p[1])]
        if not parts:
            return np.zeros((0, self.width), dtype=np.int64), np.zeros(0, dtype=np.int64)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])

    def try_rule(self, expr: str, size: int) -> None:
        if expr in self.tried:
            return
        self.tried.add(expr)
        fits, bad, got = self.check(expr)
        if fits:
            self.found[expr] = Found(expr, size, self.target, "verified" if bad is None else "refuted", bad, got)

    # -- the levels, bottom-up
    def leaves(self) -> None:
        for name, v in self.vars:
            boolean = bool(((v == 0) | (v == 1)).all()) and name.startswith(("is_", "all(", "not "))
            self.add(v[None, :], "leaf", np.zeros(1, dtype=np.int64), None, boolean, 1, True, [name])
        cs = list(self.constants)
        vals = np.repeat(np.array(cs, dtype=np.int64)[:, None], self.width, axis=1)
        self.add(vals, "leaf", np.zeros(len(cs), dtype=np.int64), None, False, 1, True, [str(c) for c in cs],
                 const=True)

    def unary(self, size: int, store: bool) -> None:
        """Calls of the primitives (size 1 for bit functions, 2 for number-theoretic
        ones) on variables and on ``x op y`` of leaves: never on another call."""
        for name, (fn, bound) in _VEC.items():
            arg = size - _CALL_COST.get(name, 1)
            if arg not in (1, 3) or arg > UNARY_ARG:
                continue
            vals, ids = self.level(False, arg)
            if not len(ids):
                continue
            plain = ~np.isin(ids, np.array(sorted(self.consts), dtype=np.int64))
            if arg == 3:
                plain &= ~self._calls(ids)
            lo, hi = vals.min(axis=1), vals.max(axis=1)
            rows = np.flatnonzero((lo >= 0) & (hi <= bound) & (hi - lo >= CALL_RANGE) & plain)
            if len(rows):
                self.add(fn(vals[rows]), name, ids[rows], None, name in _UNARY_PRED, size, store)
        vals, ids = self.level(True, size - 1)
        if len(ids):
            self.add(1 - vals, "not", ids, None, True, size, store)

    def _calls(self, ids: Array) -> Array:
        """Whether each term is a call of a primitive (or ``not``)."""
        flags = np.concatenate([np.full(len(sz), b.op != "leaf" and b.op not in _BY_SYM, dtype=bool)
                                for b, sz in zip(self.batches, self.sizes)])
        return flags[ids]

    def binary(self, size: int, store: bool) -> None:
        for op in _OPS:  # natural operators first: they win ties of observational equivalence
            for sl in range(1, size - 1):
                sr = size - 1 - sl
                if op.comm and sl > sr:
                    continue
                if op.sym in ("<<", ">>") and sr != 1:
                    continue  # shifts by a constant only
                if size > WIDE and min(sl, sr) > 1:
                    continue  # large terms: one operand is a leaf
                lv, lid = self.level(op.kind == "bool", sl)
                rv, rid = self.level(op.kind == "bool", sr)
                if len(lid) and len(rid):
                    self._pairs(op, lv, lid, rv, rid, sl == sr, size, store)
                if self.out_of_time() or self.full:
                    return

    def _pairs(self, op: _Op, lv: Array, lid: Array, rv: Array, rid: Array, same: bool, size: int,
               store: bool) -> None:
        consts = np.array(sorted(self.consts), dtype=np.int64)
        rconst = np.isin(rid, consts)
        lconst = np.isin(lid, consts)
        if op.sym in ("<<", ">>"):
            keep = rconst & (rv[:, 0] > 0) & (rv[:, 0] <= 8)
            rv, rid, rconst = rv[keep], rid[keep], rconst[keep]
        elif op.sym in ("//", "%"):
            keep = (rv > 0).all(axis=1)
            rv, rid, rconst = rv[keep], rid[keep], rconst[keep]
        elif op.sym == "*":
            keep = (np.abs(rv) < (1 << 31)).all(axis=1)
            rv, rid, rconst = rv[keep], rid[keep], rconst[keep]
        if op.sym == "gcd":
            keep = (lv >= 0).all(axis=1)
            lv, lid, lconst = lv[keep], lid[keep], lconst[keep]
            keep = (rv >= 0).all(axis=1)
            rv, rid, rconst = rv[keep], rid[keep], rconst[keep]
        m2 = len(rid)
        if not m2 or not len(lid):
            return
        boolean = op.kind != "int"
        chunk = max(1, 1_500_000 // max(1, m2 * self.width))
        for start in range(0, len(lid), chunk):
            li = np.arange(start, min(len(lid), start + chunk))
            pl = np.repeat(li, m2)
            pr = np.tile(np.arange(m2), len(li))
            keep = ~(lconst[pl] & rconst[pr])
            if same and op.comm:
                keep &= lid[pl] < rid[pr]
            if op.sym in ("-", "^", "==", "!=", "<", "<=", "//", "%"):
                keep &= lid[pl] != rid[pr]
            sel = np.flatnonzero(keep)
            if not len(sel):
                continue
            pl, pr = pl[sel], pr[sel]
            with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
                out = op.fn(lv[pl], rv[pr])
            if boolean:
                out = out.astype(np.int64)
            self.add(out, op.sym, lid[pl], rid[pr], boolean, size, store)
            if self.out_of_time() or self.full:
                return

    # -- top-down: the last operator, goal-directed
    def top(self, max_size: int) -> None:
        """Rules whose last operator is found from the goal: ``A + B``, ``A - B``,
        ``A ^ B`` (the other operand looked up by its values), ``T % m``, learned
        comparisons ``T < t``, ``T == c``, ``A or B``, ``A and B``, ``A == B``, and
        conditionals (see :meth:`decide`)."""
        if self.target == "value":
            self._inverse(max_size)
        else:
            self._compare(max_size)
            self._logic(max_size)
        self.decide(max_size)

    def _sized(self, ids: Array) -> Array:
        return np.concatenate(self.sizes)[ids] if len(ids) else ids

    def _inverse(self, max_size: int) -> None:
        vals, ids = self.bank(False)
        if not len(ids):
            return
        sizes = self._sized(ids)
        keys = self.keys(vals)
        order = np.argsort(keys, kind="stable")
        skeys = keys[order]
        g = self.goal

        def lookup(need: Array) -> Array:
            k = self.keys(need)
            pos = np.searchsorted(skeys, k)
            pos = np.minimum(pos, len(skeys) - 1)
            hit = skeys[pos] == k
            return np.where(hit, order[pos], -1)

        found: list[tuple[int, str]] = []
        for sym, need in (("+", g - vals), ("^", g ^ vals), ("-", vals - g), ("r-", g + vals)):
            j = lookup(need)
            for a in np.flatnonzero(j >= 0).tolist():
                b = int(j[a])
                size = 1 + int(sizes[a]) + int(sizes[b])
                if size > max_size:
                    continue
                if not (vals[b] == need[a]).all():
                    continue
                x, y = self.text(int(ids[a])), self.text(int(ids[b]))
                if sym == "r-":  # g = B - A
                    x, y, sym2 = y, x, "-"
                else:
                    sym2 = sym
                prec = _BY_SYM[sym2].prec
                found.append((size, f"{_paren(x, prec)} {sym2} {_paren(y, prec, right=True)}"))
        # T % m for small m, T // m: screened on the first columns, then on all
        fv = vals[:, self.fitcols]
        rows0 = np.flatnonzero((vals >= 0).all(axis=1) & (sizes + 2 <= max_size))
        head = fv[rows0, :12]
        for m in range(2, 17):
            for sym, fn in (("%", np.mod), ("//", np.floor_divide)):
                rows = rows0[(fn(head, m) == self.gfit[:12]).all(axis=1)]
                hs = rows[(fn(fv[rows], m) == self.gfit).all(axis=1)]
                for a in hs[:20].tolist():
                    found.append((int(sizes[a]) + 2, f"{_paren(self.text(int(ids[a])), _MUL)} {sym} {m}"))
        for size, expr in sorted(found)[:200]:
            self.try_rule(expr, size)

    def _compare(self, max_size: int) -> None:
        """``T < t``, ``T > t``, ``T == c``, ``T != c`` with learned constants, and
        ``T % m == c``."""
        vals, ids = self.bank(False, max_size - 2)
        if not len(ids):
            return
        sizes = self._sized(ids)
        fit = self.fitcols
        p = self.gfit.astype(bool)
        if p.all() or not p.any():
            return
        found: list[tuple[int, str]] = []

        def learn(v: Array, sizes: Array, extra: int, text: Callable[[int], str]) -> None:
            vp, vn = v[:, p], v[:, ~p]
            pmin, pmax, nmin, nmax = vp.min(1), vp.max(1), vn.min(1), vn.max(1)
            ok_sz = sizes + extra + 2 <= max_size
            for r in np.flatnonzero(ok_sz & (pmax < nmin)).tolist()[:50]:
                found.append((int(sizes[r]) + extra + 2, f"{text(r)} < {int(pmax[r]) + 1}"))
            for r in np.flatnonzero(ok_sz & (nmax < pmin)).tolist()[:50]:
                found.append((int(sizes[r]) + extra + 2, f"{text(r)} > {int(nmax[r])}"))
            eq = ok_sz & (pmin == pmax) & ~(vn == pmin[:, None]).any(axis=1)
            for r in np.flatnonzero(eq).tolist()[:50]:
                found.append((int(sizes[r]) + extra + 2, f"{text(r)} == {int(pmin[r])}"))
            ne = ok_sz & (nmin == nmax) & ~(vp == nmin[:, None]).any(axis=1)
            for r in np.flatnonzero(ne).tolist()[:50]:
                found.append((int(sizes[r]) + extra + 2, f"{text(r)} != {int(nmin[r])}"))

        fv = vals[:, fit]
        learn(fv, sizes, 0, lambda r: _paren(self.text(int(ids[r])), _CMP))
        nonneg = (vals >= 0).all(axis=1)
        for m in range(2, 13):
            rows = np.flatnonzero(nonneg & (sizes + 4 <= max_size) & (sizes >= 4))
            if not len(rows):
                break

            def mod_text(r: int, rows: Array = rows, m: int = m) -> str:
                return f"{_paren(self.text(int(ids[rows[r]])), _MUL)} % {m}"

            learn(fv[rows] % m, sizes[rows], 2, mod_text)
        for size, expr in sorted(found)[:200]:
            self.try_rule(expr, size)

    def _logic(self, max_size: int) -> None:
        """``A or B`` (both imply the goal, together cover it) and ``A and B``
        (both follow from it, together exclude the rest)."""
        vals, ids = self.bank(True, max_size - 2)
        if not len(ids):
            return
        sizes = self._sized(ids)
        fv = vals[:, self.fitcols].astype(bool)
        p = self.gfit.astype(bool)
        found: list[tuple[int, str]] = []
        for sym, sub in (("or", ~(fv & ~p).any(axis=1)), ("and", ~(~fv & p).any(axis=1))):
            rows = np.flatnonzero(sub)
            rows = rows[np.argsort(sizes[rows], kind="stable")][:3000]
            if len(rows) < 2:
                continue
            m = fv[rows]
            for k, a in enumerate(rows.tolist()):
                if sizes[a] + 2 > max_size:
                    break
                comb = (m | fv[a]) if sym == "or" else (m & fv[a])
                hit = np.flatnonzero((comb == p).all(axis=1) & (sizes[rows] + sizes[a] + 1 <= max_size))
                for b in hit[:3].tolist():
                    bb = int(rows[b])
                    prec = _OR if sym == "or" else _AND
                    x, y = self.text(int(ids[a])), self.text(int(ids[bb]))
                    found.append((int(sizes[a] + sizes[bb]) + 1,
                                  f"{_paren(x, prec)} {sym} {_paren(y, prec, right=True)}"))
                if self.out_of_time():
                    break
        for size, expr in sorted(found)[:100]:
            self.try_rule(expr, size)

    # -- the top-level conditional
    def decide(self, max_size: int) -> None:
        """Rules ``(x if c else y)`` of size ``<= max_size``: ``y`` matches the goal
        wherever ``x`` does not, and ``c`` is false wherever ``x`` is wrong and true
        wherever ``y`` is wrong... written the other way round: ``x`` where ``c``
        holds; ``c`` is a learned threshold ``var < t`` or a stored boolean."""
        boolean = self.target == "P"
        vals, ids = self.bank(boolean, max_size - 4)
        if not len(ids):
            return
        sizes = self._sized(ids)
        wrong = vals[:, self.fitcols] != self.gfit
        nwrong = wrong.sum(axis=1)
        fitw = int(self.fitcols.sum())
        main = np.flatnonzero((nwrong > 0) & (nwrong <= fitw // 2))
        small = np.flatnonzero(sizes <= 3)
        if not len(main) or not len(small):
            return
        main = main[np.argsort(sizes[main], kind="stable")][:300]
        cv, cid = self.bank(True, max_size - 3)
        cmat = cv[:, self.fitcols].astype(bool)
        csize = self._sized(cid)
        ws = wrong[small]
        order = self.order[self.fitcols] if self.order is not None else None
        found: list[tuple[int, str]] = []
        for i in main.tolist():
            x = self.text(int(ids[i]))
            for jp in np.flatnonzero(~(ws & wrong[i]).any(axis=1)).tolist()[:20]:
                j = int(small[jp])
                if j == i or sizes[i] + sizes[j] + 4 > max_size:
                    continue
                y = self.text(int(ids[j]))
                wx, wy = wrong[i], wrong[j]
                budget = max_size - 1 - int(sizes[i] + sizes[j])
                if order is not None and self.threshold is not None and budget >= 3:
                    t_lo = int(order[wx].max()) + 1
                    t_hi = int(order[wy].min()) if wy.any() else t_lo
                    if t_lo <= t_hi:  # x before t, y from t on
                        found.append((int(sizes[i] + sizes[j]) + 4,
                                      f"({_paren(x, _IF + 1)} if {self.threshold} >= {t_lo} else "
                                      f"{_paren(y, _IF + 1)})"))
                        continue
                if len(cid):
                    ok = ~(cmat & wx).any(axis=1) & (cmat | ~wy).all(axis=1) & (csize <= budget)
                    hits = np.flatnonzero(ok)
                    if len(hits):
                        c = int(hits[np.argmin(csize[hits])])
                        found.append((int(sizes[i] + sizes[j] + csize[c]) + 1,
                                      f"({_paren(x, _IF + 1)} if {_paren(self.text(int(cid[c])), _IF + 1)} "
                                      f"else {_paren(y, _IF + 1)})"))
            if self.out_of_time():
                break
        for size, expr in sorted(found)[:100]:
            self.try_rule(expr, size)


_ODD = {"&": 1, "|": 1, "^": 1, "<": 1, ">": 1, "!=": 1, "min(": 2, "max(": 2, "gcd(": 2, "is_fib(": 2,
        "is_tri(": 2, "<<": 1, ">>": 1, " if ": 1, "not ": 1}


def oddity(expr: str) -> int:
    """How unusual the operators of ``expr`` are (a tie-break between rules of one
    size: ``n % 2 == 0`` before ``n & 1 < 1``)."""
    return sum(w * expr.count(tok) for tok, w in _ODD.items()) - expr.count("<=") - expr.count(">=")


def _paren(t: tuple[str, int], prec: int, right: bool = False) -> str:
    expr, p = t
    if p < prec or (right and p == prec) or (prec == _CMP and p == _CMP):
        return f"({expr})"
    return expr


_BY_SYM = {op.sym: op for op in _OPS}


def synthesize(
    variables: Sequence[tuple[str, Array]],
    goal: Array,
    *,
    fit: int,
    target: str = "value",
    env: Callable[[int], dict[str, Any]] | None = None,
    max_size: int = 9,
    seconds: float = 20.0,
    limit: int = 5,
    constants: Sequence[int] = DEFAULT_CONSTANTS,
    cap: int = 40_000,
    threshold: str | None = None,
    stop_at_first: bool = True,
) -> Synthesis:
    """The shortest expressions in ``variables`` (``(text, values)`` pairs, the
    values one per position) equal to ``goal`` on the first ``fit`` positions,
    each checked on the rest (see the module's doc).

    ``target``: ``"value"`` (an integer expression equal to ``goal``) or ``"P"``
    (a boolean expression true exactly where ``goal`` is 1); ``env(i)``: the
    names the expression is evaluated with at position ``i`` (default: each
    variable's text bound to its value, which suits plain names such as ``n``);
    ``max_size``: the largest expression (leaves, operators and calls count 1
    each); ``seconds``: the time allowed (the result says when it stopped
    early); ``limit``: most rules returned; ``cap``: most expressions kept in
    the bank; ``threshold``: the variable of learned thresholds
    ``(x if var >= t else y)`` (the positions must then be in increasing order
    of it); ``stop_at_first``: end with the size where the first verified rule
    was found.
    """
    t0 = time.perf_counter()
    goal = np.asarray(goal, dtype=np.int64)
    if goal.ndim != 1 or len(goal) < 2 or not 1 <= fit <= len(goal):
        raise ValueError(f"synthesize: need a 1-d goal of at least 2 values and 1 <= fit <= len; "
                         f"got {goal.shape} and fit={fit}")
    if target not in ("value", "P"):
        raise ValueError(f"synthesize: target must be 'value' or 'P'; got {target!r}")
    full = {name: np.asarray(v) for name, v in variables}
    names = [name for name, _ in variables]
    if env is None:
        if not all(name.isidentifier() for name in names):
            raise ValueError("synthesize: variables that are not plain names need env=")

        def env(i: int) -> dict[str, Any]:
            return {name: int(full[name][i]) for name in names}

    envs = [env(i) for i in range(len(goal))]
    want = goal.tolist()
    glob = {"__builtins__": __builtins__, **NAMESPACE}

    def check(expr: str) -> tuple[bool, int | None, int | None]:
        code = compile(expr, "<rule>", "eval")
        for i, (e, w) in enumerate(zip(envs, want)):
            try:
                got = int(eval(code, glob, e))  # noqa: S307 - our own grammar's text
            except Exception:  # noqa: BLE001 - a rule that fails to evaluate does not fit
                return (i >= fit), i, None
            if got != w:
                return (i >= fit), i, got
        return True, None, None

    order = full[threshold] if threshold is not None and threshold in full else None
    s = _Search(variables, goal, fit, check, target, constants, t0 + seconds, cap,
                threshold if order is not None else None, order)
    stopped: str | None = None
    done = 0
    levels: list[int] = []
    for size in range(1, max_size + 1):
        before = s.next_id
        store = size < max_size
        if size == 1:
            s.leaves()
        else:
            s.binary(size, store)
            s.unary(size, store)
        if s.out_of_time():
            stopped = f"time: {seconds:g} s, within size {size}"
            break
        levels.append(s.next_id - before)
        done = size
        if size >= 3:
            s.top(max_size + 2 if s.full or size == max_size else size + 2)
        if stop_at_first and any(f.status == "verified" for f in s.found.values()):
            break
        if s.full:
            stopped = (f"memory: the bank holds {cap} expressions (complete to size {size - 1}; "
                       f"the last operator found from the goal up to size {max_size + 2})")
            break
    found = sorted(s.found.values(), key=lambda f: (f.status != "verified", f.size, oddity(f.expr), len(f.expr),
                                                     f.expr))
    verified = [f for f in found if f.status == "verified"]
    refuted = [f for f in found if f.status == "refuted"]
    return Synthesis(verified[:limit] + refuted[: max(0, limit - len(verified[:limit]))], done, s.next_id,
                     stopped, time.perf_counter() - t0, levels)
