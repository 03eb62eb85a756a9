"""A web request never reads a file of the server (issue 39): ``@FILE`` positions
are the command line's. Before, ``POST /api/analyze {"game": "hackenbush-graph",
"position": "@/etc/passwd"}`` answered 400 with the file's first line, and
``geography`` with ``@/etc/hostname`` echoed the host name.

Every catalogue entry and every endpoint that takes a position (analyze, play: its
position, its moves and its move) is tried with two files: one whose first line is
a secret that must never come back, and one holding a valid position of the graph
games, which must not be analysed (a 4xx, never a 200)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

import grundy
from grundy.rules.graphinput import graph_input
from grundy.values.errors import InvalidPositionError
from grundy.web import jobs
from grundy.web.app import Limits, create_app

SECRET = "SECRET-4f1c-first-line"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Limits(seconds=2, workers=2))
    yield TestClient(app)
    app.state.close()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("server-files")
    secret = folder / "secret.txt"
    secret.write_text(f"{SECRET} root:x:0:0\nmore\n")
    graph = folder / "graph.txt"
    graph.write_text("0-1 1-2 2-3 0-2 ground=0 start=0\n")
    return secret, graph


def _spec(entry: Any) -> str:
    words = (entry.example or "").split()
    return words[2] if len(words) > 2 else entry.name


def _positions(path: Path) -> list[str]:
    p = f"@{path}"
    return [p, f"  {p}  ", f"{p}\n{p}", f"1 + {p}", f"{p} start=0"]


def _check(r: Any, where: str) -> None:
    assert SECRET not in r.text, where
    assert "root:x" not in r.text, where
    assert 400 <= r.status_code < 500, (where, r.status_code, r.text[:300])


def test_analyze_and_play_never_read_a_file_for_any_entry(
        client: TestClient, files: tuple[Path, Path]) -> None:
    secret, graph = files
    for entry in grundy.games.entries():
        spec = _spec(entry)
        for path in (secret, graph):
            for pos in _positions(path):
                where = f"{entry.name}: {pos!r}"
                _check(client.post("/api/analyze", json={"game": spec, "position": pos}),
                       "analyze " + where)
                _check(client.post("/api/play", json={"game": spec, "position": pos}),
                       "play " + where)


def test_moves_never_read_a_file(client: TestClient, files: tuple[Path, Path]) -> None:
    secret, graph = files
    for entry in grundy.games.entries():
        spec = _spec(entry)
        start = next(g for g in client.get("/api/games").json()
                     if g["name"] == entry.name)["example_position"]
        for path in (secret, graph):
            for body in ({"action": "move", "move": f"@{path}"},
                         {"action": "state", "moves": [f"@{path}"]}):
                r = client.post("/api/play", json={"game": spec, "position": start, **body})
                assert SECRET not in r.text and "root:x" not in r.text, (entry.name, body)
                assert r.status_code != 500, (entry.name, body, r.text[:300])


def test_table_and_plot_name_no_file(client: TestClient, files: tuple[Path, Path]) -> None:
    secret, _ = files
    for game in (f"geography:@{secret}", f"@{secret}", f"hackenbush-graph:@{secret}"):
        for url in ("/api/table", "/api/plot.svg"):
            r = client.get(url, params={"game": game, "to": "10"})
            _check(r, f"{url} {game}")


def test_the_jobs_refuse_files_in_process_too(files: tuple[Path, Path]) -> None:
    """The jobs guard themselves wherever they run (a worker or the server)."""
    secret, graph = files
    for spec in ("hackenbush-graph", "geography", "node-kayles"):
        with pytest.raises(Exception) as info:
            jobs.parse_game(spec, f"@{graph}")
        assert "cannot name a file" in str(info.value)
        with pytest.raises(Exception) as info:
            jobs.analysis(spec, f"@{secret}", Limits(seconds=1))
        assert SECRET not in str(info.value)


@pytest.mark.heavy
def test_the_library_still_reads_files_outside_the_guard(files: tuple[Path, Path]) -> None:
    from grundy.rules.graphinput import no_files

    _, graph = files
    assert graph_input(f"@{graph}", what="geography").edges == ((0, 1), (1, 2), (2, 3), (0, 2))
    with no_files(), pytest.raises(InvalidPositionError, match="cannot name a file"):
        graph_input(f"@{graph}", what="geography")
    assert len(graph_input(f"@{graph}", what="geography").edges) == 4   # the guard ends
