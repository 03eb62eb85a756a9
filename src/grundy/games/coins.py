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

import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import reduce
from operator import xor
from typing import Any, Generic, TypeVar

from grundy.values.errors import InvalidParameterError, InvalidPositionError, SearchLimitError, describe
from grundy.solve.budget import look
from grundy.solve.caches import cache_of
from grundy.values.nimbers import mex_of_set, nim_inverse, nim_mul
from grundy.rules.ruleset import Ruleset
from grundy.games._common import parse_int
from grundy.games.registry import catalogued

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
#: A coin: its number on a row, its (row, column) on a grid.
K = TypeVar("K", int, Cell)


def odious(m: int) -> int:
    """The odious one of ``2m`` and ``2m + 1`` (an odd number of 1 bits): the
    ``m``-th odious number counting from 0 (OEIS A000069).

    >>> [odious(m) for m in range(8)]
    [1, 2, 4, 7, 8, 11, 13, 14]
    """
    return 2 * m + (1 - bin(m).count("1") % 2)


def _int_arg(args: str | None, game: str, letter: str, meaning: str, example: int) -> int:
    """The one integer parameter ``letter`` of ``game:args`` (``game:example``)."""
    if not args:
        raise InvalidParameterError(f"{game} needs {letter}, {meaning}, e.g. '{game}:{example}'")
    return parse_int(args, f"integer {letter}", game)


def _xor(value: Callable[[K], int], coins: Iterable[K]) -> int:
    """XOR of ``value`` over ``coins``."""
    x = 0
    for d in coins:
        x ^= value(d)
    return x


