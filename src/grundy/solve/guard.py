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

The alarm raises only inside the computation it guards: the block is on the
stack (not a generator suspended in it), and the code interrupted is not a
callback Python runs on its own between two lines of it -- a garbage-collector
callback, a ``__del__``, a weak reference's callback --, where Python would print
the exception and drop it (and pytest warn of it); there it waits, as for
grundy's own code.

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

import contextlib
import gc
import inspect
import os
import signal
import sys
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
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
    __slots__ = ("fire_at", "message", "anywhere", "frame")

    def __init__(self, fire_at: float, message: str, anywhere: bool,
                 frame: FrameType | None) -> None:
        self.fire_at, self.message, self.anywhere = fire_at, message, anywhere
        #: the frame that runs the guarded block (``None``: unknown, any frame)
        self.frame = frame


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


_CONTEXTLIB = os.path.abspath(contextlib.__file__)
_WEAKREF = os.path.abspath(weakref.__file__)


_GENERATOR = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR


def _in_contextlib(f: FrameType) -> bool:
    return os.path.abspath(f.f_code.co_filename) == _CONTEXTLIB


def _caller() -> FrameType | None:
    """The frame whose ``with`` statement enters the guard: the first frame up
    from :func:`guard_until` that is neither :mod:`contextlib`'s nor a context
    manager's generator it enters (``guard`` and ``watching`` wrap the guard)."""
    f: FrameType | None = sys._getframe(1)  # the generator of guard_until
    while f is not None and (_in_contextlib(f) or (
            f.f_code.co_flags & _GENERATOR and f.f_back is not None and _in_contextlib(f.f_back))):
        f = f.f_back
    return f


def _callback_codes() -> set[CodeType]:
    """The code of the garbage collector's callbacks (functions or methods)."""
    codes = set()
    for cb in gc.callbacks:
        code = getattr(getattr(cb, "__func__", cb), "__code__", None)
        if code is None:
            code = getattr(getattr(type(cb), "__call__", None), "__code__", None)
        if isinstance(code, CodeType):
            codes.add(code)
    return codes


def _foreign(frame: FrameType) -> bool:
    """Whether ``frame`` is (or is called from) a callback Python runs on its
    own between two lines of the code below it, and whose exception it prints and
    drops: a garbage-collector callback, a ``__del__``, a weak reference's
    finalizer. Only the frames up to grundy's own code count (a callback grundy's
    search runs, such as a move function, is a call like any other)."""
    codes = _callback_codes() if gc.callbacks else set()
    f: FrameType | None = frame
    while f is not None and not _ours(f):
        code = f.f_code
        if code in codes or code.co_name == "__del__" or \
                os.path.abspath(code.co_filename) == _WEAKREF:
            return True
        f = f.f_back
    return False


def _inside(frame: FrameType | None, entry: _Entry) -> bool:
    """Whether the interrupted ``frame`` runs inside the block ``entry`` guards:
    a block in a function runs until it is left; one in a generator only while
    the generator runs (not while it waits, suspended, for its next value)."""
    if entry.frame is None or not entry.frame.f_code.co_flags & _GENERATOR:
        return True
    f = frame
    while f is not None:
        if f is entry.frame:
            return True
        f = f.f_back
    return False


def _fire(signum: int, frame: FrameType | None) -> None:
    now = _clock.now()
    due = [e for e in _entries if e.fire_at <= now]
    if not due:  # compiled code loaded meanwhile (the clock stood still): later
        _arm(now)
        return
    e = min(due, key=lambda d: d.fire_at)
    if (not e.anywhere and _ours(frame)) or frame is None or _foreign(frame):
        # grundy's code looks at the clock itself; an exception raised in a
        # garbage-collector callback would be dropped: shortly, in the user's code
        signal.setitimer(signal.ITIMER_REAL, _RETRY)
        return
    if not _inside(frame, e):  # the block is not running (a suspended generator)
        e.fire_at = now + _REFIRE
        _arm(now)
        return
    # Not once: a user's bare ``except`` may swallow it; the alarm raises again
    # after ``_REFIRE`` until the guarded block has been left (leaving it
    # disarms the entry).
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
    entry = _Entry(deadline + grace, message, anywhere, _caller())
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
