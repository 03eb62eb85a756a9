"""``grundy table`` of a game whose period is not known: the table is printed,
then the period search runs (up to PERIOD_BUDGET, 150 s, without --seconds). It
says so once it has run a moment (on a terminal, or with --progress): what runs,
for how long at most, and that Ctrl-C stops it and keeps the table; Ctrl-C there
keeps the table (complete) and says so."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grundy.cli import main as M
from grundy.cli.main import main
from grundy.solve import tables


def test_the_period_search_says_it_runs_and_how_to_stop_it(monkeypatch: pytest.MonkeyPatch,
                                                           capfd: Any) -> None:
    monkeypatch.setattr(M, "_BAR_DELAY", 0.0)  # the line at the search's first progress
    # octal 0.76: an open problem, no period within a second
    assert main(["table", "octal:0.76", "--to", "30", "--seconds", "1", "--progress"]) == 0
    out, err = capfd.readouterr()
    assert "30: " in out
    assert ("grundy: the table is complete; searching for its period (up to 1 s; --seconds "
            "sets it). Ctrl-C stops the search and keeps the table.") in err, err
    assert err.count("searching for its period") == 1


def test_the_line_names_the_default_budget(monkeypatch: pytest.MonkeyPatch, capfd: Any) -> None:
    def search(rs: Any, values: Any, progress: Any = None, **kw: Any) -> None:
        progress(100)  # the search's first progress: the line shows
        return None

    monkeypatch.setattr(M, "_BAR_DELAY", 0.0)
    monkeypatch.setattr(tables, "period_search", lambda rs: rs)
    monkeypatch.setattr(tables, "pattern_of", search)
    assert main(["table", "octal:0.6", "--to", "10", "--progress"]) == 0
    err = capfd.readouterr().err
    assert f"(up to {tables.PERIOD_BUDGET.seconds:g} s; --seconds sets it)" in err, err
    assert main(["table", "octal:0.6", "--to", "10", "--no-progress"]) == 0
    assert "searching" not in capfd.readouterr().err


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_in_the_period_search_keeps_the_table(monkeypatch: pytest.MonkeyPatch, capfd: Any,
                                                      as_json: bool) -> None:
    def interrupted(*args: Any, **kw: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(tables, "period_search", lambda rs: rs)
    monkeypatch.setattr(tables, "pattern_of", interrupted)
    argv = ["table", "octal:0.6", "--to", "30", "--no-progress"] + (["--json"] if as_json else [])
    assert main(argv) == 130
    out, err = capfd.readouterr()
    assert "grundy: interrupted in the period search (the table above is complete)" in err, err
    if as_json:
        data = json.loads(out)
        assert data["complete"] is True and data["pattern"] is None and len(data["values"]) == 31
    else:
        assert "30: 0" in out
        assert out.rstrip().endswith("pattern: not found (Ctrl-C stopped the period search)"), out
