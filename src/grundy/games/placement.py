"""Placement games on compact positions: Cram (dominoes on a board) and Node Kayles
(vertices of a graph).

Both split into independent parts as play goes on and both have symmetric
positions, so they are the worked examples of the search hooks: ``decompose``
gives the connected components (each in a normal form, so equal components meet
in the memo), ``canonical`` maps a position to one representative of its symmetry
class, and ``order_options`` says which options to try first.

- **Cram**: a position is ``(h, w, free)``, a board of ``h`` rows and ``w`` columns
  whose free cells are the set bits of ``free`` (cell ``(r, c)`` is bit
  ``r * w + c``). A move covers two free cells side by side or one above the other.
  On the command line ``5x6`` is the empty 5 x 6 board, and rows of ``.`` (free)
  and ``#`` (covered) separated by ``/`` give any board: ``'..#/.../...'``.
- **Node Kayles**: a position is ``(adj, mask)``: a fixed graph on the vertices
  ``0..n-1`` (``adj[v]``: the bitmask of ``v``'s neighbours) and the bitmask of
  the vertices still on the board. A move takes a vertex with its neighbours. On
  the command line a graph as the other graph games read it (``'0-1 1-2 2-3'``,
  ``n=N`` declares the vertices ``0..N-1``, so ``n=3`` alone is three isolated
  vertices) or one of ``path=K``, ``cycle=K``, ``grid=RxC``.

>>> import grundy
>>> cram = grundy.games.get("cram")
>>> [cram.value(cram.parse_position(f"1x{n}")) for n in range(1, 9)]   # Dawson's Kayles
[0, 1, 1, 2, 0, 3, 1, 1]
>>> cram.value(cram.parse_position("4x4")), cram.format_position(cram.parse_position("..#/..."))
(0, '..#/...')
>>> nk = grundy.games.get("node-kayles")
>>> [nk.value(nk.parse_position(f"path={n}")) for n in range(1, 9)]  # octal 0.137
[1, 1, 2, 0, 3, 1, 1, 0]
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache
from itertools import permutations, product
from math import factorial
from typing import Any

from grundy.games.registry import catalogued
from grundy.rules.graphinput import graph_input
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import InvalidPositionError, describe

__all__ = ["Cram", "NodeKayles", "cram_board", "graph_position"]

#: Largest side of a Cram board, and most vertices of a Node Kayles graph.
MAX_SIDE = 64
MAX_VERTICES = 256
#: Node Kayles parts up to this many vertices get an exact canonical labelling.
CANONICAL_VERTICES = 10
#: Most labellings tried for one part (cells of equal refined colour permuted).
CANONICAL_TRIES = 5040
#: Node Kayles parts up to this many vertices are renamed ``0..k-1`` in canonical
#: form (so isomorphic parts meet in the memo); larger parts stay vertex sets of
#: their graph (labelling them costs more than the repeats it finds).
SMALL_PART = 7
#: Cram boards with this many free cells, Node Kayles graphs with this many
#: vertices left and more are searched by the compiled tier (grundy.solve.compiled).
COMPILED_CELLS = 20

CramPosition = tuple[int, int, int]
NodePosition = tuple[tuple[int, ...], int]


def _bits(x: int) -> Iterable[int]:
    """The indices of the set bits of ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


# ------------------------------------------------------------------------- Cram


@lru_cache(maxsize=256)
def _masks(h: int, w: int) -> tuple[int, int, int]:
    """The board's cells, and the cells not in its last (first) column."""
    full = (1 << (h * w)) - 1
    first = sum(1 << (r * w) for r in range(h))
    last = first << (w - 1) if w else 0
    return full, full & ~last, full & ~first


@lru_cache(maxsize=1 << 16)
def _reverse(x: int, w: int) -> int:
    """The ``w`` low bits of ``x`` in reverse order (a row seen in a mirror)."""
    return int(format(x, f"0{w}b")[::-1], 2) if w else 0


