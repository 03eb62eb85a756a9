"""The command line's face of the catalogue's zero-sum games (``carrot``):
``grundy analyze carrot 3 1 4 1 5 9`` prints the minimax value, the best moves
and the principal line; ``grundy play carrot ...`` plays Max or Min against a
perfect opponent."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from grundy.games.zerosum import CatalogueZeroSum
from grundy.play.minimax import MinimaxSession
from grundy.solve.budget import Budget
from grundy.values.errors import GrundyError

__all__ = ["analyze_zerosum", "play_zerosum"]


def analyze_zerosum(g: CatalogueZeroSum, texts: tuple[str, ...], as_json: bool, budget: Budget) -> None:
    """Print the analysis of a zero-sum game's position (Max to move)."""
    state = g.parse_position(" ".join(texts))
    s = MinimaxSession(g, state, budget=budget)
    value = s.value
    opts = [] if s.over else s.options()
    line = g.line(state, budget=budget)
    moves = [g.format_move(a, b) for a, b in zip(line, line[1:])]
    if as_json:
        click.echo(json.dumps({"game": g.name, "position": g.format_position(state), "to_move": "max",
                               "value": value, "best_moves": [m.text for m in opts if m.best],
                               "moves": [{"move": m.text, "value": m.value} for m in opts],
                               "line": moves}, default=str))
        return
    click.echo(f"game:          {g.name}[{g.format_position(state)}]  (minimax: Max moves first)")
    click.echo(f"value:         {value}  (the payoff with best play: Max wants it large, Min small)")
    if not opts:
        click.echo("best moves:    none (the game is over)")
    for m in opts:
        click.echo(f"  {m.text}  -> value {m.value}{'  (best)' if m.best else ''}")
    click.echo(f"line:          {', '.join(moves) or '-'}")


def _ask(prompt: str) -> str | None:
    click.echo(prompt, nl=False)
    sys.stdout.flush()
    line = sys.stdin.readline()
    return line.strip() if line else None


def play_zerosum(g: CatalogueZeroSum, texts: tuple[str, ...], first: str, budget: Budget) -> None:
    """Play a zero-sum game in the terminal: the person is Max when moving first."""
    s = MinimaxSession(g, g.parse_position(" ".join(texts)), budget=budget)
    click.echo(f"grundy play: {g.name} (minimax). {g.summary}")
    if first == "ask":
        ans = _ask("Who starts (and plays Max), me or engine? [me] ")
        if ans is None:
            click.echo("bye")
            return
        first = "engine" if ans.lower() in ("engine", "e", "computer", "c") else "me"
    me = "max" if first == "me" else "min"
    best = s.value
    click.echo(f"You are {me.capitalize()}: you want the final number {'large' if me == 'max' else 'small'}.")
    while True:
        click.echo(f"Position: {g.format_position(s.state)}   value with best play: {s.value}")
        if s.over:
            v = s.payoff
            mine = v if me == "max" else -v if isinstance(v, int) else v
            how = ("as best play gives" if v == best else
                   "better for you than best play" if (v > best) == (me == "max") else
                   "worse for you than best play")
            click.echo(f"Game over: the payoff is {v} ({how}: {best}).")
            del mine
            return
        if s.to_move != me:
            click.echo(f"Engine plays: {s.push(s.engine_move()).text}")
            continue
        line = _ask("your move> ")
        if line is None or line.lower() in ("quit", "q", "exit"):
            click.echo("bye")
            return
        if line.lower() in ("moves", "hint", "help", "?"):
            for m in s.options():
                click.echo(f"  {m.text}  -> value {m.value}{'  (best)' if m.best else ''}")
            continue
        if line.lower() == "undo":
            while s.plies and s.pop().player != me:
                pass
            continue
        try:
            click.echo(f"You play: {s.push(line).text}")
        except GrundyError as exc:
            click.echo(f"Refused: {exc}")


