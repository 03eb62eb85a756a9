"""The synthesiser's bank against a brute-force enumeration: every expression of
the grammar up to size 5 (plain Python, exact primitives, no numpy) has its value
vector in the bank, the bank keeps one term per vector, and each kept term's
text evaluates to its values; and rules of size 8-9 from raw rules, which only a
complete enumeration reaches."""

from __future__ import annotations

import functools
import math
import random

import numpy as np
import pytest

from grundy.patterns import primitives as P
from grundy.patterns.forms import evaluate, highbit, is_fib, is_pow2, lowbit, popcount
from grundy.patterns.synth import synthesize
from grundy.patterns.synth_bank import BOOL, CALL_RANGE, Bank
from tests.oracles import grundy_values

XS = list(range(40)) + [50, 77, 100, 255, 1000]
CONSTS = (0, 1, 2, 3, 16)
B31 = 1 << 31

_INT2 = {
    "+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
    "//": lambda x, y: x // y, "%": lambda x, y: x % y, "&": lambda x, y: x & y, "|": lambda x, y: x | y,
    "^": lambda x, y: x ^ y, "min": min, "max": max, "gcd": math.gcd,
}
_CMP = {"==": lambda x, y: x == y, "!=": lambda x, y: x != y, "<": lambda x, y: x < y,
        "<=": lambda x, y: x <= y}
# name -> (function, size, upper bound of the argument, boolean result)
_CALLS = {
    "lowbit": (lowbit, 1, B31, False), "highbit": (highbit, 1, B31, False),
    "popcount": (popcount, 1, B31, False), "isqrt": (math.isqrt, 1, B31, False),
    "bitlen": (P.bitlen, 1, B31, False), "v2": (P.v2, 1, B31, False), "odd_part": (P.odd_part, 1, B31, False),
    "trinv": (P.trinv, 1, 1 << 28, False), "ndiv": (P.ndiv, 2, 1 << 20, False),
    "sigma": (P.sigma, 2, 1 << 20, False), "omega": (P.omega, 2, 1 << 20, False),
    "bigomega": (P.bigomega, 2, 1 << 20, False), "spf": (P.spf, 2, 1 << 20, False),
    "phi": (P.phi, 2, 1 << 20, False), "is_prime": (P.is_prime, 2, 1 << 20, True),
    "is_square": (P.is_square, 1, B31, True), "is_tri": (P.is_tri, 2, 1 << 28, True),
    "is_fib": (is_fib, 2, B31, True), "is_pow2": (is_pow2, 1, B31, True),
}


@functools.cache
def _brute(max_size: int) -> tuple[dict[int, set[tuple[int, ...]]], dict[int, set[tuple[int, ...]]]]:
    """The value vectors on ``XS`` of every integer and boolean expression of each
    size, straight from the grammar's definition (computed once a process: the
    tests read them, never change them)."""
    ints: dict[int, set[tuple[int, ...]]] = {1: {tuple(XS)} | {(c,) * len(XS) for c in CONSTS}}
    bools: dict[int, set[tuple[int, ...]]] = {1: set()}

    def const(v: tuple[int, ...]) -> bool:
        return len(set(v)) == 1

    def put(out: set[tuple[int, ...]], f, *args) -> None:  # type: ignore[no-untyped-def]
        try:
            v = tuple(int(f(*xs)) for xs in zip(*args))
        except (ZeroDivisionError, ValueError):
            return
        if all(-B31 < x < B31 for x in v):
            out.add(v)

    for size in range(2, max_size + 1):
        ints[size], bools[size] = set(), set()
        for sl in range(1, size - 1):
            sr = size - 1 - sl
            for u in ints[sl]:
                for v in ints[sr]:
                    if const(u) and const(v):
                        if not (const(v) and 1 <= v[0] <= 8):
                            continue
                    else:
                        for f in _INT2.values():
                            put(ints[size], f, u, v)
                        for f in _CMP.values():
                            put(bools[size], f, u, v)
                    if const(v) and 1 <= v[0] <= 8 and not const(u):
                        put(ints[size], lambda x, c: x << c, u, v)
                        put(ints[size], lambda x, c: x >> c, u, v)
            for a in bools[sl]:
                for b in bools[sr]:
                    put(bools[size], lambda x, y: x and y, a, b)
                    put(bools[size], lambda x, y: x or y, a, b)
        for name, (f, cost, bound, boolean) in _CALLS.items():
            for u in ints.get(size - cost, ()):
                if min(u) >= 0 and max(u) - min(u) >= CALL_RANGE and max(u) < bound:
                    put(bools[size] if boolean else ints[size], f, u)
        for a in bools[size - 1]:
            put(bools[size], lambda x: not x, a)
    return ints, bools


