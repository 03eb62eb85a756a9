"""For every catalogue entry's example, each move ``grundy analyze`` prints (its
winning moves, or the first moves when none wins) is accepted, as printed, by
``grundy play`` on the same position: the command-line round trip of the
notation (merge piles, Northcott, Wythoff's huge heaps included)."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner

from grundy.cli.main import cli
from grundy.games.registry import entries


def printed_moves(out: str) -> list[str]:
    """The moves an analysis prints: the winning moves' lines, or the ``moves:`` line."""
    moves: list[str] = []
    for ln in out.splitlines():
        if ln.startswith("  ") and "  (-> " in ln:
            moves.append(ln.strip().split("  (-> ")[0])
        elif ln.startswith("moves:"):
            listed = ln[len("moves:"):].rsplit("  (", 1)[0]
            moves += [m.strip() for m in listed.split(";") if m.strip() not in ("", "...")]
    return moves


#: entries whose round trip costs seconds (Cram's compiled search, the analyses
#: of Hackenbush and Ancestor Deletion at their budget, and a play of each move):
#: checked in CI's heavy step; the default run checks the other entries' notations
#: round trip here, and every entry's in tests/play/test_notation_every_entry.py
COSTLY = {"cram", "hackenbush", "ancestor-deletion"}


@pytest.mark.parametrize("e", [pytest.param(e, marks=[pytest.mark.heavy] if e.name in COSTLY else [])
                               for e in sorted(entries(), key=lambda e: e.name)],
                         ids=lambda e: e.name)
def test_play_accepts_every_move_analyze_prints(e) -> None:  # type: ignore[no-untyped-def]
    args = shlex.split(e.example)[2:]
    # 1 s and 1,000 positions first: most moves come from the values, and the rest
    # of a budget goes to the remoteness and suspense, which print no moves (Grundy's
    # game spent its second on each); 5 s where that printed none
    # (Cram's winning moves need a search of its options; a cold compile, a busy
    # machine)
    out = CliRunner().invoke(cli, ["analyze", *args, "--seconds", "1", "--limit", "1000"]).output
    moves = printed_moves(out)
    if not moves:
        out = CliRunner().invoke(cli, ["analyze", *args, "--seconds", "5"]).output
        moves = printed_moves(out)
    assert moves, out
    for m in moves[:4]:
        played = CliRunner().invoke(cli, ["play", *args, "--first", "me"], input=f"{m}\nquit\n").output
        assert "Refused" not in played and f"You play: " in played, (m, played[-600:])
