"""Value types, the bottom layer: outcomes, nimbers and mex, periodicity, errors.

Nothing here knows rules, solvers or the catalogue.
"""

from grundy.values.errors import *  # noqa: F403
from grundy.values.errors import __all__ as _errors_all
from grundy.values.nimbers import mex, nim_inverse, nim_mul, nim_pow, nim_square, nim_sum
from grundy.values.loopy import LoopyValue, inf, loopy_outcome, loopy_sum
from grundy.values.outcome import Outcome
from grundy.values.periodicity import Periodicity

__all__ = [
    *_errors_all, "mex", "nim_sum", "nim_mul", "nim_square", "nim_pow", "nim_inverse",
    "Outcome", "Periodicity", "inf", "LoopyValue", "loopy_sum", "loopy_outcome",
]
