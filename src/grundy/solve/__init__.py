"""Solvers: the memoised search for acyclic games and explicit game graphs."""

from grundy.solve.acyclic import Solver, remoteness_rule, suspense_rule
from grundy.solve.graph import GameGraph, GraphAnalysis

__all__ = ["Solver", "remoteness_rule", "suspense_rule", "GameGraph", "GraphAnalysis"]
