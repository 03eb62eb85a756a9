"""A game from a catalogue spec and position texts, as the command line and the
web page read them.

>>> from grundy.play.parse import game_from_texts
>>> game_from_texts("nim", ["3", "4", "5"])
nim[3] + nim[4] + nim[5]
>>> game_from_texts("wythoff", ["3", "5"])
wythoff[(3, 5)]
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.values.errors import InvalidPositionError
from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset
from grundy.games import get, resolve

__all__ = ["game_from_texts", "games_from_texts", "ruleset_for"]


def ruleset_for(spec: str, *, allow_files: bool = True) -> Ruleset:
    """The ruleset ``spec`` names; with ``allow_files=False`` only the catalogue
    (a web request never names a Python file to load)."""
    return resolve(spec) if allow_files else get(spec)


def games_from_texts(rs: Ruleset, texts: Sequence[str]) -> list[Game]:
    """The components the position texts give: one game per text, or, for games
    whose position is a whole row of numbers, one game from all of them. The one
    position parser of the faces (command line, web page, plots).

    >>> import grundy
    >>> games_from_texts(grundy.games.get("nim"), ["3", " ", "4"])
    [nim[3], nim[4]]
    >>> games_from_texts(grundy.games.get("nim"), [])
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: nim: give a position
    """
    texts = [t for t in texts if t.strip()]
    if not texts:
        raise InvalidPositionError(f"{rs.name}: give a position")
    if rs.tuple_position:
        return [rs[rs.parse_position(" ".join(texts))]]
    return [rs[rs.parse_position(t)] for t in texts]


def game_from_texts(spec: str | Ruleset, texts: Sequence[str], *, allow_files: bool = True) -> Game | GameSum:
    """The game the position texts give (:func:`games_from_texts`): one game, or
    the sum of several."""
    rs = spec if isinstance(spec, Ruleset) else ruleset_for(spec, allow_files=allow_files)
    games = games_from_texts(rs, texts)
    return games[0] if len(games) == 1 else GameSum(*games)
