"""A loopy subtraction game with draws: heaps of at most C tokens; a move takes s
tokens from one heap (s in S) or puts a tokens back on one (a in A) as long as the
heap stays at most C. Positions repeat, so some sums are draws.

Input: "C", then "k s1 .. sk", then "l a1 .. al", then "h x1 .. xh" (the heaps).
Output: "First", "Second" or "Draw".

Each heap size gets its generalised Sprague-Grundy value from the library
(``inf(K)`` when it can reach a draw), and the sum is decided from the parts'
values: finite parts XOR; one infinite part wins for the player to move iff the
others' nim-sum is in its escape set, else it is a draw; two or more: a draw.

>>> solve("5\\n2 1 2\\n1 1\\n2 3 4")
'Draw'
>>> solve("5\\n2 1 2\\n0\\n2 3 4")          # no putting back: plain 3 ^ 1
'First'
"""

from __future__ import annotations

import sys
from typing import Any

import grundy
from grundy import Outcome
from grundy.solve.loopy import analyze_loopy
from grundy.values.loopy import LoopyValue, loopy_outcome, loopy_sum


class LoopySubtraction(grundy.Ruleset):
    def __init__(self, cap: int, take: list[int], put: list[int]) -> None:
        self.cap, self.take, self.put = cap, take, put
        self.name = f"loopy-subtraction(C={cap}, S={take}, A={put})"

    def moves(self, n: Any) -> list[int]:
        return [n - s for s in self.take if s <= n] + [n + a for a in self.put if n + a <= self.cap]


def heap_values(game: LoopySubtraction) -> list[LoopyValue]:
    """The generalised value of every heap size 0..C (one analysis from C and one
    from each size it cannot reach)."""
    values: dict[int, LoopyValue] = {}
    for root in range(game.cap, -1, -1):
        if root not in values:
            a = analyze_loopy(game, root)
            for n in range(game.cap + 1):
                if n in a:
                    values.setdefault(n, a.value(n))
    return [values[n] for n in range(game.cap + 1)]


def solve(text: str) -> str:
    it = iter(text.split())
    cap = int(next(it))
    take = [int(next(it)) for _ in range(int(next(it)))]
    put = [int(next(it)) for _ in range(int(next(it)))]
    heaps = [int(next(it)) for _ in range(int(next(it)))]
    values = heap_values(LoopySubtraction(cap, take, put))
    o = loopy_outcome(loopy_sum(*(values[h] for h in heaps)))
    return {Outcome.N: "First", Outcome.P: "Second", Outcome.D: "Draw"}[o]


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
