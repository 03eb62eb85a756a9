"""Counting positions by nim-sum against brute-force enumeration of every tuple."""

from __future__ import annotations

import itertools
import random
from functools import reduce

import numpy as np
import pytest

import grundy
from grundy import InvalidParameterError, SearchLimitError
from grundy.kernels.fwht import count_pairs_at_least, fwht, inverse_fwht
from grundy.solve.counting import CountingMemoryError, count_xor_box, nim_sum_distribution


def brute(value_lists, value):
    return sum(1 for t in itertools.product(*value_lists) if reduce(lambda a, b: a ^ b, t, 0) == value)


def test_xor_box_against_brute_force():
    rng = random.Random(0)
    for _ in range(150):
        k = rng.randrange(1, 5)
        ranges = []
        for _ in range(k):
            lo = rng.randrange(0, 20)
            ranges.append(range(lo, lo + rng.randrange(0, 14)))
        v = rng.randrange(0, 32)
        want = brute([list(r) for r in ranges], v)
        assert count_xor_box(ranges, v) == want
        assert grundy.count_positions(ranges, value=v) == want
        assert grundy.count_positions(ranges, value=v, mod=7) == want % 7


def test_xor_box_huge_is_exact():
    # two heaps below 2^100 with equal sizes: exactly 2^100 P-positions
    assert count_xor_box([range(2**100)] * 2) == 2**100
    n = 10**18
    assert count_xor_box([range(n), range(n)], 5) == n  # 8 | n, so x ^ 5 < n whenever x < n


def test_rulesets_against_brute_force():
    nim = grundy.games.get("nim")
    bash = grundy.games.get("bash:3")
    mt = grundy.games.get("mock-turtles")
    boards = ["".join(p) for p in itertools.product("HT", repeat=6)]
    comps = [(nim, range(13)), (bash, range(2, 30)), (mt, boards), (nim, range(5, 9))]
    lists = [[rs.value(p) for p in ps] for rs, ps in comps]
    dist = nim_sum_distribution(comps)
    for v in range(len(dist)):
        assert dist[v] == brute(lists, v)
        assert grundy.count_positions(comps, value=v) == dist[v]
        assert grundy.count_positions(comps, value=v, mod=998244353) == dist[v] % 998244353
    assert sum(dist) == 13 * 28 * 64 * 4
    assert grundy.count_positions(comps, value=len(dist) + 5) == 0


def test_issue_example_three_heap_nim():
    nim = grundy.games.get("nim")
    want = sum(1 for a in range(1000) for b in range(1000) if a ^ b < 1000)
    assert grundy.count_positions([(nim, range(1000))] * 3) == want == count_xor_box([range(1000)] * 3)


def test_exact_big_counts_use_python_ints():
    big = {0: 10**30, 3: 7}
    # nim-sum 0: both 0 or both 3
    assert grundy.count_positions([big, big]) == 10**60 + 49
    assert grundy.count_positions([big, big], value=3) == 2 * 7 * 10**30
    assert grundy.count_positions([big, big], mod=10**9 + 7) == (10**60 + 49) % (10**9 + 7)


def test_count_values():
    mt = grundy.games.get("mock-turtles")
    boards = ["".join(p) for p in itertools.product("HT", repeat=4)]
    got = grundy.count_values(mt, boards)
    want: dict[int, int] = {}
    for b in boards:
        want[mt.value(b)] = want.get(mt.value(b), 0) + 1
    assert got == dict(sorted(want.items()))


def test_fwht_kernels():
    rng = np.random.default_rng(1)
    for n in (1, 2, 8, 64):
        a = rng.integers(0, 50, n)
        b = rng.integers(0, 50, n)
        direct = np.zeros(n, dtype=np.int64)
        for i in range(n):
            for j in range(n):
                direct[i ^ j] += a[i] * b[j]
        assert inverse_fwht(fwht(a) * fwht(b)).tolist() == direct.tolist()
        p = 998244353
        assert inverse_fwht(fwht(a, mod=p) * fwht(b, mod=p) % p, mod=p).tolist() == (direct % p).tolist()
        ao, bo = a.astype(object), b.astype(object)
        assert inverse_fwht(fwht(ao) * fwht(bo)).tolist() == direct.tolist()
    with pytest.raises(ValueError):
        fwht(np.zeros(3, dtype=np.int64))