def _rows(h: int, w: int, b: int) -> list[int]:
    row = (1 << w) - 1
    return [(b >> (r * w)) & row for r in range(h)]


def _pack(rows: Sequence[int], w: int) -> int:
    b = 0
    for r in reversed(rows):
        b = (b << w) | r
    return b


def _crop(h: int, w: int, b: int) -> CramPosition:
    """The smallest board holding the free cells of ``b`` (its bounding box).

    >>> _crop(3, 3, 0b000110000)
    (1, 2, 3)
    """
    if not b:
        return (0, 0, 0)
    top = ((b & -b).bit_length() - 1) // w
    hh = (b.bit_length() - 1) // w - top + 1
    b >>= top * w
    row = (1 << w) - 1
    cols, x = 0, b
    for _ in range(hh):
        cols |= x & row
        x >>= w
    c0 = (cols & -cols).bit_length() - 1
    width = cols.bit_length() - c0
    if width == w:
        return (hh, w, b)
    keep = (1 << width) - 1
    out = 0
    for r in range(hh):
        out |= ((b >> (r * w + c0)) & keep) << (r * width)
    return (hh, width, out)


@lru_cache(maxsize=1 << 16)
def cram_canonical(h: int, w: int, b: int) -> CramPosition:
    """The least of the 8 images of the board under the symmetries of the
    rectangle (reflections, rotations; a transposed board has its sides swapped),
    as ``(h, w, free)`` tuples: every symmetric board has the same one.

    >>> cram_canonical(1, 3, 0b011), cram_canonical(3, 1, 0b110)
    ((1, 3, 3), (1, 3, 3))
    """
    rows = _rows(h, w, b)
    best = (h, w, b)
    views: list[tuple[int, int, list[int]]] = [] if h > w else [(h, w, rows)]
    if h >= w:  # a board with fewer rows sorts first: only square boards need all 8
        views.append((w, h, [sum(((rows[r] >> c) & 1) << r for r in range(h))
                             for c in range(w)]))
        if h > w:
            best = (w, h, _pack(views[0][2], h))
    for hh, ww, rs in views:
        mirrored = [_reverse(r, ww) for r in rs]
        for image in (rs, mirrored):
            for cand in (image, image[::-1]):
                key = (hh, ww, _pack(cand, ww))
                if key < best:
                    best = key
    return best


def _components(h: int, w: int, b: int) -> list[int]:
    """The connected components (edge-adjacent free cells) of ``b``, as bitmasks."""
    _, not_last, not_first = _masks(h, w)
    out = []
    rest = b
    while rest:
        comp = rest & -rest
        while True:
            grow = (comp | ((comp & not_last) << 1) | ((comp & not_first) >> 1)
                    | (comp << w) | (comp >> w)) & b
            if grow == comp:
                break
            comp = grow
        rest &= ~comp
        out.append(comp)
    return out


@lru_cache(maxsize=4096)
def _dominoes(h: int, w: int) -> tuple[int, ...]:
    """The dominoes of the board as bitmasks of their two cells, the central ones
    first (by twice the distance of their middle to the board's centre): the
    compiled tier's order (:mod:`grundy.kernels.bitsearch`)."""
    from grundy.kernels.bitsearch import _dominoes as dominoes

    return tuple(dominoes(h, w))


@lru_cache(maxsize=1 << 15)
def _split(h: int, w: int, b: int) -> tuple[CramPosition, ...]:
    """The components of the free cells with a domino's room, each cut to its
    bounding box in canonical form (cached: a board met again, e.g. by another
    order of the same moves, is split once)."""
    return tuple(cram_canonical(*_crop(h, w, c)) for c in _components(h, w, b) if c & (c - 1))


@lru_cache(maxsize=4096)
def _self_facing(h: int, w: int) -> tuple[int, ...]:
    """The dominoes of the board that meet their own image under the half turn
    (those through the centre of the board)."""
    n = h * w
    return tuple(m for m in _dominoes(h, w)
                 if m & int(format(m, f"0{n}b")[::-1], 2))


