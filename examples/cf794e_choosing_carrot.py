"""Codeforces 794E Choosing Carrot: a row of n numbers; the players alternately
take the first or the last one until one is left. The first player (Oleg) wants
the last number large, the second (Igor) small. For every k = 0..n-1, Oleg first
makes k extra moves alone; then the game starts with Oleg to move. Print the
number left for each k. n <= 3 * 10^5.

Input: n, then a_1..a_n. Output: n numbers.

The two players want different things, so this is a zero-sum game with a
payoff, not an impartial one: :func:`by_minimax` solves it from the rules with
:class:`grundy.solve.ZeroSumGame` (the extra moves are Oleg's by ``to_move``),
and is how the closed form below was checked. The closed form (the notes): a
row of even length m > 0 is worth the larger of its two middle numbers; of odd
length m > 1, the larger of ``min(a[c-1], a[c])`` and ``min(a[c], a[c+1])`` at
its middle ``c``; a single number is itself. With k extra moves Oleg picks the
best window of length n - k, so the answer is a maximum over a range of middles
that widens as k grows: two running maxima, O(n) with numpy.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from grundy.solve import ZeroSumGame


def solve_array(a: Any) -> list[int]:
    """The answers for k = 0..n-1 (closed form, O(n))."""
    a = np.asarray(a, dtype=np.int64)
    n = a.shape[0]
    ans = np.empty(n, dtype=np.int64)
    ans[n - 1] = a.max()  # k = n - 1: Oleg leaves the number he likes
    if n == 1:
        return ans.tolist()
    # windows of even length m = 2(d + 1): middles at d + s, d + s + 1 for the
    # starts s, so the best is max(a[d .. n-1-d]); this widens as d falls
    half = (n - 1) // 2 + 1
    d = np.arange(half)
    wide_a = np.maximum.accumulate(np.maximum(a[d], a[n - 1 - d])[::-1])[::-1]
    # windows of odd length m = 2d + 3: max(b[d .. n-2-d]) with b = min of neighbours
    b = np.minimum(a[:-1], a[1:])
    hb = (n - 2) // 2 + 1
    e = np.arange(hb)
    wide_b = np.maximum.accumulate(np.maximum(b[e], b[n - 2 - e])[::-1])[::-1]
    for k in range(n - 1):
        m = n - k
        ans[k] = wide_a[m // 2 - 1] if m % 2 == 0 else wide_b[(m - 3) // 2]
    return ans.tolist()


def by_minimax(a: list[int]) -> list[int]:
    """The answers from the rules: a state is (first, last, moves made); Oleg
    makes the first k moves, then the players alternate, Oleg first."""
    n = len(a)
    out = []
    for k in range(n):
        def moves(s: tuple[int, int, int]) -> list[tuple[int, int, int]]:
            i, j, t = s
            return [(i + 1, j, t + 1), (i, j - 1, t + 1)] if i < j else []

        def who(s: tuple[int, int, int], k: int = k) -> Any:
            t = s[2]
            return "max" if t < k or (t - k) % 2 == 0 else "min"

        game = ZeroSumGame(moves, lambda s: a[s[0]] if s[0] == s[1] else None, to_move=who,
                           name="choosing carrot")
        out.append(game.value((0, n - 1, 0)))
    return out


def solve(text: str) -> str:
    data = text.split()
    n = int(data[0])
    a = np.array(data[1 : n + 1], dtype=np.int64)
    return " ".join(map(str, solve_array(a)))


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
