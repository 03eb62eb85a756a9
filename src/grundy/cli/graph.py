"""``grundy graph``: win / lose / draw, remoteness, generalised values and a kernel
of a game graph with cycles: an edge-list file, or every position a ruleset reaches
from a root (``FILE.py:NAME --root POS``, or a catalogue game) within a budget.

Edge-list file: one edge ``u v`` per line (``#`` starts a comment); a line with
one name declares a vertex without edges. Names that read as integers are
integers. Bad input (an unknown vertex asked for, a malformed line, a duplicate or
self edge under ``--simple``, a budget exceeded, misère or Every-SG play of a
loopy graph) is one line on stderr and status 2.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

import click

from grundy.cli.params import IntExpr

from grundy.values.errors import InvalidParameterError, InvalidPositionError

__all__ = ["graph"]


def _name(token: str) -> Hashable:
    from grundy.rules.graphinput import vertex_name

    try:
        return vertex_name(token, "graph")
    except InvalidPositionError as exc:
        raise InvalidParameterError(str(exc)) from None


def read_edges(path: str) -> tuple[list[Hashable], list[tuple[Hashable, Hashable]]]:
    """``(declared vertices, edges)`` of an edge-list file (read by the package's
    one reader of edge files: a binary or non-UTF-8 file is an error naming it;
    vertex names are at most ``MAX_LABEL_CHARS`` characters)."""
    from grundy.rules.graphinput import read_text_file

    text = read_text_file(path, "graph", InvalidParameterError, kind="graph")
    vertices: list[Hashable] = []
    edges: list[tuple[Hashable, Hashable]] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if len(words) == 1:
            vertices.append(_name(words[0]))
        elif len(words) == 2:
            edges.append((_name(words[0]), _name(words[1])))
        elif words:
            shown = line.strip()
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise InvalidParameterError(
                f"{path}:{lineno}: an edge is two vertex names 'u v'; got {shown!r}"
            )
    return vertices, edges


@click.command()
@click.argument("source")
@click.argument("vertices", nargs=-1)
@click.option("--root", help="For a ruleset SOURCE: the position to explore from.")
@click.option("--limit", type=IntExpr(min=1), default=1_000_000, show_default=True,
              help="Most positions a ruleset's exploration may reach.")
@click.option("--simple", is_flag=True, help="Refuse duplicate and self edges.")
@click.option("--kernel", "want_kernel", is_flag=True, help="Print a kernel of the digraph.")
@click.option("--play", type=click.Choice(["normal", "misere", "every"]), default="normal",
              show_default=True, help="Play convention of the questions.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def graph(source: str, vertices: tuple[str, ...], root: str | None, limit: int, simple: bool,
          want_kernel: bool, play: str, as_json: bool) -> None:
    """Outcome (P, N or D), remoteness, generalised Sprague-Grundy value and best
    move of VERTICES (default: all) of the game graph SOURCE: an edge-list file,
    or a ruleset (FILE.py:NAME or a catalogue name) explored from --root."""
    from grundy.solve.graph import GameGraph
    from grundy.solve.budget import Budget
    from grundy.solve.loopy import analyze_loopy

    if root is not None:
        from grundy.games import resolve
        from grundy.play.parse import as_typed

        rs = resolve(source)
        with as_typed(rs, source):
            start = rs.parse_position(root)
            rs.check(start)
        a = analyze_loopy(rs, start, budget=Budget(positions=limit))
        labels = a.labels if a.labels is not None else list(range(a.n))
        edges = [(labels[int(u)], labels[int(v)]) for u, v in zip(a.src.tolist(), a.dst.tolist())]
        g = GameGraph(edges, name=rs.name, vertices=labels, simple=simple)

        def parse(text: str) -> Hashable:
            with as_typed(rs, source):
                return rs.parse_position(text)

        def fmt(p: Hashable) -> str:
            return rs.format_position(p)
    else:
        declared, edges = read_edges(source)
        names = dict.fromkeys(declared)
        for u, v in edges:
            names.setdefault(u)
            names.setdefault(v)
        g = GameGraph(edges, name=source, vertices=list(names), simple=simple)
        def parse(text: str) -> Hashable:
            return _name(text)

        def fmt(p: Hashable) -> str:
            return str(p)
    asked = [parse(t) for t in vertices] if vertices else g.vertices
    for p in asked:
        if p not in g.loopy:
            raise InvalidPositionError(f"{g.name}: {p!r} is not a vertex of the graph")
    if play != "normal":
        from grundy.rules.compound import EverySum, Misere

        for p in asked:  # the compound names the loopy component (LoopyCompoundError)
            _ = Misere(g)[p].outcome if play == "misere" else EverySum(g[p]).outcome
    rows: list[dict[str, Any]] = []
    for p in asked:
        if play == "normal":
            move = g.best_move(p)
            rows.append(dict(vertex=fmt(p), outcome=str(g.outcome(p)),
                             remoteness=g.loopy.remoteness(p), value=repr(g.gvalue(p)),
                             move=None if move is None else fmt(move)))
        else:
            from grundy.rules.compound import EverySum, Misere

            c = Misere(g)[p] if play == "misere" else EverySum(g[p])
            rows.append(dict(vertex=fmt(p), outcome=str(c.outcome)))
    kernel = None
    if want_kernel:
        k = g.kernel()
        kernel = None if k is None else sorted((fmt(v) for v in k), key=lambda s: (len(s), s))
    if as_json:
        out: dict[str, Any] = {"graph": g.name, "vertices": len(g), "play": play, "positions": rows}
        if want_kernel:
            out["kernel"] = kernel
        click.echo(json.dumps(out))
        return
    for r in rows:
        extra = ""
        if play == "normal":
            rem = "-" if r["remoteness"] is None else r["remoteness"]
            extra = f"  remoteness {rem}  value {r['value']}" + (
                f"  move -> {r['move']}" if r["move"] is not None else "")
        click.echo(f"{r['vertex']}: {r['outcome']}{extra}")
    if want_kernel:
        click.echo("kernel: " + ("none (the drawn vertices hold none)" if kernel is None
                                 else "{" + ", ".join(kernel) + "}"))
