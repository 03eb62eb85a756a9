"""Every catalogue entry's example, analysed as ``grundy analyze`` analyses it:
each move the analysis lists (its winning moves, and the first page of legal
moves the web page and the notebook show) is written in the game's own
notation, never a raw Python value or the position it leads to; the numbers that
name heaps, vertices, rows, coins, cells, edges and components count from 1; and
the text parses back, through the parser ``grundy play`` uses, to the same move.
The catalogue's zero-sum games (``carrot``) likewise."""

from __future__ import annotations

import re

import pytest

import grundy
from grundy.games.registry import entries
from grundy.games.zerosum import example_position, zerosum_entries
from grundy.play import Session
from grundy.play.moves import format_sum_move, parse_sum_move
from grundy.play.options import move_page
from grundy.play.parse import game_from_texts
from grundy.rules.game import GameSum, SumMove
from grundy.rules.sums import Sum
from grundy.solve.report import analyze

ENTRIES = sorted(entries(), key=lambda e: e.name)
BUDGET = grundy.Budget(positions=1_000, seconds=1.0)  # the moves, not the counts

#: a raw Python value: brackets, a tuple's comma-space, a repr's quotes, an arrow
_RAW = re.compile(r"[()\[\]{}'\"]|->|, \d+\)|\bSum\b|\bNone\b|\bTrue\b|\bFalse\b")
#: a number naming something people count (heap, row, stair, coin, vertex, edge
#: end, component, cell): never 0
_ZERO_INDEX = re.compile(
    r"^0:|\b(?:heap|row|stair|vertex|delete|keep|add|cut|turn|knock|from|move to|take)\s+0\b"
    r"|(?:^|[\s-])0-|-0\b|\b[a-z]{1,2}0\b")


def _checked_text(text: str, where: str) -> None:
    assert text.strip(), where
    assert not _RAW.search(text), (where, text)  # (a) a move in words, not a Python value
    assert not _ZERO_INDEX.search(text), (where, text)  # (b) people count from 1


def test_the_patterns_catch_what_they_should():
    bad = ["cut 0-1", "delete 0", "add 0-2", "delete 1, keep 0", "move to 0", "0: take 1",
           "turn a0", "(1, ())", "SumMove(0, 3)", "row 0 to 2", "cut 2-0"]
    good = ["cut 1-2", "heap 1 to 0", "take 10", "1: split 5 5", "turn a1 c1", "row 1 to 2",
            "knock 10", "take 10 from 25", "move to 10", "break into 2x5 and 2x5", "c2-c3"]
    for t in bad:
        assert _RAW.search(t) or _ZERO_INDEX.search(t), t
    for t in good:
        assert not _RAW.search(t) and not _ZERO_INDEX.search(t), t


def _results_text(rs, option) -> set[str]:
    """Ways of writing where a move leads (a move's text must be none of them)."""
    out = {rs.format_position(option)}
    if type(option) is Sum:
        out |= {" + ".join(rs.format_position(p) for p in option.parts)}
    return out


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.name)
def test_every_entry_lists_its_moves_in_its_notation_and_play_reads_them(e):
    game = game_from_texts(e.spec, e.position_args)
    report = analyze(game, budget=BUDGET)
    data = report.to_dict()
    session = Session(game)  # what ``grundy play`` starts from
    whole = session.game
    listed: list[tuple[SumMove, str]] = []
    for m, js in zip(report.winning_moves or [], data["winning_moves"] or []):
        listed.append((m, js["move"]))
    page = move_page(whole, budget=BUDGET, most=40)
    listed += [(mv.move, mv.text) for mv in page.moves]
    assert listed, e.name
    for m, text in listed:
        where = f"{e.example}: {text!r}"
        c = whole.components[m.component]
        _checked_text(text, where)
        assert text.split(": ", 1)[-1] not in _results_text(c.ruleset, m.option), where
        assert session.parse_move(text) == m, where  # (c) as ``grundy play`` reads it
        assert session.format_move(m) == text, where
    texts = [t for _, t in listed[len(report.winning_moves or []):]]
    assert len(set(texts)) == len(texts), (e.name, texts)  # distinct moves, distinct words
    moves = [m for m, _ in listed[len(report.winning_moves or []):]]
    assert len(set(moves)) == len(moves), (e.name, texts)  # each option listed once


@pytest.mark.parametrize("g", zerosum_entries(), ids=lambda g: g.name)
def test_zero_sum_entries_speak_their_notation(g):
    from grundy.play.minimax import MinimaxSession

    state = g.parse_position(example_position(g))
    s = MinimaxSession(g, state)
    opts = s.options()
    assert opts
    for m in opts:
        assert m.text != g.format_position(g.parse_move(state, m.text)), m.text
        assert not re.search(r"\b0\b|->|\[|\]", m.text), m.text
        back = g.parse_move(state, m.text)
        assert g.format_move(state, back) == m.text
    assert g.name in {e for e in _listed_names()}


