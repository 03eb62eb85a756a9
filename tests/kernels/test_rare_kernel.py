"""The rare-value kernel and the uint16 tables against an independent oracle (the
mex of the raw rules, ``tests/oracles.py``), for any split; and the figures of the
published tables (Flammenkamp; Gangolli-Plambeck; Winning Ways)."""

import random

import numpy as np
import pytest

import grundy.games

from grundy import InvalidParameterError, SearchLimitError
from grundy.games import GrundysGame, TakeAndBreak
from grundy.games.octal import SplitTable, parse_code
from grundy.kernels.rare import best_mask, naive_table, rare_stats, rare_table
from grundy.solve.budget import Budget
from tests.oracles import mex, octal_moves, split_game_table


def oracle(digits, n, unequal=False):
    """g(0..n) of a finite octal code by the definition: the mex of the options."""
    return split_game_table(n, **octal_moves(digits), unequal=unequal).tolist()


def moves(code):
    return octal_moves(parse_code(code)[0])


def random_octal(rng):
    digits = [rng.choice([0, 0, 4])] + [rng.randrange(8) for _ in range(rng.randrange(1, 5))]
    digits[-1] = digits[-1] or rng.randrange(4, 8)
    if not any(d & 4 for d in digits):
        digits[rng.randrange(len(digits))] |= 4
    return f"{digits[0]}." + "".join(map(str, digits[1:]))


def rare(code, n, start, **kw):
    g = np.zeros(n + 1, dtype=np.uint16)
    naive_table(g, 0, start - 1, **moves(code), unequal=kw.pop("unequal", False))
    return g, rare_table(g, start, n, **moves(code), **kw)


def test_rare_kernel_matches_the_raw_rules_for_any_split():
    rng = random.Random(13)
    for _ in range(25):
        code = random_octal(rng)
        digits, _ = parse_code(code)
        want = oracle(digits, 400)
        g, _ = rare(code, 400, 20)
        assert g.tolist() == want, code
        single = len(moves(code)["splits"]) == 1
        for mask, e in [(1, 0), (0b1011, 0), (0xFFFF, 0), (3, 1 if single else 0)]:
            g, st = rare(code, 400, 5, mask=mask, e=e)
            assert g.tolist() == want, (code, mask, e)
            assert st["mask"] == mask


def test_grundys_game_rare_kernel_matches_the_raw_rules():
    want = oracle([4], 1500, unequal=True)
    g = np.zeros(1501, dtype=np.uint16)
    naive_table(g, 0, 1500, splits=[0], unequal=True)
    assert g.tolist() == want
    for start, mask in [(10, None), (3, 0xFE), (50, 1)]:
        g = np.zeros(1501, dtype=np.uint16)
        naive_table(g, 0, start - 1, splits=[0], unequal=True)
        rare_table(g, start, 1500, splits=[0], unequal=True, mask=mask)
        assert g.tolist() == want, (start, mask)


def mex_table(digits, n, unequal=False):
    """g(0..n) by the definition, the splits of a heap XORed by numpy (a plain
    reference, fast enough for tables past the scan's phases)."""
    return split_game_table(n, **octal_moves(digits), unequal=unequal)


@pytest.mark.parametrize("code,mask", [("0.6", None), ("0.376", None), ("0.6", 1),
                                       ("4.37", 0b110), ("0.07", None)])
def test_every_phase_of_the_scan_matches_the_definition(code, mask):
    # past 2 * 8192 heaps the scan reaches its probe and last linear phases; a
    # poor fixed mask leaves many rare values to find (more than the vectorised
    # compare takes at once)
    n = 17000
    want = mex_table(parse_code(code)[0], n)
    g, _ = rare(code, n, 2048, mask=mask)
    assert (g == want).all(), (code, mask, int(np.argmax(g != want)))


def test_grundys_game_past_the_first_scan_phase_matches_the_definition():
    n = 17000
    want = mex_table([4], n, unequal=True)
    g = np.zeros(n + 1, dtype=np.uint16)
    naive_table(g, 0, 99, splits=[0], unequal=True)
    rare_table(g, 100, n, splits=[0], unequal=True)
    assert (g == want).all()


