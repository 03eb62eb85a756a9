"""Budgets held against a user's move function (issue 39, "Budgets that are not
held"): an endless iterator of options is read lazily under the search's own
memory budget, a slow move function is stopped at its first call past the
deadline, a move function that never returns is stopped by the guard.

No test here reads the wall clock: the process's memory is a counter of the
options read so far, the clock a counter the move function advances
(``grundy.values.clock.now`` patched)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

import grundy
from grundy.solve.budget import Budget, Meter
from grundy.solve.minimax import ZeroSumGame
from grundy.values import clock, memory
from grundy.values.errors import SearchLimitError

MIB = 1 << 20


class FakeMemory:
    """The process's memory: ``PER`` bytes an option read (0 at the start). The
    options are endless as far as the search can tell; past ``CAP`` of them (four
    times the budget the tests give) the test has failed, and the iterator says so
    rather than take the machine's memory."""

    PER = 1000
    CAP = 4 * 64 * MIB // PER

    def __init__(self) -> None:
        self.read = 0

    def options(self, start: int = 0) -> Iterator[int]:
        for i in itertools.count(start):
            self.read += 1
            if self.read > self.CAP:
                raise RuntimeError("read far past the memory budget")
            yield i

    def current(self) -> tuple[int, int | None]:
        return self.read * self.PER, None


@pytest.fixture
def fake_memory(monkeypatch: pytest.MonkeyPatch) -> FakeMemory:
    fake = FakeMemory()
    monkeypatch.setattr(memory, "current", fake.current)
    monkeypatch.setattr(memory, "_address_limit", lambda: None)
    # the memory is read at every look of the search (not every 10 ms of the wall
    # clock): how far past the budget it reads then depends on its chunks alone,
    # not on how fast this machine lists options
    monkeypatch.setattr(Meter, "MEMORY_EVERY", 0.0)
    # the default budget is larger than the one each test gives: a search that
    # stops under the default names the wrong budget
    monkeypatch.setenv("GRUNDY_MAX_MEMORY", str(1 << 30))
    return fake


@pytest.mark.parametrize("first", [0, 1])
def test_endless_options_stop_at_the_searchs_memory_budget(fake_memory: FakeMemory, first: int) -> None:
    """An endless iterator of options (``itertools.count()``: heap 0 moves to
    itself, then to 1, 2, ...; ``count(1)``: to every larger heap) stops at the
    memory budget the search was given and names it (it once listed the options
    until the process held 5.9 GiB and named the default budget)."""
    rs = grundy.ruleset(lambda n: fake_memory.options(first) if n == 0 else ())
    with pytest.raises(SearchLimitError) as info:
        rs.value(0, budget=Budget(max_memory=64 * MIB))
    assert info.value.reason == "memory"
    assert "64 MiB" in str(info.value)
    # read lazily: the stop came near the budget, not at the default (1 GiB)
    assert fake_memory.read * FakeMemory.PER < 128 * MIB


def test_endless_options_of_a_zero_sum_game_stop_at_its_memory_budget(fake_memory: FakeMemory) -> None:
    g = ZeroSumGame(lambda s: fake_memory.options(1), lambda s: s if s > 0 else None)
    with pytest.raises(SearchLimitError) as info:
        g.value(0, budget=Budget(max_memory=64 * MIB))
    assert info.value.reason == "memory"
    assert "64 MiB" in str(info.value)
    assert fake_memory.read * FakeMemory.PER < 128 * MIB


def test_a_cycle_met_lazily_is_reported_without_listing_endless_options(fake_memory: FakeMemory) -> None:
    """The lazy search meets the cycle 0 -> 0 at the first option; checking the
    path for an unhashable option once listed ``count()`` for ever."""
    from grundy.solve.reducer import GRUNDY, reduce
    from grundy.values.errors import LoopyGameError

    rs = grundy.ruleset(lambda n: fake_memory.options(0))
    with pytest.raises(LoopyGameError):
        reduce(rs, 0, GRUNDY, budget=Budget(max_memory=64 * MIB))


class FakeClock:
    """``grundy.values.clock.now``: seconds that pass only when a test says."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.calls = 0

    def __call__(self) -> float:
        return self.t

    def slow(self, seconds: float, result: Any) -> Any:
        """A move function's call that takes ``seconds``."""
        self.calls += 1
        self.t += seconds
        return result


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(clock, "now", fake)
    return fake


def test_a_slow_move_function_is_stopped_at_its_first_call_past_the_deadline(fake_clock: FakeClock) -> None:
    """0.2 s a call, 2 s of budget: the search stops after about 10 calls (it
    once read the clock every 64 positions: 20.8 s)."""
    rs = grundy.ruleset(lambda n: fake_clock.slow(0.2, list(range(n))))
    with pytest.raises(SearchLimitError) as info:
        rs.value(100, budget=Budget(seconds=2))
    assert info.value.reason == "seconds"
    assert fake_clock.calls <= 12


