"""AtCoder ABC278G Generalized Subtraction Game (interactive).

The integers 1..N are on a board; a move erases y consecutive integers still
present (x, x+1, ..., x+y-1) with L <= y <= R; whoever cannot move loses. Read
"N L R"; print "First" or "Second"; then alternate: print our move "x y", read
the judge's "x y"; "0 0" means the judge cannot move (we won), "-1 -1" means an
error. The board is a sum of runs of the library's ``RowRuns(L, R)`` held in a
play ``Session``: both sides' moves are pushed on it, and our move is its winning
move (the Sprague-Grundy values of the runs, from the compiled kernel).
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from typing import Callable

from grundy import Sum
from grundy.games import RowRuns
from grundy.play import Session


class Board:
    """The board 1..N as a play :class:`~grundy.play.Session` on a sum of rows:
    component ``i`` of the session is the run of integers still present starting
    at ``self.starts[i]``. Moves go through ``session.push`` (the session checks
    them and keeps the values); the engine's winning move is turned back into
    "x y"."""

    def __init__(self, n: int, lo: int, hi: int) -> None:
        self.game = RowRuns(lo, hi)
        self.session = Session(self.game[n])
        self.starts = [1]

    def first(self) -> bool:
        """Whether to move first: the board is an N-position."""
        return self.session.value != 0

    def _runs(self) -> list[tuple[int, int]]:
        return [(s, int(c.position)) for s, c in zip(self.starts, self.session.game.components)]

    def erase(self, x: int, y: int) -> None:
        """Play "x y" (either side): erase x..x+y-1, which must lie in one run."""
        for i, (s, length) in enumerate(self._runs()):
            if s <= x and x + y <= s + length:
                left, right = x - s, s + length - x - y
                parts = [p for p in (left, right) if p]
                option: Hashable = Sum(*parts) if len(parts) != 1 else parts[0]
                self.session.push((i, option))
                pieces = [(ln, st) for st, ln in ((s, left), (x + y, right)) if ln]
                self._realign(i, pieces)
                return
        raise ValueError(f"{x} {y} does not lie in one run of the board")

    def _realign(self, i: int, pieces: list[tuple[int, int]]) -> None:
        """The session replaced component ``i`` by the pieces (length, start), in
        its own order: give each new component the start of a piece of its length
        (two pieces of one length are interchangeable)."""
        comps = self.session.game.components
        rest = self.starts[:i] + self.starts[i + 1:]
        free = list(pieces)
        new = []
        for c in comps[i:i + len(comps) - len(rest)]:
            k = next(k for k, (ln, _) in enumerate(free) if ln == int(c.position))
            new.append(free.pop(k)[1])
        self.starts = rest[:i] + new + rest[i:]

    def my_move(self) -> tuple[int, int]:
        """The session's winning move as "x y" (made on the board)."""
        move = self.session.winning_move()
        if move is None:
            raise AssertionError("no winning move: the judge's position was winning")
        i, option = move
        s, length = self._runs()[i]
        parts = option.parts if isinstance(option, Sum) else (option,)
        left = min(parts) if len(parts) == 2 else 0  # one part left: erase from the left end
        y = length - sum(parts)
        self.erase(s + left, y)
        return s + left, y


def play(read: Callable[[], str], write: Callable[[str], None]) -> None:
    n, lo, hi = (int(x) for x in read().split())
    board = Board(n, lo, hi)
    if board.first():
        write("First")
    else:
        write("Second")
        x, y = (int(v) for v in read().split())
        board.erase(x, y)
    while True:
        x, y = board.my_move()
        write(f"{x} {y}")
        a, b = (int(v) for v in read().split())
        if a <= 0:  # "0 0": the judge cannot move (we won); "-1 -1": an error
            return
        board.erase(a, b)


def main() -> None:
    def write(line: str) -> None:
        print(line, flush=True)

    play(sys.stdin.readline, write)


if __name__ == "__main__":
    main()
