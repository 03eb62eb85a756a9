"""The ``grundy`` command.

Every command takes ``--json``. Errors in the input print one line on stderr and
exit with status 2; Ctrl-C stops with status 130 and a one-line note.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Hashable, Sequence
from typing import Any

import click

from grundy.values.errors import GrundyError, LoopyGameError, SearchLimitError
from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.ruleset import Ruleset
from grundy.games import entries, resolve
from grundy.patterns import Periodicity, find_periodicity

__all__ = ["main", "cli", "entry"]

_DEFAULT_LIMIT = 1_000_000


class _Progress:
    """Prints ``explored N positions`` on stderr while a search runs (TTY only,
    unless forced)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.shown = False

    def __call__(self, n: int) -> None:
        if self.enabled:
            sys.stderr.write(f"\rgrundy: explored {n:,} positions")
            sys.stderr.flush()
            self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False


def _progress(flag: bool | None) -> _Progress:
    return _Progress(sys.stderr.isatty() if flag is None else flag)


def _parse_positions(rs: Ruleset, texts: Sequence[str]) -> list[Game]:
    """One game per argument (a disjunctive sum), or, for games whose position is a
    whole row of numbers, one game from all the arguments."""
    if rs.tuple_position:
        return [rs[rs.parse_position(" ".join(texts))]]
    return [rs[rs.parse_position(t)] for t in texts]


def _fmt(rs: Ruleset, position: Hashable) -> str:
    return rs.format_position(position)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="grundy")
def cli() -> None:
    """Analyse impartial combinatorial games.

    GAME is a catalogue name (see 'grundy list'), NAME:ARGS for a parameterised
    game (subtraction:1,3,4), or FILE.py:NAME for a ruleset defined in a Python
    file.
    """


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("game")
@click.argument("positions", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=_DEFAULT_LIMIT,
    show_default=True,
    help="Most positions (or options of one position) the remoteness, suspense and "
    "winning-move listings may explore.",
)
@click.option("--progress/--no-progress", default=None, help="Show search progress (default: on a terminal).")
def analyze(
    game: str, positions: tuple[str, ...], as_json: bool, limit: int, progress: bool | None
) -> None:
    """Outcome, value, winning moves, remoteness and suspense of a position.

    Several POSITIONS form a disjunctive sum (e.g. 'grundy analyze nim 3 4 5').
    """
    rs = resolve(game)
    games = _parse_positions(rs, positions)
    prog = _progress(progress)
    notes: list[str] = []
    values: list[int | None] = []
    try:
        for g in games:
            try:
                values.append(rs.value(g.position, progress=prog, limit=limit))
            except SearchLimitError as exc:
                values.append(None)
                notes.append(f"value not computed: {exc} (raise --limit)")
            except LoopyGameError:
                values.append(None)
                notes.append("value: none (the game graph has cycles; outcome from the rules' formula)")
        if len(games) == 1:
            outcome = str(rs.outcome(games[0].position, progress=prog, limit=limit))
    finally:
        prog.done()
    total: int | None = 0
    for v in values:
        total = None if v is None or total is None else total ^ v
    if len(games) > 1:
        if total is None:
            raise SearchLimitError(
                "the sum's outcome needs every component's value: " + notes[0]
            )
        outcome = "P" if total == 0 else "N"

    report: dict[str, Any] = {
        "game": rs.name,
        "positions": [_fmt(rs, g.position) for g in games],
        "values": values,
        "value": total,
        "outcome": outcome,
    }

    # Winning moves: all of them when the options are few enough, else one,
    # constructed from the component values.
    moves: list[SumMove] | None
    gs = GameSum(*games)
    try:
        if len(games) == 1:
            moves = [SumMove(0, o) for o in rs.winning_moves(games[0].position, limit=limit)]
        else:
            moves = gs.winning_moves(limit=limit)
        report["winning_moves_complete"] = True
    except SearchLimitError:
        if len(games) == 1:
            single = rs.winning_move(games[0].position)
            moves = [SumMove(0, single)] if single is not None else []
        else:
            one = gs.winning_move()
            moves = [one] if one is not None else []
        report["winning_moves_complete"] = False
        notes.append(f"more than {limit:,} options: showing one winning move of several")
    report["winning_moves"] = [
        {"component": m.component, "from": _fmt(rs, games[m.component].position), "to": _fmt(rs, m.option)}
        for m in moves
    ]

    for key in ("remoteness", "suspense"):
        try:
            if len(games) == 1:
                report[key] = getattr(rs, key)(games[0].position, limit=limit)
            else:
                from grundy.solve.compound import sum_of_games

                crs, cpos = sum_of_games(games)
                report[key] = getattr(crs, key)(cpos, limit=limit)
        except SearchLimitError as exc:
            report[key] = None
            notes.append(f"{key} not computed: {exc} (raise --limit)")
        except LoopyGameError:
            report[key] = None
    report["notes"] = notes

    if as_json:
        click.echo(json.dumps(report))
        return
    label = " + ".join(f"{rs.name}[{p}]" for p in report["positions"])
    click.echo(f"game:          {label}")
    click.echo(f"outcome:       {'P (the player to move loses)' if outcome == 'P' else 'N (the player to move wins)'}")
    if total is None:
        click.echo("value:         not computed")
    elif len(values) > 1:
        click.echo(f"value:         {total}  (nim-sum of {', '.join(map(str, values))})")
    else:
        click.echo(f"value:         {total}")
    if not moves:
        click.echo("winning moves: none")
    else:
        click.echo("winning moves:")
        for m in report["winning_moves"]:
            where = f"#{m['component'] + 1}: " if len(games) > 1 else ""
            click.echo(f"  {where}{m['from']} -> {m['to']}")
    for key in ("remoteness", "suspense"):
        val = report[key]
        click.echo(f"{key + ':':<15}{val if val is not None else 'not computed'}")
    for n in notes:
        click.echo(f"note: {n}")


