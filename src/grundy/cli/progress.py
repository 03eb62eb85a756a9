"""Progress for long commands: a real bar with total and ETA on a terminal (rich),
plain lines when asked (``--progress``) and the output is not a terminal (a log,
CI), nothing otherwise off a terminal or when disabled.

A :class:`ProgressBar` is a context manager and a callback: ``bar(done)`` (or
``bar(done, total)``) reports how far the work is; the table, analyze and census
commands can pass it where the library takes a progress callback.

>>> import io
>>> out = io.StringIO()
>>> with ProgressBar(1000, "table", stream=out, every=0.0, enabled=True) as bar:
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

import contextlib
import sys
import time
from collections.abc import Iterator
from types import TracebackType
from typing import Any, TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Progress of ``total`` steps (``None``: unknown, a counter), labelled ``desc``.

    ``enabled``: ``None`` shows it as a bar on a terminal and nothing elsewhere
    (a pipe or a log keeps only the answer); ``True`` shows it everywhere (as a
    line at most every ``every`` seconds off a terminal); ``False`` shows nothing. ``delay``: nothing
    shows before the work has run that many seconds (short commands stay quiet).
    ``unit`` names the steps in the plain lines. ``note``: a line said once, when
    the progress first shows (what runs, how to stop it), above the bar.

    >>> import io
    >>> out = io.StringIO()
    >>> with ProgressBar(None, "search", stream=out, every=0.0, enabled=True,
    ...                  note="searching (Ctrl-C stops it)") as bar:
    ...     bar(5); bar(9)
    >>> print(out.getvalue().strip())
    searching (Ctrl-C stops it)
    search: 5
    search: 9
    search: done, 9 in ...s
    """

    def __init__(self, total: int | None, desc: str = "grundy", *, enabled: bool | None = None,
                 stream: TextIO | None = None, every: float = 2.0, delay: float = 0.0,
                 unit: str = "", note: str = "") -> None:
        self.total = total
        self.desc = desc
        self.stream = stream if stream is not None else sys.stderr
        isatty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled = isatty if enabled is None else enabled
        self.every = every
        self.delay = delay
        self.unit = f" {unit}" if unit else ""
        self.note = note
        self.done = 0
        self._t0 = time.monotonic()
        self._last = -1e9
        self._rich: Any = None
        self._task: Any = None
        self._live = False
        self._shown = False
        self._first: tuple[float, int] | None = None
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
                redirect_stdout=False, redirect_stderr=False,
            )

    def __enter__(self) -> ProgressBar:
        self._t0 = time.monotonic()
        if self._rich is not None:
            self._task = self._rich.add_task(self.desc, total=self.total)
        return self

    @property
    def is_bar(self) -> bool:
        """Whether a live bar is drawn (on a terminal), rather than plain lines."""
        return self._rich is not None

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Hide the bar while the caller prints to the same terminal (rows of a
        table), then draw it again."""
        live = self._live
        if live:
            self._rich.stop()
            self._live = False
        try:
            yield
        finally:
            if live:
                self._rich.start()
                self._live = True

    def __call__(self, done: int, total: int | None = None) -> None:
        """Report ``done`` steps (of ``total``, if it changed)."""
        if total is not None:
            self.total = total
        self.done = done
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._t0 < self.delay:
            return
        if self.note:  # once, above the bar or the first line
            self.stream.write(self.note + "\n")
            self.stream.flush()
            self.note = ""
        if self._rich is not None:
            if not self._live:
                self._rich.start()
                self._live = True
            self._rich.update(self._task, completed=done, total=self.total)
            return
        if now - self._last < self.every and done != self.total:
            return
        self._last = now
        self._shown = True
        if self.total:
            pct = 100 * done // self.total
            eta = ""
            if self._first is None:
                self._first = (now, done)
            t1, d1 = self._first
            if d1 < done < self.total and now - t1 > 1:  # the rate since the first line
                eta = f", ETA {(now - t1) * (self.total - done) / (done - d1):.0f}s"
            self.stream.write(f"{self.desc}: {done:,}/{self.total:,}{self.unit} ({pct}%){eta}\n")
        else:
            self.stream.write(f"{self.desc}: {done:,}{self.unit}\n")
        self.stream.flush()

    def advance(self, steps: int = 1) -> None:
        self(self.done + steps)

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._rich is not None:
            if self._live:
                self._rich.stop()
                self._live = False
        elif self.enabled and et is None and (self._shown or not self.delay):
            self.stream.write(f"{self.desc}: done, {self.done:,} in {time.monotonic() - self._t0:.1f}s\n")
            self.stream.flush()
