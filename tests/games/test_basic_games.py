"""Nim, Lasker's Nim and subtraction games: closed forms against brute force from
the raw rules, and against published values."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import InvalidPositionError, Outcome
from grundy.games import Lasker, Nim, Subtraction
from tests.oracles import grundy_values, sum_moves, wins


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
