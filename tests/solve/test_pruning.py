"""The pruned search (outcome only, nimbers by outcome searches of G + *k, symmetry,
move ordering) against the plain search's reading copy and brute force: every
method, switched on or off, gives the same outcomes and values."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import LoopyGameError, SearchLimitError, Sum
from grundy.solve.budget import Budget
from grundy.solve.reducer import (
    GRUNDY, MEX_SETS, PLAIN, PRUNED, Search, forget, outcome, reduce,
)
from grundy.solve.reference import reference_reduce
from grundy.values.outcome import Outcome
from tests.games.test_placement import cram_brute, nk_brute
from tests.solve.test_reducer_reference import PLAIN as ONE, SUM, TUPLE, TupleGame, dag_games

SEARCHES = [Search(prune=True, canonical=c, order=o) for c in (False, True) for o in (False, True)]
# Beling and Rogalski's pruning of the mex search (values), with and without the others
SEARCHES += [Search(prune=p, canonical=c, order=o, mex_sets=True)
             for p, c, o in ((False, False, False), (False, True, False), (True, False, True),
                             (True, True, True))]


class Shuffled(TupleGame):
    """The tuple game with a fixed random move order (by position) and tuples
    brought to sorted order by ``canonical`` (a sum does not depend on its order)."""

    def order_options(self, position: Any, options: list[Hashable]) -> list[Hashable] | None:
        out = list(options)
        random.Random(repr(position)).shuffle(out)
        return out

    def canonical(self, position: Any) -> Hashable | None:
        return tuple(sorted(position)) if isinstance(position, tuple) else None


def _expected(rs: grundy.Ruleset, p: Hashable) -> int:
    return reference_reduce(rs, p, GRUNDY)


@given(st.data(), dag_games(shapes=(ONE, ONE, SUM, TUPLE)), st.sampled_from(SEARCHES),
       st.booleans())
@settings(max_examples=150, deadline=None)
def test_pruned_search_equals_reference_on_dags(data: Any, succ: Any, search: Search,
                                                shuffled: bool) -> None:
    rs = (Shuffled if shuffled else TupleGame)(succ, data.draw(st.integers(0, 2)), True)
    ref = TupleGame(succ, rs.declare, True)
    extra = data.draw(st.lists(st.lists(st.sampled_from(sorted(succ)), min_size=1, max_size=3),
                               max_size=3))
    positions: list[Hashable] = [*succ, *(tuple(e) for e in extra), *(Sum(*e) for e in extra)]
    order = data.draw(st.permutations(range(len(positions))))
    for i in order:
        p = positions[i]
        want = _expected(ref, p)
        if data.draw(st.booleans()):
            assert outcome(rs, p, search=search) == (Outcome.N if want else Outcome.P), p
        else:
            assert reduce(rs, p, search=search) == want, p
    for p in positions:  # the memo the pruned search filled is the plain search's
        assert reduce(rs, p) == _expected(ref, p)


@given(st.data(), dag_games(shapes=(ONE, ONE, SUM, TUPLE)), st.booleans())
@settings(max_examples=100, deadline=None)
def test_a_query_of_the_mex_sets_search_answers_within_its_set(data: Any, succ: Any,
                                                               shuffled: bool) -> None:
    """Asked whether a position's value lies in a set, the search answers the value
    when it does, and otherwise the value or "not in the set", never a wrong value."""
    from grundy.solve.reducer import _NOT_IN_SET, _MexSets

    rs = (Shuffled if shuffled else TupleGame)(succ, data.draw(st.integers(0, 2)), True)
    ref = TupleGame(succ, rs.declare, True)
    search = Search(mex_sets=True, canonical=data.draw(st.booleans()))
    for _ in range(6):
        p = data.draw(st.sampled_from(sorted(succ)))
        want = data.draw(st.integers(1, 63))  # a bitmask of nimbers 0..5
        mex = _MexSets(rs, search, Budget(), p)
        got = mex.run(mex.frame(p, want))
        value = _expected(ref, p)
        assert got == value if want >> value & 1 else got in (value, _NOT_IN_SET), (p, want)


def test_outcome_without_pruning_is_the_value_test() -> None:
    kayles = grundy.games.get("kayles")
    assert [outcome(kayles, n, search=PLAIN) for n in range(5)] == [
        Outcome.P, Outcome.N, Outcome.N, Outcome.N, Outcome.N]
    assert outcome(kayles, Sum(4, 4)) is Outcome.P


def _board(rng: random.Random, h: int, w: int) -> str:
    return "/".join("".join(rng.choice("...#") for _ in range(w)) for _ in range(h))


@pytest.mark.parametrize("search", [*SEARCHES, PLAIN], ids=str)
def test_cram_outcomes_and_values_equal_brute_force(search: Search) -> None:
    cram = grundy.games.get("cram")
    rng = random.Random(17)
    forget(cram)
    for _ in range(40):
        text = _board(rng, rng.randint(1, 4), rng.randint(1, 5))
        p = cram.parse_position(text)
        want = cram_brute(text)
        assert outcome(cram, p, search=search) == (Outcome.N if want else Outcome.P), text
        assert reduce(cram, p, search=search) == want, text
    forget(cram)


@pytest.mark.parametrize("search", [*SEARCHES, PLAIN], ids=str)
def test_node_kayles_outcomes_and_values_equal_brute_force(search: Search) -> None:
    nk = grundy.games.get("node-kayles")
    rng = random.Random(23)
    forget(nk)
    for _ in range(30):
        n = rng.randint(0, 9)
        edges = [(a, b) for a, b in itertools.combinations(range(n), 2) if rng.random() < 0.3]
        p = nk.parse_position(" ".join(f"{a}-{b}" for a, b in edges) + f" n={n}")
        want = nk_brute(frozenset(range(n)), frozenset(edges))
        assert outcome(nk, p, search=search) == (Outcome.N if want else Outcome.P), edges
        assert reduce(nk, p, search=search) == want, edges
    forget(nk)


def test_published_cram_boards_by_pruned_search() -> None:
    """Beling's table (beling/impartial-games): 4x5 = 2, 4x4 = 0, 3 x n for small n
    against brute force."""
    cram = grundy.games.get("cram")
    forget(cram)
    assert reduce(cram, cram.parse_position("4x5"), search=PRUNED) == 2
    assert outcome(cram, cram.parse_position("4x4")) is Outcome.P
    for n in range(1, 6):
        assert reduce(cram, cram.parse_position(f"3x{n}"), search=PRUNED) == cram_brute(
            "/".join(["." * n] * 3))
    forget(cram)


@pytest.mark.slow
def test_published_larger_cram_boards_by_pruned_search() -> None:
    cram = grundy.games.get("cram")
    forget(cram)
    for text, value in (("5x5", 0), ("4x6", 0), ("5x6", 2), ("4x7", 3)):
        assert reduce(cram, cram.parse_position(text), search=PRUNED) == value, text
    forget(cram)


def test_published_cram_boards_by_pruning_the_mex_search() -> None:
    cram = grundy.games.get("cram")
    forget(cram)
    assert reduce(cram, cram.parse_position("4x5"), search=MEX_SETS) == 2
    for n in range(1, 6):
        assert reduce(cram, cram.parse_position(f"3x{n}"), search=MEX_SETS) == cram_brute(
            "/".join(["." * n] * 3))
    forget(cram)


def test_mex_sets_on_splitting_games_equal_the_plain_search() -> None:
    """Options that are sums (Lasker's Nim, Kayles): the last unknown part is asked
    about the set moved by the XOR of the others."""
    for name in ("lasker", "kayles", "dawson"):
        g = grundy.games.get(name)
        forget(g)
        want = [reference_reduce(g, n, GRUNDY) for n in range(30)]
        forget(g)
        assert [reduce(g, n, search=MEX_SETS) for n in range(29, -1, -1)][::-1] == want, name
        forget(g)


def test_pruned_search_meets_cycles_and_budgets() -> None:
    @grundy.ruleset
    def loop(n: int) -> Iterable[int]:
        return [1 - n, 2] if n < 2 else []

    with pytest.raises(LoopyGameError):
        outcome(loop, 0)
    with pytest.raises(LoopyGameError):
        reduce(loop, 0, search=MEX_SETS)
    cram = grundy.games.get("cram")
    forget(cram)
    with pytest.raises(SearchLimitError):
        outcome(cram, cram.parse_position("5x5"), budget=Budget(positions=50))
    with pytest.raises(SearchLimitError):
        reduce(cram, cram.parse_position("5x5"), search=MEX_SETS, budget=Budget(positions=50))
    forget(cram)


def test_bad_options_are_named() -> None:
    @grundy.ruleset
    def bad(n: int) -> Iterable[Any]:
        return [[1]] if n else []

    with pytest.raises(grundy.GrundyError, match="not hashable"):
        outcome(bad, 1)
