"""The catalogue's coin-turning games on a row: turn one, two (Turning
Turtles), exactly two (Twins), up to ``t`` (Mock Turtles, Moidores), three, the
ruler, runs of three, a pair within three, and multiples (HAOI2015)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grundy.values.errors import InvalidParameterError, InvalidPositionError, SearchLimitError, describe
from grundy.solve.caches import cache_of
from grundy.values.nimbers import mex_of_set
from grundy.games.registry import catalogued
from grundy.games.coins.board import CoinTurning, _int_arg, _xor, odious

__all__ = ["TurnOne", "TurningTurtles", "Twins", "UpTo", "MockTurtles", "Moidores", "Triplets",
           "Ruler", "ThreeConsecutive", "OnePlusLeftThree", "Multiples"]


@catalogued("turn-one", "turn one coin", "coins:1",
            summary="Coins: turn one coin from heads to tails (value: parity of the heads).",
            position="HTHH", legal=("HTHH", "T", "HHHHH"))
class TurnOne(CoinTurning):
    """Turn one coin (heads to tails): every head is worth 1, the value is the
    parity of the number of heads.

    >>> TurnOne()["HHTH"].value
    1
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        return [(c,)]

    def single(self, c: int) -> int:
        return 1

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        return (c,) if need == 0 else None


@catalogued("turning-turtles", "turning turtles", "one-or-two", "one or two coins",
            summary="Coins: turn one or two coins, the rightmost heads to tails (coin c = nim heap c).",
            position="THTTH", legal=("THTTH", "H", "TTTTTTH"))
class TurningTurtles(CoinTurning):
    """Turning Turtles (the notes' "one or two coins"): turn one or two coins; coin
    ``c`` is a Nim heap of ``c``.

    >>> TurningTurtles().winning_turn("HTHHT")
    (2, 4)
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        yield (c,)
        for d in range(1, c):
            yield (d, c)

    def single(self, c: int) -> int:
        return c

    def single_array(self, n: int) -> Any:
        import numpy as np

        return np.arange(n + 1, dtype=np.int64)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        if need == 0:
            return (c,)
        return (need, c) if need < c else None


@catalogued("twins", "twins coins", summary="Coins: turn exactly two coins (coin c = nim heap c-1).",
            position="THTTH", legal=("THTTH", "H", "HHTH"))
class Twins(CoinTurning):
    """Twins: turn exactly two coins; coin ``c`` is a Nim heap of ``c - 1``.

    >>> Twins().single_values(5)
    [0, 1, 2, 3, 4]
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        return [(d, c) for d in range(1, c)]

    def single(self, c: int) -> int:
        return c - 1

    def single_array(self, n: int) -> Any:
        import numpy as np

        return np.maximum(np.arange(-1, n, dtype=np.int64), 0)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        return (need + 1, c) if need < c - 1 else None


class _SubsetXor:
    """The single values of an up-to-``t`` game so far, and ``reach[k]``:
    ``{xor: (coin, previous xor)}`` for exactly ``k`` distinct coins below them,
    grown with the coins (``k < min(t, coins)``, so a huge ``t`` costs nothing up
    front)."""

    def __init__(self, t: int) -> None:
        self.t = t
        self.reach: list[dict[int, tuple[int, int]]] = [{0: (0, 0)}]
        self.values: list[int] = [0]

    def grow(self, c: int, limit: int, name: str) -> int:
        """The value of coin ``c`` (the table grown to it; at most ``limit`` XORs)."""
        vals, reach = self.values, self.reach
        while len(vals) <= c:
            if sum(map(len, reach)) > limit:
                raise SearchLimitError(
                    f"{name}: the subset-XOR table for coin {len(vals)} would pass "
                    f"{limit:,} values (coin {c} asked)"
                )
            coin = len(vals)
            seen: set[int] = set()
            for r in reach:
                seen.update(r)
            g = mex_of_set(seen)
            vals.append(g)
            if len(reach) < self.t:  # now exactly ``coin`` coins are possible
                reach.append({})
            for k in range(len(reach) - 1, 0, -1):
                tgt = reach[k]
                for x in list(reach[k - 1]):
                    y = x ^ g
                    if y not in tgt:
                        tgt[y] = (coin, x)
        return vals[c]


@catalogued("upto", "coins up to", "spawning",
            summary="Coins: turn one to t coins (upto:3 = Mock Turtles).",
            params="t (upto:5)", sample="upto:5", position="HHTH", legal=("HHTH", "TTTTH"))
