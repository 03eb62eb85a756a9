"""Zero-sum games of the catalogue: two players who want different things (Max a
large final payoff, Min a small one), solved by minimax
(:class:`~grundy.solve.minimax.ZeroSumGame`), with a notation for their moves
so that every face (``grundy analyze``, ``grundy play``, the web page, the
notebook) can show and read them.

``carrot`` is the notes' CF 794E *Choosing Carrot*: a row of numbers; a move
takes the first or the last one; when one number is left it is the payoff.
Max moves first.

>>> g = zerosum("carrot")
>>> row = g.parse_position("3 1 4 1 5 9")
>>> g.value(row), g.format_position(g.best_move(row))
(4, '1 4 1 5 9')
>>> [label for label, _ in g.move_labels(row)]
['take the first (3)', 'take the last (9)']
>>> g.format_position(g.parse_move(row, "last"))
'3 1 4 1 5'
>>> zerosum("choosing carrot") is g, zerosum("nim")
(True, None)
>>> g[row]
carrot[3 1 4 1 5 9]
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from grundy.solve.budget import Budget
from grundy.solve.minimax import Player, ZeroSumGame
from grundy.values.errors import GrundyError, InvalidPositionError, describe

__all__ = ["CatalogueZeroSum", "Carrot", "ZeroSumPosition", "zerosum", "zerosum_entries"]


class CatalogueZeroSum(ZeroSumGame):
    """A zero-sum game with a name, a summary, an example and a move notation:
    :meth:`move_labels` names the options of a state, :meth:`parse_move` reads a
    label (or the resulting state) back."""

    summary = ""
    example = ""
    aliases: tuple[str, ...] = ()

    def parse_position(self, text: str) -> Hashable:
        raise NotImplementedError

    def format_position(self, state: Any) -> str:
        return str(state)

    def move_labels(self, state: Any) -> list[tuple[str, Any]]:
        return [(self.format_position(o), o) for o in self.moves(state)]

    def format_move(self, state: Any, option: Any) -> str:
        for label, o in self.move_labels(state):
            if o == option:
                return label
        raise InvalidPositionError(f"{self.name}: {describe(option)} is not a move from {describe(state)}")

    def parse_move(self, state: Any, text: str) -> Any:
        """The option a move's text names: a label, a unique word of one, or the
        resulting state."""
        key = " ".join(str(text).lower().split())
        labels = self.move_labels(state)
        for label, o in labels:
            if key == label.lower():
                return o
        hits = [o for label, o in labels if key and re.search(rf"\b{re.escape(key)}\b", label.lower())]
        if len(hits) == 1:
            return hits[0]
        try:
            o = self.parse_position(text)
            if any(o == x for _, x in labels):
                return o
        except GrundyError:
            pass
        shown = ", ".join(repr(label) for label, _ in labels) or "none: the game is over"
        raise InvalidPositionError(f"{self.name}: {text!r} is not a move here; the moves are {shown}")

    def over(self, state: Any) -> bool:
        return self.payoff(state) is not None

    def __getitem__(self, state: Any) -> ZeroSumPosition:
        return ZeroSumPosition(self, state)

    def __repr__(self) -> str:
        """What a user can paste back (the catalogue's game of this name).

        >>> zerosum("carrot")
        grundy.games.zero_sum('carrot')
        """
        return f"grundy.games.zero_sum({self.name!r})"


class Carrot(CatalogueZeroSum):
    """CF 794E *Choosing Carrot* (the notes): a row of numbers; a move takes the
    first or the last; the number left is the payoff. Max moves first."""

    summary = ("CF794E Choosing Carrot (minimax): take the first or the last number of a row; "
               "Max wants the number left large, Min small.")
    example = "grundy analyze carrot 3 1 4 1 5 9"
    aliases = ("choosing-carrot", "choosing carrot", "cf794e")

    def __init__(self) -> None:
        super().__init__(lambda s: [s[1:], s[:-1]] if len(s) > 1 else [],
                         lambda s: s[0] if len(s) == 1 else None, name="carrot")

    def parse_position(self, text: str) -> Hashable:
        words = str(text).replace(",", " ").split()
        try:
            row = tuple(int(w) for w in words)
        except ValueError:
            raise InvalidPositionError(f"carrot: a position is a row of whole numbers, e.g. '3 1 4 1 5 9'; "
                                       f"got {describe(text)}") from None
        if not row or len(row) > 10_000:
            raise InvalidPositionError(f"carrot: a row holds 1..10000 numbers; got {len(row)}")
        return row

    def format_position(self, state: Any) -> str:
        return " ".join(map(str, state))

    def move_labels(self, state: Any) -> list[tuple[str, Any]]:
        if len(state) < 2:
            return []
        return [(f"take the first ({state[0]})", state[1:]), (f"take the last ({state[-1]})", state[:-1])]


_GAMES: dict[str, CatalogueZeroSum] = {}


def _key(name: str) -> str:
    return re.sub(r"[\s_\-'’]+", "", name.lower())


def zerosum_entries() -> list[CatalogueZeroSum]:
    """The zero-sum games of the catalogue, by name."""
    if not _GAMES:
        for g in (Carrot(),):
            for n in (g.name, *g.aliases):
                _GAMES[_key(n)] = g
    return sorted({id(g): g for g in _GAMES.values()}.values(), key=lambda g: g.name)


def zerosum(name: str) -> CatalogueZeroSum | None:
    """The catalogue's zero-sum game ``name`` (or an alias), else ``None``."""
    zerosum_entries()
    return _GAMES.get(_key(name)) if isinstance(name, str) else None


def example_position(g: CatalogueZeroSum) -> str:
    """The example's position text (``3 1 4 1 5 9``)."""
    return " ".join(shlex.split(g.example)[3:])


#: The budget of a notebook display's search.
DISPLAY_BUDGET = Budget(positions=200_000, seconds=2.0)


@dataclass(frozen=True)
class ZeroSumPosition:
    """A state of a zero-sum game with ``first`` to move, for the notebook: its
    value, best move and principal line, and its picture."""

    game: CatalogueZeroSum
    state: Any
    first: Player = "max"

    def __repr__(self) -> str:
        return f"{self.game.name}[{self.game.format_position(self.state)}]"

    @property
    def value(self) -> Any:
        return self.game.value(self.state, first=self.first, budget=DISPLAY_BUDGET)

    def _repr_svg_(self) -> str | None:
        from grundy.rules import display

        draw = getattr(display, "_PICTURE", None)
        return draw(self.game, self.state) if draw is not None else None

    def _repr_html_(self) -> str:
        from html import escape

        try:
            v = self.value
            line = self.game.line(self.state, first=self.first, budget=DISPLAY_BUDGET, length=1)
            best = self.game.format_move(self.state, line[1]) if len(line) > 1 else "none (the game is over)"
            answer = f"<tr><th>value</th><td>{escape(str(v))}</td></tr><tr><th>best move</th><td>{escape(best)}</td></tr>"
        except GrundyError as exc:
            answer = f"<tr><th>value</th><td>not computed: {escape(str(exc))}</td></tr>"
        svg = self._repr_svg_() or ""
        return (f'<table class="grundy"><tr><th>game</th><td>{escape(self.game.name)} ({self.first} to move)</td></tr>'
                f"<tr><th>position</th><td>{escape(self.game.format_position(self.state))}{svg}</td></tr>"
                f"{answer}</table>")
