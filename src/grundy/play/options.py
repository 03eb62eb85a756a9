"""What players expect to see of a position (the web page and the notebook show
the same): the outcome in words, and every legal move with its result for the
mover (win, lose or draw), the value and the remoteness after it.

>>> import grundy
>>> outcome_words(grundy.Outcome.N)
'N — the player to move wins'
>>> for m in move_values(grundy.games.get("nim").sum(1, 2)):
...     print(m.text, m.result, m.value, m.remoteness)
heap 2 to 1 win 0 2
heap 1 to 0 lose 2 1
heap 2 to 0 lose 1 1
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from itertools import islice
from typing import Any

from grundy.play.moves import format_sum_move, sum_moves
from grundy.rules.game import Game, GameSum, SumMove
from grundy.solve.budget import Budget
from grundy.values import clock as _clock
from grundy.values.errors import GrundyError
from grundy.values.outcome import Outcome

__all__ = ["OUTCOME_WORDS", "outcome_words", "MoveValue", "MovePage", "move_page", "move_values",
           "moves_html", "MOVES_BUDGET", "COUNT_MOST"]

#: Outcomes in words, as ``grundy analyze`` prints them.
OUTCOME_WORDS = {
    "P": "P — the player to move loses",
    "N": "N — the player to move wins",
    "D": "D — a draw with best play",
}

#: The budget of the searches of :func:`move_values` when none is given (its
#: ``seconds`` are shared by all the moves).
MOVES_BUDGET = Budget(positions=200_000, seconds=1.0)


def outcome_words(outcome: Outcome | str | None) -> str:
    """``outcome`` in words (``"not computed"`` for ``None``)."""
    if outcome is None:
        return "not computed"
    return OUTCOME_WORDS.get(str(outcome), str(outcome))


@dataclass(frozen=True)
class MoveValue:
    """A legal ``move`` (written ``text``) and what it leads to: ``result`` for the
    mover (``"win"``, ``"lose"``, ``"draw"``; the option's outcome for the
    opponent), the option's ``value`` and ``remoteness`` (``None``: not found
    within the budget)."""

    move: SumMove
    text: str
    result: str | None
    value: Any
    remoteness: int | None


_RESULT = {"P": "win", "N": "lose", "D": "draw"}


_FLOOR = 0.02  # seconds every move of a page gets, whatever the others took

#: Most legal moves counted to give a list's total (past it: "more than").
COUNT_MOST = 100_000


@dataclass(frozen=True)
class MovePage:
    """One page of the legal moves of a position, winning moves first: ``moves``
    (with their results) from the ``offset``-th on; ``total`` legal moves (``None``:
    more than :data:`COUNT_MOST`, too many to count); ``winning`` of them win
    (listed first; ``None``: the winning moves were not found within the budget,
    and the moves come in the rules' order)."""

    moves: list[MoveValue]
    offset: int
    total: int | None
    winning: int | None

    @property
    def complete(self) -> bool:
        """Whether this page lists every legal move."""
        return self.offset == 0 and self.total is not None and len(self.moves) == self.total

    @property
    def next_offset(self) -> int | None:
        """The offset of the next page (``None``: this is the last one)."""
        end = self.offset + len(self.moves)
        return end if (self.total is None or end < self.total) and self.moves else None

    @property
    def note(self) -> str:
        """What the page lists, when it is not every move, and how to see the rest;
        ``""`` for a complete list."""
        if self.complete:
            return ""
        total = f"{self.total:,}" if self.total is not None else f"more than {COUNT_MOST:,}"
        first = self.offset + 1
        shown = (f"moves {first:,}-{self.offset + len(self.moves):,} of {total}" if self.moves
                 else f"no moves past the {self.offset:,}th of {total}")
        order = ("winning moves first" if self.winning is not None
                 else "the winning moves were not found in time, so the moves are in the rules' order")
        nxt = self.next_offset
        more = f"; the next page starts at move {nxt + 1:,}" if nxt is not None else ""
        return f"{shown} ({order}){more}"


def move_page(game: Game | GameSum, *, budget: Budget | None = None, offset: int = 0,
              most: int = 40) -> MovePage:
    """The legal moves of ``game`` from the ``offset``-th (from 0), ``most`` of
    them, with their results: the winning moves first (found by the analysis of
    ``game``), then the others in the rules' order, so the moves that win are on
    the first page. Each move is searched within its share of what is left of
    ``budget``'s seconds (``None``: :data:`MOVES_BUDGET`).

    >>> import grundy
    >>> page = move_page(grundy.games.get("nim").sum(100, 200, 300), most=3)
    >>> [(m.text, m.result) for m in page.moves]
    [('heap 3 to 172', 'win'), ('heap 1 to 0', 'lose'), ('heap 1 to 1', 'lose')]
    >>> page.total, page.winning, page.complete
    (600, 1, False)
    >>> page.note
    'moves 1-3 of 600 (winning moves first); the next page starts at move 4'
    >>> [m.text for m in move_page(grundy.games.get("nim").sum(100, 200, 300), offset=599).moves]
    ['heap 3 to 299']
    """
    from grundy.solve.report import analyze

    budget = MOVES_BUDGET if budget is None else budget
    g = game if isinstance(game, GameSum) else GameSum(game)
    seconds = budget.seconds
    end = None if seconds is None else _clock.now() + seconds
    wins: list[SumMove] | None = None
    try:
        r = analyze(g, budget=budget.replace(seconds=None if seconds is None else seconds / 2))
        if r.winning_moves is not None and r.winning_moves_complete:
            wins = list(r.winning_moves)
    except (GrundyError, RecursionError):
        pass
    known = set(wins or ())

    def ordered() -> Iterator[SumMove]:
        yield from wins or ()
        for m in sum_moves(g):  # each move once (two moves to one position are one)
            if m not in known:
                yield m

    counted = sum(1 for _ in islice(sum_moves(g), COUNT_MOST + 1))
    total = counted if counted <= COUNT_MOST else None
    moves = list(islice(ordered(), offset, offset + most))
    out = []
    for k, m in enumerate(moves):
        left = None if end is None else end - _clock.now()
        # at least a floor each: a search that overran its share must not leave the
        # last moves of the page without a look (a closed form answers in it)
        share = None if left is None else max(left / (len(moves) - k), _FLOOR)
        out.append(_valued(g, m, budget, share))
    return MovePage(out, offset, total, None if wins is None else len(wins))


def _valued(g: GameSum, m: SumMove, budget: Budget, share: float | None) -> MoveValue:
    """The move ``m`` of ``g`` with its result, within ``share`` seconds."""
    from grundy.solve.report import analyze

    after = g.play(m)
    result = value = rem = None
    try:
        r = analyze(after, budget=budget.replace(seconds=share), all_moves=False)
        result = None if r.outcome is None else _RESULT.get(str(r.outcome))
        value, rem = r.value, r.remoteness
    except (GrundyError, RecursionError):
        pass
    try:
        text = format_sum_move(g, m)
    except (GrundyError, IndexError, ValueError):
        text = repr(m)
    return MoveValue(m, text, result, value, rem)


def move_values(game: Game | GameSum, *, budget: Budget | None = None, most: int = 40) -> list[MoveValue]:
    """The first ``most`` legal moves of ``game`` with their results, winning
    moves first (the first page of :func:`move_page`, which also says how many
    moves there are)."""
    return move_page(game, budget=budget, most=most).moves


def moves_html(moves: list[MoveValue]) -> str:
    """An HTML table of the moves and their results (a winning move in bold)."""
    rows = ["<tr><th>move</th><th>result for the mover</th><th>value after</th><th>remoteness after</th></tr>"]
    for m in moves:
        cells = [m.text, m.result or "?", "?" if m.value is None else m.value,
                 "?" if m.remoteness is None else m.remoteness]
        td = "".join(f"<td>{escape(str(x))}</td>" for x in cells)
        rows.append(f"<tr style='font-weight:bold'>{td}</tr>" if m.result == "win" else f"<tr>{td}</tr>")
    return '<table class="grundy moves">' + "".join(rows) + "</table>"
