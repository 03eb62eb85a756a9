"""Right the first time through the CLI: ``grundy analyze GAME POS --json`` in a
FRESH process (no table, period or memo from an earlier query) agrees with brute
force from the raw rules. ``grundy analyze subtraction:3,7,8 0`` once printed
"outcome: N, value 1, winning moves: none"."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.games.test_fresh_sweep import HEAP_SPECS, TUPLE_CASES, circle_values


def analyze(game: str, *position: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "grundy", "analyze", game, *position, "--json", "--seconds", "20"],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    report: dict[str, Any] = json.loads(out.stdout)
    return report


def check_heap(game: str, heap: int) -> None:
    g = HEAP_SPECS[game](heap)  # for circle:k, the rows a move leaves
    v = circle_values(int(game[7:]), heap)[heap] if game.startswith("circle:") else g[heap]
    report = analyze(game, str(heap))
    assert report["value"] == v, (game, heap, report)
    assert report["outcome"] == ("P" if v == 0 else "N"), (game, heap, report)
    assert report["components"][0]["value"] == v
    moves = report["winning_moves"]
    if v == 0:
        assert moves == []
    else:
        assert moves and report["winning_moves_complete"]
        for m in moves:
            to = m["to"]
            parts = to["sum"] if isinstance(to, dict) else [to]
            x = 0
            for h in parts:
                x ^= g[h]
            assert x == 0, (game, heap, m)


FAST = [("subtraction:3,7,8", 0), ("subtraction:2,5,6", 3), ("octal:0.16", 7), ("allbut:2,3", 9)]
SLOW = [("subtraction:3,7,8", 9), ("subtraction:3,7,8", 10), ("subtraction:2,5,6", 0),
        ("subtraction:4,7,8", 2), ("octal:0.6", 1), ("octal:0.137", 5), ("octal:0.07", 9),
        ("octal:4.7", 3), ("octal:0.007", 4), ("hex:0.f", 6), ("bash:3", 7), ("lasker", 11),
        ("evensplit:2", 13), ("grundys-game", 8), ("split3", 6), ("rowruns:2,3", 10),
        ("circle:3", 9), ("circle:2", 6), ("nim", 12)]


@pytest.mark.parametrize("game,heap", FAST[:1] + [pytest.param(*c, marks=pytest.mark.heavy)
                                                   for c in FAST[1:]])
def test_analyze_heap_in_a_fresh_process(game: str, heap: int) -> None:
    check_heap(game, heap)


@pytest.mark.slow
@pytest.mark.parametrize("game,heap", SLOW)
def test_analyze_heap_in_a_fresh_process_slow(game: str, heap: int) -> None:
    check_heap(game, heap)


@pytest.mark.slow
@pytest.mark.parametrize("game,text,position", [
    ("wythoff", ["3", "5"], (3, 5)), ("wythoff", ["4", "7"], (4, 7)),
    ("euclid", ["24", "15"], (15, 24)), ("moore:2", ["1", "2", "3"], (1, 2, 3)),
    ("dynamic:3", ["20", "19"], (20, 19)), ("merge:3", ["7"], ((1, 7),)),
])
def test_analyze_position_games_in_a_fresh_process_slow(game: str, text: list[str], position: Any) -> None:
    oracle = dict((c[0], c[2]) for c in TUPLE_CASES)[game]
    report = analyze(game, *text)
    assert report["outcome"] == oracle(position).name, (game, position, report)
