"""The position as text for the terminal: the game's common name, each component
with its value, and rows of pins drawn as pins (numbered from 1, in groups of
five, as moves like ``knock 4 5`` count them).

>>> import grundy
>>> kayles = grundy.games.get("kayles")
>>> print("\\n".join(board_lines(kayles.sum(7), [2])))
Position in kayles (octal:0.77): IIIII II  (7 pins)
>>> print("\\n".join(board_lines(kayles.sum(5, 3), [4, 3])))
Position in kayles (octal:0.77):
  1: IIIII  (5 pins; value 4)
  2: III  (3 pins; value 3)
>>> print("\\n".join(board_lines(grundy.games.get("nim").sum(3, 4), [3, None])))
Position in nim:
  1: 3  (value 3)
  2: 4  (value ?)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grundy.games.registry import common_name
from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset

__all__ = ["board_lines", "position_text", "game_name", "MOST_PINS"]

#: Longest row drawn pin by pin; a longer one is given by its length.
MOST_PINS = 60


def _pins(rs: Ruleset, position: Any) -> tuple[int, str] | None:
    """The length of a row of pins (Kayles and its family) or coins (a circle
    game once opened), and which, else ``None``."""
    from grundy.games.rows import CircleRuns, RowRuns

    if type(position) is int and isinstance(rs, RowRuns):
        return position, "pin"
    if type(position) is int and isinstance(rs, CircleRuns):
        return position, "coin"
    return None


def position_text(c: Game) -> tuple[str, str]:
    """The component drawn as text, and a note on it (``"5 pins"``, or empty)."""
    rs, p = c.ruleset, c.position
    grid = _grid(rs, p)
    if grid is not None:
        return grid
    row = _pins(rs, p)
    if row is None:
        if isinstance(p, tuple) and len(p) == 2 and p[0] == "circle" and type(p[1]) is int:
            n = p[1]
            return (f"({_row(n)})" if 0 < n <= MOST_PINS else "circle", f"a circle of {n} coins")
        return rs.format_position(p), ""
    n, word = row
    if n == 0:
        return f"(no {word}s)", ""
    drawn = _row(n) if n <= MOST_PINS else f"{n:,} {word}s in a row"
    return drawn, f"{n} {word}{'s' if n != 1 else ''}"


def _grid(rs: Ruleset, p: Any) -> tuple[str, str] | None:
    """A board game's board as lines, its cells named as moves name them: Cram
    (``.`` free, ``#`` covered; columns ``a b c``, rows from 1) and Northcott
    (``B``/``W`` pieces, rows from 1)."""
    from grundy.games.misc import Northcott
    from grundy.games.placement import Cram
    from grundy.rules.moves import cell_name

    if isinstance(rs, Cram) and type(p) is tuple and len(p) == 3 and 0 < p[0] * p[1] <= 400:
        h, w, free = p
        head = "     " + " ".join(cell_name(1, j + 1)[:-1].ljust(1) for j in range(w))
        lines = [head] + [f"  {i + 1:>2} " + " ".join("." if free >> (i * w + j) & 1 else "#"
                                                      for j in range(w)) for i in range(h)]
        return "\n" + "\n".join(lines), f"{free.bit_count()} free cells"
    if isinstance(rs, Northcott) and isinstance(p, tuple) and len(p) == 2 and rs.width <= 60:
        rows, turn = p
        lines = []
        for i, (b, wh) in enumerate(rows):
            cells = ["B" if c == b else "W" if c == wh else "." for c in range(1, rs.width + 1)]
            lines.append(f"  {i + 1:>2} " + " ".join(cells))
        return "\n" + "\n".join(lines), ("black" if turn == 0 else "white") + " to move"
    return None


def _row(n: int) -> str:
    return " ".join("I" * min(5, n - k) for k in range(0, n, 5))


def game_name(game: GameSum) -> str:
    """The common name of the game (``kayles (octal:0.77)``), or "a sum of games"."""
    return _name(list(game.components)) or "a sum of games"


def _name(comps: Sequence[Game]) -> str | None:
    """The common name of the components' game, if they share one."""
    if not comps:
        return None
    first = comps[0].ruleset
    if all(c.ruleset is first or c.ruleset == first for c in comps):
        return common_name(first)
    return None


def board_lines(game: GameSum, values: Sequence[Any], *, word: str | None = "value") -> list[str]:
    """Lines showing ``game``: one line for a single game, else a heading and a line
    per component with its value (``?``: not found within the budget), named
    ``word`` (misère play: ``"misère element"``; ``None``: no value shown).

    >>> import grundy
    >>> kayles = grundy.games.get("kayles")
    >>> board_lines(kayles.sum(5, 3), [None, None], word=None)[1:]
    ['  1: IIIII  (5 pins)', '  2: III  (3 pins)']
    """
    comps = list(game.components)
    name = _name(comps)
    if not comps:
        return ["Position: empty (no move is left)"]
    if len(comps) == 1:
        drawn, note = position_text(comps[0])
        sep = "" if drawn.startswith("\n") else " "  # a board drawn on lines of its own
        return [f"Position in {name}:{sep}{drawn}" + (f"  ({note})" if note else "")]
    out = [f"Position in {name}:" if name else "Position (a sum of games):"]
    for i, (c, v) in enumerate(zip(comps, values), start=1):
        drawn, note = position_text(c)
        who = "" if name else f"{common_name(c.ruleset)} "
        shown = "?" if v is None else str(v)
        sep = "" if drawn.startswith("\n") else " "
        said = [note] if note else []
        if word is not None:
            said.append(f"{word} {shown}")
        out.append(f"  {i}:{sep}{who}{drawn}" + (f"  ({'; '.join(said)})" if said else ""))
    return out