@cli.command()
@click.argument("game")
@click.option("--to", "to", type=click.IntRange(min=0), required=True, help="Last position of the table.")
@click.option("--from", "start", type=click.IntRange(min=0), default=0, show_default=True, help="First position.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--width", type=click.IntRange(min=1), default=10, show_default=True, help="Values per row.")
@click.option("--progress/--no-progress", default=None, help="Show search progress (default: on a terminal).")
def table(game: str, to: int, start: int, as_json: bool, width: int, progress: bool | None) -> None:
    """Grundy values of positions FROM..TO of a one-parameter family, and their
    pattern; for a game on pairs (wythoff, euclid, ...), its P-positions up to TO."""
    rs = resolve(game)
    if rs.tuple_position:
        from grundy.patterns.pairs import describe_pairs
        from grundy.solve.tables import p_positions

        pairs = p_positions(rs, to)
        if as_json:
            click.echo(json.dumps({"game": rs.name, "p_positions": pairs, "pattern": describe_pairs(pairs)}))
        else:
            click.echo("P-positions (a <= b): " + " ".join(f"({a},{b})" for a, b in pairs))
            click.echo("pattern: " + describe_pairs(pairs))
        return
    prog = _progress(progress)
    values: list[int] = []
    pad = len(str(to))
    interrupted = False
    try:
        for n in range(start, to + 1):
            values.append(rs.value(rs.check(n), progress=prog))
            if not as_json and (len(values) % width == 0 or n == to):
                # Rows are printed as they complete, so a long table streams and
                # Ctrl-C keeps everything computed so far.
                prog.done()
                row = values[len(values) - 1 - (len(values) - 1) % width :]
                click.echo(f"{n - len(row) + 1:>{pad}}: " + " ".join(map(str, row)))
            elif not n % 4096:
                prog(n)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        prog.done()
    pattern = _pattern(rs, values) if start == 0 and values else None
    if as_json:
        click.echo(json.dumps({
            "game": rs.name, "from": start, "values": values, "complete": not interrupted,
            "pattern": None if pattern is None else {
                "preperiod": pattern.preperiod, "period": pattern.period,
                "saltus": pattern.saltus, "proven": pattern.proven, "checked": pattern.checked,
            },
        }))
    else:
        if interrupted and len(values) % width:
            row = values[len(values) - len(values) % width :]
            click.echo(f"{start + len(values) - len(row):>{pad}}: " + " ".join(map(str, row)))
        if pattern is not None:
            saltus = f", saltus {pattern.saltus}" if pattern.saltus else ""
            how = "proven" if pattern.proven else "observed"
            click.echo(
                f"pattern: period {pattern.period}{saltus} after a preperiod of "
                f"{pattern.preperiod} ({how}, on {pattern.checked:,} values)"
            )
        else:
            click.echo("pattern: none found")
    if interrupted:
        click.echo(f"grundy: interrupted after {len(values):,} values", err=True)
        sys.exit(130)


