"""``grundy census --cluster local:N``: a real local Dask cluster (a scheduler and
worker processes), run as a command. A worker killed mid-run and a command
interrupted by SIGINT lose and duplicate nothing; the Parquet export."""

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from grundy import InvalidParameterError
from grundy.census import CensusRow, census
from grundy.cli.main import main
from grundy.solve.budget import Budget

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")

# every game ends by a proof or at heap TO, never by its time budget: the rows of
# two runs are then equal but for the seconds spent
DIGITS, TO, BUDGET = 2, 1 << 15, 300


def _command(store, *more):
    return [sys.executable, "-m", "grundy", "census", "--digits", str(DIGITS), "--to", str(TO),
            "--budget", str(BUDGET), "--store", str(store), "--format", "csv", *more]


def _stored(store):
    """(code, n) -> the row's figures but its seconds; and the rowid of every row."""
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT rowid, * FROM rows").fetchall()
    figures = {}
    for rowid, *values in rows:
        row = CensusRow(*values[:11], 0.0, *values[12:])
        figures[(row.code, row.n)] = (rowid, row)
    return figures


def _count(store):
    try:
        with sqlite3.connect(store) as db:
            return db.execute("SELECT COUNT(*) FROM rows").fetchone()[0]
    except sqlite3.Error:  # not created yet
        return 0


def _wait_for_rows(proc, store, n, timeout=180):
    deadline = time.monotonic() + timeout
    while _count(store) < n:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no rows in time"
        time.sleep(0.05)


def _undisturbed():
    rows = census(DIGITS, TO, workers=1, budget=Budget(seconds=BUDGET))
    return {(r.code, r.n): CensusRow(**{**r.__dict__, "seconds": 0.0}) for r in rows}


def _worker_processes(proc):
    """The Dask worker processes under the command (children of the nanny)."""
    out = []
    for p in psutil.Process(proc.pid).children(recursive=True):
        try:
            if "spawn_main" in " ".join(p.cmdline()) and "dask_worker" in " ".join(p.parent().cmdline()):
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out


