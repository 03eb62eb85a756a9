"""Compiled table builders (numba over flat numpy arrays).

The readable pure-Python rulesets in :mod:`grundy.games` stay the reference; the
tests check every kernel against them. numba is imported lazily, on the first
table built.
"""

from grundy.kernels.octal import grundy_game_table, octal_table

__all__ = ["octal_table", "grundy_game_table"]
