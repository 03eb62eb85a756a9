"""Luogu P2252 [SHOI2002] 取石子游戏 (Wythoff's game).

Input: a b. Output: 1 if the first player wins, else 0.
"""

from __future__ import annotations

import sys

from grundy import Outcome
from grundy.games import Wythoff


def solve(text: str) -> str:
    a, b = (int(x) for x in text.split()[:2])
    return "1" if Wythoff().outcome((a, b)) is Outcome.N else "0"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
