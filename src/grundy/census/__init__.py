"""A census of octal games, stored in SQLite.

Every code ``0.d1..dk`` with up to ``digits`` digits is tabled by the compiled
kernels until the Guy-Smith theorem proves its period, or the table reaches heap
``to``, or the game's own time budget is spent. One row per game and table
length goes to the store (stdlib :mod:`sqlite3`): code, n, preperiod, period,
proven, largest value and its first heap, rare mask, number of rare heaps, last
rare heap, seconds spent. Runs are resumable and incremental: a game already
proven, or already run to at least ``to``, is not recomputed, and each row is
committed as its worker finishes (Ctrl-C loses nothing finished). Workers are
local processes by default, or a Dask cluster given its scheduler address
(:class:`grundy.census.cluster.LocalDaskCluster` starts one on this machine).
Exports: CSV (:func:`to_csv`) and Parquet (:func:`to_parquet`, with pyarrow).

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

from grundy.solve.budget import Budget, as_budget, from_keywords
from grundy.values.errors import GrundyError, InvalidParameterError, describe
from grundy.values.keywords import old_keywords

__all__ = ["CensusRow", "CensusStore", "CensusStoreError", "CensusWorkerError",
           "CensusInterrupted", "census", "octal_codes", "to_csv", "to_parquet", "analyse",
           "SCHEMA_VERSION", "MAX_TO"]

#: the store's schema; a store written by a newer grundy is refused
SCHEMA_VERSION = 2  # 2: rows.budget
#: the per-game time budget of a census when none is given (seconds): the one
#: default of :func:`census` and ``grundy census --budget``
GAME_SECONDS = 60.0


#: largest heap a census tables to (an octal game's table is 2 bytes per heap,
#: at most :data:`grundy.games.octal.MAX_HEAPS` heaps)
MAX_TO = (1 << 28) - 1


class CensusStoreError(InvalidParameterError):
    """The census store cannot be used: not a census database, a newer schema,
    damaged, or it cannot be created or written. The message names the file."""


class CensusWorkerError(GrundyError, RuntimeError):
    """A census worker or the Dask cluster failed mid-run (a worker process died,
    the scheduler went away). The games settled before stay in the store."""


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
    #: the seconds the game was given (a row stopped by them is settled only for
    #: censuses giving no more)
    budget: float = 0.0


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


def _check_to(to: object) -> None:
    """:class:`InvalidParameterError` unless ``1 <= to <= MAX_TO`` (an ``int``)."""
    if isinstance(to, bool) or not isinstance(to, int) or to < 1:
        raise InvalidParameterError(f"census 'to' must be a positive integer; got {describe(to)}")
    if to > MAX_TO:
        raise InvalidParameterError(
            f"census 'to' must be at most {MAX_TO:,} (a game's table takes 2 bytes per heap); "
            f"got {describe(to)}"
        )


def analyse(code: str, to: int, seconds: float) -> CensusRow:
    """Table ``code`` until its period is proven, heap ``to`` is reached or
    ``seconds`` are spent (runs in a worker). ``to`` is at most :data:`MAX_TO`.

    >>> analyse("0.6", 10**30, GAME_SECONDS)
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: census 'to' must be at most 268,435,455 (a game's table takes 2 bytes per heap); got 1000000000000000000000000000000
    """
    from grundy.games.octal import TakeAndBreak
    from grundy.solve.periods import HeapTables

    _check_to(to)
    t0 = time.monotonic()
    game = TakeAndBreak(code)
    # a table of its own: a row does not depend on what the process computed before
    tables = HeapTables(game.name, game.digits, game.repeat)
    if tables.engine is None:
        raise InvalidParameterError(f"the census takes finite octal codes; got {code!r}")
    try:
        p = tables.find_period(budget=Budget(seconds=seconds, positions=to + 1))
    except SystemError as exc:
        # Ctrl-C inside a compiled kernel comes out as "SystemError: ... returned a
        # result with an exception set" whose cause is the KeyboardInterrupt
        if isinstance(exc.__cause__, KeyboardInterrupt) or isinstance(exc.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        raise
    have = tables.engine.have
    s = tables.engine.stats(have - 1)
    return CensusRow(
        code, have, None if p is None else p.preperiod, None if p is None else p.period,
        bool(p and p.proven), s["max"], s["max_at"], s["mask"], s["e"], s["rare"],
        s["last_rare"], round(time.monotonic() - t0, 3), to, float(seconds),
    )


class CensusStore:
    """The SQLite store of census rows (``path``, or in memory for ``None``).

    >>> store = CensusStore(None)
    >>> store.add(CensusRow("0.07", 200, 53, 34, True, 4, 35, 1, 0, 9, 52, 0.1, 200, 2.0))
    >>> store.get("0.07").period, store.settled(["0.07", "0.6"], 100)
    (34, {'0.07'})
    """

    def __init__(self, path: str | Path | None, *, create: bool = True) -> None:
        self.path = ":memory:" if path is None else str(path)
        shown = self.shown = repr(self.path)
        if path is not None:
            where = Path(path)
            if where.is_dir():
                raise CensusStoreError(f"census store {shown} is a directory")
            if not where.exists():
                parent = where.parent
                if not parent.is_dir():
                    raise CensusStoreError(
                        f"cannot create the census store {shown}: no directory {str(parent)!r}")
                if not os.access(parent, os.W_OK | os.X_OK):
                    raise CensusStoreError(
                        f"cannot create the census store {shown}: the directory "
                        f"{str(parent)!r} is not writable")
            elif not os.access(where, os.R_OK):
                raise CensusStoreError(f"cannot read the census store {shown}: permission denied")
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.OperationalError as e:  # cannot open, locked, ...
            raise CensusStoreError(f"cannot open the census store {shown}: {e}") from None
        except sqlite3.DatabaseError as e:
            if self._is_sqlite():  # an SQLite file, cut short or overwritten in part
                raise self._damaged(str(e)) from None
            raise CensusStoreError(f"{shown} is not a census database ({e})") from None
        if not tables and not create:
            raise CensusStoreError(
                f"the census store {shown} is empty (an empty file: truncated, or never written)")
        if not tables:
            self._create(shown)
        elif not {"meta", "rows"} <= tables:
            raise CensusStoreError(f"{shown} is not a census database (tables {sorted(tables)})")
        self._check_intact()
        meta = dict(self._query("SELECT key, value FROM meta"))
        if meta.get("kind") != "grundy-census":
            raise CensusStoreError(f"{shown} is not a census database")
        version = int(meta.get("schema", "0"))
        if version > SCHEMA_VERSION:
            raise CensusStoreError(
                f"{shown} was written by a newer grundy (schema {version}; this one reads {SCHEMA_VERSION})"
            )
        if version < 2:  # rows without their budget: 0, so a census runs the unsettled again
            try:
                with self.db:
                    self.db.execute("ALTER TABLE rows ADD COLUMN budget REAL NOT NULL DEFAULT 0")
                    self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema'",
                                    (str(SCHEMA_VERSION),))
            except sqlite3.Error as e:
                raise CensusStoreError(
                    f"cannot upgrade the census store {shown} (schema {version} to "
                    f"{SCHEMA_VERSION}): {e}") from None

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

    def _is_sqlite(self) -> bool:
        """Whether the file starts as an SQLite database does."""
        try:
            with open(self.path, "rb") as f:
                return f.read(16) == b"SQLite format 3\x00"
        except OSError:
            return False

    def _damaged(self, detail: str) -> CensusStoreError:
        detail = " ".join(detail.split())
        detail = detail[:200] + ("..." if len(detail) > 200 else "")
        return CensusStoreError(f"the census store {self.shown} is damaged (truncated or malformed: "
                                f"{detail}); delete it or restore a copy")

    def _check_intact(self) -> None:
        """A store cut short or damaged is refused when it is opened, whatever is
        asked of it (SQLite's ``quick_check`` reads every page: a census store
        holds one small row per game)."""
        if self.path == ":memory:":
            return
        try:
            problems = [str(r[0]) for r in self.db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.OperationalError as e:  # locked, cannot read
            raise CensusStoreError(f"cannot read the census store {self.shown}: {e}") from None
        except sqlite3.DatabaseError as e:
            raise self._damaged(str(e)) from None
        if problems != ["ok"]:
            lines = [p for p in "\n".join(problems).splitlines() if not p.startswith("***")]
            raise self._damaged("; ".join(lines[:2]) or "quick_check failed")

    def _query(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        """The rows of a query; a damaged or unreadable store is a
        :class:`CensusStoreError` naming the file."""
        try:
            return self.db.execute(sql, tuple(args)).fetchall()
        except sqlite3.OperationalError as e:
            raise CensusStoreError(f"cannot read the census store {self.shown}: {e}") from None
        except sqlite3.DatabaseError as e:  # malformed pages met after the check (changed since)
            raise self._damaged(str(e)) from None

    def check_writable(self) -> None:
        """:class:`CensusStoreError` now, before any computing, if rows could not
        be written (a read-only file or directory, a damaged store)."""
        if self.path == ":memory:":
            return
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                # a real change (SQLite skips rewriting a row with equal content, so
                # "SET value = value" would not try the journal), rolled back
                self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('write-check', ?)",
                                (str(time.time_ns()),))
                self._query("SELECT COUNT(*) FROM rows")
            finally:
                self.db.rollback()
        except sqlite3.Error as e:
            raise CensusStoreError(f"cannot write the census store {self.shown}: {e}") from None

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
        for r in self._query(sql, args):
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

    def settled(self, codes: Iterable[str], to: int, seconds: float = 0.0) -> set[str]:
        """The codes needing no run to ``to`` with ``seconds`` a game: proven,
        already run that far, or run for that far and stopped by a budget of at
        least ``seconds`` (a larger budget runs them again)."""
        done = {r[0] for r in self._query(
            "SELECT DISTINCT code FROM rows WHERE proven = 1 OR n > ? OR (target >= ? AND budget >= ?)",
            (to, to, seconds))}
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


def _orphan_guard(parent: int) -> None:
    """In a pool worker: end this process when ``parent`` (the census) dies, even
    by ``kill -9``, which no finalizer sees. Linux: the kernel sends SIGKILL
    (``prctl(PR_SET_PDEATHSIG)``); everywhere: a thread that polls the parent."""
    import signal
    import sys
    import threading

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
        except (OSError, AttributeError):  # pragma: no cover - no libc: the thread below
            pass
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True, name="grundy-census-orphan-guard").start()


def _waited(code: str, to: int, seconds: float) -> CensusRow:
    """:func:`analyse` in a daemon thread while this thread waits for it: Ctrl-C
    is then seen at once, even while the game is in a compiled kernel (the main
    thread running the kernel itself would see it only when the kernel returns,
    after the command's Ctrl-C watchdog has left without printing the rows)."""
    import threading

    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["row"] = analyse(code, to, seconds)
        except BaseException as exc:  # handed to the waiting thread
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, daemon=True, name=f"grundy-census-{code}").start()
    done.wait()  # interruptible: Ctrl-C raises KeyboardInterrupt here
    if "error" in box:
        raise box["error"]
    row: CensusRow = box["row"]
    return row


def _local(todo: list[str], to: int, seconds: float, workers: int | None) -> Iterator[CensusRow]:
    if workers == 1 or len(todo) <= 1:
        for c in todo:
            yield _waited(c, to, seconds)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count(), initializer=_orphan_guard,
                               initargs=(os.getpid(),))
    try:
        futures = [pool.submit(analyse, c, to, seconds) for c in todo]
        for f in as_completed(futures):
            try:
                row = f.result()
            except BrokenProcessPool as exc:
                raise CensusWorkerError(
                    f"a census worker process died ({exc}); the games settled so far are kept"
                ) from None
            yield row
    finally:  # Ctrl-C: drop what has not started, keep what finished
        pool.shutdown(wait=False, cancel_futures=True)


