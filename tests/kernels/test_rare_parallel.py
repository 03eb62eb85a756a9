"""The rare-value kernel on several threads gives the tables of the one-core kernel
and of the mex of the raw rules (the numpy brute force of tests/oracles.py), for random
finite octal codes and Grundy's game."""

import json
import random

import numpy as np
import pytest

import grundy.kernels.rare as rare
from tests.oracles import octal_moves, split_game_table
from grundy import InvalidParameterError
from grundy.kernels.rare import RareWork, naive_table, rare_table


def random_digits(rng):
    """A finite octal code of 1-4 digits after the point with a split digit."""
    digits = [rng.choice([0, 0, 4])] + [rng.randrange(8) for _ in range(rng.randrange(1, 5))]
    digits[-1] = digits[-1] or rng.randrange(4, 8)
    if not any(d & 4 for d in digits):
        digits[rng.randrange(len(digits))] |= 4
    return digits


def table(n, start, threads, moves, unequal=False, state=None):
    g = np.zeros(n + 1, dtype=np.uint16)
    naive_table(g, 0, start - 1, **moves, unequal=unequal)
    stats = rare_table(g, start, n, **moves, unequal=unequal, threads=threads, state=state)
    return g, stats


SAME = ("mask", "e", "f", "rare", "chosen", "stop")


def test_two_threads_match_one_and_the_raw_rules_on_random_codes():
    rng = random.Random(27)
    for _ in range(24):
        digits = random_digits(rng)
        moves = octal_moves(digits)
        want = split_game_table(3000, **moves)
        one, s1 = table(3000, 20, None, moves)
        two, s2 = table(3000, 20, 2, moves)
        assert one.tolist() == want.tolist(), digits
        assert two.tolist() == want.tolist(), digits
        # the same split, re-chosen at the same heaps: only the work differs
        assert {k: s2[k] for k in SAME} == {k: s1[k] for k in SAME}, digits


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch):
    """The threaded kernel is tested whatever the machine's load: the load average
    would otherwise send a busy test machine's tables to one thread."""
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (0.0, 0.0, 0.0))


@pytest.fixture
def four_cores(monkeypatch):
    """Threads are capped at the cores; pretend there are four (the threads then
    take turns on the real ones: slower, the same values)."""
    monkeypatch.setattr(rare, "_cores", lambda: 4)


def test_more_threads_than_cores_still_give_the_table(four_cores):
    rng = random.Random(4)
    for _ in range(4):
        digits = random_digits(rng)
        moves = octal_moves(digits)
        want = split_game_table(2500, **moves)
        for threads in (3, 4):
            g, _ = table(2500, 20, threads, moves)
            assert g.tolist() == want.tolist(), (digits, threads)


def test_threads_are_capped_at_the_cores(monkeypatch):
    monkeypatch.setattr(rare, "_cores", lambda: 2)
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (0.0, 0.0, 0.0))  # an idle machine
    assert rare._threads(8) == 2 and rare._threads(0) == 2 and rare._threads(None) == 1


def test_a_full_rare_list_grows_between_runs(monkeypatch):
    # two free entries: the run stops at every second rare heap and goes on
    monkeypatch.setattr(rare, "_ROOM", 2)
    moves = octal_moves([0, 7, 7])
    want = split_game_table(6000, **moves)
    g, stats = table(6000, 30, 2, moves)
    assert g.tolist() == want.tolist()
    assert stats["rare"] > 8


def test_grundys_game_on_two_threads_to_twenty_thousand():
    want = split_game_table(20_000, splits=[0], unequal=True)
    two, stats = table(20_000, 64, 2, {"splits": [0]}, unequal=True)
    assert two.tolist() == want.tolist()
    assert stats["stop"] == 20_001


def test_kayles_a_few_ten_thousand_and_three_threads(four_cores):
    moves = octal_moves([0, 7, 7])
    want = split_game_table(30_000, **moves)
    for threads in (2, 3):
        g, _ = table(30_000, 100, threads, moves)
        assert g.tolist() == want.tolist(), threads


def test_chunked_calls_switch_between_one_and_two_threads():
    moves = octal_moves([0, 6])  # Officers
    want, _ = table(40_000, 2048, None, moves)
    g = np.zeros(40_001, dtype=np.uint16)
    naive_table(g, 0, 2047, **moves)
    work = RareWork()
    at = 2048
    for i, stop in enumerate((5000, 9000, 20_000, 26_000, 40_000)):
        rare_table(g, at, stop, **moves, state=work, threads=2 if i % 2 == 0 else None)
        at = stop + 1
    assert (g == want).all()


