"""Core types: outcomes, nimber arithmetic, sums, rulesets and games."""

from grundy.core.errors import *  # noqa: F403
from grundy.core.errors import __all__ as _errors_all
from grundy.core.game import Game, GameSum, SumMove
from grundy.core.nimbers import mex, nim_inverse, nim_mul, nim_pow, nim_square, nim_sum
from grundy.core.outcome import Outcome
from grundy.core.ruleset import FunctionRuleset, Ruleset, ruleset
from grundy.core.sums import Sum

__all__ = [
    *_errors_all,
    "Game",
    "GameSum",
    "SumMove",
    "mex",
    "nim_sum",
    "nim_mul",
    "nim_square",
    "nim_pow",
    "nim_inverse",
    "Outcome",
    "Ruleset",
    "FunctionRuleset",
    "ruleset",
    "Sum",
]
