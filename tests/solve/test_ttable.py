"""The reducer's table: the lazy option scan (in C), the memory bound of the memo
(eviction keeps answers exact; a budget too small is refused), and saving the memo
to a file and resuming from it. Answers are checked against memoised recursions
written here and against the plain search."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tracemalloc
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import grundy
from grundy import SearchLimitError, Sum
from grundy.rules._sum import DONE, MORE, scan_options, sum_value
from grundy.solve.budget import Budget
from grundy.solve.reducer import (
    GRUNDY, PLAIN, PRUNED, REMOTENESS, forget, load_memo, memo_of, outcome, reduce, save_memo,
)
from grundy.solve.reference import reference_reduce
from grundy.values import memory
from grundy.values.errors import InvalidParameterError
from grundy.values.outcome import Outcome
from tests.oracles import mex

ROOT = Path(__file__).resolve().parents[2]


def two_heaps(p: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """Take 1-3 from one heap, or 1-2 from both."""
    a, b = p
    for k in (1, 2, 3):
        if k <= a:
            yield (a - k, b)
        if k <= b:
            yield (a, b - k)
    for k in (1, 2):
        if k <= a and k <= b:
            yield (a - k, b - k)


def two_heaps_values(n: int) -> dict[tuple[int, int], int]:
    """Grundy values of every (a, b), a, b <= n, bottom up from the definition."""
    g: dict[tuple[int, int], int] = {}
    for a in range(n + 1):
        for b in range(n + 1):
            seen = {g[o] for o in two_heaps((a, b))}
            m = mex(seen)
            g[(a, b)] = m
    return g


# ---------------------------------------------------------------- the lazy scan in C


def _scan_oracle(opts: list[Any], memo: dict[Any, int], n: int) -> tuple[Any, set[int], int]:
    """The scan spelt out: (answer, values added, options read)."""
    vals: set[int] = set()
    for i, o in enumerate(opts[:n]):
        parts = o.parts if type(o) is Sum else (o,)
        if any(c not in memo for c in parts):
            return o, vals, i + 1
        x = 0
        for c in parts:
            x ^= memo[c]
        vals.add(x)
    return (MORE if len(opts) >= n else DONE), vals, min(n, len(opts))  # MORE: n were read


@given(st.lists(st.one_of(st.integers(0, 12), st.lists(st.integers(0, 12), max_size=4).map(
    lambda ps: Sum(*ps))), max_size=12),
       st.dictionaries(st.integers(0, 12), st.integers(0, 2**70), max_size=13),
       st.integers(1, 14))
def test_scan_options_agrees_with_the_spelt_out_scan(opts: list[Any], memo: dict[Any, int],
                                                     n: int) -> None:
    it = iter(opts)
    vals: set[int] = set()
    got = scan_options(it, memo, vals, n)
    want, want_vals, read = _scan_oracle(opts, memo, n)
    assert (got is want) if want in (DONE, MORE) else got == want
    assert vals == want_vals
    assert list(it) == opts[read:]  # the iterator stopped just after the answer


def test_scan_options_errors_pass_through() -> None:
    def broken() -> Iterator[int]:
        yield 1
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        scan_options(broken(), {1: 0}, set(), 10)
    with pytest.raises(TypeError):
        scan_options(iter([1, [2]]), {1: 0}, set(), 10)
    assert sum_value(Sum(1, 2), {1: 3, 2: 5}) == 6 and sum_value(Sum(1, 9), {1: 3}) is None


def test_lazy_search_counts_positions_and_reports_progress() -> None:
    rs = grundy.ruleset(two_heaps)
    seen: list[int] = []
    assert reduce(rs, (40, 40), progress=seen.append) == two_heaps_values(40)[(40, 40)]
    assert seen[-1] == 41 * 41 == len(memo_of(rs, GRUNDY))
    rs2 = grundy.ruleset(two_heaps)
    with pytest.raises(SearchLimitError) as info:
        reduce(rs2, (40, 40), budget=Budget(positions=100))
    assert info.value.reason == "positions" and len(memo_of(rs2, GRUNDY)) < 100


def test_lazy_search_of_sum_options_waits_for_every_part() -> None:
    """Options that are sums of unknown parts (a splitting game) against a bottom-up
    table: take one token, or split a heap into two non-empty heaps."""

    @grundy.ruleset
    def split(n: int) -> Iterator[Hashable]:
        if n:
            yield n - 1
        for a in range(1, n // 2 + 1):
            yield Sum(a, n - a)

    g = [0] * 40
    for n in range(40):
        seen = ({g[n - 1]} if n else set()) | {g[a] ^ g[n - a] for a in range(1, n // 2 + 1)}
        g[n] = mex(seen)
    assert [reduce(split, n) for n in range(39, -1, -1)][::-1] == g


# ---------------------------------------------------------------- the memory bound


def _headroom_budget(extra: int) -> Budget:
    """A budget that leaves ``extra`` bytes above what the process holds now."""
    return Budget(max_memory=memory.current()[0] + extra)


def test_a_small_memory_budget_evicts_and_the_value_stays_exact() -> None:
    n = 300
    want = two_heaps_values(n)[(n, n)]
    rs = grundy.ruleset(two_heaps)
    room = 8 << 20
    assert reduce(rs, (n, n), budget=_headroom_budget(room)) == want
    entries = len(memo_of(rs, GRUNDY))
    assert entries < (n + 1) ** 2 // 2  # most of the 90,601 positions were evicted
    assert entries * 96 <= room // 2  # the memo's own accounting: half the room left


def test_the_memory_a_bounded_search_allocates_stays_within_its_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured by tracemalloc, with the process's resident memory read as 0 (so
    the whole budget is the search's, and tracemalloc's own tables do not count)."""
    monkeypatch.setattr(memory, "current", lambda: (0, None))
    n, room = 200, 2 << 20
    want = two_heaps_values(n)[(n, n)]
    peaks = []
    for budget in (Budget(max_memory=room), Budget()):
        rs = grundy.ruleset(two_heaps)
        tracemalloc.start()
        try:
            assert reduce(rs, (n, n), budget=budget) == want
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    bounded, free = peaks
    assert bounded < room < free, peaks


