"""Games as people name them: a catalogue ruleset by its common name
(``kayles``, not its internal code ``octal:0.77``), a position in the ruleset's
own text, a sum with ``+`` and misère play said in words.

The catalogue (:mod:`grundy.games.registry`, a layer above) installs the lookup
from a canonical spec to its common name; without it a ruleset goes by its own
name.

>>> import grundy
>>> kayles = grundy.games.get("octal:0.77")
>>> people_name(kayles), game_label(kayles.sum(10, 4))
('kayles', 'kayles[10] + kayles[4]')
>>> game_label(grundy.MisereSum(kayles[10], kayles[4]))
'misère kayles[10] + kayles[4]'
>>> game_label(grundy.games.get("hackenbush")[((), ((),))])
'hackenbush[((), ((),))]'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.values.errors import GrundyError

__all__ = ["install_names", "people_name", "game_label"]

_lookup: Callable[[str], str | None] | None = None


def install_names(lookup: Callable[[str], str | None]) -> None:
    """Name rulesets by ``lookup(spec)`` (the catalogue's common name of a
    canonical spec, or ``None``)."""
    global _lookup
    _lookup = lookup


def people_name(rs: Ruleset) -> str:
    """The ruleset's name for people: the catalogue's common name of its spec,
    else its own name."""
    spec = getattr(rs, "spec", None)
    name = _lookup(spec) if spec is not None and _lookup is not None else None
    return name or rs.name


def _position(rs: Ruleset, position: Any) -> str:
    try:
        return rs.format_position(position)
    except (GrundyError, TypeError, ValueError):
        return repr(position)


def _one(g: Game) -> list[str]:
    name = people_name(g.ruleset)
    parts = g.position.parts if type(g.position) is Sum else (g.position,)
    return [f"{name}[{_position(g.ruleset, p)}]" for p in parts]


def game_label(game: Any) -> str:
    """``game`` (a :class:`Game`, a :class:`GameSum`, a misère sum or another
    compound) as people read it: ``kayles[10] + kayles[4]``, ``misère ...`` for
    misère play; another compound as its kind and components."""
    from grundy.rules.compound import Compound, MisereSum

    if isinstance(game, Game):
        return " + ".join(_one(game))
    if isinstance(game, GameSum):
        return " + ".join(t for c in game.components for t in _one(c)) or "0"
    if isinstance(game, MisereSum):
        return "misère " + " + ".join(t for c in game.components for t in _one(c))
    if isinstance(game, Compound):
        return f"{type(game).__name__}(" + ", ".join(game_label(c) for c in game.components) + ")"
    return repr(game)
