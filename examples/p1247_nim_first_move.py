"""Luogu P1247 取火柴游戏: a Nim position; say "lose" if the first player loses,
else the first move (take a from heap b, smallest b) and the heaps after it.

Input: k, then k heap sizes. Output: "lose", or "a b" and the new heaps.
"""

from __future__ import annotations

import sys

from grundy.games import Nim


def solve(text: str) -> str:
    data = text.split()
    k = int(data[0])
    heaps = [int(x) for x in data[1 : 1 + k]]
    game = Nim().sum(*heaps)
    moves = game.winning_moves()  # one per heap with a ^ S < a
    if not moves:
        return "lose"
    move = min(moves, key=lambda m: m.component)
    after = game.play(move)
    taken = heaps[move.component] - move.option
    return f"{taken} {move.component + 1}\n" + " ".join(str(g.position) for g in after)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
