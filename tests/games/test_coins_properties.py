"""Every coin-turning game of ``grundy.games.coins``, rows and grids, on random
small boards against a brute-force recursion over the raw rules (the games'
statements in ``test_coins.py``, general rules and products here): values,
options, winning moves and the split into single heads."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.games import coins as C
from tests.games.test_coins import GRIDS as RAW_GRIDS
from tests.games.test_coins import RAW
from tests.oracles import mex

Cell = tuple[int, int]


def odd_alone_or_two_left(c: int) -> list[tuple[int, ...]]:
    """A rule for the general row game: an odd head alone, or with the coin two left."""
    return ([(c,)] if c % 2 else []) + ([(c - 2, c)] if c > 2 else [])


def right_neighbours(n: int) -> Callable[[int], list[tuple[int, ...]]]:
    """A leftmost-head rule on n coins: the head alone or with one of the next two."""
    return lambda c: [(c,)] + [(c, d) for d in (c + 1, c + 2) if d <= n]


def step_up_left(cell: Cell) -> list[list[Cell]]:
    """A rule for the general grid game: the head alone when r + c is even, with the
    cell above it, or with the cells left and up-left of it."""
    r, c = cell
    out = [[cell]] if (r + c) % 2 == 0 else []
    if r > 1:
        out.append([(r - 1, c), cell])
    if r > 1 and c > 1:
        out.append([(r, c - 1), (r - 1, c - 1), cell])
    return out


def upto(t: int) -> Callable[[int], list[set[int]]]:
    """Turn 1 to t coins, the rightmost a head."""
    return lambda c: [set(s) | {c} for k in range(t) for s in itertools.combinations(range(1, c), k)]


# rows: a maker of the game on n coins and the raw rule there (coin -> turning sets);
# the catalogue's rules are the statements in RAW
RawRule = Callable[[Any], Iterable[Iterable[Any]]]
ROWS: dict[str, tuple[Callable[[int], Any], Callable[[int], RawRule]]] = {
    name: (lambda n, name=name: grundy.games.get(name), lambda n, name=name: RAW[name]) for name in RAW
}
ROWS |= {
    "coins": (lambda n: C.CoinTurning(odd_alone_or_two_left), lambda n: odd_alone_or_two_left),
    "coins-leftmost": (lambda n: C.CoinTurning(right_neighbours(n), leftmost=True, board=n), right_neighbours),
    "upto:1": (lambda n: C.UpTo(1), lambda n: upto(1)),
    "multiples": (C.Multiples, lambda n: lambda c: [{c * j for j in range(1, k + 1)} for k in range(1, n // c + 1)]),
}


def product(rows: RawRule, cols: RawRule) -> RawRule:
    """The Tartan product of two row rules: S x T."""
    return lambda cell: [{(a, b) for a in s for b in t} for s in rows(cell[0]) for t in cols(cell[1])]


# grids: a maker and the raw rule (cell -> turning sets)
GRIDS: dict[str, tuple[Callable[[], Any], RawRule]] = {
    name: (lambda name=name: grundy.games.get(name), lambda cell, name=name: RAW_GRIDS[name][0](*cell))
    for name in RAW_GRIDS
}
GRIDS |= {
    "grid-coins": (lambda: C.GridCoinTurning(step_up_left), step_up_left),
    "tartan(ruler,mock-turtles)": (lambda: C.TartanProduct(C.Ruler(), C.MockTurtles()),
                                   product(RAW["ruler"], RAW["mock-turtles"])),
    "tartan(turning-turtles,run-of-three)": (lambda: C.TartanProduct(C.TurningTurtles(), C.ThreeConsecutive()),
                                             product(RAW["turning-turtles"], RAW["run-of-three"])),
}


# brute force -------------------------------------------------------------------
_MEMO: dict[tuple[str, Any], dict[frozenset[Any], int]] = {}


def brute(key: tuple[str, Any], raw: RawRule, heads: frozenset[Any]) -> int:
    """The value of the board whose heads are ``heads``, by the raw rule."""
    memo = _MEMO.setdefault(key, {})
    if heads not in memo:
        memo[heads] = mex({brute(key, raw, heads ^ frozenset(s)) for h in heads for s in raw(h)})
    return memo[heads]


def row_text(heads: frozenset[int], n: int) -> str:
    return "".join("H" if c in heads else "T" for c in range(1, n + 1))


def grid_text(heads: frozenset[Cell], shape: Cell) -> str:
    return "/".join("".join("H" if (r, c) in heads else "T" for c in range(1, shape[1] + 1))
                    for r in range(1, shape[0] + 1))


def check_board(rs: Any, key: tuple[str, Any], raw: RawRule,
                heads: frozenset[Any], text: Callable[[frozenset[Any]], str]) -> None:
    pos = text(heads)
    want = brute(key, raw, heads)
    assert rs.value(pos) == want, (rs.name, pos)
    options = {text(heads ^ frozenset(s)): heads ^ frozenset(s) for h in heads for s in raw(h)}
    assert set(rs.moves(pos)) == set(options), (rs.name, pos)
    move = rs.winning_move(pos)
    if want == 0:
        assert move is None, (rs.name, pos)
    else:
        assert move in options and brute(key, raw, options[move]) == 0, (rs.name, pos, move)
    parts = rs.decompose(pos)
    if len(heads) > 1:
        singles = sorted(text(frozenset([h])) for h in heads)
        assert sorted(parts) == singles, (rs.name, pos)
    else:
        assert parts is None


@pytest.mark.parametrize("name", sorted(ROWS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_rows_against_raw_rules(name: str, data: st.DataObject) -> None:
    make, raw = ROWS[name]
    n = data.draw(st.integers(1, 8), label="n")
    heads = frozenset(data.draw(st.sets(st.integers(1, n)), label="heads"))
    check_board(make(n), (name, n), raw(n), heads, lambda h: row_text(h, n))


@pytest.mark.parametrize("name", sorted(GRIDS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_grids_against_raw_rules(name: str, data: st.DataObject) -> None:
    make, raw = GRIDS[name]
    shape = (data.draw(st.integers(1, 3), label="rows"), data.draw(st.integers(1, 3), label="columns"))
    cells = [(r, c) for r in range(1, shape[0] + 1) for c in range(1, shape[1] + 1)]
    heads = frozenset(data.draw(st.sets(st.sampled_from(cells)), label="heads"))
    check_board(make(), (name, None), raw, heads, lambda h: grid_text(h, shape))


def test_every_coin_game_has_a_raw_rule() -> None:
    games = {name for name in C.__all__
             if isinstance(getattr(C, name), type) and issubclass(getattr(C, name), (C.CoinTurning, C.GridCoinTurning))}
    covered = {type(make(4)).__name__ for make, _ in ROWS.values()} | {type(make()).__name__ for make, _ in GRIDS.values()}
    assert games == covered
