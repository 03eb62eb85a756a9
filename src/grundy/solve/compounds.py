"""Analysis of compounds: disjunctive (whole-game questions), misère, Every-SG,
conjunctive and selective compounds (see :mod:`grundy.rules.compound`).

Each compound is decided from its components where a theorem allows it, and by an
exact search of the compound otherwise:

- misère sum: the misère Nim rule when every component is a Nim heap; otherwise the
  reducer's misère rule over the sum kept as a multiset of components (a
  ``Sum`` of games), finished components dropped;
- Every-SG: N iff the largest suspense is odd; the winning move takes every
  unfinished component to an option of suspense one less;
- conjunctive: N iff the smallest remoteness is odd; the same construction with
  remoteness;
- selective: N iff some component is N; the winning move takes every N component
  to a P option.

Each is a class (:class:`MisereAnalysis`, :class:`EveryAnalysis`, ...) with a
method per question, registered for its compound type in the rules layer, where
the compound's own methods find it by type:

>>> from grundy.rules.compound import analysis_of
>>> analysis_of(grundy.MisereSum) is MISERE, MISERE.value([grundy.games.get("nim")[0]])
(True, 1)

>>> import grundy
>>> sub = grundy.games.get("subtraction:1,2")
>>> grundy.ConjunctiveSum(sub[1], sub[5]).outcome     # remotenesses 1 and 3
Outcome.N
>>> grundy.SelectiveSum(sub[3], sub[6]).outcome, grundy.SelectiveSum(sub[3], sub[4]).winning_move()
(Outcome.P, (SumMove(1, 3),))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from itertools import product
from typing import Any, ClassVar

from grundy.rules.compound import (
    Compound, ConjunctiveSum, EverySum, MisereSum, Move, SelectiveSum, register_analysis,
)
from grundy.rules.game import Game, SumMove
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.solve import reducer as R
from grundy.solve.budget import UNLIMITED, Budget
from grundy.values.errors import (
    GrundyError, InvalidParameterError, InvalidPositionError, LoopyCompoundError, LoopyGameError, describe,
)
from grundy.values.outcome import Outcome

__all__ = [
    "GamesRuleset", "GAMES", "reduce_sum", "misere_quotient_for", "QUOTIENT_AUTO_HEAPS", "answer", "every_outcome", "sj_outcome",
    "BaseAnalysis", "MisereAnalysis", "EveryAnalysis", "ConjunctiveAnalysis",
    "SelectiveAnalysis", "DisjunctiveAnalysis", "MISERE", "EVERY", "CONJUNCTIVE", "SELECTIVE",
    "DISJUNCTIVE",
]


class GamesRuleset(Ruleset):
    """Positions are :class:`Game` objects; a move is a move of that game, so sums of
    games of different rulesets are searched as one game tree."""

    name = "games"

    def moves(self, position: Any) -> Iterator[Hashable]:
        g: Game = position
        rs = g.ruleset
        for o in R.options(rs, g.position):
            if type(o) is Sum:
                yield Sum(*(Game(rs, p) for p in o.parts))
            else:
                yield Game(rs, o)

    def decompose(self, position: Any) -> Iterator[Hashable] | None:
        g: Game = position
        parts = R._parts(g.ruleset, g.position)
        if parts is None:
            return None
        return (Game(g.ruleset, p) for p in parts)


GAMES = GamesRuleset()


def _whole(games: Sequence[Game]) -> Hashable:
    return R.normal(Sum(*games))


def reduce_sum(games: Sequence[Game], rule: R.Rule, budget: Budget = UNLIMITED,
               progress: R.Progress | None = None) -> int:
    """The ``rule`` value of the sum of ``games`` by the reducer's whole-game search.
    Games of one ruleset are searched as a ``Sum`` of their positions in that ruleset
    (a sum of ints or strings is keyed by a sorted tuple, with no ``Game`` objects
    to build and hash: about three times faster, and the memo is the ruleset's own);
    a sum of several rulesets is searched over :data:`GAMES`.

    >>> import grundy
    >>> lasker = grundy.games.get("lasker")
    >>> reduce_sum([lasker[10], lasker[7]], R.REMOTENESS), reduce_sum([lasker[3]], R.SUSPENSE)
    (21, 1)
    """
    rs = games[0].ruleset if games else None
    if rs is not None and all(g.ruleset is rs for g in games):
        root = R.normal(Sum(*(g.position for g in games)))
        return R.reduce(rs, root, rule, budget=budget, progress=progress)
    return R.reduce(GAMES, _whole(games), rule, budget=budget, progress=progress)


def _after(games: Sequence[Game], moves: Sequence[SumMove]) -> list[Game]:
    """The components after ``moves`` (each names a component and its new position;
    a ``Sum`` option becomes several components)."""
    comps: list[Game | None] = list(games)
    extra: list[Game] = []
    seen: set[int] = set()
    for m in moves:
        if not isinstance(m, SumMove) and not (isinstance(m, tuple) and len(m) == 2):
            raise InvalidPositionError(f"a compound move is SumMove(component, option); got {describe(m)}")
        i, option = m
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(games):
            raise InvalidPositionError(f"no component {describe(i)} in a compound of {len(games)}")
        if i in seen:
            raise InvalidPositionError(f"component {i} moves twice in one move")
        seen.add(i)
        g = games[i]
        if not g.ruleset.is_option(g.position, option):
            raise InvalidPositionError(f"{describe(option)} is not an option of {g!r}")
        if type(option) is Sum:
            comps[i] = None
            extra.extend(Game(g.ruleset, p) for p in option.parts)
        else:
            comps[i] = Game(g.ruleset, option)
    return [c for c in comps if c is not None] + extra


def _moves_of(move: Any) -> tuple[SumMove, ...]:
    if isinstance(move, SumMove):
        return (move,)
    if isinstance(move, tuple) and move and all(isinstance(m, (SumMove, tuple)) for m in move):
        if len(move) == 2 and isinstance(move[0], int) and not isinstance(move[0], bool):
            return (SumMove(move[0], move[1]),)
        return tuple(SumMove(*m) for m in move)
    raise InvalidPositionError(f"not a compound move: {describe(move)}")


def count(ruleset: Ruleset, position: Hashable, rule: R.Rule, budget: Budget = UNLIMITED) -> int:
    """The remoteness or suspense (``rule``) of ``position``: the ruleset's closed
    form (``remoteness_formula`` / ``suspense_formula``) where it answers, else the
    reducer's search (which raises ``LoopyGameError`` on a cycle).

    >>> import grundy
    >>> nim = grundy.games.get("nim")
    >>> count(nim, 10**4, R.REMOTENESS), count(nim, 0, R.SUSPENSE)   # no n^2 search
    (1, 0)
    """
    if type(position) is not Sum:
        if rule is R.REMOTENESS:
            v = ruleset.remoteness_formula(position)
        else:
            v = ruleset.suspense_formula(position) if rule is R.SUSPENSE else None
        if v is not None:
            return v
    return R.reduce(ruleset, position, rule, budget=budget)


def _step(g: Game, rule: R.Rule, budget: Budget = UNLIMITED) -> Hashable | None:
    """An option of ``g`` whose ``rule`` value is one less than ``g``'s (exists for
    remoteness and suspense of a non-terminal position)."""
    v = count(g.ruleset, g.position, rule, budget)
    for o in _lazy_options(g.ruleset, g.position):
        if count(g.ruleset, R.normal(o), rule, budget) == v - 1:
            return R.normal(o)
    return None


def _lazy_options(ruleset: Ruleset, position: Hashable) -> Iterator[Hashable]:
    """The options of ``position`` one at a time (a heap of 10^18 has too many to
    list, and the step sought usually comes first); a failing move function is
    reported as the reducer reports it, naming the position."""
    try:
        yield from ruleset.moves(position)
    except GrundyError:
        raise
    except Exception:
        R.options(ruleset, position)  # raises MoveFunctionError naming the position
        raise


# ---------------------------------------------------------------- analyses
class BaseAnalysis:
    """The analysis of one compound type (registered for it with
    :func:`grundy.rules.compound.register_analysis`): its rules of play (which
    components move in one turn) and its questions, each decided from the
    components where a theorem allows it. A loopy component where the theory needs
    acyclic ones raises ``LoopyCompoundError`` naming it."""

    #: The compound type analysed.
    compound: ClassVar[type[Compound]] = Compound
    #: Whether the compound has a Grundy value (:meth:`value`).
    has_value: ClassVar[bool] = False

    @property
    def kind(self) -> str:
        """The compound's kind, as messages name it (``"misere"``, ``"every"``, ...)."""
        return self.compound.kind

    # -- rules of play
    def check_move(self, games: Sequence[Game], moves: tuple[SumMove, ...]) -> None:
        """Raise ``InvalidPositionError`` unless ``moves`` move components as the
        compound's rules allow (the options themselves are checked by ``play``)."""

    def options(self, games: Sequence[Game]) -> list[Move]:
        """Every move of the compound of ``games``."""
        raise NotImplementedError

    def play(self, games: Sequence[Game], move: Any) -> list[Game]:
        """The components after ``move`` (a ``SumMove`` or a tuple of them)."""
        moves = _moves_of(move)
        self.check_move(games, moves)
        return _after(games, moves)

    # -- questions
    def outcome(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Outcome:
        """``Outcome.N`` if the player to move wins, else ``Outcome.P``."""
        raise NotImplementedError

    def winning_move(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Move | None:
        """A winning move, or ``None`` from a P-position."""
        raise NotImplementedError

    def value(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> int:
        """The Grundy value of the whole compound, where ``has_value``."""
        raise InvalidParameterError(f"a {self.compound.__name__} has no Sprague-Grundy value")

    @contextmanager
    def acyclic(self, games: Sequence[Game]) -> Iterator[None]:
        """Turn a cycle met in a component into the error naming that component."""
        try:
            yield
        except LoopyCompoundError:
            raise
        except LoopyGameError as exc:
            from grundy.solve.loopy import loopy_compound_error

            raise loopy_compound_error(self.kind, list(games), exc) from None


def _one_component_moves(games: Sequence[Game]) -> list[SumMove]:
    return [SumMove(i, o) for i, g in enumerate(games) for o in R.options(g.ruleset, g.position)]


def _all_nim(games: Sequence[Game]) -> bool:
    return all(g.ruleset.spec == "nim" for g in games)


def misere_value(games: Sequence[Game], budget: Budget = UNLIMITED) -> int:
    """The misère Grundy value of the sum of ``games`` by exact search."""
    return reduce_sum(games, R.MISERE, budget=budget)


#: Largest heap up to which a misère sum computes its game's quotient by itself
#: (a stored or shipped quotient covering larger heaps is used as well).
QUOTIENT_AUTO_HEAPS = 40


def misere_quotient_for(games: Sequence[Game], budget: Budget = UNLIMITED) -> Any:
    """The misère quotient (:class:`grundy.solve.misere_quotient.MisereQuotient`)
    that answers the misère sum of ``games``, or ``None``: every component a heap
    of one heap ruleset (options heaps or sums of heaps), the quotient kept or
    stored, or computed within ``budget`` up to :data:`QUOTIENT_AUTO_HEAPS`.

    >>> import grundy
    >>> dk = grundy.games.get("octal:0.07")
    >>> misere_quotient_for([dk[20], dk[13], dk[7]])
    <MisereQuotient of octal:0.07, heaps 0...: order ..., wild>
    """
    from grundy.solve import misere_quotient as MQ

    if not games or _all_nim(games):
        return None
    rs = games[0].ruleset
    heaps: list[Any] = [g.position for g in games]
    if any(g.ruleset is not rs for g in games) or not all(
            type(h) is int and h >= 0 for h in heaps):
        return None
    top: int = max(heaps)
    spec = getattr(rs, "spec", None)
    try:
        if top > QUOTIENT_AUTO_HEAPS:
            q = MQ.load_stored(spec, top, exact=False) if spec is not None else None
            if q is None:
                return None
        else:
            q = MQ.quotient_of(rs, max(top, 1), budget=budget, exact=False)
    except GrundyError:
        return None  # not a heap game, or past the budget: the exact search decides
    if q.stopped is not None or not q.covers(heaps):
        return None
    return q


def misere_outcome(games: Sequence[Game], budget: Budget = UNLIMITED) -> Outcome:
    """Outcome of the misère sum of ``games``: the misère Nim rule when every
    component is a Nim heap, the game's misère quotient when there is one (see
    :func:`misere_quotient_for`), else the exact search."""
    q = misere_quotient_for(games, budget)
    if q is not None:
        return q.outcome([g.position for g in games])  # type: ignore[no-any-return]
    if _all_nim(games):
        heaps = [int(g.position) for g in games]  # type: ignore[call-overload]
        x = 0
        for h in heaps:
            x ^= h
        if all(h <= 1 for h in heaps):
            return Outcome.P if x else Outcome.N
        return Outcome.N if x else Outcome.P
    return Outcome.from_value(misere_value(games, budget))


class MisereAnalysis(BaseAnalysis):
    """Misère sum: one component moves; whoever cannot move wins."""

    compound = MisereSum
    has_value = True

    def check_move(self, games: Sequence[Game], moves: tuple[SumMove, ...]) -> None:
        if len(moves) != 1:
            raise InvalidPositionError(
                f"a move of a misere sum moves exactly one component; got {describe(moves)}")

    def options(self, games: Sequence[Game]) -> list[Move]:
        return list(_one_component_moves(games))

    def outcome(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Outcome:
        with self.acyclic(games):
            return misere_outcome(list(games), budget)

    def value(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> int:
        with self.acyclic(games):
            return misere_value(list(games), budget)

    def winning_move(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Move | None:
        games = list(games)
        q = misere_quotient_for(games, budget)
        if q is not None:  # one pass over the heaps and their options
            found = q.winning_move([g.position for g in games])
            if found is None:
                return None
            i, word = found
            g = games[i]
            for o in R.options(g.ruleset, g.position):
                parts = o.parts if isinstance(o, Sum) else (o,)
                if sorted(h for h in parts if h) == sorted(word):  # type: ignore[type-var]
                    return SumMove(i, R.normal(o))
        with self.acyclic(games):
            if misere_outcome(games, budget) is Outcome.P:
                return None
            moves = _one_component_moves(games)
            if not moves:
                return None  # no move at all: the player to move has already won
            for m in moves:
                if misere_outcome(_after(games, [m]), budget) is Outcome.P:
                    return SumMove(m[0], R.normal(m[1]))
        raise AssertionError("an N-position has a move to a P-position")


class _CountAnalysis(BaseAnalysis):
    """Every-SG and conjunctive compounds: several components move at once, and
    the outcome is the parity of one count (suspense, remoteness) of the
    components; the winning move takes each moving component one step down."""

    rule: ClassVar[R.Rule]

    def movers(self, games: Sequence[Game]) -> list[int]:
        """The components that move in one turn."""
        raise NotImplementedError

    def key(self, counts: list[int]) -> int:
        """The count of the compound, from its components' counts."""
        raise NotImplementedError

    def options(self, games: Sequence[Game]) -> list[Move]:
        per = [[SumMove(i, R.normal(o)) for o in R.options(games[i].ruleset, games[i].position)]
               for i in self.movers(games)]
        return [tuple(c) for c in product(*per)] if per else []

    def outcome(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Outcome:
        with self.acyclic(games):
            key = self.key([count(g.ruleset, g.position, self.rule, budget) for g in games])
        return Outcome.N if key % 2 else Outcome.P

    def winning_move(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Move | None:
        games = list(games)
        if self.outcome(games, budget=budget) is Outcome.P:
            return None
        with self.acyclic(games):
            return tuple(SumMove(i, _step(games[i], self.rule, budget)) for i in self.movers(games))


class EveryAnalysis(_CountAnalysis):
    """Every-SG: every unfinished component moves; N iff the largest suspense is odd."""

    compound = EverySum
    rule = R.SUSPENSE

    def movers(self, games: Sequence[Game]) -> list[int]:
        return [i for i, g in enumerate(games) if not _finished(g)]

    def key(self, counts: list[int]) -> int:
        return max(counts, default=0)

    def check_move(self, games: Sequence[Game], moves: tuple[SumMove, ...]) -> None:
        need = set(self.movers(games))
        idx = {m[0] for m in moves}
        if idx != need:
            raise InvalidPositionError(
                f"in an Every-SG compound every unfinished component moves: {sorted(need)}; got {sorted(idx)}"
            )


class ConjunctiveAnalysis(_CountAnalysis):
    """Conjunctive: every component moves, and the game ends with the first
    finished one; N iff the smallest remoteness is odd."""

    compound = ConjunctiveSum
    rule = R.REMOTENESS

    def movers(self, games: Sequence[Game]) -> list[int]:
        return list(range(len(games)))

    def key(self, counts: list[int]) -> int:
        return min(counts, default=0)

    def options(self, games: Sequence[Game]) -> list[Move]:
        if any(_finished(g) for g in games):
            return []
        return super().options(games)

    def check_move(self, games: Sequence[Game], moves: tuple[SumMove, ...]) -> None:
        if {m[0] for m in moves} != set(range(len(games))):
            raise InvalidPositionError("in a conjunctive compound every component moves")


class SelectiveAnalysis(BaseAnalysis):
    """Selective: any non-empty set of components moves; N iff some component is
    N (a drawn component has no such theorem)."""

    compound = SelectiveSum

    def check_move(self, games: Sequence[Game], moves: tuple[SumMove, ...]) -> None:
        if not moves:
            raise InvalidPositionError("a selective move moves at least one component")

    def options(self, games: Sequence[Game]) -> list[Move]:
        per = [[SumMove(i, R.normal(o)) for o in R.options(g.ruleset, g.position)]
               for i, g in enumerate(games)]
        out: list[Move] = []
        for choice in product(*[[None, *p] for p in per]):
            chosen = tuple(m for m in choice if m is not None)
            if chosen:
                out.append(chosen)
        return out

    def _outcomes(self, games: Sequence[Game], budget: Budget) -> list[Outcome]:
        # the theorem holds for loopy components that are not drawn (the winner's
        # strategy ends every component it plays in); not with a draw
        outs: list[Outcome] = []
        for i, g in enumerate(games):
            with self.acyclic(games):
                o = g.ruleset.outcome(g.position, budget=budget)
            if o is Outcome.D:
                from grundy.solve.loopy import loopy_compound_error

                raise loopy_compound_error(self.kind, list(games), index=i)
            outs.append(o)
        return outs

    def outcome(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Outcome:
        outs = self._outcomes(games, budget)
        return Outcome.N if Outcome.N in outs else Outcome.P

    def winning_move(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> Move | None:
        outs = self._outcomes(games, budget)
        with self.acyclic(games):
            moves = tuple(SumMove(i, g.ruleset.winning_move(g.position))
                          for i, (g, o) in enumerate(zip(games, outs)) if o is Outcome.N)
        return moves or None


class DisjunctiveAnalysis:
    """Whole-game questions of a disjunctive sum (``GameSum``) that its values do
    not answer: remoteness and suspense, searched over the product of the parts."""

    def remoteness(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> int:
        return reduce_sum(list(games), R.REMOTENESS, budget=budget)

    def suspense(self, games: Sequence[Game], *, budget: Budget = UNLIMITED) -> int:
        return reduce_sum(list(games), R.SUSPENSE, budget=budget)


MISERE, EVERY, CONJUNCTIVE, SELECTIVE = (
    MisereAnalysis(), EveryAnalysis(), ConjunctiveAnalysis(), SelectiveAnalysis())
DISJUNCTIVE = DisjunctiveAnalysis()
for _a in (MISERE, EVERY, CONJUNCTIVE, SELECTIVE):
    register_analysis(_a.compound, _a)

#: The analyses by kind name, for the engine's ``compound(kind, games, question)``.
_BY_KIND: dict[str, object] = {a.kind: a for a in (MISERE, EVERY, CONJUNCTIVE, SELECTIVE)}
_BY_KIND["disjunctive"] = DISJUNCTIVE
_QUESTIONS = frozenset({"outcome", "value", "winning_move", "options", "play",
                        "remoteness", "suspense"})


def answer(kind: str, games: Sequence[Game], question: str, *args: Any) -> Any:
    """The engine's entry (``Engine.compound``): ``question`` ("outcome",
    "winning_move", "remoteness", ...) about the compound ``kind`` of ``games``,
    answered by the analysis registered for that kind. Compound types call their
    analysis directly (:func:`grundy.rules.compound.analysis_of`)."""
    analysis = _BY_KIND.get(kind)
    method = getattr(analysis, question, None) if question in _QUESTIONS else None
    if method is None:
        raise InvalidParameterError(f"unknown compound question {kind!r}/{question!r}")
    return method(list(games), *args)


def _finished(g: Game) -> bool:
    for _ in g.ruleset.moves(g.position):
        return False
    return True


def every_outcome(games: Sequence[Game]) -> Outcome:
    """Outcome of the Every-SG compound of ``games``: N iff the largest suspense is odd.

    >>> import grundy
    >>> sub = grundy.games.get("subtraction:1,2")
    >>> every_outcome([sub[4], sub[5]]), every_outcome([sub[3], sub[6]])
    (Outcome.N, Outcome.P)
    """
    games = list(games) if not isinstance(games, (list, tuple)) else games
    for g in games:
        if not isinstance(g, Game):
            raise InvalidParameterError(f"every_outcome takes games (ruleset[position]); got {describe(g)}")
    return EVERY.outcome(games)


def sj_outcome(values: Sequence[int]) -> Outcome:
    """Outcome of an Anti-SG game by the SJ theorem (Jia Zhihao).

    In an Anti-SG game (a sum whose last mover loses) where the game is declared
    over as soon as every component has Grundy value 0, the player to move wins iff
    either the nim-sum is non-zero and some component has value > 1, or the
    nim-sum is zero and no component has value > 1. ``values`` are the
    components' (normal-play) Grundy values. Anti-Nim is the special case of Nim
    heaps.

    >>> sj_outcome([1, 1]), sj_outcome([1, 1, 1]), sj_outcome([2, 3]), sj_outcome([2, 2])
    (Outcome.N, Outcome.P, Outcome.N, Outcome.P)
    """
    total = 0
    big = False
    try:
        items = list(values)
    except TypeError:
        raise InvalidParameterError(f"sj_outcome takes Grundy values; got {describe(values)}") from None
    for i, v in enumerate(items):
        if getattr(v, "escapes", None) is not None:  # a loopy value inf(K)
            raise LoopyCompoundError(
                f"the SJ theorem (Anti-SG) is not defined here for loopy games: component "
                f"{i} has the infinite generalised value {v!r}", None, i, v)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise InvalidParameterError(
                f"sj_outcome takes non-negative integer Grundy values; got {describe(v)}"
            )
        total ^= v
        big = big or v > 1
    return Outcome.N if (total != 0) == big else Outcome.P
