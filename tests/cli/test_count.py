"""``grundy count`` against brute-force enumeration, and its errors."""

from __future__ import annotations

import itertools

from grundy.cli.main import main


def test_count_nim_and_bash(capsys):
    assert main(["count", "nim", "10", "3..12", "7"]) == 0
    want = sum(1 for a, b, c in itertools.product(range(10), range(3, 13), range(7)) if a ^ b ^ c == 0)
    assert capsys.readouterr().out.strip() == str(want)
    assert main(["count", "bash:3", "0..20", "0..20", "--value", "2", "--json"]) == 0
    want = sum(1 for a, b in itertools.product(range(21), repeat=2) if (a % 4) ^ (b % 4) == 2)
    assert f'"count": {want}' in capsys.readouterr().out
    assert main(["count", "nim", "10**30", "10**30", "--mod", "1000000007"]) == 0
    assert capsys.readouterr().out.strip() == str(10**30 % 1000000007)


def test_count_errors(capsys):
    for args in (["count", "nim", "5..3"], ["count", "lasker", "0..3000", "5", "--max-memory", "1000"],
                 ["count", "mock-turtles", "3"], ["count", "nim", "4", "--mod", "10"]):
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("grundy: error:") and len(err.strip().splitlines()) == 1


def test_count_takes_memory_sizes_as_analyze_does(capsys):
    # was: '--max-memory 1G' refused (an integer only) while analyze took it
    for size in ("1G", "512M", str(2**30)):
        assert main(["count", "nim", "10", "10", "--max-memory", size]) == 0
        assert capsys.readouterr().out.strip() == "10"
    assert main(["count", "nim", "10", "10", "--max-memory", "1X"]) == 2
