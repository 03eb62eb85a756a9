"""Tables read straight from a move function (``tables.rule_chunks``, the compiled
mex of ``kernels.tabulate``): equal to brute force from the raw rules for single
heaps, splits, ranges and ``HeapRanges``, in Python and compiled; odd options,
failing move functions and budgets handed to the search, which names them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import grundy
from grundy.kernels.tabulate import MexTable
from grundy.solve import tables
from tests.oracles import grundy_values, mex


def table(rs: grundy.Ruleset, to: int) -> list[int]:
    return [v for chunk in tables.rule_chunks(rs, to) for v in chunk]


def split_brute(moves, to: int) -> list[int]:
    """Values of heaps 0..to; ``moves(n)`` lists options as tuples of heaps (XOR)."""
    g: list[int] = []
    for n in range(to + 1):
        reach = set()
        for parts in moves(n):
            x = 0
            for h in parts:
                x ^= g[h]
            reach.add(x)
        g.append(mex(reach))
    return g


@pytest.fixture(params=["python", "compiled"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "compiled":
        monkeypatch.setattr(tables, "_COMPILED_FROM", 0)
    else:
        monkeypatch.setattr(tables, "_COMPILED_FROM", 10**9)
        monkeypatch.setattr(tables, "loaded", lambda name: False)
    return str(request.param)


GAMES: dict[str, tuple[Any, Any]] = {
    # name: (move function for grundy, options as tuples of heaps for the oracle)
    "divisors": (lambda n: [n - d for d in range(1, n) if n % d == 0],
                 lambda n: [(n - d,) for d in range(1, n) if n % d == 0]),
    "take-3-to-70": (lambda n: range(max(0, n - 70), max(0, n - 2)),
                     lambda n: [(x,) for x in range(max(0, n - 70), max(0, n - 2))]),
    "halving": (lambda n: range((n + 1) // 2, n), lambda n: [(x,) for x in range((n + 1) // 2, n)]),
    "nim": (lambda n: range(n), lambda n: [(x,) for x in range(n)]),
    "lasker": (lambda n: [*range(n), *(grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))],
               lambda n: [*((x,) for x in range(n)), *((a, n - a) for a in range(1, n // 2 + 1))]),
    "ranges-and-splits": (
        lambda n: grundy.HeapRanges(range(0, n // 3), range(max(0, n - 60), max(0, n - 5)), [n - 1] if n else [],
                                    (grundy.Sum(a, n - 2 - a) for a in range(0, n - 1))),
        lambda n: [*((x,) for x in range(0, n // 3)), *((x,) for x in range(max(0, n - 60), max(0, n - 5))),
                   *([(n - 1,)] if n else []), *((a, n - 2 - a) for a in range(0, n - 1))]),
    "generator-steps": (lambda n: (x for x in range(n - 1, -1, -3)), lambda n: [(x,) for x in range(n - 1, -1, -3)]),
    "stepped-range": (lambda n: range(n - 1, -1, -2), lambda n: [(x,) for x in range(n - 1, -1, -2)]),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_equal_to_brute_force(name: str, path: str) -> None:
    moves, brute = GAMES[name]
    assert table(grundy.ruleset(moves, name=name), 300) == split_brute(brute, 300)


def test_many_random_range_games_against_brute_force(path: str) -> None:
    for seed in range(40):
        rnd = random.Random(seed)
        spec = [(rnd.randint(0, 30), rnd.randint(1, 80)) for _ in range(rnd.randint(1, 3))]

        def opts(n: int, spec=spec) -> list[range]:
            return [range(max(0, n - b - a), max(0, n - a)) for a, b in spec]

        rs = grundy.ruleset(lambda n, opts=opts: grundy.HeapRanges(*opts(n)))
        want = split_brute(lambda n, opts=opts: [(x,) for r in opts(n) for x in r], 400)
        assert table(rs, 400) == want, spec


def test_the_kernel_against_brute_force_with_resumed_chunks() -> None:
    for trial in range(60):
        rnd = random.Random(trial)
        size = rnd.randint(1, 300)
        opts: list[list[tuple[str, Any]]] = []
        for n in range(size):
            o: list[tuple[str, Any]] = []
            for _ in range(rnd.randint(0, 4) if n else 0):
                k = rnd.random()
                if k < 0.3:
                    o.append(("s", rnd.randrange(n)))
                elif k < 0.5:
                    o.append(("p", (rnd.randrange(n), rnd.randrange(n))))
                else:
                    s = rnd.randrange(n)
                    o.append(("r", (s, rnd.choice([n, rnd.randint(s + 1, n)]))))
            opts.append(o)
        want = split_brute(lambda n: [(a,) if k == "s" else a if k == "p" else () for k, a in opts[n]
                                      if k != "r"] + [(x,) for k, a in opts[n] if k == "r" for x in range(*a)], size - 1)
        t = MexTable()
        lo = 0
        for hi in sorted({*rnd.sample(range(1, size + 1), min(3, size)), size}):
            sp, sv, pp, pv, rp, rs, re = [0], [], [0], [], [0], [], []
            for n in range(lo, hi):
                for k, a in opts[n]:
                    if k == "s":
                        sv.append(a)
                    elif k == "p":
                        pv.extend(a)
                    else:
                        rs.append(a[0])
                        re.append(a[1])
                sp.append(len(sv))
                pp.append(len(pv) // 2)
                rp.append(len(rs))
            arr = lambda x: np.array(x, dtype=np.int64)  # noqa: E731
            t.extend(hi, singles=(arr(sp), arr(sv)), pairs=(arr(pp), arr(pv)), ranges=(arr(rp), arr(rs), arr(re)))
            lo = hi
        assert t.values.tolist() == want, trial


def test_big_values_grow_the_structures() -> None:
    rs = grundy.ruleset(lambda n: range(n), name="nim")
    got = table(rs, 30_000)  # compiled (past _COMPILED_FROM): values up to 30000
    assert got[:5] == [0, 1, 2, 3, 4] and got[-1] == 30_000 and got == list(range(30_001))


@pytest.mark.parametrize("moves,words", [
    (lambda n: [n - 1] if 0 < n < 50 else [] if n == 0 else 1 / 0, r"moves\(50\) raised ZeroDivisionError"),
    (lambda n: None if n == 7 else range(n), r"moves\(7\) returned None"),
    (lambda n: [n - 1, "x"] if n == 9 else range(n), "'x'"),
])
def test_a_bad_move_function_is_named_at_its_heap(moves, words: str, path: str) -> None:
    rs = grundy.ruleset(moves, name="bad")
    with pytest.raises(grundy.GrundyError, match=words):
        table(rs, 100)


def test_options_the_kernel_does_not_take_go_to_the_search(path: str) -> None:
    # a split into three heaps, and a move to a larger heap (acyclic: only below 5)
    three = grundy.ruleset(lambda n: [grundy.Sum(1, 1, n - 3)] + list(range(n)) if n >= 3 else list(range(n)))
    want = split_brute(lambda n: ([(1, 1, n - 3)] if n >= 3 else []) + [(x,) for x in range(n)], 60)
    assert table(three, 60) == want
    up = grundy.ruleset(lambda n: [n + 10] if n < 5 else range(max(5, n - 2), n))
    g = grundy_values(lambda n: [n + 10] if n < 5 else range(max(5, n - 2), n))
    assert table(up, 40) == [g(n) for n in range(41)]


def test_a_budget_stops_the_table() -> None:
    rs = grundy.ruleset(lambda n: range(max(0, n - 5), n))
    with pytest.raises(grundy.SearchLimitError) as exc:
        tables.heap_table(rs, 10**6, budget=grundy.Budget(positions=1000))
    assert exc.value.reason == "positions"


def test_guess_reads_ranges() -> None:
    take = grundy.ruleset(lambda n: grundy.HeapRanges(range(max(0, n - 30), max(0, n - 9))), name="take-10-to-30")
    best = grundy.guess(take, to=400).best
    g = grundy_values(lambda n: range(max(0, n - 30), max(0, n - 9)))
    assert best is not None and best.status == "verified"
    assert all(best.predict(n) == g(n) for n in range(300))
