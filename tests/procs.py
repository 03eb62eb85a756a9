"""A child process whose two output pipes are always read.

A test that waits for a line on one pipe of a child while the child writes the
other deadlocks once that other pipe's buffer (64 KiB) is full: the child blocks
in ``write``, and the line never comes. (Seen: ``grundy table ... --progress``
streamed 64 KiB of rows to stdout before its first progress line on a loaded
machine, and the test waited on stderr for ever.) Here a thread drains each pipe
into a buffer, and waiting for a line is a poll of the buffer with a deadline.
"""

from __future__ import annotations

import subprocess
import threading
import time
from typing import IO, Any


class Child:
    """``subprocess.Popen(args, **kw)`` with stdout and stderr drained by threads.

    >>> import sys
    >>> c = Child([sys.executable, "-c", "print('x' * 100000); import sys; print('done', file=sys.stderr)"])
    >>> c.wait_for("done", "stderr").strip()
    'done'
    >>> out, err = c.finish(timeout=60)
    >>> len(out.strip()), c.returncode
    (100000, 0)
    """

    def __init__(self, args: list[str], **kw: Any) -> None:
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, **kw)
        self._text = {"stdout": [], "stderr": []}  # type: dict[str, list[str]]
        self._lock = threading.Lock()
        self._threads = [self._drain("stdout", self.proc.stdout), self._drain("stderr", self.proc.stderr)]

    def _drain(self, name: str, pipe: IO[str] | None) -> threading.Thread:
        assert pipe is not None

        def run() -> None:
            for line in pipe:
                with self._lock:
                    self._text[name].append(line)
            pipe.close()

        t = threading.Thread(target=run, daemon=True)
        t.start()
        return t

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    def poll(self) -> int | None:
        return self.proc.poll()

    def text(self, stream: str) -> str:
        """What ``stream`` (``"stdout"`` or ``"stderr"``) has printed so far."""
        with self._lock:
            return "".join(self._text[stream])

    def wait_for(self, text: str, stream: str = "stderr", limit: float = 120) -> str:
        """Wait until a line of ``stream`` contains ``text``; return the stream so far
        (up to and including that line). Fails if the child ends first or after
        ``limit`` seconds (a hang guard, not a speed check)."""
        t = time.monotonic()
        while True:
            with self._lock:
                lines = list(self._text[stream])
            for i, line in enumerate(lines):
                if text in line:
                    return "".join(lines[: i + 1])
            if self.proc.poll() is not None and not self._threads[0].is_alive() \
                    and not self._threads[1].is_alive():
                raise AssertionError(f"{text!r} never came; the child ended "
                                     f"({self.proc.returncode}): {self.text(stream)[-2000:]!r}")
            if time.monotonic() - t > limit:
                raise AssertionError(f"{text!r} not seen within {limit} s in "
                                     f"{self.text(stream)[-2000:]!r}")
            time.sleep(0.02)

    def finish(self, timeout: float) -> tuple[str, str]:
        """Wait for the child to end (``TimeoutExpired`` after ``timeout``) and for
        its pipes to be read; return all of stdout and stderr."""
        self.proc.wait(timeout=timeout)
        for th in self._threads:
            th.join(timeout=30)
        return self.text("stdout"), self.text("stderr")

    def kill(self) -> None:
        self.proc.kill()
