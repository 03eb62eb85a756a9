"""Green Hackenbush on any undirected multigraph with a ground: :class:`Graph`,
:func:`parse_edges`, the array functions (:func:`tree_values`,
:func:`hackenbush_value`, :func:`winning_cut`, :func:`prefix_ground_values`) and
the catalogue's :class:`HackenbushGraph` (values by the fusion principle)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, cast

import numpy as np

from grundy.kernels.trees import colon_values, forest_order, grounded_prefix_values, root_tree
from grundy.rules.graphinput import GraphInput, components, graph_input, reachable, vertex_key
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.values.errors import InvalidParameterError, InvalidPositionError, SearchLimitError, describe
from grundy.games.registry import catalogued
from grundy.games.hackenbush.trees import MAX_MOVE_EDGES, Edge, _short

__all__ = ["Graph", "HackenbushGraph", "parse_edges", "tree_values", "hackenbush_value", "winning_cut",
           "prefix_ground_values"]


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
    ``@FILE``) with its ``ground=a,b`` (default ``ground=0``; ``1`` with ``base=1``
    or when the vertices are numbered from 1, no edge at 0).

    >>> parse_edges("0-1 1-2 2-0")
    Graph(edges=((0, 1), (0, 2), (1, 2)), ground=frozenset({0}))
    >>> parse_edges("1-2 2-3 3-1 3-4")
    Graph(edges=((1, 2), (1, 3), (2, 3), (3, 4)), ground=frozenset({1}))
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
    g = Graph.make(gi, [gi.first_vertex()] if gi.ground is None else gi.ground)
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
            summary="Green Hackenbush on any multigraph with a ground: '1-2 2-3 3-1 ground=1' or @FILE.",
            position=("1-2 2-3 3-1 3-4",),
            legal=(Graph.make("1-2 2-3 3-1 3-4", 1), Graph.make("1-2 1-2", 1), Graph.make("1-2", 1)))
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

    def option_with_value_formula(self, position: Graph, target: int) -> Hashable | None:
        """A winning cut (an option of value 0), constructed; declines other targets
        (the options are searched)."""
        if target == 0:
            live = position.pruned()
            i = _winning_index(live)
            return None if i is None else _split(live.without(i))
        return None

    def options_with_value_formula(
        self, position: Graph, target: int, *, limit: int | None = None
    ) -> list[Hashable] | None:
        """No option (``[]``) of the position's own value (the mex); else declines."""
        return [] if target == _value(position) else None
