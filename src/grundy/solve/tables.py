"""Two-parameter families: the table of P-positions of a game on pairs ``(a, b)``
and its pattern (e.g. Wythoff's pairs against the Beatty sequences).

>>> import grundy
>>> pairs = p_positions(grundy.games.get("wythoff"), 12)
>>> pairs
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> from grundy.patterns.pairs import describe_pairs
>>> describe_pairs(pairs)
'the k-th P-position is (floor(k*phi), floor(k*phi^2)): the Beatty sequences of Wythoff pairs (5 pairs)'
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.values.errors import InvalidPositionError, LoopyGameError, describe
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset

__all__ = ["p_positions", "heap_value"]


def heap_value(ruleset: Ruleset, n: int, progress: Callable[[int], None] | None = None) -> int:
    """The value of heap ``n`` for a table of a one-heap family: the Sprague-Grundy
    value (or a finite generalised value of a loopy game);
    :class:`LoopyGameError` naming the heap when it has an infinite generalised
    value (it can reach a cycle, e.g. a move to itself).

    >>> import grundy
    >>> @grundy.ruleset
    ... def stay(n):                 # a heap may move to itself
    ...     yield n
    ...     yield from range(n)
    >>> heap_value(stay, 2)
    Traceback (most recent call last):
    ...
    grundy.values.errors.LoopyGameError: stay: heap 2 is loopy (it can reach a cycle; generalised value inf()): a table lists values of acyclic games; ask 'grundy analyze' for its outcome (win, loss or draw)
    """
    v = ruleset.value(n, progress=progress)
    if type(v) is not int:
        raise LoopyGameError(
            f"{ruleset.name}: heap {describe(n)} is loopy (it can reach a cycle; generalised "
            f"value {describe(v)}): a table lists values of acyclic games; ask 'grundy analyze' "
            "for its outcome (win, loss or draw)",
            n,
        )
    return v


def p_positions(ruleset: Ruleset, n: int) -> list[tuple[int, int]]:
    """Every P-position ``(a, b)`` with ``a <= b <= n``, decided from the raw rules
    (the memoised search; the closed form only if the graph is loopy), in order
    of ``b - a`` then ``a``. Pairs the game rejects are skipped."""
    out = []
    for a in range(n + 1):
        for b in range(a, n + 1):
            try:
                ruleset.check((a, b))
            except InvalidPositionError:
                continue  # e.g. a side of 0 where the game needs positive sides
            try:
                lost = ruleset.solver.value((a, b)) == 0
            except LoopyGameError:
                lost = ruleset.outcome((a, b)) is Outcome.P
            if lost:
                out.append((a, b))
    return sorted(out, key=lambda p: (p[1] - p[0], p[0]))
