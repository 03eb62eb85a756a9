"""``grundy stats``: Flammenkamp's figures of a table, checked against a table
computed from the raw rules (the mex of the options) and the figures counted
in plain Python, and against the published figures for Grundy's game."""

import json

import pytest

from grundy.cli.main import main
from tests.oracles import octal_moves, split_game_table


def raw_table(digits, n, unequal=False):
    """g(0..n) by the definition; digits of a finite octal code (or Grundy's game:
    split a heap into two unequal heaps)."""
    moves = {"splits": [0]} if unequal else octal_moves(digits)
    return split_game_table(n, **moves, unequal=unequal).tolist()


def figures(values, mask, e, f):
    rare = [i for i, v in enumerate(values) if bin(v & mask).count("1") % 2 == ((e & i) ^ f)]
    top = max(values)
    return {"max": top, "max_at": values.index(top), "rare": len(rare), "last_rare": rare[-1]}


@pytest.mark.parametrize("spec,digits,unequal", [
    ("octal:0.45", [0, 4, 5], False), ("octal:0.6", [0, 6], False),
    ("octal:0.356", [0, 3, 5, 6], False), ("grundys-game", [], True),
])
def test_stats_agree_with_the_raw_rules(capsys, spec, digits, unequal):
    n = 3000
    assert main(["stats", spec, "--to", str(n), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    values = raw_table(digits, n, unequal)
    assert {k: got[k] for k in ("max", "max_at", "rare", "last_rare")} == figures(
        values, got["mask"], got["e"], got["f"])
    # the split reported is a good one: no mask has fewer rare heaps by far
    assert got["rare"] <= min(figures(values, m, 0, 0)["rare"] for m in range(1, 1 << 9)) + 5


def test_stats_text_and_period(capsys):
    assert main(["stats", "octal:0.45", "--to", "2000"]) == 0
    out = capsys.readouterr().out
    assert "largest value 8 (first at 37)" in out and "rare mask     0xf" in out
    assert "period        20 from 498 (proven)" in out  # Gangolli-Plambeck


def test_grundys_game_published_figures(capsys):
    # Flammenkamp's table: 1,274 rare heaps with mask 0xfe, the last at 82,860
    assert main(["stats", "grundys-game", "--to", str(1 << 17), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["rare"], got["last_rare"], got["mask"]) == (1274, 82860, 0xFE)


@pytest.mark.parametrize("args", [["nim"], ["octal:0.8"], ["subtraction:1,3,4"], ["octal:0.6", "--to", "-3"],
                                  ["octal:0.6", "--to", str(1 << 40)]])
def test_stats_bad_input_is_one_line(capsys, args):
    assert main(["stats", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def _npy(path, kind):
    """A broken checkpoint of ``kind``."""
    import numpy as np

    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("not a numpy file\n" * 10)
    elif kind == "truncated":
        np.save(path, np.arange(1000, dtype=np.uint16))
        path.write_bytes(path.read_bytes()[:300])
    elif kind == "float":
        np.save(path, np.zeros(10))
    elif kind == "2d":
        np.save(path, np.zeros((3, 3), dtype=np.uint16))
    elif kind == "object":
        np.save(path, np.array([1, "a"], dtype=object), allow_pickle=True)


@pytest.mark.parametrize("kind", ["empty", "text", "truncated", "float", "2d", "object"])
def test_damaged_checkpoint_is_one_line(capsys, tmp_path, kind):
    # was (empty.npy): "grundy: interrupted" and exit 130 (an EOFError taken for Ctrl-C)
    path = tmp_path / f"{kind}.npy"
    _npy(path, kind)
    before = path.read_bytes()
    assert main(["stats", "octal:0.6", "--to", "1000", "--checkpoint", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "interrupted" not in err
    assert err.startswith("grundy: error: ") and repr(str(path)) in err and "checkpoint" in err
    assert path.read_bytes() == before  # left as it was


def test_damaged_checkpoint_in_a_fresh_process(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "empty.npy").write_bytes(b"")
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-m", "grundy", "stats", "octal:0.6", "--checkpoint", "empty.npy"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120,
                       env=dict(os.environ, PYTHONPATH=str(root / "src")))
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("grundy: error: 'empty.npy' is not a table checkpoint")
    assert r.stderr.count("\n") == 1


def test_good_checkpoint_resumes(capsys, tmp_path):
    path = tmp_path / "t.npy"
    assert main(["stats", "octal:0.45", "--to", "2000", "--checkpoint", str(path), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert path.exists()
    assert main(["stats", "octal:0.45", "--to", "2000", "--checkpoint", str(path), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    values = raw_table([0, 4, 5], 2000)
    assert (again["max"], again["max_at"]) == (max(values), values.index(max(values)))


def _officers(n):
    """Officers (0.6) to heap ``n`` from the raw rules, as a list."""
    return raw_table([0, 6], n)


def test_a_tampered_checkpoint_is_refused_on_every_block(capsys, tmp_path):
    """Issue 39: a value changed past the first 512 heaps was taken as it was
    (``max 300 at 1000``); now every block is checked against its CRC32. 5,000
    heaps (was 20,000: the brute-force oracle is quadratic, and both sizes are
    one partial block of ``tablestore.BLOCK``) still put the changed value far
    past the first 512."""
    import numpy as np

    path, n = tmp_path / "c.npy", 5_000
    args = ["stats", "octal:0.6", "--to", str(n), "--checkpoint", str(path), "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    truth = _officers(n)
    assert (first["max"], first["max_at"]) == (max(truth), truth.index(max(truth)))
    assert (tmp_path / "c.npy.json").exists()
    a = np.load(path)
    a[1000] = 300
    np.save(path, a)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and repr(str(path)) in err and "damaged" in err
    assert "block 0" in err and "CRC32" in err
    assert "max 300" not in err


def test_checkpoint_header_missing_damaged_or_short(capsys, tmp_path):
    import numpy as np

    path = tmp_path / "c.npy"
    header = tmp_path / "c.npy.json"
    args = ["stats", "octal:0.6", "--to", "3000", "--checkpoint", str(path)]
    assert main(args) == 0
    capsys.readouterr()
    good_values, good_header = path.read_bytes(), header.read_text()
    header.unlink()  # a checkpoint with no checksums (an older grundy's) is refused
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "no checksum header" in err and repr(str(path)) in err
    header.write_text("{not json")
    assert main(args) == 2
    assert "cannot be read" in capsys.readouterr().err
    header.write_text(good_header)
    np.save(path, np.load(path)[:2000])  # fewer values than the header covers
    assert main(args) == 2
    assert "damaged" in capsys.readouterr().err
    # a crash between the two renames: new values, the old header; the prefix it
    # covers is checked and the rest computed again
    path.write_bytes(good_values)
    head = json.loads(good_header)
    longer = np.concatenate([np.load(path), np.full(500, 7, dtype=np.uint16)])
    np.save(path, longer)
    assert head["heaps"] == 3001
    assert main(["stats", "octal:0.6", "--to", "3400", "--checkpoint", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    truth = _officers(3400)
    assert (got["max"], got["max_at"]) == (max(truth), truth.index(max(truth)))
    assert np.load(path).tolist() == truth
    # another game's checkpoint
    assert main(["stats", "octal:0.45", "--to", "100", "--checkpoint", str(path)]) == 2
    assert "another game" in capsys.readouterr().err
