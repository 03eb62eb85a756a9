"""grundy: a toolkit for impartial combinatorial games.

Define a game by its moves, and ask for its Sprague-Grundy value, outcome, winning
moves, remoteness and suspense; add games into disjunctive sums; analyse explicit
game graphs; look up named games in the catalogue.

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> (nim[3] + nim[5] + nim[6]).outcome
Outcome.P
"""

from grundy._interrupt import guard_startup as _guard_startup

_guard_startup()  # only when this process is the ``grundy`` command: Ctrl-C during the imports

from grundy import games  # noqa: E402
from grundy.rules import *  # noqa: F403
from grundy.rules import __all__ as _rules_all
from grundy.rules.compound import (
    ConjunctiveSum, EverySum, Misere, MisereSum, SelectiveSum,
)
from grundy.solve import (
    Budget, GameGraph, Solver, count_positions, count_values, every_outcome, sj_outcome,
)
from grundy.solve.minimax import ZeroSumGame
from grundy.solve.misere_quotient import MisereQuotient
from grundy.solve.report import Report, analyze
from grundy.values import *  # noqa: F403
from grundy.values import __all__ as _values_all

__version__ = "0.1.0"


def _picture(rs: object, position: object) -> str | None:
    """SVG of a position for Jupyter (the plot layer's drawing, imported on first use)."""
    from grundy.plot.svg import picture

    return picture(rs, position)


from grundy.rules.display import register_picture as _register_picture  # noqa: E402

_register_picture(_picture)

__all__ = [
    *_values_all, *_rules_all, "analyze", "Report", "GameGraph", "Solver", "Budget", "Misere", "MisereSum",
    "EverySum", "ConjunctiveSum", "SelectiveSum", "every_outcome", "sj_outcome", "count_positions", "count_values", "games",
    "misere_quotient", "MisereQuotient", "ZeroSumGame", "__version__",
]


def misere_quotient(game: object, heaps: int, *, budget: Budget | None = None,
                    store: bool = True) -> MisereQuotient:
    """The misère quotient of the heaps ``0..heaps`` of a heap game: ``game`` a
    ruleset (the options of a heap are heaps or sums of heaps) or a catalogue
    spec such as ``"octal:0.07"``. Computed within ``budget`` (``stopped`` says
    where and why it stopped short), kept in memory and, for a catalogue spec, on
    disk (``GRUNDY_QUOTIENT_DIR``). See ``docs/misere.md``.

    >>> q = misere_quotient("octal:0.75", 20)
    >>> q.order, q.is_tame, q.outcome([5, 2, 2])
    (8, False, Outcome.N)
    """
    from grundy.rules.ruleset import Ruleset as _Ruleset
    from grundy.solve.budget import as_budget
    from grundy.solve.misere_quotient import MAX_HEAPS, quotient_of
    from grundy.values.errors import InvalidParameterError, describe

    rs = games.get(game) if isinstance(game, str) else game
    if isinstance(rs, Misere):
        rs = rs.inner
    if not isinstance(rs, _Ruleset):
        raise InvalidParameterError(f"misere_quotient takes a heap ruleset or a catalogue spec; got {describe(game)}")
    if isinstance(heaps, bool) or not isinstance(heaps, int) or not 0 <= heaps <= MAX_HEAPS:
        raise InvalidParameterError(f"heaps is an integer from 0 to {MAX_HEAPS:,}; got {describe(heaps)}")
    return quotient_of(rs, heaps, budget=as_budget(budget), store=store)


def __getattr__(name: str) -> object:
    """``grundy.guess`` (:func:`grundy.conjecture.guess`) loads its library of
    forms on first use."""
    if name == "guess":
        from grundy.conjecture import guess

        return guess
    raise AttributeError(f"module 'grundy' has no attribute {name!r}")
