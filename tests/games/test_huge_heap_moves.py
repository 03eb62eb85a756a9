"""A typed move on a huge heap of a take-and-break game is checked from the
code's digits, never by listing the heap's options: ``grundy play dawson
10**12`` hung on the person's first move (the legality test walked through
10^12 options). The test from the digits is held equal to the listing on
small heaps, for octal and hexadecimal codes, finite and repeated."""

from __future__ import annotations

import threading
from itertools import islice

import pytest
from click.testing import CliRunner

import grundy
from grundy.cli.main import cli
from grundy.play import Session
from grundy.rules.sums import Sum

CODES = ["octal:0.07", "octal:0.77", "octal:4.07", "octal:0.137", "octal:0.6", "octal:0.3...",
         "octal:4.3...", "octal:0.4", "octal:0.51", "hex:0.8", "hex:0.f", "hex:4.9", "hex:0.c4...",
         "grundys-game", "rowruns:2,3"]


def _candidates(n: int) -> list[object]:
    """Every option any of the codes could have from a heap of ``n``, and forms
    no move function writes (``Sum(r)``, heaps of 0, negative heaps)."""
    out: list[object] = [Sum(), 0, -1, Sum(0), Sum(0, n), "x", (1, 2), Sum(1, 2, 3, 4)]
    out += list(range(n + 2)) + [Sum(r) for r in range(n + 1)]
    out += [Sum(a, b) for a in range(n + 1) for b in range(n + 1)]
    out += [Sum(a, b, c) for a in range(1, n) for b in range(1, n) for c in range(1, n) if a + b + c <= n]
    return out


@pytest.mark.parametrize("spec", CODES)
def test_is_option_from_the_digits_equals_the_listing(spec: str) -> None:
    rs = grundy.games.get(spec)
    for n in range(0, 11):
        listed = set(rs.moves(n))
        for o in _candidates(n):
            assert rs.is_option(n, o) == (o in listed), (spec, n, o)


def _answers_within(seconds: float, fn) -> object:  # type: ignore[no-untyped-def]
    """``fn()``'s answer; a failure (not a hang) when it takes more than ``seconds``."""
    out: list[object] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(fn())
        except BaseException as exc:  # raised again in the test's thread
            failed.append(exc)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    if failed:
        raise failed[0]
    assert out, f"no answer in {seconds} s"
    return out[0]


@pytest.mark.parametrize("spec,move", [
    ("dawson", "knock 500000000000 500000000001"),
    ("dawson", "knock 1 2"),
    ("kayles", "knock 7"),
    ("octal:0.137", "take 3"),
    ("lasker", "split 1 999999999999"),
    ("grundys-game", "split 1 999999999999"),
])
def test_a_move_on_a_huge_heap_is_checked_at_once(spec: str, move: str) -> None:
    s = Session(grundy.games.get(spec).sum(10**12))
    ply = _answers_within(60, lambda: s.push(move))   # generous: a hang is what is caught
    assert ply.after.components  # type: ignore[attr-defined]
    with pytest.raises(grundy.InvalidPositionError):
        _answers_within(60, lambda: s.push("knock 1 2 3 4 5 6 7 8 9 10"))


def test_grundy_play_dawson_10_12_takes_a_move() -> None:
    out = _answers_within(120, lambda: CliRunner().invoke(
        cli, ["play", "dawson", "10**12", "--first", "me"],
        input="knock 500000000000 500000000001\nquit\n").output)
    assert "You play: knock 500000000000 500000000001" in out, out  # type: ignore[operator]
    assert "Engine plays:" in out, out  # type: ignore[operator]
