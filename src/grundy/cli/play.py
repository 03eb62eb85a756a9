"""``grundy play GAME POSITION...``: play against a perfect opponent in the terminal.

The person chooses who starts; each turn shows the position, the value of every
component and the value history (generalised values ``inf(K)`` and outcome ``D``
in a loopy game, where a drawn game goes on until someone quits). Commands at the prompt: a move in the game's
notation, ``hint``, ``undo``, ``moves``, ``help``, ``quit``. Illegal or unreadable
moves are refused with the reason; Ctrl-C or end of input leaves cleanly.
"""

from __future__ import annotations

import re
import sys
from itertools import islice

import click

from grundy.values.loopy import inf, loopy_words

from grundy.cli.params import IntExpr

from grundy.values.errors import GrundyError
from grundy.play.board import board_lines, game_name
from grundy.play.moves import format_sum_move
from grundy.rules.game import GameSum
from grundy.play.options import outcome_words
from grundy.play.parse import game_from_texts
from grundy.play.session import SESSION_BUDGET, Session

__all__ = ["play"]

_HELP = """\
Type a move in the game's notation (e.g. 'heap 2 to 3', '2-3', '1: take 2',
'both 2', 'knock 4 5', '#3' for the third move of 'moves', or the resulting
position), or a command:
  hint   a winning move, or in a drawn position the moves that keep the draw
  undo   take back your last move and the engine's reply
  moves  list the legal moves (30 at a time; 'moves 31' lists from the 31st)
  help   this text
  quit   leave"""


def _show(s: Session) -> None:
    if s.misere:  # normal-play values mean nothing here: the quotient's elements, if any
        _show_misere(s)
        return
    click.echo("\n".join(board_lines(s.game, s.values())))
    hist = " -> ".join("?" if v is None else str(v) for v in s.value_history)
    shown = "?" if s.value is None else str(s.value)
    if isinstance(s.value, inf):  # a loopy game: the generalised value in words
        shown += f" [{loopy_words(s.value).split(':')[0]}]"
    click.echo(f"Value {shown} ({outcome_words(s.outcome)}); history: {hist}")


def _show_misere(s: Session) -> None:
    """The board in misère play: each component's element of the misère quotient
    where one answers the sum (else no per-component value), and the outcome."""
    known = s.misere_elements()
    if known is None:
        click.echo("\n".join(board_lines(s.game, [None] * len(s.game.components), word=None)))
        click.echo(f"Misère play: {outcome_words(s.outcome)}")
        return
    parts, whole = known
    click.echo("\n".join(board_lines(s.game, parts, word="misère element")))
    click.echo(f"Misère play: {outcome_words(s.outcome)}; misère quotient element {whole}")


_MOVES = re.compile(r"moves(\s+\d{1,18})?\s*")
#: Moves the ``moves`` command lists at a time.
MOVES_PER_LINE = 30


def moves_line(game: GameSum, start: int = 1, per: int = MOVES_PER_LINE) -> str:
    """The ``moves`` command's answer: ``per`` legal moves from the ``start``-th
    (from 1, as ``#k`` counts them) and, when that is not all of them, which
    ones of how many and how to see the rest (never a silent cut).

    >>> import grundy
    >>> moves_line(grundy.games.get("nim").sum(2, 1))
    'Moves: heap 1 to 0, heap 1 to 1, heap 2 to 0'
    >>> moves_line(grundy.games.get("nim").sum(2, 1), 2, per=1)
    "Moves: heap 1 to 1 (moves 2-2 of 3; 'moves 3' lists the next, '#k' plays the k-th)"
    >>> moves_line(grundy.games.get("nim").sum(2, 1), 9)
    "Moves: no moves past the 3rd (there are 3; 'moves' lists from the first)"
    """
    from grundy.play.moves import sum_moves
    from grundy.play.options import COUNT_MOST

    start = max(start, 1)
    counted = sum(1 for _ in islice(sum_moves(game), COUNT_MOST + 1))
    total = f"{counted:,}" if counted <= COUNT_MOST else f"more than {COUNT_MOST:,}"
    page = list(islice(sum_moves(game), start - 1, start - 1 + per))
    if not page:
        if counted == 0:
            return "Moves: none (the game is over)"
        return (f"Moves: no moves past the {_ordinal(counted)} "
                f"(there are {total}; 'moves' lists from the first)")
    shown = ", ".join(format_sum_move(game, m) for m in page)
    end = start - 1 + len(page)
    if start == 1 and end == counted:
        return f"Moves: {shown}"
    more = (f"'moves {end + 1}' lists the next, " if counted > end else "")
    return f"Moves: {shown} (moves {start:,}-{end:,} of {total}; {more}'#k' plays the k-th)"


