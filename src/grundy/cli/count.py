"""``grundy count``: how many positions of a box of independent games have a given
nim-sum (P-positions by default)."""

from __future__ import annotations

import json

import click

from grundy.cli.params import IntExpr, MemorySize

from grundy.values.errors import InvalidPositionError
from grundy.games import resolve
from grundy.games._common import parse_int
from grundy.games.nim import Nim
from grundy.solve.counting import DEFAULT_MEMORY, count_positions

__all__ = ["count"]


def _range(text: str) -> range:
    """``A..B`` (inclusive) or ``N`` (0..N-1)."""
    if ".." in text:
        a, _, b = text.partition("..")
        lo, hi = parse_int(a, "integer range start"), parse_int(b, "integer range end")
    else:
        lo, hi = 0, parse_int(text, "integer range size") - 1
    if lo < 0 or hi < lo:
        raise InvalidPositionError(f"a range is A..B with 0 <= A <= B, or a size N >= 1; got {text!r}")
    return range(lo, hi + 1)


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("game")
@click.argument("ranges", nargs=-1, required=True)
@click.option("--value", type=IntExpr(min=0), default=0, show_default=True, help="The nim-sum counted (0: P-positions).")
@click.option("--mod", type=IntExpr(min=3), default=None, help="Count modulo this odd number (a prime such as 998244353).")
@click.option("--max-memory", type=MemorySize(), default=DEFAULT_MEMORY, show_default=True,
              help="Memory the transforms may use: bytes, or with K, M, G, T (1G), as 'analyze' takes it.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def count(game: str, ranges: tuple[str, ...], value: int, mod: int | None, max_memory: int, as_json: bool) -> None:
    """Count the positions with nim-sum VALUE of a box of games of GAME, one per
    RANGE of positions (A..B inclusive, or N for 0..N-1): 'grundy count nim 1000
    1000 1000' counts the P-positions of 3-heap Nim with heaps below 1000. Nim
    heaps may range up to any size; other games are tabulated position by position.
    """
    rs = resolve(game)
    boxes = [_range(t) for t in ranges]
    if isinstance(rs, Nim):
        n = count_positions(boxes, value=value, mod=mod, max_memory=max_memory)
    else:
        n = count_positions([(rs, r) for r in boxes], value=value, mod=mod, max_memory=max_memory)
    if as_json:
        click.echo(json.dumps({"game": rs.name, "value": value, "count": n, "mod": mod}))
    else:
        click.echo(str(n))
