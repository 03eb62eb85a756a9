"""The compiled search tier against the Python reference and the raw rules: random
Cram boards and Node Kayles graphs, budgets, a small table that evicts, stores."""

from __future__ import annotations

import os
import signal
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy.games.placement import graph_position
from grundy.kernels.bitsearch import BitSearch, cram_context, cram_dims, cram_word
from grundy.solve import compiled as C
from grundy.solve.budget import Budget
from grundy.solve.reducer import PLAIN, PRUNED, reduce
from grundy.values.errors import SearchLimitError
from grundy.values.outcome import Outcome
from tests.games.test_cram_search import brute

CRAM = grundy.games.get("cram")
NK = grundy.games.get("node-kayles")
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _text(h: int, w: int, free: int) -> str:
    return "/".join("".join("." if free >> (r * w + c) & 1 else "#" for c in range(w))
                    for r in range(h))


@st.composite
def boards(draw: st.DrawFn, cells: int = 20) -> tuple[int, int, int]:
    h = draw(st.integers(1, 6))
    w = draw(st.integers(1, max(1, min(6, cells // h))))
    free = draw(st.integers(0, (1 << (h * w)) - 1))
    return h, w, free


@SETTINGS
@given(boards())
def test_cram_value_and_outcome_equal_the_python_reference(board: tuple[int, int, int]) -> None:
    h, w, free = board
    word = cram_word(h, w, free)
    v = C.compiled_value(C.CRAM, word)
    assert v == reduce(CRAM, board, search=PLAIN)
    assert C.compiled_outcome(C.CRAM, word) is (Outcome.N if v else Outcome.P)


@settings(max_examples=25, deadline=None)
@given(boards(cells=12))
def test_cram_equals_the_brute_force_of_the_rules(board: tuple[int, int, int]) -> None:
    C.forget_tables()
    assert C.compiled_value(C.CRAM, cram_word(*board)) == brute(_text(*board))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    n = draw(st.integers(1, 13))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=20))
    pos = graph_position((n, [(a, b) for a, b in edges if a != b]))
    mask = draw(st.integers(0, (1 << n) - 1))
    return pos[0], mask


@SETTINGS
@given(graphs())
def test_node_kayles_equals_the_python_reference(pos: tuple[tuple[int, ...], int]) -> None:
    adj, mask = pos
    game = C.node_kayles_game(tuple(a | 1 << v for v, a in enumerate(adj)))
    v = C.compiled_value(game, mask)
    assert v == reduce(NK, (adj, mask), search=PLAIN)
    assert C.compiled_outcome(game, mask) is (Outcome.N if v else Outcome.P)


@pytest.mark.parametrize("text,value", [("4x4", 0), ("4x5", 2), ("4x6", 0), ("4x7", 3),
                                        ("5x5", 0), ("5x6", 2)])
def test_published_cram_boards(text: str, value: int) -> None:
    h, w, free = cram_dims(cram_word(*CRAM.parse_position(text)))  # type: ignore[misc]
    assert C.compiled_value(C.CRAM, cram_word(h, w, free)) == value


def test_a_tiny_table_evicts_and_stays_exact() -> None:
    s = BitSearch("cram", cram_context(), 16)
    s.start_value(cram_word(4, 5, (1 << 20) - 1))
    assert s.run(10**8) == 0 and s.result() == 2
    assert s.evicted > 0 and s.stored <= 16


def test_budget_of_positions_and_memory() -> None:
    C.forget_tables()
    word = cram_word(5, 6, (1 << 30) - 1)
    with pytest.raises(SearchLimitError) as e:
        C.compiled_value(C.CRAM, word, budget=Budget(positions=1000))
    assert e.value.reason == "positions"
    with pytest.raises(SearchLimitError) as e:
        C.compiled_value(C.CRAM, word, budget=Budget(max_memory=1 << 16))
    assert e.value.reason == "memory"
    C.forget_tables()
    with pytest.raises(SearchLimitError) as e:
        C.compiled_value(C.CRAM, cram_word(7, 8, (1 << 56) - 1), budget=Budget(seconds=0.2))
    assert e.value.reason == "seconds"


def test_the_table_stays_within_max_memory() -> None:
    from grundy.values import memory

    C.forget_tables()
    limit = memory.current()[0] + (64 << 20)
    assert C.compiled_value(C.CRAM, cram_word(4, 7, (1 << 28) - 1),
                            budget=Budget(max_memory=limit)) == 3
    s = C._TABLES[C.CRAM.identity()]
    assert s.tkeys.nbytes + s.tdata.nbytes <= 32 << 20
    assert (s.tkeys.nbytes + s.tdata.nbytes) // len(s.tkeys) == 16


def test_store_saves_and_resumes() -> None:
    path = os.path.join(tempfile.mkdtemp(), "cram.npz")
    C.forget_tables()
    word = cram_word(4, 6, (1 << 24) - 1 - 1)  # one corner covered
    v = C.compiled_value(C.CRAM, word, store=path)
    C.forget_tables()
    n = C.load_table(C.CRAM, path)
    assert n > 0
    s = C._TABLES[C.CRAM.identity()]
    before = s.nodes
    assert C.compiled_value(C.CRAM, word, store=path) == v == reduce(
        CRAM, cram_dims(word), search=PRUNED)
    assert s.nodes == before  # answered from the stored table


def test_ctrl_c_interrupts_a_long_search() -> None:
    C.forget_tables()

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            C.compiled_value(C.CRAM, cram_word(7, 8, (1 << 56) - 1))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    import gc
    assert gc.isenabled()


def test_the_catalogue_uses_the_compiled_tier() -> None:
    C.forget_tables()
    forget_all = grundy.solve.reducer.forget
    forget_all(CRAM)
    assert CRAM.value(CRAM.parse_position("4x7")) == 3
    assert CRAM.outcome(CRAM.parse_position("3x7")) is Outcome.N
    assert C.CRAM.identity() in C._TABLES
    assert CRAM.value(CRAM.parse_position("2x3")) == 1  # small: the Python search
    n = len(C._TABLES)
    assert NK.value(NK.parse_position("grid=3x8")) == 2  # OEIS A316632
    assert len(C._TABLES) == n + 1
