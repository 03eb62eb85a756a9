"""A play session: a game (or a sum of games) played move by move against a
perfect opponent.

The engine plays a winning move when it has one; from a P-position it plays the
move that keeps the game going longest (the option of highest remoteness), so the
person must earn the win. Moves are pushed and popped; a move is a
:class:`~grundy.SumMove` or text in the games' notations (``component:move``).

>>> import grundy
>>> from grundy.play import Session
>>> nim = grundy.games.get("nim")
>>> s = Session(nim.sum(3, 4, 5))
>>> s.values(), s.value
([3, 4, 5], 2)
>>> s.hint()
'heap 1 to 1'
>>> s.push("heap 1 to 1").text
'heap 1 to 1'
>>> s.value, s.value_history
(0, [2, 0])
>>> reply = s.engine_move()       # from a P-position: the longest resistance
>>> s.push(reply).player, s.value != 0
(1, True)
>>> s.pop().text == s.format_move(reply)
True
>>> s.push("9-1")
Traceback (most recent call last):
...
grundy.values.errors.InvalidPositionError: cannot play '9-1': there is no component 9; they are 1..3
"""

from __future__ import annotations

from collections.abc import Hashable
import time
from collections.abc import Iterator
from itertools import islice
from dataclasses import dataclass
from typing import Any

from grundy.values.errors import GrundyError, InvalidPositionError, SearchLimitError
from grundy.values.outcome import Outcome
from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.sums import Sum
from grundy.play.moves import format_sum_move, parse_sum_move

__all__ = ["Session", "Ply"]


@dataclass(frozen=True)
class Ply:
    """One move made: by ``player`` (0 moved first), ``move`` in ``before``, written
    ``text``, leaving ``after`` of value ``value``."""

    player: int
    before: GameSum
    move: SumMove
    text: str
    after: GameSum
    value: int | None


def _flatten(game: Game | GameSum) -> GameSum:
    """A sum whose components are single positions (a ``Sum`` position becomes one
    component per part; an empty ``Sum`` disappears)."""
    comps = game.components if isinstance(game, GameSum) else (game,)
    out: list[Game] = []
    for c in comps:
        if type(c.position) is Sum:
            out.extend(Game(c.ruleset, p) for p in c.position.parts)
        else:
            out.append(c)
    return GameSum(*out)


