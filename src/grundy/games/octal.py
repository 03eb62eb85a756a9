"""Take-and-break games in the code notation of Winning Ways, and Grundy's game.

A code ``d0.d1d2d3...`` lists, for each number ``k`` of tokens taken (``d0``: none),
which results are allowed, as the sum of: 1 = take the whole heap, 2 = leave one
heap, 4 = leave two heaps (split the rest), 8 = leave three heaps (hexadecimal
digits). A trailing ``...`` repeats the last digit forever: Nim is ``0.3...``,
Lasker's Nim ``4.3...``, Kayles ``0.77``, Dawson's Kayles ``0.07``.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.games._common import heap, parse_int, table_size
from grundy.games.registry import catalogued, get, maker, named
from grundy.games.tablestore import BLOCK, TableStore, bad_blocks, block_crcs, which_blocks
from grundy.solve.budget import Budget, as_budget, from_keywords, look, reserve, watching
from grundy.values.keywords import old_keywords
from grundy.kernels.rare import S_AT, S_E, S_F, S_MASK, RareWork
from grundy.patterns.periodicity import Periodicity, find_periodicity, octal_periodicity

__all__ = ["TakeAndBreak", "GrundysGame", "SplitTable", "parse_code", "canonical_code", "RateProgress",
           "on_file"]

Progress = Callable[[int], None]

_CODE = re.compile(r"^([0-9a-fA-F]?)\.([0-9a-fA-F]*)(\.\.\.)?$")
_OCTAL = re.compile(r"^[0-7]?\.[0-7]*(\.\.\.)?$")
#: The longest code accepted (digits after the point).
MAX_CODE_DIGITS = 4096


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


#: default budgets of a period search: seconds, and heaps (2 bytes each)
PERIOD_SECONDS = 150.0
MAX_HEAPS = 1 << 28
#: the heap bound of a period search on a table store: none but the disk's room
_DISK = 1 << 62


class SplitTable:
    """The ``uint16`` value table of a game whose moves split a heap into two
    (``splits``: tokens taken first; ``unequal``: the parts must differ) or take
    a bounded number of tokens (``takes``: leaving one heap, ``wholes``: the
    whole heap), grown by the compiled kernels: the naive mex table up to
    :attr:`seed`, then the rare-value method (:mod:`grundy.kernels.rare`).

    Memory is 2 bytes per heap, bounded by ``max_heaps``; with a table store
    (:meth:`use_store`, :class:`~grundy.games.tablestore.TableStore`) the values
    live in a memory-mapped file instead, bounded by the disk. The table grows in
    chunks of about a second, so a ``progress(heaps_known)`` callback is called
    regularly and Ctrl-C keeps every finished chunk; the store (or a
    ``checkpoint`` file, ``.npy``) records the values as they grow and a new
    session resumes from them.

    >>> t = SplitTable("0.07", splits=[2], takes=[2], wholes=[2])   # Dawson's Kayles
    >>> t.array(12).tolist()
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    """

    seed = 2048
    #: most heaps per rare-value kernel call while the calls are quick (a call
    #: also grows by 1/8 of the table)
    chunk = 1 << 18
    #: seconds a kernel call aims at: the calls shrink when slow and grow when
    #: quick, so progress, Ctrl-C and time budgets act within about a second
    #: even on games where a heap costs O(n)
    step_seconds = 0.5
    #: seconds between checkpoint saves (a ``.npy`` file is rewritten whole)
    save_every = 30.0
    #: seconds between commits of a table store (only the new values are read)
    commit_every = 10.0

    def __init__(self, name: str, *, splits: list[int], takes: list[int], wholes: list[int],
                 unequal: bool = False, max_heaps: int = MAX_HEAPS, periodic: bool = False) -> None:
        self.name = name
        #: a finite octal or subtraction game: once the table proves its period
        #: (Guy-Smith), further heaps are copied by the period, not computed
        self.periodic = periodic and not unequal
        #: ``(period, preperiod)`` once proven on the table
        self.period: tuple[int, int] | None = None
        self._check_at = 0
        self._step = 1 << 14
        self.splits, self.takes, self.wholes = list(splits), list(takes), list(wholes)
        self.unequal = unequal
        self.max_heaps = max_heaps
        self.g = np.zeros(0, dtype=np.uint16)
        self.have = 0
        self.work = RareWork()
        self.state = self.work.state
        self.checkpoint: Path | None = None
        #: the file the values live in (:meth:`use_store`), opened by the next extension
        self.store: TableStore | None = None
        self._opened = False
        self.seconds = 0.0
        self._saved = 0
        self._saved_at = 0.0
        #: whether the last extension was interrupted (Ctrl-C)
        self.interrupted = False
        #: threads of the rare-value kernel (:func:`grundy.kernels.rare.rare_table`:
        #: None, one core, is the default; 0 every core; docs/octal.md, "Every core")
        self.threads: int | None = None

    def _moves(self) -> dict[str, Any]:
        return {"splits": self.splits, "takes": self.takes, "wholes": self.wholes,
                "unequal": self.unequal}

    def use_store(self, path: str | Path) -> None:
        """Keep the values in the table store ``path`` (and ``path.json``, its
        header): resumed from by the next extension, committed as the table grows."""
        if self.store is not None:
            self.store.close()
        self.store = TableStore(path, game=self.name, moves=self._moves())
        self._opened = False

    def _open_store(self) -> None:
        """Open the store: check it (blocks, game, first heaps) and continue from
        it, or move the values known so far into it."""
        assert self.store is not None
        heaps = self.store.open()
        if heaps:
            try:
                self._check_game(self.store.values[:heaps], self.store.path)
            except InvalidParameterError:
                self.store.close()  # refused: never written to
                raise
            self.store.release()
        self._opened = True
        if heaps < self.have:  # a table grown in memory first: its values go to the file
            g = self.store.reserve(self.have)
            g[heaps:self.have] = self.g[heaps:self.have]
            self.store.commit(self.have)
        else:
            self.have = heaps
            self.work.forget()
        self.g = self.store.values
        self._saved, self._saved_at = self.have, time.monotonic()

    def _check_game(self, values: Any, path: Path) -> None:
        """Refuse ``values`` (saved in ``path``) unless their first heaps are
        this game's (the naive table of the rules)."""
        from grundy.kernels.rare import naive_table

        k = min(len(values), 512)
        check = np.zeros(k, dtype=np.uint16)
        naive_table(check, 0, k - 1, **self._moves())
        if not (check == values[:k]).all():
            raise InvalidParameterError(f"{str(path)!r} holds the values of another game than {self.name}")

    def commit(self) -> None:
        """Record the values known in the store or checkpoint (if any)."""
        if self.store is not None and self._opened:
            self.store.commit(self.have)
            self._saved, self._saved_at = self.have, time.monotonic()
        elif self.checkpoint is not None:
            self.save(self.checkpoint)

    def array(self, n: int, progress: Progress | None = None) -> Any:
        """Values of heaps ``0..n`` (a read-only view)."""
        self.extend(n, progress)
        view = self.g[: n + 1]
        view.flags.writeable = False
        return view

    def extend(self, n: int, progress: Progress | None = None,
               deadline: float | None = None) -> None:
        """Know heaps ``0..n`` (or stop at the first chunk past ``deadline``, a
        :func:`time.monotonic` time)."""
        if self.store is not None and not self._opened:
            self._open_store()
        if n < self.have:
            return
        if n + 1 > self.max_heaps and self.store is None:
            raise SearchLimitError(
                f"{self.name}: a table to heap {describe(n)} needs {describe(2 * (n + 1) // 2**20)} MiB; "
                f"the memory budget is {self.max_heaps:,} heaps (2 bytes each)"
            )
        if self.checkpoint is not None and self.store is None and self.have == 0:
            self.load(self.checkpoint)
            if n < self.have:
                return
        what = f"{self.name}: the table to heap {describe(n)}"
        if self.store is not None:
            if len(self.g) < n + 1:  # the disk's room is checked before growing
                self.g = self.store.reserve(max(n + 1, len(self.g) * 3 // 2))
        elif len(self.g) < n + 1:
            size = min(self.max_heaps, max(n + 1, len(self.g) * 3 // 2))
            reserve(2 * size, what)  # refuse before allocating past the memory budget
            bigger = np.zeros(size, dtype=np.uint16)
            bigger[: self.have] = self.g[: self.have]
            self.g = bigger
        from grundy.kernels.rare import naive_table, rare_table

        moves = self._moves()
        t0 = time.monotonic()
        try:
            while self.have <= n:
                if self.periodic and self.period is None and self.have >= max(self._check_at, 64):
                    self._prove_period()
                if self.period is not None:
                    self._copy_period(n)
                    if progress is not None:
                        progress(self.have)
                    break
                if not self.splits or self.have < self.seed:
                    top = n if not self.splits else min(n, self.seed - 1)
                    upto = min(top, self.have + (1 << 20) - 1)
                    stop = naive_table(self.g, self.have, upto, **moves)
                else:
                    upto = min(n, self.have + self._step - 1)
                    t1 = time.monotonic()
                    stop = rare_table(self.g, self.have, upto, state=self.work, threads=self.threads,
                                      **moves)["stop"]
                    # the next call: about step_seconds at this call's rate
                    rate = (upto + 1 - self.have) / max(time.monotonic() - t1, 1e-6)
                    self._step = max(1 << 12, min(int(rate * self.step_seconds),
                                                  max(self.chunk, self.have // 8)))
                if stop <= upto:
                    self.have = stop
                    raise SearchLimitError(
                        f"{self.name}: the value of heap {stop:,} exceeds 65535 (uint16 tables)"
                    )
                done, self.have = upto + 1 - self.have, upto + 1
                if progress is not None:
                    progress(self.have)
                look(what, done)  # the caller's budget (time, memory, Ctrl-C)
                every = self.save_every if self.store is None else self.commit_every
                if time.monotonic() - self._saved_at > every:
                    self.commit()
                if deadline is not None and time.monotonic() > deadline:
                    break
            self.interrupted = False
        except KeyboardInterrupt:
            self.interrupted = True
            raise
        finally:
            self.seconds += time.monotonic() - t0
            if self.have > self._saved:
                self.commit()

    def _prove_period(self) -> None:
        """Look for a period the Guy-Smith theorem proves on the values known.

        The least period observed at the end of the table (a few milliseconds
        even for millions of heaps) is proven once the table reaches
        ``2 n0 + 2 p + t`` (``n0 + p + t`` without splits); until then the
        next look is when the table has doubled or reaches that bound, so the
        looks cost O(1) amortised per heap.
        """
        from grundy.kernels.period import least_period

        t = max(self.splits + self.takes + self.wholes, default=0)
        # a repeat over less than an eighth of the table (at most 4096 heaps)
        # is taken for chance: it would put the next look off
        span = min(self.have // 8, 4096)
        p, n0, _ = least_period(self.g[: self.have], -1, min_span=span)
        bound = (n0 + p + t if not self.splits else 2 * n0 + 2 * p + t) if p else 0
        if p and self.have >= bound:
            self.period = (p, n0)
        self._check_at = max(2 * self.have, bound)

    def _copy_period(self, n: int) -> None:
        """Heaps ``have..n`` by the proven period: blocks copied by numpy,
        doubling, in place (no per-heap work, no extra memory)."""
        assert self.period is not None
        p, n0 = self.period
        g, i = self.g, self.have
        while i <= n:
            span = (i - n0) // p * p
            k = min(span, n + 1 - i)
            g[i : i + k] = g[i - span : i - span + k]
            i += k
        self.have = n + 1

    def save(self, path: str | Path) -> None:
        """Write the known values to ``path`` (``.npy``) and their checksums to
        ``path.json`` (the game, the heaps, the CRC32 of every block of
        :data:`~grundy.games.tablestore.BLOCK` heaps), each atomically: the values
        first, so a crash between the two leaves a header that checks a prefix of
        them (the table only grows)."""
        path = Path(path)
        values = self.g[: self.have]
        crcs, tail = block_crcs(values)
        head = {"format": _NPY_FORMAT, "version": 1, "game": self.name, "moves": self._moves(),
                "block": BLOCK, "heaps": self.have, "crc32": crcs, "tail_crc32": tail}
        tmp = path.with_name(path.name + ".tmp.npy")
        header = _npy_header(path)
        tmp_header = header.with_name(header.name + ".tmp")
        try:
            np.save(tmp, values)
            os.replace(tmp, path)
            tmp_header.write_text(json.dumps(head), encoding="utf-8")
            os.replace(tmp_header, header)
        except OSError as e:
            raise InvalidParameterError(f"{self.name}: cannot write checkpoint {str(path)!r}: {e}") from None
        self._saved, self._saved_at = self.have, time.monotonic()

    def load(self, path: str | Path) -> None:
        """Resume from the values saved in ``path`` (if it exists): checked block
        by block against the CRC32s of its header ``path.json``, and against the
        rules on the first heaps. A file without its header, a damaged file or
        another game's is refused (:class:`InvalidParameterError` naming it)."""
        path = Path(path)
        if not path.exists():
            return
        try:
            values = np.load(path, allow_pickle=False)
        except (OSError, ValueError, EOFError) as e:  # EOFError: an empty file
            raise InvalidParameterError(f"{str(path)!r} is not a table checkpoint (.npy): {e}") from None
        if values.dtype != np.uint16 or values.ndim != 1:
            raise InvalidParameterError(f"{str(path)!r} is not a uint16 table checkpoint")
        heaps, crcs, tail = self._check_header(path, len(values))
        bad = bad_blocks(values, heaps, crcs, tail)
        if bad:
            raise InvalidParameterError(
                f"{str(path)!r} is damaged: {which_blocks(bad, heaps)} fails its CRC32 check "
                f"(recorded in {_npy_header(path).name!r}); delete both files to compute the "
                "table again")
        values = values[:heaps]
        self._check_game(values, path)
        self.g = np.array(values, dtype=np.uint16)
        self.have = self._saved = len(values)
        self.work.forget()
        self._saved_at = time.monotonic()

    def _check_header(self, path: Path, n: int) -> tuple[int, list[int], int]:
        """Read the checksum header of the checkpoint ``path`` (``n`` values):
        the heaps it covers, the CRC32s of its full blocks and of the last one."""
        header = _npy_header(path)
        try:
            head = json.loads(header.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise InvalidParameterError(
                f"{str(path)!r} has no checksum header {header.name!r} beside it (a checkpoint "
                "of an older grundy, or one moved without it): its values cannot be checked; "
                "delete it to compute the table again") from None
        except (OSError, ValueError, UnicodeDecodeError) as e:
            raise InvalidParameterError(
                f"{str(path)!r}: its checksum header {header.name!r} cannot be read ({e})") from None
        heaps = head.get("heaps") if isinstance(head, dict) else None
        crcs = head.get("crc32") if isinstance(head, dict) else None
        tail = head.get("tail_crc32") if isinstance(head, dict) else None
        if (not isinstance(head, dict) or head.get("format") != _NPY_FORMAT
                or head.get("block") != BLOCK or not isinstance(heaps, int) or heaps < 0
                or not isinstance(crcs, list) or len(crcs) != heaps // BLOCK
                or not all(isinstance(c, int) for c in crcs) or not isinstance(tail, int)):
            raise InvalidParameterError(
                f"{str(path)!r}: {header.name!r} is not its checksum header, or is damaged")
        if head.get("game") != self.name or head.get("moves") != json.loads(json.dumps(self._moves())):
            raise InvalidParameterError(
                f"{str(path)!r} holds the values of another game ({head.get('game')}) than {self.name}")
        if n < heaps:
            raise InvalidParameterError(
                f"{str(path)!r} is damaged: it holds {n:,} values, its header "
                f"{header.name!r} says {heaps:,}")
        return heaps, crcs, tail

    def stats(self, n: int) -> dict[str, int]:
        """Flammenkamp's figures for heaps ``0..n``: largest value and its first
        heap, rare mask (and whether the heap's parity enters), number of rare
        heaps and the last one.

        >>> SplitTable("0.45", splits=[1, 2], takes=[], wholes=[2]).stats(2000)
        {'max': 8, 'max_at': 37, 'rare': 11, 'last_rare': 198, 'mask': 15, 'e': 0, 'f': 0}
        """
        from grundy.kernels.rare import best_mask, rare_stats

        values = self.array(n)
        if n >= self.seed and self.splits and self.period is None and self.state[S_AT]:
            mask, e, f = (int(self.state[i]) for i in (S_MASK, S_E, S_F))  # the kernel's split
        else:  # chosen on the values (a short table, or one copied by its period)
            mask, e, f = best_mask(values, allow_e=len(self.splits) == 1)
        return rare_stats(values, mask, e, f)


_NPY_FORMAT = "grundy npy checkpoint"


def _npy_header(path: Path) -> Path:
    """The checksum header beside a ``.npy`` checkpoint: ``FILE.json``."""
    return path.with_name(path.name + ".json")


def _attach(engine: SplitTable, path: str | Path) -> None:
    """A ``.npy`` checkpoint (the whole table rewritten now and then), else a
    table store."""
    if Path(path).suffix.lower() == ".npy":
        engine.checkpoint = Path(path)
    else:
        engine.use_store(path)


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


class TakeAndBreak(Ruleset):
    """The take-and-break game with a given code (see the module docstring).

    Finite codes with digits up to 7 (octal games) are tabled by the compiled
    kernels in ``uint16`` arrays (:class:`SplitTable`: the naive table, then the
    rare-value method), and the period is *proven* by the Guy-Smith theorem:
    if ``g(n + p) = g(n)`` for ``n0 <= n < 2 n0 + p + t`` (``t`` the largest
    take), it holds for all ``n >= n0``. :attr:`periodicity` grows the table
    until the period is proven or a stated budget (:attr:`period_seconds`,
    :attr:`max_heaps`) is spent, and :attr:`period_note` says how far it got.
    Then ``value`` is O(1) for any heap. The pure-Python :meth:`moves` are the
    raw rules (brute force).

    >>> dawson = TakeAndBreak("0.07")
    >>> dawson.periodicity
    Periodicity(preperiod=53, period=34, saltus=0, proven=True, checked=...)
    >>> dawson.value(10**30), dawson.value(10**30 + 34) == dawson.value(10**30)
    (1, True)
    >>> TakeAndBreak("0.6").table_array(10)
    array([0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3], dtype=uint16)
    """

    table_shape = "heap"
    #: period search budget: seconds, and most heaps (2 bytes each)
    period_seconds = PERIOD_SECONDS
    max_heaps = MAX_HEAPS
    #: the general kernel's table chunk (codes with repeated or hexadecimal digits)
    chunk = 1 << 13

    def __init__(self, code: str, *, hexadecimal: bool = False) -> None:
        self.digits, self.repeat = parse_code(code, hexadecimal=hexadecimal)
        self.code = canonical_code(self.digits, self.repeat)
        octal = all(d < 8 for d in self.digits)
        self.name = self.spec = f"{'octal' if octal else 'hex'}:{self.code}"
        self._table: Any = None
        self._period: Periodicity | None = None
        self._searched = False
        self.period_note = ""
        self.engine: SplitTable | None = None
        if not self.repeat and all(d < 8 for d in self.digits):
            d = self.digits
            self.engine = SplitTable(
                self.name,
                splits=[k for k, x in enumerate(d) if x & 4],
                takes=[k for k, x in enumerate(d) if k and x & 2],
                wholes=[k for k, x in enumerate(d) if k and x & 1],
                max_heaps=self.max_heaps, periodic=True,
            )

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

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    @property
    def uses_kernel(self) -> bool:
        """Whether tables come from a compiled kernel (every code does; a repeated
        hexadecimal digit would be O(N^3) per heap, so those use the search)."""
        return not (self.repeat and any(d & 8 for d in self.digits))

    def use_checkpoint(self, path: str | Path) -> TakeAndBreak:
        """Save the table to ``path`` as it grows and resume from it (octal codes
        only): a ``.npy`` file, rewritten whole, or else a table store
        (:meth:`use_store`). Returns ``self``."""
        if self.engine is None:
            raise InvalidParameterError(f"{self.name}: checkpoints are for finite octal codes")
        _attach(self.engine, path)
        return self

    def use_store(self, path: str | Path) -> TakeAndBreak:
        """Keep the table in the file ``path`` (memory-mapped, grown in place, with
        a checksummed header ``path.json``) and resume from it: no memory budget on
        the table's length, only the disk (octal codes only). Returns ``self``."""
        if self.engine is None:
            raise InvalidParameterError(f"{self.name}: table stores are for finite octal codes")
        self.engine.use_store(path)
        return self

    def table_array(self, n: int, *, progress: Progress | None = None) -> Any:
        """Values of heaps ``0..n`` as a numpy array at kernel speed (a read-only
        ``uint16`` view for octal codes; no per-heap Python work)."""
        n = _table_n(self.name, n, self.engine is not None)
        if self.engine is not None:
            return self.engine.array(n, progress)
        if not self.uses_kernel:  # three-heap splits, repeated: the memoised search
            return np.array([self.solver.value(i, progress=progress) for i in range(n + 1)],
                            dtype=np.int64)
        self._extend(n, progress)
        view = self._table[: n + 1]
        view.flags.writeable = False
        return view

    def stats(self, n: int) -> dict[str, int]:
        """Flammenkamp's figures for heaps ``0..n`` (see :meth:`SplitTable.stats`)."""
        if self.engine is None:
            raise InvalidParameterError(f"{self.name}: rare-value figures are for finite octal codes")
        return self.engine.stats(n)

    def _extend(self, n: int, progress: Any = None) -> None:
        """The general kernel (repeated or hexadecimal digits): grow the cached
        table past ``n`` (at least doubling it), one chunk per kernel call."""
        from grundy.kernels.octal import octal_table

        have = 0 if self._table is None else len(self._table)
        if n < have:
            return
        target = max(n, 2 * have)
        while have <= target:
            upto = min(target, have + self.chunk)
            reserve(4 * (upto + 1), f"{self.name}: the table to heap {describe(upto)}")
            self._table = octal_table(self.digits, upto, repeat=self.repeat, prefix=self._table)
            have, done = upto + 1, upto + 1 - have
            if progress is not None:
                progress(have)
            look(f"{self.name}: the table to heap {describe(n)}", done)

    @property
    def period_searched(self) -> bool:
        """Whether the period search (:meth:`find_period`) has run."""
        return self._searched

    @property
    def periodicity(self) -> Periodicity | None:
        """The proven period (finite codes), or the pattern observed on the table
        (``proven=False``), or ``None``; octal codes search within the default
        budget (:meth:`find_period`)."""
        if self.engine is not None and self.engine.interrupted and not self._searched:
            # the user stopped the table: no long search now, only what shows
            self.period_note = f"observed on the {self.engine.have:,} values tabled (interrupted)"
            return octal_periodicity(self.engine.g[: self.engine.have], len(self.digits) - 1)
        if not self._searched:
            self._period = self.find_period()
        return self._period

    @old_keywords(("seconds", "max_heaps"), from_keywords)
    def find_period(self, *, budget: Budget | None = None,
                    progress: Progress | None = None) -> Periodicity | None:
        """Grow the table until the Guy-Smith theorem proves the period, or until
        ``budget.seconds`` (default :attr:`period_seconds`) are spent or
        ``budget.positions`` heaps (default :attr:`max_heaps`) are tabled;
        :attr:`period_note` says which. Returns the proven period, or else the
        pattern observed (``proven=False``) or ``None``."""
        b = as_budget(budget)
        if self.engine is None:
            found = self._general_period()
        else:
            # a table store is bounded by the disk (it checks before growing), not
            # by the in-memory heap budget
            heaps = self.max_heaps if self.engine.store is None else _DISK
            with watching(Budget(max_memory=b.max_memory)):
                found = self._octal_period(
                    self.period_seconds if b.seconds is None else b.seconds,
                    heaps if b.positions is None else b.positions, progress)
        self._period, self._searched = found, True
        return found

    def _octal_period(self, seconds: float, max_heaps: int, progress: Progress | None) -> Periodicity | None:
        assert self.engine is not None
        t = len(self.digits) - 1
        deadline = time.monotonic() + seconds
        n = max(self.engine.have - 1, 1024)
        while True:
            n = min(n, max_heaps - 1)
            self.engine.extend(n, progress, deadline)
            have = self.engine.have
            found = self._stored_period(t) or octal_periodicity(self.engine.g[:have], t)
            if found is not None and found.proven:
                self.period_note = f"proven on {found.checked:,} values"
                store = self.engine.store
                claim = {"preperiod": found.preperiod, "period": found.period, "checked": found.checked}
                if store is not None and store.meta.get("period") != claim:  # a resumed search skips the proof
                    store.remember("period", claim)
                return found
            if have <= n or time.monotonic() > deadline or have >= max_heaps:
                why = "time" if have < max_heaps else "memory"
                heaps = "the disk's heaps" if max_heaps >= _DISK else f"{max_heaps:,} heaps"
                self.period_note = (
                    f"no period proven: the {why} budget ({seconds:g} s, {heaps}) "
                    f"ended the search at {have:,} values"
                )
                return found
            nxt = 2 * n + 1
            if found is not None:  # just long enough to prove the pattern seen
                need = 2 * found.preperiod + 2 * found.period + t
                nxt = min(nxt, max(need, n + n // 16))
            n = nxt

    def _stored_period(self, t: int) -> Periodicity | None:
        """The period a table store's header says was proven on its values, if the
        values bear it out where they were last written (the last 2^20 heaps:
        the values are checked against their CRC32 when the store opens)."""
        store = self.engine.store if self.engine is not None else None
        claim = store.meta.get("period") if store is not None else None
        if not isinstance(claim, dict):
            return None
        try:
            n0, p, checked = int(claim["preperiod"]), int(claim["period"]), int(claim["checked"])
        except (KeyError, TypeError, ValueError):
            return None
        have = self.engine.have if self.engine is not None else 0
        if not (0 <= n0 and 1 <= p and 2 * n0 + 2 * p + t <= checked <= have):
            return None
        g = self.engine.g if self.engine is not None else None
        lo = max(n0 + p, have - (1 << 20))
        if g is None or not (g[lo:have] == g[lo - p:have - p]).all():
            return None
        return Periodicity(n0, p, 0, True, checked)

    def _general_period(self) -> Periodicity | None:
        if not self.uses_kernel:
            return find_periodicity(self.table(200), saltus=self.repeat, min_repeats=3)
        n = 1024
        while True:
            values = self.table(n)
            found = find_periodicity(values, saltus=self.repeat, min_repeats=4)
            # no Guy-Smith bound here (repeated digits, or three-heap splits, for
            # which the two-heap theorem does not apply): observed only
            hexa = any(d & 8 for d in self.digits)  # O(N^3) tables: one try
            if found is not None or hexa or n >= 1 << 16:
                self.period_note = f"observed on {len(values):,} values"
                return found
            n *= 4

    def value_formula(self, position: int) -> int:
        if not self.uses_kernel:
            return int(self.solver.value(position))
        if self.engine is not None:
            if position < self.engine.have:
                return int(self.engine.g[position])
            have = self.engine.have
            if position < max(1 << 22, 2 * have) and position < self.max_heaps:
                # near the table (a table printed heap by heap): extend it
                self.engine.extend(max(position, min(2 * have, have + (1 << 18))))
                return int(self.engine.g[position])
        elif self._table is not None and position < len(self._table):
            return int(self._table[position])
        if position > 4096:
            p = self.periodicity
            if p is not None and p.proven:
                return p.extend(self.table(p.preperiod + p.period), position)
        stored = self.engine is not None and self.engine.store is not None
        cap = self.max_heaps if self.engine is not None else min(self.max_heaps, 1 << 24)
        if position >= cap and not stored:
            hint = ("; a table store holds longer tables: use_store(path), or "
                    "grundy table --store FILE" if self.engine is not None else "")
            raise SearchLimitError(
                f"{self.name}: no proven period, and heap {describe(position)} is beyond the table "
                f"budget ({cap:,} heaps in memory){hint}"
            )
        if self.engine is not None:
            self.engine.extend(position)
            return int(self.engine.g[position])
        self._extend(position)
        return int(self._table[position])


@catalogued("grundys-game", "grundy's game", "grundy game", "grundys game",
            summary="Grundy's game: split a heap into two unequal heaps (compiled table).",
            position="100", legal=(0, 1, 2, 3, 7, 30))
class GrundysGame(Ruleset):
    """Grundy's game: split a heap into two *unequal* non-empty heaps.

    No closed form is known (whether it is ultimately periodic is open); values
    come from the compiled kernels in a ``uint16`` table (:class:`SplitTable`:
    the rare-value method beyond 2,048 heaps; to 2^21 there are 1,274 rare heaps
    with the mask ``0xfe``, the last at 82,860, and the largest value is 231, first
    at 763,622). OEIS A002188.

    >>> GrundysGame().table(12)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    """

    name = spec = "grundys-game"
    table_shape = "heap"
    max_heaps = MAX_HEAPS

    def __init__(self) -> None:
        self.engine = SplitTable(self.name, splits=[0], takes=[], wholes=[], unequal=True,
                                 max_heaps=self.max_heaps)

    def moves(self, position: int) -> Iterator[Hashable]:
        n = position
        for a in range(1, (n - 1) // 2 + 1):
            yield Sum(a, n - a)

    def validate(self, position: Any) -> None:
        heap(self.name, position)

    def parse_position(self, text: str) -> Hashable:
        return parse_int(text, "integer heap size", self.name)

    def use_checkpoint(self, path: str | Path) -> GrundysGame:
        """Save the table to ``path`` as it grows and resume from it: a ``.npy``
        file, rewritten whole, or else a table store (:meth:`use_store`)."""
        _attach(self.engine, path)
        return self

    def use_store(self, path: str | Path) -> GrundysGame:
        """Keep the table in the file ``path`` (memory-mapped, with a checksummed
        header ``path.json``) and resume from it; its length is bounded by the disk."""
        self.engine.use_store(path)
        return self

    def table_array(self, n: int, *, progress: Progress | None = None) -> Any:
        """Values of heaps ``0..n``: a read-only ``uint16`` numpy view."""
        return self.engine.array(_table_n(self.name, n, True), progress)

    def stats(self, n: int) -> dict[str, int]:
        """Flammenkamp's figures for heaps ``0..n`` (see :meth:`SplitTable.stats`)."""
        return self.engine.stats(n)

    def value_formula(self, position: int) -> int:
        if position < self.engine.have:
            return int(self.engine.g[position])
        if position >= self.max_heaps and self.engine.store is None:
            raise SearchLimitError(
                f"{self.name}: heap {describe(position)} is beyond the table budget ({self.max_heaps:,} "
                "heaps in memory); a table store holds longer tables: use_store(path), or "
                "grundy table --store FILE"
            )
        self.engine.extend(max(position, min(2 * self.engine.have, self.engine.have + (1 << 18))))
        return int(self.engine.g[position])


def on_file(ruleset: Ruleset, path: str | Path) -> TakeAndBreak | GrundysGame:
    """A private copy of ``ruleset`` (a finite octal code or Grundy's game) whose
    table is saved to ``path`` and resumed from (:meth:`TakeAndBreak.use_checkpoint`:
    a ``.npy`` checkpoint, else a table store). The catalogue's shared ruleset is
    left alone: it may hold a table already, and must not stay bound to the file.

    >>> on_file(get("nim"), "t.table")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: nim: a table file is for finite octal codes and Grundy's game
    """
    if isinstance(ruleset, TakeAndBreak) and ruleset.engine is not None:
        return TakeAndBreak(ruleset.code).use_checkpoint(path)
    if isinstance(ruleset, GrundysGame):
        return GrundysGame().use_checkpoint(path)
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
