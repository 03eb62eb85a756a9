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

>>> import grundy
>>> sub = grundy.games.get("subtraction:1,2")
>>> grundy.ConjunctiveSum(sub[1], sub[5]).outcome     # remotenesses 1 and 3
Outcome.N
>>> grundy.SelectiveSum(sub[3], sub[6]).outcome, grundy.SelectiveSum(sub[3], sub[4]).winning_move()
(Outcome.P, (SumMove(1, 3),))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from itertools import product
from typing import Any

from grundy.rules.game import Game, SumMove
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.solve import reducer as R
from grundy.solve.budget import UNLIMITED, Budget
from grundy.values.errors import (
    GrundyError, InvalidParameterError, InvalidPositionError, LoopyCompoundError, LoopyGameError, describe,
)
from grundy.values.outcome import Outcome

__all__ = ["GamesRuleset", "GAMES", "reduce_sum", "answer", "every_outcome", "sj_outcome"]


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


def _finished(g: Game) -> bool:
    for _ in g.ruleset.moves(g.position):
        return False
    return True


def count(ruleset: Ruleset, position: Hashable, rule: R.Rule) -> int:
    """The remoteness or suspense (``rule``) of ``position``: the ruleset's closed
    form (``remoteness_formula`` / ``suspense_formula``) where it answers, else the
    reducer's search (which raises ``LoopyGameError`` on a cycle).

    >>> import grundy
    >>> nim = grundy.games.get("nim")
    >>> count(nim, 10**4, R.REMOTENESS), count(nim, 0, R.SUSPENSE)   # no n^2 search
    (1, 0)
    """
    if type(position) is not Sum:
        if rule is R.REMOTENESS and ruleset.has_remoteness_formula:
            v = ruleset.remoteness_formula(position)
        elif rule is R.SUSPENSE and ruleset.has_suspense_formula:
            v = ruleset.suspense_formula(position)
        else:
            v = None
        if v is not None:
            return v
    return R.reduce(ruleset, position, rule)


def _step(g: Game, rule: R.Rule) -> Hashable | None:
    """An option of ``g`` whose ``rule`` value is one less than ``g``'s (exists for
    remoteness and suspense of a non-terminal position)."""
    v = count(g.ruleset, g.position, rule)
    for o in _lazy_options(g.ruleset, g.position):
        if count(g.ruleset, R.normal(o), rule) == v - 1:
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


# --------------------------------------------------------------------- misère
def _all_nim(games: Sequence[Game]) -> bool:
    return all(g.ruleset.spec == "nim" for g in games)


def misere_value(games: Sequence[Game], budget: Budget = UNLIMITED) -> int:
    """The misère Grundy value of the sum of ``games`` by exact search."""
    return reduce_sum(games, R.MISERE, budget=budget)


def misere_outcome(games: Sequence[Game], budget: Budget = UNLIMITED) -> Outcome:
    """Outcome of the misère sum of ``games``."""
    if _all_nim(games):
        heaps = [int(g.position) for g in games]  # type: ignore[call-overload]
        x = 0
        for h in heaps:
            x ^= h
        if all(h <= 1 for h in heaps):
            return Outcome.P if x else Outcome.N
        return Outcome.N if x else Outcome.P
    return Outcome.from_value(misere_value(games, budget))


def _one_component_moves(games: Sequence[Game]) -> list[SumMove]:
    return [SumMove(i, o) for i, g in enumerate(games) for o in R.options(g.ruleset, g.position)]


def _misere_winning(games: Sequence[Game]) -> SumMove | None:
    if misere_outcome(games) is Outcome.P:
        return None
    moves = _one_component_moves(games)
    if not moves:
        return None  # no move at all: the player to move has already won
    for m in moves:
        if misere_outcome(_after(games, [m])) is Outcome.P:
            return SumMove(m[0], R.normal(m[1]))
    raise AssertionError("an N-position has a move to a P-position")


