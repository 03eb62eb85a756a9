"""One analysis, many faces: :func:`analyze` returns a :class:`Report` that the CLI
(and play, and the web page) only format.

Closed forms first, always; every search within one budget (positions and
seconds, shared by the whole report), and each field says whether it was computed
and, if not, why.

>>> import grundy
>>> r = grundy.analyze(grundy.games.get("nim")[3] + grundy.games.get("nim")[5])
>>> r.outcome, r.value, r.components, r.winning_moves
(Outcome.N, 6, [3, 5], [SumMove(1, 3)])
>>> r.remoteness, r.stopped
(7, {})
>>> far = grundy.analyze(grundy.games.get("dawson")[1000], budget=grundy.Budget(seconds=0.2))
>>> far.value, far.outcome, far.remoteness, sorted(far.stopped)
(4, Outcome.N, None, ['remoteness', 'suspense'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grundy.rules.compound import Compound, MisereSum, analysis_of
from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.moves import component_move_text
from grundy.rules.naming import game_label
from grundy.rules.sums import Sum
from grundy.solve import reducer as R
from grundy.solve.budget import Budget, as_budget, from_keywords, watching
from grundy.values import clock as _clock
from grundy.values.bigint import exact_repr
from grundy.solve.compounds import misere_quotient_for, reduce_sum
from grundy.values.errors import (
    GrundyError,
    InvalidParameterError,
    LoopyGameError,
    SearchLimitError,
    describe,
)
from grundy.values.keywords import old_keywords
from grundy.values.outcome import Outcome
from grundy.values.loopy import inf, loopy_words

__all__ = ["Report", "analyze", "components_of", "ANALYSIS_BUDGET"]

#: Most options listed when all winning moves are asked for; beyond it, one
#: constructive winning move is reported.
MOVE_LISTING_LIMIT = 10_000


@dataclass(frozen=True)
class Report:
    """Everything :func:`analyze` found about a game.

    ``value`` is the Sprague-Grundy value (``None`` where it does not apply or was
    not computed), ``components`` the value of each component of a sum,
    ``winning_moves`` the winning moves (``SumMove(component, option)``; all of
    them when ``winning_moves_complete``, else one constructed), ``remoteness`` and
    ``suspense`` the move counts. ``stopped`` maps each field that was not
    computed to the reason (a budget, a cycle, a compound it does not apply to).
    """

    game: Any
    outcome: Outcome | None
    value: int | None
    components: list[int | None]
    winning_moves: list[Any] | None
    winning_moves_complete: bool
    remoteness: int | None
    suspense: int | None
    stopped: dict[str, str] = field(default_factory=dict)
    seconds: float = field(default=0.0, compare=False)
    #: The misère quotient that answered a misère sum (its description), if one did.
    quotient: str | None = None

    def __repr__(self) -> str:  # the dataclass repr, with integers of any size in full
        body = ", ".join(f"{k}={exact_repr(getattr(self, k))}"
                         for k, f in self.__dataclass_fields__.items() if f.repr)
        return f"Report({body})"

    @property
    def complete(self) -> bool:
        """Whether every field was computed."""
        return not self.stopped

    def to_dict(self, most_moves: int | None = None) -> dict[str, Any]:
        """A JSON-ready dict (positions as JSON values where they are numbers or
        tuples of numbers, with their text beside); ``most_moves``: the winning
        moves described, at most (``None``: all of them)."""
        comps = components_of(self.game)
        return {
            "game": game_label(self.game),  # kayles[10], not octal:0.77[10]
            "components": [
                {"ruleset": g.ruleset.name, "position": _json(g.position),
                 "text": g.ruleset.format_position(g.position), "value": _value_json(v)}
                for g, v in zip(comps, self.components or [None] * len(comps))
            ],
            "outcome": None if self.outcome is None else str(self.outcome),
            "value": _value_json(self.value),
            **({"value_words": loopy_words(self.value)} if isinstance(self.value, inf) else {}),
            "winning_moves": None if self.winning_moves is None else [
                _move_json(comps, m) for m in self.winning_moves[:most_moves]
            ],
            "winning_moves_complete": self.winning_moves_complete,
            "remoteness": self.remoteness,
            "suspense": self.suspense,
            "stopped": dict(self.stopped),
            "seconds": round(self.seconds, 4),
            **({"quotient": self.quotient} if self.quotient is not None else {}),
        }

    def _repr_html_(self) -> str:  # Jupyter
        rows = "".join(
            f"<tr><th style='text-align:left'>{k}</th><td>{_html(v)}</td></tr>"
            for k, v in (
                ("game", game_label(self.game)), ("outcome", self.outcome), ("value", self.value),
                ("winning moves", self.winning_moves), ("remoteness", self.remoteness),
                ("suspense", self.suspense),
            )
        )
        notes = "".join(f"<tr><td colspan=2><i>{k}: {_html(v)}</i></td></tr>"
                        for k, v in self.stopped.items())
        return f"<table>{rows}{notes}</table>"


def _value_json(v: Any) -> Any:
    """A value for JSON: a generalised value ``inf(K)`` of a loopy game as its
    text (``"inf({0})"``), anything else as it is."""
    return str(v) if isinstance(v, inf) else v


def _html(x: object) -> str:
    import html

    return html.escape(describe(x, 200))


def _json(position: Any) -> Any:
    if type(position) is int or position is None or type(position) is str:
        return position
    if type(position) is bool:
        return position
    if type(position) is Sum:
        return {"sum": [_json(p) for p in position.parts]}
    if isinstance(position, tuple):
        return [_json(p) for p in position]
    if isinstance(position, frozenset):
        try:
            return sorted(_json(p) for p in position)
        except TypeError:
            return [_json(p) for p in position]
    return describe(position, 10**6)


def move_text(comps: list[Game], m: SumMove) -> str:
    """A move of a sum for people, in its game's own notation: ``cut 0-4`` in one
    game, ``2: take 3`` (components from 1) or ``heap 2 to 3`` in a sum."""
    g = comps[m.component] if m.component < len(comps) else None
    if g is None:
        return describe(m.option)
    try:
        text = g.ruleset.format_move(g.position, m.option)
    except GrundyError:
        text = g.ruleset.format_position(m.option)
    return component_move_text(len(comps), m.component, text)


def _move_json(comps: list[Game], m: Any) -> Any:
    if isinstance(m, SumMove):
        g = comps[m.component] if m.component < len(comps) else None
        text = g.ruleset.format_position(m.option) if g is not None else describe(m.option)
        return {"component": m.component, "to": _json(m.option), "text": text,
                "move": move_text(comps, m)}
    if isinstance(m, tuple):
        return [_move_json(comps, x) for x in m]
    return {"to": _json(m)}


def components_of(game: Game | GameSum | Compound) -> list[Game]:
    """The components of ``game``, one ``Game`` each: a game whose position is a
    ``Sum`` gives one per part, a sum or another compound its components.

    >>> import grundy
    >>> nim = grundy.games.get("nim")
    >>> components_of(nim[3]), components_of(nim[3] + nim[4])
    ([nim[3]], [nim[3], nim[4]])
    """
    if isinstance(game, Game):
        if type(game.position) is Sum:
            return [Game(game.ruleset, p) for p in game.position.parts]
        return [game]
    return list(game.components)


#: The budget of :func:`analyze` when none is given.
ANALYSIS_BUDGET = Budget(positions=1_000_000, seconds=2.0)


@old_keywords(("seconds", "positions", "max_memory"),
              lambda given: from_keywords(given, ANALYSIS_BUDGET))
def analyze(
    game: Game | GameSum | Compound,
    *,
    budget: Budget | None = None,
    progress: Callable[[int], None] | None = None,
    all_moves: bool = True,
) -> Report:
    """Analyse ``game`` (a ``Game``, a ``GameSum`` or another compound) within
    ``budget`` (positions, seconds and memory; ``None``: :data:`ANALYSIS_BUDGET`,
    10**6 positions and 2 s) shared by the whole report. Closed forms answer at
    once; searches stop at the budget and the report says so in ``stopped``.
    Without a budget, a ruleset that declares ``analysis_seconds`` (Cram: 60 s)
    gives its value, outcome and winning-move searches that long
    (:func:`default_seconds`). ``all_moves=False`` reports one winning move.
    """
    default = budget is None
    budget = as_budget(budget, ANALYSIS_BUDGET)
    start = _clock.now()
    deadline = None if budget.seconds is None else start + budget.seconds

    # Each search gets its share of what is left, but at least a floor (a slow
    # start-up, e.g. loading compiled kernels, must not starve a quick search).
    floor = 0.0 if budget.seconds is None else min(0.1, budget.seconds / 10)

    def left(share: float = 1.0) -> Budget:
        if deadline is None:
            return budget
        rest = deadline - _clock.now()
        # past the deadline nothing more is started (the caller asked for ``seconds``)
        return budget.replace(seconds=max(floor, rest * share) if rest > 0 else 0.0)

    if isinstance(game, Compound):
        return _compound_report(game, start, left)
    if isinstance(game, Game):
        comps = components_of(game)
    elif isinstance(game, GameSum):
        comps = list(game.components)
    else:
        raise InvalidParameterError(
            f"analyze takes a game (ruleset[position]), a sum of games or a compound; "
            f"got {describe(game)}"
        )
    # A default analysis gives the value, outcome and winning-move searches the
    # longer time a ruleset declares (``analysis_seconds``); the other searches
    # keep the default deadline.
    longer = default_seconds(comps) if default else None
    engine_deadline = deadline if longer is None or deadline is None else start + longer

    def engine_left(share: float = 1.0) -> Budget:
        if engine_deadline is None or engine_deadline == deadline:
            return left(share)
        rest = engine_deadline - _clock.now()
        return budget.replace(seconds=max(floor, rest * share) if rest > 0 else 0.0)
    stopped: dict[str, str] = {}

    # The ruleset's own outcome of a single game (a closed form, or draws), if any.
    own: Outcome | None = None
    if len(comps) == 1:
        try:
            own = _own_outcome(comps[0], engine_left())
        except (SearchLimitError, LoopyGameError) as exc:
            stopped.setdefault("outcome", str(exc))

    # Values: closed forms first, then the reducer within the budget.
    values: list[int | None] = []
    loopy_value = False  # a loopy game without generalised values may still have an outcome
    for g in comps:
        # a game whose outcome is known keeps time for its winning move
        share = 0.5 if own is not None else 1.0
        try:
            values.append(_value(g, engine_left(share), progress))
        except SearchLimitError as exc:
            values.append(None)
            stopped.setdefault("value", str(exc))
        except LoopyGameError as exc:
            values.append(None)
            loopy_value = True
            stopped.setdefault("value", f"the game graph has cycles ({exc})")
    total: int | None = None
    if all(v is not None for v in values):
        total = 0
        for v in values:
            total ^= v  # type: ignore[operator]

    # Outcome: the ruleset's own, or from the value.
    outcome: Outcome | None = own
    if outcome is not None or "outcome" in stopped:
        pass
    elif total is not None:
        outcome = Outcome.from_value(total)
    elif len(comps) == 1 and ("value" not in stopped or loopy_value):
        g = comps[0]
        try:
            outcome = g.ruleset.outcome(g.position, budget=engine_left())
        except (SearchLimitError, LoopyGameError) as exc:
            stopped.setdefault("outcome", str(exc))
    else:
        stopped.setdefault("outcome", "needs every component's value")

    # Winning moves: all of them when the options are few, else one constructed.
    moves: list[Any] | None = None
    complete = False
    if outcome is Outcome.P:
        moves, complete = [], True
    elif outcome is not None and total is not None:
        gs = GameSum(*comps)
        if all_moves:
            try:  # listing every option is a search too: within the budget
                with watching(engine_left(0.25)):
                    moves = gs.winning_moves(limit=MOVE_LISTING_LIMIT)
                complete = True
            except SearchLimitError:
                moves = None
        if moves is None:
            try:
                with watching(engine_left(0.5)):
                    m = gs.winning_move()
                moves = [] if m is None else [m]
            except (SearchLimitError, LoopyGameError) as exc:
                stopped.setdefault("winning_moves", str(exc))
    elif outcome is not None and len(comps) == 1:
        g = comps[0]
        try:
            with watching(engine_left(0.5)):
                m1 = g.ruleset.winning_move(g.position)
            moves = [] if m1 is None else [SumMove(0, m1)]
        except (GrundyError,) as exc:
            stopped.setdefault("winning_moves", str(exc))
    else:
        stopped.setdefault("winning_moves", "needs the outcome")

    # Remoteness and suspense: searches of the whole game, within what is left.
    counts: dict[str, int | None] = {"remoteness": None, "suspense": None}
    for key, rule, share in (("remoteness", R.REMOTENESS, 0.5), ("suspense", R.SUSPENSE, 1.0)):
        b = left(share)
        if b.seconds is not None and b.seconds < _LEAST_SEARCH:
            stopped[key] = (f"not computed: the time budget ({budget.seconds:g} s) was used up "
                            "before this search")
            continue
        try:
            counts[key] = _count(comps, rule, b, progress)
        except SearchLimitError as exc:
            stopped[key] = str(exc)
        except LoopyGameError as exc:
            stopped[key] = f"the game graph has cycles ({exc})"
        except GrundyError as exc:
            stopped[key] = str(exc)
    return Report(
        game=game, outcome=outcome, value=total, components=values, winning_moves=moves,
        winning_moves_complete=complete, remoteness=counts["remoteness"],
        suspense=counts["suspense"], stopped=stopped, seconds=_clock.now() - start,
    )


def default_seconds(games: Sequence[Game]) -> float | None:
    """The longest ``analysis_seconds`` the rulesets of ``games`` declare when it is
    longer than :data:`ANALYSIS_BUDGET`'s, else ``None``: the time a default
    analysis gives their value and outcome searches.

    >>> import grundy
    >>> default_seconds([grundy.games.get("cram")[(5, 6, 2**30 - 1)]])
    60.0
    >>> default_seconds([grundy.games.get("kayles")[5]]) is None
    True
    """
    usual = ANALYSIS_BUDGET.seconds or 0.0
    longest = max((g.ruleset.analysis_seconds or 0.0 for g in games), default=0.0)
    return longest if longest > usual else None


#: Seconds a search needs at least to be worth starting.
_LEAST_SEARCH = 0.02


def _own_outcome(g: Game, budget: Budget) -> Outcome | None:
    """The outcome ``g``'s ruleset answers itself (a closed form, or draws), or
    ``None`` where its ``outcome_formula`` declines."""
    if type(g.position) is Sum:
        return None
    with watching(budget):
        return g.ruleset.outcome_formula(g.position)


def _value(g: Game, budget: Budget, progress: Callable[[int], None] | None) -> int:
    rs = g.ruleset
    if type(g.position) is not Sum:
        with watching(budget):
            v = rs.value_formula(g.position)
        if v is not None:
            return v
    return rs.value(g.position, budget=budget, progress=progress)


def _count(comps: list[Game], rule: R.Rule, budget: Budget,
           progress: Callable[[int], None] | None) -> int:
    if len(comps) == 1:
        # the engine: the ruleset's closed form where it answers, else the search
        from grundy.solve import engine as E

        g = comps[0]
        rs = g.ruleset
        if rule is R.REMOTENESS:
            return E.remoteness(rs, g.position, budget=budget, progress=progress)
        return E.suspense(rs, g.position, budget=budget, progress=progress)
    return reduce_sum(comps, rule, budget=budget, progress=progress)


def _compound_report(game: Compound, start: float, left: Callable[[float], Budget]) -> Report:
    """The report of a compound other than a disjunctive sum: what its analysis
    answers (outcome, a winning move, a value where the compound has one), each
    question within its share of the budget (``left(share)``)."""
    analysis = analysis_of(game)
    games = game.components
    name = type(game).__name__
    stopped: dict[str, str] = {}
    outcome: Outcome | None = None
    moves: list[Any] | None = None
    value: int | None = None
    quotient: str | None = None
    if isinstance(game, MisereSum):
        try:
            b = left(0.5)
            with watching(b):
                q = misere_quotient_for(games, b)
        except SearchLimitError:
            q = None
        if q is not None:
            quotient = (f"misère quotient of {q.name}, heaps 0..{q.heaps}: order {q.order}, "
                        f"{'tame' if q.is_tame else 'wild'}")
    try:
        b = left(0.5)
        with watching(b):
            outcome = analysis.outcome(games, budget=b)
    except (SearchLimitError, LoopyGameError) as exc:
        stopped["outcome"] = str(exc)
    if outcome is not None:
        try:
            b = left(0.5)
            with watching(b):  # every search of the move, together, within b
                m = analysis.winning_move(games, budget=b)
            moves = [] if m is None else [m]
        except (SearchLimitError, LoopyGameError) as exc:
            stopped["winning_moves"] = str(exc)
        if not analysis.has_value:
            stopped["value"] = f"a {name} has no Sprague-Grundy value"
        else:
            try:
                b = left(1.0)
                with watching(b):
                    value = analysis.value(games, budget=b)
            except (SearchLimitError, LoopyGameError) as exc:
                stopped["value"] = str(exc)
    for key in ("remoteness", "suspense"):
        stopped[key] = f"not defined here for a {name}"
    return Report(
        game=game, outcome=outcome, value=value, components=[None] * len(games),
        winning_moves=moves, winning_moves_complete=False, remoteness=None, suspense=None,
        stopped=stopped, seconds=_clock.now() - start, quotient=quotient,
    )
