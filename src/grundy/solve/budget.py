"""Budgets: how far a search may go, in positions and in seconds.

Every search of the analysis layer runs within a :class:`Budget`. When the budget is
spent the search raises :class:`~grundy.values.errors.SearchLimitError` saying how
far it got (what it finished stays memoised, so asking again with a larger budget
resumes the work rather than repeating it).

>>> b = Budget(positions=10)
>>> b.describe()
'10 positions'
>>> Budget(seconds=2.5).describe(), Budget().describe()
('2.5 s', 'no limit')
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe

__all__ = ["Budget", "UNLIMITED", "as_budget", "watching", "look"]


@dataclass(frozen=True)
class Budget:
    """At most ``positions`` positions expanded and ``seconds`` of wall time (either
    may be ``None``: no limit). The clock starts when a search starts."""

    positions: int | None = None
    seconds: float | None = None
    _start: float = field(default=0.0, repr=False, compare=False)

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

    def describe(self) -> str:
        parts = []
        if self.positions is not None:
            parts.append(f"{self.positions:,} positions")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " and ".join(parts) or "no limit"

    def start(self) -> Meter:
        """A meter for one search under this budget (the clock starts now)."""
        return Meter(self)


UNLIMITED = Budget()


def as_budget(
    budget: Budget | None = None, *, limit: int | None = None, seconds: float | None = None
) -> Budget:
    """The budget of a call taking ``budget=``, ``limit=`` (positions) and ``seconds=``."""
    if budget is not None:
        if not isinstance(budget, Budget):
            raise InvalidParameterError(f"budget must be a grundy Budget; got {describe(budget)}")
        if limit is None and seconds is None:
            return budget
    return Budget(positions=limit, seconds=seconds)


class Meter:
    """Counts the positions one search expands and watches its clock."""

    __slots__ = ("budget", "count", "deadline", "next_check", "positions")

    #: How many positions between two looks at the clock.
    EVERY = 64

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.count = 0
        self.positions = budget.positions
        self.deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
        # A spent budget stops at the first position.
        self.next_check = 1 if self.deadline is not None else self.EVERY

    def tick(self, what: str) -> None:
        """Count one position; raise :class:`SearchLimitError` when the budget is
        spent. ``what`` names the search for the message."""
        self.count += 1
        if self.positions is not None and self.count > self.positions:
            raise SearchLimitError(
                f"{what} needs more than {self.positions:,} positions (the budget); "
                "ask for a larger budget to go further",
                self.count - 1,
            )
        if self.count >= self.next_check:
            self.next_check = self.count + self.EVERY
            self.look(what)

    def look(self, what: str) -> None:
        """Raise :class:`SearchLimitError` if the time budget is spent."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchLimitError(
                f"{what} stopped after {self.budget.seconds:.3g} s (the budget) with "
                f"{self.count:,} position{'' if self.count == 1 else 's'} searched; ask for more "
                "time to go further",
                self.count,
            )


# The meter of the budget a closed form runs under (see :func:`watching`).
_ACTIVE: ContextVar[Meter | None] = ContextVar("grundy_budget", default=None)


@contextmanager
def watching(budget: Budget) -> Iterator[None]:
    """Run a closed form under ``budget``: a closed form that is really a long
    computation (a divisor-block recursion, a big table) calls :func:`look` now and
    then, and stops with :class:`SearchLimitError` when the budget is spent.

    >>> with watching(Budget(seconds=0)):
    ...     look("a long closed form")
    Traceback (most recent call last):
    ...
    grundy.values.errors.SearchLimitError: a long closed form stopped after 0 s (the budget) with 1 position searched; ask for more time to go further
    """
    if budget.seconds is None and budget.positions is None:
        yield
        return
    token = _ACTIVE.set(budget.start())
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def look(what: str, steps: int = 1) -> None:
    """Count ``steps`` and check the clock of the budget a closed form runs under
    (nothing when there is none)."""
    meter = _ACTIVE.get()
    if meter is not None:
        meter.count += steps
        meter.look(what)
