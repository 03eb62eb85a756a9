"""UOJ 51 【UR #4】元旦三侠的游戏 (the New Year heroes' game): a pair (a, b) with
a^b <= n; the players alternately add 1 to a or to b, keeping a^b <= n. Whoever
cannot move loses. m queries: who wins from (a, b)? n <= 10^9, m <= 10^5,
a >= 2, b >= 1, a^b <= n.

Input: n m, then m lines "a b". Output per query: "Yes" if the first player wins,
else "No".

The notes' move-parity reading: for b >= 2 the base a is at most sqrt(n), so
those positions are few (sum over b >= 2 of n^(1/b) < sqrt(n) log n). Once
b = 1 and a^2 > n the exponent can no longer grow and the game is a path of
n - a forced moves, worth its parity: the ruleset below replaces that path by
one move to a dead end when n - a is odd (an equal game, a nim heap 0 or 1), and
the library's memoised search (:class:`grundy.Ruleset`) does the rest.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterator
from typing import Any

from grundy import Outcome, Ruleset


class PowerGame(Ruleset):
    """Raise a or b by one, keeping a^b <= n; the b = 1, a^2 > n tail is a parity."""

    tuple_position = True

    def __init__(self, n: int) -> None:
        self.n = n
        self.name = f"uoj51(n={n})"

    def moves(self, position: Any) -> Iterator[Hashable]:
        a, b = position
        n = self.n
        if b == 1 and a * a > n:
            if (n - a) & 1:
                yield (n, 1)  # (n, 1) has no move: the tail is a heap of 1
            return
        if (a + 1) ** b <= n:
            yield (a + 1, b)
        if a ** (b + 1) <= n:
            yield (a, b + 1)


def solve(text: str) -> str:
    data = list(map(int, text.split()))
    n, m = data[0], data[1]
    game = PowerGame(n)
    answers: dict[tuple[int, int], str] = {}
    out = []
    for i in range(m):
        pos = (data[2 + 2 * i], data[3 + 2 * i])
        ans = answers.get(pos)
        if ans is None:
            ans = answers[pos] = "Yes" if game.outcome(pos) is Outcome.N else "No"
        out.append(ans)
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
