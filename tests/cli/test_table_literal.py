"""``grundy table --format cpp|py``: array literals to paste into a solution. The
C++ literal compiles with g++ and a program reading it prints the same values;
the Python literal evaluates to them; both against the values of the library."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.oracles import mex

ROOT = Path(__file__).resolve().parents[2]


def _table(*args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    r = subprocess.run([sys.executable, "-m", "grundy", "table", *args], capture_output=True,
                       text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _plain_kayles(n: int) -> list[int]:  # the oracle: mex over the raw moves
    g: list[int] = []
    for h in range(n + 1):
        g.append(mex(g[a] ^ g[h - k - a] for k in (1, 2) for a in range(0, h - k + 1) if k <= h))
    return g


def _plain_wythoff_p(n: int) -> list[tuple[int, int]]:  # raw rules: one pile, or both equally
    lose: set[tuple[int, int]] = set()
    for b in range(n + 1):
        for a in range(b + 1):
            opts = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)] \
                + [(a - k, b - k) for k in range(1, a + 1)]
            if not any(tuple(sorted(o)) in lose for o in opts):
                lose.add((a, b))
    return sorted(lose, key=lambda p: (p[1], p[0]))


@pytest.mark.heavy
def test_py_literal_evals_back() -> None:
    out = _table("kayles", "--to", "100", "--format", "py")
    env: dict[str, object] = {}
    exec(out, env)  # comments and one assignment
    assert env["kayles_sg"] == _plain_kayles(100)
    out = _table("wythoff", "--to", "50", "--format", "py")
    exec(out, env)
    assert sorted(env["wythoff_p"], key=lambda p: (p[1], p[0])) == _plain_wythoff_p(50)  # type: ignore


def test_py_literal_from_an_offset() -> None:
    out = _table("kayles", "--from", "40", "--to", "60", "--format", "py")
    env: dict[str, object] = {}
    exec(out, env)
    assert env["kayles_sg"] == _plain_kayles(60)[40:]


@pytest.mark.heavy
@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_cpp_literal_compiles_and_reads_back(tmp_path: Path) -> None:
    lit = _table("kayles", "--to", "100", "--format", "cpp")
    pairs = _table("wythoff", "--to", "30", "--format", "cpp")
    src = tmp_path / "main.cpp"
    src.write_text(
        "#include <cstdio>\n" + lit + "\n" + pairs + "\n"
        "int main() {\n"
        "  for (int i = 0; i < (int)(sizeof kayles_sg / sizeof kayles_sg[0]); i++) printf(\"%d \", kayles_sg[i]);\n"
        "  printf(\"\\n\");\n"
        "  for (auto &p : wythoff_p) printf(\"%lld,%lld \", p[0], p[1]);\n"
        "  printf(\"\\n\");\n"
        "}\n")
    exe = tmp_path / "main"
    c = subprocess.run(["g++", "-std=c++17", "-Wall", "-Werror", "-o", str(exe), str(src)],
                       capture_output=True, text=True, timeout=300)
    assert c.returncode == 0, c.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    first, second = r.stdout.splitlines()
    assert [int(x) for x in first.split()] == _plain_kayles(100)
    got = [tuple(map(int, x.split(","))) for x in second.split()]
    assert sorted(got, key=lambda p: (p[1], p[0])) == _plain_wythoff_p(30)


def test_refused_where_there_is_no_table() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    r = subprocess.run([sys.executable, "-m", "grundy", "table", "cram", "--to", "5", "--format", "cpp"],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.heavy
def test_periods_proven_by_theory_say_so() -> None:
    # Nim's g(n) = n is period 1, saltus 1 by Bouton, not an observation
    assert _table("nim", "--to", "20").splitlines()[-1] == \
        "pattern: period 1, saltus 1 after a preperiod of 0 (proven by theory)"
    assert "(proven by theory)" in _table("bash:3", "--to", "20")
    assert "(proven, on" in _table("kayles", "--to", "20")  # Guy-Smith on a table
