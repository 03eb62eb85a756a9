"""The ``uint16`` value table of a heap game whose moves take tokens and split a
heap in two, grown by the compiled kernels (:class:`SplitTable`), in memory, in a
``.npy`` checkpoint or in a table store (:mod:`grundy.solve.tablestore`).

A table is what a computation remembers, not part of the rules: the rulesets
(:class:`~grundy.games.octal.TakeAndBreak`, Grundy's game, subtraction games)
describe their moves and keep their tables in their record
(:func:`grundy.solve.caches.cache_of`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from grundy.values import clock as _clock
from grundy.values.errors import InvalidParameterError, SearchLimitError, describe
from grundy.solve.budget import look, reserve
from grundy.solve.tablestore import BLOCK, TableStore, bad_blocks, block_crcs, which_blocks
from grundy.kernels.rare import S_AT, S_E, S_F, S_MASK, RareWork

__all__ = ["SplitTable", "MAX_HEAPS", "attach"]

Progress = Callable[[int], None]

#: the default memory bound of a table in memory: heaps (2 bytes each)
MAX_HEAPS = 1 << 28


class SplitTable:
    """The ``uint16`` value table of a game whose moves split a heap into two
    (``splits``: tokens taken first; ``unequal``: the parts must differ) or take
    a bounded number of tokens (``takes``: leaving one heap, ``wholes``: the
    whole heap), grown by the compiled kernels: the naive mex table up to
    :attr:`seed`, then the rare-value method (:mod:`grundy.kernels.rare`).

    Memory is 2 bytes per heap, bounded by ``max_heaps``; with a table store
    (:meth:`use_store`, :class:`~grundy.solve.tablestore.TableStore`) the values
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
        time of the budgets' clock :func:`grundy.values.clock.now`)."""
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
                if deadline is not None and _clock.now() > deadline:
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
        :data:`~grundy.solve.tablestore.BLOCK` heaps), each atomically: the values
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


def attach(engine: SplitTable, path: str | Path) -> None:
    """A ``.npy`` checkpoint (the whole table rewritten now and then), else a
    table store."""
    if Path(path).suffix.lower() == ".npy":
        engine.checkpoint = Path(path)
    else:
        engine.use_store(path)

