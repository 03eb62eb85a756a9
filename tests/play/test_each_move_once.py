"""Each move is listed once: two moves of the rules that lead to the same
position (in tree Hackenbush, cutting either of two equal branches; in Node
Kayles, taking either end of a path of two) are one move, listed once under one
name, in ``grundy analyze`` (its winning moves, text and JSON), in the web's and
the notebook's move pages and in ``grundy play``'s ``moves``, for every catalogue
entry's example and the positions a few moves from it."""

from __future__ import annotations

from itertools import islice

import pytest

import grundy
from grundy.games.registry import entries
from grundy.play import Session
from grundy.play.options import move_page
from grundy.play.parse import game_from_texts
from grundy.rules.game import GameSum
from grundy.solve.report import analyze

# the guard's alarm never lands in a gc callback (hypothesis's, once its tests
# have run in this process), where Python would drop its exception
pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")

ENTRIES = sorted(entries(), key=lambda e: e.name)
BUDGET = grundy.Budget(positions=1_000, seconds=0.2)


def _positions(game: GameSum, *, width: int = 3, depth: int = 2) -> list[GameSum]:
    """``game`` and positions reached from it by its first ``width`` moves, to
    ``depth`` moves deep."""
    out, frontier = [game], [game]
    for _ in range(depth):
        nxt = []
        for g in frontier:
            s = Session(g)
            nxt += [s.game.play(m) for m in s.moves(width)]
        frontier = [Session(g).game for g in nxt]  # a split row becomes components
        out += frontier
    return out


def _once(texts: list[str], where: str) -> None:
    dup = sorted({t for t in texts if texts.count(t) > 1})
    assert not dup, f"{where}: listed twice: {dup}"


def _check(game: GameSum, name: str, *, page: bool) -> None:
    s = Session(game)
    where = f"{name} at {game!r}"
    listed = s.moves(300)
    _once([s.format_move(m) for m in listed], f"{where}, play's moves")
    assert len(set(listed)) == len(listed), where
    report = analyze(game, budget=BUDGET)
    _once([s.format_move(m) for m in report.winning_moves or []], f"{where}, analyze's winning moves")
    _once([m["move"] for m in report.to_dict()["winning_moves"] or []], f"{where}, JSON winning moves")
    if page:
        p = move_page(game, budget=BUDGET, most=40)
        _once([m.text for m in p.moves], f"{where}, the move page")
        if p.complete:
            assert p.total == len(s.moves()), where  # the count is of distinct moves


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.name)
def test_every_entry_lists_each_move_once(e) -> None:  # type: ignore[no-untyped-def]
    start = Session(game_from_texts(e.spec, e.position_args)).game
    for k, g in enumerate(_positions(start)):
        _check(g, e.name, page=k < 3)


@pytest.mark.parametrize("spec,texts,once", [
    ("hackenbush", ["((),())"], "cut 1-2"),                 # two equal branches: one move
    ("hackenbush", ["((),(),((),()))"], "cut 4-5"),
    ("node-kayles", ["1-2"], "take 1"),                      # either end of a path of two
])
def test_equal_options_are_one_move(spec: str, texts: list[str], once: str) -> None:
    s = Session(game_from_texts(spec, texts))
    listed = [s.format_move(m) for m in s.moves()]
    assert listed.count(once) == 1, listed
    report = analyze(s.game)
    wins = [s.format_move(m) for m in report.winning_moves or []]
    assert len(set(wins)) == len(wins), wins
    page = move_page(s.game, most=40)
    assert [m.text for m in page.moves].count(once) == 1 and page.total == len(listed)
    # '#k' counts the moves as listed
    for k, text in enumerate(listed, 1):
        assert s.parse_move(f"#{k}") == s.parse_move(text), (k, text)


def test_play_moves_command_lists_each_move_once() -> None:
    from click.testing import CliRunner

    from grundy.cli.main import cli

    out = CliRunner().invoke(cli, ["play", "hackenbush", "((),(),((),()))", "--first", "me"],
                             input="moves\nquit\n").output
    line = next(ln for ln in out.splitlines() if "Moves: " in ln)
    texts = line.split("Moves: ", 1)[1].split(", ")
    assert len(set(texts)) == len(texts), line
    out = CliRunner().invoke(cli, ["analyze", "hackenbush", "((),((),()),((),()))"]).output
    moves = [ln.split("(->")[0].strip() for ln in out.splitlines() if ln.startswith("  cut")]
    assert moves and len(set(moves)) == len(moves), out
