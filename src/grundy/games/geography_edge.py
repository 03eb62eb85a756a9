"""Undirected edge geography: a token on a vertex of a multigraph; a move slides it
along an unused edge, which is then erased (the vertices stay: the token may come
back through another edge); who cannot move loses.

What is solvable, and how (each tested against brute force from the raw rules):

- **forests**: the token can never come back, so this is the vertex game; the
  Grundy value of every start at once by rerooting the mex, O(n) compiled
  (:func:`grundy.kernels.trees.geography_values`);
- **bipartite multigraphs**: the GF(2) analogue of the matching theorem
  (Fraenkel, Scheinerman and Ullman, *Undirected edge geography*, 1993): with
  ``A`` the biadjacency matrix over GF(2) (edge multiplicities mod 2), the player
  to move from ``v`` wins iff ``v``'s row is independent of the other rows, that
  is iff ``v`` lies outside the support of the left null space of ``A`` (of the
  right one for the other side). One elimination per component gives every start;
  O(n^3 / word) with Python ints as bit rows;
- **anything else** (odd cycles, loops): an exact memoised search over the sets of
  unused edges, within a :class:`~grundy.solve.budget.Budget` (the game is
  PSPACE-complete in general).

The notes' 二分图博弈 is the vertex game (:mod:`grundy.games.geography`); this one is
its edge form, on the same input syntax.

>>> sorted(edge_geography_starts([(0, 1), (1, 2), (2, 3), (3, 0)]))   # C4: 4 moves
[]
>>> sorted(edge_geography_starts([(0, 1), (1, 2), (2, 3)]))            # path: all win
[0, 1, 2, 3]
>>> edge_geography_value([(0, 1), (1, 2), (2, 0)], 0)                 # triangle: 3 moves
1
>>> edge_geography_move([(0, 1), (0, 1), (1, 2)], 1)     # over and back, then on to 2
((0, 1), 0)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from grundy.games.geography import TokenBoard
from grundy.rules.graphinput import GraphInput, graph_input, reachable
from grundy.rules.ruleset import Ruleset
from grundy.solve.budget import UNLIMITED, Budget
from grundy.values.errors import InvalidPositionError, SearchLimitError, describe
from grundy.values.nimbers import mex_of_set
from grundy.values.outcome import Outcome
from grundy.games.registry import catalogued

__all__ = [
    "EdgeGeography",
    "EdgeBoard",
    "edge_geography_starts",
    "edge_geography_value",
    "edge_geography_outcome",
    "edge_geography_move",
]

#: the game's catalogue name, used in every message
NAME = "edge-geography"

Edge = tuple[Hashable, Hashable]

#: Most edges an exact search takes (its depth).
MAX_SEARCH_EDGES = 200


def _edges(graph: Any) -> list[Edge]:
    """The edge list of any graph input (:func:`~grundy.rules.graphinput.graph_input`:
    pairs, an ``(m, 2)`` array, a networkx graph or multigraph, text, an
    :class:`EdgeBoard`); loops and parallel edges are moves of their own."""
    return list(graph_input(graph, what=NAME).edges)


class _Indexed:
    """Vertices numbered ``0..n-1`` and edges as two int lists."""

    def __init__(self, edges: Sequence[Edge]) -> None:
        self.labels: list[Hashable] = []
        self.ids: dict[Hashable, int] = {}
        self.us: list[int] = []
        self.vs: list[int] = []
        for u, v in edges:
            self.us.append(self.id(u))
            self.vs.append(self.id(v))

    def id(self, x: Hashable) -> int:
        i = self.ids.get(x)
        if i is None:
            i = self.ids[x] = len(self.labels)
            self.labels.append(x)
        return i

    @property
    def n(self) -> int:
        return len(self.labels)

    def components(self) -> list[int]:
        """Component number of every vertex (union-find)."""
        par = list(range(self.n))

        def find(x: int) -> int:
            while par[x] != x:
                par[x] = par[par[x]]
                x = par[x]
            return x

        for a, b in zip(self.us, self.vs):
            ra, rb = find(a), find(b)
            if ra != rb:
                par[ra] = rb
        return [find(x) for x in range(self.n)]

    def sides(self) -> list[int] | None:
        """A 2-colouring (0/1 per vertex), or ``None`` if not bipartite (a loop or an
        odd cycle)."""
        adj: list[list[int]] = [[] for _ in range(self.n)]
        for a, b in zip(self.us, self.vs):
            if a == b:
                return None
            adj[a].append(b)
            adj[b].append(a)
        side = [-1] * self.n
        for s in range(self.n):
            if side[s] >= 0:
                continue
            side[s] = 0
            stack = [s]
            while stack:
                x = stack.pop()
                for y in adj[x]:
                    if side[y] < 0:
                        side[y] = side[x] ^ 1
                        stack.append(y)
                    elif side[y] == side[x]:
                        return None
        return side

    def is_forest(self) -> bool:
        m = len(self.us)
        comps = len(set(self.components())) if self.n else 0
        return m == self.n - comps and all(a != b for a, b in zip(self.us, self.vs))


# ------------------------------------------------------------------ theorems
def _null_support(rows: list[int]) -> int:
    """Bit ``i`` set iff row ``i`` has a nonzero coefficient in some dependency
    among the rows (the support of the left null space), over GF(2)."""
    pivots: dict[int, tuple[int, int]] = {}  # leading bit -> (row, combination)
    support = 0
    for i, row in enumerate(rows):
        vec, combo = row, 1 << i
        while vec:
            top = vec.bit_length() - 1
            p = pivots.get(top)
            if p is None:
                pivots[top] = (vec, combo)
                break
            vec ^= p[0]
            combo ^= p[1]
        if not vec:
            support |= combo
    return support


def _bipartite_wins(ix: _Indexed, side: list[int]) -> list[bool]:
    """The winning starts of a bipartite multigraph (the GF(2) theorem)."""
    pos = [0] * ix.n  # index within its side
    count = [0, 0]
    for v in range(ix.n):
        pos[v] = count[side[v]]
        count[side[v]] += 1
    rows: list[list[int]] = [[0] * count[0], [0] * count[1]]
    for a, b in zip(ix.us, ix.vs):
        rows[side[a]][pos[a]] ^= 1 << pos[b]
        rows[side[b]][pos[b]] ^= 1 << pos[a]
    sup = [_null_support(rows[0]), _null_support(rows[1])]
    return [not (sup[side[v]] >> pos[v]) & 1 for v in range(ix.n)]


def _forest_values(ix: _Indexed) -> list[int]:
    from grundy.kernels.trees import geography_values, root_tree

    us = np.array(ix.us, dtype=np.int64)
    vs = np.array(ix.vs, dtype=np.int64)
    parent, order, _ = root_tree(us, vs, ix.n, np.arange(ix.n))
    return cast(list[int], geography_values(parent, order).tolist())


# ------------------------------------------------------------------ search
class _Search:
    """Exact memoised search over (unused edges as a bit mask, token)."""

    def __init__(self, ix: _Indexed, budget: Budget | None) -> None:
        if len(ix.us) > MAX_SEARCH_EDGES:
            raise SearchLimitError(
                f"{NAME}: an exact search on {len(ix.us):,} edges (more than {MAX_SEARCH_EDGES}) "
                "is out of reach; the theorems cover forests and bipartite graphs"
            )
        self.ix = ix
        self.inc = [0] * ix.n
        for e, (a, b) in enumerate(zip(ix.us, ix.vs)):
            self.inc[a] |= 1 << e
            self.inc[b] |= 1 << e
        self.meter = (budget or UNLIMITED).start()  # None: the budget in force only
        self.wins: dict[tuple[int, int], bool] = {}
        self.values: dict[tuple[int, int], int] = {}
        self.full = (1 << len(ix.us)) - 1

    def options(self, mask: int, v: int) -> Iterable[tuple[int, int, int]]:
        m = mask & self.inc[v]
        while m:
            low = m & -m
            m ^= low
            e = low.bit_length() - 1
            yield e, mask ^ low, self.ix.us[e] ^ self.ix.vs[e] ^ v

    def win(self, mask: int, v: int) -> bool:
        key = (mask, v)
        r = self.wins.get(key)
        if r is None:
            self.meter.tick(f"{NAME} search")
            r = any(not self.win(m2, w) for _, m2, w in self.options(mask, v))
            self.wins[key] = r
        return r

    def value(self, mask: int, v: int) -> int:
        key = (mask, v)
        r = self.values.get(key)
        if r is None:
            self.meter.tick(f"{NAME} search")
            r = mex_of_set({self.value(m2, w) for _, m2, w in self.options(mask, v)})
            self.values[key] = r
        return r


# ------------------------------------------------------------------ library
def _start_id(ix: _Indexed, start: Hashable) -> int:
    if isinstance(start, np.integer):
        start = int(start)
    i = ix.ids.get(start)
    if i is None:
        raise InvalidPositionError(
            f"{NAME}: the start {describe(start)} is on no edge of {describe(list(zip_labels(ix)))}"
        )
    return i


def zip_labels(ix: _Indexed) -> Iterable[Edge]:
    return ((ix.labels[a], ix.labels[b]) for a, b in zip(ix.us, ix.vs))


def edge_geography_starts(graph: Any, *, budget: Budget | None = None) -> set[Hashable]:
    """The vertices from which the player to move wins: the forest kernel, the GF(2)
    theorem on a bipartite multigraph, else a search per start (within ``budget``).

    >>> sorted(edge_geography_starts([(0, 1), (1, 2), (2, 0), (2, 3)]))   # triangle + tail
    [0, 1, 2]
    """
    ix = _Indexed(_edges(graph))
    if ix.is_forest():
        vals = _forest_values(ix)
        return {ix.labels[v] for v in range(ix.n) if vals[v]}
    side = ix.sides()
    if side is not None:
        wins = _bipartite_wins(ix, side)
        return {ix.labels[v] for v in range(ix.n) if wins[v]}
    s = _Search(ix, budget)
    return {ix.labels[v] for v in range(ix.n) if s.win(s.full, v)}


def edge_geography_outcome(graph: Any, start: Hashable, *, budget: Budget | None = None) -> Outcome:
    """``Outcome.N`` if the player to move from ``start`` wins."""
    ix = _Indexed(_edges(graph))
    v = _start_id(ix, start)
    if ix.is_forest():
        return Outcome.N if _forest_values(ix)[v] else Outcome.P
    side = ix.sides()
    if side is not None:
        return Outcome.N if _bipartite_wins(ix, side)[v] else Outcome.P
    s = _Search(ix, budget)
    return Outcome.N if s.win(s.full, v) else Outcome.P


def edge_geography_value(graph: Any, start: Hashable, *, budget: Budget | None = None) -> int:
    """The Grundy value from ``start``: the forest kernel, else the exact search
    (the bipartite theorem gives only the outcome)."""
    ix = _Indexed(_edges(graph))
    v = _start_id(ix, start)
    if ix.is_forest():
        return _forest_values(ix)[v]
    s = _Search(ix, budget)
    return s.value(s.full, v)


def edge_geography_move(graph: Any, start: Hashable, *, budget: Budget | None = None) -> tuple[Edge, Hashable] | None:
    """A winning move from ``start`` as ``(edge, new token vertex)``, or ``None``
    when the player to move loses. Each candidate is judged by the theorem that
    covers the graph left (forest, bipartite) or by the search.

    >>> edge_geography_move([(0, 1), (1, 2), (2, 3), (3, 0)], 0) is None
    True
    """
    edges = _edges(graph)
    ix = _Indexed(edges)
    v = _start_id(ix, start)
    if not ix.is_forest() and ix.sides() is None:
        s = _Search(ix, budget)
        for e, m2, w in s.options(s.full, v):
            if not s.win(m2, w):
                return edges[e], ix.labels[w]
        return None
    if edge_geography_outcome(edges, start) is Outcome.P:
        return None
    tried: set[int] = set()  # parallel copies are one move
    for e, (a, b) in enumerate(zip(ix.us, ix.vs)):
        if v not in (a, b):
            continue
        w = b if a == v else a
        if w in tried:
            continue
        tried.add(w)
        rest = edges[:e] + edges[e + 1 :]
        if not any(ix.labels[w] in x for x in rest) or edge_geography_outcome(rest, ix.labels[w]) is Outcome.P:
            return edges[e], ix.labels[w]
    raise AssertionError("the theorem guarantees a winning move")  # pragma: no cover


# ------------------------------------------------------------------ ruleset
@dataclass(frozen=True)
class EdgeBoard(TokenBoard):
    """An edge-geography position: the unused edges the token can still reach (a
    sorted tuple, repeated for parallel edges; loops allowed) and the token's vertex."""

    @classmethod
    def make(cls, edges: Iterable[Sequence[Hashable]] | GraphInput, token: Hashable) -> EdgeBoard:
        """The board of the multigraph ``edges`` (pairs or any graph input) that the
        token can reach, edges sorted."""
        es = graph_input(edges, what=NAME).sorted_edges()
        reach = reachable(es, [token])
        return cls(tuple(e for e in es if e[0] in reach), token)


