"""Play on loopy games (positions can repeat, some are draws): the session's
outcome, hints and the engine's choices against a brute-force fixpoint of the raw
rules (tests/solve/loopy_oracles.py) on small loopy games and sums of them, and
``grundy play FILE.py:NAME`` on a drawn position fed through stdin (it crashed on
``#1`` and hinted "P-position" in a draw)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

import grundy
from grundy.play import Session
from grundy.values.outcome import Outcome
from tests.solve.loopy_oracles import explore, outcomes, remoteness

ROOT = Path(__file__).resolve().parents[2]


@grundy.ruleset
def back_and_forth(n: int):  # type: ignore[no-untyped-def]
    """Take 1 or 2, or put one back below 4: 3 and above are draws."""
    yield from (n - k for k in (1, 2) if k <= n)
    if 0 < n < 4:
        yield n + 1


@grundy.ruleset
def spin(n: int):  # type: ignore[no-untyped-def]
    """Take 1 or 2; from 1 and 2 one may also go round (wins inside a cycle)."""
    yield from (n - k for k in (1, 2) if k <= n)
    if n in (1, 2):
        yield 3 - n


#: x wins at once by a, or by y (a P-position of remoteness 2) from which the only
#: move leads back to x: a winner picking any P-option may go round for ever.
_TRAP = {"x": ["y", "a"], "y": ["x"], "a": [], "u": ["x", "v"], "v": ["u"]}


@grundy.ruleset
def trap(p: str):  # type: ignore[no-untyped-def]
    yield from _TRAP[p]


def _sum_graph(rs: grundy.Ruleset, start: tuple) -> dict:  # type: ignore[type-arg]
    def mv(t: tuple):  # type: ignore[no-untyped-def,type-arg]
        for i, p in enumerate(t):
            for o in rs.moves(p):
                yield t[:i] + (o,) + t[i + 1:]
    return explore(mv, [start])


CASES = [(back_and_forth, k) for k in [(n,) for n in range(7)] + list(itertools.product(range(6), repeat=2))]
CASES += [(spin, (n,)) for n in range(5)] + [(spin, t) for t in itertools.product(range(4), repeat=2)]
CASES += [(trap, (p,)) for p in _TRAP] + [(trap, ("x", "u")), (trap, ("u", "v"))]
CASES += [(back_and_forth, (1, 2, 4))]


def _pos(s: Session) -> tuple:  # type: ignore[type-arg]
    return tuple(c.position for c in s.game.components)


@pytest.mark.parametrize("rs,start", CASES, ids=lambda x: getattr(x, "name", str(x)))
def test_outcome_hint_and_engine_match_the_fixpoint(rs: grundy.Ruleset, start: tuple) -> None:  # type: ignore[type-arg]
    succ = _sum_graph(rs, start)
    out, rem = outcomes(succ), remoteness(succ)
    s = Session(rs.sum(*start))
    here = _pos(s)
    want = {"N": Outcome.N, "P": Outcome.P, "D": Outcome.D}[out[here]]
    assert s.outcome is want
    hint = s.hint()
    if s.over:
        assert hint == "the game is over"
        return
    if want is Outcome.D:
        assert hint.startswith("drawn: ")
        keep = s.drawing_moves()
        assert keep and all(out[_after(s, m)] == "D" for m in keep)
        assert {m for m in s.moves() if out[_after(s, m)] == "D"} == set(keep)
        reply = s.engine_move()
        assert out[_after(s, reply)] == "D", "from a draw the engine keeps the draw"
    elif want is Outcome.N:
        m = s.winning_move()
        assert m is not None and hint == s.format_move(m)
        after = _after(s, m)
        assert out[after] == "P" and rem[after] == rem[here] - 1, "the fastest win"
        reply = s.engine_move()
        assert out[_after(s, reply)] == "P" and rem[_after(s, reply)] == rem[here] - 1
    else:
        assert "P-position" in hint and s.winning_move() is None
        reply = s.engine_move()
        best = max(rem[_after(s, m)] for m in s.moves())
        assert rem[_after(s, reply)] == best, "the loser resists longest"


def _after(s: Session, m: grundy.SumMove) -> tuple:  # type: ignore[type-arg]
    s.push(m)
    try:
        return _pos(s)
    finally:
        s.pop()


@pytest.mark.parametrize("rs,start", [c for c in CASES if len(c[1]) <= 2])
def test_engine_against_itself_wins_in_remoteness_moves_or_keeps_the_draw(
        rs: grundy.Ruleset, start: tuple) -> None:  # type: ignore[type-arg]
    succ = _sum_graph(rs, start)
    out, rem = outcomes(succ), remoteness(succ)
    s = Session(rs.sum(*start))
    r = rem[_pos(s)]
    for _ in range(30):
        if s.over:
            break
        before = out[_pos(s)]
        s.play_engine()
        # nobody playing perfectly ever turns their own position into a loss
        assert {"N": "P", "P": "N", "D": "D"}[before] == out[_pos(s)]
    if out[start] == "D":
        assert not s.over and out[_pos(s)] == "D"
    else:
        assert s.over and len(s.plies) == r
        assert s.winner == (0 if out[start] == "N" else 1)


LOOPY_FILE = '''
import grundy

@grundy.ruleset
def back_and_forth(n):
    yield from (n - k for k in (1, 2) if k <= n)
    if 0 < n < 4:
        yield n + 1
'''


def _play(tmp_path: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    f = tmp_path / "loopy.py"
    f.write_text(LOOPY_FILE)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), NO_COLOR="1")
    # the command, its session's 2 s budget counted in CPU seconds (tests/cpu_clock.py):
    # a busy machine does not starve the engine's analysis
    from tests.cpu_clock import CPU_CLOCK

    code = (f"import sys; exec({CPU_CLOCK!r}); sys.argv = ['grundy', *sys.argv[1:]]; "
            "from grundy.cli.main import main; sys.exit(main())")
    return subprocess.run(
        [sys.executable, "-c", code, "play", f"{f}:back_and_forth", *args],
        input=stdin, capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path,
    )


def test_cli_play_on_a_drawn_position(tmp_path: Path) -> None:
    # was: 'hint' said "you are in a P-position" and '#1' (the engine's reply from
    # a draw) crashed with TypeError: '>' not supported between 'inf' and 'inf'
    r = _play(tmp_path, "5", "--first", "me", stdin="hint\n#1\nhint\n#1\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and r.stderr == ""
    assert "Hint: drawn: neither side can force a win; moves that keep the draw: take 1, take 2" in r.stdout
    assert "P-position" not in r.stdout
    assert "Value inf() [infinite, no escape] (D — a draw with best play)" in r.stdout
    # 5 -> 4 (person), the engine keeps the draw: 4 -> 3 (never 2 or 3 -> 2/1, won for the person)
    assert "Engine plays: take 1" in r.stdout
    assert "Hint: drawn: neither side can force a win; moves that keep the draw: to 4" in r.stdout
    # the person's second '#1' (3 -> 2) gives the engine a win, which it takes
    assert "Engine plays: take 2" in r.stdout and r.stdout.rstrip().endswith("The engine wins.")


@pytest.mark.heavy
def test_cli_play_engine_wins_a_loopy_game(tmp_path: Path) -> None:
    # back_and_forth 2 is N (take 2): the engine, moving first, wins at once
    r = _play(tmp_path, "2", "--first", "engine", stdin="quit\n")
    assert r.returncode == 0, r.stderr
    assert "Engine plays: take 2" in r.stdout and "The engine wins." in r.stdout


@pytest.mark.heavy
def test_cli_play_declares_a_draw_by_repetition(tmp_path: Path) -> None:
    # 4 is drawn: the person steps down to 3, the engine (keeping the draw) back up
    # to 4; the third time 4 comes up with the person to move, the game is drawn
    r = _play(tmp_path, "4", "--first", "me", stdin="take 1\ntake 1\ntake 1\ntake 1\nquit\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Engine plays: to 4") == 2
    assert "Draw by repetition: this position, with you to move, has come up 3 times." in r.stdout
    assert "bye" not in r.stdout  # the game ended there, before 'quit'
    # the generalised value in words beside inf()
    assert "Value inf() [infinite, no escape] (D — a draw with best play)" in r.stdout


def test_zero_sum_game_is_exported() -> None:
    import grundy
    from grundy.solve.minimax import ZeroSumGame

    assert grundy.ZeroSumGame is ZeroSumGame and "ZeroSumGame" in grundy.__all__
