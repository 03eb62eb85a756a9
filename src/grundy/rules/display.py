"""HTML for Jupyter: games and sums show their position, value and outcome (each
searched within a small budget, so displaying a huge game never hangs).

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> print(game_html(nim[3] + nim[5]))
<table class="grundy"><tr><th>game</th><th>position</th><th>value</th><th>outcome</th></tr><tr><td>nim</td><td>3</td><td>3</td><td>N</td></tr><tr><td>nim</td><td>5</td><td>5</td><td>N</td></tr><tr><th colspan="2">sum</th><td><b>6</b></td><td><b>N</b></td></tr></table>
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from grundy.values.errors import GrundyError
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.game import Game, GameSum

__all__ = ["game_html", "DISPLAY_LIMIT"]

#: Most positions a display may search per component.
DISPLAY_LIMIT = 100_000


def _value(g: Game) -> int | None:
    try:
        return g.ruleset.value(g.position, limit=DISPLAY_LIMIT)
    except (GrundyError, RecursionError):
        return None


def _cell(x: object) -> str:
    return "<td>" + escape("?" if x is None else str(x)) + "</td>"


def game_html(game: Game | GameSum) -> str:
    """An HTML table: one row per component, and the total for a sum."""
    from grundy.rules.game import GameSum

    comps = game.components if isinstance(game, GameSum) else (game,)
    rows = ["<tr><th>game</th><th>position</th><th>value</th><th>outcome</th></tr>"]
    total: int | None = 0
    for c in comps:
        v = _value(c)
        total = None if v is None or total is None else total ^ v
        o = None if v is None else Outcome.from_value(v)
        rows.append("<tr>" + _cell(c.ruleset.name) + _cell(c.ruleset.format_position(c.position))
                    + _cell(v) + _cell(o) + "</tr>")
    if isinstance(game, GameSum):
        o = None if total is None else Outcome.from_value(total)
        rows.append(f'<tr><th colspan="2">sum</th><td><b>{escape(str("?" if total is None else total))}'
                    f"</b></td><td><b>{escape(str('?' if o is None else o))}</b></td></tr>")
    return '<table class="grundy">' + "".join(rows) + "</table>"
