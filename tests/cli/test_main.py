import json
import re
import signal
import subprocess
import sys
import time

import pytest

from grundy.cli.main import main
from tests.inprocess import grundy_main


def _default_sigint() -> None:
    """In the child: Ctrl-C as in a terminal, even when the tests run in a
    background job (which starts with SIGINT ignored, and Python then keeps it so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)

def run(*args):
    """Run the installed command end to end."""
    p = subprocess.run(
        [sys.executable, "-m", "grundy", *args], capture_output=True, text=True, timeout=120
    )
    return p.returncode, p.stdout, p.stderr


def test_analyze_sum_json(capsys):
    assert main(["analyze", "nim", "3", "4", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 2 and out["outcome"] == "N"
    assert out["winning_moves"] == [{"component": 0, "to": 1, "text": "1", "move": "heap 1 to 1"}]
    assert out["remoteness"] % 2 == 1 and out["suspense"] % 2 == 1


def test_analyze_text_lasker(capsys):
    assert main(["analyze", "lasker", "10"]) == 0
    out = capsys.readouterr().out
    assert "value:         10" in out and "take 10  (-> 0)" in out and "split 5 5  (-> 5 + 5)" in out


def test_analyze_huge_exact(capsys):
    assert main(["analyze", "nim", "10**100", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 10**100 ^ 5
    assert out["winning_moves"][0]["to"] == 5
    assert out["remoteness"] is None and out["stopped"]


def test_table_and_list(capsys):
    assert main(["table", "subtraction:1,3,4", "--to", "13", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["values"] == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    assert main(["table", "lasker", "--to", "8"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "0: 0 1 2 4 3 5 6 8 7"
    assert main(["table", "dawson", "--to", "40"]) == 0
    # (the count of values checked grows with what this process tabled before)
    assert re.fullmatch(r"pattern: period 34 after a preperiod of 53 \(proven, on [0-9,]+ values\)",
                        capsys.readouterr().out.splitlines()[-1])
    assert main(["table", "subtraction:1,3,4", "--to", "13", "--json"]) == 0
    pattern = json.loads(capsys.readouterr().out)["pattern"]
    assert (pattern["period"], pattern["proven"]) == (7, True)
    assert main(["list", "--json"]) == 0
    names = {e["name"]: e for e in json.loads(capsys.readouterr().out)}
    assert "lasker's nim" in names["lasker"]["aliases"]
    assert main(["list"]) == 0
    assert "subtraction" in capsys.readouterr().out


def test_user_file(tmp_path, capsys):
    f = tmp_path / "mygames.py"
    f.write_text(
        "import grundy\n"
        "@grundy.ruleset\n"
        "def lasker(n):\n"
        "    yield from range(n)\n"
        "    yield from (grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))\n"
        "@grundy.ruleset\n"
        "def pairs(p):\n"
        "    a, b = p\n"
        "    yield from ((a - k, b) for k in (1, 2) if k <= a)\n"
        "    yield from ((a, b - k) for k in (1, 2) if k <= b)\n"
    )
    assert main(["analyze", f"{f}:lasker", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == 10
    assert main(["analyze", f"{f}:pairs", "(4, 5)", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == (4 % 3) ^ (5 % 3)
    assert [m["to"] for m in out["winning_moves"]] == [[2, 5], [4, 4]]


BAD_INPUT = [
    (["analyze", "nmi", "3"], "unknown game 'nmi'; did you mean 'nim'?"),
    (["analyze", "nim", "-3"], "nim: heap size must be non-negative; got -3"),
    (["analyze", "nim", "abc"], "nim: not an integer heap size: 'abc'"),
    (["analyze", "subtraction", "3"], "needs its subtraction set"),
    (["analyze", "subtraction:", "3"], "needs its subtraction set"),
    (["analyze", "subtraction:0,1", "3"], "positive integers; got 0"),
    (["table", "nim"], "Missing option '--to'"),
    (["table", "nim", "--to", "-1"], "--to"),
    (["analyze"], "Missing argument"),
    (["analyze", "bash:0", "5"], "bash: m must be an integer >= 1; got 0"),
    (["analyze", "moore:0", "1", "2"], "moore: k must be an integer >= 1; got 0"),
    (["analyze", "fibonacci", "1"], "a heap of 1 cannot be played"),
    (["analyze", "wythoff", "1", "2", "3"], "a position is two heaps"),
    (["analyze", "wythoff", "1.5", "2"], "wythoff: not an integer: '1.5'"),
    (["analyze", "staircase", "1", "-2"], "stair 2 must be a non-negative integer"),
    (["analyze", "circle:0", "5"], "circle: k must be an integer >= 1; got 0"),
    (["analyze", "northcott:5", "1", "1"], "two different columns"),
    (["analyze", "subtraction:,", "3"], "is not an integer"),
    (["frobnicate"], "No such command"),
]


@pytest.mark.parametrize("args, message", BAD_INPUT)
def test_bad_input_one_line_status_2(args, message, capfd):
    # the first through the installed command in a fresh process (the console
    # entry point and its interrupt watchdog), the others in this process
    code, out, err = run(*args) if args == BAD_INPUT[0][0] else grundy_main(capfd, *args)
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err
    assert "Traceback" not in err


def test_bad_user_games(tmp_path, capfd):
    f = tmp_path / "g.py"
    f.write_text(
        "def raises(n):\n    raise KeyError(n)\n"
        "def garbage(n):\n    yield [n]\n"
        "def loop(n):\n    yield n\n"
        "def unhashable_position(n):\n    return []\n"
    )
    for name, message in [
        ("raises", "raises.moves(3) raised KeyError: 3"),
        ("garbage", "raises".replace("raises", "garbage.moves(3) yielded [3]")),
    ]:
        code, out, err = grundy_main(capfd, "analyze", f"{f}:{name}", "3")
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert message in err and "Traceback" not in err
    code, out, err = grundy_main(capfd, "analyze", f"{f}:unhashable_position", "[1, 2]")
    assert code == 0  # lists parse to tuples


@pytest.mark.heavy
def test_ctrl_c_stops_cleanly(tmp_path):
    f = tmp_path / "slow.py"
    f.write_text(
        "def slow(p):\n"
        "    a, b = p\n"
        "    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "analyze", f"{f}:slow", "(5000, 5000)", "--progress", "--seconds", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint,
    )
    # interrupt once progress shows (however slow the machine is to start it)
    shown = ""
    deadline = time.monotonic() + 300
    while "explored" not in shown and time.monotonic() < deadline and proc.poll() is None:
        shown += proc.stderr.read(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    err = shown + err
    assert proc.returncode == 130, (out, err)
    assert "explored" in err  # progress was shown
    assert err.strip().splitlines()[-1] == "grundy: interrupted"
    assert "Traceback" not in err


@pytest.mark.heavy
def test_ctrl_c_keeps_table_so_far():
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "table", "subtraction:1,3,4", "--to", "100000000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint,
    )
    first = proc.stdout.readline()  # wait for the first row, however slow the start
    time.sleep(2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    out = first + out
    assert proc.returncode == 130
    assert out.lstrip().startswith("0: 0 1 0 1 2 3 2 0 1 0")
    last = [l for l in out.strip().splitlines() if not l.startswith("pattern")][-1]  # rows stream
    assert int(last.split(":")[0]) > 1000
    assert "interrupted after" in err and "Traceback" not in err


def test_census_command(capsys, tmp_path):
    store = tmp_path / "c.json"
    assert main(["census", "--digits", "1", "--to", "300", "--jobs", "1", "--store", str(store)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["code", "period", "preperiod", "status", "max"]
    assert out[4].split()[:4] == ["0.4", "34", "54", "proven"]
    assert main(["census", "--digits", "1", "--to", "300", "--format", "json", "--store", str(store)]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 7


def test_two_parameter_table(capsys):
    assert main(["table", "wythoff", "--to", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["p_positions"][:4] == [[0, 0], [1, 2], [3, 5], [4, 7]]
    assert "Beatty" in out["pattern"]


@pytest.mark.heavy
def test_ctrl_c_during_a_compiled_table():
    """The kernel extends the table chunk by chunk, so Ctrl-C lands between chunks."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "table", "octal:0.6", "--to", "3000000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint,
    )
    first = proc.stdout.readline()  # wait for the first row, however slow the start
    time.sleep(2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    out = first + out
    assert proc.returncode == 130, err
    assert out.lstrip().startswith("0: 0 0 1 2 0 1 2 3 1 2")
    assert "interrupted after" in err and "Traceback" not in err


# ---------------------------------------------------- start-up, budgets, numbers
_CHILD = """
import sys, time
t0 = time.perf_counter()
from grundy.cli.main import main
code = main(sys.argv[1:])
mods = sorted(m for m in ("numba", "scipy", "networkx") if m in sys.modules)
sys.stderr.write("\\n@@ %.3f %s\\n" % (time.perf_counter() - t0, ",".join(mods)))
sys.exit(code)
"""


def _child(*args, timeout=600, cpu_clock=False):
    """``grundy ARGS`` in a fresh process: (status, stdout, seconds, heavy modules).
    ``cpu_clock``: its budgets count CPU seconds (tests/cpu_clock.py)."""
    from tests.cpu_clock import CPU_CLOCK

    code = (f"exec({CPU_CLOCK!r})\n" if cpu_clock else "") + _CHILD
    p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                       timeout=timeout)
    tail = p.stderr.rsplit("@@ ", 1)[-1].split()
    return p.returncode, p.stdout, float(tail[0]), tail[1:] and tail[1].split(",")


