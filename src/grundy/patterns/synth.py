"""A rule synthesiser: the shortest expressions that fit a table.

Bottom-up enumerative synthesis with observational equivalence (Udupa et al.,
TRANSIT, PLDI 2013; Albarghouthi et al., CAV 2013): every expression of a typed
grammar (integers and booleans) over the table's variables is built by size,
smallest first, its values computed on a sample of the table (a compiled kernel,
:mod:`grundy.patterns.synth_bank`, which states the grammar); two expressions
with the same values there are one (the smaller is kept). The enumeration is
complete: up to ``max_size - 2`` the bank stores every distinct term, and the
last two sizes are matched against the goal term by term, column by column,
without being stored. An expression that equals the goal on the fitted positions
is checked exactly (its text, evaluated by :func:`grundy.patterns.forms.evaluate`
on Python integers) on every fitted position and then on the rest: ``verified``,
or ``refuted`` at the first position where it disagrees.

Beyond the bank, the last operator is found from the goal (sizes up to
``max_size + 2``): ``A + B``, ``A - B``, ``A ^ B`` (the other operand looked up by
its values), ``T % m``, ``T // m``, learned comparisons ``T < t``, ``T == c``,
``A or B``, ``A and B``, and a conditional ``(x if c else y)`` whose branches and
condition are found by splitting the goal (a decision of size one,
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
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.patterns.forms import NAMESPACE
from grundy.patterns.synth_bank import AND as _AND
from grundy.patterns.synth_bank import Bank
from grundy.patterns.synth_bank import CMP as _CMP
from grundy.patterns.synth_bank import IF as _IF
from grundy.patterns.synth_bank import MUL as _MUL
from grundy.patterns.synth_bank import OR as _OR
from grundy.patterns.synth_bank import paren as _paren
from grundy.patterns.synth_bank import warm as _warm

__all__ = ["synthesize", "Synthesis", "Found", "DEFAULT_CONSTANTS", "oddity", "CLOCK", "WORK"]

Array = Any

#: the constants of the grammar (each of size 1)
DEFAULT_CONSTANTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 16)
#: bytes the bank may take (the machine is shared)
MEMORY = 2_400_000_000

#: the goal-directed last operator reaches max_size + 2 once the bank is complete to this size
EARLY_TOP = 5

_PREC = {"+": 10, "-": 10, "^": 7}


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
    enumeration ended before ``max_size``, or ``None``), ``seconds``,
    ``levels`` (distinct terms stored of each size 1, 2, ...) and
    ``examined`` (candidates looked at for each size)."""

    found: list[Found]
    size: int
    terms: int
    stopped: str | None
    seconds: float
    levels: list[int] = field(default_factory=list)
    examined: list[int] = field(default_factory=list)

    @property
    def best(self) -> Found | None:
        """The shortest verified rule, or ``None``."""
        return next((f for f in self.found if f.status == "verified"), None)


def _sample(n_all: int, fit: int, dense: int = 96, spread: int = 40) -> Array:
    """The positions the bank is computed on: the first ``dense`` fitted ones,
    ``spread`` more over the rest of the fit, ``spread`` over the check part."""
    head = np.arange(min(fit, dense))
    rest = np.unique(np.linspace(min(fit, dense), fit - 1, spread).astype(np.int64)) if fit > dense else head[:0]
    check = np.unique(np.linspace(fit, n_all - 1, spread).astype(np.int64)) if n_all > fit else head[:0]
    return np.unique(np.concatenate([head, rest, check]))



#: The clock the synthesiser's seconds are counted on: wall time by default; a
#: caller that wants the same search whatever the machine's load (the tests:
#: ``grundy.conjecture.search_time(..., cpu=True)``) sets ``time.thread_time``,
#: the CPU time of the thread that searches.
CLOCK: ContextVar[Callable[[], float]] = ContextVar("synth_clock", default=time.perf_counter)

#: The most candidate expressions a search examines (``synthesize(work=None)``
#: reads it; ``None``: no bound but the seconds): a bound that ends the search at
#: the same place on any machine, for a caller that wants a small search and the
#: same one everywhere (a test: ``grundy.conjecture.search_time(..., work=n)``).
WORK: ContextVar[int | None] = ContextVar("synth_work", default=None)


