"""Rules for one heap (and coins): library forms, structure finders, the synthesiser, the catalogue."""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from contextvars import ContextVar, Token
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from grundy.conjecture.model import Conjecture, Guess, _STATUS_ORDER, evaluate
from grundy.conjecture.tabulate import _known_tables
from grundy.patterns.forms import Form, fit_forms, xor_all
from grundy.rules.ruleset import Ruleset
from grundy.values import clock as _clock
from grundy.values.errors import InvalidParameterError, describe
from grundy.values.periodicity import Periodicity


def _p_rules(game: str, n: np.ndarray[Any, Any], out: np.ndarray[Any, Any], fit: int | None,
             limit: int) -> Guess:
    """Rules for the P-positions of a table of outcomes (0: P, 1: N), of a game
    whose values are not Grundy values (misère play)."""
    k = len(n) // 2 if fit is None else fit
    p = (out == 0).astype(np.int64)
    found: list[Conjecture] = []
    for form in fit_forms(n[:k], p[:k])[: 3 * limit]:
        c = _check(form, n, p, n[:k], "P", "n", f"n such that {_p_words(form)}", f"{form.expr} == 1")
        if c is not None:
            found.append(c)
    found.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return Guess(game, "heap", f"heaps {_span(n, 'n')} (outcomes: misère values are not Grundy values)",
                 out.tolist(), found[:limit])


def _span(n: np.ndarray[Any, Any], var: str) -> str:
    return f"{var} = {int(n[0])}..{int(n[-1])}"


def _pastes_back(expr: str, names: list[dict[str, Any]], want: list[int]) -> bool:
    """Whether ``expr`` gives ``want`` at each of ``names`` (a rule whose
    expression says otherwise than its vectorised form is never reported)."""
    try:
        return all(int(evaluate(expr, **nm)) == w for nm, w in zip(names, want))
    except Exception:  # noqa: BLE001 - any failure of the expression disqualifies it
        return False


def _sample(shape: tuple[int, ...], count: int = 48) -> list[tuple[int, ...]]:
    """``count`` positions of a box, spread over it, the corners included."""
    rng = np.random.default_rng(0)
    pts = {tuple(0 for _ in shape), tuple(d - 1 for d in shape)}
    pts |= {tuple(int(x) for x in rng.integers(0, shape)) for _ in range(count)}
    return sorted(pts)


def _check(form: Form, n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], fit_n: np.ndarray[Any, Any],
           target: str, var: str, words: str, expr: str) -> Conjecture | None:
    pred = form.values(n)
    idx = sorted({*range(min(16, len(n))), *np.linspace(0, len(n) - 1, 48).astype(int).tolist()})
    if not _pastes_back(expr, [{var: int(n[i])} for i in idx], [int(pred[i]) for i in idx]):
        return None
    bad = np.flatnonzero(pred != v)
    ce = None
    status = "verified"
    if len(bad):
        i = int(bad[0])
        status = "refuted"
        ce = {"position": int(n[i]), "table": int(v[i]), "rule": int(pred[i])}
    return Conjecture(target, words, expr, var, status, _span(fit_n, var), _span(n, var), len(n),
                      form.cost, ce)


_PREDICATES = {
    "is_fib(n)": "n is a Fibonacci number", "is_pow2(n)": "n is a power of two",
    "popcount(n) % 2": "n is odious (an odd number of 1 bits)",
}


def _p_words(form: Form) -> str:
    """Words for a 0/1 form read as "is a P-position"."""
    def among(ks: list[int]) -> str:
        return f"n = {ks[0]}" if len(ks) == 1 else "n is one of " + ", ".join(map(str, ks))

    ones = sorted(k for k, x in form.exceptions.items() if x == 1)
    zeros = sorted(k for k, x in form.exceptions.items() if x == 0)
    if form.rule == "0":
        return among(ones) if ones else "none: no n in the table"
    if form.rule == "1":
        return "not " + among(zeros)
    words = _PREDICATES.get(form.rule, f"{form.words} is 1")
    if ones:
        words += " or " + among(ones)
    if zeros:
        words += ", but not " + among(zeros)
    return words


def _theorem_name(rs: Ruleset) -> str:
    kind = (rs.spec or "").partition(":")[0]
    if kind in ("octal", "hex"):
        return "the Guy-Smith theorem for octal games"
    if kind in ("subtraction", "bash", "allbut"):
        return "the periodicity theorem of subtraction games"
    return "the game's own proof"


