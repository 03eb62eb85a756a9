"""Luogu P8347 「Wdoi-6」另一侧的月: a tree; a move deletes a vertex and keeps one
of the components left; the player who cannot move (a lone vertex is left) wins.
Hifuu moves first.

Input: T, then per case n and n-1 lines "u v". Output per case: "Hifuu" if the
first player wins, else "Luna".
Library: KeepComponent's theorem (first player wins iff some vertex has even degree).
"""

from __future__ import annotations

import sys

import numpy as np

from grundy import Outcome
from grundy.games.treegames import KeepComponent


def solve(text: str) -> str:
    data = np.array(text.split(), dtype=np.int64)
    t, pos, out = int(data[0]), 1, []
    game = KeepComponent()
    for _ in range(t):
        n = int(data[pos])
        e = data[pos + 1 : pos + 1 + 2 * (n - 1)].reshape(-1, 2) - 1
        pos += 1 + 2 * (n - 1)
        first = game.outcome_formula((n, tuple(map(tuple, e.tolist()))))
        out.append("Hifuu" if first is Outcome.N else "Luna")
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
