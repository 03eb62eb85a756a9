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

Messages quote user input through :func:`describe`, which shortens what would
flood a terminal (or what Python refuses to print: ints over 4,300 digits).

>>> describe(-5), describe("x"), describe(10**5000)
('-5', "'x'", 'an integer of 5,001 digits (1000…0000)')

Format integers a user hands in through :func:`describe` (never ``{n}``,
``{n:,}`` or ``{n!r}``, which raise ``ValueError`` over 4,300 digits).
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = [
    "describe",
    "GrundyError",
    "InvalidPositionError",
    "UnhashablePositionError",
    "InvalidParameterError",
    "UnknownGameError",
    "LoopyCompoundError",
    "MoveFunctionError",
    "BadOptionError",
    "LoopyGameError",
    "SearchLimitError",
]


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


class LoopyCompoundError(LoopyGameError):
    """A question whose theory needs acyclic components (misère play, Every-SG,
    conjunctive and selective compounds, the SJ theorem) was asked of a compound
    with a loopy component. ``index`` is that component's place in the compound,
    ``component`` the component, ``position`` a position on its cycle."""

    def __init__(self, message: str, position: object = None, index: int | None = None,
                 component: object = None) -> None:
        super().__init__(message, position)
        self.index = index
        self.component = component


class SearchLimitError(GrundyError, ValueError):
    """A search would go beyond its budget (positions, seconds or memory).

    ``searched`` is how many positions it had expanded when it stopped; ``reason``
    says which limit stopped it: ``"positions"``, ``"seconds"``, ``"memory"``, or
    ``None`` for another bound (a table or a period too long).

    >>> e = SearchLimitError("too big", 10, reason="memory")
    >>> e.searched, e.reason, str(e)
    (10, 'memory', 'too big')
    """

    REASONS = ("positions", "seconds", "memory")

    def __init__(self, message: str, searched: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        if reason is not None and reason not in self.REASONS:
            raise ValueError(f"reason must be one of {self.REASONS} or None; got {reason!r}")
        self.searched = searched
        self.reason = reason

    def __reduce__(self) -> Any:  # keep the fields across processes (pickle)
        return (type(self), (str(self), self.searched, self.reason))


#: Integers with more digits than this are described by their size in messages.
MAX_DIGITS = 120


def _digits(x: int) -> int:
    """The number of decimal digits of ``abs(x)`` (exact, without ``str``)."""
    return _digits_power(x)[0]


def _digits_power(x: int) -> tuple[int, int]:
    """``(d, 10**d)`` with ``d`` the number of decimal digits of ``abs(x)``."""
    x = abs(x)
    if x == 0:
        return 1, 10
    d = max(1, (x.bit_length() - 1) * 30103 // 100000)  # a lower bound, off by at most 2
    p = 10**d
    while p <= x:
        d += 1
        p *= 10
    return d, p


def _abridged(x: int, n: int, power: int) -> str:
    """The first and last four digits of ``x`` (``n`` digits, ``power = 10**n``),
    e.g. ``1000…0000``, without converting the whole number."""
    a = abs(x)
    head = a // (power // 10**4)  # a quotient of 4 digits: cheap
    tail = a % 10**4
    return f"{'-' if x < 0 else ''}{head}…{tail:04d}"


class _Repr(reprlib.Repr):
    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = self.maxdict = 8
        self.maxstring = 80
        self.maxother = 80

    def repr_int(self, x: int, level: int) -> str:
        if -(10**MAX_DIGITS) < x < 10**MAX_DIGITS:
            return repr(int(x))
        n, power = _digits_power(x)
        sign = "a negative" if x < 0 else "an"
        return f"{sign} integer of {n:,} digits ({_abridged(x, n, power)})"

    def repr_bool(self, x: bool, level: int) -> str:
        return repr(x)

    def repr_instance(self, x: Any, level: int) -> str:
        try:
            s = repr(x)
        except Exception:
            return f"<{type(x).__name__} object>"
        if len(s) > self.maxother:
            i = max(0, (self.maxother - 3) // 2)
            j = max(0, self.maxother - 3 - i)
            s = s[:i] + "..." + s[len(s) - j :]
        return s


_REPR = _Repr()


def describe(x: object, width: int | None = None) -> str:
    """``repr(x)`` for an error message: huge integers become "an integer of 5,001
    digits", long strings and containers are abridged with ``...`` (their length
    shown), and a ``repr`` that fails becomes ``<type object>``. Never raises.

    >>> describe((1, 2, 3)), describe(list(range(100)))
    ('(1, 2, 3)', '[0, 1, 2, 3, 4, 5, 6, 7, ...] (100 items)')
    >>> describe("abc" * 1000)[-40:]
    "...bcabcabcabcabc' (3,000 characters)"
    >>> describe(-(10**200)), describe(True), describe(2.5)
    ('a negative integer of 201 digits (-1000…0000)', 'True', '2.5')
    >>> describe((1, 3**10000))
    '(1, an integer of 4,772 digits (1631…0001))'
    """
    if width is not None and width > 80 and not isinstance(x, int):
        try:
            text = repr(x)
            if len(text) <= width:
                return text
        except Exception:
            return f"<{type(x).__name__} object>"
    try:
        s = _REPR.repr(x)
    except Exception:  # a broken __repr__ or __len__ inside a container
        return f"<{type(x).__name__} object>"
    try:
        if isinstance(x, str) and len(x) > _REPR.maxstring:
            s += f" ({len(x):,} characters)"
        elif isinstance(x, (tuple, list, set, frozenset, dict)) and len(x) > _REPR.maxtuple:
            s += f" ({len(x):,} items)"
    except Exception:  # pragma: no cover - len of a builtin container does not fail
        pass
    return s