def _one_dim(game: str, kind: str, n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], fit: int | None,
             limit: int, theorem: Periodicity | None, known: Mapping[str, Sequence[int]] | bool,
             var: str, own: Ruleset | None = None) -> Guess:
    why = _theorem_name(own) if own is not None else ""
    k = len(n) // 2 if fit is None else min(fit, len(n))
    k = max(k, min(len(n), 4))
    out: list[Conjecture] = []
    for form in fit_forms(n[:k], v[:k])[: 3 * limit]:
        c = _check(form, n, v, n[:k], "value", var, form.described(), form.expr)
        if c is None:
            continue
        if theorem is not None and c.status == "verified":
            c.proof = _prove(form, theorem, n, v, why)
            if c.proof is not None:
                c.status = "proven"
        out.append(c)
    out.extend(_catalogue(n, v, known, own, k))
    binary = bool(((v == 0) | (v == 1)).all())
    if not binary and not any(c.status != "refuted" and c.target == "value" for c in out):
        out.extend(_structured_then_synthesised(n, v, k, "value", var, limit))
    if kind != "coins" and not any(c.status != "refuted" and c.target == "value" for c in out):
        p = (v == 0).astype(np.int64)
        for form in fit_forms(n[:k], p[:k])[:limit]:
            words = _p_words(form)
            c = _check(form, n, p, n[:k], "P", var, f"n such that {words}" if var == "n" else words,
                       f"{form.expr} == 1")
            if c is None:
                continue
            if theorem is not None and c.status == "verified" and theorem.saltus == 0:
                c.proof = _prove(form, Periodicity(theorem.preperiod, theorem.period, 0, True, theorem.checked),
                                 n, p, why) if theorem.proven else None
                if c.proof is not None:
                    c.status = "proven"
            out.append(c)
        if not any(c.status != "refuted" and c.target == "P" and not c.trivial for c in out):
            out.extend(_structured_then_synthesised(n, v, k, "P", var, limit))
    pcount = int((v == 0).sum())
    for c in out:
        c.trivial = c.trivial or (c.target == "P" and pcount <= 1) or (c.target == "value" and c.expr.isdigit())
    out.sort(key=lambda c: (_STATUS_ORDER[c.status], c.trivial, not binary and c.target != "value", c.cost))
    label = {"heap": "heaps", "coins": "coins (single-coin values)"}[kind]
    return Guess(game, kind, f"{label} {_span(n, var)}", v.tolist(), out[:limit])


#: seconds the rule synthesiser may spend on one target (values, P-positions) of a
#: table, at most: never past the end of the budget given to :func:`guess`
SYNTH_SECONDS = 12.0


class _SynthSeconds:
    """The synthesiser's seconds for one target: the share :func:`search_time`
    sets (default :data:`SYNTH_SECONDS`), cut to what is left of the budget of
    the :func:`guess` in progress (:meth:`until`), so a guess keeps its budget."""

    def __init__(self) -> None:
        self._share: ContextVar[float] = ContextVar("search_seconds", default=SYNTH_SECONDS)
        self._end: ContextVar[float | None] = ContextVar("guess_end", default=None)

    def get(self) -> float:
        share, end = self._share.get(), self._end.get()
        return share if end is None else max(0.0, min(share, end - _clock.now()))

    def set(self, seconds: float) -> Token[float]:
        return self._share.set(seconds)

    def reset(self, token: Token[float]) -> None:
        self._share.reset(token)

    @contextmanager
    def until(self, seconds: float | None) -> Iterator[None]:
        """Within this block no search goes past ``seconds`` from now (``None``:
        no end but the share's)."""
        end = None if seconds is None else _clock.now() + seconds
        outer = self._end.get()
        if outer is not None and (end is None or outer < end):
            end = outer
        token = self._end.set(end)
        try:
            yield
        finally:
            self._end.reset(token)


_SEARCH_SECONDS = _SynthSeconds()


