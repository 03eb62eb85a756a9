"""The rule synthesiser: planted rules from raw rules (brute-force oracles),
nothing on noise, observational equivalence, refutation, exact primitives."""

from __future__ import annotations

import math

import numpy as np
import pytest

from grundy.patterns import primitives as P
from grundy.patterns.forms import NAMESPACE, evaluate
from grundy.patterns.synth import WORK, synthesize
from grundy.patterns.synth_bank import Bank
from tests.oracles import grundy_values, wins


def _table(moves, size):  # type: ignore[no-untyped-def]
    g = grundy_values(moves)
    for n in range(size):  # increasing: the memo keeps the recursion shallow
        g(n)
    return np.array([g(n) for n in range(size)], dtype=np.int64)


def _p_table(moves, size):  # type: ignore[no-untyped-def]
    w = wins(moves)
    for n in range(size):
        w(n)
    return np.array([0 if w(n) else 1 for n in range(size)], dtype=np.int64)


def _holds(expr: str, truth, points) -> bool:  # type: ignore[no-untyped-def]
    return all(int(evaluate(expr, n=n)) == int(truth(n)) for n in points)


FAR = [10**6 + 3, 10**9 + 7, 2**40, 10**30, 10**30 + 1]


def test_value_rule_of_the_divisor_game() -> None:
    # n -> n - d for a divisor d < n: g(n) = v2(n) (OEIS A007814)
    v = _table(lambda n: [n - d for d in range(1, n) if n % d == 0], 160)
    r = synthesize([("n", np.arange(160))], v, fit=80)
    assert r.best is not None and r.best.status == "verified"
    assert _holds(r.best.expr, lambda n: (n & -n).bit_length() - 1 if n else 0, range(160))
    assert _holds(r.best.expr, lambda n: (n & -n).bit_length() - 1, FAR)


def test_value_rule_with_a_square_root() -> None:
    # moves n -> m with m < n and m >= n - isqrt(n)... planted directly: g = isqrt(n) mod 3
    v = np.array([math.isqrt(n) % 3 for n in range(300)])
    r = synthesize([("n", np.arange(300))], v, fit=150)
    assert r.best is not None and r.best.expr == "isqrt(n) % 3"
    assert evaluate(r.best.expr, n=10**30) == 10**15 % 3


