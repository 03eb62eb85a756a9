"""Find the pattern: tabulate a game from its rules, then search a library of
closed forms, simplest first, and report each conjecture with its evidence.

A conjecture is fitted on a prefix of the table and checked on all of it; its
status is ``"proven"`` (a theorem applies: the game's own proven period, which
the formula shares), ``"verified"`` (on every position of the table) or
``"refuted"`` (with the first counterexample). Its expression pastes back:
:func:`grundy.patterns.forms.evaluate` (the builtins and
:data:`~grundy.patterns.forms.NAMESPACE`).

>>> import grundy
>>> @grundy.ruleset
... def take_1_to_3(n):
...     return range(max(0, n - 3), n)
>>> g = guess(take_1_to_3, to=200)
>>> print(g.best)
value(n) = n mod 4  [verified on n = 0..200; fitted on n = 0..99]
>>> g.best.expr, g.best.status
('n % 4', 'verified')

Tables work too (one heap from 0, or a square of pairs):

>>> guess([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]).best.expr
'n'
"""

from __future__ import annotations

import itertools
import math
from contextlib import contextmanager
from contextvars import ContextVar
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from grundy.patterns.forms import (
    Form, QuadraticIrrational, fit_forms, quadratic_from_bounds, reduced_quadratic, renamed, xor_all,
)
from grundy.rules.compound import Compound, Misere
from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset
from grundy.solve import tables
from grundy.solve.budget import Budget, as_budget, from_keywords, look, watching
from grundy.values.errors import (
    GrundyError, InvalidParameterError, InvalidPositionError, LoopyGameError, describe,
)
from grundy.values.keywords import old_keywords
from grundy.values.outcome import Outcome
from grundy.values.periodicity import Periodicity

__all__ = ["guess", "Guess", "Conjecture", "evaluate", "DEFAULT_TO", "GUESS_BUDGET", "MAX_VALUES", "search_time", "SYNTH_SECONDS"]

#: default table sizes by kind: heaps 0..N, coins 1..N, pairs 0..N each, and
#: for many heaps the box 0..N of each of ``heaps`` heaps
DEFAULT_TO = {"heap": 1000, "coins": 128, "pair": 40, "heaps": 7}
#: most conjectures returned
DEFAULT_LIMIT = 5
#: most values (one heap, coins) or cells (pairs, rows of heaps) a guess
#: searches: the form search grows faster than the table; a larger table is
#: refused before anything is computed (pass a prefix)
MAX_VALUES = 100_001

_STATUS_ORDER = {"proven": 0, "verified": 1, "refuted": 2}


@dataclass
class Conjecture:
    """One conjectured rule with its evidence.

    ``target``: ``"value"`` (the Sprague-Grundy value, or a coin's value) or
    ``"P"`` (which positions are P-positions); ``words`` and ``expr`` (a Python
    expression in ``variables``; a P-rule's expression is true exactly on the
    P-positions); ``fitted`` / ``checked``: the positions it was fitted on and
    checked on (words) and ``count`` how many were checked; ``counterexample``:
    the first position where the table disagrees, with both values;
    ``proof``: the theorem that makes it ``"proven"``.
    """

    target: str
    words: str
    expr: str
    variables: str
    status: str
    fitted: str
    checked: str
    count: int
    cost: int = 0
    counterexample: dict[str, Any] | None = None
    proof: str | None = None
    #: the parameters of a family's rule (``("k",)``), keywords of :meth:`predict`
    params: tuple[str, ...] = ()
    #: names the expression reads beyond :func:`evaluate`'s (a table given by ``known=``)
    names: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def predict(self, *variables: Any, **params: Any) -> Any:
        """The rule at a position, as its expression names it: ``predict(n)`` for
        one heap (``n`` is the heap number, also when ``position=`` maps it to a
        position), ``predict(a, b)`` for pairs, ``predict(row)`` (or
        ``predict(*row)``) for rows of heaps; a family's parameters by keyword
        (``predict(n, k=3)``). A ``"value"`` rule gives the value, a ``"P"``
        rule whether the position is a P-position (``True``/``False``). Exact
        on integers of any size.

        >>> import grundy
        >>> g = guess(grundy.ruleset(lambda n: range(max(0, n - 3), n)), to=60)
        >>> g.best.predict(10**30 + 2)
        2
        """
        names = self.variables.split(", ")
        if names == ["x"] and len(variables) != 1:
            variables = (tuple(variables),)
        if len(variables) != len(names):
            raise InvalidParameterError(
                f"predict: the rule {self.expr!r} reads {self.variables} ({len(names)} "
                f"value{'s' if len(names) > 1 else ''}); got {len(variables)}: {describe(variables)}")
        if set(params) != set(self.params):
            want = ", ".join(f"{p}=..." for p in self.params) or "no parameters"
            raise InvalidParameterError(
                f"predict: the rule {self.expr!r} takes {want}; got {describe(sorted(params))}")
        for name, x in [*zip(names, variables), *params.items()]:
            _check_int_like(name, x)
        got = evaluate(self.expr, **self.names, **dict(zip(names, variables)), **params)
        return bool(got) if self.target == "P" else operator.index(got)
    trivial: bool = False

    def __str__(self) -> str:
        if self.target == "value":
            args = self.variables + "".join(f", {p}" for p in self.params)
            head = f"value({args}) = {self.words}"
        else:
            head = self.words if self.words.startswith("P iff") else f"P-positions: {self.words}"
        if self.status == "refuted":
            c = self.counterexample or {}
            return (f"{head}  [refuted at {c.get('position')}: the table has {c.get('table')}, "
                    f"the rule gives {c.get('rule')}; held on {self.fitted}]")
        if self.status == "proven":
            return f"{head}  [proven: {self.proof}; checked on {self.checked}]"
        triv = "trivial: " if self.trivial else ""
        return f"{head}  [{triv}verified on {self.checked}; fitted on {self.fitted}]"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {
            "target": self.target, "words": self.words, "expr": self.expr,
            "variables": self.variables, "status": self.status, "fitted": self.fitted,
            "checked": self.checked, "count": self.count, "counterexample": self.counterexample,
            "proof": self.proof, "params": list(self.params), "trivial": self.trivial,
        }


def _check_int_like(name: str, x: Any) -> None:
    """``x`` is an integer, or a row (tuple, list) of integers."""
    if isinstance(x, (tuple, list)):
        for y in x:
            _check_int_like(name, y)
        return
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise InvalidParameterError(f"predict: {name} must be an integer; got {describe(x)}")


def evaluate(expr: str, **names: Any) -> Any:
    """A conjecture's expression evaluated as it pastes back: with the builtins,
    :data:`grundy.patterns.forms.NAMESPACE`, the module ``grundy`` (a match with a
    catalogue game reads ``grundy.games.get(spec)``) and ``names`` (the
    variables and parameters, visible inside generator expressions too).

    >>> evaluate("sum(h % (k + 1) for h in x)", x=(3, 4), k=2)
    1
    """
    import types

    import grundy.games
    from grundy.patterns import forms

    catalogue = types.SimpleNamespace(games=grundy.games)
    scope: dict[str, Any] = {"__builtins__": __builtins__, **forms.NAMESPACE, "grundy": catalogue, **names}
    return eval(expr, scope)  # noqa: S307


@dataclass
class Guess:
    """The conjectures about one table, best first: proven, then verified (simplest
    first), then refuted. ``kind``: ``"heap"`` (values of heaps ``start..``),
    ``"coins"`` (single-coin values of a row of coins, coin 1 first), ``"pair"``
    (positions ``(a, b)``) or ``"heaps"`` (rows of heaps: which are P-positions);
    ``table`` holds what was tabulated (a list, or a nested list for pairs and
    many heaps). A guess across a parameter (``params=``) holds the family's
    rules, and in ``members`` the guess of each parameter value."""

    game: str
    kind: str
    size: str
    table: Any = field(repr=False)
    conjectures: list[Conjecture]
    members: dict[int, Guess] = field(default_factory=dict, repr=False)

    @property
    def best(self) -> Conjecture | None:
        """The first conjecture that is neither refuted nor trivial, or ``None``."""
        return next((c for c in self.conjectures if c.status != "refuted" and not c.trivial), None)

    def __str__(self) -> str:
        lines = [f"{self.game}: {self.size}"]
        if not self.conjectures:
            lines.append("  no form of the library fits this table")
        for c in self.conjectures:
            lines.append(f"  {c}")
            lines.append(f"      python: {c.expr}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        items = "".join(
            f"<li><b>{html.escape(c.status)}</b>: {html.escape(str(c))}<br><code>{html.escape(c.expr)}</code></li>"
            for c in self.conjectures)
        return f"<p>{html.escape(self.game)}: {html.escape(self.size)}</p><ul>{items}</ul>"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"game": self.game, "kind": self.kind, "size": self.size,
                "conjectures": [c.to_dict() for c in self.conjectures]}


