"""七管荧光灯 (the notes' seven-segment game): stones on the seven segments of a
digit display; a move picks connected segments containing no cycle and takes any
number from each (at least one stone in all). Given l_i <= (stones on i) <= r_i
(up to 10^18), count the first-player wins modulo 998244353.

Input: seven lines "l r". Output: the count. Segments 1-3 are the upper three
(upper-left, top, upper-right), 4 the middle bar, 5-7 the lower three.

The notes' theorem: P-positions are exactly segments 1 = 2 = 3 = x, 5 = 6 = 7 = z
and x ^ y ^ z = 0 (y on segment 4). Their number is a count of XOR-zero triples
in a box, :func:`grundy.solve.counting.count_xor_box` (a digit DP).
"""

from __future__ import annotations

import sys

from grundy.solve.counting import count_xor_box

MOD = 998244353


def solve(text: str) -> str:
    v = [int(t) for t in text.split()]
    lo, hi = v[0::2], v[1::2]
    total = 1
    for a, b in zip(lo, hi):
        total = total * (b - a + 1) % MOD
    groups = [(0, 1, 2), (3,), (4, 5, 6)]
    ranges = [range(max(lo[i] for i in g), min(hi[i] for i in g) + 1) for g in groups]
    p = count_xor_box(ranges, 0, mod=MOD) if all(r.stop > r.start for r in ranges) else 0
    return str((total - p) % MOD)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
