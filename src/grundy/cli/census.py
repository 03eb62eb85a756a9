"""``grundy census``: run a census of octal games into a SQLite store, and query it.

    grundy census --digits 3 --to 1048576 --store census.sqlite --budget 30
    grundy census show 0.6 --store census.sqlite
    grundy census unsolved --store census.sqlite
    grundy census longest --store census.sqlite
    grundy census export --store census.sqlite > census.csv
    grundy census export --format parquet -o census.parquet --store census.sqlite
    grundy census --digits 4 --to 2^20 --budget 2 --cluster local:2 --store census4.sqlite
"""

from __future__ import annotations

import contextlib
import json
import sys
from dataclasses import asdict
from pathlib import Path

import click

from grundy.census import GAME_SECONDS
from grundy.cli.params import IntExpr

from grundy.values.errors import InvalidParameterError

__all__ = ["census"]

#: seconds a census on Dask may take to stop after Ctrl-C: print the games
#: settled, then close the client and stop a local cluster's workers and scheduler
#: (the watchdog of :mod:`grundy._interrupt` ends the command after that; a local
#: cluster's processes end with it)
ORDERLY_SECONDS = 30.0

_STORE = click.option("--store", type=click.Path(dir_okay=False), default=None,
                      help="The SQLite census store (default: the one given before the "
                           "query, 'grundy census --store F unsolved', else census.sqlite).")
#: the store a query reads when none is given
DEFAULT_STORE = "census.sqlite"


def _print_rows(rows: list, fmt: str, wide: bool = True) -> None:  # type: ignore[type-arg]
    from grundy.census import to_csv

    if fmt == "json":
        click.echo(json.dumps([asdict(r) for r in rows]))
    elif fmt == "csv":
        click.echo(to_csv(rows), nl=False)
    else:
        more = f"{'n':>11}{'rare':>7}{'mask':>7}{'seconds':>9}" if wide else ""
        click.echo(f"{'code':<8}{'period':>8}{'preperiod':>11}  {'status':<9}{'max':>6}" + more)
        for r in rows:
            status = "proven" if r.proven else ("observed" if r.period else "none")
            period = "-" if r.period is None else str(r.period)
            pre = "-" if r.preperiod is None else str(r.preperiod)
            mask = f"{r.rare_mask:x}" + ("+pos" if r.rare_e else "")
            more = f"{r.n:>11,}{r.rare_count:>7}{mask:>7}{r.seconds:>9.2f}" if wide else ""
            click.echo(f"{r.code:<8}{period:>8}{pre:>11}  {status:<9}{r.max_value:>6}" + more)


def _open(store: str | None) -> object:
    """The store a query reads: its own --store, else the one given to 'grundy
    census' before the query's name, else :data:`DEFAULT_STORE`."""
    from grundy.census import CensusStore

    if store is None:
        ctx = click.get_current_context(silent=True)
        parent = ctx.parent if ctx is not None else None
        store = (parent.params.get("store") if parent is not None else None) or DEFAULT_STORE

    if not Path(store).exists():
        raise InvalidParameterError(f"no census store {store!r} (run 'grundy census --store {store}' first)")
    return CensusStore(store, create=False)  # a query never writes a new store


def _quiet_dask() -> None:
    """Dask's client logs its reconnection attempts (with tracebacks) on stderr when
    the scheduler goes away; the command reports that in one line of its own."""
    import logging

    try:
        import distributed  # noqa: F401  (its import sets the levels to override)
    except ImportError:  # the census says how to install it
        return
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    # Ctrl-C inside the client's wait makes Dask's cancel callback fail (a NameError
    # logged with its traceback by tornado); the command reports the stop itself
    logging.getLogger("tornado.application").setLevel(logging.CRITICAL + 1)


@click.group(invoke_without_command=True)
@click.option("--digits", type=IntExpr(1, 4), default=3, show_default=True, help="Most code digits.")
@click.option("--to", "to", type=IntExpr(min=1), default=10_000, show_default=True,
              help="Table each game at most to this heap.")
@click.option("--budget", type=click.FloatRange(min=0, min_open=True), default=GAME_SECONDS, show_default=True,
              help="Seconds per game (a rerun with more seconds runs again the games "
                   "a smaller budget stopped).")
@click.option("--jobs", type=IntExpr(min=1), default=None, help="Local worker processes (default: every core).")
@click.option("--scheduler", default=None, help="Dask scheduler address, to run on a cluster.")
@click.option("--cluster", default=None, metavar="local[:N]",
              help="Start a local Dask cluster (a scheduler and N single-threaded worker "
                   "processes; default every core) for this run, and shut it down after.")
