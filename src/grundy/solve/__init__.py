"""Solvers: the memoised search for acyclic games and explicit game graphs."""

from grundy.solve.acyclic import Solver, remoteness_rule, suspense_rule
from grundy.solve.counting import count_positions, count_values, count_xor_box, nim_sum_distribution
from grundy.solve.every import every_outcome
from grundy.solve.graph import GameGraph, GraphAnalysis
from grundy.solve.misere import Misere, sj_outcome

__all__ = [
    "Solver", "remoteness_rule", "suspense_rule", "GameGraph", "GraphAnalysis",
    "every_outcome", "Misere", "sj_outcome", "count_positions", "count_values",
    "count_xor_box", "nim_sum_distribution",
]
