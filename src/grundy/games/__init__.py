"""The catalogue of named games.

>>> import grundy
>>> [e.name for e in grundy.games.entries()]
['lasker', 'nim', 'subtraction']
"""

from __future__ import annotations

from grundy.core.errors import InvalidParameterError
from grundy.core.ruleset import Ruleset
from grundy.games.lasker import Lasker
from grundy.games.nim import Nim
from grundy.games.registry import Entry, entries, find, get, register, resolve
from grundy.games.subtraction import Subtraction

__all__ = ["Entry", "entries", "find", "get", "register", "resolve", "Nim", "Lasker", "Subtraction"]


def _no_args(cls: type[Ruleset]) -> "object":
    def make(args: str | None) -> Ruleset:
        if args:
            raise InvalidParameterError(f"{cls.__name__.lower()} takes no parameters; got {args!r}")
        return cls()

    return make


register(Entry("nim", ("nim heap",), "Nim: take any number of tokens from one heap.",
               _no_args(Nim), example="grundy analyze nim 3 4 5"))  # type: ignore[arg-type]
register(Entry("lasker", ("lasker's nim", "laskers nim", "lasker nim"),
               "Lasker's Nim: take from a heap, or split it into two heaps.",
               _no_args(Lasker), example="grundy analyze lasker 10 7"))  # type: ignore[arg-type]
register(Entry("subtraction", ("subtraction game", "sub", "take-away"),
               "Subtraction game: remove s tokens, s in a finite set S.",
               Subtraction.from_args, params="S, comma-separated (subtraction:1,3,4)",
               example="grundy analyze subtraction:1,3,4 7"))
