"""Coin-turning games against brute force over whole boards from the raw rules
(written here, independent of grundy), against the general ruleset built from the
same rule. Published values (OEIS, CGSuite's test suite) are in
``tests/games/test_known_results.py``."""

from __future__ import annotations

import itertools
import random
from collections import deque

import pytest

import grundy
from grundy import GrundyError, InvalidParameterError, InvalidPositionError, nim_mul
from grundy.games import coins as C
from grundy.games.coins import grids
from tests.oracles import mex


def brute_row(raw_sets, n):
    """Grundy value of every board of n coins (bit c-1 = coin c heads), from the
    raw turning sets: raw_sets(c) lists sets of coins, c the largest."""
    masks = {c: [sum(1 << (d - 1) for d in s) for s in raw_sets(c)] for c in range(1, n + 1)}
    g = [0] * (1 << n)
    for b in range(1 << n):  # a move clears the highest changed bit: options are smaller
        reach = set()
        for c in range(1, n + 1):
            if b >> (c - 1) & 1:
                for m in masks[c]:
                    reach.add(g[b ^ m])
        g[b] = mex(reach)
    return g


def board(b, n):
    return "".join("H" if b >> i & 1 else "T" for i in range(n))


# raw rules, straight from each game's statement
RAW = {
    "turn-one": lambda c: [{c}],
    "turning-turtles": lambda c: [{c}] + [{d, c} for d in range(1, c)],
    "twins": lambda c: [{d, c} for d in range(1, c)],
    "triplets": lambda c: [{a, b, c} for a in range(1, c) for b in range(a + 1, c)],
    "mock-turtles": lambda c: [{c}] + [{d, c} for d in range(1, c)]
    + [{a, b, c} for a in range(1, c) for b in range(a + 1, c)],
    "moidores": lambda c: [set(s) | {c} for k in range(9) for s in itertools.combinations(range(1, c), k)],
    "ruler": lambda c: [set(range(a, c + 1)) for a in range(1, c + 1)],
    "run-of-three": lambda c: [{c - 2, c - 1, c}] if c >= 3 else [],
    "pair-within-3": lambda c: ([{c}] if c <= 3 else []) + [{c - k, c} for k in (1, 2, 3) if c - k >= 1],
    "upto:5": lambda c: [set(s) | {c} for k in range(5) for s in itertools.combinations(range(1, c), k)],
}
SIZES: dict[str, int] = {}  # every rule: every board of 12 coins


@pytest.mark.parametrize("name", sorted(RAW))
def test_every_board_against_brute_force(name):
    rs = grundy.games.get(name)
    n = SIZES.get(name, 12)
    g = brute_row(RAW[name], n)
    for b in range(1, 1 << n):
        assert rs.value(board(b, n)) == g[b], (name, board(b, n))
    # the decomposition: a board is the sum of its single heads
    assert [g[1 << (c - 1)] for c in range(1, n + 1)] == rs.single_values(n)


def test_subset_table_budget():
    from grundy import SearchLimitError

    g = C.UpTo(9)
    g.table_limit = 1000
    with pytest.raises(SearchLimitError, match="subset-XOR table"):
        g.single(40)


@pytest.mark.parametrize("name", sorted(RAW))
def test_closed_form_against_general_ruleset(name):
    rs = grundy.games.get(name)
    general = C.CoinTurning(RAW[name], name="general")
    n = {"moidores": 14, "upto:5": 16, "triplets": 40, "mock-turtles": 60}.get(name, 80)
    assert rs.single_values(n) == general.single_values(n)


@pytest.mark.parametrize("name", sorted(RAW))
def test_winning_moves_are_moves_to_zero(name):
    rs = grundy.games.get(name)
    n = 8
    raw = RAW[name]
    rng = random.Random(len(name))
    for b in rng.sample(range(1, 1 << n), 80):
        pos = board(b, n)
        opts = {board(b ^ sum(1 << (d - 1) for d in s), n)
                for c in range(1, n + 1) if b >> (c - 1) & 1 for s in raw(c)}
        move = rs.winning_move(pos)
        if rs.value(pos) == 0:
            assert move is None
        else:
            assert move in opts and rs.value(move) == 0
            t = rs.winning_turn(pos)
            assert pos[max(t) - 1] == "H"


