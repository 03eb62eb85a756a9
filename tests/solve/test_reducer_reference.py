"""The fast reducer against its reading copy (grundy.solve.reference), and the reading
copy against brute force from the definitions (tests.oracles)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import LoopyGameError, SearchLimitError, Sum
from grundy.solve.reducer import GRUNDY, MISERE, REMOTENESS, SUSPENSE, Rule, reduce
from grundy.solve.reference import reference_reduce
from grundy.solve.budget import Budget
from tests.oracles import grundy_values, remoteness, suspense, sum_moves

RULES = (GRUNDY, REMOTENESS, SUSPENSE, MISERE)


@pytest.fixture(scope="module", autouse=True, params=["compiled-loop", "python-loop"])
def lazy_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test twice: with the lazy search's loop in C, and with its Python loop
    (the fallback of an older build of the extension)."""
    from grundy.solve.reducer import lazy

    saved = lazy.COMPILED
    if request.param == "python-loop":
        lazy.COMPILED = None
    elif saved is None:
        pytest.skip("the compiled extension predates LazyLoop")
    try:
        yield
    finally:
        lazy.COMPILED = saved

# An option of a vertex is built from a few lower vertices in one of these shapes:
# the first vertex, a Sum of them, a tuple of them (a position that may decompose),
# or a Sum of the first vertex and a tuple of the others.
PLAIN, SUM, TUPLE, SUM_TUPLE = range(4)
SMALL = 3


def _option(shape: int, us: list[int]) -> Hashable:
    if shape == PLAIN:
        return us[0]
    if shape == SUM:
        return Sum(*us)
    if shape == TUPLE:
        return tuple(us)
    return Sum(us[0], tuple(us[1:]))


@st.composite
def dag_games(draw: Any, shapes: tuple[int, ...], max_n: int = 9) -> dict[int, list[Hashable]]:
    """A random acyclic game on the vertices 0..n-1: each option is made of lower
    vertices (a DAG), some of them Sums or tuples of several. The parts of those
    are vertices below ``SMALL``, which have single-vertex options only, so the
    whole games (every combination of the parts' positions) stay small."""
    n = draw(st.integers(1, max_n))
    succ: dict[int, list[Hashable]] = {0: []}
    for v in range(1, n):
        succ[v] = []
        for _ in range(draw(st.integers(0, 4))):
            shape = draw(st.sampled_from(shapes)) if v > SMALL else PLAIN
            top = v - 1 if shape == PLAIN else SMALL
            succ[v].append(_option(shape, draw(
                st.lists(st.integers(0, top), min_size=1, max_size=1 if shape == PLAIN else 3))))
    return succ


class TupleGame(grundy.Ruleset):
    """Vertices of a DAG, and tuples of them: a tuple is the sum of its vertices (a
    move moves one of them). It declares so (``decompose``) for the tuples in
    ``declared`` only; for the others the search reads their moves."""

    def __init__(self, succ: dict[int, list[Hashable]], declare: int, as_list: bool) -> None:
        self.succ, self.declare, self.as_list = succ, declare, as_list
        self.name = "dag-tuples"

    def moves(self, position: Any) -> Iterable[Hashable]:
        if isinstance(position, int):
            opts: Iterable[Hashable] = self.succ[position]
        else:
            opts = (_splice(position, i, o)
                    for i, v in enumerate(position) for o in self.succ[v])
        return list(opts) if self.as_list else iter(list(opts))

    def decompose(self, position: Any) -> Iterable[Hashable] | None:
        if isinstance(position, int) or hash(position) % 3 == self.declare:
            return None
        return Sum(*position) if len(position) % 2 else list(position)


def _splice(t: tuple[Any, ...], i: int, o: Hashable) -> tuple[Any, ...]:
    """The tuple ``t`` with its vertex ``i`` moved to ``o`` (a Sum or a tuple: its parts)."""
    parts = o.parts if type(o) is Sum else (o,)
    flat = [x for p in parts for x in (p if isinstance(p, tuple) else (p,))]
    return (*t[:i], *flat, *t[i + 1 :])


def _queries(draw: Any, succ: dict[int, list[Hashable]]) -> list[tuple[Rule, Hashable]]:
    """Every rule on every vertex, plus a few sums and tuples of vertices."""
    vs = st.sampled_from(sorted(succ))
    extra = draw(st.lists(st.lists(vs, min_size=1, max_size=3), max_size=2))
    positions: list[Hashable] = [*succ, *(Sum(*e) for e in extra)]
    return [(rule, p) for rule in RULES for p in positions]


def _answers(ask: Any, queries: list[tuple[Rule, Hashable]], order: list[int]) -> dict[int, int]:
    return {i: ask(*queries[i]) for i in order}


