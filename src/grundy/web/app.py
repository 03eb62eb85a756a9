"""The web playground: a FastAPI app with one page and a small JSON API.

Safe by default: games come from the catalogue only (a request never names a
Python file to load), every analysis runs in a worker thread within a budget
(positions searched, and a wall-clock timeout after which the request gets a 503
while other requests go on), and bad input gets a 4xx with a one-line message.

Play is stateless: the page sends the start position and the moves so far, and
the server replays them (so a reload, or several tabs, never disagree).
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from grundy.values.errors import GrundyError, InvalidParameterError, UnknownGameError, describe
from grundy.rules.game import Game, GameSum, SumMove
from grundy.games import entries, get
from grundy.play.parse import game_from_texts
from grundy.play.session import Session

__all__ = ["create_app", "Budget"]

T = TypeVar("T")


@dataclass(frozen=True)
class Budget:
    """Limits of one request: ``seconds`` of wall clock (then 503), ``positions``
    per search, the largest table and map."""

    seconds: float = 5.0
    positions: int = 20_000
    table: int = 2000
    pmap: int = 80
    history: int = 500

    def __post_init__(self) -> None:
        s = self.seconds
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not s > 0:
            raise InvalidParameterError(  # nan, 0 and negative budgets are refused; inf: no limit
                f"the playground's time budget must be a positive number of seconds "
                f"(inf: no limit); got {s!r}")


#: Longest wall-clock timeout armed for a request; a longer budget (up to ``inf``)
#: waits for the answer (Python's timers overflow near 1e11 s on some platforms).
_MAX_TIMEOUT = 1e9


def _timeout(seconds: float) -> float | None:
    """The timeout of one request: ``seconds``, or ``None`` (no limit) beyond
    :data:`_MAX_TIMEOUT`.

    >>> _timeout(5.0), _timeout(float("inf")), _timeout(1e308)
    (5.0, None, None)
    """
    return seconds if seconds <= _MAX_TIMEOUT else None


class _BadRequest(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(budget: Budget | None = None) -> FastAPI:
    """The playground app (serve it with uvicorn; see ``grundy serve``)."""
    b = budget or Budget()
    pool = cf.ThreadPoolExecutor(max_workers=8, thread_name_prefix="grundy-web")
    app = FastAPI(title="grundy playground", docs_url=None, redoc_url=None)

    def run(fn: Callable[[], T]) -> T:
        fut = pool.submit(fn)
        try:
            return fut.result(timeout=_timeout(b.seconds))
        except cf.TimeoutError:
            raise _BadRequest(503, f"the analysis took longer than the budget of {b.seconds:g} s") from None

    @app.exception_handler(_BadRequest)
    async def _bad(_: Request, exc: _BadRequest) -> JSONResponse:
        return _error(exc.status, str(exc))

    @app.exception_handler(UnknownGameError)
    async def _unknown(_: Request, exc: UnknownGameError) -> JSONResponse:
        return _error(404, str(exc))

    @app.exception_handler(GrundyError)
    async def _grundy(_: Request, exc: GrundyError) -> JSONResponse:
        return _error(400, str(exc))

    @app.exception_handler(RecursionError)
    async def _deep(_: Request, exc: RecursionError) -> JSONResponse:
        return _error(400, "the position is too deep to analyse here")

    def game_of(body: dict[str, Any]) -> Game | GameSum:
        spec = body.get("game")
        pos = body.get("position")
        if not isinstance(spec, str) or not spec.strip():
            raise _BadRequest(400, "choose a game")
        if ".py" in spec or "/" in spec or "\\" in spec:
            raise _BadRequest(400, f"only catalogue games can be played here; got {spec!r}")
        if not isinstance(pos, str) or not pos.strip():
            raise _BadRequest(400, "enter a position")
        if len(pos) > 2000:
            raise _BadRequest(400, "the position is too long")
        rs = get(spec)
        texts = [pos] if rs.tuple_position else pos.replace(",", " ").split()
        return game_from_texts(rs, texts, allow_files=False)

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except ValueError:
            raise _BadRequest(400, "the request body must be JSON") from None
        if not isinstance(data, dict):
            raise _BadRequest(400, "the request body must be a JSON object")
        return data

    @app.get("/", response_class=HTMLResponse)
    def page() -> str:
        return files("grundy.web").joinpath("page.html").read_text(encoding="utf-8")

    @app.get("/api/games")
    def games() -> list[dict[str, str]]:
        return [{"name": e.name, "summary": e.summary, "params": e.params, "example": e.example}
                for e in entries()]

    @app.post("/api/analyze")
    async def analyze(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        game = game_of(body)
        return run(lambda: _analysis(game, b))

    @app.post("/api/play")
    async def play(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        game = game_of(body)
        moves = body.get("moves", [])
        action = body.get("action", "state")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise _BadRequest(400, "moves must be a list of strings")
        if len(moves) > b.history:
            raise _BadRequest(400, f"more than {b.history} moves")
        if action not in ("state", "move", "engine", "hint", "undo"):
            raise _BadRequest(400, f"unknown action {action!r}")
        move = body.get("move")
        return run(lambda: _play(game, moves, action, move, b))

    @app.get("/api/table")
    def table(game: str, to: int = 100) -> dict[str, Any]:
        if not 0 <= to <= b.table:
            raise _BadRequest(400, f"'to' must be between 0 and {b.table}; got {describe(to)}")
        rs = get(game)
        if rs.tuple_position:
            raise _BadRequest(400, f"{rs.name}: positions are not single heaps, so there is no table")

        def work() -> dict[str, Any]:
            from grundy.solve.tables import heap_table

            table = heap_table(rs, to)
            values, pat = table.values, table.pattern()
            return {"game": rs.name, "values": values, "pattern": None if pat is None else {
                "preperiod": pat.preperiod, "period": pat.period, "saltus": pat.saltus,
                "proven": pat.proven}}

        return run(work)

    @app.get("/api/plot.svg")
    def plot(game: str, to: int = 100) -> Response:
        rs = get(game)
        limit = b.pmap if rs.tuple_position else b.table
        if not 1 <= to <= limit:
            raise _BadRequest(400, f"'to' must be between 1 and {limit}; got {describe(to)}")

        def work() -> bytes:
            import io

            from grundy.plot import plot as draw

            fig = draw(rs, to)
            buf = io.BytesIO()
            fig.savefig(buf, format="svg")
            return buf.getvalue()

        return Response(run(work), media_type="image/svg+xml")

    app.state.pool = pool
    return app


def _report_dict(report: Any, game: Game | GameSum) -> dict[str, Any]:
    d: dict[str, Any] = dict(report.to_dict())
    d["outcome"] = None if report.outcome is None else str(report.outcome)
    g = game if isinstance(game, GameSum) else GameSum(game)
    wins = report.winning_moves
    if wins is not None:
        texts = []
        for m in wins[:50]:
            sm = m if isinstance(m, SumMove) else SumMove(0, m)
            try:
                texts.append(Session(g).format_move(sm))
            except (GrundyError, IndexError):
                texts.append(repr(m))
        d["winning_moves"] = texts
        d["winning_moves_total"] = len(wins)
    d["game"] = repr(game)
    d["components"] = list(report.components)
    return d


def _analysis(game: Game | GameSum, b: Budget) -> dict[str, Any]:
    from grundy.play.analysis import analyze

    report = analyze(game, seconds=max(0.5, b.seconds / 2), positions=b.positions)
    return _report_dict(report, game)


def _play(game: Game | GameSum, moves: list[str], action: str, move: Any, b: Budget) -> dict[str, Any]:
    s = Session(game, limit=b.positions, seconds=max(0.5, b.seconds / 3))
    for i, t in enumerate(moves):
        try:
            s.push(t)
        except GrundyError as exc:
            raise _BadRequest(400, f"move {i + 1} ({t!r}) cannot be replayed: {exc}") from None
    message = ""
    if action == "move":
        if not isinstance(move, str) or not move.strip():
            raise _BadRequest(400, "type a move")
        s.push(move)  # an illegal move raises GrundyError: 400 with the reason
        message = f"you played {s.plies[-1].text}"
    elif action == "engine":
        if s.over:
            raise _BadRequest(400, "the game is over")
        ply = s.play_engine()
        message = f"the engine played {ply.text}"
    elif action == "undo":
        if not s.plies:
            raise _BadRequest(400, "nothing to undo")
        s.pop()
        message = "took back one move"
    elif action == "hint":
        message = f"hint: {s.hint()}"
    g = s.game
    return {
        "moves": [p.text for p in s.plies],
        "components": [c.ruleset.format_position(c.position) for c in g.components],
        "values": s.values(),
        "value": s.value,
        "outcome": str(s.outcome),
        "value_history": s.value_history,
        "to_move": s.to_move,
        "over": s.over,
        "winner": s.winner,
        "message": message,
        "legal": [s.format_move(m) for m in s.moves(40)],
    }
