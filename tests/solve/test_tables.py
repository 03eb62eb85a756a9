from grundy.games import Chocolate, Wythoff, wythoff_pair
from grundy.patterns.pairs import describe_pairs
from grundy.solve.tables import p_positions


def test_wythoff_pairs_from_the_rules_are_the_beatty_pairs():
    pairs = p_positions(Wythoff(), 60)
    k = 0
    while wythoff_pair(k)[1] <= 60:
        k += 1
    assert pairs == [wythoff_pair(i) for i in range(k)]
    assert describe_pairs(pairs).startswith("the k-th P-position is (floor(k*phi)")


def test_invalid_pairs_are_skipped_and_patterns_described():
    pairs = p_positions(Chocolate(), 6)
    assert all(min(p) >= 1 for p in pairs) and (1, 1) in pairs and (2, 2) in pairs
    assert describe_pairs([(0, 0), (1, 1), (2, 2)]) == "exactly the equal pairs (a, a) (3 pairs)"
    assert "repeated entries" in describe_pairs(pairs)