# ------------------------------------------------------------------- answers
def answer(kind: str, games: Sequence[Game], question: str, *args: Any) -> Any:
    """Answer ``question`` ("outcome", "value", "winning_move", "options", "play",
    "remoteness", "suspense") about the compound ``kind`` of ``games``. A loopy
    component where the theory needs acyclic ones: ``LoopyCompoundError`` naming it."""
    try:
        return _answer(kind, games, question, *args)
    except LoopyGameError as exc:
        if kind == "disjunctive" or isinstance(exc, LoopyCompoundError):
            raise
        from grundy.solve.loopy import loopy_compound_error

        raise loopy_compound_error(kind, list(games), exc) from None


def _answer(kind: str, games: Sequence[Game], question: str, *args: Any) -> Any:
    games = list(games)
    if question == "play":
        return _after(games, _check_move(kind, games, _moves_of(args[0])))
    if kind == "disjunctive":
        rule = {"remoteness": R.REMOTENESS, "suspense": R.SUSPENSE}.get(question)
        if rule is None:
            raise InvalidParameterError(f"unknown question {question!r} for a sum")
        return reduce_sum(games, rule)
    if kind == "misere":
        if question == "outcome":
            return misere_outcome(games)
        if question == "value":
            return misere_value(games)
        if question == "winning_move":
            return _misere_winning(games)
        if question == "options":
            return _one_component_moves(games)
    elif kind in ("every", "conjunctive"):
        rule = R.SUSPENSE if kind == "every" else R.REMOTENESS
        active = [i for i, g in enumerate(games) if not (kind == "every" and _finished(g))]
        if question == "outcome":
            vals = [count(g.ruleset, g.position, rule) for g in games]
            if kind == "every":
                key = max(vals, default=0)
            else:
                key = min(vals, default=0)
            return Outcome.N if key % 2 else Outcome.P
        if question == "winning_move":
            if answer(kind, games, "outcome") is Outcome.P:
                return None
            return tuple(SumMove(i, _step(games[i], rule)) for i in active)
        if question == "options":
            if kind == "conjunctive" and any(_finished(g) for g in games):
                return []
            per = [[SumMove(i, R.normal(o)) for o in R.options(games[i].ruleset, games[i].position)]
                   for i in active]
            return [tuple(c) for c in product(*per)] if per else []
    elif kind == "selective":
        if question in ("outcome", "winning_move"):
            # the theorem holds for loopy components that are not drawn (the
            # winner's strategy ends every component it plays in); not with a draw
            for i, g in enumerate(games):
                if _outcome(g) is Outcome.D:
                    from grundy.solve.loopy import loopy_compound_error

                    raise loopy_compound_error("selective", games, index=i)
        if question == "outcome":
            return Outcome.N if any(_outcome(g) is Outcome.N for g in games) else Outcome.P
        if question == "winning_move":
            moves = tuple(SumMove(i, g.ruleset.winning_move(g.position))
                          for i, g in enumerate(games) if _outcome(g) is Outcome.N)
            return moves or None
        if question == "options":
            per = [[SumMove(i, R.normal(o)) for o in R.options(g.ruleset, g.position)]
                   for i, g in enumerate(games)]
            out: list[tuple[SumMove, ...]] = []
            for choice in product(*[[None, *p] for p in per]):
                chosen = tuple(m for m in choice if m is not None)
                if chosen:
                    out.append(chosen)
            return out
    raise InvalidParameterError(f"unknown compound question {kind!r}/{question!r}")


def _outcome(g: Game) -> Outcome:
    return g.ruleset.outcome(g.position)


def _check_move(kind: str, games: Sequence[Game], moves: tuple[SumMove, ...]) -> tuple[SumMove, ...]:
    idx = {m[0] for m in moves}
    if kind in ("misere", "disjunctive") and len(moves) != 1:
        raise InvalidPositionError(f"a move of a {kind} sum moves exactly one component; got {describe(moves)}")
    if kind == "every":
        need = {i for i, g in enumerate(games) if not _finished(g)}
        if idx != need:
            raise InvalidPositionError(
                f"in an Every-SG compound every unfinished component moves: {sorted(need)}; got {sorted(idx)}"
            )
    if kind == "conjunctive" and idx != set(range(len(games))):
        raise InvalidPositionError("in a conjunctive compound every component moves")
    if kind == "selective" and not moves:
        raise InvalidPositionError("a selective move moves at least one component")
    return moves


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
    return answer("every", games, "outcome")  # type: ignore[no-any-return]


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
