"""Quotients whose construction stops while recalibrating (0.06 at heap 17, 0.114
at heap 25): the stop is the order bound (the candidates that could fix the failing
sum are larger than ``max_order``), reported as such, and the quotient returned up
to the heap before agrees with exhaustive search of random sums."""

from __future__ import annotations

import random

import pytest

import grundy
from grundy.solve.misere_build import compute_quotient
from tests.oracles import misere_p, octal_heap_options


def digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or "0")] + [int(c) for c in tail]


def check_sums(q, p, small: int, seed: int, count: int = 250) -> None:
    """Random sums of up to 5 heaps <= ``small``, and of one heap anywhere in the
    quotient's range with up to 2 heaps <= 8: the quotient's outcome is the
    exhaustive search's."""
    rng = random.Random(seed)
    for i in range(count):
        if i % 2:
            hs = [rng.randint(0, small) for _ in range(rng.randint(0, 5))]
        else:
            hs = [rng.randint(0, q.heaps)] + [rng.randint(0, 8) for _ in range(rng.randint(0, 2))]
        expect = grundy.Outcome.P if p(tuple(sorted(h for h in hs if h))) else grundy.Outcome.N
        assert q.outcome(hs) is expect, (q.name, hs)


@pytest.mark.parametrize("code,heaps,max_order,stop", [
    ("0.06", 17, 512, 17),
    pytest.param("0.06", 17, 4096, 17, marks=pytest.mark.slow),
    pytest.param("0.114", 25, 4096, 25, marks=pytest.mark.slow),
])
def test_recalibration_stops_at_the_order_bound(code, heaps, max_order, stop):
    opts = octal_heap_options(digits(code))
    q = compute_quotient(opts, heaps, name=code, max_order=max_order)
    assert q.heaps == stop - 1 and q.stopped is not None
    assert f"no recalibration within {max_order} elements" in q.stopped
    assert "larger candidates" in q.stopped
    check_sums(q, misere_p(opts), 10, seed=stop)


@pytest.mark.slow
def test_dawson_kayles_past_heap_30():
    """Q(0.07) to heap 33: orders 520, 552, 638 at heaps 31, 32, 33 (computed and
    proved by the construction; not a published figure), and its outcomes agree
    with exhaustive search."""
    opts = octal_heap_options(digits("0.07"))
    q = compute_quotient(opts, 33, name="0.07")
    assert q.stopped is None and q.orders[30:] == (360, 520, 552, 638)
    check_sums(q, misere_p(opts), 11, seed=33, count=150)


@pytest.mark.parametrize("code,heaps", [("0.07", 20), ("0.06", 16), ("0.75", 12), ("0.137", 14)])
def test_least_failures_are_real(code, heaps, monkeypatch):
    """Every failing sum the recalibration fixes is one on which the candidate's
    claim is wrong (exhaustive search of the sum), and each candidate that has no
    failing sum agrees with exhaustive search on random sums."""
    from grundy.solve import misere_build as B

    opts = octal_heap_options(digits(code))
    p = misere_p(opts)
    seen = []
    real = B._failure

    def spy(table, pp, gens, **kw):
        word = real(table, pp, gens, **kw)
        if word:
            phi = {h: x for x, _t, h in gens}
            e = 0
            for h in word:
                e = int(table[e, phi[h]])
            seen.append((tuple(sorted(word)), bool(pp[e])))
        return word

    monkeypatch.setattr(B, "_failure", spy)
    q = compute_quotient(opts, heaps, name=code)
    for word, claim in seen:
        if sum(word) <= 40:
            assert p(word) != claim, (code, word)
    if code in ("0.07", "0.06"):
        assert seen  # recalibrations ran
    check_sums(q, p, 10, seed=heaps, count=100)


def test_an_unbounded_power_stops_the_construction():
    """0.354 stops at heap 5, and rightly: the powers of heap 5 are pairwise
    distinguishable (exhaustive search against sums of up to 4 heaps <= 5), so the
    quotient of the heaps up to 5 has at least 11 elements from them alone and the
    least failing sums hold ever more copies of heap 5."""
    import itertools

    opts = octal_heap_options(digits("0.354"))
    q = compute_quotient(opts, 5, name="0.354", max_order=512)
    assert q.heaps == 4 and q.stopped is not None and "heap 5" in q.stopped
    p = misere_p(opts)
    tests = [c for m in range(5) for c in itertools.combinations_with_replacement(range(1, 6), m)]
    rows = [tuple(p(tuple(sorted((5,) * k + y))) for y in tests) for k in range(11)]
    assert len(set(rows)) == 11


