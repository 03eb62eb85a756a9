"""One analysis call for the faces (play, plots, web): ``grundy.analyze`` when the
library has it, else a small stand-in with the same fields.

>>> import grundy
>>> from grundy.play.analysis import analyze
>>> r = analyze(grundy.games.get("nim").sum(1, 2))
>>> r.outcome, r.value, r.components
(Outcome.N, 3, [1, 2])
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from grundy.values.errors import GrundyError, LoopyGameError, SearchLimitError
from grundy.values.outcome import Outcome
from grundy.rules.game import Game, GameSum

__all__ = ["analyze", "AnalysisReport", "report_html"]


@dataclass(frozen=True)
class AnalysisReport:
    """What is known of a game within a budget (fields as in the library's report)."""

    game: Game | GameSum
    outcome: Outcome | None
    value: int | None
    components: list[int | None]
    winning_moves: list[Hashable] | None
    remoteness: int | None
    suspense: int | None
    stopped: dict[str, str] = field(default_factory=dict)

    def _repr_html_(self) -> str:
        return report_html(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": repr(self.game),
            "outcome": None if self.outcome is None else str(self.outcome),
            "value": self.value,
            "components": self.components,
            "winning_moves": None if self.winning_moves is None else [repr(m) for m in self.winning_moves],
            "remoteness": self.remoteness,
            "suspense": self.suspense,
            "stopped": dict(self.stopped),
        }


def analyze(game: Game | GameSum, *, seconds: float = 2.0, positions: int = 200_000) -> Any:
    """The analysis report of ``game`` within ``seconds`` and ``positions``."""
    import grundy

    real = getattr(grundy, "analyze", None)
    if real is not None:
        return real(game, seconds=seconds, positions=positions)
    return _fallback(game, seconds, positions)


def _fallback(game: Game | GameSum, seconds: float, positions: int) -> AnalysisReport:
    t0 = time.monotonic()
    stopped: dict[str, str] = {}
    g = game if isinstance(game, GameSum) else GameSum(game)
    comps: list[int | None] = []
    for c in g.components:
        try:
            comps.append(c.ruleset.value(c.position, limit=positions))
        except (SearchLimitError, LoopyGameError) as exc:
            comps.append(None)
            stopped["value"] = str(exc)
    value: int | None = None
    outcome: Outcome | None = None
    if None not in comps:
        value = 0
        for v in comps:
            value ^= v  # type: ignore[operator]
        outcome = Outcome.from_value(value)
    elif isinstance(game, Game):
        try:
            outcome = game.ruleset.outcome(game.position, limit=positions)
        except GrundyError as exc:
            stopped["outcome"] = str(exc)
    wins: list[Hashable] | None = None
    try:
        if isinstance(game, GameSum) and None in comps:
            raise SearchLimitError("the component values are beyond the budget")
        if isinstance(game, GameSum):
            wins = list(game.winning_moves(limit=positions))
        else:
            wins = game.ruleset.winning_moves(game.position, limit=positions)
    except GrundyError as exc:
        stopped["winning_moves"] = str(exc)
    rem: int | None = None
    sus: int | None = None
    for name in ("remoteness", "suspense"):
        if time.monotonic() - t0 > seconds:
            stopped[name] = f"time budget of {seconds} s spent"
            continue
        try:
            if isinstance(game, GameSum):
                from grundy.solve.compound import sum_of_games

                rs, pos = sum_of_games(game.components)
                r = getattr(rs, name)(pos, limit=positions)
            else:
                r = getattr(game.ruleset, name)(game.position, limit=positions)
        except GrundyError as exc:
            stopped[name] = str(exc)
            continue
        if name == "remoteness":
            rem = r
        else:
            sus = r
    return AnalysisReport(game, outcome, value, comps, wins, rem, sus, stopped)


def report_html(report: Any) -> str:
    """An HTML table of a report's fields (what was not computed, and why, too).

    >>> import grundy
    >>> html = report_html(analyze(grundy.games.get("wythoff")[4, 6]))
    >>> "<th>outcome</th><td>N</td>" in html, "<th>winning moves</th><td>(3, 5)</td>" in html
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
