import pickle
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import Sum, UnhashablePositionError
from grundy.rules._sum import xor_scan


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


def test_nested_flattening_keeps_order_and_every_level():
    inner = Sum(2, Sum(3, 4))
    assert inner.parts == (2, 3, 4)
    assert Sum(Sum(), 1, inner, Sum(5)).parts == (1, 2, 3, 4, 5)
    assert Sum(Sum(1, 2)).parts == (1, 2)


def test_bad_constructions_are_refused():
    with pytest.raises(TypeError, match="keyword"):
        Sum(1, part=2)  # type: ignore[call-arg]
    with pytest.raises(UnhashablePositionError, match=r"\{1: 2\}"):
        Sum(Sum(1), {1: 2})  # the flattened path checks too
    with pytest.raises(AttributeError):
        Sum(1).other = 3  # type: ignore[attr-defined]


def test_construction_holds_no_stray_references():
    """The compiled constructor releases what it takes (a refcount leak would grow)."""
    part = ("a unique", "part")
    before = sys.getrefcount(part)
    for _ in range(1000):
        Sum(part, 1)
        Sum(Sum(part), part)
        with pytest.raises(UnhashablePositionError):
            Sum(part, [])
    assert sys.getrefcount(part) == before


def _xor_scan_oracle(opts, memo):
    """The scan spelt out: every option's value (a Sum is worth the XOR of its
    parts), or None when one is unknown."""
    seen = set()
    for o in opts:
        parts = o.parts if type(o) is Sum else (o,)
        if any(c not in memo for c in parts):
            return None
        x = 0
        for c in parts:
            x ^= memo[c]
        seen.add(x)
    return seen


@given(st.lists(st.one_of(st.integers(0, 12), st.lists(st.integers(0, 12), max_size=4).map(
    lambda ps: Sum(*ps))), max_size=12),
       st.dictionaries(st.integers(0, 12), st.integers(0, 2**70), max_size=13))
def test_xor_scan_agrees_with_the_spelt_out_scan(opts, memo):
    assert xor_scan(opts, memo) == _xor_scan_oracle(opts, memo)


def test_xor_scan_refuses_unhashable_options():
    with pytest.raises(TypeError):
        xor_scan([1, [2]], {1: 0})


_parts = st.lists(st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b"]),
                            st.tuples(st.integers(0, 2))), max_size=5)


@given(_parts, _parts)
def test_equality_and_hash_are_those_of_a_multiset(xs, ys):
    """The compiled order-free == and hash against Counter, whatever the kinds of
    parts (all ints and all strings take the sorted path, the rest the fallback)."""
    from collections import Counter

    a, b = Sum(*xs), Sum(*ys)
    assert (a == b) is (Counter(xs) == Counter(ys))
    assert (a != b) is (Counter(xs) != Counter(ys))
    if a == b:
        assert hash(a) == hash(b)
    shuffled = Sum(*reversed(xs))
    assert shuffled == a and hash(shuffled) == hash(a)
    assert a != tuple(xs) and (a == tuple(xs)) is False


def test_hashing_holds_no_stray_references():
    part = ("another", "part")
    before = sys.getrefcount(part)
    for _ in range(1000):
        hash(Sum(part, 1))
        assert Sum(part, "x") == Sum("x", part)
        hash(Sum(3, 1))
    assert sys.getrefcount(part) == before
