"""The notes' other games on trees and graphs, each as raw rules (for brute force)
with its theorem:

- :class:`KeepComponent` (P8347): delete a vertex of a tree and keep one of the
  components; the player who faces a lone vertex wins. N iff some vertex has even
  degree.
- :class:`AncestorDeletion` (P6665): in a rooted forest, delete a vertex together
  with all its ancestors. Values by merging the children's option sets (binary
  tries with a lazy XOR, compiled; int32 node records grown on demand), O(n log n).
- :class:`BipartiteEdgeAdding` (ABC398G): add an edge to a simple graph, keeping it
  bipartite. Outcome by the parity case analysis of the notes.

>>> KeepComponent().outcome(KeepComponent.path(4))     # degrees 1 2 2 1
Outcome.N
>>> AncestorDeletion().value((-1, 0, 0))     # a cherry: options 1 ^ 1 and 1
2
>>> BipartiteEdgeAdding().outcome((3, ((0, 1),)))      # one edge left to add
Outcome.N
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, cast

import numpy as np

from grundy.kernels.trees import forest_depths, forest_order, root_tree
from grundy.rules.graphinput import GraphInput, graph_input, vertex_key
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.values.outcome import Outcome
from grundy.games.registry import catalogued

__all__ = ["KeepComponent", "AncestorDeletion", "BipartiteEdgeAdding", "ancestor_deletion_values"]

Edge = tuple[int, int]


def _n_edges(position: Any, what: str) -> GraphInput:
    """A position ``(n, edges)`` read as a graph on the vertices ``0..n-1``
    (:func:`~grundy.rules.graphinput.graph_input`: a vertex out of range is an error)."""
    g = graph_input(position, what=what)
    if g.n is None:
        raise InvalidPositionError(f"{what}: a position is (n, edges); got {describe(position)}")
    return g


def _read_n_edges(rs: Ruleset, text: str) -> Hashable:
    """A position ``(n, edges)`` from text: the Python value (``(4, ((0, 1),))``,
    vertices ``0..n-1``), or a graph as people write it (``1-2 2-3 2-4``, ``n=4
    base=1``: :func:`~grundy.rules.graphinput.graph_input`), its vertices renumbered
    ``0..n-1`` in order (the declared ones, else those the edges name).

    >>> _read_n_edges(KeepComponent(), "1-2 2-3 2-4"), _read_n_edges(KeepComponent(), "(2, ((0, 1),))")
    ((4, ((0, 1), (1, 2), (1, 3))), (2, ((0, 1),)))
    >>> _read_n_edges(BipartiteEdgeAdding(), "1-2 n=4 base=1")
    (4, ((0, 1),))
    """
    s = text.strip()
    if s.startswith(("(", "[")):
        return Ruleset.parse_position(rs, s)
    g = graph_input(s, what=rs.name, marks=())
    verts = sorted(g.vertices(), key=vertex_key)
    ix = {v: i for i, v in enumerate(verts)}
    return (len(verts), tuple(sorted((min(ix[u], ix[v]), max(ix[u], ix[v])) for u, v in g.edges)))


def _write_n_edges(position: Any) -> str | None:
    """A position ``(n, edges)`` as people read it, vertices from 1 (``1-2 2-3 2-4
    n=4 base=1``, which :func:`_read_n_edges` reads back); ``None`` for anything
    else."""
    if not (type(position) is tuple and len(position) == 2 and type(position[0]) is int
            and isinstance(position[1], tuple)):
        return None
    n, edges = position
    es = [f"{u + 1}-{v + 1}" for u, v in edges]
    return " ".join([*es, f"n={n}", "base=1"]) if n else "n=0"


@catalogued("keep-component", "p8347", "delete vertex keep component",
            summary="P8347: delete a tree vertex, keep one component; a lone vertex wins (a tree: '1-2 2-3 2-4').",
            position="1-2 2-3 2-4",
            legal=((4, ((0, 1), (1, 2), (1, 3))), (1, ()), (2, ((0, 1),))))
class KeepComponent(Ruleset):
    """P8347: a move deletes one vertex of the tree and keeps one of the components
    left; the player to move at a lone vertex wins (cannot move, and wins). Played
    here in normal form: a lone vertex has one move, to the empty tree ``(0, ())``.

    A position is ``(n, edges)``: a tree on vertices ``0..n-1``, edges sorted;
    people write and read it with vertices from 1 (``1-2 2-3 2-4``; ``n=1
    base=1`` for a lone vertex), and a move as ``delete x, keep y``.
    Theorem (the notes): the player to move wins iff some vertex has even degree.

    >>> k = KeepComponent()
    >>> [k.outcome(KeepComponent.path(n)) for n in (1, 2, 3)]
    [Outcome.N, Outcome.P, Outcome.N]
    """

    #: How the web page says a position is written.
    position_help = ("edges a-b of one tree separated by spaces, vertices from 1 (1-2 2-3 2-4); n=1 "
                     "base=1 is a lone vertex")


    @staticmethod
    def path(n: int) -> tuple[int, tuple[Edge, ...]]:
        return (n, tuple((i, i + 1) for i in range(n - 1)))

    @staticmethod
    def canon(vertices: Sequence[int], edges: Sequence[Edge]) -> tuple[int, tuple[Edge, ...]]:
        ix = {v: i for i, v in enumerate(sorted(vertices))}
        return (len(ix), tuple(sorted((min(ix[u], ix[v]), max(ix[u], ix[v])) for u, v in edges)))

    def moves(self, position: tuple[int, tuple[Edge, ...]]) -> Iterator[Hashable]:
        import networkx as nx

        n, edges = position
        if n == 1:
            yield (0, ())
            return
        seen: set[Hashable] = set()
        for _, option in self._named_moves(position):
            if option not in seen:  # equal trees (after renumbering) are one option
                seen.add(option)
                yield option

    def _named_moves(self, position: tuple[int, tuple[Edge, ...]]) -> Iterator[tuple[str, Hashable]]:
        """Every way to move, named (``delete x, keep y``, from 1), with its option."""
        import networkx as nx

        n, edges = position
        if n == 1:
            yield "delete 1", (0, ())
            return
        G = _n_edges(position, self.name).to_networkx()
        for x in range(n):
            H = G.copy()
            H.remove_node(x)
            for comp in sorted(nx.connected_components(H), key=min):
                yield (f"delete {x + 1}, keep {min(comp) + 1}",
                       self.canon(list(comp), list(H.subgraph(comp).edges)))

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``delete x, keep y``: vertex ``x`` goes, and the part holding ``y`` (its
        least vertex) stays, renumbered; vertices from 1, as :meth:`format_position`
        writes them. Moves to equal trees are one option, named by the first.

        >>> k = KeepComponent()
        >>> p = k.parse_position("1-2 2-3 2-4")
        >>> [name for name, _ in k.move_labels(p)][:4]
        ['delete 1, keep 2', 'delete 2, keep 1', 'delete 2, keep 3', 'delete 2, keep 4']
        >>> k.format_position(k.parse_move(p, "delete 2, keep 4")), k.format_move(p, (1, ()))
        ('n=1 base=1', 'delete 2, keep 1')
        """
        if not (type(position) is tuple and len(position) == 2 and type(position[0]) is int):
            return None
        return self._named_moves(position)

    tuple_position = True  # the words of a position are the edges of one graph

    def parse_position(self, text: str) -> Hashable:
        return _read_n_edges(self, text)

    def format_position(self, position: Any) -> str:
        return _write_n_edges(position) or super().format_position(position)

    def validate(self, position: Any) -> None:
        import networkx as nx

        g = _n_edges(position, self.name)
        n = cast(int, g.n)
        if n == 0 and not g.m:
            return
        if g.m != n - 1 or not nx.is_tree(g.to_networkx()):  # n - 1 edges, connected, no loop
            raise InvalidPositionError(
                f"keep-component: {_write_n_edges(position)!r} is not a tree on the vertices 1..{n}")

    def outcome_formula(self, position: tuple[int, tuple[Edge, ...]]) -> Outcome:
        n, edges = position
        if n == 0:
            return Outcome.P
        deg = np.zeros(n, dtype=np.int64)
        if edges:
            e = np.asarray(edges, dtype=np.int64)
            np.add.at(deg, e[:, 0], 1)
            np.add.at(deg, e[:, 1], 1)
        return Outcome.N if bool(np.any(deg % 2 == 0)) else Outcome.P


