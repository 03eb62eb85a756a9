"""Error paths of ``grundy census``, each one line on stderr and exit 2
(or a GrundyError in the library), in fresh processes where the failure needs one:

* ``--scheduler`` without Dask, with a nonsense or unreachable address, and a
  scheduler killed mid-run (the store keeps the games settled);
* a damaged store (run, show, unsolved, longest, export), a new store in a
  read-only directory, a read-only store (refused before any computing);
* ``--to 10**30`` (was OverflowError, in the library too);
* pool workers die with a ``kill -9`` of the census; ``--jobs 1`` interrupted by
  Ctrl-C always prints its rows;

and, of the same part of the issue: ``grundy table`` on a heap that moves to
itself, messages about 5,000-digit integers, and a position whose hash changes.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

import grundy
from grundy import InvalidParameterError
from grundy.census import CensusStore, CensusStoreError, analyse, census
from grundy.cli.main import main
from grundy.values.errors import GrundyError, UnhashablePositionError, describe
from grundy.solve.budget import Budget
from tests.inprocess import grundy_main

ROOT = Path(__file__).resolve().parents[2]


def env(**more: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT / "src"), NO_COLOR="1", **more)


def run(*args: str, timeout: float = 120, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grundy", *args], capture_output=True, text=True,
                          env=env(), timeout=timeout, **kw)  # type: ignore[call-overload]


def one_line(rc: int, err: str, *needles: str) -> None:
    """Exit 2, no traceback, the last line of stderr the one error line (progress
    lines may come before it)."""
    assert rc == 2, err[-2000:]
    assert "Traceback" not in err and "Exception" not in err, err[-2000:]
    last = err.strip().splitlines()[-1]
    assert last.startswith("grundy: error: "), err[-2000:]
    for n in needles:
        assert n in last, last


def _unprivileged() -> None:
    """preexec_fn: file permissions apply even to root (drop the capabilities that
    override them from the bounding set; the exec'd interpreter keeps no more)."""
    if os.geteuid() == 0:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                os._exit(99)


_TEMPLATE: dict[str, bytes] = {}


def _store(path: Path) -> Path:
    """A good census store (2 digits to 200) at ``path``, computed once."""
    if "store" not in _TEMPLATE:
        with tempfile.TemporaryDirectory() as d:
            census(2, 200, workers=1, budget=Budget(seconds=5), store=Path(d) / "c.sqlite")
            _TEMPLATE["store"] = (Path(d) / "c.sqlite").read_bytes()
    path.write_bytes(_TEMPLATE["store"])
    return path


# ---------------------------------------------------------------- the scheduler
def test_scheduler_without_dask_is_one_line(tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # was: ModuleNotFoundError: No module named 'distributed' (a traceback)
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    monkeypatch.chdir(tmp_path)
    rc, out, err = grundy_main(capfd, "census", "--digits", "1", "--to", "50",
                               "--scheduler", "tcp://127.0.0.1:8786")
    one_line(rc, err, "needs Dask", "pip install")
    assert out == ""


def test_library_scheduler_without_dask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(InvalidParameterError, match="needs Dask"):
        census(1, 50, scheduler="tcp://127.0.0.1:8786")


# In fresh processes, all three: in the test's process a Dask client that fails
# to connect leaves two IO-loop threads and a finalizer that waits 20 s at exit,
# and the command sets the levels of Dask's and tornado's loggers for the process.
@pytest.mark.parametrize("address", ["nonsense", "", "tcp://"])
def test_nonsense_scheduler_address_is_one_line(address: str) -> None:
    pytest.importorskip("distributed")
    r = run("census", "--digits", "1", "--to", "50", "--scheduler", address, timeout=300)
    one_line(r.returncode, r.stderr, "Dask scheduler")


@pytest.mark.slow  # Dask retries a refused connection until its 10 s timeout
def test_unreachable_scheduler_is_one_line() -> None:
    pytest.importorskip("distributed")
    r = run("census", "--digits", "1", "--to", "50", "--scheduler", "tcp://127.0.0.1:1", timeout=90)
    one_line(r.returncode, r.stderr, "cannot reach the Dask scheduler 'tcp://127.0.0.1:1'")


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = int(s.getsockname()[1])
    s.close()
    return port


def _rows(store: Path) -> int:
    try:
        with sqlite3.connect(store) as db:
            return int(db.execute("SELECT COUNT(*) FROM rows").fetchone()[0])
    except sqlite3.Error:
        return 0


@pytest.mark.heavy
def test_scheduler_killed_mid_run(tmp_path: Path) -> None:
    """Was: distributed.client.FutureCancelledError (a traceback, and Dask's own
    reconnection tracebacks logged on stderr)."""
    pytest.importorskip("distributed")
    port = _free_port()
    addr = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True,
             "env": env()}
    sched = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host",
                              "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet)  # type: ignore[call-overload]
    work = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", addr, "--nworkers",
                             "1", "--nthreads", "1", "--no-dashboard"], **quiet)  # type: ignore[call-overload]
    store = tmp_path / "c.sqlite"
    try:
        proc = subprocess.Popen([sys.executable, "-m", "grundy", "census", "--digits", "3", "--to",
                                 "30000", "--budget", "2", "--scheduler", addr, "--store", str(store)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
        t = time.monotonic()
        while _rows(store) < 3 and time.monotonic() - t < 120 and proc.poll() is None:
            time.sleep(0.3)
        assert proc.poll() is None, proc.communicate()[1][-2000:]
        os.killpg(sched.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=120)
    finally:
        for p in (sched, work):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait(timeout=30)
    one_line(proc.returncode, err, "failed mid-run", "the games settled so far are kept")
    db = CensusStore(store)
    try:
        kept = db.latest()
    finally:
        db.close()
    assert len(kept) >= 3 and len(kept) == _rows(store)  # the store keeps what was done


# ---------------------------------------------------------------- the store
def _damage(path: Path, page: int) -> None:
    """Overwrite page ``page`` (1-based) of an SQLite file with garbage."""
    with sqlite3.connect(path) as db:
        size = int(db.execute("PRAGMA page_size").fetchone()[0])
    with open(path, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xde\xad\xbe\xef" * (size // 4))


def _root_pages(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as db:
        return {n: int(p) for n, p in db.execute("SELECT name, rootpage FROM sqlite_master")}


@pytest.mark.parametrize("table", ["meta", "rows"])
@pytest.mark.parametrize("command", [
    ["census", "--digits", "2", "--to", "300", "--jobs", "1"],
    ["census", "show", "0.6"],
    ["census", "unsolved"],
    ["census", "longest"],
    ["census", "export"],
])
def test_damaged_store_is_one_line_naming_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   table: str, command: list[str]) -> None:
    # was: sqlite3.DatabaseError: database disk image is malformed (a traceback)
    store = _store(tmp_path / "damaged.sqlite")
    _damage(store, _root_pages(store)[table])
    capsys.readouterr()
    rc = main([*command, "--store", str(store)])
    err = capsys.readouterr().err
    one_line(rc, err, repr(str(store)))
    assert "malformed" in err


_COMMANDS = [
    ["census", "--digits", "2", "--to", "300", "--jobs", "1"],
    ["census", "show", "0.6"],
    ["census", "show", "0.77"],
    ["census", "unsolved"],
    ["census", "longest"],
    ["census", "export"],
    ["census", "export", "--all-rows"],
]


@pytest.mark.parametrize("cut", ["in the last page", "the last page", "half", "in the header"])
def test_truncated_store_is_damaged_for_every_subcommand(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         cut: str) -> None:
    """A store cut short is reported as damaged, by name, in one line and exit
    2, and by every subcommand alike. Was: ``show`` printed rows (or said the
    code was not in the store) while ``unsolved`` said "malformed"."""
    store = _store(tmp_path / "cut.sqlite")
    size, page = store.stat().st_size, 4096
    keep = {"in the last page": size - 100, "the last page": size - page,
            "half": size // 2, "in the header": 50}[cut]
    assert 0 < keep < size and size >= 3 * page
    lines = set()
    for command in _COMMANDS:
        with open(store, "r+b") as f:
            f.truncate(keep)
        capsys.readouterr()
        rc = main([*command, "--store", str(store)])
        err = capsys.readouterr().err
        one_line(rc, err, repr(str(store)), "is damaged (truncated or malformed")
        lines.add(err.strip().splitlines()[-1])
        assert store.stat().st_size == keep  # refused, not rewritten
    assert len(lines) == 1, lines  # every subcommand says the same
    with pytest.raises(CensusStoreError, match="is damaged"):
        CensusStore(store)


def test_empty_store_file_is_refused_by_the_queries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An empty file (a store truncated to nothing) is not a store to query: it
    was taken for a new one (written by 'show', which then said the code was
    not in the store, and 'unsolved' printed no row). A census run makes it one."""
    store = tmp_path / "empty.sqlite"
    for command in _COMMANDS[1:]:
        store.write_bytes(b"")
        capsys.readouterr()
        rc = main([*command, "--store", str(store)])
        one_line(rc, capsys.readouterr().err, repr(str(store)), "is empty")
        assert store.stat().st_size == 0
    assert main(["census", "--digits", "1", "--to", "50", "--jobs", "1", "--store", str(store)]) == 0
    capsys.readouterr()
    assert main(["census", "show", "0.6", "--store", str(store)]) == 0


def test_damaged_header_is_not_a_census_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = _store(tmp_path / "damaged.sqlite")
    with open(store, "r+b") as f:
        f.seek(100)
        f.write(b"\xde\xad\xbe\xef" * 900)
    for command in (["census", "--digits", "1", "--to", "100"], ["census", "export"]):
        capsys.readouterr()
        rc = main([*command, "--store", str(store)])
        one_line(rc, capsys.readouterr().err, repr(str(store)))


def test_library_damaged_store_raises_census_store_error(tmp_path: Path) -> None:
    store = _store(tmp_path / "damaged.sqlite")
    _damage(store, _root_pages(store)["rows"])
    with pytest.raises(CensusStoreError, match="damaged.sqlite"):
        census(2, 300, workers=1, store=store)
    with pytest.raises(CensusStoreError, match="damaged.sqlite' is damaged"):
        CensusStore(store)  # found when opened, whatever is asked of it


def test_new_store_in_a_missing_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["census", "--digits", "1", "--to", "50", "--store", str(tmp_path / "no" / "c.sqlite")])
    one_line(rc, capsys.readouterr().err, "cannot create the census store", "no directory")


@pytest.fixture
def unwritable(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A directory holding a good store, then made read-only (its mode restored
    after the test, so pytest can clean up)."""
    d = tmp_path / "ro"
    d.mkdir()
    _store(d / "c.sqlite")
    d.chmod(0o555)
    try:
        yield d
    finally:
        d.chmod(0o755)


# the command, with any game the census computes reported on stderr
_NO_GAME = textwrap.dedent("""
    import sys
    import grundy.census as c

    real = c.analyse

    def analyse(*args):
        sys.stderr.write("a game was computed\\n")
        return real(*args)

    c.analyse = analyse
    sys.argv = ["grundy", *sys.argv[1:]]
    from grundy.cli.main import entry
    entry()
""")


def _timed(*args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """The command without the privilege to ignore file modes, and its time
    (reported, not asserted: "before computing" is that no game was computed)."""
    t = time.monotonic()
    r = subprocess.run([sys.executable, "-c", _NO_GAME, *args], capture_output=True, text=True,
                       env=env(), timeout=600, preexec_fn=_unprivileged)
    return r, time.monotonic() - t


# a census that would compute for minutes: refused before the first game
_LONG = ["census", "--digits", "3", "--to", "1000000", "--budget", "60", "--jobs", "1"]


def test_new_store_in_a_read_only_directory(unwritable: Path) -> None:
    # was: "... is not a census database" (sqlite3 cannot create the file)
    r, took = _timed(*_LONG, "--store", str(unwritable / "new.sqlite"))
    one_line(r.returncode, r.stderr, "cannot create the census store", "is not writable")
    assert "not a census database" not in r.stderr and "a game was computed" not in r.stderr
    assert r.stdout == ""
    assert not (unwritable / "new.sqlite").exists()


def test_store_in_a_read_only_directory_fails_before_computing(unwritable: Path) -> None:
    # the file is writable but its journal cannot be created next to it
    (unwritable / "c.sqlite").chmod(0o666)
    r, took = _timed(*_LONG, "--store", str(unwritable / "c.sqlite"))
    one_line(r.returncode, r.stderr, "cannot write the census store", "c.sqlite")
    # was: the error came with the first row, after 22 s of computing
    assert "a game was computed" not in r.stderr


def test_read_only_store_fails_before_computing(tmp_path: Path) -> None:
    store = _store(tmp_path / "ro.sqlite")
    before = store.read_bytes()
    store.chmod(0o444)
    r, took = _timed(*_LONG, "--store", str(store))
    one_line(r.returncode, r.stderr, "cannot write the census store", "ro.sqlite")
    assert "a game was computed" not in r.stderr
    # the queries only read: they work on a read-only store
    q, _ = _timed("census", "show", "0.6", "--store", str(store))
    assert q.returncode == 0 and q.stdout.splitlines()[1].split()[0] == "0.6", q.stderr
    store.chmod(0o644)
    assert store.read_bytes() == before


# ---------------------------------------------------------------- --to
@pytest.mark.parametrize("to", ["10**30", "1" + "0" * 30, str(1 << 64)])
def test_census_to_beyond_the_table_budget(capsys: pytest.CaptureFixture[str], to: str) -> None:
    # was: OverflowError: Python int too large to convert to SQLite INTEGER
    rc = main(["census", "--digits", "1", "--to", to])
    one_line(rc, capsys.readouterr().err, "must be at most 268,435,455")


def test_library_census_to_beyond_the_table_budget() -> None:
    with pytest.raises(InvalidParameterError, match="at most"):
        census(1, 10**30)
    with pytest.raises(InvalidParameterError, match="at most"):
        analyse("0.6", 10**30, 60.0)  # was: a minute of tabling, then OverflowError storing it
    with pytest.raises(InvalidParameterError, match="5,001 digits"):
        census(1, 10**5000)


# ---------------------------------------------------------------- workers
def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(d))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_pool_workers_die_with_a_killed_census(tmp_path: Path) -> None:
    # was: the pool workers of a census killed by SIGKILL ran on for ever
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "census", "--digits", "3", "--to",
                             "1000000", "--budget", "60", "--jobs", "2", "--store",
                             str(tmp_path / "c.sqlite")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(),
                            start_new_session=True)
    workers: list[int] = []
    t = time.monotonic()
    try:
        while len(workers) < 2 and time.monotonic() - t < 60:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "the pool did not start"
        time.sleep(1.0)  # the workers are computing
        assert all(_alive(w) for w in workers)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        t = time.monotonic()
        while any(_alive(w) for w in workers) and time.monotonic() - t < 10:
            time.sleep(0.1)
        left = [w for w in workers if _alive(w)]
    finally:
        for w in workers:  # never leave them behind, even when the test fails
            try:
                os.kill(w, signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert not left, f"workers {left} outlived the census"


def test_orphan_guard_polls_the_parent() -> None:
    """The portable fallback (no prctl): a worker whose parent is gone leaves."""
    code = textwrap.dedent("""
        import sys, time
        from grundy.census import _orphan_guard
        sys.platform = "other"          # no PR_SET_PDEATHSIG: the polling thread only
        _orphan_guard(int(sys.argv[1]))  # the shell that started it, gone soon
        time.sleep(30)
    """)
    # the guarded process is a grandchild; its parent (a shell) ends at once
    shell = subprocess.run(
        ["sh", "-c", f'{sys.executable} -c "$0" $$ > /dev/null 2>&1 & echo $!', code],
        capture_output=True, text=True, env=env(), timeout=300)
    pid = int(shell.stdout.split()[-1])
    t = time.monotonic()
    while _alive(pid) and time.monotonic() - t < 20:
        time.sleep(0.1)
    alive = _alive(pid)
    if alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "the orphaned worker kept running"


# ---------------------------------------------------------------- Ctrl-C, --jobs 1
def _start(*args: str, code: str | None = None) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "grundy", *args] if code is None else [sys.executable, "-c", code, *args]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(),
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _interrupt_and_check(proc: subprocess.Popen[str], store: Path) -> str:
    """Ctrl-C to the process group; the rows printed are the rows stored. Returns
    stderr. (No time is asserted: a hung command fails by the timeout.)"""
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    assert proc.returncode == 130, err[-2000:]
    assert "Traceback" not in err, err[-2000:]
    db = CensusStore(store)
    try:
        kept = [r.code for r in db.latest()]
    finally:
        db.close()
    lines = out.splitlines()
    assert lines and lines[0].split()[:2] == ["code", "period"], (out[-500:], err[-500:])
    # the same games (printed in the order they settled, stored by code)
    assert sorted(line.split()[0] for line in lines[1:]) == sorted(kept)
    assert f"census: {len(kept)} of 511 games settled" in err
    return err


# A game that keeps the main thread inside native code for 3 s (a compiled kernel
# sized to run long, as the rare-value kernels do on a large --to): Ctrl-C arrives
# while it runs. Was: the watchdog left after 0.5 s, before the rows were printed.
# "slow game done" on stderr says the command waited for the kernel to end.
_SLOW_GAME = textwrap.dedent("""
    import sys, time
    import numba
    import grundy.census as c

    @numba.njit(nogil=True, cache=False)
    def spin(n):
        x = 0
        for i in range(n):
            x = (x * 31 + i) % 1000003
        return x

    spin(10)
    t = time.perf_counter(); spin(10_000_000); rate = 1e7 / max(time.perf_counter() - t, 1e-6)
    real = c.analyse

    def analyse(code, to, seconds):
        if code == "0.5":
            sys.stderr.write("slow game\\n"); sys.stderr.flush()
            spin(int(3 * rate))
            sys.stderr.write("slow game done\\n"); sys.stderr.flush()
        return real(code, to, seconds)

    c.analyse = analyse
    sys.argv = ["grundy", *sys.argv[1:]]
    from grundy.cli.main import entry
    entry()
""")


@pytest.mark.heavy
def test_jobs_1_ctrl_c_in_a_long_kernel_prints_the_rows(tmp_path: Path) -> None:
    store = tmp_path / "c.sqlite"
    proc = _start("census", "--digits", "3", "--to", "2000", "--budget", "5", "--jobs", "1",
                  "--store", str(store), code=_SLOW_GAME)
    assert proc.stderr is not None
    t = time.monotonic()
    while "slow game" not in proc.stderr.readline():
        assert time.monotonic() - t < 600 and proc.poll() is None, "the slow game never started"
    time.sleep(0.3)
    # (the rest of stderr is read by communicate)
    err = _interrupt_and_check(proc, store)
    assert "slow game done" not in err  # Ctrl-C did not wait for the kernel


@pytest.mark.parametrize("seed", [pytest.param(0, marks=pytest.mark.heavy), pytest.param(1, marks=pytest.mark.slow),
                                  pytest.param(2, marks=pytest.mark.slow)])
def test_jobs_1_ctrl_c_always_prints_the_rows(tmp_path: Path, seed: int) -> None:
    # was: 4 of 9 runs ended without the rows (the store intact)
    import random

    store = tmp_path / "c.sqlite"
    proc = _start("census", "--digits", "3", "--to", "1000000", "--budget", "3", "--jobs", "1",
                  "--store", str(store), "--progress")  # progress lines off a terminal
    assert proc.stderr is not None
    t = time.monotonic()
    while "census: " not in proc.stderr.readline():
        assert time.monotonic() - t < 600 and proc.poll() is None  # a hang guard
    time.sleep(random.Random(seed).uniform(0.5, 3.0))
    _interrupt_and_check(proc, store)


# ---------------------------------------------------------------- grundy table
LOOPY_FILE = '''
import grundy

@grundy.ruleset
def stay(n):                     # a heap may move to itself
    yield n
    yield from range(n)

@grundy.ruleset
def back(n):                     # take 1, or put one back below 3
    if n:
        yield n - 1
    if 0 < n < 3:
        yield n + 1
'''


@pytest.mark.heavy
@pytest.mark.parametrize("name,heap", [("stay", 0), ("back", 1)])
def test_table_of_a_loopy_ruleset_is_one_line(tmp_path: Path, name: str, heap: int) -> None:
    # was: a traceback (a generalised value inf() is not an int)
    f = tmp_path / "loopy.py"
    f.write_text(LOOPY_FILE)
    r = run("table", f"{f}:{name}", "--to", "5", cwd=tmp_path)
    one_line(r.returncode, r.stderr, f"{name}: heap {heap} is loopy", "grundy analyze")


def test_heap_value_names_the_loopy_heap() -> None:
    from grundy.solve.tables import heap_value

    @grundy.ruleset
    def stay(n):  # type: ignore[no-untyped-def]
        yield n

    with pytest.raises(grundy.LoopyGameError, match="heap 3 is loopy"):
        heap_value(stay, 3)
    assert heap_value(grundy.games.get("nim"), 3) == 3


# ---------------------------------------------------------------- huge integers in messages
def test_describe_abridges_huge_integers_exactly() -> None:
    for x in (10**5000, 10**5000 + 1234, -(7**6000), 3**10000, 10**120, 10**121 - 1):
        text = describe(x)
        s = _decimal(abs(x))
        n = len(s)
        if n <= 120:
            assert text == ("-" if x < 0 else "") + s
            continue
        sign = "a negative" if x < 0 else "an"
        assert text == f"{sign} integer of {n:,} digits ({'-' if x < 0 else ''}{s[:4]}…{s[-4:]})"


def _decimal(x: int) -> str:
    """Decimal digits of ``x`` without str() (so past the 4,300-digit limit)."""
    out = []
    while x:
        x, r = divmod(x, 10**1000)
        out.append(f"{r:01000d}" if x else format(r, "d"))
    return "".join(reversed(out)) or "0"


@pytest.mark.parametrize("spec", ["grundys-game", "kayles", "lasker", "nim"])
def test_huge_heaps_do_not_break_the_messages(spec: str) -> None:
    # was (grundys-game): ValueError: Exceeds the limit (4300 digits) for integer
    # string conversion, raised while formatting its own SearchLimitError
    rs = grundy.games.get(spec)
    for x in (10**5000, -(10**5000)):
        try:
            rs.value(x, budget=Budget(positions=1000))
        except GrundyError as e:
            assert "5,001 digits" in str(e) or "digits" in str(e), str(e)
        except ValueError as e:  # pragma: no cover - the failure this test is about
            pytest.fail(f"{spec}.value(±10**5000): {type(e).__name__}: {e}")


def test_game_graph_vertex_errors_with_huge_integers() -> None:
    import numpy as np

    g = grundy.GameGraph(np.array([[0, 1]]))
    with pytest.raises(grundy.InvalidPositionError, match="5,001 digits"):
        g.value(10**5000)
    from grundy.solve.loopy import loopy_unsupported

    assert "5,001 digits" in str(loopy_unsupported("misère play", 10**5000))


# ---------------------------------------------------------------- unstable hashes
def _shifty(k: int) -> tuple[type, grundy.Ruleset]:
    """Positions whose hash changes every ``k`` calls of __hash__."""
    calls = iter(range(10**9))

    class Shifty:
        def __init__(self, n: int) -> None:
            self.n = n

        def __hash__(self) -> int:
            return hash(self.n) + next(calls) // k

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Shifty) and other.n == self.n

        def __repr__(self) -> str:
            return f"Shifty({self.n})"

    @grundy.ruleset
    def shifty(p):  # type: ignore[no-untyped-def]
        if p.n:
            yield Shifty(p.n - 1)

    return Shifty, shifty


@pytest.mark.timeout(300)  # (k = 1 searched for ever)
@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("what", ["value", "remoteness", "suspense", "outcome"])
def test_a_changing_hash_is_a_clear_error(k: int, what: str) -> None:
    # was: KeyError: Shifty(0) (k > 1), or a search that never ended (k = 1)
    Shifty, rs = _shifty(k)
    with pytest.raises(UnhashablePositionError) as e:
        getattr(rs, what)(Shifty(5))
    assert str(e.value).startswith("shifty: the hash of position Shifty("), str(e.value)
    assert "changed during the search" in str(e.value)


def test_a_stable_hash_still_works() -> None:
    Shifty, rs = _shifty(10**12)  # never changes within the test
    assert rs.value(Shifty(5)) == 1 and rs.remoteness(Shifty(5)) == 5
    assert issubclass(UnhashablePositionError, GrundyError)
