"""The engine: how a ruleset's and a game's questions are answered.

The questions are declared in :mod:`grundy.rules.questions`; each is answered
here by the function of its name (:func:`ask` finds it; a question without one
is refused when this module is imported). A ruleset's hooks first
(``value_formula``, ``outcome_formula``, ``winning_move_formula``, ...: each may
decline a position by returning ``None``), the reducer (:mod:`grundy.solve.reducer`)
where they decline. Every public entry validates its position with the ruleset's
``check`` before anything else. :mod:`grundy.solve` registers this module as the
engine of the rules layer (:mod:`grundy.rules.engine`), so ``lasker[10].value``
works without the rules knowing the solver.

>>> import grundy
>>> ask("winning_moves", grundy.games.get("nim"), grundy.Sum(1, 2), limit=10)
[Sum(1, 1)]
"""

from __future__ import annotations

import weakref
from functools import reduce
from operator import attrgetter, xor
from collections.abc import Callable, Hashable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from grundy.rules.game import Game
from grundy.rules.questions import QUESTIONS
from grundy.rules.sums import Sum
from grundy.solve import reducer as R
from grundy.solve.budget import UNLIMITED, Budget, as_budget, from_keywords
from grundy.values.keywords import old_keywords
from grundy.solve.budget import watching as _watching
from grundy.values.errors import InvalidParameterError, LoopyGameError, SearchLimitError, describe
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = [
    "ask", "value", "outcome", "options", "is_option", "option_with_value",
    "options_with_value", "winning_moves", "winning_move", "remoteness", "suspense",
    "table", "solver", "forget", "game_values", "values_of", "compound", "budget_of",
    "watching",
]

Progress = Callable[[int], None]

#: Longest table :func:`table` builds (a Python list of ints: ~0.5 GB at most).
MAX_TABLE = 1 << 24


def _limit(limit: object, what: str = "limit") -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise InvalidParameterError(
            f"{what} must be a non-negative integer or None; got {describe(limit)}"
        )
    return limit


def budget_of(given: dict[str, Any]) -> Budget:
    """The budget the older keywords ``given`` asked for (``limit``, ``seconds``, ...)."""
    return from_keywords(given)


def watching(budget: Any) -> AbstractContextManager[None]:
    """Every search and closed form within ``budget`` (a :class:`Budget` or
    ``None``) while the context runs (:func:`grundy.solve.budget.watching`)."""
    return _watching(as_budget(budget))


def ask(question: str, ruleset: Ruleset, position: Any, *args: Any, **kwargs: Any) -> Any:
    """The answer to ``question`` (:data:`grundy.rules.questions.QUESTIONS`) about
    ``position``: the function of this module of that name."""
    return _ANSWERS[question](ruleset, position, *args, **kwargs)


def value(ruleset: Ruleset, position: Any, *, budget: Any = None,
          progress: Progress | None = None) -> int:
    """The Sprague-Grundy value: closed form, else the reducer within the budget."""
    b = as_budget(budget)
    ruleset.check(position)
    return _value(ruleset, position, b, progress)


def _value(ruleset: Ruleset, position: Any, budget: Budget, progress: Progress | None) -> int:
    if type(position) is Sum:
        with _watching(budget):  # a closed form may be a long computation (and lazy)
            values = ruleset.value_formula_many(position.parts)
            if values is not None:
                return reduce(xor, values, 0)
        v = 0
        for part in position.parts:
            v ^= _value(ruleset, part, budget, progress)
        return v
    with _watching(budget):
        known = ruleset.value_formula(position)
    if known is not None:
        return known
    compiled = ruleset.bitboard(position)
    if compiled is not None:  # the compiled tier (grundy.solve.compiled)
        from grundy.solve.compiled import compiled_value

        return compiled_value(*compiled, budget=budget)
    search = R.PRUNED if ruleset.pruned_search else R.PLAIN
    try:
        return R.reduce(ruleset, position, R.GRUNDY, budget=budget, progress=progress,
                        search=search)
    except LoopyGameError:
        # The one place a cycle is met: hand over to retrograde analysis of the
        # positions reachable from here (within the same budget). A loopy position
        # gets its generalised Sprague-Grundy value (an int or inf(K)).
        result: int = _loopy(ruleset, position, budget).value(position)
        return result


