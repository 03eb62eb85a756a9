"""The compiled tier on positions of two words (up to 128 bits): wide Cram boards
and Node Kayles graphs of more than 64 vertices against the Python reference,
cells and vertices on both sides of the words' border; the table of 16 bytes a
slot (keys folded into their bucket), saved and resumed.

The whole module is ``heavy`` (CI runs it as its own step): the wide tier is the
full-size one (boards past 56 cells, graphs past 64 vertices), and a fresh clone
compiles its two kernels for about 20 CPU s before the first test; the default
run keeps the one-word tier (``test_compiled.py``), which runs the same search
code (:func:`grundy.kernels._bitsearch_jit.search_w`)."""

from __future__ import annotations

import os
import tempfile

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy.kernels.bitsearch import (
    BitSearch, WIDE_MIN_ENTRIES, cram_wide_context, cram_wide_dims, cram_wide_word, cram_word)
from grundy.solve import compiled as C
from grundy.solve.budget import Budget
from grundy.solve.reducer import PLAIN, reduce
from grundy.values.errors import InvalidParameterError, SearchLimitError
from grundy.values.outcome import Outcome
from tests.solve.test_compiled import boards

CRAM = grundy.games.get("cram")
NK = grundy.games.get("node-kayles")
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
METHODS = st.sampled_from(C.METHODS)
pytestmark = pytest.mark.heavy


@st.composite
def wide_boards(draw: st.DrawFn) -> tuple[int, int, int]:
    """A board of 57..120 cells with a few free cells, some below bit 64 and some
    above (in a block, so that dominoes fit)."""
    h = draw(st.integers(4, 15))
    w = draw(st.integers(max(1, 57 // h + 1), min(15, 120 // h)))
    n = h * w
    free = 0
    for _ in range(draw(st.integers(1, 3))):
        r, c = draw(st.integers(0, h - 1)), draw(st.integers(0, w - 1))
        hh, ww = draw(st.integers(1, 3)), draw(st.integers(1, 3))
        for i in range(r, min(h, r + hh)):
            for j in range(c, min(w, c + ww)):
                free |= 1 << (i * w + j)
    free |= draw(st.integers(0, (1 << n) - 1)) & draw(st.integers(0, (1 << n) - 1)) \
        & draw(st.integers(0, (1 << n) - 1))  # a sparse scatter
    while free.bit_count() > 18:
        free &= free - 1
    return h, w, free


@SETTINGS
@given(wide_boards(), METHODS)
def test_wide_cram_equals_the_python_reference(board: tuple[int, int, int],
                                               method: str) -> None:
    h, w, free = board
    word = cram_wide_word(h, w, free)
    v = C.compiled_value(C.CRAM_WIDE, word, method=method)
    assert v == reduce(CRAM, board, search=PLAIN)
    assert C.compiled_outcome(C.CRAM_WIDE, word) is (Outcome.N if v else Outcome.P)


@SETTINGS
@given(boards(), METHODS)
def test_small_boards_in_two_words_equal_one_word(board: tuple[int, int, int],
                                                  method: str) -> None:
    h, w, free = board
    assert C.compiled_value(C.CRAM_WIDE, cram_wide_word(h, w, free), method=method) == \
        C.compiled_value(C.CRAM, cram_word(h, w, free), method=method)


def test_a_board_across_the_border() -> None:
    # a 3 x 4 block of free cells straddling bit 64 of a 9 x 12 board (rows 4..6)
    h, w = 9, 12
    free = sum(1 << (r * w + c) for r in range(4, 7) for c in range(2, 6))
    assert free & ((1 << 64) - 1) and free >> 64
    C.forget_tables()
    for method in C.METHODS:
        assert C.compiled_value(C.CRAM_WIDE, cram_wide_word(h, w, free), method=method) == \
            reduce(CRAM, (3, 4, 4095), search=PLAIN)
    # the whole of a small board, moved to the far end of a wide one
    s = BitSearch("cram-wide", cram_wide_context(), WIDE_MIN_ENTRIES)
    g = cram_wide_word(10, 12, ((1 << 20) - 1) << 100)
    assert [cram_wide_dims(p)[:2] for p in s.parts(g)] == [(2, 12)]  # rows 8 and 9


@st.composite
def wide_graphs(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """A graph of 65..128 vertices, a few of them left (on both words)."""
    n = draw(st.integers(65, 128))
    left = sorted(set(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=13))))
    edges = draw(st.lists(st.tuples(st.sampled_from(left), st.sampled_from(left)),
                          max_size=20))
    edges += draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                           max_size=40))
    adj = [0] * n
    for a, b in edges:
        if a != b:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
    return tuple(adj), sum(1 << v for v in left)


@SETTINGS
@given(wide_graphs(), METHODS)
def test_wide_node_kayles_equals_the_python_reference(pos: tuple[tuple[int, ...], int],
                                                      method: str) -> None:
    adj, mask = pos
    game = C.node_kayles_game(tuple(a | 1 << v for v, a in enumerate(adj)))
    assert game.words == 2
    v = C.compiled_value(game, mask, method=method)
    assert v == reduce(NK, (adj, mask), search=PLAIN)


