"""The guard of a time budget against code that never looks at the clock.

A search reads the clock at every call of the game's move function
(:class:`~grundy.solve.budget.Meter`), so a slow move function is stopped when
it returns. One that never returns (an endless loop, a sleep, a blocking read)
would hold the search for ever; :func:`guard` stops it: an alarm (``SIGALRM``,
main thread, POSIX) fires ``grace`` seconds past the deadline of the search's
meter, measured on :mod:`grundy.values.clock` (the time spent loading compiled
code does not count), and raises :class:`SearchLimitError` (``reason``
``"seconds"``) in the code that runs then, if that is not grundy's own: grundy's
code watches the clock itself, and an exception raised in the middle of it
could leave a memo half written, so the alarm waits for the user's code
(``anywhere=True``, as the CLI's last resort, raises wherever it lands).

Guards nest (the earliest deadline fires first); an alarm someone else set up
(a ``SIGALRM`` handler of the program, a timer already running) is left alone,
and so is a thread other than the main one: there the guard does nothing.

>>> from grundy.solve.budget import Budget
>>> import time
>>> meter = Budget(seconds=0.05).start()
>>> with guard(meter, "a loop that never ends"):
...     while True:
...         time.sleep(0.01)
Traceback (most recent call last):
...
grundy.values.errors.SearchLimitError: a loop that never ends: the game's own code (a move function?) ran past the time budget of 0.05 s without returning; stopped 0.25 s after it
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from grundy.values import clock as _clock
from grundy.values.errors import SearchLimitError

__all__ = ["guard", "guard_until", "GRACE"]

#: Seconds past the deadline before the alarm stops the user's code (a slower
#: function is stopped by the search itself as soon as it returns).
GRACE = 0.25
#: Seconds between two more alarms while grundy's own code runs.
_RETRY = 0.05
#: Seconds before an alarm whose exception was swallowed raises again.
_REFIRE = 0.25
#: Deadlines further away than this are not armed (``setitimer`` overflows on
#: budgets such as ``1e308`` seconds; a year is no limit to a search).
_FAR = 365 * 24 * 3600.0

_GRUNDY = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


class _Entry:
    __slots__ = ("fire_at", "message", "anywhere")

    def __init__(self, fire_at: float, message: str, anywhere: bool) -> None:
        self.fire_at, self.message, self.anywhere = fire_at, message, anywhere


_entries: list[_Entry] = []
_saved: list[Any] = []  # the handler before the first guard


def _usable() -> bool:
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    if _entries:
        return True
    handler = signal.getsignal(signal.SIGALRM)
    if handler not in (signal.SIG_DFL, None, _fire):
        return False  # the program's own alarm
    return signal.getitimer(signal.ITIMER_REAL)[0] == 0.0


def _arm(now: float) -> None:
    first = min((e.fire_at for e in _entries), default=float("inf"))
    if first - now > _FAR:  # no guard, every one has fired, or none due this year
        signal.setitimer(signal.ITIMER_REAL, 0)
        return
    signal.setitimer(signal.ITIMER_REAL, max(0.001, first - now))


#: Libraries grundy's kernels run inside: an exception raised in them (numba's
#: loader, say, while a compiled kernel starts) would be taken for a crash of the
#: kernel, so the alarm waits for them as for grundy's own code.
_LIBRARIES = tuple(f"{os.sep}{name}{os.sep}" for name in ("numba", "llvmlite", "numpy"))


def _ours(frame: FrameType | None) -> bool:
    """Whether ``frame`` (the code the alarm interrupted) is grundy's own, or a
    library's that grundy's kernels run in."""
    if frame is None:
        return False
    name = os.path.abspath(frame.f_code.co_filename)
    return name.startswith(_GRUNDY) or any(lib in name for lib in _LIBRARIES)


def _fire(signum: int, frame: FrameType | None) -> None:
    now = _clock.now()
    due = [e for e in _entries if e.fire_at <= now]
    if not due:  # compiled code loaded meanwhile (the clock stood still): later
        _arm(now)
        return
    e = min(due, key=lambda d: d.fire_at)
    if not e.anywhere and _ours(frame):
        signal.setitimer(signal.ITIMER_REAL, _RETRY)  # grundy's code looks at the clock itself
        return
    # Not once: an exception raised inside a garbage-collector callback or a
    # ``__del__`` is printed and dropped by Python, and a user's bare ``except``
    # may swallow it; the alarm raises again after ``grace`` until the guarded
    # block has been left (leaving it disarms the entry).
    e.fire_at = now + _REFIRE
    _arm(now)
    raise SearchLimitError(e.message, reason="seconds")


@contextmanager
def guard_until(deadline: float | None, message: str, *, grace: float = GRACE,
                anywhere: bool = False) -> Iterator[None]:
    """Stop the code that runs ``grace`` seconds past ``deadline`` (a time of
    :func:`grundy.values.clock.now`; ``None``: no guard) with
    :class:`SearchLimitError` (``message``); only the user's code unless
    ``anywhere``."""
    if deadline is None or deadline == float("inf") or not _usable():
        yield
        return
    entry = _Entry(deadline + grace, message, anywhere)
    if not _entries:
        _saved[:] = [signal.signal(signal.SIGALRM, _fire)]
    _entries.append(entry)
    _arm(_clock.now())
    try:
        yield
    finally:
        _entries.remove(entry)
        _arm(_clock.now())
        if not _entries:
            signal.signal(signal.SIGALRM, _saved.pop() if _saved else signal.SIG_DFL)


@contextmanager
def guard(meter: Any, what: str, *, grace: float = GRACE) -> Iterator[None]:
    """:func:`guard_until` the earliest deadline of ``meter`` (a
    :class:`~grundy.solve.budget.Meter`: its budget's and the enclosing ones'),
    for the search ``what``."""
    stop = meter.stop_at
    if stop is None:
        yield
        return
    budget = meter.budget.seconds
    if budget is None or meter.deadline is None or meter.deadline > stop:
        budget = _outer_seconds(meter, stop)
    text = f"{budget:.3g} s" if budget is not None else "its time budget"
    with guard_until(stop, f"{what}: the game's own code (a move function?) ran past the time "
                           f"budget of {text} without returning; stopped {grace:g} s after it",
                     grace=grace):
        yield


def _outer_seconds(meter: Any, stop: float) -> float | None:
    """The seconds of the budget whose deadline is ``stop`` (an enclosing one)."""
    m = meter
    while m is not None:
        if m.deadline == stop:
            s: float | None = m.budget.seconds
            return s
        m = m.parent
    return None
