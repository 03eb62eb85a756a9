"""grundy: a toolkit for impartial combinatorial games.

Define a game by its moves, and ask for its Sprague-Grundy value, outcome, winning
moves, remoteness and suspense; add games into disjunctive sums; analyse explicit
game graphs; look up named games in the catalogue.

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> (nim[3] + nim[5] + nim[6]).outcome
Outcome.P
"""

from grundy import games
from grundy.core import *  # noqa: F403
from grundy.core import __all__ as _core_all
from grundy.solve import GameGraph, Misere, Solver, every_outcome, sj_outcome

__version__ = "0.1.0"

__all__ = [
    *_core_all, "GameGraph", "Solver", "Misere", "every_outcome", "sj_outcome", "games",
    "__version__",
]
