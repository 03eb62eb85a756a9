"""Ctrl-C for the ``grundy`` command: it always ends the command with status 130
within a second, keeps what was printed, and prints no traceback.

Python turns SIGINT into :class:`KeyboardInterrupt` in the main thread, which the
command catches (and which lets a table print the rows it has). Three places
defeat that, and this module handles them:

* while ``import grundy`` runs (numba, numpy, the catalogue), before the command
  can catch anything: :func:`guard_startup` (called first thing by
  ``grundy/__init__.py``, only when the process *is* the ``grundy`` command) exits
  at once with status 130;
* inside a native callback, e.g. llvmlite's object cache during a cold numba
  compilation, where the exception is "ignored" (printed, then lost) and the
  compilation goes on: the handler arms a watchdog that leaves with status 130
  (after flushing standard output) if the command has not ended
  :data:`GRACE` seconds later, and the "Exception ignored" report of an
  interrupt is dropped;
* inside numba's or llvmlite's own Python code (a cold compilation, including the
  object cache's callbacks that LLVM calls from native code): an exception raised
  there can leave LLVM reading a buffer the callback never filled (a segmentation
  fault, seen once in a hundred interrupted cold compiles), so the handler
  leaves at once there, with status 130, as the watchdog would;
* in worker processes forked by the command (a census pool), which leave quietly
  and let the parent report.

A command that stops in order after Ctrl-C and needs longer (a census on a Dask
cluster prints the games settled, then shuts the cluster down) asks for it
beforehand with :func:`orderly`; a second Ctrl-C then leaves at once.

A library user's own program is never touched: nothing is installed unless the
process was started as ``grundy`` or ``python -m grundy``; and a command started
with SIGINT ignored (``nohup``, a background job of a script) keeps ignoring it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from types import FrameType
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["deferred", "guard_startup", "in_compiler", "install", "interrupted", "leaving", "orderly",
           "last_words", "GRACE"]

#: seconds the command has, after Ctrl-C, to end by itself
GRACE = 0.5

_state: dict[str, Any] = {"pid": None, "phase": None, "interrupted": False, "timer": None,
                          "grace": GRACE, "words": None, "deferring": 0, "deferred": False}


def _is_command() -> bool:
    """Whether this process was started as the ``grundy`` command."""
    argv = list(getattr(sys, "orig_argv", sys.argv))
    if "-m" in argv[:-1]:
        return argv[argv.index("-m") + 1] in ("grundy", "grundy.__main__", "grundy.cli.main")
    return os.path.basename(sys.argv[0] if sys.argv else "") in ("grundy", "grundy.exe")


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass


def _say_and_leave(flush: bool = True) -> None:
    if flush:
        # Keep what was printed, but never wait long for it (the main thread may
        # hold the stream's lock, or the reader may not read).
        flusher = threading.Thread(target=_flush, daemon=True)
        flusher.start()
        flusher.join(0.2)
    words = b""
    say = _state["words"]
    if flush and say is not None:
        try:
            words = ("\n" + str(say())).encode()
        except Exception:  # noqa: BLE001 - last words never stop the leaving
            words = b""
    try:
        os.write(2, words + b"\ngrundy: interrupted\n")
    except OSError:
        pass
    os._exit(130)


_NATIVE = tuple(os.sep + name + os.sep for name in ("llvmlite", "numba"))


def in_compiler(frame: FrameType | None) -> bool:
    """Whether ``frame`` or one of its callers runs numba's or llvmlite's code,
    where an exception is unsafe (a compilation, a callback from LLVM)."""
    while frame is not None:
        name = frame.f_code.co_filename
        if any(part in name for part in _NATIVE):
            return True
        frame = frame.f_back
    return False


def _handler(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _state["pid"]:  # a forked worker: the parent reports
        os._exit(130)
    if _state["phase"] == "startup":  # nothing to keep yet, nothing catches it
        _say_and_leave(flush=False)  # no lock taken: the import machinery may hold one
    if _state["phase"] == "leaving":  # the command is done: nothing left to stop in order
        if not _state["interrupted"]:
            _state["interrupted"] = True
            _state["timer"].set()  # a finalizer that hangs is still ended by the watchdog
        return
    if in_compiler(frame):  # no exception inside the compiler: leave now
        _state["interrupted"] = True
        _say_and_leave()
    if not _state["interrupted"]:
        _state["interrupted"] = True
        _state["timer"].set()  # the watchdog, started beforehand: no thread starts here
    elif _state["grace"] > GRACE:  # a second Ctrl-C during an orderly stop: leave now
        _say_and_leave()
    if _state["deferring"]:  # a write that must not be cut: raised when it is done
        _state["deferred"] = True
        return
    raise KeyboardInterrupt


def _watchdog(fired: threading.Event) -> None:
    fired.wait()
    time.sleep(_state["grace"])
    _say_and_leave()


def last_words(say: Callable[[], str] | None) -> None:
    """What the watchdog prints before ``grundy: interrupted`` when it ends the
    command (``say()``, e.g. how many rows were printed), so the output is the
    same whether the command stopped in order or a compiled kernel held it past
    the grace time; ``None`` to forget it."""
    _state["words"] = say


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """A step that Ctrl-C must not cut in two, e.g. writing a batch of a table's
    rows after counting them as printed: while the command runs, Ctrl-C inside the
    block raises :class:`KeyboardInterrupt` only when the block ends (the
    watchdog is armed all the same, so a block that hangs is still ended within
    :data:`GRACE` seconds). Outside the command it changes nothing."""
    _state["deferring"] += 1
    try:
        yield
    finally:
        _state["deferring"] -= 1
    if not _state["deferring"] and _state["deferred"]:
        _state["deferred"] = False
        raise KeyboardInterrupt


def orderly(seconds: float) -> None:
    """The running command stops in order after Ctrl-C and may take up to
    ``seconds`` for it (instead of :data:`GRACE`): the watchdog waits that long,
    and a second Ctrl-C leaves at once. Call it before the work starts."""
    _state["grace"] = max(GRACE, float(seconds))


def _unraisable(hook: Any) -> Any:
    def quiet(info: Any) -> None:
        if isinstance(info.exc_value, KeyboardInterrupt) or _state["interrupted"]:
            return  # an interrupt lost in a native callback: the watchdog ends the command
        hook(info)

    return quiet


def guard_startup() -> None:
    """When this process is the ``grundy`` command, make Ctrl-C during the
    imports leave at once (status 130, one line, no traceback)."""
    if _state["pid"] is not None or not _is_command():
        return
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return  # someone else's handler: leave it
    _state["pid"] = os.getpid()
    _state["phase"] = "startup"
    signal.signal(signal.SIGINT, _handler)
    sys.unraisablehook = _unraisable(sys.unraisablehook)


def install() -> None:
    """The command runs: Ctrl-C raises :class:`KeyboardInterrupt` (so the command
    can keep and print what it has), backed by the watchdog."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) not in (signal.default_int_handler, _handler):
        return  # started with Ctrl-C ignored (nohup, a background job) or someone else's handler
    if _state["pid"] is None:
        _state["pid"] = os.getpid()
        sys.unraisablehook = _unraisable(sys.unraisablehook)
    if _state["timer"] is None:
        fired = threading.Event()
        threading.Thread(target=_watchdog, args=(fired,), daemon=True, name="grundy-ctrl-c").start()
        _state["timer"] = fired
    _state["phase"] = "running"
    signal.signal(signal.SIGINT, _handler)


def leaving() -> bool:
    """The command's work is over and it is on its way out: Ctrl-C from now on
    raises nothing (an exception there would escape the command's handlers and
    print a traceback during Python's finalization) and leaves the status as it
    is; it only arms the watchdog, which ends the command with status 130 if it
    has not left :data:`GRACE` seconds later. Returns whether Ctrl-C was pressed
    before (during the work)."""
    was = bool(_state["interrupted"])
    if _state["phase"] == "running" and _state["timer"] is not None:
        _state["phase"] = "leaving"
    return was


def uninstall() -> None:
    """Back to Python's own Ctrl-C (after the command, e.g. in tests that call
    :func:`grundy.cli.main.main` in process)."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is _handler:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    _state["phase"] = None
    _state["grace"] = GRACE


def interrupted() -> bool:
    """Whether Ctrl-C was pressed during the command."""
    return bool(_state["interrupted"])
