"""A play session: a game (or a sum of games) played move by move against a
perfect opponent.

The engine plays a winning move when it has one; from a P-position it plays the
move that keeps the game going longest (the option of highest remoteness), so the
person must earn the win. Loopy games (positions can repeat) may be drawn: the
whole game is then solved by retrograde analysis (win, lose or draw with
remoteness), the engine wins by the fastest win (a move to a P-position of
remoteness one less, so the win cannot be stalled by a cycle), keeps a draw from a
drawn position (it never moves into a position lost for itself), and hints name
the moves that keep the draw. Moves are pushed and popped; a move is a
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
import math
from collections.abc import Iterator
from itertools import islice
from dataclasses import dataclass
from typing import Any

from grundy.values import clock as _clock
from grundy.values.errors import GrundyError, InvalidPositionError, SearchLimitError
from grundy.values.keywords import old_keywords
from grundy.values.loopy import LoopyValue, loopy_outcome, loopy_sum
from grundy.values.outcome import Outcome
from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.solve.budget import Budget, as_budget, from_keywords
from grundy.play.moves import echo_sum_move, format_sum_move, parse_sum_move, sum_moves

__all__ = ["Session", "Ply", "SESSION_BUDGET"]


@dataclass(frozen=True)
class Ply:
    """One move made: by ``player`` (0 moved first), ``move`` in ``before``, written
    ``text``, leaving ``after`` of value ``value``."""

    player: int
    before: GameSum
    move: SumMove
    text: str
    after: GameSum
    value: LoopyValue | None


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


#: The budget of each search of a :class:`Session` when none is given.
SESSION_BUDGET = Budget(positions=20_000, seconds=2.0)


class Session:
    """A game in progress. ``budget`` (``None``: :data:`SESSION_BUDGET`) bounds
    each search the engine makes (values by its positions; the remoteness of the
    options from a P-position, or the positions of a loopy game solved whole, by
    its positions and seconds); beyond it the engine falls back on a cheap rule
    (the option of largest value; in a loopy game, a move keeping the generalised
    value's outcome).

    Values are Sprague-Grundy values, or for a loopy game generalised values
    (an ``int`` or ``inf(K)``; see :mod:`grundy.values.loopy`).

    ``misere=True`` plays misère (whoever cannot move *wins*): outcomes,
    winning moves and the engine's choices come from the misère analysis of
    the sum (:class:`~grundy.MisereSum`), and :attr:`value` is the misère value
    of the whole sum; the components' :meth:`values` stay their normal values.

    >>> import grundy
    >>> s = Session(grundy.games.get("nim").sum(1, 1), misere=True)
    >>> str(s.outcome), s.value, s.hint()
    ('N', 1, 'heap 1 to 0')
    >>> _ = s.push("heap 1 to 0"); s.over, str(s.outcome)
    (False, 'P')
    >>> _ = s.push("heap 2 to 0"); s.over, s.winner     # who cannot move wins
    (True, 0)
    """

    @old_keywords(("limit", "seconds"), lambda given: from_keywords(given, SESSION_BUDGET))
    def __init__(self, game: Game | GameSum, *, budget: Budget | None = None,
                 misere: bool = False) -> None:
        self.budget = as_budget(budget, SESSION_BUDGET)
        self.misere = misere
        self._misere_known: dict[tuple[Game, ...], Any] = {}
        self._quotient: Any = None  # the misère quotient last used (misere_elements)
        self.start = _flatten(game)
        # values and cycles are searched by positions only
        self._positions = self.budget.replace(seconds=None)
        self._seconds = math.inf if self.budget.seconds is None else self.budget.seconds
        self.plies: list[Ply] = []
        #: Most options the engine compares when it has no winning move.
        self.max_options = 2000
        # each component's value, by (ruleset, position): a move changes one
        # component, so a sum of k components costs one new value, not k
        self._known: dict[tuple[int, Any], LoopyValue | None] = {}
        self._values: list[LoopyValue | None] = [self._value_of(self.start)]
        self._loopy: bool | None = None  # whether a cycle is reachable (found on demand)
        self._analyses: list[Any] = []  # loopy analyses of the whole game, by root

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> GameSum:
        """The current position (a sum; one component for a single game)."""
        return self.plies[-1].after if self.plies else self.start

    @property
    def to_move(self) -> int:
        """The player to move: 0 for whoever moved first, 1 for the other."""
        return len(self.plies) % 2

    def values(self) -> list[LoopyValue | None]:
        """The value of every component (``None``: not found within the budget)."""
        return [self._component_value(c) for c in self.game.components]

    @property
    def value(self) -> LoopyValue | None:
        """The value of the position (``None``: not found within the budget); in
        misère play the misère value of the sum."""
        if self.misere:
            r = self._misere_report(self.game)
            return None if r is None else r.value
        return _xor(self.values())

    def _misere_report(self, g: GameSum) -> Any:
        """The misère analysis of ``g`` (``None``: beyond the budget), memoised."""
        from grundy.rules.compound import MisereSum
        from grundy.solve.report import analyze

        key = _key(g)
        if key not in self._misere_known:
            try:
                r = analyze(MisereSum(*g.components), budget=self.budget)
            except (GrundyError, RecursionError):
                r = None
            if r is not None and r.outcome is None:
                r = None
            if len(self._misere_known) < 100_000:
                self._misere_known[key] = r
            return r
        return self._misere_known[key]

    def misere_elements(self) -> tuple[list[str], str] | None:
        """In misère play, where a misère quotient answers the current sum (heaps
        of one ruleset): each component's element of the quotient and the sum's,
        as words in its generators (``1``: the identity); else ``None`` (a
        component's normal-play value means nothing in misère play).

        >>> import grundy
        >>> s = Session(grundy.games.get("kayles").sum(5, 3), misere=True)
        >>> s.misere_elements()
        (['c', 'ab'], 'abc')
        >>> Session(grundy.games.get("nim").sum(1, 2), misere=True).misere_elements() is None
        True
        """
        if not self.misere:
            return None
        from grundy.solve.compounds import misere_quotient_for

        comps = list(self.game.components)
        heaps = [c.position for c in comps]
        q = self._quotient
        if q is None or not q.covers(heaps) or any(c.ruleset is not comps[0].ruleset for c in comps):
            try:
                q = misere_quotient_for(comps, self._positions)
            except (GrundyError, RecursionError):
                q = None
            if q is None:
                return None
            self._quotient = q
        try:
            return ([q.normal_form(q.element(h)) for h in heaps], q.normal_form(q.element_of(heaps)))
        except GrundyError:
            return None

    def misere_outcome(self, g: GameSum | None = None) -> Outcome | None:
        """The misère outcome of ``g`` (default: the current position)."""
        r = self._misere_report(self.game if g is None else g)
        return None if r is None else r.outcome

    @property
    def outcome(self) -> Outcome | None:
        """``P``, ``N`` or ``D`` (a draw, in a loopy game; from a closed form when
        the value is out of reach)."""
        if self.misere:
            return self.misere_outcome()
        v = self.value
        if v is not None:
            return loopy_outcome(v)
        comps = self.game.components
        if len(comps) == 1:  # the ruleset's closed form, or None where it declines
            return comps[0].ruleset.outcome_formula(comps[0].position)
        return None

    @property
    def value_history(self) -> list[LoopyValue | None]:
        """The value of the position before the first move and after each move."""
        return list(self._values)

    def moves(self, limit: int | None = None) -> list[SumMove]:
        """The legal moves, each once (the first ``limit`` of them, if given: a
        huge heap has a huge number of moves)."""
        return list(islice(self._iter_moves(), limit))

    def _iter_moves(self) -> Iterator[SumMove]:
        return sum_moves(self.game)

    @property
    def over(self) -> bool:
        """Whether the player to move has no move (and so has lost)."""
        g = self.game
        return not any(_has_move(c) for c in g.components)

    def repeated(self, times: int = 3) -> int:
        """How many times the current position has come up with the same player
        to move, once that is at least ``times`` (a loopy game going round: a
        draw by repetition), else 0.

        >>> import grundy
        >>> from grundy.games import get
        >>> s = Session(get("put-back").sum(3))
        >>> for m in ["take 1", "put back 1", "take 1", "put back 1"]:
        ...     _ = s.push(m)
        >>> s.repeated(), s.repeated(4)
        (3, 0)
        """
        if not self.plies:
            return 0
        now, who = self.game, self.to_move
        seen = [(p.after, 1 - p.player) for p in self.plies] + [(self.start, 0)]
        n = sum(1 for g, w in seen if w == who and g == now)
        return n if n >= times else 0

    @property
    def winner(self) -> int | None:
        """The player who made the last move, once the game is over (in misère
        play the player to move, who cannot move)."""
        if not self.over:
            return None
        return self.to_move if self.misere else 1 - self.to_move

    # ------------------------------------------------------------------ moves
    def format_move(self, move: SumMove) -> str:
        return format_sum_move(self.game, move)

    def parse_move(self, text: str) -> SumMove:
        return parse_sum_move(self.game, text)

    def push(self, move: SumMove | tuple[int, Hashable] | str) -> Ply:
        """Make ``move`` (a :class:`SumMove` or text); illegal moves raise
        :class:`InvalidPositionError` with the reason and change nothing. A
        typed move's ply text is the move as typed where it is in the game's
        notation (:func:`~grundy.play.moves.echo_sum_move`)."""
        g = self.game
        if self.over:
            raise InvalidPositionError("the game is over: no move is left")
        sm = self.parse_move(move) if isinstance(move, str) else SumMove(*move)
        after = _flatten(g.play(sm))  # checks the move
        # a typed move is shown as typed (the pins named, where two moves lead to the same rows)
        text = echo_sum_move(g, sm, move) if isinstance(move, str) else format_sum_move(g, sm)
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
        """A winning move (in a loopy game, the fastest), or ``None`` from a P- or
        drawn position; :class:`SearchLimitError` when neither the values nor a
        closed form decide it within the budget."""
        g = self.game
        if self.misere:
            if self.misere_outcome() is None:
                raise SearchLimitError(f"the misère position is beyond the search budget of "
                                       f"{self.budget.describe()}")
            for m, after in islice(self._options(), self.max_options):
                if self.misere_outcome(after) is Outcome.P:
                    return m
            return None
        a = self._whole()
        if a is not None:
            key = _key(g)
            if a.outcome(key) is not Outcome.N:
                return None
            return self._fastest_win(a, key)
        values = self.values()
        if None not in values:
            return g.winning_move()
        c = g.components[0]
        if len(g.components) == 1 and c.ruleset.outcome_formula(c.position) is not None:
            o = c.ruleset.winning_move(c.position)
            return None if o is None else SumMove(0, o)
        raise SearchLimitError(f"the position is beyond the search budget of {self._positions.describe()}")

    def drawing_moves(self, limit: int | None = None) -> list[SumMove]:
        """The moves that keep a draw (to positions drawn for the opponent); empty
        unless the position is drawn."""
        if self.outcome is not Outcome.D:
            return []
        a = self._whole()
        out: list[SumMove] = []
        for m, after in self._options():
            if limit is not None and len(out) >= limit:
                break
            if self._outcome_of(a, after) is Outcome.D:
                out.append(m)
        return out

    def hint(self) -> str:
        """A winning move in words, the moves that keep a draw, or why there is none."""
        if self.over:
            return "the game is over"
        try:
            m = self.winning_move()
        except SearchLimitError:
            return "no hint: the position is beyond the search budget"
        if m is not None:
            return self.format_move(m)
        if self.outcome is Outcome.D:
            keep = self.drawing_moves(6)
            shown = ", ".join(self.format_move(k) for k in keep[:5]) + (", ..." if len(keep) > 5 else "")
            return ("drawn: neither side can force a win; moves that keep the draw: "
                    + (shown or "none found"))
        return "you are in a P-position: every move loses against perfect play"

    def engine_move(self) -> SumMove:
        """The engine's choice: a winning move, else the option of highest
        remoteness (searched within the budget, among the
        first ``max_options`` options), else the option of largest value. In a
        loopy game: the fastest win, else a move keeping the draw, else the longest
        resistance."""
        if self.over:
            raise InvalidPositionError("the game is over: no move is left")
        if self.misere:  # a winning move, else a move to a position not yet lost for the person
            try:
                win = self.winning_move()
            except SearchLimitError:
                win = None
            return win if win is not None else self.moves(1)[0]
        a = self._whole()
        if a is not None:
            return self._loopy_choice(a)
        try:
            win = self.winning_move()
        except SearchLimitError:
            return self.moves(1)[0]  # out of reach: any move
        if win is not None:
            return win
        opts = self.moves(self.max_options)
        if self.outcome is Outcome.D:  # loopy, beyond the whole-game budget: keep the draw
            return max(opts, key=lambda o: self._fallback_rank(o))
        best: SumMove | None = None
        best_r = -1
        t_end = _clock.now() + self._seconds
        try:
            for o in opts:
                if best is not None and _clock.now() > t_end:
                    break
                r = self._remoteness(_flatten(self.game.play(o)), t_end)
                if r > best_r:
                    best, best_r = o, r
        except GrundyError:
            best = max(opts, key=lambda o: self._fallback_rank(o))
        assert best is not None
        return best

    def play_engine(self) -> Ply:
        """Make the engine's move."""
        return self.push(self.engine_move())

    @old_keywords(("seconds",), lambda given: from_keywords(given, SESSION_BUDGET))
    def report(self, *, budget: Budget | None = None) -> Any:
        """The analysis report of the current position within ``budget`` (``None``:
        the session's; see :func:`grundy.play.analysis.analyze`)."""
        from grundy.play.analysis import analyze

        return analyze(self.game, budget=self.budget if budget is None else budget)

    # ---------------------------------------------------------------- helpers
    def _remoteness(self, g: GameSum, t_end: float) -> int:
        def deadline(_: int) -> None:
            if _clock.now() > t_end:
                raise SearchLimitError(f"the search took more than {self._seconds} s")

        if len(g.components) == 1:
            c = g.components[0]
            return int(c.ruleset.solver.remoteness(c.position, budget=self._positions,
                                                   progress=deadline))
        from grundy.solve.compounds import reduce_sum
        from grundy.solve.reducer import REMOTENESS

        # The product of the components is searched position by position (slow):
        # a tenth of the budget.
        n = self.budget.positions
        budget = self.budget.replace(positions=None if n is None else max(1, n // 10),
                                     seconds=max(0.0, t_end - _clock.now()))
        return int(reduce_sum(g.components, REMOTENESS, budget=budget, progress=deadline))

    def _fallback_rank(self, move: SumMove) -> tuple[int, int]:
        """How good ``move`` looks without a search: an option drawn or of
        generalised value ``inf(K)`` first (a draw is better than a loss), then
        the largest finite value."""
        v = self._value_of(_flatten(self.game.play(move)))
        if v is None:
            return (0, 0)
        if type(v) is int:
            return (1 if v else 0, v)
        return (2 if loopy_outcome(v) is Outcome.D else 1, 0)

    def _is_loopy(self) -> bool:
        """Whether a cycle is reachable from the start (then every later position
        is looked at by loopy analysis): a component of infinite generalised value,
        or a cycle found within the budget's positions (options looked at)."""
        if self._loopy is None:
            from grundy.solve.loopy import find_cycle

            comps = self.start.components
            loopy = any(not isinstance(self._component_value(c), (int, type(None))) for c in comps)
            for c in comps if not loopy else ():
                try:
                    if find_cycle(c.ruleset, c.position, budget=self._positions) is not None:
                        loopy = True
                        break
                except Exception:  # a broken move function: the searches report it
                    continue
            self._loopy = loopy
        return self._loopy

    def _whole(self) -> Any:
        """The loopy analysis of the whole current game (win, lose or draw, with
        remoteness) when it can reach a cycle and is within the budget, else
        ``None``."""
        if not self._is_loopy():
            return None
        key = _key(self.game)
        for a in self._analyses:
            if key in a:
                return a
        from grundy.solve.loopy import analyze_loopy

        try:
            a = analyze_loopy(_Whole(self.game), key, budget=self.budget)
        except (GrundyError, RecursionError):
            return None  # beyond the budget: the generalised values decide
        self._analyses.append(a)
        return a

    def _options(self) -> Iterator[tuple[SumMove, GameSum]]:
        g = self.game
        for m in self._iter_moves():
            yield m, _flatten(g.play(m))

    def _outcome_of(self, a: Any, g: GameSum) -> Outcome | None:
        if a is not None:
            return a.outcome(_key(g))  # type: ignore[no-any-return]
        v = self._value_of(g)
        return None if v is None else loopy_outcome(v)

    def _fastest_win(self, a: Any, key: tuple[Game, ...]) -> SumMove | None:
        """A move to a P-position of remoteness one less than this one's: a
        winner who may pick any P-option can be led round a cycle for ever."""
        r = a.remoteness(key)
        for m, after in self._options():
            k = _key(after)
            if a.outcome(k) is Outcome.P and a.remoteness(k) == r - 1:
                return m
        return None  # pragma: no cover - the analysis guarantees one

    def _loopy_choice(self, a: Any) -> SumMove:
        key = _key(self.game)
        out = a.outcome(key)
        if out is Outcome.N:
            m = self._fastest_win(a, key)
            if m is not None:
                return m
        best: SumMove | None = None
        best_rank: tuple[int, int] = (-1, -1)
        for m, after in self._options():
            k = _key(after)
            o = a.outcome(k)
            if out is Outcome.D:  # keep the draw; never move into a loss for oneself
                if o is Outcome.D:
                    return m
                continue
            r = a.remoteness(k)  # from a P-position: the longest resistance
            rank = (1 if o is Outcome.D else 0, -1 if r is None else r)
            if rank > best_rank:
                best, best_rank = m, rank
        if best is None:  # pragma: no cover - a draw always has a drawing option
            best = self.moves(1)[0]
        return best

    def _component_value(self, c: Game) -> LoopyValue | None:
        try:
            key = (id(c.ruleset), c.position)
            if key in self._known:
                return self._known[key]
        except TypeError:  # an unhashable position: no memo
            key = None
        try:
            v: LoopyValue | None = c.ruleset.value(c.position, budget=self._positions)
        except (GrundyError, RecursionError):
            v = None
        if key is not None and len(self._known) < 100_000:
            self._known[key] = v
        return v

    def _value_of(self, g: GameSum) -> LoopyValue | None:
        return _xor([self._component_value(c) for c in g.components])

    def __repr__(self) -> str:
        return f"<Session {self.game!r}, {len(self.plies)} moves, player {self.to_move} to move>"


def _xor(values: list[LoopyValue | None]) -> LoopyValue | None:
    """The (generalised) value of a sum from its parts' values."""
    if any(v is None for v in values):
        return None
    return loopy_sum(*[v for v in values if v is not None])


def _key(g: GameSum) -> tuple[Game, ...]:
    """A position of the whole game for :class:`_Whole`: its components."""
    return tuple(g.components)


class _Whole(Ruleset):
    """The whole game (a sum) as one ruleset, for the loopy analysis: a position
    is the tuple of its components (``Game`` objects); a move moves one of them
    (a ``Sum`` option becomes one component per part). A single component keeps
    the results its rules fix (:meth:`Ruleset.result`)."""

    def __init__(self, game: GameSum) -> None:
        comps = game.components
        self.name = comps[0].ruleset.name if len(comps) == 1 else "sum"

    def moves(self, position: Any) -> Iterator[tuple[Game, ...]]:
        comps: tuple[Game, ...] = position
        for i, c in enumerate(comps):
            for o in c.ruleset.moves(c.position):
                parts = o.parts if type(o) is Sum else (o,)
                yield comps[:i] + tuple(Game(c.ruleset, p) for p in parts) + comps[i + 1:]

    def result(self, position: Any) -> Outcome | None:
        comps: tuple[Game, ...] = position
        if len(comps) == 1:
            return comps[0].ruleset.result(comps[0].position)
        return None


def _has_move(c: Game) -> bool:
    for _ in c.ruleset.moves(c.position):
        return True
    return False
