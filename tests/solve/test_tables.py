from __future__ import annotations

from functools import lru_cache
from collections.abc import Callable, Iterable

import pytest

import grundy
from grundy.games import Chocolate, Wythoff, get, wythoff_pair
from grundy.games.subtraction import Subtraction
from grundy.patterns.pairs import describe_pairs
from grundy.solve.budget import Budget
from grundy.solve.tables import (
    heap_chunks, heap_table, p_positions, pattern_of, period_search, table_shape,
)
from grundy.values.errors import InvalidParameterError, LoopyGameError, SearchLimitError
from tests.oracles import mex


def heap_values(takes: Callable[[int], Iterable[int]],
                splits: Callable[[int], Iterable[tuple[int, int]]] = lambda n: ()) -> Callable[[int], int]:
    """The value of heap ``n`` by the definition: the mex of the options, a move
    leaving one heap (``takes``) or two (``splits``, worth the XOR of both)."""

    @lru_cache(maxsize=None)
    def g(n: int) -> int:
        return mex({g(m) for m in takes(n)} | {g(a) ^ g(b) for a, b in splits(n)})

    return g


def _halves(n: int, unequal: bool = False) -> list[tuple[int, int]]:
    return [(a, n - a) for a in range(1, n // 2 + 1) if not (unequal and 2 * a == n)]


REFERENCES: dict[str, Callable[[int], int]] = {
    "nim": heap_values(lambda n: range(n)),
    "subtraction:1,3,4": heap_values(lambda n: [n - s for s in (1, 3, 4) if s <= n]),
    "lasker": heap_values(lambda n: range(n), _halves),
    # 0.77: take one or two, leaving none, one heap or two
    "kayles": heap_values(lambda n: [n - k for k in (1, 2) if k <= n],
                          lambda n: [(a, n - k - a) for k in (1, 2) for a in range(1, (n - k) // 2 + 1)]),
    "grundys-game": heap_values(lambda n: (), lambda n: _halves(n, unequal=True)),
}


@pytest.mark.parametrize("spec", sorted(REFERENCES))
def test_heap_tables_and_windows_match_the_mex_recursion(spec: str) -> None:
    """Each source of values (closed form, compiled table) against the rules."""
    ref = REFERENCES[spec]
    rs = get(spec)
    assert heap_table(rs, 80).values == [ref(n) for n in range(81)]
    window = heap_table(rs, 80, 33)
    assert (window.start, window.values) == (33, [ref(n) for n in range(33, 81)])


def test_a_ruleset_without_closed_form_is_searched_heap_by_heap() -> None:
    take125 = grundy.ruleset(lambda n: [n - k for k in (1, 2, 5) if k <= n])
    ref = heap_values(lambda n: [n - k for k in (1, 2, 5) if k <= n])
    seen: list[int] = []
    chunks = list(heap_chunks(take125, 40, 5, progress=seen.append))
    assert chunks == [[ref(n)] for n in range(5, 41)]
    assert seen[-1] == 36 and seen == sorted(seen)


def test_far_windows_use_the_closed_form_position_by_position() -> None:
    lasker = REFERENCES["lasker"]
    # Lasker's values repeat the pattern of heaps 1..4 shifted by 4k (checked here
    # on the recursion), so a heap far out is the near one plus a multiple of 4
    assert all(lasker(n + 4) == lasker(n) + 4 for n in range(1, 120))
    far = 10**20
    assert heap_table(get("lasker"), far + 7, far).values == [lasker(4 + n % 4) + (n - 4 - n % 4)
                                                                for n in range(far, far + 8)]
    assert heap_table(get("nim"), 10**30 + 2, 10**30).values == [10**30, 10**30 + 1, 10**30 + 2]
    s134 = REFERENCES["subtraction:1,3,4"]
    # a window of max(S) = 4 values repeats 7 later: period 7 by the rules
    assert [s134(n) for n in range(7, 11)] == [s134(n) for n in range(4)]
    assert heap_table(get("subtraction:1,3,4"), 10**18 + 20, 10**18).values == [
        s134(n % 7) for n in range(10**18, 10**18 + 21)]


def test_a_compiled_table_comes_in_chunks_that_join_up() -> None:
    kayles = REFERENCES["kayles"]
    near = [kayles(n) for n in range(300)]
    # Guy and Smith: Kayles has period 12 from heap 71 (the recursion agrees here)
    assert all(near[n] == near[n - 12] for n in range(83, 300))
    seen: list[int] = []
    chunks = list(heap_chunks(get("kayles"), 100_000, 10, progress=seen.append))
    values = [v for c in chunks for v in c]
    assert len(chunks) > 1 and seen[-1] == len(values) == 100_000 - 10 + 1
    assert values[:290] == near[10:]
    assert all(v == near[71 + (n - 71) % 12] for n, v in enumerate(values, 10) if n >= 71)


def test_a_loopy_heap_is_one_clear_error_after_the_values_before_it() -> None:
    @grundy.ruleset
    def stay(n: int) -> Iterable[int]:  # from heap 3 on, a heap may move to itself
        if n >= 3:
            yield n
        yield from range(n)

    got: list[int] = []
    with pytest.raises(LoopyGameError, match=r"^stay: heap 3 is loopy .*ask 'grundy analyze'"):
        for chunk in heap_chunks(stay, 6):
            got.extend(chunk)
    assert got == [0, 1, 2]  # nim below heap 3, given before the error
    with pytest.raises(LoopyGameError, match="heap 3 is loopy"):
        heap_table(stay, 6)


def test_a_budget_bounds_the_whole_table_and_windows_are_checked() -> None:
    take125 = grundy.ruleset(lambda n: [n - k for k in (1, 2, 5) if k <= n])
    with pytest.raises(SearchLimitError):
        heap_table(take125, 10**6, budget=Budget(seconds=0))
    assert heap_table(take125, 3, budget=Budget(seconds=60)).values == [0, 1, 2, 0]
    for to, start in ((3, 5), (-1, 0), (3, -2)):
        with pytest.raises(InvalidParameterError):
            heap_table(take125, to, start)


def test_pattern_is_the_rulesets_own_else_one_observed_in_the_values() -> None:
    s378 = heap_values(lambda n: [n - s for s in (3, 7, 8) if s <= n])
    values = [s378(n) for n in range(200)]
    fresh = Subtraction({3, 7, 8})
    assert period_search(fresh) is fresh
    tabled: list[int] = []
    own = pattern_of(fresh, values[:20], progress=tabled.append)  # too short to observe
    assert own is not None and own.proven and tabled and period_search(fresh) is None
    # the claim holds on the recursion
    assert all(values[n] == values[n - own.period] for n in range(own.preperiod + own.period, 200))
    assert pattern_of(fresh, []) == own

    take125 = grundy.ruleset(lambda n: [n - k for k in (1, 2, 5) if k <= n])
    t = [heap_values(lambda n: [n - k for k in (1, 2, 5) if k <= n])(n) for n in range(150)]
    seen = pattern_of(take125, t)
    assert seen is not None and not seen.proven and seen.checked == 150
    assert all(t[n] == t[n - seen.period] + seen.saltus for n in range(seen.preperiod + seen.period, 150))
    assert pattern_of(take125, t[:5]) is None  # a period seen on a handful of values
    assert heap_table(take125, 149, 1).pattern() is None  # not a table from heap 0
    assert heap_table(take125, 149).pattern() == seen


def test_table_shapes() -> None:
    assert table_shape(get("wythoff")) == "pair" and table_shape(get("dawson")) == "heap"
    assert table_shape(grundy.ruleset(lambda n: range(n))) == "heap"  # outside the catalogue
    assert table_shape(get("hackenbush")) is None


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
