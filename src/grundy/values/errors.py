"""The exception hierarchy of grundy.

Every error grundy raises on purpose derives from :class:`GrundyError`, and also
from the built-in exception that fits (``ValueError`` or ``TypeError``), so callers
may catch either. Messages quote the offending input with ``repr``.

>>> import grundy
>>> try:
...     grundy.games.get("laskr")
... except grundy.GrundyError as exc:
...     print(exc)
unknown game 'laskr'; did you mean 'lasker'?
"""

from __future__ import annotations

__all__ = [
    "GrundyError",
    "InvalidPositionError",
    "UnhashablePositionError",
    "InvalidParameterError",
    "UnknownGameError",
    "MoveFunctionError",
    "BadOptionError",
    "LoopyGameError",
    "SearchLimitError",
    "describe",
]

#: Integers with more digits than this are described, not printed, in messages.
_MAX_DIGITS = 60


def describe(x: object, width: int = 80) -> str:
    """``repr(x)`` for an error message, shortened: huge integers become "an integer
    of N digits" (Python refuses to print ints over 4,300 digits) and long reprs are
    cut in the middle.

    >>> describe(-5), describe("x"), describe(10**5000)
    ('-5', "'x'", 'an integer of 5,001 digits')
    >>> describe(list(range(100)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 ... , 96, 97, 98, 99]'
    """
    if type(x) is int or type(x) is bool:
        if x.bit_length() > 200:
            digits = _count_digits(abs(x))
            sign = "a negative " if x < 0 else "an "
            return f"{sign}integer of {digits:,} digits"
        return repr(x)
    try:
        text = _safe_repr(x)
    except Exception:  # a repr that fails must not hide the real error
        return f"<{type(x).__name__} object>"
    if len(text) > width:
        keep = (width - 5) // 2
        text = text[: keep + 10] + " ... " + text[-(keep - 10) :]
    return text


def _safe_repr(x: object) -> str:
    if isinstance(x, (tuple, list, set, frozenset)) and any(
        type(v) is int and v.bit_length() > 200 for v in x
    ):
        inner = ", ".join(describe(v) for v in list(x)[:8])
        return f"{type(x).__name__}({inner}{', ...' if len(x) > 8 else ''})"
    return repr(x)


def _count_digits(n: int) -> int:
    """Decimal digits of ``n >= 0`` without converting it to a string."""
    if n == 0:
        return 1
    d = int(n.bit_length() * 0.30102999566398120) + 1  # upper estimate of log10
    while d > 1 and 10 ** (d - 1) > n:
        d -= 1
    return d


class GrundyError(Exception):
    """Base class of every error raised by grundy."""


class InvalidPositionError(GrundyError, ValueError):
    """A position is not a legal position of its ruleset (e.g. a negative heap)."""


class UnhashablePositionError(GrundyError, TypeError):
    """A position is not hashable, so it cannot be memoised."""


class InvalidParameterError(GrundyError, ValueError):
    """A ruleset parameter is invalid (e.g. an empty subtraction set)."""


class UnknownGameError(GrundyError, LookupError):
    """No catalogue entry has this name or alias."""


class MoveFunctionError(GrundyError, ValueError):
    """A ruleset's move function raised, or did not return an iterable."""


class BadOptionError(GrundyError, TypeError):
    """A move function yielded something that cannot be a position (unhashable)."""


class LoopyGameError(GrundyError, ValueError):
    """The game graph has a cycle, so Sprague-Grundy values of the acyclic theory do not apply.

    ``position`` is a position on the cycle.
    """

    def __init__(self, message: str, position: object = None) -> None:
        super().__init__(message)
        self.position = position


class SearchLimitError(GrundyError, ValueError):
    """A search would go beyond its budget (positions or seconds).

    ``searched`` is how many positions it had expanded when it stopped.
    """

    def __init__(self, message: str, searched: int | None = None) -> None:
        super().__init__(message)
        self.searched = searched
