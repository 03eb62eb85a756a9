"""Luogu P8382 [POI2004] Gra: m cells in a row, n pieces on distinct cells (the
last cell is empty). A move takes a piece to the first empty cell to its right;
whoever puts a piece on cell m wins. Count the first player's winning first moves.

Reduction (the notes): number the empty cells from the right (cell m is empty
cell 0) and let f_i be the number of pieces just left of empty cell i. Moving the
j-th piece of block i moves j pieces from block i to block i - 1: Staircase Nim.
If f_0 > 0 each of those pieces wins at once. Otherwise nobody may move pieces
into block 0, so block 1 is the ground and the game is the library's
``StaircaseNim`` on (f_2, f_3, ...); runs of empty blocks are shortened keeping
their parity. Each winning Staircase move is one winning first move (counted
without building the positions: O(n) in all).

Input: "m n", then the n positions (increasing). Output: the count.
"""

from __future__ import annotations

import sys

from grundy.games import StaircaseNim


def blocks(m: int, pieces: list[int]) -> list[int]:
    """f_0, f_1, ...; a run of r >= 1 empty blocks between two non-empty ones is
    kept as 1 or 2 empty blocks (same parity), so the list has O(n) entries."""
    pos = sorted(pieces, reverse=True)
    f: list[int] = []
    cell, i = m, 0  # ``cell`` is the current empty cell
    while True:
        cnt = 0
        while i < len(pos) and pos[i] == cell - 1 - cnt:
            cnt += 1
            i += 1
        f.append(cnt)
        if i == len(pos):
            return f
        empties = (cell - 1 - cnt) - pos[i]  # empty cells down to the next piece
        zeros = empties - 1  # empty blocks in between
        if zeros:
            f.extend([0] * (1 if zeros % 2 else 2))
        cell = pos[i] + 1


def solve(text: str) -> str:
    nums = [int(x) for x in text.split()]
    m, n = nums[0], nums[1]
    f = blocks(m, nums[2 : 2 + n])
    if f[0]:
        return str(f[0])
    return str(len(StaircaseNim().winning_transfers(tuple(f[2:]))))


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
