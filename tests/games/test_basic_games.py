"""Nim, Lasker's Nim and subtraction games: closed forms against brute force from
the raw rules, and against published values."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import InvalidPositionError, Outcome
from grundy.games import Lasker, Nim, Subtraction
from tests.oracles import grundy_values, mex, sum_moves, wins


def test_nim_formula_vs_brute_force():
    g = grundy_values(lambda n: range(n))
    nim = Nim()
    for n in range(60):
        assert nim.value(n) == g(n) == nim.solver.value(n)
    w = wins(sum_moves(lambda n: range(n)))
    for a in range(6):
        for b in range(6):
            for c in range(6):
                assert (nim.sum(a, b, c).outcome is Outcome.N) == w((a, b, c))


@given(st.lists(st.integers(0, 10**30), min_size=1, max_size=50))
def test_nim_winning_move_is_bouton(heaps):
    total = Nim().sum(*heaps)
    s = 0
    for h in heaps:
        s ^= h
    m = total.winning_move()
    if s == 0:
        assert m is None and total.winning_moves() == []
    else:
        assert heaps[m.component] ^ s == m.option < heaps[m.component]
        assert total.play(m).value == 0
        assert len(total.winning_moves()) == sum(1 for h in heaps if h ^ s < h)


def test_lasker_formula_vs_brute_force_and_published_values():
    lasker = Lasker()
    for n in range(80):
        assert lasker.value(n) == lasker.solver.value(n), n
    # Winning Ways, ch. 4 (Lasker's Nim): 0 1 2 4 3 5 6 8 7 9 10 12 11
    assert lasker.table(12) == [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]


def test_lasker_against_flat_brute_force():
    def flat(heaps):
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for k in range(n):
                yield tuple(sorted(rest + ((k,) if k else ())))
            for a in range(1, n // 2 + 1):
                yield tuple(sorted(rest + (a, n - a)))

    g = grundy_values(flat)
    for n in range(1, 16):
        assert Lasker().value(n) == g((n,))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 10, 11, 12, 30, 37, 10**18 + 3])
def test_lasker_winning_move(n):
    lasker = Lasker()
    m = lasker.winning_move(n)
    assert lasker.value(m) == 0 and lasker.is_option(n, m)


def test_lasker_sum_constructive_move_for_huge_heaps():
    lasker = Lasker()
    total = lasker[10**18] + lasker[7]
    m = total.winning_move()
    assert total.play(m).value == 0


def test_subtraction_games_vs_brute_force_and_known_periods():
    # S = {1, 3, 4}: period 7 (0 1 0 1 2 3 2), Winning Ways ch. 4
    s = Subtraction({1, 3, 4})
    assert s.table(20) == [[0, 1, 0, 1, 2, 3, 2][n % 7] for n in range(21)]
    # Bash: S = {1..m} has value n mod (m + 1)
    for m in range(1, 6):
        bash = Subtraction(range(1, m + 1))
        assert bash.table(40) == [n % (m + 1) for n in range(41)]
    for sset in ({2, 5}, {1, 4, 9}, {3}, {2, 3, 7}):
        sub = Subtraction(sset)
        g = grundy_values(lambda n, sset=sset: [n - x for x in sset if x <= n])
        assert sub.table(60) == [g(n) for n in range(61)]


@pytest.mark.parametrize("ruleset", [Nim(), Lasker(), Subtraction({1, 2})])
@pytest.mark.parametrize("bad", [-1, 2.5, "3", True, None])
def test_bad_positions(ruleset, bad):
    with pytest.raises(InvalidPositionError, match=repr(bad).replace(".", r"\.")):
        ruleset[bad]


def test_parse_positions():
    nim = Nim()
    assert nim.parse_position("10**100") == 10**100
    assert nim.parse_position("1_000") == 1000
    with pytest.raises(InvalidPositionError, match="nim: not an integer heap size: 'x'"):
        nim.parse_position("x")


# ------------------------------------------------------------ no period needed
ACWING_893 = r"""
import random, sys
import grundy
from grundy.games import Subtraction
rng = random.Random(893)
S = rng.sample(range(1, 10**4 + 1), 100)
heaps = [rng.randint(1, 10**4) for _ in range(100)]
g = Subtraction(S)
values = [g.value(h) for h in heaps]
print(" ".join(map(str, S)))
print(" ".join(map(str, heaps)))
print(" ".join(map(str, values)))
"""


def test_acwing_893_large_members_answer_by_the_table_without_a_period():
    """AcWing 893's limits (k = 100 members up to 10^4, heaps up to 10^4), in a
    fresh process: the table up to the heap asked answers (was: a 13 s period
    search ending in SearchLimitError), and right. Its time (3 s on an idle
    machine) is measured by benchmarks/bench_examples.py, not here."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", ACWING_893], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    S, heaps, values = out.stdout.strip().splitlines()
    S_, heaps_ = [int(x) for x in S.split()], [int(x) for x in heaps.split()]
    g = []
    for n in range(max(heaps_) + 1):  # the raw rules: mex over n - s
        g.append(mex(g[n - s] for s in S_ if s <= n))
    assert [int(x) for x in values.split()] == [g[h] for h in heaps_]


def test_subtraction_beyond_the_table_needs_a_proven_period():
    """A heap beyond the table budget with no period proven within it is a
    SearchLimitError naming the heap and how far the search got; below, exact."""
    import random

    from grundy import SearchLimitError

    rng = random.Random(893)
    g = Subtraction(rng.sample(range(1, 10**4 + 1), 100))
    g.limit = 1 << 15  # a small budget: no period shows in 2^15 values
    with pytest.raises(SearchLimitError, match=r"heap 10\*\*20|heap 100000000000000000000"):
        g.value(10**20)
    assert g.periodicity is None and "no period proven" in g.period_note
    assert g.value(20000) == g.table(20000)[-1]


def test_allbut_extends_only_a_proven_pattern():
    """All-but games: the arithmetic period is proven (not merely observed) before
    it answers beyond the values computed; with none, a heap beyond the exact
    range is a SearchLimitError (was: an observed pattern extended)."""
    from grundy import SearchLimitError
    from grundy.games import AllBut
    from tests.games.test_fresh_sweep import allbut_values

    for ex in [(1,), (2,), (1, 2), (2, 3), (1, 3, 4), (3, 5), (2, 7), (4, 6, 7), (5,), (2, 5, 8),
               (3, 4, 9), (6, 10)]:
        g = AllBut(ex)
        g.window = 16  # prove on as few values as it can: the extension is then exercised
        per = g._pattern(10**9)
        assert per is not None and per.proven, ex
        known = len(g._state.values)
        expect = allbut_values(ex, 1200)
        assert [g.value(n) for n in range(known, 1201)] == expect[known:], ex
    assert AllBut((2,)).periodicity.proven
    wide = AllBut((1, 5000))  # max(S) too large to look for a pattern
    with pytest.raises(SearchLimitError, match="not|no pattern"):
        wide.value(10**6 + 1)


@pytest.mark.parametrize("spec,bad", [("lasker", -3), ("nim", -1), ("bash:3", -2),
                                      ("subtraction:1,3,4", -5), ("lasker", "x"), ("nim", 2.5)])
def test_solver_path_validates_positions(spec, bad):
    """``lasker.solver.value(-3)`` returned 0: the search path skipped ``validate``.
    Every solver entry refuses an illegal position, naming it."""
    import grundy

    rs = grundy.games.get(spec)
    for ask in (rs.solver.value, rs.solver.remoteness, rs.solver.suspense):
        with pytest.raises(InvalidPositionError, match=str(bad) if bad != "x" else "'x'"):
            ask(bad)