# --------------------------------------------------------------------- catalogue
_KNOWN_CACHE: dict[int, dict[str, tuple[str, list[int]]]] = {}


def _known_tables(size: int) -> dict[str, tuple[str, list[int]]]:
    """``name -> (spec, values of heaps 0..size-1)`` of the catalogue's one-heap
    games without parameters (each within a second)."""
    from grundy.games import entries

    if size in _KNOWN_CACHE:
        return _KNOWN_CACHE[size]
    names: dict[str, str] = {}  # spec -> the entry's name (the game's own name first)
    rulesets: dict[str, Ruleset] = {}
    for entry in entries():
        try:
            rs = entry.make(None)
        except GrundyError:
            continue
        if tables.table_shape(rs) != "heap" or rs.spec is None:
            continue
        if rs.spec not in names or entry.name == rs.name:
            names[rs.spec] = entry.name
            rulesets[rs.spec] = rs
    out: dict[str, tuple[str, list[int]]] = {}
    for spec, rs in rulesets.items():
        try:
            out[names[spec]] = (spec, tables.heap_table(rs, size - 1, budget=Budget(seconds=1.0)).values)
        except GrundyError:
            continue
    _KNOWN_CACHE[size] = out
    return out


# --------------------------------------------------------------------- tabulation
#: the shapes a ruleset may declare (``@grundy.ruleset(shape=...)``) or be given
SHAPES = ("heap", "pair", "heaps", "coins")


def _kind(rs: Ruleset) -> str:
    if callable(getattr(rs, "turning_sets", None)) and callable(getattr(rs, "single_values", None)):
        return "coins"
    if tables.table_shape(rs) == "pair":
        return "pair"
    if callable(getattr(rs, "start", None)):
        return "heap"
    if rs.tuple_position:
        return "heaps"
    return "heap"


def _declared(rs: Ruleset) -> bool:
    """Whether ``rs`` says what its positions are (a catalogue game, a declared
    shape, a row of heaps, coins or a ``start``)."""
    return (rs.spec is not None or rs.table_shape is not None or rs.tuple_position
            or callable(getattr(rs, "start", None)) or _kind(rs) == "coins")


def _plain(rs: Ruleset) -> Ruleset:
    """The ruleset whose positions are tabulated (a misère ruleset's own)."""
    return rs.inner if isinstance(rs, Misere) else rs


def _value(rs: Ruleset, position: Hashable) -> int:
    """The value of ``position`` by the search of the raw rules (never a closed
    form); a loopy position raises :class:`LoopyGameError`. Of a misère
    ruleset, 0 for a P-position and 1 for an N-position (misère values are not
    Grundy values: only the outcomes are tabulated)."""
    if isinstance(rs, Misere):
        look(f"{rs.name}: the table")
        return 0 if rs.outcome(position) is Outcome.P else 1
    v = rs.solver.value(position)
    if type(v) is not int:
        raise LoopyGameError(f"{rs.name}: {describe(position)} is loopy: a table lists values of acyclic games",
                             position)
    return v


def _position_of(make: Callable[[int], Hashable], n: int) -> Hashable:
    """``make(n)``, its failure named (the user's ``position=``)."""
    try:
        return make(n)
    except GrundyError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's function failed: name it
        raise InvalidParameterError(
            f"guess: position({n}) raised {type(exc).__name__}: {describe(str(exc))[1:-1] or '(no message)'}"
        ) from None


def _heap_values(rs: Ruleset, to: int, position: Callable[[int], Hashable] | None) -> tuple[int, list[int]]:
    """``(start, values)`` of heaps ``start..to``: a compiled table when the
    ruleset has one (computed from its rules), else the search; with
    ``position`` (or the ruleset's ``start``), heap ``n`` is the position
    ``position(n)``, and heaps it refuses before the first it accepts are skipped."""
    make = position if position is not None else getattr(_plain(rs), "start", None)
    if make is None:
        if isinstance(rs, tables.ArrayTable):
            return 0, [int(x) for x in tables.grow_in_steps(rs.table_array, to)[: to + 1]]
        if not isinstance(rs, Misere):  # the move function read straight into a compiled mex
            return 0, [v for chunk in tables.rule_chunks(rs, to) for v in chunk]
        return 0, [_value(rs, n) for n in range(to + 1)]
    values: list[int] = []
    start = 0
    for n in range(to + 1):
        try:
            p = _position_of(make, n)
            rs.check(p)
        except InvalidPositionError:
            if values:
                raise
            start = n + 1
            continue
        values.append(_value(rs, p))
    return start, values


def _coin_values(rs: Any, to: int) -> list[int]:
    """Single-head values of coins ``1..to`` by the mex over the raw turning sets."""
    if getattr(rs, "leftmost", False):
        return [int(x) for x in rs.single_values(to)]
    tab = [0] * (to + 1)
    for c in range(1, to + 1):
        reach = set()
        for t in rs.turning_sets(c):
            x = 0
            for d in t:
                if d != c:
                    x ^= tab[d]
            reach.add(x)
        v = 0
        while v in reach:
            v += 1
        tab[c] = v
    return tab[1:]


def _pair_values(rs: Ruleset, to: int) -> np.ndarray[Any, Any]:
    """Values of ``(a, b)`` for ``0 <= a, b <= to``; -1 where the game rejects the
    pair, -2 where it is loopy and not lost, 0 where loopy and lost."""
    out = np.full((to + 1, to + 1), -1, dtype=np.int64)
    for a in range(to + 1):
        for b in range(to + 1):
            try:
                rs.check((a, b))
            except InvalidPositionError:
                continue
            try:
                out[a, b] = _value(rs, (a, b))
            except LoopyGameError:
                out[a, b] = 0 if str(rs.outcome((a, b))) == "P" else -2
    return out


def _heaps_values(rs: Ruleset, to: int, heaps: int) -> np.ndarray[Any, Any]:
    """Values of the rows of ``heaps`` heaps, each ``0..to`` (-1: rejected)."""
    out = np.full((to + 1,) * heaps, -1, dtype=np.int64)
    for pos in itertools.product(range(to + 1), repeat=heaps):
        try:
            rs.check(pos)
        except InvalidPositionError:
            continue
        out[pos] = _value(rs, pos)
    return out