def mirror_lost(h: int, w: int, b: int) -> bool:
    """Whether the mirror strategy shows the board lost for the player to move
    (value 0): the free cells are symmetric under the half turn of the board and
    no free domino meets its own image. The second player then answers every
    domino by its image, which is free and apart from it.

    >>> mirror_lost(4, 4, 0xFFFF), mirror_lost(3, 3, 0b111101111), mirror_lost(3, 3, 511)
    (True, True, False)
    >>> mirror_lost(1, 2, 3), mirror_lost(2, 3, 0b101101)
    (False, True)
    """
    n = h * w
    if not n or int(format(b, f"0{n}b")[::-1], 2) != b:
        return False
    return all(b & m != m for m in _self_facing(h, w))


def cram_board(text: str) -> CramPosition:
    """A Cram position from text: ``HxW`` (an empty board) or rows of ``.`` and
    ``#`` separated by ``/``.

    >>> cram_board("2x3"), cram_board(".#/..")
    ((2, 3, 63), (2, 2, 13))
    """
    s = text.strip().lower().replace("×", "x")
    m = re.fullmatch(r"(\d{1,4})\s*x\s*(\d{1,4})", s)
    if m:
        h, w = int(m.group(1)), int(m.group(2))
        _check_sides(h, w, text)
        return (h, w, (1 << (h * w)) - 1)
    rows = [r.strip() for r in s.split("/")]
    if not s or any(not r or set(r) - {".", "#"} for r in rows):
        raise InvalidPositionError(
            f"cram: a board is HxW (5x6) or rows of '.' (free) and '#' (covered) separated "
            f"by '/'; got {describe(text)}")
    if len({len(r) for r in rows}) != 1:
        raise InvalidPositionError(f"cram: the rows of {describe(text)} have different lengths")
    h, w = len(rows), len(rows[0])
    _check_sides(h, w, text)
    return (h, w, sum(1 << (i * w + j) for i, r in enumerate(rows) for j, ch in enumerate(r)
                      if ch == "."))


def domino_name(w: int, mask: int) -> str:
    """The two cells of a domino (a bitmask on a board ``w`` wide) for people:
    ``a1-b1`` (column letters, row numbers from the top, both from 1).

    >>> domino_name(3, 0b11), domino_name(3, 0b1001)
    ('a1-b1', 'a1-a2')
    """
    from grundy.rules.moves import cell_name

    i = (mask & -mask).bit_length() - 1
    j = mask.bit_length() - 1
    return f"{cell_name(i // w + 1, i % w + 1)}-{cell_name(j // w + 1, j % w + 1)}"


def _check_sides(h: int, w: int, shown: Any) -> None:
    if not (0 <= h <= MAX_SIDE and 0 <= w <= MAX_SIDE):
        raise InvalidPositionError(
            f"cram: a board has sides 0..{MAX_SIDE}; got {h} x {w} ({describe(shown)})")


@catalogued("cram", "plugg", "dots-and-pairs",
            summary="Place a domino on two free adjacent cells of a board.",
            position="4x5", legal=((2, 2, 15), (3, 4, 4095), (1, 5, 31), (2, 3, 0b101111),
                                   (0, 0, 0)))