@click.option("--store", type=click.Path(dir_okay=False), default=None,
              help="SQLite store of results to reuse and extend.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--progress/--no-progress", default=None, help="Show progress (default: on a terminal).")
@click.pass_context
def census(ctx: click.Context, digits: int, to: int, budget: float, jobs: int | None,
           scheduler: str | None, cluster: str | None, store: str | None, fmt: str,
           progress: bool | None) -> None:
    """Periods of every octal game with up to DIGITS code digits (stored in
    SQLite; a rerun only computes the games still unsettled), and queries on
    the store: show, unsolved, longest, export."""
    if ctx.invoked_subcommand is not None:
        return
    from grundy.census import CensusInterrupted
    from grundy.census import census as run_census
    from grundy.solve.budget import Budget
    from grundy.cli.progress import ProgressBar

    if cluster is not None and (scheduler is not None or jobs is not None):
        raise InvalidParameterError(
            f"--cluster {cluster!r} starts its own workers: give it without --scheduler or --jobs")
    if scheduler is not None or cluster is not None:
        from grundy import _interrupt

        _quiet_dask()
        # Ctrl-C: the rows first, then the Dask client's and the cluster's
        # shutdown, in order (the client and the cluster take seconds to stop)
        _interrupt.orderly(ORDERLY_SECONDS)
    # A bar of games done (with ETA) on a terminal; plain lines elsewhere with --progress.
    with contextlib.ExitStack() as stack:
        if cluster is not None:
            from grundy.census.cluster import LocalDaskCluster, parse_cluster

            n = parse_cluster(cluster)
            scheduler = stack.enter_context(LocalDaskCluster(n))
            click.echo(f"census: local Dask cluster {scheduler}, {n} worker processes", err=True)
        try:
            with ProgressBar(None, "census", delay=0.5, unit="games", enabled=progress) as bar:
                rows = run_census(digits, to, workers=jobs, scheduler=scheduler, store=store,
                                  budget=Budget(seconds=budget), progress=bar)
        except CensusInterrupted as stop:  # Ctrl-C: the games settled so far, then status 130
            _print_rows(stop.rows, fmt, wide=False)
            where = f"kept in {store}, where a rerun resumes" if store else "not stored (no --store)"
            click.echo(f"census: {len(stop.rows)} of {stop.total} games settled; {where}", err=True)
            sys.stdout.flush()  # before the cluster's shutdown
            raise KeyboardInterrupt from None
    _print_rows(rows, fmt, wide=False)  # the queries show every figure


@census.command()
@click.argument("code")
@_STORE
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
def show(code: str, store: str | None, fmt: str) -> None:
    """Every stored row of one game (CODE like 0.6 or .6)."""
    from grundy.games.octal import parse_code

    digits, _ = parse_code(code)
    canon = "0." + "".join(map(str, digits[1:]))
    db = _open(store)
    rows = db.history(canon)  # type: ignore[attr-defined]
    if not rows:
        raise InvalidParameterError(f"{code!r} is not in the census store {store!r}")
    _print_rows(rows, fmt)


@census.command()
@_STORE
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
def unsolved(store: str | None, fmt: str) -> None:
    """The games whose period is not proven."""
    _print_rows(_open(store).unsolved(), fmt)  # type: ignore[attr-defined]


@census.command()
@_STORE
@click.option("--limit", type=IntExpr(min=1), default=10, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
def longest(store: str | None, limit: int, fmt: str) -> None:
    """The proven games with the longest preperiods."""
    _print_rows(_open(store).longest_preperiods(limit), fmt)  # type: ignore[attr-defined]


@census.command()
@_STORE
@click.option("--all-rows", is_flag=True, help="Every row, not only each game's longest.")
@click.option("--format", "fmt", type=click.Choice(["csv", "parquet"]), default="csv", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The file to write (default: standard output; Parquet needs a file).")
def export(store: str | None, all_rows: bool, fmt: str, output: str | None) -> None:
    """The store as CSV (on standard output by default) or Parquet (-o FILE)."""
    from grundy.census import to_csv, to_parquet

    if fmt == "parquet" and output is None:
        raise InvalidParameterError("--format parquet writes a file: give -o FILE")
    db = _open(store)
    rows = db._rows() if all_rows else db.latest()  # type: ignore[attr-defined]
    if fmt == "parquet":
        to_parquet(rows, output)  # type: ignore[arg-type]
    elif output is None:
        click.echo(to_csv(rows), nl=False)
    else:
        try:
            Path(output).write_text(to_csv(rows))
        except OSError as e:
            raise InvalidParameterError(f"cannot write {output!r}: {e.strerror}") from None
