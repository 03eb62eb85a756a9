"""The cyclic collector is paused while a search runs and restored however it ends."""

from __future__ import annotations

import gc
import threading

import pytest

import grundy
from grundy.solve.collector import paused_collector
from grundy.solve.reducer import PRUNED, outcome, reduce
from grundy.values.errors import GrundyError
from grundy.values.outcome import Outcome


def test_search_runs_with_the_collector_paused_and_restores_it() -> None:
    seen: list[bool] = []

    @grundy.ruleset
    def take(n: int):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return range(n)

    assert gc.isenabled()
    assert reduce(take, 30) == 30
    assert seen and not any(seen)
    assert gc.isenabled() and paused_collector.depth == 0
    seen.clear()
    assert outcome(take, 45) is Outcome.N
    assert seen and not any(seen) and gc.isenabled()


@pytest.mark.parametrize("error", [KeyboardInterrupt, ValueError])
def test_restored_after_an_error_or_ctrl_c(error: type[BaseException]) -> None:
    @grundy.ruleset
    def broken(n: int):  # type: ignore[no-untyped-def]
        if n == 3:
            raise error("stop")
        return range(n)

    with pytest.raises((error, GrundyError)):
        reduce(broken, 10)
    with pytest.raises((error, GrundyError)):
        reduce(broken, 10, search=PRUNED)
    assert gc.isenabled() and paused_collector.depth == 0


def test_a_collector_the_caller_disabled_stays_disabled() -> None:
    gc.disable()
    try:
        with paused_collector:
            with paused_collector:
                pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_threads_share_one_count() -> None:
    inside, release = threading.Event(), threading.Event()

    def worker() -> None:
        with paused_collector:
            inside.set()
            release.wait(10)

    t = threading.Thread(target=worker)
    t.start()
    inside.wait(10)
    with paused_collector:  # this thread's block ends first: the worker still runs
        assert paused_collector.depth == 2
    assert not gc.isenabled()
    release.set()
    t.join()
    assert gc.isenabled() and paused_collector.depth == 0