def test_long_tables_agree_with_the_naive_kernel_and_chunks_resume():
    for code in ("0.6", "0.376", "0.354", "0.137", "0.04"):
        naive = np.zeros(12001, dtype=np.uint16)
        naive_table(naive, 0, 12000, **moves(code))
        g, st = rare(code, 12000, 2048)
        assert (g == naive).all(), code
        # in chunks, the split carried over by the state vector
        h = np.zeros(12001, dtype=np.uint16)
        naive_table(h, 0, 999, **moves(code))
        state = np.zeros(10, dtype=np.int64)
        for lo in range(1000, 12001, 1700):
            rare_table(h, lo, min(lo + 1699, 12000), state=state, **moves(code))
        assert (h == naive).all(), code


def test_the_split_is_chosen_by_the_value_counts():
    # Kayles 0.77: period 12 "012314321426"-like, 9 rare heaps with the split found
    g, st = rare("0.77", 3000, 100)
    assert st["rare"] == 9
    # the transform agrees with a brute-force count over all masks
    vals = g[:600].astype(int)
    best = min(((m, e) for m in range(1, 16) for e in (0, 1)),
               key=lambda me: (sum(1 for a in range(1, 600)
                                   if bin(vals[a] & me[0]).count("1") % 2 == (me[1] & a)), me[1], me[0]))
    count = lambda me: sum(1 for a in range(1, 600) if bin(vals[a] & me[0]).count("1") % 2 == (me[1] & a))
    assert count(best_mask(vals, allow_e=True)) == count(best)


# (code, preperiod, period, largest value, first heap of it, rare mask, heap parity
#  (e, f: rare when parity(g & mask) == (e & heap) ^ f), rare heaps, last rare heap) -- Flammenkamp's table of octal games; .127 from
# Gangolli and Plambeck (1989) with the heap's parity in the split ("1+pos").
SOLVED = [
    (".45", 498, 20, 8, 37, 0xF, (0, 0), 11, 198),
    (".156", 3479, 349, 23, 1032, 0x1B, (0, 0), 15, 357),
    (".356", 7315, 142, 19, 86, 0x1B, (0, 0), 7, 43),
    (".644", 3256, 442, 64, 333, 0x7E, (0, 0), 31, 511),
    (".165", 5181, 1550, 25, 620, None, (0, 0), None, None),
    (".16", 105351, 149459, 23, 229790, 0x1E, (0, 0), 53, 13935),
    (".56", 326640, 144, 64, 22778, 0x5B, (0, 0), 46, 1795),
    (".127", 46578, 4, 56, 24734, 0x1, (1, 1), 693, 27106),
]


@pytest.mark.parametrize("case", SOLVED, ids=[c[0] for c in SOLVED])
def test_solved_games_are_proven_by_default(case):
    code, pre, per, top, top_at, mask, e, nrare, last = case
    game = TakeAndBreak(code)
    p = game.periodicity
    assert p is not None and p.proven, game.period_note
    assert (p.preperiod, p.period) == (pre, per)
    values = game.table_array(p.checked - 1)
    assert int(values.max()) == top and int(np.argmax(values)) == top_at
    if mask is not None:
        s = rare_stats(values, mask, *e)
        assert (s["rare"], s["last_rare"]) == (nrare, last)
        chosen = game.stats(p.checked - 1)  # the split the kernel ended with
        assert chosen["rare"] <= nrare


def test_officers_and_grundys_game_rare_figures_so_far():
    """Flammenkamp's unsolved-games table to 2^21: Grundy's game 1,274 rare heaps
    (mask 0xfe) the last at 82,860; Officers (0.6) 1,584 (mask 0x1ee), the last at
    20,627. Those are all rare heaps below 2^17 and 2^15 respectively."""
    g = GrundysGame().table_array(1 << 17)
    s = rare_stats(g, 0xFE)
    assert (s["rare"], s["last_rare"]) == (1274, 82860)
    o = TakeAndBreak("0.6")
    assert (o.stats(1 << 15)["rare"], o.stats(1 << 15)["last_rare"]) == (1584, 20627)
    assert o.stats(1 << 15)["mask"] == 0x1EE  # the split chosen is the published one


@pytest.mark.slow
def test_unsolved_figures_to_two_to_the_21():
    n = 1 << 21
    assert GrundysGame().stats(n) == {"max": 231, "max_at": 763622, "rare": 1274,
                                      "last_rare": 82860, "mask": 0xFE, "e": 0, "f": 0}
    assert TakeAndBreak("0.6").stats(n) == {"max": 319, "max_at": 1274955, "rare": 1584,
                                            "last_rare": 20627, "mask": 0x1EE, "e": 0, "f": 0}


