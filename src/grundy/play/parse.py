"""A game from a catalogue spec and position texts, as the command line and the
web page read them.

>>> from grundy.play.parse import game_from_texts
>>> game_from_texts("nim", ["3", "4", "5"])
nim[3] + nim[4] + nim[5]
>>> game_from_texts("wythoff", ["3", "5"])
wythoff[(3, 5)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from grundy.values.errors import GrundyError, InvalidPositionError
from grundy.rules.game import Game, GameSum
from grundy.rules.naming import people_name
from grundy.rules.ruleset import Ruleset
from grundy.games import get, resolve

__all__ = ["game_from_texts", "games_from_texts", "ruleset_for", "as_typed"]


def ruleset_for(spec: str, *, allow_files: bool = True) -> Ruleset:
    """The ruleset ``spec`` names; with ``allow_files=False`` only the catalogue
    (a web request never names a Python file to load)."""
    return resolve(spec) if allow_files else get(spec)


@contextmanager
def as_typed(rs: Ruleset, name: str | None) -> Iterator[None]:
    """An error raised inside names the game ``name``, as the user typed it: a
    ruleset reached by an alias (``kayles`` is ``octal:0.77``, ``rowruns:2,2``
    is ``dawson``) is one shared object that cannot know which name it was reached
    by, and starts its messages with its own name; ``None``: errors as they are.

    >>> import grundy
    >>> with as_typed(grundy.games.get("octal:0.77"), "octal:0.77"):
    ...     grundy.games.get("kayles").parse_position("abc")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: octal:0.77: not an integer heap size: 'abc'
    """
    try:
        yield
    except GrundyError as exc:
        typed = name.strip() if name is not None else ""
        msg = str(exc)
        if typed and len(exc.args) == 1:
            for own in sorted({rs.name, people_name(rs), rs.spec or rs.name}, key=len, reverse=True):
                if own != typed and msg.startswith(f"{own}: "):
                    exc.args = (f"{typed}: {msg[len(own) + 2:]}",)
                    break
        raise


def games_from_texts(rs: Ruleset, texts: Sequence[str], *, name: str | None = None) -> list[Game]:
    """The components the position texts give: one game per text, or, for games
    whose position is a whole row of numbers, one game from all of them. The one
    position parser of the faces (command line, web page, plots). ``name``: the
    game as the user typed it, which an error names (:func:`as_typed`).

    >>> import grundy
    >>> games_from_texts(grundy.games.get("nim"), ["3", " ", "4"])
    [nim[3], nim[4]]
    >>> games_from_texts(grundy.games.get("nim"), [])
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: nim: give a position
    >>> games_from_texts(grundy.games.get("octal:0.77"), ["abc"], name="kayles")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: kayles: not an integer heap size: 'abc'
    """
    with as_typed(rs, name):
        texts = [t for t in texts if t.strip()]
        if not texts:
            raise InvalidPositionError(f"{people_name(rs)}: give a position")
        if rs.tuple_position:
            return [rs[rs.parse_position(" ".join(texts))]]
        return [rs[rs.parse_position(t)] for t in texts]


def game_from_texts(spec: str | Ruleset, texts: Sequence[str], *, allow_files: bool = True,
                    name: str | None = None) -> Game | GameSum:
    """The game the position texts give (:func:`games_from_texts`): one game, or
    the sum of several. An error names the game ``name``, else as ``spec`` gives it.

    >>> game_from_texts("dawson", ["x"])
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: dawson: not an integer heap size: 'x'
    """
    rs = spec if isinstance(spec, Ruleset) else ruleset_for(spec, allow_files=allow_files)
    games = games_from_texts(rs, texts, name=name if name is not None or isinstance(spec, Ruleset) else spec)
    return games[0] if len(games) == 1 else GameSum(*games)
