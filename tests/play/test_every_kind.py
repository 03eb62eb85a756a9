"""Issue 37: every kind of game on every face but the browser (tests/web has it):
the loopy catalogue game put-back against a brute-force fixpoint of its raw
rules, the zero-sum game carrot against plain minimax of its raw rules, misère
play in a session against brute force, and the command line's analyze and play
of each (draw by repetition, Max against Min, misère)."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

import grundy
from grundy.games.zerosum import zerosum
from grundy.play import Session
from grundy.play.minimax import MinimaxSession
from tests.solve.loopy_oracles import explore, outcomes

ROOT = Path(__file__).resolve().parents[2]


def _put_back_moves(cap: int):  # type: ignore[no-untyped-def]
    """The raw rules of put-back:C on a tuple of heaps."""
    def moves(t: tuple[int, ...]):  # type: ignore[no-untyped-def]
        for i, n in enumerate(t):
            for o in [n - k for k in (1, 2) if k <= n] + ([n + 1] if 0 < n < cap else []):
                yield t[:i] + (o,) + t[i + 1:]
    return moves


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 6])
def test_put_back_outcomes_match_a_fixpoint_of_the_raw_rules(cap: int) -> None:
    rs = grundy.games.get(f"put-back:{cap}")
    starts = [t for k in (1, 2) for t in itertools.product(range(cap + 2), repeat=k)]
    truth = outcomes(explore(_put_back_moves(cap), starts))
    for t in starts:
        got = grundy.analyze(rs.sum(*t)).outcome
        assert str(got) == truth[t], (cap, t)


def test_put_back_session_keeps_a_draw_and_sees_the_repetition() -> None:
    s = Session(grundy.games.get("put-back:4").sum(3))
    assert str(s.outcome) == "D" and "keep the draw" in s.hint()
    for _ in range(4):
        s.push(s.drawing_moves(1)[0])
        assert str(s.outcome) == "D"
    assert s.repeated() == 3 and not s.over


@lru_cache(maxsize=None)
def _minimax(row: tuple[int, ...], maxing: bool) -> int:
    """Choosing Carrot by plain minimax of the raw rules."""
    if len(row) == 1:
        return row[0]
    vals = [_minimax(row[1:], not maxing), _minimax(row[:-1], not maxing)]
    return max(vals) if maxing else min(vals)


def test_carrot_matches_plain_minimax_and_plays_perfectly() -> None:
    g = zerosum("carrot")
    for n in range(1, 8):
        for row in itertools.product((1, 3, 5, 2), repeat=n):
            assert g.value(row) == _minimax(row, True), row
            assert g.value(row, first="min") == _minimax(row, False), row
    row = (3, 1, 4, 1, 5, 9, 2, 6)
    s = MinimaxSession(g, row)
    while not s.over:  # the engine against itself keeps the value to the end
        s.push(s.engine_move())
    assert s.payoff == _minimax(row, True)


def _misere_wins(moves):  # type: ignore[no-untyped-def]
    @lru_cache(maxsize=None)
    def wins(p):  # type: ignore[no-untyped-def]
        opts = list(moves(p))
        return not opts or any(not wins(o) for o in opts)  # who cannot move wins
    return wins


def test_misere_session_against_brute_force() -> None:
    kayles = grundy.games.get("kayles")

    def moves(t):  # type: ignore[no-untyped-def]
        for i, n in enumerate(t):
            for k in (1, 2):
                for left in range(n - k + 1):
                    yield tuple(sorted(t[:i] + (left, n - k - left) + t[i + 1:]))

    wins = _misere_wins(moves)
    for t in [(1,), (2,), (3,), (1, 1), (1, 2), (2, 2), (3, 4), (1, 1, 1), (5,), (2, 3)]:
        s = Session(kayles.sum(*t), misere=True)
        assert (str(s.outcome) == "N") == wins(t), t
        # the engine against itself: whoever was to move in an N-position wins
        first_wins = wins(t)
        while not s.over:
            s.play_engine()
        assert (s.winner == 0) == first_wins, t


def _grundy(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "grundy", *args], input=stdin, capture_output=True,
                          text=True, timeout=300, env=env)


@pytest.mark.heavy
def test_the_command_line_faces() -> None:
    r = _grundy("analyze", "put-back:4", "1", "2")
    assert r.returncode == 0 and "D (a draw" in r.stdout and "infinite, no escape: a draw" in r.stdout
    assert "remoteness:    none (a draw)" in r.stdout
    r = _grundy("analyze", "put-back:4", "1", "--json")
    assert '"value": "inf({0})"' in r.stdout and "escapes to 0" in r.stdout
    r = _grundy("analyze", "carrot", "3", "1", "4", "1", "5", "9")
    assert r.returncode == 0 and "value:         4" in r.stdout and "take the first (3)" in r.stdout
    r = _grundy("play", "carrot", "3", "1", "4", "1", "5", "9", "--first", "me", stdin="first\nlast\nfirst\n")
    assert "Game over: the payoff is 1 (worse for you than best play: 4)." in r.stdout, r.stdout
    r = _grundy("play", "put-back:4", "3", "--first", "me",
                stdin="put back 1\nput back 1\nput back 1\nput back 1\n")
    assert "Draw by repetition" in r.stdout, r.stdout
    r = _grundy("play", "nim", "1", "2", "--first", "me", "--misere", stdin="heap 2 to 0\n")
    assert "misère nim" in r.stdout and "You win!" in r.stdout, r.stdout


@pytest.mark.heavy
def test_misere_play_shows_quotient_elements_not_normal_values() -> None:
    """Terminal misère play shows each component's misère-quotient element where a
    quotient applies (never its normal-play nimber), and the outcome."""
    r = _grundy("play", "kayles", "5", "3", "--first", "me", "--misere", stdin="quit\n")
    assert "misère element" in r.stdout and "value 4" not in r.stdout, r.stdout
    assert "Misère play: N" in r.stdout, r.stdout
    r = _grundy("play", "nim", "1", "1", "5", "--first", "me", "--misere", stdin="quit\n")
    assert "value" not in r.stdout.lower().replace("misère value", ""), r.stdout
    assert "Misère play: N" in r.stdout, r.stdout


def test_misere_elements_decide_the_misere_outcome() -> None:
    """Sums of Kayles heaps with the same quotient element have the same misère
    outcome by brute force (the elements shown mean what they say)."""
    kayles = grundy.games.get("kayles")

    def moves(t):  # type: ignore[no-untyped-def]
        for i, n in enumerate(t):
            for k in (1, 2):
                for left in range(n - k + 1):
                    yield tuple(sorted(x for x in t[:i] + (left, n - k - left) + t[i + 1:] if x))

    wins = _misere_wins(moves)
    seen: dict[str, bool] = {}
    for t in [(1,), (2,), (3,), (1, 1), (1, 2), (2, 2), (3, 4), (1, 1, 1), (5,), (2, 3), (4, 4),
              (1, 4), (2, 5), (3, 3), (1, 2, 3), (6,), (1, 6)]:
        known = Session(kayles.sum(*t), misere=True).misere_elements()
        assert known is not None, t
        parts, whole = known
        assert len(parts) == len(t)
        assert seen.setdefault(whole, wins(t)) == wins(t), (t, whole)


def test_zero_sum_game_repr_pastes_back() -> None:
    """The catalogue's zero-sum game shows as something a user can paste back."""
    import grundy

    for g in grundy.games.zerosum_entries():
        assert repr(g) == f"grundy.games.zero_sum({g.name!r})"
        assert eval(repr(g), {"grundy": grundy}) is g
    assert repr(grundy.games.zero_sum("carrot")) == "grundy.games.zero_sum('carrot')"
