"""A search with a store saves it while it runs: a process killed without warning
(SIGKILL) leaves the last save behind, and a new process resumes from it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import grundy
from grundy.values.errors import InvalidParameterError
from grundy.solve.reducer import forget, load_memo, reduce

ROOT = Path(__file__).resolve().parents[2]

CODE = textwrap.dedent("""
    import sys
    import grundy
    from grundy.games.placement import Cram
    from grundy.solve.reducer import PRUNED, reduce
    calls = [0]
    moves = Cram.moves
    def counted(self, p):
        calls[0] += 1
        return moves(self, p)
    Cram.moves = counted
    cram = grundy.games.get("cram")
    store = sys.argv[2] if len(sys.argv) > 2 else None
    v = reduce(cram, cram.parse_position(sys.argv[1]), search=PRUNED, store=store,
               save_every=0.2)
    print(v, calls[0], flush=True)
""")


def _start(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen([sys.executable, "-c", CODE, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _finish(p: subprocess.Popen[str]) -> tuple[int, int]:
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0, err[-2000:]
    value, calls = out.split()
    return int(value), int(calls)


@pytest.mark.slow
def test_a_killed_cram_search_resumes_from_its_last_save(tmp_path: Path) -> None:
    """The 4 x 7 board (nimber 3, Beling's table in the README of
    beling/impartial-games): killed once its store has been saved twice, the
    search resumes in a new process, gives 3 and calls the move function less
    often than a search from nothing."""
    board, store = "4x7", tmp_path / "cram.memo"
    whole, whole_calls = _finish(_start(board))
    assert whole == 3
    p = _start(board, str(store))
    saves, last = 0, None
    deadline = time.monotonic() + 120
    while saves < 2 and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        stamp = store.stat().st_mtime_ns if store.exists() else None
        if stamp is not None and stamp != last:
            saves, last = saves + 1, stamp
    assert p.poll() is None, "the search ended before it was killed; use a larger board"
    p.send_signal(signal.SIGKILL)
    p.communicate(timeout=300)
    assert p.returncode == -signal.SIGKILL
    cram = grundy.games.get("cram")
    forget(cram)
    try:
        assert load_memo(cram, store) > 0          # the file is a whole store
    finally:
        forget(cram)
    resumed, resumed_calls = _finish(_start(board, str(store)))
    assert resumed == whole
    assert resumed_calls < whole_calls


def test_save_every_must_be_positive(tmp_path: Path) -> None:
    kayles = grundy.games.get("kayles")
    with pytest.raises(InvalidParameterError, match="save_every"):
        reduce(kayles, 5, store=tmp_path / "k.memo", save_every=0)


def test_a_periodic_save_happens_while_the_search_runs(tmp_path: Path) -> None:
    """A search longer than ``save_every`` writes the store before it ends: the
    move function sees the file appear."""
    store = tmp_path / "heaps.memo"
    seen: list[bool] = []

    @grundy.ruleset
    def slow_heap(n: int) -> list[int]:
        if n == 40:
            time.sleep(0.5)          # longer than save_every: a save happens meanwhile
            seen.append(store.exists())
        return [n - k for k in (1, 2, 3) if k <= n]

    assert reduce(slow_heap, 60, store=store, save_every=0.1) == 60 % 4
    assert seen == [True]


# ------------------------------------------------- the store's path (issue 39)
def test_a_store_that_cannot_be_written_is_refused_before_the_search(tmp_path) -> None:
    """The error came after the search had run, and its result was lost."""
    import grundy
    from grundy.solve.reducer import reduce
    from grundy.values.errors import InvalidParameterError

    calls = []
    rs = grundy.ruleset(lambda n: calls.append(n) or range(n))
    for bad in (tmp_path / "missing" / "t.memo", tmp_path):
        with pytest.raises(InvalidParameterError, match="memo store"):
            reduce(rs, 50, store=bad)
        assert calls == []  # nothing was searched


@pytest.mark.parametrize("store", [5, 2.5, None.__class__, ["t.memo"]])
def test_a_store_that_is_not_a_path_is_refused_by_name(store) -> None:
    import grundy
    from grundy.solve.reducer import reduce
    from grundy.values.errors import InvalidParameterError

    with pytest.raises(InvalidParameterError, match="store must be a file path"):
        reduce(grundy.ruleset(lambda n: range(n)), 5, store=store)


def test_a_bytes_or_pathlike_store_names_the_file(tmp_path) -> None:
    import os

    import grundy
    from grundy.solve.reducer import forget, reduce

    rs = grundy.ruleset(lambda n: range(n))
    path = tmp_path / "t.memo"
    assert reduce(rs, 20, store=os.fsencode(path)) == 20
    assert sorted(os.listdir(tmp_path)) == ["t.memo"]
    forget(rs)
    assert reduce(rs, 20, store=path) == 20
    assert sorted(os.listdir(tmp_path)) == ["t.memo"]