#: Tries of at most this many nodes are allocated whole at once (1 GiB of address
#: space, zero pages mapped as used); larger ones start at 2n nodes and double.
TRIE_NODES_AT_ONCE = 2**26


def _trie_kernel() -> Any:
    from grundy.kernels._trie_jit import run

    return run


def ancestor_deletion_values(parent: Any, order: Any = None) -> Any:
    """Grundy value of every vertex's subtree in P6665's game (delete a vertex and
    all its ancestors) on the rooted forest ``parent`` (``-1`` at roots).

    The options of a subtree at ``u`` with children ``c``: delete ``u`` alone
    (value ``X = XOR g(c)``), or delete a path through child ``c``, leaving an
    option of ``c``'s subtree beside the other children: ``A_c XOR X XOR g(c)``.
    Each vertex keeps its option set in a binary trie; the tries of the children
    are merged (lazy XOR tags) and the mex read off in O(log n). ``order``: a
    parents-first order of the vertices (as :func:`grundy.kernels.trees.root_tree`
    returns), checked, saves computing one.

    >>> ancestor_deletion_values([-1, 0, 1, 2]).tolist()    # a path: g = length
    [4, 3, 2, 1]
    """
    p = np.ascontiguousarray(parent, dtype=np.int64)
    n = p.shape[0]
    if order is not None:  # checked in O(n): a permutation, every parent before its children
        order = np.ascontiguousarray(order, dtype=np.int64)
        pos = np.full(n, -1, dtype=np.int64)
        ok = order.shape == (n,) and (n == 0 or (order.min() >= 0 and order.max() < n))
        if ok:
            pos[order] = np.arange(n)
            kid = np.flatnonzero(p >= 0)
            ok = bool((pos >= 0).all() and (pos[p[kid]] < pos[kid]).all())
        if not ok:
            raise InvalidPositionError("ancestor-deletion: the order given is not a parents-first order of the forest")
    else:
        order = forest_order(p)
    if order.shape[0] < n:
        raise InvalidPositionError(f"ancestor-deletion: the parent array {describe(p.tolist())} has a cycle")
    bits = max(1, int(n + 1).bit_length())
    if n * (bits + 1) + 2 >= 2**31:
        raise InvalidParameterError(
            f"ancestor-deletion: {n:,} vertices exceed the trie's int32 node indices (at most ~9*10^7 vertices)"
        )
    full = n * (bits + 1) + 2  # at most bits + 1 new nodes per vertex (a star takes them all)
    # np.zeros maps zero pages lazily: all `full` nodes cost only the pages used;
    # past 2^26 nodes (1 GiB of address space) start smaller and grow by doubling
    size = full if full <= TRIE_NODES_AT_ONCE else 2 * n + bits + 2
    T = np.zeros(4 * size, dtype=np.int32)
    g, xs, root = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    path, frames = np.zeros(bits + 1, dtype=np.int64), np.zeros(4 * (bits + 2), dtype=np.int64)
    run, i, used = _trie_kernel(), order.shape[0] - 1, 1
    while i >= 0:
        i, used = run(p, order, bits, T, path, frames, g, xs, root, i, used)
        if i >= 0:  # no room for one more insertion (never at `full` nodes)
            size = min(full, 2 * size)
            bigger = np.zeros(4 * size, dtype=np.int32)
            bigger[: 4 * used] = T[: 4 * used]
            T = bigger
    return g