def _probe_shape(rs: Ruleset, kind: str) -> None:
    """Refuse, with a hint, a ruleset that declares no shape and whose move
    function fails on the first position of ``kind``'s table (``moves(0)`` of
    a game on pairs raises ``TypeError``): which shape it accepts, if any."""
    first = {"heap": 0, "pair": (0, 0), "heaps": (0, 0, 0)}

    def fails(p: Hashable) -> Exception | None:
        try:
            rs.check(p)
            for _ in itertools.islice(iter(rs.moves(p)), 64):
                pass
        except (GrundyError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - the user's function failed: that is the answer
            return exc
        return None

    try:
        exc = fails(first[kind])
    except InvalidPositionError:
        return  # the game validates its positions: the tabulation says which
    if exc is None:
        return
    works = []
    for other, p in first.items():
        if other != kind:
            try:
                if fails(p) is None and fails((1, 2) if other == "pair" else (1, 2, 3) if other == "heaps" else 3) is None:
                    works.append(other)
            except GrundyError:
                continue
    hint = (f"its positions look like {'pairs' if works[0] == 'pair' else 'rows of heaps'} "
            f"(moves({describe(first[works[0]])}) works): pass shape={works[0]!r} (--shape {works[0]})"
            if works else "pass shape= (--shape heap|pair|heaps|coins) or position= (--position)")
    raise InvalidParameterError(
        f"guess: {rs.name}.moves({describe(first[kind])}) raised {type(exc).__name__}: "
        f"{describe(str(exc))[1:-1]}; {hint}, or declare it: @grundy.ruleset(shape=...)")


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
    of the tabulation (``None``: :data:`GUESS_BUDGET`, 60 s; past it,
    :class:`~grundy.values.errors.SearchLimitError`); ``prove_seconds``: the
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
    if params is not None:
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
        g = _many(rs.name, _heaps_values(rs, size, heaps), _fit_of(fit, size + 1), limit)
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


def _p_rules(game: str, n: np.ndarray[Any, Any], out: np.ndarray[Any, Any], fit: int | None,
             limit: int) -> Guess:
    """Rules for the P-positions of a table of outcomes (0: P, 1: N), of a game
    whose values are not Grundy values (misère play)."""
    k = len(n) // 2 if fit is None else fit
    p = (out == 0).astype(np.int64)
    found: list[Conjecture] = []
    for form in fit_forms(n[:k], p[:k])[: 3 * limit]:
        c = _check(form, n, p, n[:k], "P", "n", f"n such that {_p_words(form)}", f"{form.expr} == 1")
        if c is not None:
            found.append(c)
    found.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return Guess(game, "heap", f"heaps {_span(n, 'n')} (outcomes: misère values are not Grundy values)",
                 out.tolist(), found[:limit])


def _span(n: np.ndarray[Any, Any], var: str) -> str:
    return f"{var} = {int(n[0])}..{int(n[-1])}"


def _pastes_back(expr: str, names: list[dict[str, Any]], want: list[int]) -> bool:
    """Whether ``expr`` gives ``want`` at each of ``names`` (a rule whose
    expression says otherwise than its vectorised form is never reported)."""
    try:
        return all(int(evaluate(expr, **nm)) == w for nm, w in zip(names, want))
    except Exception:  # noqa: BLE001 - any failure of the expression disqualifies it
        return False


def _sample(shape: tuple[int, ...], count: int = 48) -> list[tuple[int, ...]]:
    """``count`` positions of a box, spread over it, the corners included."""
    rng = np.random.default_rng(0)
    pts = {tuple(0 for _ in shape), tuple(d - 1 for d in shape)}
    pts |= {tuple(int(x) for x in rng.integers(0, shape)) for _ in range(count)}
    return sorted(pts)


def _check(form: Form, n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], fit_n: np.ndarray[Any, Any],
           target: str, var: str, words: str, expr: str) -> Conjecture | None:
    pred = form.values(n)
    idx = sorted({*range(min(16, len(n))), *np.linspace(0, len(n) - 1, 48).astype(int).tolist()})
    if not _pastes_back(expr, [{var: int(n[i])} for i in idx], [int(pred[i]) for i in idx]):
        return None
    bad = np.flatnonzero(pred != v)
    ce = None
    status = "verified"
    if len(bad):
        i = int(bad[0])
        status = "refuted"
        ce = {"position": int(n[i]), "table": int(v[i]), "rule": int(pred[i])}
    return Conjecture(target, words, expr, var, status, _span(fit_n, var), _span(n, var), len(n),
                      form.cost, ce)


_PREDICATES = {
    "is_fib(n)": "n is a Fibonacci number", "is_pow2(n)": "n is a power of two",
    "popcount(n) % 2": "n is odious (an odd number of 1 bits)",
}


def _p_words(form: Form) -> str:
    """Words for a 0/1 form read as "is a P-position"."""
    def among(ks: list[int]) -> str:
        return f"n = {ks[0]}" if len(ks) == 1 else "n is one of " + ", ".join(map(str, ks))

    ones = sorted(k for k, x in form.exceptions.items() if x == 1)
    zeros = sorted(k for k, x in form.exceptions.items() if x == 0)
    if form.rule == "0":
        return among(ones) if ones else "none: no n in the table"
    if form.rule == "1":
        return "not " + among(zeros)
    words = _PREDICATES.get(form.rule, f"{form.words} is 1")
    if ones:
        words += " or " + among(ones)
    if zeros:
        words += ", but not " + among(zeros)
    return words


def _theorem_name(rs: Ruleset) -> str:
    kind = (rs.spec or "").partition(":")[0]
    if kind in ("octal", "hex"):
        return "the Guy-Smith theorem for octal games"
    if kind in ("subtraction", "bash", "allbut"):
        return "the periodicity theorem of subtraction games"
    return "the game's own proof"


def _one_dim(game: str, kind: str, n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], fit: int | None,
             limit: int, theorem: Periodicity | None, known: Mapping[str, Sequence[int]] | bool,
             var: str, own: Ruleset | None = None) -> Guess:
    why = _theorem_name(own) if own is not None else ""
    k = len(n) // 2 if fit is None else min(fit, len(n))
    k = max(k, min(len(n), 4))
    out: list[Conjecture] = []
    for form in fit_forms(n[:k], v[:k])[: 3 * limit]:
        c = _check(form, n, v, n[:k], "value", var, form.described(), form.expr)
        if c is None:
            continue
        if theorem is not None and c.status == "verified":
            c.proof = _prove(form, theorem, n, v, why)
            if c.proof is not None:
                c.status = "proven"
        out.append(c)
    out.extend(_catalogue(n, v, known, own, k))
    binary = bool(((v == 0) | (v == 1)).all())
    if not binary and not any(c.status != "refuted" and c.target == "value" for c in out):
        out.extend(_synthesised(n, v, k, "value", var, limit))
    if not binary and not any(c.status != "refuted" and c.target == "value" for c in out):
        out.extend(_structured(n, v, k, "value", var))
    if kind != "coins" and not any(c.status != "refuted" and c.target == "value" for c in out):
        p = (v == 0).astype(np.int64)
        for form in fit_forms(n[:k], p[:k])[:limit]:
            words = _p_words(form)
            c = _check(form, n, p, n[:k], "P", var, f"n such that {words}" if var == "n" else words,
                       f"{form.expr} == 1")
            if c is None:
                continue
            if theorem is not None and c.status == "verified" and theorem.saltus == 0:
                c.proof = _prove(form, Periodicity(theorem.preperiod, theorem.period, 0, True, theorem.checked),
                                 n, p, why) if theorem.proven else None
                if c.proof is not None:
                    c.status = "proven"
            out.append(c)
        if not any(c.status != "refuted" and c.target == "P" and not c.trivial for c in out):
            out.extend(_synthesised(n, v, k, "P", var, limit))
        if not any(c.status != "refuted" and c.target == "P" and not c.trivial for c in out):
            out.extend(_structured(n, v, k, "P", var))
    pcount = int((v == 0).sum())
    for c in out:
        c.trivial = c.trivial or (c.target == "P" and pcount <= 1) or (c.target == "value" and c.expr.isdigit())
    out.sort(key=lambda c: (_STATUS_ORDER[c.status], c.trivial, not binary and c.target != "value", c.cost))
    label = {"heap": "heaps", "coins": "coins (single-coin values)"}[kind]
    return Guess(game, kind, f"{label} {_span(n, var)}", v.tolist(), out[:limit])


#: seconds the rule synthesiser may spend on one target (values, P-positions) of a table
SYNTH_SECONDS = 12.0
_SEARCH_SECONDS: ContextVar[float] = ContextVar("search_seconds", default=SYNTH_SECONDS)


@contextmanager
def search_time(seconds: float) -> Iterator[None]:
    """Within this block, :func:`guess` gives its rule synthesiser ``seconds``
    per target (default :data:`SYNTH_SECONDS`; 0: the library of forms only), as
    a quick caller (a plot, a web page) needs.

    >>> with search_time(0):
    ...     print(guess([3, 1, 4, 1, 5, 9, 2, 6, 5, 3], known=False).best)
    None
    """
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < math.inf:
        raise InvalidParameterError(f"search_time: seconds must be a finite number >= 0; got {describe(seconds)}")
    token = _SEARCH_SECONDS.set(float(seconds))
    try:
        yield
    finally:
        _SEARCH_SECONDS.reset(token)


def _structured(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], k: int, target: str,
                var: str) -> list[Conjecture]:
    """Values constant on runs whose starts follow ``e_{j+1} = a e_j + b``, or
    P-positions at the terms of such a recurrence (:mod:`grundy.patterns.structure`),
    fitted on the first ``k`` positions and checked on all."""
    from grundy.patterns.structure import run_structure, sparse_structure

    if var != "n":
        return []
    goal = v if target == "value" else (v == 0).astype(np.int64)
    expr = run_structure(n[:k], v[:k]) if target == "value" else sparse_structure(n[:k], goal[:k])
    if expr is None:
        return []
    ce = None
    for i, x in enumerate(n.tolist()):
        got = int(evaluate(expr, n=x))
        if got != int(goal[i]):
            if i < k:
                return []
            ce = {"position": x, "table": int(goal[i]), "rule": got}
            break
    words = (f"{expr}: constant on runs whose starts follow a linear recurrence" if target == "value"
             else f"P iff {expr}: the P-positions follow a linear recurrence")
    return [Conjecture(target, words, expr, var, "refuted" if ce else "verified", _span(n[:k], var), _span(n, var),
                       len(n), 8, ce)]


