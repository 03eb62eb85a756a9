"""Progress and Ctrl-C of the long commands, in real subprocesses.

* On a terminal (a pseudo-terminal, pexpect) ``grundy table`` draws a bar with
  its total and ETA on stderr; off a terminal, with --progress, plain lines on stderr and
  stdout holds only the rows.
* SIGINT at several points (kernel table, period search, analyze search, census,
  a cold numba compilation with an empty ``NUMBA_CACHE_DIR``) ends the command
  with status 130 within a second, keeps the rows printed, and prints no
  traceback nor "Exception ignored".
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.procs import Child

ROOT = Path(__file__).resolve().parents[2]


def env(**more: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT / "src"), **more)


def start(*args: str, **more: str) -> Child:
    # Ctrl-C as from a terminal, even when the tests run as a background job
    # (which starts its children with SIGINT ignored, and grundy respects that);
    # both pipes are read all along (tests/procs.py: a full stdout pipe once
    # blocked the child before its first progress line on stderr)
    return Child([sys.executable, "-m", "grundy", *args], env=env(**more), start_new_session=True,
                 preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def interrupt(proc: Child) -> tuple[str, str, float]:
    """SIGINT to the process group, as Ctrl-C on a terminal (census workers too);
    the output and how long the process took to end. A command that has not
    ended a minute later is hung (it ends within a second on an idle machine:
    the watchdog of grundy._interrupt leaves 0.5 s after Ctrl-C; no test here
    asserts that time, which a busy machine stretches)."""
    t = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.finish(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.finish(timeout=20)
        raise AssertionError(f"no exit 60 s after Ctrl-C: {err[-2000:]}") from None
    return out, err, time.monotonic() - t


def clean(proc: Child, err: str, took: float) -> None:
    assert proc.returncode == 130, (took, err[-2000:])
    assert "Traceback" not in err and "Exception ignored" not in err, err[-2000:]
    assert err.strip().splitlines()[-1] == "grundy: interrupted"


def run_code(code: str) -> subprocess.CompletedProcess[str]:
    """``python -c code`` to its end, with Ctrl-C as from a terminal (a test run
    started as a background job starts its children with SIGINT ignored, and
    ``grundy._interrupt`` then leaves Ctrl-C alone, as it should)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(), timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def wait_for(proc: Child, text: str, stream: str = "stderr", limit: float = 120) -> str:
    """The stream up to the first line that contains ``text`` (a hang guard of
    ``limit`` seconds; the child's output keeps being read meanwhile)."""
    return proc.wait_for(text, stream, limit)


