"""Compound analyses: each compound type answered by its own analysis, found by
type; outcomes, winning moves and moves of random small compounds of mixed
rulesets against the raw rules of each compound; reports of compounds within
their budget.

The oracle plays the compound from its definition: a state is a tuple of
``(spec, heap)`` components, a component's raw moves come from its rules (Nim,
Bash, subtraction sets, and Lasker's Nim, which may split a heap in two), and the
player who cannot move loses (wins, in misère play).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.rules.compound import Compound, analysis_of, register_analysis
from grundy.rules.game import Game
from grundy.values.errors import GrundyError, InvalidParameterError
from grundy.values.outcome import Outcome
from grundy.solve.budget import Budget
from grundy.solve.report import ANALYSIS_BUDGET

State = tuple[tuple[str, int], ...]

#: Raw one-heap moves: the heaps left (a split leaves two). Specs as the catalogue
#: names them (``subtraction:1,2`` is ``bash:2``).
RAW: dict[str, Callable[[int], list[tuple[int, ...]]]] = {
    "nim": lambda n: [(k,) for k in range(n)],
    "bash:2": lambda n: [(n - k,) for k in (1, 2) if k <= n],
    "subtraction:1,3,4": lambda n: [(n - k,) for k in (1, 3, 4) if k <= n],
    "subtraction:2,3": lambda n: [(n - k,) for k in (2, 3) if k <= n],
    "lasker": lambda n: [(k,) for k in range(n)] + [(a, n - a) for a in range(1, n // 2 + 1)],
}
NO_SPLIT = sorted(set(RAW) - {"lasker"})


def component_options(c: tuple[str, int]) -> list[State]:
    spec, n = c
    return [tuple((spec, h) for h in parts) for parts in RAW[spec](n)]


def norm(state: State) -> State:
    return tuple(sorted(state))


@cache
def misere_wins(state: State) -> bool:
    nexts = [state[:i] + o + state[i + 1:] for i, c in enumerate(state) for o in component_options(c)]
    if not nexts:
        return True  # no move: the player to move has won
    return any(not misere_wins(norm(n)) for n in nexts)


def every_nexts(state: State) -> list[State]:
    per: list[list[State | None]] = [[*component_options(c)] or [None] for c in state]
    if all(p == [None] for p in per):
        return []
    return [tuple(x for i, o in enumerate(ch) for x in ((state[i],) if o is None else o))
            for ch in product(*per)]


def conjunctive_nexts(state: State) -> list[State]:
    per = [component_options(c) for c in state]
    if not state or any(not p for p in per):
        return []  # the game ends as soon as one component has no move
    return [tuple(x for o in ch for x in o) for ch in product(*per)]


def selective_nexts(state: State) -> list[State]:
    per: list[list[State | None]] = [[None, *component_options(c)] for c in state]
    return [tuple(x for i, o in enumerate(ch) for x in ((state[i],) if o is None else o))
            for ch in product(*per) if any(o is not None for o in ch)]


NEXTS: dict[str, Callable[[State], list[State]]] = {
    "every": every_nexts, "conjunctive": conjunctive_nexts, "selective": selective_nexts,
}


@cache
def normal_wins(kind: str, state: State) -> bool:
    return any(not normal_wins(kind, n) for n in NEXTS[kind](state))


TYPES: dict[str, type[Compound]] = {
    "every": grundy.EverySum, "conjunctive": grundy.ConjunctiveSum,
    "selective": grundy.SelectiveSum,
}


def build(state: State, kind: type[Compound]) -> Compound:
    return kind(*(grundy.games.get(spec)[n] for spec, n in state))


def positions_of(c: Compound | list[Game]) -> State:
    return tuple((g.ruleset.spec or "", int(g.position)) for g in c)  # type: ignore[call-overload]


def components(specs: list[str], top: int) -> st.SearchStrategy[State]:
    comp = st.tuples(st.sampled_from(specs), st.integers(0, top))
    return st.lists(comp, min_size=1, max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(components(sorted(RAW), 6))
def test_misere_sum_of_mixed_rulesets_against_raw_rules(state: State) -> None:
    comp = build(state, grundy.MisereSum)
    want = misere_wins(norm(state))
    assert (comp.outcome is Outcome.N) == want, state
    assert sorted(norm(positions_of(comp.play(m))) for m in comp.options()) == sorted(
        norm(state[:i] + o + state[i + 1:]) for i, c in enumerate(state) for o in component_options(c))
    move = comp.winning_move()
    if want and move is not None:
        assert not misere_wins(norm(positions_of(comp.play(move)))), (state, move)
    elif want:
        assert not comp.options()  # no move: already won
    else:
        assert move is None


@pytest.mark.parametrize("kind", sorted(TYPES))
@settings(max_examples=50, deadline=None)
@given(state=components(NO_SPLIT, 7))
def test_compounds_of_mixed_rulesets_against_raw_rules(kind: str, state: State) -> None:
    comp = build(state, TYPES[kind])
    want = normal_wins(kind, state)
    assert (comp.outcome is Outcome.N) == want, (kind, state)
    # the moves of the compound are the raw moves of its definition
    assert sorted(positions_of(comp.play(m)) for m in comp.options()) == sorted(NEXTS[kind](state))
    move = comp.winning_move()
    if want:
        assert move is not None and not normal_wins(kind, positions_of(comp.play(move))), (kind, state)
    else:
        assert move is None


# ------------------------------------------------------------ dispatch by type
class _Stub:
    """An analysis that answers every outcome N, to see which analysis a type uses."""

    has_value = False

    def outcome(self, games: Any, *, budget: Any = None) -> Outcome:
        return Outcome.N

    def winning_move(self, games: Any, *, budget: Any = None) -> Any:
        return None

    def value(self, games: Any, *, budget: Any = None) -> int:
        raise InvalidParameterError("no value")

    def options(self, games: Any) -> list[Any]:
        return []

    def play(self, games: Any, move: Any) -> list[Game]:
        return list(games)


def test_each_compound_type_has_its_own_analysis() -> None:
    nim = grundy.games.get("nim")
    kinds = [grundy.MisereSum, grundy.EverySum, grundy.ConjunctiveSum, grundy.SelectiveSum]
    found = [analysis_of(k(nim[1])) for k in kinds]
    assert len({id(a) for a in found}) == 4
    assert [analysis_of(k) for k in kinds] == found
    assert [a.has_value for a in found] == [True, False, False, False]


def test_a_subclass_inherits_its_base_analysis_and_may_register_its_own() -> None:
    nim = grundy.games.get("nim")

    class Everyish(grundy.EverySum):
        __slots__ = ()

    assert analysis_of(Everyish) is analysis_of(grundy.EverySum)
    assert (Everyish(nim[2], nim[3]).outcome is Outcome.N) == normal_wins(
        "every", (("nim", 2), ("nim", 3)))
    register_analysis(Everyish, _Stub())
    try:
        assert Everyish(nim[0]).outcome is Outcome.N  # the stub's answer
        assert grundy.EverySum(nim[0]).outcome is Outcome.P  # the base keeps its own
    finally:
        from grundy.rules import compound

        del compound._ANALYSES[Everyish]


def test_a_compound_type_without_analysis_says_so() -> None:
    class Bare(Compound):
        __slots__ = ()

    with pytest.raises(GrundyError, match="no analysis of Bare"):
        _ = Bare(grundy.games.get("nim")[1]).outcome
    with pytest.raises(InvalidParameterError):
        register_analysis(int, _Stub())  # type: ignore[arg-type]


def test_a_compound_without_value_says_so() -> None:
    sub = grundy.games.get("subtraction:1,2")
    with pytest.raises(InvalidParameterError, match="no Sprague-Grundy value"):
        analysis_of(grundy.SelectiveSum).value([sub[3]])


# --------------------------------------------------------- reports and budgets
def test_compound_report_runs_within_its_time_budget(fake_clock) -> None:  # type: ignore[no-untyped-def]
    """A misère sum of large Lasker heaps is a huge search; the report stops at
    the budget and says so instead of searching on (on a fake clock: 0.3 s is
    300 looks at it)."""
    lasker = grundy.games.get("lasker")
    comp = grundy.MisereSum(lasker[40], lasker[41], lasker[43])
    report = grundy.analyze(comp, budget=ANALYSIS_BUDGET.replace(seconds=0.3))
    assert report.outcome is None and report.value is None and "outcome" in report.stopped
    assert not report.complete


def test_compound_report_runs_within_its_position_budget() -> None:
    lasker = grundy.games.get("lasker")
    comp = grundy.Misere(lasker).sum(17, 18, 19)
    report = grundy.analyze(comp, budget=Budget(positions=50))  # no time limit: positions stop it
    assert report.outcome is None and "outcome" in report.stopped


def test_compound_report_within_budget_agrees_with_raw_rules() -> None:
    state: State = (("subtraction:1,3,4", 5), ("nim", 3), ("bash:2", 4))
    for kind, cls in TYPES.items():
        report = grundy.analyze(build(state, cls), budget=ANALYSIS_BUDGET.replace(seconds=5))
        assert (report.outcome is Outcome.N) == normal_wins(kind, state)
        assert report.value is None and "value" in report.stopped
        assert report.winning_moves == ([] if report.outcome is Outcome.P
                                        else [build(state, cls).winning_move()])
    report = grundy.analyze(build(state, grundy.MisereSum), budget=ANALYSIS_BUDGET.replace(seconds=5))
    assert (report.outcome is Outcome.N) == misere_wins(norm(state))
    assert report.value is not None and (report.value == 0) == (report.outcome is Outcome.P)
