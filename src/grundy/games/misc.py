"""Two-number and board games of the notes: Euclid's game, Northcott's game and
the chocolate-cutting game."""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator
from typing import Any

from grundy.values.bigint import int_text
from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.games._common import pair, parse_heaps, parse_int, parse_param, positive_param
from grundy.games.registry import catalogued

__all__ = ["Euclid", "Northcott", "Chocolate", "MergePiles"]


@catalogued("euclid", "euclid's game", "euclids game", "poj2348",
            summary="Euclid's game: subtract a multiple of the smaller number from the larger.",
            position="25 7", legal=((25, 7), (1, 1), (3, 10)))
class Euclid(Ruleset):
    """Euclid's game (POJ 2348): two positive numbers; a move subtracts a positive
    multiple of the smaller from the larger, keeping it non-negative; whoever makes
    a 0 wins (so a position containing 0 is over: normal play).

    Outcome (Cole & Davie): with ``a <= b``, the player to move wins if ``b >= 2a``
    (choose between ``b mod a`` and ``b mod a + a``); if ``a < b < 2a`` the move is
    forced to ``(b - a, a)``. O(log) steps, like gcd.

    >>> e = Euclid()
    >>> e[25, 7].outcome, e[24, 15].outcome
    (Outcome.N, Outcome.P)
    >>> e.winning_move((25, 7))     # (4, 7) would lose: (4, 7) -> (3, 4) -> (1, 3)
    (11, 7)
    """

    tuple_position = True
    table_shape = "pair"

    def moves(self, position: tuple[int, int]) -> Iterator[tuple[int, int]]:
        a, b = position
        if a == 0 or b == 0:
            return
        lo, hi = min(a, b), max(a, b)
        for r in range(hi - lo, -1, -lo):
            yield (r, lo) if a == hi else (lo, r)

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``take k from b``: ``k`` (a multiple of the smaller number) from the larger.

        >>> e = Euclid()
        >>> [e.format_move((25, 7), o) for o in e.moves((25, 7))], e.parse_move((25, 7), "take 14 from 25")
        (['take 7 from 25', 'take 14 from 25', 'take 21 from 25'], (11, 7))
        """
        if not (type(position) is tuple and len(position) == 2):
            return None
        hi = max(position)
        return ((f"take {int_text(sum(position) - sum(o))} from {int_text(hi)}", o)
                for o in self.moves(position))

    def validate(self, position: Any) -> None:
        pair(self.name, position, "number")

    def parse_position(self, text: str) -> Hashable:
        return parse_heaps(text, self.name)

    def outcome_formula(self, position: tuple[int, int]) -> Outcome:
        a, b = sorted(position)
        mover_wins = False  # if the game is already over, the mover lost
        flips = 0
        while a:
            if b >= 2 * a or b % a == 0:
                mover_wins = True
                break
            a, b = b - a, a
            flips += 1
        return Outcome.N if mover_wins != bool(flips % 2) else Outcome.P

    def suspense_formula(self, position: tuple[int, int]) -> int:
        """Suspense (the Every-SG count, HDU 3595) along the gcd chain, O(log):
        with ``a <= b`` and ``r = b mod a``, a forced move (``b < 2a``) adds 1 and
        flips the outcome; otherwise the mover wins, taking ``(r, a)`` if that is a
        P-position (``+1``) or ``(r + a, a)`` to hand over the forced move (``+2``).

        >>> e = Euclid()
        >>> [e.suspense(p) for p in [(0, 5), (3, 3), (1, 3), (2, 3), (3, 5)]]
        [0, 1, 1, 2, 3]
        """
        a, b = sorted(position)
        quotients: list[int] = []
        while a:
            quotients.append(b // a)
            a, b = b % a, a
        s, wins = 0, False
        for q in reversed(quotients):
            if q == 1:
                s, wins = s + 1, not wins
            else:
                s, wins = s + (2 if wins else 1), True
        return s

    def winning_move_formula(self, position: tuple[int, int]) -> Hashable | None:
        a, b = position
        if self.outcome_formula((a, b)) is Outcome.P:
            return None
        lo, hi = min(a, b), max(a, b)
        r = hi % lo
        if r and self.outcome_formula((r, lo)) is Outcome.N:
            r += lo  # leave (r + lo, lo): the opponent is forced to (r, lo)
        return (r, lo) if a == hi else (lo, r)


@catalogued("northcott", "northcott's game", "northcotts game", "hdu1730",
            summary="Northcott's game: slide your piece along its row, not past the other.",
            params="board width (northcott:8)", sample="northcott:8", position="1 3 2 5",
            legal=((((1, 3), (2, 5)), 0), (((1, 2),), 1)))
class Northcott(Ruleset):
    """Northcott's game (HDU 1730): a board of ``width`` columns; each row holds one
    black piece (the first player's) and one white piece. A player moves one of
    their own pieces any distance along its row, forwards or backwards, without
    jumping over or landing on the other piece. Whoever cannot move loses.

    A position is ``(rows, turn)`` with ``rows`` a tuple of ``(black, white)``
    columns (1-based) and ``turn`` 0 when black is to move. Retreating is reversible
    (the opponent follows), so the game is Nim on the gaps ``|black - white| - 1``:
    the player to move wins iff their nim-sum is non-zero. The graph has cycles
    (a retreat can be undone), so the game is loopy: its value is the generalised
    Sprague-Grundy value of Smith's theory, which is that nim-sum (checked against
    a brute-force labelling of the raw rules), and there are never draws. The value,
    outcome and winning move are closed forms, so every face gives the same answer
    at once; remoteness and suspense need the whole graph (retrograde analysis
    within the budget). O(rows).

    >>> g = Northcott(5)
    >>> g[((1, 3), (2, 5)), 0].outcome
    Outcome.N
    >>> g.winning_move((((1, 3), (2, 5)), 0))
    (((1, 3), (3, 5)), 1)
    """

    def __init__(self, width: int) -> None:
        self.width = positive_param("northcott", "width", width, 2, maximum=10**100)
        self.name = self.spec = f"northcott:{width}"
        self.tuple_position = True

    @classmethod
    def from_args(cls, args: str | None) -> Northcott:
        if not args:
            raise InvalidParameterError("northcott needs the board width, e.g. 'northcott:8'")
        return cls(parse_param(args, "integer width", "northcott"))

    def moves(self, position: Any) -> Iterator[Hashable]:
        rows, turn = position
        for i, (black, white) in enumerate(rows):
            mine, other = (black, white) if turn == 0 else (white, black)
            lo, hi = (1, other - 1) if mine < other else (other + 1, self.width)
            for c in range(lo, hi + 1):
                if c != mine:
                    row = (c, white) if turn == 0 else (black, c)
                    yield (rows[:i] + (row,) + rows[i + 1 :], 1 - turn)

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``row i to c``: the mover's piece in row ``i`` (from 1) slides to column ``c``.

        >>> g = Northcott(5)
        >>> p = (((1, 3), (2, 5)), 0)
        >>> [g.format_move(p, o) for o in g.moves(p)], g.parse_move(p, "row 2 to 3")
        (['row 1 to 2', 'row 2 to 1', 'row 2 to 3', 'row 2 to 4'], (((1, 3), (3, 5)), 1))
        """
        try:
            rows, turn = position
        except (TypeError, ValueError):
            return None
        return ((f"row {i + 1} to {o[0][i][turn]}", o)
                for i, o in self._row_moves(position))

    def _row_moves(self, position: Any) -> Iterator[tuple[int, Any]]:
        rows, turn = position
        o: Any
        for o in self.moves(position):
            i = next(i for i, (r, s) in enumerate(zip(rows, o[0])) if r != s)
            yield i, o

    def validate(self, position: Any) -> None:
        try:
            rows, turn = position
            rows = tuple(rows)
        except (TypeError, ValueError):
            raise InvalidPositionError(
                f"{self.name}: a position is (rows, turn); got {describe(position)}"
            ) from None
        if type(turn) is not int or turn not in (0, 1):
            raise InvalidPositionError(
                f"{self.name}: turn must be 0 (black) or 1 (white); got {describe(turn)}"
            )
        for row in rows:
            if (
                not isinstance(row, tuple) or len(row) != 2
                or any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= self.width for c in row)
                or row[0] == row[1]
            ):
                raise InvalidPositionError(
                    f"{self.name}: each row is two different columns in 1..{self.width}; got "
                    f"{describe(row)}"
                )

    def format_position(self, position: Any) -> str:
        """The columns as typed, black and white row by row, and whose turn when
        it is white's (what :meth:`parse_position` reads back).

        >>> g = Northcott(8)
        >>> g.format_position((((1, 3), (2, 5)), 0)), g.format_position((((1, 3), (3, 5)), 1))
        ('1 3 2 5', '1 3 3 5, white to move')
        >>> g.parse_position("1 3 3 5, white to move")
        (((1, 3), (3, 5)), 1)
        """
        try:
            rows, turn = position
            cols = " ".join(f"{b} {w}" for b, w in rows)
        except (TypeError, ValueError):
            return super().format_position(position)
        return cols + (", white to move" if turn == 1 else "") if cols else (
            "no rows" + (", white to move" if turn == 1 else ""))

    def parse_position(self, text: str) -> Hashable:
        """``"1 3 2 5"``: black and white columns row by row, black to move;
        ``"1 3 3 5, white to move"`` (or ``... white``): white to move."""
        turn = 0
        if isinstance(text, str):
            m = re.search(r",?\s*\(?\s*(white|black)(\s+to\s+move)?\s*\)?\s*$", text, re.I)
            if m:
                turn = 1 if m.group(1).lower() == "white" else 0
                text = text[:m.start()]
        nums = parse_heaps(text, self.name)
        if len(nums) % 2:
            raise InvalidPositionError(f"{self.name}: give two columns per row; got {describe(text)}")
        return (tuple(zip(nums[::2], nums[1::2])), turn)

    @staticmethod
    def gaps(rows: Any) -> list[int]:
        return [abs(b - w) - 1 for b, w in rows]

    def value_formula(self, position: Any) -> int:
        """The generalised Sprague-Grundy value: the nim-sum of the gaps.

        >>> Northcott(8).value_formula((((1, 3), (2, 5)), 0))
        3
        """
        s = 0
        for g in self.gaps(position[0]):
            s ^= g
        return s

    def outcome_formula(self, position: Any) -> Outcome:
        s = 0
        for g in self.gaps(position[0]):
            s ^= g
        return Outcome.N if s else Outcome.P

    def winning_move_formula(self, position: Any) -> Hashable | None:
        rows, turn = position
        gaps = self.gaps(rows)
        s = 0
        for g in gaps:
            s ^= g
        if not s:
            return None
        i = next(i for i, g in enumerate(gaps) if g ^ s < g)
        shrink = gaps[i] - (gaps[i] ^ s)
        black, white = rows[i]
        if turn == 0:
            row = (black + shrink if black < white else black - shrink, white)
        else:
            row = (black, white - shrink if white > black else white + shrink)
        return (rows[:i] + (row,) + rows[i + 1 :], 1 - turn)