class SymmetricHeaps(grundy.Ruleset):
    """The two-heap game with its symmetry as a ``canonical`` hook (the split
    search then takes its general path)."""

    name = "symmetric-heaps"

    def moves(self, position: tuple[int, int]) -> Iterator[tuple[int, int]]:
        return two_heaps(position)

    def canonical(self, position: tuple[int, int]) -> tuple[int, int]:
        a, b = position
        return (a, b) if a <= b else (b, a)


def test_bounded_pruned_split_and_whole_searches_stay_exact() -> None:
    """The memos of the pruned search (values and excluded nimbers), of the split
    search with a canonical hook and of the whole-game search, bounded."""
    room = 3 << 20  # room for some 8,000 entries: each search below needs more
    n = 100
    want = two_heaps_values(n)
    rs = grundy.ruleset(two_heaps)
    assert reduce(rs, (n, n), search=PRUNED, budget=_headroom_budget(room)) == want[(n, n)]
    assert len(memo_of(rs, GRUNDY)) < (n + 1) ** 2 // 2  # 5,101 values and 5,100 exclusions
    rs = grundy.ruleset(two_heaps)
    assert outcome(rs, (n, n), budget=_headroom_budget(room)) is (
        Outcome.N if want[(n, n)] else Outcome.P)

    m = 220
    sym = SymmetricHeaps()
    assert reduce(sym, (m - 1, m), budget=_headroom_budget(room)) == \
        two_heaps_values(m)[(m - 1, m)]
    assert len(memo_of(sym, GRUNDY)) < (m + 1) ** 2 // 2

    m = 160
    rs = grundy.ruleset(two_heaps)
    assert reduce(rs, (m, m), REMOTENESS, budget=_headroom_budget(room)) == \
        reference_reduce(grundy.ruleset(two_heaps), (m, m), REMOTENESS)
    assert len(memo_of(rs, REMOTENESS)) < (m + 1) ** 2


def test_a_budget_without_room_for_the_memo_is_refused() -> None:
    rs = grundy.ruleset(two_heaps)
    with pytest.raises(SearchLimitError) as info:
        reduce(rs, (100, 100), budget=_headroom_budget(20_000))
    assert info.value.reason == "memory"
    assert "memory" in str(info.value)


