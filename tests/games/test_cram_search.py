"""Cram's search hooks against the raw rules written here: the mirror strategy's
closed form, move counts of whole boards, and the published nimbers of empty boards
(Beling's table in the README of beling/impartial-games)."""

from __future__ import annotations

import random
import pytest

import grundy
from grundy.games.placement import cram_board, mirror_lost
from grundy.solve.reducer import PRUNED, REMOTENESS, SUSPENSE, Search, forget, outcome, reduce
from grundy.values.outcome import Outcome
from tests.oracles import grundy_values, remoteness, suspense

CRAM = grundy.games.get("cram")

#: Nimbers of empty Cram boards of at most 30 cells, from Beling's table (README of
#: beling/impartial-games, "The results obtained so far"; the smaller boards first
#: computed by Lemoine and Viennot's Glop and by Schneider).
PUBLISHED = {"4x4": 0, "4x5": 2, "4x6": 0, "4x7": 3, "5x5": 0, "5x6": 2}


def _options(board: str) -> list[str]:
    rows = board.split("/")
    h, w = len(rows), len(rows[0])
    out = []
    for r in range(h):
        for c in range(w):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < h and c2 < w and rows[r][c] == rows[r2][c2] == ".":
                    grid = [list(x) for x in rows]
                    grid[r][c] = grid[r2][c2] = "#"
                    out.append("/".join("".join(x) for x in grid))
    return out


#: the nimber of a board (rows of '.' and '#'), from the rules: the mex of its options
brute = grundy_values(_options)


_remoteness, _suspense = remoteness(_options), suspense(_options)


def steinhaus(board: str) -> tuple[int, int]:
    """Remoteness and suspense of a board, from the rules by the definitions."""
    return _remoteness(board), _suspense(board)


def _random_board(rng: random.Random, h: int, w: int) -> str:
    return "/".join("".join(rng.choice("...#") for _ in range(w)) for _ in range(h))


def _half_turn_board(rng: random.Random, h: int, w: int) -> str:
    n = h * w
    cells = [rng.random() < 0.7 for _ in range(n)]
    for i in range(n // 2):
        cells[n - 1 - i] = cells[i]  # cell i's image under the half turn
    return "/".join("".join(".#"[not cells[r * w + c]] for c in range(w)) for r in range(h))


def test_remoteness_and_suspense_of_whole_boards_equal_brute_force() -> None:
    """The move counts search whole boards, not the parts a value is split into."""
    rng = random.Random(4)
    for board in ("../../..", ".../...", "...."):
        assert (reduce(CRAM, cram_board(board), REMOTENESS),
                reduce(CRAM, cram_board(board), SUSPENSE)) == steinhaus(board), board
    for _ in range(40):
        board = _random_board(rng, rng.randint(1, 3), rng.randint(1, 4))
        p = cram_board(board)
        forget(CRAM)
        assert (reduce(CRAM, p, REMOTENESS), reduce(CRAM, p, SUSPENSE)) == steinhaus(board), board


def test_boards_the_mirror_strategy_declares_lost_are_lost() -> None:
    rng = random.Random(9)
    declared = 0
    for _ in range(150):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        board = _half_turn_board(rng, h, w) if rng.random() < 0.8 else _random_board(rng, h, w)
        p = cram_board(board)
        if mirror_lost(*p):
            declared += 1
            assert brute(board) == 0, board
            assert CRAM.value_formula(p) == 0
        else:
            assert CRAM.value_formula(p) is None
    assert declared > 20


def test_the_pruned_search_equals_brute_force_with_the_closed_form() -> None:
    rng = random.Random(12)
    for _ in range(40):
        board = _random_board(rng, rng.randint(2, 4), rng.randint(2, 4))
        forget(CRAM)
        assert reduce(CRAM, cram_board(board), search=PRUNED) == brute(board), board


@pytest.mark.parametrize("text", ["4x4", "4x5", "5x5"])
def test_published_small_boards(text: str) -> None:
    forget(CRAM)
    assert reduce(CRAM, CRAM.parse_position(text), search=PRUNED) == PUBLISHED[text]


@pytest.mark.slow
def test_every_published_board_of_at_most_30_cells() -> None:
    # about two minutes a board at most (benchmarks/bench_cram.py measures them)
    for text, value in PUBLISHED.items():
        forget(CRAM)
        assert reduce(CRAM, CRAM.parse_position(text), search=PRUNED) == value, text


def test_even_boards_are_lost_without_the_closed_form_too() -> None:
    """4 x 6 by the outcome search alone (no symmetry, so no mirror closed form)."""
    forget(CRAM)
    assert outcome(CRAM, CRAM.parse_position("4x6"),
                   search=Search(canonical=False)) is Outcome.P
