"""2021 Niuke (牛客) multi-university training camp 1, problem A, Alice and Bob:
two heaps n and m. A move takes k >= 1 stones from one heap and s * k (s >= 0)
from the other; whoever cannot move loses. Alice moves first. T <= 10^4 queries,
n, m <= 5000.

Input: T, then T lines "n m". Output per query: "Alice" if the first player wins,
else "Bob".

A sieve of P-positions, as the notes: no two P-positions share a heap size (a
move can empty any difference within one heap, s = 0), so each row a holds at
most one, the first column b that no earlier P-position reaches; each new
P-position (a, b) then marks every (a + k, b + s k) and (a + s k, b + k) it is
reached from (about 2 N log N cells, as numpy index arrays; 2719 P-positions
below 5000). :class:`TakeMultiple` is the same game as a :class:`grundy.Ruleset`
(its memoised search is the reference for small heaps, :func:`by_rules`).
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterator
from typing import Any

import numpy as np

from grundy import Outcome, Ruleset


class TakeMultiple(Ruleset):
    """Take k >= 1 from one heap and s k (s >= 0) from the other."""

    name = "take k and s*k"
    tuple_position = True

    def moves(self, position: Any) -> Iterator[Hashable]:
        a, b = position
        for k in range(1, max(a, b) + 1):
            for s in range(0, max(a, b) // k + 1):
                if k <= a and s * k <= b:
                    yield (a - k, b - s * k)
                if k <= b and s * k <= a:
                    yield (a - s * k, b - k)


def by_rules(a: int, b: int) -> bool:
    """Whether the first player wins, by the library's search over the rules."""
    return TakeMultiple().outcome((a, b)) is Outcome.N


def p_table(n: int) -> np.ndarray:
    """partner[a] = the b with (a, b) a P-position (b <= n), else -1; a <= n."""
    w = n + 1
    k = np.concatenate([np.full(n // d + 1, d, dtype=np.int64) for d in range(1, w)])
    ks = np.concatenate([np.arange(n // d + 1, dtype=np.int64) * d for d in range(1, w)])
    first = np.searchsorted(k, np.arange(w + 1))  # entries with k < x: first[x]
    down = k * w + ks  # (a + k, b + s k) as flat offsets
    right = ks * w + k  # (a + s k, b + k)
    reached = np.zeros(w * w, dtype=bool)
    partner = np.full(w, -1, dtype=np.int64)
    for a in range(w):
        row = reached[a * w : (a + 1) * w]
        b = int(row.argmin())
        if row[b]:
            continue  # every b <= n is reached: no P-position in this row
        partner[a] = b
        base = a * w + b
        e = first[n - a + 1]
        reached[base + down[:e][ks[:e] <= n - b]] = True
        e = first[n - b + 1]
        reached[base + right[:e][ks[:e] <= n - a]] = True
    return partner


def solve(text: str) -> str:
    data = list(map(int, text.split()))
    t = data[0]
    pairs = list(zip(data[1 : 1 + 2 * t : 2], data[2 : 2 + 2 * t : 2]))
    partner = p_table(max((max(p) for p in pairs), default=0))
    return "\n".join("Bob" if partner[a] == b else "Alice" for a, b in pairs)


if __name__ == "__main__":
    print(solve(sys.stdin.read()))
