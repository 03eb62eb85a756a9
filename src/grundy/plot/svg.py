"""SVG pictures of positions: heaps, rows and grids of coins, Hackenbush trees
and graphs, geography boards. :func:`picture` returns ``None`` for a position it
has no picture for (or one too large to draw).

>>> from grundy.games import get
>>> svg = picture(get("nim"), 3)
>>> svg.startswith("<svg") and svg.count("<rect") == 3
True
>>> picture(get("ruler"), "THT").count("<circle")
3
>>> "<line" in picture(get("geography"), get("geography").parse_position("0-1 1-2 start=0"))
True
>>> picture(get("nim"), 10**100).count("<rect"), picture(get("nim"), 10**1000) is None
(1, True)
>>> picture(get("kayles"), 5).count("<ellipse")          # a row of pins, numbered
5
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
import math
from html import escape
from typing import Any

__all__ = ["picture", "heaps", "pins", "coins", "graph", "tree", "board", "pieces", "bar", "numbers"]

#: Most tokens drawn in one heap, coins in a board, edges in a graph.
MOST_TOKENS = 40
MOST_COINS = 400
MOST_EDGES = 120

_HEAD, _TAIL, _TOKEN, _INK = "#d4a017", "#ffffff", "#2471a3", "#333333"
_GROUND = "#8d6e63"


def _svg(width: float, height: float, body: str, label: str, kind: str) -> str:
    """The picture, its root marked ``data-kind`` (heaps, pins, coins, board,
    graph, tree, pieces, bar): what is drawn, for the page and for tests."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pos" role="img" data-kind="{kind}" '
            f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
            f"<title>{escape(label)}</title>{body}</svg>")


def _move_attr(move: str | None) -> str:
    """A clickable part of a picture: the move it makes, in the game's notation."""
    return "" if move is None else f' class="mv" data-move="{escape(move)}" style="cursor:pointer"'



def heaps(sizes: Sequence[int]) -> str | None:
    """Heaps as columns of tokens, each with its size below (a larger heap: a
    bar, its height growing with the number of digits)."""
    if not sizes or any(not isinstance(n, int) or n < 0 for n in sizes):
        return None
    if any(n > MOST_TOKENS for n in sizes):
        return _bars(sizes)
    cell, gap = 12, 14
    tallest = max(max(sizes), 1)
    w = len(sizes) * (cell + gap) + gap
    h = tallest * (cell - 2) + 30
    parts = []
    for i, n in enumerate(sizes):
        x = gap + i * (cell + gap)
        for k in range(n):
            y = h - 18 - (k + 1) * (cell - 2)
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell - 3}" rx="2" '
                         f'fill="{_TOKEN}" stroke="#1b4f72"/>')
        parts.append(f'<text x="{x + cell / 2}" y="{h - 4}" font-size="11" text-anchor="middle">{n}</text>')
    return _svg(w, h, "".join(parts), "heaps " + " ".join(map(str, sizes)), "heaps")


def pins(n: int) -> str | None:
    """A row of ``n`` pins (Kayles), numbered from 1 as moves count them."""
    if not isinstance(n, int) or n < 0:
        return None
    if n > MOST_TOKENS:
        return _bars([n])
    step, pad = 16, 8
    w, h = max(pad * 2 + n * step, 40), 46
    parts = []
    for i in range(n):
        cx = pad + step / 2 + i * step
        parts.append(f'<ellipse cx="{cx}" cy="16" rx="5" ry="11" fill="#fdfefe" stroke="{_INK}"/>'
                     f'<rect x="{cx - 5}" y="12" width="10" height="3" fill="#c0392b"/>'
                     f'<text x="{cx}" y="{h - 4}" font-size="8" fill="#888" text-anchor="middle">{i + 1}</text>')
    if n == 0:
        parts.append(f'<text x="{w / 2}" y="20" font-size="11" text-anchor="middle">no pins</text>')
    return _svg(w, h, "".join(parts), f"a row of {n} pins", "pins")


def _bars(sizes: Sequence[int]) -> str | None:
    if any(n.bit_length() > 3000 for n in sizes):  # about 900 digits
        return None
    w_bar, gap, top = 16, 18, 80.0
    logs = [math.log10(n + 1) for n in sizes]
    most = max(max(logs), 1.0)
    w = len(sizes) * (w_bar + gap) + gap
    h = top + 30
    parts = []
    for i, (n, lg) in enumerate(zip(sizes, logs)):
        x = gap + i * (w_bar + gap)
        bh = max(2.0, top * lg / most)
        parts.append(f'<rect x="{x}" y="{h - 18 - bh:.1f}" width="{w_bar}" height="{bh:.1f}" rx="2" '
                     f'fill="{_TOKEN}" stroke="#1b4f72"><title>{n}</title></rect>')
        label = str(n) if n < 10**6 else f"10^{len(str(n)) - 1}"
        parts.append(f'<text x="{x + w_bar / 2}" y="{h - 4}" font-size="10" text-anchor="middle">{label}</text>')
    return _svg(w, h, "".join(parts), "heaps " + " ".join(map(str, sizes)), "heaps")


