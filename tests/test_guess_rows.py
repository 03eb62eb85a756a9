"""Rows of heaps: the guess finds rules in the row's features (its length, order
statistics, ``sum - max``, counts, a multiset predicate, positional features of
an order-dependent game), fitted on rows of several lengths, and every best rule
agrees with brute force from the raw rules on rows longer than the fitted ones.
The move functions are written here from the problems' statements."""

from __future__ import annotations

import random
from itertools import combinations, product
from typing import Any, Callable

import pytest

import grundy
from grundy.conjecture import evaluate, guess
from grundy.patterns.rowfeatures import row_features, symmetric, zeros_inert
from grundy.rules.ruleset import FunctionRuleset
from grundy.values.errors import InvalidPositionError
from tests.oracles import wins

Row = tuple[int, ...]


def sequential(p: Row) -> list[Row]:
    """CF 1382B: take any positive number from the first non-empty heap."""
    i = next((j for j, h in enumerate(p) if h), None)
    return [] if i is None else [p[:i] + (y,) + p[i + 1:] for y in range(p[i])]


def stoned(s: Any) -> list[Any]:
    """CF 1396B: take one stone, never from the heap the opponent just took from."""
    row, last = (s[0], s[1]) if s and isinstance(s[0], tuple) else (s, -1)
    return [(row[:i] + (row[i] - 1,) + row[i + 1:], i) for i in range(len(row)) if row[i] and i != last]


