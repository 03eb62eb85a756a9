"""One analysis call for the faces (play, plots, web): :func:`grundy.analyze` with
the faces' default budget, and its HTML.

>>> import grundy
>>> from grundy.play.analysis import analyze
>>> r = analyze(grundy.games.get("nim").sum(1, 2))
>>> r.outcome, r.value, r.components
(Outcome.N, 3, [1, 2])
"""

from __future__ import annotations

from typing import Any

from grundy.rules.game import Game, GameSum
from grundy.solve.report import Report
from grundy.solve.report import analyze as run

__all__ = ["analyze", "report_html"]


def analyze(game: Game | GameSum, *, seconds: float = 2.0, positions: int = 200_000) -> Report:
    """The library's analysis report of ``game`` within ``seconds`` and ``positions``
    (:func:`grundy.analyze`), with the faces' default budget."""
    return run(game, seconds=seconds, positions=positions)


def report_html(report: Any) -> str:
    """An HTML table of a report's fields (what was not computed, and why, too).

    >>> import grundy
    >>> html = report_html(analyze(grundy.games.get("wythoff")[4, 6]))
    >>> "<th>outcome</th><td>N</td>" in html, "SumMove(0, (3, 5))" in html
    (True, True)
    """
    from html import escape

    rows = []
    for name in ("outcome", "value", "components", "winning_moves", "remoteness", "suspense"):
        v = getattr(report, name, None)
        if isinstance(v, list):
            shown = ", ".join(map(repr, v[:20])) + (" ..." if len(v) > 20 else "")
        else:
            shown = "not computed" if v is None else str(v)
        rows.append(f"<tr><th>{name.replace('_', ' ')}</th><td>{escape(shown)}</td></tr>")
    for k, why in dict(getattr(report, "stopped", {}) or {}).items():
        rows.append(f"<tr><th>{escape(k)}</th><td><i>stopped: {escape(str(why))}</i></td></tr>")
    return f'<table class="grundy"><caption>{escape(repr(report.game))}</caption>' + "".join(rows) + "</table>"
