"""The cyclic garbage collector, paused while a search fills its memo.

A search allocates millions of small objects (memo keys, tuples of options) that
live until the search ends, so Python's cyclic collector, which runs after every
few hundred allocations and walks the objects of the older generations again and
again, spends most of a large search's time scanning a memo in which it can find
no cycle (measured in ``benchmarks/bench_solver.py``: 10^6 positions in 8.1 s with
the collector, 2.4 s without). :data:`paused_collector` turns it off for the
duration of a search and back on afterwards, however the search ends (a result,
an exception, ``KeyboardInterrupt``).

It is reentrant and shared by threads: a depth counter (under a lock) counts the
searches running in the process; the first to start disables the collector when it
was enabled, the last to end enables it again. A collector the caller disabled
stays disabled. Reference counting still frees everything a search drops; only
objects in reference cycles wait for the collector's next run.

>>> import gc
>>> gc.isenabled()
True
>>> with paused_collector:
...     with paused_collector:          # nested searches
...         inner = gc.isenabled()
...     outer = gc.isenabled()
>>> inner, outer, gc.isenabled()
(False, False, True)
>>> @paused_collector
... def search():
...     raise KeyboardInterrupt
>>> try:
...     search()
... except KeyboardInterrupt:
...     pass
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
import threading
from contextlib import ContextDecorator
from types import TracebackType

__all__ = ["CollectorPause", "paused_collector"]


class CollectorPause(ContextDecorator):
    """A reentrant, thread-safe pause of the cyclic collector (use the one instance
    :data:`paused_collector`, as a ``with`` block or a decorator)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._restore = False

    @property
    def depth(self) -> int:
        """How many paused blocks are running now (in every thread)."""
        return self._depth

    def __enter__(self) -> CollectorPause:
        with self._lock:
            if self._depth == 0:
                self._restore = gc.isenabled()
                gc.disable()
            self._depth += 1
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        with self._lock:
            self._depth -= 1
            if self._depth == 0 and self._restore:
                self._restore = False
                gc.enable()


#: The process's one pause of the collector: searches run inside it.
paused_collector = CollectorPause()