class Cram(Ruleset):
    """Cram on a board ``(h, w, free)`` (see the module): the components of the free
    cells are independent games, each cut to its bounding box and brought to its
    least symmetric image; the central moves are tried first.

    >>> c = Cram()
    >>> c.decompose((2, 4, 0b11000011))       # two dominoes' worth of cells, apart
    [(1, 2, 3), (1, 2, 3)]
    >>> c.value((2, 3, 63)), c.outcome((3, 3, 511))
    (1, Outcome.P)
    """

    pruned_search = True
    analysis_seconds = 60.0  # a default analysis answers boards of 30 cells (5 x 6)

    def moves(self, position: CramPosition) -> list[CramPosition]:
        h, w, b = position
        return [(h, w, b ^ m) for m in _dominoes(h, w) if b & m == m]

    def move_labels(self, position: Any) -> Iterable[tuple[str, Hashable]] | None:
        """A domino by its two cells, ``a1-b1``: columns as letters, rows as numbers
        from the top (``(1,1)-(1,2)`` and ``a1 b1`` are read too).

        >>> c = Cram()
        >>> b = c.parse_position("2x3")
        >>> [c.format_move(b, o) for o in c.moves(b)][:3]
        ['b1-b2', 'a1-b1', 'a1-a2']
        >>> c.format_position(c.parse_move(b, "(2,2)-(2,3)")), c.format_position(c.parse_move(b, "a1 a2"))
        ('.../.##', '#../#..')
        """
        if type(position) is not tuple or len(position) != 3:
            return None
        h, w, b = position
        return ((domino_name(w, m), (h, w, b ^ m)) for m in _dominoes(h, w) if b & m == m)

    def parse_move(self, position: Any, text: str) -> Hashable:
        from grundy.rules.moves import cell_name, parse_cells

        cells = parse_cells(text)
        if cells is not None and len(cells) == 2 and type(position) is tuple:
            text = "-".join(cell_name(r, c) for r, c in cells)
        return super().parse_move(position, text)

    def decompose(self, position: CramPosition) -> list[CramPosition] | None:
        parts = _split(*position)
        if len(parts) == 1 and parts[0] == position:
            return None
        return list(parts)

    def canonical(self, position: CramPosition) -> CramPosition | None:
        return cram_canonical(*position)

    def value_formula(self, position: CramPosition) -> int | None:
        """0 for a board the mirror strategy shows lost (:func:`mirror_lost`: every
        empty board of even sides, for one), else ``None`` (search)."""
        return 0 if mirror_lost(*position) else None

    def order_options(self, position: CramPosition,
                      options: list[Any]) -> list[Hashable] | None:
        """Central dominoes first (the symmetry strategy's move, and moves that cut
        the board in two): the move function's order."""
        return options

    def bitboard(self, position: CramPosition) -> tuple[Any, int] | None:
        """The compiled tier's word of a board of at least :data:`COMPILED_CELLS`
        free cells whose bounding box fits it (sides at most 15, at most 56 cells
        in one word, at most 120 in two); smaller boards are answered by the
        Python search sooner than the compiled code loads."""
        h, w, b = position
        if b.bit_count() < COMPILED_CELLS:
            return None
        hh, ww, bb = _crop(h, w, b)
        if hh > 15 or ww > 15 or hh * ww > 120:
            return None
        if hh * ww > 56:
            from grundy.kernels.bitsearch import cram_wide_word
            from grundy.solve.compiled import CRAM_WIDE

            return CRAM_WIDE, cram_wide_word(hh, ww, bb)
        from grundy.kernels.bitsearch import cram_word
        from grundy.solve.compiled import CRAM

        return CRAM, cram_word(hh, ww, bb)

    def validate(self, position: Any) -> None:
        if not (type(position) is tuple and len(position) == 3
                and all(type(x) is int for x in position)):
            raise InvalidPositionError(
                f"cram: a position is (h, w, free) with int sides and a bitmask; got "
                f"{describe(position)}")
        h, w, b = position
        _check_sides(h, w, position)
        if not 0 <= b < 1 << (h * w):
            raise InvalidPositionError(
                f"cram: the free cells {describe(b)} are not a bitmask of the {h} x {w} board")

    def parse_position(self, text: str) -> Hashable:
        return cram_board(text)

    def format_position(self, position: Any) -> str:
        if type(position) is tuple and len(position) == 3:
            h, w, b = position
            if not h or not w:
                return f"{h}x{w}"
            return "/".join("".join("." if b >> (r * w + c) & 1 else "#" for c in range(w))
                            for r in range(h))
        return super().format_position(position)