def coins(rows: Sequence[str]) -> str | None:
    """Rows of coins: H (heads, gold) and T (tails, white), numbered from 1 (a
    grid's cells named ``a1``: column letter, row number); each coin carries
    ``data-coin``, the name a move gives it."""
    from grundy.rules.moves import cell_name

    if not rows or sum(map(len, rows)) > MOST_COINS or any(set(r) - set("HT") for r in rows):
        return None
    r, gap = 9, 4
    width = max(map(len, rows))
    w = width * (2 * r + gap) + gap + 4
    h = len(rows) * (2 * r + gap) + gap + (12 if len(rows) == 1 else 0)
    parts = []
    for j, row in enumerate(rows):
        for i, c in enumerate(row):
            cx, cy = gap + 2 + r + i * (2 * r + gap), gap + r + j * (2 * r + gap)
            fill = _HEAD if c == "H" else _TAIL
            name = str(i + 1) if len(rows) == 1 else cell_name(j + 1, i + 1)
            parts.append(f'<g class="coin" data-coin="{name}" style="cursor:pointer">'
                         f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{_INK}"/>'
                         f'<text x="{cx}" y="{cy + 3.5}" font-size="9" text-anchor="middle">{c}</text></g>')
            if len(rows) == 1:
                parts.append(f'<text x="{cx}" y="{cy + r + 11}" font-size="8" fill="#888" '
                             f'text-anchor="middle">{i + 1}</text>')
    return _svg(w, h, "".join(parts), "/".join(rows), "coins")