def _synthesised(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], k: int, target: str, var: str,
                 limit: int) -> list[Conjecture]:
    """Rules found by the synthesiser (:mod:`grundy.patterns.synth`): shortest
    first, fitted on the first ``k`` positions and checked on all."""
    from grundy.patterns.synth import synthesize

    goal = v if target == "value" else (v == 0).astype(np.int64)
    if len(n) < 8 or _SEARCH_SECONDS.get() <= 0:
        return []
    found = synthesize([(var, n)], goal, fit=k, target=target, seconds=_SEARCH_SECONDS.get(), limit=limit,
                       threshold=var)
    out = []
    for f in found.found:
        ce = None
        if f.status == "refuted" and f.mismatch is not None:
            i = f.mismatch
            ce = {"position": int(n[i]), "table": int(goal[i]), "rule": f.got}
        words = f.expr if target == "value" else f"P iff {f.expr}"
        out.append(Conjecture(target, words, f.expr, var, f.status, _span(n[:k], var), _span(n, var), len(n),
                              10 + f.size, ce))
    return out


#: the variables of the synthesiser on pairs, and their values
_PAIR_VARS: list[tuple[str, Callable[[tuple[int, ...]], int]]] = [
    ("a", lambda q: q[0]), ("b", lambda q: q[1]), ("min(a, b)", min), ("max(a, b)", max),
    ("abs(a - b)", lambda q: abs(q[0] - q[1])),
]
#: the variables of the synthesiser on rows of heaps ``x``: symmetric aggregates
_ROW_VARS: list[tuple[str, Callable[[tuple[int, ...]], int]]] = [
    ("min(x)", min), ("max(x)", max), ("sum(x)", sum), ("xor_all(x)", xor_all),
    ("sorted(x)[1]", lambda q: sorted(q)[1]),
    ("x.count(min(x))", lambda q: q.count(min(q))), ("x.count(max(x))", lambda q: q.count(max(q))),
    ("x.count(0)", lambda q: q.count(0)), ("sum(h % 2 for h in x)", lambda q: sum(h % 2 for h in q)),
    ("len(set(x))", lambda q: len(set(q))),
]


def _synth_positions(pos: list[tuple[int, ...]], values: np.ndarray[Any, Any], fitted_mask: list[bool],
                     variables: list[tuple[str, Callable[[tuple[int, ...]], int]]],
                     env: Callable[[tuple[int, ...]], dict[str, Any]], names: str, fitted: str, checked: str,
                     limit: int, target: str | None = None) -> list[Conjecture]:
    """Rules of pairs or rows found by the synthesiser: positions in the fitted box
    first, the rest checked; values when they are not just 0/1, else P-positions."""
    from grundy.patterns.synth import synthesize

    v = np.asarray(values, dtype=np.int64)
    binary = bool(((v == 0) | (v == 1)).all())
    target = target or ("P" if binary else "value")
    goal = (v == 0).astype(np.int64) if target == "P" else v
    order = sorted(range(len(pos)), key=lambda i: (not fitted_mask[i], sum(pos[i]), pos[i]))
    fit = sum(fitted_mask)
    if fit < 8 or len(set(pos[0])) == 0 or _SEARCH_SECONDS.get() <= 0:
        return []
    used = [p for p in (pos[i] for i in order) if len(p) >= 2]
    if len(used) != len(pos):
        return []
    goal = goal[order]
    var_vals = [(name, np.array([fn(q) for q in used], dtype=np.int64)) for name, fn in variables
                if len(used[0]) >= 2]
    found = synthesize(var_vals, goal, fit=fit, target=target, env=lambda i: env(used[i]),
                       seconds=_SEARCH_SECONDS.get(), limit=limit)
    out = []
    for f in found.found:
        ce: dict[str, Any] | None = None
        if f.status == "refuted" and f.mismatch is not None:
            q = used[f.mismatch]
            if target == "P":
                ce = {"position": q, "table": "P" if goal[f.mismatch] else "N", "rule": "P" if f.got else "N"}
            else:
                ce = {"position": q, "table": int(goal[f.mismatch]), "rule": f.got}
        words = f.expr if target == "value" else f"P iff {f.expr}"
        out.append(Conjecture(target, words, f.expr, names, f.status, fitted, checked, len(used), 10 + f.size, ce))
    return out