def _listed_names() -> list[str]:
    from click.testing import CliRunner

    from grundy.cli.main import cli

    out = CliRunner().invoke(cli, ["list"]).output
    return re.findall(r"^(\S+)\s", out, re.M)


def test_every_entry_picture_clicks_the_moves_of_the_notation():
    """The moves a click on the picture makes (the web page's board, graph and
    tree pictures) are the game's own notation: each parses back and is written
    the same, and none counts from 0."""
    from html import unescape

    from grundy.plot.svg import picture

    for e in ENTRIES:
        game = game_from_texts(e.spec, e.position_args)
        whole = Session(game).game
        c = whole.components[0]
        svg = picture(c.ruleset, c.position) or ""
        for text in map(unescape, re.findall(r'data-move="([^"]*)"', svg)):
            _checked_text(text, f"{e.example}: click {text!r}")
            m = parse_sum_move(whole, text)
            assert format_sum_move(whole, m) == text, (e.name, text)


def test_zero_sum_games_are_found_from_the_command_line():
    """``carrot`` is not an impartial game (no Sprague-Grundy value), so it stays
    out of ``grundy.games.entries()``; the command line lists it in its own
    section (and in ``list --json`` as ``kind: zero-sum``), shows how to play it,
    and a misspelt name is led to it."""
    import json

    from click.testing import CliRunner

    from grundy.cli.main import cli

    run = CliRunner()
    out = run.invoke(cli, ["list"]).output
    assert "Zero-sum games" in out and "grundy play carrot 3 1 4 1 5 9" in out
    rows = json.loads(run.invoke(cli, ["list", "--json"]).output)
    kinds = {r["name"]: r["kind"] for r in rows}
    assert kinds["carrot"] == "zero-sum" and kinds["nim"] == "impartial"
    with pytest.raises(grundy.UnknownGameError, match="did you mean 'carrot'.*grundy play carrot"):
        grundy.games.get("carot")
    r = run.invoke(cli, ["analyze", "carrot", "3", "1", "4", "1", "5", "9"])
    assert r.exit_code == 0 and "take the first (3)" in r.output


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.name)
def test_grundy_analyze_shows_the_example_moves_and_play_reads_them(e):
    """What ``grundy analyze`` prints of each example names moves (the winning
    ones, else the first legal ones) in the game's notation, and ``grundy play``
    reads each of them back."""
    from click.testing import CliRunner

    from grundy.cli.main import cli

    r = CliRunner().invoke(cli, ["analyze", e.spec, *e.position_args, "--no-progress",
                                 "--limit", "1000"])  # the moves, not the counts
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    shown: list[str] = []
    for i, line in enumerate(lines):
        if line.startswith(("winning moves:", "winning move (one found; there may be others):")):
            shown += [x.strip().split("  (-> ")[0] for x in lines[i + 1:]
                      if x.startswith("  ") and "(-> " in x]
        if line.startswith("moves:"):
            shown += line[len("moves:"):].rsplit("  (", 1)[0].strip().split("; ")
    shown = [t for t in shown if t != "..."]
    assert shown, (e.example, r.output)
    session = Session(game_from_texts(e.spec, e.position_args))
    for text in shown:
        if "…" in text:  # a huge number shortened for the screen (wythoff 10**100)
            text = text.split("…")[0]
            assert not _RAW.search(text) and not _ZERO_INDEX.search(text), (e.example, text)
            continue
        _checked_text(text, f"{e.example}: {text!r}")
        assert session.format_move(session.parse_move(text)) == text, (e.example, text)


@pytest.mark.parametrize("e", [e for e in ENTRIES if e.legal], ids=lambda e: e.name)
def test_every_entry_legal_positions_name_their_moves_from_1(e):
    """The entry's other sample positions (``legal``): each move's notation is
    words counting from 1, and parses back to the move."""
    from itertools import islice

    rs = grundy.games.get(e.spec)
    for p in e.legal:
        p = rs.check(p)
        session = Session(rs[p])
        whole = session.game
        for m in islice((SumMove(i, o) for i, c in enumerate(whole.components)
                         for o in c.ruleset.moves(c.position)), 40):
            text = session.format_move(m)
            _checked_text(text, f"{e.name} {rs.format_position(p)}: {text!r}")
            assert session.parse_move(text) == m, (e.name, p, text)
