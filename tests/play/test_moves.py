"""Move notations: every option of small positions of every catalogue game reads
back to itself; the notations mean what a person means (checked against
positions computed here from the raw rules)."""

from __future__ import annotations

import pytest

import grundy
from grundy import Sum, SumMove
from grundy.games import get
from grundy.play.moves import format_sum_move, parse_sum_move
from grundy.values.errors import InvalidPositionError

CASES = [
    ("nim", [0, 1, 5]),
    ("lasker", [1, 4, 7]),
    ("split3", [6, 7]),
    ("evensplit:2", [5, 9]),
    ("subtraction:1,3,4", [4, 9]),
    ("bash:3", [5]),
    ("allbut:2", [6]),
    ("kayles", [1, 2, 5, 8]),
    ("rowruns:2,3", [5, 7]),
    ("wythoff", [(0, 3), (4, 6), (5, 5)]),
    ("misere-nim", [(1, 2, 3), (0, 0), (1,)]),
    ("moore:2", [(1, 2, 2)]),
    ("staircase", [(1, 4, 2), (0, 3)]),
    ("everything-nim", [(3, 5, 0), (2, 2)]),
    ("fibonacci", [(20, 19), (5, 4)]),
    ("dynamic:3", [(9, 8)]),
    ("euclid", [(25, 7), (3, 9)]),
    ("chocolate", [(4, 5), (1, 3)]),
    ("circle:2", [("circle", 6), 5]),
    ("dawson", [6, 9]),
    ("octal:0.137", [7]),
    ("grundys-game", [9]),
    ("merge:3", []),
]


@pytest.mark.parametrize("spec,positions", CASES)
def test_every_option_reads_back(spec: str, positions: list) -> None:
    rs = get(spec)
    if spec.startswith("merge"):
        positions = [rs.start(5)]  # type: ignore[attr-defined]
    for p in positions:
        opts = list(rs.moves(p))
        texts = [rs.format_move(p, o) for o in opts]
        for k, (o, t) in enumerate(zip(opts, texts), start=1):
            assert rs.parse_move(p, t) == o, (spec, p, t)
            assert rs.parse_move(p, f"#{k}") == o
            # The resulting position is always accepted too.
            # (not for circles, where "5" is read as a circle of 5, not a row)
            if type(o) is not Sum and o is not grundy.rules.compound.END and not spec.startswith("circle"):
                text = " ".join(map(str, o)) if isinstance(o, tuple) and all(isinstance(x, int) for x in o) else str(o)
                if isinstance(o, int) or isinstance(o, tuple) and all(isinstance(x, int) for x in o):
                    assert rs.parse_move(p, text) == o, (spec, p, text)
        # Different options get different words (the notation is unambiguous).
        assert len(set(texts)) == len(set(opts)), (spec, p, texts)


def kayles_knock(n: int, pins: list[int]) -> list[int]:
    """The rows left after knocking ``pins`` (1-based) from a row of ``n``: a
    simulation on a list of standing pins."""
    row = [True] * n
    for x in pins:
        row[x - 1] = False
    runs, cur = [], 0
    for up in row + [False]:
        if up:
            cur += 1
        elif cur:
            runs.append(cur)
            cur = 0
    return sorted(runs)


def parts(o: object) -> list[int]:
    return sorted(o.parts) if type(o) is Sum else [o]  # type: ignore[attr-defined]


def test_kayles_knock_means_those_pins() -> None:
    k = get("kayles")
    for n in range(1, 10):
        for a in range(1, n + 1):
            for pins in ([a], [a, a + 1]):
                if pins[-1] > n:
                    continue
                o = k.parse_move(n, "knock " + " ".join(map(str, pins)))
                assert parts(o) == kayles_knock(n, pins)
                assert k.is_option(n, o)
    with pytest.raises(InvalidPositionError, match="consecutive"):
        k.parse_move(8, "knock 2 4")
    with pytest.raises(InvalidPositionError, match="1..2 pins"):
        k.parse_move(8, "knock 2 3 4")
    with pytest.raises(InvalidPositionError, match="numbered 1..8"):
        k.parse_move(8, "knock 9")


def test_issue_notations() -> None:
    nim = get("nim")
    g = nim.sum(3, 4, 5)
    assert parse_sum_move(g, "2-3") == SumMove(1, 3)
    assert parse_sum_move(g, "heap 2 to 3") == SumMove(1, 3)
    assert parse_sum_move(g, "take 1 from heap 2") == SumMove(1, 3)
    assert parse_sum_move(g, "2:take 1") == SumMove(1, 3)
    assert format_sum_move(g, SumMove(1, 3)) == "heap 2 to 3"
    w = get("wythoff")
    assert w.parse_move((4, 6), "both 2") == (2, 4)
    assert w.parse_move((4, 6), "take 3 from 2") == (4, 3)
    assert get("misere-nim").parse_move((1, 4, 5), "heap 2 to 3") == (1, 3, 5)
    assert get("lasker").parse_move(9, "split 4 5") == Sum(4, 5)


@pytest.mark.parametrize(
    "spec,pos,text,reason",
    [
        ("nim", 5, "take 6", "only 5"),
        ("nim", 5, "to 7", "not a move|not a legal"),
        ("nim", 5, "banana", "banana"),
        ("wythoff", (4, 6), "both 5", "not a legal move"),
        ("wythoff", (4, 6), "heap 3 to 1", "cannot play"),
        ("misere-nim", (1, 2), "heap 3 to 0", "no heap 3"),
        ("lasker", 5, "split 2 2", "not a legal move"),
        ("everything-nim", (3, 5), "take 4", "smallest"),
        ("fibonacci", (20, 19), "take 20", "take 1..19"),
    ],
)
def test_refusals_name_the_reason(spec: str, pos: object, text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError, match=reason):
        get(spec).parse_move(pos, text)


def test_sum_refusals() -> None:
    g = get("nim").sum(3, 4)
    with pytest.raises(InvalidPositionError, match="component 3"):
        parse_sum_move(g, "3:1")
    with pytest.raises(InvalidPositionError, match="say which game"):
        parse_sum_move(g, "take 1")


def test_huge_component_numbers_are_refused_cleanly():
    # a 5,000-digit component number: int() refuses it past 4,300 digits (a bare
    # ValueError), and the message must not quote the whole text
    import grundy
    from grundy.play.moves import parse_sum_move

    g = grundy.games.get("nim").sum(3, 4)
    for text in ("9" * 5000 + ": take 1", "heap " + "9" * 5000 + " to 3", "take 1 from " + "9" * 5000):
        with pytest.raises(grundy.InvalidPositionError, match="no component that large") as e:
            parse_sum_move(g, text)
        assert len(str(e.value)) < 300
    assert parse_sum_move(g, "0" * 40 + "2: take 1") == grundy.SumMove(1, 3)
