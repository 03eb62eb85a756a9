"""Option types of the command line: one syntax for numbers everywhere.

An integer option reads what a position reads (:func:`grundy.games._common.parse_int`):
``42``, ``1_000``, ``10**9``, ``2^20``, ``1e6``, ``3*2**40``; never a float, and
underscores only between digits (``5_``, ``1_000_`` and ``5__0`` are refused, as
Python refuses them). A time budget reads a number of seconds, ``inf`` for no
limit; ``nan`` is refused.

>>> IntExpr(min=0).convert("10**9", None, None), Seconds().convert("inf", None, None)
(1000000000, None)
"""

from __future__ import annotations

import math
from typing import Any

import click

from grundy.games._common import parse_int
from grundy.values.errors import InvalidPositionError, describe

__all__ = ["IntExpr", "Seconds", "MemorySize", "MAX_ALARM"]

#: Longest time budget (seconds) a timer or a timeout is armed for; a longer one
#: (up to ``inf``) means no time limit (about 31 years).
MAX_ALARM = 1e9


class IntExpr(click.ParamType):  # type: ignore[type-arg]  # generic in click >= 8.2 only
    """An exact integer (or integer expression) within ``[min, max]``."""

    name = "integer"

    def __init__(self, min: int | None = None, max: int | None = None) -> None:
        self.min, self.max = min, max

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            try:
                n = parse_int(str(value), "integer")
            except InvalidPositionError as exc:
                self.fail(str(exc), param, ctx)
        if self.min is not None and n < self.min:
            self.fail(f"{describe(n)} is below the least value {self.min}", param, ctx)
        if self.max is not None and n > self.max:
            self.fail(f"{describe(n)} is above the largest value {self.max:,}", param, ctx)
        return n

    def __repr__(self) -> str:
        return f"IntExpr({self.min}, {self.max})"


class Seconds(click.ParamType):  # type: ignore[type-arg]  # generic in click >= 8.2 only
    """A time budget: a non-negative number of seconds (at least ``min``), or
    ``inf`` for no time limit (``None``); ``nan`` and negative numbers are refused.
    Budgets beyond :data:`MAX_ALARM` are kept as given (the searches compare
    clocks, nothing overflows); timers and timeouts are not armed for them."""

    name = "seconds"

    def __init__(self, min: float = 0.0) -> None:
        self.min = min

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float | None:
        if value is None:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            x = float(value)
        else:
            text = str(value).strip().lower()
            try:
                x = float(text)
            except (ValueError, OverflowError):
                self.fail(f"{describe(value)} is not a number of seconds (or 'inf')", param, ctx)
        if math.isnan(x):
            self.fail("nan is not a number of seconds (use 'inf' for no time limit)", param, ctx)
        if x < self.min:
            self.fail(f"{x:g} s is below the least budget of {self.min:g} s", param, ctx)
        return None if math.isinf(x) else x


def armed(seconds: float | None) -> float | None:
    """The time a timer or timeout may be armed for: ``seconds``, or ``None``
    (none) for no limit or one beyond :data:`MAX_ALARM`.

    >>> armed(2.0), armed(None), armed(1e308), armed(float("inf"))
    (2.0, None, None, None)
    """
    if seconds is None or not seconds <= MAX_ALARM:
        return None
    return seconds


class MemorySize(click.ParamType):  # type: ignore[type-arg]  # generic in click >= 8.2 only
    """A memory budget: bytes, or with a K, M, G or T suffix (``2G``, ``512M``).

    >>> MemorySize().convert("2G", None, None), MemorySize().convert("1048576", None, None)
    (2147483648, 1048576)
    """

    name = "size"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            from grundy.values.errors import InvalidParameterError
            from grundy.values.memory import parse_bytes

            try:
                n = parse_bytes(str(value))
            except InvalidParameterError as exc:
                self.fail(str(exc), param, ctx)
        if n < 1 << 20:
            self.fail(f"{describe(n)} bytes is below the least memory budget (1M)", param, ctx)
        return n
