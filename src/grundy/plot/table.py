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
"""

from __future__ import annotations

import io
from html import escape

from grundy.rules.ruleset import Ruleset
from grundy.values.periodicity import Periodicity

__all__ = ["Table"]


class Table:
    """Values of heaps ``0..to`` of a one-heap ruleset, with its pattern."""

    def __init__(self, ruleset: Ruleset, to: int, *, width: int = 10) -> None:
        from grundy.solve.tables import heap_table

        table = heap_table(ruleset, to)  # the analysis layer's table and pattern
        self.ruleset = ruleset
        self.values = table.values
        self.width = width
        self.pattern: Periodicity | None = table.pattern()

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
        return (f'<table class="grundy"><caption>{escape(self.ruleset.name)}: {cap}</caption>'
                + "".join(rows) + "</table>")

    def _repr_svg_(self) -> str:
        from grundy.plot import sequence_figure

        buf = io.StringIO()
        sequence_figure(self.ruleset, len(self.values) - 1, values=self.values).savefig(buf, format="svg")
        return buf.getvalue()
