"""Progress for long commands: a real bar with total and ETA on a terminal (rich),
plain lines when the output is not a terminal (a log, CI), nothing when disabled.

A :class:`ProgressBar` is a context manager and a callback: ``bar(done)`` (or
``bar(done, total)``) reports how far the work is; the table, analyze and census
commands can pass it where the library takes a progress callback.

>>> import io
>>> out = io.StringIO()
>>> with ProgressBar(1000, "table", stream=out, every=0.0) as bar:
...     for n in range(0, 1001, 250):
...         bar(n)
>>> print(out.getvalue().strip())
table: 0/1,000 (0%)
table: 250/1,000 (25%)
table: 500/1,000 (50%)
table: 750/1,000 (75%)
table: 1,000/1,000 (100%)
table: done, 1,000 in ...s
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Progress of ``total`` steps (``None``: unknown, a counter), labelled ``desc``.

    ``enabled``: ``None`` shows it on a terminal as a bar and elsewhere as a line
    at most every ``every`` seconds; ``False`` shows nothing.
    """

    def __init__(self, total: int | None, desc: str = "grundy", *, enabled: bool | None = None,
                 stream: TextIO | None = None, every: float = 2.0) -> None:
        self.total = total
        self.desc = desc
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = True if enabled is None else enabled
        self.every = every
        self.done = 0
        self._t0 = time.monotonic()
        self._last = -1e9
        self._rich: Any = None
        self._task: Any = None
        isatty = getattr(self.stream, "isatty", lambda: False)()
        if self.enabled and isatty:
            try:
                from rich.console import Console
                from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                           TimeElapsedColumn, TimeRemainingColumn)
            except ImportError:  # pragma: no cover - rich is optional
                return
            self._rich = Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("{task.percentage:>3.0f}%"), TimeElapsedColumn(), TextColumn("ETA"),
                TimeRemainingColumn(), console=Console(file=self.stream), transient=True,
            )

    def __enter__(self) -> ProgressBar:
        if self._rich is not None:
            self._rich.start()
            self._task = self._rich.add_task(self.desc, total=self.total)
        return self

    def __call__(self, done: int, total: int | None = None) -> None:
        """Report ``done`` steps (of ``total``, if it changed)."""
        if total is not None:
            self.total = total
        self.done = done
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=done, total=self.total)
            return
        now = time.monotonic()
        if now - self._last < self.every and done != self.total:
            return
        self._last = now
        if self.total:
            pct = 100 * done // self.total
            eta = ""
            elapsed = now - self._t0
            if 0 < done < self.total and elapsed > 1:
                eta = f", ETA {elapsed * (self.total - done) / done:.0f}s"
            self.stream.write(f"{self.desc}: {done:,}/{self.total:,} ({pct}%){eta}\n")
        else:
            self.stream.write(f"{self.desc}: {done:,}\n")
        self.stream.flush()

    def advance(self, steps: int = 1) -> None:
        self(self.done + steps)

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._rich is not None:
            self._rich.stop()
        elif self.enabled and et is None:
            self.stream.write(f"{self.desc}: done, {self.done:,} in {time.monotonic() - self._t0:.1f}s\n")
            self.stream.flush()
