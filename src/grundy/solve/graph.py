"""Games given as an explicit directed graph: analyse every vertex at once.

A token sits on a vertex; a move slides it along an edge; a player who cannot move
loses. :class:`GameGraph` takes a mapping ``vertex -> successors``, an edge list, or
a ``networkx.DiGraph``, and computes every vertex's Grundy value, outcome,
remoteness and suspense in O(N + M) by processing vertices in reverse topological
order (Kahn's algorithm on the reversed graph). Outcomes are found by retrograde
analysis, so a graph with cycles still gets P/N/D (draw) outcomes; its Grundy values
raise :class:`~grundy.values.errors.LoopyGameError`.

>>> from grundy import GameGraph
>>> g = GameGraph({"a": ["b", "c"], "b": ["c"], "c": []})
>>> g.values()
{'c': 0, 'b': 1, 'a': 2}
>>> g["a"].winning_moves()
['c']
>>> loopy = GameGraph([(1, 2), (2, 1), (2, 3)])     # an edge list
>>> loopy.outcomes()
{3: Outcome.P, 2: Outcome.N, 1: Outcome.P}
>>> GameGraph([(1, 2), (2, 1)]).outcomes()
{1: Outcome.D, 2: Outcome.D}
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from grundy.values.errors import (
    InvalidParameterError,
    InvalidPositionError,
    LoopyGameError,
    UnhashablePositionError,
)
from grundy.values.outcome import Outcome
from grundy.rules.ruleset import Ruleset
from grundy.solve.reducer import remoteness_rule, suspense_rule

__all__ = ["GameGraph", "GraphAnalysis"]


@dataclass(frozen=True)
class GraphAnalysis:
    """Everything about every vertex. ``order`` lists the vertices in reverse
    topological order (sinks first); it misses the vertices that can reach a cycle,
    which have outcomes but no values. ``cycle_vertex`` is a vertex on a cycle, or
    ``None`` for an acyclic graph."""

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
        edges, or a ``networkx.DiGraph``. Vertices that only appear as successors
        are sinks.
    name
        Name used in messages and reprs.
    """

    def __init__(self, graph: Any, name: str = "graph") -> None:
        self.name = name
        self.succ = _adjacency(graph)
        self._analysis: GraphAnalysis | None = None

    # ------------------------------------------------------------- the rules
    def moves(self, position: Any) -> list[Hashable]:
        return self.succ[position]

    def validate(self, position: Any) -> None:
        if position not in self.succ:
            raise InvalidPositionError(f"{self.name}: {position!r} is not a vertex of the graph")

    @property
    def vertices(self) -> list[Hashable]:
        return list(self.succ)

    def __len__(self) -> int:
        return len(self.succ)

    # -------------------------------------------------------------- analysis
    def analyze(self) -> GraphAnalysis:
        """Analyse every vertex in O(N + M) (computed once, then cached)."""
        if self._analysis is None:
            self._analysis = _analyze(self.succ)
        return self._analysis

    def _acyclic(self, vertex: Any = None) -> GraphAnalysis:
        """The analysis, if ``vertex`` (or, for ``None``, every vertex) cannot reach
        a cycle; else :class:`LoopyGameError`."""
        a = self.analyze()
        if a.cycle_vertex is not None and (vertex is None or vertex not in a.value):
            which = "the graph has" if vertex is None else f"vertex {vertex!r} reaches"
            raise LoopyGameError(
                f"{self.name}: {which} a cycle through vertex {a.cycle_vertex!r}; "
                "Grundy values, remoteness and suspense need an acyclic game "
                "(outcomes, with draws, are still available)",
                a.cycle_vertex,
            )
        return a

    def value_formula(self, position: Any) -> int:
        self.check(position)
        return self._acyclic(position).value[position]

    def outcome(self, position: Any, **_: Any) -> Outcome:
        """Outcome by retrograde analysis: P, N, or D (draw) on a cyclic graph."""
        if isinstance(position, Hashable) and position in self.succ:
            return self.analyze().outcome[position]
        return super().outcome(position)

    def remoteness(self, position: Any, *, limit: int | None = None) -> int:
        self.check(position)
        return self._acyclic(position).remoteness[position]

    def suspense(self, position: Any, *, limit: int | None = None) -> int:
        self.check(position)
        return self._acyclic(position).suspense[position]

    def values(self) -> dict[Hashable, int]:
        """Grundy value of every vertex (sinks first)."""
        return dict(self._acyclic().value)

    def outcomes(self) -> dict[Hashable, Outcome]:
        """Outcome (P, N or D) of every vertex."""
        return dict(self.analyze().outcome)

    def p_positions(self) -> list[Hashable]:
        """The vertices where the player to move loses."""
        return [v for v, o in self.analyze().outcome.items() if o is Outcome.P]


