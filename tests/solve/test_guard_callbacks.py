"""The guard's alarm raises only inside the computation it guards, in the
user's code: never in a callback Python runs on its own between two lines (a
garbage-collector callback, a ``__del__``), where the exception would be printed
and dropped (pytest: PytestUnraisableExceptionWarning), and never while the
guarded block waits in a suspended generator. The guarded computation is still
stopped."""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from grundy.solve.guard import guard_until
from grundy.values import clock
from grundy.values.errors import SearchLimitError

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")


def _busy(seconds: float) -> None:
    """Python code running ``seconds`` (the alarm's handler runs in it)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


@pytest.fixture
def dropped() -> Iterator[list[Any]]:
    """The exceptions Python printed and dropped meanwhile."""
    seen: list[Any] = []
    old = sys.unraisablehook
    sys.unraisablehook = seen.append
    try:
        yield seen
    finally:
        sys.unraisablehook = old


def test_the_alarm_waits_out_a_gc_callback(dropped: list[Any]) -> None:
    calls = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and not calls:
            calls.append(phase)
            _busy(0.6)  # the alarm, due 0.1 s in, arrives here

    gc.callbacks.insert(0, callback)
    try:
        with pytest.raises(SearchLimitError) as info:
            with guard_until(clock.now() + 0.05, "a user's loop", grace=0.05):
                while True:  # the user's code, which a gc callback interrupts
                    gc.collect(0)
                    time.sleep(0.01)
    finally:
        gc.callbacks.remove(callback)
    assert info.value.reason == "seconds" and calls
    assert dropped == []


class _SlowFinalizer:
    def __del__(self) -> None:
        _busy(0.6)


def test_the_alarm_waits_out_a_finalizer(dropped: list[Any]) -> None:
    with pytest.raises(SearchLimitError):
        with guard_until(clock.now() + 0.05, "a user's loop", grace=0.05):
            _SlowFinalizer()  # dropped at once: its __del__ runs here, past the deadline
            while True:
                time.sleep(0.01)
    assert dropped == []


def test_no_alarm_while_the_guarded_generator_is_suspended() -> None:
    def guarded() -> Iterator[int]:
        with guard_until(clock.now() + 0.05, "a generator's block", grace=0.05):
            yield 1
            while True:  # the block runs again: the alarm stops it
                time.sleep(0.01)
                yield 2

    g = guarded()
    assert next(g) == 1
    time.sleep(0.5)  # the consumer's own code, outside the block: no alarm
    with pytest.raises(SearchLimitError):
        while True:
            next(g)
    g.close()