def _bank(max_size: int) -> Bank:
    xs = np.array(XS, dtype=np.int64)
    bank = Bank([("n", xs)], xs % 3, np.ones(len(XS), dtype=bool), "value", CONSTS)
    for size in range(1, max_size + 1):
        assert bank.build(size, float("inf"))
    return bank


def test_every_expression_up_to_size_5_is_in_the_bank() -> None:
    ints, bools = _brute(5)
    bank = _bank(5)
    have_i = {tuple(r) for r in bank.values(bank.ids(False, 5, 10**9)).tolist()}
    have_b = {tuple(r) for r in bank.values(bank.ids(True, 5, 10**9)).tolist()}
    for size in range(1, 6):
        assert ints[size] <= have_i, (size, len(ints[size] - have_i))
        assert bools[size] <= have_b, (size, len(bools[size] - have_b))
    # and nothing else: each kept vector is one of some expression's
    assert have_i == set().union(*ints.values())
    assert have_b == set().union(*bools.values())
    assert len(have_i) == bank.ints.n and len(have_b) == bank.bools.n  # one term per vector


def test_each_kept_term_evaluates_exactly_to_its_values() -> None:
    bank = _bank(5)
    rng = random.Random(7)
    for boolean in (False, True):
        ids = bank.ids(boolean, 5, 10**9)
        vals = bank.values(ids)
        for r in rng.sample(range(len(ids)), min(600, len(ids))):
            expr = bank.text(int(ids[r]))[0]
            assert [int(evaluate(expr, n=x)) for x in XS] == vals[r].tolist(), expr
    assert int(bank.ids(True, 5, 10**9)[0]) >= BOOL


def test_the_unstored_sizes_are_matched_completely() -> None:
    # goals made of expressions of size 5 found by brute force: v % 3, v ^ 3 and
    # v + n (size 7) and popcount(v ^ 3) (size 8, a call of an unstored size);
    # the last two sizes (matched, not stored) find each, at its size or smaller
    ints, _ = _brute(5)
    xs = np.array(XS, dtype=np.int64)
    rng = random.Random(3)
    tried = 0
    for v in rng.sample(sorted(ints[5]), 8):
        w = np.array(v) ^ 3
        goals = [(np.array(v) % 3, 7), (w, 7), (np.array(v) + xs, 7)]
        if w.min() >= 0 and w.max() - w.min() >= CALL_RANGE:
            goals.append((np.array([popcount(int(x)) for x in w]), 8))
        for goal, size in goals:
            if np.abs(goal).max() >= B31:
                continue
            tried += 1
            bank = Bank([("n", xs)], goal, np.ones(len(XS), dtype=bool), "value", CONSTS)
            for s in range(1, size - 1):
                bank.build(s, float("inf"))
            got = bank.matches()
            for s in (size - 1, size):
                bank.final(s, float("inf"))
                got += bank.matches()
            assert got, goal
            for expr, _ in got:
                assert [int(evaluate(expr, n=x)) for x in XS] == goal.tolist()
    assert tried > 20


def _table(moves, size):  # type: ignore[no-untyped-def]
    g = grundy_values(moves)
    for n in range(size):
        g(n)
    return np.array([g(n) for n in range(size)], dtype=np.int64)


@pytest.mark.slow
@pytest.mark.parametrize(("subtract", "target"), [((1, 6), "value"), ((2, 7), "P"), ((2, 5), "value")])
def test_size_9_rules_of_subtraction_games(subtract: tuple[int, ...], target: str) -> None:
    # rules of size 8-9 (no form of size 7 or less fits these tables), checked far
    # beyond the table against the raw rules
    moves = lambda n: [n - s for s in subtract if s <= n]  # noqa: E731
    far = _table(moves, 3000)
    v = far[:400]
    goal = v if target == "value" else (v == 0).astype(np.int64)
    r = synthesize([("n", np.arange(400))], goal, fit=200, target=target, seconds=900)
    assert r.best is not None and r.best.size >= 8
    want = far if target == "value" else (far == 0)
    assert all(int(evaluate(r.best.expr, n=n)) == int(want[n]) for n in range(3000)), r.best.expr


@pytest.mark.slow
def test_a_bit_rule_on_shifted_coordinates() -> None:
    # P iff (a - 1) & (b - 1) == 0 (binomial(a + b - 2, a - 1) odd, Lucas): size 9
    a, b = (x.ravel() for x in np.meshgrid(np.arange(1, 33), np.arange(1, 33), indexing="ij"))
    goal = (((a - 1) & (b - 1)) == 0).astype(np.int64)
    r = synthesize([("a", a), ("b", b)], goal, fit=600, target="P", seconds=900, constants=(0, 1, 2, 3))
    assert r.best is not None and r.best.size <= 9
    for x in range(1, 70):
        for y in range(1, 70):
            assert bool(evaluate(r.best.expr, a=x, b=y)) == (math.comb(x + y - 2, x - 1) % 2 == 1)
