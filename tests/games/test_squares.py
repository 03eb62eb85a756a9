"""Subtract-a-square against a plain sieve of its raw rules, and against the
published facts: the first cold positions (Golomb 1966; OEIS A030193) and that
11,356 is the only cold number ending in 6 below 40 million (so the only one
below 12,000)."""

from __future__ import annotations

import random

import grundy
from grundy import Outcome
from tests.oracles import mex


def sieve_values(n: int) -> list[int]:
    """Grundy values 0..n by the definition: mex over n - k*k."""
    g: list[int] = []
    for m in range(n + 1):
        seen = {g[m - k * k] for k in range(1, int(m**0.5) + 2) if k * k <= m}
        v = mex(seen)
        g.append(v)
    return g


def test_values_equal_the_sieve_and_the_published_cold_numbers() -> None:
    values = sieve_values(12_000)
    cold = [n for n, v in enumerate(values) if v == 0]
    assert cold[:10] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22]
    assert [n for n in cold if n % 10 == 6] == [11356]
    rs = grundy.games.get("subtract-a-square")
    assert rs.table(2000) == values[:2001]
    for n in random.Random(7).sample(range(12_001), 20):  # fresh positions, any order
        assert rs.value(n) == values[n], n
    assert rs.outcome(11356) is Outcome.P


def test_winning_moves_reach_cold_positions() -> None:
    rs = grundy.games.get("subtract-a-square")
    for n in range(300):
        m = rs.winning_move(n)
        if rs.value(n) == 0:
            assert m is None
        else:
            assert m is not None and rs.is_option(n, m) and rs.value(m) == 0


def test_one_entry_under_every_name() -> None:
    rs = grundy.games.get("subtract-a-square")
    assert grundy.games.get("take-square") is rs and grundy.games.get("Square Nim") is rs
    assert repr(rs) == "grundy.games.get('subtract-a-square')"
