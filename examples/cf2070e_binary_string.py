"""Codeforces 2070E Game with Binary String: on a cyclic binary string the first
player removes two adjacent 0s, the second two adjacent characters that are not
both 0; who cannot move loses. Count the substrings of s the first player wins.

Input: n and s. Output: the count.

The notes' characterisation: with x zeros and y ones, the first player wins iff
x - 3y >= 2 or x - 3y == -1. With prefix sums p (+1 per 0, -3 per 1), a substring
(l, r] wins iff p_l <= p_r - 2 or p_l == p_r + 1: pairs counted by a Fenwick tree
(:func:`grundy.kernels.fwht.count_pairs_at_least`) and a dictionary, O(n log n).
"""

from __future__ import annotations

import sys

import numpy as np

from grundy.kernels.fwht import count_pairs_at_least


def solve(text: str) -> str:
    parts = text.split()
    s = parts[1] if len(parts) > 1 else ""
    steps = np.where(np.frombuffer(s.encode(), dtype=np.uint8) == ord("1"), -3, 1)
    p = np.concatenate(([0], np.cumsum(steps))).astype(np.int64)
    total = count_pairs_at_least(p, 2)
    seen: dict[int, int] = {}
    for x in p.tolist():
        total += seen.get(x + 1, 0)
        seen[x] = seen.get(x, 0) + 1
    return str(total)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
