"""The lazy search's loop in C (``grundy.rules._sum.LazyLoop``) against its Python
loop (:mod:`grundy.solve.reducer.lazy`): the same value, the same memo in the same
order, the same count of positions, the same progress calls and the same error, on
random games (Sum options, values known beforehand, some past 64 or not plain ints,
cycles, long lists of options, move functions that raise, are interrupted, yield an
unhashable option or return a ruleset), and values against brute force."""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import SearchLimitError, Sum
from grundy.solve.budget import Budget
from grundy.solve.reducer import GRUNDY, lazy, memo_of, reduce
from grundy.values import clock
from tests.oracles import grundy_values, mex

pytestmark = pytest.mark.skipif(lazy.COMPILED is None,
                                reason="the compiled extension predates LazyLoop")


@contextmanager
def python_loop() -> Iterator[None]:
    """Searches in this block take the Python loop."""
    saved = lazy.COMPILED
    lazy.COMPILED = None
    try:
        yield
    finally:
        lazy.COMPILED = saved


def observe(rs: grundy.Ruleset, root: Hashable, known: dict[Hashable, int],
            budget: Budget | None = None) -> tuple[Any, ...]:
    """What one lazy search from ``root`` does, ``known`` in its memo beforehand:
    (its answer or error, the memo's items in order, the meter's count, progress)."""
    memo = dict(known)
    seen: list[int] = []
    budget = budget or Budget()
    meter = budget.start()
    try:
        lazy._search_lazy(rs, root, GRUNDY, memo, budget, seen.append, meter)
        result: Any = ("value", memo[root])
    except (Exception, KeyboardInterrupt) as exc:
        result = (type(exc).__name__, str(exc))
    return result, list(memo.items()), meter.count, seen


def both(rs: grundy.Ruleset, root: Hashable, known: dict[Hashable, int] | None = None,
         budget: Budget | None = None) -> tuple[Any, ...]:
    """The observation of the compiled loop, checked equal to the Python loop's."""
    compiled = observe(rs, root, known or {}, budget)
    with python_loop():
        plain = observe(rs, root, known or {}, budget)
    assert compiled == plain
    return compiled


# What a vertex's move function does besides listing its options.
BEHAVIOURS = ["generator", "list", "iterator", "raises", "interrupted", "unhashable",
              "ruleset", "none", "wide"]


@st.composite
def games(draw: Any) -> tuple[dict[int, list[Hashable]], dict[int, str], bool]:
    """Vertices 0..n-1, each with options (vertices, or Sums of vertices) and a
    behaviour; acyclic (options below the vertex) unless ``loopy``."""
    n = draw(st.integers(1, 10))
    loopy = draw(st.booleans())
    succ: dict[int, list[Hashable]] = {}
    how: dict[int, str] = {}
    for v in range(n):
        top = n - 1 if loopy else v - 1
        succ[v] = []
        if top >= 0:
            vs = st.integers(0, top)
            succ[v] = draw(st.lists(st.one_of(vs, st.lists(vs, min_size=1, max_size=3).map(
                lambda us: Sum(*us))), max_size=4))
        how[v] = draw(st.sampled_from(BEHAVIOURS[:3])) if draw(st.integers(0, 3)) else \
            draw(st.sampled_from(BEHAVIOURS))
    return succ, how, loopy


def game(succ: dict[int, list[Hashable]], how: dict[int, str]) -> grundy.Ruleset:
    nim = grundy.games.get("nim")

    def moves(v: int) -> Any:
        opts, kind = succ[v], how[v]
        if kind == "list":
            return list(opts)
        if kind == "iterator":
            return iter(opts)
        if kind == "ruleset":
            return nim
        if kind == "none":
            return None
        if kind == "wide":  # a long list of options: 300 times each
            return (o for o in opts for _ in range(300))
        return generate(v, opts, kind)

    def generate(v: int, opts: list[Hashable], kind: str) -> Iterator[Hashable]:
        for i, o in enumerate(opts):
            if i == 1 and kind == "raises":
                raise ValueError(f"no options past the first of {v}")
            if i == 1 and kind == "interrupted":
                raise KeyboardInterrupt
            yield o
        if kind == "unhashable":
            yield [v]

    return grundy.ruleset(moves)


# values known beforehand: small, past 64, huge, bools
VALUES = st.one_of(st.integers(0, 70), st.integers(2**64, 2**64 + 3), st.booleans())


@pytest.mark.heavy  # 2-4 CPU s: CI's heavy step (docs/architecture.md, where a test runs)
@given(games(), st.data())
@settings(max_examples=300, deadline=None)
def test_the_compiled_loop_does_what_the_python_loop_does(g: Any, data: Any) -> None:
    succ, how, loopy = g
    rs = game(succ, how)
    known = data.draw(st.dictionaries(st.sampled_from(sorted(succ)), VALUES, max_size=3))
    for root in sorted(succ, reverse=True)[:3]:
        both(rs, root, known)