def _prove(form: Form, theorem: Periodicity, n: np.ndarray[Any, Any], v: np.ndarray[Any, Any],
           why: str) -> str | None:
    """Why ``form`` holds for every ``n``, when the game's period is proven and
    the form is (arithmetically) periodic with a compatible period and agrees
    with the table on a full common period past both preperiods; else ``None``."""
    if not theorem.proven or form.period is None or int(n[0]) != 0:
        return None
    pre_f, p_f, s_f = form.period
    if form.exceptions:
        pre_f = max(pre_f, max(form.exceptions) + 1)
    lcm = p_f * theorem.period // math.gcd(p_f, theorem.period)
    if s_f * (lcm // p_f) != theorem.saltus * (lcm // theorem.period):
        return None
    need = max(pre_f, theorem.preperiod) + lcm
    if need > len(v):
        return None
    salt = f", saltus {theorem.saltus}" if theorem.saltus else ""
    return (f"the game's period {theorem.period}{salt} from n = {theorem.preperiod} is proven "
            f"({why}), and the rule has a common period with it and agrees with the table "
            f"on n = 0..{need - 1}")


def _catalogue(n: np.ndarray[Any, Any], v: np.ndarray[Any, Any], known: Mapping[str, Sequence[int]] | bool,
               own: Ruleset | None, fit: int | None = None) -> list[Conjecture]:
    """Equality with a known table, shifted by at most 2 and scaled: the shift
    and the scale are fitted on the prefix ``n[:fit]`` (half the table by
    default) and checked on all of it (refuted at the first difference)."""
    if known is False or int(n[0]) > 2 or len(n) < 20:  # a few values match too much
        return []
    k = len(n) // 2 if fit is None else fit
    k = max(10, min(k, len(n) - 1))
    size = int(n[-1]) + 3
    if known is True:
        table = {name: (spec, vals) for name, (spec, vals) in _known_tables(min(size, 1003)).items()
                 if own is None or own.spec != spec}
    else:
        table = {name: ("", list(vals)) for name, vals in known.items()}
    out = []
    for name, (spec, vals) in table.items():
        arr = np.asarray(vals, dtype=np.int64)
        for s in (0, 1, -1, 2, -2):
            idx = n + s
            if idx[0] < 0 or idx[k - 1] >= len(arr):
                continue
            ref = arr[idx[:k]]
            nz = np.flatnonzero(ref)
            if not len(nz) or v[nz[0]] % ref[nz[0]]:
                continue
            c = int(v[nz[0]] // ref[nz[0]])
            if c < 1 or not np.array_equal(c * ref, v[:k]):
                continue
            arg = "n" if s == 0 else f"n {'+' if s > 0 else '-'} {abs(s)}"
            scale = "" if c == 1 else f"{c} * "
            what = f"the table of {name}" + (f" at {arg}" if s else "") + (f", times {c}" if c > 1 else "")
            names: dict[str, Any] = {}
            if spec:
                expr = f"{scale}grundy.games.get({spec!r}).value({arg})"
            else:
                expr, names = f"{scale}known[{name!r}][{arg}]", {"known": {name: [int(x) for x in arr]}}
            whole = np.full(len(n), -1, dtype=np.int64)
            inside = idx < len(arr)
            whole[inside] = c * arr[idx[inside]]
            bad = np.flatnonzero(whole != v)
            ce: dict[str, Any] | None = None
            if len(bad):
                b = int(bad[0])
                rule: int | str = int(whole[b]) if whole[b] >= 0 else "nothing (past the known table)"
                ce = {"position": int(n[b]), "table": int(v[b]), "rule": rule}
            out.append(Conjecture("value", what, expr, "n", "refuted" if ce else "verified", _span(n[:k], "n"),
                                  _span(n, "n"), len(n), 40 + abs(s) + (c > 1),  # after the closed forms
                                  ce, names=names))
            break
    return out


# --------------------------------------------------------------------- pairs
def _two_dim(game: str, g: np.ndarray[Any, Any], fit: int | None, limit: int) -> Guess:
    m = g.shape[0]
    k = max(4, min(m, m // 2 if fit is None else fit))
    a, b = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    known = g >= 0
    found: list[Conjecture | None] = []
    fitted = f"a, b = 0..{k - 1}"
    checked = f"a, b = 0..{m - 1}"
    if known.all():
        simple = [
            ("a XOR b (Nim-sum)", "a ^ b", a ^ b, 1), ("min(a, b)", "min(a, b)", np.minimum(a, b), 2),
            ("max(a, b)", "max(a, b)", np.maximum(a, b), 2), ("a + b", "a + b", a + b, 2),
            ("|a - b|", "abs(a - b)", np.abs(a - b), 2),
        ]
        for words, expr, pred, cost in simple:
            if np.array_equal(pred[:k, :k], g[:k, :k]):
                found.append(_grid_check("value", words, expr, pred, g, known, fitted, checked, cost))
        sep = g[:, :1] ^ g[:1, :] ^ g[0, 0]
        if not found and np.array_equal(sep[:k, :k], g[:k, :k]):
            fa, fb = _best_form(g[:, 0] ^ g[0, 0], k), _best_form(g[0, :], k)
            if fa is not None and fb is not None:
                pred = fa.values(np.arange(m))[:, None] ^ fb.values(np.arange(m))[None, :]
                wa, wb = renamed(fa, "a").described(), renamed(fb, "b").described()
                found.append(_grid_check("value", f"f(a) XOR g(b) with f(a) = {wa} and g(b) = {wb}",
                                         f"({_sub(fa.expr, 'a')}) ^ ({_sub(fb.expr, 'b')})",
                                       pred, g, known, fitted, checked, 4 + fa.cost + fb.cost))
    p = (g == 0)
    found.extend(_beatty(p, k, fitted, checked))
    graph = _graph_form(p, k, fitted, checked)
    if graph is not None:
        found.append(graph)
    if not any(c is not None and c.status != "refuted" for c in found):
        found.append(_doubly_periodic(g, known, k, fitted, checked))
    if not any(c is not None and c.status != "refuted" for c in found):
        pos: list[tuple[int, ...]] = [(int(x), int(y)) for x, y in zip(a[known].tolist(), b[known].tolist())]
        found.extend(_synth_positions(pos, g[known], [x < k and y < k for x, y in pos], _PAIR_VARS,
                                      lambda q: {"a": q[0], "b": q[1]}, "a, b", fitted, checked, limit))
    out = [c for c in found if c is not None]
    out.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return Guess(game, "pair", f"pairs (a, b) with {checked}", g.tolist(), out[:limit])


def _doubly_periodic(g: np.ndarray[Any, Any], known: np.ndarray[Any, Any], k: int, fitted: str,
                     checked: str) -> Conjecture | None:
    """``value(a, b) = base[a % p][b % q]``, periods fitted on the square ``0..k-1``."""
    from grundy.patterns.structure import period_2d, period_2d_expr

    found = period_2d(g[:k, :k], known=known[:k, :k])
    if found is None:
        return None
    p, q, base = found
    m = g.shape[0]
    a, b = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    pred = np.asarray(base, dtype=np.int64)[a % p, b % q]
    return _grid_check("value", f"periodic in a with period {p} and in b with period {q}: {base}",
                       period_2d_expr(p, q, base), pred, g, known, fitted, checked, 6 + p + q)


def _sub(expr: str, var: str) -> str:
    """``expr`` with the variable ``n`` renamed ``var``."""
    import re

    return re.sub(r"(?<![A-Za-z_])n\b", var, expr)


def _best_form(v: np.ndarray[Any, Any], k: int) -> Form | None:
    """The simplest form fitted on ``v[:k]`` (all of a short ``v``) that holds on all of ``v``."""
    n = np.arange(len(v), dtype=np.int64)
    k = max(k, min(len(v), 16))
    forms = fit_forms(n[:k], v[:k])
    return next((f for f in forms if np.array_equal(f.values(n), v)), None)


def _grid_check(target: str, words: str, expr: str, pred: np.ndarray[Any, Any], g: np.ndarray[Any, Any],
                known: np.ndarray[Any, Any], fitted: str, checked: str, cost: int) -> Conjecture | None:
    pts = _sample(g.shape)
    if not _pastes_back(expr, [{"a": a, "b": b} for a, b in pts], [int(pred[p]) for p in pts]):
        return None
    bad = np.argwhere((pred != g) & known)
    ce = None
    status = "verified"
    if len(bad):
        # the first counterexample in order of a + b, then a
        i = min(bad.tolist(), key=lambda t: (t[0] + t[1], t[0]))
        ce = {"position": tuple(i), "table": int(g[i[0], i[1]]), "rule": int(pred[i[0], i[1]])}
        status = "refuted"
    return Conjecture(target, words, expr, "a, b", status, fitted, checked, int(known.sum()), cost, ce)


def _p_pairs(p: np.ndarray[Any, Any], k: int) -> list[tuple[int, int]] | None:
    """The P-pairs ``(a, b)``, ``a <= b``, of the square ``0..k-1``, in order of
    ``b - a``, if the set is symmetric with each ``a`` and each difference once."""
    sub = p[:k, :k]
    if not np.array_equal(sub, sub.T):
        return None
    pairs = sorted(((int(a), int(b)) for a, b in np.argwhere(sub) if a <= b), key=lambda t: t[1] - t[0])
    return pairs


def _beatty(p: np.ndarray[Any, Any], k: int, fitted: str, checked: str) -> list[Conjecture]:
    """P-positions ``(a_j, a_j + c j)`` with ``a_j = floor(j r)``: ``c`` from the
    fitted pairs, ``r`` by continued fractions from the bounds the pairs set on
    it, checked exactly on the whole square."""
    pairs = _p_pairs(p, k)
    if not pairs or len(pairs) < 4 or pairs[0] != (0, 0):
        return []
    diffs = [b - a for a, b in pairs]
    c = diffs[1]
    if c < 1 or any(d != c * j for j, d in enumerate(diffs)):
        return []
    # complete pairs only: b < k
    lo, hi = Fraction(0), Fraction(10**9)
    for j, (a, _) in enumerate(pairs[1:], start=1):
        lo, hi = max(lo, Fraction(a, j)), min(hi, Fraction(a + 1, j))
    if lo >= hi:
        return []
    r = quadratic_from_bounds(lo, hi)
    how = "r from the continued fraction of the data"
    if r is None:
        # too few pairs to see the continued fraction repeat: complementary Beatty
        # sequences with b_k - a_k = c k have 1/r + 1/(r + c) = 1
        r = reduced_quadratic(2 - c, c * c + 4, 2)
        how = f"r from 1/r + 1/(r + {c}) = 1, complementary Beatty sequences"
        if not lo <= Fraction(r.floor_mul(10**12), 10**12) < hi:
            return []
    m = p.shape[0]
    pred = _beatty_set(r, c, m)
    cs = "" if c == 1 else f"{c}"
    rs = str(r)
    words = (f"the pairs (a_k, a_k + {cs}k) and their mirrors, a_k = floor(k r), r = {rs} "
             f"(Beatty sequences: {how}; checked exactly)")
    diff = "abs(a - b)" if c == 1 else f"abs(a - b) // {c}"
    guard = "" if c == 1 else f"abs(a - b) % {c} == 0 and "
    expr = f"{guard}min(a, b) == beatty({diff}, {r.p}, {r.d}, {r.q})"
    known = np.ones_like(p, dtype=bool)
    found = _grid_check("P", words, expr, pred.astype(np.int64), p.astype(np.int64), known, fitted, checked, 5)
    return [found] if found is not None else []


def _beatty_set(r: QuadraticIrrational, c: int, m: int) -> np.ndarray[Any, Any]:
    out = np.zeros((m, m), dtype=bool)
    j = 0
    while True:
        a = r.floor_mul(j)
        b = a + c * j
        if a >= m:
            break
        if b < m:
            out[a, b] = out[b, a] = True
        j += 1
    return out


def _graph_form(p: np.ndarray[Any, Any], k: int, fitted: str, checked: str) -> Conjecture | None:
    """P-positions ``(a, f(a))`` (and mirrors): one ``b >= a`` per ``a``."""
    m = p.shape[0]
    if not np.array_equal(p, p.T):
        return None
    firsts: list[int] = []
    partner: list[int] = []
    for a in range(m):
        bs = np.flatnonzero(p[a, a:]) + a
        if len(bs) > 1:
            return None
        if len(bs) == 1:
            firsts.append(a)
            partner.append(int(bs[0]))
    if len(firsts) < 4 or firsts != list(range(len(firsts))):
        return None
    n = np.array(firsts, dtype=np.int64)
    fv = np.array(partner, dtype=np.int64)
    kk = sum(1 for b in partner if b < k)
    forms = fit_forms(n[: max(4, kk)], fv[: max(4, kk)])
    if not forms:
        return None
    base = forms[0]
    f = renamed(base, "a")
    fa = f.values(np.arange(m))
    if any(0 <= fa[a] < a for a in range(m)):
        return None  # the expression reads f at min(a, b): f(a) >= a is needed
    pred = np.zeros_like(p)
    for a in range(m):
        if 0 <= fa[a] < m:
            pred[a, fa[a]] = pred[fa[a], a] = True
    expr = f"max(a, b) == ({_sub(base.expr, 'min(a, b)')})" if base.expr != "n" else "a == b"
    return _grid_check("P", f"the pairs (a, f(a)) and their mirrors, f(a) = {f.described()}", expr,
                       pred.astype(np.int64), p.astype(np.int64), np.ones_like(p, dtype=bool),
                       fitted, checked, 3 + f.cost)


# --------------------------------------------------------------------- many heaps
def _many(game: str, g: np.ndarray[Any, Any], fit: int | None, limit: int) -> Guess:
    dims = g.ndim
    m = g.shape[0]
    k = max(2, min(m, (m + 1) // 2 if fit is None else fit))
    known = g >= 0
    p = (g == 0)
    grids = np.meshgrid(*([np.arange(m)] * dims), indexing="ij")
    fitted = f"each heap 0..{k - 1}"
    checked = f"each heap 0..{m - 1} ({dims} heaps)"
    found: list[Conjecture | None] = []
    zero = (0,) * dims
    w = []
    for i in range(dims):
        idx = list(zero)
        line = []
        for x in range(m):
            idx[i] = x
            line.append(int(g[tuple(idx)]))
        w.append(np.array(line, dtype=np.int64))
    if all((wi >= 0).all() for wi in w):
        xor = np.zeros_like(g)
        for i in range(dims):
            xor ^= w[i][grids[i]]
        words, expr, cost = _xor_words(w, k)
        fsub0 = tuple(slice(0, k) for _ in range(dims))
        if np.array_equal((xor == 0)[fsub0][known[fsub0]], p[fsub0][known[fsub0]]):
            found.append(_box_check("P", f"P iff {words} is 0", f"{expr} == 0", xor == 0, p, known,
                                  fitted, checked, cost))
    # misère Nim's rule
    xs = np.zeros_like(g)
    big = np.zeros_like(g, dtype=bool)
    for i in range(dims):
        xs ^= grids[i]
        big |= grids[i] > 1
    mis = np.where(big, xs == 0, xs == 1)
    fsub = tuple(slice(0, k) for _ in range(dims))
    if np.array_equal(mis[fsub][known[fsub]], p[fsub][known[fsub]]):
        found.append(_box_check(
            "P", "P iff the heaps' XOR is 0 when some heap exceeds 1, and 1 when none does (misère Nim)",
            "(xor_all(x) == 0) if max(x) > 1 else (xor_all(x) == 1)", mis, p, known, fitted, checked, 6))
    if not any(c is not None and c.status != "refuted" for c in found):
        rows = [tuple(int(t) for t in q) for q in np.argwhere(known).tolist()]
        found.extend(_synth_positions(rows, g[known], [max(q) < k for q in rows], _ROW_VARS,
                                      lambda q: {"x": q}, "x", fitted, checked, limit, target="P"))
    out = [c for c in found if c is not None]
    out.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return Guess(game, "heaps", f"rows of {dims} heaps, {checked}", g.tolist(), out[:limit])


def _xor_words(w: list[np.ndarray[Any, Any]], k: int) -> tuple[str, str, int]:
    """Words and expression (in the row ``x``) of the XOR of ``w_i(x_i)``."""
    dims = len(w)
    m = len(w[0])
    ident = np.arange(m)
    zero = np.zeros(m, dtype=np.int64)
    if all(np.array_equal(wi, w[0]) for wi in w):
        if np.array_equal(w[0], ident):
            return "the XOR of the heaps", "xor_all(x)", 1
        f = _best_form(w[0], k)
        if f is None:
            table = w[0].tolist()
            return (f"the XOR of f(heap), f = {table} on 0..{m - 1}", f"xor_all({table}[h] for h in x)", 9)
        if set(w[0].tolist()) <= {0, 1}:
            fh = _sub(f.expr, "h")
            return (f"the number of heaps h with f(h) = 1 (mod 2), f(h) = {renamed(f, 'h').described()}",
                    f"sum({fh} for h in x) % 2", 3 + f.cost)
        fh = _sub(f.expr, "h")
        return f"the XOR of f(h) over the heaps h, f(h) = {renamed(f, 'h').described()}", \
            f"xor_all({fh} for h in x)", 2 + f.cost
    if all(np.array_equal(wi, ident if i % 2 == 0 else zero) for i, wi in enumerate(w)):
        return "the XOR of the odd-numbered coordinates (1st, 3rd, ...)", "xor_all(x[0::2])", 2
    if all(np.array_equal(wi, ident if i % 2 == 1 else zero) for i, wi in enumerate(w)):
        return "the XOR of the even-numbered coordinates (2nd, 4th, ...)", "xor_all(x[1::2])", 2
    parts, exprs = [], []
    for i, wi in enumerate(w):
        f = _best_form(wi, k)
        if f is None:
            parts.append(f"w{i + 1} = {wi.tolist()}")
            exprs.append(f"{wi.tolist()}[x[{i}]]")
        else:
            parts.append(f"w{i + 1}(h) = {renamed(f, 'h').described()}")
            exprs.append(f"({_sub(f.expr, f'x[{i}]')})")
    return (f"the XOR of w_i(x_i) over the coordinates, {'; '.join(parts)}",
            f"xor_all([{', '.join(exprs)}])", 4 + dims)


def _box_check(target: str, words: str, expr: str, pred: np.ndarray[Any, Any], p: np.ndarray[Any, Any],
               known: np.ndarray[Any, Any], fitted: str, checked: str, cost: int) -> Conjecture | None:
    pts = _sample(p.shape)
    if not _pastes_back(expr, [{"x": q} for q in pts], [int(pred[q]) for q in pts]):
        return None
    bad = np.argwhere((pred != p) & known)
    ce = None
    status = "verified"
    if len(bad):
        i = min(bad.tolist(), key=lambda t: (sum(t), t))
        ce = {"position": tuple(i), "table": "P" if p[tuple(i)] else "N",
              "rule": "P" if pred[tuple(i)] else "N"}
        status = "refuted"
    return Conjecture(target, words, expr, "x", status, fitted, checked, int(known.sum()), cost, ce)


# --------------------------------------------------------------------- families
#: functions of a parameter ``k`` a constant of a rule is lifted to, simplest
#: first: ``(words, expression, f)``, ``a`` and ``c`` fitted integers
_LIFTS: list[tuple[str, Callable[[int, int], str], Callable[[int, int, int], int]]] = [
    ("c", lambda a, c: f"{c}", lambda k, a, c: c),
    ("k + c", lambda a, c: "k" if c == 0 else f"k {'+' if c > 0 else '-'} {abs(c)}", lambda k, a, c: k + c),
    ("a k + c", lambda a, c: f"{a} * k" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: a * k + c),
    ("2^k + c", lambda a, c: f"2 ** k" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: 2**k + c),
    ("a 2^k", lambda a, c: f"{a} * 2 ** k", lambda k, a, c: a * 2**k),
    ("k^2 + c", lambda a, c: "k * k" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: k * k + c),
    ("k(k+1)/2 + c", lambda a, c: "k * (k + 1) // 2" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: k * (k + 1) // 2 + c),
    ("k // a + c", lambda a, c: f"k // {a}" + ("" if c == 0 else f" {'+' if c > 0 else '-'} {abs(c)}"),
     lambda k, a, c: k // a + c),
]


def _lift_constants(ks: list[int], cs: list[int], name: str) -> tuple[str, int] | None:
    """The simplest function of the parameter that gives ``cs[i]`` at ``ks[i]``:
    its expression (in ``name``) and cost, or ``None``."""
    for cost, (_, text, f) in enumerate(_LIFTS):
        if cost == 0:
            a_c = [(0, cs[0])]
        elif len(ks) < 2:
            return None
        elif text(2, 0).startswith("k // "):
            a_c = [(a, cs[0] - ks[0] // a) for a in (2, 3)]
        elif "a" in _LIFTS[cost][0]:
            (k0, c0), (k1, c1) = (ks[0], cs[0]), (ks[1], cs[1])
            base = [f(k, 1, 0) for k in (k0, k1)]
            if base[1] == base[0] or (c1 - c0) % (base[1] - base[0]):
                continue
            a = (c1 - c0) // (base[1] - base[0])
            if a in (0, 1) and "2^k" not in _LIFTS[cost][0]:
                continue
            a_c = [(a, c0 - a * base[0])] if "c" in _LIFTS[cost][0] else [(a, 0)]
        else:
            a_c = [(0, cs[0] - f(ks[0], 0, 0))]
        for a, c in a_c:
            if all(f(k, a, c) == x for k, x in zip(ks, cs)):
                expr = text(a, c).replace("k", name)
                return (expr if expr.lstrip("-").isdigit() else f"({expr})"), cost
    return None


def _skeleton(expr: str) -> tuple[str, list[int]]:
    """``expr`` with its integer literals replaced by ``{0}``, ``{1}``, ... and
    the literals in order (``"n % 4"`` -> ``("n % {0}", [4])``)."""
    import io
    import tokenize

    out: list[str] = []
    consts: list[int] = []
    last = 0
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(expr).readline))
    except (tokenize.TokenError, SyntaxError):
        return expr, []
    for tok in tokens:
        if tok.type == tokenize.NUMBER and tok.string.isdigit():
            start = tok.start[1]
            out.append(expr[last:start].replace("{", "{{").replace("}", "}}"))
            out.append("{" + str(len(consts)) + "}")
            consts.append(int(tok.string))
            last = tok.end[1]
    out.append(expr[last:].replace("{", "{{").replace("}", "}}"))
    return "".join(out), consts


def _candidates(g: Guess) -> list[Conjecture]:
    """The rules of one member to lift: its conjectures that hold, and for a
    one-heap table every form of the library that fits it."""
    out = [c for c in g.conjectures if c.status != "refuted" and not c.names and "grundy." not in c.expr]
    if g.kind in ("heap", "coins") and isinstance(g.table, list) and len(g.table) >= 4:
        v = np.array(g.table, dtype=np.int64)
        first = int(out[0].checked.split("= ")[1].split("..")[0]) if out else 0
        n = np.arange(first, first + len(v), dtype=np.int64)
        k = max(4, len(n) // 2)
        for form in fit_forms(n[:k], v[:k])[:40]:
            if np.array_equal(form.values(n), v):
                out.append(Conjecture("value", form.described(), form.expr, "n", "verified", "", "", len(n),
                                      form.cost))
    return out


def _lift(members: dict[int, Guess], ks: list[int], name: str) -> list[tuple[str, str, int]]:
    """Rules common in shape to the members ``ks``, their constants lifted to
    functions of the parameter ``name``: ``(target, expression, cost)``."""
    shapes: dict[tuple[str, str], dict[int, tuple[list[int], int]]] = {}
    for k in ks:
        for c in _candidates(members[k]):
            sk, consts = _skeleton(c.expr)
            shapes.setdefault((c.target, sk), {}).setdefault(k, (consts, c.cost))
    out = []
    for (target, sk), by_k in shapes.items():
        if set(by_k) != set(ks):
            continue
        slots = len(by_k[ks[0]][0])
        if any(len(by_k[k][0]) != slots for k in ks):
            continue
        lifted, cost = [], max(by_k[k][1] for k in ks)
        for i in range(slots):
            got = _lift_constants(ks, [by_k[k][0][i] for k in ks], name)
            if got is None:
                break
            lifted.append(got[0])
            cost += got[1]
        else:  # (a rule with no constant that varies is the same for every member: kept too)
            out.append((target, sk.format(*lifted), cost))
    return out


def _member_values(g: Guess) -> tuple[str, list[tuple[Any, ...]], list[Any]]:
    """The variables, positions and values (``True`` for a P-position) of a member's table."""
    if g.kind in ("heap", "coins"):
        first = int(g.size.split("= ")[1].split("..")[0])
        pos = [(first + i,) for i in range(len(g.table))]
        return "n", pos, list(g.table)
    arr = np.asarray(g.table)
    pts = [tuple(int(x) for x in t) for t in np.argwhere(arr >= 0)]
    if g.kind == "pair":
        return "a, b", pts, [int(arr[t]) for t in pts]
    return "x", [(t,) for t in pts], [int(arr[t]) for t in pts]


def _check_family(target: str, expr: str, members: dict[int, Guess], name: str,
                  order: list[int]) -> tuple[dict[str, Any] | None, int]:
    """The first ``(k, position)`` where ``expr`` disagrees with its member's
    table (members in ``order``), and how many positions agreed."""
    try:
        code = compile(expr, "<rule>", "eval")
    except SyntaxError:
        return {"position": None, "table": None, "rule": "does not compile"}, 0
    count = 0
    for k in order:
        variables, positions, values = _member_values(members[k])
        names = variables.split(", ")
        for pos, want in zip(positions, values):
            scope = dict(zip(names, pos))
            scope[name] = k
            try:
                got = evaluate_code(code, scope)
            except Exception:  # noqa: BLE001 - a rule that fails somewhere is refuted there
                got = "an error"
            ok = (bool(got) == (want == 0)) if target == "P" else got == want
            if not ok:
                shown = pos[0] if len(pos) == 1 else pos
                return {"position": (k, shown), "table": want if target == "value" else ("P" if want == 0 else "N"),
                        "rule": got if target == "value" else ("P" if got else "N")}, count
            count += 1
    return None, count


def evaluate_code(code: Any, names: dict[str, Any]) -> Any:
    """A compiled expression evaluated as :func:`evaluate` does."""
    from grundy.patterns import forms

    return eval(code, {"__builtins__": __builtins__, **forms.NAMESPACE, **names})  # noqa: S307


#: seconds the synthesiser may search a family's table in n and the parameter
FAMILY_SYNTH_SECONDS = 6.0


def _synthesize_family(members: dict[int, Guess], fitted: list[int], held: list[int],
                       name: str) -> list[tuple[str, str, int]]:
    """Rules in ``n`` and the parameter found by the synthesiser on the members'
    tables side by side (the fitted members first, the held-out ones checked):
    for a family whose members' rules differ in shape."""
    from grundy.patterns.synth import synthesize

    ns: list[int] = []
    ks: list[int] = []
    vs: list[int] = []
    fit = 0
    for k in fitted + held:
        _, positions, values = _member_values(members[k])
        ns.extend(p[0] for p in positions)
        ks.extend([k] * len(positions))
        vs.extend(values)
        if k in fitted:
            fit = len(ns)
    if len(vs) < 4 or fit >= len(vs):
        return []
    n_arr, k_arr, v_arr = (np.array(x, dtype=np.int64) for x in (ns, ks, vs))
    out: list[tuple[str, str, int]] = []
    # a period that is a function of the parameter: the rule on the residue r = n mod p(k)
    period = _lifted_period(members, fitted, name)
    if period is not None:
        p_expr, p_of = period
        r_arr = n_arr % np.array([p_of[k] if k in p_of else 1 for k in ks], dtype=np.int64)
        leaf = f"n % {p_expr}"

        def env(i: int) -> dict[str, Any]:
            return {"n": ns[i], name: ks[i]}

        try:
            found = synthesize([(leaf, r_arr), (name, k_arr)], v_arr, fit=fit, env=env,
                               seconds=FAMILY_SYNTH_SECONDS, limit=3, max_size=9)
            out.extend(("value", f.expr, 15 + f.size) for f in found.found if f.status == "verified")
        except ValueError:
            pass
    for target, goal in (("value", v_arr), ("P", (v_arr == 0).astype(np.int64))):
        if out:
            break
        try:
            found = synthesize([("n", n_arr), (name, k_arr)], goal, fit=fit, target=target,
                               seconds=FAMILY_SYNTH_SECONDS / 2, limit=3)
        except ValueError:
            continue
        out.extend((target, f.expr, 20 + f.size) for f in found.found if f.status == "verified")
    return out


def _lifted_period(members: dict[int, Guess], fitted: list[int], name: str) -> tuple[str, dict[int, int]] | None:
    """The least period (from heap 0, no preperiod) of each member's table, seen
    at least twice, and its lift to a function of the parameter fitted on the
    fitted members: ``(expression, {k: period})`` for every member where the
    expression is an integer, or ``None``."""
    periods: dict[int, int] = {}
    for k in fitted:
        g = members[k]
        v = np.asarray(g.table, dtype=np.int64) if isinstance(g.table, list) else None
        if v is None or v.ndim != 1 or not g.size.split("= ")[1].startswith("0.."):
            return None
        p = next((q for q in range(1, len(v) // 2 + 1) if np.array_equal(v[q:], v[:-q])), None)
        if p is None:
            return None
        periods[k] = p
    candidates: list[str] = []
    for drop in range(0, max(1, len(fitted) - 2)):  # three values at least (two fit any line)
        ks = fitted[drop:]
        got = _lift_constants(ks, [periods[k] for k in ks], name)
        if got is not None:
            candidates.append(got[0])
            break
    even, odd = [k for k in fitted if k % 2 == 0], [k for k in fitted if k % 2]
    if not candidates and even and odd:  # a period for each parity of the parameter
        e = _lift_constants(even, [periods[k] for k in even], name)
        o = _lift_constants(odd, [periods[k] for k in odd], name)
        if e is not None and o is not None:
            candidates.append(f"({e[0]} if {name} % 2 == 0 else {o[0]})")
    for expr in candidates:
        if expr:
            out = {}
            for k in members:
                try:
                    q = evaluate(expr, **{name: k})
                except Exception:  # noqa: BLE001 - no period for this member
                    continue
                if isinstance(q, int) and q >= 1:
                    out[k] = q
            return expr, out
    return None


def _member(target: Any, name: str, k: int, fixed: dict[str, Any]) -> Ruleset:
    """``target(name=k, **fixed)`` as a ruleset, its failure named."""
    label = getattr(target, "__name__", None) or getattr(target, "name", None) or "the factory"
    try:
        made = target(**fixed, **{name: k})
    except GrundyError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's factory failed: name it
        raise InvalidParameterError(
            f"guess: {label}({name}={k}) raised {type(exc).__name__}: {describe(str(exc))[1:-1]}") from None
    if isinstance(made, Ruleset):
        if made.spec is None and made.name in ("<lambda>", "ruleset"):
            made.name = f"{label}({name}={k})"  # a ruleset made of a lambda: named by its factory
        return made
    if callable(made):
        from grundy.rules.ruleset import FunctionRuleset

        return FunctionRuleset(made, f"{label}({name}={k})")
    raise InvalidParameterError(
        f"guess: {label}({name}={k}) returned {describe(made)}, not a ruleset (params= takes a factory: "
        "a function of the parameters that returns a ruleset or a move function)")


def _guess_family(target: Any, params: Mapping[str, Iterable[int]], *, to: int | None, fit: int | None,
                  heaps: int, position: Callable[[int], Hashable] | None, limit: int,
                  known: Mapping[str, Sequence[int]] | bool, shape: str | None, budget: Budget,
                  prove_seconds: float) -> Guess:
    """Guess each member of a family, then lift the rules common in shape to
    one rule in the variables and the parameter, fitted on the first values
    and checked on the last third (held out)."""
    if isinstance(target, Ruleset) or not callable(target):
        raise InvalidParameterError(
            f"guess: params= takes a factory (a function of the parameters returning a ruleset); "
            f"got {describe(target)}")
    if not isinstance(params, Mapping) or not params:
        raise InvalidParameterError(f"guess: params must map a name to its values; got {describe(params)}")
    values: dict[str, list[int]] = {}
    for key, vals in params.items():
        if not isinstance(key, str) or not key.isidentifier():
            raise InvalidParameterError(f"guess: a parameter's name must be an identifier; got {describe(key)}")
        try:
            got = sorted(set(vals))
        except TypeError:
            raise InvalidParameterError(
                f"guess: params[{key!r}] must be integers (a range or a list); got {describe(vals)}") from None
        if not got or any(isinstance(x, bool) or not isinstance(x, int) for x in got):
            raise InvalidParameterError(
                f"guess: params[{key!r}] must be integers (a range or a list); got {describe(vals)}")
        values[key] = got
    varying = [key for key, vals in values.items() if len(vals) > 1]
    if len(varying) != 1:
        raise InvalidParameterError(
            f"guess: a family varies one parameter at a time (the others take one value); got "
            f"{describe({key: len(v) for key, v in values.items()})} values")
    name = varying[0]
    if name in ("n", "a", "b", "x"):
        raise InvalidParameterError(f"guess: a parameter may not be named {name!r} (a variable of the rules)")
    fixed = {key: v[0] for key, v in values.items() if key != name}
    ks = values[name]
    if len(ks) < 3:
        raise InvalidParameterError(
            f"guess: a family needs at least 3 values of {name} (fitted on the first, checked on the "
            f"last); got {describe(ks)}")
    if len(ks) > 64:
        raise InvalidParameterError(f"guess: at most 64 values of {name}; got {len(ks)}")
    hold = max(1, len(ks) // 3)
    fitted, held = ks[:-hold], ks[-hold:]
    members: dict[int, Guess] = {}
    with watching(budget):
        for k in ks:
            rs = _member(target, name, k, fixed)
            members[k] = guess(rs, to=to, fit=fit, heaps=heaps, position=position, limit=max(limit, 10),
                               known=False, shape=shape, budget=budget, prove_seconds=prove_seconds)
    first = members[ks[0]]
    label = getattr(target, "__name__", None) or "family"
    span = f"{name} = {ks[0]}..{ks[-1]}" if ks == list(range(ks[0], ks[-1] + 1)) else f"{name} in {ks}"
    fit_span = (f"{name} = {fitted[0]}..{fitted[-1]}" if fitted == list(range(fitted[0], fitted[-1] + 1))
                else f"{name} in {fitted}")
    found: list[Conjecture] = []
    variables = {"heap": "n", "coins": "n", "pair": "a, b", "heaps": "x"}[first.kind]
    lifted = _lift(members, fitted, name)
    for drop in range(1, len(fitted) - 2):  # the first values may be degenerate (k = 1); three left
        if lifted:
            break
        lifted = _lift(members, fitted[drop:], name)
    if not lifted:  # by the parity of the parameter: two rules joined
        even, odd = [k for k in fitted if k % 2 == 0], [k for k in fitted if k % 2]
        if even and odd:
            for t1, e1, c1 in _lift(members, even, name):
                for t2, e2, c2 in _lift(members, odd, name):
                    if t1 == t2:
                        lifted.append((t1, f"({e1}) if {name} % 2 == 0 else ({e2})", c1 + c2 + 2))
    if not lifted and first.kind in ("heap", "coins"):
        lifted = _synthesize_family(members, fitted, held, name)
    seen: set[str] = set()
    for target_kind, expr, cost in sorted(lifted, key=lambda t: t[2]):
        if expr in seen:
            continue
        seen.add(expr)
        ce, count = _check_family(target_kind, expr, members, name, fitted + held)
        if ce is not None and ce["position"] is not None and ce["position"][0] in fitted:
            continue  # it does not even hold where it was fitted
        words = expr if target_kind == "value" else f"P iff {expr}"
        found.append(Conjecture(
            target_kind, words, expr, variables,
            "refuted" if ce else "verified", f"{fit_span} ({first.size} each)",
            f"{span} ({first.size} each)", count, cost, ce, params=(name,), names=dict(fixed)))
    found.sort(key=lambda c: (_STATUS_ORDER[c.status], c.cost))
    return Guess(f"{label}({name})", first.kind, f"{span}: {first.size} each",
                 {k: g.table for k, g in members.items()}, found[:limit], members)