class CoinBoard(Ruleset, Generic[K]):
    """The engine of coin-turning games, on a row (:class:`CoinTurning`) or a grid
    (:class:`GridCoinTurning`): a position is a string of ``H``/``T``; a move turns
    a set of coins given by :meth:`rule` for the head it turns to tails, the set's
    extreme coin (the rightmost, or leftmost, of a row; bottom-right on a grid).

    The board supplies its geometry: the heads of a position (:meth:`_heads`),
    turning coins over (:meth:`_flip`), the text of a legal board
    (:meth:`validate`), where a turning set may reach from its last coin
    (:meth:`_misplaced`) and an order of the coins a single value depends on
    (:meth:`_before`). The rest is one algorithm: single-coin values by the mex
    over the turning sets, a board's value the XOR over its heads, winning turns
    constructed from them.
    """

    #: A board is the sum of its heads.
    has_decompose = True
    #: Catalogue subclasses whose :meth:`rule` yields sorted tuples known to be
    #: legal skip the per-set checks of :meth:`turning_sets`.
    _trusted_rule: bool = False
    #: What the messages call a coin.
    _noun = "coin"

    def __init__(self, rule: Callable[[K], Iterable[Iterable[K]]] | None = None,
                 name: str | None = None) -> None:
        self._rule: Callable[[K], Iterable[Iterable[K]]] | None = rule
        if name is not None:
            self.name = name

    # ------------------------------------------------------------- the board
    def _heads(self, position: str) -> list[K]:
        """The heads of a valid ``position``, in reading order."""
        raise NotImplementedError

    def _flip(self, position: str, coins: Iterable[K]) -> str:
        """``position`` with ``coins`` turned over."""
        raise NotImplementedError

    def _before(self, coin: K) -> Iterable[K]:
        """Coins ending at ``coin``, each after every other coin of its turning sets."""
        raise NotImplementedError

    def _misplaced(self, coin: K, t: tuple[K, ...]) -> str | None:
        """What a turning set of ``coin`` must turn, if the sorted set ``t`` does
        not; ``None`` if it is a legal set."""
        raise NotImplementedError

    # ------------------------------------------------------------- the rule
    def rule(self, coin: K) -> Iterable[Iterable[K]]:
        """The turning sets of ``coin`` (raw; see :meth:`turning_sets`)."""
        if self._rule is None:
            raise NotImplementedError(f"{type(self).__name__} must give a turning rule")
        return self._rule(coin)

    def turning_sets(self, coin: K) -> list[tuple[K, ...]]:
        """The turning sets of ``coin``, checked and sorted."""
        if self._trusted_rule:
            return [tuple(s) for s in self.rule(coin)]
        out: list[tuple[K, ...]] = []
        for s in self.rule(coin):
            t = tuple(sorted(set(s)))
            if not t:
                raise InvalidParameterError(
                    f"{self.name}: the rule gives {self._noun} {coin} a move that turns no coin: {describe(s)}"
                )
            side = self._misplaced(coin, t)
            if side is not None:
                raise InvalidParameterError(
                    f"{self.name}: a move from {self._noun} {coin} must turn {side}; the rule gives {describe(s)}"
                )
            out.append(t)
        return out

    # ------------------------------------------------------------- values
    def single(self, coin: K) -> int:
        """Value of the board whose only head is ``coin``."""
        tab: dict[K, int] = cache_of(self, "single values", dict)
        v = tab.get(coin)
        if v is not None:
            return v
        for k in self._before(coin):
            if k not in tab:
                sets = self.turning_sets(k)
                tab[k] = 0  # so that a set's XOR counts its other coins only
                tab[k] = mex_of_set({reduce(xor, map(tab.__getitem__, t), 0) for t in sets})
        return tab[coin]

    def decompose(self, position: Any) -> Iterable[Hashable] | None:
        """The board as the sum of its single heads (each a board of the same shape
        with one ``H``), or ``None`` for a board with at most one head.

        >>> MockTurtles().decompose("HTH"), AcrosticTwins().decompose("HT/TH")
        (['HTT', 'TTH'], ['HT/TT', 'TT/TH'])
        """
        if not isinstance(position, str) or position.count("H") <= 1:
            return None
        blank = position.replace("H", "T")
        return [blank[:i] + "H" + blank[i + 1 :] for i, ch in enumerate(position) if ch == "H"]

    def value_formula(self, position: str) -> int:
        return _xor(self.single, self._heads(position))

    # ------------------------------------------------------------- moves
    def moves(self, position: str) -> Iterator[Hashable]:
        for c in self._heads(position):
            for t in self.turning_sets(c):
                yield self._flip(position, t)

    def turn_for(self, coin: K, need: int) -> tuple[K, ...] | None:
        """A turning set of ``coin`` whose *other* coins' single values XOR to
        ``need``, or ``None``. The default scans the turning sets; games with a
        closed form construct it."""
        what = f"{self.name}: a move of {self._noun} {describe(coin)} leaving the value {need}"
        need ^= self.single(coin)  # every set turns ``coin`` too
        for i, t in enumerate(self._lazy_turning_sets(coin)):
            if not i & 63:  # a coin may have astronomically many sets (colouring)
                look(what, 64)
            if _xor(self.single, t) == need:
                return t
        return None

    def _lazy_turning_sets(self, coin: K) -> Iterator[tuple[K, ...]]:
        """:meth:`turning_sets`, one at a time (checked as it is)."""
        if type(self).turning_sets is not CoinBoard.turning_sets:
            yield from self.turning_sets(coin)  # a subclass's own list
            return
        for s in self.rule(coin):
            t = tuple(sorted(set(s)))
            if not self._trusted_rule:
                if not t:
                    raise InvalidParameterError(
                        f"{self.name}: the rule gives {self._noun} {coin} a move that turns no coin: {describe(s)}")
                side = self._misplaced(coin, t)
                if side is not None:
                    raise InvalidParameterError(
                        f"{self.name}: a move from {self._noun} {coin} must turn {side}; the rule gives {describe(s)}")
            else:
                t = tuple(s)
            yield t

    def winning_turn(self, position: str, target: int = 0) -> tuple[K, ...] | None:
        """The coins to turn to leave a position of value ``target`` (0: a winning
        move), or ``None``. Constructed: a head ``c`` with ``single(c) ^ v ^ target``
        below ``single(c)`` (it exists when ``target < v``), then a turning set of
        ``c`` with that XOR."""
        self.check(position)
        delta = self.value_formula(position) ^ target
        if delta == 0:
            return None
        # first the heads whose value drops (one of them always has a move), then
        # the others (an option's value may exceed its position's)
        later = []
        for c in self._heads(position):
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
        return None if t is None else self._flip(position, t)

    # ------------------------------------------------------------- move text
    def _coin_name(self, coin: K) -> str:
        return str(coin)

    def _read_coins(self, text: str) -> list[K] | None:
        """The coins ``text`` names, or ``None``."""
        raise NotImplementedError

    def format_move(self, position: Any, option: Hashable) -> str:
        """``turn 2 4``: the coins turned over (numbered from 1; ``a1`` cells on a
        grid: column letter, row number from the top).

        >>> MockTurtles().format_move("THTTH", "TTTTT"), TurningCorners().format_move("TTT/TTH", "HTH/HTT")
        ('turn 2 5', 'turn a1 c1 a2 c2')
        >>> MockTurtles().parse_move("THTTH", "turn 5 2"), TurningCorners().parse_move("TTT/TTH", "flip (1,1) (1,3) (2,1) (2,3)")
        ('TTTTT', 'HTH/HTT')
        """
        if not (isinstance(position, str) and isinstance(option, str) and len(position) == len(option)):
            return super().format_move(position, option)
        turned = [c for c in self._heads(_xor_board(position, option))]
        return "turn " + " ".join(self._coin_name(c) for c in turned)

    def parse_move(self, position: Any, text: str) -> Hashable:
        if isinstance(position, str):
            coins = self._read_coins(text)
            if coins:
                try:
                    option = self._flip(position, coins)
                except IndexError:
                    option = None
                if option is not None and len(set(coins)) == len(coins) and self.is_option(position, option):
                    return option
                from grundy.rules.moves import illegal_move

                raise illegal_move(self, position, text, "not a legal turn")
        return super().parse_move(position, text)

    # ------------------------------------------------------------- text
    def parse_position(self, text: str) -> Hashable:
        board = text.strip()
        self.validate(board)
        return board

    def format_position(self, position: Any) -> str:
        return position if isinstance(position, str) else super().format_position(position)