def _agree(draw: Any, rs: grundy.Ruleset, queries: list[tuple[Rule, Hashable]]) -> None:
    """The reducer (one memo per rule, kept across queries) and the reference (a
    shared memo per rule too) answer every query, each in its own random order."""
    fast_order = draw(st.permutations(range(len(queries))))
    ref_order = draw(st.permutations(range(len(queries))))
    memos: dict[str, dict[Hashable, int]] = {r.name: {} for r in RULES}

    def ref(rule: Rule, p: Hashable) -> int:
        return reference_reduce(rs, p, rule, memo=memos[rule.name])

    fast = _answers(lambda rule, p: reduce(rs, p, rule), queries, fast_order)
    assert fast == _answers(ref, queries, ref_order)


@given(st.data(), dag_games(shapes=(PLAIN, PLAIN, SUM)), st.booleans())
@settings(max_examples=150, deadline=None)
def test_reducer_equals_reference_with_sum_options(data: Any, succ: Any, as_list: bool) -> None:
    def moves(v: int) -> Iterable[Hashable]:
        return list(succ[v]) if as_list else iter(succ[v])

    _agree(data.draw, grundy.ruleset(moves), _queries(data.draw, succ))


@given(st.data(), dag_games(shapes=(PLAIN,)))
@settings(max_examples=80, deadline=None)
def test_reducer_equals_reference_without_sums(data: Any, succ: Any) -> None:
    _agree(data.draw, grundy.ruleset(lambda v: succ[v]), _queries(data.draw, succ))


@given(st.data(), dag_games(shapes=(PLAIN, SUM, TUPLE, SUM_TUPLE)), st.integers(0, 3),
       st.booleans())
@settings(max_examples=150, deadline=None)
def test_reducer_equals_reference_with_decomposed_positions(
    data: Any, succ: Any, declare: int, as_list: bool
) -> None:
    rs = TupleGame(succ, declare, as_list)
    queries = _queries(data.draw, succ)
    tuples = data.draw(st.lists(st.lists(st.sampled_from(sorted(succ)), max_size=3), max_size=2))
    queries += [(rule, tuple(t)) for rule in RULES for t in tuples]
    _agree(data.draw, rs, queries)


@pytest.mark.parametrize("name, positions", [
    ("lasker", range(12)),
    ("kayles", range(10)),
    ("grundys-game", range(12)),
    ("turning-turtles", ["THTH", "HHTTH", "TTTHH"]),
])
def test_reducer_equals_reference_on_catalogue_games(name: str, positions: Any) -> None:
    rs = grundy.games.get(name)
    for rule in RULES:
        for p in positions:
            assert reduce(rs, p, rule) == reference_reduce(rs, p, rule), (rule.name, p)


@given(dag_games(shapes=(PLAIN,), max_n=8), st.lists(st.integers(0, 7), min_size=1, max_size=3))
@settings(max_examples=80, deadline=None)
def test_reference_equals_brute_force(succ: Any, picks: list[int]) -> None:
    """On the product game of a few components (tuples, moving one of them), the
    reference's values of their Sum are the definitions' values."""
    ps = tuple(p % len(succ) for p in picks)
    rs = grundy.ruleset(lambda v: succ[v])
    product = sum_moves(lambda v: succ[v])
    assert reference_reduce(rs, Sum(*ps), GRUNDY) == grundy_values(product)(ps)
    assert reference_reduce(rs, Sum(*ps), REMOTENESS) == remoteness(product)(ps)
    assert reference_reduce(rs, Sum(*ps), SUSPENSE) == suspense(product)(ps)


def test_reference_misere_of_nim_heaps() -> None:
    """Misère Nim (Bouton): heaps all 0 or 1 lose iff their count is odd; else the
    player to move loses iff the XOR is 0. The misère value is 0 exactly on losses."""
    nim = grundy.games.get("nim")
    for heaps in [(1,), (1, 1), (1, 1, 1), (2, 2), (1, 2, 3), (2, 3), (0,)]:
        small = all(h <= 1 for h in heaps)
        x = 0
        for h in heaps:
            x ^= h
        loses = (sum(heaps) % 2 == 1) if small else x == 0
        assert (reference_reduce(nim, Sum(*heaps), MISERE) == 0) == loses, heaps


def test_reference_deep_chain_cycle_and_limit() -> None:
    chain = grundy.ruleset(lambda n: [n - 1] if n else [])
    assert reference_reduce(chain, 100_000) == 0  # an explicit stack: no recursion limit
    assert reference_reduce(chain, 7, REMOTENESS) == 7
    with pytest.raises(SearchLimitError):
        reference_reduce(chain, 100, budget=Budget(positions=50))
    loop = grundy.ruleset(lambda n: [(n + 1) % 3])
    with pytest.raises(LoopyGameError):
        reference_reduce(loop, 0)
