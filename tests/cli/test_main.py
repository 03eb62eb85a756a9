import json
import signal
import subprocess
import sys
import time

import pytest

from grundy.cli.main import main


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
    assert out["winning_moves"] == [{"component": 0, "to": 1, "text": "1"}]
    assert out["remoteness"] % 2 == 1 and out["suspense"] % 2 == 1


def test_analyze_text_lasker(capsys):
    assert main(["analyze", "lasker", "10"]) == 0
    out = capsys.readouterr().out
    assert "value:         10" in out and "10 -> 0" in out and "10 -> 5 + 5" in out


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
    assert capsys.readouterr().out.splitlines()[-1] == (
        "pattern: period 34 after a preperiod of 53 (proven, on 1,025 values)"
    )
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


@pytest.mark.parametrize(
    "args, message",
    [
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
    ],
)
def test_bad_input_one_line_status_2(args, message):
    code, out, err = run(*args)
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err
    assert "Traceback" not in err


def test_bad_user_games(tmp_path):
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
        code, out, err = run("analyze", f"{f}:{name}", "3")
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert message in err and "Traceback" not in err
    code, out, err = run("analyze", f"{f}:unhashable_position", "[1, 2]")
    assert code == 0  # lists parse to tuples


def test_ctrl_c_stops_cleanly(tmp_path):
    f = tmp_path / "slow.py"
    f.write_text(
        "def slow(p):\n"
        "    a, b = p\n"
        "    return [(a - k, b) for k in (1, 2, 3) if k <= a] + [(a, b - k) for k in (1, 2, 3) if k <= b]\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "analyze", f"{f}:slow", "(5000, 5000)", "--progress", "--seconds", "120"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert "explored" in err  # progress was shown
    assert err.strip().splitlines()[-1] == "grundy: interrupted"
    assert "Traceback" not in err


def test_ctrl_c_keeps_table_so_far():
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "table", "subtraction:1,3,4", "--to", "100000000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    first = proc.stdout.readline()  # wait for the first row, however slow the start
    time.sleep(2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
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


def test_ctrl_c_during_a_compiled_table():
    """The kernel extends the table chunk by chunk, so Ctrl-C lands between chunks."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "grundy", "table", "octal:0.6", "--to", "3000000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    first = proc.stdout.readline()  # wait for the first row, however slow the start
    time.sleep(2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    out = first + out
    assert proc.returncode == 130, err
    assert out.lstrip().startswith("0: 0 0 1 2 0 1 2 3 1 2")
    assert "interrupted after" in err and "Traceback" not in err
