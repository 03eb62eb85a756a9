"""Take one or split (the notes' exercise): n positive integers a_i; a move
replaces one a_i by a_i - 1 (a 0 disappears) or by two positive numbers i, j with
i + j = a_i. Whoever cannot move loses. n <= 10^6, a_i <= 10^4.

Input: n, then a_1..a_n. Output: "First" if the first player wins, else "Second".

The notes compute f(x) = mex{f(x-1), f(i) ^ f(x-i)} and XOR. That game is the
take-and-break game with octal code 4.3 (digit 4 at 0: split a heap in two
without taking; digit 3 at 1: take one, leaving zero or one heap), so the values
are the catalogue's ``octal:4.3`` table (compiled kernel), XORed over the heaps.
"""

from __future__ import annotations

import sys

import numpy as np

import grundy

GAME = grundy.games.get("octal:4.3")


def solve(text: str) -> str:
    data = np.array(text.split(), dtype=np.int64)
    a = data[1 : 1 + int(data[0])]
    table = np.asarray(GAME.table_array(int(a.max(initial=0))), dtype=np.int64)
    value = int(np.bitwise_xor.reduce(table[a])) if a.size else 0
    return "First" if value else "Second"


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
