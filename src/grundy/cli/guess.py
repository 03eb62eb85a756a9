"""``grundy guess``: tabulate a game from its rules and conjecture its rule.

    grundy guess mock-turtles            coin c is worth odious(c - 1)
    grundy guess wythoff --to 60         P-positions on Beatty pairs
    grundy guess dawson --to 2000 --json

Each conjecture is shown in words and as a Python expression, with the
positions it was fitted on and checked on, and its status: proven (a theorem
applies), verified on the table, or refuted at the first counterexample.
"""

from __future__ import annotations

import json

import click

from grundy.cli.params import IntExpr, Seconds

__all__ = ["guess"]


@click.command()
@click.argument("game")
@click.option("--to", "to", type=IntExpr(min=1), default=None,
              help="Table size: heaps 0..TO (default 1000), coins 1..TO (128), pairs with "
                   "sides 0..TO (40), or each heap 0..TO of a row of heaps (7).")
@click.option("--fit", type=IntExpr(min=2), default=None,
              help="Fit the forms on this many positions (per side); default half the table.")
@click.option("--heaps", type=IntExpr(min=1, max=6), default=3, show_default=True,
              help="Heaps in a row, for a game whose position is a row of heaps.")
@click.option("--limit", type=IntExpr(min=1), default=5, show_default=True, help="Most conjectures shown.")
@click.option("--seconds", type=Seconds(min=0.1), default=60.0, show_default=True,
              help="Time budget of the tabulation ('inf': no limit).")
@click.option("--prove", "prove", type=Seconds(min=0.0), default=3.0, show_default=True,
              help="Seconds an octal game may search to prove its period.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def guess(game: str, to: int | None, fit: int | None, heaps: int, limit: int,
          seconds: float | None, prove: float | None, as_json: bool) -> None:
    """Find the pattern of GAME: its table from the raw rules, then the simplest
    forms that fit it (periods, binary digits, Fibonacci, Beatty pairs, XOR
    rules, catalogue games), each proven, verified or refuted."""
    from grundy.conjecture import guess as find
    from grundy.games import resolve
    from grundy.solve.budget import Budget

    rs = resolve(game)
    result = find(rs, to=to, fit=fit, heaps=heaps, limit=limit, budget=Budget(seconds=seconds),
                  prove_seconds=3600.0 if prove is None else prove)
    if as_json:
        click.echo(json.dumps(result.to_dict()))
    else:
        click.echo(str(result))