@contextmanager
def search_time(seconds: float, *, cpu: bool | None = None, work: int | None = None) -> Iterator[None]:
    """Within this block, :func:`guess` gives its rule synthesiser ``seconds``
    per target (default :data:`SYNTH_SECONDS`; 0: the library of forms only), as
    a quick caller (a plot, a web page) needs. With ``cpu``, the seconds are the
    CPU time of the searching thread, not wall time: the same search however
    loaded the machine is (the test suite's choice; a wall-clock end of the
    guess's own budget still cuts the share); ``None`` keeps the clock of an
    enclosing block (wall time outside any). ``work``: besides the seconds, each
    search examines at most this many candidate expressions
    (:data:`grundy.patterns.synth.WORK`), so that it ends at the same place on
    any machine, however fast or loaded (a test that needs a small search);
    ``None`` keeps the bound of an enclosing block (none outside any).

    >>> from grundy import guess
    >>> with search_time(0):
    ...     print(guess([3, 1, 4, 1, 5, 9, 2, 6, 5, 3], known=False).best)
    None
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < math.inf:
        raise InvalidParameterError(f"search_time: seconds must be a finite number >= 0; got {describe(seconds)}")
    if work is not None and (isinstance(work, bool) or not isinstance(work, int) or work < 1):
        raise InvalidParameterError(f"search_time: work must be a positive whole number of candidates or None; "
                                    f"got {describe(work)}")
    from grundy.patterns.synth import CLOCK, WORK

    token = _SEARCH_SECONDS.set(float(seconds))
    clock = CLOCK.set(CLOCK.get() if cpu is None else time.thread_time if cpu else time.perf_counter)
    bound = WORK.set(WORK.get() if work is None else work)
    try:
        yield
    finally:
        WORK.reset(bound)
        CLOCK.reset(clock)
        _SEARCH_SECONDS.reset(token)


def _structured_then_synthesised(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], k: int, target: str,
                                  var: str, limit: int) -> list[Conjecture]:
    """The structure finders (quick), then the synthesiser: all its time when
    they found nothing, else a short look for a shorter closed form."""
    found = _structured(n, v, k, target, var)
    seconds = _SEARCH_SECONDS.get()
    if any(c.status == "verified" for c in found):
        seconds = min(seconds, _SHORT_LOOK)
    token = _SEARCH_SECONDS.set(seconds)
    try:
        found.extend(_synthesised(n, v, k, target, var, limit))
    finally:
        _SEARCH_SECONDS.reset(token)
    return found


#: seconds the synthesiser looks for a closed form shorter than a structure finder's rule
_SHORT_LOOK = 2.0


def _structured(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], k: int, target: str,
                var: str) -> list[Conjecture]:
    """Rules of :mod:`grundy.patterns.structure`: recurrences through
    ``g(n // k)`` and ``g(n - p)`` (a long irregular prefix held in the
    expression), values constant on runs whose ends follow a guessed sequence,
    P-positions at the terms of a guessed sequence or periodic but for one;
    fitted on the first ``k`` positions, each expression evaluated (as it pastes
    back) on every position of the table."""
    from grundy.patterns import structure as st

    if var != "n" or len(n) < 16:
        return []
    goal = v if target == "value" else (v == 0).astype(np.int64)
    rules: list[st.Found | None] = []
    if target == "value":
        rules += [st.div_recurrence(n, v, k), st.runs(n, v, k), st.shift_recurrence(n, v, k)]
    else:
        rules += [st.sparse(n, goal, k), st.periodic_and_sequence(n, goal, k, int(n[-1]))]
        for f in (st.div_recurrence(n, goal, k), st.runs(n, goal, k), st.shift_recurrence(n, goal, k)):
            rules.append(None if f is None else st.Found(f"{f.expr} == 1", f.words, f.cost + 1))
    out: list[Conjecture] = []
    for f in rules:
        if f is None:
            continue
        c = _check_expr(f, n, goal, k, target, var)
        if c is not None:
            out.append(c)
    return out


def _check_expr(f: Any, n: np.ndarray[Any, Any], goal: np.ndarray[Any, Any], k: int, target: str,
                var: str) -> Conjecture | None:
    """The conjecture of ``f`` (a rule of a structure finder), its expression
    evaluated at every position: ``None`` if it fails on the fitted prefix or
    does not paste back (with the names as locals too, as
    :func:`grundy.patterns.forms.evaluate` binds them)."""
    from grundy.patterns.forms import evaluate as evaluate_locals

    try:
        code = compile(f.expr, "<rule>", "eval")
    except SyntaxError:
        return None
    scope = {"__builtins__": __builtins__, **_namespace()}
    ce = None
    try:
        for i, x in enumerate(n.tolist()):
            scope[var] = x
            got = int(eval(code, scope))  # noqa: S307 - the finder's own expression
            if got != int(goal[i]):
                if i < k:
                    return None
                ce = {"position": x, "table": int(goal[i]), "rule": got}
                break
        for x in (int(n[0]), int(n[len(n) // 2]), int(n[-1])):
            if int(evaluate_locals(f.expr, **{var: x})) != int(goal[int(x - n[0])]):
                return None
    except Exception:  # noqa: BLE001 - an expression that fails is no rule
        return None
    words = f.words if target == "value" or f.words.startswith("P iff") else f"P iff {f.words}"
    return Conjecture(target, words, f.expr, var, "refuted" if ce else "verified", _span(n[:k], var),
                      _span(n, var), len(n), f.cost, ce)


def _namespace() -> dict[str, Any]:
    from grundy.patterns.forms import NAMESPACE

    return dict(NAMESPACE)


def _synthesised(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], k: int, target: str, var: str,
                 limit: int) -> list[Conjecture]:
    """Rules found by the synthesiser (:mod:`grundy.patterns.synth`): shortest
    first, fitted on the first ``k`` positions and checked on all."""
    from grundy.patterns.synth import synthesize

    goal = v if target == "value" else (v == 0).astype(np.int64)
    if len(n) < 8 or _SEARCH_SECONDS.get() <= 0:
        return []
    found = synthesize([(var, n)], goal, fit=k, target=target, seconds=_SEARCH_SECONDS.get(), limit=limit,
                       threshold=var)
    out = []
    for f in found.found:
        ce = None
        if f.status == "refuted" and f.mismatch is not None:
            i = f.mismatch
            ce = {"position": int(n[i]), "table": int(goal[i]), "rule": f.got}
        words = f.expr if target == "value" else f"P iff {f.expr}"
        out.append(Conjecture(target, words, f.expr, var, f.status, _span(n[:k], var), _span(n, var), len(n),
                              10 + f.size, ce))
    return out


#: the variables of the synthesiser on pairs, and their values
_PAIR_VARS: list[tuple[str, Callable[[tuple[int, ...]], int]]] = [
    ("a", lambda q: q[0]), ("b", lambda q: q[1]), ("min(a, b)", min), ("max(a, b)", max),
    ("abs(a - b)", lambda q: abs(q[0] - q[1])),
]
#: the variables of the synthesiser on rows of heaps ``x``: symmetric aggregates
_ROW_VARS: list[tuple[str, Callable[[tuple[int, ...]], int]]] = [
    ("min(x)", min), ("max(x)", max), ("sum(x)", sum), ("xor_all(x)", xor_all),
    ("sorted(x)[1]", lambda q: sorted(q)[1]),
    ("x.count(min(x))", lambda q: q.count(min(q))), ("x.count(max(x))", lambda q: q.count(max(q))),
    ("x.count(0)", lambda q: q.count(0)), ("sum(h % 2 for h in x)", lambda q: sum(h % 2 for h in q)),
    ("len(set(x))", lambda q: len(set(q))),
]


def _synth_positions(pos: list[tuple[int, ...]], values: np.ndarray[Any, Any], fitted_mask: list[bool],
                     variables: list[tuple[str, Callable[[tuple[int, ...]], int]]],
                     env: Callable[[tuple[int, ...]], dict[str, Any]], names: str, fitted: str, checked: str,
                     limit: int, target: str | None = None) -> list[Conjecture]:
    """Rules of pairs or rows found by the synthesiser: positions in the fitted
    box first, the rest checked; values when they are not just 0/1, else
    P-positions. (Pairs' structure finders, Euclid's boundary among them, run
    before it: :mod:`grundy.conjecture.two_dim`; those of :func:`_pair_structures`
    -- P-positions periodic in both coordinates, values recursing to a smaller
    row -- beside it.)"""

    v = np.asarray(values, dtype=np.int64)
    pre = _pair_structures(pos, v, fitted_mask, fitted, checked) if names == "a, b" else []
    binary = bool(((v == 0) | (v == 1)).all())
    if not binary:  # values that are not just 0/1: a value rule ranks above any P-rule
        for c in pre:
            if c.target == "P":
                c.cost += 40
    wanted = target or ("P" if binary else "value")
    seconds = min(_SEARCH_SECONDS.get(), _SHORT_LOOK) if any(
        c.status == "verified" and c.target == wanted for c in pre) else _SEARCH_SECONDS.get()
    token = _SEARCH_SECONDS.set(seconds)
    try:
        return pre + _synth_only(pos, v, fitted_mask, variables, env, names, fitted, checked, limit, target)
    finally:
        _SEARCH_SECONDS.reset(token)


def _synth_only(pos: list[tuple[int, ...]], v: np.ndarray[Any, Any], fitted_mask: list[bool],
                variables: list[tuple[str, Callable[[tuple[int, ...]], int]]],
                env: Callable[[tuple[int, ...]], dict[str, Any]], names: str, fitted: str, checked: str,
                limit: int, target: str | None = None) -> list[Conjecture]:
    from grundy.patterns.synth import synthesize

    binary = bool(((v == 0) | (v == 1)).all())
    target = target or ("P" if binary else "value")
    goal = (v == 0).astype(np.int64) if target == "P" else v
    order = sorted(range(len(pos)), key=lambda i: (not fitted_mask[i], sum(pos[i]), pos[i]))
    fit = sum(fitted_mask)
    if fit < 8 or len(set(pos[0])) == 0 or _SEARCH_SECONDS.get() <= 0:
        return []
    used = [p for p in (pos[i] for i in order) if len(p) >= 2]
    if len(used) != len(pos):
        return []
    goal = goal[order]
    var_vals = [(name, np.array([fn(q) for q in used], dtype=np.int64)) for name, fn in variables
                if len(used[0]) >= 2]
    found = synthesize(var_vals, goal, fit=fit, target=target, env=lambda i: env(used[i]),
                       seconds=_SEARCH_SECONDS.get(), limit=limit)
    out = []
    for f in found.found:
        ce: dict[str, Any] | None = None
        if f.status == "refuted" and f.mismatch is not None:
            q = used[f.mismatch]
            if target == "P":
                ce = {"position": q, "table": "P" if goal[f.mismatch] else "N", "rule": "P" if f.got else "N"}
            else:
                ce = {"position": q, "table": int(goal[f.mismatch]), "rule": f.got}
        words = f.expr if target == "value" else f"P iff {f.expr}"
        out.append(Conjecture(target, words, f.expr, names, f.status, fitted, checked, len(used), 10 + f.size, ce))
    return out


def _pair_structures(pos: list[tuple[int, ...]], v: np.ndarray[Any, Any], fitted_mask: list[bool], fitted: str,
                     checked: str) -> list[Conjecture]:
    """P-positions of pairs periodic in both coordinates
    (:func:`grundy.patterns.structure.periodic_p_pairs`) and values that recurse
    to a smaller row (:func:`grundy.patterns.structure.pair_recursion`), each
    expression evaluated at every pair; ``[]`` when none holds where fitted."""
    from grundy.patterns.structure import pair_recursion, periodic_p_pairs

    p = (v == 0).astype(np.int64)
    out: list[Conjecture] = []
    f = periodic_p_pairs(pos, p, fitted_mask)
    if f is not None:
        out.extend(_pair_check(f, pos, p, fitted_mask, fitted, checked))
    if not ((v == 0) | (v == 1)).all():
        f = pair_recursion(pos, v)
        if f is not None:
            out.extend(_pair_check(f, pos, v, fitted_mask, fitted, checked, target="value"))
    return out


def _pair_check(f: Any, pos: list[tuple[int, ...]], p: np.ndarray[Any, Any], fitted_mask: list[bool], fitted: str,
                checked: str, target: str = "P") -> list[Conjecture]:
    """A structure's rule of pairs (a P-rule, or values with ``target="value"``)
    evaluated at every pair: ``[]`` when it fails where it was fitted, refuted
    where it fails later, else verified."""
    code = compile(f.expr, "<rule>", "eval")
    scope: dict[str, Any] = {"__builtins__": __builtins__, **_namespace()}
    order = sorted(range(len(pos)), key=lambda i: (sum(pos[i]), pos[i]))
    ce = None
    for i in order:
        scope["a"], scope["b"] = pos[i]
        got = eval(code, scope)  # noqa: S307 - the finder's own expression
        said = bool(got) if target == "P" else int(got)
        want = bool(p[i]) if target == "P" else int(p[i])
        if said != want:
            if fitted_mask[i]:
                return []
            ce = ({"position": pos[i], "table": "P" if p[i] else "N", "rule": "P" if said else "N"} if target == "P"
                  else {"position": pos[i], "table": want, "rule": said})
            break
    return [Conjecture(target, f.words, f.expr, "a, b", "refuted" if ce else "verified", fitted, checked, len(pos),
                       10 + f.cost, ce)]


def _prove(form: Form, theorem: Periodicity, n: np.ndarray[Any, Any], v: np.ndarray[Any, Any],
           why: str) -> str | None:
    """Why ``form`` holds for every ``n``, when the game's period is proven and
    the form is (arithmetically) periodic with a compatible period and agrees
    with the table on a full common period past both preperiods; else ``None``."""
    if not theorem.proven or form.period is None or int(n[0]) != 0:
        return None
    pre_f, p_f, s_f = form.period
    if form.exceptions:
        pre_f = max(pre_f, max(form.exceptions) + 1)
    lcm = p_f * theorem.period // math.gcd(p_f, theorem.period)
    if s_f * (lcm // p_f) != theorem.saltus * (lcm // theorem.period):
        return None
    need = max(pre_f, theorem.preperiod) + lcm
    if need > len(v):
        return None
    salt = f", saltus {theorem.saltus}" if theorem.saltus else ""
    return (f"the game's period {theorem.period}{salt} from n = {theorem.preperiod} is proven "
            f"({why}), and the rule has a common period with it and agrees with the table "
            f"on n = 0..{need - 1}")


def _catalogue(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], known: Mapping[str, Sequence[int]] | bool,
               own: Ruleset | None, fit: int | None = None) -> list[Conjecture]:
    """Equality with a known table, shifted by at most 2 and scaled: the shift
    and the scale are fitted on the prefix ``n[:fit]`` (half the table by
    default) and checked on all of it (refuted at the first difference)."""
    if known is False or int(n[0]) > 2 or len(n) < 20:  # a few values match too much
        return []
    k = len(n) // 2 if fit is None else fit
    k = max(10, min(k, len(n) - 1))
    size = int(n[-1]) + 3
    if known is True:
        table = {name: (spec, vals) for name, (spec, vals) in _known_tables(min(size, 1003)).items()
                 if own is None or own.spec != spec}
    else:
        table = {name: ("", list(vals)) for name, vals in known.items()}
    out = []
    for name, (spec, vals) in table.items():
        arr = np.asarray(vals, dtype=np.int64)
        for s in (0, 1, -1, 2, -2):
            idx = n + s
            if idx[0] < 0 or idx[k - 1] >= len(arr):
                continue
            ref = arr[idx[:k]]
            nz = np.flatnonzero(ref)
            if not len(nz) or v[nz[0]] % ref[nz[0]]:
                continue
            c = int(v[nz[0]] // ref[nz[0]])
            if c < 1 or not np.array_equal(c * ref, v[:k]):
                continue
            arg = "n" if s == 0 else f"n {'+' if s > 0 else '-'} {abs(s)}"
            scale = "" if c == 1 else f"{c} * "
            what = f"the table of {name}" + (f" at {arg}" if s else "") + (f", times {c}" if c > 1 else "")
            names: dict[str, Any] = {}
            if spec:
                expr = f"{scale}grundy.games.get({spec!r}).value({arg})"
            else:
                expr, names = f"{scale}known[{name!r}][{arg}]", {"known": {name: [int(x) for x in arr]}}
            whole = np.full(len(n), -1, dtype=np.int64)
            inside = idx < len(arr)
            whole[inside] = c * arr[idx[inside]]
            bad = np.flatnonzero(whole != v)
            ce: dict[str, Any] | None = None
            if len(bad):
                b = int(bad[0])
                rule: int | str = int(whole[b]) if whole[b] >= 0 else "nothing (past the known table)"
                ce = {"position": int(n[b]), "table": int(v[b]), "rule": rule}
            out.append(Conjecture("value", what, expr, "n", "refuted" if ce else "verified", _span(n[:k], "n"),
                                  _span(n, "n"), len(n), 40 + abs(s) + (c > 1),  # after the closed forms
                                  ce, names=names))
            break
    return out
