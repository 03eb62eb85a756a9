"""The game a report is about, as people name it: ``kayles[10]``, not the
internal code ``octal:0.77[10]``, in ``grundy analyze`` (its ``game:`` line and
the JSON ``game`` field), in the library's report and on the web, where
``/api/analyze`` also gives the catalogue ``spec`` that parses back."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import grundy
from grundy.cli.main import cli
from grundy.games.registry import entries
from grundy.web.app import Limits, create_app


def _json(*args: str) -> dict:  # type: ignore[type-arg]
    out = CliRunner().invoke(cli, ["analyze", *args, "--json"]).output
    return json.loads(out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("args,game", [
    (("kayles", "10"), "kayles[10]"),
    (("octal:0.77", "10", "4"), "kayles[10] + kayles[4]"),
    (("dawson", "12"), "dawson[12]"),
    (("hackenbush", "((),((),))"), "hackenbush[((), ((),))]"),
    (("subtraction:1,3,4", "7"), "subtraction:1,3,4[7]"),
    (("nim", "3", "4", "5"), "nim[3] + nim[4] + nim[5]"),
])
def test_json_game_field_is_readable(args: tuple[str, ...], game: str) -> None:
    assert _json(*args)["game"] == game
    text = CliRunner().invoke(cli, ["analyze", *args]).output
    assert f"game:          {game}\n" in text, text


def test_misere_game_field_is_readable() -> None:
    assert _json("kayles", "10", "4", "--misere")["game"] == "misère kayles[10] + kayles[4]"


def test_library_report_names_the_game() -> None:
    k = grundy.games.get("octal:0.77")
    r = grundy.analyze(k.sum(10, 4))
    assert r.to_dict()["game"] == "kayles[10] + kayles[4]"
    assert "octal:0.77" not in r._repr_html_()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Limits(seconds=30, workers=1))
    yield TestClient(app)
    app.state.close()


def test_api_analyze_game_and_spec(client: TestClient) -> None:
    d = client.post("/api/analyze", json={"game": "kayles", "position": "10 4"}).json()
    assert d["game"] == "kayles[10] + kayles[4]", d
    assert grundy.games.get(d["spec"]) is grundy.games.get("kayles")
    d = client.post("/api/analyze", json={"game": "kayles", "position": "10 4", "misere": True}).json()
    assert d["game"] == "misère kayles[10] + kayles[4]", d
    assert grundy.games.get(d["spec"]) is grundy.games.get("kayles")


@pytest.mark.heavy
@pytest.mark.parametrize("e", sorted(entries(), key=lambda e: e.name)[::3], ids=lambda e: e.name)
def test_api_spec_parses_back_for_catalogue_entries(client: TestClient, e) -> None:  # type: ignore[no-untyped-def]
    d = client.post("/api/analyze", json={"game": e.spec, "position": " ".join(e.position_args)}).json()
    assert grundy.games.get(d["spec"]) is grundy.games.get(e.spec), (e.name, d.get("spec"))
    assert "Tree(" not in d["game"] and "Sum(" not in d["game"], d["game"]
