"""The reading copy of the reducer: the same rules, searched the obvious way.

:func:`grundy.solve.reducer.reduce` is the fast search the package uses; this
module computes the same values in a few dozen lines, for acyclic games, and the
property tests (``tests/solve/test_reducer_reference.py``) hold the two equal. Read
it first: the reducer is this, plus speed, budgets and error messages.

A node is a position or a :class:`~grundy.rules.sums.Sum` of positions. Its value
is made from the values of the nodes it needs:

- :data:`~grundy.solve.reducer.GRUNDY`: a ``Sum`` (an option leaving several games,
  or the parts a position ``decompose``\\ s into) is worth the XOR of its parts, a
  position with another ``canonical`` representative is worth that one; any
  other position is worth ``rule.combine`` (mex) of the set of its options' values.
- the other rules: a node is one game whose moves move exactly one of its parts
  (a position that decomposes is the sum of its parts); its value is
  ``rule.combine`` of the list of its options' values.

>>> import grundy
>>> from grundy.solve.reducer import MISERE, REMOTENESS
>>> lasker = grundy.games.get("lasker")
>>> [reference_reduce(lasker, n) for n in range(9)]
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> reference_reduce(lasker, grundy.Sum(3, 5)), reference_reduce(lasker, 3, REMOTENESS)
(1, 1)
>>> reference_reduce(grundy.games.get("nim"), grundy.Sum(1, 1), MISERE)
1
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from grundy.rules.sums import Sum
from grundy.solve.reducer import GRUNDY, Rule
from grundy.solve.budget import Budget, Meter, as_budget
from grundy.values.errors import LoopyGameError

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["reference_reduce"]

Memo = dict[Hashable, int]
# What a node needs (the nodes whose values make its own), and how its value is made.
Expansion = tuple[Sequence[Hashable], Callable[[Memo], int]]


def reference_reduce(
    ruleset: Ruleset, position: Hashable, rule: Rule = GRUNDY, *,
    memo: Memo | None = None, budget: Budget | None = None,
) -> int:
    """The ``rule`` value of ``position``, as :func:`~grundy.solve.reducer.reduce`
    computes it. ``memo`` (one per ruleset and rule) may be shared between calls;
    past ``budget`` (each node expanded counts as a position) it raises
    :class:`SearchLimitError`.

    >>> import grundy
    >>> reference_reduce(grundy.games.get("nim"), grundy.Sum(1, 2, 3))
    0
    """
    memo = {} if memo is None else memo
    meter = as_budget(budget).start()
    if rule.split:
        return _search(position, lambda node: _split(ruleset, rule, node), memo, meter)
    root = _node(ruleset, [position])
    return _search(root, lambda node: _whole(ruleset, rule, node), memo, meter)


def _search(root: Hashable, expand: Callable[[Hashable], Expansion], memo: Memo,
            meter: Meter) -> int:
    """Depth-first search with an explicit stack. A node is expanded on its first
    visit and finished on its second, once every node it needs has a value; the
    nodes expanded but not finished (``pending``) are the current path, so a node
    that needs one of them closes a cycle."""
    pending: dict[Hashable, Callable[[Memo], int]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node in memo:
            continue
        if node in pending:  # second visit: what it needs is known
            memo[node] = pending.pop(node)(memo)
            continue
        meter.tick("the reference search")
        needed, finish = expand(node)
        pending[node] = finish
        for n in needed:
            if n in pending:
                raise LoopyGameError(f"a cycle through {n!r}", n)
        stack.append(node)
        stack.extend(n for n in needed if n not in memo)
    return memo[root]


def _parts(ruleset: Ruleset, position: Hashable) -> tuple[Hashable, ...] | None:
    """The parts ``position`` declares (``decompose``), or None when it is one game."""
    parts = ruleset.decompose(position)
    if parts is None:
        return None
    flat = tuple(parts.parts if type(parts) is Sum else parts)
    return None if flat == (position,) else flat


def _split(ruleset: Ruleset, rule: Rule, node: Hashable) -> Expansion:
    """GRUNDY: a Sum or a decomposed position XORs its parts, else mex of options."""
    parts = node.parts if type(node) is Sum else _parts(ruleset, node)
    if parts is None and type(node) is not Sum:
        c = ruleset.canonical(node)  # a symmetric position's value is its representative's
        parts = None if c is None or c == node else (c,)
    if parts is not None:
        def xor(memo: Memo) -> int:
            x = 0
            for p in parts:
                x ^= memo[p]
            return x
        return parts, xor
    opts = list(ruleset.moves(node))  # each a position or a Sum: both are nodes
    return opts, lambda memo: rule.combine({memo[o] for o in opts})


def _node(ruleset: Ruleset, positions: Sequence[Hashable]) -> Hashable:
    """``positions`` as one node: Sums and decomposed positions give their parts."""
    parts: list[Hashable] = []
    for p in positions:
        for q in p.parts if type(p) is Sum else (p,):
            sub = _parts(ruleset, q)
            parts.extend((q,) if sub is None else sub)
    return parts[0] if len(parts) == 1 else Sum(*parts)


def _whole(ruleset: Ruleset, rule: Rule, node: Hashable) -> Expansion:
    """The other rules: a move in a node moves one of its parts."""
    parts = node.parts if type(node) is Sum else (node,)
    opts = [_node(ruleset, [*parts[:i], o, *parts[i + 1:]])
            for i, part in enumerate(parts) for o in ruleset.moves(part)]
    return opts, lambda memo: rule.combine([memo[o] for o in opts])
