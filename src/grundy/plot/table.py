"""A table of Grundy values that shows itself in Jupyter: an HTML grid (zeros, the
P-positions, highlighted) with the pattern, and the sequence plot as SVG.

>>> import grundy
>>> from grundy.plot.table import Table
>>> t = Table(grundy.games.get("subtraction:1,3,4"), 13)
>>> t.values
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
>>> t.pattern
Periodicity(preperiod=0, period=7, saltus=0, proven=True, checked=...)
>>> "<td" in t._repr_html_()
True
>>> g = Table(grundy.games.get("subtraction:1,3,4"), 99).guess
>>> g.expr, g.status, g.checked
('[0, 1, 0, 1, 2, 3, 2][n % 7]', 'verified', 'n = 0..99')
"""

from __future__ import annotations

import io
from html import escape

from typing import Any

from grundy.games.registry import common_name
from grundy.rules.ruleset import Ruleset
from grundy.values.periodicity import Periodicity

__all__ = ["Table", "guess_line_of"]


def guess_line_of(values: list[int]) -> Any:
    """The best conjecture of :func:`grundy.guess` on ``values`` (heaps 0, 1, ...),
    or ``False`` when no form fits (a table too short, or no form of the library).
    Quick: the values are given (no tabulation), and the catalogue is left out."""
    from grundy.conjecture import guess, search_time
    from grundy.values.errors import GrundyError

    if len(values) < 4:
        return False
    try:
        # not against the catalogue: a catalogue game's table is its own best match;
        # the rule synthesiser gets a second per target (a page waits for this)
        with search_time(1.0):
            return guess(list(values), limit=1, known=False).best or False
    except GrundyError:
        return False


class Table:
    """Values of heaps ``0..to`` of a one-heap ruleset, with its pattern."""

    def __init__(self, ruleset: Ruleset, to: int, *, width: int = 10) -> None:
        from grundy.solve.tables import heap_table

        table = heap_table(ruleset, to)  # the analysis layer's table and pattern
        self.ruleset = ruleset
        self.values = table.values
        self.width = width
        self.pattern: Periodicity | None = table.pattern()
        self._guess: Any = None

    @property
    def guess(self) -> Any:
        """The best conjecture of :func:`grundy.guess` on these values (a
        :class:`~grundy.conjecture.Conjecture`, or ``None`` when no form fits):
        found on the table already computed, never a new tabulation."""
        if self._guess is None:
            self._guess = guess_line_of(self.values)
        return self._guess or None

    def __repr__(self) -> str:
        return f"<Table {self.ruleset.name} 0..{len(self.values) - 1}>"

    def _repr_html_(self) -> str:
        w = self.width
        head = "".join(f"<th>+{i}</th>" for i in range(w))
        rows = [f"<tr><th></th>{head}</tr>"]
        for r in range(0, len(self.values), w):
            cells = "".join(
                f'<td style="background:#fadbd8">{v}</td>' if v == 0 else f"<td>{v}</td>"
                for v in self.values[r : r + w]
            )
            rows.append(f"<tr><th>{r}</th>{cells}</tr>")
        p = self.pattern
        cap = "no period seen" if p is None else p._repr_html_()
        g = self.guess
        guessed = ("<br><small>guess: no form of the library fits</small>" if g is None else
                   f"<br><small>guess: {escape(str(g))} <code>{escape(g.expr)}</code></small>")
        return (f'<table class="grundy"><caption>{escape(common_name(self.ruleset))}: {cap}{guessed}</caption>'
                + "".join(rows) + "</table>")

    def _repr_svg_(self) -> str:
        from grundy.plot import sequence_figure

        buf = io.StringIO()
        sequence_figure(self.ruleset, len(self.values) - 1, values=self.values).savefig(buf, format="svg")
        return buf.getvalue()
