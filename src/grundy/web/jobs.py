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
>>> example("geography", ("0-1 1-2 2-3 start=1",))
'0-1 1-2 2-3 start=1'
>>> example("nim", ("3", "4", "5")), example("wythoff", ("3", "5"))
('3 + 4 + 5', '3 5')
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
from grundy.rules.moves import distinct_options
from grundy.rules.naming import game_label, people_name
from grundy.rules.ruleset import Ruleset
from grundy.values.errors import GrundyError, InvalidPositionError, UnknownGameError, describe
from grundy.values.loopy import inf, loopy_words
from grundy.web.limits import Limits
from grundy.web.pool import Refused

__all__ = ["parse_game", "example", "input_help", "rules_text", "misere_ok", "analysis", "play", "table", "plot",
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
        raise Refused(400, f"{people_name(rs)}: {text[:80]!r} is not a position ({type(exc).__name__}: "
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
                    f"{people_name(rs)}: {line!r} is not a position (one component per line, "
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
    own = getattr(rs, "position_help", "")
    if own:  # a game that says how its positions are written
        return str(own)
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
        return ("a tree as nested brackets: ((),((),)) is a root with two branches, or its edges "
                "1-2 1-3 3-4 (rooted at 1); a sum: one per line")
    return f"as on the command line, e.g. {text}; a sum: one per line or joined by ' + '"


def rules_text(summary: str, spec: str, text: str) -> dict[str, Any]:
    """A rules blurb of a catalogue game, from its catalogue data: the summary,
    who wins, what the picture lets one click, and a few moves of its example
    position in the game's notation; with ``kind``, what the web page may offer
    (``board``: moves are clicked on the picture; ``coins``: coins are picked,
    then turned; ``loopy``: positions can repeat, so games may be drawn).

    >>> r = rules_text("Cram.", "cram", "2x2")
    >>> r["kind"], r["moves"][:2]
    ('cells', ['a1-b1', 'a1-a2'])
    >>> rules_text("Put-back.", "put-back:4", "1 + 2")["moves"]   # one position's moves: no "1:"
    ['take 1', 'put back 1']
    """
    from itertools import islice

    from grundy.solve.budget import Budget
    from grundy.solve.loopy import find_cycle

    kind, moves, loopy = "text", [], False
    try:
        game = parse_game(spec, text)
        whole = game if isinstance(game, GameSum) else GameSum(game)
        c = whole.components[0]
        # the first component's moves as typed for it alone (no "1:" of a sum's
        # component: a blurb shows the notation of one position)
        alone = GameSum(c)
        moves = [_move_text(alone, SumMove(0, o), 60) for o in islice(distinct_options(c.ruleset, c.position), 4)]
        moves = [m for m in moves if len(m) <= 40]  # a huge example's moves are no help
        pic = _picture(c) or ""
        kind = ("cells" if 'data-cell="' in pic else "board" if 'data-move="' in pic
                else "coins" if 'data-coin="' in pic else "text")
        loopy = find_cycle(c.ruleset, c.position, budget=Budget(positions=2000)) is not None
    except (GrundyError, Refused, RecursionError):
        pass
    how = {"cells": "Click two free cells to place a domino, or type a move.",
           "board": "Click the picture to move (an edge or a vertex), or type a move.",
           "coins": "Click the coins to turn, then 'Turn the chosen coins', or type a move.",
           "text": "Click a move in the list, or type one."}[kind]
    said = any(w in summary.lower() for w in (" wins", " loses", "misère"))
    ends = ("Positions can repeat: a game that goes round for ever is a draw. " if loopy else "") + (
        "" if said else "Whoever cannot move loses.")
    return {"text": f"{summary} {ends} {how}".replace("  ", " "), "kind": kind, "loopy": loopy,
            "moves": moves}


def misere_ok(spec: str, text: str) -> bool:
    """Whether the page offers misère play of a catalogue game: grundy answers
    misère sums of finite impartial games (by their quotient, or a search), so
    every game but a loopy one and one misère already.

    >>> misere_ok("kayles", "10"), misere_ok("misere-nim", "1 2"), misere_ok("put-back:4", "1 2")
    (True, False, False)
    """
    from grundy.solve.budget import Budget
    from grundy.solve.loopy import find_cycle

    try:
        game = parse_game(spec, text)
        c = (game.components if isinstance(game, GameSum) else (game,))[0]
        if "misere" in (c.ruleset.spec or c.ruleset.name):
            return False
        return find_cycle(c.ruleset, c.position, budget=Budget(positions=2000)) is None
    except (GrundyError, Refused, RecursionError):
        return False


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


def _move_text(game: GameSum, m: SumMove, most: int = 200) -> str:
    from grundy.play.moves import format_sum_move

    try:
        return _text(format_sum_move(game, m), most)
    except (GrundyError, IndexError):
        return _text(repr(m), 200)


def _picture(g: Game) -> str | None:
    return _picture_of(g.ruleset, g.position)


def _picture_of(rs: Any, position: Any) -> str | None:
    from grundy.plot.svg import picture

    try:
        return picture(rs, position)
    except (GrundyError, ValueError, TypeError, MemoryError):
        return None


def _spec(comps: Sequence[Game]) -> str | None:
    """The catalogue spec of the components' game, which ``grundy.games.get``
    (and the page's game field) reads back (``None``: the components are of
    different games, or of none of the catalogue's)."""
    specs = {c.ruleset.spec for c in comps}
    return specs.pop() if len(specs) == 1 else None


def _misere_analysis(game: Any, comps: Any, limits: Limits) -> dict[str, Any]:
    """The misère report of a sum: its outcome, misère value and winning moves."""
    from grundy.solve.report import analyze

    report = analyze(game, budget=limits.budget())
    whole = GameSum(*comps)
    outcome = None if report.outcome is None else str(report.outcome)
    moves = report.winning_moves
    return {
        "game": _text(game_label(game), 300), "spec": _spec(comps), "ruleset": comps[0].ruleset.name,
        "misere": True,
        "outcome": outcome,
        "outcome_words": "not computed" if outcome is None else
        OUTCOME_WORDS.get(outcome, outcome) + " (misère: whoever moves last loses)",
        "value": _jsonable(report.value),
        "components": _component_rows(comps, None),
        "winning_moves": None if moves is None else [_move_text(whole, SumMove(*m)) for m in moves[:50]],
        "winning_moves_total": None if moves is None else len(moves),
        "winning_moves_complete": report.winning_moves_complete,
        "remoteness": None, "suspense": None,
        "stopped": {k: _text(v, 600) for k, v in report.stopped.items()
                    if k not in ("remoteness", "suspense")},
        "complete": report.outcome is not None, "seconds": round(report.seconds, 4),
    }


def _zerosum_state(spec: Any, text: Any) -> tuple[Any, Any] | None:
    """The catalogue's zero-sum game ``spec`` and the state ``text`` reads as,
    or ``None`` when ``spec`` is not a zero-sum game."""
    from grundy.games.zerosum import zerosum

    g = zerosum(spec) if isinstance(spec, str) else None
    if g is None:
        return None
    if not isinstance(text, str) or not text.strip():
        raise Refused(400, "enter a position", "position")
    if len(text) > 2000:
        raise Refused(400, "the position is too long (2000 characters at most)", "position")
    try:
        return g, g.parse_position(text)
    except GrundyError as exc:
        raise Refused(400, str(exc), "position") from None


def _minimax_words(v: Any) -> str:
    return f"value {_text(v, 80)} with best play (Max wants it large, Min small)"


def _zerosum_analysis(g: Any, state: Any, limits: Limits) -> dict[str, Any]:
    from grundy.play.minimax import MinimaxSession

    s = MinimaxSession(g, state, budget=limits.budget())
    v = s.value
    opts = [] if s.over else s.options()
    best = [m.text for m in opts if m.best]
    return {"game": f"{g.name}[{_text(g.format_position(state), 300)}]", "spec": g.name, "ruleset": g.name,
            "minimax": True, "outcome": None, "outcome_words": _minimax_words(v),
            "value": _jsonable(v),
            "components": [{"text": _text(g.format_position(state)), "value": _jsonable(v),
                            "picture": _picture_of(g, state)}],
            "winning_moves": best, "winning_moves_total": len(best), "winning_moves_complete": True,
            "remoteness": None, "suspense": None, "stopped": {}, "complete": True, "seconds": 0.0}


def _component_rows(comps: Sequence[Game], values: Iterable[Any] | None) -> list[dict[str, Any]]:
    """The components of a position as the page shows them: text, value, picture
    (no value with ``values=None``: misère play has no value per component)."""
    if values is None:
        return [{"text": _text(c.ruleset.format_position(c.position)), "picture": _picture(c)}
                for c in comps]
    return [{"text": _text(c.ruleset.format_position(c.position)), "value": _jsonable(v),
             "picture": _picture(c)} for c, v in zip(comps, values)]


@_no_files
def analysis(spec: str, text: str, limits: Limits, misere: bool = False) -> dict[str, Any]:
    """The analysis report of a position, as ``grundy analyze`` gives it: what was
    computed, and what stopped and why (``misere``: misère play of the sum)."""
    from grundy.rules.compound import MisereSum
    from grundy.solve.report import analyze, components_of

    zs = _zerosum_state(spec, text)
    if zs is not None:
        return _zerosum_analysis(*zs, limits)
    game = parse_game(spec, text)
    if misere:
        comps0 = game.components if isinstance(game, GameSum) else (game,)
        return _misere_analysis(MisereSum(*comps0), comps0, limits)
    report = analyze(game, budget=limits.budget())
    comps = components_of(game)
    whole = GameSum(*comps)
    vals = report.components or [None] * len(comps)
    moves = report.winning_moves
    outcome = None if report.outcome is None else str(report.outcome)
    return {
        "game": _text(game_label(game), 300),
        "spec": _spec(comps),
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
#: How many times one position (the same player to move) ends a game as drawn.
REPETITIONS = 3

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


def _misere_options(s: Any, offset: int) -> dict[str, Any]:
    """:func:`_option_results` in misère play: each move's result from the misère
    outcome of the sum after it (winning moves first)."""
    from itertools import islice

    from grundy.play.options import COUNT_MOST

    results: list[tuple[SumMove, GameSum, str | None]] = []
    for m, after in islice(s._options(), COUNT_MOST):
        o = s.misere_outcome(after) if len(results) < offset + MOVES_PER_PAGE * 4 else None
        results.append((m, after, None if o is None else {"P": "win", "N": "lose"}.get(str(o))))
    order = sorted(range(len(results)), key=lambda i: results[i][2] != "win")
    page = [results[i] for i in order[offset:offset + MOVES_PER_PAGE]]
    nxt = offset + len(page) if offset + len(page) < len(results) else None
    r = {m: s._misere_report(after) for m, after, _ in page}
    return {
        "legal": [{"move": _move_text(s.game, m), "result": res,
                   "value": None if r[m] is None else _jsonable(r[m].value), "remoteness": None}
                  for m, _, res in page],
        "legal_offset": offset, "legal_total": len(results),
        "legal_winning": sum(1 for x in results if x[2] == "win"),
        "legal_complete": offset == 0 and nxt is None, "legal_next": nxt,
        "legal_note": "" if offset == 0 and nxt is None else
        f"moves {offset + 1}-{offset + len(page)} of {len(results)} (winning moves first)",
    }


@_no_files
def play(spec: str, text: str, moves: list[str], action: str, move: Any,
         limits: Limits, offset: int = 0, misere: bool = False) -> dict[str, Any]:
    """Replay ``moves`` from the position, do ``action`` (``state``, ``move``,
    ``engine``, ``hint``, ``undo``) and describe the game now, with the page of
    its legal moves from the ``offset``-th (``misere``: misère play, whoever
    cannot move wins)."""
    from grundy.play.session import Session
    from grundy.solve.budget import Budget
    from grundy.solve.report import analyze

    zs = _zerosum_state(spec, text)
    if zs is not None:
        return _zerosum_play(*zs, moves, action, move, limits)
    game = parse_game(spec, text)
    t0 = time.monotonic()
    secs = limits.budget().seconds
    s = Session(game, budget=Budget(positions=limits.positions, seconds=max(0.5, (secs or 5.0) / 3)),
                misere=misere)
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
        if s.over or s.repeated(REPETITIONS):
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
        rem = None if misere else analyze(g, budget=limits.budget(0.2 * left / (secs or 5.0)),
                                          all_moves=False).remoteness
    except GrundyError:
        rem = None
    outcome = None if s.outcome is None else str(s.outcome)
    times = s.repeated(REPETITIONS)
    draw = (f"this position, with the same player to move, has come up {times} times"
            if times and not s.over else "")
    return {
        "draw": draw,
        **({"value_words": loopy_words(s.value)} if isinstance(s.value, inf) else {}),
        "moves": [p.text for p in s.plies],
        "components": _component_rows(g.components, None if misere else s.values()),
        "values": [_jsonable(v) for v in s.values()],
        "value": _jsonable(s.value),
        "outcome": outcome,
        "outcome_words": "not computed" if outcome is None else OUTCOME_WORDS.get(outcome, outcome)
        + (" (misère: whoever moves last loses)" if misere else ""),
        "remoteness": _jsonable(rem),
        "value_history": [_jsonable(v) for v in s.value_history] if not misere else [
            None if r is None else _jsonable(r.value)
            for r in map(s._misere_report, [s.start, *(p.after for p in s.plies)])],
        "misere": misere,
        "to_move": s.to_move,
        "over": s.over,
        "winner": s.winner,
        "message": message,
        **(_misere_options(s, offset) if misere and not s.over else
           _option_results(s, limits, 0.4 * left, offset) if not (s.over or draw) else
           {"legal": [], "legal_offset": 0, "legal_total": 0, "legal_winning": 0,
            "legal_complete": True, "legal_next": None, "legal_note": ""}),
    }


def _zerosum_play(g: Any, state: Any, moves: list[str], action: str, move: Any,
                  limits: Limits) -> dict[str, Any]:
    """:func:`play` for a zero-sum game: Max moves first; player 0 is whoever
    moved first. Each legal move shows the value after it (``win``: it keeps
    the best value for the mover, ``lose``: it gives some away)."""
    from grundy.play.minimax import MinimaxSession

    s = MinimaxSession(g, state, budget=limits.budget())
    history = [s.value]
    for i, t in enumerate(moves):
        try:
            s.push(t)
        except GrundyError as exc:
            raise Refused(400, f"move {i + 1} ({t!r}) cannot be replayed: {exc}", "move") from None
        history.append(s.value)
    message = ""
    if action == "move":
        if not isinstance(move, str) or not move.strip():
            raise Refused(400, "type a move", "move")
        try:
            message = f"you played {s.push(move).text}"
        except GrundyError as exc:
            raise Refused(400, str(exc), "move") from None
        history.append(s.value)
    elif action == "engine":
        if s.over:
            raise Refused(400, "the game is over", "move")
        message = f"the engine played {s.push(s.engine_move()).text}"
        history.append(s.value)
    elif action == "undo":
        if not s.plies:
            raise Refused(400, "nothing to undo", "move")
        s.pop()
        history.pop()
        message = "took back one move"
    elif action == "hint":
        best = [m.text for m in s.options() if m.best] if not s.over else []
        message = "hint: " + (best[0] if best else "the game is over")
    v = s.value
    opts = [] if s.over else s.options()
    over = s.over
    result = ""
    if over:
        start = history[0]
        how = ("as best play gives" if v == start else "more than best play gives" if v > start
               else "less than best play gives")
        result = f"Game over: the number left is {_text(v, 80)}, {how} ({_text(start, 80)}), Max first."
    return {
        "minimax": True, "draw": "", "result": result,
        "moves": [p.text for p in s.plies],
        "components": [{"text": _text(g.format_position(s.state)), "value": _jsonable(v),
                        "picture": _picture_of(g, s.state)}],
        "values": [_jsonable(v)], "value": _jsonable(v), "outcome": None,
        "outcome_words": _minimax_words(v), "remoteness": None,
        "value_history": [_jsonable(x) for x in history],
        "to_move": len(s.plies) % 2, "mover": s.to_move, "over": over, "winner": None,
        "message": message,
        "legal": [{"move": m.text, "result": "win" if m.best else "lose", "value": _jsonable(m.value),
                   "remoteness": None} for m in opts],
        "legal_offset": 0, "legal_total": len(opts), "legal_winning": sum(m.best for m in opts),
        "legal_complete": True, "legal_next": None, "legal_note": "",
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

    from grundy.solve.tables import table_shape

    rs = _ruleset(spec)
    if rs.tuple_position or table_shape(rs) != "heap":
        return _pair_table(rs, to, seconds)
    try:
        t = heap_table(rs, to, budget=None if seconds is None else Budget(seconds=seconds))
    except SearchLimitError:
        if seconds is None:
            raise
        return None
    pat = t.pattern()
    return {"game": rs.name, "shape": "heap", "values": [_jsonable(v) for v in t.values], "pattern": None if pat is None else {
        "preperiod": pat.preperiod, "period": pat.period, "saltus": pat.saltus, "proven": pat.proven},
        "guess": _guess(t.values)}


#: Largest side of a table of P-positions (pairs ``(a, b)``, ``a <= b``).
PAIRS_MOST = 200


def _pair_table(rs: Ruleset, to: int, seconds: float | None) -> dict[str, Any] | None:
    """The P-positions ``(a, b)`` with ``a <= b <= to`` of a game on pairs
    (Wythoff, Euclid), and what they look like; refused for a game whose
    positions are not pairs."""
    from grundy.patterns.pairs import describe_pairs
    from grundy.solve.tables import p_positions, table_shape

    if table_shape(rs) != "pair":
        raise Refused(400, f"{people_name(rs)}: positions are not single heaps or pairs, so there is no table",
                      "to")
    if to > PAIRS_MOST:
        raise Refused(400, f"'Up to' must be at most {PAIRS_MOST} for a table of pairs; got {describe(to)}",
                      "to")
    t0 = time.monotonic()
    pairs = p_positions(rs, to)
    if seconds is not None and time.monotonic() - t0 > seconds:
        return None
    return {"game": rs.name, "shape": "pair", "pairs": [list(p) for p in pairs],
            "pattern": None, "guess": None, "text": _text(describe_pairs(pairs), 600)}


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
