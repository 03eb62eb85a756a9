"""Luogu P3480 [POI2009] KAM-Pebbles: heaps a_1 <= ... <= a_n; a move removes
stones from one heap keeping the order. The differences d_i = a_i - a_{i-1} are a
Staircase Nim, read from the last heap down (removing from heap i moves d_i's
stones onto d_{i+1}).

Input: u, then per case n and the n heaps. Output per case: "TAK" if the first
player wins, else "NIE".
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import StaircaseNim


def stairs(heaps: list[int]) -> tuple[int, ...]:
    """The Staircase Nim position: stair 1 is the last heap's difference."""
    diffs = [b - a for a, b in zip([0, *heaps], heaps)]
    return tuple(reversed(diffs))


def solve(text: str) -> str:
    it = iter(text.split())
    game = StaircaseNim()
    out = []
    for _ in range(int(next(it))):
        n = int(next(it))
        heaps = [int(next(it)) for _ in range(n)]
        out.append("TAK" if game.outcome(stairs(heaps)) is Outcome.N else "NIE")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
