"""Ratio benchmarks of the reducer, each against a hand-written reference
run in the same process:

1. Multi-SG: Lasker's Nim to N through ``Sum`` options (about N^2/4 options) against a
   hand-written memoised recursion that XORs the parts itself (target <= 1.5x).
2. A plain ruleset (two heaps, take from one) against the ``functools.cache``
   recursion over the same move function (target <= 1.0x).
3. A sum of 10^6 Nim heaps (value of ``nim.sum(*heaps)`` and of ``sum(nim[h] ...)``)
   against a bare XOR loop over precomputed values (target <= 5x).

Times are CPU seconds (``time.process_time``, far less noisy than wall time on a
shared machine), the best of a few interleaved repeats.

Run: ``python benchmarks/bench_reducer.py [N]``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import grundy


def best(f: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    times = []
    out = None
    for _ in range(repeat):
        t = time.process_time()
        out = f()
        times.append(time.process_time() - t)
    return min(times), out


def interleaved(ref: Callable[[], Any], got: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Best CPU times of ``ref`` and ``got`` run alternately; their results must agree."""
    tr = tg = float("inf")
    for _ in range(repeat):
        t, a = best(ref, 1)
        tr = min(tr, t)
        t, b = best(got, 1)
        tg = min(tg, t)
        assert a == b
    return tr, tg


def lasker_reference(n: int) -> list[int]:
    sys.setrecursionlimit(100_000)

    @cache
    def g(k: int) -> int:
        seen = {g(j) for j in range(k)}
        seen.update(g(a) ^ g(k - a) for a in range(1, k // 2 + 1))
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(k) for k in range(n + 1)]


def lasker_grundy(n: int) -> list[int]:
    @grundy.ruleset
    def lasker(k: int) -> Iterator[Any]:
        yield from range(k)
        yield from (grundy.Sum(a, k - a) for a in range(1, k // 2 + 1))

    return [lasker.value(k) for k in range(n + 1)]


def two_moves(p: tuple[int, int]) -> list[tuple[int, int]]:
    """Two heaps; a move takes from one of them."""
    a, b = p
    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]


def two_heap_reference(n: int) -> int:
    @cache
    def g(p: tuple[int, int]) -> int:
        seen = {g(o) for o in two_moves(p)}
        m = 0
        while m in seen:
            m += 1
        return m

    sys.setrecursionlimit(100_000)
    return g((n, n))


def two_heap_grundy(n: int) -> int:
    two = grundy.ruleset(two_moves)
    return two.value((n, n))


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1200
    print(f"1. Multi-SG: Lasker's Nim to {n} (Sum options)")
    tr, tg = interleaved(lambda: lasker_reference(n), lambda: lasker_grundy(n), 3)
    print(f"   reference {tr:.2f} s, grundy {tg:.2f} s: ratio {tg / tr:.2f} (target <= 1.5)")

    m = 200
    print(f"2. plain ruleset: two heaps to ({m}, {m})")
    tr, tg = interleaved(lambda: two_heap_reference(m), lambda: two_heap_grundy(m), 3)
    print(f"   functools.cache {tr:.2f} s, grundy {tg:.2f} s: ratio {tg / tr:.2f} (target <= 1.0)")

    k = 10**6
    rng = random.Random(1)
    heaps = [rng.randrange(1 << 30) for _ in range(k)]
    nim = grundy.games.get("nim")

    def bare() -> int:
        x = 0
        for v in heaps:
            x ^= v
        return x

    tb, ts = interleaved(bare, lambda: nim.sum(*heaps).value, 3)
    _, tsum = interleaved(bare, lambda: sum((nim[h] for h in heaps), 0).value, 1)  # type: ignore[attr-defined]
    print(f"3. sum of {k:,} Nim heaps: bare XOR loop {tb:.3f} s")
    print(f"   nim.sum(*heaps).value {ts:.3f} s: ratio {ts / tb:.1f} (target <= 5)")
    print(f"   sum(nim[h] for h in heaps).value {tsum:.3f} s: ratio {tsum / tb:.1f} "
          "(a million Game objects made by the caller)")


if __name__ == "__main__":
    main()