# ------------------------------------------------------------------ Node Kayles


def _relabel(adj: Sequence[int], verts: Sequence[int]) -> tuple[int, ...]:
    """The graph induced on ``verts``, vertex ``verts[i]`` renamed ``i``."""
    index = {v: i for i, v in enumerate(verts)}
    keep = 0
    for v in verts:
        keep |= 1 << v
    out = []
    for v in verts:
        a, m = adj[v] & keep, 0
        while a:
            low = a & -a
            m |= 1 << index[low.bit_length() - 1]
            a ^= low
        out.append(m)
    return tuple(out)


def _refined_cells(adj: Sequence[int]) -> list[list[int]]:
    """The vertices in cells of equal colour after colour refinement (degree, then
    the multiset of the neighbours' colours), cells in an order every relabelling of
    the graph gives alike."""
    n = len(adj)
    colour = [a.bit_count() for a in adj]
    count = len(set(colour))
    while True:
        sigs = [(colour[v], tuple(sorted(colour[u] for u in _bits(adj[v])))) for v in range(n)]
        ranks = {s: i for i, s in enumerate(sorted(set(sigs)))}
        colour = [ranks[s] for s in sigs]
        if len(ranks) == count:
            break
        count = len(ranks)
    cells: dict[int, list[int]] = {}
    for v in range(n):
        cells.setdefault(colour[v], []).append(v)
    return [cells[c] for c in sorted(cells)]


def canonical_graph(adj: Sequence[int]) -> tuple[int, ...] | None:
    """An exact canonical form of a small graph (isomorphic graphs, and only they,
    give the same tuple): the least relabelled adjacency over the orders that list
    the refined colour cells in turn; ``None`` when that is more than
    :data:`CANONICAL_TRIES` orders or more than :data:`CANONICAL_VERTICES` vertices.

    >>> canonical_graph((0b010, 0b101, 0b010)) == canonical_graph((0b110, 0b001, 0b001))
    True
    """
    if len(adj) > CANONICAL_VERTICES:
        return None
    cells = _refined_cells(adj)
    tries = 1
    for c in cells:
        tries *= factorial(len(c))
    if tries > CANONICAL_TRIES:
        return None
    n = len(adj)
    best: list[int] | None = None
    index = [0] * n
    for order in product(*(permutations(c) for c in cells)):
        verts = [v for cell in order for v in cell]
        for i, v in enumerate(verts):
            index[v] = i
        image: list[int] = []
        smaller = best is None  # the image is already known to be the least so far
        for v in verts:
            a, m = adj[v], 0
            while a:
                low = a & -a
                m |= 1 << index[low.bit_length() - 1]
                a ^= low
            if not smaller:
                assert best is not None
                theirs = best[len(image)]
                if m > theirs:
                    break  # this order's image is larger: drop it
                smaller = m < theirs
            image.append(m)
        else:
            if smaller:
                best = image
    return None if best is None else tuple(best)


def _graph_components(adj: Sequence[int], mask: int) -> list[int]:
    """The vertex sets of the connected components of the graph on ``mask``."""
    out = []
    rest = mask
    while rest:
        comp = frontier = rest & -rest
        while frontier:
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= adj[low.bit_length() - 1]
                frontier ^= low
            frontier = reach & rest & ~comp
            comp |= frontier
        rest &= ~comp
        out.append(comp)
    return out


@lru_cache(maxsize=256)
def _closed(adj: tuple[int, ...]) -> tuple[int, ...]:
    """What a move at each vertex takes: the vertex and its neighbours."""
    return tuple(a | 1 << v for v, a in enumerate(adj))


