"""The bank of the rule synthesiser: every expression of the grammar, built by
size, one per value vector on the signature sample (observational equivalence).

The grammar (sizes: a leaf, an operator and a bit call count 1, a
number-theoretic call 2):

- integer terms: the variables and the constants; ``x op y`` for ``op`` in
  ``+ - * // % & | ^``, ``min``, ``max``, ``gcd``; ``x << c`` and ``x >> c``
  for ``c`` a constant ``1 <= c <= 8``; calls ``f(x)`` of
  the primitives ``lowbit highbit popcount isqrt bitlen v2 odd_part trinv``
  (size 1) and ``ndiv sigma omega bigomega spf phi`` (size 2);
- boolean terms: ``x == y``, ``x != y``, ``x < y``, ``x <= y`` of integer terms;
  ``a and b``, ``a or b``, ``not a``; predicates ``is_square is_pow2`` (size 1)
  and ``is_prime is_tri is_fib`` (size 2).

A term is in the bank's grammar when its value is defined at every sampled
position (no division by 0) and below ``2**31`` in absolute value there; the two
integer operands of an operator are not both constant there; a call's argument
there is ``>= 0``, spans at least ``CALL_RANGE`` (on a few values a predicate is
an arbitrary subset), and for the number-theoretic ones is below ``2**20``
(``trinv``, ``is_tri``: ``2**28``). Each rule looks at values only, so
observational equivalence keeps the enumeration complete within these bounds:
every term of size ``<= s`` has one with the same values on the sample in the
bank once size ``s`` is built; :meth:`Bank.final` matches every term of the next
two sizes against the goal without storing them (a call of an unstored size
enumerates its argument on the fly). Ties go
to the operator listed first, smaller sizes first.

>>> import numpy as np
>>> b = Bank([("n", np.arange(40))], np.arange(40) % 3, np.ones(40, dtype=bool), "value", (0, 1, 2, 3))
>>> for size in (1, 2, 3):
...     _ = b.build(size, deadline=float("inf"))
>>> b.counts(False), b.matches()
([5, 8, 61], [('n % 3', 3)])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = ["Bank", "CALL_RANGE", "BOOL", "warm"]

Array = Any

#: a call's argument takes values spanning at least this range on the sample
CALL_RANGE = 8
#: bool term ``t`` has the id ``BOOL + t`` (int terms: ``t``)
BOOL = 1 << 40
#: most candidate terms matching the goal kept per size
MATCHES = 1024
#: room for this many terms of each type at first (doubled when needed)
START = 1 << 14
#: fitted columns also stored by column (a candidate's first tests)
PRE = 8
#: outer ids per kernel call (the deadline is looked at between calls)
CHUNK_WORK = 2_000_000

# precedences (Python's)
IF, OR, AND, NOT, CMP, BOR, BXOR, BAND, SHIFT, ADD, MUL, ATOM = range(1, 13)


@dataclass(frozen=True)
class Op:
    """An operator: its code in :mod:`grundy.kernels._synth_jit`, how it prints,
    argument and result types, size of a call."""

    code: int
    sym: str
    prec: int
    args: str  # "ii" (int, int), "bb", "i" or "b"
    result: str  # "i" or "b"
    comm: bool = False
    idem: str = ""  # x op x is: "x" (itself), "0", "1" (a constant or undefined), "" (new)
    cost: int = 1
    call: bool = False


BINARY = (
    Op(2, "+", ADD, "ii", "i", True), Op(3, "-", ADD, "ii", "i", idem="0"), Op(4, "*", MUL, "ii", "i", True),
    Op(5, "//", MUL, "ii", "i", idem="1"), Op(6, "%", MUL, "ii", "i", idem="0"),
    Op(7, "&", BAND, "ii", "i", True, "x"), Op(8, "|", BOR, "ii", "i", True, "x"),
    Op(9, "^", BXOR, "ii", "i", True, "0"), Op(10, "<<", SHIFT, "ii", "i"), Op(11, ">>", SHIFT, "ii", "i"),
    Op(12, "min", ATOM, "ii", "i", True, "x", call=True), Op(13, "max", ATOM, "ii", "i", True, "x", call=True),
    Op(14, "gcd", ATOM, "ii", "i", True, call=True),
    Op(40, "==", CMP, "ii", "b", True), Op(41, "!=", CMP, "ii", "b", True), Op(42, "<", CMP, "ii", "b"),
    Op(43, "<=", CMP, "ii", "b"), Op(44, "and", AND, "bb", "b", True, "x"), Op(45, "or", OR, "bb", "b", True, "x"),
)
UNARY = tuple(Op(code, name, ATOM, "i", "i", cost=cost, call=True) for code, name, cost in (
    (20, "lowbit", 1), (21, "highbit", 1), (22, "popcount", 1), (23, "isqrt", 1), (24, "bitlen", 1),
    (25, "v2", 1), (26, "odd_part", 1), (27, "trinv", 1), (28, "ndiv", 2), (29, "sigma", 2), (30, "omega", 2),
    (31, "bigomega", 2), (32, "spf", 2), (33, "phi", 2))) + (Op(46, "not", NOT, "b", "b"),) + tuple(
    Op(code, name, ATOM, "i", "b", cost=cost, call=True) for code, name, cost in (
        (47, "is_prime", 2), (48, "is_square", 1), (49, "is_tri", 2), (50, "is_fib", 2), (51, "is_pow2", 1)))
BY_CODE = {op.code: op for op in BINARY + UNARY}
VAR, CONST = 0, 1


def paren(t: tuple[str, int], prec: int, right: bool = False) -> str:
    """``t = (text, precedence)`` as an operand of an operator of precedence ``prec``."""
    expr, p = t
    if p < prec or (right and p == prec) or (prec == CMP and p == CMP):
        return f"({expr})"
    return expr


#: the dtype of both sides' values (booleans too): each kernel is then compiled for
#: one dtype, not three (int8 booleans cost a fresh process about 12 s of compiling;
#: they measured no faster: bench_guess.py --synth 9)
VALS = np.int32


class _Side:
    """One type's terms: values on the sample, ``meta`` rows ``(op, a, b, size,
    min, max)``, hashes, the open-addressing table; ids of each size contiguous."""

    def __init__(self, cap: int, width: int, limit: int) -> None:
        self.limit = limit  # most terms the memory allows
        self.vals = np.empty((cap, width), dtype=VALS)
        self.meta = np.empty((cap, 6), dtype=np.int64)
        self.hashes = np.empty(cap, dtype=np.int64)
        self.table = np.full(1 << max(4, int(2 * cap - 1).bit_length()), -1, dtype=np.int64)
        self.state = np.zeros(3, dtype=np.int64)  # terms, matches, matches left off
        self.pre: Array | None = None  # values at the first two fitted columns, by column
        self.lo: dict[int, int] = {}
        self.hi: dict[int, int] = {}

    @property
    def n(self) -> int:
        return int(self.state[0])

    def level(self, size: int) -> tuple[int, int]:
        return self.lo.get(size, 0), self.hi.get(size, 0)

    def grow(self, jit: Any, keep: int, same: bool = False) -> bool:
        """Keep the first ``keep`` terms and make room for twice as many as now
        (``same``: as many; ``False`` when the memory allows no more)."""
        cap = self.vals.shape[0] if same else min(self.limit, 2 * self.vals.shape[0])
        if same:
            self.table[:] = -1
            jit.rebuild_table(self.hashes, keep, self.table)
            self.state[0] = keep
            self.pre = None
            return True
        if cap <= self.vals.shape[0]:
            return False
        vals = np.empty((cap, self.vals.shape[1]), dtype=self.vals.dtype)
        vals[:keep] = self.vals[:keep]
        meta = np.empty((cap, 6), dtype=np.int64)
        meta[:keep] = self.meta[:keep]
        hashes = np.empty(cap, dtype=np.int64)
        hashes[:keep] = self.hashes[:keep]
        self.vals, self.meta, self.hashes = vals, meta, hashes
        self.table = np.full(1 << max(4, int(2 * cap - 1).bit_length()), -1, dtype=np.int64)
        jit.rebuild_table(self.hashes, keep, self.table)
        self.state[0] = keep
        self.pre = None
        return True


class Bank:
    """The terms of the grammar (see the module's doc) over ``variables``
    (``(text, values on the sample)``), with the ``goal`` on the sample: terms of
    type ``target`` (``"value"``: integers, ``"P"``: booleans) equal to it on the
    columns ``fitcols`` are kept aside as matches. ``memory``: bytes the two
    banks may take."""

    def __init__(self, variables: Sequence[tuple[str, Array]], goal: Array, fitcols: Array, target: str,
                 constants: Sequence[int], memory: int = 2_400_000_000) -> None:
        self.now: Callable[[], float] = time.perf_counter  # the clock of the deadlines
        self.jit = jit_module("_synth_jit")
        self.width = w = len(goal)
        self.goal = np.asarray(goal, dtype=np.int64)
        # the fitted columns, largest position first (values there tell terms apart best)
        self.fitcols = np.flatnonzero(np.asarray(fitcols, dtype=bool)).astype(np.int64)[::-1].copy()
        self.target = target
        per_term = VALS().itemsize * w + 48 + 8 + 16
        share = 0.9 if target == "value" else 0.75
        self.ints = _Side(START, w, max(START, int(memory * share) // per_term))
        self.bools = _Side(START, w, max(START, int(memory * (1 - share)) // per_term))
        self.mix = np.random.default_rng(12345).integers(1, 2**62, size=w, dtype=np.int64) | 1
        self.lut = _luts(self.jit)
        self.fibs = np.array(_fib_list(), dtype=np.int64)
        self.match = np.zeros((MATCHES, 7), dtype=np.int64)
        self.mvals = np.zeros((MATCHES, w), dtype=np.int64)
        self.names: list[str] = [name for name, _ in variables]
        self.consts = set(constants)
        self.full = False
        self.seen: dict[int, int] = {}
        self.variables = [(name, np.asarray(v, dtype=np.int64)) for name, v in variables]
        self.texts: dict[int, tuple[str, int]] = {}
        self.stored = 0
        self.work: int | None = None  # most candidates examined (None: no bound but the deadlines)
        self.worked = 0  # candidates examined so far
        self.out_of_work = False

    # -- building
    def _side(self, t: str) -> _Side:
        return self.ints if t == "i" else self.bools

    def _goal_for(self, side: str) -> Array:
        want = "i" if self.target == "value" else "b"
        return self.goal if side == want else self.goal[:0]

    def build(self, size: int, deadline: float, bools: bool = True) -> bool:
        """Build and store the terms of ``size`` (``bools``: the boolean ones too).
        Returns ``False`` when the deadline or the memory stopped it before the
        end (the terms of the size are then incomplete)."""
        if size == 1:
            self._leaves()
            self.stored = 1
            return True
        for result in ("i", "b") if bools else ("i",):
            side = self._side(result)
            start, matched = side.n, int(side.state[1])
            side.lo[size] = start
            last = start - side.lo.get(size - 1, start)
            while side.vals.shape[0] < min(side.limit, start + 12 * last) and side.grow(self.jit, start):
                pass  # room for about what the size will hold (a level grows about tenfold)
            while True:
                ok = self._binary(size, result, deadline) and self._unary(size, result, deadline)
                if ok or not self.full or not side.grow(self.jit, start):
                    break
                self.full = False  # room again: the size anew
                side.state[1] = matched
            side.hi[size] = side.n
            if not ok:
                return False
        self.stored = size
        return True

    def final(self, size: int, deadline: float) -> bool:
        """Match every term of ``size`` of the target type against the goal
        without storing it: from the stored sizes, and for calls ``f(x)`` whose
        argument is of an unstored size, ``x`` enumerated on the fly (once for
        all such ``f``). Returns ``False`` when the deadline stopped it."""
        result = "i" if self.target == "value" else "b"
        out = self._side(result)
        out.lo[size] = out.hi[size] = out.n
        stored = self.stored
        none = np.zeros(0, dtype=np.int64)
        for op in BINARY:  # direct
            if op.result == result:
                src = self._side(op.args[0])
                for sl, sr in self._splits(op, size):
                    if max(sl, sr) <= stored and not self._lazy(op, none, sl, sr, size, src, out, deadline):
                        return False
        lazy: dict[str, list[int]] = {}  # argument type -> calls of an unstored argument
        for f in UNARY:
            if f.result != result or size - f.cost < 1:
                continue
            if size - f.cost <= stored:
                if not self._lazy(f, none, size - f.cost, 0, size, self._side(f.args[0]), out, deadline):
                    return False
            else:
                assert size - f.cost == stored + 1
                lazy.setdefault(f.args[0], []).append(f.code)
        arg = stored + 1
        for typ, codes in lazy.items():
            posts = np.array(codes, dtype=np.int64)
            for op in BINARY:  # f(x op y) with x op y of the unstored size
                if op.result == typ:
                    inner = self._side(op.args[0])
                    for sl, sr in self._splits(op, arg):
                        if max(sl, sr) <= stored and not self._lazy(op, posts, sl, sr, size, inner, out, deadline):
                            return False
            for g in UNARY:  # f(g(x))
                if g.result == typ and 1 <= arg - g.cost <= stored:
                    if not self._lazy(g, posts, arg - g.cost, 0, size, self._side(g.args[0]), out, deadline):
                        return False
        return True

    @staticmethod
    def _splits(op: Op, size: int) -> list[tuple[int, int]]:
        out = []
        for sl in range(1, size - 1):
            sr = size - 1 - sl
            if (op.comm and sl > sr) or (op.sym in ("<<", ">>") and sr != 1):
                continue
            out.append((sl, sr))
        return out

    def _lazy(self, op: Op, posts: Array, sl: int, sr: int, size: int, src: _Side, out: _Side,
              deadline: float) -> bool:
        unary = op in UNARY
        i_lo, i_hi = src.level(sl)
        j_lo, j_hi = src.level(sr) if not unary else (0, 1)
        if i_hi <= i_lo or j_hi <= j_lo:
            return True
        goal = self.goal
        if src.pre is None or src.pre.shape[1] < src.n:
            src.pre = self.jit.columns(src.vals, src.n, self.fitcols[:PRE])
        if not unary and max(sl, sr) >= 2:  # the larger size scanned at once
            left = sl > sr
            o_lo, o_hi = (j_lo, j_hi) if left else (i_lo, i_hi)
            n_lo, n_hi = (i_lo, i_hi) if left else (j_lo, j_hi)
            step = max(1, 4 * CHUNK_WORK // max(1, n_hi - n_lo))
            for o0 in range(o_lo, o_hi, step):
                scan: tuple[Any, ...] = (
                    op.code, posts, False, True, left, op.comm, self._skip_same(op), sl == sr, o0, min(o_hi, o0 + step),
                    n_lo, n_hi, size, src.vals, src.meta, src.pre, out.vals, out.hashes, out.table, out.state,
                    self.mix, goal, self.fitcols, self.match, self.mvals, self.lut, self.fibs, CALL_RANGE)
                if not self._run(self.jit.final_level, scan, size, deadline):
                    return False
            return True
        step = max(1, 4 * CHUNK_WORK // max(1, j_hi - j_lo))
        for i0 in range(i_lo, i_hi, step):
            args = (op.code, posts, unary, False, False, op.comm, self._skip_same(op), sl == sr, i0,
                    min(i_hi, i0 + step), j_lo, j_hi, size, src.vals, src.meta, src.pre, out.vals, out.hashes, out.table, out.state, self.mix, goal,
                    self.fitcols, self.match, self.mvals, self.lut, self.fibs, CALL_RANGE)
            if not self._run(self.jit.final_level, args, size, deadline):
                return False
        return True

    def drop(self, size: int) -> None:
        """Forget the terms of ``size`` (a size the memory could not hold)."""
        for side in (self.ints, self.bools):
            if size in side.lo:
                side.grow(self.jit, side.lo[size], same=True)
                del side.lo[size]
                side.hi.pop(size, None)
        self.full = False
        self.stored = size - 1

    def _leaves(self) -> None:
        j = self.jit
        side = self.ints
        side.lo[1] = 0
        rows, ops, args = [], [], []
        for k, (_, v) in enumerate(self.variables):
            rows.append(v)
            ops.append(VAR)
            args.append(k)
        for c in sorted(self.consts):
            rows.append(np.full(self.width, c, dtype=np.int64))
            ops.append(CONST)
            args.append(c)
        mat = np.array(rows, dtype=np.int64).reshape(len(rows), self.width)
        j.add_rows(mat, np.array(ops, dtype=np.int64), np.array(args, dtype=np.int64), 1, side.vals, side.meta,
                   side.hashes, side.table, side.state, self.mix, self._goal_for("i"), self.fitcols, self.match,
                   self.mvals)
        side.hi[1] = side.n
        self.bools.lo[1] = self.bools.hi[1] = 0

    def _skip_same(self, op: Op) -> bool:
        return op.idem == "x" or (op.idem == "0" and 0 in self.consts) or (op.idem == "1" and 1 in self.consts)

    def _run(self, fn: Any, args: tuple[Any, ...], size: int, deadline: float) -> bool:
        got = int(fn(*args))
        if got < 0:
            self.full = True
            return False
        self.seen[size] = self.seen.get(size, 0) + got
        self.worked += got
        if self.work is not None and self.worked >= self.work:
            self.out_of_work = True
            return False
        return self.now() < deadline

    def _binary(self, size: int, result: str, deadline: float) -> bool:
        out = self._side(result)
        goal = self._goal_for(result)
        for op in BINARY:
            if op.result != result:
                continue
            src = self._side(op.args[0])
            for sl in range(1, size - 1):
                sr = size - 1 - sl
                if op.comm and sl > sr:
                    continue
                if op.sym in ("<<", ">>") and sr != 1:
                    continue
                i_lo, i_hi = src.level(sl)
                j_lo, j_hi = src.level(sr)
                if i_hi <= i_lo or j_hi <= j_lo:
                    continue
                step = max(1, CHUNK_WORK // max(1, j_hi - j_lo))
                for i0 in range(i_lo, i_hi, step):
                    args = (op.code, False, op.comm, self._skip_same(op), sl, sr, i0, min(i_hi, i0 + step), size,
                            src.vals, src.meta, j_lo, j_hi, out.vals, out.meta, out.hashes, out.table, out.state,
                            self.mix, goal, self.fitcols, self.match, self.mvals, self.lut, self.fibs, CALL_RANGE)
                    if not self._run(self.jit.level, args, size, deadline):
                        return False
        return True

    def _unary(self, size: int, result: str, deadline: float) -> bool:
        out = self._side(result)
        goal = self._goal_for(result)
        for op in UNARY:
            if op.result != result:
                continue
            src = self._side(op.args[0])
            i_lo, i_hi = src.level(size - op.cost)
            for i0 in range(i_lo, i_hi, CHUNK_WORK // 8):
                args = (op.code, True, False, False, size - op.cost, 0, i0, min(i_hi, i0 + CHUNK_WORK // 8), size,
                        src.vals, src.meta, 0, 0, out.vals, out.meta, out.hashes, out.table, out.state, self.mix,
                        goal, self.fitcols, self.match, self.mvals, self.lut, self.fibs, CALL_RANGE)
                if not self._run(self.jit.level, args, size, deadline):
                    return False
        return True

    # -- reading
    def counts(self, boolean: bool) -> list[int]:
        """The number of terms kept of each size 1, 2, ... of a type."""
        side = self.bools if boolean else self.ints
        return [side.hi.get(s, side.n) - side.lo[s] for s in sorted(side.lo)]

    def matches(self) -> list[tuple[str, int]]:
        """``(expression, size)`` of the terms that matched the goal since the
        last call (stored terms and final candidates)."""
        side = self._side("i" if self.target == "value" else "b")
        base = 0 if side is self.ints else BOOL
        out = []
        for k in range(int(side.state[1])):
            size, tid = int(self.match[k, 3]), int(self.match[k, 5])
            out.append((self.text(base + tid if tid >= 0 else -1 - k)[0], size))
        side.state[1] = 0
        return out

    def ids(self, boolean: bool, max_size: int, limit: int) -> Array:
        """The ids of the first ``limit`` terms (smallest first) of size ``<= max_size``."""
        side = self.bools if boolean else self.ints
        end = max([side.hi.get(s, side.n) for s in side.lo if s <= max_size], default=0)
        return np.arange(min(end, limit), dtype=np.int64) + (BOOL if boolean else 0)

    def values(self, ids: Array) -> Array:
        """The values on the sample (int64) of terms ``ids`` of one type."""
        if not len(ids):
            return np.zeros((0, self.width), dtype=np.int64)
        if ids[0] >= BOOL:
            return self.bools.vals[ids - BOOL].astype(np.int64)
        return self.ints.vals[ids].astype(np.int64)

    def sizes(self, ids: Array) -> Array:
        if not len(ids):
            return ids
        if ids[0] >= BOOL:
            return self.bools.meta[ids - BOOL, 3]
        return self.ints.meta[ids, 3]

    def is_call(self, tid: int) -> bool:
        side, t = (self.bools, tid - BOOL) if tid >= BOOL else (self.ints, tid)
        return BY_CODE.get(int(side.meta[t, 0])) in UNARY

    def text(self, tid: int) -> tuple[str, int]:
        """``(expression, precedence)`` of term ``tid`` (``-1 - k``: the final match ``k``)."""
        got = self.texts.get(tid)
        if got is not None:
            return got
        if tid < 0:
            code, a, b, post = (int(self.match[-1 - tid, c]) for c in (0, 1, 2, 6))
        else:
            side, t = (self.bools, tid - BOOL) if tid >= BOOL else (self.ints, tid)
            code, a, b = (int(x) for x in side.meta[t, :3])
            post = -1
        out = self._text(code, a, b)
        if post >= 0:  # the final candidate post(x op y)
            f = BY_CODE[post]
            out = (f"not {paren(out, NOT)}", NOT) if f.sym == "not" else (f"{f.sym}({out[0]})", ATOM)
        if tid >= 0:
            self.texts[tid] = out
        return out

    def _text(self, code: int, a: int, b: int) -> tuple[str, int]:
        if code == VAR:
            return self.names[a], ATOM
        if code == CONST:
            return str(a), ATOM
        op = BY_CODE[code]
        base = BOOL if op.args[0] == "b" else 0
        if op in UNARY:
            x = self.text(base + a)
            if op.sym == "not":
                return f"not {paren(x, NOT)}", NOT
            return f"{op.sym}({x[0]})", ATOM
        if op.comm and self._const(base + a) and not self._const(base + b):
            a, b = b, a
        x, y = self.text(base + a), self.text(base + b)
        if op.call:
            return f"{op.sym}({x[0]}, {y[0]})", ATOM
        return f"{paren(x, op.prec)} {op.sym} {paren(y, op.prec, right=True)}", op.prec

    def _const(self, tid: int) -> bool:
        return tid < BOOL and int(self.ints.meta[tid, 0]) == CONST


_LUT: list[Array] = []
_WARM: list[bool] = []


def warm() -> None:
    """Load (or compile) the kernels of every type the synthesiser uses, and its
    tables, once a process: a search's seconds then count the search, not the
    loading (a cold compile takes about 20 s, far more than a test's share).

    >>> warm()
    """
    if _WARM:
        return
    n = np.arange(32, dtype=np.int64)
    for target, goal in (("value", n * n % 7 + n // 5), ("P", (n * n % 7 + n // 5) % 2)):
        bank = Bank([("n", n)], goal, n < 24, target, (0, 1, 2, 3), memory=1 << 26)
        for size in (1, 2, 3):  # stored: int and bool operators and calls of both types
            bank.build(size, deadline=float("inf"))
        bank.final(4, deadline=float("inf"))  # binary operators scanned at once
        bank.final(5, deadline=float("inf"))  # calls of an unstored argument
        bank.drop(3)  # the table rebuilt
    _WARM.append(True)


def _luts(jit: Any) -> Array:
    if not _LUT:
        _LUT.append(jit.luts(jit.LUT))
    return _LUT[0]


def _fib_list() -> list[int]:
    out = [1, 2]
    while out[-1] < 1 << 31:
        out.append(out[-1] + out[-2])
    return out
