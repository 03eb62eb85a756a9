"""Games given as an explicit directed graph: analyse every vertex at once.

A token sits on a vertex; a move slides it along an edge; a player who cannot move
loses. :class:`GameGraph` takes a mapping ``vertex -> successors``, an edge list, a
``networkx.DiGraph``, a square scipy sparse matrix (entry ``(u, v)`` stored: an edge
``u -> v``), or integer edge arrays (:meth:`GameGraph.from_arrays`). Vertex names
are numbered once; the analysis runs on CSR arrays in compiled kernels
(:mod:`grundy.kernels.retrograde`): outcomes with draws and remoteness in one
O(V + E) retrograde pass, generalised Sprague-Grundy values (finite, or
``inf(K)``) by Fraenkel and Yesha's algorithm.

>>> from grundy import GameGraph
>>> g = GameGraph({"a": ["b", "c"], "b": ["c"], "c": []})
>>> g.values()
{'c': 0, 'b': 1, 'a': 2}
>>> g["a"].winning_moves()
['c']
>>> loopy = GameGraph([(0, 1), (1, 0), (1, 2)])     # an edge list
>>> loopy.outcomes()
{0: Outcome.P, 1: Outcome.N, 2: Outcome.P}
>>> loopy.remoteness(1), loopy.remoteness(0)        # with a cycle in the graph
(1, 2)
>>> GameGraph([(1, 2), (2, 1)]).outcomes()
{1: Outcome.D, 2: Outcome.D}
>>> GameGraph([(1, 2), (2, 1), (2, 3)]).generalized_values()
{1: 0, 2: 1, 3: 0}
>>> GameGraph([(1, 1), (1, 0)]).gvalue(1)             # a pass move, an escape to 0
inf({0})
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from grundy.kernels.retrograde import INFINITE, topological_suspense
from grundy.rules.ruleset import Ruleset
from grundy.solve.budget import Budget, as_budget, from_keywords
from grundy.solve.loopy import LoopyAnalysis, loopy_unsupported
from grundy.values.errors import (
    InvalidParameterError,
    LoopyGameError,
    SearchLimitError,
    UnhashablePositionError,
)
from grundy.values.keywords import old_keywords
from grundy.values.loopy import LoopyValue
from grundy.values.outcome import Outcome

__all__ = ["GameGraph", "GraphAnalysis", "KERNEL_BUDGET"]

#: The budget of :meth:`GameGraph.kernel` when none is given (search steps).
KERNEL_BUDGET = Budget(positions=1_000_000)


@dataclass(frozen=True)
class GraphAnalysis:
    """Everything about every vertex that cannot reach a cycle (values, remoteness,
    suspense) and every vertex's outcome. ``order`` lists the vertices in reverse
    topological order (sinks first); it misses the vertices that can reach a cycle.
    ``cycle_vertex`` is a vertex on a cycle, or ``None`` for an acyclic graph."""

    order: list[Hashable]
    outcome: dict[Hashable, Outcome]
    value: dict[Hashable, int] = field(repr=False)
    remoteness: dict[Hashable, int] = field(repr=False)
    suspense: dict[Hashable, int] = field(repr=False)
    cycle_vertex: Hashable | None = None

    @property
    def acyclic(self) -> bool:
        return self.cycle_vertex is None


class GameGraph(Ruleset):
    """An explicit game graph; positions are its vertices.

    Parameters
    ----------
    graph
        A mapping ``vertex -> iterable of successors``, an iterable of ``(u, v)``
        edges, a ``networkx.DiGraph``, a square scipy sparse matrix, or an integer
        numpy array of shape ``(E, 2)``. Vertices that only appear as successors are
        sinks.
    name
        Name used in messages and reprs.
    vertices
        The vertex set, when given: an edge naming any other vertex is an error
        (for integer arrays and matrices the vertices are ``range(n)``).
    simple
        Refuse duplicate and self edges (:class:`InvalidParameterError` naming the
        first), for inputs that promise a simple digraph.

    Duplicate and self edges, by default: a duplicate edge is the same move twice
    and changes no answer (outcomes, remoteness, values, kernels; :meth:`moves`
    lists each option once). A self edge is a legal move to the same position (a
    pass): it is a cycle, so its vertex is never a P-position and has no plain
    Grundy value (:class:`LoopyGameError` says it is a self edge), and it can be in
    no kernel; outcomes, remoteness and generalised values still answer.

    >>> GameGraph([(0, 1), (0, 1)]).moves(0)
    [1]
    >>> GameGraph([(0, 0), (0, 1)]).outcome(0), GameGraph([(0, 0)]).outcome(0)
    (Outcome.N, Outcome.D)
    >>> GameGraph([(0, 1), (1, 1)]).values()
    Traceback (most recent call last):
    ...
    grundy.values.errors.LoopyGameError: graph: the graph has a cycle through vertex 1 (a self edge: a move from 1 to itself); plain Grundy values and suspense need an acyclic game (outcomes, remoteness and generalised values are still available)
    >>> GameGraph([(0, 1), (1, 2), (0, 1)], simple=True)
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: graph: duplicate edge (0, 1) (edges 0 and 2)
    """

    def __init__(
        self, graph: Any, name: str = "graph", *, vertices: Iterable[Hashable] | None = None,
        simple: bool = False,
    ) -> None:
        self.name = name
        n, src, dst, labels = _numbered(graph, vertices, name)
        if simple:
            _check_simple(src, dst, n, labels, name)
        self._init_arrays(n, src, dst, labels)

    @classmethod
    def from_arrays(
        cls, src: Any, dst: Any, n: int | None = None, name: str = "graph", *,
        simple: bool = False,
    ) -> GameGraph:
        """A graph on vertices ``0 .. n-1`` with edges ``src[e] -> dst[e]`` (numpy
        integer arrays; ``n`` defaults to one more than the largest vertex). No
        per-vertex Python objects are made.

        >>> import numpy as np
        >>> g = GameGraph.from_arrays(np.array([0, 1, 1]), np.array([1, 0, 2]))
        >>> g.outcome(0), g.remoteness(0)
        (Outcome.P, 2)
        >>> GameGraph.from_arrays(np.array([0]), np.array([5]), n=3)
        Traceback (most recent call last):
        ...
        grundy.values.errors.InvalidParameterError: graph: edge 0 names vertex 5, not in range(3)
        """
        self = cls.__new__(cls)
        self.name = name
        labels: list[Hashable] | None = None
        sparse = _sparse_ids(src, dst) if n is None else None
        if sparse is not None:
            n, s, d, labels = sparse
        else:
            s, d, n = _check_arrays(src, dst, n, name)
        if simple:
            _check_simple(s, d, n, labels, name)
        self._init_arrays(n, s, d, labels)
        return self

    def _init_arrays(self, n: int, src: Any, dst: Any, labels: list[Hashable] | None) -> None:
        self._n = n
        self._src = src
        self._dst = dst
        self._labels = labels
        self._index: dict[Hashable, int] | None = None
        self._loopy: LoopyAnalysis | None = None
        self._analysis: GraphAnalysis | None = None
        self._succ: dict[Hashable, list[Hashable]] | None = None

    # ------------------------------------------------------------- the rules
    @property
    def loopy(self) -> LoopyAnalysis:
        """The compiled analysis of every vertex (built on first use)."""
        if self._loopy is None:
            self._loopy = LoopyAnalysis(
                self._n, self._src, self._dst, labels=self._labels, index=self._index,
                name=self.name,
            )
        return self._loopy

    def _num(self, position: Any) -> int:
        return self.loopy.index(position)

    def moves(self, position: Any) -> list[Hashable]:
        a = self.loopy
        return [a.vertex(j) for j in dict.fromkeys(a.successors(a.index(position)).tolist())]

    def validate(self, position: Any) -> None:
        self._num(position)

    @property
    def succ(self) -> dict[Hashable, list[Hashable]]:
        """``vertex -> successors`` as Python lists (built on first use)."""
        if self._succ is None:
            a = self.loopy
            self._succ = {
                a.vertex(i): [a.vertex(j) for j in dict.fromkeys(a.successors(i).tolist())]
                for i in range(self._n)
            }
        return self._succ

    @property
    def vertices(self) -> list[Hashable]:
        return list(range(self._n)) if self._labels is None else list(self._labels)

    def __len__(self) -> int:
        return self._n

    # -------------------------------------------------------------- analysis
    def analyze(self) -> GraphAnalysis:
        """Values, remoteness and suspense of the vertices that cannot reach a
        cycle and every vertex's outcome, as dictionaries (computed once)."""
        if self._analysis is None:
            a = self.loopy
            order, susp = topological_suspense(
                a.pstart, a.pred, a.outdeg, *self._successor_csr()
            )
            labels = a.value_labels
            rem = a.remoteness_array
            ol = order.tolist()
            names = [a.vertex(i) for i in ol]
            value = dict(zip(names, labels[order].tolist()))
            remote = dict(zip(names, rem[order].tolist()))
            suspense = dict(zip(names, susp[order].tolist()))
            cycle_vertex: Hashable | None = None
            if len(ol) < self._n:
                cycle_vertex = a.vertex(_vertex_on_cycle(a, order))
            self._analysis = GraphAnalysis(names, a.outcomes(), value, remote, suspense,
                                           cycle_vertex)
        return self._analysis

    def _successor_csr(self) -> tuple[Any, Any]:
        a = self.loopy
        return a.pstart_succ(), a._succ

    def _acyclic(self, vertex: Any = None) -> GraphAnalysis:
        """The analysis, if ``vertex`` (or, for ``None``, every vertex) cannot reach
        a cycle; else :class:`LoopyGameError`."""
        a = self.analyze()
        if a.cycle_vertex is not None and (vertex is None or vertex not in a.value):
            which = "the graph has" if vertex is None else f"vertex {vertex!r} reaches"
            c = a.cycle_vertex
            if c in self.moves(c):
                which_c = f"{c!r} (a self edge: a move from {c!r} to itself)"
            else:
                which_c = repr(c)
            raise LoopyGameError(
                f"{self.name}: {which} a cycle through vertex {which_c}; "
                "plain Grundy values and suspense need an acyclic game (outcomes, "
                "remoteness and generalised values are still available)",
                a.cycle_vertex,
            )
        return a

    def gvalue(self, position: Any) -> LoopyValue:
        """The generalised Sprague-Grundy value: an ``int``, or ``inf(K)``."""
        return self.loopy.value(position)

    def generalized_values(self) -> dict[Hashable, LoopyValue]:
        """The generalised Sprague-Grundy value of every vertex."""
        return self.loopy.values()

    def value_formula(self, position: Any) -> int:
        """The Grundy value; on a loopy graph the generalised value (an ``int``,
        which acts as a Nim heap in every sum, or ``inf(K)``), as for rulesets."""
        return self.loopy.value(position)  # type: ignore[return-value]

    def outcome_formula(self, position: Any) -> Outcome:
        """Outcome by retrograde analysis: P, N, or D (draw) on a cyclic graph (a
        ``Sum`` of vertices goes by the generalised values of its parts)."""
        return self.loopy.outcome(position)

    def remoteness_formula(self, position: Any) -> int:
        """Moves to the end when the winner hurries and the loser delays, also on a
        graph with cycles; a drawn vertex has none (:class:`LoopyGameError`)."""
        r = self.loopy.remoteness(position)
        if r is None:
            raise LoopyGameError(
                f"{self.name}: vertex {position!r} is a draw (D): no remoteness", position
            )
        return r

    def suspense_formula(self, position: Any) -> int:
        """Suspense of a vertex that reaches no cycle (else :class:`LoopyGameError`)."""
        a = self.analyze()
        if position not in a.suspense:
            raise loopy_unsupported("suspense (Every-SG play)", position)
        return a.suspense[position]

    def best_move(self, position: Any) -> Hashable | None:
        """A fastest winning move (N), a move keeping the draw (D), or ``None`` (P)."""
        return self.loopy.move(position)

    def values(self) -> dict[Hashable, int]:
        """Grundy value of every vertex (sinks first)."""
        return dict(self._acyclic().value)

    def outcomes(self) -> dict[Hashable, Outcome]:
        """Outcome (P, N or D) of every vertex."""
        return self.loopy.outcomes()

    def p_positions(self) -> list[Hashable]:
        """The vertices where the player to move loses."""
        a = self.loopy
        return [a.vertex(i) for i in np.flatnonzero(a.outcome_codes == 2).tolist()]

    @property
    def has_draws(self) -> bool:
        return self.loopy.has_draws

    @old_keywords(("limit",), lambda given: from_keywords(given, KERNEL_BUDGET))
    def kernel(self, *, budget: Budget | None = None) -> frozenset[Hashable] | None:
        """A kernel of the digraph: an independent set of vertices that every other
        vertex has an edge into (the notes' 0x04).

        Without draws it is the set of P-positions. Every kernel contains the
        P-positions and no N-position; with draws (:attr:`has_draws`) the drawn
        vertices must hold a kernel of their own subgraph, found by a search
        within ``budget`` (each step a position; ``None``: :data:`KERNEL_BUDGET`,
        :class:`SearchLimitError` past it); ``None`` when there is none.

        >>> sorted(GameGraph([(0, 1), (1, 2)]).kernel())
        [0, 2]
        >>> GameGraph([(0, 1), (1, 2), (2, 0)]).kernel() is None      # odd cycle
        True
        >>> sorted(GameGraph([(0, 1), (1, 2), (2, 3), (3, 0)]).kernel())
        [0, 2]
        """
        b = as_budget(budget, KERNEL_BUDGET)
        a = self.loopy
        p = a.outcome_codes == 2
        if not a.has_draws:
            return frozenset(a.vertex(i) for i in np.flatnonzero(p).tolist())
        drawn = np.flatnonzero(a.outcome_codes == 0).tolist()
        extra = _kernel_search(a, drawn, b, self.name)
        if extra is None:
            return None
        return frozenset(a.vertex(i) for i in np.flatnonzero(p).tolist() + extra)

    def __repr__(self) -> str:
        return f"<GameGraph {self.name}: {self._n:,} vertices, {len(self._src):,} edges>"


