"""Moves people can read: every catalogue entry's example lists its moves in the
game's own notation (never the resulting position), distinct moves read
differently, and every notation parses back to its move, in the library and in
``grundy play``. The meaning of each graph and board notation is checked against
the raw rules (an edge cut, a vertex taken, a domino's cells, the coins turned)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy.play.parse import games_from_texts
from grundy.games.registry import entries
from grundy.play.moves import format_sum_move, parse_sum_move
from grundy.rules.game import GameSum, SumMove
from grundy.values.errors import SearchLimitError

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = sorted(entries(), key=lambda e: e.name)


def _example(e):
    rs = grundy.games.get(e.spec)
    return rs, GameSum(*games_from_texts(rs, e.position_args))


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.name)
def test_every_example_moves_in_its_own_notation_and_back(e):
    rs, game = _example(e)
    c = game.components[0]
    try:
        opts = list(dict.fromkeys(rs.options(c.position, limit=5000)))
    except SearchLimitError:  # a huge example (dawson 10^12): its winning move only
        opts = [rs.winning_move(c.position)]
    assert opts, e.name
    texts = [rs.format_move(c.position, o) for o in opts]
    for o, t in zip(opts, texts):
        assert t != rs.format_position(o), (e.name, t)  # a move, not where it leads
        assert rs.parse_move(c.position, t) == o, (e.name, t)
        # ``grundy play`` reads the same text (with the component when a sum)
        sm = SumMove(0, o)
        shown = format_sum_move(game, sm)
        assert parse_sum_move(game, shown) == sm, (e.name, shown)
    assert len(set(texts)) == len(texts), (e.name, texts)  # distinct moves read differently


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.name)
def test_every_example_analysis_names_its_moves(e):
    rs, game = _example(e)
    target = game.components[0] if len(game.components) == 1 else game
    r = grundy.analyze(target, budget=grundy.Budget(positions=1_000, seconds=1.0))
    d = r.to_dict()
    for m, js in zip(r.winning_moves or [], d["winning_moves"] or []):
        assert js["move"] == format_sum_move(game, m), e.name
        assert parse_sum_move(game, js["move"]) == m, (e.name, js["move"])


def _flip(board: str, coins) -> str:
    b = list(board)
    for k in coins:
        b[k - 1] = "H" if b[k - 1] == "T" else "T"
    return "".join(b)


def test_notations_mean_what_they_say():
    # Hackenbush: 'cut u-v' is the graph less that edge (and what fell with it)
    h = grundy.games.get("hackenbush-graph")
    g = h.parse_position("0-1 1-2 2-0 2-3 3-4")
    after = h.parse_move(g, "cut 3-2")
    assert h.value(after) == h.value(h.parse_position("0-1 1-2 2-0"))
    assert h.format_move(g, after) == "cut 2-3"
    # rooted tree, vertices from 1 in preorder of the tree as written: ((), ((),))
    # is the root 1 (on the ground) with a leaf 2 and a stalk 3-4, as graph
    # Hackenbush names the edges of the same tree written from 1
    t = grundy.games.get("hackenbush")
    tree = t.check((((),), ()))
    assert str(tree) == "((), ((),))"
    assert [t.format_move(tree, o) for o in t.moves(tree)] == ["cut 1-2", "cut 1-3", "cut 3-4"]
    assert [t.value(t.parse_move(tree, m)) for m in ("cut 1-2", "cut 1-3", "cut 4-3")] == [2, 1, 0]
    same = h.parse_position("1-2 1-3 3-4")
    assert [h.format_move(same, o) for o in h.moves(same)] == ["cut 1-2", "cut 1-3", "cut 3-4"]
    assert t.parse_position("1-2 1-3 3-4") == tree
    # Node Kayles: 'take v' removes v and its neighbours; two vertices of one path
    # leave equal-looking graphs but are named apart
    nk = grundy.games.get("node-kayles")
    p = nk.parse_position("0-1 1-2 2-3 3-4")
    assert [nk.format_move(p, o) for o in nk.moves(p)] == [f"take {v}" for v in range(1, 6)]
    assert nk.format_position(nk.parse_move(p, "take 3")) == "n=2 base=1"
    assert nk.parse_move(p, "take 2") != nk.parse_move(p, "take 4")
    # Cram: the two cells covered, column letters and row numbers from the top
    cram = grundy.games.get("cram")
    b = cram.parse_position("2x3")
    assert cram.format_position(cram.parse_move(b, "a1-b1")) == "##./..."
    assert cram.format_position(cram.parse_move(b, "(2,3)-(1,3)")) == "..#/..#"
    assert cram.format_move(b, cram.parse_position("##./...")) == "a1-b1"
    with pytest.raises(grundy.InvalidPositionError):
        cram.parse_move(b, "a1-c1")
    # coins: the coins turned, from 1
    mt = grundy.games.get("mock-turtles")
    for o in mt.moves("THTTH"):
        text = mt.format_move("THTTH", o)
        assert _flip("THTTH", map(int, text.split()[1:])) == o
    # geography: the vertex the token moves to
    geo = grundy.games.get("geography")
    bd = geo.parse_position("0-1 1-2 2-3 start=1")
    assert geo.parse_move(bd, "move to 2").token == 2
    # Northcott: row from 1, the column the mover's piece goes to
    nc = grundy.games.get("northcott:5")
    assert nc.parse_move((((1, 3), (2, 5)), 0), "row 2 to 4") == (((1, 3), (4, 5)), 1)


def test_bad_notation_is_refused_by_name():
    h = grundy.games.get("hackenbush-graph")
    g = h.parse_position("0-1 1-2")
    with pytest.raises(grundy.InvalidPositionError, match="cut 5-6"):
        h.parse_move(g, "cut 5-6")


def _run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "grundy", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.heavy
def test_cli_analyze_and_play_speak_the_notation():
    r = _run("analyze", "hackenbush-graph", "0-1 0-2 1-2 2-3 0-4 ground=0", stdin="")
    assert r.returncode == 0, r.stderr
    assert "  cut 0-4  (-> 0-1 0-2 1-2 2-3 ground=0)" in r.stdout
    r = _run("play", "hackenbush-graph", "0-1 0-2 1-2 2-3 0-4 ground=0", "--first", "me",
             stdin="cut 4-0\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "You play: cut 0-4" in r.stdout and "Engine plays: cut " in r.stdout
    r = _run("play", "cram", "2x3", "--first", "me", stdin="a1-a2\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "You play: a1-a2" in r.stdout
    # sums: components from 1 in analyze as in play
    r = _run("analyze", "kayles", "10", "7", "3", stdin="")
    assert "  3: knock 2  (-> 1 + 1)" in r.stdout and "game:          kayles[10]" in r.stdout


def test_every_entry_round_trips_its_move_notation() -> None:
    """For every catalogue entry's example: each move's text parses back to that
    move (what format_move writes, parse_move reads); Node Kayles numbers its
    vertices from 1, so no move of it takes a vertex 0."""
    import itertools
    import re

    from grundy.games.registry import entries
    from grundy.rules.game import GameSum
    from grundy.web.jobs import parse_game

    for e in entries():
        g = parse_game(e.spec, "\n".join(e.position_args))
        c = (g if isinstance(g, GameSum) else GameSum(g)).components[0]
        rs, p = c.ruleset, c.position
        for o in itertools.islice(rs.moves(p), 30):
            text = rs.format_move(p, o)
            back = rs.parse_move(p, text)
            assert rs.format_move(p, back) == text, (e.name, text)
            if e.name == "node-kayles":
                assert not re.search(r"\b0\b", text), text
    nk = grundy.games.get("node-kayles")
    for text in ("path=7", "cycle=5", "grid=2x3", "0-1 0-2 0-3 n=6"):
        q = nk.parse_position(text)
        assert [nk.format_move(q, o) for o in nk.moves(q)][0] == "take 1"
        assert nk.parse_position(nk.format_position(q)) == q


@pytest.mark.heavy
def test_northcott_positions_read_as_columns_not_tuples() -> None:
    """Northcott's positions are written as the columns people type (``1 3 2 5``,
    white's turn said in words), and read back; ``grundy analyze`` prints no raw
    tuples."""
    import grundy

    g = grundy.games.get("northcott:8")
    for p in [(((1, 3), (2, 5)), 0), (((1, 3), (3, 5)), 1), (((8, 1),), 1)]:
        text = g.format_position(p)
        assert "(" not in text and "," not in text.split(", white to move")[0], text
        assert g.parse_position(text) == p, text
    assert g.format_position((((1, 3), (2, 5)), 0)) == "1 3 2 5"
    r = _run("analyze", "northcott:8", "1", "3", "2", "5", stdin="")
    assert "game:          northcott:8[1 3 2 5]" in r.stdout, r.stdout
    assert "  row 2 to 3  (-> 1 3 3 5, white to move)" in r.stdout, r.stdout