def thanos(p: Row) -> list[Row]:
    """CF 1147C: choose exactly n/2 non-empty heaps, take at least one stone from each."""
    out = []
    for idx in combinations([i for i, h in enumerate(p) if h], len(p) // 2):
        for new in product(*[range(p[i]) for i in idx]):
            q = list(p)
            for i, y in zip(idx, new):
                q[i] = y
            out.append(tuple(q))
    return out


def distinct(p: Row) -> list[Row]:
    """AtCoder ARC137C: the largest number becomes a smaller non-negative number not in the row."""
    i = p.index(max(p))
    return [p[:i] + (y,) + p[i + 1:] for y in range(p[i]) if y not in p]


def new_stone(p: Row) -> list[Row]:
    """POJ 1740: take at least one stone from a heap, then move any of what is
    left there onto the other heaps, spread as you like."""
    out = set()
    for i in range(len(p)):
        others = [j for j in range(len(p)) if j != i]
        for left in range(p[i]):
            for spread in product(range(left + 1), repeat=len(others)):
                if sum(spread) <= left:
                    q = list(p)
                    q[i] = left - sum(spread)
                    for j, s in zip(others, spread):
                        q[j] += s
                    out.add(tuple(q))
    return list(out)


class _Valid(FunctionRuleset):
    """A move function on rows that refuses some rows."""

    def __init__(self, moves: Callable[[Row], list[Row]], name: str, ok: Callable[[Row], bool]) -> None:
        super().__init__(moves, name, "heaps")
        self.ok = ok

    def validate(self, position: object) -> None:
        if not isinstance(position, tuple) or not self.ok(position):
            raise InvalidPositionError(f"{position!r}: not a row of this game")


def _rows(lengths: range, top: int, ok: Callable[[Row], bool] = lambda q: True, per: int = 150) -> list[Row]:
    rng = random.Random(34)
    out: list[Row] = []
    for n in lengths:
        out += [q for q in {tuple(rng.randrange(top + 1) for _ in range(n)) for _ in range(per)} if ok(q)]
    return out


def _check(rs: Any, moves: Any, kw: dict[str, int], longer: list[Row]) -> str:
    g = guess(rs, known=False, shape="heaps", to=kw["to"], heaps=kw["heaps"])
    best = g.best
    assert best is not None and best.status == "verified" and best.target == "P", g.conjectures[:2]
    assert "sampled rows of" in best.checked  # checked on rows of more heaps before it is offered
    lost = wins(moves)
    assert longer and all(len(q) > kw["heaps"] for q in longer)
    for q in longer:  # rows longer than any fitted row, by brute force from the raw rules
        assert bool(evaluate(best.expr, x=q)) == (not lost(q)), (best.expr, q)
    return best.expr


@pytest.mark.heavy  # 2-4 CPU s: CI's heavy step (docs/architecture.md, where a test runs)
def test_sequential_nim_order_matters() -> None:
    expr = _check(grundy.ruleset(sequential, shape="heaps"), sequential, {"to": 5, "heaps": 3},
                  _rows(range(4, 8), 3) + _rows(range(4, 9), 1) + [(1,) * 7, (1,) * 6 + (2,), (0, 1, 0, 2, 1)])
    assert "enumerate" in expr  # a positional feature: the game is not symmetric


@pytest.mark.heavy  # 2-4 CPU s: CI's heavy step (docs/architecture.md, where a test runs)
def test_stoned_game_sum_minus_max() -> None:
    expr = _check(grundy.ruleset(stoned, shape="heaps"), stoned, {"to": 5, "heaps": 3}, _rows(range(4, 6), 3))
    assert "sum(x) - max(x)" in expr


def test_thanos_nim_rule_in_the_length() -> None:
    rs = _Valid(thanos, "thanos", lambda q: len(q) % 2 == 0)
    expr = _check(rs, thanos, {"to": 4, "heaps": 4}, _rows(range(6, 7), 2, per=120))
    assert "len(x)" in expr  # fitted on rows of 2 and 4 heaps: a count compared with a fixed 2 is ruled out


@pytest.mark.heavy  # 2-4 CPU s: CI's heavy step (docs/architecture.md, where a test runs)
def test_distinct_numbers_order_statistics_and_length() -> None:
    rs = _Valid(distinct, "distinct", lambda q: len(set(q)) == len(q) >= 2)
    _check(rs, distinct, {"to": 7, "heaps": 3}, _rows(range(5, 7), 9, lambda q: len(set(q)) == len(q)))


def test_new_stone_game_multiset_predicate_beats_xor_on_two_heaps() -> None:
    expr = _check(grundy.ruleset(new_stone, shape="heaps"), new_stone, {"to": 4, "heaps": 2},
                  _rows(range(3, 5), 2, per=40))
    assert "xor" not in expr and "count" in expr


def test_features_from_the_table() -> None:
    rows = [q for n in (1, 2, 3) for q in product(range(3), repeat=n)]
    lost = wins(sequential)  # type: ignore[arg-type]
    seq = [int(not lost(q)) for q in rows]
    assert not symmetric(rows, seq) and zeros_inert(rows, seq)
    names = [n for n, _ in row_features(rows, seq)]
    assert "len(x) - x.count(0)" in names and any("enumerate" in n for n in names)
    xor = [__import__("functools").reduce(int.__xor__, q, 0) for q in rows]
    assert symmetric(rows, xor) and not any("enumerate" in n or "x[0]" in n for n, _ in row_features(rows, xor))
    off = [q.count(0) for q in rows]  # empty heaps count: not inert, the plain multiset predicate
    assert not zeros_inert(rows, off)
    assert "all(c % 2 == 0 for c in map(x.count, x))" in [n for n, _ in row_features(rows, off)]


@pytest.mark.parametrize("inert", [True, False])
def test_features_paste_back(inert: bool) -> None:
    rows = [q for n in (1, 2, 3) for q in product(range(3), repeat=n)]
    vals = [int(q != tuple(sorted(q))) + (0 if inert else q.count(0)) for q in rows]
    for name, fn in row_features(rows, vals):
        for q in _rows(range(2, 7), 5, per=20):
            assert evaluate(name, x=q) == fn(q), (name, q)


def test_the_index_lift_keeps_the_guess_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """The synthesiser's look for f(i, h) gets no more than the share of the guess
    in progress (issue 35: no search with a private time default)."""
    import numpy as np

    import grundy.patterns.synth as synth
    from grundy.conjecture import search_time
    from grundy.conjecture.rows import INDEX_LIFT_SECONDS, _index_lift

    asked: list[float] = []
    real = synth.synthesize
    monkeypatch.setattr(synth, "synthesize",
                        lambda *a, **k: asked.append(k["seconds"]) or real(*a, **k))
    w = [np.array([i * (h % 2) for h in range(6)]) for i in range(4)]
    with search_time(0.5):
        _index_lift(w)  # found or not within 0.5 s: what is asserted is the time asked
    with search_time(0.0):  # the library of forms only: no synthesis
        assert _index_lift(w) is None
    with search_time(2 * INDEX_LIFT_SECONDS):
        _index_lift(w)
    assert asked == [0.5, INDEX_LIFT_SECONDS]
