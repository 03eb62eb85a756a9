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
