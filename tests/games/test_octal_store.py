"""Octal tables kept in a file (the table store): equal to the naive table of the
raw rules, resumed after Ctrl-C or a kill, refused when damaged or foreign,
and held in bounded memory."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import grundy.solve.tablestore as tablestore
from grundy.cli.main import main
from grundy.games.octal import GrundysGame, SplitTable, TakeAndBreak
from grundy.solve.caches import forget
from grundy.solve.tablestore import TableStore
from grundy.values.errors import InvalidParameterError, SearchLimitError
from tests.oracles import mex

ROOT = Path(__file__).resolve().parents[2]


def naive_octal(code: str, n: int) -> list[int]:
    """Heaps 0..n of the octal game ``code`` (``0.d1d2...``), from the rules:
    taking k tokens (digit d_k) may leave no heap (bit 1, the whole heap), one
    heap (bit 2) or two non-empty heaps (bit 4)."""
    digits = [int(c) for c in code.split(".")[1]]
    g = np.zeros(n + 1, dtype=np.int64)
    for m in range(n + 1):
        reached: set[int] = set()
        for k, d in enumerate(digits, start=1):
            r = m - k
            if r < 0:
                break
            if d & 1 and r == 0:
                reached.add(0)
            if d & 2 and r > 0:
                reached.add(int(g[r]))
            if d & 4 and r >= 2:
                a = np.arange(1, r // 2 + 1)
                reached.update(np.unique(g[a] ^ g[r - a]).tolist())
        g[m] = mex(reached)
    return g.tolist()


def naive_grundy(n: int) -> list[int]:
    """Grundy's game: split a heap into two unequal non-empty heaps."""
    g = np.zeros(n + 1, dtype=np.int64)
    for m in range(3, n + 1):
        a = np.arange(1, (m - 1) // 2 + 1)
        g[m] = mex(set(np.unique(g[a] ^ g[m - a]).tolist()))
    return g.tolist()


@pytest.fixture
def small_blocks(monkeypatch):
    """Blocks of 256 heaps, so small tables span many checksummed blocks."""
    monkeypatch.setattr(tablestore, "BLOCK", 256)


def _engine_small(game):
    """Rare-value kernel from heap 64, a commit after every chunk."""
    game.engine.seed = 64
    game.engine.commit_every = 0.0
    return game


def random_codes(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    codes = []
    while len(codes) < count:
        digits = [rng.randrange(8) for _ in range(rng.randint(1, 3))]
        if digits[-1] and any(d & 4 for d in digits):  # a split: the rare-value kernel runs
            codes.append("0." + "".join(map(str, digits)))
    return codes


@pytest.mark.parametrize("code", random_codes(6, 27))
def test_random_codes_through_the_store_equal_the_naive_table(tmp_path, small_blocks, code):
    n = 3000
    path = tmp_path / "t.table"
    # three sessions, each resuming from the file the last one left
    for upto in (700, 1900, n):
        game = _engine_small(TakeAndBreak(code).use_store(path))
        values = game.table_array(upto)
        game.engine.store.close()
    assert values.tolist() == naive_octal(code, n)
    head = json.loads((tmp_path / "t.table.json").read_text())
    assert head["heaps"] == n + 1 and head["game"] == f"octal:{code}"
    assert len(head["crc32"]) == (n + 1) // 256


def test_grundys_game_through_the_store_equals_the_naive_table(tmp_path, small_blocks):
    path = tmp_path / "g.table"
    _engine_small(GrundysGame().use_store(path)).table_array(1000)
    again = _engine_small(GrundysGame().use_store(path))
    assert again.engine.have == 0  # opened by the next table
    assert again.table_array(2500).tolist() == naive_grundy(2500)


def test_use_checkpoint_picks_the_format_by_suffix(tmp_path):
    TakeAndBreak("0.6").use_checkpoint(tmp_path / "a.npy").table_array(3000)
    TakeAndBreak("0.6").use_checkpoint(tmp_path / "a.table").table_array(3000)
    assert np.load(tmp_path / "a.npy").tolist() == naive_octal("0.6", 3000)
    assert (tmp_path / "a.table.json").exists() and not (tmp_path / "a.table.npy").exists()
    stored = np.fromfile(tmp_path / "a.table", dtype="<u2")[:3001]
    assert stored.tolist() == naive_octal("0.6", 3000)


def test_ctrl_c_keeps_every_finished_chunk(tmp_path, small_blocks):
    path = tmp_path / "o.table"
    game = _engine_small(TakeAndBreak("0.6").use_store(path))
    game.engine._step = 500
    calls = []

    def interrupt(done):
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        game.table_array(100_000, progress=interrupt)
    head = json.loads((tmp_path / "o.table.json").read_text())
    assert head["heaps"] == calls[-1] == game.engine.have
    again = _engine_small(TakeAndBreak("0.6").use_store(path))
    assert again.table_array(8000).tolist() == naive_octal("0.6", 8000)


def test_values_written_past_the_header_are_computed_again(tmp_path, small_blocks):
    """A process killed after writing values but before its next header: the
    store resumes from the header, and the values past it are recomputed."""
    path = tmp_path / "o.table"
    _engine_small(TakeAndBreak("0.6").use_store(path)).table_array(1000)
    with open(path, "r+b") as f:  # a torn block: garbage past the 1,001 heaps known
        f.seek(2 * 1001)
        f.write(b"\xff" * 3000)
    assert json.loads((tmp_path / "o.table.json").read_text())["heaps"] == 1001
    again = _engine_small(TakeAndBreak("0.6").use_store(path))
    assert again.table_array(4000).tolist() == naive_octal("0.6", 4000)


def test_a_store_resumed_equals_one_uninterrupted(tmp_path, small_blocks):
    whole = TableStore(tmp_path / "whole.table", game="octal:0.6", moves={})
    _engine_small(TakeAndBreak("0.6").use_store(tmp_path / "whole.table")).table_array(5000)
    for upto in (300, 2047, 2048, 5000):
        _engine_small(TakeAndBreak("0.6").use_store(tmp_path / "parts.table")).table_array(upto)
    a = json.loads((tmp_path / "whole.table.json").read_text())
    b = json.loads((tmp_path / "parts.table.json").read_text())
    assert a["digest"] == b["digest"] and a["crc32"] == b["crc32"] and a["heaps"] == 5001
    assert whole.path.read_bytes()[:10002] == (tmp_path / "parts.table").read_bytes()[:10002]


def _stored(tmp_path, code="0.6", n=2000):
    path = tmp_path / "o.table"
    _engine_small(TakeAndBreak(code).use_store(path)).table_array(n)
    return path


def test_a_damaged_block_is_refused_naming_the_file_and_block(tmp_path, small_blocks):
    path = _stored(tmp_path)
    values = np.fromfile(path, dtype="<u2")
    values[3 * 256 + 17] ^= 1
    values.tofile(path)
    with pytest.raises(InvalidParameterError, match=r"o\.table' is damaged: block 3 \(heaps 768\.\.1,023\)"):
        TakeAndBreak("0.6").use_store(path).table(10)


def test_a_damaged_last_partial_block_is_refused(tmp_path, small_blocks):
    path = _stored(tmp_path)
    values = np.fromfile(path, dtype="<u2")
    values[1999] ^= 4
    values.tofile(path)
    with pytest.raises(InvalidParameterError, match="block 7"):
        TakeAndBreak("0.6").use_store(path).table(10)


def test_a_foreign_game_is_refused(tmp_path, small_blocks):
    path = _stored(tmp_path)
    with pytest.raises(InvalidParameterError, match="holds the table of octal:0.6, not of octal:0.7"):
        TakeAndBreak("0.7").use_store(path).table(10)
    with pytest.raises(InvalidParameterError, match="not of grundys-game"):
        GrundysGame().use_store(path).table(10)
    # a header edited to claim another game: the first heaps give it away
    head_path = tmp_path / "o.table.json"
    head = json.loads(head_path.read_text())
    head["game"], head["moves"]["takes"] = "octal:0.4", []
    head_path.write_text(json.dumps(head))
    before = path.read_bytes(), head_path.read_bytes()
    forged = TakeAndBreak("0.4").use_store(path)
    for _ in range(2):  # refused again, and never written to
        with pytest.raises(InvalidParameterError, match="values of another game than octal:0.4"):
            forged.table(10)
    assert (path.read_bytes(), head_path.read_bytes()) == before


@pytest.mark.parametrize("damage", ["no header", "bad json", "not ours", "short data", "no data"])
def test_damaged_files_are_refused_and_left_alone(tmp_path, small_blocks, damage):
    path = _stored(tmp_path)
    head = tmp_path / "o.table.json"
    if damage == "no header":
        head.unlink()
    elif damage == "bad json":
        head.write_text("{not json")
    elif damage == "not ours":
        head.write_text(json.dumps({"format": "something else"}))
    elif damage == "short data":
        os.truncate(path, 1000)
    else:
        path.unlink()
    before = [p.read_bytes() for p in (path, head) if p.exists()]
    with pytest.raises(InvalidParameterError, match=r"'.*o\.table'"):
        TakeAndBreak("0.6").use_store(path).table(10)
    assert [p.read_bytes() for p in (path, head) if p.exists()] == before


def test_no_table_cap_with_a_store_but_the_disk(tmp_path, monkeypatch):
    ram = TakeAndBreak("0.6")
    forget(ram)  # every 0.6 shares one table: start it again, capped for this test
    monkeypatch.setattr(ram.engine, "max_heaps", 1000)
    with pytest.raises(SearchLimitError, match="memory budget"):
        ram.table_array(5000)
    stored = TakeAndBreak("0.6").use_store(tmp_path / "o.table")
    stored.engine.max_heaps = 1000
    assert stored.table_array(5000).tolist() == naive_octal("0.6", 5000)

    class Usage:
        free = 10_000

    monkeypatch.setattr(tablestore.shutil, "disk_usage", lambda path: Usage())
    with pytest.raises(SearchLimitError, match=r"o\.table': a table of 1,000,001 heaps needs .* on disk; "
                                               r"the disk has 10,000 bytes free"):
        stored.table_array(1_000_000)
    assert stored.engine.have == 5001 and json.loads((tmp_path / "o.table.json").read_text())["heaps"] == 5001


@pytest.mark.parametrize("args, says", [
    (["octal:0.6", "--store", "{tmp}/missing/o.table"], "no directory"),
    (["octal:0.6", "--store", "{tmp}"], "is a directory"),
    (["octal:0.6", "--store", "{tmp}/o.table.json"], "not its header"),
    (["octal:0.6", "--store", "{tmp}/foreign.bin"], "is not a table store"),
    (["nim", "--store", "{tmp}/o.table"], "finite octal codes"),
    (["subtraction:1,3,4", "--store", "{tmp}/o.table"], "finite octal codes"),
])
def test_cli_bad_store_paths_are_one_line(capsys, tmp_path, args, says):
    (tmp_path / "foreign.bin").write_bytes(b"precious")
    args = [a.format(tmp=tmp_path) for a in args]
    assert main(["table", *args[:1], "--to", "100", *args[1:]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err
    assert (tmp_path / "foreign.bin").read_bytes() == b"precious"


def test_cli_table_store_resumes_and_prints_from_the_file(capsys, tmp_path):
    path = str(tmp_path / "d.table")
    assert main(["table", "octal:0.07", "--to", "300", "--store", path, "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["values"] == naive_octal("0.07", 300)
    assert (first["pattern"]["period"], first["pattern"]["preperiod"]) == (34, 53)
    assert main(["table", "octal:0.07", "--from", "290", "--to", "310", "--width", "7",
                 "--store", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split(": ")[1].split() == [str(v) for v in naive_octal("0.07", 296)[290:]]
    assert out[-1].startswith(f"store: {path} holds heaps 0..310")
    assert main(["stats", "octal:0.07", "--to", "310", "--checkpoint", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["max"] == max(naive_octal("0.07", 310))


# -- whole processes: killed, interrupted, resumed -------------------------

_SCRIPT = """
import sys
from grundy.games.octal import TakeAndBreak
game = TakeAndBreak("0.6").use_store(sys.argv[1])
game.engine.commit_every = 0.05
game.table_array(int(sys.argv[2]))
"""


def _run(args, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def _wait_for_heaps(path: Path, heaps: int, proc: subprocess.Popen, timeout: float = 120) -> int:
    head = path.with_name(path.name + ".json")
    t = time.monotonic() + timeout
    while time.monotonic() < t:
        assert proc.poll() is None, proc.communicate()
        try:
            got = json.loads(head.read_text())["heaps"]
        except (OSError, ValueError):
            got = 0
        if got >= heaps and head.exists():
            return got
        time.sleep(0.02)
    raise AssertionError("the table did not grow")


def _uninterrupted(tmp_path: Path, n: int) -> dict:
    TakeAndBreak("0.6").use_store(tmp_path / "whole.table").table_array(n)
    return json.loads((tmp_path / "whole.table.json").read_text())


@pytest.mark.slow
def test_sigkill_mid_table_then_a_fresh_process_resumes(tmp_path):
    n = (1 << 19) - 1
    path = tmp_path / "o.table"
    proc = _run(["-c", _SCRIPT, str(path), str(n)])
    seen = _wait_for_heaps(path, 1 << 17, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    head = json.loads((tmp_path / "o.table.json").read_text())
    assert seen <= head["heaps"] <= n  # killed mid-way: what the header says, kept
    proc = _run(["-c", _SCRIPT, str(path), str(n)])
    assert proc.wait(300) == 0, proc.communicate()
    whole = _uninterrupted(tmp_path, n)
    final = json.loads((tmp_path / "o.table.json").read_text())
    assert final["digest"] == whole["digest"] and final["heaps"] == n + 1
    a = np.fromfile(path, dtype="<u2")[: n + 1]
    b = np.fromfile(tmp_path / "whole.table", dtype="<u2")[: n + 1]
    assert (a == b).all()
    assert a[:3001].tolist() == naive_octal("0.6", 3000)


@pytest.mark.slow
def test_sigint_stops_the_cli_cleanly_and_the_rerun_resumes(tmp_path):
    n = (1 << 20) - 1  # several seconds at any rate seen
    path = tmp_path / "o.table"
    cmd = ["-m", "grundy", "stats", "octal:0.6", "--to", str(n), "--checkpoint", str(path), "--json",
           "--progress"]
    proc = _run(cmd, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as in a terminal
    shown = 0
    while shown <= 2048:  # the progress lines on stderr: the kernel is running
        line = proc.stderr.readline()
        assert line, proc.communicate()
        if line.startswith("table: ") and "/" in line:
            shown = int(line.split()[1].split("/")[0].replace(",", ""))
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err
    kept = json.loads((tmp_path / "o.table.json").read_text())["heaps"]
    assert shown <= kept <= n  # the chunks done before Ctrl-C, committed on the way out
    proc = _run(cmd)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert json.loads(out)["n"] == n
    assert json.loads((tmp_path / "o.table.json").read_text())["digest"] == _uninterrupted(tmp_path, n)["digest"]


def _rss_anon() -> int:
    """This process's anonymous resident memory in bytes (file pages excluded)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) * 1024
    pytest.skip("no /proc/self/status RssAnon here")


@pytest.mark.slow
def test_a_long_table_through_the_store_keeps_memory_bounded(tmp_path):
    n = (1 << 25) - 1  # a 64 MiB table, kernel all the way (no period copying)
    table = SplitTable("octal:0.77", splits=[1, 2], takes=[1, 2], wholes=[1, 2])
    table.use_store(tmp_path / "k.table")
    table.extend(1 << 16)  # compiled, workspace allocated
    before = _rss_anon()
    table.extend(n)
    grown = _rss_anon() - before
    assert grown < 2 * (n + 1) // 8, grown  # under an eighth of the table
    assert (tmp_path / "k.table").stat().st_size >= 2 * (n + 1)
    store = TableStore(tmp_path / "k.table", game="octal:0.77", moves=table._moves())
    assert store.open() == n + 1 and store.check() == []
    assert store.values[: 12 * 100].tolist() == naive_octal("0.77", 1199)


def test_a_heap_past_the_memory_budget_needs_a_store_and_says_so(tmp_path):
    from grundy.games.octal import TakeAndBreak

    memory = TakeAndBreak("0.6")
    forget(memory)  # every 0.6 shares one table: none computed yet
    memory.max_heaps = 5000
    with pytest.raises(SearchLimitError, match=r"5,000 heaps in memory\); a table store"):
        memory.value(6000)
    stored = TakeAndBreak("0.6").use_store(tmp_path / "t.table")
    stored.max_heaps = 5000
    assert stored.value(6000) == naive_octal("0.6", 6000)[6000]


def test_a_period_search_on_a_store_is_not_bounded_by_the_memory_budget(tmp_path):
    from grundy.games.octal import TakeAndBreak

    memory = TakeAndBreak("0.127")  # proven on 93,168 values (Guy-Smith)
    memory.max_heaps = 50_000
    seen = memory.find_period()
    assert (seen is None or not seen.proven) and "50,000 heaps" in memory.period_note
    stored = TakeAndBreak("0.127").use_store(tmp_path / "t.table")
    stored.max_heaps = 50_000
    p = stored.find_period()
    assert p.proven and (p.preperiod, p.period) == (46578, 4), stored.period_note


def test_a_period_proven_on_a_store_is_kept_in_its_header(tmp_path, monkeypatch):
    import grundy.solve.periods as octal

    path = tmp_path / "t.table"
    first = TakeAndBreak("0.127").use_store(path).find_period()
    assert first.proven and (first.preperiod, first.period) == (46578, 4)
    head = json.loads(path.with_name("t.table.json").read_text())
    assert head["meta"]["period"] == {"preperiod": 46578, "period": 4, "checked": first.checked}
    # a new session takes it from the header: the table is not searched again
    monkeypatch.setattr(octal, "octal_periodicity", lambda *a: pytest.fail("searched again"))
    again = TakeAndBreak("0.127").use_store(path).find_period()
    assert (again.preperiod, again.period, again.proven) == (46578, 4, True)
    monkeypatch.undo()
    # a header claiming a period the values do not bear is not believed
    head["meta"]["period"] = {"preperiod": 46578, "period": 3, "checked": first.checked}
    path.with_name("t.table.json").write_text(json.dumps(head))
    third = TakeAndBreak("0.127").use_store(path).find_period()
    assert (third.preperiod, third.period, third.proven) == (46578, 4, True)
    head = json.loads(path.with_name("t.table.json").read_text())
    assert head["meta"]["period"]["period"] == 4  # the proof put right
