"""A second contest proxy set for ``grundy.guess``: 17 more real contest
problems (HDU, Codeforces, UVa, Timus, HackerRank), none from the notes, none
in ``bench_guess.py --games`` and none in the first proxy set, each written as
a contest programmer would: a 3-10-line move function from the statement's raw
rules (one heap, pairs, rows of heaps; a parameter through a factory and
``params=``, a heap number mapped to a position through ``position=``), and the
rule the editorial publishes as an independent exact function, scored far
outside the table.

Each problem cites its id; the rule is the editorial's restated as code, and
``tests/test_guess_contest2.py`` checks it against brute force from the raw
rules.

Run:  python benchmarks/contest_set2.py [WORD ...]   (problems whose id or title
contains a word; prints pid, kind, hit/miss, seconds, the best expression, the
load, then the hit rate and each miss with why)
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import grundy
from grundy.rules.ruleset import FunctionRuleset
from grundy.values.errors import InvalidPositionError


@dataclass
class Problem:
    """One problem: ``make()`` the ruleset (or, with ``params`` in ``kw``, the
    factory), ``expected(position, **params)`` the editorial's rule (a value
    when ``target`` is ``"value"``, else whether the position is a P-position),
    ``kw`` the keywords of the guess, ``valid`` which pairs/rows are legal (for
    sampling far points), ``huge``: the rule is cheap at 10^30, ``far_n`` the
    heaps sampled up to, ``far_params`` the parameter values a family's rule is
    scored on."""

    pid: str
    title: str
    kind: str  # heap | pair | heaps
    make: Callable[[], Any]
    expected: Callable[..., Any]
    target: str
    kw: dict[str, Any] = field(default_factory=dict)
    valid: Callable[[Any], bool] | None = None
    huge: bool = False
    far_n: int = 10**6
    far_params: list[int] = field(default_factory=list)


class _Checked(FunctionRuleset):
    """A move function with a legality test (a ruleset with ``validate``)."""

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


# ------------------------------------------------------------------ raw rules and editorial rules
def hdu5795_moves(n: int) -> list[Any]:
    """HDU 5795 A Simple Nim: take any number, or split the heap into three non-empty heaps."""
    out: list[Any] = list(range(n))
    out += [grundy.Sum(a, b, n - a - b) for a in range(1, n) for b in range(a, n - a) if n - a - b >= b]
    return out


def hdu5795_value(n: int) -> int:
    # editorial (found by printing the table): n - 1 at 8k (k >= 1), n + 1 at 8k + 7, else n
    return n - 1 if n % 8 == 0 and n else n + 1 if n % 8 == 7 else n


def hdu4203_factory(k: int) -> FunctionRuleset:
    """HDU 4203 Doubloon Game: take K^i coins (1, K, K^2, ...)."""
    def moves(n: int) -> list[int]:
        out, p = [], 1
        while p <= n:
            out.append(n - p)
            p *= k
            if k == 1:
                break
        return out
    return _rs(moves, f"doubloon(k={k})")


def hdu4203_value(n: int, k: int) -> int:
    # editorial: K odd -> n % 2; K even -> r = n % (K + 1), 2 if r == K else r % 2
    if k % 2:
        return n % 2
    r = n % (k + 1)
    return 2 if r == k else r % 2


def hdu3951_factory(k: int) -> FunctionRuleset:
    """HDU 3951 Coin Game: n coins on a circle, take 1..k consecutive coins."""
    def moves(p: tuple[str, int]) -> list[Any]:
        kind, n = p
        if kind == "circle":
            return [("line", n - j) for j in range(1, min(k, n) + 1)]
        return [grundy.Sum(("line", i), ("line", n - j - i)) for j in range(1, min(k, n) + 1)
                for i in range(0, (n - j) // 2 + 1)]
    return _rs(moves, f"coin-circle(k={k})")


def hdu3951_p(n: int, k: int) -> bool:
    # editorial: k = 1: the parity of n; k >= 2: the first player wins iff n <= k (else symmetry)
    return n % 2 == 0 if k == 1 else (n == 0 or n > k)


def uva12293_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    """UVa 12293 Box Game: empty the box with fewer balls, move some of the other's into it (both non-empty)."""
    x = max(p)
    return [(y, x - y) for y in range(1, x)]


