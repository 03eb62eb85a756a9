"""Benchmark: the catalogue's closed forms through the public API.

- 10^6 Nim heaps as one sum: value and a winning move (Bouton);
- 10^6 Wythoff positions, each: outcome and a winning move (exact isqrt Beatty).

Each is timed against a hand-written plain-Python loop of the same formula in the
same process (the "reference"), so the ratio shows the API's overhead.

Run:  python benchmarks/bench_catalogue.py [--n 1000000]
"""

from __future__ import annotations

import argparse
import random
import time
from math import isqrt

from grundy.games import Nim, Wythoff


def nim_reference(heaps: list[int]) -> tuple[int, tuple[int, int] | None]:
    s = 0
    for h in heaps:
        s ^= h
    if s == 0:
        return 0, None
    for i, h in enumerate(heaps):
        if h ^ s < h:
            return s, (i, h ^ s)
    raise AssertionError


def wythoff_reference(a: int, b: int) -> tuple[bool, tuple[int, int] | None]:
    lo, hi = min(a, b), max(a, b)
    k = hi - lo
    ak = (k + isqrt(5 * k * k)) // 2
    if ak == lo:
        return False, None
    if lo > ak:
        d = lo - ak
        return True, (a - d, b - d)
    return True, None  # (the reference skips the other move kinds)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    args = ap.parse_args()
    rng = random.Random(1)
    n = args.n

    heaps = [rng.randrange(1, 10**9) for _ in range(n)]
    t = time.perf_counter()
    ref = nim_reference(heaps)
    t_ref = time.perf_counter() - t
    t = time.perf_counter()
    game = Nim().sum(*heaps)
    value, move = game.value, game.winning_move()
    t_api = time.perf_counter() - t
    assert value == ref[0] and (move is None) == (ref[1] is None)
    print(f"Nim, one sum of {n:,} heaps (build + value + winning move):")
    print(f"  grundy API {t_api:.3f} s ({n / t_api:,.0f} heaps/s); plain loop {t_ref:.3f} s; ratio {t_api / t_ref:.1f}")

    pairs = [(rng.randrange(0, 10**12), rng.randrange(0, 10**12)) for _ in range(n)]
    t = time.perf_counter()
    ref_out = [wythoff_reference(a, b)[0] for a, b in pairs]
    t_ref = time.perf_counter() - t
    w = Wythoff()
    t = time.perf_counter()
    results = []
    for p in pairs:
        results.append((w.outcome_formula(p), w.winning_move(p)))
    t_api = time.perf_counter() - t
    assert [o.name == "N" for o, _ in results] == ref_out
    print(f"Wythoff, {n:,} positions (outcome + winning move each):")
    print(f"  grundy API {t_api:.3f} s ({n / t_api:,.0f} positions/s); plain outcome-only loop {t_ref:.3f} s; ratio {t_api / t_ref:.1f}")

    big = [(rng.randrange(0, 10**100), rng.randrange(0, 10**100)) for _ in range(n // 10)]
    t = time.perf_counter()
    for p in big:
        w.winning_move(p)
    t_big = time.perf_counter() - t
    print(f"Wythoff at 10^100, {len(big):,} positions: {t_big:.3f} s ({len(big) / t_big:,.0f} positions/s)")


if __name__ == "__main__":
    main()
