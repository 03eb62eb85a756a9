"""``grundy guess``: tabulate a game from its rules and conjecture its rule.

    grundy guess mock-turtles            coin c is worth odious(c - 1)
    grundy guess wythoff --to 60         P-positions on Beatty pairs
    grundy guess dawson --to 2000 --json
    grundy guess game.py:rook --shape pair
    grundy guess game.py:fib --position '(n, n - 1)'
    grundy guess game.py:take --param k=1..8       one rule in n and k
    grundy guess game.py:take:3                    the member k = 3

Each conjecture is shown in words and as a Python expression, with the
positions it was fitted on and checked on, and its status: proven (a theorem
applies), verified on the table, or refuted at the first counterexample.
"""

from __future__ import annotations

import json
import re
from collections.abc import Hashable
from typing import Any

import click

from grundy.cli.params import IntExpr, Seconds

__all__ = ["guess"]

_PARAM = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.+)$")


def _param_values(text: str) -> tuple[str, list[int]]:
    """``k=1..8`` -> ``("k", [1, ..., 8])``; ``k=3``; ``k=1,2,5``."""
    from grundy.games._common import parse_int
    from grundy.values.errors import InvalidParameterError, InvalidPositionError

    m = _PARAM.match(text.strip())
    if not m:
        raise InvalidParameterError(f"--param takes NAME=VALUES (k=3, k=1..8 or k=1,2,5); got {text!r}")
    name, spec = m.group(1), m.group(2).strip()
    try:
        if ".." in spec:
            lo, _, hi = spec.partition("..")
            a, b = parse_int(lo.strip(), "integer"), parse_int(hi.strip(), "integer")
            if b < a or b - a > 63:
                raise InvalidParameterError(f"--param {name}: {spec} must run upwards over at most 64 values")
            return name, list(range(a, b + 1))
        return name, [parse_int(x.strip(), "integer") for x in spec.split(",")]
    except InvalidPositionError as exc:
        raise InvalidParameterError(f"--param {name}: {exc}") from None


def _position(text: str) -> Any:
    """``(n, n - 1)`` -> the function ``n -> (n, n - 1)`` (the expression read
    once, evaluated with the builtins and the forms' namespace)."""
    from grundy.conjecture import evaluate
    from grundy.values.errors import InvalidParameterError

    try:
        code = compile(text, "--position", "eval")
    except (SyntaxError, ValueError) as exc:
        raise InvalidParameterError(
            f"--position takes a Python expression in n (e.g. '(n, n - 1)'); {text!r} is not one: "
            f"{getattr(exc, 'msg', exc)}") from None
    if "n" not in code.co_names:
        raise InvalidParameterError(f"--position: the expression {text!r} does not read n")

    def make(n: int) -> Hashable:
        return evaluate(text, n=n)  # type: ignore[no-any-return]

    make.__name__ = "position"
    return make


@click.command()
@click.argument("game")
@click.option("--to", "to", type=IntExpr(min=1), default=None,
              help="Table size: heaps 0..TO (default 1000), coins 1..TO (128), pairs with "
                   "sides 0..TO (40), or each heap 0..TO of a row of heaps (7).")
@click.option("--fit", type=IntExpr(min=2), default=None,
              help="Fit the forms on this many positions (per side); default half the table.")
@click.option("--heaps", type=IntExpr(min=1, max=6), default=3, show_default=True,
              help="Heaps in a row, for a game whose position is a row of heaps.")
@click.option("--shape", type=click.Choice(["heap", "pair", "heaps", "coins"]), default=None,
              help="What a position is: one heap (an integer), a pair (a, b), a row of heaps "
                   "(a tuple), or a row of coins; default what the ruleset declares.")
@click.option("--position", "position", default=None, metavar="EXPR",
              help="The position of heap n, a Python expression in n: '(n, n - 1)'.")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUES",
              help="A parameter of GAME (a factory FILE.py:NAME, or a catalogue family): k=3 for "
                   "one member, k=1..8 to guess the family's rule in k (repeatable).")
@click.option("--limit", type=IntExpr(min=1), default=5, show_default=True, help="Most conjectures shown.")
@click.option("--seconds", type=Seconds(min=0.1), default=60.0, show_default=True,
              help="Time budget of the tabulation ('inf': no limit).")
@click.option("--prove", "prove", type=Seconds(min=0.0), default=3.0, show_default=True,
              help="Seconds an octal game may search to prove its period.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def guess(game: str, to: int | None, fit: int | None, heaps: int, shape: str | None,
          position: str | None, params: tuple[str, ...], limit: int,
          seconds: float | None, prove: float | None, as_json: bool) -> None:
    """Find the pattern of GAME: its table from the raw rules, then the simplest
    forms that fit it (periods, binary digits, Fibonacci, Beatty pairs, XOR
    rules, catalogue games), each proven, verified or refuted. GAME is a
    catalogue spec, FILE.py:NAME (a ruleset or a move function; declare its
    shape with @grundy.ruleset(shape=...) or pass --shape), or FILE.py:NAME:3
    (a factory given its parameters)."""
    from grundy.conjecture import guess as find
    from grundy.games import resolve
    from grundy.games.registry import factory
    from grundy.solve.budget import Budget
    from grundy.values.errors import InvalidParameterError

    given = dict(_param_values(p) for p in params)
    if len(given) != len(params):
        raise InvalidParameterError("--param: each parameter once")
    where = _position(position) if position is not None else None
    common: dict[str, Any] = dict(to=to, fit=fit, heaps=heaps, limit=limit, shape=shape, position=where,
                                  budget=Budget(seconds=seconds),
                                  prove_seconds=3600.0 if prove is None else prove)
    if given:
        make = factory(game)
        if all(len(v) == 1 for v in given.values()):
            rs = make(**{k: v[0] for k, v in given.items()})
            result = find(rs, **common)
        else:
            result = find(make, params=given, **common)
    else:
        result = find(resolve(game), **common)
    if as_json:
        click.echo(json.dumps(result.to_dict()))
    else:
        click.echo(str(result))
