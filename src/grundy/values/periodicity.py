"""``Periodicity``: the value type of an (arithmetically) periodic sequence.

>>> p = Periodicity(preperiod=0, period=2, saltus=1, proven=False, checked=10)
>>> p.extend([0, 0], 11)
5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.values.errors import InvalidParameterError

__all__ = ["Periodicity"]


@dataclass(frozen=True)
class Periodicity:
    """``g(n + period) = g(n) + saltus`` for every ``n >= preperiod``.

    ``proven`` says whether a theorem guarantees it for all ``n`` (e.g. the
    ``max(S)`` window for subtraction games) or it is only observed on the first
    ``checked`` values.
    """

    preperiod: int
    period: int
    saltus: int = 0
    proven: bool = False
    checked: int = 0

    def extend(self, values: Sequence[int], n: int) -> int:
        """``g(n)`` from the known ``values`` (which must reach ``preperiod + period``).
        Exact for any ``n``: O(1) big-integer arithmetic."""
        if n < len(values):
            return values[n]
        if len(values) < self.preperiod + self.period:
            raise InvalidParameterError("not enough values to extend the pattern")
        k, r = divmod(n - self.preperiod, self.period)
        return values[self.preperiod + r] + k * self.saltus


    def _repr_html_(self) -> str:
        """For Jupyter: the pattern in words.

        >>> Periodicity(53, 34, 0, True, 2000)._repr_html_()
        '<b>period 34</b> from n = 53, proven (checked on 2000 values)'
        """
        salt = f", saltus {self.saltus}" if self.saltus else ""
        how = "proven" if self.proven else "observed"
        return f"<b>period {self.period}</b> from n = {self.preperiod}{salt}, {how} (checked on {self.checked} values)"
