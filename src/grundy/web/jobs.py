"""What the playground's worker processes run: reading a position as the command
line does, the analysis report, a game replayed, a table and a plot. Each job
returns JSON-ready data or raises an error of grundy's hierarchy (a 4xx).

A position box holds one component per line, or components joined by `` + ``; a
line that is not one position but several separated by spaces is their sum, as
``grundy analyze nim 3 4 5`` reads it (so ``0-1 1-2 2-3 start=1`` stays one
geography position):

>>> parse_game("nim", "3 4 5")
nim[3] + nim[4] + nim[5]
>>> parse_game("geography", "0-1 1-2 2-3 start=1")
geography[Board(edges=((0, 1), (1, 2), (2, 3)), token=1)]
>>> parse_game("kayles", "4 + 5")
octal:0.77[4] + octal:0.77[5]
>>> example("grundy analyze geography '0-1 1-2 2-3 start=1'")
('geography', '0-1 1-2 2-3 start=1')
>>> example("grundy analyze nim 3 4 5"), example("grundy analyze wythoff 3 5")
(('nim', '3 + 4 + 5'), ('wythoff', '3 5'))
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from grundy.games import get
from grundy.play.options import OUTCOME_WORDS as WORDS
from grundy.play.parse import game_from_texts
from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.graphinput import no_files
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import GrundyError, InvalidPositionError, UnknownGameError, describe
from grundy.web.limits import Limits
from grundy.web.pool import Refused

__all__ = ["parse_game", "example", "input_help", "analysis", "play", "table", "plot",
           "OUTCOME_WORDS"]

#: Outcomes in words, as ``grundy analyze`` prints them (shared with the notebook).
OUTCOME_WORDS = WORDS

_SUM = re.compile(r"\n|\s\+\s")

_F = TypeVar("_F", bound=Callable[..., Any])


def _no_files(fn: _F) -> _F:
    """A job reads no file of the server, wherever it runs: ``@FILE`` in a
    position or a move is refused (:func:`grundy.rules.graphinput.no_files`)."""
    @functools.wraps(fn)
    def job(*args: Any, **kwargs: Any) -> Any:
        with no_files():
            return fn(*args, **kwargs)
    return job  # type: ignore[return-value]


def _ruleset(spec: Any) -> Ruleset:
    if not isinstance(spec, str) or not spec.strip():
        raise Refused(400, "choose a game", "game")
    if ".py" in spec or "/" in spec or "\\" in spec:
        raise Refused(400, f"only catalogue games can be played here; got {spec!r}", "game")
    try:
        return get(spec.strip())
    except UnknownGameError as exc:
        raise Refused(404, str(exc), "game") from None
    except GrundyError as exc:
        raise Refused(400, str(exc), "game") from None


@_no_files
def parse_game(spec: Any, text: Any) -> Game | GameSum:
    """The game ``text`` describes in the game ``spec`` (see the module doc)."""
    rs = _ruleset(spec)
    if not isinstance(text, str) or not text.strip():
        raise Refused(400, "enter a position", "position")
    if len(text) > 2000:
        raise Refused(400, "the position is too long (2000 characters at most)", "position")
    try:
        return _parse(rs, text)
    except GrundyError as exc:
        raise Refused(400, str(exc), "position") from None
    except (ValueError, OverflowError, MemoryError, RecursionError) as exc:
        raise Refused(400, f"{rs.name}: {text[:80]!r} is not a position ({type(exc).__name__}: "
                      f"{str(exc)[:200]})", "position") from None


def _parse(rs: Ruleset, text: str) -> Game | GameSum:
    if rs.tuple_position:  # one position of several numbers: never a sum
        return game_from_texts(rs, [" ".join(text.split())], allow_files=False)
    lines = [t.strip() for t in _SUM.split(text) if t.strip()]
    if not lines:
        raise Refused(400, "enter a position", "position")
    texts: list[str] = []
    for line in lines:
        try:
            rs.parse_position(line)
            texts.append(line)
        except InvalidPositionError:
            words = line.split()
            if len(words) < 2:
                raise
            try:  # several positions separated by spaces: their sum, as on the command line
                for w in words:
                    rs.parse_position(w)
            except InvalidPositionError:
                raise InvalidPositionError(
                    f"{rs.name}: {line!r} is not a position (one component per line, "
                    "or components joined by ' + ')") from None
            texts.extend(words)
    return game_from_texts(rs, texts, allow_files=False)


def example(spec: str, words: tuple[str, ...]) -> str:
    """The position text the page takes for a catalogue example (its spec and
    position arguments, :attr:`grundy.games.registry.Entry.position`): the
    arguments of a sum joined by ``+``."""
    try:
        tuple_position = get(spec).tuple_position
    except GrundyError:
        return " ".join(words)
    return " ".join(words) if tuple_position else " + ".join(words)


def input_help(spec: str, text: str) -> str:
    """A line of help on what a position of ``spec`` looks like (from the shape
    of its example position ``text``)."""
    try:
        rs = get(spec)
        pos = rs.parse_position(text.split(" + ")[0]) if text else None
    except GrundyError:
        return ""
    kind = type(pos).__name__
    if rs.tuple_position:
        return "numbers separated by spaces (one position; expressions such as 10**12 work)"
    if isinstance(pos, int):
        return ("a heap size (expressions such as 10**12 work); a sum: 3 4 5, "
                "or one heap per line, or 3 + 4 + 5")
    if isinstance(pos, str):
        grid = "/" in pos
        return ("rows of H (heads) and T (tails) separated by '/'" if grid
                else "a row of coins, H (heads) and T (tails)") + "; a sum: one per line or joined by ' + '"
    if kind in ("Board", "EdgeBoard"):
        return "edges a-b separated by spaces, then start=N (the token's vertex); a sum: one per line"
    if kind == "Graph":
        return "edges a-b separated by spaces, optionally ground=N; a sum: one per line"
    if kind == "Tree":
        return "a tree as nested brackets: ((),((),)) is a root with two branches; a sum: one per line"
    return f"as on the command line, e.g. {text}; a sum: one per line or joined by ' + '"


# ----------------------------------------------------------------- analysis
def _text(x: Any, most: int = 400) -> str:
    """Short enough to show: long numbers keep their head and tail."""
    s = str(x)
    if len(s) <= most:
        return s
    return f"{s[:most // 2]}…{s[-most // 4:]} ({len(s):,} characters)"


def _jsonable(v: Any) -> Any:
    """A value for JSON: ints stay ints unless huge, loopy values become text."""
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v if v.bit_length() < 53 else str(v)
    return str(v)


def _move_text(game: GameSum, m: SumMove) -> str:
    from grundy.play.moves import format_sum_move

    try:
        return _text(format_sum_move(game, m), 200)
    except (GrundyError, IndexError):
        return _text(repr(m), 200)


def _picture(g: Game) -> str | None:
    from grundy.plot.svg import picture

    try:
        return picture(g.ruleset, g.position)
    except (GrundyError, ValueError, TypeError, MemoryError):
        return None


def _component_rows(comps: Sequence[Game], values: Iterable[Any]) -> list[dict[str, Any]]:
    """The components of a position as the page shows them: text, value, picture."""
    return [{"text": _text(c.ruleset.format_position(c.position)), "value": _jsonable(v),
             "picture": _picture(c)} for c, v in zip(comps, values)]


@_no_files
def analysis(spec: str, text: str, limits: Limits) -> dict[str, Any]:
    """The analysis report of a position, as ``grundy analyze`` gives it: what was
    computed, and what stopped and why."""
    from grundy.solve.report import analyze, components_of

    game = parse_game(spec, text)
    report = analyze(game, budget=limits.budget())
    comps = components_of(game)
    whole = GameSum(*comps)
    vals = report.components or [None] * len(comps)
    moves = report.winning_moves
    outcome = None if report.outcome is None else str(report.outcome)
    return {
        "game": _text(repr(game), 300),
        "ruleset": comps[0].ruleset.name if comps else "",
        "outcome": outcome,
        "outcome_words": "not computed" if outcome is None else OUTCOME_WORDS.get(outcome, outcome),
        "value": _jsonable(report.value),
        "components": _component_rows(comps, vals),
        "winning_moves": None if moves is None else [_move_text(whole, m) for m in moves[:50]],
        "winning_moves_total": None if moves is None else len(moves),
        "winning_moves_complete": report.winning_moves_complete,
        "remoteness": _jsonable(report.remoteness),
        "suspense": _jsonable(report.suspense),
        "stopped": {k: _text(v, 600) for k, v in report.stopped.items()},
        "complete": report.complete,
        "seconds": round(report.seconds, 4),
    }


# ---------------------------------------------------------------------- play
#: Legal moves per page of the play area (winning moves first).
MOVES_PER_PAGE = 40


def _option_results(s: Any, limits: Limits, seconds: float, offset: int) -> dict[str, Any]:
    """A page of the legal moves (:data:`MOVES_PER_PAGE` from ``offset``), winning
    moves first, each with its result for the mover: ``win``, ``lose`` or
    ``draw`` (the option's outcome for the opponent), the option's value and
    remoteness (``None``: not found within the budget), as
    :func:`grundy.play.options.move_page` finds them for the notebook too; with
    the number of moves, of winning ones, and a note when the page is not the
    whole list (and where the next page starts)."""
    from grundy.play.options import move_page

    budget = limits.budget().replace(seconds=max(seconds, 0.0))
    page = move_page(s.game, budget=budget, offset=offset, most=MOVES_PER_PAGE)
    return {
        "legal": [{"move": _text(m.text, 200), "result": m.result, "value": _jsonable(m.value),
                   "remoteness": _jsonable(m.remoteness)} for m in page.moves],
        "legal_offset": page.offset, "legal_total": page.total, "legal_winning": page.winning,
        "legal_complete": page.complete, "legal_next": page.next_offset,
        "legal_note": page.note,
    }


@_no_files
def play(spec: str, text: str, moves: list[str], action: str, move: Any,
         limits: Limits, offset: int = 0) -> dict[str, Any]:
    """Replay ``moves`` from the position, do ``action`` (``state``, ``move``,
    ``engine``, ``hint``, ``undo``) and describe the game now, with the page of
    its legal moves from the ``offset``-th."""
    from grundy.play.session import Session
    from grundy.solve.budget import Budget
    from grundy.solve.report import analyze

    game = parse_game(spec, text)
    t0 = time.monotonic()
    secs = limits.budget().seconds
    s = Session(game, budget=Budget(positions=limits.positions, seconds=max(0.5, (secs or 5.0) / 3)))
    for i, t in enumerate(moves):
        try:
            s.push(t)
        except GrundyError as exc:
            raise Refused(400, f"move {i + 1} ({t!r}) cannot be replayed: {exc}", "move") from None
    message = ""
    if action == "move":
        if not isinstance(move, str) or not move.strip():
            raise Refused(400, "type a move", "move")
        try:
            s.push(move)
        except GrundyError as exc:
            raise Refused(400, str(exc), "move") from None
        message = f"you played {s.plies[-1].text}"
    elif action == "engine":
        if s.over:
            raise Refused(400, "the game is over", "move")
        ply = s.play_engine()
        message = f"the engine played {ply.text}"
    elif action == "undo":
        if not s.plies:
            raise Refused(400, "nothing to undo", "move")
        s.pop()
        message = "took back one move"
    elif action == "hint":
        message = f"hint: {s.hint()}"
    g = s.game
    left = max(0.2, (secs or 5.0) - (time.monotonic() - t0))
    try:
        rem = analyze(g, budget=limits.budget(0.2 * left / (secs or 5.0)), all_moves=False).remoteness
    except GrundyError:
        rem = None
    outcome = None if s.outcome is None else str(s.outcome)
    return {
        "moves": [p.text for p in s.plies],
        "components": _component_rows(g.components, s.values()),
        "values": [_jsonable(v) for v in s.values()],
        "value": _jsonable(s.value),
        "outcome": outcome,
        "outcome_words": "not computed" if outcome is None else OUTCOME_WORDS.get(outcome, outcome),
        "remoteness": _jsonable(rem),
        "value_history": [_jsonable(v) for v in s.value_history],
        "to_move": s.to_move,
        "over": s.over,
        "winner": s.winner,
        "message": message,
        **(_option_results(s, limits, 0.4 * left, offset) if not s.over else
           {"legal": [], "legal_offset": 0, "legal_total": 0, "legal_winning": 0,
            "legal_complete": True, "legal_next": None, "legal_note": ""}),
    }


# ------------------------------------------------------------- table and plot
@_no_files
def table(spec: str, to: int, seconds: float | None = None) -> dict[str, Any] | None:
    """Values of heaps ``0..to`` and their pattern; with ``seconds``, ``None`` when
    the table takes longer (the server's quick try: closed forms and short
    tables answer in it)."""
    from grundy.solve.budget import Budget
    from grundy.solve.tables import heap_table
    from grundy.values.errors import SearchLimitError

    rs = _ruleset(spec)
    if rs.tuple_position:
        raise Refused(400, f"{rs.name}: positions are not single heaps, so there is no table", "to")
    try:
        t = heap_table(rs, to, budget=None if seconds is None else Budget(seconds=seconds))
    except SearchLimitError:
        if seconds is None:
            raise
        return None
    pat = t.pattern()
    return {"game": rs.name, "values": [_jsonable(v) for v in t.values], "pattern": None if pat is None else {
        "preperiod": pat.preperiod, "period": pat.period, "saltus": pat.saltus, "proven": pat.proven},
        "guess": _guess(t.values)}


def _guess(values: list[int]) -> dict[str, Any] | None:
    """The best conjecture on the values already computed (the notebook's table
    shows the same): its words, status, range checked and Python expression."""
    from grundy.plot.table import guess_line_of

    g = guess_line_of(values)
    if not g:
        return None
    return {"text": _text(str(g), 600), "words": _text(g.words, 400), "expr": _text(g.expr, 400),
            "status": g.status, "checked": g.checked, "counterexample": _jsonable(g.counterexample)}


@_no_files
def plot(spec: str, to: int, pmap: int, most: int) -> bytes:
    """The plot of the game up to ``to``, as SVG (``to`` at most ``pmap`` for a
    map of pairs, ``most`` for a heap game)."""
    import io

    from grundy.plot import plot as draw

    rs = _ruleset(spec)
    limit = pmap if rs.tuple_position else most
    if not 1 <= to <= limit:
        raise Refused(400, f"'Up to' must be between 1 and {limit}; got {describe(to)}", "to")
    fig = draw(rs, to)
    buf = io.BytesIO()
    fig.savefig(buf, format="svg")
    return buf.getvalue()
