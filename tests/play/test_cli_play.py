"""``grundy play`` driven through a pseudo-terminal with scripted input (pexpect):
the person wins by following the hints, illegal moves are refused with the reason,
the engine wins when the person starts from a P-position, Ctrl-C leaves cleanly."""

from __future__ import annotations

import os
import signal
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]


def spawn(*args: str):  # type: ignore[no-untyped-def]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="120", NO_COLOR="1")
    return pexpect.spawn(
        sys.executable, ["-m", "grundy", "play", *args], env=env, encoding="utf-8", timeout=300,
        # Ctrl-C as from a terminal, even if the tests run as a background job
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_person_wins_by_the_hints_and_bad_moves_are_refused() -> None:
    p = spawn("nim", "3", "4", "5")
    p.expect_exact("Who starts, me or engine?")
    p.sendline("me")
    p.expect_exact("your move> ")
    p.sendline("heap 7 to 1")
    p.expect("Refused: .*no component 7")
    p.expect_exact("your move> ")
    p.sendline("2-9")
    p.expect("Refused: ")
    p.expect_exact("your move> ")
    p.sendline("undo")
    p.expect_exact("Nothing to undo.")
    moves = 0
    while True:
        p.expect_exact("your move> ")
        p.sendline("hint")
        p.expect(r"Hint: ([^\r\n]*)\r\n")
        hint = p.match.group(1).strip()
        p.expect_exact("your move> ")
        p.sendline(hint)
        p.expect_exact(f"You play: {hint}")
        moves += 1
        i = p.expect(["You win!", r"Engine plays: ([^\r\n]*)\r\n"])
        if i == 0:
            break
        assert moves < 20
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0


@pytest.mark.heavy
def test_engine_wins_from_the_persons_p_position_and_undo() -> None:
    p = spawn("kayles", "4", "--first", "me")   # Kayles 4 has value 1: person wins...
    p.expect_exact("your move> ")
    p.sendline("knock 1")                          # ...but knocking pin 1 leaves 3 (value 3)
    p.expect(r"Engine plays: ([^\r\n]*)\r\n")
    p.expect_exact("your move> ")
    p.sendline("undo")
    p.expect_exact("Took back your last move.")
    p.expect_exact("Position in kayles (octal:0.77): IIII  (4 pins)")
    p.expect_exact("your move> ")
    p.sendline("knock 1")
    while True:
        i = p.expect(["The engine wins.", "You win!", r"your move> "])
        if i == 0:
            break
        assert i == 2, "the person cannot win after a losing move"
        p.sendline("moves")
        p.expect(r"Moves: ([^\r\n]*)\r\n")
        first = p.match.group(1).split(", ")[0]
        p.expect_exact("your move> ")
        p.sendline(first)
        p.expect_exact(f"You play: {first}")
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0


def test_engine_first_and_ctrl_c() -> None:
    p = spawn("wythoff", "3", "5", "--first", "engine")
    p.expect(r"Engine plays: ([^\r\n]*)\r\n")
    p.expect_exact("your move> ")
    p.sendintr()
    p.expect(pexpect.EOF)
    out = p.before or ""
    p.close()
    assert "Traceback" not in out and "grundy: interrupted" in out
    assert p.exitstatus == 130


def test_end_of_input_leaves() -> None:
    p = spawn("lasker", "10")
    p.expect_exact("Who starts")
    p.sendeof()
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0


def test_bad_game_is_one_line() -> None:
    p = spawn("nmi", "3")
    p.expect(pexpect.EOF)
    out = p.before
    p.close()
    assert p.exitstatus == 2 and re.search(r"unknown game 'nmi'", out) and "Traceback" not in out
