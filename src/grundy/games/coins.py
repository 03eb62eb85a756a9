"""Coin-turning games on a row and on a grid.

A row of coins, each heads (``H``) or tails (``T``), numbered 1, 2, ... from the
left. A move turns over a set of coins allowed by the game's *turning rule*; the
rightmost coin turned must go from heads to tails. Whoever cannot move loses.

The theorem of the notes (Winning Ways, ch. 14): a position is the disjunctive sum
of its single heads, so its value is the XOR of the values of the boards with one
head. The value of a single head at ``c`` is the mex, over the turning sets ``S`` of
``c``, of the XOR of the single-head values of ``S`` minus ``c``. Rulesets here
compute that table from the rule (or a closed form), so a board of n coins costs
O(n) once the table is known, and a winning move is *constructed*: a head ``c`` and
a turning set of ``c`` whose other coins XOR to the needed value.

>>> import grundy
>>> mt = grundy.games.get("mock-turtles")
>>> mt["THTTH"].value, mt.single_values(8)
(10, [1, 2, 4, 7, 8, 11, 13, 14])
>>> mt.winning_turn("THTTH")                # which coins to turn
(2, 5)
>>> mt.winning_move("THTTH"), mt["HHHH"].outcome
('TTTTT', Outcome.P)

Any turning rule (a function from a coin to its turning sets, each containing the
coin itself as its largest member):

>>> g = grundy.games.CoinTurning(lambda c: [(c,)] + [(d, c) for d in range(max(1, c - 2), c)])
>>> g.single_values(9)
[1, 2, 3, 1, 2, 3, 1, 2, 3]

Grids: a position is rows of ``T``/``H`` separated by ``/``; by the Tartan theorem
a product of two row games has single-coin values the nim products of the row and
column values:

>>> tc = grundy.games.get("turning-corners")
>>> tc["TTT/TTH"].value, tc.winning_turn("TTT/TTH")
(2, ((1, 1), (1, 3), (2, 1), (2, 3)))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from grundy.values.errors import InvalidParameterError, InvalidPositionError, SearchLimitError, describe
from grundy.values.nimbers import nim_inverse, nim_mul
from grundy.rules.ruleset import Ruleset
from grundy.games._common import parse_int

__all__ = [
    "CoinTurning", "TurnOne", "TurningTurtles", "Twins", "Triplets", "MockTurtles",
    "UpTo", "Moidores", "Ruler", "ThreeConsecutive", "OnePlusLeftThree", "Multiples",
    "GridCoinTurning", "TartanProduct", "TurningCorners", "AcrosticTwins",
    "ColouringGame", "odious",
]

Rule = Callable[[int], Iterable[Iterable[int]]]
#: Boards at least this long use a compiled table when the game has one.
_BIG_BOARD = 1 << 14
Cell = tuple[int, int]


def odious(m: int) -> int:
    """The odious one of ``2m`` and ``2m + 1`` (an odd number of 1 bits): the
    ``m``-th odious number counting from 0 (OEIS A000069).

    >>> [odious(m) for m in range(8)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    """
    return 2 * m + (1 - bin(m).count("1") % 2)


def _mex(values: Iterable[int]) -> int:
    seen = set(values)
    v = 0
    while v in seen:
        v += 1
    return v


def _flip_row(board: str, coins: Iterable[int]) -> str:
    b = list(board)
    for c in coins:
        b[c - 1] = "T" if b[c - 1] == "H" else "H"
    return "".join(b)


# ---------------------------------------------------------------------- rows
class CoinTurning(Ruleset):
    """A coin-turning game on a row, from its turning rule.

    ``rule(c)`` gives the turning sets of coin ``c`` (``c >= 1``): iterables of coin
    numbers, each containing ``c`` as its largest member (the coin that goes from
    heads to tails). A position is a string of ``H`` and ``T``, coin 1 first.

    With ``leftmost=True`` the orientation is mirrored: the turned coin that must
    go from heads to tails is the *smallest* of its set, the board has a fixed
    length ``board`` and every set stays within it (HAOI2015's game).

    Values: :meth:`single` (a single head) by the mex over the turning sets, and
    the XOR over the heads for a board (the coin-turning theorem). Raises
    :class:`InvalidParameterError` when the rule gives a set that turns no coin or
    does not turn ``c`` as its extreme coin.
    """

    #: Catalogue subclasses whose :meth:`rule` yields sorted tuples known to be
    #: legal skip the per-set checks of :meth:`turning_sets`.
    _trusted_rule: bool = False

    def __init__(
        self,
        rule: Rule | None = None,
        name: str = "coins",
        *,
        leftmost: bool = False,
        board: int | None = None,
    ) -> None:
        self._rule = rule
        self.name = name
        self.leftmost = leftmost
        if leftmost and (board is None or isinstance(board, bool) or not isinstance(board, int) or board < 1):
            raise InvalidParameterError(f"{name}: a leftmost-heads game needs a board length >= 1; got {describe(board)}")
        self.board = board
        self._table: dict[int, int] = {}

    # ------------------------------------------------------------- the rule
    def rule(self, c: int) -> Iterable[Iterable[int]]:
        """The turning sets of coin ``c`` (raw; see :meth:`turning_sets`)."""
        if self._rule is None:
            raise NotImplementedError(f"{type(self).__name__} must give a turning rule")
        return self._rule(c)

    def turning_sets(self, c: int) -> list[tuple[int, ...]]:
        """The turning sets of coin ``c``, checked and sorted."""
        if self._trusted_rule:
            return [tuple(s) for s in self.rule(c)]
        out: list[tuple[int, ...]] = []
        for s in self.rule(c):
            t = tuple(sorted(set(s)))
            if not t:
                raise InvalidParameterError(
                    f"{self.name}: the rule gives coin {c} a move that turns no coin: {describe(s)}"
                )
            if self.leftmost:
                ok = t[0] == c and t[-1] <= (self.board or 0)
                side = f"coin {c} (heads to tails) as the leftmost, within 1..{self.board}"
            else:
                ok = t[-1] == c and t[0] >= 1
                side = f"coin {c} (heads to tails) as the rightmost, and only coins >= 1"
            if not ok:
                raise InvalidParameterError(
                    f"{self.name}: a move from coin {c} must turn {side}; the rule gives {describe(s)}"
                )
            out.append(t)
        return out

    # ------------------------------------------------------------- values
    def single(self, c: int) -> int:
        """Value of the board whose only head is coin ``c``."""
        tab = self._table
        v = tab.get(c)
        if v is not None:
            return v
        if self.leftmost:
            order: Iterable[int] = range(self.board or 0, c - 1, -1)
        else:
            order = range(1, c + 1)
        for k in order:
            if k not in tab:
                tab[k] = self._single_from_rule(k)
        return tab[c]

    def _single_from_rule(self, c: int) -> int:
        tab = self._table
        reach = []
        for t in self.turning_sets(c):
            x = 0
            for d in t:
                if d != c:
                    x ^= tab[d]
            reach.append(x)
        return _mex(reach)

    def single_values(self, n: int) -> list[int]:
        """Single-head values of coins ``1..n``."""
        return [self.single(c) for c in range(1, n + 1)]

    def decompose(self, position: Any) -> Iterable[Hashable] | None:
        """The board as the sum of its single heads (each a board of the same length
        with one ``H``), or ``None`` for a board with at most one head.

        >>> MockTurtles().decompose("HTH")
        ['HTT', 'TTH']
        """
        if not isinstance(position, str) or position.count("H") <= 1:
            return None
        n = len(position)
        return ["T" * i + "H" + "T" * (n - i - 1) for i, ch in enumerate(position) if ch == "H"]

    def single_array(self, n: int) -> Any:
        """Single-head values of coins ``0..n`` (0 unused) as an int64 array from a
        compiled kernel, or ``None`` when the game has none."""
        return None

    def value_formula(self, position: str) -> int:
        if len(position) >= _BIG_BOARD:
            table = self.single_array(len(position))
            if table is not None:
                import numpy as np

                from grundy.kernels.coins import board_xor

                heads = np.frombuffer(position.encode("ascii"), dtype=np.uint8) == ord("H")
                return board_xor(heads, table[1:])
        v = 0
        single = self.single
        for i, ch in enumerate(position):
            if ch == "H":
                v ^= single(i + 1)
        return v

    # ------------------------------------------------------------- moves
    def moves(self, position: str) -> Iterator[Hashable]:
        for i, ch in enumerate(position):
            if ch == "H":
                for t in self.turning_sets(i + 1):
                    yield _flip_row(position, t)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        """A turning set of coin ``c`` whose *other* coins' single values XOR to
        ``need``, or ``None``. The default scans the turning sets; games with a
        closed form construct it."""
        for t in self.turning_sets(c):
            x = 0
            for d in t:
                if d != c:
                    x ^= self.single(d)
            if x == need:
                return t
        return None

    def winning_turn(self, position: str, target: int = 0) -> tuple[int, ...] | None:
        """The coins to turn to leave a position of value ``target`` (0: a winning
        move), or ``None``. Constructed: a head ``c`` with ``single(c) ^ v ^ target``
        below ``single(c)`` (it exists when ``target < v``), then a turning set of
        ``c`` with that XOR."""
        self.check(position)
        v = self.value_formula(position)
        delta = v ^ target
        if delta == 0:
            return None
        # first the heads whose value drops (one of them always has a move), then
        # the others (an option's value may exceed its position's)
        heads = [i + 1 for i, ch in enumerate(position) if ch == "H"]
        later = []
        for c in heads:
            g = self.single(c)
            if g ^ delta < g:
                t = self.turn_for(c, g ^ delta)
                if t is not None:
                    return t
            else:
                later.append(c)
        for c in later:
            t = self.turn_for(c, self.single(c) ^ delta)
            if t is not None:
                return t
        return None

    def option_with_value(self, position: Any, target: int) -> Hashable | None:
        if not isinstance(position, str):
            return super().option_with_value(position, target)
        t = self.winning_turn(position, target)
        return None if t is None else _flip_row(position, t)

    # ------------------------------------------------------------- text
    def validate(self, position: Any) -> None:
        if not isinstance(position, str) or not position or set(position) - {"H", "T"}:
            raise InvalidPositionError(
                f"{self.name}: a board is a row of H (heads) and T (tails), e.g. 'THTTH'; got {describe(position)}"
            )
        if self.leftmost and len(position) != self.board:
            raise InvalidPositionError(
                f"{self.name}: the board has {self.board} coins; got {len(position)} in {describe(position)}"
            )

    def parse_position(self, text: str) -> Hashable:
        board = text.strip()
        self.validate(board)
        return board

    def format_position(self, position: Any) -> str:
        return position if isinstance(position, str) else super().format_position(position)


class TurnOne(CoinTurning):
    """Turn one coin (heads to tails): every head is worth 1, the value is the
    parity of the number of heads.

    >>> TurnOne()["HHTH"].value
    1
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="turn-one")

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        return [(c,)]

    def single(self, c: int) -> int:
        return 1

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        return (c,) if need == 0 else None


class TurningTurtles(CoinTurning):
    """Turning Turtles (the notes' "one or two coins"): turn one or two coins; coin
    ``c`` is a Nim heap of ``c``.

    >>> TurningTurtles().winning_turn("HTHHT")
    (2, 4)
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="turning-turtles")

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


class Twins(CoinTurning):
    """Twins: turn exactly two coins; coin ``c`` is a Nim heap of ``c - 1``.

    >>> Twins().single_values(5)
    [0, 1, 2, 3, 4]
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="twins")

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        return [(d, c) for d in range(1, c)]

    def single(self, c: int) -> int:
        return c - 1

    def single_array(self, n: int) -> Any:
        import numpy as np

        return np.maximum(np.arange(-1, n, dtype=np.int64), 0)

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        return (need + 1, c) if need < c - 1 else None


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
        # reach[k]: {xor: (coin, previous xor)} for exactly k distinct coins < len(values);
        # grown with the coins (k < min(t, coins)), so a huge t costs nothing up front
        self._reach: list[dict[int, tuple[int, int]]] = [{0: (0, 0)}]
        self._values: list[int] = [0]

    @classmethod
    def from_args(cls, args: str | None) -> UpTo:
        if not args:
            raise InvalidParameterError("upto needs t, the most coins turned, e.g. 'upto:5'")
        return cls(parse_int(args, "integer t", "upto"))

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        from itertools import combinations

        for k in range(min(self.t, c)):  # at most c - 1 other coins below c
            for others in combinations(range(1, c), k):
                yield (*others, c)

    #: Most XOR values the subset table may hold (values of Moidores-like games grow
    #: exponentially, and so does the table).
    table_limit = 20_000_000

    def single(self, c: int) -> int:
        vals, reach = self._values, self._reach
        while len(vals) <= c:
            if sum(map(len, reach)) > self.table_limit:
                raise SearchLimitError(
                    f"{self.name}: the subset-XOR table for coin {len(vals)} would pass "
                    f"{self.table_limit:,} values (coin {c} asked)"
                )
            coin = len(vals)
            seen: set[int] = set()
            for r in reach:
                seen.update(r)
            g = _mex(seen)
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

    def turn_for(self, c: int, need: int) -> tuple[int, ...] | None:
        # Coins used to reach ``need`` are all < c only if the table was built for
        # coins < c: rebuild from scratch for small c is cheap; in general follow
        # the parents recorded while the table had exactly c - 1 coins.
        sub = UpTo(self.t)
        sub.single(c - 1) if c > 1 else None
        for k in range(len(sub._reach)):
            if need in sub._reach[k]:
                coins = []
                x, kk = need, k
                while kk > 0:
                    coin, prev = sub._reach[kk][x]
                    coins.append(coin)
                    x, kk = prev, kk - 1
                return (*sorted(coins), c)
        return None


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


