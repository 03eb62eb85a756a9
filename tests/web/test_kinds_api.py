"""Issue 37 on the web's API (the worker jobs, called directly): a table of
P-positions for a game on pairs (Wythoff's page said "no table"), the rules
blurb and what a picture lets one click, the loopy game's draw by repetition
and values in words, the zero-sum game carrot, and misère play, each checked
against the library's own analysis or a brute force."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

import grundy
from grundy.web import jobs
from grundy.web.limits import Limits
from tests.solve.loopy_oracles import explore, outcomes

LIM = Limits(seconds=60)


def test_pair_games_have_a_table_of_p_positions() -> None:
    t = jobs.table("wythoff", 30)
    assert t is not None and t["shape"] == "pair"
    pairs = [tuple(p) for p in t["pairs"]]
    wythoff = grundy.games.get("wythoff")
    assert set(pairs) == {(a, b) for a in range(31) for b in range(a, 31)
                          if wythoff.outcome((a, b)) is grundy.Outcome.P}
    assert "Beatty" in t["text"] or "phi" in t["text"]
    with pytest.raises(jobs.Refused, match="not single heaps or pairs"):
        jobs.table("cram", 10)


def test_rules_blurb_says_how_to_move() -> None:
    assert jobs.rules_text("x.", "cram", "2x3")["kind"] == "cells"
    assert jobs.rules_text("x.", "hackenbush-graph", "0-1 1-2")["kind"] == "board"
    assert jobs.rules_text("x.", "turning-turtles", "THT")["kind"] == "coins"
    r = jobs.rules_text("Loopy.", "put-back:4", "3")
    assert r["loopy"] and "draw" in r["text"] and r["moves"] == ["take 1", "take 2", "put back 1"]


def test_rules_blurb_writes_moves_of_one_position() -> None:
    """The catalogue's example of put-back (and lasker's) is a sum; the blurb's
    moves are those of its first position as typed for it alone, with no "1:"
    of a sum's component, like every other entry's."""
    from grundy.games.registry import entries

    assert jobs.rules_text("Loopy.", "put-back:4", "1 + 2")["moves"] == ["take 1", "put back 1"]
    for e in entries():
        moves = jobs.rules_text(e.summary, e.spec, jobs.example(e.spec, e.position_args))["moves"]
        assert not any(m[:1].isdigit() and ": " in m for m in moves), (e.name, moves)


def test_loopy_play_draws_by_repetition_with_values_in_words() -> None:
    d = jobs.play("put-back:4", "3", [], "state", None, LIM)
    assert d["outcome"] == "D" and d["value_words"] == "infinite, no escape: a draw" and not d["draw"]
    assert {m["move"]: m["result"] for m in d["legal"]} == {"take 1": "lose", "take 2": "lose",
                                                            "put back 1": "draw"}
    moves = ["put back 1", "take 1", "put back 1", "take 1"]
    d = jobs.play("put-back:4", "3", moves, "state", None, LIM)
    assert d["draw"].endswith("has come up 3 times") and d["legal"] == [] and not d["over"]
    with pytest.raises(jobs.Refused, match="over"):
        jobs.play("put-back:4", "3", moves, "engine", None, LIM)


def test_carrot_analysis_and_play() -> None:
    d = jobs.analysis("carrot", "3 1 4 1 5 9", LIM)
    assert d["minimax"] and d["value"] == 4 and 'data-move="take the first (3)"' in d["components"][0]["picture"]
    d = jobs.play("carrot", "1 9 2", [], "move", "last", LIM)  # Max gives the 2 away
    assert d["moves"] == ["take the last (2)"] and d["to_move"] == 1 and d["mover"] == "min"
    d = jobs.play("carrot", "1 9 2", ["take the last (2)"], "engine", None, LIM)
    assert d["over"] and d["result"].startswith("Game over: the number left is 1, less than best play gives (2)")
    with pytest.raises(jobs.Refused, match="not a move"):
        jobs.play("carrot", "1 9 2", ["middle"], "state", None, LIM)


def test_misere_analysis_and_play_against_brute_force() -> None:
    def moves(t):  # type: ignore[no-untyped-def]
        for i, n in enumerate(t):
            for k in range(n):
                yield tuple(sorted(t[:i] + (k,) + t[i + 1:]))

    succ = explore(moves, [(1, 2, 2), (1, 1), (2, 3)])
    # misère: a position without moves is won for the player to move
    truth = outcomes(succ, {p: "N" for p, out in succ.items() if not out})
    for t in [(1, 2, 2), (1, 1), (2, 3)]:
        d = jobs.analysis("nim", " ".join(map(str, t)), LIM, True)
        assert d["outcome"] == truth[t], t
        p = jobs.play("nim", " ".join(map(str, t)), [], "state", None, LIM, 0, True)
        assert p["outcome"] == truth[t] and p["misere"]
        for m in p["legal"]:
            after = jobs.play("nim", " ".join(map(str, t)), [m["move"]], "state", None, LIM, 0, True)
            assert m["result"] == {"P": "win", "N": "lose"}[after["outcome"]], (t, m)
    d = jobs.play("nim", "1", ["heap 1 to 0"], "state", None, LIM, 0, True)
    assert d["over"] and d["winner"] == 1  # the player to move cannot move, and wins
    assert jobs.misere_ok("kayles", "10") and not jobs.misere_ok("put-back:4", "3")
