"""Rules, above the value types: the ``Ruleset`` protocol, ``Sum``, games and
compounds of games. No solver and no catalogue live here; the analysis layer
(:mod:`grundy.solve`) registers itself as the engine that answers a game's
questions.
"""

from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.ranges import HeapRanges
from grundy.rules.ruleset import FunctionRuleset, Ruleset, ruleset
from grundy.rules.sums import Sum

__all__ = ["Game", "GameSum", "SumMove", "Ruleset", "FunctionRuleset", "ruleset", "Sum", "HeapRanges"]
