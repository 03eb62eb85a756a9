import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy.patterns import Periodicity, find_periodicity, octal_periodicity


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6),
       st.lists(st.integers(0, 5), max_size=6), st.integers(0, 3))
def test_finds_a_planted_pattern(cycle, pre, saltus):
    values = list(pre)
    k = 0
    while len(values) < len(pre) + 6 * len(cycle) + 5:
        for c in cycle:
            values.append(c + k * saltus)
        k += 1
    found = find_periodicity(values, saltus=bool(saltus))
    assert found is not None
    # the found pattern reproduces the sequence
    base = values[: found.preperiod + found.period]
    assert all(found.extend(base, n) == values[n] for n in range(len(values)))
    assert found.period <= len(cycle) and found.preperiod <= len(pre)


def test_none_when_no_pattern():
    rng = random.Random(3)
    values = [rng.randrange(1000) for _ in range(50)]
    assert find_periodicity(values) is None


def test_guy_smith_needs_enough_values():
    seq = [5, 5, 5] + [0, 1] * 10
    p = octal_periodicity(seq, 3)
    assert (p.preperiod, p.period) == (3, 2) and p.proven  # 23 >= 2*3 + 2 + 3
    short = octal_periodicity(seq[:10], 3)
    assert short is not None and not short.proven


def test_extend_is_exact_for_huge_n():
    p = Periodicity(1, 4, 4, False, 100)
    base = [0, 1, 2, 4, 3]
    assert p.extend(base, 10**30 + 3) == 10**30 + 4


# ----------------------------------------------------------------------------
# Observed periods: an unproven period is reported only when its
# periodic part spans at least 3 periods and a quarter of the table.
from grundy.patterns.periodicity import OBSERVED_REPEATS, OBSERVED_SHARE, is_observation, observed
from tests.cli.test_stats import raw_table


def brute_observations(values):
    """Every (period, preperiod) that the rule calls an observation, the preperiod
    being the least one for that period, by the definitions."""
    n = len(values)
    out = []
    for p in range(1, n):
        n0 = n - p
        while n0 > 0 and values[n0 - 1] == values[n0 - 1 + p]:
            n0 -= 1
        span = n - n0
        if span >= 3 * p and span >= n / 4:
            out.append((p, n0))
    return out


def test_the_rule_as_documented():
    assert (OBSERVED_REPEATS, OBSERVED_SHARE) == (3, 0.25)  # docs/octal.md states these
    for n in range(1, 60):
        for n0 in range(n):
            for p in range(1, n + 1):
                want = n - n0 >= 3 * p and 4 * (n - n0) >= n
                assert is_observation(n0, p, n) is want, (n0, p, n)


@given(st.lists(st.integers(0, 3), max_size=40), st.lists(st.integers(0, 3), min_size=1, max_size=8),
       st.integers(0, 6), st.lists(st.integers(0, 3), max_size=5))
def test_octal_periodicity_reports_only_observations(pre, cycle, repeats, tail):
    values = pre + cycle * repeats + tail
    if not values:
        return
    found = octal_periodicity(values, len(values))  # no table is long enough to prove
    brute = brute_observations(values)
    if found is None:
        assert brute == []
        return
    assert not found.proven and found.checked == len(values)
    assert (found.period, found.preperiod) in brute
    assert is_observation(found.preperiod, found.period, len(values))
    assert observed(found) is found


def test_observed_keeps_proven_periods_and_drops_coincidences():
    assert observed(None) is None
    proven = Periodicity(993, 3, 0, True, 1001)
    assert observed(proven) is proven
    assert observed(Periodicity(993, 3, 0, False, 1001)) is None
    seen = Periodicity(498, 20, 0, False, 1001)
    assert observed(seen) is seen


@pytest.mark.parametrize("code,digits", [("0.6", [0, 6]), ("0.16", [0, 1, 6])])
def test_no_period_for_officers_and_0_16_on_a_thousand_values(code, digits):
    # was: 0.6 "period 3, preperiod 993, observed", 0.16 "period 6, preperiod 988"
    values = raw_table(digits, 1000)
    assert brute_observations(values) == []
    assert octal_periodicity(values, len(digits) - 1) is None
    assert octal_periodicity(np.array(values, dtype=np.uint16), len(digits) - 1) is None


def test_0_45_is_observed_on_a_thousand_values():
    values = raw_table([0, 4, 5], 1000)  # proven only on 1,089 values
    found = octal_periodicity(values, 2)
    assert (found.period, found.preperiod, found.proven) == (20, 498, False)
    assert (20, 498) in brute_observations(values)
