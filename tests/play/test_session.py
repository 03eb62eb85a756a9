"""The play session: the engine never loses from an N-position, resists as long
as possible from a P-position, and push/pop/undo keep the history straight.
Oracles: plain recursion on the raw rules of the sum (tests/oracles.py)."""

from __future__ import annotations

import random

import pytest

import grundy
from grundy import SumMove
from grundy.games import get
from grundy.play import Session
from grundy.values.errors import InvalidPositionError
from grundy.play.session import SESSION_BUDGET
from tests.oracles import remoteness, sum_moves, wins

GAMES = [
    ("nim", 3, 6),
    ("kayles", 3, 9),
    ("lasker", 2, 7),
    ("subtraction:1,3,4", 3, 12),
    ("dawson", 2, 10),
]


def _raw(rs: grundy.Ruleset):  # type: ignore[no-untyped-def]
    """Moves of the sum game on tuples of single positions (Sum options spread)."""
    def mv(p):  # type: ignore[no-untyped-def]
        for o in rs.moves(p):
            yield tuple(sorted(o.parts)) if type(o) is grundy.Sum else (o,)
    def sum_mv(ps):  # type: ignore[no-untyped-def]
        for i, p in enumerate(ps):
            for parts in mv(p):
                yield tuple(sorted(ps[:i] + parts + ps[i + 1:]))
    return sum_mv


def _pos(s: Session) -> tuple:
    return tuple(sorted(c.position for c in s.game.components))


@pytest.mark.parametrize("spec,k,top", GAMES)
def test_engine_never_loses_from_n(spec: str, k: int, top: int) -> None:
    rs = get(spec)
    raw = _raw(rs)
    w = wins(raw)
    rem = remoteness(raw)
    rng = random.Random(spec)
    played = 0
    while played < 40:
        heaps = tuple(rng.randint(0, top) for _ in range(rng.randint(1, k)))
        s = Session(rs.sum(*heaps))
        if not w(_pos(s)) or s.over:
            # From a P-position: the engine's reply to a random move keeps the
            # win when it has one; when the person plays perfectly... the person
            # here moves at random, so the engine usually gets an N-position.
            if s.over:
                continue
            s.push(rng.choice(s.moves()))
            if not w(_pos(s)):
                continue
        engine = s.to_move
        while not s.over:
            if s.to_move == engine:
                assert w(_pos(s)), "the engine is in an N-position whenever it moves"
                s.play_engine()
                assert not w(_pos(s))
            else:
                before = _pos(s)
                r = rem(before)
                reply = s.engine_move()  # what the engine would play here: longest loss
                s.push(reply)
                assert rem(_pos(s)) == r - 1, "the losing engine keeps the game going longest"
                s.pop()
                s.push(rng.choice(s.moves()))
        assert s.winner == engine
        played += 1


def test_losing_engine_picks_the_highest_remoteness() -> None:
    rs = get("kayles")
    raw = _raw(rs)
    rem = remoteness(raw)
    for heaps in [(4, 4), (1, 1, 3, 3), (6, 6), (2, 3, 1)]:
        s = Session(rs.sum(*heaps))
        if rs.sum(*heaps).value:
            continue
        best = max(rem(tuple(sorted(p))) for p in raw(_pos(s)))
        s.play_engine()
        assert rem(_pos(s)) == best


def test_push_pop_undo_history() -> None:
    nim = get("nim")
    s = Session(nim.sum(3, 4, 5))
    assert s.value_history == [2]
    s.push("heap 1 to 1")
    s.play_engine()
    s.push(s.engine_move())
    assert len(s.plies) == 3 and s.to_move == 1
    assert s.value_history[0] == 2 and s.value_history[1] == 0
    assert s.value_history == [2] + [p.value for p in s.plies]
    taken = s.undo(0)  # player 0's last move (and nothing after it)
    assert [p.player for p in taken] == [0]
    assert len(s.plies) == 2
    s.pop(), s.pop()
    assert s.game == nim.sum(3, 4, 5) and s.value_history == [2]
    with pytest.raises(InvalidPositionError, match="no move to take back"):
        s.pop()


def test_illegal_moves_change_nothing() -> None:
    s = Session(get("wythoff")[4, 6])
    for bad in ("both 7", "heap 3 to 0", "zzz", "", SumMove(0, (5, 5)), SumMove(2, (1, 1))):
        with pytest.raises(InvalidPositionError):
            s.push(bad)  # type: ignore[arg-type]
    assert s.plies == [] and s.value_history == [s.value]


def test_splits_become_components() -> None:
    s = Session(get("lasker")[7])
    s.push("split 3 4")
    assert [c.position for c in s.game.components] == [3, 4]
    assert s.values() == [4, 3]  # Lasker: g(3) = 4, g(4) = 3
    s.push("1: take 3")
    assert s.format_move(SumMove(1, 0)) == "2: take 4"
    k = Session(get("kayles")[3])
    k.push("knock 2")
    assert [c.position for c in k.game.components] == [1, 1]
    k.push("1: knock 1")
    assert [c.position for c in k.game.components] == [1]


def test_hint() -> None:
    s = Session(get("nim").sum(1, 1))
    assert "P-position" in s.hint()
    s.push("heap 1 to 0")
    assert s.hint() == "heap 2 to 0"
    s.push("heap 2 to 0")
    assert s.over and s.winner == 1 and s.hint() == "the game is over"


def test_huge_positions_stay_within_the_budget() -> None:
    s = Session(get("nim").sum(10**100, 5))
    assert s.hint() == "heap 1 to 5"
    s = Session(get("wythoff")[10**100, 10**100 + 1])
    assert s.outcome is grundy.Outcome.N and s.hint().startswith("both ")
    take12 = grundy.ruleset(lambda n: [n - k for k in (1, 2) if k <= n])  # no closed form
    s = Session(take12[10**6], budget=SESSION_BUDGET.replace(positions=2_000))
    assert s.value is None and "beyond the search budget" in s.hint()
    s.play_engine()  # some move, even out of reach
    s = Session(get("kayles").sum(30, 30), budget=SESSION_BUDGET.replace(seconds=60))
    assert s.value == 0
    s.play_engine()
    assert s.value != 0
