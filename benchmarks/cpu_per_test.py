"""Where the default test run spends its CPU: a pytest plugin that writes, per test,
the CPU seconds of the test's process (all threads), of the child processes it
waited for, and its wall seconds, one tab-separated line a test, to
``$TEST_CPU_DIR/<xdist worker>.tsv``; and a summary of those files.

On a shared machine the wall time of a test says more about the load than about
the test; its CPU seconds do not (issue 35: "the default test run stays under 3
minutes on an idle machine"; with two workers on two cores the run takes about
half the CPU seconds of its tests). A fresh clone compiles every numba kernel
the first time a test needs it; delete ``src/grundy/kernels/__pycache__/*.nb?``
first to count that, as CI does::

    find src -name '*.nb[ic]' -delete
    TEST_CPU_DIR=/tmp/cpu PYTHONPATH=benchmarks pytest -p cpu_per_test -p no:cacheprovider
    python benchmarks/cpu_per_test.py /tmp/cpu [N]      # the N costliest tests and files

(The module's name starts with ``test_`` only so that ``-p cpu_per_test`` reads well;
it holds no tests, and ``benchmarks/`` is outside the test paths.)
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import pytest

_out: TextIO | None = None
_compiled: TextIO | None = None


class _Compiles:
    """Numba's compile events, outermost only (a kernel's compile includes the
    compiles of the functions it calls): the seconds of each, by function."""

    def __init__(self) -> None:
        self.depth = 0
        self.t0 = 0.0
        self.seen: list[tuple[str, float]] = []

    def on_start(self, event: Any) -> None:
        if self.depth == 0:
            self.t0 = time.process_time()
        self.depth += 1

    def on_end(self, event: Any) -> None:
        self.depth -= 1
        if self.depth == 0:
            d = event.data.get("dispatcher")
            name = getattr(getattr(d, "py_func", None), "__qualname__", "?")
            module = getattr(getattr(d, "py_func", None), "__module__", "?")
            self.seen.append((f"{module}.{name}", time.process_time() - self.t0))


_compiles = _Compiles()


def _cpu() -> tuple[float, float]:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Time one test (setup, call and teardown)."""
    global _out, _compiled
    if _out is None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        where = Path(os.environ["TEST_CPU_DIR"])
        where.mkdir(parents=True, exist_ok=True)
        _out = open(where / f"{worker}.tsv", "a", buffering=1)
        _compiled = open(where / f"{worker}.compiles", "a", buffering=1)
        from numba.core import event

        class Listener(event.Listener):  # type: ignore[misc]
            on_start = _compiles.on_start
            on_end = _compiles.on_end

        event.register("numba:compile", Listener())  # type: ignore[no-untyped-call]
    _compiles.seen.clear()
    own0, kids0 = _cpu()
    t0 = time.monotonic()
    yield
    own1, kids1 = _cpu()
    _out.write(f"{item.nodeid}\t{own1 - own0:.2f}\t{kids1 - kids0:.2f}\t{time.monotonic() - t0:.2f}\n")
    assert _compiled is not None
    for name, secs in _compiles.seen:
        _compiled.write(f"{item.nodeid}\t{name}\t{secs:.2f}\n")


def summary(folder: Path, n: int = 30) -> str:
    """The totals, then the ``n`` costliest tests and test files (CPU seconds,
    own + children) of the ``*.tsv`` files in ``folder``."""
    tests: list[tuple[float, float, str]] = []
    files: dict[str, float] = defaultdict(float)
    for path in folder.glob("*.tsv"):
        for line in path.read_text().splitlines():
            nodeid, own, kids, _wall = line.split("\t")
            cpu = float(own) + float(kids)
            tests.append((cpu, float(kids), nodeid))
            files[nodeid.split("::")[0]] += cpu
    tests.sort(reverse=True)
    own_total = sum(c - k for c, k, _ in tests)
    kids_total = sum(k for _, k, _ in tests)
    lines = [f"{len(tests)} tests: {own_total:.0f} CPU s in the test processes, "
             f"{kids_total:.0f} in their child processes", "", "tests (CPU s, of it children):"]
    lines += [f"{c:8.2f} {k:8.2f}  {name}" for c, k, name in tests[:n]]
    lines += ["", "files (CPU s):"]
    lines += [f"{c:8.2f}  {name}" for name, c in sorted(files.items(), key=lambda x: -x[1])[:n]]
    # numba's compiles: seconds by function, and in how many worker processes
    secs: dict[str, float] = defaultdict(float)
    workers: dict[str, set[str]] = defaultdict(set)
    for path in folder.glob("*.compiles"):
        for line in path.read_text().splitlines():
            _nodeid, name, s = line.split("\t")
            secs[name] += float(s)
            workers[name].add(path.stem)
    if secs:
        lines += ["", f"numba compiles: {sum(secs.values()):.0f} CPU s "
                  "(by function, outermost only; in how many processes):"]
        lines += [f"{c:8.2f}  {len(workers[name])}  {name}"
                  for name, c in sorted(secs.items(), key=lambda x: -x[1])[:n]]
    return "\n".join(lines)


def main(argv: list[Any]) -> None:
    print(summary(Path(argv[1]), int(argv[2]) if len(argv) > 2 else 30))


if __name__ == "__main__":
    main(sys.argv)
