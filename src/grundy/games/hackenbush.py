"""Green Hackenbush: rooted trees, forests, and any undirected multigraph with a ground.

A move cuts one edge; whatever is no longer connected to the ground falls away; a
player who cannot move loses. Three forms:

- :class:`GreenHackenbush` (catalogue ``hackenbush``): one rooted tree as nested
  tuples (``()`` is the bare root, ``((),)`` one edge), or an edge list rooted at 0;
- :class:`HackenbushGraph` (catalogue ``hackenbush-graph``): a :class:`Graph`, any
  multigraph with loops and one or several grounded vertices;
- array functions for big inputs: :func:`tree_values` (a parent array) and
  :func:`hackenbush_value` / :func:`winning_cut` (an edge list, an ``(m, 2)`` array,
  a networkx graph or a :class:`Graph`).

Theory (the notes). The colon principle: a vertex's value is the XOR over its
children ``c`` of ``g(c) + 1``. The fusion principle: fusing a cycle (any
2-edge-connected part) into one vertex, its edges becoming loops, keeps the value;
a loop is a stalk of one edge. Several grounded vertices are fused into one.

>>> hackenbush_value([(0, 1), (1, 2), (2, 0)])            # a triangle on the ground
1
>>> hackenbush_value([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)])   # even square (0), stalk 1
1
>>> winning_cut([(0, 1), (1, 2), (2, 0)])                 # leaves two stalks of 1
(1, 2)
>>> hackenbush_value([(0, 1), (1, 2)], ground=[0, 2])    # both ends grounded: two loops
0
>>> tree_values([-1, 0, 0, 1]).tolist()                  # parent array
[3, 1, 0, 0]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, cast

import numpy as np

from grundy.kernels.trees import (
    canonical_code, code_parents, code_text, colon_values, forest_order, grounded_prefix_values,
    root_tree,
)
from grundy.rules.graphinput import GraphInput, components, graph_input, reachable, vertex_key
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.values.errors import InvalidParameterError, InvalidPositionError, SearchLimitError, describe
from grundy.games.registry import catalogued

__all__ = [
    "Tree",
    "GreenHackenbush",
    "HackenbushGraph",
    "Graph",
    "tree_from_edges",
    "string",
    "tree_values",
    "hackenbush_value",
    "winning_cut",
    "parse_edges",
    "prefix_ground_values",
]

Edge = tuple[Hashable, Hashable]

#: Most edges of a tree built from nested tuples or text, or listed move by move
#: (guards against a tuple DAG that shares subtrees: ``t = (t, t)`` twenty times).
MAX_TREE_EDGES = 50_000_000
#: Deepest nested tuple taken as a tree position. Python hashes and compares
#: nested tuples recursively in C, so a path of 200,000 tuples crashes the
#: interpreter when hashed; deeper trees are :class:`Tree` objects.
MAX_TUPLE_DEPTH = 10_000
#: Most edges of a tree (or graph) whose moves are listed one by one (each option
#: is a whole tree, O(n)): searches of bigger positions stop with SearchLimitError
#: at once; values, outcomes and winning moves come from the theorems at any size.
MAX_MOVE_EDGES = 10_000


class Tree:
    """A rooted tree as a Green Hackenbush position: immutable, hashable, and
    compared, hashed, printed and pickled without recursion at any depth (a path
    of 10^6 edges is fine).

    It is stored as its canonical code, the brackets of a depth-first walk (an
    edge is ``(`` subtree ``)``) with the children of every vertex in a canonical
    order (:func:`grundy.kernels.trees.canonical_code`): two trees are equal iff
    they are isomorphic as rooted trees. Build one from nested tuples (``()`` is
    the bare root, ``((),)`` one edge; any depth, read iteratively), from their
    text, from an edge list (:meth:`from_edges`) or a parent array
    (:meth:`from_parents`). A tree never equals a tuple (its hash could not
    agree with the tuple's).

    >>> Tree((((),), ())) == Tree("((), ((),))")       # children in any order
    True
    >>> Tree((((),), ())), Tree(()).size
    (Tree('((), ((),))'), 0)
    >>> Tree.from_parents([-1, 0, 1, 0]).children()
    (Tree('()'), Tree('((),)'))
    >>> Tree("(()")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: hackenbush: '(()' is not a tree: unbalanced brackets
    """

    __slots__ = ("_code", "_hash")

    _code: bytes
    _hash: int

    def __new__(cls, tree: Any = ()) -> Tree:
        if type(tree) is Tree:
            return tree
        if isinstance(tree, str):
            return _tree_from_text(tree)
        if isinstance(tree, (tuple, list)):
            return _tree_from_tuple(tree)
        raise InvalidPositionError(
            f"hackenbush: a tree is nested tuples, their text or a Tree; got {describe(tree)}"
        )

    @classmethod
    def _of_code(cls, code: bytes) -> Tree:
        self = object.__new__(cls)
        object.__setattr__(self, "_code", code)
        object.__setattr__(self, "_hash", hash(("grundy.Tree", code)))
        return self

    @classmethod
    def from_parents(cls, parent: Any) -> Tree:
        """The tree of a parent array (``-1`` at the one root), any numbering.

        >>> Tree.from_parents([1, -1, 1])
        Tree('((), ())')
        """
        p = np.asarray(parent)
        if p.ndim != 1 or p.shape[0] == 0 or not np.issubdtype(p.dtype, np.integer):
            raise InvalidPositionError(f"a parent array is a non-empty 1-d array of ints; got {describe(parent)}")
        p = p.astype(np.int64)
        n = p.shape[0]
        if p.min() < -1 or p.max() >= n or int(np.count_nonzero(p < 0)) != 1:
            raise InvalidPositionError(
                f"a tree's parent array has one root (-1) and parents in 0..{n - 1}; got {_short(parent)}"
            )
        order = forest_order(p)
        if order.shape[0] < n:
            raise InvalidPositionError(f"the parent array {_short(parent)} has a cycle")
        return cls._of_code(canonical_code(p, order))

    @classmethod
    def from_edges(cls, edges: Iterable[tuple[Hashable, Hashable]], root: Hashable) -> Tree:
        """The tree of an undirected edge list, rooted at ``root`` (see
        :func:`tree_from_edges`)."""
        return tree_from_edges(edges, root)

    @classmethod
    def path(cls, n: int) -> Tree:
        """A string of ``n`` edges (value ``n``)."""
        return string(n)

    @property
    def size(self) -> int:
        """The number of edges."""
        return len(self._code) // 2

    @property
    def code(self) -> bytes:
        """The canonical bracket code (``b'(())'``: a string of two edges)."""
        return self._code

    def parents(self) -> Any:
        """The parent array in canonical preorder (root 0, ``-1``), numpy int64."""
        return code_parents(self._code)

    def children(self) -> tuple[Tree, ...]:
        """The subtrees hanging from the root (each in canonical form)."""
        out: list[Tree] = []
        depth = 0
        start = 0
        for i, ch in enumerate(self._code):
            if ch == 40:
                if depth == 0:
                    start = i
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    out.append(Tree._of_code(self._code[start + 1 : i]))
        return tuple(out)

    def to_tuple(self) -> tuple[Any, ...]:
        """Nested tuples (built iteratively; deeper than :data:`MAX_TUPLE_DEPTH`
        they are not safe to hash or compare in Python)."""
        stack: list[list[Any]] = [[]]
        for ch in self._code:
            if ch == 40:
                stack.append([])
            else:
                done = tuple(stack.pop())
                stack[-1].append(done)
        return tuple(stack[0])

    def __eq__(self, other: object) -> bool:
        if type(other) is not Tree:
            return NotImplemented
        return self is other or (self._hash == other._hash and self._code == other._code)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return self._hash

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tree is immutable")

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return (_tree_of_code, (self._code,))

    def __str__(self) -> str:
        return code_text(self._code)

    def __repr__(self) -> str:
        return f"Tree('{code_text(self._code)}')"


def _tree_of_code(code: bytes) -> Tree:
    """A tree from a bracket code (unpickling): checked, and made canonical."""
    if not isinstance(code, bytes):
        raise InvalidPositionError(f"hackenbush: a tree code is bytes; got {describe(code)}")
    parent = code_parents(code)
    if parent is None:
        raise InvalidPositionError(f"hackenbush: {describe(code)} is not a tree code")
    return Tree._of_code(canonical_code(parent, np.arange(parent.shape[0])))


def _tree_from_text(text: str) -> Tree:
    """Nested-tuple text (``'((), ((),))'``; brackets ``()`` or ``[]``, commas
    optional) to a tree, in one pass."""
    body = "".join(text.split()).replace(",", "").replace("[", "(").replace("]", ")")
    if not body or set(body) - {"(", ")"}:
        raise InvalidPositionError(
            f"hackenbush: {describe(text)} is not a tree: write nested tuples like '((), ((),))'"
        )
    if len(body) // 2 > MAX_TREE_EDGES + 1:
        raise InvalidPositionError(f"hackenbush: a tree of more than {MAX_TREE_EDGES:,} edges is refused")
    code = body.encode("ascii")
    parent = code_parents(code[1:-1]) if code[:1] == b"(" and code[-1:] == b")" else None
    if parent is None or code_parents(code) is None:  # '()()': two trees side by side
        raise InvalidPositionError(f"hackenbush: {describe(text)} is not a tree: unbalanced brackets")
    return Tree._of_code(canonical_code(parent, np.arange(parent.shape[0])))


def _tree_from_tuple(tree: tuple[Any, ...] | list[Any]) -> Tree:
    """Nested tuples (or lists) to a tree, iteratively by object identity (never
    hashing or comparing the tuples)."""
    parent: list[int] = [-1]
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack:
        t, me = stack.pop()
        for c in t:
            if not isinstance(c, (tuple, list)):
                raise InvalidPositionError(f"hackenbush: a tree is a tuple of subtrees; got {describe(c)}")
            parent.append(me)
            stack.append((c, len(parent) - 1))
        if len(parent) > MAX_TREE_EDGES + 1:
            raise InvalidPositionError(
                f"hackenbush: a tree of more than {MAX_TREE_EDGES:,} edges is refused "
                "(a tuple that repeats a subtree counts it every time)"
            )
    p = np.array(parent, dtype=np.int64)
    return Tree._of_code(canonical_code(p, forest_order(p)))


def _tuple_depth(tree: Any) -> int:
    """The depth of nested tuples (iterative); raises for a leaf that is not a tuple
    and for more than :data:`MAX_TREE_EDGES` tuples."""
    deepest = 0
    count = 0
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack:
        t, d = stack.pop()
        if not isinstance(t, tuple):
            raise InvalidPositionError(f"hackenbush: a tree is a tuple of subtrees; got {describe(t)}")
        count += len(t)
        if count > MAX_TREE_EDGES:
            raise InvalidPositionError(f"hackenbush: a tree of more than {MAX_TREE_EDGES:,} edges is refused")
        deepest = max(deepest, d)
        stack.extend((c, d + 1) for c in t)
    return deepest


def as_tree(position: Any) -> Tree:
    """``position`` as a :class:`Tree` (a tree, nested tuples, or their text)."""
    return position if type(position) is Tree else Tree(position)


def string(n: int) -> Tree:
    """A path of ``n`` edges hanging from the root (value ``n``).

    >>> string(2)
    Tree('(((),),)')
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidParameterError(f"a string has a non-negative number of edges; got {describe(n)}")
    if n > MAX_TREE_EDGES:
        raise InvalidParameterError(f"a tree of more than {MAX_TREE_EDGES:,} edges is refused; got {n:,}")
    return Tree._of_code(b"(" * n + b")" * n)


def tree_from_edges(edges: Iterable[tuple[Hashable, Hashable]], root: Hashable) -> Tree:
    """The rooted tree of an undirected edge list, as a :class:`Tree`.

    >>> tree_from_edges([(1, 2), (1, 3), (3, 4)], 1)
    Tree('((), ((),))')
    >>> tree_from_edges([(1, 2), (3, 4)], 1)
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: the edges [(1, 2), (3, 4)] are not connected: vertex 3 is not reachable from the root 1
    """
    edges = list(edges)
    ids: dict[Hashable, int] = {root: 0}
    labels: list[Hashable] = [root]
    us = np.empty(len(edges), dtype=np.int64)
    vs = np.empty(len(edges), dtype=np.int64)
    for i, e in enumerate(edges):
        try:
            u, v = e
            a = ids.setdefault(u, len(labels))
            if a == len(labels):
                labels.append(u)
            b = ids.setdefault(v, len(labels))
            if b == len(labels):
                labels.append(v)
        except (TypeError, ValueError):
            raise InvalidParameterError(f"an edge is a pair of hashable vertices; got {describe(e)}") from None
        if a == b:
            raise InvalidParameterError(f"the edge {describe((u, v))} is a self-loop; a tree has none")
        us[i] = a
        vs[i] = b
    n = len(labels)
    parent, order, cycle = root_tree(us, vs, n, np.zeros(1, dtype=np.int64))
    if cycle >= 0:
        raise InvalidParameterError(f"the edges contain a cycle through {describe(labels[cycle])}; not a tree")
    if order.shape[0] < n:
        seen = np.zeros(n, dtype=bool)
        seen[order] = True
        lost = labels[int(np.flatnonzero(~seen)[0])]
        raise InvalidParameterError(
            f"the edges {describe(edges)} are not connected: vertex {describe(lost)} is not reachable "
            f"from the root {describe(root)}"
        )
    if len(edges) != n - 1:  # pragma: no cover - a connected graph without a cycle
        raise InvalidParameterError(f"the edges {describe(edges)} are not a tree")
    return Tree._of_code(canonical_code(parent, order))


def _cut(parent: Any, v: int, end: int) -> Tree:
    """The tree (a preorder parent array) less the edge above vertex ``v`` and its
    subtree (the vertices ``v .. end-1``)."""
    keep = np.concatenate([parent[:v], parent[end:]])
    keep[keep >= end] -= end - v
    return Tree._of_code(canonical_code(keep, np.arange(keep.shape[0])))


def _subtree_ends(parent: Any) -> list[int]:
    """``end[v]``: one past the last vertex of ``v``'s subtree (a preorder parent
    array: the subtree of ``v`` is ``v .. end[v]-1``)."""
    par = parent.tolist()
    n = len(par)
    size = [1] * n
    for v in range(n - 1, 0, -1):
        size[par[v]] += size[v]
    return [v + size[v] for v in range(n)]


@catalogued("hackenbush", "green hackenbush", "tree edge deletion", "tree game",
            summary="Green Hackenbush on a rooted tree (nested tuples, or edges '0-1 1-2 0-3' rooted at 0).",
            position="'((),((),))'", legal=((), ((), ((),)), ((), ())))
class GreenHackenbush(Ruleset):
    """Green Hackenbush on a rooted tree: a move deletes an edge, and everything no
    longer connected to the root falls away.

    A position is a :class:`Tree` (nested tuples are accepted too: ``()`` is the
    bare root, ``((),)`` one edge, up to :data:`MAX_TUPLE_DEPTH` levels). Colon
    principle (the notes): ``g(tree) = XOR over children c of (g(c) + 1)``; a
    string of ``n`` edges has value ``n``. O(edges), compiled and iterative (a
    path of 10^6 edges is fine). On the command line a tree is nested tuples or an
    edge list rooted at vertex 0 (``'0-1 1-2 0-3'``, or ``@FILE`` of edges).

    >>> h = GreenHackenbush()
    >>> h.value(string(5)), h.value(((), (), ()))
    (5, 1)
    >>> h.value(tree_from_edges([(1, 2), (2, 3), (1, 4), (4, 5), (4, 6)], 1))  # (1+1) ^ (0+1)
    3
    >>> h.winning_move(((), ((),)))          # value 1 ^ 2: shorten the long stalk
    Tree('((), ())')
    >>> h.parse_position("0-1 1-2 0-3")
    Tree('((), ((),))')
    """


    def moves(self, position: Any) -> Iterator[Tree]:
        t = as_tree(position)
        if t.size > MAX_MOVE_EDGES:
            raise SearchLimitError(
                f"hackenbush: listing the moves of a tree of {t.size:,} edges (more than "
                f"{MAX_MOVE_EDGES:,}, each a whole tree) is out of reach of a search; its value, "
                "outcome and a winning move come from the colon principle"
            )
        parent = t.parents()
        end = _subtree_ends(parent)
        for v in range(1, parent.shape[0]):
            yield _cut(parent, v, end[v])

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``cut p-v``: the edge from ``p`` down to ``v``, the vertices numbered in
        preorder from the root 0 (as the picture numbers them).

        >>> h = GreenHackenbush()
        >>> t = h.check(((), ((),)))
        >>> [h.format_move(t, o) for o in h.moves(t)]
        ['cut 0-1', 'cut 0-2', 'cut 2-3']
        """
        if type(position) not in (Tree, tuple):
            return None
        parent = as_tree(position).parents().tolist()
        return zip((f"cut {parent[v]}-{v}" for v in range(1, len(parent))), self.moves(position))

    def check(self, position: Any) -> Hashable:
        # nested tuples are hashed recursively by Python (a deep one crashes it):
        # checked before anything hashes them
        if type(position) is tuple:
            self.validate(position)
            return Tree(position)
        return super().check(position)

    def validate(self, position: Any) -> None:
        if type(position) is Tree:
            return
        if type(position) is not tuple:
            raise InvalidPositionError(f"hackenbush: a tree is a Tree or nested tuples; got {describe(position)}")
        depth = _tuple_depth(position)
        if depth > MAX_TUPLE_DEPTH:
            raise InvalidPositionError(
                f"hackenbush: nested tuples {depth:,} levels deep (more than {MAX_TUPLE_DEPTH:,}) "
                "cannot be hashed safely by Python; pass grundy.games.Tree(...) (from the tuples, "
                "Tree.from_edges or Tree.from_parents)"
            )

    def parse_position(self, text: str) -> Hashable:
        s = text.strip()
        if s.startswith(("(", "[")) or s == "":
            return Tree(s)
        g = parse_edges(s, what="hackenbush")
        if len(g.ground) != 1:
            raise InvalidPositionError(f"hackenbush: a rooted tree has one ground; got {describe(text)}")
        try:
            return tree_from_edges(g.edges, next(iter(g.ground)))
        except InvalidParameterError as exc:
            raise InvalidPositionError(f"hackenbush: {exc} (in {describe(text)})") from None

    def format_position(self, position: Any) -> str:
        if type(position) is Tree:
            return str(position)
        if type(position) is tuple:
            return str(Tree(position))
        return super().format_position(position)

    def value_formula(self, position: Any) -> int:
        t = as_tree(position)
        parent = t.parents()
        return int(colon_values(parent, np.arange(parent.shape[0]))[0])

    def options_with_value_formula(
        self, position: Any, target: int, *, limit: int | None = None
    ) -> list[Hashable] | None:
        """Declines (the options are searched), but first refuses more options
        (one per edge) than ``limit``, before any is built."""
        t = as_tree(position)
        if limit is not None and t.size > limit:
            raise SearchLimitError(f"hackenbush: a tree of {t.size:,} edges has more than {limit:,} options")
        return None

    def option_with_value(self, position: Any, target: int) -> Hashable | None:
        """Constructed: descend to the child whose ``g + 1`` carries the top bit of
        the change, then cut there or recurse with the new target."""
        t = as_tree(position)
        parent = t.parents()
        n = parent.shape[0]
        vals = colon_values(parent, np.arange(n))
        g = int(vals[0])
        if target > g:
            found = super().option_with_value(t, target)
            return found if type(found) is Tree else None
        if target == g:
            return None
        end = _subtree_ends(parent)
        node, tgt = 0, target
        while True:
            d = int(vals[node]) ^ tgt
            c = node + 1
            while c < end[node]:  # the children of node, each followed by its subtree
                w = int(vals[c]) + 1
                if w ^ d < w:
                    new = w ^ d
                    if new == 0:
                        return _cut(parent, c, end[c])
                    node, tgt = c, new - 1
                    break
                c = end[c]
            else:  # pragma: no cover - the colon principle guarantees a child
                raise AssertionError("no child carries the top bit")


# ---------------------------------------------------------------- graphs
@dataclass(frozen=True)
class Graph:
    """A Hackenbush position: an undirected multigraph (a tuple of edges, loops and
    parallel edges allowed) and its grounded vertices. Edges are kept sorted, each
    as ``(min, max)``, so equal graphs are equal positions.

    >>> Graph.make([(2, 1), (0, 1)])
    Graph(edges=((0, 1), (1, 2)), ground=frozenset({0}))
    """

    edges: tuple[Edge, ...]
    ground: frozenset[Hashable]

    @classmethod
    def make(
        cls,
        edges: Iterable[Sequence[Hashable]] | GraphInput,
        ground: Iterable[Hashable] | Hashable = 0,
        *,
        canonical: bool = True,
    ) -> Graph:
        """The graph of ``edges`` (pairs, or any input of
        :func:`~grundy.rules.graphinput.graph_input`) grounded at ``ground`` (a
        vertex or several); ``canonical=False`` keeps the given order."""
        gr: Iterable[Hashable]
        if isinstance(ground, (list, tuple, set, frozenset, range)):
            gr = ground
        else:
            gr = [cast(Hashable, ground)]
        gi = graph_input(edges, what="hackenbush")
        return cls(gi.sorted_edges() if canonical else gi.edges, frozenset(gr))

    @property
    def vertices(self) -> set[Hashable]:
        vs = set(self.ground)
        for u, v in self.edges:
            vs.add(u)
            vs.add(v)
        return vs

    def without(self, index: int) -> Graph:
        """The position after cutting edge number ``index``: the rest, less what
        fell away."""
        return Graph(self.edges[:index] + self.edges[index + 1 :], self.ground).pruned()

    def pruned(self) -> Graph:
        """The edges still connected to the ground (one search from the ground, O(m))."""
        keep = reachable(self.edges, self.ground)
        if all(u in keep for u, _ in self.edges):
            return self
        return Graph(tuple(e for e in self.edges if e[0] in keep), self.ground)

    def __str__(self) -> str:
        es = " ".join(f"{u}-{v}" for u, v in self.edges)
        gs = ",".join(str(g) for g in sorted(self.ground, key=vertex_key))
        return f"{es} ground={gs}".strip()


def parse_edges(
    text: str, *, what: str = "graph", loops: bool = True, require_ground: bool = True
) -> Graph:
    """Read a Hackenbush graph from text (:func:`grundy.rules.graphinput.graph_input`:
    edges ``u-v``, or ``u v`` one per line, ``n=N``, ``base=1``, ``#`` comments,
    ``@FILE``) with its ``ground=a,b`` (default ``ground=0``, ``1`` with ``base=1``).

    >>> parse_edges("0-1 1-2 2-0")
    Graph(edges=((0, 1), (0, 2), (1, 2)), ground=frozenset({0}))
    >>> parse_edges("a-b b-c ground=a").ground
    frozenset({'a'})
    >>> parse_edges("n=3 0-1 1-5")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: graph: the edge '1-5' names vertex 5, not one of the n=3 vertices 0..2 (in 'n=3 0-1 1-5')
    """
    gi = graph_input(text, what=what, marks=("ground",))
    if not loops:
        gi.refuse_loops()
    g = Graph.make(gi, [gi.base] if gi.ground is None else gi.ground)
    if require_ground and g.edges and gi.n is None and not _grounded(g):
        raise _no_ground(what, g.ground, text)
    return g


def _grounded(g: Graph) -> bool:
    return any(u in g.ground or v in g.ground for u, v in g.edges)


def _no_ground(what: str, ground: Iterable[Hashable], shown: Any) -> InvalidPositionError:
    return InvalidPositionError(
        f"{what}: no ground: the ground {sorted(ground, key=vertex_key)!r} is on no edge of "
        f"{describe(shown)}; name it with ground=V"
    )


def _as_graph(graph: Any, ground: Any, *, canonical: bool = True) -> Graph:
    """The :class:`Graph` of any accepted input, its ground the input's own
    (``ground=``, a Graph's) else ``ground``; ``canonical=False`` keeps the edges
    of a list, an array or a networkx graph in the given order (no O(m log m) sort:
    for a one-off evaluation)."""
    if isinstance(graph, Graph):
        return graph
    if isinstance(graph, str):
        return parse_edges(graph, what="hackenbush")
    gi = graph_input(graph, what="hackenbush", marks=("ground",))
    return Graph.make(gi, ground if gi.ground is None else gi.ground, canonical=canonical)


class _Ground:
    """The fused ground vertex."""

    def __repr__(self) -> str:
        return "GROUND"


_G = _Ground()


@dataclass
class _Fused:
    """The bridge tree of a grounded multigraph (:func:`grundy.kernels.graphs.fuse_graph`):
    parts (2-edge-connected pieces, fused) in preorder, part 0 holding the ground;
    each with the bridge up to its parent part and its value by the colon principle."""

    parent: list[int]
    up_edge: list[int]  # index into the edge list, -1 at the root part
    order: list[int]
    value: list[int]
    ids: dict[Hashable, int]  # vertex label -> kernel id (the ground is 0)
    part: Any  # kernel id -> part (-1: fallen away)
    bridge: Any  # edge index -> is a bridge
    us: Any  # edge index -> one end's kernel id
    vs: Any  # edge index -> the other end's kernel id

    def part_of(self, x: Hashable) -> int:
        i = self.ids.get(x)
        return -1 if i is None else int(self.part[i])

    def inner(self, p: int) -> list[int]:
        """Indices of part ``p``'s own edges (loops after fusion)."""
        out: list[int] = np.flatnonzero(~self.bridge & (self.part[self.us] == p)).tolist()
        return out


def _fuse(edges: Sequence[Edge], ground: Iterable[Hashable]) -> _Fused:
    """Fusion principle: bridges and 2-edge-connected parts by one compiled DFS
    (:mod:`grundy.kernels.graphs`), O(n + m)."""
    from grundy.kernels.graphs import fuse_graph

    gset = set(ground)
    ids: dict[Hashable, int] = {_G: 0}
    for x in gset:
        ids[x] = 0
    m = len(edges)
    us = np.empty(m, dtype=np.int64)
    vs = np.empty(m, dtype=np.int64)
    n = 1
    for i, (u, v) in enumerate(edges):
        a = ids.get(u)
        if a is None:
            a = ids[u] = n
            n += 1
        b = ids.get(v)
        if b is None:
            b = ids[v] = n
            n += 1
        us[i] = a
        vs[i] = b
    f = fuse_graph(us, vs, n, 0)
    k = int(f.parent.shape[0])
    return _Fused(f.parent.tolist(), f.up.tolist(), list(range(k)), f.value.tolist(), ids, f.part, f.bridge, us, vs)


def _value(g: Graph) -> int:
    fast = _tree_fast(g)
    if fast is not None:
        return fast
    f = _fuse(g.edges, g.ground)
    return f.value[0]


def _tree_fast(g: Graph) -> int | None:
    """Integer vertices and a single ground forming a forest: compiled colon principle."""
    if len(g.ground) != 1 or not g.edges:
        return None if g.edges else 0
    arr = np.array(g.edges, dtype=object)
    try:
        ea = arr.astype(np.int64)
    except (TypeError, ValueError, OverflowError):
        return None
    r = next(iter(g.ground))
    return _array_value(ea, r if isinstance(r, int) else None)


def _array_value(ea: Any, root: int | None) -> int | None:
    if root is None or ea.size == 0:
        return None
    lo = min(int(ea.min()), root)
    if lo < 0:
        return None
    n = max(int(ea.max()), root) + 1
    if n > 4 * ea.shape[0] + 16 or ea.shape[0] >= n:  # sparse labels, or too many edges for a forest
        return None
    parent, order, cycle = root_tree(ea[:, 0], ea[:, 1], n, np.array([root]))
    if cycle >= 0:
        return None
    return int(colon_values(parent, order)[root])


def tree_values(parent: Any) -> Any:
    """Green Hackenbush value of every vertex's subtree in the rooted forest given
    by a parent array (``-1`` at each root): compiled colon principle, O(n).

    >>> tree_values([-1, 0, 1, 2, 0]).tolist()   # root: stalks of 3 and 1 edges
    [2, 2, 1, 0, 0]
    >>> tree_values([1, 0])
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: the parent array has a cycle or no root: vertex 0 is never reached from a root (parent [1, 0])
    """
    p = np.asarray(parent)
    if p.ndim != 1 or not np.issubdtype(p.dtype, np.integer):
        raise InvalidPositionError(f"a parent array is a 1-d array of ints; got {describe(parent)}")
    n = p.shape[0]
    if n and (p.min() < -1 or p.max() >= n):
        bad = int(np.flatnonzero((p < -1) | (p >= n))[0])
        raise InvalidPositionError(
            f"the parent array names an unknown vertex {int(p[bad])} at index {bad} "
            f"(vertices 0..{n - 1}): {_short(parent)}"
        )
    order = forest_order(p)
    if order.shape[0] < n:
        seen = np.zeros(n, dtype=bool)
        seen[order] = True
        bad = int(np.flatnonzero(~seen)[0])
        raise InvalidPositionError(
            f"the parent array has a cycle or no root: vertex {bad} is never reached from "
            f"a root (parent {_short(parent)})"
        )
    return colon_values(p, order)


def prefix_ground_values(edges: Any, n: int) -> Any:
    """CF1610I: for each ``k``, the value of the tree on vertices ``0..n-1`` (an
    ``(n-1, 2)`` edge array) when vertices ``0..k`` are grounded. Fusing the ground
    turns the edges of the paths between grounded vertices into loops; each new
    grounded vertex adds its path to the grounded part, amortised O(n) in all.

    >>> prefix_ground_values([(0, 1), (1, 2), (1, 3)], 4).tolist()
    [1, 1, 1, 1]
    """
    ea = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    if ea.size and (ea.min() < 0 or ea.max() >= n):
        bad = ea[(ea < 0).any(axis=1) | (ea >= n).any(axis=1)][0].tolist()
        raise InvalidPositionError(f"the edge {tuple(bad)!r} names a vertex outside 0..{n - 1}")
    if ea.shape[0] != n - 1:
        raise InvalidPositionError(f"a tree on {n} vertices has {n - 1} edges; got {ea.shape[0]}")
    parent, order, cycle = root_tree(ea[:, 0], ea[:, 1], n, np.array([0]))
    if cycle >= 0 or order.shape[0] < n:
        raise InvalidPositionError(f"the edges are not a tree on 0..{n - 1} (not connected)")
    return grounded_prefix_values(parent, order)


def _short(x: Any) -> str:
    s = repr(list(x) if isinstance(x, np.ndarray) else x)
    return s if len(s) < 80 else s[:76] + "...]"


def hackenbush_value(graph: Any, ground: Any = 0) -> int:
    """Green Hackenbush value of a graph with a ground: an edge list, an ``(m, 2)``
    int array, a networkx graph, a :class:`Graph` or text (:func:`parse_edges`).
    ``ground`` is a vertex or a list of vertices (fused into one). A forest of int
    vertices takes the compiled colon principle; anything else the fusion principle
    (bridges and 2-edge-connected parts by one compiled DFS,
    :mod:`grundy.kernels.graphs`): 10^6 edges in about a second.

    >>> import numpy as np
    >>> path = np.stack([np.arange(10**5), np.arange(1, 10**5 + 1)], axis=1)
    >>> hackenbush_value(path)
    100000
    >>> hackenbush_value([(1, 2), (2, 3)])             # the ground 0 is on no edge
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: hackenbush: no ground: the ground [0] is on no edge of [(1, 2), (2, 3)]; name it with ground=V
    """
    if isinstance(graph, (Graph, str)):
        g = _as_graph(graph, ground)
        _check(g)
        return _value(g)
    gi = graph_input(graph, what="hackenbush", marks=("ground",))
    if gi.int_array is not None:  # int pairs: the numpy path (no Python loop over the edges)
        gr = _ground_list(ground)
        if gr and all(isinstance(x, (int, np.integer)) for x in gr):
            shown = None if isinstance(graph, np.ndarray) else graph
            return _array_fusion_value(gi.int_array, [int(x) for x in gr], shown=shown)
    g = Graph.make(gi, ground, canonical=False)
    _check(g)
    return _fuse(g.edges, g.ground).value[0]


def _ground_list(ground: Any) -> list[Any]:
    if isinstance(ground, (list, tuple, set, frozenset, range, np.ndarray)):
        return list(ground)
    return [ground]


def _array_fusion_value(ea: Any, ground: list[int], shown: Any = None) -> int:
    """An int edge array: the colon principle if it is a tree on dense labels with
    one ground, else the fusion kernel after relabelling with numpy (no Python
    loop over the edges)."""
    from grundy.kernels.graphs import fuse_graph

    if ea.shape[0] == 0:
        return 0
    gr = np.asarray(ground, dtype=np.int64)
    if not np.isin(gr, ea).any():
        raise _no_ground("hackenbush", ground, ea.tolist() if shown is None else shown)
    if len(ground) == 1:
        v = _array_value(ea, ground[0])
        if v is not None:
            return v
    lo = min(int(ea.min()), int(gr.min()))
    hi = max(int(ea.max()), int(gr.max()))
    if lo >= 0 and hi < 4 * ea.shape[0] + 16:  # dense labels: use them as they are
        n = hi + 1
        lab = ea
    else:
        uniq, inv = np.unique(np.concatenate([gr, ea.ravel()]), return_inverse=True)
        n = uniq.shape[0]
        gr = inv[: gr.shape[0]]
        lab = inv[gr.shape[0] :].reshape(-1, 2)
    remap = np.arange(n, dtype=np.int64)
    remap[gr] = gr[0]  # fuse the grounded vertices
    f = fuse_graph(remap[lab[:, 0]], remap[lab[:, 1]], n, int(gr[0]))
    return int(f.value[0])


def _check(g: Graph) -> None:
    if not g.ground:
        raise InvalidPositionError(f"hackenbush: the graph {describe(g.edges)} has no ground vertex")
    if g.edges and not _grounded(g):
        raise _no_ground("hackenbush", g.ground, list(g.edges))


def _winning_index(g: Graph) -> int | None:
    """The index of an edge whose cut leaves value 0, constructed: descend the
    bridge tree to the part whose (value + 1) carries the top bit of the change;
    cut that bridge, or, when the change must happen inside a fused part, try that
    part's own edges (evaluated on the part alone, subtrees as weights)."""
    f = _fuse(g.edges, g.ground)
    root = 0
    if f.value[root] == 0:
        return None
    kids: list[list[int]] = [[] for _ in f.parent]
    for p in f.order[1:]:
        kids[f.parent[p]].append(p)
    node, target = root, 0
    while True:
        d = f.value[node] ^ target
        for c in kids[node]:
            w = f.value[c] + 1
            if w ^ d < w:
                if w ^ d == 0:
                    return f.up_edge[c]
                node, target = c, (w ^ d) - 1
                break
        else:
            return _inner_cut(g, f, node, kids, target)


def _inner_cut(g: Graph, f: _Fused, node: int, kids: list[list[int]], target: int) -> int:
    """The change must happen inside the fused part ``node``: try its own edges,
    each cut valued on the part alone (the compiled kernel on the part's edges, the
    subtrees hanging from it as nim-heap weights, the bridge up as its ground)."""
    from grundy.kernels.graphs import fuse_graph

    part = f.part
    n = int(part.shape[0])
    w = np.zeros(n, dtype=np.int64)
    for c in kids[node]:
        e = f.up_edge[c]
        a, b = int(f.us[e]), int(f.vs[e])
        w[a if part[a] == node else b] ^= f.value[c] + 1
    top = 0
    if f.up_edge[node] >= 0:
        e = f.up_edge[node]
        a, b = int(f.us[e]), int(f.vs[e])
        top = a if part[a] == node else b
    own = f.inner(node)
    us, vs = f.us[own], f.vs[own]
    for k, i in enumerate(own):
        sub = fuse_graph(np.delete(us, k), np.delete(vs, k), n, top, w)
        if int(sub.value[0]) == target:
            return i
    raise AssertionError("the fusion principle guarantees an inner cut")  # pragma: no cover


def winning_cut(graph: Any, ground: Any = 0) -> Edge | None:
    """An edge whose cut wins (leaves a position of value 0), or ``None`` when the
    position is already 0 (every cut loses). Same inputs as :func:`hackenbush_value`.

    >>> winning_cut([(0, 1), (1, 2), (0, 3)])     # stalks 2 and 1: shorten the long one
    (1, 2)
    >>> winning_cut("0-1 1-2 2-3 3-0 2-4") in {(2, 4), (0, 1), (1, 2), (2, 3), (0, 3)}
    True
    """
    g = _as_graph(graph, ground, canonical=False)
    _check(g)
    i = _winning_index(g)
    return None if i is None else g.edges[i]


def _split(g: Graph) -> Graph | Sum:
    """A forest of grounded pieces as the ``Sum`` of its components (each with
    its own grounds), so the search memoises each piece once; one piece stays a
    ``Graph``."""
    if len(g.ground) < 2:
        return g
    comps = components(g.edges, g.ground)
    if len(comps) < 2:
        return g
    parts = [
        Graph(tuple(e for e in g.edges if e[0] in c), frozenset(g.ground & c)) for c in comps
    ]
    parts = [p for p in parts if p.edges]
    if len(parts) == 1:
        return parts[0]
    return Sum(*parts) if parts else Graph((), g.ground)


def _cuts(live: Graph, look: Any) -> Iterator[Hashable]:
    """The options of a pruned graph, edge by edge, from one fusion (O(m) compiled):
    cutting an edge on a cycle leaves the rest whole; cutting a bridge drops the
    parts below it (a stretch of the parts' preorder). Each option is still a whole
    graph (O(m)), so the budget in force is watched between them."""
    edges = live.edges
    m = len(edges)
    if m == 0:
        return
    f = _fuse(edges, live.ground)
    k = len(f.parent)
    size = [1] * k
    for q in range(k - 1, 0, -1):  # parts in preorder: a parent before its children
        size[f.parent[q]] += size[q]
    pe = f.part[f.us]  # the part of one end of each edge (both ends' parts for a bridge)
    bridge = f.bridge.tolist()
    for i in range(m):
        look("hackenbush-graph: listing the moves", 0)
        if not bridge[i]:
            rest = Graph(edges[:i] + edges[i + 1 :], live.ground)
        else:
            a, b = int(f.part[f.us[i]]), int(f.part[f.vs[i]])
            low = a if f.parent[a] == b else b  # the part hanging below the bridge
            keep = (pe < low) | (pe >= low + size[low])
            keep[i] = False
            rest = Graph(tuple(compress(edges, keep.tolist())), live.ground)
        yield _split(rest)


@catalogued("hackenbush-graph", "graph hackenbush", "cactus hackenbush", "fusion",
            "hackenbush graph", "green hackenbush graph", "agc017d", "cf1610i",
            summary="Green Hackenbush on any multigraph with a ground: '0-1 1-2 2-0 ground=0' or @FILE.",
            position="'0-1 1-2 2-0 2-3'",
            legal=(Graph.make("0-1 1-2 2-0 2-3"), Graph.make("0-1 0-1"), Graph.make("0-1")))
class HackenbushGraph(Ruleset):
    """Green Hackenbush on any undirected multigraph with a ground (loops, parallel
    edges, cycles, several grounded vertices). Positions are :class:`Graph`; on the
    command line ``'0-1 1-2 2-0'`` (ground 0), ``'... ground=0,3'`` or ``@FILE``.

    Value by the fusion principle (networkx bridges and components), the winning cut
    constructed (:func:`winning_cut`).

    >>> h = HackenbushGraph()
    >>> tri = h.parse_position("0-1 1-2 2-0 2-3")
    >>> h.value(tri)
    0
    >>> str(h.winning_move(h.parse_position("0-1 1-2 2-0")))
    '0-1 0-2 ground=0'
    """


    def moves(self, position: Graph) -> Iterator[Hashable]:
        from grundy.solve.budget import look

        live = position.pruned()  # edges cut off from the ground have already fallen
        if len(live.edges) > MAX_MOVE_EDGES:
            raise SearchLimitError(
                f"hackenbush-graph: listing the moves of a graph of {len(live.edges):,} edges (more "
                f"than {MAX_MOVE_EDGES:,}, each a whole graph) is out of reach of a search; its value, "
                "outcome and a winning cut come from the fusion principle"
            )
        yield from _cuts(live, look)

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``cut u-v``: the edge cut, by its ends as the position writes them.

        >>> h = HackenbushGraph()
        >>> g = h.parse_position("0-1 1-2 2-0 2-3")
        >>> h.format_move(g, h.parse_move(g, "cut 3-2"))
        'cut 2-3'
        """
        if not isinstance(position, Graph):
            return None
        live = position.pruned()
        return zip((f"cut {u}-{v}" for u, v in live.edges), self.moves(position))

    def validate(self, position: Any) -> None:
        if not isinstance(position, Graph):
            raise InvalidPositionError(
                f"hackenbush-graph: a position is a Graph (see parse_edges); got {describe(position)}"
            )
        _check(position)

    def parse_position(self, text: str) -> Hashable:
        return parse_edges(text, what="hackenbush-graph")

    def format_position(self, position: Any) -> str:
        return str(position) if isinstance(position, Graph) else super().format_position(position)

    def value_formula(self, position: Graph) -> int:
        return _value(position)

    def option_with_value(self, position: Graph, target: int) -> Hashable | None:
        if target == 0:
            live = position.pruned()
            i = _winning_index(live)
            return None if i is None else _split(live.without(i))
        return super().option_with_value(position, target)
