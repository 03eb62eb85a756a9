"""Take-and-break games in the code notation of Winning Ways, and Grundy's game.

A code ``d0.d1d2d3...`` lists, for each number ``k`` of tokens taken (``d0``: none),
which results are allowed, as the sum of: 1 = take the whole heap, 2 = leave one
heap, 4 = leave two heaps (split the rest), 8 = leave three heaps (hexadecimal
digits). A trailing ``...`` repeats the last digit forever: Nim is ``0.3...``,
Lasker's Nim ``4.3...``, Kayles ``0.77``, Dawson's Kayles ``0.07``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator
from typing import Any

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.games._common import heap, parse_int, table_size
from grundy.patterns.periodicity import Periodicity, find_periodicity, octal_periodicity

__all__ = ["TakeAndBreak", "GrundysGame", "parse_code"]

_CODE = re.compile(r"^([0-9a-fA-F]?)\.([0-9a-fA-F]*)(\.\.\.)?$")
#: The longest code accepted (digits after the point).
MAX_CODE_DIGITS = 4096


def canonical_code(digits: list[int], repeat: bool) -> str:
    """The code of ``digits`` as written in the catalogue spec: lower-case hex
    digits, ``0`` before the point when nothing else, ``...`` for a repeat.

    >>> canonical_code(*parse_code(".070")), canonical_code(*parse_code("4.3..."))
    ('0.07', '4.3...')
    """
    return f"{digits[0]:x}." + "".join(f"{d:x}" for d in digits[1:]) + ("..." if repeat else "")


def parse_code(code: str) -> tuple[list[int], bool]:
    """``"0.07"`` -> ``([0, 0, 7], False)``; ``"4.3..."`` -> ``([4, 3], True)``.

    >>> parse_code("0.137"), parse_code(".6"), parse_code("4.3...")
    (([0, 1, 3, 7], False), ([0, 6], False), ([4, 3], True))
    """
    m = _CODE.match(code.strip()) if isinstance(code, str) else None
    if not m or not (m.group(1) + m.group(2)):
        raise InvalidParameterError(
            f"not a take-and-break code: {describe(code)} (expected like '0.07', '4.3...', '0.f')"
        )
    if len(m.group(2)) > MAX_CODE_DIGITS:
        raise InvalidParameterError(
            f"take-and-break code {describe(code)}: at most {MAX_CODE_DIGITS:,} digits after "
            "the point (the kernels' work grows with the code's length)"
        )
    digits = [int(m.group(1) or "0", 16)] + [int(c, 16) for c in m.group(2)]
    repeat = bool(m.group(3))
    if digits[0] & 3:
        raise InvalidParameterError(
            f"{describe(code)}: the digit before the point may only be 0, 4, 8 or 12 "
            "(taking nothing must leave two or three heaps)"
        )
    if repeat and len(digits) < 2:
        raise InvalidParameterError(
            f"{describe(code)}: '...' repeats the last digit after the point"
        )
    if not repeat:
        while len(digits) > 1 and digits[-1] == 0:
            digits.pop()
    return digits, repeat


class TakeAndBreak(Ruleset):
    """The take-and-break game with a given code (see the module docstring).

    Values come from the compiled kernel (:func:`grundy.kernels.octal_table`,
    O(N^2) for N heaps), and for finite codes the period is *proven* by the
    Guy-Smith theorem: if ``g(n + p) = g(n)`` for ``n0 <= n < 2 n0 + p + t``
    (``t`` the largest take), it holds for all ``n >= n0``. Then ``value`` is O(1)
    for any heap. The pure-Python :meth:`moves` are the raw rules (brute force).

    >>> dawson = TakeAndBreak("0.07")
    >>> dawson.periodicity
    Periodicity(preperiod=53, period=34, saltus=0, proven=True, checked=...)
    >>> dawson.value(10**30), dawson.value(10**30 + 34) == dawson.value(10**30)
    (1, True)
    """

    limit = 1 << 16

    table_shape = "heap"

    def __init__(self, code: str) -> None:
        self.digits, self.repeat = parse_code(code)
        self.code = canonical_code(self.digits, self.repeat)
        self.name = self.spec = f"octal:{self.code}"
        self._table: Any = None
        self._period: Periodicity | None = None

    @classmethod
    def from_args(cls, args: str | None) -> TakeAndBreak:
        if not args:
            raise InvalidParameterError("octal needs a code, e.g. 'octal:0.07'")
        return cls(args)

    def _digit(self, k: int) -> int:
        if k < len(self.digits):
            return self.digits[k]
        return self.digits[-1] if self.repeat else 0

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        top = n if self.repeat else min(n, len(self.digits) - 1)
        for k in range(0, top + 1):
            d = self._digit(k)
            r = n - k
            if d & 1 and r == 0 and k:
                yield Sum()
            if d & 2 and r > 0 and k:
                yield r
            if d & 4:
                for a in range(1, r // 2 + 1):
                    yield Sum(a, r - a)
            if d & 8:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        yield Sum(a, b, r - a - b)

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    @property
    def uses_kernel(self) -> bool:
        """Whether tables come from the compiled kernel (every code does; a repeated
        hexadecimal digit would be O(N^3) per heap, so those use the search)."""
        return not (self.repeat and any(d & 8 for d in self.digits))

    chunk = 1 << 13
    #: table size from which the rare-value method is considered
    sparse_from = 1 << 15
    #: the rare/common split in use: None until decided, (0, 0) for the naive method
    split: tuple[int, int] | None = None

    def table(self, n: int, *, progress: Any = None) -> list[int]:
        """Values of heaps ``0..n`` (compiled kernel; extends a cached table)."""
        n = table_size(self.name, n)
        if not self.uses_kernel:  # three-heap splits: the memoised search
            return [self.solver.value(i, progress=progress) for i in range(n + 1)]
        self._extend(n, progress)
        return [int(v) for v in self._table[: n + 1]]

    def _extend(self, n: int, progress: Any = None) -> None:
        """Grow the cached table past ``n`` (at least doubling it), one chunk of
        heaps per kernel call, so progress is reported and Ctrl-C keeps every
        finished chunk."""
        from grundy.kernels.octal import octal_table, octal_table_sparse, rare_fraction

        have = 0 if self._table is None else len(self._table)
        if n < have:
            return
        target = max(n, 2 * have)
        while have <= target:
            upto = min(target, have + self.chunk)
            hexa = any(d & 8 for d in self.digits)
            if self.split is None and have >= self.sparse_from and not self.repeat and not hexa:
                # the rare-value method pays when few positions are rare
                frac, split = rare_fraction(self.digits, self._table)
                self.split = split if frac < 0.01 else (0, 0)
            if self.split and self.split != (0, 0) and not hexa:
                self._table, _ = octal_table_sparse(
                    self.digits, upto, prefix=self._table, split=self.split
                )
            else:
                self._table = octal_table(self.digits, upto, repeat=self.repeat, prefix=self._table)
            have = upto + 1
            if progress is not None:
                progress(have)

    @property
    def periodicity(self) -> Periodicity | None:
        """The proven period (finite codes), or the pattern observed on the table
        (``proven=False``), or ``None`` if none shows within :attr:`limit` heaps."""
        if self._period is None:
            if not self.uses_kernel:
                values = self.table(200)
                self._period = find_periodicity(values, saltus=self.repeat, min_repeats=3)
                return self._period
            n = 1024
            while True:
                values = self.table(n)
                hexa = any(d & 8 for d in self.digits)
                if self.repeat or hexa:
                    # no Guy-Smith bound here (repeated digits, or three-heap splits,
                    # for which the two-heap theorem does not apply): observed only
                    found = find_periodicity(values, saltus=self.repeat, min_repeats=4)
                else:
                    found = octal_periodicity(values, len(self.digits) - 1)
                if (found is not None and (found.proven or self.repeat)) or hexa or n >= self.limit:
                    self._period = found
                    break
                n *= 4
        return self._period

    def value_formula(self, position: int) -> int:
        if not self.uses_kernel:
            return self.solver.value(position)
        if self._table is not None and position < len(self._table):
            return int(self._table[position])
        if position > 4096:
            p = self.periodicity
            if p is not None and p.proven:
                return p.extend(self.table(p.preperiod + p.period), position)
        if position > 1 << 24:
            raise SearchLimitError(
                f"{self.name}: no proven period, and a table to heap {describe(position)} "
                "(O(N^2) work) is out of reach"
            )
        self._extend(position)
        return int(self._table[position])


class GrundysGame(Ruleset):
    """Grundy's game: split a heap into two *unequal* non-empty heaps.

    No closed form is known (whether it is ultimately periodic is open); values
    come from the compiled kernels (the rare-value method beyond 2^15: up to 2^20
    there are 1,273 rare positions besides heap 0, and the largest value is 231).
    OEIS A002188.

    >>> GrundysGame().table(12)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    """

    name = spec = "grundys-game"
    table_shape = "heap"

    def __init__(self) -> None:
        self._table: Any = None
        self.split: tuple[int, int] | None = None

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        for a in range(1, (n - 1) // 2 + 1):
            yield Sum(a, n - a)

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def table(self, n: int, *, progress: Any = None) -> list[int]:
        """Values of heaps ``0..n``: the naive kernel up to 2^15, the rare-value
        (sparse space) kernel beyond, which is far faster there."""
        n = table_size(self.name, n)
        self._extend(n, progress)
        return [int(v) for v in self._table[: n + 1]]

    def _extend(self, n: int, progress: Any = None) -> None:
        """Grow the table past ``n`` chunk by chunk (progress; Ctrl-C keeps the
        finished chunks), switching to the rare-value kernel from 2^15 on."""
        from grundy.kernels.octal import choose_mask, grundy_game_sparse, grundy_game_table

        have = 0 if self._table is None else len(self._table)
        if n < have:
            return
        target = max(n, 2 * have, 1024)
        while have <= target:
            upto = min(target, have + (1 << 14))
            if have < 1 << 15:
                self._table = grundy_game_table(upto, prefix=self._table)
            else:
                if self.split is None:  # choose on the last 2048 values (pure Python)
                    lo = have - 2048
                    mask, e, _ = choose_mask(self._table[lo:].tolist(), offset=lo)
                    self.split = (mask, e)
                self._table, _ = grundy_game_sparse(upto, prefix=self._table, split=self.split)
            have = upto + 1
            if progress is not None:
                progress(have)

    def value_formula(self, position: int) -> int:
        if self._table is not None and position < len(self._table):
            return int(self._table[position])
        if position > (1 << 24):
            raise SearchLimitError(f"{self.name}: heap {describe(position)} is beyond the table (2^24)")
        self._extend(position)
        return int(self._table[position])