class UpTo(CoinTurning):
    """Turn any 1 to ``t`` coins (``t = 2``: Turning Turtles, ``3``: Mock Turtles,
    ``9``: Moidores). Single values by a subset-XOR table: after coins ``1..c-1``,
    the XORs reachable with exactly ``k`` of them, for ``k < t``.

    >>> UpTo(5).single_values(8)
    [1, 2, 4, 8, 16, 31, 32, 64]
    """

    _trusted_rule = True

    def __init__(self, t: int, name: str | None = None) -> None:
        if isinstance(t, bool) or not isinstance(t, int) or t < 1:
            raise InvalidParameterError(f"upto: t must be an integer >= 1; got {describe(t)}")
        super().__init__(name=name or f"upto:{t}")
        self.t = t

    @classmethod
    def from_args(cls, args: str | None) -> UpTo:
        return cls(_int_arg(args, "upto", "t", "the most coins turned", 5))

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        from itertools import combinations

        for k in range(min(self.t, c)):  # at most c - 1 other coins below c
            for others in combinations(range(1, c), k):
                yield (*others, c)

    #: Most XOR values the subset table may hold (values of Moidores-like games grow
    #: exponentially, and so does the table).
    table_limit = 20_000_000

    def single(self, c: int) -> int:
        t = self.t
        table = cache_of(self, "subset xor", lambda: _SubsetXor(t))
        return table.grow(c, self.table_limit, self.name)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        # Coins used to reach ``need`` are all < c only if the table was built for
        # coins < c: rebuild from scratch for small c is cheap; in general follow
        # the parents recorded while the table had exactly c - 1 coins.
        sub = _SubsetXor(self.t)
        sub.grow(c - 1, self.table_limit, self.name) if c > 1 else None
        for k in range(len(sub.reach)):
            if need in sub.reach[k]:
                coins = []
                x, kk = need, k
                while kk > 0:
                    coin, prev = sub.reach[kk][x]
                    coins.append(coin)
                    x, kk = prev, kk - 1
                return (*sorted(coins), c)
        return None


@catalogued("mock-turtles", "mock turtles", "mock turtle", "mocking turtles",
            summary="Coins: turn one to three coins (coin c = the odious number 2(c-1) or 2(c-1)+1).",
            position="THTTH", legal=("THTTH", "H", "TTTTTTTTH"))
class MockTurtles(UpTo):
    """Mock Turtles: turn one, two or three coins. Coin ``c`` is worth the odious
    one of ``2(c-1)`` and ``2(c-1)+1`` (OEIS A000069).

    >>> MockTurtles().winning_turn("HTTTHH")    # 1 ^ 8 ^ 11 = 2; 11 ^ 2 = 1 ^ 8
    (1, 5, 6)
    """

    def __init__(self) -> None:
        super().__init__(3, name="mock-turtles")

    def single(self, c: int) -> int:
        return odious(c - 1)

    def single_array(self, n: int) -> Any:
        from grundy.kernels.coins import mock_turtles_values

        return mock_turtles_values(n)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        if need == 0:
            return (c,)
        if bin(need).count("1") % 2:  # odious: one coin
            d = need // 2 + 1
            return (d, c) if d < c else None
        # evil: two odious values a ^ b = need, both coins < c
        for m in range(c - 1):
            a = odious(m)
            b = a ^ need
            d, e = m + 1, b // 2 + 1
            if d != e and e < c and odious(e - 1) == b:
                return (min(d, e), max(d, e), c)
        return None


@catalogued("moidores", "gold moidores", summary="Coins: turn one to nine coins.",
            position="HTTTTTTTTTH", legal=("HTTTTTTTTTH", "HH"))
class Moidores(UpTo):
    """Moidores: turn 1 to 9 coins (values by the subset-XOR table).

    >>> Moidores().single_values(12)
    [1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024]
    """

    def __init__(self) -> None:
        super().__init__(9, name="moidores")


@catalogued("triplets", "triplets coins", summary="Coins: turn exactly three coins.",
            position="TTHTH", legal=("TTHTH", "TTH"))
class Triplets(CoinTurning):
    """Triplets: turn exactly three coins. Coin ``c >= 3`` is worth the Mock
    Turtles value of coin ``c - 2``; coins 1 and 2 are worth 0.

    >>> Triplets().single_values(8)
    [0, 0, 1, 2, 4, 7, 8, 11]
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        for a in range(1, c):
            for b in range(a + 1, c):
                yield (a, b, c)

    def single(self, c: int) -> int:
        return odious(c - 3) if c >= 3 else 0

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        # coins 1, 2 are worth 0 and coin x >= 3 is Mock Turtles coin x - 2
        if c < 3:
            return None
        if need == 0:
            return (1, 2, c)
        t = MockTurtles().turn_for(c - 2, need)
        if t is None:
            return None
        if len(t) == 2:
            return (1, t[0] + 2, c)
        return (t[0] + 2, t[1] + 2, c)


@catalogued("ruler", "ruler game",
            summary="Coins: turn a run of consecutive coins ending at a head (coin c = largest 2^k | c).",
            position="TTTHTH", legal=("TTTHTH", "H", "TTTTTTTH"))
class Ruler(CoinTurning):
    """Ruler: turn any run of consecutive coins ending at the head. Coin ``c`` is
    worth the largest power of two dividing ``c`` (OEIS A006519).

    >>> Ruler().single_values(8), Ruler().winning_turn("TTTTTTTH")
    ([1, 2, 1, 4, 1, 2, 1, 8], (8,))
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        for a in range(c, 0, -1):
            yield tuple(range(a, c + 1))

    def single(self, c: int) -> int:
        return c & -c

    def single_array(self, n: int) -> Any:
        from grundy.kernels.coins import ruler_values

        return ruler_values(n)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        # the run c-k+1..c: XOR of the values of c-1, ..., c-k+1
        x = 0
        for a in range(c, 0, -1):
            if a < c:
                x ^= a & -a
            if x == need:
                return tuple(range(a, c + 1))
        return None


