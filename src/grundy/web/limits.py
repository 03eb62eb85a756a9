"""The playground's request limits: each analysis runs within a grundy
:class:`~grundy.solve.budget.Budget` made from them, in a worker process with a
memory cap.

>>> lim = Limits(seconds=2, positions=1000, max_memory=1 << 30)
>>> lim.budget()
Budget(positions=1000, seconds=2.0, max_memory=1073741824)
>>> Limits(seconds=0)
Traceback (most recent call last):
...
grundy.values.errors.InvalidParameterError: the playground's time budget must be a positive number of seconds (inf: no limit); got 0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from grundy.solve.budget import Budget
from grundy.values.errors import InvalidParameterError, describe

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """Limits of the playground: each request's grundy budget (``seconds``,
    ``positions``, ``max_memory`` bytes of one worker process), the pool
    (``workers`` processes and at most ``queue`` requests waiting for one; more get
    a 503 at once), the largest table and plot (``table``, ``pmap``) and the
    longest game replayed (``history`` moves)."""

    seconds: float = 5.0
    positions: int = 200_000
    max_memory: int = 2 << 30
    workers: int = 2
    queue: int = 16
    table: int = 2000
    pmap: int = 80
    history: int = 500

    def __post_init__(self) -> None:
        s = self.seconds
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not s > 0:
            raise InvalidParameterError(  # nan, 0 and negative budgets are refused; inf: no limit
                f"the playground's time budget must be a positive number of seconds "
                f"(inf: no limit); got {describe(s)}")
        for name in ("positions", "max_memory", "workers", "queue", "table", "pmap", "history"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < (1 if name == "workers" else 0):
                raise InvalidParameterError(
                    f"the playground's {name} limit must be a "
                    f"{'positive' if name == 'workers' else 'non-negative'} integer; got {describe(v)}")

    def budget(self, share: float = 1.0) -> Budget:
        """The grundy budget of one analysis (``share`` of the time)."""
        secs = None if math.isinf(self.seconds) else self.seconds * share
        return Budget(positions=self.positions, seconds=secs, max_memory=self.max_memory)

    def deadline(self) -> float | None:
        """Seconds after which a worker still busy with one request is killed
        (the searches stop themselves at the budget; this catches code that does
        not look at the clock). ``None``: no limit."""
        if math.isinf(self.seconds) or self.seconds > 1e9:
            return None
        return 2 * self.seconds + 3.0
