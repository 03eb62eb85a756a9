import random

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