def _dask(todo: list[str], to: int, seconds: float, scheduler: str) -> Iterator[CensusRow]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InvalidParameterError(
            f"--scheduler {describe(scheduler)} needs Dask, which is not installed: "
            "pip install 'grundy[cluster]' (or run without --scheduler)"
        ) from None
    if not scheduler.strip():
        raise InvalidParameterError("the Dask scheduler address is empty (e.g. tcp://host:8786)")
    try:
        client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
    except Exception as exc:  # a bad address, refused, timed out: Dask's own types vary
        raise InvalidParameterError(
            f"cannot reach the Dask scheduler {describe(scheduler)}: {_one_line(exc)}"
        ) from None
    try:
        with client:
            # as_completed holds each future until it is yielded; released then, so a
            # worker that dies later costs only the games it was running (the
            # scheduler would recompute every result still held in its memory)
            pending = as_completed(  # type: ignore[no-untyped-call]
                client.map(analyse, todo, [to] * len(todo), [seconds] * len(todo), pure=False))
            for f in pending:
                try:
                    row = f.result()
                    f.release()
                except GrundyError:
                    raise
                except Exception as exc:  # FutureCancelledError, CommClosedError, ...
                    raise CensusWorkerError(
                        f"the Dask cluster {describe(scheduler)} failed mid-run "
                        f"({type(exc).__name__}: {_one_line(exc)}); the games settled so far are kept"
                    ) from None
                yield row
    except (GrundyError, KeyboardInterrupt):
        raise
    except Exception as exc:  # the client itself failing (closing a lost connection)
        raise CensusWorkerError(
            f"the Dask cluster {describe(scheduler)} failed mid-run "
            f"({type(exc).__name__}: {_one_line(exc)}); the games settled so far are kept"
        ) from None


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:300] + ("..." if len(text) > 300 else "") or type(exc).__name__


