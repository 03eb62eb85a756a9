"""Graph input: every form a graph game accepts, read into one :class:`GraphInput`.

One reader for the graph games (Hackenbush on graphs, vertex and edge geography,
the tree games), as networkx's ``convert`` is for networkx. The forms:

- text: edges ``u-v`` separated by spaces, commas or new lines (or ``u v`` one per
  line, as in contest input), ``#`` comments, and the settings ``n=N`` (vertices
  ``0..N-1``; ``1..N`` with ``base=1``), ``ground=a,b`` and ``start=v``;
  ``@FILE`` reads the same from a file;
- an edge list of pairs, ``(n, edges)``, an ``(m, 2)`` int array;
- a networkx ``Graph`` or ``MultiGraph`` (its isolated vertices are kept);
- a :class:`GraphInput`, or a position with ``edges`` (and ``ground`` or ``start``).

Vertex names that read as integers become ints; other names are kept as given for
display. The result keeps the edges in the given order, parallel edges and loops
included; each game adds its own checks (:meth:`GraphInput.refuse_loops`, ...).
Every error is an :class:`~grundy.values.errors.InvalidPositionError` naming the
bad input.

>>> g = graph_input("0-1 1-2 n=3 ground=0 start=1")
>>> g.edges, g.n, g.ground, g.start
(((0, 1), (1, 2)), 3, (0,), 1)
>>> graph_input([("a", "b"), ("b", "a")]).edges       # parallel edges kept
(('a', 'b'), ('b', 'a'))
>>> graph_input((3, [(0, 1)])).vertices()
[0, 1, 2]
>>> graph_input("0-1 1-x2-3")
Traceback (most recent call last):
...
grundy.values.errors.InvalidPositionError: graph: '1-x2-3' is not an edge 'u-v' (in '0-1 1-x2-3')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import numpy as np

from grundy.values.errors import InvalidPositionError, describe

__all__ = [
    "GraphInput",
    "graph_input",
    "vertex_name",
    "vertex_key",
    "canonical_edges",
    "reachable",
    "components",
    "read_text_file",
    "no_files",
    "read_edge_text",
    "MAX_LABEL_CHARS",
    "MAX_LISTED_VERTICES",
]

Edge = tuple[Hashable, Hashable]

#: Longest vertex name read from text or a file: Python's ``int()`` of a long digit
#: string takes quadratic time and cannot be interrupted, so a name of more
#: characters is refused before it is converted.
MAX_LABEL_CHARS = 1_000
#: Most vertices declared by ``n=`` (or ``(n, edges)``) that are ever listed one by
#: one (:meth:`GraphInput.vertices`, :meth:`GraphInput.to_networkx`); a larger
#: ``n`` is only checked against, never listed.
MAX_LISTED_VERTICES = 10_000_000

_PAIR = re.compile(r"^\s*([^\s\-]+)\s*-\s*([^\s\-]+)\s*$")
_INT = re.compile(r"[+-]?\d+")
_MARKS = ("ground", "start")
#: Fewest edges of a list tried as one numpy array (shorter lists: a Python loop
#: is faster than numpy's conversion).
_ARRAY_FROM = 32


def vertex_name(tok: str, what: str = "graph") -> Hashable:
    """A vertex name read from text: an ``int`` if it reads as one, else the text.
    Names longer than :data:`MAX_LABEL_CHARS` are refused (before any ``int()``).

    >>> vertex_name("-3"), vertex_name("a")
    (-3, 'a')
    """
    if len(tok) > MAX_LABEL_CHARS:
        raise InvalidPositionError(
            f"{what}: a vertex name of {len(tok):,} characters ({tok[:8]}...) is longer than "
            f"{MAX_LABEL_CHARS:,}; number the vertices"
        )
    return int(tok) if _INT.fullmatch(tok) else tok


def vertex_key(x: Hashable) -> tuple[str, Any]:
    """A sort key for vertex names of mixed types (ints before strings of the same
    name never compare)."""
    return (type(x).__name__, x)


def canonical_edges(edges: Iterable[Edge]) -> list[Edge]:
    """Each edge as ``(low, high)`` by :func:`vertex_key`, the list sorted: equal
    graphs give equal lists.

    >>> canonical_edges([(2, 1), (0, 1), ("b", "a")])
    [(0, 1), (1, 2), ('a', 'b')]
    """
    es = list(edges)
    kinds = {type(x) for e in es for x in e}
    if len(kinds) == 1 and kinds <= {int, str}:  # one type: its own order is vertex_key's
        out = [(u, v) if u <= v else (v, u) for u, v in es]  # type: ignore[operator]
        out.sort()
        return out
    out = [(u, v) if vertex_key(u) <= vertex_key(v) else (v, u) for u, v in es]
    out.sort(key=lambda e: (vertex_key(e[0]), vertex_key(e[1])))
    return out


def _adjacency(edges: Iterable[Edge]) -> dict[Hashable, list[Hashable]]:
    adj: dict[Hashable, list[Hashable]] = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    return adj


def _grow(adj: dict[Hashable, list[Hashable]], seen: set[Hashable]) -> set[Hashable]:
    stack = list(seen)
    while stack:
        for y in adj.get(stack.pop(), ()):
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return seen


def reachable(edges: Iterable[Edge], start: Iterable[Hashable]) -> set[Hashable]:
    """The vertices joined to ``start`` by ``edges`` (iterative search, O(m)).

    >>> sorted(reachable([(0, 1), (1, 2), (3, 4)], [0]))
    [0, 1, 2]
    """
    return _grow(_adjacency(edges), set(start))


def components(edges: Iterable[Edge], roots: Iterable[Hashable]) -> list[set[Hashable]]:
    """The connected components that hold a root, each once (one search, O(m)).

    >>> components([(0, 1), (2, 3), (3, 4)], [0, 1, 4])
    [{0, 1}, {2, 3, 4}]
    """
    adj = _adjacency(edges)
    done: set[Hashable] = set()
    out: list[set[Hashable]] = []
    for r in roots:
        if r not in done:
            c = _grow(adj, {r})
            done |= c
            out.append(c)
    return out


_NO_FILES: ContextVar[bool] = ContextVar("grundy_no_files", default=False)


@contextmanager
def no_files() -> Iterator[None]:
    """Within this context a position never names a file: ``@FILE`` (and every
    other read of :func:`read_text_file`) raises :class:`InvalidPositionError`
    without opening it. What a server reading positions from requests uses (the
    playground): a request never reads a file of the server.

    >>> with no_files():
    ...     graph_input("@/etc/hostname", what="geography")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: geography: a position here cannot name a file ('@/etc/hostname'); give the edges themselves
    """
    token = _NO_FILES.set(True)
    try:
        yield
    finally:
        _NO_FILES.reset(token)


def read_text_file(
    path: str | Path, what: str = "graph", error: type[Exception] = InvalidPositionError, kind: str = "edge"
) -> str:
    """The text of a file of edges (UTF-8). A file that cannot be read, holds NUL
    bytes (a binary file) or is not UTF-8 raises ``error`` (a GrundyError) naming
    the file; the one reader of edge files (``@FILE`` positions, ``grundy graph``).
    Within :func:`no_files` it raises :class:`InvalidPositionError` and reads nothing."""
    shown = str(path)
    if _NO_FILES.get():
        raise InvalidPositionError(
            f"{what}: a position here cannot name a file ({'@' + shown!r}); give the edges themselves")
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise error(f"{what}: cannot read the {kind} file {shown!r}: {exc.strerror or exc}") from None
    except MemoryError:
        raise error(f"{what}: the {kind} file {shown!r} is too big to read") from None
    if b"\0" in data:
        raise error(f"{what}: the {kind} file {shown!r} is a binary file (it holds NUL bytes), not a text edge list")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(
            f"{what}: the {kind} file {shown!r} is not UTF-8 text (byte {exc.start:,} is {data[exc.start]:#04x})"
        ) from None


def read_edge_text(text: str, what: str = "graph") -> str:
    """``text`` itself, or the contents of the file it names as ``@FILE``."""
    if text.strip().startswith("@"):
        return read_text_file(text.strip()[1:], what)
    return text


class GraphInput:
    """A multigraph as read: the edges in the given order (parallel edges and loops
    kept; numpy ints become ints), declared vertices (``n`` or a networkx graph's
    nodes), and the marks ``ground`` and ``start`` when the input gave them.

    ``int_array`` is the ``(m, 2)`` int64 array when the input was one (or a list of
    int pairs): games with a compiled path take it without a Python loop over the
    edges; ``edges`` is then built on first use.
    """

    __slots__ = ("_edges", "int_array", "n", "base", "nodes", "ground", "start", "what", "shown", "_raw")

    def __init__(
        self,
        edges: Sequence[Edge] | None = None,
        *,
        int_array: Any = None,
        n: int | None = None,
        base: int = 0,
        nodes: Sequence[Hashable] = (),
        ground: Sequence[Hashable] | None = None,
        start: Hashable | None = None,
        what: str = "graph",
        shown: Any = None,
        raw: Sequence[str] | None = None,
    ) -> None:
        self._edges = None if edges is None else tuple(edges)
        self.int_array = int_array
        self.n = n
        self.base = base
        self.nodes = tuple(nodes)
        self.ground = None if ground is None else tuple(ground)
        self.start = start
        self.what = what
        self.shown = shown
        self._raw = raw

    @property
    def edges(self) -> tuple[Edge, ...]:
        if self._edges is None:
            self._edges = tuple(zip(self.int_array[:, 0].tolist(), self.int_array[:, 1].tolist()))
        return self._edges

    def sorted_edges(self) -> tuple[Edge, ...]:
        """The edges as :func:`canonical_edges` gives them (by numpy for an int
        array): equal graphs give equal tuples.

        >>> graph_input([(2, 1), (0, 1)]).sorted_edges()
        ((0, 1), (1, 2))
        """
        a = self.int_array
        if a is None:
            return tuple(canonical_edges(self.edges))
        lo, hi = np.minimum(a[:, 0], a[:, 1]), np.maximum(a[:, 0], a[:, 1])
        order = np.lexsort((hi, lo))
        return tuple(zip(lo[order].tolist(), hi[order].tolist()))

    @property
    def m(self) -> int:
        return len(self._edges) if self._edges is not None else int(self.int_array.shape[0])

    def __repr__(self) -> str:
        marks = [(k, getattr(self, k)) for k in ("n", "ground", "start")]
        shown = "".join(f", {k}={describe(x)}" for k, x in marks if x is not None)
        return f"GraphInput({describe(self.edges)}{shown})"

    # ---------------------------------------------------------------- errors
    def _in(self) -> str:
        return "" if self.shown is None else f" (in {describe(self.shown)})"

    def _edge_shown(self, i: int) -> str:
        return describe(self._raw[i] if self._raw is not None else self.edges[i])

    def refuse_loops(self, why: str = "") -> None:
        """Raise on the first loop ``v-v`` (``why``: what the game says of loops)."""
        for i, (u, v) in enumerate(self.edges):
            if u == v:
                raise InvalidPositionError(
                    f"{self.what}: the edge {self._edge_shown(i)} is a self-loop{why}{self._in()}"
                )

    def first_vertex(self) -> Hashable:
        """The vertex a game starts from or grounds at when the input names none:
        ``base`` (0, or 1 with ``base=1``), or 1 when the edges count their
        vertices from 1 (no edge at 0).

        >>> graph_input("0-1 1-2").first_vertex(), graph_input("1-2 2-3").first_vertex()
        (0, 1)
        >>> graph_input("2-3").first_vertex(), graph_input("a-b").first_vertex()
        (0, 0)
        """
        if self.base == 0 and self.n is None and self.m:
            ends = {x for e in self.edges for x in e}
            if 0 not in ends and 1 in ends and all(type(x) is int and x > 0 for x in ends):
                return 1
        return self.base

    def start_vertex(self, default: Hashable | None = None) -> Hashable:
        """The ``start`` mark (else ``default``; ``None``: :meth:`first_vertex`),
        which must be on an edge when there are edges."""
        if default is None:
            default = self.first_vertex()
        token = default if self.start is None else self.start
        if self.m and not any(token in e for e in self.edges):
            raise InvalidPositionError(
                f"{self.what}: the start vertex {describe(token)} is on no edge{self._in()}; name it with start=V"
            )
        return token

    # ---------------------------------------------------------------- views
    def vertices(self) -> list[Hashable]:
        """The declared vertices, then the edges' ends, each once, in order of
        first appearance."""
        seen: dict[Hashable, None] = dict.fromkeys(self._declared())
        for u, v in self.edges:
            seen.setdefault(u)
            seen.setdefault(v)
        return list(seen)

    def _declared(self) -> Iterable[Hashable]:
        if self.n is not None:
            if self.n > MAX_LISTED_VERTICES:
                raise InvalidPositionError(
                    f"{self.what}: n={self.n:,} vertices are too many to list (at most "
                    f"{MAX_LISTED_VERTICES:,}){self._in()}"
                )
            return range(self.base, self.base + self.n)
        return self.nodes

    def to_networkx(self) -> Any:
        """A simple networkx ``Graph`` (parallel edges merged) with the declared
        vertices."""
        import networkx as nx

        G = nx.Graph()
        G.add_nodes_from(self._declared())
        G.add_edges_from(self.edges)
        return G


def graph_input(graph: Any, *, what: str = "graph", marks: Collection[str] = _MARKS) -> GraphInput:
    """Read any graph input (see the module) into a :class:`GraphInput`; ``what``
    names the game in errors, ``marks``: the settings text may give besides ``n``
    and ``base`` (``ground``, ``start``).

    >>> import numpy as np
    >>> graph_input(np.array([[0, 1], [1, 1]])).edges
    ((0, 1), (1, 1))
    >>> graph_input([(0, 1), (1, 2, 3)], what="geography")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: geography: an edge is a pair of hashable vertices; got (1, 2, 3)
    """
    if isinstance(graph, GraphInput):
        return graph
    if isinstance(graph, str):
        return _read_text(graph, what, marks)
    if isinstance(graph, np.ndarray):
        if graph.ndim != 2 or graph.shape[1] != 2:
            raise InvalidPositionError(f"{what}: an edge array has shape (m, 2); got shape {describe(graph.shape)}")
        if np.issubdtype(graph.dtype, np.integer):
            return GraphInput(int_array=graph.astype(np.int64, copy=False), what=what)
        return GraphInput(_pairs(graph.tolist(), what), what=what)
    if hasattr(graph, "edges") and hasattr(graph, "nodes") and hasattr(graph, "adj"):  # networkx
        return GraphInput([(u, v) for u, v, *_ in graph.edges], nodes=list(graph.nodes), what=what)
    if hasattr(graph, "edges"):  # a position object
        ground = getattr(graph, "ground", None)
        return GraphInput(
            _pairs(graph.edges, what),
            ground=None if ground is None else list(ground),
            start=getattr(graph, "start", None),
            what=what,
        )
    if _is_n_edges(graph):
        n, edges = int(graph[0]), graph[1]
        g = graph_input(edges, what=what)
        g = GraphInput(g._edges, int_array=g.int_array, n=n, what=what, shown=graph)
        _check_range(g, None)
        return g
    if isinstance(graph, (list, tuple)) and len(graph) >= _ARRAY_FROM:
        try:  # a long list of int pairs: kept as an array (no Python loop over the edges)
            arr = np.array(graph)
        except (ValueError, TypeError, OverflowError):
            arr = None
        if arr is not None and arr.ndim == 2 and arr.shape[1] == 2 and np.issubdtype(arr.dtype, np.integer):
            return GraphInput(int_array=arr.astype(np.int64, copy=False), what=what, shown=graph)
    try:
        items = list(graph)
    except TypeError:
        raise InvalidPositionError(f"{what}: a graph is text, edges, (n, edges), an array or a networkx graph; "
                                   f"got {describe(graph)}") from None
    return GraphInput(_pairs(items, what), what=what)


def _is_n_edges(x: Any) -> bool:
    return (
        isinstance(x, (tuple, list))
        and len(x) == 2
        and isinstance(x[0], (int, np.integer))
        and not isinstance(x[0], bool)
        and not isinstance(x[1], (int, np.integer, str))
    )


def _pairs(items: Iterable[Any], what: str) -> list[Edge]:
    out: list[Edge] = []
    for e in items:
        try:
            u, v = e
            hash(u), hash(v)
        except (TypeError, ValueError):
            raise InvalidPositionError(f"{what}: an edge is a pair of hashable vertices; got {describe(e)}") from None
        out.append((int(u) if isinstance(u, np.integer) else u, int(v) if isinstance(v, np.integer) else v))
    return out


def _read_text(src: str, what: str, marks: Collection[str]) -> GraphInput:
    text = read_edge_text(src, what)
    edges: list[Edge] = []
    raw: list[str] = []
    found: dict[str, list[Hashable]] = {}
    n: int | None = None
    base = 0
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if len(words) == 2 and all(_INT.fullmatch(w) for w in words):
            edges.append((vertex_name(words[0], what), vertex_name(words[1], what)))  # "u v" (contest style)
            raw.append(line)
            continue
        for tok in words:
            if "=" in tok:
                key, _, val = tok.partition("=")
                vals = [v for v in val.split(",") if v]
                if key in marks and (key != "start" or len(vals) == 1):
                    found[key] = [vertex_name(v, what) for v in vals]
                elif key == "n" and len(vals) == 1 and vals[0].isdigit() and len(vals[0]) <= MAX_LABEL_CHARS:
                    n = int(vals[0])
                elif key == "base" and vals in (["0"], ["1"]):
                    base = int(vals[0])
                else:
                    raise InvalidPositionError(f"{what}: unknown setting {describe(tok)} in {describe(src)}")
                continue
            for piece in tok.split(","):
                if not piece:
                    continue
                m = _PAIR.match(piece)
                if not m:
                    raise InvalidPositionError(f"{what}: {describe(piece)} is not an edge 'u-v' (in {describe(src)})")
                edges.append((vertex_name(m.group(1), what), vertex_name(m.group(2), what)))
                raw.append(piece)
    ground = found.get("ground")
    if ground is not None and not ground:
        raise InvalidPositionError(f"{what}: no ground vertex given (in {describe(src)})")
    start = found["start"][0] if "start" in found else None
    g = GraphInput(edges, n=n, base=base, ground=ground, start=start, what=what, shown=src, raw=raw)
    _check_range(g, raw)
    return g


def _check_range(g: GraphInput, raw: Sequence[str] | None) -> None:
    """With ``n`` declared, every vertex (and mark) is one of ``base..base+n-1``;
    ``n`` may be huge: the vertices are checked against the range, never listed."""
    if g.n is None:
        return
    lo, n = g.base, g.n

    def ok(x: Hashable) -> bool:
        return type(x) is int and lo <= x < lo + n

    if g.n < 0:
        raise InvalidPositionError(f"{g.what}: a graph has a non-negative number of vertices; got n={g.n}{g._in()}")
    if g._edges is None:  # an int array: checked by numpy
        a = g.int_array
        bad: Any = np.flatnonzero(((a < lo) | (a >= lo + n)).any(axis=1)) if a.size else []
        if len(bad):
            e = tuple(a[int(bad[0])].tolist())
            x = e[0] if not ok(e[0]) else e[1]
            raise InvalidPositionError(
                f"{g.what}: the edge {describe(e)} names vertex {describe(x)}, not one of the n={n} vertices "
                f"{lo}..{lo + n - 1}{g._in()}"
            )
        return
    for i, e in enumerate(g.edges):
        for x in e:
            if not ok(x):
                raise InvalidPositionError(
                    f"{g.what}: the edge {describe(raw[i] if raw is not None else e)} names vertex {describe(x)}, "
                    f"not one of the n={n} vertices {lo}..{lo + n - 1}{g._in()}"
                )
    for key, xs in (("ground", g.ground or ()), ("start", () if g.start is None else (g.start,))):
        for x in xs:
            if not ok(x):
                raise InvalidPositionError(f"{g.what}: the {key} {describe(x)} is not a vertex{g._in()}")