@pytest.mark.slow
@pytest.mark.parametrize("code,pre,per,top,top_at,mask,nrare,last", [
    (".376", 2268248, 4, 176, 341612, 0xFE, 510, 1140540),
    (".354", 10061916, 1180, 113, 1152, 0x3F, 132, 3227),
])
def test_the_long_solved_games_from_a_cold_start(code, pre, per, top, top_at, mask, nrare, last):
    game = TakeAndBreak(code)
    p = game.periodicity
    assert p is not None and p.proven, game.period_note
    assert (p.preperiod, p.period) == (pre, per)
    s = game.stats(p.checked - 1)
    assert (s["max"], s["max_at"], s["rare"], s["last_rare"]) == (top, top_at, nrare, last)
    assert s["mask"] == mask


def test_table_array_is_a_read_only_uint16_view_of_the_table():
    game = TakeAndBreak("0.6")
    a = game.table_array(5000)
    assert a.dtype == np.uint16 and not a.flags.writeable
    assert a.tolist() == game.table(5000) == oracle([0, 6], 300) + a.tolist()[301:]
    assert a.tolist()[:301] == oracle([0, 6], 300)


def test_checkpoint_resumes_and_ctrl_c_keeps_finished_chunks(tmp_path):
    path = tmp_path / "officers.npy"
    game = TakeAndBreak("0.6").use_checkpoint(path)
    game.engine.chunk = 3000
    calls = []

    def interrupt(done):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        game.table_array(1 << 20, progress=interrupt)
    saved = np.load(path)
    assert len(saved) == calls[-1] and saved.dtype == np.uint16
    again = TakeAndBreak("0.6").use_checkpoint(path)
    again.engine.chunk = 3000
    assert again.engine.have == 0
    values = again.table_array(len(saved) + 1000)
    assert again.engine.have >= len(saved)
    fresh = np.zeros(len(values), dtype=np.uint16)
    naive_table(fresh, 0, len(values) - 1, **moves("0.6"))
    assert (values == fresh).all()
    with pytest.raises(InvalidParameterError, match="another game"):
        TakeAndBreak("0.7").use_checkpoint(path).table(10)
    junk = tmp_path / "junk.npy"
    junk.write_bytes(b"not numpy")
    with pytest.raises(InvalidParameterError, match="junk"):
        TakeAndBreak("0.6").use_checkpoint(junk).table(10)


def test_budgets_are_stated_and_kept():
    game = TakeAndBreak("0.6")
    with pytest.raises(SearchLimitError, match="memory budget"):
        game.table_array(game.max_heaps)
    p = game.find_period(budget=Budget(seconds=0.5, positions=1 << 16))
    assert p is None or not p.proven
    assert "no period proven" in game.period_note and "65,536" in game.period_note
    with pytest.raises(SearchLimitError):
        SplitTable("x", splits=[1], takes=[], wholes=[], max_heaps=100).array(100)


def test_the_time_budget_holds_where_each_heap_costs_o_n(monkeypatch):
    """0.004 has no sparse split (every heap scans the table): each kernel call
    is sized to about half a second at the last call's rate, so progress comes
    every second or so and a 4 s budget ends near 4 s (with calls of 2^18
    heaps or half the table it overran to 9 s here, and to 100 s in a census).

    On a fake clock (the machine's load is no part of it): each kernel call
    advances it by a cost model of 0.004, 10 ns per cell of the table a heap
    scans, so a heap n costs 10 n ns."""
    import types

    import grundy.kernels.rare as rare_mod
    import grundy.solve.splittable as table_mod
    from grundy.values import clock as clock_mod

    clock = {"now": 1000.0}
    # the kernel calls' rate (the table's own timing) and the budgets' clock
    monkeypatch.setattr(table_mod, "time", types.SimpleNamespace(monotonic=lambda: clock["now"]))
    monkeypatch.setattr(clock_mod, "now", lambda: clock["now"])
    real_rare, real_naive = rare_mod.rare_table, rare_mod.naive_table

    def cost(lo: int, hi: int) -> None:  # heaps lo..hi, heap n scanning n cells
        clock["now"] += 1e-8 * (hi * (hi + 1) - lo * (lo - 1)) / 2

    def rare(g, lo, hi, *args, **kw):  # type: ignore[no-untyped-def]
        out = real_rare(g, lo, hi, *args, **kw)
        cost(lo, hi)
        return out

    def naive(g, lo, hi, *args, **kw):  # type: ignore[no-untyped-def]
        out = real_naive(g, lo, hi, *args, **kw)
        cost(lo, hi)
        return out

    monkeypatch.setattr(rare_mod, "rare_table", rare)
    monkeypatch.setattr(rare_mod, "naive_table", naive)
    game = TakeAndBreak("0.004")
    game.table_array(4096)
    stamps = [clock["now"]]
    game.find_period(budget=Budget(seconds=4.0, positions=1 << 22), progress=lambda have: stamps.append(clock["now"]))
    stamps.append(clock["now"])
    assert "time budget (4 s" in game.period_note
    assert len(stamps) > 6  # several kernel calls, each sized to the last one's rate
    assert max(b - a for a, b in zip(stamps, stamps[1:])) < 2.0
    assert 4.0 < stamps[-1] - stamps[0] < 6.5


