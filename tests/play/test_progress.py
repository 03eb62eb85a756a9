"""The progress helper: nothing off a terminal unless asked (then plain lines), a
rich bar with total and ETA on one (a pseudo-terminal via pexpect), nothing when
disabled."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from grundy.cli.progress import ProgressBar

ROOT = Path(__file__).resolve().parents[2]


def test_plain_lines_and_disabled() -> None:
    out = io.StringIO()
    with ProgressBar(10, "census", stream=out, every=0.0, enabled=True) as bar:
        for _ in range(10):
            bar.advance()
    lines = out.getvalue().splitlines()
    assert lines[0] == "census: 1/10 (10%)" and lines[9] == "census: 10/10 (100%)"
    assert lines[-1].startswith("census: done, 10 in ")
    quiet = io.StringIO()
    with ProgressBar(10, stream=quiet, enabled=False) as bar:
        bar(5)
    assert quiet.getvalue() == ""
    counter = io.StringIO()
    with ProgressBar(None, "search", stream=counter, every=0.0, enabled=True) as bar:
        bar(12345)
    assert "search: 12,345" in counter.getvalue()
    # by default, off a terminal (a pipe, a log), nothing: the answer alone
    piped = io.StringIO()
    with ProgressBar(10, "census", stream=piped, every=0.0) as bar:
        bar(5)
    assert piped.getvalue() == ""


@pytest.mark.heavy
def test_cli_quiet_in_a_pipe() -> None:
    import subprocess

    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    r = subprocess.run([sys.executable, "-m", "grundy", "table", "kayles", "--to", "30"],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    r = subprocess.run([sys.executable, "-m", "grundy", "table", "kayles", "--to", "30", "--progress"],
                       capture_output=True, text=True, timeout=300, env=env)
    # asked for: shown once the table takes longer than the bar's delay (0.5 s),
    # so a quick machine may finish before any line
    assert r.returncode == 0 and (r.stderr == "" or "table: " in r.stderr), r.stderr


def test_bar_on_a_terminal() -> None:
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("rich")
    code = (
        "import time\n"
        "from grundy.cli.progress import ProgressBar\n"
        "with ProgressBar(400, 'table', stream=__import__('sys').stdout) as bar:\n"
        "    for i in range(401):\n"
        "        bar(i); time.sleep(0.004)\n"
        "print('finished')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="100", TERM="xterm")
    p = pexpect.spawn(sys.executable, ["-c", code], env=env, encoding="utf-8", timeout=300)
    p.expect(r"table.*/400.*%.*ETA")
    p.expect("finished")
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0
