"""Luogu P3185 [HNOI2007] 分裂游戏: piles 0..n-1; a move takes a stone from pile i
and puts one on each of piles j and k, i < j <= k (j = k: two stones on j).

Input: T; each case n then a_0..a_{n-1}. Output per case: the lexicographically
first winning move "i j k" (or "-1 -1 -1") and the number of winning first moves.

Each stone is a game of its own (a move splits it into two: a ``Sum``), so only
the parity of each pile matters; the value of a stone on pile i is
``mex {v(j) ^ v(k) : i < j <= k}`` by the ruleset's memoised search. A first move
wins iff it leaves nim-sum 0: ``S ^ v(i) ^ v(j) ^ v(k) == 0``.
"""

from __future__ import annotations

import sys

import grundy


def stone_values(n: int) -> list[int]:
    @grundy.ruleset(name=f"split:{n}")
    def split(i: int) -> list[grundy.Sum]:
        return [grundy.Sum(j, k) for j in range(i + 1, n) for k in range(j, n)]

    return [split.value(i) for i in range(n)]


def solve(text: str) -> str:
    it = iter(text.split())
    out = []
    for _ in range(int(next(it))):
        n = int(next(it))
        a = [int(next(it)) for _ in range(n)]
        v = stone_values(n)
        s = 0
        for i in range(n):
            if a[i] % 2:
                s ^= v[i]
        count, first = 0, None
        for i in range(n):
            if a[i] == 0:
                continue
            for j in range(i + 1, n):
                for k in range(j, n):
                    if s ^ v[i] ^ v[j] ^ v[k] == 0:
                        count += 1
                        if first is None:
                            first = (i, j, k)
        out.append("%d %d %d" % first if first else "-1 -1 -1")
        out.append(str(count))
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
