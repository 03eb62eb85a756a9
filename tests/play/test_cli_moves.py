"""``grundy play`` fed input lines: every move form of docs/play.md is played
(the board after it is the position computed here from the raw rules), Kayles
says which pins and names itself, and ``hint`` does not reprint the board."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from grundy.cli.main import cli


def run(*args: str, lines: list[str]) -> str:
    result = CliRunner().invoke(cli, ["play", *args, "--first", "me"], input="\n".join([*lines, "quit"]) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.output


def first_board(out: str) -> str:
    """The board shown after the person's first move (before the engine's)."""
    return out.split("You play: ", 1)[1].split("Engine plays", 1)[0]


def nim_board(heaps: list[int]) -> list[str]:
    """The lines of a Nim sum: the value of a Nim heap is its size."""
    return [f"  {i}: {h}  (value {h})" for i, h in enumerate(heaps, start=1)]


NIM = [3, 7, 5]


def after(i: int, to: int) -> list[int]:
    heaps = list(NIM)
    heaps[i - 1] = to
    return heaps


@pytest.mark.parametrize("text,i,to", [
    ("heap 2 to 6", 2, 6),
    ("2-6", 2, 6),
    ("take 1 from heap 2", 2, 6),
    ("2: take 1", 2, 6),
    ("2:to 6", 2, 6),
    ("2: -1", 2, 6),
    ("#2: to 0", 2, 0),
    ("heap 1 to 0", 1, 0),
    ("to 6", 2, 6),            # only heap 2 can go to 6
    ("take 6", 2, 1),          # only heap 2 has 6 to take
])
def test_heap_forms_in_a_nim_sum(text: str, i: int, to: int) -> None:
    out = run("nim", *map(str, NIM), lines=[text])
    assert "Refused" not in out, out
    board = first_board(out)
    for line in nim_board(after(i, to)):
        assert line in board, (text, board)


def test_nth_move_is_the_listed_one() -> None:
    out = run("nim", *map(str, NIM), lines=["moves", "#4"])
    listed = re.search(r"Moves: ([^\n]*)", out).group(1).split(", ")  # type: ignore[union-attr]
    assert re.search(r"You play: (.*)", out).group(1) == listed[3]  # type: ignore[union-attr]


@pytest.mark.parametrize("args,text,board", [
    (("nim", "9"), "to 3", "Position in nim: 3"),
    (("nim", "9"), "take 2", "Position in nim: 7"),
    (("nim", "9"), "-4", "Position in nim: 5"),
    (("nim", "9"), "heap 1 to 7", "Position in nim: 7"),
    (("nim", "9"), "1-0", "Position in nim: 0"),
    (("wythoff", "4", "6"), "both 2", "(2, 4)"),
    (("wythoff", "4", "6"), "take 3 from 2", "(4, 3)"),
    (("wythoff", "4", "6"), "heap 2 to 1", "(4, 1)"),
    (("wythoff", "4", "6"), "1-0", "(0, 6)"),
    (("misere-nim", "1", "4", "5"), "heap 2 to 3", "(1, 3, 5)"),
    (("misere-nim", "1", "4", "5"), "take 2 from heap 3", "(1, 4, 3)"),
    (("staircase", "1", "4", "2"), "move 3 from stair 2", "(4, 1, 2)"),
    (("lasker", "9"), "split 4 5", "1: 4"),
    (("kayles", "8"), "knock 4 5", "1: III  (3 pins"),
])
def test_documented_forms_of_single_games(args: tuple[str, ...], text: str, board: str) -> None:
    out = run(*args, lines=[text])
    assert "Refused" not in out, out
    assert board in first_board(out), out


def test_kayles_board_and_take() -> None:
    out = run("kayles", "7", lines=["take 2", "knock 2"])
    assert out.count("Position in kayles (octal:0.77): IIIII II  (7 pins)") == 1
    assert "octal:0.77[" not in out
    assert re.search(r"Refused: .*'take 2'.*which pins", out)
    # knocking pin 2 leaves a row of 1 and a row of 5 (the left row first)
    board = first_board(out)
    assert "  1: I  (1 pin; value 1)" in board and "  2: IIIII  (5 pins; value 4)" in board


def test_hint_help_moves_and_refusals_do_not_reprint_the_board() -> None:
    out = run("nim", "3", "4", "5", lines=["hint", "moves", "help", "banana"])
    assert out.count("Position in nim:") == 1
    assert "Hint: heap 1 to 1" in out and "Refused:" in out


@pytest.mark.parametrize("rows,typed,left", [
    (("5", "3"), "2: knock 3", ["  1: IIIII  (5 pins", "  2: II  (2 pins"]),        # was echoed '2: knock 1'
    (("5", "7"), "2: knock 5", ["  1: IIIII  (5 pins", "  2: IIII  (4 pins", "  3: II  (2 pins"]),  # was '2: knock 3'
    (("5", "7", "3"), "2: knock 3",
     ["  1: IIIII  (5 pins", "  2: II  (2 pins", "  3: IIII  (4 pins", "  4: III  (3 pins"]),
    (("4",), "knock 4", [": III  (3 pins"]),                                     # was echoed 'knock 1'
])
def test_kayles_move_echoed_as_typed_and_pieces_in_place(rows: tuple[str, ...], typed: str,
                                                         left: list[str]) -> None:
    """A Kayles move is echoed as typed (the pins named, not another move to the
    same rows); the pieces of a split row take its place and later rows move up."""
    out = run("kayles", *rows, lines=[typed])
    assert f"You play: {typed}\r\n" in out or f"You play: {typed}\n" in out, out
    board = first_board(out)
    for line in left:
        assert line in board, (typed, board)
    assert re.findall(r": (I+)  \(", board) == [re.findall(r": (I+)  \(", ln)[0] for ln in left], board


def test_moves_command_says_when_the_list_is_paged() -> None:
    """A long move list says how many are shown of how many, and how to see the
    rest; never a silent cut."""
    out = run("nim", "30", "40", lines=["moves", "moves 61", "moves 200"])
    pages = [ln for ln in out.splitlines() if "Moves" in ln]
    assert len(pages) >= 3, out
    first, last, past = pages[0], pages[1], pages[2]
    assert "moves 1-30 of 70" in first and "'moves 31'" in first, first
    assert first.count(", ") >= 29 and "..." not in first.split("(")[0], first
    assert "moves 61-70 of 70" in last and "heap 2 to 39" in last, last
    assert "'moves 71'" not in last
    assert "no moves past the 70th" in past or "there are 70" in past, past
    small = run("nim", "2", "1", lines=["moves"])
    line = next(ln for ln in small.splitlines() if "Moves" in ln)
    assert "of" not in line and line.count(", ") == 2, line  # the whole list, no note


def test_moves_of_a_huge_heap_say_more_than() -> None:
    out = run("dawson", "10**12", lines=["moves"])
    line = next(ln for ln in out.splitlines() if "Moves" in ln)
    assert "moves 1-30 of more than 100,000" in line and "'moves 31'" in line, line
