"""One ``budget=`` (a :class:`grundy.Budget`) on every call that searches: the
signatures, the errors of a bad budget, and the older keywords (``limit=``,
``seconds=``, ...) kept for one release behind a DeprecationWarning."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Hashable
from typing import Any

import pytest

import grundy
from grundy import Budget, InvalidParameterError, SearchLimitError
from grundy.census import census
from grundy.conjecture import guess
from grundy.games import Subtraction, TakeAndBreak, get
from grundy.play.analysis import analyze as faces_analyze
from grundy.play.session import SESSION_BUDGET, Session
from grundy.solve.graph import GameGraph
from grundy.solve.loopy import analyze_loopy, find_cycle
from grundy.solve.minimax import ZeroSumGame
from grundy.solve.reference import reference_reduce
from grundy.solve.report import ANALYSIS_BUDGET

lasker = get("lasker")
OLD = {"limit", "seconds", "positions", "max_memory", "max_positions", "max_heaps", "deadline"}
# a keyword of that spelling that means something else
OTHER = {"guess": {"limit"}}  # most conjectures listed

# every public call that runs a search, by the name the tests report
SEARCHES: dict[str, Callable[..., Any]] = {
    "Ruleset.value": grundy.Ruleset.value,
    "Ruleset.outcome": grundy.Ruleset.outcome,
    "Ruleset.remoteness": grundy.Ruleset.remoteness,
    "Ruleset.suspense": grundy.Ruleset.suspense,
    "Solver.value": grundy.Solver.value,
    "Solver.remoteness": grundy.Solver.remoteness,
    "Solver.suspense": grundy.Solver.suspense,
    "analyze": grundy.analyze,
    "play.analysis.analyze": faces_analyze,
    "Session": Session.__init__,
    "Session.report": Session.report,
    "analyze_loopy": analyze_loopy,
    "find_cycle": find_cycle,
    "ZeroSumGame.value": ZeroSumGame.value,
    "ZeroSumGame.line": ZeroSumGame.line,
    "GameGraph.kernel": GameGraph.kernel,
    "Subtraction.find_period": Subtraction.find_period,
    "TakeAndBreak.find_period": TakeAndBreak.find_period,
    "census": census,
    "guess": guess,
    "reference_reduce": reference_reduce,
    "heap_table": grundy.solve.tables.heap_table,
}


@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_every_search_takes_one_budget_keyword(name: str) -> None:
    params = inspect.signature(SEARCHES[name]).parameters
    assert "budget" in params and params["budget"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["budget"].default is None, name
    old = OLD - OTHER.get(name, set())
    assert not old & set(params), (name, sorted(old & set(params)))


def _chain(n: Hashable) -> list[Hashable]:
    assert isinstance(n, int)
    return [n - 1] if n > 0 else []


chain = grundy.ruleset(_chain)
cycle3 = grundy.ruleset(lambda n: [(n + 1) % 3])
race = ZeroSumGame(lambda n: [n - 1] if n > 0 else [], lambda n: n, name="race")

# a bad budget, asked of each search: each raises InvalidParameterError naming it
BAD_BUDGET: dict[str, Callable[[Any], Any]] = {
    "value": lambda b: chain.value(5, budget=b),
    "outcome": lambda b: chain.outcome(5, budget=b),
    "remoteness": lambda b: chain.remoteness(5, budget=b),
    "suspense": lambda b: chain.suspense(5, budget=b),
    "solver": lambda b: chain.solver.value(5, budget=b),
    "analyze": lambda b: grundy.analyze(chain[5], budget=b),
    "Session": lambda b: Session(chain[5], budget=b),
    "analyze_loopy": lambda b: analyze_loopy(cycle3, 0, budget=b),
    "find_cycle": lambda b: find_cycle(cycle3, 0, budget=b),
    "minimax": lambda b: race.value(3, budget=b),
    "kernel": lambda b: GameGraph([(0, 1), (1, 0), (1, 2)]).kernel(budget=b),
    "find_period": lambda b: Subtraction({1, 2}).find_period(budget=b),
    "reference_reduce": lambda b: reference_reduce(chain, 5, budget=b),
    "census": lambda b: census(1, 10, workers=1, budget=b),
}


@pytest.mark.parametrize("name", sorted(BAD_BUDGET))
@pytest.mark.parametrize("bad", [10, 2.5, "1 s", {"seconds": 1}])
def test_a_budget_that_is_not_a_budget_is_refused_by_name(name: str, bad: Any) -> None:
    with pytest.raises(InvalidParameterError, match="budget must be a grundy.Budget"):
        BAD_BUDGET[name](bad)


def test_budget_fields_are_keywords_and_checked() -> None:
    with pytest.raises(TypeError):
        Budget(10)  # type: ignore[misc]
    for bad in (dict(positions=-1), dict(positions=1.5), dict(seconds=-1),
                dict(seconds="2"), dict(max_memory=True)):
        with pytest.raises(InvalidParameterError):
            Budget(**bad)  # type: ignore[arg-type]
    b = Budget(positions=10, seconds=2)
    assert b.replace(seconds=None) == Budget(positions=10)
    assert b.replace(max_memory=1 << 30).max_memory == 1 << 30 and b.max_memory is None
    with pytest.raises(InvalidParameterError):
        b.replace(positions=-5)


def test_the_budget_bounds_the_search() -> None:
    # a chain of n positions needs n + 1 positions expanded: the budget is exact
    assert chain.value(40, budget=Budget(positions=41)) == 0
    chain.clear_cache()
    with pytest.raises(SearchLimitError) as info:
        chain.value(40, budget=Budget(positions=30))
    assert info.value.reason == "positions"
    chain.clear_cache()
    with pytest.raises(SearchLimitError):
        reference_reduce(chain, 40, budget=Budget(positions=30))
    assert reference_reduce(chain, 40, budget=Budget(positions=41)) == 0


def test_find_cycle_gives_up_quietly_at_its_budget() -> None:
    # 0 -> 1 -> ... -> n -> n: the self-loop is met after n + 1 options
    n = 500
    tail = grundy.ruleset(lambda k: [min(k + 1, n)])
    assert find_cycle(tail, 0) == n
    assert find_cycle(tail, 0, budget=Budget(positions=n + 1)) == n
    assert find_cycle(tail, 0, budget=Budget(positions=n // 2)) is None


def test_find_period_takes_heaps_and_seconds_from_the_budget() -> None:
    # S = {3, 7, 8}: preperiod 11 and period 5 need more than 20 values to prove
    g = Subtraction({3, 7, 8})
    assert g.find_period(budget=Budget(seconds=30, positions=20)) is None
    assert "20 heaps" in g.period_note and "30 s" in g.period_note
    assert Subtraction({3, 7, 8}).find_period(budget=Budget(positions=2000)) is not None


def test_old_keywords_warn_and_keep_their_meaning() -> None:
    with pytest.warns(DeprecationWarning, match=r"value\(limit=\)"):
        with pytest.raises(SearchLimitError):
            chain.value(1000, limit=10)
    chain.clear_cache()
    with pytest.warns(DeprecationWarning, match=r"analyze\(seconds=\)"):
        r = grundy.analyze(lasker[12], seconds=5)  # positions stay analyze's default
    assert r.value == lasker.value(12)
    with pytest.warns(DeprecationWarning, match=r"Session\(limit=, seconds=\)"):
        s = Session(lasker[30], limit=500, seconds=1)
    assert s.budget == Budget(positions=500, seconds=1)
    with pytest.warns(DeprecationWarning, match="max_positions="):
        with pytest.raises(SearchLimitError):
            analyze_loopy(cycle3, 0, max_positions=2)
    with pytest.warns(DeprecationWarning, match=r"find_cycle\(limit=\)"):
        assert find_cycle(cycle3, 0, limit=10) == 0


def test_old_keywords_and_a_budget_together_are_refused() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(InvalidParameterError, match="not both"):
            lasker.value(10, budget=Budget(positions=5), limit=5)


def test_a_misspelt_keyword_is_still_a_type_error() -> None:
    with pytest.raises(TypeError, match="positons"):
        lasker.value(10, positons=5)  # type: ignore[call-arg]


def test_default_budgets() -> None:
    assert ANALYSIS_BUDGET == Budget(positions=10**6, seconds=2.0)
    assert SESSION_BUDGET == Budget(positions=20_000, seconds=2.0)
    assert Session(lasker[3]).budget == SESSION_BUDGET
