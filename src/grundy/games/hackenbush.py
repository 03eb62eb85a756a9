"""Green Hackenbush on rooted trees (the notes' tree edge-deletion game)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.rules.ruleset import Ruleset

__all__ = ["GreenHackenbush", "tree_from_edges", "string"]

Tree = tuple[Any, ...]  # a rooted tree: the tuple of its children's subtrees (sorted)


def _canon(children: Iterable[Tree]) -> Tree:
    return tuple(sorted(children))


def string(n: int) -> Tree:
    """A path of ``n`` edges hanging from the root (value ``n``)."""
    t: Tree = ()
    for _ in range(n):
        t = (t,)
    return t


def tree_from_edges(edges: Iterable[tuple[Hashable, Hashable]], root: Hashable) -> Tree:
    """The rooted tree (as nested tuples) of an undirected edge list.

    >>> tree_from_edges([(1, 2), (1, 3), (3, 4)], 1)
    ((), ((),))
    """
    adj: dict[Hashable, list[Hashable]] = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    adj.setdefault(root, [])
    order: list[Hashable] = [root]
    parent: dict[Hashable, Hashable] = {root: root}
    i = 0
    while i < len(order):
        u = order[i]
        i += 1
        for v in adj[u]:
            if v not in parent:
                parent[v] = u
                order.append(v)
            elif v != parent[u] and parent.get(v) != u:
                raise InvalidParameterError(f"the edges contain a cycle through {describe(v)}; not a tree")
    built: dict[Hashable, list[Tree]] = {u: [] for u in order}
    for u in reversed(order):
        t = _canon(built[u])
        if u == root:
            return t
        built[parent[u]].append(t)
    raise AssertionError("unreachable")


class GreenHackenbush(Ruleset):
    """Green Hackenbush on a rooted tree: a move deletes an edge, and everything no
    longer connected to the root falls away.

    A tree is the tuple of its root's subtrees (``()`` is the bare root; ``((),)``
    one edge). Colon principle (the notes): ``g(tree) = XOR over children c of
    (g(c) + 1)``; a string of ``n`` edges has value ``n``. O(edges).

    >>> h = GreenHackenbush()
    >>> h.value(string(5)), h.value(((), (), ()))
    (5, 1)
    >>> h.value(tree_from_edges([(1, 2), (2, 3), (1, 4), (4, 5), (4, 6)], 1))  # (1+1) ^ (0+1)
    3
    """

    name = spec = "hackenbush"

    def moves(self, position: Tree) -> Iterator[Tree]:
        for i, child in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            yield rest  # cut the edge to this child
            for sub in self.moves(child):
                yield _canon(rest + (sub,))

    def validate(self, position: Any) -> None:
        stack = [position]
        while stack:
            t = stack.pop()
            if not isinstance(t, tuple):
                raise InvalidPositionError(f"hackenbush: a tree is a tuple of subtrees; got {describe(t)}")
            stack.extend(t)

    def value_formula(self, position: Tree) -> int:
        # post-order without recursion
        out: dict[int, int] = {}
        stack: list[tuple[Tree, bool]] = [(position, False)]
        while stack:
            t, done = stack.pop()
            if done:
                v = 0
                for c in t:
                    v ^= out[id(c)] + 1
                out[id(t)] = v
            else:
                stack.append((t, True))
                stack.extend((c, False) for c in t)
        return out[id(position)]
