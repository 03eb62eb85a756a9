"""``grundy stats``: the figures of Flammenkamp's tables for a take-and-break game
tabled by the rare-value kernels (finite octal codes and Grundy's game).

    grundy stats octal:0.6 --to 2097152
    grundy stats grundys-game --to 2097152 --json
    grundy stats octal:0.6 --to 2**30 --checkpoint officers.table   # resumable

Largest value and the heap where it first occurs, the rare/common mask the
kernel ended with (``+pos``: the heap's parity enters the split), the number of
rare heaps (heap 0 included) and the last one; and, for octal codes, the period
when the table proves it.
"""

from __future__ import annotations

import json
import time

import click

from grundy.cli.params import IntExpr
from grundy.cli.progress import ProgressBar

from grundy.values.errors import InvalidParameterError

__all__ = ["stats"]


@click.command()
@click.argument("game")
@click.option("--to", "to", type=IntExpr(min=0), default=1 << 16, show_default=True,
              help="Table heaps 0..TO.")
@click.option("--checkpoint", type=click.Path(dir_okay=False), default=None,
              help="Save the table here as it grows, and resume from it: a table store "
                   "(FILE and FILE.json, checksummed), or a .npy file rewritten whole.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@click.option("--threads", type=IntExpr(min=0), default=None,
              help="Threads of the rare-value kernel (0: every core; default one core). "
                   "Two threads: 1.75x on Officers, 1.3x on 0.376 (docs/octal.md, Every core); "
                   "fewer on a busy machine.")
@click.option("--progress/--no-progress", default=None,
              help="Show the table's progress (default: on a terminal).")
def stats(game: str, to: int, checkpoint: str | None, as_json: bool, threads: int | None,
          progress: bool | None) -> None:
    """Rare-value figures of GAME's table to TO: largest value and its first heap,
    rare mask, number of rare heaps, last rare heap."""
    from grundy.games import resolve
    from grundy.patterns.periodicity import octal_periodicity

    rs = resolve(game)
    engine = getattr(rs, "engine", None)
    if engine is None or not getattr(engine, "splits", None):
        raise InvalidParameterError(
            f"{rs.name}: rare-value figures are for finite octal codes with a split digit "
            "and Grundy's game"
        )
    if checkpoint is not None:
        # a private ruleset: the catalogue's shared one may hold a table already
        # (then the file would be overwritten, not read) and must not stay bound
        # to the file
        from grundy.games.octal import on_file

        private = on_file(rs, checkpoint)
        rs, engine = private, private.engine
        assert engine is not None
    engine.threads = threads
    t0 = time.monotonic()
    with ProgressBar(to + 1, "table", delay=0.5, unit="values", enabled=progress) as bar:
        rs.table_array(to, progress=bar)  # type: ignore[attr-defined]  # Ctrl-C keeps the chunks done
    figures = dict(rs.stats(to))  # type: ignore[attr-defined]
    seconds = time.monotonic() - t0
    period = None
    digits = getattr(rs, "digits", None)
    if digits is not None:
        found = octal_periodicity(engine.g[: to + 1], len(digits) - 1)
        if found is not None and found.proven:
            period = {"preperiod": found.preperiod, "period": found.period}
    if as_json:
        click.echo(json.dumps({"game": rs.name, "n": to, **figures, "period": period,
                               "seconds": round(seconds, 3)}))
        return
    mask = f"0x{figures['mask']:x}" + ("+pos" if figures["e"] else "") + (" (flipped)" if figures["f"] else "")
    click.echo(f"game          {rs.name}")
    click.echo(f"heaps         0..{to:,}")
    click.echo(f"largest value {figures['max']} (first at {figures['max_at']:,})")
    click.echo(f"rare mask     {mask}")
    click.echo(f"rare heaps    {figures['rare']:,} (heap 0 included)")
    click.echo(f"last rare     {figures['last_rare']:,}")
    click.echo("period        " + (f"{period['period']:,} from {period['preperiod']:,} (proven)"
                                   if period else "none proven on this table"))
    click.echo(f"seconds       {seconds:.2f}")
