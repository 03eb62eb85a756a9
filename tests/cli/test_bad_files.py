"""Edge files that are not text, or whose names are absurd: a binary
``@FILE`` or graph file, a file of NUL bytes, a vertex name of millions of digits.
The command line prints one line on stderr and exits 2; the library raises a
GrundyError naming the file. All edge files are read by one function
(:func:`grundy.rules.graphinput.read_text_file`)."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli.main import main
from grundy.games.hackenbush import parse_edges
from grundy.rules.graphinput import MAX_LABEL_CHARS, read_text_file
from grundy.values.errors import GrundyError, InvalidParameterError, InvalidPositionError

BAD = {
    "nul.txt": b"0 1\n1 2\x00\n",  # a NUL byte: a binary file
    "latin1.txt": "0-1 1-2 caf\xe9-0\n".encode("latin-1"),  # not UTF-8
    "random.bin": bytes(range(256)) * 16,
}
#: the catalogue games that take an @FILE of edges
FILE_GAMES = ["hackenbush-graph", "hackenbush", "geography", "edge-geography"]


@pytest.fixture(scope="module")
def bad_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("bad_files")
    for name, data in BAD.items():
        (d / name).write_bytes(data)
    return d


def one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    assert main(args) == 2, args
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("game", FILE_GAMES)
def test_binary_at_file_is_one_line(capsys: pytest.CaptureFixture[str], bad_dir: Path, game: str, name: str) -> None:
    # was: UnicodeDecodeError traceback (hackenbush-graph, edge-geography)
    err = one_line_exit_2(capsys, ["analyze", game, f"@{bad_dir / name}"])
    assert name in err and ("binary" in err or "UTF-8" in err)


@pytest.mark.parametrize("name", sorted(BAD))
def test_binary_graph_file_is_one_line(capsys: pytest.CaptureFixture[str], bad_dir: Path, name: str) -> None:
    # was: UnicodeDecodeError from `grundy graph`, and exit 0 on NUL bytes
    err = one_line_exit_2(capsys, ["graph", str(bad_dir / name)])
    assert name in err


def test_library_names_the_file(bad_dir: Path) -> None:
    for name in BAD:
        path = str(bad_dir / name)
        with pytest.raises(InvalidPositionError, match=name):
            parse_edges("@" + path, what="hackenbush-graph")
        with pytest.raises(InvalidParameterError, match=name):
            read_text_file(path, "graph", InvalidParameterError)
    with pytest.raises(InvalidPositionError, match="cannot read the edge file"):
        parse_edges("@" + str(bad_dir / "missing.txt"))


def test_nul_file_through_the_graph_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a file of NUL bytes only (no newline: one "word" before the fix) was a graph
    # of one vertex and exited 0
    f = tmp_path / "zeros.bin"
    f.write_bytes(b"\x00" * (1 << 20))
    err = one_line_exit_2(capsys, ["graph", str(f)])
    assert "binary" in err


@pytest.mark.slow
def test_300_mb_of_nul_bytes(tmp_path: Path) -> None:
    """In a real process: 300 MB of NUL bytes, exit 2, one line."""
    f = tmp_path / "zeros.bin"
    with open(f, "wb") as out:
        out.truncate(300 * (1 << 20))
    r = subprocess.run([sys.executable, "-m", "grundy", "graph", str(f)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r
    assert len(r.stderr.strip().splitlines()) == 1 and "binary" in r.stderr


def test_utf8_file_still_reads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "ok.txt"
    f.write_text("# a triangle on the ground\n0 1\n1 2\n2 0\n", encoding="utf-8")
    assert main(["analyze", "hackenbush-graph", f"@{f}"]) == 0
    out = capsys.readouterr().out
    assert "value:         1" in out, out


def _label_file(tmp_path: Path, digits: int) -> Path:
    f = tmp_path / "label.txt"
    f.write_text("0 1\n1 " + "7" * digits + "\n")
    return f


@pytest.mark.parametrize("args", [["analyze", "hackenbush-graph", "@{}"], ["graph", "{}"],
                                  ["analyze", "edge-geography", "@{}"]])
def test_five_million_digit_label_is_refused_at_once(tmp_path: Path, args: list[str]) -> None:
    """Was: int() of a 5,000,000-digit name (quadratic, deaf to Ctrl-C) for 10 s
    and more. A real process (the CLI lifts Python's int-string limit)."""
    f = _label_file(tmp_path, 5_000_000)
    argv = [a.format(f) for a in args]

    def cap() -> None:  # 8 s of CPU time (about 1 s needed): a busy machine does not stretch it
        resource.setrlimit(resource.RLIMIT_CPU, (8, 8))

    r = subprocess.run([sys.executable, "-m", "grundy", *argv], capture_output=True, text=True,
                       timeout=600, preexec_fn=cap)
    assert r.returncode == 2, r  # not killed by SIGXCPU
    err = r.stderr.strip()
    assert "\n" not in err and "5,000,000 characters" in err, err


def test_long_labels_library(tmp_path: Path) -> None:
    long = "9" * (MAX_LABEL_CHARS + 1)
    with pytest.raises(InvalidPositionError, match="characters"):
        parse_edges(f"0-1 1-{long}")
    with pytest.raises(InvalidPositionError, match="characters"):
        parse_edges(f"0-1 ground={long}")
    ok = "9" * MAX_LABEL_CHARS  # at the limit: still an int
    assert parse_edges(f"0-1 1-{ok}").edges[-1] == (1, int(ok))


def test_graph_file_error_is_a_grundy_error(bad_dir: Path) -> None:
    from grundy.cli.graph import read_edges

    with pytest.raises(GrundyError):
        read_edges(str(bad_dir / "random.bin"))
