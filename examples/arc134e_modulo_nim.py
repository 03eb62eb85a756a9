"""AtCoder ARC134E Modulo Nim: a player picks m <= max(x) and replaces every x_i by
x_i mod m; whoever makes every number 0 loses. Count the sequences x_i in
[1, a_i] (n, a_i <= 200) the first player wins, modulo 998244353.

Input: n, then a_1..a_n. Output: the count.

Only the set S of values matters. The notes' case analysis: {1} and {2} lose; a set
with an odd number otherwise wins (m = 2 leaves {1}); all even with one = 2 mod 4
wins (m = 4 leaves {2}); all = 0 mod 4: sets with a value = 4, 8 mod 12 win, except {4, 8} which loses (checked by brute
force in the tests). What is left, sets of multiples of 12
(at most 16 of them), is tabulated over bitmasks, vectorised over all masks with
the same largest element; the sequences whose set is exactly T are counted by a
Moebius (subset) inversion of "every x_i in T".
"""

from __future__ import annotations

import sys

import numpy as np

MOD = 998244353


def lose_table(bits: int) -> np.ndarray:
    """``lose[T]`` for sets T of multiples of 12 (bit j: 12 (j + 1))."""
    lose = np.zeros(1 << bits, dtype=bool)
    for h in range(bits):
        size = 1 << h
        win = np.zeros(size, dtype=bool)
        for m in range(1, 12 * (h + 1) + 1):
            code, m12 = [], []
            for j in range(h + 1):
                r = 12 * (j + 1) % m
                if r == 0:
                    code.append(0), m12.append(0)
                elif r % 12 == 0:
                    code.append(32), m12.append(1 << (r // 12 - 1))
                else:
                    code.append({1: 1, 2: 2, 4: 4, 8: 8}.get(r, 16)), m12.append(0)
            c = np.zeros(size, dtype=np.int64)
            t = np.zeros(size, dtype=np.int64)
            for j in range(h):
                c[1 << j : 2 << j] = c[: 1 << j] | code[j]
                t[1 << j : 2 << j] = t[: 1 << j] | m12[j]
            c |= code[h]
            t |= m12[h]
            small_lose = (c == 1) | (c == 2) | (c == 12)  # {1}, {2}, {4, 8}
            win |= small_lose | ((c == 32) & lose[t])
        lose[size : 2 * size] = ~win
    return lose


def _powmod(base: np.ndarray, e: int) -> np.ndarray:
    out = np.ones_like(base)
    b = base % MOD
    while e:
        if e & 1:
            out = out * b % MOD
        b = b * b % MOD
        e >>= 1
    return out


def solve(text: str) -> str:
    v = [int(t) for t in text.split()]
    n, a = v[0], v[1 : 1 + v[0]]
    total = 1
    for x in a:
        total = total * x % MOD
    bad = 1  # {1}
    if min(a) >= 2:
        bad += 1  # {2}
    both = all4 = all8 = 1  # sequences over {4, 8}; all 4; all 8
    for x in a:
        both = both * ((x >= 4) + (x >= 8)) % MOD
        all4 *= x >= 4
        all8 *= x >= 8
    bad += both - all4 - all8  # the set is exactly {4, 8}
    bits = max(a) // 12 if min(a) >= 12 else 0  # every x_i a multiple of 12
    if bits:
        lose = lose_table(bits)
        masks = np.arange(1 << bits, dtype=np.int64)
        f = np.ones(1 << bits, dtype=np.int64)
        groups: dict[int, int] = {}
        for x in a:
            k = x // 12
            groups[k] = groups.get(k, 0) + 1
        popcount = np.zeros(1 << bits, dtype=np.int64)
        for j in range(bits):
            popcount += (masks >> j) & 1
        for k, cnt in groups.items():
            pop = popcount[masks & ((1 << k) - 1)]
            f = f * _powmod(pop, cnt) % MOD
        for j in range(bits):  # Moebius: sequences whose set is exactly T
            hi = (masks >> j) & 1 == 1
            f[hi] = (f[hi] - f[masks[hi] ^ (1 << j)]) % MOD
        bad += int(f[lose].sum() % MOD)
    return str((total - bad) % MOD)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
