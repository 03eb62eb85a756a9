"""The compiled table of HNOI2014 "江南乐" (EvenSplit) against the raw rules, and
against the library's own recursion (the path of heaps beyond the table)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from grundy.games import EvenSplit
from grundy.kernels import _evensplit_jit as kernel
from tests.oracles import mex


def raw_values(f: int, n: int) -> list[int]:
    """Every split into j near-equal heaps, its value the XOR over all heaps."""
    g = [0] * (n + 1)
    for m in range(f, n + 1):
        seen = set()
        for j in range(2, m + 1):
            q, r = divmod(m, j)
            v = 0
            for _ in range(j - r):
                v ^= g[q]
            for _ in range(r):
                v ^= g[q + 1]
            seen.add(v)
        v = mex(seen)
        g[m] = v
    return g


@pytest.mark.parametrize("f", [1, 2, 3, 5, 17, 200])
def test_table_matches_the_raw_rules(f: int) -> None:
    n = 250
    g = np.zeros(n + 1, dtype=np.int64)
    kernel.extend(g, f, 0, 60)
    kernel.extend(g, f, 60, n + 1)  # in two pieces: extending resumes exactly
    assert g.tolist() == raw_values(f, n)


@pytest.mark.parametrize("f", [1, 2, 9])
def test_table_and_recursion_agree(f: int) -> None:
    """Heaps past a (small) table limit take the recursion; both paths agree,
    whichever is asked first."""
    rng = random.Random(f)
    small = EvenSplit(f)
    small.table_limit = 300
    big = EvenSplit(f)  # the default limit: every heap below from the table
    heaps = [rng.randrange(0, 5000) for _ in range(200)]
    assert [small.value(h) for h in heaps] == [big.value(h) for h in heaps]
    fresh = EvenSplit(f)
    fresh.table_limit = 300
    assert [fresh.value(h) for h in reversed(heaps)] == [big.value(h) for h in reversed(heaps)]