@pytest.mark.slow
def test_a_killed_worker_loses_and_duplicates_nothing(tmp_path):
    store = tmp_path / "c.sqlite"
    proc = subprocess.Popen(_command(store, "--cluster", "local:2"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,  # Ctrl-C as in a terminal:
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for_rows(proc, store, 12)
        workers = _worker_processes(proc)
        assert len(workers) == 2
        workers[0].send_signal(signal.SIGKILL)  # both are busy: one task is lost with it
        assert proc.poll() is None and _count(store) < 63  # mid-run
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    stored = _stored(store)
    assert len({code for code, _ in stored}) == len(stored) == 63  # one row per game
    assert {key: row for key, (_, row) in stored.items()} == _undisturbed()
    assert len(out.splitlines()) == 64 and "Traceback" not in err


@pytest.mark.heavy
def test_ctrl_c_prints_the_settled_games_then_stops_the_cluster(tmp_path):
    """SIGINT after some games settled: every stored row is printed (CSV, after
    its header), the command ends with status 130 (docs/octal.md), and the
    cluster's processes end with it. Before, the command's Ctrl-C watchdog ended
    it during the cluster's shutdown, before any row was printed."""
    store = tmp_path / "c.sqlite"
    proc = subprocess.Popen(_command(store, "--cluster", "local:2"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,  # Ctrl-C as in a terminal, even
                            # when the tests run as a background job (SIGINT ignored)
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for_rows(proc, store, 3)
        cluster = psutil.Process(proc.pid).children(recursive=True)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "Traceback" not in err, err
    stored = _stored(store)
    lines = out.splitlines()
    assert lines[0].startswith("code,n,") and len(lines) == len(stored) + 1 >= 4, (out, err)
    assert sorted(line.split(",")[0] for line in lines[1:]) == sorted(code for code, _ in stored)
    assert f"{len(stored)} of 63 games settled; kept in" in err
    _, alive = psutil.wait_procs(cluster, timeout=30)
    assert alive == []


@pytest.mark.slow
def test_an_interrupted_census_resumes_with_the_unsettled_games(tmp_path):
    store = tmp_path / "c.sqlite"
    proc = subprocess.Popen(_command(store, "--cluster", "local:2"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,  # Ctrl-C as in a terminal:
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for_rows(proc, store, 12)
        cluster = psutil.Process(proc.pid).children(recursive=True)
        assert len(cluster) >= 4  # the scheduler, the nanny and its two workers
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert "kept in" in err and "where a rerun resumes" in err
    _, alive = psutil.wait_procs(cluster, timeout=30)
    assert alive == []  # the cluster is shut down with the command
    before = _stored(store)
    assert 12 <= len(before) < 63 and len(out.splitlines()) == len(before) + 1
    assert main(["census", "--digits", str(DIGITS), "--to", str(TO), "--budget", str(BUDGET),
                 "--jobs", "1", "--store", str(store), "--format", "csv"]) == 0
    after = _stored(store)
    assert all(after[key][0] == rowid for key, (rowid, _) in before.items())  # not run again
    assert len({code for code, _ in after}) == len(after) == 63
    assert {key: row for key, (_, row) in after.items()} == _undisturbed()


def test_cluster_option_errors(capsys, tmp_path):
    store = str(tmp_path / "c.sqlite")
    assert main(["census", "--digits", "1", "--cluster", "remote:2", "--store", store]) == 2
    assert "'local' or 'local:N'" in capsys.readouterr().err
    assert main(["census", "--digits", "1", "--cluster", "local:2", "--jobs", "2", "--store", store]) == 2
    assert "without --scheduler or --jobs" in capsys.readouterr().err


def test_parquet_export(tmp_path, capsys):
    pq = pytest.importorskip("pyarrow.parquet")
    store, out = str(tmp_path / "c.sqlite"), tmp_path / "c.parquet"
    assert main(["census", "--digits", "1", "--to", "300", "--jobs", "1", "--store", store]) == 0
    capsys.readouterr()
    assert main(["census", "export", "--store", store, "--format", "parquet", "-o", str(out)]) == 0
    table = pq.read_table(out).to_pylist()
    assert [r["code"] for r in table] == [f"0.{d}" for d in range(1, 8)]
    officers = table[5]
    assert officers["period"] is None and officers["proven"] is False and officers["n"] == 301
    assert table[3]["period"] == 34 and table[3]["preperiod"] == 54 and table[3]["proven"] is True
    assert main(["census", "export", "--store", store, "-o", str(tmp_path / "c.csv")]) == 0
    lines = (tmp_path / "c.csv").read_text().splitlines()
    assert len(lines) == 8 and lines[0].startswith("code,n,preperiod,period,proven")
    assert main(["census", "export", "--store", store, "--format", "parquet"]) == 2
    assert "-o FILE" in capsys.readouterr().err


def test_parquet_needs_pyarrow(monkeypatch, tmp_path):
    from grundy.census import to_parquet

    monkeypatch.setitem(sys.modules, "pyarrow", None)  # an import of it fails
    with pytest.raises(InvalidParameterError, match=r"pyarrow.*grundy\[cluster\]"):
        to_parquet([CensusRow("0.1", 5, 2, 1, True, 1)], tmp_path / "c.parquet")


@pytest.mark.slow
def test_local_cluster_runs_the_census_and_stops():
    from grundy.census.cluster import LocalDaskCluster

    cluster = LocalDaskCluster(1)
    with cluster as address:
        pids = cluster.pids()
        rows = census(1, 200, scheduler=address)
    assert [r.code for r in rows] == [f"0.{d}" for d in range(1, 8)]
    assert not any(psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE
                   for p in pids)
    with pytest.raises(InvalidParameterError, match="at least one"):
        LocalDaskCluster(0)


def test_parse_cluster():
    from grundy.census.cluster import parse_cluster

    assert parse_cluster("local:3") == 3 and parse_cluster("local") == (os.cpu_count() or 1)
    for bad in ("local:0", "local:x", "", "local:2:3"):
        with pytest.raises(InvalidParameterError):
            parse_cluster(bad)