def test_a_table_handed_between_one_and_two_threads_keeps_its_schedule():
    """On a busy machine the threads stop and the one-core kernel goes on from
    where they stopped (issue 39): any hand-off leaves the same table and the same
    split, re-chosen at the same heaps, as one call on one thread."""
    rng = random.Random(39)
    for _ in range(12):
        digits = random_digits(rng)
        moves = octal_moves(digits)
        want, s1 = table(6000, 20, None, moves)
        g = np.zeros(6001, dtype=np.uint16)
        naive_table(g, 0, 19, **moves)
        work = RareWork()
        cuts = sorted(rng.sample(range(21, 6000), rng.randrange(1, 6))) + [6000]
        at = 20
        for i, stop in enumerate(cuts):
            s2 = rare_table(g, at, stop, **moves, state=work, threads=rng.choice([None, 2]))
            at = stop + 1
        assert g.tolist() == want.tolist(), digits
        assert {k: s2[k] for k in SAME} == {k: s1[k] for k in SAME}, (digits, cuts)


def test_a_fixed_split_with_the_heaps_parity_on_threads():
    moves = octal_moves([0, 1, 2, 7])  # 0.127: a single split digit
    want = split_game_table(4000, **moves)
    g, stats = table(4000, 40, 2, moves)
    assert g.tolist() == want.tolist()
    g2 = np.zeros(4001, dtype=np.uint16)
    naive_table(g2, 0, 39, **moves)
    stats = rare_table(g2, 40, 4000, **moves, mask=3, e=1, threads=2)
    assert g2.tolist() == want.tolist() and stats["mask"] == 3 and stats["e"] == 1


def test_the_marks_start_again_when_the_tags_wrap(monkeypatch):
    monkeypatch.setattr(rare, "_STAMP0", 2**32 - 300)  # the tags wrap within the table
    moves = octal_moves([0, 7, 7])
    want = split_game_table(3000, **moves)
    for threads in (None, 2):
        g, _ = table(3000, 10, threads, moves)
        assert g.tolist() == want.tolist(), threads


def test_threads_zero_uses_every_core_and_bad_counts_are_refused():
    moves = octal_moves([0, 7, 7])
    g, _ = table(2000, 50, 0, moves)
    assert g.tolist() == split_game_table(2000, **moves).tolist()
    for bad in (-1, 1.5, "2", True):
        with pytest.raises(InvalidParameterError, match="threads"):
            table(100, 50, bad, moves)


@pytest.mark.slow
def test_officers_to_two_to_the_twenty_on_two_threads():
    moves = octal_moves([0, 6])
    one, s1 = table(1 << 20, 2048, None, moves)
    two, s2 = table(1 << 20, 2048, 2, moves)
    assert (one == two).all()
    assert s1["rare"] == s2["rare"] == 1583 and s2["mask"] == 0x1EE


def test_a_table_and_the_stats_command_on_two_threads():
    from click.testing import CliRunner

    from grundy.cli.main import cli
    from grundy.games.octal import SplitTable

    one = SplitTable("0.6", splits=[1], takes=[1], wholes=[])
    two = SplitTable("0.6", splits=[1], takes=[1], wholes=[])
    two.threads = 2
    assert (one.array(40_000) == two.array(40_000)).all()
    res = [CliRunner().invoke(cli, ["stats", "octal:0.6", "--to", "40000", "--json", *extra])
           for extra in ([], ["--threads", "2"])]
    assert res[0].exit_code == res[1].exit_code == 0
    drop = lambda text: {k: v for k, v in json.loads(text.strip().splitlines()[-1]).items() if k != "seconds"}  # noqa: E731
    assert drop(res[0].output) == drop(res[1].output)


def test_a_busy_machine_gets_fewer_threads(monkeypatch):
    """Issue 39: two threads on a machine whose cores are taken ran at 0.04-0.5x
    one thread. The load average decides how many cores are idle."""
    monkeypatch.setattr(rare, "_cores", lambda: 2)
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (0.1, 0.1, 0.1))
    assert rare._threads(2) == 2 and rare._threads(0) == 2
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (1.1, 1.0, 1.0))  # the caller's own work
    assert rare._threads(2) == 2
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (2.1, 2.0, 1.0))  # and one other process
    assert rare._threads(2) == 1 and rare._threads(0) == 1
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (17.0, 15.0, 9.0))
    assert rare._threads(2) == 1 and rare._threads(None) == 1
    monkeypatch.setattr(rare, "_cores", lambda: 8)
    monkeypatch.setattr(rare.os, "getloadavg", lambda: (4.0, 3.0, 3.0))
    assert rare._threads(0) == 5 and rare._threads(4) == 4
