"""Conjectures and guesses as values, and how an expression is evaluated."""

from __future__ import annotations

import functools
import operator
from dataclasses import dataclass, field
from types import CodeType
from typing import Any

import numpy as np

from grundy.values.errors import InvalidParameterError, describe


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
        >>> g = grundy.guess(grundy.ruleset(lambda n: range(max(0, n - 3), n)), to=60)
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
    return eval(_compiled(expr), scope)  # noqa: S307


@functools.lru_cache(maxsize=1024)
def _compiled(expr: str) -> CodeType:
    """``expr`` compiled once: :meth:`Conjecture.predict` over a range of
    positions evaluates the same expression each time (parsing it again cost
    most of a call: 70,000 predictions of a band rule took 9 s, now 1 s)."""
    return compile(expr, "<string>", "eval")


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
