"""Luogu P9169 [省选联考 2023] 过河卒 (River-crossing pawn).

An n x m board (n, m <= 10) with obstacles '#', one black piece 'X' and two red
pieces 'O'. Red moves first: one red piece one step up, down, left or right (on the
board, not onto an obstacle or the other red piece). Black moves its piece one step
up, left or right (not onto an obstacle). Before each move, in this order: black on
the first row -> black wins; black on a red piece -> the player who just moved wins;
the player to move cannot move -> the other wins. The winner hurries, the loser
delays, and a player who cannot win but can draw draws.

Input: "num T", then T cases "n m" and n rows. Output per case: "Tie", or
"Red k" / "Black k" with k the number of moves both players make in all.

The game is partizan with draws and move counts: a state carries whose turn it is,
the rules fix the results, and the library's retrograde analysis does the rest. Two
ways in: :class:`RiverPawn`, a readable ruleset (``result`` hook for the fixed
results) for :func:`grundy.solve.loopy.analyze_loopy`; and :func:`solve_board`, which
builds every state's edges with numpy and runs the same compiled analysis on up to
2 * 100^3 states.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

import grundy
from grundy import Outcome
from grundy.kernels.retrograde import FIXED_DRAW, FIXED_LOSS, FIXED_WIN
from grundy.solve.loopy import LoopyAnalysis, analyze_loopy

RED, BLACK = 0, 1
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))  # black uses the first three


def parse(text: str) -> list[list[str]]:
    it = iter(text.split())
    next(it)  # the test point number
    boards = []
    for _ in range(int(next(it))):
        n, m = int(next(it)), int(next(it))
        boards.append([next(it) for _ in range(n)])
    return boards


def pieces(board: list[str]) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    black = next((i, j) for i, row in enumerate(board) for j, c in enumerate(row) if c == "X")
    red = [(i, j) for i, row in enumerate(board) for j, c in enumerate(row) if c == "O"]
    return black, red[0], red[1]


class RiverPawn(grundy.Ruleset):
    """States ``(black, red1, red2, turn)`` with cells as ``(row, col)``."""

    def __init__(self, board: list[str]) -> None:
        self.board, self.name = board, "river-pawn"
        self.n, self.m = len(board), len(board[0])

    def free(self, i: int, j: int) -> bool:
        return 0 <= i < self.n and 0 <= j < self.m and self.board[i][j] != "#"

    def result(self, state: Any) -> Outcome | None:
        black, r1, r2, turn = state
        if black[0] == 0:
            return Outcome.N if turn == BLACK else Outcome.P
        if black in (r1, r2):
            return Outcome.P  # the player who just moved has won
        return None  # no move at all: the library's rule (the player to move loses)

    def moves(self, state: Any) -> list[Any]:
        (bi, bj), r1, r2, turn = state
        out = []
        if turn == BLACK:
            for di, dj in STEPS[:3]:
                if self.free(bi + di, bj + dj):
                    out.append(((bi + di, bj + dj), r1, r2, RED))
            return out
        for k, (ri, rj) in enumerate((r1, r2)):
            other = r2 if k == 0 else r1
            for di, dj in STEPS:
                c = (ri + di, rj + dj)
                if self.free(*c) and c != other:
                    out.append(((bi, bj), c, r2, BLACK) if k == 0 else ((bi, bj), r1, c, BLACK))
        return out


def answer(outcome: Outcome, remoteness: int | None) -> str:
    if outcome is Outcome.D:
        return "Tie"
    # red is to move at the start: N means red wins
    return f"{'Red' if outcome is Outcome.N else 'Black'} {remoteness}"


def solve_by_ruleset(board: list[str]) -> str:
    black, r1, r2 = pieces(board)
    root = (black, r1, r2, RED)
    a = analyze_loopy(RiverPawn(board), root)
    return answer(a.outcome(root), a.remoteness(root))


def board_graph(board: list[str]) -> tuple[int, Any, Any, Any]:
    """Every state of the board as numbers ``((b * C + r1) * C + r2) * 2 + turn``
    (C cells): ``(states, src, dst, terminal)``, built with numpy."""
    n, m = len(board), len(board[0])
    cells = n * m
    free = np.array([c != "#" for row in board for c in row])
    nb = np.full((cells, 4), -1, dtype=np.int64)  # neighbour per step, -1 if blocked
    for i in range(n):
        for j in range(m):
            for d, (di, dj) in enumerate(STEPS):
                a, b = i + di, j + dj
                if 0 <= a < n and 0 <= b < m and free[a * m + b]:
                    nb[i * m + j, d] = a * m + b
    b, r1, r2 = (x.ravel() for x in np.meshgrid(
        np.arange(cells), np.arange(cells), np.arange(cells), indexing="ij"))
    base = (b * cells + r1) * cells + r2  # state number // 2
    valid = free[b] & free[r1] & free[r2] & (r1 != r2)
    states = 2 * cells**3
    terminal = np.full(states, FIXED_DRAW, dtype=np.uint8)  # invalid states: inert
    top = (b // m) == 0
    hit = (b == r1) | (b == r2)
    t_red = np.where(top, FIXED_LOSS, np.where(hit, FIXED_LOSS, 0))
    t_black = np.where(top, FIXED_WIN, np.where(hit, FIXED_LOSS, 0))
    terminal[2 * base[valid]] = t_red[valid]
    terminal[2 * base[valid] + 1] = t_black[valid]
    live = valid & ~top & ~hit
    srcs, dsts = [], []
    for d in range(4):  # red moves: from turn 0 to turn 1
        for which, (mine, other) in enumerate(((r1, r2), (r2, r1))):
            to = nb[mine, d]
            ok = live & (to >= 0) & (to != other)
            nr1 = np.where(which == 0, to, r1)[ok]
            nr2 = np.where(which == 0, r2, to)[ok]
            srcs.append(2 * base[ok])
            dsts.append(2 * ((b[ok] * cells + nr1) * cells + nr2) + 1)
    for d in range(3):  # black moves: from turn 1 to turn 0
        to = nb[b, d]
        ok = live & (to >= 0)
        srcs.append(2 * base[ok] + 1)
        dsts.append(2 * ((to[ok] * cells + r1[ok]) * cells + r2[ok]))
    src = np.concatenate(srcs).astype(np.int32)
    dst = np.concatenate(dsts).astype(np.int32)
    return states, src, dst, terminal


def solve_board(board: list[str]) -> str:
    m = len(board[0])
    states, src, dst, terminal = board_graph(board)
    a = LoopyAnalysis(states, src, dst, terminal=terminal, name="river-pawn")
    (bi, bj), (ai, aj), (ci, cj) = pieces(board)
    cells = len(board) * m
    root = 2 * (((bi * m + bj) * cells + ai * m + aj) * cells + ci * m + cj)
    return answer(a.outcome(root), a.remoteness(root))


def solve(text: str) -> str:
    return "\n".join(solve_board(board) for board in parse(text))


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
