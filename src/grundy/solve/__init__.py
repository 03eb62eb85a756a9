"""The analysis layer: one reducer (memo, decomposition, budget), the engine that
answers rulesets' and games' questions, compounds, explicit game graphs.

Importing this package registers :mod:`grundy.solve.engine` as the engine of the
rules layer.
"""

from grundy.rules.engine import register_engine
from grundy.solve import engine as _engine
from grundy.solve.budget import Budget
from grundy.solve.compounds import every_outcome, sj_outcome
from grundy.solve.engine import Solver
from grundy.solve.counting import count_positions, count_values, count_xor_box, nim_sum_distribution
from grundy.solve.graph import GameGraph, GraphAnalysis
from grundy.solve.minimax import ZeroSumGame
from grundy.solve.reducer import remoteness_rule, suspense_rule

register_engine(_engine)

__all__ = [
    "Budget", "Solver", "remoteness_rule", "suspense_rule", "GameGraph", "GraphAnalysis",
    "every_outcome", "sj_outcome", "count_positions", "count_values",
    "count_xor_box", "nim_sum_distribution", "ZeroSumGame",
]