@lru_cache(maxsize=1 << 16)
def _normal_part(adj: tuple[int, ...], comp: int) -> NodePosition:
    """A component as a graph of its own (canonical when small; cached: a part
    met again in another position is labelled once)."""
    g = _relabel(adj, list(_bits(comp)))
    return (canonical_graph(g) or g, (1 << len(g)) - 1)


_SHAPE = re.compile(r"\s*(path|cycle|grid)\s*=\s*(\d{1,4})(?:\s*x\s*(\d{1,4}))?\s*")


@lru_cache(maxsize=16)
def _nk_game(closed: tuple[int, ...]) -> Any:
    from grundy.solve.compiled import node_kayles_game

    return node_kayles_game(closed)


def graph_position(graph: Any) -> NodePosition:
    """A Node Kayles position (every vertex on the board) from any graph input
    (:func:`~grundy.rules.graphinput.graph_input`), or the text ``path=K``,
    ``cycle=K``, ``grid=RxC``. Parallel edges are one edge; loops are refused.

    >>> graph_position("0-1 1-2"), graph_position("path=3"), graph_position("n=2")
    (((2, 5, 2), 7), ((2, 5, 2), 7), ((0, 0), 3))
    """
    if isinstance(graph, str) and (m := _SHAPE.fullmatch(graph.lower())):
        kind, k = m.group(1), int(m.group(2))
        cols = int(m.group(3)) if m.group(3) else None
        if (kind == "grid") != (cols is not None):
            raise InvalidPositionError(f"node-kayles: write path=K, cycle=K or grid=RxC; got "
                                       f"{describe(graph)}")
        if kind == "grid":
            assert cols is not None
            n = k * cols
            edges = [(r * cols + c, r * cols + c + 1) for r in range(k) for c in range(cols - 1)]
            edges += [(r * cols + c, (r + 1) * cols + c) for r in range(k - 1) for c in range(cols)]
        else:
            n = k
            edges = [(i, i + 1) for i in range(k - 1)]
            if kind == "cycle" and k >= 3:
                edges.append((k - 1, 0))
        if n > MAX_VERTICES:
            raise InvalidPositionError(f"node-kayles: at most {MAX_VERTICES} vertices; got {n}")
        verts: list[Hashable] = list(range(n))
    else:
        g = graph_input(graph, what="node-kayles", marks=())
        g.refuse_loops("; node-kayles has none")
        if g.n is not None and g.n > MAX_VERTICES:
            raise InvalidPositionError(f"node-kayles: at most {MAX_VERTICES} vertices; got n={g.n}")
        verts = g.vertices()
        edges = list(g.edges)  # type: ignore[arg-type]
        if len(verts) > MAX_VERTICES:
            raise InvalidPositionError(
                f"node-kayles: at most {MAX_VERTICES} vertices; got {len(verts)}")
    index = {v: i for i, v in enumerate(verts)}
    adj = [0] * len(verts)
    for u, v in edges:
        adj[index[u]] |= 1 << index[v]
        adj[index[v]] |= 1 << index[u]
    return (tuple(adj), (1 << len(adj)) - 1)


@catalogued("node-kayles", "nodekayles", "node kayles",
            summary="Take a vertex of a graph with its neighbours.",
            position=("1-2 2-3 3-4 4-5 5-1 1-6",),
            legal=(((2, 5, 2), 7), ((2, 5, 2), 5), ((6, 5, 3), 7), ((), 0), ((0, 0), 3)))
