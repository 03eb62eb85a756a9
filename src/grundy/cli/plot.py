"""``grundy plot GAME --to N -o FILE``: a picture of a game (PNG or SVG, from the
file name). Heap games get their Grundy sequence with the period shaded; two-heap
games (``wythoff``, ``euclid``, ...) their map of P-positions; ``--kind graph``
with a POSITION draws the game graph of a small game."""

from __future__ import annotations

import click

from grundy.cli.params import IntExpr

from grundy.play.parse import game_from_texts, ruleset_for

__all__ = ["plot"]


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("game")
@click.argument("positions", nargs=-1)
@click.option("--to", "to", type=IntExpr(min=0), default=100, show_default=True,
              help="Last heap (sequence) or largest heap (P-position map).")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="File to write: .png or .svg.")
@click.option("--kind", type=click.Choice(["auto", "sequence", "pmap", "graph"]), default="auto",
              show_default=True, help="Which picture (auto: by the game; graph when a POSITION is given).")
def plot(game: str, positions: tuple[str, ...], to: int, output: str, kind: str) -> None:
    """Draw GAME: its Grundy sequence, P-position map, or game graph from POSITION."""
    from grundy.plot import plot as draw, save

    rs = ruleset_for(game)
    pos = None
    if positions:
        g = game_from_texts(rs, positions, name=game)
        if not hasattr(g, "position"):
            raise click.UsageError("a game graph is drawn for one position, not a sum")
        pos = g
    path = save(draw(rs, to, kind=kind, position=pos), output)
    click.echo(f"wrote {path}")