def test_count_pairs():
    rng = random.Random(2)
    for _ in range(50):
        s = [rng.randrange(-20, 20) for _ in range(rng.randrange(0, 30))]
        k = rng.randrange(-3, 4)
        want = sum(1 for i in range(len(s)) for j in range(i + 1, len(s)) if s[i] <= s[j] - k)
        assert count_pairs_at_least(np.array(s, dtype=np.int64), k) == want


def test_errors():
    nim = grundy.games.get("nim")
    with pytest.raises(CountingMemoryError, match="max_memory"):
        grundy.count_positions([{2**40: 1}, (nim, range(3))], max_memory=10**6)
    with pytest.raises(InvalidParameterError, match="counting component"):
        grundy.count_positions([[1, 2, 3]])  # type: ignore[list-item]
    with pytest.raises(InvalidParameterError, match="odd modulus"):
        grundy.count_positions([range(3)], mod=4)
    with pytest.raises(SearchLimitError):
        grundy.count_positions([(nim, range(100)), {1: 1}], limit=10)
    with pytest.raises(InvalidParameterError):
        grundy.count_positions([range(3)], value=-1)
    assert isinstance(CountingMemoryError("x"), grundy.GrundyError)


def test_count_values_by_period_against_enumeration():
    from grundy.solve.counting import count_values

    for spec in ("subtraction:1,3,4", "bash:3", "octal:0.07", "subtraction:2,5"):
        rs = grundy.games.get(spec)
        for r in (range(0, 500), range(37, 411), range(3, 4), range(100, 100)):
            want: dict[int, int] = {}
            for n in r:
                want[rs.value(n)] = want.get(rs.value(n), 0) + 1
            assert count_values(rs, r, limit=1) == dict(sorted(want.items())), (spec, r)
    huge = count_values(grundy.games.get("bash:3"), range(10**100))
    assert huge == {v: 10**100 // 4 for v in range(4)}
    with pytest.raises(SearchLimitError):
        count_values(grundy.games.get("lasker"), range(10**6), limit=100)


def test_box_of_periodic_games_over_huge_ranges():
    from grundy.solve.counting import count_values

    sub = grundy.games.get("subtraction:1,3,4")
    c = count_values(sub, range(10**18))
    assert grundy.count_positions([(sub, range(10**18))] * 2) == sum(k * k for k in c.values())
    assert grundy.count_positions([(sub, range(10**18))] * 2, mod=998244353) == sum(k * k for k in c.values()) % 998244353


def test_many_small_nim_ranges_go_by_transforms():
    ranges = [range(4)] * 12  # more ranges than the digit DP takes
    assert grundy.count_positions(ranges) == 4**11
    assert grundy.count_positions(ranges[:3] + [range(1, 3)]) == brute([list(r) for r in ranges[:3]] + [[1, 2]], 0)


def test_dense_array_distributions_against_brute_force():
    # c[v] = how many positions have value v: the box's nim-sum counted by
    # enumerating every choice of one position per component
    rng = random.Random(7)
    for _ in range(150):
        comps = [np.array([rng.choice([0, rng.randint(0, 5)]) for _ in range(rng.randint(0, 9))],
                          dtype=rng.choice([np.int64, np.uint32]))
                 for _ in range(rng.randint(1, 3))]
        want: dict[int, int] = {}
        for pick in itertools.product(*[[v for v, k in enumerate(c) for _ in range(int(k))] for c in comps]):
            x = reduce(lambda a, b: a ^ b, pick, 0)
            want[x] = want.get(x, 0) + 1
        for mod in (None, 998244353):
            got = nim_sum_distribution(comps, mod=mod)
            assert {v: k for v, k in enumerate(got) if k} == {
                v: (k % mod if mod else k) for v, k in want.items() if (k % mod if mod else k)}
    # huge counts stay exact (Python integers past int64), and modulo a big prime
    big = np.array([0, 2**62, 3], dtype=np.int64)
    assert grundy.count_positions([big, big]) == 2**124 + 9
    assert grundy.count_positions([big, big], mod=(1 << 61) - 1) == (2**124 + 9) % ((1 << 61) - 1)


@pytest.mark.parametrize("bad, says", [
    (np.zeros((2, 2), dtype=np.int64), "2-D"), (np.array([1.5]), "float64"), (np.array([1, -2]), "c\\[1\\] = -2"),
])
def test_dense_array_distribution_errors(bad, says):
    with pytest.raises(InvalidParameterError, match=says):
        grundy.count_positions([bad])