class Moidores(UpTo):
    """Moidores: turn 1 to 9 coins (values by the subset-XOR table).

    >>> Moidores().single_values(12)
    [1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024]
    """

    def __init__(self) -> None:
        super().__init__(9, name="moidores")


class Triplets(CoinTurning):
    """Triplets: turn exactly three coins. Coin ``c >= 3`` is worth the Mock
    Turtles value of coin ``c - 2``; coins 1 and 2 are worth 0.

    >>> Triplets().single_values(8)
    [0, 0, 1, 2, 4, 7, 8, 11]
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="triplets")

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


class Ruler(CoinTurning):
    """Ruler: turn any run of consecutive coins ending at the head. Coin ``c`` is
    worth the largest power of two dividing ``c`` (OEIS A006519).

    >>> Ruler().single_values(8), Ruler().winning_turn("TTTTTTTH")
    ([1, 2, 1, 4, 1, 2, 1, 8], (8,))
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="ruler")

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


class ThreeConsecutive(CoinTurning):
    """The notes' rule 3: turn exactly three consecutive coins. Coin ``c`` is worth
    1 if 3 divides ``c``, else 0.

    >>> ThreeConsecutive().single_values(7)
    [0, 0, 1, 0, 0, 1, 0]
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="run-of-three")

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        return [(c - 2, c - 1, c)] if c >= 3 else []

    def single(self, c: int) -> int:
        return 1 if c % 3 == 0 else 0


class OnePlusLeftThree(CoinTurning):
    """The notes' rule 4: turn a coin and one of the three coins just left of it
    (coins 1..3 may also be turned alone). Coin ``c`` is worth ``c mod 4``.

    >>> OnePlusLeftThree().single_values(8)
    [1, 2, 3, 0, 1, 2, 3, 0]
    """

    _trusted_rule = True

    def __init__(self) -> None:
        super().__init__(name="pair-within-3")

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
        self._blocks: Any = None

    @classmethod
    def from_args(cls, args: str | None) -> Multiples:
        if not args:
            raise InvalidParameterError("multiples needs n, the board length, e.g. 'multiples:10'")
        return cls(parse_int(args, "integer n", "multiples"))

    def rule(self, c: int) -> Iterable[Iterable[int]]:
        for k in range(1, self.n // c + 1):
            yield tuple(c * j for j in range(1, k + 1))

    def single(self, c: int) -> int:
        if not 1 <= c <= self.n:
            raise InvalidPositionError(f"{self.name}: no coin {describe(c)} on a board of {self.n}")
        if self._blocks is None:
            from grundy.kernels.coins import multiples_values

            self._blocks = multiples_values(self.n)
        small, large = self._blocks
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
        v = 0
        for c in heads:
            v ^= self.single(c)
        return v


# ---------------------------------------------------------------------- grids
def _parse_grid(name: str, position: Any) -> list[str]:
    if not isinstance(position, str) or not position:
        raise InvalidPositionError(
            f"{name}: a grid is rows of H and T separated by '/', e.g. 'THT/HTT'; got {describe(position)}"
        )
    rows = position.split("/")
    if any(set(r) - {"H", "T"} or not r for r in rows):
        raise InvalidPositionError(
            f"{name}: a grid is rows of H (heads) and T (tails) separated by '/'; got {describe(position)}"
        )
    if len({len(r) for r in rows}) != 1:
        raise InvalidPositionError(
            f"{name}: the rows of a grid must have equal lengths; got {[len(r) for r in rows]} in {describe(position)}"
        )
    return rows


def _flip_grid(position: str, cells: Iterable[Cell]) -> str:
    rows = [list(r) for r in position.split("/")]
    for r, c in cells:
        rows[r - 1][c - 1] = "T" if rows[r - 1][c - 1] == "H" else "H"
    return "/".join("".join(r) for r in rows)


class GridCoinTurning(Ruleset):
    """A coin-turning game on a grid, from its turning rule.

    ``rule((r, c))`` gives the turning sets of the coin in row ``r``, column ``c``
    (from 1): sets of cells containing ``(r, c)``, every other cell in rows
    ``<= r`` and columns ``<= c`` (the head goes from heads to tails). A position
    is rows of ``H``/``T`` separated by ``/``. Values as for rows: XOR over the
    heads of the single-head values, each the mex over its turning sets.
    """

    def __init__(self, rule: Callable[[Cell], Iterable[Iterable[Cell]]] | None = None,
                 name: str = "grid-coins") -> None:
        self._rule = rule
        self.name = name
        self._table: dict[Cell, int] = {}

    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        """The turning sets of ``cell`` (raw)."""
        if self._rule is None:
            raise NotImplementedError(f"{type(self).__name__} must give a turning rule")
        return self._rule(cell)

    def turning_sets(self, cell: Cell) -> list[tuple[Cell, ...]]:
        """The turning sets of ``cell``, checked and sorted."""
        r, c = cell
        out: list[tuple[Cell, ...]] = []
        for s in self.rule(cell):
            t = tuple(sorted(set(s)))
            if not t:
                raise InvalidParameterError(
                    f"{self.name}: the rule gives cell {cell} a move that turns no coin: {describe(s)}"
                )
            if cell not in t or any(not (1 <= a <= r and 1 <= b <= c) for a, b in t):
                raise InvalidParameterError(
                    f"{self.name}: a move from cell {cell} must turn it (heads to tails) and only "
                    f"cells above and left of it; the rule gives {describe(s)}"
                )
            out.append(t)
        return out

    def single(self, cell: Cell) -> int:
        """Value of the grid whose only head is ``cell``."""
        tab = self._table
        if cell in tab:
            return tab[cell]
        R, C = cell
        for r in range(1, R + 1):
            for c in range(1, C + 1):
                if (r, c) in tab:
                    continue
                reach = []
                for t in self.turning_sets((r, c)):
                    x = 0
                    for d in t:
                        if d != (r, c):
                            x ^= self.single(d)
                    reach.append(x)
                tab[(r, c)] = _mex(reach)
        return tab[cell]

    def decompose(self, position: Any) -> Iterable[Hashable] | None:
        """The grid as the sum of its single heads, or ``None`` (at most one head).

        >>> AcrosticTwins().decompose("HT/TH")
        ['HT/TT', 'TT/TH']
        """
        if not isinstance(position, str) or position.count("H") <= 1:
            return None
        out = []
        for i, ch in enumerate(position):
            if ch == "H":
                out.append("".join("H" if j == i else ("/" if c == "/" else "T") for j, c in enumerate(position)))
        return out

    def value_formula(self, position: str) -> int:
        v = 0
        for r, row in enumerate(position.split("/")):
            for c, ch in enumerate(row):
                if ch == "H":
                    v ^= self.single((r + 1, c + 1))
        return v

    def moves(self, position: str) -> Iterator[Hashable]:
        for r, row in enumerate(position.split("/")):
            for c, ch in enumerate(row):
                if ch == "H":
                    for t in self.turning_sets((r + 1, c + 1)):
                        yield _flip_grid(position, t)

    def turn_for(self, cell: Cell, need: int) -> tuple[Cell, ...] | None:
        """A turning set of ``cell`` whose other cells' values XOR to ``need``."""
        for t in self.turning_sets(cell):
            x = 0
            for d in t:
                if d != cell:
                    x ^= self.single(d)
            if x == need:
                return t
        return None

    def winning_turn(self, position: str, target: int = 0) -> tuple[Cell, ...] | None:
        """The cells to turn to leave value ``target`` (0: a winning move), or
        ``None``; constructed as for rows."""
        self.check(position)
        delta = self.value_formula(position) ^ target
        if delta == 0:
            return None
        heads = [(r + 1, c + 1) for r, row in enumerate(position.split("/"))
                 for c, ch in enumerate(row) if ch == "H"]
        heads.sort(key=lambda h: (self.single(h) ^ delta) >= self.single(h))
        for h in heads:
            t = self.turn_for(h, self.single(h) ^ delta)
            if t is not None:
                return t
        return None

    def option_with_value(self, position: Any, target: int) -> Hashable | None:
        if not isinstance(position, str):
            return super().option_with_value(position, target)
        t = self.winning_turn(position, target)
        return None if t is None else _flip_grid(position, t)

    def validate(self, position: Any) -> None:
        _parse_grid(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        grid = text.strip()
        _parse_grid(self.name, grid)
        return grid

    def format_position(self, position: Any) -> str:
        return position if isinstance(position, str) else super().format_position(position)


class TartanProduct(GridCoinTurning):
    """The product of two row games: a move turns the cells ``S x T`` for a turning
    set ``S`` of the row game (rows) and ``T`` of the column game (columns). By the
    Tartan theorem a single head is worth the nim product of the two values.

    >>> TartanProduct(Ruler(), Ruler()).single((4, 2))
    8
    """

    def __init__(self, rows: CoinTurning, cols: CoinTurning, name: str | None = None) -> None:
        super().__init__(name=name or f"tartan({rows.name},{cols.name})")
        self.rows, self.cols = rows, cols

    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        r, c = cell
        for s in self.rows.turning_sets(r):
            for t in self.cols.turning_sets(c):
                yield [(a, b) for a in s for b in t]

    def single(self, cell: Cell) -> int:
        return nim_mul(self.rows.single(cell[0]), self.cols.single(cell[1]))


class TurningCorners(TartanProduct):
    """Turning Corners (Twins x Twins): turn the four corners of a rectangle whose
    bottom-right corner is a head. Cell ``(r, c)`` is worth ``(r-1) (x) (c-1)``.

    >>> TurningCorners().single((3, 3))
    3
    """

    def __init__(self) -> None:
        super().__init__(Twins(), Twins(), name="turning-corners")

    def turn_for(self, cell: Cell, need: int) -> tuple[Cell, ...] | None:
        # Corners (a, b), (a, y), (x, b) of a head (x, y) (values from 0) are worth
        # a(x)y ^ x(x)b ^ a(x)b = x(x)y ^ (x^a)(x)(y^b). So (x^a)(x)(y^b) must be
        # w = x(x)y ^ need: for each a < x, b is forced by a nim division. O(x).
        r, c = cell
        x, y = r - 1, c - 1
        w = nim_mul(x, y) ^ need
        if w == 0:
            return None
        for a in range(x):
            v = nim_mul(w, nim_inverse(x ^ a))
            b = y ^ v
            if b < y:
                return ((a + 1, b + 1), (a + 1, c), (r, b + 1), (r, c))
        return None


class AcrosticTwins(GridCoinTurning):
    """Acrostic Twins: turn two coins in the same row or the same column, the lower
    or righter one from heads to tails. A head is a rook on a board (two-dimensional
    Nim, not a Tartan product), so cell ``(r, c)`` is worth ``(r-1) XOR (c-1)``.

    >>> AcrosticTwins().winning_turn("TTH/TTT")
    ((1, 1), (1, 3))
    """

    def __init__(self) -> None:
        super().__init__(name="acrostic-twins")

    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        r, c = cell
        for a in range(1, r):
            yield [(a, c), cell]
        for b in range(1, c):
            yield [(r, b), cell]

    def single(self, cell: Cell) -> int:
        return (cell[0] - 1) ^ (cell[1] - 1)

    def turn_for(self, cell: Cell, need: int) -> tuple[Cell, ...] | None:
        r, c = cell
        x, y = r - 1, c - 1
        if (need ^ y) < x:
            return ((need ^ y) + 1, c), cell
        if (need ^ x) < y:
            return (r, (need ^ x) + 1), cell
        return None


def _connected_blocks(cell: Cell) -> Iterator[frozenset[Cell]]:
    """Every 4-connected set of cells containing ``cell`` inside rows ``1..r`` and
    columns ``1..c`` (each once): the classic extension enumeration."""
    R, C = cell

    def neighbours(p: Cell) -> Iterator[Cell]:
        a, b = p
        for q in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
            if 1 <= q[0] <= R and 1 <= q[1] <= C:
                yield q

    # Redelmeier-style: grow from `cell`, each block produced once.
    stack: list[tuple[frozenset[Cell], frozenset[Cell], frozenset[Cell]]] = [
        (frozenset([cell]), frozenset(neighbours(cell)), frozenset([cell]) | frozenset(neighbours(cell)))
    ]
    while stack:
        block, frontier, seen = stack.pop()
        yield block
        untried = sorted(frontier)
        for i, p in enumerate(untried):
            new_front = frozenset(untried[i + 1 :]) | frozenset(q for q in neighbours(p) if q not in seen)
            stack.append((block | {p}, new_front, seen | new_front | {p}))


class ColouringGame(GridCoinTurning):
    """ZJOI2009 P2594 (染色游戏): turn every coin of a 4-connected block of cells
    whose largest row and largest column meet at a head. The notes' values: cell
    ``(1, c)`` is worth the largest power of two dividing ``c`` (Ruler), ``(r, 1)``
    likewise, and every other cell ``2^(r + c - 2)``.

    >>> ColouringGame().single((2, 3)), ColouringGame().single((1, 12))
    (8, 4)
    """

    def __init__(self) -> None:
        super().__init__(name="colouring")

    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        return _connected_blocks(cell)

    def single(self, cell: Cell) -> int:
        r, c = cell
        if r == 1:
            return c & -c
        if c == 1:
            return r & -r
        return 1 << (r + c - 2)
