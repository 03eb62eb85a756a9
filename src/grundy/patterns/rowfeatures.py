"""Features of rows of heaps for the rule synthesiser, chosen from the table.

A row is a tuple ``x`` of heap sizes, of any length. Each feature is a Python
expression in ``x`` (it pastes back: :func:`grundy.patterns.forms.evaluate`
computes it) and a function computing it. The symmetric aggregates come always:
the number of heaps, order statistics from both ends, ``sum - max``, the parity of the sum, counts of
the smallest, largest, empty, 1- and odd heaps, distinct sizes, the gap at the
top, the sizes missing below the largest, and a multiset parity predicate
("every size occurs an even number of times"). Two facts read off the table
decide the rest:

- **zeros inert**: every row holding an empty heap has the value of the row
  without it (when that row is tabulated): the counts and the multiset
  predicate then skip empty heaps;
- **order matters**: some row's value differs from its sorted row's: the
  positional features then join (the first heap, the last, the number of
  leading 1-heaps, the first heap that is not 1), on the non-empty heaps when
  zeros are inert.

Positional features stay out of a symmetric game's search, which keeps the
synthesiser's enumeration small.

>>> rows = [(a, b) for a in range(3) for b in range(3)]
>>> vals = [a ^ b for a, b in rows]
>>> symmetric(rows, vals), zeros_inert(rows + [(a,) for a in range(3)], vals + [0, 1, 2])
(True, True)
>>> names = [n for n, _ in row_features(rows + [(1, 2, 3)], vals + [0])]
>>> "len(x)" in names, "x[0]" in names
(True, False)
>>> from grundy.patterns.forms import evaluate
>>> all(evaluate(n, x=(2, 0, 1)) == f((2, 0, 1)) for n, f in row_features(rows, vals))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grundy.patterns.forms import xor_all

__all__ = ["row_features", "symmetric", "zeros_inert"]

Row = tuple[int, ...]
Feature = tuple[str, Callable[[Row], int]]


def symmetric(rows: Sequence[Row], values: Sequence[int]) -> bool:
    """Whether every tabulated row has the value of its sorted row (where that
    row is tabulated too).

    >>> symmetric([(0, 1), (1, 0)], [1, 0])
    False
    """
    table = dict(zip(rows, values))
    return all(table.get(tuple(sorted(q)), v) == v for q, v in table.items())


def zeros_inert(rows: Sequence[Row], values: Sequence[int]) -> bool:
    """Whether rows with an empty heap occur and each has the value of the row
    without its empty heaps (where tabulated, and at least once).

    >>> zeros_inert([(0, 1), (1,)], [1, 1]), zeros_inert([(0, 1), (1,)], [0, 1])
    (True, False)
    """
    table = dict(zip(rows, values))
    seen = False
    for q, v in table.items():
        if 0 in q:
            w = table.get(tuple(h for h in q if h))
            if w is not None:
                seen = True
                if w != v:
                    return False
    return seen


def _sym(inert: bool) -> list[Feature]:
    def s2(q: Row) -> int:
        return sorted(q)[-2] if len(q) >= 2 else 0

    out: list[Feature] = [
        ("len(x)", len), ("min(x)", min), ("max(x)", max), ("sum(x)", sum), ("xor_all(x)", xor_all),
        ("sorted(x)[1]", lambda q: sorted(q)[1]), ("sorted(x)[-2]", s2),
        ("sum(x) - max(x)", lambda q: sum(q) - max(q)),
        ("x.count(min(x))", lambda q: q.count(min(q))), ("x.count(max(x))", lambda q: q.count(max(q))),
        ("sum(x) % 2", lambda q: sum(q) % 2), ("x.count(0)", lambda q: q.count(0)), ("x.count(1)", lambda q: q.count(1)),
        ("sum(h % 2 for h in x)", lambda q: sum(h % 2 for h in q)),
        ("len(set(x))", lambda q: len(set(q))),
        ("max(x) - sorted(x)[-2]", lambda q: max(q) - s2(q)),
        ("max(x) + 1 - len(set(x))", lambda q: max(q) + 1 - len(set(q))),
    ]
    if inert:
        out.append(("len(x) - x.count(0)", lambda q: len(q) - q.count(0)))
        out.append(("all(c % 2 == 0 for c in map(x.count, set(x) - {0}))",
                    lambda q: int(all(q.count(h) % 2 == 0 for h in q if h))))
    else:
        out.append(("all(c % 2 == 0 for c in map(x.count, x))", lambda q: int(all(q.count(h) % 2 == 0 for h in q))))
    return out


def _positional(inert: bool) -> list[Feature]:
    if inert:
        def lead(q: Row) -> int:
            y = [h for h in q if h]
            return next((i for i, h in enumerate(y) if h != 1), len(y))

        return [
            ("next((h for h in x if h), 0)", lambda q: next((h for h in q if h), 0)),
            ("next((h for h in x[::-1] if h), 0)", lambda q: next((h for h in q[::-1] if h), 0)),
            ("next((i for i, h in enumerate([h for h in x if h]) if h != 1), len(x) - x.count(0))", lead),
            ("next((h for h in x if h > 1), 0)", lambda q: next((h for h in q if h > 1), 0)),
        ]

    def lead0(q: Row) -> int:
        return next((i for i, h in enumerate(q) if h != 1), len(q))

    return [
        ("x[0]", lambda q: q[0]), ("x[-1]", lambda q: q[-1]),
        ("next((i for i, h in enumerate(x) if h != 1), len(x))", lead0),
        ("next((h for h in x if h != 1), 0)", lambda q: next((h for h in q if h != 1), 0)),
        ("x.index(max(x))", lambda q: q.index(max(q))),
    ]


def row_features(rows: Sequence[Row], values: Sequence[int]) -> list[Feature]:
    """The features of rows for a table of ``values`` of ``rows`` (rows of
    several lengths, so that rules in ``len(x)`` can be told apart): the
    symmetric aggregates, and the positional ones when the order matters.
    Features constant on the rows of at least 2 heaps are dropped.

    >>> rows = [(a, b) for a in range(3) for b in range(3)]
    >>> "x[0]" in [n for n, _ in row_features(rows, [a for a, b in rows])]
    True
    """
    inert = zeros_inert(rows, values)
    feats = _sym(inert) + ([] if symmetric(rows, values) else _positional(inert))
    many = [q for q in rows if len(q) >= 2]
    return [(n, f) for n, f in feats if len({f(q) for q in many}) > 1]
