"""A library of closed forms for integer sequences, fitted to a table.

Each :class:`Form` says what it is in words, as a Python expression in ``n`` that
evaluates with only the builtins and :data:`NAMESPACE`, and as a vectorised numpy
function; :func:`fit_forms` returns every form of the library (simplest first)
that agrees with a table up to a finite set of exceptions, which the form lists.

>>> import numpy as np
>>> n = np.arange(1, 65)
>>> best = fit_forms(n, n & -n)[0]
>>> best.words, best.expr
('the lowest set bit of n', 'lowbit(n)')
>>> eval(best.expr, {**NAMESPACE, "n": 12})
4
>>> [f.expr for f in fit_forms(np.arange(40), np.arange(40) % 4)]   # its period: the same rule
['n % 4']

The namespace (exact on Python integers of any size):

- ``lowbit(n)``, ``highbit(n)``: the lowest / highest set bit (0 for 0);
- ``popcount(n)``: the number of 1 bits; ``bitrev(n)``: the binary digits reversed;
- ``odious(n)`` / ``evil(n)``: the n-th odious / evil number from 0
  (``2n`` or ``2n + 1``, the one with an odd / even number of 1 bits);
- ``is_fib(n)``: 1 if n is a Fibonacci number (1, 2, 3, 5, 8, ...), else 0;
  ``zeck_low(n)``: the smallest term of n's Zeckendorf representation;
- ``is_pow2(n)``: 1 if n is a power of two, else 0;
- ``beatty(k, p, d, q)``: ``floor(k (p + sqrt d) / q)`` exactly (``d`` not a square);
- ``xor_all(xs)``: the XOR of an iterable of integers;
- the synthesiser's primitives (:mod:`grundy.patterns.primitives`): ``isqrt``,
  ``bitlen``, ``ilog(n, k)``, ``v2``, ``vp(n, p)``, ``odd_part``, ``trinv``,
  ``is_tri``, ``is_square``, ``is_prime``, ``ndiv``, ``sigma``, ``omega``,
  ``bigomega``, ``spf``, ``phi``, ``fib``, ``gcd``.

>>> [odious(m) for m in range(6)], zeck_low(20), beatty(3, 1, 5, 2)
([1, 2, 4, 7, 8, 11], 2, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
import math
from math import gcd, isqrt
from typing import Any

import numpy as np

from grundy.patterns.periodicity import find_periodicity
from grundy.patterns.primitives import PRIMITIVES, VECTORISED

__all__ = [
    "Form", "fit_forms", "NAMESPACE", "evaluate", "lowbit", "highbit", "popcount", "bitrev",
    "odious", "evil", "is_fib", "zeck_low", "is_pow2", "beatty", "xor_all",
    "QuadraticIrrational", "quadratic_from_bounds", "reduced_quadratic", "renamed",
]

Array = Any  # a numpy integer array


# ------------------------------------------------------------------ the namespace
def lowbit(n: int) -> int:
    """The lowest set bit of ``n`` (0 for 0): the ruler function."""
    return n & -n


def highbit(n: int) -> int:
    """The highest set bit of ``n`` (0 for 0)."""
    return 1 << (n.bit_length() - 1) if n > 0 else 0


def popcount(n: int) -> int:
    """The number of 1 bits of ``n >= 0``."""
    return bin(n).count("1")


def bitrev(n: int) -> int:
    """``n`` with its binary digits reversed (``bitrev(6) == 3``)."""
    return int(bin(n)[:1:-1], 2) if n > 0 else 0


def odious(n: int) -> int:
    """The ``n``-th odious number from 0: ``2n`` or ``2n + 1``, whichever has an odd
    number of 1 bits."""
    return 2 * n + 1 - popcount(n) % 2


def evil(n: int) -> int:
    """The ``n``-th evil number from 0: ``2n`` or ``2n + 1``, whichever has an even
    number of 1 bits."""
    return 2 * n + popcount(n) % 2


def _fibs_upto(n: int) -> list[int]:
    out = [1, 2]
    while out[-1] <= n:
        out.append(out[-1] + out[-2])
    return out


def is_fib(n: int) -> int:
    """1 if ``n`` is a Fibonacci number (1, 2, 3, 5, 8, ...), else 0."""
    return int(n >= 1 and n in _fibs_upto(n))


def zeck_low(n: int) -> int:
    """The smallest term of the Zeckendorf representation of ``n`` (0 for 0)."""
    low = 0
    for f in reversed(_fibs_upto(n)):
        if f <= n:
            n -= f
            low = f
    return low


def is_pow2(n: int) -> int:
    """1 if ``n`` is a power of two (1, 2, 4, ...), else 0."""
    return int(n > 0 and n & (n - 1) == 0)


def beatty(k: int, p: int, d: int, q: int) -> int:
    """``floor(k (p + sqrt(d)) / q)`` for ``q > 0`` and ``d`` not a perfect square,
    in exact integer arithmetic."""
    if k < 0:
        return -beatty(-k, p, d, q) - 1 if k else 0
    root = isqrt(k * k * d)  # floor(k sqrt d); never exact for k > 0
    return (k * p + root) // q


def xor_all(xs: Iterable[int]) -> int:
    """The XOR of the integers ``xs``."""
    x = 0
    for v in xs:
        x ^= v
    return x


#: The names a form's expression may use besides the builtins.
NAMESPACE: dict[str, Callable[..., int]] = {
    **{f.__name__: f
       for f in (lowbit, highbit, popcount, bitrev, odious, evil, is_fib, zeck_low, is_pow2, beatty, xor_all)},
    **PRIMITIVES,
}


def evaluate(expr: str, **names: Any) -> Any:
    """``expr`` evaluated with the builtins, :data:`NAMESPACE` and ``names``.

    >>> evaluate("odious(n - 1)", n=4)
    7
    """
    return eval(expr, {"__builtins__": __builtins__, **NAMESPACE}, names)  # noqa: S307


# ------------------------------------------------------------------ vectorised
def _v_highbit(x: Array) -> Array:
    e = np.frexp(np.maximum(x, 1).astype(np.float64))[1].astype(np.int64)
    return np.where(x > 0, np.left_shift(np.int64(1), e - 1), 0)


def _v_popcount(x: Array) -> Array:
    return np.bitwise_count(np.maximum(x, 0)).astype(np.int64)


def _v_bitrev(x: Array) -> Array:
    x = np.maximum(x, 0).astype(np.int64)
    out = np.zeros_like(x)
    width = _v_highbit(x)
    y = x.copy()
    while np.any(width > 0):
        out = np.where(width > 0, (out << 1) | (y & 1), out)
        y = y >> 1
        width = width >> 1
    return out


def _fib_array(top: int) -> Array:
    return np.array(_fibs_upto(max(top, 2)), dtype=np.int64)


def _v_is_fib(x: Array) -> Array:
    return np.isin(x, _fib_array(int(x.max()) if len(x) else 2)).astype(np.int64)


def _v_zeck_low(x: Array) -> Array:
    r = np.maximum(x, 0).astype(np.int64)
    low = np.zeros_like(r)
    for f in _fib_array(int(r.max()) if len(r) else 2)[::-1]:
        take = r >= f
        r = np.where(take, r - f, r)
        low = np.where(take, f, low)
    return low


def _v_is_pow2(x: Array) -> Array:
    return ((x > 0) & ((x & (x - 1)) == 0)).astype(np.int64)


def _v_beatty(p: int, d: int, q: int, mod: int = 0) -> Callable[[Array], Array]:
    """``floor(x (p + sqrt d) / q)`` (modulo ``mod`` if given) on an array of
    ``x >= 0`` (``d x^2 < 2^52``), exactly: the float root corrected to ``isqrt``."""
    def f(x: Array) -> Array:
        x = np.maximum(np.asarray(x, dtype=np.int64), 0)
        m = d * x * x
        r = np.sqrt(m.astype(np.float64)).astype(np.int64)
        r = np.where(r * r > m, r - 1, r)
        r = np.where((r + 1) * (r + 1) <= m, r + 1, r)
        out = (x * p + r) // q
        return out % mod if mod else out
    return f


#: the quadratic irrationals of Beatty features: ``(p, d, q, name)``, ``(p + sqrt d) / q``
_IRRATIONALS = ((0, 8, 2, "sqrt 2"), (0, 12, 2, "sqrt 3"), (1, 5, 2, "phi"), (0, 20, 2, "sqrt 5"))


@dataclass(frozen=True)
class _Feature:
    """A named function of ``n``: words and expression templates in ``{x}``."""

    words: str
    expr: str
    fn: Callable[[Array], Array]
    cost: int


_FEATURES: tuple[_Feature, ...] = (
    _Feature("{x}", "{x}", lambda x: x, 0),
    _Feature("the lowest set bit of {x}", "lowbit({x})", lambda x: x & -x, 2),
    _Feature("the highest set bit of {x}", "highbit({x})", _v_highbit, 2),
    _Feature("the number of 1 bits of {x}", "popcount({x})", _v_popcount, 2),
    _Feature("the parity of the number of 1 bits of {x} (1: odious)", "popcount({x}) % 2",
             lambda x: _v_popcount(x) % 2, 2),
    _Feature("the {x}-th odious number: 2{x} or 2{x} + 1, the one with an odd number of 1 bits",
             "odious({x})", lambda x: 2 * x + 1 - _v_popcount(x) % 2, 2),
    _Feature("the {x}-th evil number: 2{x} or 2{x} + 1, the one with an even number of 1 bits",
             "evil({x})", lambda x: 2 * x + _v_popcount(x) % 2, 2),
    _Feature("{x} with its binary digits reversed", "bitrev({x})", _v_bitrev, 3),
    _Feature("{x} with its lowest 1 bit dropped", "{x} & ({x} - 1)", lambda x: x & (x - 1), 3),
    _Feature("1 if {x} is a Fibonacci number, else 0", "is_fib({x})", _v_is_fib, 3),
    _Feature("the smallest term of the Zeckendorf representation of {x}", "zeck_low({x})", _v_zeck_low, 3),
    _Feature("1 if {x} is a power of two, else 0", "is_pow2({x})", _v_is_pow2, 3),
    _Feature("v2({x})", "v2({x})", lambda x: VECTORISED["v2"][0](np.maximum(x, 0)), 2),
    _Feature("bitlen({x})", "bitlen({x})",
             lambda x: VECTORISED["bitlen"][0](np.maximum(x, 0)), 2),
    _Feature("isqrt({x})", "isqrt({x})", lambda x: VECTORISED["isqrt"][0](np.maximum(x, 0)), 3),
    _Feature("trinv({x})", "trinv({x})",
             lambda x: VECTORISED["trinv"][0](np.maximum(x, 0)), 3),
    # floor(x r) and its parity for a few quadratic irrationals: thresholds at sqrt
    # (points in a disc) and Beatty sequences
    *(_Feature(f"floor({{x}} {name})", f"beatty({{x}}, {p}, {d}, {q})", _v_beatty(p, d, q), 4)
      for p, d, q, name in _IRRATIONALS),
    *(_Feature(f"the parity of floor({{x}} {name})", f"beatty({{x}}, {p}, {d}, {q}) % 2",
               _v_beatty(p, d, q, 2), 4) for p, d, q, name in _IRRATIONALS),
)


# ------------------------------------------------------------------ forms
@dataclass(frozen=True)
class Form:
    """A closed form ``g(n)``: ``words``, ``expr`` (a Python expression in ``n``,
    exceptions included, see :func:`evaluate`), ``fn`` (vectorised, exceptions
    excluded), ``exceptions`` (``n -> value`` where the rule does not hold),
    ``cost`` (simplicity rank: lower is simpler) and ``period`` ``(preperiod,
    period, saltus)`` when the form is ultimately arithmetic-periodic (from
    ``preperiod`` on, exceptions included)."""

    words: str
    rule: str
    fn: Callable[[Array], Array] = field(repr=False, compare=False)
    cost: int
    exceptions: dict[int, int] = field(default_factory=dict)
    period: tuple[int, int, int] | None = None

    @property
    def expr(self) -> str:
        """The expression, exceptions included: ``{3: 1}.get(n, rule)``."""
        if not self.exceptions:
            return self.rule
        return f"{dict(sorted(self.exceptions.items()))!r}.get(n, {self.rule})"

    def values(self, n: Array) -> Array:
        """The form on the array ``n`` (exceptions included)."""
        out = np.asarray(self.fn(n), dtype=np.int64)
        if self.exceptions:
            out = out.copy()
            for k, v in self.exceptions.items():
                out[n == k] = v
        return out

    def described(self) -> str:
        """The words, with the exceptions."""
        if not self.exceptions:
            return self.words
        items = sorted(self.exceptions.items())
        shown = ", ".join(f"g({k}) = {v}" for k, v in items[:12])
        more = f" and {len(items) - 12} more" if len(items) > 12 else ""
        return f"{self.words}, except {shown}{more}"


def _periodic_rule(base: Sequence[int], p: int, s: int, var: str = "n") -> str:
    head = f"{list(base)!r}[{var} % {p}]" if p > 1 else str(base[0])
    if s == 0:
        return head
    step = f"{var} // {p}" if p > 1 else var
    mult = "" if s == 1 else f" * {s}" if s > 0 else f" * ({s})"
    if head == "0":
        return f"{step}{mult}"
    return f"{head} + {step}{mult}"


def _exceptions(n: Array, v: Array, pred: Array, max_exc: int, before: int) -> dict[int, int] | None:
    bad = np.flatnonzero(pred != v)
    if len(bad) > max_exc or (len(bad) and int(n[bad[-1]]) >= before):
        return None
    return {int(n[i]): int(v[i]) for i in bad}


def fit_forms(n: Array, values: Array, *, max_exceptions: int | None = None,
              max_modulus: int = 64) -> list[Form]:
    """Every form of the library that equals ``values`` on the positions ``n``
    (increasing integers) except at a few early ones (at most ``max_exceptions``,
    default ``max(2, len / 50)``, all in the first half), simplest first.

    Tried: constants, ``a f(n) + b`` and ``a f(n - 1) + b`` for the binary and
    Fibonacci features of the namespace (``f(n) = n``: linear; bits shifted in
    are ``2^k n``, bits shifted out ``n // 2^k``), ``n ^ m`` and ``n & m`` for a
    mask ``m``, ``n % k`` and ``n // k``, two linear pieces, and (arithmetic) periodicity with the
    preperiod's disagreements listed as exceptions.

    >>> import numpy as np
    >>> n = np.arange(60)
    >>> f = fit_forms(n, np.where(n == 5, 9, 2 * n + 1))[0]
    >>> f.expr, f.described()
    ('{5: 9}.get(n, 2 * n + 1)', '2n + 1, except g(5) = 9')
    """
    n = np.asarray(n, dtype=np.int64)
    v = np.asarray(values, dtype=np.int64)
    size = len(n)
    if size == 0:
        return []
    cap = max(2, size // 50) if max_exceptions is None else max_exceptions
    before = int(n[0]) + max(1, size // 2)
    out: list[Form] = []
    seen: set[bytes] = set()

    wide = np.arange(int(n[0]), int(n[0]) + 2 * size + 8, dtype=np.int64)

    def add(form: Form) -> None:
        key = form.values(wide).tobytes()  # forms that differ beyond the table are kept apart
        if key not in seen:
            seen.add(key)
            out.append(form)

    def try_rule(words: str, rule: str, fn: Callable[[Array], Array], cost: int,
                 period: tuple[int, int, int] | None = None) -> None:
        pred = np.asarray(fn(n), dtype=np.int64)
        exc = _exceptions(n, v, pred, cap, before)
        if exc is not None:
            add(Form(words, rule, fn, cost + len(exc), exc, period))

    # constants
    c = int(v[-1])
    try_rule(f"the constant {c}", str(c), _constant(c), 0, (0, 1, 0))
    # a f(n - d) + b
    for d in (0, 1, -1):
        xw = xe = "n" if d == 0 else f"(n {'-' if d > 0 else '+'} 1)"
        shifted = n - d
        if shifted[0] < 0:
            continue
        for feat in _FEATURES[1:] if d < 0 else _FEATURES:  # (n + 1) itself is linear in n
            fx = np.asarray(feat.fn(shifted), dtype=np.int64)
            for a, b in _affine_fits(fx, v, size):
                fn = _affine(feat.fn, a, b, d)
                base_w = (feat.words.format(x=xw).replace("of (n - 1)", "of n - 1").replace("of (n + 1)", "of n + 1")
                          .replace("((n - 1))", "(n - 1)").replace("((n + 1))", "(n + 1)"))
                base_e = feat.expr.format(x=xe).replace("((n - 1))", "(n - 1)").replace("((n + 1))", "(n + 1)")
                words, rule = _affine_text(a, b, base_w, base_e, feat is _FEATURES[0])
                per = (d, 1, a) if feat is _FEATURES[0] else None
                try_rule(words, rule, fn, 1 + feat.cost + 2 * abs(d) + (a != 1) + (b != 0), per)
    # n % k, n // k
    for k in range(2, max_modulus + 1):
        try_rule(f"n mod {k}", f"n % {k}", _periodic(np.arange(k), k, 0), 3, (0, k, 0))
        try_rule(f"floor(n / {k})", f"n // {k}", _periodic(np.zeros(k, dtype=np.int64), k, 1), 3, (0, k, 1))
    # n XOR / AND a mask
    m = int(v[-1]) ^ int(n[-1])
    if m > 0:
        try_rule(f"n XOR {m}", f"n ^ {m}", _mask(m, xor=True), 4)
    m = int(np.bitwise_or.reduce(v)) if int(v.min()) >= 0 else 0
    if m > 0:
        try_rule(f"n AND {m}", f"n & {m}", _mask(m, xor=False), 4)
    # two linear pieces
    pw = _piecewise(n, v)
    if pw is not None:
        try_rule(*pw)
    # (arithmetic) periodicity
    per_form = _periodic_form(n, v, cap, before)
    if per_form is not None:
        steps = _staircase(per_form)
        if steps is not None:
            add(steps)
        add(per_form)
    out.sort(key=lambda f: f.cost)
    return out


def _constant(c: int) -> Callable[[Array], Array]:
    def f(x: Array) -> Array:
        return np.full(len(x), c, dtype=np.int64)
    return f


def _mask(m: int, *, xor: bool) -> Callable[[Array], Array]:
    def f(x: Array) -> Array:
        return x ^ m if xor else x & m
    return f


def _affine(fn: Callable[[Array], Array], a: int, b: int, d: int) -> Callable[[Array], Array]:
    def f(x: Array) -> Array:
        return a * fn(x - d) + b
    return f


def _periodic(base: Array, p: int, s: int) -> Callable[[Array], Array]:
    def f(x: Array) -> Array:
        return base[x % p] + (x // p) * s
    return f


def _affine_text(a: int, b: int, words: str, expr: str, linear: bool) -> tuple[str, str]:
    loose = any(op in expr for op in (" % ", " + ", " - ", " & ", " ^ ", " | ", " // ", " >> ", " << "))
    if linear and a != 1:
        w = f"{a}{words}" if words == "n" else f"{a}({words})"
        e = f"{a} * ({expr})" if loose else f"{a} * {expr}"
    elif a == 1:
        w, e = words, expr
    else:  # an operator that binds looser than * keeps its parentheses
        w, e = f"{a} * ({words})", f"{a} * ({expr})" if loose else f"{a} * {expr}"
    if b:
        w += f" {'+' if b > 0 else '-'} {abs(b)}"
        e += f" {'+' if b > 0 else '-'} {abs(b)}"
    return w, e


def _affine_fits(fx: Array, v: Array, size: int) -> list[tuple[int, int]]:
    """Integer ``(a, b)`` with ``v = a fx + b`` at the last two positions where
    ``fx`` differs (``(1, 0)`` always tried)."""
    fits = [(1, 0)]
    i = size - 1
    diff = np.flatnonzero(fx != fx[i])
    if len(diff):
        j = int(diff[-1])
        num, den = int(v[i] - v[j]), int(fx[i] - fx[j])
        if den and num % den == 0 and num:
            a = num // den
            b = int(v[i]) - a * int(fx[i])
            if (a, b) != (1, 0):
                fits.append((a, b))
    return fits


def _piecewise(n: Array, v: Array) -> tuple[str, str, Callable[[Array], Array], int] | None:
    """Two linear pieces: the first from the first two values, the second from
    the last two, meeting at the first position the second holds from on."""
    if len(n) < 8:
        return None
    a2 = int(v[-1] - v[-2]) // max(1, int(n[-1] - n[-2]))
    b2 = int(v[-1]) - a2 * int(n[-1])
    ok = (a2 * n + b2) == v
    bad = np.flatnonzero(~ok)
    if not len(bad):
        return None
    br = int(bad[-1]) + 1
    if br < 2 or br >= len(n) // 2:
        return None
    a1 = int(v[1] - v[0]) // max(1, int(n[1] - n[0]))
    b1 = int(v[0]) - a1 * int(n[0])
    if not np.array_equal(a1 * n[:br] + b1, v[:br]) or (a1, b1) == (a2, b2):
        return None
    cut = int(n[br])
    w1, e1 = _affine_text(a1, b1, "n", "n", True)
    w2, e2 = _affine_text(a2, b2, "n", "n", True)
    return (f"{w1} for n < {cut}, then {w2}", f"({e1} if n < {cut} else {e2})",
            lambda x: np.where(x < cut, a1 * x + b1, a2 * x + b2), 6)


def _periodic_form(n: Array, v: Array, cap: int, before: int) -> Form | None:
    """The (arithmetic) period of ``v`` (positions from ``n[0]``, consecutive),
    written as ``[...][n % p] + n // p * s`` with the preperiod's disagreements as
    exceptions."""
    if len(n) < 6 or not np.array_equal(np.diff(n), np.ones(len(n) - 1, dtype=np.int64)):
        return None
    per = find_periodicity(v.tolist(), saltus=True, min_repeats=3)
    if per is None:
        return None
    p, s, n0 = per.period, per.saltus, int(n[0])
    start = n0 + per.preperiod  # the first position of the periodic part
    base = [0] * p
    for m in range(start, start + p):
        base[m % p] = int(v[m - n0]) - (m // p) * s
    fn = _periodic(np.array(base, dtype=np.int64), p, s)
    pred = fn(n)
    bad = np.flatnonzero(pred != v)
    if len(bad) > max(cap, 64) or (len(bad) and int(n[bad[-1]]) >= before):
        return None
    exc = {int(n[i]): int(v[i]) for i in bad}
    salt = f", saltus {s}" if s else ""
    words = f"periodic with period {p}{salt}: {_base_words(base, p, s)}"
    rule = _periodic_rule(base, p, s)
    pre = (int(n[bad[-1]]) + 1) if len(bad) else 0
    return Form(words, rule, fn, 5 + p + len(exc), exc, (pre, p, s))


def _staircase(form: Form) -> Form | None:
    """A periodic form whose period is a staircase, ``(n + r) % p // c`` (the
    values of a subtraction game ``{c, ..., p - c}`` and its shifts), written so
    (its constants lift across a family's parameter).

    >>> n = np.arange(1, 40)
    >>> [f.expr for f in fit_forms(n, (n - 1) % 7 // 3)][:1]
    ['(n + 6) % 7 // 3']
    """
    if form.period is None or form.period[2] != 0 or form.period[1] < 3:
        return None
    p = form.period[1]
    i = np.arange(p, dtype=np.int64)
    base = form.fn(i)
    if len(set(base.tolist())) < 3:
        return None  # two values: the list reads better ([0, 1, 0][n % 3])
    for c in range(1, p):
        for r in range(p):
            if np.array_equal(base, (i + r) % p // c):
                rule = (f"n % {p}" if r == 0 else f"(n + {r}) % {p}") + ("" if c == 1 else f" // {c}")
                words = (f"n mod {p}" if r == 0 else f"(n + {r}) mod {p}") + ("" if c == 1 else f", divided by {c}")
                return Form(words, rule, _staircase_fn(p, r, c), 4 + (r > 0) + (c > 1), dict(form.exceptions),
                            form.period)
    return None


def _staircase_fn(p: int, r: int, c: int) -> Callable[[Array], Array]:
    def f(x: Array) -> Array:
        return (x + r) % p // c
    return f


def _base_words(base: Sequence[int], p: int, s: int) -> str:
    shown = ", ".join(map(str, base[:12])) + (", ..." if p > 12 else "")
    if s:
        return f"n = {p}q + r has value [{shown}][r] + {s}q"
    return f"n mod {p} = 0, 1, ... gives {shown}"


def renamed(form: Form, var: str) -> Form:
    """``form`` with its variable renamed (``n`` to ``a``) in its words and rule,
    for text only: :attr:`Form.expr` and :meth:`Form.values` still read ``n``."""
    import re

    def sub(t: str) -> str:
        return re.sub(r"(?<![A-Za-z_])n\b", var, t)  # "2n" too

    return replace(form, words=sub(form.words), rule=sub(form.rule))


# ------------------------------------------------------------------ quadratic irrationals
@dataclass(frozen=True)
class QuadraticIrrational:
    """``(p + sqrt(d)) / q`` with ``q > 0`` and ``d`` not a perfect square."""

    p: int
    d: int
    q: int

    def floor_mul(self, k: int) -> int:
        """``floor(k * self)``, exactly."""
        return beatty(k, self.p, self.d, self.q)

    def __float__(self) -> float:
        return float((self.p + math.sqrt(self.d)) / self.q)

    def __str__(self) -> str:
        if (self.p, self.d, self.q) == (1, 5, 2):
            return "phi = (1 + sqrt 5)/2"
        sign = "+"
        if not self.p:
            return f"sqrt {self.d}" if self.q == 1 else f"sqrt {self.d}/{self.q}"
        return f"({self.p} {sign} sqrt {self.d})/{self.q}" if self.p > 0 else f"(sqrt {self.d} - {-self.p})/{self.q}"


def _cf_prefix(lo: Fraction, hi: Fraction, limit: int = 60) -> list[int]:
    """The continued-fraction terms shared by every number in ``[lo, hi)``."""
    terms: list[int] = []
    while len(terms) < limit:
        a, b = lo.numerator // lo.denominator, hi.numerator // hi.denominator
        if a != b or hi == b:
            break
        terms.append(a)
        lo, hi = lo - a, hi - a
        if lo == 0:
            break
        lo, hi = 1 / hi, 1 / lo
    return terms


def _from_periodic_cf(pre: Sequence[int], period: Sequence[int]) -> QuadraticIrrational | None:
    """The value of ``[pre; period, period, ...]`` as ``(p + sqrt d)/q``."""
    # x = [period..., x] = (A x + B) / (C x + D)
    A, B, C, D = 1, 0, 0, 1
    for t in period:
        A, B, C, D = A * t + B, A, C * t + D, C
    # C x^2 + (D - A) x - B = 0, x > 1
    if C == 0:
        return None
    disc = (D - A) ** 2 + 4 * B * C
    if isqrt(disc) ** 2 == disc:
        return None
    # x = (A - D + sqrt disc) / (2C); then r = [pre; x] = (E x + F)/(G x + H)
    E, F, G, H = 1, 0, 0, 1
    for t in pre:
        E, F, G, H = E * t + F, E, G * t + H, G
    # r = (E (u + w) + F c) / (G (u + w) + H c) with x = (u + w)/c, w = sqrt disc
    u, c = A - D, 2 * C
    num_r, num_s = E * u + F * c, E          # numerator: num_r + num_s w
    den_r, den_s = G * u + H * c, G          # denominator: den_r + den_s w
    # multiply by the conjugate of the denominator
    top_r = num_r * den_r - num_s * den_s * disc
    top_s = num_s * den_r - num_r * den_s
    bottom = den_r * den_r - den_s * den_s * disc
    if bottom < 0:
        top_r, top_s, bottom = -top_r, -top_s, -bottom
    if top_s == 0:
        return None
    # (top_r + top_s sqrt disc)/bottom = (top_r + sqrt(top_s^2 disc))/bottom when top_s > 0
    if top_s < 0:
        return None
    g = gcd(gcd(top_r, top_s), bottom)
    top_r, top_s, bottom = top_r // g, top_s // g, bottom // g
    return reduced_quadratic(top_r, top_s * top_s * disc, bottom)


def reduced_quadratic(p: int, d: int, q: int) -> QuadraticIrrational:
    """``(p + sqrt d) / q`` with common factors removed (``q > 0``, ``d`` not a
    square).

    >>> str(reduced_quadratic(0, 8, 2)), str(reduced_quadratic(2, 20, 4))
    ('sqrt 2', 'phi = (1 + sqrt 5)/2')
    """
    g = gcd(gcd(p, q), _square_part(d))
    if g > 1:
        p, q, d = p // g, q // g, d // (g * g)
    return QuadraticIrrational(p, d, q)


def _square_part(n: int, limit: int = 10_000) -> int:
    """A ``t`` with ``t^2 | n``: the product of the squares of primes below
    ``limit`` (all of them for the small numbers met here)."""
    t, f = 1, 2
    while f * f <= n and f < limit:
        while n % (f * f) == 0:
            n //= f * f
            t *= f
        f += 1
    return t


def quadratic_from_bounds(lo: Fraction, hi: Fraction) -> QuadraticIrrational | None:
    """The quadratic irrational in ``[lo, hi)`` whose continued fraction is the
    shared prefix of the interval's, continued periodically (the shortest
    preperiod + period seen at least twice), or ``None`` (also for one of the
    form ``(p - sqrt d)/q``, which :func:`beatty` does not write).

    >>> str(quadratic_from_bounds(Fraction(1618, 1000), Fraction(1619, 1000)))
    'phi = (1 + sqrt 5)/2'
    """
    terms = _cf_prefix(lo, hi)
    best: QuadraticIrrational | None = None
    for total in range(1, len(terms)):
        for p in range(1, total + 1):
            pre = total - p
            tail = terms[pre:]
            if len(tail) < 2 * p or any(tail[i] != tail[i % p] for i in range(len(tail))):
                continue
            best = _from_periodic_cf(terms[:pre], terms[pre:pre + p])
            if best is not None and lo <= Fraction(best.floor_mul(10**12), 10**12) < hi + Fraction(1, 10**12):
                return best
    return None
