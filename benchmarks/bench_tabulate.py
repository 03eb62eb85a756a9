"""Benchmark: a one-heap table read from a user's move function
(``grundy.solve.tables.rule_chunks``: the compiled mex, ranges read whole),
against a plain-Python memo loop over the same move function in the same run
(the ratio is what counts; the reference does the same work a contest
programmer's loop does: call the move function, take the mex of a set).

- divisors: 10^5 heaps, options n - d for the divisors d of n (a list per heap);
- window: 8.8 * 10^5 heaps, take 100..1000 (one ``range`` of 901 heaps per heap);
  its reference is a sliding-window count of values (the contest solution),
  in Python;
- lasker: 3000 heaps, take any or split in two (``Sum`` options);
- used-moves: heaps 0..45 of a game whose state carries the set of amounts
  taken (the search of the raw rules, through ``grundy.guess``'s position=).

Run:  python benchmarks/bench_tabulate.py [--scale 1.0] [--repeat 1]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import grundy
from grundy.solve.tables import rule_chunks


def divisors(n: int) -> list[int]:
    out, d = [], 1
    while d * d <= n:
        if n % d == 0:
            out.append(d)
            if d * d != n and d != 1:
                out.append(n // d)
        d += 1
    return out


def divisor_moves(n: int) -> list[int]:
    return [n - d for d in divisors(n) if d < n] if n > 1 else []


def window_moves(n: int) -> range:
    return range(max(0, n - 1000), max(0, n - 99))


def lasker_moves(n: int) -> list[Any]:
    return [*range(n), *(grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))]


def memo_loop(moves: Callable[[int], Any], to: int) -> list[int]:
    """The plain loop: g[n] = mex of the options' values."""
    g: list[int] = []
    for n in range(to + 1):
        seen = set()
        for o in moves(n):
            seen.add(g[o] if type(o) is int else g[o.parts[0]] ^ g[o.parts[1]])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def sliding_window(to: int, lo: int = 100, hi: int = 1000) -> list[int]:
    """Take lo..hi: the values of the window n-hi..n-lo counted as it slides."""
    g: list[int] = []
    count: dict[int, int] = {}
    for n in range(to + 1):
        if n - lo >= 0:
            count[g[n - lo]] = count.get(g[n - lo], 0) + 1
        if n - hi - 1 >= 0:
            count[g[n - hi - 1]] -= 1
        v = 0
        while count.get(v, 0):
            v += 1
        g.append(v)
    return g


def table(moves: Callable[[int], Any], to: int) -> list[int]:
    rs = grundy.ruleset(moves)
    return [v for chunk in rule_chunks(rs, to) for v in chunk]


def used_moves(p: tuple[int, frozenset[int]]) -> list[tuple[int, frozenset[int]]]:
    n, used = p
    return [(n - k, used | {k}) for k in range(1, n + 1) if k not in used]


def cpu(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    table(divisor_moves, 30_000)  # load the compiled kernel once (about a second of numba)
    cases = [
        ("divisors", divisor_moves, int(100_000 * args.scale), memo_loop),
        ("window", window_moves, int(880_000 * args.scale), lambda _m, to: sliding_window(to)),
        ("lasker", lasker_moves, int(3000 * args.scale), memo_loop),
    ]
    print(f"{'game':<12}{'heaps':>10}{'grundy s':>11}{'plain s':>10}{'ratio':>8}")
    for name, moves, to, ref in cases:
        t1, got = cpu(lambda: table(moves, to), args.repeat)
        t2, want = cpu(lambda: ref(moves, to), args.repeat)
        assert got == want, name
        print(f"{name:<12}{to:>10}{t1:>11.3f}{t2:>10.3f}{t1 / t2:>8.2f}")
    to = int(45 * min(1.0, args.scale)) if args.scale < 1 else 45
    rs = grundy.ruleset(used_moves)

    @lru_cache(maxsize=None)
    def g(p: Any) -> int:
        seen = {g(o) for o in used_moves(p)}
        v = 0
        while v in seen:
            v += 1
        return v

    t1, got = cpu(lambda: [rs.solver.value((n, frozenset())) for n in range(to + 1)], 1)
    t2, want = cpu(lambda: [g((n, frozenset())) for n in range(to + 1)], 1)
    assert got == want
    print(f"{'used-moves':<12}{to + 1:>10}{t1:>11.3f}{t2:>10.3f}{t1 / t2:>8.2f}")


if __name__ == "__main__":
    main()