# ------------------------------------------------------------------ helpers
def _numbered(graph: Any, vertices: Iterable[Hashable] | None, name: str) -> tuple[int, Any, Any, list[Hashable] | None]:
    """``(n, src, dst, labels)`` from any accepted input (labels ``None``: the
    vertices are ``0 .. n-1``)."""
    if isinstance(graph, np.ndarray):
        if graph.ndim != 2 or graph.shape[1] != 2 or graph.dtype.kind not in "iu":
            raise InvalidParameterError(
                f"{name}: an edge array must be integers of shape (E, 2); got shape "
                f"{graph.shape} of {graph.dtype}"
            )
        if vertices is not None:
            return _labelled_edges(graph.tolist(), vertices, name)
        sparse = _sparse_ids(graph[:, 0], graph[:, 1])
        if sparse is not None:
            return sparse
        s, d, n = _check_arrays(graph[:, 0], graph[:, 1], None, name)
        return n, s, d, None
    if hasattr(graph, "tocoo") and hasattr(graph, "shape"):  # scipy sparse
        if len(graph.shape) != 2 or graph.shape[0] != graph.shape[1]:
            raise InvalidParameterError(
                f"{name}: an adjacency matrix must be square; got shape {graph.shape}"
            )
        coo = graph.tocoo()
        n = int(graph.shape[0])
        s, d, n = _check_arrays(coo.row, coo.col, n, name)
        return n, s, d, None
    known: dict[Hashable, int] = {}
    labels: list[Hashable] = []
    closed = vertices is not None
    if closed:
        assert vertices is not None
        for v in vertices:
            _add(known, labels, v, name)
    src: list[int] = []
    dst: list[int] = []

    def num(v: Any, where: str) -> int:
        i = known.get(v) if _hashable(v, name) else None
        if i is None:
            if closed:
                raise InvalidParameterError(f"{name}: {where} names {v!r}, which is not a vertex")
            i = _add(known, labels, v, name)
        return i

    if hasattr(graph, "is_directed") and hasattr(graph, "nodes"):  # networkx
        if not graph.is_directed():
            raise InvalidParameterError(
                "an undirected graph is not a game graph (every edge would be a "
                "2-cycle); pass a networkx.DiGraph"
            )
        for v in graph.nodes:
            num(v, "the node list")
        for u, w in graph.edges():
            src.append(known[u])
            dst.append(known[w])
    elif isinstance(graph, Mapping):
        for v in graph:
            num(v, "the mapping")
        for v, out in graph.items():
            if isinstance(out, (str, bytes)) or not isinstance(out, Iterable):
                raise InvalidParameterError(
                    f"successors of vertex {v!r} must be an iterable of vertices; got {out!r}"
                )
            i = known[v]
            for w in out:
                src.append(i)
                dst.append(num(w, f"an edge from {v!r}"))
    elif isinstance(graph, Iterable) and not isinstance(graph, (str, bytes)):
        for edge in graph:
            try:
                u, w = edge
            except (TypeError, ValueError):
                raise InvalidParameterError(f"an edge must be a pair (u, v); got {edge!r}") from None
            a = num(u, f"edge {edge!r}")
            src.append(a)
            dst.append(num(w, f"edge {edge!r}"))
    else:
        raise InvalidParameterError(
            f"a game graph is a mapping, an edge list, a networkx.DiGraph, a sparse "
            f"matrix or an edge array; got {graph!r}"
        )
    return len(labels), np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64), labels