@catalogued("ancestor-deletion", "p6665", "delete ancestors",
            summary="P6665: delete a vertex and all its ancestors in a rooted forest "
                    "(each vertex's parent, from 1; 0: a root).",
            position="0 1 1 2", legal=((-1, 0, 0, 1), (-1,), (-1, -1)))
class AncestorDeletion(Ruleset):
    """P6665: a rooted forest as a parent tuple (``-1``: a root, ``-2``: a deleted
    vertex); a move picks a vertex and deletes it with all its ancestors (its
    children's subtrees become trees of their own).

    People write the forest with vertices from 1, as the problem does: each
    vertex's parent, ``0`` for a root, ``x`` for a deleted vertex (``0 1 1 2``
    is the tuple ``(-1, 0, 0, 1)``, which reads too); a move is ``delete v``.

    >>> a = AncestorDeletion()
    >>> a.value((-1, 0, 0, 1)), a.solver.value((-1, 0, 0, 1))
    (4, 4)
    >>> a.parse_position("0 1 1 2"), a.format_position((-2, -2, -1, -1))
    ((-1, 0, 0, 1), 'x x 0 0')
    """

    #: How the web page says a position is written.
    position_help = ("each vertex's parent separated by spaces, vertices from 1: 0 for a root, x for "
                     "a deleted vertex (0 1 1 2)")

    tuple_position = True

    def parse_position(self, text: str) -> Hashable:
        s = text.strip()
        if s.startswith(("(", "[")):
            return super().parse_position(s)
        out = []
        for w in s.replace(",", " ").split():
            if w.lower() in ("x", "-"):
                out.append(-2)
            elif w.isdigit() and len(w) <= 18:
                out.append(int(w) - 1)
            else:
                raise InvalidPositionError(
                    f"ancestor-deletion: write each vertex's parent (from 1; 0: a root; x: deleted), "
                    f"e.g. '0 1 1 2'; got {describe(text)}")
        return tuple(out)

    def format_position(self, position: Any) -> str:
        if isinstance(position, tuple) and all(type(p) is int for p in position):
            return " ".join("x" if p == -2 else str(p + 1) for p in position) or "()"
        return super().format_position(position)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for x in range(len(position)):
            if position[x] == -2:
                continue
            new = list(position)
            y = x
            while y >= 0:
                nxt = new[y]
                new[y] = -2
                y = nxt
            gone = {i for i in range(len(new)) if new[i] == -2}
            yield tuple(-1 if (p >= 0 and p in gone) else p for p in new)

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``delete v``: the ``v``-th vertex (counted from 1, as people count the
        entries of the parent tuple and the picture numbers them) with all its
        ancestors.

        >>> a = AncestorDeletion()
        >>> [a.format_move((-1, 0, 0, 1), o) for o in a.moves((-1, 0, 0, 1))]
        ['delete 1', 'delete 2', 'delete 3', 'delete 4']
        >>> a.parse_move((-1, 0, 0, 1), "delete 2")          # vertex 2 and the root 1
        (-2, -2, -1, -1)
        """
        if not isinstance(position, tuple):
            return None
        xs = [x for x in range(len(position)) if position[x] != -2]
        return zip((f"delete {x + 1}" for x in xs), self.moves(position))

    def validate(self, position: Any) -> None:
        if not isinstance(position, tuple) or not all(isinstance(p, int) for p in position):
            raise InvalidPositionError(f"ancestor-deletion: a position is a tuple of parents; got {describe(position)}")
        n = len(position)
        for i, p in enumerate(position):
            if p < -2 or p >= n or (p >= 0 and position[p] == -2):
                raise InvalidPositionError(
                    f"ancestor-deletion: vertex {i + 1} (from 1) has the parent {describe(p + 1)}, not a "
                    f"live vertex of {self.format_position(position)!r} (the tuple {describe(position)})"
                )
        live = [i for i in range(n) if position[i] != -2]
        par = np.array([position[i] for i in live], dtype=np.int64)
        ix = {v: k for k, v in enumerate(live)}
        par = np.array([ix[p] if p >= 0 else -1 for p in par], dtype=np.int64)
        if forest_order(par).shape[0] < len(live):
            raise InvalidPositionError(f"ancestor-deletion: the parents {describe(position)} form a cycle")

    def value_formula(self, position: tuple[int, ...]) -> int:
        live = [i for i in range(len(position)) if position[i] != -2]
        ix = {v: k for k, v in enumerate(live)}
        par = np.array([ix[position[i]] if position[i] >= 0 else -1 for i in live], dtype=np.int64)
        g = ancestor_deletion_values(par) if len(live) else np.zeros(0, dtype=np.int64)
        v = 0
        for k in range(len(live)):
            if par[k] < 0:
                v ^= int(g[k])
        return v


@catalogued("bipartite-edges", "abc398g", "add edges bipartite", "not only tree game",
            summary="ABC398G: add an edge keeping the simple graph bipartite (a graph: '1-2 n=4 base=1').",
            position="1-2 n=4 base=1", legal=((4, ((0, 1),)), (3, ()), (2, ((0, 1),))))
class BipartiteEdgeAdding(Ruleset):
    """ABC398G: add an edge absent from the simple graph so that it stays
    bipartite; who cannot move loses. A position is ``(n, edges)`` on vertices
    ``0..n-1``; people write and read it with vertices from 1 (``1-2 n=4
    base=1``), and a move as ``add u-v``. Outcome by the notes' parity analysis of the components (sides'
    parities, isolated vertices), O(n + m) with networkx.

    >>> b = BipartiteEdgeAdding()
    >>> [b.outcome((n, ())) for n in (2, 3, 4)]
    [Outcome.N, Outcome.P, Outcome.P]
    """

    #: How the web page says a position is written.
    position_help = ("edges a-b of one graph separated by spaces, vertices from 1, with n=N base=1 to "
                     "declare lone vertices (1-2 n=4 base=1)")


    def moves(self, position: tuple[int, tuple[Edge, ...]]) -> Iterator[Hashable]:
        import networkx as nx

        n, edges = position
        es = set(edges)
        base = _n_edges(position, self.name).to_networkx()
        for u in range(n):
            for v in range(u + 1, n):
                if (u, v) in es:
                    continue
                G = base.copy()
                G.add_edge(u, v)
                if nx.is_bipartite(G):
                    yield (n, tuple(sorted(es | {(u, v)})))

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``add u-v``: the edge added, vertices from 1 (as
        :meth:`format_position` writes them).

        >>> b = BipartiteEdgeAdding()
        >>> p = b.parse_position("1-2 n=3 base=1")
        >>> [b.format_move(p, o) for o in b.moves(p)], b.format_position(b.parse_move(p, "add 3-2"))
        (['add 1-3', 'add 2-3'], '1-2 2-3 n=3 base=1')
        """
        if not (type(position) is tuple and len(position) == 2 and type(position[0]) is int):
            return None
        old = set(position[1])
        return ((f"add {u + 1}-{v + 1}", o) for o in self.moves(position)
                for u, v in set(o[1]) - old)  # type: ignore[index]

    tuple_position = True  # the words of a position are the edges of one graph

    def parse_position(self, text: str) -> Hashable:
        return _read_n_edges(self, text)

    def format_position(self, position: Any) -> str:
        return _write_n_edges(position) or super().format_position(position)

    def validate(self, position: Any) -> None:
        import networkx as nx

        g = _n_edges(position, self.name)
        edges = g.edges
        bad = [e for e in edges if not e[0] < e[1]]  # type: ignore[operator]
        if bad:
            raise InvalidPositionError(
                f"bipartite-edges: the edge {describe(bad[0])} is not a pair u < v of vertices 0..{cast(int, g.n) - 1}"
            )
        if len(set(edges)) != len(edges) or not nx.is_bipartite(nx.Graph(edges)):  # isolated vertices aside
            raise InvalidPositionError(
                f"bipartite-edges: {_write_n_edges(position) or describe(position)!r} is not a simple bipartite graph")

    def outcome_formula(self, position: tuple[int, tuple[Edge, ...]]) -> Outcome:
        n, edges = position
        m = len(edges)
        if n % 2 == 1:  # the final K_{a,b} has a*b even: the moves' parity is m's
            return Outcome.N if m % 2 else Outcome.P
        # sides of every component by BFS depth parity (compiled), O(n + m)
        e = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        parent, order, _ = root_tree(e[:, 0], e[:, 1], n, np.arange(n))
        depth, top = forest_depths(parent, order)
        if m and bool(np.any(depth[e[:, 0]] % 2 == depth[e[:, 1]] % 2)):
            raise InvalidPositionError(f"bipartite-edges: the graph of {describe(position)} is not bipartite")
        odd = np.bincount(top, weights=depth % 2, minlength=n).astype(np.int64)
        size = np.bincount(top, minlength=n)
        roots = parent < 0
        a, b = size[roots] - odd[roots], odd[roots]
        iso = int(np.count_nonzero(size[roots] == 1))
        kind = (a & 1) + (b & 1)
        c1 = int(np.count_nonzero((kind == 1) & (size[roots] > 1)))
        c2 = int(np.count_nonzero(kind == 2))
        if c1 == 0:
            return Outcome.N if (iso // 2 + m + c2) % 2 else Outcome.P
        if c1 <= 2:
            return Outcome.N
        return Outcome.N if m % 2 else Outcome.P