class _Search:
    """The goal-directed last operator over a :class:`Bank` (its smallest
    ``cap`` terms of each type)."""

    def __init__(self, bank: Bank, goal: Array, fitcols: Array, check: Callable[[str], tuple[bool, int | None,
                 int | None]], target: str, deadline: float, cap: int, threshold: str | None,
                 order: Array | None) -> None:
        self.b = bank
        self.goal = goal
        self.fitcols = fitcols
        self.gfit = goal[fitcols]
        self.check = check
        self.target = target
        self.deadline = deadline
        self.cap = cap
        self.threshold = threshold
        self.order = order
        self.mix = bank.mix
        self.found: dict[str, Found] = {}
        self.tried: set[str] = set()
        self.now: Callable[[], float] = time.perf_counter  # the clock of ``deadline``

    def out_of_time(self) -> bool:
        return self.b.out_of_work or self.now() > self.deadline

    def text(self, tid: int) -> tuple[str, int]:
        return self.b.text(tid)

    def keys(self, vals: Array) -> Array:
        with np.errstate(over="ignore"):
            return (vals * self.mix).sum(axis=1)

    def bank(self, boolean: bool, max_size: int | None = None) -> tuple[Array, Array]:
        """The smallest ``cap`` stored terms of a type (up to ``max_size``): values and ids."""
        ids = self.b.ids(boolean, 10**9 if max_size is None else max_size, self.cap)
        return self.b.values(ids), ids

    def _sized(self, ids: Array) -> Array:
        return self.b.sizes(ids)

    def try_rule(self, expr: str, size: int) -> None:
        if expr in self.tried:
            return
        self.tried.add(expr)
        fits, bad, got = self.check(expr)
        if fits:
            self.found[expr] = Found(expr, size, self.target, "verified" if bad is None else "refuted", bad, got)

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
                prec = _PREC[sym2]
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
    memory: int = MEMORY,
    work: int | None = None,
) -> Synthesis:
    """The shortest expressions in ``variables`` (``(text, values)`` pairs, the
    values one per position) equal to ``goal`` on the first ``fit`` positions,
    each checked on the rest (see the module's doc).

    ``target``: ``"value"`` (an integer expression equal to ``goal``) or ``"P"``
    (a boolean expression true exactly where ``goal`` is 1); ``env(i)``: the
    names the expression is evaluated with at position ``i`` (default: each
    variable's text bound to its value, which suits plain names such as ``n``);
    ``max_size``: the largest expression of the complete enumeration (leaves,
    operators and bit calls count 1 each, number-theoretic calls 2); ``seconds``:
    the time allowed (the result says where it stopped); ``limit``: most rules
    returned; ``cap``: most terms of each type the goal-directed last operator
    combines (the smallest); ``threshold``: the variable of learned thresholds
    ``(x if var >= t else y)`` (the positions must then be in increasing order
    of it); ``stop_at_first``: end with the size where the first verified rule
    was found; ``memory``: bytes the bank may take; ``work``: most candidate
    expressions examined (default :data:`WORK`; ``None``: no bound but
    ``seconds``), a bound that stops the search at the same place on any machine.

    The kernels are loaded (compiled the first time) before the seconds start.

    >>> n = np.arange(100)
    >>> r = synthesize([("n", n)], n * n % 7 + n // 5, fit=50, work=10_000)
    >>> r.best, r.size, r.stopped
    (None, 4, 'work: 10000 candidates, within size 5 (complete to size 4)')
    >>> synthesize([("n", n)], n * n % 7 + n // 5, fit=50, work=100_000).best.expr
    'n * n % 7 + n // 5'
    """
    if work is None:
        work = WORK.get()
    if work is not None and (isinstance(work, bool) or not isinstance(work, int) or work < 1):
        raise ValueError(f"synthesize: work must be a positive number of candidates or None; got {work!r}")
    _warm()
    now = CLOCK.get()
    t0 = now()
    goal = np.asarray(goal, dtype=np.int64)
    if goal.ndim != 1 or len(goal) < 2 or not 1 <= fit <= len(goal):
        raise ValueError(f"synthesize: need a 1-d goal of at least 2 values and 1 <= fit <= len; "
                         f"got {goal.shape} and fit={fit}")
    if target not in ("value", "P"):
        raise ValueError(f"synthesize: target must be 'value' or 'P'; got {target!r}")
    if max_size < 1:
        raise ValueError(f"synthesize: max_size must be at least 1; got {max_size}")
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

    idx = _sample(len(goal), fit)
    fitcols = idx < fit
    order = full[threshold][idx] if threshold is not None and threshold in full else None
    deadline = t0 + seconds
    bank = Bank([(name, np.asarray(v, dtype=np.int64)[idx]) for name, v in variables], goal[idx], fitcols,
                target, constants, memory)
    bank.now = now
    bank.work = work
    s = _Search(bank, goal[idx], fitcols, check, target, deadline, cap,
                threshold if order is not None else None, order)
    s.now = now
    stopped: str | None = None
    done = 0
    stored = max(1, max_size - 2)
    for size in range(1, max_size + 1):
        if size <= stored:
            ok = bank.build(size, deadline, bools=target == "P" or size <= max_size - 3)
            if not ok and bank.full and size > 2:
                # no room for this size: drop it, and match it and the next one without storing
                for expr, sz in bank.matches():
                    s.try_rule(expr, sz)
                bank.drop(size)
                stored = size - 1
                ok = bank.final(size, deadline)
        else:
            ok = bank.final(size, deadline)
        for expr, sz in bank.matches():
            s.try_rule(expr, sz)
        if not ok:
            spent = f"work: {work} candidates" if bank.out_of_work else f"time: {seconds:g} s"
            stopped = f"{spent}, within size {size} (complete to size {done})"
            break
        if size == stored + 2 and size < max_size:
            stopped = (f"memory: the bank holds {bank.ints.n + bank.bools.n} terms (complete to size {size}; "
                       f"{memory / 1e9:g} GB allowed)")
            done = size
            break
        done = size
        if 3 <= size <= stored and not s.out_of_time():
            # the goal-directed last operator: to size + 2, and once to max_size + 2
            # before the large sizes (it combines the smallest terms only)
            s.top(max_size + 2 if size == min(EARLY_TOP, stored) else size + 2)
        if stop_at_first and any(f.status == "verified" for f in s.found.values()):
            break
    if not s.out_of_time() and not (stop_at_first and any(f.status == "verified" for f in s.found.values())):
        s.top(max_size + 2)
    found = sorted(s.found.values(), key=lambda f: (f.status != "verified", f.size, oddity(f.expr), len(f.expr),
                                                     f.expr))
    verified = [f for f in found if f.status == "verified"]
    refuted = [f for f in found if f.status == "refuted"]
    levels = [a + b for a, b in zip(bank.counts(False), bank.counts(True) + [0] * max_size)]
    examined = [bank.seen.get(k, 0) for k in range(1, done + 1)]
    return Synthesis(verified[:limit] + refuted[: max(0, limit - len(verified[:limit]))], done,
                     bank.ints.n + bank.bools.n, stopped, now() - t0, levels[:stored], examined)
