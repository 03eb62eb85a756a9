"""The ``grundy`` command.

Every command takes ``--json``. Errors in the input print one line on stderr and
exit with status 2; Ctrl-C stops with status 130 and a one-line note.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

import click

from grundy.values.errors import GrundyError, describe
from grundy.rules.compound import MisereSum
from grundy.rules.game import Game, GameSum
from grundy.rules.ruleset import Ruleset
from grundy.games import entries, resolve
from grundy.games.registry import display_name
from grundy.values.periodicity import Periodicity
from grundy.solve import tables
from grundy.solve.report import ANALYSIS_BUDGET
from grundy.play.parse import games_from_texts
from grundy.cli.params import IntExpr, MemorySize, Seconds, armed
from grundy.cli.progress import ProgressBar

__all__ = ["main", "cli", "entry"]

# `grundy analyze` without options: the library's default budget
# (grundy.solve.report.ANALYSIS_BUDGET, grundy.analyze's), shown in --help
_BUDGET_OPTIONS = {"seconds": "seconds", "limit": "positions", "max_memory": "max_memory"}


@contextlib.contextmanager
def _hard_deadline(seconds: float | None) -> Iterator[None]:
    """Searches watch their own budget, and their guard stops a user's move
    function that never returns (:mod:`grundy.solve.guard`); this last guard
    (the same alarm) stops the rest: a closed form that runs far past the budget.
    It leaves room for a first numba compilation. No alarm without a time limit
    (``None``) or for one too long to arm (:func:`grundy.cli.params.armed`)."""
    from grundy.solve.guard import guard_until
    from grundy.values import clock

    if armed(seconds) is None:
        yield
        return
    assert seconds is not None
    grace = max(2 * seconds, 15.0)
    with guard_until(clock.now() + seconds, (
            f"no answer within {seconds + grace:g} s: the game's own formula or move function "
            f"runs past the budget of {seconds:g} s (raise --seconds to wait longer)"),
            grace=grace, anywhere=True):
        yield


#: winning moves the text report prints (``--json`` gives them all)
_MOVES_SHOWN = 20
#: the longest move text printed in full (Wythoff's ``both N`` with a 100-digit
#: ``N`` is typed back into ``grundy play``; a 1001-digit heap is shortened)
_MOVE_TEXT = 240


def _first_moves(game: GameSum, most: int = 6) -> str:
    """The first ``most`` legal moves of ``game`` in its notation, joined by
    ``;`` (a move may hold a comma), or ``""`` when it has none or they cannot be
    listed.

    >>> import grundy
    >>> _first_moves(GameSum(grundy.games.get("subtraction:1,3,4")[7]))
    'take 1; take 3; take 4'
    >>> _first_moves(grundy.games.get("nim").sum(2, 2), most=3)
    'heap 1 to 0; heap 1 to 1; heap 2 to 0; ...'
    """
    from itertools import islice

    from grundy.play.moves import format_sum_move, sum_moves

    try:
        found = list(islice(sum_moves(game), most + 1))
        texts = [_short(format_sum_move(game, m), 40) for m in found[:most]]
    except (GrundyError, RecursionError, ValueError):
        return ""
    return "; ".join(texts) + ("; ..." if len(found) > most else "")


def _fmt(rs: Ruleset, position: Hashable) -> str:
    return _short(rs.format_position(position))


def _short(text: str, most: int = 80) -> str:
    """``text``, or its two ends around an ellipsis saying how long it is.

    >>> _short("1" + "0" * 1000)
    '10000000000000000000000000000000…0000000000 (1,001 characters)'
    >>> _short("0-1 1-2")
    '0-1 1-2'
    """
    if len(text) <= most:
        return text
    return f"{text[:32]}…{text[-10:]} ({len(text):,} characters)"


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
    "--seconds",
    type=Seconds(),
    default=None,
    help="Time budget of the whole analysis ('inf': no limit); searches stop there "
         "and say so. Start-up and loading compiled code do not count. "
         f"[default: {ANALYSIS_BUDGET.seconds:g}, grundy.analyze's]",
)
@click.option(
    "--limit",
    type=IntExpr(min=1),
    default=None,
    help="Most positions (or options of one position) a search may expand. "
         f"[default: {ANALYSIS_BUDGET.positions}, grundy.analyze's]",
)
@click.option(
    "--max-memory",
    type=MemorySize(),
    default=None,
    help="Memory the process may hold, e.g. 2G (default: a quarter of the RAM, at most "
         "8G; GRUNDY_MAX_MEMORY sets it too). Searches stop there and say so.",
)
@click.option("--progress/--no-progress", default=None, help="Show search progress (default: on a terminal).")
@click.option("--misere", is_flag=True,
              help="Misère play (whoever moves last loses): the POSITIONS form a misère sum, "
                   "answered through the game's misère quotient where there is one.")
def analyze(
    game: str, positions: tuple[str, ...], as_json: bool, seconds: float | None, limit: int | None,
    max_memory: int | None, progress: bool | None, misere: bool = False,
) -> None:
    """Outcome, value, winning moves, remoteness and suspense of a position.

    Several POSITIONS form a disjunctive sum (e.g. 'grundy analyze nim 3 4 5').
    Closed forms answer at once; searches run within --seconds and --limit.
    A zero-sum game (e.g. 'grundy analyze carrot 3 1 4 1 5 9') gets its minimax
    value, best moves and principal line; 'grundy list' shows every game.
    """
    from grundy.games.zerosum import zerosum
    from grundy.solve.budget import Budget
    from grundy.solve.report import analyze as run
    from grundy.solve.report import default_seconds

    zs = zerosum(game)
    if zs is not None:  # a zero-sum game (minimax), not an impartial one
        from grundy.cli.minimax import analyze_zerosum

        analyze_zerosum(zs, positions, as_json, Budget(positions=limit, seconds=seconds,
                                                       max_memory=max_memory))
        return
    rs = resolve(game)
    games = games_from_texts(rs, positions, name=game)
    target: Game | GameSum | MisereSum = games[0] if len(games) == 1 else GameSum(*games)
    if misere:
        target = MisereSum(*games)
    # The searches report the positions they expanded; the bar's total is the
    # position budget (each search, value then remoteness then suspense, counts anew).
    # the options given replace the library's default budget field by field; none
    # given: the library's default, and a ruleset's declared analysis_seconds apply
    ctx = click.get_current_context()
    given = {field: ctx.params[name] for name, field in _BUDGET_OPTIONS.items()
             if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)}
    budget = ANALYSIS_BUDGET.replace(**given) if given else None
    shown = budget or ANALYSIS_BUDGET
    longer = default_seconds(games) if budget is None else None
    with ProgressBar(shown.positions, "analyze: explored", enabled=progress, delay=_BAR_DELAY,
                     unit="positions") as bar, _hard_deadline(longer or shown.seconds):
        report = run(target, budget=budget, progress=bar)
    if as_json:
        click.echo(json.dumps(report.to_dict()))
        return
    data = report.to_dict(most_moves=_MOVES_SHOWN)  # a move's option may be a sum of 10^4 heaps
    comps = data["components"]
    # the position is the user's own input: a long one is shortened here, the
    # value below stays exact (a 1001-digit heap is printed once in full, not thrice)
    label = " + ".join(f"{display_name(rs)}[{_short(c['text'])}]" for c in comps)
    if misere:
        _misere_lines(rs, report, label, data)
        return
    click.echo(f"game:          {label}")
    outcome = report.outcome
    click.echo(f"outcome:       {_OUTCOME_TEXT.get(str(outcome), 'not computed')}")
    if report.value is None:
        click.echo("value:         " + ("none (" + report.stopped["value"].split(";")[0] + ")"
                                        if "value" in report.stopped else "none"))
    elif len(comps) > 1:
        click.echo(f"value:         {report.value}  (nim-sum of {', '.join(map(str, report.components))})")
    else:
        click.echo(f"value:         {report.value}")
    if "value_words" in data:  # a loopy game's generalised value, in words
        click.echo(f"               {data['value_words']}")
    moves = report.winning_moves
    if moves is None:
        click.echo("winning moves: not computed")
    elif not moves:
        click.echo("winning moves: none")
        listed = _first_moves(GameSum(*games))
        if listed:  # the moves there are, in the game's notation, so the notation is seen
            click.echo(f"moves:         {listed}  ({'none wins' if str(outcome) == 'D' else 'each loses'})")
    else:
        _move_lines(rs, report, data)
    drawn = str(outcome) == "D"
    for key in ("remoteness", "suspense"):
        val = getattr(report, key)
        click.echo(f"{key + ':':<15}{val if val is not None else 'none (a draw)' if drawn else 'not computed'}")
    for key, why in report.stopped.items():
        if drawn and key in ("remoteness", "suspense"):
            continue  # a draw has neither: the cycles are why, not a budget
        click.echo(f"note: {key}: {why}")
    if any("budget" in why for why in report.stopped.values()):
        click.echo("note: raise --seconds / --limit / --max-memory to search further")


#: the heading of a winning move that is not every one: it is the one found
_ONE_MOVE = "winning move (one found; there may be others):"


def _move_lines(rs: Any, report: Any, data: dict[str, Any]) -> None:
    """The winning moves of a report (there are some): each in the game's
    notation (components from 1), then where it leads; normal and misère play alike."""
    moves = report.winning_moves
    # not every winning move listed: one found (by the quotient, the search or a
    # construction); there may be others, or none but it
    head = "winning moves:" if report.winning_moves_complete else _ONE_MOVE
    click.echo(head)
    for m, js in zip(moves, data["winning_moves"]):
        # in full up to a line's worth, so it can be typed back into 'grundy play'
        click.echo(f"  {_short(js['move'], _MOVE_TEXT)}  (-> {_fmt(rs, m.option)})")
    if len(moves) > _MOVES_SHOWN:
        click.echo(f"  ... and {len(moves) - _MOVES_SHOWN:,} more (--json lists them all)")


def _misere_lines(rs: Any, report: Any, label: str, data: dict[str, Any]) -> None:
    """The text of a misère analysis (outcome, winning moves in the notation of
    normal play, the quotient used)."""
    click.echo(f"game:          misère {label}")
    click.echo(f"outcome:       {_OUTCOME_TEXT.get(str(report.outcome), 'not computed')}")
    if report.value is not None:
        click.echo(f"misère value:  {report.value}")
    moves = report.winning_moves
    if moves is None:
        click.echo("winning move:  not computed")
    elif not moves:
        click.echo("winning move:  none")
    else:
        _move_lines(rs, report, data)
    click.echo(f"quotient:      {report.quotient or 'none (exact search of the sum)'}")
    for key, why in report.stopped.items():
        if key not in ("remoteness", "suspense"):
            click.echo(f"note: {key}: {why}")


_OUTCOME_TEXT = {
    "P": "P (the player to move loses)",
    "N": "N (the player to move wins)",
    "D": "D (a draw with best play)",
}


@cli.command()
@click.argument("game")
@click.option("--to", "to", type=IntExpr(min=0), required=True, help="Last position of the table.")
@click.option("--from", "start", type=IntExpr(min=0), default=0, show_default=True, help="First position.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "cpp", "py"]), default="text",
              show_default=True,
              help="cpp / py: the table as an array literal to paste into a solution.")
@click.option("--width", type=IntExpr(min=1), default=10, show_default=True, help="Values per row.")
@click.option("--progress/--no-progress", default=None, help="Show search progress (default: on a terminal).")
@click.option("--store", type=click.Path(dir_okay=False), default=None,
              help="Keep the table in this file (and FILE.json, its checksummed header) and "
                   "resume from it: finite octal codes and Grundy's game, as long as the disk allows.")
@click.option("--seconds", type=Seconds(), default=None,
              help="Time budget of the table and the period search after it (default: no "
                   "limit for the table, 150 s for the period search; 'inf': no limit); the "
                   "table stops there, keeping the rows printed, and says so. Ctrl-C during "
                   "the period search keeps the table.")
@click.option("--max-memory", type=MemorySize(), default=None,
              help="Memory the process may hold, e.g. 2G (default: a quarter of the RAM, at most "
                   "8G; GRUNDY_MAX_MEMORY sets it too). A printed table streams: only its "
                   "first values are kept, for the pattern.")
def table(game: str, to: int, start: int, as_json: bool, fmt: str, width: int, progress: bool | None,
          store: str | None, seconds: float | None, max_memory: int | None) -> None:
    """Grundy values of positions FROM..TO of a one-heap family, and their pattern;
    for a game on pairs (wythoff, euclid, ...), its P-positions up to TO.
    '--format cpp' or '--format py' prints the table as an array literal."""
    from grundy.solve.budget import Budget, look, watching
    from grundy.values.errors import SearchLimitError

    rs = resolve(game)
    budget = Budget(seconds=seconds, max_memory=max_memory)
    if start > to:
        raise click.UsageError(f"--from {describe(start)} is beyond --to {describe(to)}")
    as_json = as_json or fmt == "json"
    if fmt in ("cpp", "py"):
        if store is not None:
            raise click.UsageError("--store keeps a table on disk; --format cpp|py prints one: use one of them")
        with watching(budget), _hard_deadline(seconds):
            _literal_table(rs, to, start, fmt, progress)
        return
    if store is not None:
        with watching(budget), _hard_deadline(seconds):
            _stored_table(rs, store, to, start, as_json, width, progress)
        return
    shape = tables.table_shape(rs)
    if shape is None:
        raise click.UsageError(
            f"{rs.name} has no table: its positions are not single heaps or pairs "
            "(use 'grundy analyze' on a position)"
        )
    if shape == "pair":
        from grundy.patterns.pairs import describe_pairs

        with watching(budget), _hard_deadline(seconds):
            pairs = tables.p_positions(rs, to)
        if as_json:
            click.echo(json.dumps({"game": rs.name, "p_positions": pairs, "pattern": describe_pairs(pairs)}))
        else:
            click.echo("P-positions (a <= b): " + " ".join(f"({a},{b})" for a, b in pairs))
            click.echo("pattern: " + describe_pairs(pairs))
        return
    rows = _Rows(start, to, width, as_json=as_json, game=rs.name)
    bar = ProgressBar(to - start + 1, "table", enabled=progress, delay=_BAR_DELAY, unit="values")
    rows.bar = bar
    interrupted = False
    stopped: SearchLimitError | None = None
    # if a compiled step holds the command past the grace time after Ctrl-C, the
    # watchdog ends it with the same last line as the orderly stop below
    from grundy import _interrupt

    _interrupt.last_words(lambda: f"grundy: interrupted after {rows.printed:,} values")
    pattern_stopped: SearchLimitError | None = None
    pattern_interrupted = False
    try:
        with bar, watching(budget), _hard_deadline(seconds):
            try:
                what = f"{rs.name}: the table to heap {describe(to)}"
                for chunk in tables.heap_chunks(rs, to, start, progress=bar):
                    rows.add(chunk)  # a loopy heap: one error line
                    look(what, len(chunk))  # --seconds and --max-memory
            except SearchLimitError as exc:  # the rows so far stand
                stopped = exc
            except GrundyError as exc:  # a loopy heap: the JSON object stays whole
                if as_json:
                    rows.close({"complete": False, "error": str(exc)})
                raise
            rows.flush()
            values = rows.kept
            pattern = None
            if start == 0 and values and stopped is None:
                _interrupt.last_words(lambda: "grundy: interrupted in the period search (the table "
                                              "above is complete)")
                try:
                    pattern = _pattern(rs, values, progress, seconds)
                except SearchLimitError as exc:  # the table stands; its period was not found in time
                    pattern_stopped = exc
                except KeyboardInterrupt:  # Ctrl-C stops the period search: the table stands
                    pattern_interrupted = True
    except KeyboardInterrupt:
        interrupted = True
        pattern = None
        rows.flush(final=True)
    if as_json:
        rows.close({
            "complete": not interrupted and stopped is None,
            "pattern": None if pattern is None else {
                "preperiod": pattern.preperiod, "period": pattern.period,
                "saltus": pattern.saltus, "proven": pattern.proven, "checked": pattern.checked,
            },
        })
    else:
        if pattern is not None:
            saltus = f", saltus {pattern.saltus}" if pattern.saltus else ""
            if pattern.proven and not pattern.checked:
                how = "proven by theory"  # a closed form, no table checked
            else:
                how = f"{'proven' if pattern.proven else 'observed'}, on {pattern.checked:,} values"
            click.echo(
                f"pattern: period {pattern.period}{saltus} after a preperiod of "
                f"{pattern.preperiod} ({how})"
            )
        elif stopped is not None:
            click.echo("pattern: not searched (the table stopped)")
        elif pattern_interrupted:
            click.echo("pattern: not found (Ctrl-C stopped the period search)")
        elif pattern_stopped is not None:
            click.echo(f"pattern: none found within the budget (the period search stopped: "
                       f"{str(pattern_stopped).split('; ')[0]}); raise --seconds to search further")
        elif not interrupted:
            click.echo("pattern: none found" if start == 0 else "pattern: not searched (--from is not 0)")
    if interrupted:
        click.echo(f"grundy: interrupted after {rows.count:,} values", err=True)
        _interrupt.last_words(None)
        raise KeyboardInterrupt
    if pattern_interrupted:
        click.echo("grundy: interrupted in the period search (the table above is complete)", err=True)
        _interrupt.last_words(None)
        raise KeyboardInterrupt
    _interrupt.last_words(None)
    if stopped is not None:
        raise click.ClickException(f"the table stopped after {rows.count:,} values: {stopped}")


def _literal_table(rs: Ruleset, to: int, start: int, fmt: str, progress: bool | None) -> None:
    """``grundy table --format cpp|py``: the values of heaps ``start..to`` (or the
    P-positions of a game on pairs) as an array literal, with a comment saying
    what it holds."""
    from grundy.cli.literal import array_literal, pairs_literal

    shape = tables.table_shape(rs)
    if shape is None:
        raise click.UsageError(
            f"{rs.name} has no table: its positions are not single heaps or pairs")
    command = f"grundy table {display_name(rs)} --to {to}" + (f" --from {start}" if start else "") + f" --format {fmt}"
    if shape == "pair":
        pairs = tables.p_positions(rs, to)
        click.echo(pairs_literal(display_name(rs), [(a, b) for a, b in pairs], fmt, command))
        return
    values: list[int] = []
    with ProgressBar(to - start + 1, "table", enabled=progress, delay=_BAR_DELAY, unit="values") as bar:
        for chunk in tables.heap_chunks(rs, to, start, progress=bar):
            values.extend(int(v) for v in chunk)
    click.echo(array_literal(display_name(rs), start, values, fmt, command))


#: seconds of work before a progress bar (or line) shows: short commands stay quiet
_BAR_DELAY = 0.5


def _stored_table(rs: Ruleset, path: str, to: int, start: int, as_json: bool, width: int,
                  progress: bool | None) -> None:
    """``grundy table --store``: grow the table in the file to ``to`` (resuming
    from what it holds; Ctrl-C keeps every finished chunk), then print heaps
    ``start..to`` from the file a block at a time (no list of the whole table)
    and the period proven on it, and the file's digest."""
    from grundy.games.octal import on_file
    from grundy.patterns.periodicity import octal_periodicity

    private = on_file(rs, path)
    engine = private.engine
    assert engine is not None and engine.store is not None
    with ProgressBar(to + 1, "table", enabled=progress, delay=_BAR_DELAY, unit="values") as bar:
        try:
            values = private.table_array(to, progress=bar)
        except KeyboardInterrupt:
            click.echo(f"grundy: interrupted: {path} holds heaps 0..{engine.have - 1:,}; "
                       "the same command resumes", err=True)
            raise
    digits = getattr(private, "digits", None)
    pattern = None
    if digits is not None:  # the period of the whole table, whichever heaps are printed
        found = octal_periodicity(values, len(digits) - 1)
        pattern = found if found is not None and found.proven else None
    digest = engine.store.digest
    held = {"path": path, "heaps": engine.have, "sha256": digest}
    if as_json:  # the values as one list: ask for a short --from..--to
        click.echo(json.dumps({
            "game": private.name, "from": start, "values": values[start:].tolist(), "complete": True,
            "pattern": None if pattern is None else {
                "preperiod": pattern.preperiod, "period": pattern.period, "saltus": 0,
                "proven": True, "checked": pattern.checked},
            "store": held}))
        return
    pad = len(str(to))
    block = width * max(1, 65536 // width)
    for lo in range(start, to + 1, block):
        part = values[lo:min(to + 1, lo + block)].tolist()
        click.echo("\n".join(f"{lo + i:>{pad}}: " + " ".join(map(str, part[i:i + width]))
                              for i in range(0, len(part), width)))
    if pattern is not None:
        last = (f"; the last exception at heap {pattern.preperiod - 1:,}" if pattern.preperiod
                else "")
        click.echo(f"pattern: period {pattern.period:,} after a preperiod of {pattern.preperiod:,} "
                   f"(proven, on {pattern.checked:,} values{last})")
    else:
        click.echo("pattern: none proven on this table" if digits is not None
                   else "pattern: not searched")
    click.echo(f"store: {path} holds heaps 0..{engine.have - 1:,} (sha256 {digest[:16]}...)")


class _Rows:
    """The rows of a table, printed as they complete (``width`` values each), so a
    long table streams and Ctrl-C keeps everything computed so far. Complete rows
    are written in batches (at most every half second) with the progress bar
    hidden meanwhile. Only the first :data:`KEEP` values are kept (``kept``, for
    the pattern); the rest are dropped once printed, so a table to 10^9 streams in
    bounded memory. With ``as_json`` the rows are one JSON object, written as they
    come: ``{"game", "from", "values": [...]`` now, the rest at :meth:`close`."""

    #: Values kept for the pattern search (the pattern is found on these).
    KEEP = 1 << 20

    def __init__(self, start: int, to: int, width: int, *, as_json: bool = False,
                 game: str = "") -> None:
        self.start, self.width, self.as_json = start, width, as_json
        self.pad = len(str(to))
        self.kept: list[int] = []
        self.pending: list[int] = []  # computed, not printed yet
        self.count = 0  # values computed
        self.printed = 0
        self.bar: ProgressBar | None = None
        self._flushed = time.monotonic()
        if as_json:
            click.echo(f'{{"game": {json.dumps(game)}, "from": {start}, "values": [', nl=False)

    def add(self, more: Sequence[int]) -> None:
        room = self.KEEP - len(self.kept)
        if room > 0:
            self.kept.extend(more[:room])
        self.pending.extend(more)
        self.count += len(more)
        if time.monotonic() - self._flushed > 0.5 or len(self.pending) > 1 << 16:
            self.flush(final=False)

    def flush(self, final: bool = True) -> None:
        """Print the complete rows (and, at the end, the last partial one)."""
        w = 1 if self.as_json else self.width
        pending = self.pending
        end = len(pending) if final else len(pending) - len(pending) % w
        if end <= 0:
            return
        if self.as_json:
            text = (", " if self.printed else "") + ", ".join(map(str, pending[:end]))
        else:
            lines = []
            for i in range(0, end, w):
                row = pending[i:min(i + w, end)]
                lines.append(f"{self.start + self.printed + i:>{self.pad}}: " + " ".join(map(str, row)))
            text = "\n".join(lines)
        from grundy import _interrupt

        # Ctrl-C never cuts a batch: rows counted as printed are printed
        with _interrupt.deferred():
            with self.bar.paused() if self.bar is not None else contextlib.nullcontext():
                click.echo(text, nl=not self.as_json)
            del pending[:end]
            self.printed += end
            self._flushed = time.monotonic()

    def close(self, rest: dict[str, Any]) -> None:
        """End the JSON object with the fields ``rest``."""
        self.flush(final=True)
        tail = "".join(f", {json.dumps(k)}: {json.dumps(v)}" for k, v in rest.items())
        click.echo("]" + tail + "}")


def _pattern(rs: Ruleset, values: list[int], progress: bool | None = None,
             seconds: float | None = None) -> Periodicity | None:
    """The pattern of the table (:func:`grundy.solve.tables.pattern_of`); a ruleset
    that proves its period by growing its table, within
    :data:`~grundy.solve.tables.PERIOD_BUDGET` (and ``seconds``, the table's
    budget, if given), shows that search's progress, and once it has run
    :data:`_BAR_DELAY` a line saying what runs, for how long at most, and that
    Ctrl-C stops it and keeps the table (printed already)."""
    search = tables.period_search(rs)
    if search is None:
        return tables.pattern_of(rs, values)
    longest = tables.PERIOD_BUDGET.seconds
    if seconds is not None:
        longest = seconds if longest is None else min(longest, seconds)
    limit = "no time limit" if longest is None else f"up to {longest:g} s"
    note = (f"grundy: the table is complete; searching for its period ({limit}; --seconds sets it). "
            "Ctrl-C stops the search and keeps the table.")
    with ProgressBar(None, "period search", enabled=progress, delay=_BAR_DELAY,
                     unit="values tabled", note=note) as bar:
        return tables.pattern_of(rs, values, progress=bar)


@cli.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_(as_json: bool) -> None:
    """The catalogue of named games, with aliases: the impartial games, then the
    zero-sum (minimax) games, which 'grundy analyze' and 'grundy play' take too."""
    from grundy.games.zerosum import example_position, zerosum_entries

    items = list(entries())
    if as_json:
        click.echo(
            json.dumps(
                [
                    {"name": e.name, "aliases": list(e.aliases), "summary": e.summary,
                     "params": e.params, "example": e.example, "spec": e.spec,
                     "position": list(e.position_args), "kind": "impartial"}
                    for e in items
                ] + [
                    {"name": g.name, "aliases": list(g.aliases), "summary": g.summary,
                     "params": "", "example": g.example, "spec": g.name,
                     "position": example_position(g).split(), "kind": "zero-sum"}
                    for g in zerosum_entries()
                ]
            )
        )
        return
    w = max(16, *(len(e.name) + 2 for e in items))
    for e in items:
        click.echo(f"{e.name:<{w}}{e.summary}")
        if e.aliases:
            click.echo(f"{'':<{w}}aliases: {', '.join(e.aliases)}")
        if e.params:
            click.echo(f"{'':<{w}}parameters: {e.params}")
        click.echo(f"{'':<{w}}example: {e.example}")
    click.echo("\nZero-sum games (two players who want different things; minimax):")
    for g in zerosum_entries():
        click.echo(f"{g.name:<{w}}{g.summary}")
        click.echo(f"{'':<{w}}aliases: {', '.join(g.aliases)}")
        click.echo(f"{'':<{w}}example: {g.example}")
        click.echo(f"{'':<{w}}play:    grundy play {g.name} {example_position(g)}")


from grundy.cli.census import census  # noqa: E402

cli.add_command(census)


from grundy.cli.count import count as _count  # noqa: E402
from grundy.cli.stats import stats as _stats  # noqa: E402

cli.add_command(_stats)

cli.add_command(_count)
from grundy.cli import play as _play, plot as _plot, serve as _serve  # noqa: E402
for _cmd in (_play.play, _plot.plot, _serve.serve): cli.add_command(_cmd)  # noqa: E701
from grundy.cli.graph import graph as _graph  # noqa: E402
cli.add_command(_graph)
from grundy.cli.guess import guess as _guess  # noqa: E402
cli.add_command(_guess)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run the CLI, turning errors into one line and status 2."""
    sys.set_int_max_str_digits(0)  # exact big integers print in full
    try:
        return _main(argv)
    except OSError as exc:  # e.g. stdout on a full device or a closed pipe
        with contextlib.suppress(OSError):
            sys.stderr.write(f"grundy: error: cannot write the output: {exc.strerror or exc}\n")
        return 2


def _main(argv: Sequence[str] | None) -> int:
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
    except MemoryError:
        click.echo("grundy: error: out of memory (ask for a smaller budget or position)", err=True)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    return 0


def entry() -> None:
    """Console entry point. Ctrl-C at any moment ends the command with status 130
    and one line, keeping what was printed (:mod:`grundy._interrupt`: a watchdog
    covers interrupts lost inside native code such as a numba compilation). After
    Ctrl-C it leaves at once (``os._exit``), so no half-finished library finalizer
    can print a traceback on the way out."""
    from grundy import _interrupt

    _interrupt.install()
    try:
        code = main()
    except SystemExit as exc:
        _interrupt.leaving()
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        _interrupt.leaving()
        if not _interrupt.interrupted():
            raise
        # an interrupt that surfaced as another exception (e.g. from numba)
        with contextlib.suppress(OSError):
            sys.stderr.write("\ngrundy: interrupted\n")
        code = 130
    if _interrupt.leaving():  # Ctrl-C from here on cannot raise in the flush or finalization
        code = 130
    try:
        sys.stdout.flush()
    except OSError as exc:  # the last buffered output met a full device
        with contextlib.suppress(OSError):
            sys.stderr.write(f"grundy: error: cannot write the output: {exc.strerror or exc}\n")
        with contextlib.suppress(OSError):
            sys.stderr.flush()
        os._exit(2)
    if code == 130:
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(130)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