@catalogued("run-of-three", "three-consecutive", "three consecutive", "consecutive three",
            summary="Coins: turn exactly three consecutive coins (coin c worth 1 iff 3 | c).",
            position="TTHTTH", legal=("TTHTTH", "TTH"))
class ThreeConsecutive(CoinTurning):
    """The notes' rule 3: turn exactly three consecutive coins. Coin ``c`` is worth
    1 if 3 divides ``c``, else 0.

    >>> ThreeConsecutive().single_values(7)
    [0, 0, 1, 0, 0, 1, 0]
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        return [(c - 2, c - 1, c)] if c >= 3 else []

    def single(self, c: int) -> int:
        return 1 if c % 3 == 0 else 0


@catalogued("pair-within-3", "one-plus-left-three", "one plus left three",
            summary="Coins: turn a coin and one of the three to its left (coin c worth c mod 4).",
            position="HTTH", legal=("HTTH", "TTTH"))
class OnePlusLeftThree(CoinTurning):
    """The notes' rule 4: turn a coin and one of the three coins just left of it
    (coins 1..3 may also be turned alone). Coin ``c`` is worth ``c mod 4``.

    >>> OnePlusLeftThree().single_values(8)
    [1, 2, 3, 0, 1, 2, 3, 0]
    """

    _trusted_rule = True

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        if c <= 3:
            yield (c,)
        for d in range(max(1, c - 3), c):
            yield (d, c)

    def single(self, c: int) -> int:
        return c % 4

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        if need == 0 and c <= 3:
            return (c,)
        for d in range(max(1, c - 3), c):
            if d % 4 == need:
                return (d, c)
        return None


@catalogued("multiples", "haoi2015", "p3179", "array game",
            summary="Coins 1..n: a head x turns x, 2x, ..., kx (HAOI2015; n up to 10^9).",
            params="n (multiples:10)", sample="multiples:6", position="HTTHTT", legal=("HTTHTT", "TTTTTT"))
class Multiples(CoinTurning):
    """HAOI2015 P3179: a board of ``n`` coins; a move picks a head ``x`` and
    ``k <= n / x`` and turns coins ``x, 2x, ..., kx`` (the head is the leftmost).

    Coins with equal ``n // x`` have equal values; the table is built by blocks of
    equal quotients in O(n^(3/4)) (compiled), so ``n = 10^9`` is instant.

    >>> g = Multiples(10)
    >>> g.single_values(10)
    [4, 1, 2, 2, 2, 1, 1, 1, 1, 1]
    >>> Multiples(10**9).single(1)
    68
    """

    _trusted_rule = True

    def __init__(self, n: int) -> None:
        super().__init__(name=f"multiples:{n}", leftmost=True, board=n)
        self.n = n

    @classmethod
    def from_args(cls, args: str | None) -> Multiples:
        return cls(_int_arg(args, "multiples", "n", "the board length", 10))

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        for k in range(1, self.n // c + 1):
            yield tuple(c * j for j in range(1, k + 1))

    def single(self, c: int) -> int:
        if not 1 <= c <= self.n:
            raise InvalidPositionError(f"{self.name}: no coin {describe(c)} on a board of {self.n}")
        from grundy.kernels.coins import multiples_values

        n = self.n
        small, large = cache_of(self, "blocks", lambda: multiples_values(n))
        return int(small[c]) if c * c <= self.n else int(large[self.n // c])

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        # the prefix XORs of c's multiples: O(n / c)
        x = 0
        for k in range(1, self.n // c + 1):
            if k > 1:
                x ^= self.single(k * c)
            if x == need:
                return tuple(c * j for j in range(1, k + 1))
        return None

    def heads_value(self, heads: Iterable[int]) -> int:
        """Value of the board whose heads are the coins ``heads`` (a set of coin
        numbers, each counted once per occurrence)."""
        return _xor(self.single, heads)