def _pattern(rs: Ruleset, values: list[int]) -> Periodicity | None:
    """The ruleset's own (possibly proven) pattern, else one observed in ``values``."""
    own = getattr(rs, "periodicity", None)
    if isinstance(own, Periodicity):
        return own
    return find_periodicity(values, saltus=True, min_repeats=3, max_period=10_000)


@cli.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_(as_json: bool) -> None:
    """The catalogue of named games, with aliases."""
    items = list(entries())
    if as_json:
        click.echo(
            json.dumps(
                [
                    {"name": e.name, "aliases": list(e.aliases), "summary": e.summary,
                     "params": e.params, "example": e.example}
                    for e in items
                ]
            )
        )
        return
    for e in items:
        click.echo(f"{e.name:<16}{e.summary}")
        if e.aliases:
            click.echo(f"{'':<16}aliases: {', '.join(e.aliases)}")
        if e.params:
            click.echo(f"{'':<16}parameters: {e.params}")


@cli.command()
@click.option("--digits", type=click.IntRange(1, 4), default=3, show_default=True, help="Most code digits.")
@click.option("--to", "to", type=click.IntRange(min=1), default=10_000, show_default=True, help="Table each game to this heap.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Local worker processes (default: every core).")
@click.option("--scheduler", default=None, help="Dask scheduler address, to run on a cluster.")
@click.option("--store", type=click.Path(dir_okay=False), default=None, help="JSON file of results to reuse and extend.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
def census(digits: int, to: int, jobs: int | None, scheduler: str | None, store: str | None, fmt: str) -> None:
    """Periods of every octal game with up to DIGITS code digits."""
    from dataclasses import asdict

    from grundy.census import census as run_census
    from grundy.census import to_csv

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            sys.stderr.write(f"\rgrundy: {done}/{total} games")
            sys.stderr.flush()

    rows = run_census(digits, to, workers=jobs, scheduler=scheduler, store=store, progress=progress)
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    if fmt == "json":
        click.echo(json.dumps([asdict(r) for r in rows]))
    elif fmt == "csv":
        click.echo(to_csv(rows), nl=False)
    else:
        click.echo(f"{'code':<8}{'period':>8}{'preperiod':>11}  {'status':<9}{'max':>6}")
        for r in rows:
            status = "proven" if r.proven else ("observed" if r.period else "none")
            period = "-" if r.period is None else str(r.period)
            pre = "-" if r.preperiod is None else str(r.preperiod)
            click.echo(f"{r.code:<8}{period:>8}{pre:>11}  {status:<9}{r.max_value:>6}")


from grundy.cli import play as _play, plot as _plot, serve as _serve  # noqa: E402
for _cmd in (_play.play, _plot.plot, _serve.serve): cli.add_command(_cmd)  # noqa: E701


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run the CLI, turning errors into one line and status 2."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="grundy", standalone_mode=False)
    except click.UsageError as exc:
        if type(exc).__name__.startswith("NoArgsIsHelp"):  # bare 'grundy': show help
            click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            return 0
        msg = exc.format_message().splitlines()[0] if exc.format_message() else "usage error"
        click.echo(f"grundy: error: {msg} (see 'grundy --help')", err=True)
        return 2
    except click.ClickException as exc:
        click.echo(f"grundy: error: {exc.format_message()}", err=True)
        return 2
    except click.exceptions.Abort:
        click.echo("grundy: interrupted", err=True)
        return 130
    except KeyboardInterrupt:
        click.echo("\ngrundy: interrupted", err=True)
        return 130
    except GrundyError as exc:
        click.echo(f"grundy: error: {exc}", err=True)
        return 2
    except RecursionError:
        click.echo("grundy: error: recursion too deep in a user move function", err=True)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    return 0


def entry() -> None:
    """Console entry point. After Ctrl-C it leaves at once (``os._exit``), so no
    half-finished library finalizer (e.g. a numba compilation cut short) can print
    a traceback on the way out."""
    try:
        code = main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    if code == 130:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
