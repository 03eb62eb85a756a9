"""ABC278G driven by the play Session: against a brute-force judge (the raw rules
on a bitmask of the board, independent of the library) that plays a winning move
whenever it has one, on every board N <= 9 and every L <= R <= N; the player's
choice of side must be the brute-force outcome, and it must always win."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _example():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("abc278g", ROOT / "examples" / "abc278g_interactive.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def moves(mask: int, n: int, lo: int, hi: int) -> Iterator[tuple[int, int, int]]:
    """(x, y, mask after): erase y consecutive integers x..x+y-1 still present."""
    for x in range(1, n + 1):
        for y in range(lo, hi + 1):
            if x + y - 1 > n:
                break
            bits = ((1 << y) - 1) << x
            if mask & bits != bits:
                break
            yield x, y, mask & ~bits


@lru_cache(maxsize=None)
def wins(mask: int, n: int, lo: int, hi: int) -> bool:
    return any(not wins(after, n, lo, hi) for _, _, after in moves(mask, n, lo, hi))


def referee(n: int, lo: int, hi: int, rng: random.Random) -> tuple[list[str], str]:
    """Play the example against the optimal judge; return the player's lines and
    the result."""
    mod = _example()
    mask = ((1 << n) - 1) << 1
    sent: list[str] = []
    inbox = [f"{n} {lo} {hi}"]
    state = {"mask": mask, "result": "unfinished"}

    def judge_move() -> str:
        options = list(moves(state["mask"], n, lo, hi))
        if not options:
            state["result"] = "player won"
            return "0 0"
        good = [o for o in options if not wins(o[2], n, lo, hi)]
        x, y, after = rng.choice(good or options)
        state["mask"] = after
        return f"{x} {y}"

    def write(line: str) -> None:
        sent.append(line)
        if line in ("First", "Second"):
            if line == "Second":
                inbox.append(judge_move())
            return
        x, y = map(int, line.split())
        legal = {(a, b): after for a, b, after in moves(state["mask"], n, lo, hi)}
        if (x, y) not in legal:
            state["result"] = f"illegal move {x} {y}"
            inbox.append("-1 -1")
            return
        state["mask"] = legal[(x, y)]
        inbox.append(judge_move())

    def read() -> str:
        return inbox.pop(0)

    mod.play(read, write)
    return sent, str(state["result"])


@pytest.mark.parametrize("n", range(1, 10))
def test_against_an_optimal_judge(n: int) -> None:
    rng = random.Random(n)
    for lo in range(1, n + 1):
        for hi in range(lo, n + 1):
            sent, result = referee(n, lo, hi, rng)
            full = ((1 << n) - 1) << 1
            assert sent[0] == ("First" if wins(full, n, lo, hi) else "Second"), (n, lo, hi)
            assert result == "player won", (n, lo, hi, sent, result)


def test_larger_boards_random_rules() -> None:
    """Boards to 14 (brute force still instant), random L <= R."""
    rng = random.Random(278)
    for _ in range(25):
        n = rng.randrange(10, 15)
        lo = rng.randrange(1, 5)
        hi = rng.randrange(lo, lo + 3)
        sent, result = referee(n, lo, hi, rng)
        assert result == "player won", (n, lo, hi, sent)


def test_the_session_holds_the_board() -> None:
    """The example keeps no board of its own: the session's components are the runs."""
    mod = _example()
    board = mod.Board(10, 2, 3)
    board.erase(4, 2)  # leaves 1..3 and 6..10
    assert sorted(board._runs()) == [(1, 3), (6, 5)]
    assert len(board.session.plies) == 1
    board.session.pop()  # a take-back through the session
    board.starts = [1]
    assert board._runs() == [(1, 10)]
