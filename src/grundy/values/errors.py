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


class SearchLimitError(GrundyError, ValueError):
    """A search would explore more positions than the limit it was given."""
