"""The compiled misère kernels (grundy.kernels.misere) against the readable
versions they replace: the same minimal option-image sets (in the same order, with
the same sums), the same lex-least P-portions and the same least failing sums, on
every step of the constructions below."""

from __future__ import annotations

import numpy as np
import pytest

from grundy.solve import misere_algebra as A
from grundy.solve import misere_build as B
from tests.oracles import octal_heap_options


def digits(code: str) -> list[int]:
    head, tail = code.split(".")
    return [int(head or "0")] + [int(c) for c in tail]


@pytest.mark.parametrize("code,heaps", [("0.07", 24), ("0.75", 14), ("0.137", 14), ("0.56", 12), ("0.3", 10)])
def test_kernels_equal_readable(code, heaps, monkeypatch):
    calls = {"sets": 0, "lex": 0, "fail": 0}
    sets, lex, fail = A._antichains, B._lex_p, B._failure

    def both_sets(table, gens, with_words=None, start=None, compiled=True):
        fast = sets(table, gens, with_words, start, compiled=True)
        slow = sets(table, gens, with_words, start, compiled=False)
        assert fast == slow
        calls["sets"] += 1
        return fast

    def both_lex(size, cols, tmats):
        fast = lex(size, cols, tmats, compiled=True)
        slow = lex(size, cols, tmats, compiled=False)
        assert np.array_equal(fast, slow)
        calls["lex"] += 1
        return fast

    def both_fail(table, p, gens):
        fast = fail(table, p, gens, compiled=True)
        assert fast == fail(table, p, gens, compiled=False)
        calls["fail"] += 1
        return fast

    monkeypatch.setattr(B, "_failure", both_fail)
    monkeypatch.setattr(A, "_antichains", both_sets)
    monkeypatch.setattr(B, "_lex_p", both_lex)
    B.compute_quotient(octal_heap_options(digits(code)), heaps, name=code)
    assert calls["sets"] > 0
    if code == "0.07":
        assert calls["lex"] > 0 and calls["fail"] > 0  # the recalibrations ran


def test_minimal_sets_extend_a_start():
    """Extending the minimal sets of the first generators by the others gives the
    minimal sets of all of them (the cache of the construction)."""
    table, _p = A.tame_quotient(3)
    gens = [(int(x), np.array(t, dtype=np.int64)) for x, t in [(2, [0]), (3, [0, 2]), (4, [0, 2, 3])]]
    full = A._antichains(table, gens, compiled=False)
    part = A._antichains(table, gens[:1], compiled=False)
    for compiled in (True, False):
        ext = A._antichains(table, gens, start=(part, 1), compiled=compiled)
        assert [sorted(m for m, _w in lst) for lst in ext] == [sorted(m for m, _w in lst) for lst in full]
