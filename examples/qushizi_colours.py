"""取石子游戏 (the notes' counting problem): n heaps, heap i of colour c_i with a
size chosen from a set A_i. A move takes any x >= 1 from one heap, or 1..m stones
in total from heaps of one colour. Count the choices of sizes the first player
wins, modulo 998244353.

Input: "n m", then per heap "k c" and the k sizes of A_i. Output: the count.

The notes' theorem: a colour class is worth y (m + 1) + x, x the sum of its heaps
mod (m + 1) and y the XOR of their quotients by m + 1. Each class's value
distribution is a mixed (cyclic in x, XOR in y) convolution of its heaps',
Walsh-Hadamard-transformed along y; the classes are then independent components of
:func:`grundy.count_positions` (an XOR convolution modulo the prime).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

import grundy
from grundy.kernels.fwht import fwht, inverse_fwht

MOD = 998244353


def class_distribution(heaps: list[Any], m: int) -> Any:
    """``d[v]``: how many choices of one colour class's heap sizes (heap i from
    ``heaps[i]``) give the class value ``v`` (modulo MOD), as a dense array."""
    k = m + 1
    top = max((int(np.max(sizes)) // k for sizes in heaps if len(sizes)), default=0)
    size = 1 << max(top.bit_length(), 0)
    acc = np.zeros((k, size), dtype=np.int64)
    acc[0, 0] = 1
    acc = np.stack([fwht(row, mod=MOD) for row in acc])
    for sizes in heaps:
        f = np.zeros((k, size), dtype=np.int64)
        arr = np.asarray(sizes, dtype=np.int64)
        np.add.at(f, (arr % k, arr // k), 1)
        f = np.stack([fwht(row, mod=MOD) for row in f])
        new = np.zeros_like(acc)
        for x in range(k):
            for y in range(k):
                if f[y].any():
                    z = (x + y) % k
                    new[z] = (new[z] + acc[x] * f[y]) % MOD
        acc = new
    # value y (m + 1) + x sits at row x, column y: transposed, then flattened
    return np.stack([inverse_fwht(acc[x], mod=MOD) for x in range(k)], axis=1).ravel()


def _bad(what: str) -> Exception:
    from grundy.values.errors import InvalidPositionError

    return InvalidPositionError(f"qushizi: {what}")


def solve(text: str) -> str:
    data = np.fromstring(text, dtype=np.int64, sep=" ")  # fast: text to int64 in C
    if data.size < 2 or data[0] < 0 or data[1] < 1:
        raise _bad("the input needs n >= 0 and m >= 1 first")
    n, m = int(data[0]), int(data[1])
    classes: dict[int, list[Any]] = {}
    total, pos = 1, 2
    for _ in range(n):
        if pos + 2 > data.size or data[pos] < 0 or pos + 2 + data[pos] > data.size:
            raise _bad("the input ends early, or a heap has a negative count of sizes")
        k, c = int(data[pos]), int(data[pos + 1])
        if k and data[pos + 2 : pos + 2 + k].min() < 0:
            raise _bad("a heap size is negative")
        classes.setdefault(c, []).append(data[pos + 2 : pos + 2 + k])
        pos += 2 + k
        total = total * k % MOD
    comps = [class_distribution(h, m) for h in classes.values()]
    p = grundy.count_positions(comps, mod=MOD)
    return str((total - p) % MOD)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
