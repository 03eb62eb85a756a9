"""Pictures of games (needs the ``plot`` extra: matplotlib; networkx for graphs).

- :func:`sequence_figure`: Grundy values against n, the period shaded, the status
  (proven / observed) in the title;
- :func:`pmap_figure`: the P-positions of a two-heap game (Wythoff's two rays,
  Euclid's cones);
- :func:`graph_figure`: the game graph of a small game, P / N / draw coloured;
- :func:`save`: PNG or SVG (from the file's extension); :func:`plot` picks the
  right picture for a ruleset.

matplotlib is imported only when a picture is drawn (``import grundy`` stays light).
Figures are made without pyplot, so they work with no display.

>>> import grundy
>>> from grundy.plot import sequence_figure
>>> fig = sequence_figure(grundy.games.get("dawson"), 120)
>>> fig.axes[0].get_title()
'dawson (octal:0.07): Grundy values 0..120 (period 34 from 53, proven)'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.values.errors import GrundyError, InvalidParameterError, InvalidPositionError, LoopyGameError
from grundy.values.outcome import Outcome
from grundy.games.registry import common_name
from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.solve.tables import heap_table, pattern_of, table_shape

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "sequence_figure", "pmap_figure", "graph_figure", "save", "plot", "plot_kind", "pattern_of",
    "COLOURS", "FORMATS",
]

#: Colours of the outcome classes.
COLOURS = {Outcome.P: "#c0392b", Outcome.N: "#2e86c1", Outcome.D: "#95a5a6"}
#: File formats :func:`save` writes, by extension.
FORMATS = ("png", "svg")


def _figure(w: float = 8.0, h: float = 4.0) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - depends on the install
        raise InvalidParameterError(
            "pictures need matplotlib: pip install 'grundy[plot]'"
        ) from None
    return Figure(figsize=(w, h), dpi=100, layout="constrained")


def sequence_figure(rs: Ruleset, to: int, *, values: Sequence[int] | None = None) -> Figure:
    """Grundy values of heaps ``0..to``; the preperiod unshaded and each period
    block shaded in turn; the title says whether the period is proven."""
    if to < 0:
        raise InvalidParameterError(f"--to must be >= 0; got {to!r}")
    vals = list(values) if values is not None else heap_table(rs, to).values
    pat = pattern_of(rs, vals)
    fig = _figure()
    ax = fig.add_subplot()
    xs = range(len(vals))
    ax.plot(xs, vals, color="#34495e", lw=0.8, marker="o" if len(vals) <= 200 else None, ms=3)
    status = "no period seen"
    if pat is not None:
        start, p = pat.preperiod, pat.period
        k = 0
        x = start
        while x < len(vals) and k < 2000:
            ax.axvspan(x - 0.5, min(x + p, len(vals)) - 0.5, color="#f5b041" if k % 2 else "#fad7a0",
                       alpha=0.45, lw=0)
            x += p
            k += 1
        how = "proven" if pat.proven else f"observed to {len(vals) - 1}"
        salt = f", saltus {pat.saltus}" if pat.saltus else ""
        status = f"period {p} from {start}{salt}, {how}"
        if start:
            ax.axvline(start - 0.5, color="#af601a", lw=1, ls="--")
    ax.set_title(f"{common_name(rs)}: Grundy values 0..{len(vals) - 1} ({status})")
    ax.set_xlabel("n")
    ax.set_ylabel("Grundy value")
    ax.set_xlim(-0.5, len(vals) - 0.5)
    ax.set_ylim(bottom=-0.5)
    ax.grid(alpha=0.3)
    return fig


def pmap_figure(rs: Ruleset, size: int) -> Figure:
    """The outcome of every pair ``(a, b)`` with ``0 <= a, b <= size``: P-positions
    dark (Wythoff's two rays, Euclid's cones), pairs the game rejects blank."""
    if size < 1:
        raise InvalidParameterError(f"--to must be >= 1; got {size!r}")
    import numpy as np

    grid = np.full((size + 1, size + 1), np.nan)
    for a in range(size + 1):
        for b in range(size + 1):
            try:
                rs.check((a, b))
                o = rs.outcome((a, b))
            except InvalidPositionError:
                continue
            except LoopyGameError:
                continue
            grid[b, a] = {Outcome.P: 1.0, Outcome.N: 0.0}.get(o, 0.5)
    fig = _figure(6, 6)
    ax = fig.add_subplot()
    from matplotlib.colors import ListedColormap

    cmap = ListedColormap(["#eaf2f8", COLOURS[Outcome.D], COLOURS[Outcome.P]])
    ax.imshow(grid, origin="lower", cmap=cmap, vmin=0, vmax=1, interpolation="nearest")
    n_p = int(np.nansum(grid == 1.0))
    ax.set_title(f"{common_name(rs)}: P-positions (a, b), 0..{size} ({n_p} shown)")
    ax.set_xlabel("a (first heap)")
    ax.set_ylabel("b (second heap)")
    return fig


def _label(rs: Ruleset, p: Hashable) -> str:
    if type(p) is Sum:
        return " + ".join(rs.format_position(x) for x in sorted(p.parts, key=repr)) or "end"
    return rs.format_position(p)


def _tidy(rs: Ruleset, o: Hashable) -> Hashable:
    """A ``Sum`` without its finished parts (no moves), and one part as itself."""
    if type(o) is not Sum:
        return o
    live = [p for p in o.parts if next(iter(rs.moves(p)), None) is not None]
    if len(live) == 1:
        return live[0]
    return Sum(*live)


def graph_figure(game: Game, *, max_nodes: int = 150) -> Figure:
    """The game graph of a small game: positions reachable from ``game`` (an option
    that splits into several games is one node, ``a + b``), coloured by outcome
    (P red, N blue, draw grey) and laid out by remoteness."""
    try:
        import networkx as nx  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # pragma: no cover
        raise InvalidParameterError("game graphs need networkx: pip install 'grundy[plot]'") from None
    rs, start = game.ruleset, game.position
    g = nx.DiGraph()
    todo = [start]
    g.add_node(start)
    while todo:
        p = todo.pop()
        opts = rs.options(p) if type(p) is Sum else list(rs.moves(p))
        for o in opts:
            o = _tidy(rs, o)
            if o not in g:
                if g.number_of_nodes() >= max_nodes:
                    raise InvalidParameterError(
                        f"the game graph of {game!r} has more than {max_nodes} positions; "
                        "pick a smaller position"
                    )
                g.add_node(o)
                todo.append(o)
            g.add_edge(p, o)
    outcome: dict[Hashable, Outcome] = {}
    layer: dict[Hashable, int] = {}
    for p in g.nodes:
        try:
            outcome[p] = rs.outcome(p)
            layer[p] = rs.remoteness(p)
        except LoopyGameError:
            outcome[p] = Outcome.D
            layer[p] = 0
        except GrundyError:
            outcome[p] = Outcome.D
            layer[p] = 0
    for p in g.nodes:
        g.nodes[p]["layer"] = layer[p]
    pos = nx.multipartite_layout(g, subset_key="layer", align="horizontal")
    for p in pos:
        pos[p] = (pos[p][0], layer[p])
    fig = _figure(9, 5.5)
    ax = fig.add_subplot()
    nx.draw_networkx_edges(g, pos, ax=ax, alpha=0.3, arrows=True, arrowsize=8, node_size=700)
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color=[COLOURS[outcome[p]] for p in g.nodes],
                           node_size=700, alpha=0.85)
    nx.draw_networkx_labels(g, pos, labels={p: _label(rs, p) for p in g.nodes}, ax=ax, font_size=7,
                            font_color="black", font_weight="bold")
    ax.set_title(f"{game!r}: game graph, {g.number_of_nodes()} positions (P red, N blue, draw grey)")
    ax.set_ylabel("remoteness")
    ax.tick_params(left=True, labelleft=True)
    ax.set_axis_on()
    return fig


def save(fig: Figure, path: str | Path) -> Path:
    """Write ``fig`` to ``path``; the format (PNG or SVG) comes from the extension."""
    p = Path(path)
    ext = p.suffix.lower().lstrip(".")
    if ext not in FORMATS:
        raise InvalidParameterError(f"cannot write {str(path)!r}: use a .png or .svg file name")
    fig.savefig(p, format=ext)
    return p


def plot_kind(rs: Ruleset) -> str:
    """The picture of ``rs`` without a position: ``"sequence"`` (its positions are
    heaps: the Grundy values of heaps ``0..N``) or ``"pmap"`` (pairs of heaps: the
    map of P-positions). A game whose positions are neither (boards, graphs,
    rows of coins) has no such picture: :class:`InvalidParameterError` says so in
    one line, and how to draw the game graph of one of its positions instead.

    >>> import grundy
    >>> plot_kind(grundy.games.get("kayles")), plot_kind(grundy.games.get("wythoff"))
    ('sequence', 'pmap')
    >>> plot_kind(grundy.games.get("cram"))
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: cram has no plot: a plot shows the values of heaps 0..N or the P-positions of pairs (a, b), and a position of cram is neither (it looks like 4x5); draw the game graph of a small position instead: grundy plot cram POSITION -o FILE
    """
    if rs.tuple_position:
        return "pmap"
    shape = table_shape(rs)
    if shape == "pair":
        return "pmap"
    if shape == "heap":
        return "sequence"
    if getattr(rs, "loopy", False):  # heaps of generalised values (inf(K)): no sequence to draw
        raise InvalidParameterError(
            f"{rs.name} has no plot: its positions can repeat, so heaps have generalised values "
            f"(inf(K)), not a sequence of Grundy values; draw the game graph of a small position "
            f"instead: grundy plot {rs.spec or rs.name} POSITION -o FILE")
    try:  # a game without a declared table whose positions are heaps all the same
        rs.check(0)
        rs.check(1)
        return "sequence"
    except (GrundyError, TypeError, ValueError, AttributeError, LookupError):
        pass
    from grundy.games import entries

    family = (rs.spec or rs.name).split(":")[0]
    entry = next((e for e in entries() if e.name == family), None)
    words = f" (it looks like {entry.position})" if entry is not None and entry.position else ""
    raise InvalidParameterError(
        f"{rs.name} has no plot: a plot shows the values of heaps 0..N or the P-positions "
        f"of pairs (a, b), and a position of {rs.name} is neither{words}; draw the game graph "
        f"of a small position instead: grundy plot {rs.spec or rs.name} POSITION -o FILE")


def plot(rs: Ruleset, to: int, *, kind: str = "auto", position: Any = None) -> Figure:
    """The picture for ``rs``: ``sequence`` (heap games), ``pmap`` (two-heap games),
    ``graph`` (the game graph from ``position``); ``auto`` picks by the game
    (:func:`plot_kind`; a game with no plot raises
    :class:`InvalidParameterError` saying why)."""
    if kind == "auto":
        kind = "graph" if position is not None else plot_kind(rs)
    if kind in ("sequence", "pmap"):
        fits = plot_kind(rs)  # a game with no plot says why
        if kind == "sequence" and fits != kind:
            raise InvalidParameterError(f"{rs.name}: positions are not single heaps; use --kind pmap")
        if kind == "pmap" and fits != kind:
            raise InvalidParameterError(
                f"{rs.name}: positions are not pairs of heaps (a, b); use --kind sequence")
        return sequence_figure(rs, to) if kind == "sequence" else pmap_figure(rs, to)
    if kind == "graph":
        if position is None:
            raise InvalidParameterError("a game graph needs a position")
        game = position if isinstance(position, Game) else rs[position]
        return graph_figure(game)
    raise InvalidParameterError(f"unknown kind of picture {kind!r}; use sequence, pmap or graph")


def _unused(_: GameSum) -> None:  # keeps the GameSum import for type checkers
    return None
