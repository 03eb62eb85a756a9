"""Two-parameter families: the table of P-positions of a game on pairs ``(a, b)``
and its pattern (e.g. Wythoff's pairs against the Beatty sequences).

>>> import grundy
>>> pairs = p_positions(grundy.games.get("wythoff"), 12)
>>> pairs
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
>>> describe_pairs(pairs)
'the k-th P-position is (floor(k*phi), floor(k*phi^2)): the Beatty sequences of Wythoff pairs (5 pairs)'
"""

from __future__ import annotations

from grundy.core.errors import InvalidPositionError, LoopyGameError
from grundy.core.outcome import Outcome
from grundy.core.ruleset import Ruleset

__all__ = ["p_positions", "describe_pairs"]


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


def describe_pairs(pairs: list[tuple[int, int]]) -> str:
    """A one-line description of the pattern of a list of P-pairs."""
    from grundy.games.wythoff import wythoff_pair

    if pairs and all(p == wythoff_pair(k) for k, p in enumerate(pairs)):
        return (
            "the k-th P-position is (floor(k*phi), floor(k*phi^2)): the Beatty "
            f"sequences of Wythoff pairs ({len(pairs)} pairs)"
        )
    diffs = [b - a for a, b in pairs]
    if pairs and all(a == b for a, b in pairs):
        return f"exactly the equal pairs (a, a) ({len(pairs)} pairs)"
    firsts = [a for a, _ in pairs]
    unique = len(set(firsts)) == len(firsts) and len(set(diffs)) == len(diffs)
    kind = "each a and each difference at most once" if unique else "repeated entries"
    return f"{len(pairs)} pairs; {kind}; differences {diffs[:12]}{'...' if len(diffs) > 12 else ''}"