@pytest.mark.parametrize("bad", ["0.", "1.2.3", "0." + "7" * 5000, "0.000", "9.1", "0.8", "0.9",
                                 "0.f", "0.a7", "0.78", "8.3...", "0.7" + "7" * 4100 + "..."])
def test_bad_codes_are_named(bad):
    with pytest.raises(InvalidParameterError, match="take-and-break code|digit before|at most|octal code") as e:
        TakeAndBreak(bad)
    assert len(str(e.value)) < 300  # named, abridged
    with pytest.raises(InvalidParameterError):
        grundy.games.get("octal:" + bad)


def test_hexadecimal_codes_have_their_own_spec():
    g = grundy.games.get("hex:0.8")
    assert g.spec == "hex:0.8" and grundy.games.get(g.spec).table(20) == g.table(20)
    assert grundy.games.get("hex:8.3...").spec == "split3"
    assert grundy.games.get("hex:0.07").spec == "octal:0.07"  # octal digits: the octal engine


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137", "0.4", "0.51", "0.16", "0.156", "4.7", "0.753", "0.33"])
def test_a_proven_period_fills_the_table_by_copying(code):
    """Past a proven period the table is copied, not computed: equal to the
    computed table, and the period is the one the Guy-Smith theorem proves."""
    n = 20000
    copied = SplitTable(code, **moves(code), periodic=True)
    copied.extend(n)
    computed = SplitTable(code, **moves(code))
    computed.extend(n)
    assert (copied.g[: n + 1] == computed.g[: n + 1]).all()
    if copied.period is not None:
        p, n0 = copied.period
        g = oracle(parse_code(code)[0], n0 + 2 * p + 60)
        assert g[: len(g)] == copied.g[: len(g)].tolist()
        assert all(g[i] == g[i + p] for i in range(n0, len(g) - p))


def test_dawsons_kayles_to_two_million_at_once():
    # was more than five minutes (a quadratic rare loop); its speed is measured
    # by benchmarks/bench_kernels.py (0.07 against C++), its values here
    dawson = grundy.games.get("dawson")
    big = np.asarray(dawson.table_array(2_000_000))
    want = oracle(parse_code("0.07")[0], 500)  # period 34 from heap 53 on (52 is the last exception)
    assert want[52] != want[52 + 34]
    assert big[:501].tolist() == want
    rng = random.Random(7)
    for n in [rng.randrange(500, 2_000_001) for _ in range(1000)] + [2_000_000]:
        assert big[n] == want[53 + (n - 53) % 34]


def test_subtraction_tables_copy_by_their_period():
    for S in ([1, 3, 4], [2, 5, 7], [1, 10, 12]):
        want = [0]
        for m in range(1, 3001):
            opts = {want[m - s] for s in S if s <= m}
            want.append(mex(opts))
        table = SplitTable("s", splits=[], takes=S, wholes=S, periodic=True)
        table.extend(100)  # the period is looked for when the table grows again
        table.extend(3_000_000)
        assert table.period is not None
        # the least period seen in the brute-force values
        assert table.period[0] == min(q for q in range(1, 1000)
                                      if all(want[i] == want[i + q] for i in range(3001 - q)))
        assert table.g[:3001].tolist() == want, S
        p, n0 = table.period
        assert all(table.g[n] == want[n0 + (n - n0) % p] for n in range(3001, 3_000_001, 9973))
