"""Patterns in tables of pairs: the P-positions of a two-heap game against
Wythoff's Beatty pairs.

>>> describe_pairs([(0, 0), (1, 2), (3, 5)])
'the k-th P-position is (floor(k*phi), floor(k*phi^2)): the Beatty sequences of Wythoff pairs (3 pairs)'
"""

from __future__ import annotations

from math import isqrt

__all__ = ["wythoff_pair", "describe_pairs"]


def wythoff_pair(k: int) -> tuple[int, int]:
    """The ``k``-th P-position ``(floor(k phi), floor(k phi^2))``, exactly.

    ``floor(k phi) = (k + isqrt(5 k^2)) // 2`` because ``sqrt(5) k`` is irrational
    for ``k > 0``: no floating point, exact for any ``k`` (OEIS A000201/A001950).

    >>> [wythoff_pair(k) for k in range(5)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    """
    a = (k + isqrt(5 * k * k)) // 2
    return a, a + k


def describe_pairs(pairs: list[tuple[int, int]]) -> str:
    """A one-line description of the pattern of a list of P-pairs."""
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