def test_guess_of_a_slow_move_function_stops_and_claims_nothing(fake_clock: FakeClock) -> None:
    """``guess`` tabulates heap by heap, each a search of one new position: the
    clock was never read, and the guess came out 'verified' after 32 s."""
    rs = grundy.ruleset(lambda n: fake_clock.slow(0.2, [n - k for k in (1, 2) if k <= n]))
    with pytest.raises(SearchLimitError) as info:
        grundy.guess(rs, to=100, budget=Budget(seconds=2))
    assert info.value.reason == "seconds"
    assert fake_clock.calls <= 12


def test_a_zero_sum_game_with_slow_moves_stops_at_the_deadline(fake_clock: FakeClock) -> None:
    g = ZeroSumGame(lambda n: fake_clock.slow(0.5, [n - 1, n - 2] if n > 1 else []),
                    lambda n: n if n <= 1 else None)
    with pytest.raises(SearchLimitError) as info:
        g.value(100, budget=Budget(seconds=2))
    assert info.value.reason == "seconds"
    assert fake_clock.calls <= 6


def test_a_slow_payoff_is_watched_as_well(fake_clock: FakeClock) -> None:
    g = ZeroSumGame(lambda n: list(range(1, 10**4)) if n == 0 else [],
                    lambda n: fake_clock.slow(0.5, n) if n else None)
    with pytest.raises(SearchLimitError) as info:
        g.value(0, budget=Budget(seconds=2))
    assert info.value.reason == "seconds"
    assert fake_clock.calls <= 6


# ------------------------------------------------------------- a function that never returns
def _never_returns(*args: Any) -> Any:
    """Sleeps for ever as far as a search can tell; after 30 s the test has
    failed, and it says so (rather than hang the suite)."""
    import time

    end = time.monotonic() + 30
    while time.monotonic() < end:
        time.sleep(0.01)
    raise RuntimeError("never stopped")


def _hangs_at(k: int) -> grundy.Ruleset:
    return grundy.ruleset(lambda n: _never_returns() if n == k else [n - j for j in (1, 2) if j <= n])


def test_guess_stops_a_move_function_that_never_returns() -> None:
    with pytest.raises(SearchLimitError) as info:
        grundy.guess(_hangs_at(5), to=20, budget=Budget(seconds=0.5))
    assert info.value.reason == "seconds"
    assert "without returning" in str(info.value)


def test_value_stops_a_move_function_that_never_returns() -> None:
    with pytest.raises(SearchLimitError) as info:
        _hangs_at(5).value(20, budget=Budget(seconds=0.5))
    assert info.value.reason == "seconds"


def test_a_zero_sum_game_whose_moves_never_return_stops() -> None:
    g = ZeroSumGame(lambda n: _never_returns() if n == 3 else [n - 1, n - 2] if n > 1 else [],
                    lambda n: n if n <= 1 else None)
    with pytest.raises(SearchLimitError) as info:
        g.value(10, budget=Budget(seconds=0.5))
    assert info.value.reason == "seconds"
    g = ZeroSumGame(lambda n: [n - 1, n - 2] if n > 1 else [],
                    lambda n: _never_returns() if n == 4 else n if n <= 1 else None)
    with pytest.raises(SearchLimitError):
        g.value(10, budget=Budget(seconds=0.5))


def test_the_guard_leaves_no_alarm_behind() -> None:
    import signal

    with pytest.raises(SearchLimitError):
        _hangs_at(2).value(3, budget=Budget(seconds=0.2))
    assert signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0.0
    assert grundy.ruleset(lambda n: range(n)).value(50, budget=Budget(seconds=5)) == 50


def test_the_cli_guess_stops_a_move_function_that_never_returns(tmp_path: Any) -> None:
    import subprocess
    import sys

    f = tmp_path / "hang.py"
    f.write_text("import time\n\ndef hang(n):\n    if n == 5:\n        time.sleep(30)\n"
                 "        raise RuntimeError('never stopped')\n    return range(n)\n")
    p = subprocess.run([sys.executable, "-m", "grundy", "guess", f"{f}:hang", "--to", "20",
                        "--seconds", "1"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2, p
    assert "without returning" in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_the_guard_raises_again_when_its_exception_is_swallowed() -> None:
    """An alarm landing in a garbage-collector callback (Python drops the
    exception) or in a user's ``except`` must not lose the budget."""
    import time

    from grundy.solve.guard import guard_until
    from grundy.values import clock

    swallowed = 0
    with pytest.raises(SearchLimitError):
        with guard_until(clock.now() + 0.05, "a loop that swallows the first stop", grace=0.05):
            while True:
                try:
                    time.sleep(0.01)
                except SearchLimitError:
                    swallowed += 1
                    if swallowed > 1:
                        raise
    assert swallowed == 2
