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
builds every state's edges with numpy (red pieces as an unordered pair, black in
the rows it can still reach) and runs the same compiled analysis on up to
2 * 100 * 4950 states.
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


def board_graph(board: list[str]) -> tuple[int, Any, Any, Any, int]:
    """Every state of the board as a number, ``(states, src, dst, terminal,
    root)``, built with numpy. Two reductions keep the graph small: the red
    pieces are interchangeable, so a state holds their unordered pair (``p``
    of ``C(cells, 2)``), and black never moves down, so its cell lies in the
    rows up to its start (``b < B``). State ``(b * P + p) * 2 + turn``.

    A red move changes the pair and not black's cell, a black move the cell
    and not the pair: the moves of each side come from a small table (pair to
    pair, cell to cell), repeated over the other side's part by broadcasting."""
    n, m = len(board), len(board[0])
    cells = n * m
    free = np.array([c != "#" for row in board for c in row])
    nb = np.full((cells, 4), -1, dtype=np.int32)  # neighbour per step, -1 if blocked
    for i in range(n):
        for j in range(m):
            for d, (di, dj) in enumerate(STEPS):
                a, b = i + di, j + dj
                if 0 <= a < n and 0 <= b < m and free[a * m + b]:
                    nb[i * m + j, d] = a * m + b
    (bi, bj), (ai, aj), (ci, cj) = pieces(board)
    B = (bi + 1) * m  # black's cells: the rows up to its start
    pa, pb = (x.astype(np.int32) for x in np.triu_indices(cells, 1))
    P = pa.shape[0]
    pair = np.full((cells, cells), -1, dtype=np.int32)
    pair[pa, pb] = pair[pb, pa] = np.arange(P, dtype=np.int32)
    cell = np.arange(B, dtype=np.int32)
    top = cell < m
    hit = (cell[:, None] == pa[None, :]) | (cell[:, None] == pb[None, :])  # (B, P)
    valid = free[:B, None] & (free[pa] & free[pb])[None, :]
    live = valid & ~top[:, None] & ~hit  # states with moves (either turn)
    states = 2 * B * P
    terminal = np.full((B, P, 2), FIXED_DRAW, dtype=np.uint8)  # invalid states: inert
    t_red = np.where(top[:, None] | hit, FIXED_LOSS, 0).astype(np.uint8)
    t_black = np.where(top[:, None], FIXED_WIN, np.where(hit, FIXED_LOSS, 0)).astype(np.uint8)
    terminal[..., 0] = np.where(valid, t_red, FIXED_DRAW)
    terminal[..., 1] = np.where(valid, t_black, FIXED_DRAW)
    base = 2 * P * cell[:, None]  # (B, 1): the first state of black's cell
    # red moves, pair ps[k] -> qs[k], on every black cell where the state lives
    ps, qs = [], []
    for mine, other in ((pa, pb), (pb, pa)):
        for d in range(4):
            to = nb[mine, d]
            ok = (to >= 0) & (to != other)
            ps.append(np.flatnonzero(ok).astype(np.int32))
            qs.append(pair[to[ok], other[ok]])
    pk, qk = np.concatenate(ps), np.concatenate(qs)
    ok = live[:, pk]
    src_red = (base + 2 * pk[None, :])[ok]
    dst_red = (base + (2 * qk + 1)[None, :])[ok]
    # black moves (never down), cell bs[k] -> bt[k], with every live pair
    bs, bd = np.nonzero(nb[:B, :3] >= 0)
    bs, bt = bs.astype(np.int32), nb[bs, bd]
    pairs2 = 2 * np.arange(P, dtype=np.int32)[None, :]
    ok = live[bs]
    src_black = (2 * P * bs[:, None] + pairs2 + 1)[ok]
    dst_black = (2 * P * bt[:, None] + pairs2)[ok]
    src = np.concatenate([src_red, src_black])
    dst = np.concatenate([dst_red, dst_black])
    root = 2 * ((bi * m + bj) * P + int(pair[ai * m + aj, ci * m + cj]))
    return states, src, dst, terminal.ravel(), root


def solve_board(board: list[str]) -> str:
    states, src, dst, terminal, root = board_graph(board)
    a = LoopyAnalysis(states, src, dst, terminal=terminal, name="river-pawn")
    return answer(a.outcome(root), a.remoteness(root))


def solve(text: str) -> str:
    return "\n".join(solve_board(board) for board in parse(text))


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