def test_node_kayles_grids_in_two_words() -> None:
    # 3 x 8 (OEIS A316632: 2) in a pair of words
    pos = NK.parse_position("grid=3x8")
    closed = tuple(a | 1 << v for v, a in enumerate(pos[0]))
    assert C.compiled_value(C.node_kayles_game(closed, wide=True), pos[1]) == 2

def test_the_wide_table_keeps_16_bytes_a_slot_and_evicts_exactly() -> None:
    s = BitSearch("cram-wide", cram_wide_context(), WIDE_MIN_ENTRIES)
    assert (s.tkeys.nbytes + s.tdata.nbytes) // len(s.tkeys) == 16
    s.start_value(cram_wide_word(5, 7, (1 << 35) - 1))
    assert s.run(10**9) == 0 and s.result() == 1
    assert s.evicted > 0 and s.stored <= WIDE_MIN_ENTRIES
    with pytest.raises(ValueError):
        BitSearch("cram-wide", cram_wide_context(), 1 << 12)


def test_entries_decode_the_folded_keys() -> None:
    s = BitSearch("cram-wide", cram_wide_context(), WIDE_MIN_ENTRIES)
    s.start_value(cram_wide_word(4, 5, (1 << 20) - 1))
    assert s.run(10**8) == 0
    keys, words = s.entries()
    assert keys.shape == (len(words), 2) and len(words) == s.stored
    t = BitSearch("cram-wide", cram_wide_context(), WIDE_MIN_ENTRIES * 2)
    t.insert(keys, words)
    for (lo, hi), d in zip(keys[:200], words[:200]):
        g = int(lo) | int(hi) << 64
        assert s.lookup(g) == t.lookup(g) == ((int(d) & 0xFF) - 1 if d & 0xFF else None,
                                              int(d) >> 8)
    with pytest.raises(ValueError):
        t.insert(np.zeros(3, dtype=np.uint64), np.ones(3, dtype=np.uint64))


def test_store_saves_and_resumes_a_wide_table() -> None:
    path = os.path.join(tempfile.mkdtemp(), "cram-wide.npz")
    C.forget_tables()
    word = cram_wide_word(8, 8, (1 << 20) - 1)  # two rows and a half of an 8 x 8 board
    v = C.compiled_value(C.CRAM_WIDE, word, store=path)
    C.forget_tables()
    assert C.load_table(C.CRAM_WIDE, path) > 0
    s = C._TABLES[C.CRAM_WIDE.identity()]
    before = s.nodes
    assert C.compiled_value(C.CRAM_WIDE, word, store=path) == v
    assert s.nodes == before
    with pytest.raises(InvalidParameterError):
        C.load_table(C.CRAM, path)


def test_wide_words_are_checked_and_budgets_hold() -> None:
    with pytest.raises(InvalidParameterError, match="128-bit"):
        C.compiled_value(C.CRAM_WIDE, 1 << 128)
    with pytest.raises(InvalidParameterError, match="64-bit"):
        C.compiled_value(C.CRAM, 1 << 64)
    C.forget_tables()
    with pytest.raises(SearchLimitError) as e:
        C.compiled_value(C.CRAM_WIDE, cram_wide_word(6, 11, (1 << 66) - 1),
                         budget=Budget(positions=2000))
    assert e.value.reason == "positions"
    from grundy.values import memory

    C.forget_tables()  # room for 2**15 slots only: under a wide table's least
    with pytest.raises(SearchLimitError) as e:
        C.compiled_value(C.CRAM_WIDE, cram_wide_word(6, 11, (1 << 66) - 1),
                         budget=Budget(max_memory=memory.current()[0] + (1 << 20)))
    assert e.value.reason == "memory"
    limit = memory.current()[0] + (16 << 20)
    assert C.compiled_value(C.CRAM_WIDE, cram_wide_word(8, 8, (1 << 20) - 1),
                            budget=Budget(max_memory=limit)) == C.compiled_value(
        C.CRAM, cram_word(3, 8, (1 << 20) - 1))  # the same cells
    s = C._TABLES[C.CRAM_WIDE.identity()]
    assert s.tkeys.nbytes + s.tdata.nbytes <= 8 << 20


def test_the_catalogue_uses_two_words_past_56_cells() -> None:
    C.forget_tables()
    # a 9 x 8 board with all but a 3 x 5 block filled: the part is small, one word
    assert CRAM.value((9, 8, sum(1 << (r * 8 + c) for r in range(3) for c in range(5)))) == \
        reduce(CRAM, (3, 5, (1 << 15) - 1), search=PLAIN)
    # a wide board with a free row on top and bottom: two parts across the border
    h, w = 8, 9
    free = ((1 << 9) - 1) | ((1 << 9) - 1) << 63
    assert CRAM.value((h, w, free)) == 0  # two 1 x 9 rows: equal values
    assert CRAM.bitboard((8, 9, (1 << 72) - 1))[0] is C.CRAM_WIDE  # type: ignore[index]
