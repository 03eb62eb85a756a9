"""The budget of one search, ticked in one place (:class:`Ticker`), and the memory
bound of the memos it writes (:class:`_Bound`).

Every search of the reducer counts the positions it expands with a ticker: each
one is counted against the budget's positions and the clock is read
(:meth:`Meter.tick <grundy.solve.budget.Meter.tick>`); every 64 the memos are
held to their bound and, every 2^14, ``progress`` is told how many were expanded.

>>> from grundy.solve.budget import Budget
>>> seen = []
>>> ticker = Ticker(Budget(positions=10**6).start(), "a count", [{}], progress=seen.append)
>>> for _ in range(1 << 14):
...     ticker.tick()
>>> seen, ticker.expanded
([16384], 16384)
>>> Ticker(Budget(positions=0).start(), "a count", [{}]).tick()
Traceback (most recent call last):
...
grundy.values.errors.SearchLimitError: a count needs more than 0 positions (the budget); ask for a larger budget to go further
"""

from __future__ import annotations

import sys
from itertools import islice
from typing import Any

from grundy.solve.reducer.rules import Progress
from grundy.values.errors import SearchLimitError

__all__ = ["Ticker"]

#: Positions between two holds of the memos to their bound (``Meter.EVERY``).
EVERY = 64
#: Positions between two calls of a search's ``progress`` (a multiple of EVERY).
PROGRESS_EVERY = 1 << 14


class Ticker:
    """Counts the positions one search expands (:meth:`tick`); the one place the
    reducer's searches meet their budget. ``memos`` and ``caches`` are held to
    the memory bound (:class:`_Bound`); ``progress`` is called every
    :data:`PROGRESS_EVERY` positions and at the end (:meth:`done`).

    A search whose loop counts positions itself, to call nothing at most
    positions (the lazy search), calls :meth:`catch_up` instead when its count
    reaches :attr:`next_check` or the clock :attr:`Meter.next_look
    <grundy.solve.budget.Meter>`: the same tick, batched."""

    __slots__ = ("meter", "what", "bound", "progress", "start", "limit")

    def __init__(self, meter: Any, what: str, memos: list[dict[Any, Any]],
                 caches: tuple[dict[Any, Any], ...] = (),
                 progress: Progress | None = None) -> None:
        self.meter = meter
        self.what = what
        self.bound = _Bound(meter, what, memos, caches)
        self.progress = progress
        self.start: int = meter.count
        # the count past the budget's positions: a batch never jumps over it
        self.limit: int = sys.maxsize if meter.positions is None else meter.positions + 1

    @property
    def expanded(self) -> int:
        """The positions counted by this ticker."""
        count: int = self.meter.count
        return count - self.start

    def tick(self) -> None:
        """Count one position: raises :class:`SearchLimitError` past the budget
        (positions, seconds, memory); holds the memos to their bound every
        :data:`EVERY` positions and tells ``progress`` every :data:`PROGRESS_EVERY`."""
        self.meter.tick(self.what)
        n = self.meter.count - self.start
        if not n % EVERY:
            self.bound.check()
            if self.progress is not None and not n % PROGRESS_EVERY:
                self.progress(n)

    def catch_up(self, count: int) -> int:
        """The tick of the ``count``-th position (by the meter's count) of a search
        that counts positions itself; returns the count at which to call again
        (unless the clock comes first)."""
        self.meter.count = count - 1
        self.tick()
        n = count - self.start
        return min(self.start + (n // EVERY + 1) * EVERY, self.limit)

    @property
    def next_check(self) -> int:
        """The first count :meth:`catch_up` is called at."""
        count: int = self.meter.count
        return min(count + 1, self.limit)

    def done(self) -> None:
        """The search is over: ``progress`` hears the final count."""
        if self.progress is not None:
            self.progress(self.expanded)


# bytes of a dict entry (hash, key, value: 24; its index; free slots, up to twice as
# many after the table grows) and the int of the value
_ENTRY_OVERHEAD = 96
_MIN_ENTRIES = 1 << 10  # a memo that cannot hold this many entries is refused


def _size(x: object) -> int:
    """The bytes of ``x`` and, for a tuple or frozenset, of its items (one level;
    small ints are shared, so not counted)."""
    if type(x) is int and -5 <= x <= 256:
        return 0
    n = sys.getsizeof(x)
    if type(x) is tuple or type(x) is frozenset:
        for i in x:
            if not (type(i) is int and -5 <= i <= 256):
                n += sys.getsizeof(i)
    return n


class _Bound:
    """The memory bound of the memos one search writes (its transposition table).

    The memos may hold half of what is left of the budget's ``max_memory`` (the
    default memory budget when it is ``None``) once the search starts; the other
    half is kept for the rest of the search (its path, a dict's table growing,
    memory freed but not returned): at the first look (``check``, called every
    ``Meter.EVERY`` positions) the process's resident memory is read and the
    capacity set in entries, an entry's bytes estimated from the newest entries.
    Beyond it the oldest half of the entries (dicts keep insertion order: the
    least recently *found* values) is evicted; an evicted value is searched again
    when it is needed, so answers stay exact. When the budget leaves room for
    fewer than ``_MIN_ENTRIES`` entries the search is refused with
    :class:`SearchLimitError` (``reason`` ``"memory"``). ``caches`` are dicts the
    search may rebuild (dropped whole at an eviction)."""

    __slots__ = ("memos", "caches", "meter", "what", "capacity", "evicted")

    def __init__(self, meter: Any, what: str, memos: list[dict[Any, Any]],
                 caches: tuple[dict[Any, Any], ...] = ()) -> None:
        self.memos = memos
        self.caches = caches
        self.meter = meter
        self.what = what
        self.capacity: int | None = None
        self.evicted = 0

    def entries(self) -> int:
        """How many entries the memos and caches hold."""
        return sum(map(len, self.memos)) + sum(map(len, self.caches))

    def entry_bytes(self) -> int:
        """The estimated bytes of one entry (from the newest ones of each memo)."""
        sizes = [_size(k) + _size(v) for m in self.memos
                 for k, v in islice(reversed(m.items()), 16)]
        return _ENTRY_OVERHEAD + (sum(sizes) // len(sizes) if sizes else 64)

    def check(self) -> None:
        """Evict when the memos hold more than their capacity (set at the first call)."""
        n = self.entries()
        cap = self.capacity
        if cap is None:
            cap = self.capacity = self.fit(n)
        if n > cap:
            self.evict(n - cap // 2)

    def fit(self, n: int) -> int:
        """The capacity in entries: what the memos hold now plus half of what the
        budget leaves."""
        from grundy.values import memory

        e = self.entry_bytes()
        budget: int = self.meter.mem()
        free = budget - memory.current()[0]
        cap = n + max(0, free) // 2 // e
        if cap < _MIN_ENTRIES:
            raise SearchLimitError(
                f"{self.what}: its memo needs room for at least {_MIN_ENTRIES:,} entries of "
                f"about {e} bytes, and the memory budget of {memory.format_bytes(budget)} "
                "leaves less (ask for a larger max_memory)",
                self.meter.count, reason="memory",
            )
        return cap

    def evict(self, k: int) -> None:
        """Drop ``k`` entries: the caches, then the oldest of each memo in proportion."""
        for c in self.caches:
            k -= len(c)
            c.clear()
        total = sum(map(len, self.memos))
        if k <= 0 or not total:
            return
        for m in self.memos:
            drop = min(len(m), -(-k * len(m) // total))
            for key in list(islice(m, drop)):
                del m[key]
            self.evicted += drop