_LOOPY: weakref.WeakKeyDictionary[Any, list[Any]] = weakref.WeakKeyDictionary()


def _loopy(ruleset: Ruleset, position: Any, budget: Budget) -> Any:
    """The loopy analysis of the positions reachable from ``position`` (kept per
    ruleset, so the positions of one exploration are answered at once)."""
    from grundy.solve.loopy import analyze_loopy

    known = _LOOPY.setdefault(ruleset, [])
    for a in known:
        if position in a:
            return a
    a = analyze_loopy(ruleset, position, budget=budget)
    known.append(a)
    return a


def outcome(ruleset: Ruleset, position: Any, *, budget: Any = None,
            progress: Progress | None = None) -> Outcome:
    """``Outcome.P`` if the player to move loses, ``Outcome.N`` if they win."""
    b = as_budget(budget)
    ruleset.check(position)
    return _outcome(ruleset, position, b, progress)


def _outcome(ruleset: Ruleset, position: Any, budget: Budget, progress: Progress | None) -> Outcome:
    if type(position) is not Sum:
        with _watching(budget):  # a closed form may be a long computation
            known = ruleset.outcome_formula(position)
        if known is not None:
            return known
        compiled = ruleset.bitboard(position)
        if compiled is not None:  # the compiled tier (grundy.solve.compiled)
            from grundy.solve.compiled import compiled_outcome

            return compiled_outcome(*compiled, budget=budget)
        if ruleset.pruned_search:  # an N-position needs one P option, not every value
            return R.outcome(ruleset, position, search=R.PRUNED, budget=budget)
    try:
        v = _value(ruleset, position, budget, progress)
    except LoopyGameError:
        if type(position) is Sum:
            raise
        # rules that fix wins or draws (Ruleset.result) leave a loopy game without
        # generalised values, not without outcomes
        return _loopy(ruleset, position, budget).outcome(position)  # type: ignore[no-any-return]
    if type(v) is not int:  # a loopy position: win, lose or draw from the analysis
        if type(position) is Sum:  # a sum of loopy parts: by their generalised values
            return Outcome.from_value(v)
        return _loopy(ruleset, position, budget).outcome(position)  # type: ignore[no-any-return]
    return Outcome.from_value(v)


def options(ruleset: Ruleset, position: Any, *, limit: int | None = None) -> list[Hashable]:
    """The options of a position (for a ``Sum``: moves in one part)."""
    ruleset.check(position)
    lim = _limit(limit)
    if type(position) is not Sum:
        return [R.normal(o) for o in R.options(ruleset, position, lim)]
    parts = position.parts
    result: list[Hashable] = []
    done: set[Hashable] = set()
    for i, c in enumerate(parts):
        if c in done:
            continue
        done.add(c)
        rest = parts[:i] + parts[i + 1:]
        for o in R.options(ruleset, c, lim):
            result.append(R.normal(Sum(*rest, o)))
    return result


def is_option(ruleset: Ruleset, position: Any, option: Any) -> bool:
    """Whether ``option`` is an option of ``position``: the ruleset's
    ``is_option_formula`` where it answers, else a lazy membership test."""
    if type(position) is Sum:
        return option in options(ruleset, position)
    known = ruleset.is_option_formula(position, option)
    if known is not None:
        return known
    try:
        it = ruleset.moves(position)
        return bool(option in it)
    except TypeError:
        return False


