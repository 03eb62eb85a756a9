"""Brute-force oracles, kept simple and obviously right (plain recursion on small
games, straight from the definitions). Never used by the library itself."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Hashable, Iterable

import numpy as np

Moves = Callable[[Hashable], Iterable[Hashable]]


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values``."""
    s = set(values)
    m = 0
    while m in s:
        m += 1
    return m


def wins(moves: Moves) -> Callable[[Hashable], bool]:
    """``wins(p)``: the player to move wins iff some option is a loss."""

    @lru_cache(maxsize=None)
    def w(p: Hashable) -> bool:
        return any(not w(o) for o in moves(p))

    return w


def grundy_values(moves: Moves) -> Callable[[Hashable], int]:
    """``g(p) = mex {g(o)}`` by the definition."""

    @lru_cache(maxsize=None)
    def g(p: Hashable) -> int:
        return mex(g(o) for o in moves(p))

    return g


def sum_moves(moves: Moves) -> Moves:
    """Moves of the sum game whose positions are tuples of component positions:
    move in exactly one component."""

    def mv(ps: tuple) -> Iterable[tuple]:
        for i, p in enumerate(ps):
            for o in moves(p):
                yield ps[:i] + (o,) + ps[i + 1 :]

    return mv


def remoteness(moves: Moves) -> Callable[[Hashable], int]:
    """Steinhaus remoteness: 0 at the end; winner (some option of even
    remoteness) takes 1 + the least even one; loser 1 + the largest."""

    @lru_cache(maxsize=None)
    def r(p: Hashable) -> int:
        rs = [r(o) for o in moves(p)]
        if not rs:
            return 0
        even = [x for x in rs if x % 2 == 0]
        return 1 + (min(even) if even else max(rs))

    return r


def suspense(moves: Moves) -> Callable[[Hashable], int]:
    """The Every-SG step: winner takes 1 + the largest even option, loser 1 +
    the least."""

    @lru_cache(maxsize=None)
    def s(p: Hashable) -> int:
        ss = [s(o) for o in moves(p)]
        if not ss:
            return 0
        even = [x for x in ss if x % 2 == 0]
        return 1 + (max(even) if even else min(ss))

    return s


def nim_mul_table(n: int) -> list[list[int]]:
    """Conway's definition: a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b}."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            s = {t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)}
            m = 0
            while m in s:
                m += 1
            t[a][b] = m
    return t


def octal_moves(digits):
    """The split / take / whole-heap counts of an octal code's digits d0.d1d2..."""
    return {"splits": [k for k, d in enumerate(digits) if d & 4],
            "takes": [k for k, d in enumerate(digits) if k and d & 2],
            "wholes": [k for k, d in enumerate(digits) if k and d & 1]}


def split_game_table(n, splits=(), takes=(), wholes=(), unequal=False):
    """g(0..n) by the definition: the mex of every option (the XORs of a split's
    two parts read off the table so far with numpy)."""
    g = np.zeros(n + 1, dtype=np.int64)
    for m in range(1, n + 1):
        opts = [np.zeros(0, dtype=np.int64)]
        for k in wholes:
            if m == k:
                opts.append(np.zeros(1, dtype=np.int64))
        for k in takes:
            if m > k:
                opts.append(g[m - k:m - k + 1])
        for k in splits:
            r = m - k
            half = (r - 1) // 2 if unequal else r // 2
            if half >= 1:  # g[a] ^ g[r - a] for a = 1..half
                opts.append(g[1:half + 1] ^ g[r - half:r][::-1])
        o = np.concatenate(opts)
        seen = np.zeros(len(o) + 1, dtype=bool)  # the mex is at most the number of options
        seen[o[o <= len(o)]] = True
        g[m] = int(np.argmin(seen))
    return g


def octal_heap_options(digits):
    """Options of heap ``n`` of the octal game with code digits ``d0.d1d2...``,
    straight from the rules, as sorted tuples of the non-empty heaps left: take
    ``k`` tokens where digit ``k`` allows it, leaving no heap (bit 1), one heap
    (bit 2) or two heaps (bit 4)."""

    def options(n):
        out = set()
        for k, d in enumerate(digits):
            if k == 0 or k > n:
                continue
            r = n - k
            if d & 1 and r == 0:
                out.add(())
            if d & 2 and r >= 1:
                out.add((r,))
            if d & 4:
                for a in range(1, r // 2 + 1):
                    out.add((a, r - a))
        return sorted(out)

    return options


def misere_p(heap_options):
    """``p(heaps)``: whether the misère sum of the sorted tuple ``heaps`` is a
    P-position (the player to move loses; with no move at all the player to move
    wins), by exhaustive search of the whole sum."""

    @lru_cache(maxsize=None)
    def p(heaps: tuple) -> bool:
        moved = False
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for o in heap_options(h):
                moved = True
                if p(tuple(sorted(rest + tuple(o)))):
                    return False
        return moved

    return p


def misere_p_over(heap_options, quotient, top):
    """``p(heaps)`` for sums of heaps ``<= top`` whose heaps below ``top`` are
    covered by ``quotient``: exhaustive search over the copies of heap ``top`` (and
    the moves in the other heaps while any copy is left), the sums without heap
    ``top`` answered by the quotient. Semi-exhaustive: it trusts the quotient of the
    smaller heaps (itself checked against :func:`misere_p` by the tests), nothing
    about heap ``top``."""

    @lru_cache(maxsize=None)
    def p(k: int, rest: tuple) -> bool:
        if k == 0:
            return quotient.outcome(list(rest)).name == "P"
        for o in heap_options(top):  # heap top always has a move here
            if p(k - 1, tuple(sorted(rest + tuple(h for h in o if heap_options(h))))):
                return False
        for i, h in enumerate(rest):
            if i and rest[i - 1] == h:
                continue
            others = rest[:i] + rest[i + 1:]
            for o in heap_options(h):
                if p(k, tuple(sorted(others + tuple(x for x in o if heap_options(x))))):
                    return False
        return True

    def outcome(heaps: tuple) -> bool:
        rest = tuple(sorted(h for h in heaps if h != top and heap_options(h)))
        return p(sum(1 for h in heaps if h == top), rest)

    return outcome
