"""Undirected vertex geography: a token on a vertex of a graph; a move slides it to
an unvisited neighbour (the vertex it leaves is deleted); who cannot move loses.

The matching theorem (the notes' bipartite game, in general): the player to move
wins iff the token's vertex lies in every maximum matching of the graph; the
winning move follows any maximum matching. The vertices missed by some maximum
matching are the set ``D`` of the Gallai-Edmonds decomposition, found for every
vertex at once from one maximum matching: alternating BFS in a bipartite graph,
Edmonds' search forest (blossoms contracted) in general.

>>> starts = winning_starts([(0, 1), (1, 2), (2, 3)])     # a path: perfect matching
>>> sorted(starts)
[0, 1, 2, 3]
>>> sorted(winning_starts([(0, 1), (1, 2)]))              # odd path: only the middle
[1]
>>> geography_move([(0, 1), (1, 2), (2, 3)], 1)           # follow the matching
0
>>> g = VertexGeography()
>>> g.outcome(g.parse_position("0-1 1-2 2-0 2-3 start=3"))
Outcome.N
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.rules.graphinput import GraphInput, graph_input, reachable
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import InvalidPositionError, describe
from grundy.values.outcome import Outcome
from grundy.games.registry import catalogued

__all__ = [
    "VertexGeography",
    "Board",
    "winning_starts",
    "losing_starts",
    "geography_move",
    "maximum_matching",
]

Edge = tuple[Hashable, Hashable]


def _input(graph: Any) -> GraphInput:
    """Any graph input (:func:`~grundy.rules.graphinput.graph_input`), checked:
    geography has no loops (parallel edges are one edge)."""
    g = graph_input(graph, what="geography")
    g.refuse_loops("; geography has none")
    return g


def _nx_graph(graph: Any) -> Any:
    """A simple networkx graph of any graph input, checked (no loops); a graph this
    function made is marked and passed through without another copy."""
    if getattr(graph, "graph", {}).get("_grundy_simple") is True:
        return graph
    G = _input(graph).to_networkx()
    G.graph["_grundy_simple"] = True
    return G


def _parts(G: Any) -> list[tuple[Any, dict[Hashable, int] | None]]:
    """Each connected component with edges (the graph itself when connected, else a
    copy: traversing copies is faster than subgraph views) and its 2-colouring, or
    ``None`` when it is not bipartite (one colouring per component)."""
    import networkx as nx
    from networkx.algorithms import bipartite

    comps = list(nx.connected_components(G))
    out: list[tuple[Any, dict[Hashable, int] | None]] = []
    for comp in comps:
        H = G if len(comps) == 1 else G.subgraph(comp).copy()
        if H.number_of_edges() == 0:
            continue
        try:
            colour: dict[Hashable, int] | None = bipartite.color(H)
        except nx.NetworkXError:
            colour = None
        out.append((H, colour))
    return out


def _matching(parts: list[tuple[Any, dict[Hashable, int] | None]]) -> dict[Hashable, Hashable]:
    import networkx as nx
    from networkx.algorithms import bipartite

    mate: dict[Hashable, Hashable] = {}
    for H, colour in parts:
        if colour is not None:
            left = {v for v, c in colour.items() if c == 0}
            mate.update(bipartite.hopcroft_karp_matching(H, top_nodes=left))
        else:
            for u, v in nx.max_weight_matching(H, maxcardinality=True):
                mate[u] = v
                mate[v] = u
    return mate


def maximum_matching(graph: Any) -> dict[Hashable, Hashable]:
    """A maximum matching as ``{v: mate}`` (both directions): Hopcroft-Karp per
    bipartite component, Edmonds' blossom (networkx ``max_weight_matching``) on
    the others.

    >>> m = maximum_matching([(0, 1), (1, 2), (2, 3), (3, 0), (0, 4)])
    >>> len(m) // 2
    2
    """
    return _matching(_parts(_nx_graph(graph)))


def _missable(G: Any, mate: dict[Hashable, Hashable]) -> set[Hashable]:
    """Gallai-Edmonds ``D``: vertices reached from an exposed vertex by an even
    alternating path. Edmonds' search forest from every exposed vertex at once,
    blossoms contracted through ``base``; with ``mate`` maximum no two trees meet."""
    idx = {v: i for i, v in enumerate(G.nodes)}
    verts = list(G.nodes)
    n = len(verts)
    adj = [[idx[w] for w in G[v]] for v in verts]
    match = [idx[mate[v]] if v in mate else -1 for v in verts]
    base = list(range(n))
    parent = [-1] * n
    label = [-1] * n  # 0: even (outer), 1: odd (inner)
    queue: deque[int] = deque()
    for v in range(n):
        if match[v] < 0:
            label[v] = 0
            queue.append(v)

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if match[a] < 0:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            if match[b] < 0:
                raise AssertionError("augmenting path: the matching was not maximum")
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, inb: list[bool]) -> None:
        while base[v] != b:
            inb[base[v]] = inb[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for u in adj[v]:
            if base[v] == base[u] or match[v] == u:
                continue
            if label[u] < 0:
                if match[u] < 0:
                    raise AssertionError("augmenting path: the matching was not maximum")
                label[u] = 1
                parent[u] = v
                w = match[u]
                label[w] = 0
                queue.append(w)
            elif label[u] == 0:
                b = lca(v, u)
                inb = [False] * n
                mark(v, b, u, inb)
                mark(u, b, v, inb)
                for i in range(n):
                    if inb[base[i]]:
                        base[i] = b
                        if label[i] != 0:
                            label[i] = 0
                            queue.append(i)
    return {verts[i] for i in range(n) if label[i] == 0}


def _bipartite_missable(H: Any, mate: dict[Hashable, Hashable]) -> set[Hashable]:
    # even alternating paths from exposed vertices: non-matching edge, then matching
    out = {v for v in H if v not in mate}
    queue = deque(out)
    while queue:
        v = queue.popleft()
        for w in H[v]:
            x = mate.get(w)
            if x is not None and x not in out:
                out.add(x)
                queue.append(x)
    return out


def losing_starts(graph: Any) -> set[Hashable]:
    """The vertices from which the player to move loses: those missed by some
    maximum matching (Gallai-Edmonds ``D``). O(matching) for bipartite graphs.

    >>> sorted(losing_starts([(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]))
    [0, 1, 2, 4]
    """
    G = _nx_graph(graph)
    parts = _parts(G)
    mate = _matching(parts)
    out: set[Hashable] = {v for v in G if G.degree(v) == 0}
    for H, colour in parts:
        out |= _bipartite_missable(H, mate) if colour is not None else _missable(H, mate)
    return out


def winning_starts(graph: Any) -> set[Hashable]:
    """The vertices from which the player to move wins: those in every maximum
    matching."""
    G = _nx_graph(graph)
    return set(G.nodes) - losing_starts(G)


def geography_move(graph: Any, token: Hashable) -> Hashable | None:
    """A winning move from ``token`` (its mate in a maximum matching), or ``None``
    when the player to move loses."""
    G = _nx_graph(graph)
    if token not in G:
        raise InvalidPositionError(f"geography: the token's vertex {describe(token)} is not in the graph")
    import networkx as nx

    H = G.subgraph(nx.node_connected_component(G, token))
    mate = maximum_matching(H)
    if token not in mate:
        return None
    K = nx.Graph(H)
    K.remove_node(token)
    if len(maximum_matching(K)) == len(mate):  # some maximum matching misses token
        return None
    return mate[token]


@dataclass(frozen=True)
class TokenBoard:
    """A graph with a token: the edges the token can still reach, sorted, and the
    token's vertex; written as text in the graph input syntax with ``start=``."""

    edges: tuple[Edge, ...]
    token: Hashable

    @property
    def start(self) -> Hashable:
        """The token's vertex (the graph input's ``start`` mark)."""
        return self.token

    def __str__(self) -> str:
        return (" ".join(f"{u}-{v}" for u, v in self.edges) + f" start={self.token}").strip()


@dataclass(frozen=True)
class Board(TokenBoard):
    """A geography position: the edges among the unvisited vertices (kept: the
    token's component) and the token's vertex."""

    @classmethod
    def make(cls, edges: Iterable[Sequence[Hashable]] | GraphInput, token: Hashable) -> Board:
        """The board of the simple graph ``edges`` (repeats merged, loops refused)
        that the token can reach, edges sorted; iterative, O(m log m). ``edges``:
        pairs or any graph input."""
        es = list(dict.fromkeys(_input(edges).sorted_edges()))  # sorted, repeats merged
        comp = reachable(es, [token])
        return cls(tuple(e for e in es if e[0] in comp), token)


@catalogued("geography", "vertex geography", "undirected geography", "p4055", "jsoi2009",
            "undirected vertex geography",
            summary="Undirected vertex geography: move to an unvisited neighbour ('1-2 2-3 start=2').",
            position=("1-2 2-3 3-4 start=2",),
            legal=(Board.make("1-2 2-3 3-4", 2), Board.make("1-2", 1)))
class VertexGeography(Ruleset):
    """Undirected vertex geography. A position is a :class:`Board`; on the command
    line ``'0-1 1-2 2-0 start=0'`` (start defaults to 0) or ``@FILE``. Outcome by
    the matching theorem, winning move along a maximum matching; Grundy values by
    search (the theorem gives only the outcome).

    >>> g = VertexGeography()
    >>> b = g.parse_position("0-1 1-2 2-3 start=1")
    >>> g.outcome(b), str(g.winning_move(b))     # to 0 (a dead end) or to 2 (then 3)
    (Outcome.N, 'start=0')
    """


    def moves(self, position: Board) -> Iterator[Board]:
        rest = [e for e in position.edges if position.token not in e]
        for u, v in position.edges:
            if position.token in (u, v):
                yield Board.make(rest, v if u == position.token else u)

    def move_labels(self, position: Any) -> Iterator[tuple[str, Hashable]] | None:
        """``move to v``: the neighbour the token moves to.

        >>> g = VertexGeography()
        >>> b = g.parse_position("0-1 1-2 2-3 start=1")
        >>> [g.format_move(b, o) for o in g.moves(b)], str(g.parse_move(b, "to 2"))
        (['move to 0', 'move to 2'], '2-3 start=2')
        """
        if not isinstance(position, Board):
            return None
        t = position.token
        targets = [v if u == t else u for u, v in position.edges if t in (u, v)]
        return zip((f"move to {v}" for v in targets), self.moves(position))

    def validate(self, position: Any) -> None:
        if not isinstance(position, Board):
            raise InvalidPositionError(f"geography: a position is a Board; got {describe(position)}")

    def parse_position(self, text: str) -> Hashable:
        g = _input(text)
        return Board.make(g, g.start_vertex())

    def format_position(self, position: Any) -> str:
        return str(position) if isinstance(position, Board) else super().format_position(position)

    def outcome_formula(self, position: Board) -> Outcome:
        if not position.edges:
            return Outcome.P
        from grundy.games.geography_edge import _forest_values, _Indexed

        ix = _Indexed(position.edges)
        if ix.is_forest():  # the token never comes back: the compiled tree kernel, O(n)
            return Outcome.N if _forest_values(ix)[ix.ids[position.token]] else Outcome.P
        return Outcome.N if geography_move(position.edges, position.token) is not None else Outcome.P

    def option_with_value_formula(self, position: Board, target: int) -> Hashable | None:
        if target == 0:
            w = geography_move(position.edges, position.token) if position.edges else None
            if w is None:
                return None
            rest = [e for e in position.edges if position.token not in e]
            return Board.make(rest, w)
        return None  # declined: the analysis scans

    def winning_move_formula(self, position: Board) -> Hashable | None:
        return self.option_with_value_formula(position, 0)
