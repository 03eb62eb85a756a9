"""Moves in a sum of games, as people type them: ``component:move``.

Components are numbered from 1. A sum of one game takes the game's own notation.
For heap games ``heap 2 to 3`` and ``2-3`` mean "component 2 goes to 3", and
``take 3 from heap 2`` means "component 2: take 3".

>>> import grundy
>>> from grundy.play.moves import format_sum_move, parse_sum_move
>>> nim = grundy.games.get("nim")
>>> g = nim.sum(3, 4, 5)
>>> parse_sum_move(g, "heap 1 to 1"), parse_sum_move(g, "2-0"), parse_sum_move(g, "3: take 2")
(SumMove(0, 1), SumMove(1, 0), SumMove(2, 3))
>>> format_sum_move(g, grundy.SumMove(0, 1))
'heap 1 to 1'
>>> k = grundy.games.get("kayles")
>>> format_sum_move(k.sum(5, 3), grundy.SumMove(0, grundy.Sum(1, 2))), parse_sum_move(k.sum(5, 3), "2:knock 2")
('1: knock 2 3', SumMove(1, Sum(1, 1)))
"""

from __future__ import annotations

import re

from grundy.values.errors import InvalidPositionError, describe
from grundy.rules.game import GameSum, SumMove

__all__ = ["format_sum_move", "parse_sum_move"]

_COLON = re.compile(r"^\s*(?:heap|game|component|#)?\s*(\d+)\s*:\s*(.+)$", re.I)
_HEAP_TO = re.compile(r"^\s*(?:heap\s+)?(\d+)\s*(?:-|->|>|\bto\b)\s*(\d+)\s*$", re.I)
_TAKE_FROM = re.compile(r"^\s*take\s+(\d+)\s+from\s+(?:heap\s+)?(\d+)\s*$", re.I)


def format_sum_move(game: GameSum, move: SumMove) -> str:
    """Text for ``move`` in ``game``: the component's own notation, prefixed by
    ``i:`` (from 1) when there are several components (``heap i to x`` for heaps)."""
    i, option = move
    c = game.components[i]
    text = c.ruleset.format_move(c.position, option)
    if len(game.components) == 1:
        return text
    if text.startswith("to "):
        return f"heap {i + 1} {text}"
    return f"{i + 1}: {text}"


def _index(digits: str) -> int:
    """A component number as typed; a number too long to be one (beyond Python's
    4,300-digit conversion limit) is any number past the last component.

    >>> _index("12"), _index("9" * 5000) > 10**18
    (12, True)
    """
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 18 else _TOO_LONG


_TOO_LONG = 10**19


def parse_sum_move(game: GameSum, text: str) -> SumMove:
    """The move ``text`` names in ``game``; :class:`InvalidPositionError` with the
    reason when it names none."""
    n = len(game.components)
    if n == 0:
        raise InvalidPositionError(f"cannot play {describe(text)}: the game is empty")
    index: int | None = None
    sub = text
    m = _COLON.match(text)
    if m:
        index, sub = _index(m.group(1)), m.group(2)
    else:
        m = _HEAP_TO.match(text)
        if m and n > 1:
            index, sub = _index(m.group(1)), f"to {m.group(2)}"
        else:
            m = _TAKE_FROM.match(text)
            if m and n > 1:
                index, sub = _index(m.group(2)), f"take {m.group(1)}"
    if index is None:
        if n == 1:
            index = 1
        else:
            raise InvalidPositionError(
                f"cannot read {describe(text)}: say which game moves, as 'component:move' "
                f"(components 1..{n}), e.g. '1:{_example(game)}'"
            )
    if not 1 <= index <= n:
        raise InvalidPositionError(
            f"cannot play {describe(text)}: there is no component "
            f"{index if index < _TOO_LONG else 'that large'}; they are 1..{n}")
    c = game.components[index - 1]
    option = c.ruleset.parse_move(c.position, sub)
    return SumMove(index - 1, option)


def _example(game: GameSum) -> str:
    for c in game.components:
        for o in c.ruleset.moves(c.position):
            return c.ruleset.format_move(c.position, o)
    return "..."
