"""HTML for Jupyter: games and sums show their position, value and outcome (each
searched within a small budget, so displaying a huge game never hangs).

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> html = game_html(nim[3] + nim[5])
>>> '<tr><td>nim</td><td>3</td><td>3</td><td>N</td>' in html, '<th colspan="2">sum</th><td><b>6</b></td><td><b>N</b></td>' in html
(True, True)
>>> html.count("<svg")           # each position drawn (grundy.plot.svg, registered by the package)
2
"""

from __future__ import annotations

from html import escape
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grundy.rules.engine import engine
from grundy.values.errors import GrundyError
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.game import Game, GameSum
    from grundy.rules.ruleset import Ruleset

__all__ = ["game_html", "register_picture", "DISPLAY_LIMIT"]

#: Draws a position as SVG (``None``: no picture); set by :func:`register_picture`.
_PICTURE: Callable[[Ruleset, Any], str | None] | None = None


def register_picture(draw: Callable[[Ruleset, Any], str | None] | None) -> None:
    """Use ``draw(ruleset, position)`` (SVG text or ``None``) for the pictures of
    games in Jupyter; the package registers :func:`grundy.plot.svg.picture`."""
    global _PICTURE
    _PICTURE = draw


def _svg(g: Game) -> str:
    if _PICTURE is None:
        return ""
    try:
        return _PICTURE(g.ruleset, g.position) or ""
    except Exception:  # a picture is a nicety: a game that cannot be drawn shows none
        return ""

#: Most positions a display may search per component.
DISPLAY_LIMIT = 100_000


def _value(g: Game) -> int | None:
    try:
        return g.ruleset.value(g.position, budget=engine().budget_of({"positions": DISPLAY_LIMIT}))
    except (GrundyError, RecursionError):
        return None


def _cell(x: object) -> str:
    from grundy.values.loopy import inf, loopy_words

    if isinstance(x, inf):  # a loopy game's generalised value, in words beside it
        return f"<td>{escape(str(x))} <small>({escape(loopy_words(x))})</small></td>"
    return "<td>" + escape("?" if x is None else str(x)) + "</td>"


def game_html(game: Game | GameSum) -> str:
    """An HTML table: one row per component, and the total for a sum."""
    from grundy.rules.game import GameSum

    comps = game.components if isinstance(game, GameSum) else (game,)
    pictures = [_svg(c) for c in comps]
    drawn = any(pictures)
    rows = ["<tr><th>game</th><th>position</th><th>value</th><th>outcome</th>"
            + ("<th></th>" if drawn else "") + "</tr>"]
    total: int | None = 0
    for c, svg in zip(comps, pictures):
        v = _value(c)
        total = None if v is None or total is None else total ^ v
        o = None if v is None else Outcome.from_value(v)
        rows.append("<tr>" + _cell(c.ruleset.name) + _cell(c.ruleset.format_position(c.position))
                    + _cell(v) + _cell(o) + (f"<td>{svg}</td>" if drawn else "") + "</tr>")
    if isinstance(game, GameSum):
        o = None if total is None else Outcome.from_value(total)
        rows.append(f'<tr><th colspan="2">sum</th><td><b>{escape(str("?" if total is None else total))}'
                    f"</b></td><td><b>{escape(str('?' if o is None else o))}</b></td></tr>")
    return '<table class="grundy">' + "".join(rows) + "</table>"