def _labelled_edges(edges: list[Any], vertices: Iterable[Hashable], name: str) -> tuple[int, Any, Any, list[Hashable] | None]:
    return _numbered([tuple(e) for e in edges], vertices, name)


def _hashable(v: Any, name: str) -> bool:
    try:
        hash(v)
    except TypeError:
        raise UnhashablePositionError(f"{name}: graph vertices must be hashable; got {v!r}") from None
    return True


def _add(known: dict[Hashable, int], labels: list[Hashable], v: Any, name: str) -> int:
    _hashable(v, name)
    i = known.get(v)
    if i is None:
        i = known[v] = len(labels)
        labels.append(v)
    return i


#: Bytes the analysis holds per vertex (CSR offsets, degrees, outcomes, values,
#: remoteness, queues): a vertex count is refused before allocating beyond the
#: memory budget.
_BYTES_PER_VERTEX = 64


def _sparse_ids(src: Any, dst: Any) -> tuple[int, Any, Any, list[Hashable]] | None:
    """Integer vertex ids far beyond the number of edges (``[[0, 2**40]]``) would
    make ``max id + 1`` vertices: they are numbered densely instead and keep their
    ids as labels; ``None`` for dense ids (and for input the caller checks)."""
    s = np.asarray(src)
    d = np.asarray(dst)
    if s.shape != d.shape or s.ndim != 1 or s.dtype.kind not in "iu" or d.dtype.kind not in "iu" or s.size == 0:
        return None
    lo = min(int(s.min()), int(d.min()))
    hi = max(int(s.max()), int(d.max()))
    if lo < 0 or hi < 4 * s.shape[0] + 1024:
        return None
    uniq, inv = np.unique(np.concatenate([s, d]), return_inverse=True)
    inv = inv.astype(np.int32 if uniq.shape[0] < 2**31 - 1 else np.int64)
    m = s.shape[0]
    return int(uniq.shape[0]), inv[:m], inv[m:], uniq.tolist()


