"""A census of octal games, stored in SQLite.

Every code ``0.d1..dk`` with up to ``digits`` digits is tabled by the compiled
kernels until the Guy-Smith theorem proves its period, or the table reaches heap
``to``, or the game's own time budget is spent. One row per game and table
length goes to the store (stdlib :mod:`sqlite3`): code, n, preperiod, period,
proven, largest value and its first heap, rare mask, number of rare heaps, last
rare heap, seconds spent. Runs are resumable and incremental: a game already
proven, or already run to at least ``to``, is not recomputed, and each row is
committed as its worker finishes (Ctrl-C loses nothing finished). Workers are
local processes by default, or a Dask cluster given its scheduler address.

>>> rows = census(1, 200, workers=1)
>>> [(r.code, r.period, r.proven) for r in rows][:3]
[('0.1', 1, True), ('0.2', 2, True), ('0.3', 2, True)]
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import astuple, dataclass, fields
from itertools import product
from pathlib import Path
from typing import Any

from grundy.values.errors import InvalidParameterError

__all__ = ["CensusRow", "CensusStore", "CensusStoreError", "CensusInterrupted", "census",
           "octal_codes", "to_csv", "analyse", "SCHEMA_VERSION"]

#: the store's schema; a store written by a newer grundy is refused
SCHEMA_VERSION = 1
#: default per-game time budget of a census (seconds)
GAME_SECONDS = 60.0


class CensusStoreError(InvalidParameterError):
    """The census store cannot be used: not a census database, a newer schema,
    or it cannot be written."""


@dataclass(frozen=True)
class CensusRow:
    """One game of a census, tabled to heap ``n - 1`` (``n`` values).
    ``period`` is ``None`` when no period shows; the rare-value figures are
    those of the split in use at the end (``rare_e``: the heap's parity enters)."""

    code: str
    n: int
    preperiod: int | None
    period: int | None
    proven: bool
    max_value: int
    max_at: int = 0
    rare_mask: int = 0
    rare_e: int = 0
    rare_count: int = 0
    last_rare: int = 0
    seconds: float = 0.0
    target: int = 0


_COLUMNS = [f.name for f in fields(CensusRow)]
_SQL_TYPES = {"code": "TEXT NOT NULL", "proven": "INTEGER NOT NULL", "seconds": "REAL NOT NULL",
              "preperiod": "INTEGER", "period": "INTEGER"}


def octal_codes(digits: int) -> Iterator[str]:
    """Every octal code ``0.d1..dk`` with ``1 <= k <= digits`` and ``dk != 0``.

    >>> sum(1 for _ in octal_codes(3))
    511
    """
    if not isinstance(digits, int) or isinstance(digits, bool) or not 1 <= digits <= 6:
        raise InvalidParameterError(f"census digits must be an integer from 1 to 6; got {digits!r}")
    for k in range(1, digits + 1):
        for ds in product(range(8), repeat=k):
            if ds[-1]:
                yield "0." + "".join(map(str, ds))


def analyse(code: str, to: int, seconds: float = GAME_SECONDS) -> CensusRow:
    """Table ``code`` until its period is proven, heap ``to`` is reached or
    ``seconds`` are spent (runs in a worker)."""
    from grundy.games.octal import TakeAndBreak

    t0 = time.monotonic()
    game = TakeAndBreak(code)
    if game.engine is None:
        raise InvalidParameterError(f"the census takes finite octal codes; got {code!r}")
    p = game.find_period(seconds=seconds, max_heaps=to + 1)
    have = game.engine.have
    s = game.engine.stats(have - 1)
    return CensusRow(
        code, have, None if p is None else p.preperiod, None if p is None else p.period,
        bool(p and p.proven), s["max"], s["max_at"], s["mask"], s["e"], s["rare"],
        s["last_rare"], round(time.monotonic() - t0, 3), to,
    )


class CensusStore:
    """The SQLite store of census rows (``path``, or in memory for ``None``).

    >>> store = CensusStore(None)
    >>> store.add(CensusRow("0.07", 200, 53, 34, True, 4, 35, 1, 0, 9, 52, 0.1, 200))
    >>> store.get("0.07").period, store.settled(["0.07", "0.6"], 100)
    (34, {'0.07'})
    """

    def __init__(self, path: str | Path | None) -> None:
        self.path = ":memory:" if path is None else str(path)
        shown = repr(self.path)
        if path is not None and Path(path).is_dir():
            raise CensusStoreError(f"census store {shown} is a directory")
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as e:
            raise CensusStoreError(f"{shown} is not a census database ({e})") from None
        if not tables:
            self._create(shown)
        elif not {"meta", "rows"} <= tables:
            raise CensusStoreError(f"{shown} is not a census database (tables {sorted(tables)})")
        meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("kind") != "grundy-census":
            raise CensusStoreError(f"{shown} is not a census database")
        version = int(meta.get("schema", "0"))
        if version > SCHEMA_VERSION:
            raise CensusStoreError(
                f"{shown} was written by a newer grundy (schema {version}; this one reads {SCHEMA_VERSION})"
            )

    def _create(self, shown: str) -> None:
        cols = ", ".join(f"{c} {_SQL_TYPES.get(c, 'INTEGER')}" for c in _COLUMNS)
        try:
            with self.db:
                self.db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
                self.db.execute(f"CREATE TABLE rows ({cols}, PRIMARY KEY (code, n))")
                self.db.executemany("INSERT INTO meta VALUES (?, ?)",
                                    [("kind", "grundy-census"), ("schema", str(SCHEMA_VERSION))])
        except sqlite3.Error as e:
            raise CensusStoreError(f"cannot write the census store {shown}: {e}") from None

    def add(self, row: CensusRow) -> None:
        """Store one row, in its own transaction (all or nothing)."""
        marks = ", ".join("?" for _ in _COLUMNS)
        try:
            with self.db:
                self.db.execute(f"INSERT OR REPLACE INTO rows VALUES ({marks})", astuple(row))
        except sqlite3.Error as e:
            raise CensusStoreError(f"cannot write the census store {self.path!r}: {e}") from None

    def _rows(self, where: str = "", args: Iterable[Any] = (), order: str = "code, n") -> list[CensusRow]:
        sql = f"SELECT {', '.join(_COLUMNS)} FROM rows {where} ORDER BY {order}"
        out = []
        for r in self.db.execute(sql, tuple(args)):
            row = dict(zip(_COLUMNS, r))
            row["proven"] = bool(row["proven"])
            out.append(CensusRow(**row))
        return out

    def history(self, code: str) -> list[CensusRow]:
        """Every row of ``code``, by table length."""
        return self._rows("WHERE code = ?", [code])

    def get(self, code: str) -> CensusRow | None:
        """The longest row of ``code`` (``None`` if it was never run)."""
        rows = self.history(code)
        return rows[-1] if rows else None

    def latest(self) -> list[CensusRow]:
        """The longest row of every game."""
        return self._rows("WHERE n = (SELECT MAX(n) FROM rows AS r WHERE r.code = rows.code)")

    def settled(self, codes: Iterable[str], to: int) -> set[str]:
        """The codes needing no run to ``to``: proven, or already run that far."""
        done = {r[0] for r in self.db.execute(
            "SELECT DISTINCT code FROM rows WHERE proven = 1 OR target >= ? OR n > ?", (to, to))}
        return done & set(codes)

    def unsolved(self) -> list[CensusRow]:
        """The games whose longest row is not proven."""
        return [r for r in self.latest() if not r.proven]

    def longest_preperiods(self, limit: int = 10) -> list[CensusRow]:
        """The proven games with the longest preperiods."""
        rows = [r for r in self.latest() if r.proven]
        return sorted(rows, key=lambda r: (-(r.preperiod or 0), r.code))[:limit]

    def close(self) -> None:
        self.db.close()


def _local(todo: list[str], to: int, seconds: float, workers: int | None) -> Iterator[CensusRow]:
    if workers == 1 or len(todo) <= 1:
        for c in todo:
            yield analyse(c, to, seconds)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count())
    try:
        futures = [pool.submit(analyse, c, to, seconds) for c in todo]
        for f in as_completed(futures):
            yield f.result()
    finally:  # Ctrl-C: drop what has not started, keep what finished
        pool.shutdown(wait=False, cancel_futures=True)


