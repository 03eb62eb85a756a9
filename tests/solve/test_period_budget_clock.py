"""The period searches (and the faces' shares of a budget) read the budgets'
clock, :func:`grundy.values.clock.now`, which stands still while compiled code
loads, as every search does (issue 35): no private ``time.monotonic`` deadline.
The clock is a counter here (``grundy.values.clock.now`` patched): no test reads
the wall clock."""

from __future__ import annotations

from typing import Any

import pytest

from grundy.solve.budget import Budget
from grundy.solve.periods import HeapTables

FakeClock = Any  # conftest's fake_clock: the budgets' clock, advancing ``tick`` a read


@pytest.fixture
def still_clock(fake_clock: FakeClock) -> FakeClock:
    """The budgets' clock standing still (as while compiled code loads)."""
    fake_clock.tick = 0.0
    return fake_clock


@pytest.fixture
def fast_clock(fake_clock: FakeClock) -> FakeClock:
    """The budgets' clock running 1000 s a read."""
    fake_clock.tick = 1000.0
    return fake_clock


def test_octal_period_search_reads_the_budgets_clock(still_clock: FakeClock) -> None:
    t = HeapTables("octal:0.6", [0, 6], False)  # no period in sight: the heaps end it
    t.find_period(budget=Budget(seconds=0, positions=1 << 14))
    assert t.note.endswith("ended the search at 16,384 values"), t.note
    assert "the memory budget" in t.note and still_clock.reads > 0


def test_octal_period_search_stops_on_the_budgets_clock(fast_clock: FakeClock) -> None:
    t = HeapTables("octal:0.6", [0, 6], False)
    t.find_period(budget=Budget(seconds=10, positions=1 << 20))
    assert t.note.startswith("no period proven: the time budget (10 s"), t.note
    assert t.engine is not None and t.engine.have < 1 << 14


def test_window_period_search_reads_the_budgets_clock(still_clock: FakeClock) -> None:
    t = HeapTables("subtraction:2,57,1000", [], False, takes=[2, 57, 1000])
    t.window_period(1000, budget=Budget(seconds=0, positions=16_000))
    assert "ended the search at 16,000 values" in t.note, t.note


def test_move_page_shares_the_budgets_clock(fast_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    import grundy
    from grundy.play import options

    shares: list[Any] = []
    real = options._valued

    def valued(g: Any, m: Any, budget: Budget, share: float | None) -> Any:
        shares.append(share)
        return real(g, m, budget, share)

    monkeypatch.setattr(options, "_valued", valued)
    options.move_page(grundy.games.get("nim").sum(3, 4), budget=Budget(seconds=5), most=3)
    # 1000 s a read: the budget is spent at the first read, each move gets the floor
    assert shares == [options._FLOOR] * 3
