"""Misère quotients: every quotient built here is checked against exhaustive search
of bounded sums (tests/oracles.py), and against the published orders."""

from __future__ import annotations

import itertools
import random

import pytest

import grundy
from grundy.solve.misere_quotient import (
    MisereQuotient, QuotientError, compute_quotient, heap_options, is_tame, tame_quotient,
)
from grundy.values.errors import InvalidParameterError, InvalidPositionError
from tests.oracles import misere_p, octal_heap_options


def digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or "0")] + [int(c) for c in tail]


def nim_options(n):
    return [(n - k,) if n - k else () for k in range(1, n + 1)]


def brute_classes(p, heaps, mult, test_mult):
    """Number of indistinguishability classes of the sums of ``heaps`` (each at most
    ``mult`` times), told apart by the sums with each heap at most ``test_mult`` times."""
    sums = [sum(([h] * k for h, k in zip(heaps, ks)), []) for ks in
            itertools.product(range(mult + 1), repeat=len(heaps))]
    tests = [sum(([h] * k for h, k in zip(heaps, ks)), []) for ks in
             itertools.product(range(test_mult + 1), repeat=len(heaps))]
    sigs = {tuple(p(tuple(sorted(s + t))) for t in tests) for s in sums}
    return len(sigs)


def check_random_sums(q: MisereQuotient, p, heaps_max: int, count: int = 300, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        k = rng.randint(0, 5)
        hs = [rng.randint(0, heaps_max) for _ in range(k)]
        expect = grundy.Outcome.P if p(tuple(sorted(h for h in hs if h))) else grundy.Outcome.N
        assert q.outcome(hs) is expect, (q.name, hs)


def test_nim_tame_quotients_and_brute_force():
    p = misere_p(nim_options)
    q3 = compute_quotient(nim_options, 3, name="nim")
    q7 = compute_quotient(nim_options, 7, name="nim")
    assert (q3.order, q3.is_tame, q7.order, q7.is_tame) == (6, True, 10, True)
    # a brute force of indistinguishability over bounded sums agrees
    assert brute_classes(p, [1, 2, 3], 3, 3) == 6
    assert brute_classes(p, [1, 2, 4], 3, 3) == 10
    check_random_sums(q7, p, 7)


def test_075_has_order_8_plambeck_2005():
    code = "0.75"
    p = misere_p(octal_heap_options(digits(code)))
    q = compute_quotient(heap_options(grundy.games.get("octal:" + code)), 25, name=code)
    assert q.stopped is None and q.order == 8 and not q.is_tame
    assert len(q.p_portion) == 2
    assert brute_classes(p, [1, 2, 5], 3, 3) == 8
    check_random_sums(q, p, 12)


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "0.22"] + [
    pytest.param(c, marks=pytest.mark.slow) for c in ("0.53", "0.56", "0.45", "0.15", "0.04")])
def test_quotients_agree_with_exhaustive_search(code):
    p = misere_p(octal_heap_options(digits(code)))
    q = compute_quotient(octal_heap_options(digits(code)), 14, name=code)
    # the library's own rules give the same quotient
    q2 = compute_quotient(heap_options(grundy.games.get("octal:" + code)), min(q.heaps, 14), name=code)
    assert q2.orders == q.orders[: q2.heaps + 1]
    check_random_sums(q, p, min(q.heaps, 11))
    # every winning move leads to a P-position; P-positions have none
    rng = random.Random(5)
    for _ in range(60):
        hs = [rng.randint(0, min(q.heaps, 11)) for _ in range(rng.randint(1, 4))]
        mv = q.winning_move(hs)
        if p(tuple(sorted(h for h in hs if h))):
            assert mv is None
        elif any(q.options[h] for h in hs):
            assert mv is not None
            i, w = mv
            assert tuple(sorted(w)) in {tuple(sorted(o)) for o in octal_heap_options(digits(code))(hs[i])}
            after = hs[:i] + hs[i + 1:] + list(w)
            assert p(tuple(sorted(h for h in after if h)))


def test_dawson_kayles_split_at_heap_10():
    """Among heaps <= 9, 6 and 6+6+6 are indistinguishable; heap 10 tells them
    apart (exhaustive search), so the quotient of heaps <= 10 splits that class
    (the construction recalibrates: heap 6 gets its own generator)."""
    code = "0.07"
    opts = octal_heap_options(digits(code))
    p = misere_p(opts)
    q9 = compute_quotient(opts, 9, name=code)
    q10 = compute_quotient(opts, 10, name=code)
    assert q9.order == 6 and q9.is_tame
    assert q9.element_of([6]) == q9.element_of([6, 6, 6])
    assert p((6, 10)) != p((6, 6, 6, 10))
    assert q10.element_of([6]) != q10.element_of([6, 6, 6])
    check_random_sums(q10, p, 10, seed=3)
    with pytest.raises(QuotientError) as info:
        compute_quotient(opts, 30, name=code, stop_early=False, max_order=8)
    assert info.value.reason == "order"


def test_tameness():
    for m in range(5):
        assert is_tame(*tame_quotient(m))
    t, p = tame_quotient(3)
    p2 = p.copy()
    p2[3] = True
    assert not is_tame(t, p2)


def test_presentation_and_store():
    q = compute_quotient(heap_options(grundy.games.get("octal:0.75")), 12, name="0.75")
    assert q.presentation().startswith("a, b, c | ")
    again = MisereQuotient.from_json(q.to_json())
    assert again.orders == q.orders and (again.table == q.table).all()
    assert again.outcome([5, 2, 1]) is q.outcome([5, 2, 1])
    bad = q.to_json().replace('"phi":[0', '"phi":[1', 1)
    with pytest.raises(InvalidParameterError):
        MisereQuotient.from_json(bad)
    with pytest.raises(InvalidPositionError):
        q.outcome([13])
    with pytest.raises(InvalidPositionError):
        q.element(-1)


def test_bad_options_are_named():
    with pytest.raises(InvalidParameterError, match="heap 2"):
        compute_quotient(lambda n: [[n]] if n == 2 else [], 3)
    with pytest.raises(InvalidParameterError):
        compute_quotient(nim_options, -1)
