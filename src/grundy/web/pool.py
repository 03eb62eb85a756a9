"""A bounded pool of worker processes for the playground's analyses.

Each worker is a process (a fresh interpreter importing grundy) under an
address-space cap (``RLIMIT_AS``), running one job at a time. The event loop never blocks on a job: it sends the job down a
pipe and waits for the pipe to become readable. A job past its deadline, or a
worker that died (out of memory), is killed and replaced; at most
``workers + queue`` jobs are accepted at once, and the rest are refused at once
(:class:`PoolFull`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["WorkerPool", "PoolFull", "JobFailed", "Refused", "STARTUP_SECONDS"]

#: Seconds a new worker may take to start (import grundy and what the jobs use)
#: before its first job; a job's own deadline starts after it.
STARTUP_SECONDS = 120.0


class PoolFull(Exception):
    """Every worker is busy and the queue is full."""


class JobFailed(Exception):
    """A job did not finish: ``reason`` is ``"seconds"`` (killed past its
    deadline) or ``"memory"`` (the worker died, out of memory)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class Refused(Exception):
    """A job refused its input: ``status`` (4xx), a one-line message and the
    input it concerns (``field``: ``"game"``, ``"position"``, ``"move"``, ...)."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.field = field

    def __reduce__(self) -> tuple[Any, ...]:
        return (Refused, (self.status, str(self), self.field))


def _limit_memory(nbytes: int) -> None:
    import resource

    if nbytes <= 0:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = nbytes if hard == resource.RLIM_INFINITY else min(nbytes, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _main(fd: int, memory: int, nice: int) -> None:
    """A worker process's entry point (``fd``: its end of the socket pair)."""
    _serve(Connection(fd), memory, nice)


