"""The compiled kernels against the pure-Python rules (brute force). Published
values and periods are in ``tests/games/test_known_results.py``."""

import random

import pytest

from grundy import InvalidParameterError
from grundy.games import GrundysGame, TakeAndBreak
from grundy.games.octal import parse_code
from grundy.kernels import grundy_game_table, octal_table
from tests.oracles import grundy_values


def random_codes(rng, count):
    for _ in range(count):
        digits = [rng.choice([0, 0, 4])] + [rng.randrange(8) for _ in range(rng.randrange(1, 5))]
        if digits[-1] == 0:
            digits[-1] = rng.randrange(1, 8)
        code = f"{digits[0]}." + "".join(map(str, digits[1:]))
        yield code + ("..." if rng.random() < 0.25 else "")


def test_kernel_matches_raw_rules_on_random_codes():
    rng = random.Random(11)
    for code in random_codes(rng, 60):
        game = TakeAndBreak(code)
        digits, repeat = parse_code(code)
        fast = octal_table(digits, 60, repeat=repeat).tolist()
        assert fast == [game.solver.value(n) for n in range(61)], code


def test_kernel_extends_a_prefix():
    full = octal_table([0, 0, 7], 500)
    half = octal_table([0, 0, 7], 250)
    assert (octal_table([0, 0, 7], 500, prefix=half) == full).all()


def test_grundys_game_kernel_matches_raw_rules():
    g = GrundysGame()
    assert g.table(150) == [g.solver.value(n) for n in range(151)] == grundy_game_table(150).tolist()

    def flat(hs):  # the raw rules on a multiset of heaps
        for i, n in enumerate(hs):
            rest = hs[:i] + hs[i + 1 :]
            for a in range(1, (n - 1) // 2 + 1):
                yield tuple(sorted(rest + (a, n - a)))

    gv = grundy_values(flat)
    assert g.table(14) == [gv((n,)) for n in range(15)]


def test_values_far_out_by_the_proven_period_agree_with_the_table():
    g = TakeAndBreak("0.07")
    table = octal_table([0, 0, 7], 3000).tolist()
    p = g.periodicity
    for n in (2999, 2000, 1234):
        assert p.extend(table[: p.preperiod + p.period], n) == table[n]


def test_lasker_code_matches_lasker():
    from grundy.games import Lasker

    g = TakeAndBreak("4.3...")
    assert g.table(200) == [Lasker().value(n) for n in range(201)]
    p = g.periodicity
    assert (p.period, p.saltus, p.proven) == (4, 4, False)


@pytest.mark.parametrize("code", ["0.8", "0.f", "0.08", "8.0", "0.c3", "4.8", "0.9f"])
def test_hex_digits_in_the_kernel_match_the_rules(code):
    g = TakeAndBreak(code, hexadecimal=True)  # bit 8: leave three heaps
    assert g.uses_kernel
    assert g.table(30) == [g.solver.value(n) for n in range(31)]
    assert not TakeAndBreak("0.8...", hexadecimal=True).uses_kernel
    p = g.periodicity
    assert p is None or not p.proven  # Guy-Smith is a two-heap theorem


@pytest.mark.parametrize("bad", ["", "x.07", "0.07.", "3.1", "1.0", "0..."])
def test_bad_codes(bad):
    with pytest.raises(InvalidParameterError):
        TakeAndBreak(bad)


def test_subtraction_games_on_the_octal_machinery():
    from grundy.games import Subtraction

    rng = random.Random(5)
    for _ in range(30):
        sub = Subtraction(rng.sample(range(1, 10), rng.randrange(1, 4)))
        octal = TakeAndBreak(sub.octal_code())
        assert octal.table(300) == sub.table(300)
        p, q = octal.periodicity, sub.periodicity
        assert p.proven and (p.period, p.preperiod) == (q.period, q.preperiod)
