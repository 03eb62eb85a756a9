"""``grundy table`` streams (issue 39): a printed table keeps only the values the
pattern needs, ``--seconds`` and ``--max-memory`` stop it as they stop
``analyze``, and a reader that closes the pipe ends it quietly."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from typing import Any

import pytest

from grundy.cli import main as M
from grundy.cli.main import main


@pytest.mark.heavy
def test_a_printed_table_keeps_bounded_memory(monkeypatch: pytest.MonkeyPatch, capfd: Any) -> None:
    """The table to 10^9 held every value while it printed (20 bytes a value);
    here 10^6 values, of which 1,000 are kept (the pattern's share)."""
    monkeypatch.setattr(M._Rows, "KEEP", 1000, raising=False)
    tracemalloc.start()
    try:
        assert main(["table", "nim", "--to", "1000000", "--no-progress"]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out = capfd.readouterr().out.splitlines()
    assert out[0].split() == ["0:", *map(str, range(10))]
    assert out[-2].split() == ["1000000:", "1000000"]
    assert out[-1].startswith("pattern: period 1, saltus 1"), out[-1]  # Nim's, proven by theory
    assert peak < 16 << 20, peak  # all the values: 65 MB


def test_a_json_table_streams_one_valid_object(monkeypatch: pytest.MonkeyPatch, capfd: Any) -> None:
    monkeypatch.setattr(M._Rows, "KEEP", 10, raising=False)
    assert main(["table", "subtraction:1,2", "--to", "100000", "--json", "--no-progress"]) == 0
    doc = json.loads(capfd.readouterr().out)
    assert doc["values"] == [n % 3 for n in range(100001)] and doc["complete"] is True
    assert doc["pattern"]["period"] == 3


def test_table_takes_seconds_and_max_memory(capfd: Any) -> None:
    assert main(["table", "nim", "--to", "10**6", "--seconds", "0", "--no-progress"]) == 2
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the table stopped after" in err[0] and "0 s (the budget)" in err[0]
    assert main(["table", "nim", "--to", "10**6", "--max-memory", "1M", "--no-progress"]) == 2
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "memory budget of 1 MiB" in err[0]
    assert main(["table", "nim", "--to", "10**6", "--json", "--seconds", "0", "--no-progress"]) == 2
    doc = json.loads(capfd.readouterr().out)
    assert doc["complete"] is False


def test_a_closed_pipe_ends_the_table_quietly() -> None:
    p = subprocess.run(f"{sys.executable} -m grundy table nim --to 10**9 --no-progress | head -2",
                       shell=True, capture_output=True, text=True, timeout=120)
    assert p.stdout.split() == ["0:", *map(str, range(10)), "10:", *map(str, range(10, 20))]
    assert p.stderr == ""


def test_a_period_search_past_the_budget_keeps_the_table_and_says_so(capfd: Any) -> None:
    """``grundy table octal:0.6 --to 30 --seconds 0.3``: the table is printed, the
    period search (octal 0.6 has no known period) stops at the budget, and the
    command says so and succeeds; it ended in an error (exit 2) after the table.
    The command runs in this process: a period search of 0.6 that another test ran
    here (test_known_results) is forgotten first, as a fresh command knows none."""
    import grundy

    grundy.games.get("octal:0.6").table(30)  # its kernels loaded (or compiled) outside the 0.3 s
    grundy.games.get("octal:0.6").clear_cache()
    assert main(["table", "octal:0.6", "--to", "30", "--seconds", "0.3", "--no-progress"]) == 0
    out, err = capfd.readouterr()
    assert "30: 0" in out and "error" not in err, (out, err)
    assert "pattern: none found within the budget" in out and "--seconds" in out, out
    assert main(["table", "octal:0.6", "--to", "30", "--seconds", "0.3", "--json"]) == 0
    data = json.loads(capfd.readouterr().out)
    assert data["complete"] is True and data["pattern"] is None, data