class Session:
    """A game in progress. ``limit`` bounds each search the engine makes (the
    remoteness of the options from a P-position); beyond it the engine falls back
    on a cheap rule (the option of largest value)."""

    def __init__(self, game: Game | GameSum, *, limit: int = 20_000, seconds: float = 2.0) -> None:
        self.start = _flatten(game)
        self.limit = limit
        self.seconds = seconds
        self.plies: list[Ply] = []
        #: Most options the engine compares when it has no winning move.
        self.max_options = 2000
        self._values: list[int | None] = [self._value_of(self.start)]

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> GameSum:
        """The current position (a sum; one component for a single game)."""
        return self.plies[-1].after if self.plies else self.start

    @property
    def to_move(self) -> int:
        """The player to move: 0 for whoever moved first, 1 for the other."""
        return len(self.plies) % 2

    def values(self) -> list[int | None]:
        """The value of every component (``None``: not found within ``limit``)."""
        return [self._component_value(c) for c in self.game.components]

    @property
    def value(self) -> int | None:
        """The value of the position (``None``: not found within ``limit``)."""
        return _xor(self.values())

    @property
    def outcome(self) -> Outcome | None:
        """``P`` or ``N`` (from a closed form when the value is out of reach)."""
        v = self.value
        if v is not None:
            return Outcome.from_value(v)
        comps = self.game.components
        if len(comps) == 1 and comps[0].ruleset.has_outcome_formula:
            return comps[0].ruleset.outcome_formula(comps[0].position)
        return None

    @property
    def value_history(self) -> list[int | None]:
        """The value of the position before the first move and after each move."""
        return list(self._values)

    def moves(self, limit: int | None = None) -> list[SumMove]:
        """The legal moves (the first ``limit`` of them, if given: a huge heap has
        a huge number of moves)."""
        return list(islice(self._iter_moves(), limit))

    def _iter_moves(self) -> Iterator[SumMove]:
        for i, c in enumerate(self.game.components):
            for o in c.ruleset.moves(c.position):
                yield SumMove(i, o)

    @property
    def over(self) -> bool:
        """Whether the player to move has no move (and so has lost)."""
        g = self.game
        return not any(_has_move(c) for c in g.components)

    @property
    def winner(self) -> int | None:
        """The player who made the last move, once the game is over."""
        return (1 - self.to_move) if self.over else None

    # ------------------------------------------------------------------ moves
    def format_move(self, move: SumMove) -> str:
        return format_sum_move(self.game, move)

    def parse_move(self, text: str) -> SumMove:
        return parse_sum_move(self.game, text)

    def push(self, move: SumMove | tuple[int, Hashable] | str) -> Ply:
        """Make ``move`` (a :class:`SumMove` or text); illegal moves raise
        :class:`InvalidPositionError` with the reason and change nothing."""
        g = self.game
        if self.over:
            raise InvalidPositionError("the game is over: no move is left")
        sm = self.parse_move(move) if isinstance(move, str) else SumMove(*move)
        after = _flatten(g.play(sm))  # checks the move
        text = format_sum_move(g, sm)
        ply = Ply(self.to_move, g, sm, text, after, self._value_of(after))
        self.plies.append(ply)
        self._values.append(ply.value)
        return ply

    def pop(self) -> Ply:
        """Take back the last move."""
        if not self.plies:
            raise InvalidPositionError("no move to take back")
        self._values.pop()
        return self.plies.pop()

    def undo(self, player: int) -> list[Ply]:
        """Take back moves until ``player`` is to move again and has made one move
        fewer (a person's last move and the engine's reply)."""
        out: list[Ply] = []
        while self.plies:
            out.append(self.pop())
            if out[-1].player == player:
                break
        return out

    # ----------------------------------------------------------------- engine
    def winning_move(self) -> SumMove | None:
        """A winning move, or ``None`` from a P-position; :class:`SearchLimitError`
        when neither the values nor a closed form decide it within ``limit``."""
        g = self.game
        values = self.values()
        if None not in values:
            return g.winning_move()
        if len(g.components) == 1 and g.components[0].ruleset.has_outcome_formula:
            c = g.components[0]
            o = c.ruleset.winning_move(c.position)
            return None if o is None else SumMove(0, o)
        raise SearchLimitError(f"the position is beyond the search budget of {self.limit:,} positions")

    def hint(self) -> str:
        """A winning move in words, or why there is none."""
        if self.over:
            return "the game is over"
        try:
            m = self.winning_move()
        except SearchLimitError:
            return "no hint: the position is beyond the search budget"
        if m is None:
            return "you are in a P-position: every move loses against perfect play"
        return self.format_move(m)

    def engine_move(self) -> SumMove:
        """The engine's choice: a winning move, else the option of highest
        remoteness (searched within ``limit`` positions and ``seconds``, among the
        first ``max_options`` options), else the option of largest value."""
        if self.over:
            raise InvalidPositionError("the game is over: no move is left")
        try:
            win = self.winning_move()
        except SearchLimitError:
            return self.moves(1)[0]  # out of reach: any move
        if win is not None:
            return win
        opts = self.moves(self.max_options)
        best: SumMove | None = None
        best_r = -1
        t_end = time.monotonic() + self.seconds
        try:
            for o in opts:
                if best is not None and time.monotonic() > t_end:
                    break
                r = self._remoteness(_flatten(self.game.play(o)), t_end)
                if r > best_r:
                    best, best_r = o, r
        except GrundyError:
            best = max(opts, key=lambda o: self._value_of(_flatten(self.game.play(o))) or 0)
        assert best is not None
        return best

    def play_engine(self) -> Ply:
        """Make the engine's move."""
        return self.push(self.engine_move())

    def report(self, *, seconds: float = 2.0) -> Any:
        """The analysis report of the current position (see :func:`grundy.play.analysis.analyze`)."""
        from grundy.play.analysis import analyze

        return analyze(self.game, seconds=seconds, positions=self.limit)

    # ---------------------------------------------------------------- helpers
    def _remoteness(self, g: GameSum, t_end: float) -> int:
        def deadline(_: int) -> None:
            if time.monotonic() > t_end:
                raise SearchLimitError(f"the search took more than {self.seconds} s")

        if len(g.components) == 1:
            c = g.components[0]
            return int(c.ruleset.solver.remoteness(c.position, limit=self.limit, progress=deadline))
        from grundy.solve.budget import Budget
        from grundy.solve.compounds import reduce_sum
        from grundy.solve.reducer import REMOTENESS

        # The product of the components is searched position by position (slow):
        # a tenth of the budget.
        budget = Budget(positions=max(1, self.limit // 10),
                        seconds=max(0.0, t_end - time.monotonic()))
        return int(reduce_sum(g.components, REMOTENESS, budget=budget, progress=deadline))

    def _component_value(self, c: Game) -> int | None:
        try:
            return c.ruleset.value(c.position, limit=self.limit)
        except (GrundyError, RecursionError):
            return None

    def _value_of(self, g: GameSum) -> int | None:
        return _xor([self._component_value(c) for c in g.components])

    def __repr__(self) -> str:
        return f"<Session {self.game!r}, {len(self.plies)} moves, player {self.to_move} to move>"


def _xor(values: list[int | None]) -> int | None:
    s = 0
    for v in values:
        if v is None:
            return None
        s ^= v
    return s


def _has_move(c: Game) -> bool:
    for _ in c.ruleset.moves(c.position):
        return True
    return False
