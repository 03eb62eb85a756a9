"""Guess an increasing sequence of integers (the ends of a game's runs, its
P-positions) and write it as Python expressions in a variable: how many terms
are at most the variable, and whether the variable is a term.

The rules tried, simplest first: an arithmetic progression, ``x_{j+1} = a x_j
+ b`` (powers: ``2^j - 1``, ``(3^j - 1)/2``, ...), a polynomial in ``j`` of
degree 2 or 3, ``x_{j+2} = a x_{j+1} + b x_j + c`` (Fibonacci-like), and gaps
that are a function of the binary length (or the square root) of a term, as in
a game whose move set grows with the heap. A short head of irregular terms may
come first. Every expression is exact on integers of any size and evaluates
with the builtins and the primitives of :mod:`grundy.patterns.primitives`
(the recurrences as self-contained ``lambda`` expressions: they paste into a
solution as they are).

>>> s = guess_sequence([1, 2, 3, 5, 8, 13, 21, 34])
>>> s.words
'x_0 = 1, x_1 = 2, x_{j+2} = x_{j+1} + x_j'
>>> from grundy.patterns.forms import evaluate
>>> evaluate(s.member("n"), n=354224848179261915075), evaluate(s.count("n"), n=10**30) # F_100, and F_k <= 10^30
(True, 144)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import isqrt
from typing import Any

__all__ = ["Seq", "guess_sequence"]

#: terms a recurrence must pass within this many steps (it grows geometrically)
_GROWTH_STEPS, _GROWTH_TOP = 400, 10**40


def _signed(c: int, text: str = "") -> str:
    """`` + c text`` / `` - c text`` for joining terms."""
    if c == 0:
        return ""
    mag = abs(c)
    body = text if mag == 1 and text else (f"{mag} * {text}" if text else f"{mag}")
    return f" {'+' if c > 0 else '-'} {body}"


def _poly_text(coeffs: Sequence[int], var: str) -> str:
    """``sum c_i C(var, i)`` as Python text: in powers of ``var`` when their
    coefficients are integers, else in the Newton form (exact on integers)."""
    mono = [Fraction(0)] * 4
    newton: list[list[Fraction]] = [[Fraction(1)], [Fraction(0), Fraction(1)],
                                    [Fraction(0), Fraction(-1, 2), Fraction(1, 2)],
                                    [Fraction(0), Fraction(1, 3), Fraction(-1, 2), Fraction(1, 6)]]
    for c, basis in zip(coeffs, newton):
        for i, b in enumerate(basis):
            mono[i] += c * b
    if all(m.denominator == 1 for m in mono):
        powers = ["", var, f"{var} * {var}", f"{var} * {var} * {var}"]
        text = "".join(_signed(int(m), p) for m, p in zip(mono, powers)).strip() or "0"
        return text[2:] if text.startswith("+ ") else "-" + text[2:] if text.startswith("- ") else text
    parts = []
    for i, c in enumerate(coeffs):
        if c == 0:
            continue
        if i == 0:
            base = ""
        elif i == 1:
            base = var
        elif i == 2:
            base = f"({var} * ({var} - 1) // 2)"
        else:
            base = f"({var} * ({var} - 1) * ({var} - 2) // 6)"
        parts.append(_signed(c, base))
    text = "".join(parts).strip() or "0"
    if text.startswith("+ "):
        text = text[2:]
    elif text.startswith("- "):
        text = "-" + text[2:]
    return text


@dataclass(frozen=True)
class Seq:
    """A guessed sequence: ``head`` (irregular first terms), then the terms of
    the rule ``kind`` with parameters ``args``; ``words`` say it, ``cost``
    ranks it (simplest first)."""

    kind: str
    args: tuple[int, ...]
    head: tuple[int, ...] = ()
    words: str = ""
    cost: int = 0
    _gen: Callable[[int], list[int]] | None = field(default=None, repr=False, compare=False)

    def terms(self, top: int) -> list[int]:
        """The terms at most ``top``, in order."""
        assert self._gen is not None
        return [x for x in self.head if x <= top] + [x for x in self._gen(top)]

    def member(self, var: str) -> str:
        """An expression true exactly when ``var`` is a term."""
        body = _member_text(self.kind, self.args, var)
        if not self.head:
            return body
        heads = ", ".join(map(str, self.head)) + ("," if len(self.head) == 1 else "")
        return f"{var} in ({heads}) or {body}"

    def count(self, var: str) -> str | None:
        """An expression for the number of terms at most ``var`` (``None`` for
        gaps by band, which are only tested for membership)."""
        body = _count_text(self.kind, self.args, var)
        if body is None:
            return None
        if not self.head:
            return body
        return " + ".join(f"({var} >= {h})" for h in self.head) + f" + {body}"


def _member_text(kind: str, a: tuple[int, ...], v: str) -> str:
    if kind == "arith":
        x0, d = a
        return f"{v} >= {x0} and ({v} - {x0}) % {d} == 0"
    if kind == "linrec1":
        return f"in_linrec({v}, {a[0]}, {a[1]}, {a[2]}) == 1"
    if kind == "poly":
        e = _poly_text(a, "j")
        return _closed(v, f"(lambda j: j > 0 and (lambda j: {e})(j - 1) == {v})({_count_text(kind, a, v)})")
    if kind == "linrec2":
        p, q, c, x0, x1 = a
        step = _lin2(p, q, c)
        return _closed(v, f"(lambda s: s(s, {x0}, {x1}))(lambda s, u, w: u == {v} or u < {v} and s(s, w, {step}))")
    if kind in ("gaps-prev", "gaps-next"):
        return _gaps_text(kind, a, v)
    if kind == "linrecm":
        m, cs, xs = _linrecm_args(a)
        return _closed(v, f"(lambda s: s(s, {tuple(xs)}))(lambda s, t: {v} in t or t[0] < {v} and "
                          f"s(s, t[1:] + ({_linm_step(cs)},)))")
    if kind == "lag":
        m, p, c, *xs = a
        return _closed(v, f"(lambda s: s(s, {tuple(xs)}))(lambda s, t: {v} in t or t[0] < {v} and "
                          f"s(s, t[1:] + ({_lag_step(p, c)},)))")
    raise ValueError(kind)


def _lag_step(p: int, c: int) -> str:
    return ("t[0]" if p == 1 else f"{p} * t[0]") + _signed(c)


def _count_text(kind: str, a: tuple[int, ...], v: str) -> str | None:
    if kind == "arith":
        x0, d = a
        return f"max(0, ({v} - {x0}) // {d} + 1)"
    if kind == "linrec1":
        return f"linrec_index({v}, {a[0]}, {a[1]}, {a[2]})"
    if kind == "poly":  # the first j with e(j) > v: doubling, then bisection
        e = f"(lambda j: {_poly_text(a, 'j')})"
        return _closed(v, f"(0 if {v} < {a[0]} else (lambda e: (lambda s: s(s, 0, 1))(lambda s, lo, hi: s(s, hi, 2 * hi) "
                f"if e(hi) <= {v} else lo + 1 if hi - lo == 1 else s(s, (lo + hi) // 2, hi) "
                f"if e((lo + hi) // 2) <= {v} else s(s, lo, (lo + hi) // 2)))({e}))")
    if kind == "lag":
        m, p, c, *xs = a
        return _closed(v, f"(lambda s: s(s, 0, {tuple(xs)}))(lambda s, i, t: i if t[0] > {v} else "
                          f"s(s, i + 1, t[1:] + ({_lag_step(p, c)},)))")
    if kind == "linrecm":
        m, cs, xs = _linrecm_args(a)
        return _closed(v, f"(lambda s: s(s, 0, {tuple(xs)}))(lambda s, i, t: i if t[0] > {v} else "
                          f"s(s, i + 1, t[1:] + ({_linm_step(cs)},)))")
    if kind == "linrec2":
        p, q, c, x0, x1 = a
        return _closed(v, f"(lambda s: s(s, 0, {x0}, {x1}))(lambda s, i, u, w: i if u > {v} else "
                       f"s(s, i + 1, w, {_lin2(p, q, c)}))")
    return None


def _linrecm_args(a: tuple[int, ...]) -> tuple[int, list[int], list[int]]:
    """``(m, coefficients of x_j .. x_{j+m-1}, the first m terms)`` of a ``linrecm`` rule."""
    m = a[0]
    return m, list(a[1:m + 1]), list(a[m + 1:2 * m + 1])


def _linm_step(cs: Sequence[int]) -> str:
    """``c_0 t[0] + c_1 t[1] + ...`` (the zero coefficients left out)."""
    parts = []
    for i, c in enumerate(cs):
        if c == 0:
            continue
        term = f"t[{i}]" if abs(c) == 1 else f"{abs(c)} * t[{i}]"
        parts.append(("- " if c < 0 else "+ ") + term)
    text = " ".join(parts)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


def _solve(rows: list[list[int]], rhs: list[int]) -> list[Fraction] | None:
    """The solution of a square linear system (Gaussian elimination in exact
    fractions), or ``None`` if it is singular."""
    n = len(rows)
    m = [[Fraction(x) for x in r] + [Fraction(y)] for r, y in zip(rows, rhs)]
    for col in range(n):
        piv = next((r for r in range(col, n) if m[r][col] != 0), None)
        if piv is None:
            return None
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _linm_fits(xs: list[int], checks: int) -> list[Seq]:
    """``x_{j+m} = c_0 x_j + ... + c_{m-1} x_{j+m-1}`` with integer ``c``, for
    ``m`` from 3 to 6 (order 2 is ``linrec2``): the coefficients solved from the
    first ``2m`` terms, checked on the rest (at least ``checks + 2`` more terms).

    >>> s = _linm_fits([2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55, 76], 1)[0]
    >>> s.words
    'x_0 = 2, x_1 = 3, x_2 = 4, x_3 = 6, x_{j+4} = x_j + x_{j+3}'
    """
    out: list[Seq] = []
    r = len(xs)
    for m in range(3, 7):
        if r < 2 * m + checks + 2:
            break
        sol = _solve([xs[k:k + m] for k in range(m)], [xs[k + m] for k in range(m)])
        if sol is None or any(c.denominator != 1 for c in sol):
            continue
        cs = [int(c) for c in sol]
        if all(c == 0 for c in cs[:-1]) or any(abs(c) > 16 for c in cs):
            continue
        if any(sum(c * x for c, x in zip(cs, xs[k:k + m])) != xs[k + m] for k in range(r - m)):
            continue
        gen = _gen_linm(cs, xs[:m])
        if gen(xs[-1]) != xs or len(gen(_GROWTH_TOP)) >= _GROWTH_STEPS:
            continue
        rhs = " + ".join(("" if c == 1 else f"{c} ") + ("x_j" if i == 0 else f"x_{{j+{i}}}")
                         for i, c in enumerate(cs) if c).replace("+ -", "- ")
        words = ", ".join(f"x_{i} = {x}" for i, x in enumerate(xs[:m])) + f", x_{{j+{m}}} = {rhs}"
        out.append(Seq("linrecm", (m, *cs, *xs[:m]), (), words, 6 + m, gen))
        break
    return out


def _gen_linm(cs: Sequence[int], first: Sequence[int]) -> Callable[[int], list[int]]:
    def gen(top: int) -> list[int]:
        out: list[int] = []
        t = list(first)
        while t[0] <= top and len(out) < _GROWTH_STEPS:
            out.append(t[0])
            t = t[1:] + [sum(c * x for c, x in zip(cs, t))]
            if t[-1] <= t[-2]:
                break  # not increasing: no sequence
        return out
    return gen


def _lin2(p: int, q: int, c: int) -> str:
    text = ("w" if p == 1 else f"{p} * w" if p else "") + _signed(q, "u") + _signed(c)
    return text[3:] if text.startswith(" + ") else "-" + text[3:] if text.startswith(" - ") else text


#: bands of a gap rule: (name, the band of x as text, the first x past band L as text, the same in Python)
_BANDS: list[tuple[str, str, str, Callable[[int], int], Callable[[int], int]]] = [
    ("the binary length", "x.bit_length()", "1 << L", lambda x: x.bit_length(), lambda L: 1 << L),
    ("the square root", "isqrt(x)", "(L + 1) ** 2", isqrt, lambda L: (L + 1) ** 2),
]


def _gaps_text(kind: str, a: tuple[int, ...], v: str) -> str:
    band, alpha, beta, x0 = a
    _, b_text, e_text, _, _ = _BANDS[band]
    h = f"lambda L: {_poly_text((beta, alpha), 'L')}"
    b = f"lambda x: {b_text}"
    e = f"lambda L: {e_text}"
    inside = f"(({v} - x) % h(B(x)) == 0 if {v} < E(B(x)) else s(s, {{nxt}}))"
    if kind == "gaps-prev":
        nxt = "x - (x - E(B(x))) // h(B(x)) * h(B(x))"
    else:  # the last term of x's band, then the first M with B(y + h(M)) == M
        nxt = ("(lambda y: (lambda t: t(t, B(x) + 1))(lambda t, M: y + h(M) if B(y + h(M)) == M else t(t, M + 1)))"
               "(x + (E(B(x)) - 1 - x) // h(B(x)) * h(B(x)))")
    body = inside.format(nxt=nxt)
    return _closed(v, f"(lambda h, B, E: (lambda s: s(s, {x0}))(lambda s, x: x == {v} or x < {v} and {body}))"
                   f"({h}, {b}, {e})")


def _closed(v: str, body: str) -> str:
    """``body`` with ``v`` bound as a parameter, so that the lambdas inside see
    it however the expression is evaluated (``eval`` with ``v`` among the locals
    hides it from nested functions)."""
    return f"(lambda {v}: {body})({v})"


# ------------------------------------------------------------------ generators
def _gen_arith(x0: int, d: int) -> Callable[[int], list[int]]:
    return lambda top: list(range(x0, top + 1, d)) if top >= x0 else []


def _gen_rec(step: Callable[[int, int], int], x0: int, x1: int) -> Callable[[int], list[int]]:
    def gen(top: int) -> list[int]:
        out, u, w = [], x0, x1
        while u <= top:
            out.append(u)
            u, w = w, step(u, w)
        return out
    return gen


def _gen_poly(coeffs: Sequence[int]) -> Callable[[int], list[int]]:
    def gen(top: int) -> list[int]:
        out: list[int] = []
        j = 0
        while True:
            x = _poly_at(coeffs, j)
            if x > top:
                return out
            out.append(x)
            j += 1
    return gen


def _poly_at(coeffs: Sequence[int], j: int) -> int:
    binom = [1, j, j * (j - 1) // 2, j * (j - 1) * (j - 2) // 6]
    return sum(c * b for c, b in zip(coeffs, binom))


def _gap_step(kind: str, band: int, alpha: int, beta: int) -> Callable[[int], int | None]:
    """The next term after ``x`` (``None`` when no band fits within 64)."""
    _, _, _, bf, _ = _BANDS[band]

    def h(L: int) -> int:
        return alpha * L + beta

    def step(x: int) -> int | None:
        if kind == "gaps-prev":
            return x + h(bf(x))
        for m in range(bf(x), bf(x) + 64):
            if bf(x + h(m)) == m:
                return x + h(m)
        return None
    return step


def _gen_gaps(kind: str, a: tuple[int, ...]) -> Callable[[int], list[int]]:
    band, alpha, beta, x0 = a
    step = _gap_step(kind, band, alpha, beta)

    def gen(top: int) -> list[int]:
        out: list[int] = []
        x: int | None = x0
        while x is not None and x <= top:
            out.append(x)
            x = step(x)
        return out
    return gen


# ------------------------------------------------------------------ fitting
def _grows(step: Callable[[int, int], int], x0: int, x1: int) -> bool:
    """Strictly increasing, and past 10^40 within 400 terms (so that counting
    terms up to any n takes O(log n) steps)."""
    u, w = x0, x1
    for _ in range(_GROWTH_STEPS):
        if w <= u:
            return False
        if w > _GROWTH_TOP:
            return True
        u, w = w, step(u, w)
    return False


def _solve3(rows: list[list[int]], rhs: list[int]) -> list[Fraction] | None:
    """The solution of a 3 x 3 system (Cramer's rule), or ``None`` if singular."""
    def det(m: list[list[Fraction]]) -> Fraction:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    m = [[Fraction(x) for x in r] for r in rows]
    d = det(m)
    if d == 0:
        return None
    out = []
    for i in range(3):
        mi = [r[:] for r in m]
        for k in range(3):
            mi[k][i] = Fraction(rhs[k])
        out.append(det(mi) / d)
    return out


def _fits(xs: Sequence[int], checks: int) -> list[Seq]:
    """Every rule (without a head) that gives ``xs``, with at least ``checks``
    terms beyond those that determine its parameters; simplest first."""
    xs = list(xs)
    r = len(xs)
    out: list[Seq] = []
    diffs = [b - a for a, b in zip(xs, xs[1:])]
    if r >= 2 + checks and diffs and diffs[0] > 0 and all(d == diffs[0] for d in diffs):
        out.append(Seq("arith", (xs[0], diffs[0]), (), f"x_j = {xs[0]} + {diffs[0]} j", 1,
                       _gen_arith(xs[0], diffs[0])))
        return out
    if r >= 3 + checks and xs[1] > xs[0] >= 0 and (xs[2] - xs[1]) % (xs[1] - xs[0]) == 0:
        a = (xs[2] - xs[1]) // (xs[1] - xs[0])
        b = xs[1] - a * xs[0]
        if a >= 2 and all(xs[k + 1] == a * xs[k] + b for k in range(r - 1)):
            words = f"x_0 = {xs[0]}, x_(j+1) = {a} x_j{_signed(b)}".replace("x_(j+1)", "x_{j+1}")
            def step1(u: int, w: int, a: int = a, b: int = b) -> int:
                return a * w + b
            out.append(Seq("linrec1", (a, b, xs[0]), (), words, 2, _gen_rec(step1, xs[0], xs[1])))
    for deg in (2, 3):
        if r < deg + 2 + checks:
            continue
        table = [xs]
        for _ in range(deg):
            table.append([b - a for a, b in zip(table[-1], table[-1][1:])])
        if table[deg][0] > 0 and all(d == table[deg][0] for d in table[deg]) and all(d > 0 for d in table[1]) \
                and all(t[0] >= 0 for t in table[1:]):
            coeffs = tuple(t[0] for t in table[: deg + 1])
            out.append(Seq("poly", coeffs, (), f"x_j = {_poly_text(coeffs, 'j')} (a polynomial of degree {deg})",
                           2 + deg, _gen_poly(coeffs)))
    if r >= 5 + checks:
        sol = _solve3([[xs[k + 1], xs[k], 1] for k in range(3)], [xs[k + 2] for k in range(3)])
        if sol is not None and all(s.denominator == 1 for s in sol):
            p, q, c = (int(s) for s in sol)
            if q != 0 and all(xs[k + 2] == p * xs[k + 1] + q * xs[k] + c for k in range(r - 2)):
                def step(u: int, w: int, p: int = p, q: int = q, c: int = c) -> int:
                    return p * w + q * u + c
                if _grows(step, xs[0], xs[1]):
                    words = f"x_0 = {xs[0]}, x_1 = {xs[1]}, x_{{j+2}} = {_lin2(p, q, c).replace('w', 'x_{j+1}').replace('u', 'x_j')}"
                    out.append(Seq("linrec2", (p, q, c, xs[0], xs[1]), (), words, 6,
                                   _gen_rec(step, xs[0], xs[1])))
    for m in (2, 3):  # x_{j+m} = a x_j + c: m interleaved geometric sequences
        if r < m + 2 + checks or xs[m] == xs[0] or (xs[m + 1] - xs[m]) % (xs[1] - xs[0]):
            continue
        a = (xs[m + 1] - xs[m]) // (xs[1] - xs[0])
        c = xs[m] - a * xs[0]
        if a < 2 or any(xs[k + m] != a * xs[k] + c for k in range(r - m)):
            continue
        gen = _gen_lag(m, a, c, xs[:m])
        if gen(xs[-1]) != xs:
            continue
        said = "x_j" if a == 1 else f"{a} x_j"
        words = f"{', '.join(f'x_{i} = {x}' for i, x in enumerate(xs[:m]))}, x_{{j+{m}}} = {said}{_signed(c)}"
        out.append(Seq("lag", (m, a, c, *xs[:m]), (), words, 4 + m, gen))
    out.extend(_gap_fits(xs, checks))
    if not out:
        out.extend(_linm_fits(xs, checks))
    return out


def _gen_lag(m: int, a: int, c: int, first: Sequence[int]) -> Callable[[int], list[int]]:
    def gen(top: int) -> list[int]:
        out: list[int] = []
        t = list(first)
        while t[0] <= top:
            out.append(t[0])
            t = t[1:] + [a * t[0] + c]
            if t[-1] <= t[-2]:
                break  # not increasing: no sequence
        return out
    return gen


def _gap_fits(xs: list[int], checks: int) -> list[Seq]:
    """Gaps ``x_{j+1} - x_j = alpha L + beta``, ``L`` the band (binary length,
    square root) of ``x_j`` or of ``x_{j+1}``, over at least three bands."""
    out: list[Seq] = []
    if len(xs) < 6 or xs[0] < 0:
        return out
    for band, (bname, _, _, bf, _) in enumerate(_BANDS):
        for kind in ("gaps-prev", "gaps-next"):
            gap: dict[int, int] = {}
            ok = True
            for u, w in zip(xs, xs[1:]):
                key = bf(u) if kind == "gaps-prev" else bf(w)
                if gap.setdefault(key, w - u) != w - u:
                    ok = False
                    break
            if not ok or len(gap) < 3 + checks:
                continue
            ks = sorted(gap)
            (k0, g0), (k1, g1) = (ks[0], gap[ks[0]]), (ks[1], gap[ks[1]])
            if (g1 - g0) % (k1 - k0):
                continue
            alpha = (g1 - g0) // (k1 - k0)
            beta = g0 - alpha * k0
            if alpha < 0 or any(gap[k] != alpha * k + beta for k in ks) or alpha * bf(xs[0]) + beta < 1:
                continue
            if alpha == 0:
                continue  # an arithmetic progression
            a = (band, alpha, beta, xs[0])
            gen = _gen_gaps(kind, a)
            if gen(xs[-1]) != xs or len(gen(10**6)) < len(xs):
                continue
            which = "x_j" if kind == "gaps-prev" else "x_{j+1}"
            words = f"x_0 = {xs[0]}, x_{{j+1}} - x_j = {_poly_text((beta, alpha), 'L')}, L {bname} of {which}"
            out.append(Seq(kind, a, (), words, 7, gen))
    return out


def guess_sequence(xs: Sequence[int], *, checks: int = 1, max_head: int = 2) -> Seq | None:
    """The simplest rule for the increasing integers ``xs`` (see the module's
    doc): at least ``checks`` terms beyond those that fix its parameters agree
    with it; a head of at most ``max_head`` irregular first terms costs 2 each.
    ``None`` when no rule fits.

    >>> guess_sequence([0, 1, 3, 7, 15, 31]).member("n")
    'in_linrec(n, 2, 1, 0) == 1'
    >>> s = guess_sequence([0, 3, 7, 12, 18, 24, 30, 37, 44, 51, 58, 66, 74])
    >>> s.kind, s.words
    ('gaps-next', 'x_0 = 0, x_{j+1} - x_j = 1 + L, L the binary length of x_{j+1}')
    >>> guess_sequence([1, 5, 2, 9]) is None
    True
    """
    xs = [int(x) for x in xs]
    if len(xs) < 3 or any(b <= a for a, b in zip(xs, xs[1:])) or xs[0] < 0:
        return None
    best: Seq | None = None
    for h in range(0, min(max_head, len(xs) - 3) + 1):
        for s in _fits(xs[h:], checks):
            cost = s.cost + 2 * h
            if best is None or cost < best.cost:
                head = tuple(xs[:h])
                words = s.words if not h else f"{', '.join(map(str, head))}, then {s.words}"
                best = Seq(s.kind, s.args, head, words, cost, s._gen)
    return best


def is_increasing(xs: Sequence[Any]) -> bool:
    """Whether ``xs`` is strictly increasing."""
    return all(b > a for a, b in zip(xs, xs[1:]))
