"""Cram and Node Kayles: values against a plain recursion over the raw rules written
here (boards as strings, graphs as vertex sets), and against published values."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

import grundy
from grundy import InvalidPositionError
from grundy.games.placement import canonical_graph, cram_board, cram_canonical, graph_position
from tests.oracles import mex as _mex

CRAM = grundy.games.get("cram")
NK = grundy.games.get("node-kayles")


@cache
def cram_brute(board: str) -> int:
    """Rows of '.' and '#' separated by '/': place a domino on two free neighbours."""
    rows = board.split("/")
    h, w = len(rows), len(rows[0])
    out = set()
    for r in range(h):
        for c in range(w):
            if rows[r][c] != ".":
                continue
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 < h and c2 < w and rows[r2][c2] == ".":
                    grid = [list(x) for x in rows]
                    grid[r][c] = grid[r2][c2] = "#"
                    out.add(cram_brute("/".join("".join(x) for x in grid)))
    return _mex(out)


@cache
def nk_brute(vertices: frozenset[int], edges: frozenset[tuple[int, int]]) -> int:
    """Take a vertex with its neighbours."""
    out = set()
    for v in vertices:
        gone = {v} | {b for a, b in edges if a == v} | {a for a, b in edges if b == v}
        rest = vertices - gone
        out.add(nk_brute(rest, frozenset(e for e in edges if e[0] in rest and e[1] in rest)))
    return _mex(out)


def _random_board(rng: random.Random, h: int, w: int) -> str:
    return "/".join("".join(rng.choice("..#") for _ in range(w)) for _ in range(h))


def test_cram_values_equal_brute_force_on_random_boards() -> None:
    rng = random.Random(7)
    for _ in range(60):
        h, w = rng.randint(1, 4), rng.randint(1, 4)
        board = _random_board(rng, h, w)
        assert CRAM.value(cram_board(board)) == cram_brute(board), board


@pytest.mark.parametrize("h,w", [(1, 1), (2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (1, 7)])
def test_cram_empty_boards_equal_brute_force(h: int, w: int) -> None:
    board = "/".join(["." * w] * h)
    assert CRAM.value(CRAM.parse_position(f"{h}x{w}")) == cram_brute(board)


def test_cram_one_row_is_dawsons_kayles() -> None:
    """A 1 x n board is octal 0.07 (OEIS A002187 shifted by one)."""
    published = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]  # n = 1..20
    assert [CRAM.value(cram_board(f"1x{n}")) for n in range(1, 21)] == published


def test_cram_published_boards() -> None:
    """Nimbers of empty boards (Beling's table, beling/impartial-games; Glop):
    4x4 = 0, 4x5 = 2, 5x5 = 0, and every even x even board is 0 by symmetry."""
    for text, value in (("4x4", 0), ("4x5", 2), ("5x4", 2), ("2x6", 0), ("6x2", 0)):
        assert CRAM.value(cram_board(text)) == value, text


@pytest.mark.slow
def test_cram_published_larger_boards() -> None:
    """By the plain search (the pruned one: tests/solve/test_pruning.py)."""
    for text, value in (("4x6", 0), ("6x4", 0)):
        assert CRAM.value(cram_board(text)) == value, text


def test_cram_symmetric_boards_share_a_canonical_form() -> None:
    rng = random.Random(3)
    for _ in range(40):
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        rows = _random_board(rng, h, w).split("/")
        images = [rows, [r[::-1] for r in rows], rows[::-1],
                  ["".join(col) for col in zip(*rows)]]  # mirrors and the transpose
        forms = {cram_canonical(*cram_board("/".join(img))) for img in images}
        assert len(forms) == 1, rows
        assert cram_brute("/".join(rows)) == CRAM.value(forms.pop())


def test_cram_parts_and_text() -> None:
    assert CRAM.decompose((2, 4, 0b11000011)) == [(1, 2, 3), (1, 2, 3)]
    assert CRAM.format_position(cram_board("..#/#..")) == "..#/#.."
    assert cram_board("2×3") == cram_board("2x3") == (2, 3, 63)
    for bad in ("", "3x", "..#/..", ".x/..", "100x2"):
        with pytest.raises(InvalidPositionError):
            cram_board(bad)
    for bad in ((2, 2), (2, 2, 16), (2, -1, 0), (True, 1, 1), "4x4"):
        with pytest.raises(InvalidPositionError):
            CRAM.validate(bad)


def _graph(n: int, edges: list[tuple[int, int]]) -> tuple[tuple[int, ...], int]:
    return graph_position((n, edges))


def test_node_kayles_equals_brute_force_on_random_graphs() -> None:
    rng = random.Random(11)
    for _ in range(60):
        n = rng.randint(0, 9)
        edges = [(a, b) for a, b in itertools.combinations(range(n), 2) if rng.random() < 0.3]
        expected = nk_brute(frozenset(range(n)), frozenset(edges))
        assert NK.value(_graph(n, edges)) == expected, (n, edges)


def test_node_kayles_paths_are_octal_0137() -> None:
    """Paths: Dawson's chess, octal 0.137 (OEIS A002187), n = 1..30."""
    published = [1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2,
                 1, 1, 0, 4, 5]
    assert [NK.value(graph_position(f"path={n}")) for n in range(1, 31)] == published
    assert published == grundy.games.get("octal:0.137").table(30)[1:]


def test_node_kayles_grids() -> None:
    """OEIS A316632 (3 x n grids), and the ladders 2 x n (1, 0, 1, 0, ...)."""
    a316632 = [2, 1, 1, 0, 3, 3, 2]
    assert [NK.value(graph_position(f"grid=3x{n}")) for n in range(1, 8)] == a316632
    assert [NK.value(graph_position(f"grid=2x{n}")) for n in range(1, 9)] == [1, 0] * 4


def test_node_kayles_cycles_equal_brute_force() -> None:
    for n in range(3, 10):
        edges = [(i, (i + 1) % n) for i in range(n)]
        assert NK.value(graph_position(f"cycle={n}")) == nk_brute(
            frozenset(range(n)), frozenset(edges))


def test_canonical_graph_is_an_isomorphism_invariant() -> None:
    rng = random.Random(5)
    for _ in range(40):
        n = rng.randint(1, 8)
        edges = [(a, b) for a, b in itertools.combinations(range(n), 2) if rng.random() < 0.4]
        perm = list(range(n))
        rng.shuffle(perm)
        a = canonical_graph(_graph(n, edges)[0])
        b = canonical_graph(_graph(n, [(perm[u], perm[v]) for u, v in edges])[0])
        assert a == b
        if a is not None:  # the form is the graph itself, relabelled: same brute value
            form_edges = [(i, j) for i in range(n) for j in range(i + 1, n) if a[i] >> j & 1]
            assert nk_brute(frozenset(range(n)), frozenset(form_edges)) == nk_brute(
                frozenset(range(n)), frozenset(edges))


def test_node_kayles_text() -> None:
    p = NK.parse_position("0-1 1-2 n=4")
    assert NK.value(p) == nk_brute(frozenset(range(4)), frozenset({(0, 1), (1, 2)}))
    assert NK.format_position(p) == "1-2 2-3 n=4 base=1"  # people count from 1
    assert NK.parse_position(NK.format_position(p)) == p
    assert NK.parse_position("path=3") == NK.parse_position("0-1 1-2")
    for bad in ("0-0", "grid=3", "path=3x3", "0-1 1-"):
        with pytest.raises(InvalidPositionError):
            NK.parse_position(bad)
    for bad in (((1,), 1), ((2, 0), 3), ((2, 1), 4), ((2, 1),)):
        with pytest.raises(InvalidPositionError):
            NK.validate(bad)