@pytest.mark.parametrize("name", sorted(RAW))
def test_catalogue_rules_are_the_raw_rules(name):
    rs = grundy.games.get(name)
    for c in range(1, 10 if name in ("moidores", "upto:5") else 16):
        assert sorted(map(tuple, map(sorted, rs.turning_sets(c)))) == sorted(tuple(sorted(s)) for s in RAW[name](c))


@pytest.mark.parametrize("name", ["mock-turtles", "ruler", "turning-turtles", "twins"])
def test_big_boards_compiled_path(name):
    rs = grundy.games.get(name)
    rng = random.Random(11)
    pos = "".join(rng.choice("HT") for _ in range(50000))
    want = 0
    for i, ch in enumerate(pos):
        if ch == "H":
            want ^= rs.single(i + 1)
    assert rs.value(pos) == want


def test_closed_forms_far_out():
    mt, ruler = C.MockTurtles(), C.Ruler()
    for c in (10**6, 10**18 + 7, 2**64):
        assert bin(mt.single(c)).count("1") % 2 == 1 and mt.single(c) >> 1 == c - 1
        assert ruler.single(c) == c & -c
    big = "T" * 999 + "H"
    assert mt[big].value == mt.single(1000)
    rng = random.Random(3)
    for _ in range(20):
        pos = "".join(rng.choice("HT") for _ in range(2000))
        move = mt.winning_move(pos)
        assert (move is None) == (mt.value(pos) == 0)
        if move is not None:
            assert mt.value(move) == 0 and sum(a != b for a, b in zip(pos, move)) <= 3


