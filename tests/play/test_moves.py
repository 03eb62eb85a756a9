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
    with pytest.raises(InvalidPositionError, match="components 1 and 2 could make it; say which"):
        parse_sum_move(g, "take 1")
    with pytest.raises(InvalidPositionError, match="no component can make that move"):
        parse_sum_move(g, "take 9")


def nim_options(heaps: tuple[int, ...]) -> list[SumMove]:
    """Every move of a Nim sum from the rules: component i to any smaller size."""
    return [SumMove(i, k) for i, h in enumerate(heaps) for k in range(h - 1, -1, -1)]


def test_every_documented_heap_form_in_a_nim_sum() -> None:
    heaps = (3, 7, 5)
    g = get("nim").sum(*heaps)
    legal = set(nim_options(heaps))
    for i, h in enumerate(heaps, start=1):
        for to in range(h):
            want = SumMove(i - 1, to)
            assert want in legal
            for text in (f"heap {i} to {to}", f"{i}-{to}", f"{i} -> {to}", f"take {h - to} from heap {i}",
                         f"{i}: take {h - to}", f"{i}:to {to}", f"{i}: -{h - to}", f"#{i}: to {to}",
                         f"component {i}: {to}"):
                assert parse_sum_move(g, text) == want, text
    # a move without a component is played where only one component can make it
    assert parse_sum_move(g, "to 6") == SumMove(1, 6)      # only heap 2 (7) reaches 6
    assert parse_sum_move(g, "take 6") == SumMove(1, 1)
    assert parse_sum_move(get("nim").sum(3, 0), "to 0") == SumMove(0, 0)
    with pytest.raises(InvalidPositionError, match="components 1, 2 and 3 could make it"):
        parse_sum_move(g, "to 0")
    with pytest.raises(InvalidPositionError, match="not a legal move"):
        parse_sum_move(g, "heap 1 to 7")


def test_heap_forms_in_a_single_heap() -> None:
    g = get("nim").sum(9)
    assert parse_sum_move(g, "heap 1 to 7") == SumMove(0, 7)
    assert parse_sum_move(g, "1-0") == SumMove(0, 0)
    assert parse_sum_move(g, "take 2 from heap 1") == SumMove(0, 7)
    assert parse_sum_move(g, "to 0") == SumMove(0, 0)
    with pytest.raises(InvalidPositionError, match="no component 2"):
        parse_sum_move(g, "heap 2 to 1")
    # a game of several heaps in one position reads its own heap numbers
    w = get("wythoff").sum((4, 6))
    assert parse_sum_move(w, "heap 2 to 3") == SumMove(0, (4, 3))


def test_nth_move_of_a_sum_is_the_listed_one() -> None:
    heaps = (2, 3, 1)
    g = get("nim").sum(*heaps)
    listed = [SumMove(i, o) for i, c in enumerate(g.components) for o in c.ruleset.moves(c.position)]
    assert sorted(listed) == sorted(nim_options(heaps))
    for k, m in enumerate(listed, start=1):
        assert parse_sum_move(g, f"#{k}") == m
        assert parse_sum_move(g, f"# {k}") == m
    for bad in (0, len(listed) + 1, 10**30):
        with pytest.raises(InvalidPositionError, match="numbered from #1"):
            parse_sum_move(g, f"#{bad}")


def test_kayles_take_is_not_a_pin_number() -> None:
    k = get("kayles")
    for text in ("take 2", "take 1", "2: take 2"):
        with pytest.raises(InvalidPositionError, match="which pins"):
            parse_sum_move(k.sum(5, 3) if ":" in text else k.sum(5), text)
    # knocking pin 2 of 5 leaves rows of 1 and 3 (the raw rule, by simulation)
    assert parts(parse_sum_move(k.sum(5), "knock 2").option) == kayles_knock(5, [2])


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
