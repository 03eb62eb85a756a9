"""``grundy guess`` from a fresh process, as a user runs it: --shape, --position,
--param, FILE.py:NAME:ARGS, and bad input (one line on stderr, exit status 2;
one case in a fresh process, the others in the test's own process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.inprocess import grundy_main
from tests.oracles import grundy_values, wins

GAMES = '''
import grundy

def rook(p):
    a, b = p
    yield from ((x, b) for x in range(a))
    yield from ((a, y) for y in range(b))

@grundy.ruleset(shape="pair")
def rook_declared(p):
    return rook(p)

def take(k):
    return grundy.ruleset(lambda n: range(max(0, n - k), n))

def fib(p):
    n, cap = p
    return [(n - t, 2 * t) for t in range(1, min(cap, n) + 1)]
'''


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("guess") / "games.py"
    path.write_text(GAMES)
    return path


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "grundy", "guess", *args], capture_output=True, text=True,
                          timeout=180, cwd=cwd)


def best(*args: str, cwd: Path) -> dict[str, Any]:
    out = run(*args, "--json", cwd=cwd)
    assert out.returncode == 0, out.stderr[-2000:]
    conj = [c for c in json.loads(out.stdout)["conjectures"] if c["status"] != "refuted"]
    assert conj, out.stdout
    return conj[0]  # type: ignore[no-any-return]


@pytest.mark.heavy
def test_shape_declared_or_passed(games: Path) -> None:
    g = grundy_values(lambda p: [(x, p[1]) for x in range(p[0])] + [(p[0], y) for y in range(p[1])])
    for args in (("games.py:rook", "--shape", "pair"), ("games.py:rook_declared",)):
        c = best(*args, "--to", "10", cwd=games.parent)
        assert c["variables"] == "a, b" and c["status"] == "verified"
        assert all(eval(c["expr"], {}, {"a": a, "b": b}) == g((a, b)) for a in range(14) for b in range(14))


@pytest.mark.heavy
def test_position_maps_n_to_a_position(games: Path) -> None:
    # --seconds 5: the P-rule comes from the structure finders; without it the
    # synthesiser spent the library's 12 s on the values, which no rule fits
    c = best("games.py:fib", "--position", "(n, n - 1)", "--to", "60", "--seconds", "5", cwd=games.parent)
    w = wins(lambda p: [(p[0] - t, 2 * t) for t in range(1, min(p[1], p[0]) + 1)])
    from grundy.conjecture import evaluate

    assert c["target"] == "P"
    assert all(bool(evaluate(c["expr"], n=n)) == (not w((n, n - 1))) for n in range(1, 120))


@pytest.mark.heavy
def test_param_one_member_and_the_family(games: Path) -> None:
    for args in (("games.py:take:3",), ("games.py:take", "--param", "k=3")):
        c = best(*args, "--to", "60", cwd=games.parent)
        assert c["expr"] == "n % 4"
    c = best("games.py:take", "--param", "k=1..8", "--to", "80", cwd=games.parent)
    assert c["expr"] == "n % (k + 1)" and c["params"] == ["k"] and c["status"] == "verified"
    c = best("bash", "--param", "m=1..6", "--to", "60", cwd=games.parent)
    assert c["expr"] == "n % (m + 1)"


BAD_INPUT = [
    (("games.py:rook",), "--shape pair"),
    (("games.py:take", "--to", "20"), "factory"),
    (("games.py:take:x",), "literals"),
    (("games.py:rook:3",), "not a ruleset or a move function"),
    (("games.py:fib", "--position", "n / 0"), "ZeroDivisionError"),
    (("games.py:fib", "--position", "(("), "--position"),
    (("games.py:take", "--param", "k"), "--param"),
    (("games.py:take", "--param", "k=1..200"), "64"),
    (("games.py:take", "--param", "k=1,2"), "at least 3"),
    (("games.py:rook_declared", "--param", "k=3"), "factory"),
    (("bash:2", "--to", "10**7"), "values"),
    (("games.py:take", "--shape", "cube"), "shape"),
]


@pytest.mark.parametrize("args,words", BAD_INPUT)
def test_bad_input_is_one_line_and_status_2(games: Path, args: tuple[str, ...], words: str,
                                            capfd: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # the first through the installed command in a fresh process (the console
    # entry point and its interrupt watchdog), the others in this process
    if args == BAD_INPUT[0][0]:
        out = run(*args, cwd=games.parent)
        status, stdout, stderr = out.returncode, out.stdout, out.stderr
    else:
        monkeypatch.chdir(games.parent)  # FILE.py is relative, as a user gives it
        status, stdout, stderr = grundy_main(capfd, "guess", *args)
    assert status == 2, (stdout, stderr)
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    assert words in stderr, stderr
