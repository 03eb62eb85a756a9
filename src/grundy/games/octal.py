"""Take-and-break games in the code notation of Winning Ways, and Grundy's game.

A code ``d0.d1d2d3...`` lists, for each number ``k`` of tokens taken (``d0``: none),
which results are allowed, as the sum of: 1 = take the whole heap, 2 = leave one
heap, 4 = leave two heaps (split the rest), 8 = leave three heaps (hexadecimal
digits). A trailing ``...`` repeats the last digit forever: Nim is ``0.3...``,
Lasker's Nim ``4.3...``, Kayles ``0.77``, Dawson's Kayles ``0.07``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.values.periodicity import Periodicity
from grundy.rules.naming import people_name
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.games._common import heap, parse_int, table_size
from grundy.games.registry import catalogued, get, maker, named
from grundy.solve.budget import Budget, from_keywords
from grundy.solve.periods import HeapTables, PeriodNotes, split_table, take_break_tables
from grundy.solve.splittable import MAX_HEAPS, SplitTable
from grundy.values.keywords import old_keywords
from grundy.patterns.periodicity import octal_periodicity

__all__ = ["TakeAndBreak", "GrundysGame", "SplitTable", "parse_code", "canonical_code", "RateProgress",
           "on_file", "MAX_HEAPS"]

Progress = Callable[[int], None]

_CODE = re.compile(r"^([0-9a-fA-F]?)\.([0-9a-fA-F]*)(\.\.\.)?$")
_OCTAL = re.compile(r"^[0-7]?\.[0-7]*(\.\.\.)?$")
#: The longest code accepted (digits after the point).
MAX_CODE_DIGITS = 4096


def _heaps_of(option: Any) -> tuple[int, ...] | None:
    """The heaps a take-and-break move leaves, in the forms the move functions
    write (a heap ``r > 0`` alone, ``Sum()`` for none, a ``Sum`` of two or three
    heaps, each ``> 0``); ``None`` for any other form."""
    if type(option) is int:
        return (option,) if option > 0 else None
    if type(option) is not Sum:
        return None
    parts = option.parts
    if len(parts) == 1 or not all(type(p) is int and p > 0 for p in parts):
        return None
    return tuple(parts)  # type: ignore[arg-type]


def _code_allows(digit: Callable[[int], int], n: int, option: Any) -> bool:
    """Whether the code whose digit for ``k`` tokens taken is ``digit(k)`` allows
    the move from a heap of ``n`` to ``option`` (as :meth:`TakeAndBreak.moves`
    writes its options).

    >>> d = lambda k: [0, 7, 7][k] if k < 3 else 0      # Kayles (0.77)
    >>> _code_allows(d, 5, Sum(2, 2)), _code_allows(d, 5, Sum(1, 1)), _code_allows(d, 2, Sum())
    (True, False, True)
    """
    parts = _heaps_of(option)
    if parts is None or n < 0:
        return False
    k = n - sum(parts)
    if k < 0:
        return False
    bit = 1 << len(parts)
    if bit > 8:
        return False
    if len(parts) <= 1 and k == 0:  # taking nothing never leaves the heap (or none) alone
        return False
    return bool(digit(k) & bit)


def canonical_code(digits: list[int], repeat: bool) -> str:
    """The code of ``digits`` as written in the catalogue spec: lower-case hex
    digits, ``0`` before the point when nothing else, ``...`` for a repeat.

    >>> canonical_code(*parse_code(".070")), canonical_code(*parse_code("4.3..."))
    ('0.07', '4.3...')
    """
    return f"{digits[0]:x}." + "".join(f"{d:x}" for d in digits[1:]) + ("..." if repeat else "")


def parse_code(code: str, *, hexadecimal: bool = False) -> tuple[list[int], bool]:
    """``"0.07"`` -> ``([0, 0, 7], False)``; ``"4.3..."`` -> ``([4, 3], True)``.
    Octal digits only (0-7) unless ``hexadecimal`` (digits up to ``f``: bit 8
    leaves three heaps).

    >>> parse_code("0.137"), parse_code(".6"), parse_code("4.3...")
    (([0, 1, 3, 7], False), ([0, 6], False), ([4, 3], True))
    >>> parse_code("0.f", hexadecimal=True)
    ([0, 15], False)
    >>> parse_code("0.8")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: not an octal code: '0.8' (digits 0-7, like '0.07' or '4.3...'; hexadecimal codes are hex:CODE)
    """
    m = _CODE.match(code.strip()) if isinstance(code, str) else None
    if isinstance(code, str) and len(code.strip()) > MAX_CODE_DIGITS + 5:
        raise InvalidParameterError(
            f"take-and-break code {describe(code)}: at most {MAX_CODE_DIGITS:,} digits after "
            "the point (the kernels' work grows with the code's length)"
        )
    if m and not hexadecimal and not _OCTAL.match(code.strip()):
        raise InvalidParameterError(
            f"not an octal code: {describe(code)} (digits 0-7, like '0.07' or '4.3...'; "
            "hexadecimal codes are hex:CODE)"
        )
    if not m or not (m.group(1) + m.group(2)).strip("0"):
        example = "'0.07', '4.3...', '0.f'" if hexadecimal else "'0.07', '4.3...'"
        raise InvalidParameterError(
            f"not a take-and-break code: {describe(code)} (expected like {example})"
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


def _table_n(name: str, n: Any, uint16: bool) -> int:
    """A valid table size: the ``uint16`` engines take any size within their
    memory budget (they say so beyond it), the others the catalogue's bound."""
    if uint16 and isinstance(n, int) and not isinstance(n, bool) and n >= 0:
        return n
    return table_size(name, n)