def option_with_value(ruleset: Ruleset, position: Any, target: int) -> Hashable | None:
    """An option of value ``target``: the ruleset's ``option_with_value_formula``
    (else its ``options_with_value_formula``) where it answers, else a lazy scan
    of the options (it stops at the first)."""
    it: Iterable[Hashable]
    if type(position) is Sum:
        values = _part_values(ruleset, position)
        if values is not None:
            return _sum_option_with_value(ruleset, position, values, target)
        it = options(ruleset, position)  # loopy parts: by the options' values
    else:  # lazily: a position may have 10^100000 options, one of them wanted
        known = ruleset.option_with_value_formula(position, target)
        if known is not None:
            return known
        every = ruleset.options_with_value_formula(position, target)
        if every is not None:  # (where it knows there is none, no scan)
            return every[0] if every else None
        it = R.iter_options(ruleset, position)
    for o in it:
        o = R.normal(o)
        if _value(ruleset, o, UNLIMITED, None) == target:
            return o
    return None


def _part_values(ruleset: Ruleset, position: Sum) -> list[int] | None:
    """The values of the parts of ``position``, or ``None`` if one is loopy."""
    ruleset.check(position)
    values = [_value(ruleset, c, UNLIMITED, None) for c in position.parts]
    return values if all(type(v) is int for v in values) else None


def _sum_option_with_value(ruleset: Ruleset, position: Sum, values: list[int],
                           target: int) -> Hashable | None:
    """An option of the sum ``position`` (its parts of values ``values``) of value
    ``target``, part by part (the Sprague-Grundy theorem): a move in the part of
    value ``v`` must reach ``v ^ x ^ target``, where ``x`` is the sum's value, and
    that part's own rule finds it (a closed form, or a lazy scan of that part's
    options only), never a listing of every option of the sum (a part may be a
    heap of 10^12)."""
    parts = position.parts
    x = 0
    for v in values:
        x ^= v
    done: set[Hashable] = set()
    for i, c in enumerate(parts):
        if c in done:
            continue
        done.add(c)
        o = option_with_value(ruleset, c, values[i] ^ x ^ target)
        if o is not None:
            return R.normal(Sum(*parts[:i], *parts[i + 1:], o))
    return None


def options_with_value(ruleset: Ruleset, position: Any, target: int, *,
                       limit: int | None = None) -> list[Hashable]:
    """Every option of value ``target``: the ruleset's
    ``options_with_value_formula`` where it answers, else by the options' values."""
    lim = _limit(limit)
    if type(position) is not Sum:
        ruleset.check(position)
        known = ruleset.options_with_value_formula(position, target, limit=lim)
        if known is not None:
            return _once(known)
    return _once([o for o in options(ruleset, position, limit=lim)
                  if _value(ruleset, o, UNLIMITED, None) == target])


def winning_moves(ruleset: Ruleset, position: Any, *, limit: int | None = None) -> list[Hashable]:
    """Every option that is a P-position: the ruleset's ``winning_moves_formula``
    where it answers, else by the options' outcomes."""
    lim = _limit(limit)
    if type(position) is not Sum:
        ruleset.check(position)
        known = ruleset.winning_moves_formula(position, limit=lim)
        if known is not None:
            return _once(known)
    return _once([o for o in options(ruleset, position, limit=lim)
                  if _outcome(ruleset, o, UNLIMITED, None) is Outcome.P])


def _once(found: list[Hashable]) -> list[Hashable]:
    """``found`` without repeats, in order: two moves of the rules to the same
    option (equal branches of a tree) are one winning move.

    >>> _once([3, 1, 3, 2, 1])
    [3, 1, 2]
    """
    return list(dict.fromkeys(found))


