"""Play a zero-sum game (:mod:`grundy.games.zerosum`) against a perfect
opponent: Max wants the final payoff large, Min small; the engine plays a move
that keeps the minimax value, and every move shows the value it leads to.

>>> from grundy.games.zerosum import zerosum
>>> g = zerosum("carrot")
>>> s = MinimaxSession(g, g.parse_position("3 1 4 1 5 9"))
>>> s.to_move, s.value
('max', 4)
>>> [(m.text, m.value, m.best) for m in s.options()]
[('take the first (3)', 4, True), ('take the last (9)', 4, True)]
>>> s.push("last").text, s.to_move, s.value
('take the last (9)', 'min', 4)
>>> s.push(s.engine_move()).text
'take the first (3)'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grundy.games.zerosum import CatalogueZeroSum
from grundy.solve.budget import Budget
from grundy.values.errors import InvalidPositionError

__all__ = ["MinimaxSession", "MinimaxPly", "MinimaxOption", "MINIMAX_BUDGET"]

#: The budget of each search of a :class:`MinimaxSession`.
MINIMAX_BUDGET = Budget(positions=2_000_000, seconds=5.0)


@dataclass(frozen=True)
class MinimaxPly:
    """One move: by ``player`` (``"max"`` or ``"min"``), written ``text``, to ``after``."""

    player: str
    text: str
    before: Any
    after: Any


@dataclass(frozen=True)
class MinimaxOption:
    """A legal move, the value it leads to, and whether it keeps the best value."""

    text: str
    option: Any
    value: Any
    best: bool


@dataclass
class MinimaxSession:
    """A zero-sum game in progress from ``start`` with ``first`` to move."""

    game: CatalogueZeroSum
    start: Any
    first: str = "max"
    budget: Budget = MINIMAX_BUDGET
    plies: list[MinimaxPly] = field(default_factory=list)

    @property
    def state(self) -> Any:
        return self.plies[-1].after if self.plies else self.start

    @property
    def to_move(self) -> str:
        other = "min" if self.first == "max" else "max"
        return self.first if len(self.plies) % 2 == 0 else other

    @property
    def over(self) -> bool:
        return self.game.over(self.state)

    @property
    def payoff(self) -> Any:
        """Max's payoff once the game is over, else ``None``."""
        return self.game.payoff(self.state)

    def _value_of(self, state: Any, who: str) -> Any:
        return self.game.value(state, first=who, budget=self.budget)  # type: ignore[arg-type]

    @property
    def value(self) -> Any:
        """Max's payoff under best play from here."""
        return self._value_of(self.state, self.to_move)

    def options(self) -> list[MinimaxOption]:
        """Every legal move with the value after it; ``best`` when it keeps the value."""
        v, who = self.value, self.to_move
        nxt = "min" if who == "max" else "max"
        out = []
        for text, o in self.game.move_labels(self.state):
            ov = self._value_of(o, nxt)
            out.append(MinimaxOption(text, o, ov, ov == v))
        return out

    def engine_move(self) -> str:
        """A move keeping the value (the first such)."""
        for m in self.options():
            if m.best:
                return m.text
        raise InvalidPositionError(f"{self.game.name}: the game is over")  # pragma: no cover

    def push(self, text: str) -> MinimaxPly:
        if self.over:
            raise InvalidPositionError(f"{self.game.name}: the game is over: no move is left")
        o = self.game.parse_move(self.state, text)
        ply = MinimaxPly(self.to_move, self.game.format_move(self.state, o), self.state, o)
        self.plies.append(ply)
        return ply

    def pop(self) -> MinimaxPly:
        if not self.plies:
            raise InvalidPositionError("no move to take back")
        return self.plies.pop()