def certificate_holds(table, gens, failure, kept, p, only=None) -> int:
    """Every pair of the ``kept`` elements (their lex-least sums), or each pair with
    one sum accepted by ``only``, is told apart by exhaustive search ``p`` with some
    sum ``x`` that keeps ``a + x`` below the least failure. Returns the pairs checked."""
    from grundy.solve import misere_build as B

    heaps_of = [h for _x, _t, h in gens]
    bound = [failure.count(h) for h in heaps_of]
    words = B._lex_words(table, [table[:, x] for x, _t, _h in gens])
    ranked = sorted(range(table.shape[0]), key=lambda e: words[e])
    as_sum = lambda w: tuple(h for h, k in zip(heaps_of, w) for _ in range(k))  # noqa: E731
    kept_words = sorted(words[e] for e in kept)
    checked = 0
    for i, a in enumerate(kept_words):
        if only is not None and not only(as_sum(a)):
            continue
        xs = [as_sum(words[e]) for e in ranked if [u + v for u, v in zip(a, words[e])] < bound]
        for b in kept_words[:i]:
            assert any(p(tuple(sorted(as_sum(a) + x))) != p(tuple(sorted(as_sum(b) + x))) for x in xs), \
                (as_sum(a), as_sum(b))
            checked += 1
    return checked


def spy_certificates(monkeypatch) -> list:
    from grundy.solve import misere_build as B

    calls = []
    real = B.certified_classes

    def spy(table, pp, gens, failure):
        kept = real(table, pp, gens, failure)
        calls.append((table, gens, failure, kept))
        return kept

    monkeypatch.setattr(B, "certified_classes", spy)
    return calls


@pytest.mark.parametrize("code,heaps,max_order", [
    ("0.354", 5, 256),
    pytest.param("0.354", 5, 1024, marks=pytest.mark.slow),
])
def test_certified_lower_bound_is_real(code, heaps, max_order, monkeypatch):
    """When the recalibration stops at the bound it reports a lower bound on the
    order: elements of the last candidate pairwise distinguished by sums below its
    least failing sum. Each pair is told apart again here by exhaustive search of
    the sums (some sum ``x`` with ``a + x`` below the failure gives ``a + x`` and
    ``b + x`` different outcomes), independently of the candidate's claims."""
    import re

    opts = octal_heap_options(digits(code))
    calls = spy_certificates(monkeypatch)
    q = compute_quotient(opts, heaps, name=code, max_order=max_order)
    assert q.stopped is not None and len(calls) == 1
    table, gens, failure, kept = calls[0]
    m = re.search(r"has at least (\d+) elements", q.stopped)
    assert m is not None and int(m.group(1)) == len(kept) > 2 * (max_order // 64)
    certificate_holds(table, gens, failure, kept, misere_p(opts))


@pytest.mark.slow
def test_dawson_kayles_heap_34_certified_lower_bound(monkeypatch):
    """Q(0.07) at heap 34 with a bound of 2048: the stop reports more elements than
    the 638 of Q_33, and each pair of certified elements with a heap of 34 in its
    lex-least sum is told apart by search over the copies of heap 34 down to Q_33
    (semi-exhaustive: sums without heap 34 answered by Q_33, itself checked by
    exhaustive search in test_dawson_kayles_past_heap_30)."""
    import re

    from tests.oracles import misere_p_over

    opts = octal_heap_options(digits("0.07"))
    calls = spy_certificates(monkeypatch)
    q = compute_quotient(opts, 34, name="0.07", max_order=2048)
    assert q.heaps == 33 and q.order == 638 and len(calls) == 1
    table, gens, failure, kept = calls[0]
    m = re.search(r"heaps up to 34 has at least (\d+) elements", q.stopped or "")
    assert m is not None and int(m.group(1)) == len(kept) > 638
    p = misere_p_over(opts, q, 34)
    assert certificate_holds(table, gens, failure, kept, p, only=lambda a: 34 in a) >= 638


def test_semi_exhaustive_oracle_agrees_with_exhaustive_search():
    """misere_p_over (copies of the top heap searched, the rest answered by the
    quotient of the smaller heaps) agrees with plain exhaustive search: 0.07 with
    heap 10 on top of Q_9 (heap 10 splits a class of Q_9: the hard case)."""
    from tests.oracles import misere_p_over

    opts = octal_heap_options(digits("0.07"))
    q9 = compute_quotient(opts, 9, name="0.07")
    p, over = misere_p(opts), misere_p_over(opts, q9, 10)
    rng = random.Random(10)
    for _ in range(120):
        hs = tuple(sorted([10] * rng.randint(0, 3) + [rng.randint(0, 9) for _ in range(rng.randint(0, 4))]))
        assert over(hs) == p(tuple(h for h in hs if h)), hs
    assert over((6, 10)) != over((6, 6, 6, 10))  # b^3 = b in Q_9, split by heap 10
