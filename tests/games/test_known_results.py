"""Published results in one table: a row per catalogue game, with its published
values (Grundy values of heaps 0, 1, 2, ..., or of coins 1, 2, ..., or of listed
positions), its period, preperiod and saltus, its misère values and its
P-positions where they are published (OEIS, Winning Ways, Flammenkamp's tables of
octal games, CGSuite's test suite ``GameHeapTest``).

Each row is checked three ways by :func:`test_published_result`: the catalogue
(``grundy.games.get(spec)``) gives the published values; a brute force from the
raw rules, written plainly below (one mex recursion per family), gives them too;
and the library's pattern (``grundy.solve.tables.pattern_of``) is the published
period. Misère values are checked against a plain misère search and against
``grundy.Misere``.

The preperiod is the last exception + 1: ``g(n + period) = g(n) + saltus`` for
every ``n >= preperiod``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pytest

import grundy
from grundy import Outcome
from grundy.games import string
from grundy.solve.tables import PeriodSearch, heap_table, pattern_of
from grundy.solve.budget import Budget
from tests.oracles import grundy_values, wins
from tests.oracles import mex

# ------------------------------------------------------------------ raw rules
HeapMoves = Callable[[int], Iterable[tuple[int, ...]]]  # heap n -> the heaps a move leaves


def take_and_break(code: str) -> HeapMoves:
    """The moves of a take-and-break code ``d0.d1d2...``: taking ``k`` tokens
    (``k = 0`` for ``d0``) may leave no heap (bit 1 of ``d_k``), one heap (bit 2)
    or two heaps (bit 4); a trailing ``...`` repeats the last digit forever."""
    repeat = code.endswith("...")
    head, tail = code.removesuffix("...").split(".")
    digits = [int(head)] + [int(c) for c in tail]

    def moves(n: int) -> Iterable[tuple[int, ...]]:
        for k in range(n + 1):
            d = digits[k] if k < len(digits) else (digits[-1] if repeat else 0)
            rest = n - k
            if d & 1 and k > 0 and rest == 0:
                yield ()
            if d & 2 and k > 0 and rest > 0:
                yield (rest,)
            if d & 4:
                yield from ((a, rest - a) for a in range(1, rest // 2 + 1))

    return moves


def subtract(s: Iterable[int]) -> HeapMoves:
    """Take ``k`` tokens, ``k`` in the set ``s``."""
    takes = sorted(s)
    return lambda n: [(n - k,) for k in takes if k <= n]


def nim(n: int) -> Iterable[tuple[int, ...]]:
    """Take any number of tokens."""
    return [(k,) for k in range(n)]


def nim_or_split(n: int) -> Iterable[tuple[int, ...]]:
    """Lasker's Nim: take any number of tokens, or split a heap into two heaps."""
    return [(k,) for k in range(n)] + [(a, n - a) for a in range(1, n // 2 + 1)]


def unequal_split(n: int) -> Iterable[tuple[int, ...]]:
    """Grundy's game: split a heap into two heaps of different sizes."""
    return [(a, n - a) for a in range(1, (n - 1) // 2 + 1)]


def heap_values(moves: HeapMoves, to: int) -> list[int]:
    """Normal play: ``g(n) = mex`` over the moves of the XOR of the heaps left."""
    g: list[int] = []
    for n in range(to + 1):
        seen = set()
        for heaps in moves(n):
            x = 0
            for h in heaps:
                x ^= g[h]
            seen.add(x)
        g.append(mex(seen))
    return g


def misere_values(moves: HeapMoves, to: int) -> list[int]:
    """Misère play of one heap: the misère Grundy value of the whole position (a
    multiset of heaps), 1 where no move is left; searched over every position."""

    @lru_cache(maxsize=None)
    def value(heaps: tuple[int, ...]) -> int:
        seen = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for left in moves(h):
                seen.add(value(tuple(sorted(rest + tuple(x for x in left if x)))))
        return mex(seen) if seen else 1

    return [value((n,) if n else ()) for n in range(to + 1)]


TurningSets = Callable[[int], Iterable[tuple[int, ...]]]  # coin c -> the sets of coins turned, c the largest


def coin_values(sets: TurningSets, to: int) -> list[int]:
    """The value of a lone head at coin ``c = 1..to``: a move turns the coins of
    one set (its largest, ``c``, from heads to tails), so ``g(c) = mex`` of the
    XOR of the other coins' values (a row of coins is the sum of its heads)."""
    g: dict[int, int] = {}
    for c in range(1, to + 1):
        seen = set()
        for s in sets(c):
            x = 0
            for d in s:
                if d != c:
                    x ^= g[d]
            seen.add(x)
        g[c] = mex(seen)
    return [g[c] for c in range(1, to + 1)]


def chop(n: int) -> Iterable[int]:
    """A string of ``n`` edges on the ground: cut an edge, and the edges above it
    fall, leaving a shorter string."""
    return range(n)


def wythoff(p: tuple[int, int]) -> Iterable[tuple[int, int]]:
    """Take from one pile, or the same number from both."""
    a, b = p
    yield from ((k, b) for k in range(a))
    yield from ((a, k) for k in range(b))
    yield from ((a - d, b - d) for d in range(1, min(a, b) + 1))


def fibonacci_nim(p: tuple[int, int]) -> Iterable[tuple[int, int]]:
    """Heap ``n``, at most ``cap`` to take; the next player may take up to twice
    what was taken. The opening position of heap ``n`` is ``(n, n - 1)``."""
    n, cap = p
    return [(n - t, 2 * t) for t in range(1, min(cap, n) + 1)]


def euclid(p: tuple[int, int]) -> Iterable[tuple[int, int]]:
    """Subtract a positive multiple of the smaller number from the larger, leaving
    it non-negative; whoever makes a 0 wins."""
    a, b = p
    if a == 0 or b == 0:
        return []
    lo, hi = min(a, b), max(a, b)
    return [(lo, hi - k * lo) if a == lo else (hi - k * lo, lo) for k in range(1, hi // lo + 1)]


# ------------------------------------------------------------------ the table
@dataclass(frozen=True)
class Known:
    """One game's published results.

    ``family`` says what ``values`` lists and which brute force checks it:
    ``"heap"``: heaps 0, 1, 2, ... (``rules``: the heaps a move leaves);
    ``"coin"``: a lone head at coins 1, 2, ... (``rules``: the turning sets);
    ``"position"``: the ``positions`` listed (``rules``: the moves of a position;
    ``at`` turns one into the catalogue's position).
    """

    spec: str
    source: str
    family: str
    rules: Callable[..., Any]
    values: tuple[int, ...] = ()
    period: int | None = None
    preperiod: int | None = None
    saltus: int = 0
    misere: tuple[int, ...] = ()
    positions: tuple[Any, ...] = ()
    at: Callable[[Any], Any] = lambda p: p
    #: the P-positions among ``candidates``, as published
    p_positions: tuple[Any, ...] = ()
    candidates: tuple[Any, ...] = ()
    #: the library proves the period (Guy-Smith for octal games, the window of
    #: max(S) values for subtraction games), not only observes it
    proven: bool = False
    #: no period known: the library must prove none
    unsolved: bool = False
    slow: bool = False


def pairs(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for b in range(n + 1) for a in range(b + 1))


def published_sequences() -> dict[str, tuple[int, ...]]:
    """The sequences as printed by their source (OEIS offsets noted)."""
    return {
        # Kayles, octal .77 (offset 0)
        "A002186": (
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
            1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
            1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
            4, 1, 2, 8, 1, 4, 7, 2, 1,
        ),
        # Dawson's chess, octal .137 (offset 0); .07 has a(n-1), .4 has a(n-2)
        "A002187": (
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
            7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
            5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
            0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
            1, 1, 0, 4,
        ),
        # Grundy's game (offset 0)
        "A002188": (
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
            2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
            4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
            5, 2, 3, 5, 2, 3, 5, 2, 3,
        ),
        # Double Kayles, octal .7777 (offset 0)
        "A071074": (
            0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 4, 5, 12, 13, 9, 8, 2, 3, 4, 5, 15,
            14, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 16, 17, 10, 11, 8, 9,
            14, 15, 5, 4, 3, 2, 16, 17, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 14, 15, 5, 4, 3,
            2,
        ),
        # octal .117 (offset 1)
        "A071453": (
            1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0, 1, 0,
            4, 3, 2, 2, 2, 0, 1, 0, 1, 0, 4, 3, 2, 5, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4, 0, 1, 0, 1, 3, 2, 3,
            2, 3, 4, 0, 1, 0, 4, 3, 2, 3, 2, 3, 1, 0, 1, 0, 4, 3, 2, 3, 2, 0, 1, 0, 1, 0, 4, 3, 2, 3, 4, 0,
            1, 0, 1, 0, 2, 3, 2, 3, 4,
        ),
        # octal .1377 (offset 1)
        "A071434": (
            1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7, 1, 1,
            4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4, 7, 7, 2, 2, 1, 1,
            8, 8, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 2, 2, 7, 7, 4, 4,
            1, 1, 2, 2, 8, 8,
        ),
        # octal .11377 (offset 1)
        "A071452": (
            1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 2, 2, 2, 6, 6, 4, 4, 4,
            1, 1, 1, 2, 2, 2, 7, 7, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 8, 6, 2, 7, 7, 4, 4, 4,
            1, 1, 1, 2, 2, 2, 8, 8, 8, 5, 1, 4, 4, 4, 7, 7, 2, 2, 2, 1, 1, 1, 8, 8, 8, 6, 2, 7, 7, 4, 4, 4,
            1, 1, 1, 2, 2, 2, 3, 8, 1,
        ),
        # octal .113377 (offset 1)
        "A071451": (
            1, 1, 1, 2, 2, 2, 3, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 4, 2, 2, 2, 6, 6,
            6, 4, 4, 4, 1, 1, 1, 2, 2, 2, 7, 7, 7, 1, 1, 1, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 4, 6,
            6, 6, 7, 7, 7, 4, 4, 4, 1, 1, 1, 2, 2, 2, 8, 8, 8, 5, 5, 5, 4, 4, 4, 7, 7, 7, 2, 2, 2, 1, 1, 1,
            8, 8, 8, 6, 6, 6, 7, 7, 7,
        ),
        # octal .177 (offset 1)
        "A071435": (
            1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4, 1, 1, 2, 2, 7, 1, 1, 4, 4, 3, 2, 2,
            1, 1, 4, 8, 2, 7, 4, 4, 1, 1, 2, 2, 7, 8, 1, 4, 4, 7, 2, 2, 1, 1, 4, 4, 2, 7, 7, 4, 1, 1, 2, 2,
            7, 7, 1, 1, 4, 7, 2, 2, 1, 1, 4, 4, 6, 2, 7, 4, 1, 1, 2, 2, 8, 8, 5, 1, 4, 7, 2, 2, 1, 1, 8, 8,
            6, 7, 7, 4, 1, 1,
        ),
        # octal .127 (offset 1)
        "A071464": (
            1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2, 7, 8,
            1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0, 1, 8, 3, 2,
            1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4,
        ),
        # odious numbers (offset 0): Mock Turtles, coin n + 1
        "A000069": (
            1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49,
            50, 52, 55, 56, 59, 61, 62, 64, 67, 69, 70, 73, 74, 76, 79,
        ),
        # 2-adic value of 2n (offset 1): the Ruler game, coin n
        "A006519": (
            1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1,
            32, 1, 2, 1, 4,
        ),
        # lower and upper Wythoff sequences (offset 1)
        "A000201": (
            1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37, 38, 40,
            42, 43, 45, 46, 48,
        ),
        "A001950": (
            2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52, 54, 57, 60, 62, 65,
            68, 70, 73, 75, 78,
        ),
        # Fibonacci numbers (offset 0)
        "A000045": (0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144),
    }


A = published_sequences()

# CGSuite's test suite (GameHeapTest): heaps 0..20, and Spawning games (heap n =
# coin n, heap 0 = no coin), and Wythoff's Grundy values of (10, n)
CGSUITE = {
    "misere nim": tuple([1, 0] + list(range(2, 21))),
    "misere kayles": (1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0),
    "misere dawson": (1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3),
    "misere grundy": (1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2),
    "subtraction 2,3,7": (0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0),
    "misere subtraction 2,3,7": (1, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1, 1, 0, 0, 2, 1),
    "moidores": (1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192, 16384, 26215,
                 32768, 43691),
    "triplets": (0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35),
    "wythoff (10, n)": (10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28),
}

# the coins' turning sets, from each game's statement (c: the coin turned to tails)
# c, and maybe one coin to its left
TURNING_TURTLES: TurningSets = lambda c: [(c,)] + [(d, c) for d in range(1, c)]
# c, and up to two coins to its left
MOCK_TURTLES: TurningSets = lambda c: (
    [(c,)] + [(d, c) for d in range(1, c)] + [(a, b, c) for a in range(1, c) for b in range(a + 1, c)])
# c and exactly two coins to its left
TRIPLETS: TurningSets = lambda c: [(a, b, c) for a in range(1, c) for b in range(a + 1, c)]
# c, and up to eight coins to its left
MOIDORES: TurningSets = lambda c: (s + (c,) for k in range(9) for s in itertools.combinations(range(1, c), k))
# a run of coins ending at c
RULER: TurningSets = lambda c: [tuple(range(a, c + 1)) for a in range(1, c + 1)]


def cole_davie_loses(a: int, b: int) -> bool:
    """Euclid's game (Cole & Davie): with ``0 < lo < hi``, the player to move
    loses iff ``hi < phi * lo``, i.e. ``hi**2 < hi * lo + lo**2``."""
    lo, hi = sorted((a, b))
    return 0 < lo < hi and hi * hi < hi * lo + lo * lo

WW = "Winning Ways ch. 4"
KNOWN = [
    # ---------------------------------------------------------------- heaps
    Known("nim", "Bouton (1901); misere: CGSuite GameHeapTest", "heap", nim,
          values=tuple(range(40)), period=1, preperiod=0, saltus=1, misere=CGSUITE["misere nim"]),
    Known("bash:3", f"{WW} (subtraction {{1,2,3}}: n mod 4)", "heap", subtract({1, 2, 3}),
          values=tuple(n % 4 for n in range(40)), period=4, preperiod=0, proven=True),
    Known("subtraction:1,3,4", f"{WW}: 0101232 repeated", "heap", subtract({1, 3, 4}),
          values=tuple((0, 1, 0, 1, 2, 3, 2)[n % 7] for n in range(40)), period=7, preperiod=0, proven=True),
    Known("subtraction:2,3,7", "CGSuite GameHeapTest (values, period, misere)", "heap", subtract({2, 3, 7}),
          values=CGSUITE["subtraction 2,3,7"], period=5, preperiod=0, proven=True,
          misere=CGSUITE["misere subtraction 2,3,7"]),
    # Lasker's Nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3
    Known("lasker", f"{WW} (Lasker's Nim)", "heap", nim_or_split,
          values=tuple(n + (n % 4 == 3) - (n % 4 == 0 and n > 0) for n in range(40)),
          period=4, preperiod=1, saltus=4),
    Known("kayles", "OEIS A002186 (last exception 70); misere: CGSuite GameHeapTest", "heap",
          take_and_break("0.77"), values=A["A002186"], period=12, preperiod=71, proven=True,
          misere=CGSUITE["misere kayles"]),
    Known("octal:0.137", "OEIS A002187 (Dawson's chess; exceptions up to 51)", "heap", take_and_break("0.137"),
          values=A["A002187"], period=34, preperiod=52, proven=True),
    Known("dawson", "OEIS A002187 shifted by one (octal .07); misere: CGSuite GameHeapTest", "heap",
          take_and_break("0.07"), values=(0,) + A["A002187"], period=34, preperiod=53, proven=True,
          misere=CGSUITE["misere dawson"]),
    Known("octal:0.4", "OEIS A002187 shifted by two (octal .4)", "heap", take_and_break("0.4"),
          values=(0, 0) + A["A002187"], period=34, preperiod=54, proven=True),
    Known("octal:0.7777", "OEIS A071074 (Double Kayles; last exception 141)", "heap", take_and_break("0.7777"),
          values=A["A071074"], period=24, preperiod=142, proven=True),
    Known("octal:0.117", "OEIS A071453 (exceptions up to 46)", "heap", take_and_break("0.117"),
          values=(0,) + A["A071453"], period=48, preperiod=47, proven=True),
    Known("octal:0.1377", "OEIS A071434 (last exception 140)", "heap", take_and_break("0.1377"),
          values=(0,) + A["A071434"], period=24, preperiod=141, proven=True),
    Known("octal:0.11377", "OEIS A071452 (last exception 186)", "heap", take_and_break("0.11377"),
          values=(0,) + A["A071452"], period=32, preperiod=187, proven=True),
    Known("octal:0.113377", "OEIS A071451 (last exception 210)", "heap", take_and_break("0.113377"),
          values=(0,) + A["A071451"], period=36, preperiod=211, proven=True),
    Known("octal:0.177", "OEIS A071435 (last exception 496)", "heap", take_and_break("0.177"),
          values=(0,) + A["A071435"], period=20, preperiod=497, proven=True),
    Known("octal:0.127", "OEIS A071464 (Gangolli-Plambeck: last exception 46577)", "heap",
          take_and_break("0.127"), values=(0,) + A["A071464"], period=4, preperiod=46578, proven=True,
          slow=True),  # the proof tables 93,000 heaps
    Known("grundys-game", "OEIS A002188 (no period known); misere: CGSuite GameHeapTest", "heap",
          unequal_split, values=A["A002188"], misere=CGSUITE["misere grundy"], unsolved=True),
    # Officers: the values of the raw rules (no stored list to compare with); no period known
    Known("octal:0.6", "Winning Ways ch. 4 (Officers; no period known, Flammenkamp)", "heap",
          take_and_break("0.6"), values=(
              0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1, 2, 0,
              1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1, 2, 3, 1),
          unsolved=True),
    Known("hackenbush", "Winning Ways ch. 2 (a Green Hackenbush string of n edges is *n)", "position",
          chop, positions=tuple(range(31)), at=string,
          values=tuple(range(31))),
    # ---------------------------------------------------------------- coins
    Known("turning-turtles", "Winning Ways ch. 14 (Turning Turtles is Nim)", "coin", TURNING_TURTLES,
          values=tuple(range(1, 41))),
    Known("mock-turtles", "OEIS A000069 (odious numbers); CGSuite GameHeapTest", "coin", MOCK_TURTLES,
          values=A["A000069"]),
    Known("ruler", "OEIS A006519; CGSuite GameHeapTest", "coin", RULER, values=A["A006519"]),
    Known("moidores", "CGSuite GameHeapTest (Spawning 1-9)", "coin", MOIDORES, values=CGSUITE["moidores"]),
    Known("triplets", "CGSuite GameHeapTest (Spawning 3)", "coin", TRIPLETS, values=CGSUITE["triplets"]),
    # ---------------------------------------------------------------- positions
    Known("wythoff", "OEIS A000201, A001950 (P-positions); CGSuite GameHeapTest (values of (10, n))",
          "position", wythoff, positions=tuple((10, n) for n in range(21)), values=CGSUITE["wythoff (10, n)"],
          p_positions=((0, 0),) + tuple(zip(A["A000201"], A["A001950"])), candidates=pairs(78)),
    # Whinihan (1963): the first player loses exactly when the heap is a Fibonacci number
    Known("fibonacci", "OEIS A000045 (Fibonacci Nim: Whinihan)", "position", fibonacci_nim,
          p_positions=tuple((n, n - 1) for n in A["A000045"] if 2 <= n <= 100),
          candidates=tuple((n, n - 1) for n in range(2, 101))),
    Known("euclid", "Cole & Davie, Math. Gazette 53 (1969)", "position", euclid,
          p_positions=tuple(p for p in itertools.product(range(1, 41), repeat=2) if cole_davie_loses(*p)),
          candidates=tuple(itertools.product(range(1, 41), repeat=2))),
]


def rows() -> list[Any]:
    return [pytest.param(r, id=r.spec, marks=[pytest.mark.slow] if r.slow else []) for r in KNOWN]


# ------------------------------------------------------------------ the checks
def catalogue_values(rs: Any, row: Known) -> list[int]:
    if row.family == "heap":
        return heap_table(rs, len(row.values) - 1).values
    if row.family == "coin":
        return rs.single_values(len(row.values))
    return [rs.value(row.at(p)) for p in row.positions]


def brute_values(row: Known) -> list[int]:
    if row.family == "heap":
        return heap_values(row.rules, len(row.values) - 1)
    if row.family == "coin":
        return coin_values(row.rules, len(row.values))
    g = grundy_values(row.rules)
    return [g(p) for p in row.positions]


def library_pattern(rs: Any, row: Known) -> Any:
    """The pattern the faces show, on a table long enough to prove the period."""
    if row.unsolved and isinstance(rs, PeriodSearch) and not rs.period_searched:
        # a private copy of the take-and-break game, searched within a small budget
        rs = type(rs)(rs.spec.split(":", 1)[1])
        rs.find_period(budget=Budget(seconds=0.5, positions=1 << 12))
    need = len(row.values) if row.period is None else 2 * row.preperiod + 4 * row.period + 40
    return pattern_of(rs, heap_table(rs, max(len(row.values), need) - 1).values)


@pytest.mark.parametrize("row", rows())
def test_published_result(row: Known) -> None:
    rs = grundy.games.get(row.spec)
    # 1. the catalogue and 2. the raw rules give the published values
    if row.values:
        assert catalogue_values(rs, row) == list(row.values), row.source
        assert brute_values(row) == list(row.values), row.source
    if row.candidates:
        P = [p for p in row.candidates if rs.outcome(row.at(p)) is Outcome.P]
        assert P == list(row.p_positions), row.source
        w = wins(row.rules)
        assert [p for p in row.candidates if not w(p)] == list(row.p_positions), row.source
    # 3. the library's period is the published one
    if row.period is not None:
        p = library_pattern(rs, row)
        assert p is not None, row.source
        assert (p.period, p.preperiod, p.saltus) == (row.period, row.preperiod, row.saltus), row.source
        assert p.proven or not row.proven, row.source
        v = row.values  # and the published values follow it
        assert all(v[n] == v[n - p.period] + p.saltus for n in range(p.preperiod + p.period, len(v)))
    elif row.unsolved:
        p = library_pattern(rs, row)
        assert p is None or not p.proven, (row.source, p)
    # misère play: a plain misère search and the library's misère analysis
    if row.misere:
        n = len(row.misere) - 1
        assert misere_values(row.rules, n) == list(row.misere), row.source
        assert grundy.Misere(rs).table(n) == list(row.misere), row.source


def test_every_row_is_a_catalogue_game_with_enough_terms() -> None:
    """The table covers the catalogue's classics, and gives at least 30 terms of
    a sequence where the source has them (CGSuite's lists stop at heap 20)."""
    specs = [r.spec for r in KNOWN]
    assert len(specs) == len(set(specs))
    assert {"nim", "bash:3", "subtraction:1,3,4", "lasker", "kayles", "dawson", "octal:0.137",
            "grundys-game", "octal:0.6", "mock-turtles", "ruler", "wythoff", "fibonacci", "euclid",
            "hackenbush"} <= set(specs)
    for r in KNOWN:
        assert r.values or r.p_positions, r.spec
        if r.values and r.values not in CGSUITE.values():  # CGSuite lists 21 terms
            assert len(r.values) >= 30, r.spec
