"""The coin board: a row or a grid of coins, heads or tails, whose value is the
XOR of its single heads (:class:`CoinBoard`), and the row game of any turning
rule (:class:`CoinTurning`). The catalogue's games are in
:mod:`grundy.games.coins.rows` and :mod:`grundy.games.coins.grids`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import reduce
from operator import xor
from typing import Any, Generic, TypeVar

from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.solve.budget import look
from grundy.solve.caches import cache_of
from grundy.values.nimbers import mex_of_set
from grundy.rules.ruleset import Ruleset
from grundy.games._common import parse_int

__all__ = ["CoinBoard", "CoinTurning", "odious"]


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

        >>> from grundy.games.coins import AcrosticTwins, MockTurtles, TurningCorners
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

    def option_with_value_formula(self, position: Any, target: int) -> Hashable | None:
        """The board after :meth:`winning_turn`; declines where there is none (and
        :meth:`options_with_value_formula` says so) and for a position that is not
        a board."""
        if not isinstance(position, str):
            return None
        t = self.winning_turn(position, target)
        return None if t is None else self._flip(position, t)

    def options_with_value_formula(
        self, position: Any, target: int, *, limit: int | None = None
    ) -> list[Hashable] | None:
        """No option (``[]``) where :meth:`winning_turn` finds none (it tries every
        head); else declines (the options are searched)."""
        if isinstance(position, str) and self.winning_turn(position, target) is None:
            return []
        return None

    # ------------------------------------------------------------- move text
    def _coin_name(self, coin: K) -> str:
        return str(coin)

    def _read_coins(self, text: str) -> list[K] | None:
        """The coins ``text`` names, or ``None``."""
        raise NotImplementedError

    def format_move(self, position: Any, option: Hashable) -> str:
        """``turn 2 4``: the coins turned over (numbered from 1; ``a1`` cells on a
        grid: column letter, row number from the top).

        >>> from grundy.games.coins import MockTurtles, TurningCorners
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
