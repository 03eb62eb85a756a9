import pickle

import pytest

from grundy import Sum, UnhashablePositionError


def test_unordered_flat_and_distinct_from_tuples():
    assert Sum(3, 7) == Sum(7, 3)
    assert hash(Sum(3, 7)) == hash(Sum(7, 3))
    assert Sum(1, Sum(2, 3)) == Sum(3, 2, 1)
    assert Sum(1, Sum(2, 3)).parts == (1, 2, 3)
    assert Sum(3, 7) != (3, 7) and Sum(3, 7) != Sum(3, 7, 7)
    assert len({Sum(1, 2), Sum(2, 1), (1, 2)}) == 2


def test_multiset_semantics():
    assert Sum(2, 2, 3) != Sum(2, 3, 3)
    assert Sum() == Sum() and len(Sum()) == 0


def test_immutable_and_picklable():
    s = Sum(1, 2)
    with pytest.raises(AttributeError):
        s.parts = (3,)  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(s)) == s
    assert eval(repr(s)) == s


def test_unhashable_part_is_named():
    with pytest.raises(UnhashablePositionError, match=r"\[1, 2\]"):
        Sum(3, [1, 2])