class RateProgress:
    """A progress callback for long tables: heaps known, rate and ETA, on one
    line of ``stream`` (standard error), at most every ``every`` seconds.

    >>> import io
    >>> out = io.StringIO()
    >>> report = RateProgress(1000, stream=out, every=0)
    >>> report(0); report(500); "500/1,000 heaps" in out.getvalue()
    True
    """

    def __init__(self, total: int, *, stream: Any = None, every: float = 0.5,
                 label: str = "") -> None:
        import sys

        self.total, self.every, self.label = total, every, label
        self.stream = sys.stderr if stream is None else stream
        self.t0 = time.monotonic()
        self.first: int | None = None
        self.last = 0.0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if self.first is None:
            self.first, self.t0 = done, now
            return
        if now - self.last < self.every and done < self.total:
            return
        self.last = now
        rate = (done - self.first) / max(now - self.t0, 1e-9)
        eta = (self.total - done) / rate if rate > 0 else float("inf")
        self.stream.write(f"\r{self.label}{done:,}/{self.total:,} heaps  {rate:,.0f}/s  ETA {eta:,.0f} s ")
        self.stream.flush()


def _options_taking(d: int, k: int, r: int) -> int:
    """How many options :meth:`TakeAndBreak.moves` lists for taking ``k`` with the
    digit ``d``, leaving ``r``: nothing (bit 1), one heap (2), two (4: ``r // 2``
    splits) or three heaps (8: the partitions of ``r`` into three positive parts,
    ``round(r^2 / 12)``)."""
    count = 1 if d & 1 and r == 0 and k else 0
    if d & 2 and r > 0 and k:
        count += 1
    if d & 4:
        count += r // 2
    if d & 8:
        count += (r * r + 6) // 12
    return count


