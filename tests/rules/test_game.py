import random

import pytest

import grundy
from grundy import GameSum, InvalidPositionError, Outcome, Sum, SumMove
from tests.oracles import grundy_values, sum_moves

nim = grundy.games.get("nim")
sub = grundy.games.get("subtraction:1,3,4")


def test_sum_value_is_xor_and_matches_product_brute_force():
    g = grundy_values(sum_moves(sub.moves))
    rng = random.Random(1)
    for _ in range(200):
        ps = tuple(rng.randrange(12) for _ in range(rng.randrange(1, 4)))
        total = sub.sum(*ps)
        assert total.value == g(ps)
        assert total.outcome is (Outcome.P if g(ps) == 0 else Outcome.N)


def test_winning_moves_of_sum_reach_p_positions_and_are_all_of_them():
    g = grundy_values(sum_moves(sub.moves))
    rng = random.Random(2)
    for _ in range(200):
        ps = tuple(rng.randrange(15) for _ in range(rng.randrange(1, 4)))
        total = sub.sum(*ps)
        expected = sorted(
            (i, o) for i, p in enumerate(ps) for o in sub.moves(p)
            if g(ps[:i] + (o,) + ps[i + 1 :]) == 0
        )
        assert sorted(tuple(m) for m in total.winning_moves()) == expected
        one = total.winning_move()
        if expected:
            assert tuple(one) in expected
            assert total.play(one).outcome is Outcome.P
        else:
            assert one is None


def test_ten_thousand_components_by_their_values():
    # its time is measured by benchmarks/bench_catalogue.py and bench_reducer.py
    # (sums of 10^6 heaps), not here
    rng = random.Random(3)
    heaps = [rng.randrange(1, 10**12) for _ in range(10_000)]
    subs = [rng.randrange(0, 200) for _ in range(10_000)]
    total = nim.sum(*heaps) + sub.sum(*subs)
    m = total.winning_move()
    v = total.value
    if v:
        assert total.play(m).value == 0


def test_game_sum_api():
    s = nim[3] + nim[4] + nim[5]
    assert isinstance(s, GameSum) and len(s) == 3
    assert repr(s) == "nim[3] + nim[4] + nim[5]"
    assert s.winning_move() == SumMove(0, 1)
    assert sum([nim[1], nim[2]]).value == 3
    assert (s + nim[2]).value == 0
    with pytest.raises(InvalidPositionError):
        s.play((0, 7))
    with pytest.raises(InvalidPositionError):
        s.play((5, 1))


def test_mixed_rulesets_remoteness_matches_brute_force():
    from tests.oracles import remoteness, suspense

    lasker = grundy.games.get("lasker")

    def moves(ps):  # ps: tuple of ("n", heap) / ("s", heap) / ("l", heap)
        for i, (kind, p) in enumerate(ps):
            rs = {"n": nim, "s": sub, "l": lasker}[kind]
            for o in rs.moves(p):
                new = [(kind, x) for x in (o.parts if isinstance(o, Sum) else (o,))]
                yield tuple(sorted(ps[:i] + tuple(new) + ps[i + 1 :]))

    r, su = remoteness(moves), suspense(moves)
    for a, b, c in [(2, 3, 1), (3, 5, 2), (0, 4, 3), (1, 1, 4)]:
        total = nim[a] + sub[b] + lasker[c]
        key = tuple(sorted((("n", a), ("s", b), ("l", c))))
        assert total.remoteness == r(key)
        assert total.suspense == su(key)
        assert total.remoteness % 2 == (total.outcome is Outcome.N)


def test_game_value_types():
    g = nim[5]
    assert g == nim[5] and hash(g) == hash(nim[5]) and g != nim[4]
    assert g.options() == [0, 1, 2, 3, 4]
    assert g.play(2) == nim[2]
    with pytest.raises(AttributeError):
        g.position = 3  # type: ignore[misc]