def _check_arrays(src: Any, dst: Any, n: int | None, name: str) -> tuple[Any, Any, int]:
    s = np.asarray(src)
    d = np.asarray(dst)
    if s.shape != d.shape or s.ndim != 1 or s.dtype.kind not in "iu" or d.dtype.kind not in "iu":
        raise InvalidParameterError(
            f"{name}: src and dst must be 1-d integer arrays of one length; got "
            f"{s.shape} {s.dtype} and {d.shape} {d.dtype}"
        )
    if n is None:
        n = int(max(s.max(initial=-1), d.max(initial=-1))) + 1
    for arr in (s, d):
        if arr.size and (arr.min() < 0 or arr.max() >= n):
            e = int(np.flatnonzero((arr < 0) | (arr >= n))[0])
            raise InvalidParameterError(
                f"{name}: edge {e} names vertex {int(arr[e])}, not in range({n})"
            )
    from grundy.solve.budget import reserve

    reserve(n * _BYTES_PER_VERTEX, f"{name}: a game graph of {n:,} vertices")
    dt = np.int32 if n < 2**31 - 1 else np.int64
    return s.astype(dt, copy=False), d.astype(dt, copy=False), n


def _check_simple(src: Any, dst: Any, n: int, labels: list[Hashable] | None, name: str) -> None:
    """:class:`InvalidParameterError` at the first self edge or duplicate edge."""
    def vx(i: int) -> Hashable:
        return i if labels is None else labels[i]

    s = np.asarray(src, dtype=np.int64)
    d = np.asarray(dst, dtype=np.int64)
    loops = np.flatnonzero(s == d)
    if loops.size:
        e = int(loops[0])
        raise InvalidParameterError(
            f"{name}: self edge ({vx(int(s[e]))!r}, {vx(int(s[e]))!r}) (edge {e}): a simple "
            "graph has none (without simple=True it is a pass move)"
        )
    key = s * max(n, 1) + d
    order = np.argsort(key, kind="stable")
    same = np.flatnonzero(key[order][1:] == key[order][:-1])
    if same.size:
        i, j = sorted((int(order[same[0]]), int(order[same[0] + 1])))
        raise InvalidParameterError(
            f"{name}: duplicate edge ({vx(int(s[i]))!r}, {vx(int(d[i]))!r}) (edges {i} and {j})"
        )


