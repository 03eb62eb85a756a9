"""The compiled retrograde kernel against fixpoint brute force (outcomes and
remoteness with draws, terminal results), and the CSR builder."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.kernels.retrograde import counters, game_csr, predecessor_csr, retrograde
from tests.solve.loopy_oracles import outcomes, remoteness

CODE = {0: "D", 1: "N", 2: "P"}
FIX = {1: "N", 2: "P", 3: "D"}


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 14))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    term = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3]), min_size=n, max_size=n))
    return n, edges, term


@given(graphs(), st.booleans())
@settings(max_examples=300, deadline=None)
def test_kernel_matches_fixpoint(g, use_terminal):
    n, edges, term = g
    src = np.array([e[0] for e in edges], dtype=np.int64)
    dst = np.array([e[1] for e in edges], dtype=np.int64)
    pstart, pred = predecessor_csr(src, dst, n)
    outdeg = np.bincount(src, minlength=n)
    t = np.array(term, dtype=np.uint8) if use_terminal else None
    out, rem = retrograde(pstart, pred, outdeg, t)
    succ = {v: [w for u, w in edges if u == v] for v in range(n)}
    fixed = {v: FIX[c] for v, c in enumerate(term) if c} if use_terminal else {}
    want_o = outcomes(succ, fixed)
    want_r = remoteness(succ, fixed)
    for v in range(n):
        assert CODE[int(out[v])] == want_o[v]
        assert (None if rem[v] < 0 else int(rem[v])) == want_r[v]


@given(st.integers(1, 30).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60))))
@settings(max_examples=100, deadline=None)
def test_csr_groups_stably(g):
    n, edges = g
    src = np.array([e[0] for e in edges], dtype=np.int64)
    dst = np.array([e[1] for e in edges], dtype=np.int64)
    start, pred = predecessor_csr(src, dst, n)
    for v in range(n):
        assert pred[start[v]:start[v + 1]].tolist() == [u for u, w in edges if w == v]


@given(graphs(), st.integers(127, 300), st.booleans())
@settings(max_examples=40, deadline=None)
def test_wide_counters_match_fixpoint(g, fan, overwrite):
    """Out-degrees past int8 (int16 counters), duplicate edges included, and the
    in-place path (``game_csr`` degrees used up as counters)."""
    n, edges, _ = g
    edges = edges + [(0, k % n) for k in range(fan)]   # vertex 0: many (repeated) options
    src = np.array([e[0] for e in edges], dtype=np.int32)
    dst = np.array([e[1] for e in edges], dtype=np.int32)
    pstart, pred, deg = game_csr(src, dst, n)
    assert deg.tolist() == np.bincount(src, minlength=n).tolist()
    cnt = counters(deg, copy=not overwrite)
    assert cnt.dtype == np.int16
    out, rem = retrograde(pstart, pred, cnt, overwrite_outdeg=overwrite)
    succ = {v: [w for u, w in edges if u == v] for v in range(n)}
    want_o, want_r = outcomes(succ), remoteness(succ)
    for v in range(n):
        assert CODE[int(out[v])] == want_o[v]
        assert (None if rem[v] < 0 else int(rem[v])) == want_r[v]


def test_the_retrograde_benchmark_builds_the_p9169_graph():
    """benchmarks/bench_retrograde.py times the P9169 example's state graph: its
    builder follows the example's ``board_graph`` (which also returns the start)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_retrograde.py"
    spec = importlib.util.spec_from_file_location("bench_retrograde", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    states, src, dst, terminal = bench.p9169_graph(["...", ".X.", "O.O"])
    assert len(src) == len(dst) > 0 and terminal.shape == (states,)
    assert 0 <= min(src.min(), dst.min()) and max(src.max(), dst.max()) < states
