"""AtCoder ABC278G Generalized Subtraction Game (interactive).

The integers 1..N are on a board; a move erases y consecutive integers still
present (x, x+1, ..., x+y-1) with L <= y <= R; whoever cannot move loses. Read
"N L R"; print "First" or "Second"; then alternate: print our move "x y", read
the judge's "x y"; "0 0" means the judge cannot move (we won), "-1 -1" means an
error. Strategy from the library's ``RowRuns(L, R)``: mirror play when a middle
run of the right parity exists, otherwise Sprague-Grundy values of the segments.
"""

from __future__ import annotations

import sys
from typing import Callable

from grundy import Sum
from grundy.games import RowRuns


class Player:
    def __init__(self, n: int, lo: int, hi: int) -> None:
        self.n, self.game = n, RowRuns(lo, hi)
        self.present = [True] * (n + 2)
        self.present[0] = self.present[n + 1] = False
        self.mirror = self.game.symmetric_move(n) is not None

    def first(self) -> bool:
        """Whether to move first (the position 1..N is an N-position)."""
        return self.mirror or self.game.value(self.n) != 0

    def erase(self, x: int, y: int) -> None:
        for c in range(x, x + y):
            self.present[c] = False

    def segments(self) -> list[tuple[int, int]]:
        segs, start = [], None
        for c in range(1, self.n + 2):
            if self.present[c] and start is None:
                start = c
            elif not self.present[c] and start is not None:
                segs.append((start, c - start))
                start = None
        return segs

    def my_move(self, last: tuple[int, int] | None) -> tuple[int, int]:
        if self.mirror:
            if last is None:  # open in the middle
                sym = self.game.symmetric_move(self.n)
                left = sym.parts[0] if isinstance(sym, Sum) and sym.parts else 0
                return left + 1, self.n - 2 * left
            x, y = last
            return self.n + 2 - x - y, y
        segs = self.segments()
        values = [self.game.value(length) for _, length in segs]
        total = 0
        for v in values:
            total ^= v
        for (start, length), v in zip(segs, values):
            option = self.game.option_with_value(length, v ^ total)
            if option is None:
                continue
            parts = option.parts if isinstance(option, Sum) else (option,)
            left = min(parts) if len(parts) == 2 else 0
            right = sum(parts) - left
            return start + left, length - left - right
        raise AssertionError("no winning move in an N-position")


def play(read: Callable[[], str], write: Callable[[str], None]) -> None:
    n, lo, hi = (int(x) for x in read().split())
    me = Player(n, lo, hi)
    last: tuple[int, int] | None = None
    if me.first():
        write("First")
    else:
        write("Second")
        last = tuple(int(v) for v in read().split())  # type: ignore[assignment]
        me.erase(*last)
    while True:
        x, y = me.my_move(last)
        me.erase(x, y)
        write(f"{x} {y}")
        reply = tuple(int(v) for v in read().split())
        if reply[0] <= 0:
            return
        last = reply  # type: ignore[assignment]
        me.erase(*last)


def main() -> None:
    def write(line: str) -> None:
        print(line, flush=True)

    play(sys.stdin.readline, write)


if __name__ == "__main__":
    main()
