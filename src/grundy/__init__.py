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
    "ZeroSumGame", "__version__",
]


def __getattr__(name: str) -> object:
    """``grundy.guess`` (:func:`grundy.conjecture.guess`) loads its library of
    forms on first use."""
    if name == "guess":
        from grundy.conjecture import guess

        return guess
    raise AttributeError(f"module 'grundy' has no attribute {name!r}")
