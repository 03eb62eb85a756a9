"""Luogu P10200 [省选联考 2024] 迷宫守卫: a complete binary tree of n + 1 levels;
internal node i costs w_i, the 2^n leaves hold a permutation q of 1..2^n. Alice
buys nodes for at most K in all; then Bob walks the tree depth-first, left child
first at every bought node, either order elsewhere. The leaves in visiting order
form Q; Alice wants Q lexicographically largest, Bob smallest. Print Q.
T <= 100, n <= 16, sum of 2^n <= 10^5, w_i, K <= 10^12.

Input: T; per case n K, the 2^n - 1 costs, the 2^n leaves. Output: Q per case.

A zero-sum game whose payoff is a sequence: :func:`by_minimax` plays it from the
rules with :class:`grundy.solve.ZeroSumGame` (Alice buys node by node, then Bob
orients every free node; tuples compare lexicographically). The fast solution
(the notes): the first leaf decides most, so at a node Alice binary-searches the
largest first leaf she can afford, where the cheapest way to make every first
leaf of a subtree at least ``lim`` is ``f(u) = f(left) + min(f(right), w_u)``
(Bob takes whichever side is smaller unless u is bought); then she recurses into
the side holding that leaf first, with the budget the other side needs set
aside. O(n^2 2^n), compiled with numba (cached on disk next to this file).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit

from grundy.solve import ZeroSumGame

_BIG = np.int64(1) << 62


@njit(cache=True)
def _calc(u: int, lim: int, a: Any, f: Any, N: int, fail: int) -> int:
    """Least cost making every first leaf of subtree ``u`` at least ``lim``
    (``f`` filled for the whole subtree)."""
    lo, cnt = u, 1
    while lo < N:
        lo, cnt = 2 * lo, 2 * cnt
    for x in range(lo, lo + cnt):
        f[x] = fail if a[x] < lim else 0
    while cnt > 1:
        lo, cnt = lo // 2, cnt // 2
        for x in range(lo, lo + cnt):
            r = f[2 * x + 1]
            v = f[2 * x] + (r if r < a[x] else a[x])
            f[x] = v if v < _BIG else _BIG
    return f[u]


@njit(cache=True)
def _first_leaf(u: int, m: int, a: Any, f: Any, N: int, fail: int, sorted_leaves: Any,
                depth_of: Any) -> int:
    """The largest first leaf Alice can afford under ``u`` with budget ``m``
    (``f`` left filled for it)."""
    d = depth_of[u]
    size = N >> d  # leaves under u
    h = sorted_leaves[d, (u - (1 << d)) * size : (u - (1 << d) + 1) * size]
    lo, hi, res = 0, size - 1, h[0]
    while lo <= hi:
        mid = (lo + hi) // 2
        if _calc(u, h[mid], a, f, N, fail) <= m:
            res, lo = h[mid], mid + 1
        else:
            hi = mid - 1
    _calc(u, res, a, f, N, fail)
    return res


@njit(cache=True)
def _walk(k: int, a: Any, f: Any, N: int, fail: int, sorted_leaves: Any, depth_of: Any,
          where: Any, out: Any) -> None:
    """Q into ``out``: the notes' recursion, with an explicit stack. A frame is
    (node, budget, stage, spent so far, f of the right child); ``where[v]`` is
    the leaf holding value v."""
    depth = 64
    su = np.zeros(depth, np.int64)
    sm = np.zeros(depth, np.int64)
    stage = np.zeros(depth, np.int64)
    spent = np.zeros(depth, np.int64)
    sfr = np.zeros(depth, np.int64)
    top, ptr, ret = 0, 0, 0
    su[0], sm[0], stage[0] = 1, k, 0
    while top >= 0:
        u, m = su[top], sm[top]
        if u >= N:  # a leaf: emit it, spend nothing
            out[ptr] = a[u]
            ptr += 1
            ret = 0
            top -= 1
            continue
        left, right = 2 * u, 2 * u + 1
        st = stage[top]
        if st == 0:
            res = _first_leaf(u, m, a, f, N, fail, sorted_leaves, depth_of)
            leaf = where[res]
            while leaf > right:
                leaf //= 2
            if leaf == left:  # the best first leaf is on the left: left first
                fr = f[right]
                sfr[top], stage[top] = fr, 1
                child, budget = left, m - (a[u] if a[u] < fr else fr)
            else:  # on the right: Bob goes right first for free
                stage[top] = 3
                child, budget = right, m - f[left]
        elif st == 1:  # the left side is done; now the right, bought if needed
            m -= ret
            sm[top], spent[top], stage[top] = m, ret, 2
            child, budget = right, m
            if m < sfr[top]:
                spent[top] += a[u]
                budget = m - a[u]
        elif st == 3:  # the right side is done; now the left
            spent[top], stage[top] = ret, 2
            child, budget = left, m - ret
        else:  # both sides done
            ret = spent[top] + ret
            top -= 1
            continue
        top += 1
        su[top], sm[top], stage[top], spent[top] = child, budget, 0, 0


def solve_case(n: int, k: int, w: Any, q: Any) -> list[int]:
    """Q for one tree: costs ``w`` of nodes 1..2^n-1, leaves ``q``."""
    N = 1 << n
    a = np.zeros(2 * N, dtype=np.int64)
    a[1:N] = w
    a[N:] = q
    depth_of = np.zeros(2 * N, dtype=np.int64)
    for d in range(n + 1):
        depth_of[1 << d : 2 << d] = d
    # level d: each block of N >> d leaves (one subtree) sorted
    sorted_leaves = np.stack([np.sort(a[N:].reshape(1 << d, N >> d), axis=1).reshape(N)
                              for d in range(n + 1)])
    where = np.zeros(N + 1, dtype=np.int64)
    where[a[N:]] = np.arange(N, 2 * N)
    out = np.zeros(N, dtype=np.int64)
    f = np.zeros(2 * N, dtype=np.int64)
    _walk(k, a, f, N, min(k + 1, int(_BIG)), sorted_leaves, depth_of, where, out)
    return [int(x) for x in out]


def by_minimax(n: int, k: int, w: list[int], q: list[int]) -> tuple[int, ...]:
    """Q from the rules: Alice decides node by node whether to buy it (within
    K), then Bob orients each free node; the payoff is the visiting order."""
    N = 1 << n

    def order(bought: int, flips: int, u: int = 1) -> tuple[int, ...]:
        if u >= N:
            return (q[u - N],)
        first, second = order(bought, flips, 2 * u), order(bought, flips, 2 * u + 1)
        swap = not bought >> u & 1 and flips >> u & 1
        return second + first if swap else first + second

    def moves(s: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
        i, left, bought, flips = s
        if i < N:  # Alice: node i, budget left
            keep = [(i + 1, left, bought, 0)]
            return keep + ([(i + 1, left - w[i - 1], bought | 1 << i, 0)] if w[i - 1] <= left else [])
        j = i - N + 1  # Bob orients node j (a bought node has one way)
        if j >= N:
            return []
        if bought >> j & 1:
            return [(i + 1, left, bought, flips)]
        return [(i + 1, left, bought, flips), (i + 1, left, bought, flips | 1 << j)]

    game = ZeroSumGame(
        moves,
        lambda s: order(s[2], s[3]) if s[0] == 2 * N - 1 else None,
        to_move=lambda s: "max" if s[0] < N else "min",
        name="maze guard",
    )
    return game.value((1, k, 0, 0))  # type: ignore[no-any-return]


def solve(text: str) -> str:
    data = text.split()
    pos = 0
    t = int(data[pos])
    pos += 1
    out = []
    for _ in range(t):
        n, k = int(data[pos]), int(data[pos + 1])
        pos += 2
        N = 1 << n
        w = np.array(data[pos : pos + N - 1], dtype=np.int64)
        pos += N - 1
        q = np.array(data[pos : pos + N], dtype=np.int64)
        pos += N
        out.append(" ".join(map(str, solve_case(n, k, w, q))))
    return "\n".join(out)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