def _xor_board(a: str, b: str) -> str:
    """``H`` where boards ``a`` and ``b`` differ (``/`` kept), ``T`` elsewhere."""
    return "".join(x if x == "/" else ("H" if x != y else "T") for x, y in zip(a, b))


# ---------------------------------------------------------------------- rows
class CoinTurning(CoinBoard[int]):
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

    name = "coins"

    def __init__(self, rule: Rule | None = None, name: str | None = None, *,
                 leftmost: bool = False, board: int | None = None) -> None:
        super().__init__(rule, name)
        self.leftmost = leftmost
        if leftmost and (board is None or isinstance(board, bool) or not isinstance(board, int) or board < 1):
            raise InvalidParameterError(f"{self.name}: a leftmost-heads game needs a board length >= 1; got {describe(board)}")
        self.board = board

    def _read_coins(self, text: str) -> list[int] | None:
        w = [x for x in re.findall(r"\d+|[a-z]+", text.lower()) if x not in ("turn", "flip", "coin", "coins", "and")]
        if not w or not all(x.isdigit() and len(x) < 12 for x in w):
            return None
        coins = [int(x) for x in w]
        return coins if all(c >= 1 for c in coins) else None

    def _heads(self, position: str) -> list[int]:
        return [i for i, ch in enumerate(position, 1) if ch == "H"]

    def _flip(self, position: str, coins: Iterable[int]) -> str:
        b = list(position)
        for c in coins:
            b[c - 1] = "T" if b[c - 1] == "H" else "H"
        return "".join(b)

    def _before(self, c: int) -> Iterable[int]:
        return range(self.board or 0, c - 1, -1) if self.leftmost else range(1, c + 1)

    def _misplaced(self, c: int, t: tuple[int, ...]) -> str | None:
        if self.leftmost:
            if t[0] == c and t[-1] <= (self.board or 0):
                return None
            return f"coin {c} (heads to tails) as the leftmost, within 1..{self.board}"
        if t[-1] == c and t[0] >= 1:
            return None
        return f"coin {c} (heads to tails) as the rightmost, and only coins >= 1"

    def single_values(self, n: int) -> list[int]:
        """Single-head values of coins ``1..n``."""
        return [self.single(c) for c in range(1, n + 1)]

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
        return super().value_formula(position)

    def validate(self, position: Any) -> None:
        if not isinstance(position, str) or not position or set(position) - {"H", "T"}:
            raise InvalidPositionError(
                f"{self.name}: a board is a row of H (heads) and T (tails), e.g. 'THTTH'; got {describe(position)}"
            )
        if self.leftmost and len(position) != self.board:
            raise InvalidPositionError(
                f"{self.name}: the board has {self.board} coins; got {len(position)} in {describe(position)}"
            )


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


