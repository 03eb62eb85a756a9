"""Budgets: how far a search may go, in positions, seconds and memory.

Every search of the analysis layer runs within a :class:`Budget` (one object, like
python-chess's ``engine.Limit``). When the budget is spent the search raises
:class:`~grundy.values.errors.SearchLimitError` saying how far it got, its
``reason`` ``"positions"``, ``"seconds"`` or ``"memory"`` (what it finished stays
memoised, so asking again with a larger budget resumes the work rather than
repeating it).

Memory is always bounded: ``max_memory=None`` means the default of
:func:`grundy.values.memory.default_limit` (a quarter of the physical memory, at
most 8 GiB, at most 3/4 of ``ulimit -v``; ``GRUNDY_MAX_MEMORY`` overrides it). It
bounds the resident memory of the process, read every 10 ms of a search at most.

>>> b = Budget(positions=10)
>>> b.describe()
'10 positions'
>>> Budget(seconds=2.5).describe(), Budget().describe()
('2.5 s', 'no limit')
>>> Budget(seconds=1, max_memory=1 << 30).describe()
'1 s and 1 GiB of memory'
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from grundy.solve import guard as _guard
from grundy.values import clock as _clock
from grundy.values import memory as _memory
from grundy.values.errors import InvalidParameterError, SearchLimitError, describe

__all__ = ["Budget", "UNLIMITED", "as_budget", "from_keywords", "watching", "look", "active"]


@dataclass(frozen=True, kw_only=True)
class Budget:
    """At most ``positions`` positions expanded, ``seconds`` of wall time and
    ``max_memory`` bytes of resident memory (``None``: no limit on positions or
    time; the default memory budget; ``seconds=inf`` is ``None``). The clock starts
    when a search starts, and stands still while compiled code loads. Every search
    takes one as ``budget=`` (keywords only: ``Budget(positions=10**6, seconds=2)``);
    :meth:`replace` changes some fields.

    >>> Budget(positions=10, seconds=1).replace(seconds=None)
    Budget(positions=10, seconds=None, max_memory=None)
    """

    positions: int | None = None
    seconds: float | None = None
    max_memory: int | None = None

    def __post_init__(self) -> None:
        p, s = self.positions, self.seconds
        if p is not None and (isinstance(p, bool) or not isinstance(p, int) or p < 0):
            raise InvalidParameterError(
                f"a position budget must be a non-negative integer or None; got {describe(p)}"
            )
        if s is not None and (
            isinstance(s, bool) or not isinstance(s, (int, float)) or not s >= 0
        ):
            raise InvalidParameterError(
                f"a time budget must be a non-negative number of seconds or None; got {describe(s)}"
            )
        if s is not None and s == float("inf"):  # inf: no time limit, as the CLI's 'inf'
            object.__setattr__(self, "seconds", None)
        m = self.max_memory
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 0):
            raise InvalidParameterError(
                f"a memory budget must be a non-negative number of bytes or None; got {describe(m)}"
            )

    @property
    def memory(self) -> int:
        """The memory budget in bytes (``max_memory``, else the default)."""
        return _memory.default_limit() if self.max_memory is None else self.max_memory

    def is_unlimited(self) -> bool:
        """No limit on positions or time, and the default memory budget."""
        return self.positions is None and self.seconds is None and self.max_memory is None

    def replace(self, **fields: int | float | None) -> Budget:
        """This budget with ``fields`` (``positions``, ``seconds``, ``max_memory``)
        changed."""
        return dataclasses.replace(self, **fields)  # type: ignore[arg-type]

    def describe(self) -> str:
        parts = []
        if self.positions is not None:
            parts.append(f"{self.positions:,} positions")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        if self.max_memory is not None:
            parts.append(f"{_memory.format_bytes(self.max_memory)} of memory")
        return " and ".join(parts) or "no limit"

    def start(self) -> Meter:
        """A meter for one search under this budget (the clock starts now). Inside
        :func:`watching`, the meter also honours the enclosing budget."""
        return Meter(self, _ACTIVE.get())


UNLIMITED = Budget()


def as_budget(budget: object, default: Budget = UNLIMITED) -> Budget:
    """The budget of a call taking ``budget=`` (``None``: ``default``); anything
    but a :class:`Budget` is refused.

    >>> as_budget(None, Budget(seconds=2)).describe()
    '2 s'
    >>> as_budget(10)
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: budget must be a grundy.Budget (e.g. Budget(positions=10**6, seconds=2)); got 10
    """
    if budget is None:
        return default
    if not isinstance(budget, Budget):
        raise InvalidParameterError(
            "budget must be a grundy.Budget (e.g. Budget(positions=10**6, seconds=2)); "
            f"got {describe(budget)}"
        )
    return budget


#: The field of :class:`Budget` each keyword of the older signatures set.
_FIELDS = {"limit": "positions", "positions": "positions", "max_positions": "positions",
           "max_heaps": "positions", "seconds": "seconds", "max_memory": "max_memory"}


def from_keywords(given: Mapping[str, Any], default: Budget = UNLIMITED) -> Budget:
    """The budget the older keywords ``given`` (``limit``, ``positions``,
    ``max_positions``, ``max_heaps``, ``seconds``, ``max_memory``, or ``deadline``:
    a ``time.monotonic()`` instant) asked for, over ``default``.

    >>> from_keywords({"limit": 100}, Budget(seconds=2)).describe()
    '100 positions and 2 s'
    """
    fields: dict[str, Any] = {}
    for k, v in given.items():
        if k == "deadline":
            fields["seconds"] = None if v is None else max(0.0, v - time.monotonic())
        else:
            fields[_FIELDS[k]] = v
    return default.replace(**fields)


class Meter:
    """Counts the positions one search expands, watches its clock and the
    process's memory (and, through ``parent``, the budget of an enclosing
    :func:`watching`)."""

    __slots__ = ("budget", "count", "deadline", "next_check", "positions", "memory",
                 "next_memory", "parent", "stop_at", "next_look")

    #: How many positions between two looks at the memory and the budget of an
    #: enclosing search, at most (the clock is read at every position).
    EVERY = 64
    #: Seconds between two reads of the process's memory.
    MEMORY_EVERY = 0.01

    def __init__(self, budget: Budget, parent: Meter | None = None) -> None:
        self.budget = budget
        self.count = 0
        self.positions = budget.positions
        # the clock stands still while compiled code loads (grundy.values.clock)
        now = _clock.now()
        self.deadline = None if budget.seconds is None else now + budget.seconds
        # the memory budget, resolved on the first look at the memory (the default
        # reads the environment and rlimits: too slow for every closed-form call)
        self.memory: int | None = budget.max_memory
        self.next_memory = 0.0  # the first look reads the memory
        self.parent = parent
        # the earliest deadline of this budget and the enclosing ones
        stop: float | None = self.deadline
        outer: float | None = None if parent is None else parent.stop_at
        if outer is not None:
            stop = outer if stop is None else min(stop, outer)
        self.stop_at: float | None = stop
        # A spent budget stops at the first position.
        self.next_check = 1 if stop is not None else self.EVERY
        # the clock time of the next look: every position reads the clock (cheap),
        # so a slow move function is stopped at its first call past the deadline
        self.next_look = now if stop is None else min(now, stop)

    def tick(self, what: str) -> None:
        """Count one position; raise :class:`SearchLimitError` when the budget is
        spent. ``what`` names the search for the message."""
        self.count += 1
        if self.positions is not None and self.count > self.positions:
            raise SearchLimitError(
                f"{what} needs more than {self.positions:,} positions (the budget); "
                "ask for a larger budget to go further",
                self.count - 1, reason="positions",
            )
        if self.count >= self.next_check or _clock.now() >= self.next_look:
            self.look(what)

    def tock(self, what: str) -> None:
        """Look at the clock (cheap) without counting a position: before a call of
        a user's function that is not a move function (a payoff, a turn)."""
        if _clock.now() >= self.next_look:
            self.look(what)

    def look(self, what: str) -> None:
        """Raise :class:`SearchLimitError` if the time budget is spent or the
        process holds more memory than the budget (read every 10 ms at most)."""
        now = time.monotonic()
        t = _clock.now()
        self.next_check = self.count + self.EVERY
        nxt = t + self.MEMORY_EVERY
        self.next_look = nxt if self.stop_at is None else min(nxt, self.stop_at)
        if self.deadline is not None and t > self.deadline:
            raise SearchLimitError(
                f"{what} stopped after {self.budget.seconds:.3g} s (the budget) with "
                f"{self.count:,} position{'' if self.count == 1 else 's'} searched; ask for more "
                "time to go further",
                self.count, reason="seconds",
            )
        if now >= self.next_memory:
            self.next_memory = now + self.MEMORY_EVERY
            _memory.check(self.mem(), what, self.count)
        if self.parent is not None:
            self.parent.look(what)

    def mem(self) -> int:
        """The memory budget in bytes (the default resolved once, when first needed)."""
        m = self.memory
        if m is None:
            m = self.memory = _memory.default_limit()
        return m

    def reserve(self, nbytes: int, what: str) -> None:
        """Refuse before allocating ``nbytes`` that would pass the memory budget."""
        _memory.reserve(nbytes, what, self.mem())
        if self.parent is not None:
            self.parent.reserve(nbytes, what)

    def out_of_memory(self, what: str) -> SearchLimitError:
        """The error of a search that met ``MemoryError`` (an address-space limit)."""
        return SearchLimitError(
            f"{what} ran out of memory with {self.count:,} positions searched (the process "
            f"could not allocate more; its memory budget is {_memory.format_bytes(self.mem())})",
            self.count, reason="memory",
        )


