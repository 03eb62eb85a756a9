"""What players expect to see of a position (the web page and the notebook show
the same): the outcome in words, and every legal move with its result for the
mover (win, lose or draw), the value and the remoteness after it.

>>> import grundy
>>> outcome_words(grundy.Outcome.N)
'N — the player to move wins'
>>> for m in move_values(grundy.games.get("nim").sum(1, 2)):
...     print(m.text, m.result, m.value, m.remoteness)
heap 1 to 0 lose 2 1
heap 2 to 0 lose 1 1
heap 2 to 1 win 0 2
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape
from typing import Any

from grundy.play.moves import format_sum_move
from grundy.rules.game import Game, GameSum, SumMove
from grundy.solve.budget import Budget
from grundy.values.errors import GrundyError
from grundy.values.outcome import Outcome

__all__ = ["OUTCOME_WORDS", "outcome_words", "MoveValue", "move_values", "moves_html",
           "MOVES_BUDGET"]

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


def move_values(game: Game | GameSum, *, budget: Budget | None = None, most: int = 40) -> list[MoveValue]:
    """The first ``most`` legal moves of ``game`` with their results, each searched
    within its share of what is left of ``budget``'s seconds (``None``:
    :data:`MOVES_BUDGET`)."""
    from grundy.solve.report import analyze

    budget = MOVES_BUDGET if budget is None else budget
    g = game if isinstance(game, GameSum) else GameSum(game)
    moves = [SumMove(i, o) for i, c in enumerate(g.components) for o in _first(c, most)][:most]
    seconds = budget.seconds
    end = None if seconds is None else time.monotonic() + seconds
    out = []
    for k, m in enumerate(moves):
        after = g.play(m)
        result = value = rem = None
        left = None if end is None else end - time.monotonic()
        if left is None or left > 0:
            share = None if left is None else max(left / (len(moves) - k), 0.0)
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
        out.append(MoveValue(m, text, result, value, rem))
    return out


def _first(c: Game, most: int) -> list[Any]:
    out: list[Any] = []
    for o in c.ruleset.moves(c.position):
        if len(out) >= most:
            break
        out.append(o)
    return out


def moves_html(moves: list[MoveValue]) -> str:
    """An HTML table of the moves and their results (a winning move in bold)."""
    rows = ["<tr><th>move</th><th>result for the mover</th><th>value after</th><th>remoteness after</th></tr>"]
    for m in moves:
        cells = [m.text, m.result or "?", "?" if m.value is None else m.value,
                 "?" if m.remoteness is None else m.remoteness]
        td = "".join(f"<td>{escape(str(x))}</td>" for x in cells)
        rows.append(f"<tr style='font-weight:bold'>{td}</tr>" if m.result == "win" else f"<tr>{td}</tr>")
    return '<table class="grundy moves">' + "".join(rows) + "</table>"