# HAOI2015 multiples ------------------------------------------------------------
def brute_multiples(n):
    # coin x -> bit n - x: the head x is the leftmost, so it is the highest bit
    sets = {x: [[x * j for j in range(1, k + 1)] for k in range(1, n // x + 1)] for x in range(1, n + 1)}
    g = [0] * (1 << n)
    for b in range(1 << n):
        reach = set()
        for x in range(1, n + 1):
            if b >> (n - x) & 1:
                for s in sets[x]:
                    reach.add(g[b ^ sum(1 << (n - d) for d in s)])
        g[b] = mex(reach)
    return g


@pytest.mark.parametrize("n", [1, 2, 5, 8, 11])
def test_multiples_against_brute_force(n):
    g = brute_multiples(n)
    rs = C.Multiples(n)
    for b in range(1 << n):
        pos = "".join("H" if b >> (n - x) & 1 else "T" for x in range(1, n + 1))
        assert rs.value(pos) == g[b]


def test_multiples_winning_moves():
    rng = random.Random(14)
    for n in (7, 30, 200):
        rs = C.Multiples(n)
        for _ in range(20):
            pos = "".join(rng.choice("HTTT") for _ in range(n))
            t = rs.winning_turn(pos)
            if rs.value(pos) == 0:
                assert t is None
            else:
                x = t[0]
                assert pos[x - 1] == "H" and t == tuple(x * j for j in range(1, len(t) + 1))
                assert rs.value(rs.winning_move(pos)) == 0


def test_multiples_kernel_against_general_rule():
    for n in (1, 2, 3, 17, 100, 257, 1000):
        general = C.CoinTurning(lambda x, n=n: [range(x, k * x + 1, x) for k in range(1, n // x + 1)],
                                leftmost=True, board=n)
        assert C.Multiples(n).single_values(n) == general.single_values(n), n


# grids ---------------------------------------------------------------------------
def brute_grid(raw_sets, R, W):
    """Values of every R x W grid (bit (r-1)*W + c-1 = cell (r, c) heads)."""
    masks = {(r, c): [sum(1 << ((a - 1) * W + b - 1) for a, b in s) for s in raw_sets(r, c)]
             for r in range(1, R + 1) for c in range(1, W + 1)}
    g = [0] * (1 << (R * W))
    for b in range(1 << (R * W)):
        reach = set()
        for (r, c), ms in masks.items():
            if b >> ((r - 1) * W + c - 1) & 1:
                for m in ms:
                    reach.add(g[b ^ m])
        g[b] = mex(reach)
    return g


def grid_text(b, R, W):
    return "/".join("".join("H" if b >> (r * W + c) & 1 else "T" for c in range(W)) for r in range(R))


def connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, deque([start])
    while todo:
        a, b = todo.popleft()
        for q in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


def raw_colouring(r, c):
    others = [(a, b) for a in range(1, r + 1) for b in range(1, c + 1) if (a, b) != (r, c)]
    for k in range(len(others) + 1):
        for s in itertools.combinations(others, k):
            if connected(s + ((r, c),)):
                yield set(s) | {(r, c)}


GRIDS = {
    "turning-corners": (lambda r, c: [{(a, b), (a, c), (r, b), (r, c)} for a in range(1, r) for b in range(1, c)], 3, 4),
    "acrostic-twins": (lambda r, c: [{(a, c), (r, c)} for a in range(1, r)] + [{(r, b), (r, c)} for b in range(1, c)], 3, 4),
    "colouring": (raw_colouring, 3, 4),
}


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_grids_against_brute_force(name):
    raw, R, W = GRIDS[name]
    rs = grundy.games.get(name)
    for R_, W_ in ((R, W), (W, R), (1, 8), (2, 5)):
        g = brute_grid(raw, R_, W_)
        for b in range(1 << (R_ * W_)):
            assert rs.value(grid_text(b, R_, W_)) == g[b], (name, grid_text(b, R_, W_))


def test_colouring_blocks_enumerated_once():
    for cell in [(1, 1), (2, 3), (3, 3), (3, 4), (4, 4)]:
        blocks = list(grids._connected_blocks(cell))
        assert len(blocks) == len(set(blocks))
        assert set(blocks) == {frozenset(s) for s in raw_colouring(*cell)}


def test_tartan_theorem_general_products():
    for rows, cols in [(C.Ruler(), C.MockTurtles()), (C.TurningTurtles(), C.Ruler()), (C.Twins(), C.Triplets())]:
        product = C.TartanProduct(rows, cols)
        general = C.GridCoinTurning(product.rule)
        for r in range(1, 6):
            for c in range(1, 6):
                assert product.single((r, c)) == general.single((r, c)) == nim_mul(rows.single(r), cols.single(c))
    # whole 3x3 boards of Ruler x Mock Turtles from the raw product rule
    raw_r, raw_m = RAW["ruler"], RAW["mock-turtles"]
    g = brute_grid(lambda r, c: [{(a, b) for a in s for b in t} for s in raw_r(r) for t in raw_m(c)], 3, 3)
    product = C.TartanProduct(C.Ruler(), C.MockTurtles())
    for b in range(1 << 9):
        assert product.value(grid_text(b, 3, 3)) == g[b]


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_grid_winning_moves(name):
    rs = grundy.games.get(name)
    rng = random.Random(5)
    for _ in range(60):
        b = rng.randrange(1, 1 << 12)
        pos = grid_text(b, 3, 4)
        move = rs.winning_move(pos)
        if rs.value(pos) == 0:
            assert move is None
        else:
            assert rs.is_option(pos, move) and rs.value(move) == 0


# bad input -----------------------------------------------------------------------
def test_bad_rules_and_boards():
    with pytest.raises(InvalidParameterError, match="turns no coin"):
        C.CoinTurning(lambda c: [()]).single(1)
    with pytest.raises(InvalidParameterError, match="rightmost"):
        C.CoinTurning(lambda c: [(c, c + 1)]).single(2)
    with pytest.raises(InvalidParameterError, match="rightmost"):
        C.CoinTurning(lambda c: [(c - 1,)])["TH"].value
    with pytest.raises(InvalidPositionError, match="'THX'"):
        C.MockTurtles()["THX"]
    with pytest.raises(InvalidPositionError, match="equal lengths"):
        C.TurningCorners()["TH/HTT"]
    with pytest.raises(InvalidPositionError, match="rows of H"):
        C.ColouringGame().parse_position("TH/HQ")
    with pytest.raises(GrundyError, match="board has 4 coins"):
        C.Multiples(4)["HT"]
    with pytest.raises(InvalidParameterError, match="turn it"):
        C.GridCoinTurning(lambda cell: [[(cell[0] + 1, 1)]]).single((1, 1))


def test_cli(capsys):
    from grundy.cli.main import main

    assert main(["analyze", "mock-turtles", "THTTH"]) == 0
    out = capsys.readouterr().out
    assert "value:         10" in out and "turn 2 5  (-> TTTTT)" in out
    assert main(["analyze", "turning-corners", "TTT/TTH"]) == 0
    assert "value:         2" in capsys.readouterr().out
    for args in (["analyze", "mock-turtles", "THXTH"], ["analyze", "colouring", "TH/HTT"]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_decompose_into_single_heads():
    rng = random.Random(12)
    for name in ("mock-turtles", "ruler", "turning-corners", "colouring"):
        rs = grundy.games.get(name)
        for _ in range(30):
            pos = "/".join("".join(rng.choice("HT") for _ in range(4)) for _ in range(3 if isinstance(rs, C.GridCoinTurning) else 1))
            rs.check(pos)
            parts = rs.decompose(pos)
            if pos.count("H") <= 1:
                assert parts is None
                continue
            v = 0
            for p in parts:
                assert p.count("H") == 1 and len(p) == len(pos)
                v ^= rs.value(p)
            assert v == rs.value(pos)


def test_turning_corners_winning_turn_on_big_grids():
    rng = random.Random(13)
    tc = C.TurningCorners()
    for size in (6, 17, 40):
        for _ in range(10):
            pos = "/".join("".join(rng.choice("HTTT") for _ in range(size)) for _ in range(size))
            t = tc.winning_turn(pos)
            if tc.value(pos) == 0:
                assert t is None
                continue
            (a, b), (a2, c), (r, b2), (r2, c2) = t
            assert a == a2 and b == b2 and r == r2 and c == c2 and a < r and b < c
            after = tc.winning_move(pos)
            assert tc.value(after) == 0


def test_a_colouring_move_search_stops_at_the_budget() -> None:
    """Issue 39: a winning move of an 8 x 8 colouring board listed every connected
    block of cell (8, 8) first (17.7 s, no answer, under a 2 s budget); the sets
    are now read one at a time under the budget in force."""
    import grundy
    from grundy.solve.budget import Budget, watching
    from grundy.values.errors import SearchLimitError

    g = grundy.games.get("colouring")
    board = "TTHTHHHH/TTHTHHHH/TTHTHHHT/HHHHHHHH/TTHHHHTT/HTTHHTHT/THTHTTTT/THTTHHTH"
    assert g.value(board) == 21637  # the closed form answers at once
    with watching(Budget(seconds=0)):
        with pytest.raises(SearchLimitError) as info:
            g.winning_move(board)
    assert info.value.reason == "seconds"
    report = grundy.analyze(g[board], budget=Budget(seconds=0.5))
    assert report.value == 21637 and str(report.outcome) == "N"
    assert "winning_moves" in report.stopped


def test_a_lazy_turn_search_finds_what_the_list_finds() -> None:
    """The lazy scan of the turning sets agrees with the listed sets, on small
    colouring boards: every move it constructs is an option of the given value."""
    import grundy

    g = grundy.games.get("colouring")
    for board in ("TH/HH", "HTH/THH", "TTH/HTT/THH"):
        v = g.value(board)
        for target in range(v):
            o = g.option_with_value(board, target)
            if o is not None:
                assert o in g.options(board) and g.value(o) == target
