"""Find the pattern: tabulate a game from its rules, then search a library of
closed forms, simplest first, and report each conjecture with its evidence.

A conjecture is fitted on a prefix of the table and checked on all of it; its
status is ``"proven"`` (a theorem applies: the game's own proven period, which
the formula shares), ``"verified"`` (on every position of the table) or
``"refuted"`` (with the first counterexample). Its expression pastes back:
:func:`grundy.patterns.forms.evaluate` (the builtins and
:data:`~grundy.patterns.forms.NAMESPACE`).

>>> import grundy
>>> @grundy.ruleset
... def take_1_to_3(n):
...     return range(max(0, n - 3), n)
>>> g = guess(take_1_to_3, to=200)
>>> print(g.best)
value(n) = n mod 4  [verified on n = 0..200; fitted on n = 0..99]
>>> g.best.expr, g.best.status
('n % 4', 'verified')

Tables work too (one heap from 0, or a square of pairs):

>>> guess([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]).best.expr
'n'
"""

from __future__ import annotations

from grundy.conjecture.guessing import GUESS_BUDGET, guess
from grundy.conjecture.model import DEFAULT_LIMIT, DEFAULT_TO, MAX_VALUES, Conjecture, Guess, evaluate
from grundy.conjecture.one_heap import SYNTH_SECONDS, search_time

__all__ = ["guess", "Guess", "Conjecture", "evaluate", "DEFAULT_TO", "GUESS_BUDGET", "MAX_VALUES", "search_time", "SYNTH_SECONDS"]