def test_import_grundy_does_not_load_numba():
    code = ("import sys, grundy; print(sorted(m for m in ('numba', 'scipy', 'networkx', "
            "'llvmlite') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr


@pytest.mark.parametrize("args", [
    ["analyze", "nim", "3", "4", "5"],
    ["analyze", "hackenbush-graph", "0-1 1-2 2-0 2-3"],
])
def test_tiny_positions_start_fast_without_compiled_code(args):
    """A tiny position needs no kernel: hackenbush-graph's triangle loaded numba
    (about a second) and took 0.9-2 s. Asserted: numba, scipy and networkx are
    never imported (the start-up time itself, 0.3-0.45 s, is not asserted)."""
    code, out, took, heavy = _child(*args, "--no-progress")
    assert code == 0 and "not computed" not in out, out
    assert not heavy, heavy


@pytest.mark.heavy
def test_budget_does_not_count_loading_compiled_code():
    """In a fresh process the first kernel loads numba (about a second); with
    ``--seconds 0.3`` remoteness and suspense said "not computed: the time budget
    was used up" although the searches need milliseconds. Loading no longer
    counts, so they are computed. Expected counts from the definitions."""
    from tests.oracles import remoteness, suspense

    def kayles(n):
        return [a + b for k in (1, 2) for a in range(n - k + 1) for b in [n - k - a]]

    def moves(p):  # a sorted tuple of rows
        out = set()
        for i, h in enumerate(p):
            rest = p[:i] + p[i + 1:]
            for k in (1, 2):
                for a in range(h - k + 1):
                    out.add(tuple(sorted(rest + tuple(x for x in (a, h - k - a) if x))))
        return out

    # 0.3 s of CPU time: a busy machine does not starve it; loading numba takes more
    code, out, took, heavy = _child("analyze", "kayles", "10", "--seconds", "0.3", "--json", cpu_clock=True)
    assert code == 0 and "numba" in heavy, (heavy, out)  # the kernel really loaded
    d = json.loads(out)
    assert d["remoteness"] == remoteness(moves)((10,)), d
    assert d["suspense"] == suspense(moves)((10,)), d
    assert not d["stopped"], d["stopped"]


@pytest.mark.heavy
def test_clock_stands_still_while_numba_loads():
    code = """
import time, grundy
from grundy.values import clock
t, c = time.monotonic(), clock.now()
grundy.games.get("kayles").value(10**4)          # loads numba and a kernel
wall, budget = time.monotonic() - t, clock.now() - c
import sys
assert "numba" in sys.modules
print(wall, budget, clock.excluded_seconds())
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    wall, budget, excluded = map(float, p.stdout.split())
    assert excluded > 0.5 * wall and budget < wall - excluded + 0.05, (wall, budget, excluded)


def test_small_graph_fusion_in_python_equals_the_kernel():
    """Small graphs are fused by the kernel's own code run as Python (no numba
    load); it must agree with the compiled kernel on random multigraphs."""
    import random

    import numpy as np

    from grundy.kernels import graphs
    from grundy.kernels._lazy import jit_module

    rng = random.Random(21)
    kernel = jit_module("_graphs_jit").fuse
    for _ in range(200):
        n = rng.randint(1, 9)
        m = rng.randint(0, 14)
        us = np.array([rng.randrange(n) for _ in range(m)], dtype=np.int64)
        vs = np.array([rng.randrange(n) for _ in range(m)], dtype=np.int64)
        w = np.array([rng.randrange(4) for _ in range(n)], dtype=np.int64)
        a = graphs._fuse_py(us, vs, n, 0, w)
        b = kernel(us, vs, n, 0, w)
        assert all(np.array_equal(x, y) for x, y in zip(a, b)), (us, vs)


def test_default_budget_is_the_same_in_help_and_readme():
    from pathlib import Path

    from click.testing import CliRunner

    from grundy.cli.main import cli
    from grundy.solve.report import ANALYSIS_BUDGET

    seconds = ANALYSIS_BUDGET.seconds  # the one default, which the CLI does not restate
    help_text = " ".join(CliRunner().invoke(cli, ["analyze", "--help"]).output.split())  # wrapped
    assert f"[default: {seconds:g}, grundy.analyze's]" in help_text
    assert f"[default: {ANALYSIS_BUDGET.positions}, grundy.analyze's]" in help_text
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"`--seconds` (default {seconds:g}" in readme


def test_seconds_inf_and_huge_in_library_and_web(capfd):
    """``Budget(seconds=inf)`` is no time limit (as the CLI's ``inf``); the web app
    with ``--seconds inf`` or ``1e308`` answered 500 to everything (a timer
    overflow); nan is refused."""
    import math

    from grundy.solve.budget import Budget
    from grundy.values.errors import InvalidParameterError

    assert Budget(seconds=math.inf).seconds is None
    assert Budget(seconds=1e308).describe() == "1e+308 s"
    with pytest.raises(InvalidParameterError, match="nan"):
        Budget(seconds=math.nan)
    import grundy

    nim = grundy.games.get("nim")
    for s in (math.inf, 1e308):
        r = grundy.analyze(nim[3] + nim[5], budget=Budget(positions=10**6, seconds=s))
        assert r.value == 6 and r.remoteness is not None and not r.stopped
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from grundy.web.app import Limits as WebBudget, create_app

    for s in (math.inf, 1e308):
        c = TestClient(create_app(WebBudget(seconds=s)))
        assert c.post("/api/analyze", json={"game": "nim", "position": "3 5"}).json()["value"] == 6
        r = c.post("/api/play", json={"game": "nim", "position": "3", "action": "engine"})
        assert r.status_code == 200, r.text
        assert c.get("/api/table", params={"game": "nim", "to": 5}).status_code == 200
    for bad in (math.nan, 0, -1.0):
        with pytest.raises(InvalidParameterError):
            WebBudget(seconds=bad)
    status, out, err = grundy_main(capfd, "serve", "--seconds", "nan")
    assert status == 2 and len(err.strip().splitlines()) == 1 and "nan" in err


def test_int_options_take_position_syntax(capsys):
    """One syntax for numbers: ``--to 10**2`` reads as a position would; malformed
    underscores are refused as Python refuses them."""
    assert main(["table", "nim", "--to", "10**1", "--from", "2^3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert " 8: 8 9 10" in out or "8: 8 9 10" in out, out
    for bad in ("5_", "1_000_", "5__0", "_5", "1e_3"):
        assert main(["table", "nim", "--to", bad]) == 2
        assert main(["analyze", "nim", bad]) == 2
    from grundy.games._common import parse_int

    assert [parse_int(t) for t in ("1_000", "10**9", "1_0e1_0")] == [1000, 10**9, 10 * 10**10]


def test_a_huge_heap_is_printed_once_in_full(capsys):
    # was: the 1001-digit heap in the game line, the value and the winning move
    big = 10**1000 + 7
    assert main(["analyze", "nim", "10**1000+7", "7"]) == 0
    out = capsys.readouterr().out
    assert out.count(str(big)) == 1  # exact once: the component's value in "nim-sum of"
    assert out.count(str(10**1000)) == 1  # the value, big ^ 7, exact
    assert "game:          nim[10000000000000000000000000000000…0000000007 (1,001 characters)] + nim[7]" in out
    assert "  heap 1 to 7  (-> 7)" in out
