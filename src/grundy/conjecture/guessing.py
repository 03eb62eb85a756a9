""":func:`guess`: tabulate, dispatch by shape, rank the conjectures."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from grundy.conjecture.model import DEFAULT_LIMIT, DEFAULT_TO, Guess, MAX_VALUES, _STATUS_ORDER, evaluate
from grundy.conjecture.one_heap import _SEARCH_SECONDS, _one_dim, _p_rules
from grundy.conjecture.rows import _many
from grundy.conjecture.tabulate import _coin_values, _declared, _heap_values, _heaps_values, _kind, _pair_values, _plain, _probe_shape, _value
from grundy.conjecture.two_dim import _two_dim
from grundy.rules.compound import Compound, Misere
from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset
from grundy.solve import tables
from grundy.solve.budget import Budget, as_budget, from_keywords, watching
from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.values.keywords import old_keywords


# --------------------------------------------------------------------- the search
#: The budget of the tabulation of :func:`guess` when none is given.
GUESS_BUDGET = Budget(seconds=60.0)


def _positive(name: str, x: Any, least: int = 1) -> None:
    if x is not None and (isinstance(x, bool) or not isinstance(x, int) or x < least):
        what = "a positive integer" if least == 1 else f"an integer >= {least}"
        raise InvalidParameterError(f"guess: {name} must be {what}; got {describe(x)}")


@old_keywords(("seconds",), lambda given: from_keywords(given, GUESS_BUDGET))
def guess(
    target: Ruleset | Sequence[int] | Any,
    *,
    to: int | None = None,
    fit: int | None = None,
    heaps: int = 3,
    position: Callable[[int], Hashable] | None = None,
    limit: int = DEFAULT_LIMIT,
    known: Mapping[str, Sequence[int]] | bool = True,
    shape: str | None = None,
    params: Mapping[str, Iterable[int]] | None = None,
    budget: Budget | None = None,
    prove_seconds: float = 3.0,
) -> Guess:
    """Tabulate ``target`` and conjecture its rule (see the module's doc).

    ``target``: a ruleset (one heap: heaps ``0..to``, or ``position(n)`` /
    the ruleset's ``start(n)`` for heap ``n``; a row of coins: the single-coin
    values of coins ``1..to``; pairs: ``(a, b)`` for ``a, b <= to``; rows of
    ``heaps`` heaps: each heap ``0..to``), or a table: a sequence of values of
    heaps 0, 1, ... or a square nested list of values of pairs; with
    ``params`` (``{"k": range(1, 9)}``), a factory: ``target(k=...)`` is the
    ruleset of each parameter value, and the rule is lifted to the family
    (docs/guess.md). A misère ruleset (:class:`grundy.Misere`) is tabulated
    by its outcomes: its rules say which positions are P-positions.
    ``fit``: the prefix the forms are fitted on (default: half the table, per
    coordinate; never all of it); ``limit``: most conjectures returned;
    ``known``: compare with the catalogue's one-heap games (``True``), with
    these named tables, or not (``False``); ``shape``: how to tabulate a
    ruleset (``"heap"``, ``"coins"``, ``"pair"``, ``"heaps"``), by default
    what it declares (``@grundy.ruleset(shape=...)``). ``budget``: the budget
    of the guess (``None``: :data:`GUESS_BUDGET`, 60 s): a tabulation past it
    raises :class:`~grundy.values.errors.SearchLimitError`; the rule searches
    after it stop at its end (each target's synthesis gets at most
    :data:`~grundy.conjecture.SYNTH_SECONDS` of what is left); ``prove_seconds``: the
    time given to a game that searches its own period (octal games) to prove
    it, if it has not done so yet (that search then keeps this answer). A
    table of more than :data:`MAX_VALUES` values (or cells) is refused.
    """
    _positive("limit", limit)
    _positive("to", to)
    _positive("fit", fit, 2)
    if isinstance(heaps, bool) or not isinstance(heaps, int) or not 1 <= heaps <= 6:
        raise InvalidParameterError(f"guess: heaps must be 1..6; got {describe(heaps)}")
    if shape is not None and shape not in DEFAULT_TO:
        raise InvalidParameterError(f"guess: shape must be one of {sorted(DEFAULT_TO)}; got {describe(shape)}")
    if (isinstance(prove_seconds, bool) or not isinstance(prove_seconds, (int, float))
            or math.isnan(prove_seconds) or prove_seconds < 0):
        raise InvalidParameterError(
            f"guess: prove_seconds must be a non-negative number of seconds (inf: no limit); "
            f"got {describe(prove_seconds)}")
    if position is not None and not callable(position):
        raise InvalidParameterError(f"guess: position must be a function of n; got {describe(position)}")
    budget = as_budget(budget, GUESS_BUDGET)
    with _SEARCH_SECONDS.until(budget.seconds):  # the rule searches keep the budget too
        return _guess(target, to, fit, heaps, position, limit, known, shape, budget, prove_seconds, params)


def _guess(target: Any, to: int | None, fit: int | None, heaps: int, position: Callable[[int], Any] | None,
           limit: int, known: Mapping[str, Sequence[int]] | bool, shape: str | None, budget: Budget,
           prove_seconds: float, params: Mapping[str, Iterable[int]] | None) -> Guess:
    if params is not None:
        from grundy.conjecture.family import _guess_family  # family builds on guess

        return _guess_family(target, params, to=to, fit=fit, heaps=heaps, position=position, limit=limit,
                             known=known, shape=shape, budget=budget, prove_seconds=prove_seconds)
    if isinstance(target, (Compound, Game, GameSum)):
        raise InvalidParameterError(
            f"guess: {describe(target)} is a game ({type(target).__name__}), not a family: pass its "
            "ruleset (a table lists the positions of one ruleset)")
    if isinstance(target, type):
        raise InvalidParameterError(
            f"guess: {target.__name__} is a class: pass a ruleset (an instance), or the class with params=")
    if isinstance(target, Ruleset):
        if type(target).value is not Ruleset.value and not isinstance(target, Misere):
            raise InvalidParameterError(
                f"guess: {target.name} ({type(target).__name__}) replaces the analysis of its positions; "
                "a table of it is not defined (pass the ruleset it wraps)")
        try:
            with watching(budget):
                return _guess_ruleset(target, to, fit, heaps, position, limit, known, shape,
                                      prove_seconds)
        except InvalidPositionError as exc:
            raise InvalidParameterError(
                f"guess: {target.name} has no table to guess from (its positions are not heaps, coins, "
                f"pairs or rows of heaps, or pass position=): {exc}") from None
    if callable(target):
        raise InvalidParameterError(
            f"guess: {describe(target)} is a function, not a ruleset: wrap a move function as "
            "grundy.ruleset(f); a factory of rulesets (f(k) returns one) takes params={'k': range(1, 9)}")
    arr = _as_table(target)
    if arr.ndim == 1:
        n = np.arange(len(arr), dtype=np.int64)
        return _one_dim("table", "heap", n, arr, _fit_of(fit, len(arr)), limit, None, known, "n")
    return _two_dim("table", arr, _fit_of(fit, arr.shape[0]), limit)


def _fit_of(fit: int | None, side: int) -> int | None:
    """The prefix fitted on (per coordinate): never the whole table, so every
    conjecture is checked on positions it was not fitted on."""
    if fit is None and side > 8:
        return None  # the default, half the table
    return max(2, min((side + 1) // 2 if fit is None else fit, side - 1))


def _too_big(what: str, cells: int) -> None:
    if cells > MAX_VALUES:
        raise InvalidParameterError(
            f"guess: {what} has {cells:,} values; the form search takes at most {MAX_VALUES:,} "
            "(pass a smaller to=, or a prefix of the table)")


def _as_table(target: Any) -> np.ndarray[Any, Any]:
    try:
        size = len(target)
    except TypeError:
        size = 0
    _too_big("the table", size)
    try:
        arr = np.asarray(target, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise InvalidParameterError(
            f"guess: expected a ruleset or a table of integers; got {describe(target)}") from None
    _too_big("the table", arr.size)
    if arr.ndim == 1 and len(arr) >= 4:
        return arr
    if arr.ndim == 2 and arr.shape[0] == arr.shape[1] and arr.shape[0] >= 4:
        return arr
    raise InvalidParameterError(
        f"guess: a table is a list of at least 4 values or a square of at least 4 x 4; got {describe(target)}")


def _guess_ruleset(rs: Ruleset, to: int | None, fit: int | None, heaps: int,
                   position: Callable[[int], Hashable] | None, limit: int,
                   known: Mapping[str, Sequence[int]] | bool, shape: str | None,
                   prove_seconds: float) -> Guess:
    plain = _plain(rs)
    kind = shape if shape is not None else "heap" if position is not None else _kind(plain)
    size = to if to is not None else DEFAULT_TO[kind]
    _too_big(f"the table of {rs.name}",
             (size + 1) ** 2 if kind == "pair" else (size + 1) ** heaps if kind == "heaps" else size + 1)
    misere = isinstance(rs, Misere)
    if kind == "coins":
        if misere:
            raise InvalidParameterError(
                f"guess: {rs.name}: a misère row of coins is not the sum of its single coins; no table")
        vals = np.array(_coin_values(rs, size), dtype=np.int64)
        n = np.arange(1, size + 1, dtype=np.int64)
        return _one_dim(rs.name, "coins", n, vals, _fit_of(fit, len(n)), limit, None, known, "n", own=rs)
    if shape is None and position is None and not _declared(plain):
        _probe_shape(plain, kind)
    if kind == "pair":
        g = _two_dim(rs.name, _pair_values(rs, size), _fit_of(fit, size + 1), limit)
        return _outcomes_only(g) if misere else g
    if kind == "heaps":
        g = _many(rs.name, _heaps_values(rs, size, heaps), _fit_of(fit, size + 1), limit, rs)
        return _more_heaps(rs, g, size, heaps)
    start, values = _heap_values(rs, size, position)
    if len(values) < 4:
        raise InvalidParameterError(f"guess: {rs.name}: too few positions to guess from (to={size})")
    n = np.arange(start, start + len(values), dtype=np.int64)
    if misere:
        return _p_rules(rs.name, n, np.array(values, dtype=np.int64), _fit_of(fit, len(n)), limit)
    theorem = None
    if start == 0 and position is None and getattr(rs, "start", None) is None:
        search = tables.period_search(rs)
        if search is not None:  # not searched yet: within the proof's own budget
            search.find_period(budget=Budget(seconds=None if math.isinf(prove_seconds) else prove_seconds))
        theorem = tables.pattern_of(rs, values)
    return _one_dim(rs.name, "heap", n, np.array(values, dtype=np.int64), _fit_of(fit, len(n)), limit, theorem,
                    known, "n", own=rs)


#: rows of more heaps a rule on rows is checked on: per length, and each heap's largest size
_MORE_ROWS, _MORE_HEAP, _MORE_LONGER = 16, 4, 2


def _more_heaps(rs: Ruleset, g: Guess, size: int, heaps: int) -> Guess:
    """The rules fitted on rows of ``heaps`` heaps, checked on sampled rows of
    ``heaps + 1`` and ``heaps + 2`` heaps, at most 6 (each heap ``0..min(size, 4)``, the values by the
    search of the raw rules): a rule on rows is a rule on any number of heaps,
    and one that holds for 2 heaps only is refuted at the first row it fails.
    A row the game refuses (a fixed number of heaps) is skipped."""
    alive = [c for c in g.conjectures if c.status != "refuted" and c.variables == "x"]
    if not alive or heaps >= 6:
        return g
    rng = np.random.default_rng(heaps)
    top = min(size, _MORE_HEAP)
    rows: list[tuple[int, ...]] = []
    for length in range(heaps + 1, min(6, heaps + _MORE_LONGER) + 1):
        rows.append((top,) * length)
        rows.extend(tuple(int(x) for x in rng.integers(0, top + 1, size=length)) for _ in range(_MORE_ROWS))
    outcomes: dict[tuple[int, ...], bool] = {}  # row -> is a P-position
    for row in rows:
        if row in outcomes:
            continue
        try:
            rs.check(row)
        except InvalidPositionError:
            continue
        outcomes[row] = _value(rs, row) == 0
    if not outcomes:
        return g
    lengths = sorted({len(r) for r in outcomes})
    note = f"; and {len(outcomes)} sampled rows of {lengths[0]}..{lengths[-1]} heaps"
    for c in alive:
        for row, lost in outcomes.items():
            try:
                said = bool(evaluate(c.expr, x=row)) if c.target == "P" else int(evaluate(c.expr, x=row)) == 0
            except Exception:  # noqa: BLE001 - a rule that fails on a longer row is refuted there
                said = not lost
            if said != lost:
                c.status, c.proof = "refuted", None
                c.counterexample = {"position": row, "table": "P" if lost else "N", "rule": "P" if said else "N"}
                break
        else:
            c.checked += note
            c.count += len(outcomes)
    g.conjectures.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return g


def _outcomes_only(g: Guess) -> Guess:
    """A guess on a table of outcomes (0: P, 1: N): its rules for the P-positions only."""
    g.conjectures = [c for c in g.conjectures if c.target == "P"]
    return g