def winning_move(ruleset: Ruleset, position: Any) -> Hashable | None:
    """One winning option, or ``None``: the ruleset's ``winning_move_formula``
    where it answers, else an option of value 0 (``option_with_value``: a
    constructive move where the ruleset has one), or, when only the outcome has a
    closed form, the first option whose outcome is P."""
    ruleset.check(position)
    if type(position) is Sum:
        for o in options(ruleset, position):
            if _outcome(ruleset, o, UNLIMITED, None) is Outcome.P:
                return o
        return None
    move = ruleset.winning_move_formula(position)
    if move is not None:
        return move
    own = ruleset.outcome_formula(position)
    oc = own if own is not None else _outcome(ruleset, position, UNLIMITED, None)
    if oc is not Outcome.N:
        return None
    if own is None:
        for a in _LOOPY.get(ruleset, []):
            if position in a:
                return a.move(position)  # type: ignore[no-any-return]
    if own is None or ruleset.value_formula(position) is not None:
        return ruleset.option_with_value(position, 0)
    for o in R.iter_options(ruleset, position):
        o = R.normal(o)
        if _outcome(ruleset, o, UNLIMITED, None) is Outcome.P:
            return o
    return None


def _count_formula(ruleset: Ruleset, position: Any, budget: Budget,
                   formula: Callable[[Any], int | None]) -> int | None:
    """``position`` checked, then the answer of the ruleset's hook ``formula``
    (``remoteness_formula`` or ``suspense_formula``) within ``budget``; ``None``
    where it declines, and for a ``Sum`` (searched whole)."""
    ruleset.check(position)
    if type(position) is Sum:
        return None
    with _watching(budget):
        return formula(position)


def remoteness(ruleset: Ruleset, position: Any, *, budget: Any = None,
               progress: Progress | None = None) -> int:
    """Remoteness (the winner hurries, the loser delays): the ruleset's
    ``remoteness_formula`` where it answers, else the whole-game search."""
    b = as_budget(budget)
    r = _count_formula(ruleset, position, b, ruleset.remoteness_formula)
    if r is not None:
        return r
    try:
        return R.reduce(ruleset, position, R.REMOTENESS, budget=b, progress=progress)
    except LoopyGameError:
        if type(position) is Sum:
            raise
        r = _loopy(ruleset, position, b).remoteness(position)
        if r is None:
            raise LoopyGameError(
                f"{ruleset.name}: position {describe(position)} is a draw; it has no remoteness",
                position,
            ) from None
        return int(r)


def suspense(ruleset: Ruleset, position: Any, *, budget: Any = None,
             progress: Progress | None = None) -> int:
    """Suspense (the winner delays, the loser hurries): the ruleset's
    ``suspense_formula`` where it answers, else the whole-game search."""
    b = as_budget(budget)
    s = _count_formula(ruleset, position, b, ruleset.suspense_formula)
    if s is not None:
        return s
    return R.reduce(ruleset, position, R.SUSPENSE, budget=b, progress=progress)


