"""One analysis call for the faces (play, plots, web): :func:`grundy.analyze` with
the faces' default budget, and its HTML.

>>> import grundy
>>> from grundy.play.analysis import analyze
>>> r = analyze(grundy.games.get("nim").sum(1, 2))
>>> r.outcome, r.value, r.components
(Outcome.N, 3, [1, 2])
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from grundy.rules.game import Game, GameSum
from grundy.solve.budget import Budget, as_budget, from_keywords
from grundy.solve.report import Report, components_of
from grundy.solve.report import analyze as run
from grundy.values.errors import GrundyError
from grundy.values.keywords import old_keywords

__all__ = ["analyze", "report_html", "ShownReport", "FACES_BUDGET"]


#: The faces' default budget of an analysis.
FACES_BUDGET = Budget(positions=200_000, seconds=2.0)


@old_keywords(("seconds", "positions"), lambda given: from_keywords(given, FACES_BUDGET))
def analyze(game: Game | GameSum, *, budget: Budget | None = None) -> Report:
    """The library's analysis report of ``game`` within ``budget``
    (:func:`grundy.analyze`; ``None``: the faces' default, :data:`FACES_BUDGET`),
    shown in Jupyter as the web page shows it (:func:`report_html`)."""
    r = run(game, budget=as_budget(budget, FACES_BUDGET))
    return ShownReport(**{f.name: getattr(r, f.name) for f in fields(r)})


class ShownReport(Report):
    """A :class:`~grundy.solve.report.Report` that shows itself in Jupyter as the
    web page shows it: :func:`report_html`."""

    def _repr_html_(self) -> str:
        return report_html(self)


def report_html(report: Any, *, moves: bool = True) -> str:
    """HTML of a report as the web page shows it: the outcome in words, the value,
    each component drawn with its value, the winning moves in the game's
    notation, remoteness and suspense, what was not computed (and why), and with
    ``moves`` the legal moves, winning moves first, with their results for the
    mover, value and remoteness after them (the first page of 40 of
    :func:`grundy.play.options.move_page`, saying so when there are more).

    >>> import grundy
    >>> html = report_html(analyze(grundy.games.get("wythoff")[4, 6]))
    >>> "N — the player to move wins" in html, "both 1" in html, "<svg" in html
    (True, True, True)
    """
    from html import escape

    from grundy.play.moves import format_sum_move
    from grundy.play.options import move_page, moves_html, outcome_words

    game = report.game
    whole = game if isinstance(game, GameSum) else GameSum(*_parts(game))
    rows = [f"<tr><th>outcome</th><td><b>{escape(outcome_words(report.outcome))}</b></td></tr>",
            f"<tr><th>value</th><td>{escape(_shown(report.value))}</td></tr>"]
    if isinstance(game, (Game, GameSum)):
        rows.append(f"<tr><th>position</th><td>{whole._repr_html_()}</td></tr>")
    wins = report.winning_moves
    if wins is not None:
        texts = []
        for m in wins[:20]:
            try:
                texts.append(format_sum_move(whole, m))
            except (GrundyError, IndexError, ValueError, TypeError):
                texts.append(repr(m))
        shown = ", ".join(texts) + (" ..." if len(wins) > 20 else "") or "none (every move loses)"
        rows.append(f"<tr><th>winning moves</th><td>{escape(shown)}</td></tr>")
    for name in ("remoteness", "suspense"):
        rows.append(f"<tr><th>{name}</th><td>{escape(_shown(getattr(report, name, None)))}</td></tr>")
    for k, why in dict(getattr(report, "stopped", {}) or {}).items():
        rows.append(f"<tr><th>{escape(k)}</th><td><i>stopped: {escape(str(why))}</i></td></tr>")
    if moves and isinstance(game, (Game, GameSum)):
        page = move_page(whole)
        if page.moves:
            more = "" if not page.note else (
                f"<p><i>{escape(page.note)}: move_page(game, offset={page.next_offset})"
                "</i></p>" if page.next_offset is not None else f"<p><i>{escape(page.note)}</i></p>")
            rows.append(f"<tr><th>moves</th><td>{moves_html(page.moves)}{more}</td></tr>")
    return (f'<table class="grundy"><caption>{escape(repr(game))}</caption>' + "".join(rows)
            + "</table>")


def _shown(v: Any) -> str:
    return "not computed" if v is None else str(v)


def _parts(game: Any) -> list[Game]:
    return components_of(game) if isinstance(game, Game) else [game]