def _dask(todo: list[str], to: int, seconds: float, scheduler: str) -> Iterator[CensusRow]:
    from distributed import Client, as_completed

    try:
        client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
    except (ValueError, OSError, TimeoutError) as exc:
        raise InvalidParameterError(
            f"cannot reach the Dask scheduler {scheduler!r}: {exc}"
        ) from None
    with client:
        futures = client.map(analyse, todo, [to] * len(todo), [seconds] * len(todo), pure=False)
        for f in as_completed(futures):  # type: ignore[no-untyped-call]
            yield f.result()


def census(
    digits: int,
    to: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    store: str | Path | None = None,
    seconds: float = GAME_SECONDS,
    progress: Callable[[int, int], None] | None = None,
) -> list[CensusRow]:
    """Census of every octal game with up to ``digits`` code digits, to heap
    ``to`` with ``seconds`` per game; returns the longest row of every game.

    ``scheduler``: a Dask scheduler address (``tcp://host:8786``) to run on a
    cluster; otherwise ``workers`` local processes (default: every core).
    ``store``: the SQLite file, reused and extended across runs.
    """
    if isinstance(to, bool) or not isinstance(to, int) or to < 1:
        raise InvalidParameterError(f"census 'to' must be a positive integer; got {to!r}")
    if not seconds > 0:
        raise InvalidParameterError(f"census time budget must be positive; got {seconds!r}")
    codes = list(octal_codes(digits))
    db = CensusStore(store)
    try:
        settled = db.settled(codes, to)
        todo = [c for c in codes if c not in settled]
        done = len(codes) - len(todo)
        if progress:
            progress(done, len(codes))
        rows = _dask(todo, to, seconds, scheduler) if scheduler else _local(todo, to, seconds, workers)
        for row in rows:
            db.add(row)  # as each worker finishes
            done += 1
            if progress:
                progress(done, len(codes))
    except KeyboardInterrupt:  # what the store holds is what was settled
        raise CensusInterrupted(_latest(db, codes), len(codes)) from None
    else:
        return _latest(db, codes)
    finally:
        db.close()


def _latest(db: CensusStore, codes: list[str]) -> list[CensusRow]:
    latest = {r.code: r for r in db.latest()}
    return [latest[c] for c in codes if c in latest]


class CensusInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`census`: ``rows`` are the games settled so far (also in
    the store, where a rerun resumes), of ``total``."""

    def __init__(self, rows: list[CensusRow], total: int) -> None:
        super().__init__(f"census interrupted: {len(rows)} of {total} games settled")
        self.rows, self.total = rows, total


def to_csv(rows: list[CensusRow]) -> str:
    """The census as CSV text, one line per row.

    >>> to_csv([CensusRow("0.1", 5, 0, 1, True, 1)]).splitlines()[0].split(",")[:6]
    ['code', 'n', 'preperiod', 'period', 'proven', 'max_value']
    """
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(_COLUMNS)
    for r in rows:
        w.writerow(astuple(r))
    return out.getvalue()