class TakeAndBreak(PeriodNotes, Ruleset):
    """The take-and-break game with a given code (see the module docstring): an
    immutable description of the rules; what is computed for it (its table, its
    period) lives in its record in ``solve/`` (:mod:`grundy.solve.periods`).

    Finite codes with digits up to 7 (octal games) are tabled by the compiled
    kernels in ``uint16`` arrays (:class:`~grundy.solve.splittable.SplitTable`:
    the naive table, then the rare-value method), and the period is *proven* by
    the Guy-Smith theorem: if ``g(n + p) = g(n)`` for ``n0 <= n < 2 n0 + p + t``
    (``t`` the largest take), it holds for all ``n >= n0``. :meth:`find_period`
    grows the table until the period is proven or the caller's budget (its
    seconds, and heaps: at most :attr:`max_heaps`, 2 bytes each) is spent, and
    :attr:`period_note` says how far it got; :attr:`periodicity` runs it once
    within the budget in force. Then ``value`` is O(1) for any heap. The
    pure-Python :meth:`moves` are the raw rules (brute force). ``store``: a
    file that holds the table (:meth:`use_store`).

    >>> dawson = TakeAndBreak("0.07")
    >>> dawson.periodicity
    Periodicity(preperiod=53, period=34, saltus=0, proven=True, checked=...)
    >>> dawson.value(10**30), dawson.value(10**30 + 34) == dawson.value(10**30)
    (1, True)
    >>> TakeAndBreak("0.6").table_array(10)
    array([0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3], dtype=uint16)
    """

    table_shape = "heap"
    #: the memory bound of a table in memory: heaps (2 bytes each)
    max_heaps = MAX_HEAPS
    #: the general kernel's table chunk (codes with repeated or hexadecimal digits)
    chunk = 1 << 13

    def __init__(self, code: str, *, hexadecimal: bool = False, store: str | Path | None = None) -> None:
        self.digits, self.repeat = parse_code(code, hexadecimal=hexadecimal)
        self.code = canonical_code(self.digits, self.repeat)
        octal = all(d < 8 for d in self.digits)
        self.name = self.spec = f"{'octal' if octal else 'hex'}:{self.code}"
        #: the file holding the table (a ``.npy`` checkpoint or a table store), or ``None``
        self.store = store
        if store is not None and (self.repeat or not octal):
            raise InvalidParameterError(f"{self.name}: table files are for finite octal codes")

    @classmethod
    def from_args(cls, args: str | None) -> TakeAndBreak:
        if not args:
            raise InvalidParameterError("octal needs a code, e.g. 'octal:0.07'")
        return cls(args)

    @classmethod
    def from_hex_args(cls, args: str | None) -> TakeAndBreak:
        """``hex:CODE``: a code whose digits may reach ``f`` (bit 8: leave three heaps)."""
        if not args:
            raise InvalidParameterError("hex needs a code, e.g. 'hex:0.8'")
        return cls(args, hexadecimal=True)

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

    def option_count_formula(self, position: Any) -> int | None:
        """How many options :meth:`moves` lists for the heap ``position``, from the
        code's digits in O(digits) (exact, but a lower bound for a repeating code
        whose last digit leaves three heaps): a search bounded to a million options
        refuses a heap of 10^12 at once.

        >>> g = TakeAndBreak("0.07")                   # Dawson's Kayles
        >>> g.option_count_formula(10), len(list(g.moves(10)))
        (5, 5)
        >>> g.option_count_formula(10**12)
        500000000000
        >>> TakeAndBreak("0.3...").option_count_formula(10**12)   # Nim
        1000000000000
        """
        if type(position) is not int or position < 0:
            return None
        n, size = position, len(self.digits)
        count = 0
        for k in range(0, min(n, size - 1) + 1):  # the code's own digits
            count += _options_taking(self.digits[k], k, n - k)
        if self.repeat and n >= size:  # k = size..n, all with the last digit
            d, m = self.digits[-1], n - size  # the heaps left: r = 0..m
            count += (d & 1) + (m if d & 2 else 0) + (m * m // 4 if d & 4 else 0)
            if d & 8:  # the smallest r only: a lower bound
                count += sum((r * r + 6) // 12 for r in range(min(m, 64) + 1))
        return count

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        """Whether ``option`` is a move from the heap ``position``, read off the
        code's digit for the number taken (bit 1: nothing left, 2: one heap, 4:
        two, 8: three), in the forms :meth:`moves` writes: O(1), where listing the
        options of a heap of 10^12 never ends.

        >>> g = TakeAndBreak("0.07")                   # Dawson's Kayles
        >>> g.is_option(10**12, Sum(5, 10**12 - 7)), g.is_option(10**12, 10**12 - 1)
        (True, False)
        """
        if type(position) is not int:
            return None
        return _code_allows(self._digit, position, option)

    def validate(self, position: Any) -> None:
        heap(people_name(self), position)

    def parse_position(self, text: str) -> Hashable:
        """A heap size; an error names the game by its common name (``kayles``, not
        ``octal:0.77``), as reports do.

        >>> get("kayles").parse_position("abc")
        Traceback (most recent call last):
        ...
        grundy.values.errors.InvalidPositionError: kayles: not an integer heap size: 'abc'
        """
        return parse_int(text, "integer heap size", people_name(self))

    @property
    def uses_kernel(self) -> bool:
        """Whether tables come from a compiled kernel (every code does; a repeated
        hexadecimal digit would be O(N^3) per heap, so those use the search)."""
        return not (self.repeat and any(d & 8 for d in self.digits))

    @property
    def _tables(self) -> HeapTables:
        """What is computed for this code (its record in ``solve/``)."""
        return take_break_tables(self, self.max_heaps)

    @property
    def engine(self) -> SplitTable | None:
        """The compiled ``uint16`` table of a finite octal code (else ``None``)."""
        return self._tables.engine

    def use_checkpoint(self, path: str | Path) -> TakeAndBreak:
        """This game with its table saved to ``path`` as it grows and resumed
        from it (octal codes only): a ``.npy`` file, rewritten whole, or else a
        table store (:meth:`use_store`). A new ruleset: ``self`` is unchanged."""
        if self.repeat or any(d >= 8 for d in self.digits):
            raise InvalidParameterError(f"{self.name}: checkpoints are for finite octal codes")
        return TakeAndBreak(self.code, store=path)

    def use_store(self, path: str | Path) -> TakeAndBreak:
        """This game with its table kept in the file ``path`` (memory-mapped, grown
        in place, with a checksummed header ``path.json``) and resumed from it: no
        memory budget on the table's length, only the disk (octal codes only). A
        new ruleset: ``self`` is unchanged."""
        if self.repeat or any(d >= 8 for d in self.digits):
            raise InvalidParameterError(f"{self.name}: table stores are for finite octal codes")
        return TakeAndBreak(self.code, store=path)

    def table_array(self, n: int, *, progress: Progress | None = None) -> Any:
        """Values of heaps ``0..n`` as a numpy array at kernel speed (a read-only
        ``uint16`` view for octal codes; no per-heap Python work)."""
        tables = self._tables
        n = _table_n(self.name, n, tables.engine is not None)
        if tables.engine is not None:
            return tables.engine.array(n, progress)
        if not self.uses_kernel:  # three-heap splits, repeated: the memoised search
            return np.array([self.solver.value(i, progress=progress) for i in range(n + 1)],
                            dtype=np.int64)
        view = tables.extend(n, self.chunk, progress)[: n + 1]
        view.flags.writeable = False
        return view

    def stats(self, n: int) -> dict[str, int]:
        """Flammenkamp's figures for heaps ``0..n`` (see :meth:`SplitTable.stats`)."""
        engine = self.engine
        if engine is None:
            raise InvalidParameterError(f"{self.name}: rare-value figures are for finite octal codes")
        return engine.stats(n)

    @property
    def periodicity(self) -> Periodicity | None:
        """The proven period (finite codes), or the pattern observed on the table
        (``proven=False``), or ``None``: :meth:`find_period` once, within the
        budget in force (:func:`~grundy.solve.budget.watching`)."""
        tables = self._tables
        engine = tables.engine
        if engine is not None and engine.interrupted and not tables.searched:
            # the user stopped the table: no long search now, only what shows
            tables.note = f"observed on the {engine.have:,} values tabled (interrupted)"
            return octal_periodicity(engine.g[: engine.have], len(self.digits) - 1)
        if not tables.searched:
            return self.find_period()
        return tables.period

    @old_keywords(("seconds", "max_heaps"), from_keywords)
    def find_period(self, *, budget: Budget | None = None,
                    progress: Progress | None = None) -> Periodicity | None:
        """Grow the table until the Guy-Smith theorem proves the period, or until
        ``budget.seconds`` (default: no limit but the budget in force) are spent
        or ``budget.positions`` heaps (default :attr:`max_heaps`; a table store:
        the disk) are tabled; :attr:`period_note` says which. Returns the proven
        period, or else the pattern observed (``proven=False``) or ``None``."""
        return self._tables.find_period(
            budget=budget, progress=progress, max_heaps=self.max_heaps,
            general=lambda: self._tables.general_period(self.table, self.uses_kernel))

    def value_formula(self, position: int) -> int:
        if not self.uses_kernel:
            return int(self.solver.value(position))
        tables = self._tables
        engine = tables.engine
        if engine is not None:
            if position < engine.have:
                return int(engine.g[position])
            have = engine.have
            if position < max(1 << 22, 2 * have) and (position < self.max_heaps or engine.store is not None):
                # near the table (a table printed heap by heap): extend it
                engine.extend(max(position, min(2 * have, have + (1 << 18))))
                return int(engine.g[position])
        elif tables.table is not None and position < len(tables.table):
            return int(tables.table[position])
        if position > 4096:
            p = self.periodicity
            if p is not None and p.proven:
                return p.extend(self.table(p.preperiod + p.period), position)
        stored = engine is not None and engine.store is not None
        cap = self.max_heaps if engine is not None else min(self.max_heaps, 1 << 24)
        if position >= cap and not stored:
            hint = ("; a table store holds longer tables: use_store(path), or "
                    "grundy table --store FILE" if engine is not None else "")
            raise SearchLimitError(
                f"{people_name(self)}: no proven period, and heap {describe(position)} is beyond the table "
                f"budget ({cap:,} heaps in memory){hint}"
            )
        if engine is not None:
            engine.extend(position)
            return int(engine.g[position])
        return int(tables.extend(position, self.chunk)[position])


@catalogued("grundys-game", "grundy's game", "grundy game", "grundys game",
            summary="Grundy's game: split a heap into two unequal heaps (compiled table).",
            position="100", legal=(0, 1, 2, 3, 7, 30))
class GrundysGame(Ruleset):
    """Grundy's game: split a heap into two *unequal* non-empty heaps.

    No closed form is known (whether it is ultimately periodic is open); values
    come from the compiled kernels in a ``uint16`` table (:class:`SplitTable`:
    the rare-value method beyond 2,048 heaps; to 2^21 there are 1,274 rare heaps
    with the mask ``0xfe``, the last at 82,860, and the largest value is 231, first
    at 763,622), kept in the ruleset's record in ``solve/``. ``store``: a file
    that holds the table (:meth:`use_store`). OEIS A002188.

    >>> GrundysGame().table(12)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    """

    name = spec = "grundys-game"
    table_shape = "heap"
    max_heaps = MAX_HEAPS

    def __init__(self, *, store: str | Path | None = None) -> None:
        #: the file holding the table (a ``.npy`` checkpoint or a table store), or ``None``
        self.store = store

    @property
    def engine(self) -> SplitTable:
        """The compiled ``uint16`` table (in the ruleset's record in ``solve/``)."""
        name, heaps = self.name, self.max_heaps
        return split_table(self, lambda: SplitTable(name, splits=[0], takes=[], wholes=[],
                                                    unequal=True, max_heaps=heaps))

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        for a in range(1, (n - 1) // 2 + 1):
            yield Sum(a, n - a)

    def option_count_formula(self, position: Any) -> int | None:
        """The splits of a heap of ``position`` into two unequal heaps: ``(n - 1) // 2``.

        >>> GrundysGame().option_count_formula(10**12)
        499999999999
        """
        if type(position) is not int or position < 0:
            return None
        return max(0, (position - 1) // 2)

    def is_option_formula(self, position: Any, option: Any) -> bool | None:
        """A split into two unequal heaps, checked at once (any heap size).

        >>> GrundysGame().is_option(10**12, Sum(1, 10**12 - 1)), GrundysGame().is_option(8, Sum(4, 4))
        (True, False)
        """
        if type(position) is not int:
            return None
        parts = _heaps_of(option)
        return (parts is not None and len(parts) == 2 and parts[0] != parts[1]
                and sum(parts) == position)

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def use_checkpoint(self, path: str | Path) -> GrundysGame:
        """This game with its table saved to ``path`` as it grows and resumed from
        it: a ``.npy`` file, rewritten whole, or else a table store
        (:meth:`use_store`). A new ruleset: ``self`` is unchanged."""
        return GrundysGame(store=path)

    def use_store(self, path: str | Path) -> GrundysGame:
        """This game with its table kept in the file ``path`` (memory-mapped, with
        a checksummed header ``path.json``) and resumed from it; its length is
        bounded by the disk. A new ruleset: ``self`` is unchanged."""
        return GrundysGame(store=path)

    def table_array(self, n: int, *, progress: Progress | None = None) -> Any:
        """Values of heaps ``0..n``: a read-only ``uint16`` numpy view."""
        return self.engine.array(_table_n(self.name, n, True), progress)

    def stats(self, n: int) -> dict[str, int]:
        """Flammenkamp's figures for heaps ``0..n`` (see :meth:`SplitTable.stats`)."""
        return self.engine.stats(n)

    def value_formula(self, position: int) -> int:
        engine = self.engine
        if position < engine.have:
            return int(engine.g[position])
        if position >= self.max_heaps and engine.store is None:
            raise SearchLimitError(
                f"{self.name}: heap {describe(position)} is beyond the table budget ({self.max_heaps:,} "
                "heaps in memory); a table store holds longer tables: use_store(path), or "
                "grundy table --store FILE"
            )
        engine.extend(max(position, min(2 * engine.have, engine.have + (1 << 18))))
        return int(engine.g[position])


def on_file(ruleset: Ruleset, path: str | Path) -> TakeAndBreak | GrundysGame:
    """``ruleset`` (a finite octal code or Grundy's game) with its table saved to
    ``path`` and resumed from (:meth:`TakeAndBreak.use_checkpoint`: a ``.npy``
    checkpoint, else a table store): a new ruleset with a record of its own, so
    the catalogue's shared ruleset is left alone and never bound to the file.

    >>> on_file(get("nim"), "t.table")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: nim: a table file is for finite octal codes and Grundy's game
    """
    if isinstance(ruleset, TakeAndBreak) and not ruleset.repeat and all(d < 8 for d in ruleset.digits):
        return ruleset.use_checkpoint(path)
    if isinstance(ruleset, GrundysGame):
        return ruleset.use_checkpoint(path)
    raise InvalidParameterError(f"{ruleset.name}: a table file is for finite octal codes and Grundy's game")


_HEAPS = (0, 1, 2, 7, 30, 10**20)


@maker("octal", "take-and-break", "takebreak", "octal game",
       summary="Take-and-break game by its octal code (0.07, 0.77, 4.3...).",
       params="the code (octal:0.07)", sample="octal:0.07", position="20", legal=_HEAPS)
def octal_game(args: str | None) -> Ruleset:
    """``octal:CODE``: the game of the code, by its best engine: the closed forms of
    Nim (0.3...) and Lasker's Nim (4.3...) and subtraction games (digits 0 and 3
    only); the row reading of ``0.0..07..7``; else the kernel."""
    if not args:
        raise InvalidParameterError("octal needs a code, e.g. 'octal:0.07'")
    digits, repeat = parse_code(args)
    if repeat and digits[1:] == [3]:
        closed = {0: "nim", 4: "lasker"}.get(digits[0])
        if closed:
            return get(closed)
    if not repeat and digits[0] == 0 and set(digits[1:]) <= {0, 3}:
        return get("subtraction:" + ",".join(str(k) for k, d in enumerate(digits) if d == 3))
    from grundy.games.rows import RowRuns, row_runs_of

    rows = row_runs_of(digits, repeat)
    if rows is not None:
        return RowRuns(*rows)
    return TakeAndBreak(args)


@maker("hex", "hexadecimal", "hexadecimal game",
       summary="Take-and-break game by a hexadecimal code (digit bit 8: leave three heaps).",
       params="the code (hex:0.8)", sample="hex:0.8", position="10", legal=(0, 1, 2, 7, 30))
def hex_game(args: str | None) -> Ruleset:
    """``hex:CODE``: a take-and-break code with hexadecimal digits (8 = leave three
    heaps); split-in-three (8.3...) by its closed form, octal codes as ``octal:``."""
    if not args:
        raise InvalidParameterError("hex needs a code, e.g. 'hex:0.8'")
    digits, repeat = parse_code(args, hexadecimal=True)
    if repeat and digits == [8, 3]:
        return get("split3")
    if all(d < 8 for d in digits):
        return octal_game(args)
    return TakeAndBreak(args, hexadecimal=True)


named("kayles", "octal:0.77", "kayles game",
      summary="Kayles (octal 0.77): knock down one pin or two adjacent pins.",
      position="10", legal=_HEAPS)
named("dawson", "octal:0.07", "dawson's kayles", "dawsons kayles", "0.07",
      summary="Dawson's Kayles (octal 0.07): period 34, proven.",
      position="10**12", legal=_HEAPS)
