"""A real local Dask cluster for the census: ``dask scheduler`` and ``dask
worker`` (its nanny and ``workers`` worker processes of one thread each) run as
separate processes on loopback, started and shut down by a context manager.

A worker process that dies (``kill -9``) is restarted by its nanny and the
scheduler runs its task again; the scheduler and the workers end when the
process that started them ends, even by ``kill -9`` (Linux), and their logs go
to files, not to the terminal.

>>> parse_cluster("local:2"), parse_cluster("local") >= 1
(2, True)
>>> parse_cluster("remote:2")
Traceback (most recent call last):
...
grundy.values.errors.InvalidParameterError: --cluster takes 'local' or 'local:N' (N worker processes); got 'remote:2'
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

from grundy.values.errors import InvalidParameterError, describe

__all__ = ["LocalDaskCluster", "parse_cluster", "ClusterStartError"]

#: seconds to wait for the scheduler to write its address, and for the first worker
START_SECONDS = 120.0


class ClusterStartError(InvalidParameterError):
    """The local Dask cluster did not start (Dask missing, a process that exited
    at once, no address in time); the message ends with the tail of its log."""


def parse_cluster(spec: str) -> int:
    """The number of worker processes of ``local`` (every core) or ``local:N``."""
    name, _, count = spec.strip().partition(":")
    if name == "local" and not count:
        return os.cpu_count() or 1
    if name == "local" and count.isdigit() and int(count) >= 1:
        return int(count)
    raise InvalidParameterError(
        f"--cluster takes 'local' or 'local:N' (N worker processes); got {describe(spec)}")


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, before exec
    """In a child before ``exec``: a new session (Ctrl-C on the terminal reaches
    only the census, which shuts the cluster down in order) and SIGTERM when the
    parent dies (Linux ``prctl(PR_SET_PDEATHSIG)``)."""
    os.setsid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGTERM, 0, 0, 0)
        except (OSError, AttributeError):
            pass


class LocalDaskCluster:
    """``with LocalDaskCluster(2) as address:`` a scheduler and ``workers``
    single-threaded worker processes on 127.0.0.1; ``address`` is the
    scheduler's ``tcp://`` address (for :func:`grundy.census.census`'s
    ``scheduler=``). Leaving the block stops every process of the cluster.

    Each worker runs numba single-threaded (``NUMBA_NUM_THREADS=1``): the
    cluster already has a process per core.
    """

    def __init__(self, workers: int, *, start_seconds: float = START_SECONDS) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise InvalidParameterError(
                f"a local cluster needs at least one worker process; got {describe(workers)}")
        self.workers = workers
        self.start_seconds = start_seconds
        self.address = ""
        self.dir = ""
        self._procs: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> str:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise ClusterStartError(
                "--cluster needs Dask, which is not installed: pip install 'grundy[cluster]'"
            ) from None
        self.dir = tempfile.mkdtemp(prefix="grundy-dask-")
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self.address

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def _spawn(self, module: str, args: list[str], log: str) -> subprocess.Popen[bytes]:
        env = dict(os.environ, NUMBA_NUM_THREADS="1", OMP_NUM_THREADS="1",
                   PYTHONUNBUFFERED="1")
        with open(Path(self.dir, log), "ab") as out:
            proc = subprocess.Popen(  # noqa: S603 - our own interpreter and Dask's CLI
                [sys.executable, "-m", module, *args], stdin=subprocess.DEVNULL, stdout=out,
                stderr=subprocess.STDOUT, env=env, cwd=self.dir, preexec_fn=_die_with_parent,
            )
        self._procs.append(proc)
        return proc

    def _start(self) -> None:
        sched_file = Path(self.dir, "scheduler.json")
        sched = self._spawn("distributed.cli.dask_scheduler",
                            ["--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                             "--scheduler-file", str(sched_file)], "scheduler.log")
        deadline = time.monotonic() + self.start_seconds
        while not self.address:
            if sched.poll() is not None:
                raise ClusterStartError(self._failed("the Dask scheduler exited", "scheduler.log"))
            if time.monotonic() > deadline:
                raise ClusterStartError(self._failed("the Dask scheduler did not start in time",
                                                     "scheduler.log"))
            time.sleep(0.1)
            try:
                import json

                self.address = str(json.loads(sched_file.read_text())["address"])
            except (OSError, ValueError, KeyError):
                continue
        self._spawn("distributed.cli.dask_worker",
                    ["--scheduler-file", str(sched_file), "--nworkers", str(self.workers),
                     "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1",
                     "--local-directory", self.dir, "--death-timeout", "60"], "workers.log")

    def _failed(self, what: str, log: str) -> str:
        try:
            tail = Path(self.dir, log).read_text(errors="replace").strip().splitlines()[-5:]
        except OSError:
            tail = []
        return f"{what} (log {str(Path(self.dir, log))!r}): " + " | ".join(tail)

    def pids(self) -> list[int]:
        """The process ids of the scheduler and the worker nanny (not their children)."""
        return [p.pid for p in self._procs]

    def close(self, timeout: float = 10.0) -> None:
        """Stop the workers, then the scheduler (SIGTERM to each process group,
        SIGKILL after ``timeout`` seconds); remove the logs. Idempotent."""
        for proc in reversed(self._procs):  # workers first: they leave the scheduler cleanly
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
            try:  # what is left of the group (a worker process its nanny did not stop)
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL did not take
                pass
        self._procs = []
        if self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = ""