@given(games())
@settings(max_examples=150, deadline=None)
def test_the_compiled_loop_agrees_with_brute_force(g: Any) -> None:
    succ, _, loopy = g
    if loopy:
        return

    # Sums of vertices below 3 only (vertex 0, 1 or 2 has plain options): the
    # tuples of the brute force stay few
    succ = {v: [o if type(o) is not Sum or max(o.parts) < 3 else o.parts[0]
                for o in opts] for v, opts in succ.items()}

    def plain(v: Hashable) -> list[tuple[int, ...]]:  # a Sum of vertices as a tuple
        return [o.parts if type(o) is Sum else (o,) for o in succ[v]]

    def tuple_moves(t: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        for i, v in enumerate(t):
            for o in plain(v):
                yield t[:i] + o + t[i + 1:]

    brute = grundy_values(tuple_moves)
    rs = game(succ, {v: "generator" for v in succ})
    for v in succ:
        assert both(rs, v)[0] == ("value", brute((v,)))


def test_values_past_64_and_values_that_are_not_plain_ints() -> None:
    """Nim heaps up to 100 (a position's values past 64 are kept in a set, not in
    bits), and values known beforehand that are huge or bools (True == 1)."""
    nim = grundy.ruleset(lambda n: range(n))
    assert both(nim, 100)[0] == ("value", 100)
    for known in ({1: True}, {1: 2**64, 3: 0}, {2: 64, 5: 63}, {k: k + 1 for k in range(70)}):
        both(nim, 80, known)


class Flaky:
    """A part whose hash changes: ``fixed`` or, counted from its Sum's construction,
    the construction's hash, a miss (8) and then the hash of the memo's key (7)."""

    calls = 0

    def __init__(self, fixed: int | None = None) -> None:
        self.fixed = fixed

    def __hash__(self) -> int:
        if self.fixed is not None:
            return self.fixed
        Flaky.calls += 1
        return (7, 7, 8)[Flaky.calls % 3]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Flaky)

    def __repr__(self) -> str:
        return "Flaky()"


def test_a_sum_whose_part_changes_its_hash_is_refused_alike() -> None:
    def moves(p: Any) -> Iterator[Any]:
        if p == 0:
            Flaky.calls = 0
            yield Sum(Flaky(), 1)

    rs = grundy.ruleset(moves)
    result = both(rs, 0, {Flaky(7): 0, 1: 0})[0]
    assert result[0] == "UnhashablePositionError" and "changed" in result[1]


def two_heaps(p: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """Take 1-3 from one heap."""
    a, b = p
    for k in (1, 2, 3):
        if k <= a:
            yield (a - k, b)
        if k <= b:
            yield (a, b - k)


def heap_values(n: int) -> dict[tuple[int, int], int]:
    """The values of ``two_heaps`` bottom up, from the definition."""
    g: dict[tuple[int, int], int] = {}
    for a in range(n + 1):
        for b in range(n + 1):
            g[(a, b)] = mex(g[o] for o in two_heaps((a, b)))
    return g


def test_counts_and_progress_at_every_check() -> None:
    """22,801 positions: the budget's ticks every 64 positions, progress at 16,384
    and at the end, the same in both loops; a chain deeper than any recursion."""
    result, memo, count, seen = both(grundy.ruleset(two_heaps), (150, 150))
    assert result == ("value", heap_values(150)[(150, 150)])
    assert count == len(memo) == 151 * 151 and seen == [1 << 14, 151 * 151]
    chain = grundy.ruleset(lambda n: [n - 1] if n else [])
    assert both(chain, 200_000)[0] == ("value", 0)


def test_a_memory_budget_evicts_in_both_loops() -> None:
    """A memo bounded to a few ten thousand entries (of 90,601): values searched
    again, exact (as tests/solve/test_ttable.py, in both loops)."""
    from grundy.values import memory

    n = 300
    for pure in (False, True):
        rs = grundy.ruleset(two_heaps)
        budget = Budget(max_memory=memory.current()[0] + (8 << 20))
        with python_loop() if pure else nullcontext():
            assert reduce(rs, (n, n), budget=budget) == heap_values(n)[(n, n)]
        assert len(memo_of(rs, GRUNDY)) < (n + 1) ** 2 // 2


class FakeClock:
    """``grundy.values.clock.now`` that advances only when a move function runs."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.calls = 0

    def __call__(self) -> float:
        return self.t

    def slow(self, result: Any) -> Any:
        self.calls += 1
        self.t += 0.2
        return result


def test_a_slow_move_function_stops_at_the_same_call(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeClock()
    monkeypatch.setattr(clock, "now", fake)
    rs = grundy.ruleset(lambda n: fake.slow(list(range(n))))
    result, _, count, _ = both(rs, 100, budget=Budget(seconds=2))
    assert result[0] == "SearchLimitError" and count <= 12


def test_a_slow_move_function_stops_on_the_real_clock() -> None:
    """The compiled loop reads the clock through a cheaper upper bound
    (``clock.monotonic_offset``): a deadline still stops it at once."""
    calls = []

    def slow(n: int) -> list[int]:
        calls.append(n)
        time.sleep(0.01)
        return list(range(n))

    rs = grundy.ruleset(slow)
    assert clock.monotonic_offset() is not None
    with pytest.raises(SearchLimitError) as info:
        rs.value(100, budget=Budget(seconds=0.1))
    assert info.value.reason == "seconds" and len(calls) <= 20