@catalogued("chocolate", "chocolate bar", "cut chocolate",
            summary="Break a bar into two pieces; the first to break off a 1x1 wins.",
            position="4 5", legal=((4, 5), (1, 1), (2, 3)))
class Chocolate(Ruleset):
    """The notes' chocolate game: an ``a x b`` bar; a move breaks one piece into two
    along a grid line; whoever first breaks off a ``1 x 1`` piece wins.

    Breaking off a ``1 x k`` strip hands the opponent the win, so (the notes'
    transformation) play is normal play on breaks that leave both pieces at least
    2 wide: a position ``(a, b)`` with ``a, b >= 2`` moves to a ``Sum`` of two such
    bars (Multi-SG). A bar with a side of 1 can only be the starting bar: ``1 x 1``
    is lost (no move), ``1 x k`` is won at once. Values by the memoised search.

    >>> c = Chocolate()
    >>> [str(c.outcome((2, k))) for k in range(1, 7)]
    ['N', 'P', 'P', 'N', 'N', 'N']
    """

    tuple_position = True
    table_shape = "pair"

    def moves(self, position: tuple[int, int]) -> Iterator[Hashable]:
        a, b = sorted(position)
        if a == 1:
            if b > 1:
                yield Sum()  # break off the 1 x 1 and win
            return
        for i in range(2, a // 2 + 1):
            yield Sum((i, b), (a - i, b))
        for i in range(2, b // 2 + 1):
            yield Sum((a, i), (a, b - i))

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``break into 2x5 and 2x5`` (pieces at least 2 wide), or ``break off 1x1``.

        >>> c = Chocolate()
        >>> [c.format_move((4, 5), o) for o in c.moves((4, 5))]
        ['break into 2x5 and 2x5', 'break into 4x2 and 4x3']
        """
        if not (type(position) is tuple and len(position) == 2):
            return None
        def name(o: Any) -> str:
            if not o.parts:
                return "break off 1x1"
            return "break into " + " and ".join(f"{a}x{b}" for a, b in o.parts)

        return ((name(o), o) for o in self.moves(position))

    def validate(self, position: Any) -> None:
        p = pair(self.name, position, "side")
        if min(p) < 1:
            raise InvalidPositionError(
                f"chocolate: a bar is two positive sides (a, b); got {describe(position)}"
            )

    def parse_position(self, text: str) -> Hashable:
        return parse_heaps(text, self.name)


@catalogued("merge", "merge piles", "p4101", "heoi2014",
            summary="Merge two piles with total <= m; from n single stones (HEOI2014).",
            params="m (merge:3)", sample="merge:3", position="10", legal=(((1, 10),), ((1, 2), (2, 1))))
class MergePiles(Ruleset):
    """HEOI2014 "人人尽说江南好" (P4101): piles of stones; a move merges two piles
    whose total is at most ``m``; whoever cannot move loses.

    A position is a multiset of piles as sorted ``(size, count)`` pairs;
    :meth:`start` ``(n)`` is ``n`` single stones. From the start the game lasts
    exactly ``n - ceil(n / m)`` merges whatever the players do that matters (the
    notes' argument: the player who wants that parity can force it), so the
    first player wins iff that number is odd: O(1) for any ``n``. Other positions
    use the memoised search.

    >>> g = MergePiles(3)
    >>> g.outcome(g.start(10**18)), g.outcome(g.start(4))
    (Outcome.P, Outcome.P)
    >>> [str(g.outcome(g.start(n))) for n in range(1, 8)]
    ['P', 'N', 'P', 'P', 'N', 'P', 'P']
    """

    tuple_position = True

    def __init__(self, m: int) -> None:
        self.m = positive_param("merge", "m", m, maximum=10**100)
        self.name = self.spec = f"merge:{m}"

    @classmethod
    def from_args(cls, args: str | None) -> MergePiles:
        if not args:
            raise InvalidParameterError("merge needs m, the largest pile allowed, e.g. 'merge:3'")
        return cls(parse_param(args, "integer m", "merge"))

    def start(self, n: int) -> tuple[tuple[int, int], ...]:
        """``n`` piles of one stone."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidPositionError(f"{self.name}: the number of stones must be a non-negative integer; got {describe(n)}")
        return ((1, n),) if n else ()

    def moves(self, position: Any) -> Iterator[Hashable]:
        items = position
        for i, (a, ca) in enumerate(items):
            for j in range(i, len(items)):
                b, cb = items[j]
                if a + b > self.m:
                    break
                if i == j and ca < 2:
                    continue
                new = dict(items)
                new[a] -= 1
                new[b] -= 1
                new[a + b] = new.get(a + b, 0) + 1
                yield tuple(sorted((s, c) for s, c in new.items() if c))

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``merge a b``: two piles of sizes ``a`` and ``b`` become one.

        >>> g = MergePiles(3)
        >>> p = g.parse_position("1 1 2")
        >>> [g.format_move(p, o) for o in g.moves(p)]
        ['merge 1 1', 'merge 1 2']
        """
        if not isinstance(position, tuple):
            return None
        out = []
        for i, (a, ca) in enumerate(position):
            for j in range(i, len(position)):
                b, _ = position[j]
                if a + b <= self.m and (i != j or ca >= 2):
                    out.append(f"merge {a} {b}")
        return zip(out, self.moves(position))

    def validate(self, position: Any) -> None:
        ok = isinstance(position, tuple) and all(
            isinstance(x, tuple) and len(x) == 2
            and all(type(v) is int and v > 0 for v in x)
            for x in position
        )
        if not ok or list(position) != sorted(position) or len({s for s, _ in position}) != len(position):
            raise InvalidPositionError(
                f"{self.name}: a position is sorted (size, count) pairs, e.g. ((1, 5), (3, 2)); got "
                f"{describe(position)}"
            )

    def parse_position(self, text: str) -> Hashable:
        """``"n"`` is the start with n stones; ``"1 1 2 3"`` lists the piles."""
        piles = parse_heaps(text, self.name)
        if len(piles) == 1:
            return self.start(piles[0])
        counts: dict[int, int] = {}
        for p in piles:
            counts[p] = counts.get(p, 0) + 1
        return tuple(sorted(counts.items()))

    def outcome_formula(self, position: Any) -> Outcome | None:
        """The start (every pile of size 1) by counting merges; other positions are
        declined (searched)."""
        if len(position) <= 1 and all(s == 1 for s, _ in position):
            n = position[0][1] if position else 0
            merges = n - (n + self.m - 1) // self.m
            return Outcome.N if merges % 2 else Outcome.P
        return None