def _vertex_on_cycle(a: LoopyAnalysis, order: Any) -> int:
    """A vertex on a cycle: walk from an unordered vertex through unordered ones."""
    done = np.zeros(a.n, dtype=bool)
    done[order] = True
    v = int(np.flatnonzero(~done)[0])
    walked: set[int] = set()
    while v not in walked:
        walked.add(v)
        v = next(int(w) for w in a.successors(v) if not done[w])
    return v


def _kernel_search(a: LoopyAnalysis, drawn: list[int], budget: Budget, name: str) -> list[int] | None:
    """A kernel of the subgraph induced on ``drawn`` by backtracking, or ``None``."""
    inside = set(drawn)
    succ = {v: [int(w) for w in a.successors(v) if int(w) in inside] for v in drawn}
    pred: dict[int, list[int]] = {v: [] for v in drawn}
    for v in drawn:
        for w in succ[v]:
            pred[w].append(v)
    state: dict[int, bool] = {}
    meter = budget.start()
    what = f"{name}: the kernel search among the {len(drawn):,} drawn vertices"

    def ok(v: int) -> bool:
        # v's constraints given the assignment so far
        if state[v]:
            return all(not state.get(w, False) for w in succ[v]) and all(
                not state.get(u, False) for u in pred[v]
            )
        return any(state.get(w, True) for w in succ[v])

    def consistent(v: int) -> bool:
        return ok(v) and all(ok(u) for u in pred[v] if u in state) and all(
            ok(w) for w in succ[v] if w in state)

    def search(k: int) -> bool:
        if k == len(drawn):
            return True
        meter.tick(what)
        v = drawn[k]
        for choice in (True, False):
            state[v] = choice
            if consistent(v) and search(k + 1):
                return True
            del state[v]
        return False

    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, len(drawn) + 100))
    try:
        found = search(0)
    finally:
        sys.setrecursionlimit(old)
    return [v for v in drawn if state[v]] if found else None


_ = INFINITE