def _ordinal(n: int) -> str:
    """``n`` as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st, ...

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 70)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '70th']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"


#: How many times one position (with the same player to move) ends a game as drawn.
REPETITIONS = 3


def _repeated(s: Session) -> int:
    """How many times the current position has come up with the same player to
    move, once that is :data:`REPETITIONS` (a loopy game going round), else 0."""
    return s.repeated(REPETITIONS)


def _ask(prompt: str) -> str | None:
    click.echo(prompt, nl=False)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        return None
    return line.strip()


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("game")
@click.argument("positions", nargs=-1, required=True)
@click.option(
    "--first",
    type=click.Choice(["me", "engine", "ask"]),
    default="ask",
    show_default=True,
    help="Who moves first.",
)
@click.option("--limit", type=IntExpr(min=1), default=20_000, show_default=True,
              help="Most positions one engine search may explore.")
@click.option("--misere", is_flag=True,
              help="Misère play: whoever cannot move wins (whoever moves last loses).")
def play(game: str, positions: tuple[str, ...], first: str, limit: int, misere: bool = False) -> None:
    """Play GAME from POSITION against a perfect opponent.

    Several POSITIONS form a sum; then moves read 'component:move' (from 1).
    Zero-sum games (e.g. 'grundy play carrot 3 1 4 1 5 9') are played too, Max
    against Min; 'grundy list' shows every game.
    """
    from grundy.games.zerosum import zerosum

    zs = zerosum(game)
    if zs is not None:  # a zero-sum game: Max against Min, by minimax
        from grundy.cli.minimax import play_zerosum
        from grundy.play.minimax import MINIMAX_BUDGET

        play_zerosum(zs, positions, first, MINIMAX_BUDGET.replace(positions=max(limit, 10**6)))
        return
    s = Session(game_from_texts(game, positions), budget=SESSION_BUDGET.replace(positions=limit),
                misere=misere)
    click.echo(f"grundy play: {'misère ' if misere else ''}{game_name(s.game)}"
               f"{' (whoever moves last loses)' if misere else ''}. Type 'help' for the commands.")
    if first == "ask":
        while True:
            ans = _ask("Who starts, me or engine? [me] ")
            if ans is None:
                click.echo("bye")
                return
            ans = ans.lower() or "me"
            if ans in ("me", "m", "i", "person", "engine", "e", "computer", "c"):
                first = "me" if ans in ("me", "m", "i", "person") else "engine"
                break
            click.echo("Please answer 'me' or 'engine'.")
    me = 0 if first == "me" else 1
    changed = True  # the board is shown again only when the position changed
    while True:
        if changed:
            _show(s)
        changed = False
        if s.over:
            click.echo("You win!" if s.winner == me else "The engine wins.")
            return
        if changed_here := _repeated(s):
            click.echo(f"Draw by repetition: this position, with {'you' if s.to_move == me else 'the engine'} "
                       f"to move, has come up {changed_here} times.")
            return
        if s.to_move != me:
            ply = s.play_engine()
            click.echo(f"Engine plays: {ply.text}")
            changed = True
            continue
        line = _ask("your move> ")
        if line is None or line.lower() in ("quit", "q", "exit"):
            click.echo("bye")
            return
        cmd = line.lower()
        if not cmd:
            continue
        if cmd in ("help", "?", "h"):
            click.echo(_HELP)
        elif cmd == "hint":
            click.echo(f"Hint: {s.hint()}")
        elif cmd == "undo":
            if not any(p.player == me for p in s.plies):
                click.echo("Nothing to undo.")
            else:
                s.undo(me)
                click.echo("Took back your last move.")
                changed = True
        elif _MOVES.fullmatch(cmd):
            click.echo(moves_line(s.game, int(cmd.split()[1]) if " " in cmd.strip() else 1))
        else:
            try:
                ply = s.push(line)
            except GrundyError as exc:
                click.echo(f"Refused: {exc}")
                continue
            click.echo(f"You play: {ply.text}")
            changed = True