def _serve(conn: Connection, memory: int, nice: int) -> None:
    """A worker's loop: receive ``(function, args)``, send back
    ``("ok", result)`` or ``("err", status, message)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    sys.set_int_max_str_digits(0)  # positions such as 10**100000 parse and print in full
    if nice:
        try:
            os.nice(nice)
        except OSError:  # pragma: no cover - not allowed here
            pass
    _limit_memory(memory)
    from grundy.rules.graphinput import no_files
    from grundy.values.errors import GrundyError, UnknownGameError

    _warm_up()
    try:  # the server counts a job's deadline from here, not from our start-up
        conn.send(("ready",))
    except OSError:
        return

    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        out: tuple[Any, ...]
        try:
            with no_files():  # a request never reads a file of the server
                out = ("ok", fn(*args))
        except Refused as exc:
            out = ("err", exc.status, str(exc), exc.field)
        except UnknownGameError as exc:
            out = ("err", 404, str(exc))
        except GrundyError as exc:
            out = ("err", 400, str(exc))
        except RecursionError:
            out = ("err", 400, "the position is too deep to analyse here")
        except MemoryError:
            out = ("err", 507, "the request needs more memory than a worker of the playground has")
        except (ValueError, OverflowError, TypeError) as exc:
            out = ("err", 400, str(exc) or type(exc).__name__)
        except Exception as exc:  # a bug: say so, and keep serving
            out = ("err", 500, f"internal error: {type(exc).__name__}: {exc}")
        try:
            conn.send(out)
        except MemoryError:
            conn.send(("err", 507, "the answer is too large to send"))


def _warm_up() -> None:
    """Import what the jobs use before the first job (a worker starts in the
    background; a request should not wait for imports)."""
    import importlib

    for name in ("grundy.web.jobs", "grundy.solve.report", "grundy.play.session",
                 "grundy.plot.svg", "grundy.play.options", "networkx"):
        try:
            importlib.import_module(name)
        except ImportError:  # pragma: no cover - an optional library missing
            pass


class _Worker:
    """One worker: a fresh interpreter (``python -c``, so nothing of the server's
    ``__main__`` is re-run) joined to the server by a socket pair."""

    def __init__(self, memory: int, nice: int) -> None:
        ours, theirs = socket.socketpair()
        code = f"from grundy.web.pool import _main; _main({theirs.fileno()}, {memory}, {nice})"
        try:
            self.proc = subprocess.Popen([sys.executable, "-c", code], pass_fds=(theirs.fileno(),),
                                         stdin=subprocess.DEVNULL)
        finally:
            theirs.close()
        self.conn = Connection(ours.detach())
        #: whether the worker has said it is ready (imports done)
        self.ready = False

    @property
    def exitcode(self) -> int | None:
        return self.proc.poll()

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):  # pragma: no cover - already gone
            pass
        finally:
            self.conn.close()

    async def _readable(self, timeout: float | None) -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, wake)
        try:
            await asyncio.wait_for(ready, timeout)
        finally:
            loop.remove_reader(fd)

    async def call(self, fn: Callable[..., Any], args: tuple[Any, ...], timeout: float | None) -> Any:
        if not self.ready:  # a job's deadline starts once the worker has started
            await self._readable(STARTUP_SECONDS)
            hello = self.conn.recv()
            if hello != ("ready",):  # pragma: no cover - a protocol error
                raise EOFError(f"the worker said {hello!r}")
            self.ready = True
        self.conn.send((fn, args))
        await self._readable(timeout)
        return self.conn.recv()


class WorkerPool:
    """``workers`` processes, each capped at ``memory`` bytes of address space
    (0: no cap) and run at niceness ``nice``; at most ``queue`` jobs wait."""

    def __init__(self, workers: int, queue: int, memory: int, *, nice: int = 0) -> None:
        self.size, self.queue, self.memory, self.nice = workers, queue, memory, nice
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._count = 0  # live workers (idle or busy) and workers being started
        self._pending = 0  # accepted jobs: running or waiting
        self._closed = False

    @property
    def pending(self) -> int:
        """Jobs accepted and not finished."""
        return self._pending

    def warm(self) -> None:
        """Start the workers now (in the background), not on the first jobs."""

        def start() -> None:
            while True:
                with self._lock:
                    if self._closed or self._count >= self.size:
                        return
                    self._count += 1
                try:
                    w = _Worker(self.memory, self.nice)
                except Exception:  # pragma: no cover - out of processes
                    with self._lock:
                        self._count -= 1
                    return
                with self._lock:
                    closed = self._closed
                    if not closed:
                        self._idle.append(w)
                    else:
                        self._count -= 1
                if closed:  # closed while it started: not left running
                    w.kill()

        threading.Thread(target=start, daemon=True, name="grundy-web-warm").start()

    async def _acquire(self) -> _Worker:
        while True:
            with self._lock:
                if self._idle:
                    return self._idle.pop()
                new = self._count < self.size
                if new:
                    self._count += 1
            if new:
                try:
                    return await asyncio.to_thread(_Worker, self.memory, self.nice)
                except BaseException:
                    with self._lock:
                        self._count -= 1
                    raise
            await asyncio.sleep(0.01)

    def _release(self, w: _Worker | None) -> None:
        with self._lock:
            if w is not None and not self._closed:
                self._idle.append(w)
                return
            self._count -= 1
        if w is not None:
            w.kill()

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...], timeout: float | None) -> Any:
        """Run ``fn(*args)`` in a worker; its result, or :class:`Refused`,
        :class:`JobFailed`, :class:`PoolFull`."""
        with self._lock:
            if self._pending >= self.size + self.queue:
                raise PoolFull(f"the playground is busy ({self._pending} analyses running or "
                               "waiting); try again in a moment")
            self._pending += 1
        try:
            w: _Worker | None = await self._acquire()
            assert w is not None
            try:
                reply = await w.call(fn, args, timeout)
            except asyncio.TimeoutError:
                w.kill()
                w = None
                raise JobFailed("seconds", f"the request ran past its deadline of {timeout:g} s "
                                "and was stopped") from None
            except (EOFError, OSError, asyncio.CancelledError) as exc:
                try:
                    code: Any = w.proc.wait(1)
                except subprocess.TimeoutExpired:
                    code = "?"
                w.kill()
                w = None
                if isinstance(exc, asyncio.CancelledError):
                    raise
                raise JobFailed("memory", "the worker running the request died (exit code "
                                f"{code}; most likely out of memory) and was replaced") from None
            finally:
                self._release(w)
        finally:
            with self._lock:
                self._pending -= 1
        if reply[0] == "ok":
            return reply[1]
        raise Refused(reply[1], reply[2], reply[3] if len(reply) > 3 else None)

    def close(self) -> None:
        """Stop every idle worker (busy ones stop when their job ends)."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            self._count -= len(idle)
        for w in idle:
            w.kill()