def graph(edges: Sequence[tuple[Hashable, Hashable]], *, token: Hashable = None,
          ground: Iterable[Hashable] = (), vertices: Iterable[Hashable] = (),
          edge_move: Any = None, vertex_move: Any = None) -> str | None:
    """A graph drawn with a networkx layout: the token's vertex ringed, grounded
    vertices on a ground line (Hackenbush; a game with a ground and no edge left
    is the ground line alone). ``edge_move(u, v)`` and ``vertex_move(v)`` name the
    move a click on an edge or a vertex makes (``None``: not a move).

    >>> "<line" in graph([], ground=[0]), "∅" in graph([])
    (True, True)
    """
    if len(edges) > MOST_EDGES:
        return None
    import networkx as nx

    ground = list(ground)

    g = nx.MultiGraph()
    g.add_nodes_from(vertices)
    g.add_edges_from(edges)
    if token is not None:
        g.add_node(token)
    grounded = [v for v in ground if v in g] if ground else []
    g.add_nodes_from(grounded)
    if g.number_of_nodes() == 0:
        if ground:  # every edge cut: the ground is still there
            return _svg(48, 36, f'<line x1="4" y1="22" x2="44" y2="22" stroke="{_GROUND}" '
                        'stroke-width="4"/>', "the ground, no edges", "graph")
        return _svg(40, 30, '<text x="20" y="18" font-size="11" text-anchor="middle">∅</text>', "empty",
                    "graph")
    simple = nx.Graph(g)
    if grounded:  # grounded vertices in a row along the bottom, the rest laid out above
        k = len(grounded)
        start = {v: (-1.0 + 2.0 * i / max(k - 1, 1) if k > 1 else 0.0, 1.0)
                 for i, v in enumerate(grounded)}
        free = simple.number_of_nodes() > k
        pos = (nx.spring_layout(simple, pos=start, fixed=grounded, seed=1) if free
               else dict(start))
        for v, (x, y) in list(pos.items()):  # nothing below the ground
            if v not in start and y > 0.9:
                pos[v] = (x, 0.9 - abs(y - 0.9))
    else:
        pos = nx.spring_layout(simple, seed=1)
    size, pad = 180.0, 16.0
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)

    def at(v: Hashable) -> tuple[float, float]:
        x, y = pos[v]
        return pad + (x - min(xs)) / span * size, pad + (y - min(ys)) / span * size

    w = pad * 2 + size * (max(xs) - min(xs)) / span
    h = pad * 2 + size * (max(ys) - min(ys)) / span + (14 if grounded else 0)
    parts = []
    if grounded:  # the ground line through the grounded vertices
        gy = max(at(v)[1] for v in grounded)
        parts.append(f'<line x1="2" y1="{gy:.1f}" x2="{max(w, 40) - 2:.1f}" y2="{gy:.1f}" '
                     f'stroke="{_GROUND}" stroke-width="4"/>')
    seen: dict[tuple[Any, Any], int] = {}
    for u, v in edges:
        (x1, y1), (x2, y2) = at(u), at(v)
        k = seen.get((u, v), 0)
        seen[(u, v)] = k + 1
        mv = _move_attr(edge_move(u, v) if edge_move is not None else None)
        width = 5 if mv else 2  # a wider line is easier to click
        if u == v:
            parts.append(f'<circle{mv} cx="{x1}" cy="{y1 - 9}" r="8" fill="none" stroke="#2e7d32" '
                         f'stroke-width="{width}"/>')
        elif k == 0:
            parts.append(f'<line{mv} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                         f'stroke="#2e7d32" stroke-width="{width}"/>')
        else:  # a parallel edge: a curve
            mx, my = (x1 + x2) / 2 + (y2 - y1) * 0.2 * k, (y1 + y2) / 2 - (x2 - x1) * 0.2 * k
            parts.append(f'<path{mv} d="M{x1:.1f},{y1:.1f} Q{mx:.1f},{my:.1f} {x2:.1f},{y2:.1f}" '
                         f'fill="none" stroke="#2e7d32" stroke-width="{width}"/>')
    for v in g.nodes:
        x, y = at(v)
        ring = ' stroke-width="3" stroke="#c0392b"' if v == token else f' stroke="{_INK}"'
        fill = "#8d6e63" if v in grounded else "#fff"
        mv = _move_attr(vertex_move(v) if vertex_move is not None else None)
        parts.append(f'<g{mv}><circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{fill}"{ring}/>'
                     f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle">'
                     f'{escape(str(v))[:4]}</text></g>')
    label = " ".join(f"{u}-{v}" for u, v in edges) + ("" if token is None else f" start={token}")
    return _svg(max(w, 40), max(h, 40), "".join(parts), label, "graph")


def tree(parents: Sequence[int], *, cut: bool = False, delete: bool = False) -> str | None:
    """A rooted tree (a parent array, root first) drawn upwards from the ground,
    its vertices numbered from 1 (the root, on the ground, 1); with ``cut``, each
    edge is the move ``cut p-v``; with ``delete``, each vertex the move ``delete v``.

    >>> 'data-move="cut 1-2"' in tree([-1, 0], cut=True), 'data-move="delete 2"' in tree([-1, 0], delete=True)
    (True, True)
    """
    n = len(parents)
    if n - 1 > MOST_EDGES:
        return None
    kids: list[list[int]] = [[] for _ in range(n)]
    for v in range(1, n):
        kids[int(parents[v])].append(v)
    depth = [0] * n
    xpos = [0.0] * n
    order: list[int] = []
    stack = [0]
    while stack:  # depth-first, leaves numbered left to right
        v = stack.pop()
        order.append(v)
        for c in reversed(kids[v]):
            depth[c] = depth[v] + 1
            stack.append(c)
    leaf = 0
    for v in order:  # leaves left to right in preorder: the first child on the left
        if not kids[v]:
            xpos[v] = leaf
            leaf += 1
    for v in reversed(order):
        if kids[v]:
            xpos[v] = sum(xpos[c] for c in kids[v]) / len(kids[v])
    step, pad = 26.0, 14.0
    top = max(depth)
    w = pad * 2 + max(leaf - 1, 0) * step + 20
    h = pad * 2 + top * step + 8

    def at(v: int) -> tuple[float, float]:
        return pad + 10 + xpos[v] * step, h - pad - depth[v] * step

    gx, gy = at(0)
    parts = [f'<line x1="4" y1="{gy:.1f}" x2="{w - 4:.1f}" y2="{gy:.1f}" stroke="#8d6e63" stroke-width="4"/>']
    for v in range(1, n):
        (x1, y1), (x2, y2) = at(int(parents[v])), at(v)
        mv = _move_attr(f"cut {int(parents[v]) + 1}-{v + 1}" if cut else None)
        parts.append(f'<line{mv} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'stroke="#2e7d32" stroke-width="{5 if cut else 3}"/>')
    for v in range(n):
        x, y = at(v)
        mv = _move_attr(f"delete {v + 1}" if delete else None)
        parts.append(f'<g{mv}><circle cx="{x:.1f}" cy="{y:.1f}" r="{6 if delete else 3}" fill="{_INK}"/>'
                     f'<text x="{x + 5:.1f}" y="{y - 3:.1f}" font-size="8" fill="#888">{v + 1}</text></g>')
    return _svg(max(w, 40), h, "".join(parts), f"a tree of {n - 1} edges", "tree")


def board(h: int, w: int, free: int) -> str | None:
    """A Cram board: free cells white, covered cells dark; columns lettered and
    rows numbered as moves name the cells (``a1``), each free cell carrying
    ``data-cell`` (two clicked cells make a domino)."""
    from grundy.rules.moves import cell_name

    if h * w > MOST_COINS:
        return None
    c, pad = 24, 16
    W, H = pad + w * c + 4, pad + h * c + 4
    parts = []
    for j in range(w):
        parts.append(f'<text x="{pad + j * c + c / 2}" y="11" font-size="9" fill="#888" '
                     f'text-anchor="middle">{cell_name(1, j + 1)[:-1]}</text>')
    for i in range(h):
        parts.append(f'<text x="7" y="{pad + i * c + c / 2 + 3}" font-size="9" fill="#888" '
                     f'text-anchor="middle">{i + 1}</text>')
        for j in range(w):
            is_free = free >> (i * w + j) & 1
            attr = f' class="cell" data-cell="{cell_name(i + 1, j + 1)}" style="cursor:pointer"' if is_free else ""
            parts.append(f'<rect{attr} x="{pad + j * c}" y="{pad + i * c}" width="{c - 1}" height="{c - 1}" '
                         f'fill="{"#fff" if is_free else "#5d6d7e"}" stroke="{_INK}"/>')
    if not h or not w:
        parts.append('<text x="20" y="20" font-size="11">empty board</text>')
    return _svg(max(W, 40), max(H, 30), "".join(parts), f"a {h} x {w} board", "board")


def pieces(rows: Sequence[tuple[int, int]], width: int, turn: int) -> str | None:
    """Northcott's board: a black and a white piece in each row (numbered from 1),
    columns numbered; the side to move is named below."""
    if width > MOST_TOKENS * 2 or len(rows) > MOST_TOKENS:
        return None
    c, pad = 18, 16
    W, H = pad + width * c + 4, pad + len(rows) * c + 18
    parts = []
    for j in range(width):
        parts.append(f'<text x="{pad + j * c + c / 2}" y="11" font-size="8" fill="#888" '
                     f'text-anchor="middle">{j + 1}</text>')
    for i, (b, wh) in enumerate(rows):
        y = pad + i * c
        parts.append(f'<text x="7" y="{y + c / 2 + 3}" font-size="9" fill="#888" text-anchor="middle">{i + 1}</text>')
        for j in range(width):
            parts.append(f'<rect x="{pad + j * c}" y="{y}" width="{c - 1}" height="{c - 1}" '
                         f'fill="{"#f5e6c8" if (i + j) % 2 else "#e0c9a6"}"/>')
        for col, fill in ((b, "#111"), (wh, "#fff")):
            parts.append(f'<circle cx="{pad + (col - 1) * c + c / 2 - 0.5}" cy="{y + c / 2 - 0.5}" r="6" '
                         f'fill="{fill}" stroke="{_INK}"/>')
    side = "black" if turn == 0 else "white"
    parts.append(f'<text x="{pad}" y="{H - 4}" font-size="10">{side} to move</text>')
    return _svg(W, H, "".join(parts), f"{len(rows)} rows, {side} to move", "pieces")


def bar(a: int, b: int) -> str | None:
    """A chocolate bar of ``a`` x ``b`` squares."""
    if a * b > MOST_COINS:
        return None
    c, pad = 14, 6
    parts = [f'<rect x="{pad + j * c}" y="{pad + i * c}" width="{c - 1}" height="{c - 1}" rx="2" '
             f'fill="#6e2c00" stroke="#3e1a00"/>' for i in range(a) for j in range(b)]
    return _svg(pad * 2 + b * c, pad * 2 + a * c, "".join(parts), f"a {a} x {b} bar", "bar")


def numbers(row: Sequence[int], moves: Sequence[tuple[str, Any]] = ()) -> str | None:
    """A row of numbers in boxes (Choosing Carrot), the ends a move takes
    clickable (``moves``: the game's labels, the first then the last)."""
    if not row or len(row) > MOST_TOKENS * 2:
        return None
    texts = [str(x) if len(str(x)) <= 6 else str(x)[:5] + "…" for x in row]
    c = max(24, 8 + 7 * max(map(len, texts)))
    w, h = len(row) * (c + 2) + 8, 34
    parts = []
    for i, t in enumerate(texts):
        mv = _move_attr(moves[0][0] if i == 0 and moves else moves[1][0]
                        if i == len(row) - 1 and len(moves) > 1 else None)
        parts.append(f'<g{mv}><rect x="{4 + i * (c + 2)}" y="4" width="{c}" height="26" rx="3" '
                     f'fill="{"#fef9e7" if mv else "#f2f3f4"}" stroke="{_INK}"/>'
                     f'<text x="{4 + i * (c + 2) + c / 2}" y="21" font-size="12" text-anchor="middle">'
                     f"{escape(t)}</text></g>")
    return _svg(w, h, "".join(parts), "a row of " + " ".join(map(str, row))[:200], "numbers")


def picture(rs: Any, position: Any) -> str | None:
    """The picture of ``position`` in the game ``rs``, or ``None``: a board game
    (Cram, Northcott) as its board, a graph game as its graph, with the moves a
    click makes marked on the picture (``data-move``, ``data-cell``,
    ``data-coin``)."""
    from grundy.games import misc, placement
    from grundy.games.hackenbush import GreenHackenbush, HackenbushGraph
    from grundy.games.rows import CircleRuns, RowRuns

    from grundy.games.zerosum import Carrot

    kind = type(position).__name__
    if isinstance(rs, Carrot) and isinstance(position, tuple):
        return numbers(position, rs.move_labels(position))
    if isinstance(rs, placement.Cram) and type(position) is tuple and len(position) == 3:
        return board(*position)
    if isinstance(rs, placement.NodeKayles) and type(position) is tuple and len(position) == 2:
        adj, mask = position
        verts = list(placement._bits(mask))
        g = placement._relabel(adj, verts)
        es = [(i + 1, j + 1) for i, a in enumerate(g) for j in placement._bits(a) if i < j]
        return graph(es, vertices=range(1, len(g) + 1), vertex_move=lambda v: f"take {v}")
    if isinstance(rs, misc.Northcott) and isinstance(position, tuple) and len(position) == 2:
        return pieces(position[0], rs.width, position[1])
    if isinstance(rs, misc.Chocolate) and isinstance(position, tuple) and len(position) == 2:
        return bar(*position)
    if isinstance(rs, misc.MergePiles) and isinstance(position, tuple):
        return heaps([s for s, k in position for _ in range(k)]) if sum(k for _, k in position) <= 60 else None
    if isinstance(rs, CircleRuns) and isinstance(position, tuple) and len(position) == 2:
        return pins(position[1]) if type(position[1]) is int else None
    if type(position) is int:
        return pins(position) if isinstance(rs, (RowRuns, CircleRuns)) else heaps([position])
    if isinstance(position, str):
        return coins(position.split("/"))
    if kind == "Board":
        t = position.token
        return graph(list(position.edges), token=t,
                     vertex_move=lambda v: f"move to {v}" if (t, v) in position.edges or (v, t) in position.edges
                     else None)
    if kind == "EdgeBoard":
        t = position.token
        return graph(list(position.edges), token=t,
                     edge_move=lambda u, v: f"move to {v if u == t else u}" if t in (u, v) else None)
    if kind == "Graph":
        return graph(list(position.edges), ground=position.ground,
                     edge_move=(lambda u, v: f"cut {u}-{v}") if isinstance(rs, HackenbushGraph) else None)
    if kind == "Tree" or (isinstance(rs, GreenHackenbush) and type(position) is tuple):
        from grundy.games.hackenbush import as_tree

        return tree(list(as_tree(position).parents()), cut=isinstance(rs, GreenHackenbush))
    if isinstance(position, tuple):
        if position and all(type(x) is int for x in position):
            if rs.name.startswith("ancestor") and position[0] == -1:
                return tree(list(position), delete=True) if _is_parent_array(position) else None
            return heaps(list(position))
        if (len(position) == 2 and type(position[0]) is int and isinstance(position[1], tuple)
                and all(isinstance(e, tuple) and len(e) == 2 for e in position[1])):
            n, es = position  # a graph on the vertices 0..n-1, shown from 1 as its moves name them
            return (graph([(u + 1, v + 1) for u, v in es], vertices=range(1, n + 1)) if n <= MOST_EDGES
                    else None)
    return None


def _is_parent_array(p: Sequence[int]) -> bool:
    return p[0] == -1 and all(0 <= q < i for i, q in enumerate(p) if i)
