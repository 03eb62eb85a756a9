"""The clock of time budgets: wall time less the time spent loading compiled code.

A budget counts the analysis, not start-up: importing numba and loading (or
compiling) a kernel the first time it runs take about a second in a fresh process,
which would starve a one-second search. :func:`excluded` marks such a stretch;
:func:`now` is :func:`time.monotonic` minus every stretch excluded so far (overlapping
stretches of several threads count once). :mod:`grundy.kernels` marks numba's import
and every compilation or cache load.

>>> skipped = excluded_seconds()
>>> with excluded():
...     time.sleep(0.05)
>>> excluded_seconds() - skipped >= 0.05   # now() did not advance by those 0.05 s
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["now", "excluded", "excluded_seconds", "enter", "leave", "monotonic_offset"]

_lock = threading.Lock()
_depth = 0
_since = 0.0
_total = 0.0


def enter() -> None:
    """Start an excluded stretch (nested and concurrent ones merge)."""
    global _depth, _since
    with _lock:
        if _depth == 0:
            _since = time.monotonic()
        _depth += 1


def leave() -> None:
    """End the stretch begun by the matching :func:`enter`."""
    global _depth, _total
    with _lock:
        if _depth == 0:  # an unmatched end (a listener installed mid-stretch)
            return
        _depth -= 1
        if _depth == 0:
            _total += time.monotonic() - _since


def excluded_seconds() -> float:
    """Seconds excluded so far (the current stretch included)."""
    with _lock:
        return _total + (time.monotonic() - _since if _depth else 0.0)


def now() -> float:
    """Monotonic seconds that stand still while compiled code loads. Cheap (no
    lock outside an excluded stretch): searches read it at every move-function
    call."""
    total = _total
    if not _depth:  # the common case: no stretch began or ended meanwhile
        t = time.monotonic()
        if not _depth and total == _total:
            return t - total
    return time.monotonic() - excluded_seconds()


_now = now  # the clock above, to tell it from a test's replacement


def monotonic_offset() -> float | None:
    """``x`` such that ``time.monotonic() - x`` is never less than :func:`now`
    from this call on (the seconds excluded only grow): a cheaper test that a
    deadline is not reached yet, for a loop in C that reads the clock at every
    position. ``None`` when :func:`now` has been replaced (a test's clock).

    >>> x = monotonic_offset()
    >>> t = now()
    >>> x is not None and time.monotonic() - x >= t
    True
    """
    return _total if now is _now else None


@contextmanager
def excluded() -> Iterator[None]:
    """A stretch the time budgets do not count (loading compiled code)."""
    enter()
    try:
        yield
    finally:
        leave()
