"""Green Hackenbush on rooted trees: :class:`Tree` (nested tuples, text, or a
canonical code), :func:`string` and :func:`tree_from_edges`, and the catalogue's
:class:`GreenHackenbush` (values by the colon principle)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

import numpy as np

from grundy.kernels.trees import (
    canonical_code, code_parents, code_text, colon_values, forest_order, root_tree,
)
from grundy.rules.graphinput import reachable
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import InvalidParameterError, InvalidPositionError, SearchLimitError, describe
from grundy.games.registry import catalogued

__all__ = ["Tree", "GreenHackenbush", "tree_from_edges", "string", "as_tree", "Edge", "MAX_TREE_EDGES",
           "MAX_TUPLE_DEPTH", "MAX_MOVE_EDGES"]

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
            summary="Green Hackenbush on a rooted tree (nested tuples, or edges '1-2 2-3 1-4' rooted at 1; vertices from 1).",
            position=("((),((),))",), legal=((), ((), ((),)), ((), ())))
class GreenHackenbush(Ruleset):
    """Green Hackenbush on a rooted tree: a move deletes an edge, and everything no
    longer connected to the root falls away.

    A position is a :class:`Tree` (nested tuples are accepted too: ``()`` is the
    bare root, ``((),)`` one edge, up to :data:`MAX_TUPLE_DEPTH` levels). Colon
    principle (the notes): ``g(tree) = XOR over children c of (g(c) + 1)``; a
    string of ``n`` edges has value ``n``. O(edges), compiled and iterative (a
    path of 10^6 edges is fine). On the command line a tree is nested tuples or an
    edge list rooted at its first vertex (``'1-2 2-3 1-4'`` at 1, ``'0-1 1-2 0-3'``
    at 0, ``ground=v`` elsewhere, or ``@FILE`` of edges). Moves name the
    vertices from 1 in preorder of the tree as written, the root 1 (``cut 3-4``).

    >>> h = GreenHackenbush()
    >>> h.value(string(5)), h.value(((), (), ()))
    (5, 1)
    >>> h.value(tree_from_edges([(1, 2), (2, 3), (1, 4), (4, 5), (4, 6)], 1))  # (1+1) ^ (0+1)
    3
    >>> h.winning_move(((), ((),)))          # value 1 ^ 2: shorten the long stalk
    Tree('((), ())')
    >>> h.parse_position("0-1 1-2 0-3") == h.parse_position("1-2 2-3 1-4")
    True
    >>> h.parse_position("1-2 2-3 1-4")
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
        """``cut p-v``: the edge from ``p`` down to ``v``, the vertices numbered
        from 1 in preorder of the tree as written, the root (on the ground) 1, as
        the picture numbers them and as graph Hackenbush names the same tree's
        edges when it is written from 1 (``1-2 1-3 3-4``, grounded at 1).

        >>> h = GreenHackenbush()
        >>> t = h.check(((), ((),)))
        >>> [h.format_move(t, o) for o in h.moves(t)]
        ['cut 1-2', 'cut 1-3', 'cut 3-4']
        >>> h.parse_position("1-2 1-3 3-4") == t
        True
        """
        if type(position) not in (Tree, tuple):
            return None
        parent = as_tree(position).parents().tolist()
        return zip((f"cut {parent[v] + 1}-{v + 1}" for v in range(1, len(parent))), self.moves(position))

    def coerce(self, position: Any) -> Any:
        # nested tuples are hashed recursively by Python (a deep one crashes it):
        # checked before anything hashes them
        if type(position) is tuple:
            self.validate(position)
            return Tree(position)
        return position

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
        from grundy.games.hackenbush.graphs import parse_edges

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
        """No option (``[]``) of the tree's own value (the mex); else declines (the
        options are searched), but first refuses more options (one per edge) than
        ``limit``, before any is built."""
        t = as_tree(position)
        if limit is not None and t.size > limit:
            raise SearchLimitError(f"hackenbush: a tree of {t.size:,} edges has more than {limit:,} options")
        return [] if target == self.value_formula(t) else None

    def option_with_value_formula(self, position: Any, target: int) -> Hashable | None:
        """Constructed below the tree's value: descend to the child whose ``g + 1``
        carries the top bit of the change, then cut there or recurse with the new
        target. Declines above it (the options are searched)."""
        t = as_tree(position)
        parent = t.parents()
        n = parent.shape[0]
        vals = colon_values(parent, np.arange(n))
        g = int(vals[0])
        if target >= g:
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


def _short(x: Any) -> str:
    s = repr(list(x) if isinstance(x, np.ndarray) else x)
    return s if len(s) < 80 else s[:76] + "...]"
