"""What a notebook shows: games and sums drawn as SVG, reports in words with the
move values the web page shows (checked against raw-rules oracles), and a table
with the best guess on its values."""

from __future__ import annotations

import re

import grundy
from grundy.play.analysis import analyze
from grundy.play.options import move_values
from grundy.plot.table import Table
from tests.oracles import mex, remoteness, wins


def _nim_sum_moves(p):  # type: ignore[no-untyped-def]
    for i, n in enumerate(p):
        for k in range(n):
            yield p[:i] + (k,) + p[i + 1:]


def test_games_and_sums_show_pictures() -> None:
    nim, kayles = grundy.games.get("nim"), grundy.games.get("kayles")
    html = (nim[3] + nim[5])._repr_html_()
    assert html.count("<svg") == 2
    assert html.count("<rect") == 3 + 5  # a token per unit of each heap
    k = kayles[7]._repr_html_()
    assert k.count("<ellipse") == 7  # a pin per pin
    assert grundy.games.get("geography")[grundy.games.get("geography").parse_position(
        "0-1 1-2 start=0")]._repr_html_().count("<svg") == 1


def test_report_in_words_with_the_move_values_of_the_page() -> None:
    heaps = (2, 3, 4)
    game = grundy.games.get("nim").sum(*heaps)
    w, rem = wins(_nim_sum_moves), remoteness(_nim_sum_moves)
    html = analyze(game)._repr_html_()
    assert "N — the player to move wins" in html and "<svg" in html
    options = list(_nim_sum_moves(heaps))
    rows = re.findall(r"<tr[^>]*><td>([^<]*)</td><td>(win|lose|draw|\?)</td><td>([^<]*)</td><td>([^<]*)</td></tr>", html)
    assert len(rows) == len(options)
    by_text = {}
    for o in options:
        i = next(k for k in range(3) if o[k] != heaps[k])
        by_text[f"heap {i + 1} to {o[i]}"] = o
    assert sorted(t for t, *_ in rows) == sorted(by_text)
    results = [res for _, res, _, _ in rows]
    assert results == sorted(results, key=lambda x: x != "win")  # winning moves first
    for text, result, value, r in rows:
        o = by_text[text]
        assert result == ("lose" if w(o) else "win"), text
        assert int(value) == o[0] ^ o[1] ^ o[2] and int(r) == rem(o)
    # the same values as the web page's list (one function for both)
    listed = move_values(game)
    assert [(m.text, m.result, m.value, m.remoteness) for m in listed] == [
        (t, res, int(v), int(r)) for t, res, v, r in rows]
    p = analyze(grundy.games.get("nim").sum(1, 1))._repr_html_()
    assert "P — the player to move loses" in p


def test_table_shows_its_guess() -> None:
    def take_1_or_2(n: int) -> int:  # raw rules: mex of the options' values
        vals: list[int] = []
        for m in range(n + 1):
            vals.append(mex(vals[m - k] for k in (1, 2) if k <= m))
        return vals[n]

    t = Table(grundy.games.get("subtraction:1,2"), 80)
    g = t.guess
    assert g is not None and g.status == "verified" and g.checked == "n = 0..80"
    assert all(eval(g.expr, {"n": n}) == take_1_or_2(n) for n in range(200))
    html = t._repr_html_()
    assert "guess: " in html and g.expr in html
    assert Table(grundy.games.get("nim"), 2).guess is None
    assert "guess: no form" in Table(grundy.games.get("nim"), 2)._repr_html_()