@old_keywords(("seconds",), from_keywords)
def census(
    digits: int,
    to: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    store: str | Path | None = None,
    budget: Budget | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[CensusRow]:
    """Census of every octal game with up to ``digits`` code digits, to heap
    ``to`` within ``budget`` per game (its seconds; ``None``: :data:`GAME_SECONDS`);
    returns the longest row of every game.

    ``scheduler``: a Dask scheduler address (``tcp://host:8786``) to run on a
    cluster (a worker that dies has its game run again elsewhere); otherwise
    ``workers`` local processes (default: every core; ``1``: in this process). Workers end when the census process dies.
    ``store``: the SQLite file, reused and extended across runs; it is checked
    for writing before anything is computed. Errors: :class:`CensusStoreError`
    (the store), :class:`CensusWorkerError` (a worker or the cluster failed
    mid-run; the games settled stay stored), :class:`CensusInterrupted` (Ctrl-C).
    """
    _check_to(to)
    b = as_budget(budget, Budget(seconds=GAME_SECONDS))
    if b.positions is not None or b.max_memory is not None:
        raise InvalidParameterError(
            f"a census tables each game to heap 'to' ({to:,}) in workers of the default "
            f"memory: its budget takes seconds per game only; got {b.describe()}"
        )
    if b.seconds is None or not b.seconds > 0:
        raise InvalidParameterError(
            f"census time budget must be a positive number of seconds per game; got {b.describe()}"
        )
    seconds = b.seconds
    codes = list(octal_codes(digits))
    db = CensusStore(store)
    try:
        db.check_writable()  # before any computing, not at the first row
        settled = db.settled(codes, to, seconds)
        todo = [c for c in codes if c not in settled]
        done = len(codes) - len(todo)
        if progress:
            progress(done, len(codes))
        rows = (_dask(todo, to, seconds, scheduler) if scheduler is not None
                else _local(todo, to, seconds, workers))
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


def to_parquet(rows: list[CensusRow], path: str | Path) -> None:
    """Write the census to the Parquet file ``path``, one record per row, the
    columns of :func:`to_csv` typed (``proven`` boolean, no period: null).
    Needs pyarrow (``pip install 'grundy[cluster]'``).

    >>> import tempfile, pyarrow.parquet as pq
    >>> path = tempfile.mkdtemp() + "/c.parquet"
    >>> to_parquet([CensusRow("0.1", 5, 2, 1, True, 1), CensusRow("0.6", 9, None, None, False, 3)], path)
    >>> pq.read_table(path).column("period").to_pylist()
    [1, None]
    """
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError:
        raise InvalidParameterError(
            "the Parquet export needs pyarrow, which is not installed: "
            "pip install 'grundy[cluster]' (or export CSV)"
        ) from None
    types = {"code": pa.string(), "proven": pa.bool_(), "seconds": pa.float64()}
    schema = pa.schema([pa.field(c, types.get(c, pa.int64()), nullable=c in ("preperiod", "period"))
                        for c in _COLUMNS],
                       metadata={"kind": "grundy-census", "schema": str(SCHEMA_VERSION)})
    table = pa.Table.from_pylist([dict(zip(_COLUMNS, astuple(r))) for r in rows], schema=schema)
    try:
        pq.write_table(table, str(path))
    except OSError as e:
        raise InvalidParameterError(f"cannot write the Parquet file {str(path)!r}: {e}") from None