def table(ruleset: Ruleset, n: int, *, progress: Progress | None = None) -> list[int]:
    """Values of positions ``0..n`` of a one-heap family: a compiled table where the
    ruleset has one (``table_array``: it bounds its own size), else one search per
    heap."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidParameterError(
            f"{ruleset.name}: a table runs to a non-negative integer; got {describe(n)}"
        )
    from grundy.solve.tables import ArrayTable

    if isinstance(ruleset, ArrayTable):
        values: list[int] = ruleset.table_array(n, progress=progress).tolist()
        return values
    if n > MAX_TABLE:
        raise SearchLimitError(
            f"{ruleset.name}: a table to {describe(n)} is beyond the memory budget "
            f"(at most {MAX_TABLE:,} positions)"
        )
    check = ruleset.check
    out = []
    for i in range(n + 1):
        check(i)
        out.append(_value(ruleset, i, UNLIMITED, progress))
    return out


def _searched(rule: R.Rule, doc: str) -> Callable[..., int]:
    """The :class:`Solver` method that searches ``rule`` within ``budget`` (the
    older keywords ``limit=`` and ``seconds=`` accepted, with a warning)."""
    def search(self: Solver, position: Hashable, *, budget: Budget | None = None,
               progress: Progress | None = None) -> int:
        b = as_budget(budget)
        self.ruleset.check(position)  # the search validates as every public entry does
        return R.reduce(self.ruleset, position, rule, budget=b, progress=progress)

    search.__name__ = rule.name
    search.__qualname__ = "Solver." + rule.name
    search.__doc__ = f"{doc} within ``budget`` (``None``: no limit but the default memory)."
    return old_keywords(("limit", "seconds"), from_keywords)(search)


class Solver:
    """The memoised brute-force search of one ruleset from its raw rules (closed
    forms never enter it): the reference the closed forms are tested against.

    >>> import grundy
    >>> s = grundy.games.get("lasker").solver
    >>> [s.value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> s.value(grundy.Sum(3, 5))      # 4 ^ 5
    1
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    @property
    def _values(self) -> dict[Hashable, int]:
        return R.memo_of(self.ruleset, R.GRUNDY)

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget every memoised result."""
        R.forget(self.ruleset)

    value = _searched(R.GRUNDY, "The Sprague-Grundy value by search")
    remoteness = _searched(R.REMOTENESS, "Remoteness by search")
    suspense = _searched(R.SUSPENSE, "Suspense by search")

    def options(self, position: Hashable, limit: int | None = None) -> list[Hashable]:
        """The raw options of ``position``."""
        return R.options(self.ruleset, position, limit)

    def node_options(self, node: Hashable, limit: int | None = None) -> list[Hashable]:
        """Options of a node of the whole game (a position or a ``Sum``)."""
        return R.node_options(self.ruleset, node)


def solver(ruleset: Ruleset) -> Solver:
    """The search of ``ruleset`` (its memo is shared with every equal ruleset)."""
    return Solver(ruleset)


def forget(ruleset: Ruleset) -> None:
    """Drop every memo of ``ruleset``, and its tables and periods
    (:func:`grundy.solve.caches.forget`)."""
    from grundy.solve.caches import forget as forget_tables

    R.forget(ruleset)
    forget_tables(ruleset)


_RULESET = attrgetter("ruleset")
_POSITION = attrgetter("position")


def game_values(games: Sequence[Game], *, budget: Any = None) -> list[int]:
    """The value of each game (closed forms called directly: the hot path of sums),
    each search within ``budget``."""
    b = as_budget(budget)
    if len(games) > 16:
        rulesets = list(map(_RULESET, games))
        if rulesets.count(rulesets[0]) == len(rulesets):  # one ruleset (C speed)
            return values_of(rulesets[0], list(map(_POSITION, games)), budget=b)
    out: list[int] = []
    append = out.append
    for g in games:
        rs = g.ruleset
        pos = g.position
        v = rs.value_formula(pos) if type(pos) is not Sum else None
        append(v if v is not None else _value(rs, pos, b, None))
    return out


def values_of(ruleset: Ruleset, positions: Sequence[Any], *,
              budget: Any = None) -> list[int]:
    """The value of each of ``positions`` of one ruleset (a sum of many games): the
    vectorised closed form if there is one; each search within ``budget``."""
    if Sum not in set(map(type, positions)):
        values = ruleset.value_formula_many(positions)
        if values is not None:
            return list(values)
    b = as_budget(budget)
    return [_value(ruleset, p, b, None) for p in positions]


def compound(kind: str, games: Sequence[Game], question: str, *args: Any) -> Any:
    """Answer ``question`` about the compound ``kind`` of ``games``."""
    from grundy.solve import compounds

    return compounds.answer(kind, games, question, *args)


# The function answering each question, by its name (a question declared without
# one is refused here, at import).
_ANSWERS: dict[str, Callable[..., Any]] = {}
for _name in QUESTIONS:
    _answer = globals().get(_name)
    if not callable(_answer):
        raise ImportError(f"grundy.solve.engine answers no question {_name!r}: define {_name}()")
    _ANSWERS[_name] = _answer
