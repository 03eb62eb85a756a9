"""Removing runs of consecutive coins from a row or a circle: the notes' circle
game (symmetry strategy) and ABC278G's generalised subtraction game.

A row game is a take-and-break game: removing ``k`` consecutive coins from a row
leaves nothing, one row or two rows, which is the octal digit 7 at ``k``. So
``RowRuns(lo, hi)`` *is* the octal game ``0.0...07...7`` (Kayles ``0.77``, Dawson's
Kayles ``0.07``): one engine (the compiled kernel, proven periods), with the row
reading (the symmetry strategy) on top.

>>> import grundy
>>> RowRuns(1, 2) == grundy.games.get("kayles") == grundy.games.get("octal:0.77")
True
>>> RowRuns(2, 2) == grundy.games.get("dawson")
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, cast

from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import illegal_move, words
from grundy.rules.sums import Sum
from grundy.games._common import heap, parse_int, parse_int_list, parse_param, positive_param
from grundy.games.octal import MAX_CODE_DIGITS, TakeAndBreak
from grundy.games.registry import catalogued, get, maker

__all__ = ["RowRuns", "CircleRuns", "row_code", "row_runs_of"]


def row_code(lo: int, hi: int) -> str:
    """The octal code of removing ``lo..hi`` consecutive coins from a row.

    >>> row_code(1, 2), row_code(2, 2), row_code(2, 4)
    ('0.77', '0.07', '0.0777')
    """
    return "0." + "0" * (lo - 1) + "7" * (hi - lo + 1)


def row_runs_of(digits: list[int], repeat: bool) -> tuple[int, int] | None:
    """``(lo, hi)`` if the code ``digits`` is a row game ``0.0...07...7``, else ``None``.

    >>> row_runs_of([0, 7, 7], False), row_runs_of([0, 0, 7], False), row_runs_of([0, 3], False)
    ((1, 2), (2, 2), None)
    """
    if repeat or digits[0] != 0 or len(digits) < 2:
        return None
    lo = next((i for i, d in enumerate(digits) if d), 0)
    if lo == 0 or any(d != 7 for d in digits[lo:]) or any(digits[1:lo]):
        return None
    return lo, len(digits) - 1


class RowRuns(TakeAndBreak):
    """A row of ``m`` coins; a move removes ``lo..hi`` *consecutive* coins (which may
    split the row in two). Whoever cannot move loses. (ABC278G; ``lo = 1, hi = 2``
    is Kayles, ``lo = hi = 2`` Dawson's Kayles.)

    The game is the octal game :func:`row_code` ``(lo, hi)``, so values come from
    the compiled kernel and its proven period; it equals that
    :class:`TakeAndBreak` (same spec, same hash). The row reading adds the symmetry
    strategy: if some ``k`` in ``[lo, hi]`` has the parity of ``m`` (and
    ``k <= m``), the first player wins by removing the middle ``k`` and mirroring.

    >>> g = RowRuns(1, 2)          # Kayles
    >>> g.table(12)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    >>> g.winning_move(7)
    Sum(3, 3)
    >>> g
    grundy.games.get('octal:0.77')
    """

    def __init__(self, lo: int, hi: int) -> None:
        if (
            isinstance(lo, bool) or isinstance(hi, bool) or not isinstance(lo, int)
            or not isinstance(hi, int) or not 1 <= lo <= hi
        ):
            raise InvalidParameterError(
                f"rowruns: need integers 1 <= lo <= hi; got {describe(lo)}, {describe(hi)}"
            )
        if hi > MAX_CODE_DIGITS:
            raise InvalidParameterError(
                f"rowruns: hi must be at most {MAX_CODE_DIGITS:,} (the length of the octal "
                f"code); got {describe(hi)}"
            )
        super().__init__(row_code(lo, hi))
        self.lo, self.hi = lo, hi

    @classmethod
    def from_args(cls, args: str | None) -> RowRuns:
        vals = parse_int_list(args or "", "rowruns")
        if len(vals) != 2:
            raise InvalidParameterError(
                f"rowruns needs lo,hi: the run lengths allowed, e.g. 'rowruns:2,3'; got "
                f"{describe(args)}"
            )
        return cls(*vals)

    # equal to the TakeAndBreak of the same code (Python asks the subclass first)
    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, TakeAndBreak) and other.spec is not None and other.spec == self.spec
        )

    __hash__ = TakeAndBreak.__hash__

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``knock 4 5``: the pins (coins) removed, numbered from 1 along
        the row (``knock 3-7`` for long runs); the shorter row is left on the left.

        >>> k = RowRuns(1, 2)
        >>> k.format_move(7, Sum(3, 3)), k.format_move(7, Sum(2, 3)), k.format_move(7, 6)
        ('knock 4', 'knock 3 4', 'knock 1')
        >>> k.parse_move(7, "knock 4"), k.parse_move(7, "knock 6 7"), k.parse_move(7, "knock 3-4")
        (Sum(3, 3), 5, Sum(2, 3))
        """
        parts: list[int] = sorted(cast("tuple[int, ...]", option.parts)) if type(option) is Sum else [cast(int, option)]
        left = parts[0] if len(parts) == 2 else 0
        k = position - sum(parts)
        first, last = left + 1, left + k
        pins = " ".join(map(str, range(first, last + 1))) if k <= 3 else f"{first}-{last}"
        return f"knock {pins}"

    def parse_move(self, position: Any, text: str) -> Hashable:
        w = words(text)
        if w[:1] == ["take"]:  # "take 2": two pins, or pin 2? Kayles moves name pins
            raise illegal_move(self, position, text, "'take' does not say which pins fall; name "
                               "them, like 'knock 2' (pin 2) or 'knock 2 3' (pins 2 and 3)")
        if w and w[0] in ("knock", "remove") and len(w) > 1:
            nums = [int(x) for x in w[1:] if x.isdigit()]
            if "-" in w and len(nums) == 2:
                nums = list(range(nums[0], nums[1] + 1))
            if not nums or nums != list(range(nums[0], nums[0] + len(nums))):
                raise illegal_move(self, position, text, "name consecutive pins, like 'knock 4 5'")
            if nums[0] < 1 or nums[-1] > position:
                raise illegal_move(self, position, text, f"pins are numbered 1..{describe(position)}")
            if not self.lo <= len(nums) <= self.hi:
                raise illegal_move(self, position, text, f"knock {self.lo}..{self.hi} pins at once")
            left, right = nums[0] - 1, position - nums[-1]
            parts = [x for x in (left, right) if x]
            return Sum(*parts) if len(parts) != 1 else parts[0]
        return super().parse_move(position, text)

    def symmetric_move(self, m: int) -> Hashable | None:
        """The middle run of the right parity, leaving two equal rows, if any."""
        heap(self.name, m, "row length")
        for k in range(self.lo, min(self.hi, m) + 1):
            if (m - k) % 2 == 0:
                half = (m - k) // 2
                return Sum(half, half) if half else Sum()
        return None

    def option_with_value_formula(self, position: int, target: int) -> Hashable | None:
        if target == 0 and type(position) is int:
            move = self.symmetric_move(position)
            if move is not None:
                return move
        return None  # declined: the analysis scans


@catalogued("circle", "coin circle", "circle take",
            summary="Remove 1..k consecutive coins from a circle; symmetry strategy.",
            params="k (circle:2)", sample="circle:2", position="10", legal=(("circle", 10), 0, 5))
class CircleRuns(Ruleset):
    """``n`` coins in a circle; a move removes ``1..k`` consecutive coins; whoever
    takes the last coin wins. After the first move the circle is a row
    (:class:`RowRuns` ``(1, k)``, the octal game ``0.7...7``), so positions are
    ``("circle", n)`` or a row length.

    Outcome of the circle (the notes' symmetry argument): the first player wins iff
    ``k >= n`` (take all) or ``k = 1`` and ``n`` is odd; otherwise the second player
    answers by removing 1 or 2 coins from the middle of the row and mirrors. O(1).

    >>> c = CircleRuns(2)
    >>> c.outcome(("circle", 10**18)), c.outcome(("circle", 2))
    (Outcome.P, Outcome.N)
    >>> c.winning_move(9)            # after the opening: answer in the middle
    Sum(4, 4)
    """

    tuple_position = False

    def __init__(self, k: int) -> None:
        positive_param("circle", "k", k, maximum=MAX_CODE_DIGITS)
        self.row = RowRuns(1, k)
        self.k = k
        self.name = self.spec = f"circle:{k}"

    @classmethod
    def from_args(cls, args: str | None) -> CircleRuns:
        if not args:
            raise InvalidParameterError("circle needs k, the longest run per move, e.g. 'circle:2'")
        return cls(parse_param(args, "integer k", "circle"))

    def moves(self, position: Any) -> Iterator[Hashable]:
        if isinstance(position, tuple):
            n = position[1]
            for j in range(1, min(self.k, n) + 1):
                yield n - j
        else:
            yield from self.row.moves(position)

    def validate(self, position: Any) -> None:
        if isinstance(position, tuple):
            if len(position) != 2 or type(position[0]) is not str or position[0] != "circle":
                raise InvalidPositionError(
                    f"{self.name}: a position is ('circle', n) or a row length; got "
                    f"{describe(position)}"
                )
            heap(self.name, position[1], "circle size")
        else:
            heap(self.name, position, "row length")

    def parse_position(self, text: str) -> Hashable:
        """``"n"`` is a circle of n coins; ``"row:m"`` a row of m."""
        t = text.strip()
        if t.startswith("row:"):
            return parse_int(t[4:], "integer row length", self.name)
        return ("circle", parse_int(t, "integer circle size", self.name))

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves read ``knock 1 2`` (on the circle any run is alike, so the first
        move is written from coin 1; then the row's notation).

        >>> c = CircleRuns(2)
        >>> c.format_move(("circle", 6), 4), c.parse_move(("circle", 6), "knock 1 2")
        ('knock 1 2', 4)
        """
        if isinstance(position, tuple):
            j: int = position[1] - option
            return "knock " + " ".join(map(str, range(1, j + 1)))
        return self.row.format_move(position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        if isinstance(position, tuple) and words(text)[:1] in (["knock"], ["remove"]):
            n = position[1]
            nums = [int(x) for x in words(text) if x.isdigit()]
            if not nums or not 1 <= len(nums) <= min(self.k, n) or any(not 1 <= x <= n for x in nums):
                raise illegal_move(self, position, text, f"knock 1..{describe(min(self.k, n))} of the coins 1..{describe(n)}")
            if sorted(set((x - nums[0]) % n for x in nums)) != list(range(len(nums))):
                raise illegal_move(self, position, text, "the coins must be consecutive")
            left_over: int = n - len(nums)
            return left_over
        if isinstance(position, tuple):
            return super().parse_move(position, text)
        row: Hashable = self.row.parse_move(position, text)
        return row

    def outcome_formula(self, position: Any) -> Outcome:
        if isinstance(position, tuple):
            n = position[1]
            return Outcome.N if n and (self.k >= n or (self.k == 1 and n % 2)) else Outcome.P
        if self.k >= 2:  # a non-empty row: symmetry wins
            return Outcome.N if position else Outcome.P
        return Outcome.N if position % 2 else Outcome.P

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        try:
            self.check(position)
            self.check(option)
        except (InvalidPositionError, TypeError):
            return False
        return None  # declined: the analysis tests membership

    def winning_move_formula(self, position: Any) -> Hashable | None:
        if self.outcome_formula(position) is Outcome.P:
            return None
        if isinstance(position, tuple):
            n = position[1]
            return 0 if self.k >= n else n - 1
        return self.row.symmetric_move(position)


@maker("rowruns", "row runs", "abc278g", "generalized subtraction",
       summary="Remove lo..hi consecutive coins from a row (ABC278G; 1,2 is Kayles).",
       params="lo,hi (rowruns:2,3)", sample="rowruns:1,2", position="10", legal=(0, 1, 10))
def rowruns_game(args: str | None) -> Ruleset:
    rr = RowRuns.from_args(args)
    return get("octal:" + row_code(rr.lo, rr.hi))