@catalogued(NAME, "undirected edge geography", "edge geography",
            summary="Undirected edge geography: slide along an unused edge ('1-2 2-3 3-1 start=1').",
            position=("1-2 2-3 3-4 4-1 1-3 start=1",),
            legal=(EdgeBoard.make("1-2 2-3 3-4 4-1 1-3", 1), EdgeBoard.make("1-2 1-2", 2)))
class EdgeGeography(Ruleset):
    """Undirected edge geography. A position is an :class:`EdgeBoard`; on the
    command line ``'0-1 1-2 2-0 start=0'`` (start defaults to 0; loops ``2-2`` and
    repeated edges allowed) or ``@FILE``. Outcome by the forest kernel or the GF(2)
    theorem (bipartite), else an exact search within :attr:`budget` (``None``:
    the caller's budget, the one in force); Grundy values
    by the engine's search from the raw rules (the forest kernel on forests).

    >>> g = EdgeGeography()
    >>> b = g.parse_position("0-1 1-2 2-3 3-0 0-2 start=0")     # a square with a chord
    >>> g.outcome(b), str(g.winning_move(b))
    (Outcome.N, '0-2 0-3 1-2 2-3 start=1')
    """

    #: the budget of the exact search on graphs neither forests nor bipartite
    #: (``None``: the caller's, in force through the analysis)
    budget: Budget | None = None

    def moves(self, position: EdgeBoard) -> Iterable[EdgeBoard]:
        es = position.edges
        for i, (u, v) in enumerate(es):
            if position.token in (u, v) and (i == 0 or es[i - 1] != es[i]):  # parallel copies: one move
                yield EdgeBoard.make(es[:i] + es[i + 1 :], v if u == position.token else u)

    def move_labels(self, position: Any) -> Iterable[tuple[str, Hashable]] | None:
        """``move to v``: the token slides along an unused edge to ``v``.

        >>> g = EdgeGeography()
        >>> b = g.parse_position("0-1 1-2 2-3 3-0 0-2 start=0")
        >>> [g.format_move(b, o) for o in g.moves(b)]
        ['move to 1', 'move to 2', 'move to 3']
        """
        if not isinstance(position, EdgeBoard):
            return None
        es, t = position.edges, position.token
        targets = [v if u == t else u for i, (u, v) in enumerate(es)
                   if t in (u, v) and (i == 0 or es[i - 1] != es[i])]
        return zip((f"move to {v}" for v in targets), self.moves(position))

    def validate(self, position: Any) -> None:
        if not isinstance(position, EdgeBoard):
            raise InvalidPositionError(f"{NAME}: a position is an EdgeBoard; got {describe(position)}")
        if position.edges and not any(position.token in e for e in position.edges):
            raise InvalidPositionError(
                f"{NAME}: the token {describe(position.token)} is on no edge of {describe(position.edges)}"
            )

    def parse_position(self, text: str) -> Hashable:
        g = graph_input(text, what=NAME)
        return EdgeBoard.make(g, g.start_vertex())

    def format_position(self, position: Any) -> str:
        return str(position) if isinstance(position, EdgeBoard) else super().format_position(position)

    def outcome_formula(self, position: EdgeBoard) -> Outcome:
        if not position.edges:
            return Outcome.P
        return edge_geography_outcome(position.edges, position.token, budget=self.budget)

    def option_with_value_formula(self, position: EdgeBoard, target: int) -> Hashable | None:
        if target == 0 and position.edges:
            mv = edge_geography_move(position.edges, position.token, budget=self.budget)
            if mv is None:
                return None
            es = list(position.edges)
            es.remove(mv[0])
            return EdgeBoard.make(es, mv[1])
        return None  # declined: the analysis scans

    def winning_move_formula(self, position: EdgeBoard) -> Hashable | None:
        return self.option_with_value_formula(position, 0)

