"""The census of every octal code with up to 3 digits against the published lists
of solved, trivial and unsolved games (tests/census/data/tczajka_octal_3.txt).

A code listed under an equivalent game (heaps one or two larger or smaller) has
that game's period and its nim-sequence shifted; a code listed itself has the
same preperiod and period."""

from pathlib import Path

import pytest

from grundy.census import analyse, census
from grundy.games import TakeAndBreak
from grundy.solve.budget import Budget

DATA = Path(__file__).parent / "data" / "tczajka_octal_3.txt"


def _read() -> tuple[dict[str, tuple[str, str, int | None, int | None]], dict[str, str]]:
    games, nimbers = {}, {}
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        if parts[0] == "nimbers":
            nimbers[parts[1]] = parts[2]
            continue
        code, status, listed, pre, per = parts
        games[code] = (status, code[1:] if listed == "=" else listed,
                       None if pre == "-" else int(pre), None if per == "-" else int(per))
    return games, nimbers


GAMES, NIMBERS = _read()


def _expand(text: str, n: int) -> list[int]:
    """The first ``n`` values of a listed nim-sequence ``prefix(period)``."""
    head, _, cycle = text.rstrip(")").partition("(")
    value = lambda ch: int(ch, 36)  # 0-9, then A=10, B=11, ...
    out = [value(c) for c in head]
    while len(out) < n:
        out += [value(c) for c in cycle]
    return out[:n]


def _shift(ours: list[int], theirs: list[int]) -> int | None:
    """The ``k`` with ``ours[i] == theirs[i + k]`` wherever both are given
    (``|k| <= 3``: heaps up to three larger or smaller), or ``None``."""
    for k in (0, 1, -1, 2, -2, 3, -3):
        pairs = [(ours[i], theirs[i + k]) for i in range(max(0, -k), min(len(ours), len(theirs) - k))]
        if all(a == b for a, b in pairs):
            return k
    return None


def test_the_list_covers_every_code():
    assert len(GAMES) == 511 and all(status in {"solved", "trivial", "unsolved"}
                                     for status, *_ in GAMES.values())
    assert GAMES["0.6"][0] == "unsolved" and GAMES["0.45"] == ("solved", ".45", 498, 20)
    assert _expand(NIMBERS[".4"], 60)[52:58] == [5, 2, 3, 3, 0, 1]


def test_trivial_games_agree():
    """Every code the list calls trivial (solved within 1,000 values) is proven
    with the listed period, the listed preperiod when listed itself, and the
    listed nim-sequence (shifted for an equivalent game)."""
    shifted = {}
    for code, (status, listed, pre, per) in GAMES.items():
        if status != "trivial":
            continue
        row = analyse(code, 4096, 10.0)
        assert row.proven and row.period == per, (code, listed, row)
        if listed == code[1:]:
            assert row.preperiod == pre, (code, row)
        theirs = _expand(NIMBERS[listed], 1200)
        k = _shift(TakeAndBreak(code).table(1100), theirs)
        assert k is not None, (code, listed)
        if k:
            shifted[code] = k
    # the equivalences that move heaps: 0.001 is 0.1 on heaps two larger, ...
    assert shifted["0.001"] == -2 and shifted["0.137"] == 2


@pytest.mark.slow
def test_three_digit_census_agrees_with_the_published_lists(tmp_path):
    """The census of every 3-digit code to 2^20 (30 s a game): the solved games
    within that length are proven with the listed preperiod and period, the
    trivial ones too, and no unsolved game is proven. Two solved games need
    longer tables (.376: 4.5e6 values, .354: 2.0e7) and are proven on their own."""
    rows = {r.code: r for r in census(3, 1 << 20, budget=Budget(seconds=30), store=tmp_path / "c3.sqlite")}
    assert len(rows) == 511
    long = {"0.376", "0.354"}
    for code, (status, listed, pre, per) in GAMES.items():
        r = rows[code]
        if status == "unsolved":
            assert not r.proven, (code, listed, r)
        elif code in long:
            assert not r.proven, r
        else:
            assert r.proven and r.period == per, (code, listed, r)
            if listed == code[1:]:
                assert r.preperiod == pre, (code, r)
            else:  # an equivalent game: the preperiod moves with the heaps
                assert abs(r.preperiod - pre) <= 3, (code, listed, r)
    for code in sorted(long):
        _, _, pre, per = GAMES[code]
        r = analyse(code, 1 << 25, 600.0)
        assert r.proven and (r.preperiod, r.period) == (pre, per), r