class NodeKayles(Ruleset):
    """Node Kayles on ``(adj, mask)`` (see the module): the components of the
    remaining vertices are independent games, each renamed ``0..k-1`` (canonically
    when small); vertices of high degree are tried first.

    >>> nk = NodeKayles()
    >>> nk.decompose(((2, 1, 8, 4), 15))       # two edges: two copies of one graph
    [((2, 1), 3), ((2, 1), 3)]
    >>> nk.value(graph_position("cycle=6")), nk.value(graph_position("grid=3x3"))
    (0, 1)
    """

    pruned_search = True

    def moves(self, position: NodePosition) -> list[NodePosition]:
        adj, mask = position
        closed = _closed(adj)
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            out.append((adj, mask & ~closed[low.bit_length() - 1]))
            rest ^= low
        return out

    def move_labels(self, position: Any) -> Iterable[tuple[str, Hashable]] | None:
        """``take v``: the vertex taken, numbered from 1 as the position writes the
        graph (:meth:`format_position`: the vertices left, in order); its
        neighbours go with it.

        >>> nk = NodeKayles()
        >>> p = nk.parse_position("0-1 1-2 2-3")
        >>> nk.format_position(p), [nk.format_move(p, o) for o in nk.moves(p)]
        ('1-2 2-3 3-4 n=4 base=1', ['take 1', 'take 2', 'take 3', 'take 4'])
        >>> nk.format_position(nk.parse_move(p, "take 2"))
        'n=1 base=1'
        """
        if not (type(position) is tuple and len(position) == 2 and type(position[0]) is tuple):
            return None
        return ((f"take {k}", o) for k, o in enumerate(self.moves(position), 1))

    def decompose(self, position: NodePosition) -> list[NodePosition] | None:
        adj, mask = position
        parts = [_normal_part(adj, c) if c.bit_count() <= SMALL_PART else (adj, c)
                 for c in _graph_components(adj, mask)]
        if len(parts) == 1 and parts[0] == position:
            return None
        return parts

    def canonical(self, position: NodePosition) -> NodePosition | None:
        adj, mask = position
        if mask != (1 << len(adj)) - 1:
            return None
        c = canonical_graph(adj)
        return None if c is None else (c, mask)

    def order_options(self, position: NodePosition,
                      options: list[Any]) -> list[Hashable] | None:
        """Options with fewer vertices left first (a vertex of high degree)."""
        return sorted(options, key=lambda o: o[1].bit_count())

    def bitboard(self, position: NodePosition) -> tuple[Any, int] | None:
        """The compiled tier's word (the mask of the vertices left) of a graph of at
        most 128 vertices (two words past 64) with at least :data:`COMPILED_CELLS`
        left."""
        adj, mask = position
        if len(adj) > 128 or mask.bit_count() < COMPILED_CELLS:
            return None
        return _nk_game(_closed(adj)), mask

    def validate(self, position: Any) -> None:
        if not (type(position) is tuple and len(position) == 2 and type(position[0]) is tuple
                and type(position[1]) is int and all(type(a) is int for a in position[0])):
            raise InvalidPositionError(
                f"node-kayles: a position is (adj, mask): a tuple of neighbour bitmasks and "
                f"the bitmask of the vertices left; got {describe(position)}")
        adj, mask = position
        n = len(adj)
        if n > MAX_VERTICES:
            raise InvalidPositionError(f"node-kayles: at most {MAX_VERTICES} vertices; got {n}")
        if not 0 <= mask < 1 << n:
            raise InvalidPositionError(
                f"node-kayles: {describe(mask)} is not a bitmask of the {n} vertices")
        for v, a in enumerate(adj):
            if not 0 <= a < 1 << n or a >> v & 1 or any(not adj[u] >> v & 1 for u in _bits(a)):
                raise InvalidPositionError(
                    f"node-kayles: the neighbours {describe(a)} of vertex {v} are not those of "
                    f"a simple undirected graph on {n} vertices")

    def parse_position(self, text: str) -> Hashable:
        return graph_position(text)

    def format_position(self, position: Any) -> str:
        if type(position) is tuple and len(position) == 2 and type(position[0]) is tuple:
            adj, mask = position
            verts = list(_bits(mask))
            g = _relabel(adj, verts)
            edges = [f"{i + 1}-{j + 1}" for i, a in enumerate(g) for j in _bits(a) if i < j]
            return " ".join([*edges, f"n={len(g)}", "base=1"]) if g else "n=0"
        return super().format_position(position)