# The meter of the budget a closed form runs under (see :func:`watching`).
_ACTIVE: ContextVar[Meter | None] = ContextVar("grundy_budget", default=None)
# Outside any budget, closed forms and listings still honour the default memory.
_DEFAULT: list[Meter] = []


def active() -> Meter:
    """The meter of the budget in force: the innermost :func:`watching`, else a
    meter of the default memory budget (no limit on positions or time)."""
    meter = _ACTIVE.get()
    if meter is not None:
        return meter
    if not _DEFAULT or _DEFAULT[0].mem() != _memory.default_limit():
        _DEFAULT[:] = [Meter(Budget())]
    return _DEFAULT[0]


@contextmanager
def watching(budget: Budget) -> Iterator[None]:
    """Run a closed form under ``budget``: a closed form that is really a long
    computation (a divisor-block recursion, a big table) calls :func:`look` now and
    then, and stops with :class:`SearchLimitError` when the budget is spent. Inside
    another ``watching``, both budgets apply; an unlimited budget there adds nothing.

    >>> with watching(Budget(seconds=0)):
    ...     look("a long closed form")
    Traceback (most recent call last):
    ...
    grundy.values.errors.SearchLimitError: a long closed form stopped after 0 s (the budget) with 1 position searched; ask for more time to go further
    """
    outer = _ACTIVE.get()
    if budget.is_unlimited():  # look() falls back on the default memory budget
        try:
            yield
        except MemoryError:
            if outer is not None:
                raise
            raise active().out_of_memory("a computation") from None
        return
    meter = Meter(budget, outer)
    token = _ACTIVE.set(meter)
    # the explicit memory limit in force (None: the default), both budgets applying
    limit = budget.max_memory
    if limit is not None and outer is not None:
        limit = min(limit, outer.mem())
    mtoken = _memory.ACTIVE_LIMIT.set(_memory.ACTIVE_LIMIT.get() if limit is None else limit)
    try:
        with _guard.guard(meter, f"a computation under {budget.describe()}"):
            yield
    except MemoryError:
        raise meter.out_of_memory(f"a computation under {budget.describe()}") from None
    finally:
        _memory.ACTIVE_LIMIT.reset(mtoken)
        _ACTIVE.reset(token)


def look(what: str, steps: int = 1) -> None:
    """Count ``steps`` and check the clock and the memory of the budget a closed
    form runs under (the default memory budget when there is none)."""
    meter = active()
    meter.count += steps
    meter.look(what)


def reserve(nbytes: int, what: str) -> None:
    """Refuse (:class:`SearchLimitError`, ``reason`` ``"memory"``) before
    allocating ``nbytes`` for ``what`` when that would pass the budget in force.

    >>> reserve(1 << 60, "a table of 2**60 bytes")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.values.errors.SearchLimitError: a table of 2**60 bytes needs 1 EiB of memory...
    """
    active().reserve(nbytes, what)
