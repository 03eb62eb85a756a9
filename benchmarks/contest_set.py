"""The contest proxy set of ``bench_guess.py --contest``: real contest problems
(Codeforces, AtCoder, Luogu, HDU, POJ, SPOJ, Project Euler), none from the
notes and none in the public set of 44, each as a contest programmer would
write it: a 3-10-line move function from the statement's raw rules (one heap,
pairs, rows of heaps; parameters through a factory and ``params=``, a heap
number mapped to a position through ``position=``), and the rule the
editorial publishes as an independent exact function, to score the best
conjecture far outside the table.

Each problem cites its id; the rule is the editorial's, restated here as code
(and checked against brute force from the raw rules in
``tests/test_guess_contest.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from math import gcd, isqrt
from typing import Any

import grundy
from grundy.rules.ruleset import FunctionRuleset
from grundy.values.errors import InvalidPositionError


@dataclass
class Problem:
    """One problem: ``make()`` the ruleset (or, with ``params``, the factory),
    ``expected(position, **params)`` the editorial's rule (a value when
    ``target`` is ``"value"``, else whether the position is a P-position),
    ``kw`` the keywords of the guess, ``valid`` which rows/pairs are legal
    (for sampling far points), ``huge``: the rule is cheap at 10^30."""

    pid: str
    title: str
    kind: str  # heap | pair | heaps
    make: Callable[[], Any]
    expected: Callable[..., Any]
    target: str
    kw: dict[str, Any] = field(default_factory=dict)
    valid: Callable[[Any], bool] | None = None
    huge: bool = False
    far_n: int = 10**6  # heaps sampled up to this
    far_params: list[int] = field(default_factory=list)  # parameter values the family rule is scored on


class _Checked(FunctionRuleset):
    """A move function with a legality test (what a user writes as a
    ``grundy.Ruleset`` subclass with ``validate``)."""

    def __init__(self, moves: Callable[[Any], Iterable[Any]], valid: Callable[[Any], bool], name: str,
                 shape: str | None = None) -> None:
        super().__init__(moves, name, shape)
        self._valid = valid

    def validate(self, position: Any) -> None:
        if not self._valid(position):
            raise InvalidPositionError(f"{self.name}: {position!r} is not a position")


def _rs(moves: Callable[[Any], Iterable[Any]], name: str, shape: str | None = None,
        valid: Callable[[Any], bool] | None = None) -> FunctionRuleset:
    return FunctionRuleset(moves, name, shape) if valid is None else _Checked(moves, valid, name, shape)


# ------------------------------------------------------------------ helpers of the rules
def _is_prime(m: int) -> bool:
    if m < 2:
        return False
    if m % 2 == 0:
        return m == 2
    d = 3
    while d * d <= m:
        if m % d == 0:
            return False
        d += 2
    return True


@lru_cache(maxsize=1)
def _sieve(top: int = 10**6) -> tuple[list[int], list[int]]:
    """Smallest prime factors and prime indices (pi(2) = 1) up to ``top``."""
    spf = list(range(top + 1))
    for p in range(2, isqrt(top) + 1):
        if spf[p] == p:
            for q in range(p * p, top + 1, p):
                if spf[q] == q:
                    spf[q] = p
    index = [0] * (top + 1)
    k = 0
    for m in range(2, top + 1):
        if spf[m] == m:
            k += 1
            index[m] = k
    return spf, index


# ------------------------------------------------------------------ one heap
def _cf1370c_moves(n: int) -> list[int]:
    # divide by an odd divisor > 1, or subtract 1 (n = 1: the player to move loses)
    if n <= 1:
        return []
    return [n - 1] + [n // d for d in range(3, n + 1, 2) if n % d == 0]


def _cf1370c_p(n: int) -> bool:
    # editorial: Ashishgup loses iff n = 1, n = 2^k (k > 1), or n = 2p with p an odd prime
    if n <= 1:
        return True
    if n == 2 or n % 2:
        return False
    if n & (n - 1) == 0:
        return True
    return n % 4 == 2 and _is_prime(n // 2)


def _cf2004e_value(x: int) -> int:
    # editorial: g(1) = 1, g(even) = 0, g(odd prime p) = its index among the primes,
    # g(odd composite) = g(its smallest prime factor)
    if x == 0 or x % 2 == 0:
        return 0
    if x == 1:
        return 1
    spf, index = _sieve()
    return index[spf[x]]


def _cf1194d_p(n: int, k: int) -> bool:
    # editorial: k not a multiple of 3: Bob wins iff n % 3 == 0; else r = n % (k + 1):
    # Bob wins iff r % 3 == 0 and r != k
    if k % 3:
        return n % 3 == 0
    r = n % (k + 1)
    return r % 3 == 0 and r != k


def _cf768e_moves(p: tuple[int, frozenset[int]]) -> list[tuple[int, frozenset[int]]]:
    n, used = p
    return [(n - t, used | {t}) for t in range(1, n + 1) if t not in used]


def _cf603c_factory(k: int) -> FunctionRuleset:
    def moves(n: int) -> list[Any]:
        out: list[Any] = [n - 1] if n else []
        if n and n % 2 == 0:
            out.append(grundy.Sum(*[n // 2] * k))  # a heap of 2x becomes k heaps of x
        return out
    return _rs(moves, f"lieges(k={k})")


def _cf603c_value(n: int, k: int) -> int:
    # editorial: k even: 0, 1, 2 for n <= 2, then 1 on even n and 0 on odd n;
    # k odd: 0, 1, 0, 1, 2 for n <= 4, then 0 on odd n, and on even n
    # 2 if g(n / 2) = 1 else 1
    if k % 2 == 0:
        return n if n <= 2 else 1 - n % 2
    if n <= 4:
        return [0, 1, 0, 1, 2][n]
    if n % 2:
        return 0
    return 2 if _cf603c_value(n // 2, k) == 1 else 1


def _hdu1517_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    q, n = p
    return [(q * d, n) for d in range(2, 10)] if q < n else []


def _hdu1517_p(n: int) -> bool:
    # editorial: while n > 18, n = ceil(n / 18); Stan (first) wins iff then n <= 9
    if n <= 1:
        return True
    while n > 18:
        n = (n + 17) // 18
    return n > 9


def _ngm_moves(n: int) -> list[int]:
    return [n - int(c) for c in str(n) if c != "0"]


def _p4018_moves(n: int) -> list[int]:
    def prime_power(q: int) -> bool:  # 1 = p^0 counts
        p = 2
        while p * p <= q and q % p:
            p += 1
        if p * p > q:
            return True  # 1 or a prime
        while q % p == 0:
            q //= p
        return q == 1
    return [n - q for q in range(1, n + 1) if prime_power(q)]


def _hdu3389_moves(b: int) -> list[int]:
    return [a for a in range(1, b) if (a + b) % 2 == 1 and (a + b) % 3 == 0]


def _hdu2897_factory(q: int, p: int) -> FunctionRuleset:
    # take p..q coins (fewer than p: take them all); who takes the last coin loses,
    # so a move that empties the heap is never made, and a heap of 1..p is lost
    return _rs(lambda n: [n - t for t in range(p, q + 1) if n - t >= 1], f"hdu2897(p={p}, q={q})",
               valid=lambda n: n >= 1)


def _poj2484_moves(s: tuple[str, int]) -> list[Any]:
    kind, n = s
    if kind == "circle":  # the first move opens the circle into a line
        return [("line", n - t) for t in (1, 2) if t <= n]
    return [grundy.Sum(("line", i), ("line", n - t - i)) for t in (1, 2) for i in range(n - t + 1)]


def _cf1451d_factory(k: int) -> FunctionRuleset:
    def moves(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        x, y, d = p
        return [q for q in ((x + k, y, d), (x, y + k, d)) if q[0] ** 2 + q[1] ** 2 <= d * d]
    return _rs(moves, f"circle(k={k})")


def _cf1451d_p(d: int, k: int) -> bool:
    # editorial: z the largest with 2 (zk)^2 <= d^2; Ashish (first) wins iff
    # (zk)^2 + ((z + 1) k)^2 <= d^2
    z = isqrt(d * d // (2 * k * k))
    while 2 * ((z + 1) * k) ** 2 <= d * d:
        z += 1
    while z and 2 * (z * k) ** 2 > d * d:
        z -= 1
    return (z * k) ** 2 + ((z + 1) * k) ** 2 > d * d


# ------------------------------------------------------------------ pairs
def _p2148_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    a, b = p  # remove one heap, split the other into two non-empty heaps
    return [(c, a - c) for c in range(1, a)] + [(c, b - c) for c in range(1, b)]


def _p2148_value(a: int, b: int) -> int:
    # editorial: the number of trailing 1 bits of (a - 1) | (b - 1)
    x, k = (a - 1) | (b - 1), 0
    while x & 1:
        x >>= 1
        k += 1
    return k


def _abc059d_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = p  # take 2i from one pile, throw i away, put i on the other
    return [(x - 2 * i, y + i) for i in range(1, x // 2 + 1)] + [(x + i, y - 2 * i) for i in range(1, y // 2 + 1)]


def _cf36d_factory(k: int) -> FunctionRuleset:
    def moves(p: tuple[int, int]) -> list[tuple[int, int]]:
        n, m = p  # distances to the bottom and right borders
        return [q for q in ((n - 1, m), (n, m - 1), (n - k, m - k)) if min(q) >= 0]
    return _rs(moves, f"chess-piece(k={k})", shape="pair")


def _cf36d_p(n: int, m: int, k: int) -> bool:
    # editorial: corner stripes. n <= m. k = 1: P iff n, m both even. Else stripes of
    # width k + 1 in n: the last line of each (n % (k+1) == k) is all N; inside stripe
    # q = n // (k + 1) the parity of n + m alternates with q.
    n, m = min(n, m), max(n, m)
    if k == 1:
        return n % 2 == 0 and m % 2 == 0
    q, r = divmod(n, k + 1)
    if r == k:
        return False
    return (n + m + q) % 2 == 0


# ------------------------------------------------------------------ rows of heaps
def _cf1382b_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    i = next((j for j, x in enumerate(p) if x), None)  # only the first non-empty heap
    return [] if i is None else [p[:i] + (y,) + p[i + 1:] for y in range(p[i])]


def _cf1382b_p(p: tuple[int, ...]) -> bool:
    # editorial: k leading heaps of 1 (empty heaps gone); all ones: first wins iff their
    # number is odd; else first wins iff k is even
    a = [x for x in p if x]
    k = next((j for j, x in enumerate(a) if x != 1), len(a))
    if k == len(a):
        return len(a) % 2 == 0
    return k % 2 == 1


def _cf1396b_moves(s: Any) -> list[Any]:
    # a state is a row (nobody moved yet) or (row, the heap taken from last)
    row, last = (s[0], s[1]) if s and isinstance(s[0], tuple) else (s, -1)
    return [(row[:i] + (row[i] - 1,) + row[i + 1:], i) for i in range(len(row)) if row[i] and i != last]


def _cf1396b_p(p: tuple[int, ...]) -> bool:
    # editorial: T (first) wins iff max > sum - max or sum is odd
    s, m = sum(p), max(p)
    return not (m > s - m or s % 2)


def _cf1147c_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    half = len(p) // 2  # exactly n/2 non-empty heaps, at least one stone from each
    out = []
    for idx in combinations([i for i, x in enumerate(p) if x], half):
        for new in product(*[range(p[i]) for i in idx]):
            q = list(p)
            for i, y in zip(idx, new):
                q[i] = y
            out.append(tuple(q))
    return out


def _cf1147c_p(p: tuple[int, ...]) -> bool:
    # editorial: Bob (second) wins iff more than n/2 heaps hold the minimum
    return p.count(min(p)) > len(p) // 2


def _arc137c_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    i = p.index(max(p))  # the largest becomes a smaller number not in the row
    return [p[:i] + (y,) + p[i + 1:] for y in range(p[i]) if y not in p]


def _arc137c_p(p: tuple[int, ...]) -> bool:
    # editorial: Alice wins iff a_N - a_{N-1} >= 2, or a_N - (N - 1) is odd
    a = sorted(p)
    return not (a[-1] - a[-2] >= 2 or (a[-1] - (len(a) - 1)) % 2 == 1)


def _poj1740_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    # take >= 1 from a heap, then move any of what is left there onto the other heaps
    out = set()
    n = len(p)
    for i in range(n):
        others = [j for j in range(n) if j != i]
        for left in range(p[i]):
            for t in range(left + 1):
                for split in product(range(t + 1), repeat=len(others)):
                    if sum(split) == t:
                        q = list(p)
                        q[i] = left - t
                        for j, s in zip(others, split):
                            q[j] += s
                        out.add(tuple(q))
    return list(out)


def _poj1740_p(p: tuple[int, ...]) -> bool:
    # editorial: P iff the heaps pair up (every size appears an even number of times)
    return all(p.count(x) % 2 == 0 for x in set(p) if x)


def problems() -> list[Problem]:
    """The proxy set, in the order of the report."""
    ks = list(range(11, 31))
    return [
        Problem("CF 1370C", "Number Game (divide by an odd divisor, or subtract 1)", "heap",
                lambda: _rs(_cf1370c_moves, "cf1370c"), _cf1370c_p, "P", {"to": 600}),
        Problem("CF 2004E", "Not a Nim Problem (take y with gcd(x, y) = 1)", "heap",
                lambda: _rs(lambda x: [x - y for y in range(1, x + 1) if gcd(x, y) == 1], "cf2004e"),
                _cf2004e_value, "value", {"to": 600}),
        Problem("CF 1194D", "1-2-K Game (param k)", "heap",
                lambda: lambda k: _rs(lambda n: [n - d for d in (1, 2, k) if d <= n], f"cf1194d(k={k})"),
                _cf1194d_p, "P", {"to": 300, "params": {"k": range(3, 16)}}, huge=True, far_params=ks),
        Problem("CF 768E", "Game of Stones (never the same amount twice from a heap)", "heap",
                lambda: _rs(_cf768e_moves, "cf768e"), lambda n: (isqrt(8 * n + 1) - 1) // 2, "value",
                {"to": 45, "position": lambda n: (n, frozenset())}, huge=True),
        Problem("CF 603C", "Lieges of Legendre (take 1, or 2x -> k heaps of x; param k)", "heap",
                lambda: _cf603c_factory, _cf603c_value, "value", {"to": 300, "params": {"k": range(1, 10)}},
                huge=True, far_params=ks),
        Problem("HDU 1517", "A Multiplication Game (multiply by 2..9, reach n)", "heap",
                lambda: _rs(_hdu1517_moves, "hdu1517"), _hdu1517_p, "P",
                {"to": 600, "position": lambda n: (1, n)}, huge=True, far_n=10**9),
        Problem("SPOJ NGM", "A Game with Numbers (subtract a non-zero digit)", "heap",
                lambda: _rs(_ngm_moves, "ngm"), lambda n: n % 10 == 0, "P", {"to": 600}, huge=True),
        Problem("Luogu P4018", "Roy&October (subtract a prime power or 1)", "heap",
                lambda: _rs(_p4018_moves, "p4018"), lambda n: n % 6 == 0, "P", {"to": 400}, huge=True),
        Problem("PE 301", "Nim on (n, 2n, 3n)", "heap",
                lambda: _rs(lambda n: range(n), "nim"), lambda n: n ^ (2 * n) ^ (3 * n) == 0, "P",
                {"to": 400, "position": lambda n: grundy.Sum(n, 2 * n, 3 * n)}, huge=True),
        Problem("HDU 3389", "Game (a card from box B to box A < B, A + B odd and 0 mod 3)", "heap",
                lambda: _rs(_hdu3389_moves, "hdu3389", valid=lambda b: b >= 1), lambda b: int(b % 6 in (0, 2, 5)),
                "value", {"to": 400}, huge=True),
        Problem("HDU 2897", "Encounter (take p..q, last taker loses; q varies, p = 3)", "heap",
                lambda: _hdu2897_factory, lambda n, q, p: 1 <= n % (p + q) <= p, "P",
                {"to": 200, "params": {"q": range(3, 15), "p": [3]}}, huge=True, far_params=ks),
        Problem("POJ 2484", "A Funny Game (1 or 2 adjacent coins from a circle)", "heap",
                lambda: _rs(_poj2484_moves, "poj2484"), lambda n: n == 0 or n >= 3, "P",
                {"to": 200, "position": lambda n: ("circle", n)}, huge=True),
        Problem("CF 1451D", "Circle Game (k = 1: +1 on x or y inside radius d)", "heap",
                lambda: _cf1451d_factory(1), lambda d: _cf1451d_p(d, 1), "P",
                {"to": 90, "position": lambda d: (0, 0, d)}, huge=True),
        Problem("Luogu P2148", "[SDOI2009] E&D (remove a heap, split the other)", "pair",
                lambda: _rs(_p2148_moves, "e-and-d", "pair", valid=lambda p: min(p) >= 1), _p2148_value,
                "value", {"to": 32}, valid=lambda p: min(p) >= 1, huge=True),
        Problem("AtCoder ABC059D", "Alice&Brown (take 2i, throw i, give i)", "pair",
                lambda: _rs(_abc059d_moves, "abc059d", "pair"), lambda x, y: abs(x - y) <= 1, "P", {"to": 30},
                huge=True),
        Problem("CF 36D", "New Game with a Chess Piece (param k)", "pair",
                lambda: _cf36d_factory, _cf36d_p, "P", {"to": 30, "params": {"k": range(2, 8)}},
                huge=True, far_params=ks),
        Problem("CF 1382B", "Sequential Nim (take from the first non-empty heap)", "heaps",
                lambda: _rs(_cf1382b_moves, "cf1382b", "heaps"), _cf1382b_p, "P", {"to": 5, "heaps": 3}),
        Problem("CF 1396B", "Stoned Game (not the heap the opponent just took from)", "heaps",
                lambda: _rs(_cf1396b_moves, "cf1396b", "heaps"), _cf1396b_p, "P", {"to": 5, "heaps": 3},
                valid=lambda p: max(p) > 0),
        Problem("CF 1147C", "Thanos Nim (exactly n/2 heaps each move)", "heaps",
                lambda: _rs(_cf1147c_moves, "cf1147c", "heaps", valid=lambda p: len(p) % 2 == 0),
                _cf1147c_p, "P", {"to": 4, "heaps": 4}, valid=lambda p: len(p) % 2 == 0),
        Problem("AtCoder ARC137C", "Distinct Numbers (the largest becomes a smaller absent number)", "heaps",
                lambda: _rs(_arc137c_moves, "arc137c", "heaps",
                            valid=lambda p: len(set(p)) == len(p) and len(p) >= 2),
                _arc137c_p, "P", {"to": 7, "heaps": 3}, valid=lambda p: len(set(p)) == len(p) and len(p) >= 2),
        Problem("POJ 1740", "A New Stone Game (take, then move some of the rest to other heaps)", "heaps",
                lambda: _rs(_poj1740_moves, "poj1740", "heaps"), _poj1740_p, "P", {"to": 4, "heaps": 2}),
    ]


# ------------------------------------------------------------------ scoring
def far_points(pr: Problem, end: int) -> list[Any]:
    """Positions far outside the table the rule is scored on."""
    rng = random.Random(11)
    if pr.kind == "heap":
        lo = max(end + 1, 2)
        pts = sorted({rng.randrange(lo, pr.far_n) for _ in range(300)})
        return pts + ([10**30 + j for j in range(7)] if pr.huge else [])
    if pr.kind == "pair":
        pts = [(a, b) for a in range(0, 90, 3) for b in range(0, 90, 2)]
        pts += [(rng.randrange(0, 10**6), rng.randrange(0, 10**6)) for _ in range(200)]
        if pr.huge:
            pts += [(10**30 + rng.randrange(100), 10**30 + rng.randrange(100)) for _ in range(20)]
    else:
        pts = []
        for length in range(2, 9):
            pts += [tuple(rng.randrange(0, 40) for _ in range(length)) for _ in range(60)]
            pts += [tuple(rng.randrange(0, 4) for _ in range(length)) for _ in range(30)]
            pts += [tuple(rng.choice((1, 1, 1, 2, 5)) for _ in range(length)) for _ in range(20)]
    return [p for p in pts if pr.valid is None or pr.valid(p)]


def score(pr: Problem, best: Any, end: int, binary: bool) -> tuple[bool, str]:
    """Whether the best conjecture names the editorial's rule far outside the table."""
    from grundy.patterns.forms import evaluate

    if best is None:
        return False, "no rule"
    params = pr.kw.get("params")
    if params is not None and tuple(best.params) != (next(k for k, v in params.items() if len(list(v)) > 1),):
        return False, f"no rule across the parameter (best: {best.expr[:50]})"
    fixed = {k: list(v)[0] for k, v in (params or {}).items() if len(list(v)) == 1}
    pvals = pr.far_params if params is not None else [None]
    pname = best.params[0] if params is not None else None
    for pv in pvals:
        extra = dict(fixed)
        if pname is not None:
            extra[pname] = pv
        pts = far_points(pr, end)
        if pname is not None:
            pts = pts[::6]
        for pt in pts:
            if pr.kind == "heap":
                names: dict[str, Any] = {"n": pt}
                want = pr.expected(pt, **extra)
            elif pr.kind == "pair":
                names = {"a": pt[0], "b": pt[1]}
                want = pr.expected(*pt, **extra)
            else:
                names = {"x": pt}
                want = pr.expected(pt)
            try:
                got = evaluate(best.expr, **{**best.names, **names, **extra})
            except Exception as exc:  # noqa: BLE001 - a rule that fails to evaluate misses
                return False, f"fails at {str(pt)[:30]}{'' if pv is None else f' {pname}={pv}'}: {type(exc).__name__}"
            if pr.target == "value" and best.target == "value":
                ok = int(got) == int(want)
            else:
                p_want = bool(want) if pr.target == "P" else int(want) == 0
                p_got = bool(got) if best.target == "P" else int(got) == 0
                ok = p_got == p_want
            if not ok:
                at = str(pt)[:30] + ("" if pv is None else f" {pname}={pv}")
                return False, f"wrong at {at}: rule {str(got)[:12]}, truth {want}"
    if pr.target == "value" and best.target == "P" and not binary:
        return False, "a P-rule where the values have a rule"
    return True, ""
