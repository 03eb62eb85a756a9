"""A ruleset whose positions are games, so sums of games of different rulesets can be
searched as one game tree (used for remoteness and suspense of a ``GameSum``)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.rules.game import Game
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum

__all__ = ["GamesRuleset", "sum_of_games"]


class GamesRuleset(Ruleset):
    """Positions are :class:`Game` objects; a move is a move of that game."""

    name = "games"

    def moves(self, position: Any) -> Iterator[Hashable]:
        g: Game = position
        rs = g.ruleset
        for o in rs.moves(g.position):
            if type(o) is Sum:
                yield Sum(*(Game(rs, p) for p in o.parts))
            else:
                yield Game(rs, o)


_GAMES = GamesRuleset()


def sum_of_games(games: Iterable[Game]) -> tuple[Ruleset, Sum]:
    """The shared :class:`GamesRuleset` and the ``Sum`` position of ``games``."""
    parts: list[Game] = []
    for g in games:
        if type(g.position) is Sum:
            parts.extend(Game(g.ruleset, p) for p in g.position.parts)
        else:
            parts.append(g)
    return _GAMES, Sum(*parts)
