"""Two-player zero-sum games with payoffs: minimax with a memo and alpha-beta.

Not every game of the notes is impartial: in "the players want different things"
problems (CF 794E, Luogu P10200, P7137) one player, *Max*, wants the final payoff
as large as possible and the other, *Min*, as small as possible. A
:class:`ZeroSumGame` is defined, like a :class:`~grundy.Ruleset`, by a move
function, plus a payoff function that gives Max's payoff at an end state (and
``None`` elsewhere). It answers the value with either player to move, the best
move and the principal line, by an iterative alpha-beta search (no recursion
limit: a line may be 10^6 moves long) whose memo keeps exact values and bounds,
within a :class:`~grundy.solve.budget.Budget` of positions, seconds and memory.

Players alternate by default; a game whose state says who moves passes
``to_move``. Payoffs are any totally ordered values (ints, Fractions, tuples compared
lexicographically): they are compared, never added, so they stay exact.

Take the last number of a row, from either end, until one number is left; Max
moves first and wants it large (CF 794E):

>>> row = (3, 1, 4, 1, 5, 9)
>>> g = ZeroSumGame(lambda s: [s[1:], s[:-1]] if len(s) > 1 else [],
...                 lambda s: s[0] if len(s) == 1 else None, name="carrot")
>>> g.value(row), g.value(row, first="min")
(4, 1)
>>> g.line(row)
[(3, 1, 4, 1, 5, 9), (1, 4, 1, 5, 9), (1, 4, 1, 5), (4, 1, 5), (4, 1), (4,)]
>>> g.best_move(row)
(1, 4, 1, 5, 9)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Literal

from grundy.solve.budget import Budget, active, as_budget, from_keywords
from grundy.solve.guard import guard
from grundy.solve.reducer import take
from grundy.values.errors import (
    GrundyError,
    InvalidParameterError,
    InvalidPositionError,
    LoopyGameError,
    MoveFunctionError,
    UnhashablePositionError,
    describe,
)
from grundy.values.keywords import old_keywords

__all__ = ["ZeroSumGame", "Player"]

Player = Literal["max", "min"]

class _End:
    """Below (or above) every payoff, whatever its type (numbers, tuples)."""

    __slots__ = ("sign",)

    def __init__(self, sign: int) -> None:
        self.sign = sign

    def __lt__(self, other: object) -> bool:
        return self.sign < 0 and other is not self

    def __gt__(self, other: object) -> bool:
        return self.sign > 0 and other is not self

    def __le__(self, other: object) -> bool:
        return self.sign < 0 or other is self

    def __ge__(self, other: object) -> bool:
        return self.sign > 0 or other is self

    def __repr__(self) -> str:
        return "-inf" if self.sign < 0 else "+inf"


_NEG: Any = _End(-1)
_POS: Any = _End(1)


class _Frame:
    """One state being searched: its window, its options, the best so far."""

    __slots__ = ("key", "state", "maxing", "alpha", "beta", "a0", "b0", "options", "i", "best")

    def __init__(self, key: tuple[Hashable, bool], state: Hashable, maxing: bool,
                 alpha: Any, beta: Any, options: list[Hashable]) -> None:
        self.key, self.state, self.maxing = key, state, maxing
        self.alpha, self.beta, self.a0, self.b0 = alpha, beta, alpha, beta
        self.options, self.i, self.best = options, 0, None


class ZeroSumGame:
    """A two-player zero-sum game: ``moves(state)`` lists the states one move
    leads to, ``payoff(state)`` is Max's payoff at an end state and ``None``
    elsewhere. A state with no moves must have a payoff.

    ``to_move(state)`` (optional) says who moves at a state, ``"max"`` or
    ``"min"``; without it the players alternate, starting with the ``first``
    given to each query. ``order(state)`` (optional) is a cheap estimate of a
    state's value: Max tries the options of highest estimate first, Min the
    lowest, which makes alpha-beta cut more. ``prune=False`` searches every
    option (plain minimax, the reference the pruned search is tested against).

    >>> g = ZeroSumGame(lambda n: [n - 1, n - 2] if n > 1 else [], lambda n: n if n <= 1 else None)
    >>> g.value(7), g.value(7, first="min")
    (1, 1)
    >>> g.value(-1, budget=Budget(positions=0))
    -1
    """

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        payoff: Callable[[Any], Any],
        *,
        to_move: Callable[[Any], Player] | None = None,
        order: Callable[[Any], Any] | None = None,
        prune: bool = True,
        name: str = "zero-sum game",
    ) -> None:
        if not callable(moves) or not callable(payoff):
            raise InvalidParameterError(
                f"{name}: moves and payoff must be functions; got {describe(moves)}, {describe(payoff)}"
            )
        self.moves, self.payoff, self.to_move, self.order = moves, payoff, to_move, order
        self.prune, self.name = prune, name
        # memo of (state, Max to move): exact values, and lower / upper bounds
        self._exact: dict[tuple[Hashable, bool], Any] = {}
        self._lower: dict[tuple[Hashable, bool], Any] = {}
        self._upper: dict[tuple[Hashable, bool], Any] = {}

    # ------------------------------------------------------------------ queries
    @old_keywords(("limit", "seconds"), from_keywords)
    def value(self, state: Any, *, first: Player = "max", budget: Budget | None = None) -> Any:
        """The value of ``state`` (Max's payoff under best play) with ``first``
        to move (ignored when the game has ``to_move``), searched within ``budget``."""
        b = as_budget(budget)
        return self._solve(state, self._maxing(state, first), b)

    def best_move(self, state: Any, *, first: Player = "max", budget: Budget | None = None) -> Any:
        """An option that keeps the value (``None`` at an end state)."""
        line = self.line(state, first=first, budget=budget, length=1)
        return line[1] if len(line) > 1 else None

    def line(self, state: Any, *, first: Player = "max", budget: Budget | None = None,
             length: int | None = None) -> list[Any]:
        """The principal line from ``state``: each state followed by an option of
        the same value, to an end state (or ``length`` moves)."""
        b = as_budget(budget)
        maxing = self._maxing(state, first)
        v = self._solve(state, maxing, b)
        out = [state]
        while length is None or len(out) <= length:
            if self._payoff(state) is not None:
                break
            for o in self._options(state, maxing):
                om = self._next(o, maxing)
                if self._solve(o, om, b) == v:
                    state, maxing = o, om
                    break
            else:  # pragma: no cover - an exact value is always met by an option
                raise AssertionError("no option keeps the value")
            out.append(state)
        return out

    def clear(self) -> None:
        """Forget the memo."""
        self._exact.clear()
        self._lower.clear()
        self._upper.clear()

    # ------------------------------------------------------------------ search
    def _maxing(self, state: Any, first: Player) -> bool:
        if self.to_move is not None:
            return self._who(state)
        if first not in ("max", "min"):
            raise InvalidParameterError(f"{self.name}: first must be 'max' or 'min'; got {describe(first)}")
        return first == "max"

    def _who(self, state: Any) -> bool:
        assert self.to_move is not None
        try:
            who = self.to_move(state)
        except GrundyError:
            raise
        except Exception as exc:
            raise MoveFunctionError(f"{self.name}: to_move({describe(state)}) failed: {exc!r}") from exc
        if not isinstance(who, str) or who not in ("max", "min"):
            raise MoveFunctionError(
                f"{self.name}: to_move({describe(state)}) returned {describe(who)}, not 'max' or 'min'"
            )
        return who == "max"

    def _next(self, option: Any, maxing: bool) -> bool:
        return self._who(option) if self.to_move is not None else not maxing

    def _payoff(self, state: Any) -> Any:
        try:
            p = self.payoff(state)
        except GrundyError:
            raise
        except Exception as exc:
            raise MoveFunctionError(f"{self.name}: payoff({describe(state)}) failed: {exc!r}") from exc
        try:
            nan = p is not None and bool(p != p)
        except Exception:  # an exotic payoff: its comparisons are checked where they happen
            nan = False
        if nan:
            raise MoveFunctionError(
                f"{self.name}: payoff({describe(state)}) returned {describe(p)}, which is not "
                "ordered (NaN): payoffs must be totally ordered values")
        return p

    def _options(self, state: Any, maxing: bool, meter: Any = None) -> list[Any]:
        """The options of ``state``, read in chunks under ``meter`` (default: the
        budget in force): an endless iterator stops at the clock or the memory."""
        if meter is None:
            meter = active()
        try:
            opts = self.moves(state)
            if type(opts) is not list:
                opts = take(opts, sys.maxsize, meter, f"{self.name}: the moves of {describe(state)}",
                            state)
        except GrundyError:
            raise
        except Exception as exc:
            raise MoveFunctionError(f"{self.name}: moves({describe(state)}) failed: {exc!r}") from exc
        if not opts:
            raise InvalidPositionError(
                f"{self.name}: state {describe(state)} has no moves and no payoff (payoff "
                "must give a number at every end state)"
            )
        if self.order is not None:
            try:
                opts.sort(key=self.order, reverse=maxing)
            except GrundyError:
                raise
            except Exception as exc:
                raise MoveFunctionError(
                    f"{self.name}: order failed on the options of {describe(state)} (its estimates "
                    f"must be comparable): {exc!r}") from exc
        return opts

    def _probe(self, key: tuple[Hashable, bool], alpha: Any, beta: Any) -> tuple[bool, Any]:
        """``(True, v)`` when the memo settles the state within the window."""
        exact = self._exact
        if key in exact:
            return True, exact[key]
        lo = self._lower.get(key)
        if lo is not None and lo >= beta:
            return True, lo
        hi = self._upper.get(key)
        if hi is not None and hi <= alpha:
            return True, hi
        return False, None

    def _solve(self, root: Any, maxing: bool, budget: Budget) -> Any:
        """The exact value of ``root`` (iterative fail-soft alpha-beta)."""
        p = self._payoff(root)
        if p is not None:
            return p
        try:
            key = (root, maxing)
            if key in self._exact:
                return self._exact[key]
        except TypeError:
            raise UnhashablePositionError(
                f"{self.name}: state {describe(root)} is not hashable; use tuples or frozensets"
            ) from None
        meter = budget.start()
        what = f"{self.name}: the value of {describe(root)}"
        prune = self.prune
        stack: list[_Frame] = []
        path: set[tuple[Hashable, bool]] = set()

        def push(state: Any, m: bool, k: tuple[Hashable, bool], alpha: Any, beta: Any) -> None:
            meter.tick(what)
            if k in path:
                raise LoopyGameError(
                    f"{self.name}: state {describe(state)} can be reached from itself; "
                    "minimax needs a game without cycles"
                )
            path.add(k)
            stack.append(_Frame(k, state, m, alpha, beta, self._options(state, m, meter)))

        try:
            with guard(meter, what):  # a move function that never returns
                push(root, maxing, key, _NEG, _POS)
                ret: tuple[bool, Any] = (False, None)
                while stack:
                    f = stack[-1]
                    if ret[0]:
                        v = ret[1]
                        ret = (False, None)
                        if f.maxing:
                            if f.best is None or v > f.best:
                                f.best = v
                                if prune and v > f.alpha:
                                    f.alpha = v
                        elif f.best is None or v < f.best:
                            f.best = v
                            if prune and v < f.beta:
                                f.beta = v
                        if prune and f.alpha >= f.beta:
                            f.i = len(f.options)  # a cut: the rest cannot change the value
                    if f.i < len(f.options):
                        o = f.options[f.i]
                        f.i += 1
                        meter.tock(what)  # the payoff and to_move are the user's code too
                        po = self._payoff(o)
                        if po is not None:
                            ret = (True, po)
                            continue
                        om = self._next(o, f.maxing)
                        try:
                            ok = (o, om)
                            ret = self._probe(ok, f.alpha, f.beta) if prune else (
                                (True, self._exact[ok]) if ok in self._exact else (False, None))
                        except TypeError:
                            raise UnhashablePositionError(
                                f"{self.name}: state {describe(o)} is not hashable; use tuples or frozensets"
                            ) from None
                        if not ret[0]:
                            push(o, om, ok, f.alpha if prune else _NEG, f.beta if prune else _POS)
                        continue
                    stack.pop()
                    path.discard(f.key)
                    best = f.best
                    if best <= f.a0:
                        self._upper[f.key] = best  # every option was at most alpha: an upper bound
                    elif best >= f.b0:
                        self._lower[f.key] = best
                    else:
                        self._exact[f.key] = best
                        self._lower.pop(f.key, None)
                        self._upper.pop(f.key, None)
                    if f.key in self._lower and self._upper.get(f.key) == self._lower[f.key]:
                        self._exact[f.key] = best
                    ret = (True, best)
                return self._exact[key]
        except TypeError as exc:  # every user's function is wrapped: two payoffs
            raise MoveFunctionError(
                f"{self.name}: payoffs that cannot be compared met in the search of "
                f"{describe(root)} ({exc}); payoffs must be totally ordered values of one kind"
            ) from None