def test_take_at_least_half_is_the_bit_length() -> None:
    v = _table(lambda n: range(n // 2 + 1) if n else [], 200)
    r = synthesize([("n", np.arange(200))], v, fit=100)
    assert r.best is not None and r.best.expr == "bitlen(n)"


def test_p_rule_union_of_predicates() -> None:
    # P iff n = 0 (mod 4) or n is prime: planted on a table, found as a union
    p = np.array([int(n % 4 == 0 or P.is_prime(n)) for n in range(200)])
    r = synthesize([("n", np.arange(200))], p, fit=100, target="P")
    assert r.best is not None
    assert _holds(r.best.expr, lambda n: n % 4 == 0 or P.is_prime(n), range(200))
    assert _holds(r.best.expr, lambda n: n % 4 == 0 or P.is_prime(n), [2**89 - 1, 10**30, 10**30 + 1])


def test_p_rule_from_raw_rules_subtract_one_or_a_prime() -> None:
    primes = [q for q in range(2, 400) if P.is_prime(q)]
    p = _p_table(lambda n: [n - d for d in [1] + primes if d <= n], 300)
    r = synthesize([("n", np.arange(300))], p, fit=150, target="P")
    assert r.best is not None and r.best.status == "verified"
    assert _holds(r.best.expr, lambda n: n % 4 == 0, FAR + list(range(300)))


def test_learned_threshold() -> None:
    v = np.array([7 if n < 3 else n % 5 for n in range(100)])
    r = synthesize([("n", np.arange(100))], v, fit=50, threshold="n")
    assert r.best is not None and r.best.expr == "(n % 5 if n >= 3 else 7)"


def test_noise_gives_nothing() -> None:
    rng = np.random.default_rng(3)
    noise = rng.integers(0, 6, 300)
    r = synthesize([("n", np.arange(300))], noise, fit=150, max_size=5, seconds=30)
    assert r.best is None
    r = synthesize([("n", np.arange(300))], noise % 2, fit=150, max_size=5, target="P", seconds=30)
    assert r.best is None


@pytest.mark.slow
def test_noise_gives_nothing_at_full_size() -> None:
    noise = np.random.default_rng(5).integers(0, 5, 1000)
    for target, goal in (("value", noise), ("P", noise % 2)):
        assert synthesize([("n", np.arange(1000))], goal, fit=500, target=target, seconds=120).best is None


def test_refuted_is_never_verified() -> None:
    v = np.array([n % 4 if n < 300 else (n + 1) % 4 for n in range(400)])
    r = synthesize([("n", np.arange(400))], v, fit=200, max_size=4, seconds=30, stop_at_first=False)
    assert all(f.status == "refuted" for f in r.found if f.expr == "n % 4")
    assert any(f.expr == "n % 4" and f.mismatch == 300 and f.got == 0 for f in r.found)
    for f in r.found:  # every verified rule holds on the whole table, exactly
        if f.status == "verified":
            assert all(int(evaluate(f.expr, n=n)) == v[n] for n in range(400))


def test_observational_equivalence_keeps_one_of_each_and_the_natural_one() -> None:
    n = np.arange(64)
    bank = Bank([("n", n)], n % 3, np.ones(64, dtype=bool), "value", (0, 1, 2, 3))
    for size in (1, 2, 3):
        bank.build(size, float("inf"))
    ids = bank.ids(False, 3, 10**9)
    vals = bank.values(ids)
    assert len({row.tobytes() for row in vals}) == len(vals)  # one term per value vector
    texts = {bank.text(int(t))[0] for t in ids}
    assert "n % 2" in texts and "n & 1" not in texts  # same values: the first operator kept
    want = {(n + c).tobytes() for c in (1, 2, 3)} | {(n % c).tobytes() for c in (2, 3)}
    assert want <= {row.tobytes() for row in vals}


def test_the_search_says_where_it_stopped() -> None:
    noise = np.random.default_rng(4).integers(0, 5, 300)
    r = synthesize([("n", np.arange(300))], noise, fit=150, max_size=9, seconds=0.5)
    assert r.stopped is not None and r.stopped.startswith("time") and f"complete to size {r.size}" in r.stopped
    r = synthesize([("n", np.arange(300))], noise, fit=150, max_size=6, seconds=60, stop_at_first=False)
    assert r.stopped is None and r.size == 6 and len(r.levels) == 4 and len(r.examined) == 6
    # too little memory for size 6: sizes 6 and 7 are matched without being stored
    r = synthesize([("n", np.arange(300))], noise, fit=150, max_size=9, seconds=120, memory=30_000_000,
                   stop_at_first=False)
    assert r.stopped is not None and r.stopped.startswith("memory") and r.size == 7, r.stopped


def test_a_work_budget_stops_the_search_at_one_place_whatever_the_seconds() -> None:
    noise = np.random.default_rng(4).integers(0, 5, 300)
    runs = [synthesize([("n", np.arange(300))], noise, fit=150, seconds=s, work=100_000) for s in (30, 3000)]
    for r in runs:
        assert r.best is None and r.stopped == "work: 100000 candidates, within size 6 (complete to size 5)"
        assert sum(r.examined) <= 100_000
    assert runs[0].levels == runs[1].levels and runs[0].examined == runs[1].examined
    token = WORK.set(100_000)  # the bound of a block (search_time(..., work=)) when none is given
    try:
        r = synthesize([("n", np.arange(300))], noise, fit=150, seconds=30)
    finally:
        WORK.reset(token)
    assert r.stopped == runs[0].stopped and r.examined == runs[0].examined
    # a rule within the bound is found as without it
    found = synthesize([("n", np.arange(300))], np.arange(300) % 5 + 1, fit=150, work=100_000)
    assert found.best is not None and found.best.expr == "1 + n % 5" and found.stopped is None
    for bad in (0, -3, True, 2.5):
        with pytest.raises(ValueError, match="work"):
            synthesize([("n", np.arange(300))], noise, fit=150, work=bad)  # type: ignore[arg-type]


def test_primitives_are_exact_on_huge_inputs() -> None:
    n = 10**30
    assert P.isqrt(n) == 10**15 and P.bitlen(n) == 100 and P.v2(n) == 30
    assert P.ndiv(n) == 31 * 31 and P.omega(n) == 2 and P.bigomega(n) == 60 and P.spf(n) == 2
    assert P.sigma(n) == (2**31 - 1) * (5**31 - 1) // 4 and P.phi(n) == n // 2 * 4 // 5
    assert P.is_square(n) == 1 and P.is_square(n + 1) == 0 and P.is_prime(2**127 - 1) == 1
    assert P.trinv(n * (n + 1) // 2) == n and P.trinv(n * (n + 1) // 2 - 1) == n - 1
    assert P.ilog(n, 10) == 30 and P.ilog(n - 1, 10) == 29 and P.vp(n, 5) == 30
    for name in ("isqrt", "bitlen", "ndiv", "trinv"):
        assert name in NAMESPACE


def test_vectorised_twins_match_the_exact_functions() -> None:
    x = np.arange(0, 3000, dtype=np.int64)
    exact = {
        "isqrt": P.isqrt, "bitlen": P.bitlen, "v2": P.v2, "odd_part": P.odd_part, "trinv": P.trinv,
        "ndiv": P.ndiv, "sigma": P.sigma, "omega": P.omega, "bigomega": P.bigomega, "spf": P.spf,
        "phi": P.phi, "is_prime": P.is_prime, "is_square": P.is_square, "is_tri": P.is_tri,
        "ilog(·, 3)": lambda k: P.ilog(k, 3), "vp(·, 3)": lambda k: P.vp(k, 3),
    }
    for name, f in exact.items():
        fn = P.VECTORISED[name][0]
        assert fn(x).tolist() == [f(int(k)) for k in x], name
    assert P.VECTORISED["fib"][0](np.arange(60)).tolist() == [P.fib(k) for k in range(60)]


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="target"):
        synthesize([("n", np.arange(10))], np.arange(10), fit=5, target="x")
    with pytest.raises(ValueError, match="fit"):
        synthesize([("n", np.arange(10))], np.arange(10), fit=50)