# ---------------------------------------------------------------- save and resume


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    rs = grundy.ruleset(two_heaps)
    reduce(rs, (30, 30))
    path = tmp_path / "heaps.memo"
    n = save_memo(rs, path)
    assert n == 31 * 31
    again = grundy.ruleset(two_heaps)
    assert load_memo(again, path) == n
    assert memo_of(again, GRUNDY) == two_heaps_values(30)


def test_store_of_another_ruleset_or_a_corrupt_one_is_refused(tmp_path: Path) -> None:
    nim, kayles = grundy.games.get("nim"), grundy.games.get("kayles")
    path = tmp_path / "nim.memo"
    reduce(nim, 5)
    save_memo(nim, path)
    with pytest.raises(InvalidParameterError, match="holds the memo of 'nim'"):
        load_memo(kayles, path)
    with pytest.raises(InvalidParameterError, match="holds the memo of 'nim'"):
        reduce(kayles, 5, store=path)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(InvalidParameterError, match="corrupt"):
        load_memo(nim, path)
    (tmp_path / "junk").write_bytes(b"hello")
    with pytest.raises(InvalidParameterError, match="not a grundy memo store"):
        load_memo(nim, tmp_path / "junk")
    with pytest.raises(InvalidParameterError, match="cannot read"):
        load_memo(nim, tmp_path / "missing")
    one = grundy.ruleset(lambda n: [n - 1] if n else [])
    two = grundy.ruleset(lambda n: [n - 2] if n > 1 else [])  # same name, other rules
    reduce(one, 9, store=tmp_path / "one.memo")
    assert load_memo(grundy.ruleset(one.__wrapped__), tmp_path / "one.memo") == 10
    with pytest.raises(InvalidParameterError, match="saved for other rules of '<lambda>'"):
        load_memo(two, tmp_path / "one.memo")


def test_positions_that_cannot_be_pickled_are_a_clear_error(tmp_path: Path) -> None:
    class Heap:
        def __init__(self, n: int) -> None:
            self.n = n

        def __hash__(self) -> int:
            return self.n

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Heap) and other.n == self.n

    rs = grundy.ruleset(lambda h: [Heap(h.n - 1)] if h.n else [])
    with pytest.raises(InvalidParameterError, match="cannot be pickled"):
        reduce(rs, Heap(3), store=tmp_path / "local.memo")


@pytest.mark.heavy
def test_a_stopped_cram_search_resumes_from_its_store(tmp_path: Path) -> None:
    """Stopped at the budget half way and saved, the value search of the 5 x 5 Cram
    board resumes in a fresh process with fewer positions and the same answer."""
    _resume(tmp_path, "5x5")


def _resume(tmp_path: Path, board: str) -> None:
    store = tmp_path / "cram.memo"
    code = textwrap.dedent(f"""
        import sys
        import grundy
        from grundy.games.placement import Cram
        from grundy.solve.budget import Budget
        from grundy.solve.reducer import PRUNED, reduce
        calls = [0]
        moves = Cram.moves
        def counted(self, p):
            calls[0] += 1
            return moves(self, p)
        Cram.moves = counted
        cram = grundy.games.get("cram")
        board = cram.parse_position({board!r})
        store = sys.argv[1] if len(sys.argv) > 1 else None
        positions = int(sys.argv[2]) if len(sys.argv) > 2 else None
        try:
            v = reduce(cram, board, search=PRUNED, store=store,
                       budget=Budget(positions=positions))
        except grundy.SearchLimitError as e:
            v = e.reason
        print(v, calls[0])
    """)

    def run(*args: str) -> tuple[str, int]:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                           env=env, timeout=600)
        assert r.returncode == 0, r.stderr[-2000:]
        value, calls = r.stdout.split()
        return value, int(calls)

    whole, whole_calls = run()
    assert run(str(store), str(whole_calls // 2))[0] == "positions" and store.exists()
    resumed, resumed_calls = run(str(store))
    assert resumed == whole
    assert resumed_calls < whole_calls

