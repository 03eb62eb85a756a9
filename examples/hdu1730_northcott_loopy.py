"""HDU 1730 Northcott Game on its real, loopy rules.

n rows of a board m wide; each row holds the first player's piece at column a and
the second player's at column b. A move slides one's own piece in one row to any
free column without passing the opponent's piece, towards it *or away from it*, so
positions can repeat. Whoever cannot move loses.

Input: cases until end of file: "n m", then n lines "a b". Output per case:
"I WIN!" if the first player wins, else "BAD LUCK!" (and "DRAW" if it were a draw;
it never is: the notes' argument, checked here by the retrograde analysis).

:class:`Northcott` is the partizan game itself (state: rows and whose turn), solved
by the library's retrograde analysis with draws; boards too big for that (a move
graph that may pass ``max_positions``, known before searching) use the notes' shortcut, Nim on the gaps |a - b| - 1, which the
tests check against the real-rules analysis on every small board.
"""

from __future__ import annotations

import sys
from typing import Any

import grundy
from grundy import Budget, Outcome, SearchLimitError
from grundy.solve.loopy import analyze_loopy


class Northcott(grundy.Ruleset):
    """States ``(rows, turn)``: rows of (first's column, second's column)."""

    def __init__(self, m: int) -> None:
        self.m, self.name = m, f"northcott({m})"

    def moves(self, state: Any) -> list[Any]:
        rows, turn = state
        out = []
        for i, row in enumerate(rows):
            me, other = row[turn], row[1 - turn]
            lo, hi = (1, other - 1) if me < other else (other + 1, self.m)
            for c in range(lo, hi + 1):
                if c != me:
                    new = (c, other) if turn == 0 else (other, c)
                    out.append((rows[:i] + (new,) + rows[i + 1:], 1 - turn))
        return out


def decide(m: int, rows: tuple[tuple[int, int], ...], max_positions: int = 200_000) -> str:
    root = (rows, 0)
    # pieces never pass each other, so a row has at most C(m, 2) states, each with
    # at most m options: a board whose move graph may exceed the budget goes to the
    # shortcut before any search (which would list the options before its count
    # of positions ran out)
    work = 2 * m
    for _ in rows:
        work *= m * (m - 1) // 2
        if work > max_positions:
            return _nim_shortcut(rows)
    try:
        a = analyze_loopy(Northcott(m), root, budget=Budget(positions=max_positions))
    except SearchLimitError:
        return _nim_shortcut(rows)
    o = a.outcome(root)
    return {Outcome.N: "I WIN!", Outcome.P: "BAD LUCK!", Outcome.D: "DRAW"}[o]


def _nim_shortcut(rows: tuple[tuple[int, int], ...]) -> str:
    """The notes' argument: Nim on the gaps |a - b| - 1."""
    x = 0
    for p, q in rows:
        x ^= abs(p - q) - 1
    return "I WIN!" if x else "BAD LUCK!"


def solve(text: str, max_positions: int = 200_000) -> str:
    it = iter(text.split())
    out = []
    for n_text in it:
        n, m = int(n_text), int(next(it))
        rows = tuple((int(next(it)), int(next(it))) for _ in range(n))
        out.append(decide(m, rows, max_positions))
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