# ---------------------------------------------------------------------- grids
class GridCoinTurning(CoinBoard[Cell]):
    """A coin-turning game on a grid, from its turning rule.

    ``rule((r, c))`` gives the turning sets of the coin in row ``r``, column ``c``
    (from 1): sets of cells containing ``(r, c)``, every other cell in rows
    ``<= r`` and columns ``<= c`` (the head goes from heads to tails). A position
    is rows of ``H``/``T`` separated by ``/``. Values as for rows: XOR over the
    heads of the single-head values, each the mex over its turning sets.
    """

    name = "grid-coins"
    _noun = "cell"

    def _coin_name(self, coin: Cell) -> str:
        from grundy.rules.moves import cell_name

        return cell_name(*coin)

    def _read_coins(self, text: str) -> list[Cell] | None:
        from grundy.rules.moves import parse_cells

        cells = parse_cells(text)
        return cells if cells and all(r >= 1 and c >= 1 for r, c in cells) else None

    def _heads(self, position: str) -> list[Cell]:
        return [(r, c) for r, row in enumerate(position.split("/"), 1)
                for c, ch in enumerate(row, 1) if ch == "H"]

    def _flip(self, position: str, cells: Iterable[Cell]) -> str:
        rows = [list(r) for r in position.split("/")]
        for r, c in cells:
            rows[r - 1][c - 1] = "T" if rows[r - 1][c - 1] == "H" else "H"
        return "/".join("".join(r) for r in rows)

    def _before(self, cell: Cell) -> Iterable[Cell]:
        return ((r, c) for r in range(1, cell[0] + 1) for c in range(1, cell[1] + 1))

    def _misplaced(self, cell: Cell, t: tuple[Cell, ...]) -> str | None:
        r, c = cell
        if cell in t and all(1 <= a <= r and 1 <= b <= c for a, b in t):
            return None
        return "it (heads to tails) and only cells above and left of it"

    def validate(self, position: Any) -> None:
        if not isinstance(position, str) or not position:
            raise InvalidPositionError(
                f"{self.name}: a grid is rows of H and T separated by '/', e.g. 'THT/HTT'; got {describe(position)}"
            )
        rows = position.split("/")
        if any(set(r) - {"H", "T"} or not r for r in rows):
            raise InvalidPositionError(
                f"{self.name}: a grid is rows of H (heads) and T (tails) separated by '/'; got {describe(position)}"
            )
        if len({len(r) for r in rows}) != 1:
            raise InvalidPositionError(
                f"{self.name}: the rows of a grid must have equal lengths; got {[len(r) for r in rows]} in "
                f"{describe(position)}"
            )


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


@catalogued("turning-corners", "turning corners",
            summary="Grid coins: turn the four corners of a rectangle (Twins x Twins, Tartan theorem).",
            position="TTT/TTH", legal=("TTT/TTH", "H", "TH/HT"))
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


@catalogued("acrostic-twins", "acrostic twins",
            summary="Grid coins: turn two coins in one row or one column.",
            position="TTH/THT", legal=("TTH/THT", "H", "TT/TH"))
class AcrosticTwins(GridCoinTurning):
    """Acrostic Twins: turn two coins in the same row or the same column, the lower
    or righter one from heads to tails. A head is a rook on a board (two-dimensional
    Nim, not a Tartan product), so cell ``(r, c)`` is worth ``(r-1) XOR (c-1)``.

    >>> AcrosticTwins().winning_turn("TTH/TTT")
    ((1, 1), (1, 3))
    """


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


@catalogued("colouring", "coloring", "zjoi2009", "p2594", "染色游戏",
            summary="Grid coins: turn a connected block whose bottom-right corner is a head (ZJOI2009).",
            position="THT/HTT", legal=("THT/HTT", "H", "TT/TH"))
class ColouringGame(GridCoinTurning):
    """ZJOI2009 P2594 (染色游戏): turn every coin of a 4-connected block of cells
    whose largest row and largest column meet at a head. The notes' values: cell
    ``(1, c)`` is worth the largest power of two dividing ``c`` (Ruler), ``(r, 1)``
    likewise, and every other cell ``2^(r + c - 2)``.

    >>> ColouringGame().single((2, 3)), ColouringGame().single((1, 12))
    (8, 4)
    """


    def rule(self, cell: Cell) -> Iterable[Iterable[Cell]]:
        return _connected_blocks(cell)

    def single(self, cell: Cell) -> int:
        r, c = cell
        if r == 1:
            return c & -c
        if c == 1:
            return r & -r
        return 1 << (r + c - 2)
