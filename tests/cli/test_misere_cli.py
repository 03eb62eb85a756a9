"""``grundy analyze --misere``: the misère sum, answered through the quotient."""

import json

from grundy.cli.main import main
from tests.oracles import misere_p, octal_heap_options


def test_analyze_misere_names_the_quotient(capsys):
    assert main(["analyze", "--misere", "octal:0.07", "12", "9", "7", "--seconds", "5"]) == 0
    out = capsys.readouterr().out
    p = misere_p(octal_heap_options([0, 0, 7]))
    assert ("P (the player" in out) == p((7, 9, 12))
    assert "quotient:      misère quotient of octal:0.07, heaps 0.." in out


def test_analyze_misere_json_and_move(capsys):
    assert main(["analyze", "--misere", "kayles", "9", "4", "--json", "--seconds", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    p = misere_p(octal_heap_options([0, 7, 7]))
    assert out["outcome"] == ("P" if p((4, 9)) else "N")
    assert out["quotient"].startswith("misère quotient of octal:0.77")
    if out["outcome"] == "N":
        (m,) = out["winning_moves"]
        left = [4, 9]
        del left[m["component"]]
        to = m["to"]["sum"] if isinstance(m["to"], dict) else [m["to"]]
        assert p(tuple(sorted(h for h in left + to if h)))


def _move_lines(out: str) -> list[str]:
    """The lines of the winning moves (after the heading), as normal play prints them."""
    lines = out.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("winning move"))
    if ":  " in lines[head] and not lines[head].endswith(":"):
        return [lines[head].split(":", 1)[1].strip()]
    return [ln.strip() for ln in lines[head + 1:] if ln.startswith("  ")]


def test_misere_moves_in_the_notation_of_normal_play(capsys):
    """``--misere`` prints its winning moves as normal play does: the game's own
    notation, components from 1, the resulting position after '->'."""
    import re

    import grundy
    from grundy.play.moves import parse_sum_move
    from grundy.rules.game import GameSum

    for args in (["kayles", "10", "4"], ["nim", "1", "1", "5"], ["kayles", "5"],
                 ["hackenbush", "((),((),))"]):
        assert main(["analyze", "--misere", *args, "--seconds", "5"]) == 0
        out = capsys.readouterr().out
        moves = _move_lines(out)
        assert moves, out
        rs = grundy.games.get(args[0])
        g = GameSum(*(rs[rs.parse_position(a)] for a in args[1:]))
        for line in moves:
            text = line.split("  (->")[0]
            assert not re.search(r"\[\d+\]", text), out          # no 0-based [i]
            assert "  (-> " in line, out
            m = parse_sum_move(g, text)                           # the notation play reads
            assert g.play(m) is not None
        if len(args) > 2:
            assert all(re.match(r"(\d+: |heap \d+ )", t) for t in moves), out  # components from 1
    assert main(["analyze", "--misere", "nim", "1", "1", "5"]) == 0
    assert "heap 3 to 1  (-> 1)" in capsys.readouterr().out


def test_a_single_winning_move_is_headed_as_what_it_is(capsys):
    """A misère analysis constructs one winning move: its heading says it is the
    one found and that there may be others (it said "one of several", which the
    analysis does not know)."""
    assert main(["analyze", "--misere", "kayles", "3", "4", "--seconds", "5"]) == 0
    out = capsys.readouterr().out
    assert "winning move (one found; there may be others):\n  " in out, out
    assert "several" not in out