def _adjacency(graph: Any) -> dict[Hashable, list[Hashable]]:
    succ: dict[Hashable, list[Hashable]] = {}
    try:
        if hasattr(graph, "is_directed") and hasattr(graph, "nodes"):  # networkx
            if not graph.is_directed():
                raise InvalidParameterError(
                    "an undirected graph is not a game graph (every edge would be a "
                    "2-cycle); pass a networkx.DiGraph"
                )
            for v in graph.nodes:
                succ[v] = list(graph.successors(v))
            return succ
        if isinstance(graph, Mapping):
            for v, out in graph.items():
                succ.setdefault(v, [])
                if isinstance(out, (str, bytes)) or not isinstance(out, Iterable):
                    raise InvalidParameterError(
                        f"successors of vertex {v!r} must be an iterable of vertices; got {out!r}"
                    )
                for w in out:
                    succ[v].append(w)
                    succ.setdefault(w, [])
            return succ
        if isinstance(graph, Iterable) and not isinstance(graph, (str, bytes)):
            for edge in graph:
                try:
                    u, w = edge
                except (TypeError, ValueError):
                    raise InvalidParameterError(
                        f"an edge must be a pair (u, v); got {edge!r}"
                    ) from None
                succ.setdefault(u, []).append(w)
                succ.setdefault(w, [])
            return succ
    except TypeError as exc:
        raise UnhashablePositionError(f"graph vertices must be hashable: {exc}") from None
    raise InvalidParameterError(
        f"a game graph is a mapping, an edge list or a networkx.DiGraph; got {graph!r}"
    )


def _analyze(succ: dict[Hashable, list[Hashable]]) -> GraphAnalysis:
    # Reverse adjacency and out-degrees.
    pred: dict[Hashable, list[Hashable]] = {v: [] for v in succ}
    outdeg: dict[Hashable, int] = {}
    for v, out in succ.items():
        outdeg[v] = len(out)
        for w in out:
            pred[w].append(v)

    # Kahn on the reversed graph: a vertex is ready once all its successors are done.
    left = dict(outdeg)
    order: list[Hashable] = [v for v, d in outdeg.items() if d == 0]
    i = 0
    while i < len(order):
        w = order[i]
        i += 1
        for v in pred[w]:
            left[v] -= 1
            if left[v] == 0:
                order.append(v)

    value: dict[Hashable, int] = {}
    remote: dict[Hashable, int] = {}
    susp: dict[Hashable, int] = {}
    for v in order:
        out = succ[v]
        seen = {value[w] for w in out}
        m = 0
        while m in seen:
            m += 1
        value[v] = m
        rs = [remote[w] for w in out]
        remote[v] = remoteness_rule(rs)
        susp[v] = suspense_rule([susp[w] for w in out])

    cycle_vertex: Hashable | None = None
    if len(order) < len(succ):
        # Every unordered vertex has an unordered successor: walk until a repeat.
        v = next(u for u in succ if u not in value)
        walked: set[Hashable] = set()
        while v not in walked:
            walked.add(v)
            v = next(w for w in succ[v] if w not in value)
        cycle_vertex = v

    # Retrograde analysis for outcomes (handles cycles: what is left is a draw).
    outcome: dict[Hashable, Outcome] = {}
    unresolved = dict(outdeg)
    queue: deque[Hashable] = deque()
    for v, d in outdeg.items():
        if d == 0:
            outcome[v] = Outcome.P
            queue.append(v)
    while queue:
        w = queue.popleft()
        ow = outcome[w]
        for v in pred[w]:
            if v in outcome:
                continue
            if ow is Outcome.P:
                outcome[v] = Outcome.N
                queue.append(v)
            else:
                unresolved[v] -= 1
                if unresolved[v] == 0:
                    outcome[v] = Outcome.P
                    queue.append(v)
    for v in succ:
        outcome.setdefault(v, Outcome.D)
    return GraphAnalysis(order, outcome, value, remote, susp, cycle_vertex)
