"""Moves in a sum of games, as people type them: ``component:move``.

Components are numbered from 1. A sum of one game takes the game's own notation.
For heap games ``heap 2 to 3`` and ``2-3`` mean "component 2 goes to 3", and
``take 3 from heap 2`` means "component 2: take 3" (in a single heap too, as heap
1). ``#k`` is the k-th legal move of the whole sum, in the order they are listed.
A move without a component (``to 0``) is played where it is the only reading;
where several components could make it, it is refused with the choices.

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
>>> parse_sum_move(nim.sum(3, 0, 0), "to 0"), parse_sum_move(g, "#4"), parse_sum_move(nim.sum(9), "heap 1 to 7")
(SumMove(0, 0), SumMove(1, 0), SumMove(0, 7))
>>> parse_sum_move(g, "to 0")
Traceback (most recent call last):
...
grundy.values.errors.InvalidPositionError: cannot play 'to 0': components 1, 2 and 3 could make it; say which, e.g. 'heap 1 to 0'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

from grundy.values.errors import GrundyError, InvalidPositionError, describe
from grundy.rules.game import GameSum, SumMove
from grundy.rules.moves import component_move_text, distinct_options, label_key, words

__all__ = ["format_sum_move", "parse_sum_move", "echo_sum_move", "sum_moves"]

_COLON = re.compile(r"^\s*(?:heap|game|component|#)?\s*(\d+)\s*:\s*(.+)$", re.I)
_HEAP_TO = re.compile(r"^\s*(?:heap\s+)?(\d+)\s*(?:-|->|>|\bto\b)\s*(\d+)\s*$", re.I)
_TAKE_FROM = re.compile(r"^\s*take\s+(\d+)\s+from\s+(?:heap\s+)?(\d+)\s*$", re.I)
_NTH = re.compile(r"^\s*#\s*(\d+)\s*$")


def sum_moves(game: GameSum) -> Iterator[SumMove]:
    """The legal moves of ``game`` as people are shown them: components in
    order, each component's options in the rules' order, each once (two moves to
    the same position are one move; :func:`~grundy.rules.moves.distinct_options`).
    ``#k`` counts them.

    >>> import grundy
    >>> h = grundy.games.get("hackenbush")
    >>> g = h.sum(((), ()), (((),),))
    >>> [format_sum_move(g, m) for m in sum_moves(g)]
    ['1: cut 1-2', '2: cut 1-2', '2: cut 2-3']
    """
    for i, c in enumerate(game.components):
        for o in distinct_options(c.ruleset, c.position):
            yield SumMove(i, o)


def format_sum_move(game: GameSum, move: SumMove) -> str:
    """Text for ``move`` in ``game``: the component's own notation, prefixed by
    ``i:`` (from 1) when there are several components (``heap i to x`` for heaps)."""
    i, option = move
    c = game.components[i]
    return component_move_text(len(game.components), i, c.ruleset.format_move(c.position, option))


def echo_sum_move(game: GameSum, move: SumMove, typed: str) -> str:
    """The text of ``move`` (typed as ``typed``) a face shows back: the move as
    typed, where it is in the game's own notation (its first word that of
    :func:`format_sum_move`'s) and names exactly this move in other words (other
    pins, not the same edge written backwards), else the game's text
    (:func:`format_sum_move`). Two moves may lead to the same rows (in Kayles,
    ``knock 3`` and ``knock 1`` from a row of 3): the person sees the pins they
    named, not the other move.

    >>> import grundy
    >>> k = grundy.games.get("kayles")
    >>> g = k.sum(5, 3)
    >>> m = parse_sum_move(g, "2:knock  3")
    >>> format_sum_move(g, m), echo_sum_move(g, m, "2:knock  3")
    ('2: knock 1', '2: knock 3')
    >>> nim = grundy.games.get("nim").sum(3, 4)
    >>> echo_sum_move(nim, parse_sum_move(nim, "2: take 1"), "2: take 1")   # another notation
    'heap 2 to 3'
    """
    canonical = format_sum_move(game, move)
    m = _COLON.match(typed)
    if m:
        if _index(m.group(1)) != move.component + 1:
            return canonical
        sub = m.group(2)
    elif len(game.components) == 1:
        sub = typed
    else:
        return canonical
    sub = " ".join(sub.split())
    c = game.components[move.component]
    own = c.ruleset.format_move(c.position, move.option)
    if label_key(sub) == label_key(own) or not words(own) or words(sub)[:1] != words(own)[:1]:
        return canonical  # the same words ('cut 4-0' is 'cut 0-4'), or not the game's notation
    try:
        same = c.ruleset.parse_move(c.position, sub) == move.option
    except (GrundyError, ValueError, TypeError):
        same = False
    return component_move_text(len(game.components), move.component, sub) if same else canonical


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
    elif n > 1 and _NTH.match(text):
        return _nth(game, text, _index(_NTH.match(text).group(1)))  # type: ignore[union-attr]
    else:
        m = _HEAP_TO.match(text)
        if m and _heaps(game):
            index, sub = _index(m.group(1)), f"to {m.group(2)}"
        else:
            m = _TAKE_FROM.match(text)
            if m and _heaps(game):
                index, sub = _index(m.group(2)), f"take {m.group(1)}"
    if index is None:
        if n == 1:
            index = 1
        else:
            return _anywhere(game, text)
    if not 1 <= index <= n:
        raise InvalidPositionError(
            f"cannot play {describe(text)}: there is no component "
            f"{index if index < _TOO_LONG else 'that large'}; they are 1..{n}")
    c = game.components[index - 1]
    option = c.ruleset.parse_move(c.position, sub)
    return SumMove(index - 1, option)


def _heaps(game: GameSum) -> bool:
    """Whether ``heap I to M`` names component ``I``: in a sum, or in a single
    heap (a game of several heaps, like Wythoff's, reads it itself)."""
    return len(game.components) > 1 or type(game.components[0].position) is int


def _nth(game: GameSum, text: str, k: int) -> SumMove:
    """The ``k``-th legal move of ``game`` (from 1), components in order."""
    moves = sum_moves(game)
    found = next(islice(moves, k - 1, None), None) if 1 <= k < _TOO_LONG else None
    if found is None:
        raise InvalidPositionError(
            f"cannot play {describe(text)}: moves are numbered from #1, and there are fewer than "
            f"{k if k < _TOO_LONG else 'that many'} (type 'moves' to list them)")
    return found


def _anywhere(game: GameSum, text: str) -> SumMove:
    """``text`` without a component: the move of the one component that reads it."""
    found: list[SumMove] = []
    why = ""
    for i, c in enumerate(game.components):
        try:
            found.append(SumMove(i, c.ruleset.parse_move(c.position, text)))
        except (GrundyError, ValueError, TypeError) as exc:
            why = why or str(exc)
            continue
        if len(found) > 3:
            break
    if len(found) == 1:
        return found[0]
    n = len(game.components)
    if found:
        which = [str(m.component + 1) for m in found[:3]]
        names = (", ".join(which[:-1]) + " and " + which[-1]) if len(found) <= 3 else ", ".join(which) + ", ..."
        raise InvalidPositionError(
            f"cannot play {describe(text)}: components {names} could make it; say which, "
            f"e.g. {format_sum_move(game, found[0])!r}")
    raise InvalidPositionError(
        f"cannot read {describe(text)}: no component can make that move; say which game moves, "
        f"as 'component:move' (components 1..{n}), e.g. '1:{_example(game)}'"
        + (f" ({why})" if why else ""))


def _example(game: GameSum) -> str:
    for m in sum_moves(game):
        c = game.components[m.component]
        return c.ruleset.format_move(c.position, m.option)
    return "..."