def _is_pow2(m: int) -> bool:
    return m > 0 and m & (m - 1) == 0


def uva12293_p(a: int, b: int) -> bool:
    # editorial: (n, 1) is lost iff n = 2^k - 1 (only the larger box matters)
    return _is_pow2(max(a, b) + 1)


def timus2068_moves(m: int) -> list[Any]:
    """Timus 2068 Game of Nuts: split an odd pile into three odd piles."""
    return [grundy.Sum(a, b, m - a - b) for a in range(1, m, 2) for b in range(a, m - a, 2) if m - a - b >= b]


def hdu5011_moves(n: int) -> list[Any]:
    """HDU 5011 Game: take at least one stone from a heap, then maybe split the rest in two."""
    out: list[Any] = list(range(n))
    out += [grundy.Sum(a, m - a) for m in range(2, n) for a in range(1, m // 2 + 1)]
    return out


def hdu2486_moves(p: tuple[int, int], k: int = 3) -> list[tuple[int, int]]:
    """HDU 2486 / POJ 3922 A simple stone game: take 1..cap, the next cap is k times the take."""
    n, cap = p
    return [(n - t, k * t) for t in range(1, min(cap, n) + 1)]


def hdu2486_p(n: int, k: int = 3) -> bool:
    # editorial (k-multiple dynamic subtraction): a_0 = b_0 = 1, a_{i+1} = b_i + 1,
    # b_{i+1} = a_{i+1} + b_j with j the largest index such that k a_j < a_{i+1}; lost iff n is some a_i
    if n == 0:
        return True
    a, b = [1], [1]
    j = 0
    while a[-1] < n:
        a.append(b[-1] + 1)
        while a[j + 1] * k < a[-1]:
            j += 1
        b.append(a[-1] + b[j] if a[j] * k < a[-1] else a[-1])
    return a[-1] == n


def hr_counter_moves(m: int) -> list[int]:
    """HackerRank Counter game: a power of 2 is halved, else the largest power of 2 below is subtracted."""
    if m <= 1:
        return []
    return [m // 2] if m & (m - 1) == 0 else [m - (1 << (m.bit_length() - 1))]


def hr_zero_move_moves(p: tuple[int, bool]) -> list[tuple[int, bool]]:
    """HackerRank Zero-Move Nim: take any number, or once per heap (non-empty) a move of zero."""
    n, used = p
    return [(m, used) for m in range(n)] + ([(n, True)] if n and not used else [])


def hr_zero_move_value(n: int) -> int:
    # editorial: g(0) = 0, g(n) = n + 1 for odd n, n - 1 for even n > 0
    return 0 if n == 0 else n + 1 if n % 2 else n - 1


def cf1365a_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    """CF 1365A Matrix Game: claim a cell in a free row and a free column (a, b: free rows, columns)."""
    a, b = p
    return [(a - 1, b - 1)] if a and b else []


def hdu1729_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    """HDU 1729 Stone Game: a box of capacity s holding c stones; add 1..c^2 stones, never past s."""
    s, c = p
    return [(s, c + k) for k in range(1, min(c * c, s - c) + 1)]


def hdu1729_value(s: int, c: int) -> int:
    # editorial: t = the largest t with t + t^2 < s; c > t: s - c; c == t: 0; c < t: sg(t, c)
    while True:
        t = -1
        lo, hi = 0, s
        while lo <= hi:  # largest t with t + t * t < s
            mid = (lo + hi) // 2
            if mid + mid * mid < s:
                t, lo = mid, mid + 1
            else:
                hi = mid - 1
        if c > t:
            return s - c
        if c == t:
            return 0
        s = t


def hr_chessboard_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    """HackerRank A Chessboard Game (on the quarter plane): (x-2, y+1), (x-2, y-1), (x+1, y-2), (x-1, y-2)."""
    x, y = p
    return [q for q in ((x - 2, y + 1), (x - 2, y - 1), (x + 1, y - 2), (x - 1, y - 2)) if min(q) >= 0]


def hr_chessboard_p(a: int, b: int) -> bool:
    # editorial: the second player wins iff x % 4 and y % 4 (from 1) are both 1 or 2
    return a % 4 < 2 and b % 4 < 2


def cf1747c_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    """CF 1747C Swap Game: decrease a_1 by one, then swap it with some a_i (i >= 2)."""
    if p[0] == 0:
        return []
    out = []
    for i in range(1, len(p)):
        q = [p[0] - 1, *p[1:]]
        q[0], q[i] = q[i], q[0]
        out.append(tuple(q))
    return out


def cf1747c_p(p: tuple[int, ...]) -> bool:
    # editorial: Alice wins iff a_1 > min(a)
    return p[0] <= min(p[1:])


def cf1190b_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    """CF 1190B Tokitsukaze, CSL and Stone Game: take one stone; whoever leaves two equal heaps loses."""
    out = []
    for i, x in enumerate(p):
        if x:
            q = p[:i] + (x - 1,) + p[i + 1:]
            if len(set(q)) == len(q):
                out.append(q)
    return out


def cf1190b_p(p: tuple[int, ...]) -> bool:
    # editorial: the first player loses at once on two equal pairs, a triple, two 0s, or a pair x, x with
    # x - 1 present; otherwise the parity of sum(a) - n(n - 1)/2 decides (odd: the first player wins)
    a = sorted(p)
    n = len(a)
    dups = [a[i] for i in range(n - 1) if a[i] == a[i + 1]]
    if len(dups) >= 2:
        return True
    if dups and (dups[0] == 0 or dups[0] - 1 in a):
        return True
    return (sum(a) - n * (n - 1) // 2) % 2 == 0


def cf1965a_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    """CF 1965A Everything Nim: take the same k (1 <= k <= the least non-empty heap) from every non-empty heap."""
    nz = [x for x in p if x]
    if not nz:
        return []
    return [tuple(x - k if x else 0 for x in p) for k in range(1, min(nz) + 1)]


def cf1965a_p(p: tuple[int, ...]) -> bool:
    # editorial: s = the distinct non-zero sizes, sorted; m = the length of its prefix 1, 2, ..., m;
    # Alice wins iff m is odd when the prefix is all of s, else iff m is even
    s = sorted(set(x for x in p if x))
    m = 0
    while m < len(s) and s[m] == m + 1:
        m += 1
    alice = m % 2 == 1 if m == len(s) else m % 2 == 0
    return not alice


def hr_nimble_moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
    """HackerRank Nimble Game: x[i] coins on square i; move one coin from square i to a square j < i."""
    out = []
    for i in range(1, len(p)):
        if p[i]:
            for j in range(i):
                q = list(p)
                q[i] -= 1
                q[j] += 1
                out.append(tuple(q))
    return out


def hr_nimble_p(p: tuple[int, ...]) -> bool:
    # editorial: each coin is a Nim heap of its square's index: XOR of i over the squares with an odd count
    x = 0
    for i, c in enumerate(p):
        if c % 2:
            x ^= i
    return x == 0


def problems() -> list[Problem]:
    """The second proxy set, in the order of the report."""
    far = list(range(13, 40, 3))
    return [
        Problem("HDU 5795", "A Simple Nim (take any, or split a heap into three)", "heap",
                lambda: _rs(hdu5795_moves, "hdu5795"), hdu5795_value, "value", {"to": 160}, huge=True),
        Problem("HDU 4203", "Doubloon Game (take K^i; param K)", "heap",
                lambda: hdu4203_factory, hdu4203_value, "value", {"to": 200, "params": {"k": range(2, 12)}},
                huge=True, far_params=far),
        Problem("HDU 3951", "Coin Game (1..k consecutive coins from a circle; param k)", "heap",
                lambda: hdu3951_factory, hdu3951_p, "P",
                {"to": 40, "params": {"k": range(1, 8)}, "position": lambda n: ("circle", n)},
                huge=True, far_params=far),
        Problem("UVa 12293", "Box Game (empty the smaller box, refill it from the other)", "pair",
                lambda: _rs(uva12293_moves, "box-game", "pair"), uva12293_p, "P", {"to": 40}, huge=True),
        Problem("Timus 2068", "Game of Nuts (split an odd pile into three odd piles)", "heap",
                lambda: _rs(timus2068_moves, "nuts"), lambda n: n % 2, "value",
                {"to": 120, "position": lambda n: 2 * n + 1}, huge=True),
        Problem("HDU 5011", "Game (take, then maybe split the rest in two)", "heap",
                lambda: _rs(hdu5011_moves, "hdu5011"), lambda n: n, "value", {"to": 120}, huge=True),
        Problem("HDU 2486", "A simple stone game (k = 3: take at most 3x the last take)", "heap",
                lambda: _rs(hdu2486_moves, "k-dynamic-3"), hdu2486_p, "P",
                {"to": 300, "position": lambda n: (n, n - 1)}, huge=True),
        Problem("HackerRank game-of-stones-1", "Game of Stones (remove 2, 3 or 5)", "heap",
                lambda: _rs(lambda n: [n - d for d in (2, 3, 5) if d <= n], "stones-235"),
                lambda n: n % 7 < 2, "P", {"to": 300}, huge=True),
        Problem("HackerRank counter-game", "Counter game (halve a power of 2, else drop the top bit)", "heap",
                lambda: _rs(hr_counter_moves, "counter-game"), lambda n: bin(n).count("1") % 2 == 0, "P",
                {"to": 600, "position": lambda n: n + 1}, huge=True),
        Problem("HackerRank zero-move-nim", "Zero-Move Nim (one pass per heap)", "heap",
                lambda: _rs(hr_zero_move_moves, "zero-move-nim"), hr_zero_move_value, "value",
                {"to": 200, "position": lambda n: (n, False)}, huge=True),
        Problem("CF 1365A", "Matrix Game (a free row and a free column)", "pair",
                lambda: _rs(cf1365a_moves, "matrix-game", "pair"), lambda a, b: min(a, b) % 2 == 0, "P",
                {"to": 30}, huge=True),
        Problem("HDU 1729", "Stone Game (box (s, c): add 1..c^2 stones)", "pair",
                lambda: _rs(hdu1729_moves, "hdu1729", "pair", valid=lambda p: 0 <= p[1] <= p[0]),
                hdu1729_value, "value", {"to": 40}, valid=lambda p: 0 <= p[1] <= p[0], huge=True),
        Problem("HackerRank a-chessboard-game-1", "A Chessboard Game (four knight-like moves, quarter plane)",
                "pair", lambda: _rs(hr_chessboard_moves, "chessboard-game", "pair"), hr_chessboard_p, "P",
                {"to": 30}, huge=True),
        Problem("CF 1747C", "Swap Game (decrease a_1, swap it with some a_i)", "heaps",
                lambda: _rs(cf1747c_moves, "swap-game", "heaps", valid=lambda p: len(p) >= 2),
                cf1747c_p, "P", {"to": 5, "heaps": 3}, valid=lambda p: len(p) >= 2),
        Problem("CF 1190B", "Tokitsukaze, CSL and Stone Game (no two equal heaps)", "heaps",
                lambda: _rs(cf1190b_moves, "tokitsukaze", "heaps"), cf1190b_p, "P", {"to": 6, "heaps": 3}),
        Problem("CF 1965A", "Everything Nim (take k from every non-empty heap)", "heaps",
                lambda: _rs(cf1965a_moves, "everything-nim", "heaps"), cf1965a_p, "P", {"to": 6, "heaps": 3}),
        Problem("HackerRank nimble-game", "Nimble Game (move a coin from square i to a square j < i)", "heaps",
                lambda: _rs(hr_nimble_moves, "nimble", "heaps"), hr_nimble_p, "P", {"to": 4, "heaps": 4}),
    ]


# ------------------------------------------------------------------ scoring
def far_points(pr: Problem, end: int) -> list[Any]:
    """Positions far outside the table the rule is scored on."""
    rng = random.Random(13)
    if pr.kind == "heap":
        lo = max(end + 1, 2)
        pts = sorted({rng.randrange(lo, pr.far_n) for _ in range(300)})
        return pts + ([10**30 + j for j in range(9)] if pr.huge else [])
    if pr.kind == "pair":
        pts = [(a, b) for a in range(0, 90, 3) for b in range(0, 90, 2)]
        pts += [(rng.randrange(0, 10**6), rng.randrange(0, 10**6)) for _ in range(200)]
        pts += [(2**k - 1, 2**j - 1) for k in range(1, 40, 7) for j in range(1, 40, 5)]
        if pr.huge:
            pts += [(10**30 + rng.randrange(100), 10**30 + rng.randrange(100)) for _ in range(20)]
    else:
        pts = []
        for length in range(2, 8):
            pts += [tuple(rng.randrange(0, 40) for _ in range(length)) for _ in range(60)]
            pts += [tuple(rng.randrange(0, 6) for _ in range(length)) for _ in range(40)]
            pts += [tuple(rng.sample(range(length + 3), length)) for _ in range(30)]
    return [p for p in pts if pr.valid is None or pr.valid(p)]


def score(pr: Problem, best: Any, end: int, binary: bool) -> tuple[bool, str]:
    """Whether the best conjecture names the editorial's rule far outside the table; why not."""
    from grundy.patterns.forms import evaluate

    if best is None:
        return False, "no rule"
    params = pr.kw.get("params")
    if params is not None and tuple(best.params) != tuple(params):
        return False, f"no rule across the parameter (best: {best.expr[:60]})"
    pvals = pr.far_params if params is not None else [None]
    pname = next(iter(params)) if params is not None else None
    for pv in pvals:
        extra = {} if pname is None else {pname: pv}
        pts = far_points(pr, end)
        if pname is not None:
            pts = pts[::5]
        for pt in pts:
            if pr.kind == "heap":
                names: dict[str, Any] = {"n": pt}
                want = pr.expected(pt, **extra)
            elif pr.kind == "pair":
                names = {"a": pt[0], "b": pt[1]}
                want = pr.expected(*pt, **extra)
            else:
                names = {"x": pt}
                want = pr.expected(pt, **extra)
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


def run(words: list[str]) -> int:
    """Guess every problem (those matching a word) and print the table; the number of hits."""
    from grundy.conjecture import guess

    sys.setrecursionlimit(100_000)
    chosen = [p for p in problems() if not words or any(w.lower() in (p.pid + " " + p.title).lower() for w in words)]
    print(f"load before: {os.getloadavg()[0]:.2f}")
    print(f"{'problem':<30} {'kind':<6} {'hit':<5} {'time':>6}  best")
    hits, misses = 0, []
    for pr in chosen:
        kw = dict(pr.kw)
        if pr.kind in ("pair", "heaps"):
            kw["shape"] = pr.kind
        t0 = time.perf_counter()
        try:
            g = guess(pr.make(), known=False, **kw)
        except grundy.GrundyError as exc:
            dt = time.perf_counter() - t0
            print(f"{pr.pid:<30} {pr.kind:<6} {'MISS':<5} {dt:5.1f}s  ({type(exc).__name__}: {str(exc)[:60]})")
            misses.append((pr.pid, str(exc)[:100]))
            continue
        dt = time.perf_counter() - t0
        end = kw.get("to", 0)
        binary = pr.kind == "heap" and not kw.get("params") and set(g.table) <= {0, 1}
        ok, why = score(pr, g.best, end, binary)
        if ok and dt > 60:
            ok, why = False, f"{dt:.0f} s, over the 60 s limit"
        hits += ok
        expr = g.best.expr if g.best is not None else "-"
        print(f"{pr.pid:<30} {pr.kind:<6} {'hit' if ok else 'MISS':<5} {dt:5.1f}s  {expr[:90]}", flush=True)
        if not ok:
            misses.append((pr.pid, why))
    print(f"\nhit rate {hits}/{len(chosen)}; load after: {os.getloadavg()[0]:.2f}")
    for pid, why in misses:
        print(f"  miss: {pid}: {why}")
    return hits


if __name__ == "__main__":
    run(sys.argv[1:])