@pytest.mark.heavy
def test_table_bar_on_a_terminal() -> None:
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("rich")
    p = pexpect.spawn(sys.executable, ["-m", "grundy", "table", "octal:0.6", "--to", "30000000", "--json"],
                      env=env(COLUMNS="120", TERM="xterm"), encoding="utf-8", timeout=90,
                      preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    p.expect(r"table.*/30000001.*%.*ETA")  # rich: description, bar, done/total, %, ETA
    p.sendintr()
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 130
    assert "Traceback" not in (p.before or "")


@pytest.mark.heavy
def test_table_plain_lines_off_a_terminal() -> None:
    proc = start("table", "octal:0.6", "--to", "30000000", "--progress")
    seen = wait_for(proc, "values (")  # "table: 1,234/30,000,001 values (0%)"
    assert seen.splitlines()[-1].startswith("table: ") and "/30,000,001 values" in seen
    time.sleep(1)
    out, err, took = interrupt(proc)
    clean(proc, err, took)
    rows = out.strip().splitlines()
    assert rows and all(":" in r and r.split(":")[0].strip().isdigit() for r in rows)  # only rows
    assert rows[0] == "0: 0 0 1 2 0 1 2 3 1 2"  # (right-aligned; the strip took the pad)
    # every row kept, in order, up to the interruption
    firsts = [int(r.split(":")[0]) for r in rows]
    assert firsts == list(range(0, 10 * len(rows), 10))
    assert "interrupted after" in err


@pytest.mark.heavy
def test_no_progress_is_quiet() -> None:
    p = subprocess.run([sys.executable, "-m", "grundy", "table", "kayles", "--to", "2000", "--no-progress"],
                       capture_output=True, text=True, env=env(), timeout=120)
    assert p.returncode == 0 and p.stderr == ""


@pytest.mark.heavy
def test_ctrl_c_during_the_period_search() -> None:
    """octal:0.6 has no known period: the proof search runs within its budget
    (150 s) after the rows are printed; Ctrl-C stops it and keeps the rows."""
    proc = start("table", "octal:0.6", "--to", "995", "--progress")
    wait_for(proc, "period search")
    out, err, took = interrupt(proc)
    clean(proc, err, took)
    rows = out.strip().splitlines()
    assert len(rows) == 100 and rows[-1].startswith("990: ")


@pytest.mark.heavy
def test_ctrl_c_during_analyze_search(tmp_path: Path) -> None:
    f = tmp_path / "slow.py"
    f.write_text(
        "def slow(p):\n"
        "    a, b = p\n"
        "    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]\n"
    )
    proc = start("analyze", f"{f}:slow", "(3000, 3000)", "--seconds", "120", "--progress")
    seen = wait_for(proc, "positions (")  # plain progress lines off a terminal
    assert "/1,000,000 positions" in seen
    out, err, took = interrupt(proc)
    clean(proc, err, took)


def test_ctrl_c_during_census(tmp_path: Path) -> None:
    proc = start("census", "--digits", "3", "--to", "3000", "--budget", "2", "--jobs", "2",
                 "--store", str(tmp_path / "c.sqlite"), "--progress")
    wait_for(proc, "census: ")
    out, err, took = interrupt(proc)
    clean(proc, err, took)
    # the games settled before Ctrl-C are printed whole (header and one line each),
    # the same rows as the store holds, and stderr says how far the run got
    from grundy.census import CensusStore

    db = CensusStore(tmp_path / "c.sqlite")
    try:
        kept = {r.code for r in db.latest()}
    finally:
        db.close()
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["code", "period"], out[:500]
    assert {line.split()[0] for line in lines[1:]} == kept
    assert f"census: {len(kept)} of " in err and "where a rerun resumes" in err, err[-500:]


def cold_compile_interrupts(runs: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(runs):
        with __import__("tempfile").TemporaryDirectory() as cache:
            proc = start("table", "dawson", "--to", "300000", NUMBA_CACHE_DIR=cache)
            time.sleep(rng.uniform(0.3, 4.0))
            out, err, took = interrupt(proc)
            if proc.returncode == 0:  # finished before the signal: nothing to check
                continue
            if proc.returncode == -signal.SIGINT and not out and not err:
                continue  # before the interpreter installed its own handler: Python's start, not grundy's
            clean(proc, err, took)


@pytest.mark.heavy
def test_ctrl_c_during_a_cold_numba_compile() -> None:
    cold_compile_interrupts(2, seed=1)


@pytest.mark.slow
def test_ctrl_c_during_a_cold_numba_compile_many_times() -> None:
    cold_compile_interrupts(10, seed=2)


def test_the_watchdog_says_the_same_last_words() -> None:
    """When a compiled step holds the command past the grace time after Ctrl-C,
    the watchdog ends it; it prints the command's last words (how many rows were
    printed) before ``grundy: interrupted``, as the orderly stop does."""
    code = ("from grundy import _interrupt\n"
            "_interrupt.last_words(lambda: 'grundy: interrupted after 7 values')\n"
            "_interrupt._say_and_leave()\n")
    p = run_code(code)
    assert p.returncode == 130
    assert p.stderr.strip().splitlines()[-2:] == ["grundy: interrupted after 7 values", "grundy: interrupted"]
    code = code.replace("lambda: 'grundy: interrupted after 7 values'", "lambda: 1 / 0")
    p = run_code(code)
    assert p.returncode == 130 and p.stderr.strip() == "grundy: interrupted"  # failing words are dropped


def test_ctrl_c_inside_the_compiler_leaves_at_once(tmp_path: Path) -> None:
    """A cold numba compile ended by SIGSEGV once (status -11, in the full suite)
    when Ctrl-C raised inside llvmlite's object-cache callback, which LLVM calls
    from native code. Ctrl-C in code of numba or llvmlite now leaves at once with
    status 130, keeping what was printed; elsewhere it still raises."""
    fake = tmp_path / "llvmlite" / "binding.py"
    fake.parent.mkdir()
    fake.write_text("import os, signal, time\n"
                    "def callback():\n"
                    "    os.kill(os.getpid(), signal.SIGINT)\n"
                    "    time.sleep(5)\n"
                    "    print('the callback went on')\n")
    code = ("from grundy import _interrupt\n_interrupt.install()\nscope = {}\n"
            f"exec(compile(open({str(fake)!r}).read(), {str(fake)!r}, 'exec'), scope)\n"
            "print('row 1', flush=False)\n"
            "try:\n    scope['callback']()\nexcept KeyboardInterrupt:\n    print('raised')\n")
    p = run_code(code)
    assert (p.returncode, p.stdout) == (130, "row 1\n"), (p.returncode, p.stdout, p.stderr)
    assert p.stderr.strip() == "grundy: interrupted"
    import types

    from grundy import _interrupt

    here = sys._getframe()
    assert not _interrupt.in_compiler(here)
    scope: dict[str, object] = {}
    exec(compile("import sys\ndef f():\n    return sys._getframe()\n",
                 str(fake), "exec"), scope)
    inner = scope["f"]()  # type: ignore[operator]
    assert isinstance(inner, types.FrameType) and _interrupt.in_compiler(inner)


@pytest.mark.heavy
def test_ctrl_c_while_the_command_leaves_raises_nothing() -> None:
    """Ctrl-C after the command's work (its flush, Python's finalization) raised a
    KeyboardInterrupt outside every handler of the command: a traceback and death
    by SIGINT (seen in ``test_ctrl_c_during_a_cold_numba_compile`` when the table
    finished as the signal came). Once leaving, Ctrl-C keeps the status; a
    finalization that hangs is still ended by the watchdog with status 130."""
    head = ("from grundy import _interrupt\nimport os, signal, sys, time\n"
            "_interrupt.install()\nassert not _interrupt.leaving()\n"
            "os.kill(os.getpid(), signal.SIGINT)\n")
    p = run_code(head + "time.sleep(0.05)\nprint('left in order')\n")
    assert (p.returncode, p.stdout.strip()) == (0, "left in order"), p.stderr
    assert "Traceback" not in p.stderr and "KeyboardInterrupt" not in p.stderr
    p = run_code(head + "time.sleep(60)\n")
    assert p.returncode == 130 and p.stderr.strip() == "grundy: interrupted", p.stderr
    code = ("from grundy import _interrupt\nimport os, signal, time\n_interrupt.install()\n"
            "try:\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(5)\n"
            "except KeyboardInterrupt:\n    print(_interrupt.leaving())\n")
    p = run_code(code)
    assert p.stdout.strip() == "True"  # a Ctrl-C during the work is reported by leaving()


@pytest.fixture
def command_state(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """``grundy._interrupt`` as while a command runs, in this process: the
    handler is called directly (no signal), and its watchdog is an event that
    nothing waits on (so it never ends the test process)."""
    from grundy import _interrupt

    fired = threading.Event()
    for key, value in (("pid", os.getpid()), ("phase", "running"), ("interrupted", False),
                       ("timer", fired), ("grace", _interrupt.GRACE)):
        monkeypatch.setitem(_interrupt._state, key, value)
    return fired


def test_ctrl_c_inside_a_deferred_block_raises_when_it_ends(command_state: threading.Event) -> None:
    from grundy import _interrupt

    steps = []
    with pytest.raises(KeyboardInterrupt):
        with _interrupt.deferred():
            _interrupt._handler(signal.SIGINT, None)
            steps.append("the block went on")
    assert steps == ["the block went on"] and command_state.is_set()  # the watchdog armed all the same
    with pytest.raises(KeyboardInterrupt):  # outside a block, at once
        _interrupt._handler(signal.SIGINT, None)
    with _interrupt.deferred():  # nothing pending: nothing raised
        pass


def test_ctrl_c_while_rows_are_written_keeps_every_row(command_state: threading.Event,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """CI saw ``grundy table ... --progress`` lose a batch: Ctrl-C came while a
    batch of rows was written, after the rows had been counted as printed, and
    the final flush went on from there (row 131,060, then 196,600). Ctrl-C in the
    middle of a batch's write now raises after it."""
    from grundy import _interrupt
    from grundy.cli import main as cli_main

    written: list[str] = []

    def echo(text: str = "", nl: bool = True, **_: object) -> None:
        if len(written) == 1:  # Ctrl-C while the second batch is written
            _interrupt._handler(signal.SIGINT, None)
        written.append(text + ("\n" if nl else ""))

    monkeypatch.setattr(cli_main.click, "echo", echo)
    rows = cli_main._Rows(0, 10**6, 10)
    try:
        for start in range(0, 200_000, 1 << 15):
            rows.add(list(range(start, min(start + (1 << 15), 200_000))))
        raise AssertionError("Ctrl-C was not raised")
    except KeyboardInterrupt:
        rows.flush(final=True)
    firsts = [int(line.split(":")[0]) for line in "".join(written).splitlines()]
    assert firsts == list(range(0, 10 * len(firsts), 10)) and rows.printed == 10 * len(firsts)
