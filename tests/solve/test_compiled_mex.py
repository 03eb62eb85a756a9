"""The compiled tier's mex-set search (Beling and Rogalski) against the Python
reference (``reduce(search=PLAIN)`` and ``reduce(search=MEX_SETS)``) on random
positions, with fresh and with shared, evicting tables."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy.games.placement import graph_position
from grundy.kernels.bitsearch import BitSearch, cram_context, cram_word
from grundy.solve import compiled as C
from grundy.solve.reducer import MEX_SETS, PLAIN, forget, reduce
from grundy.values.errors import InvalidParameterError
from grundy.values.outcome import Outcome
from tests.solve.test_compiled import boards, graphs

CRAM = grundy.games.get("cram")
NK = grundy.games.get("node-kayles")
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards(), st.booleans())
def test_cram_mex_sets_equal_the_python_reference(board: tuple[int, int, int],
                                                  fresh: bool) -> None:
    h, w, free = board
    word = cram_word(h, w, free)
    if fresh:
        C.forget_tables()
    v = C.compiled_value(C.CRAM, word, method="mex-sets")
    assert v == reduce(CRAM, board, search=PLAIN)
    forget(CRAM)
    assert v == reduce(CRAM, board, search=MEX_SETS)
    # the outcome search reads the facts the mex-set search left in the table
    assert C.compiled_outcome(C.CRAM, word) is (Outcome.N if v else Outcome.P)


@pytest.mark.heavy  # its own kernel (nk_search_mex, ~3 CPU s to compile): CI's heavy step;
@SETTINGS          # the default run checks the mex-set template on Cram, above
@given(graphs())
def test_node_kayles_mex_sets_equal_the_python_reference(
        pos: tuple[tuple[int, ...], int]) -> None:
    adj, mask = pos
    game = C.node_kayles_game(tuple(a | 1 << v for v, a in enumerate(adj)))
    C.forget_tables()
    v = C.compiled_value(game, mask, method="mex-sets")
    assert v == reduce(NK, (adj, mask), search=PLAIN)
    assert C.compiled_value(game, mask) == v  # by outcomes, on the same table


@settings(max_examples=30, deadline=None)
@given(boards(cells=24), st.sampled_from([16, 64, 256]))
def test_an_evicting_table_stays_exact(board: tuple[int, int, int], entries: int) -> None:
    h, w, free = board
    word = cram_word(h, w, free)
    if not free:
        return
    s = BitSearch("cram", cram_context(), entries)
    total = 0
    for p in s.parts(word):
        s.start_value(p, mex_sets=True)
        assert s.run(10**8) == 0
        total ^= s.result()
    assert total == reduce(CRAM, board, search=PLAIN)
    assert s.stored <= entries


def test_more_options_than_the_sets_hold() -> None:
    # K(2, 62): 64 vertices, 64 options, each worth 1 (value 0); a clique of 64: 1;
    # the possible values past 62 are counted, not held in the mask
    edges = [(a, b) for a in (0, 1) for b in range(2, 64)]
    adj, _ = graph_position((64, edges))
    game = C.node_kayles_game(tuple(a | 1 << v for v, a in enumerate(adj)))
    C.forget_tables()
    assert C.compiled_value(game, (1 << 64) - 1, method="mex-sets") == 0
    clique = tuple([(1 << 64) - 1] * 64)
    C.forget_tables()
    assert C.compiled_value(C.node_kayles_game(clique), (1 << 64) - 1, method="mex-sets") == 1


@pytest.mark.parametrize("text,value", [("4x5", 2), ("4x7", 3), ("5x5", 0), ("5x6", 2),
                                        ("3x10", 2)])
def test_published_cram_boards_by_mex_sets(text: str, value: int) -> None:
    C.forget_tables()
    assert C.compiled_value(C.CRAM, cram_word(*CRAM.parse_position(text)),
                            method="mex-sets") == value


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(InvalidParameterError, match="'minimax'"):
        C.compiled_value(C.CRAM, cram_word(2, 2, 15), method="minimax")
