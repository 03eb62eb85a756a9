"""The web playground: a FastAPI app with one page and a small JSON API.

Safe by default: games come from the catalogue only (a request never names a
Python file to load), and the server never blocks. Every analysis runs in a
bounded pool of worker processes (:mod:`grundy.web.pool`), each job within a
grundy budget made from the :class:`~grundy.web.limits.Limits` (positions,
seconds, memory) in a worker with a memory cap: an analysis that reaches its
budget answers with the partial report (what was computed, what stopped and why),
a worker past its deadline or out of memory is killed and replaced, and a request
finding the pool and its queue full gets a 503 at once. An analysis or a table
first tries a small budget in the fast lane (workers of its own; a request known
to be slow skips it, identical requests in flight share a try), so a cheap request
is answered at once however busy the pool is. Bad input gets a 4xx with a
one-line message.

Play is stateless: the page sends the start position and the moves so far, and
the server replays them (so a reload, or several tabs, never disagree).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Hashable
from dataclasses import replace
from functools import lru_cache
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from grundy.games import entries, get
from grundy.values.errors import GrundyError, UnknownGameError, describe
from grundy.web import jobs
from grundy.web.limits import Limits
from grundy.web.pool import JobFailed, PoolFull, Refused, WorkerPool

__all__ = ["create_app", "Limits"]

def _error(status: int, message: str, field: str | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "field": field}, status_code=status)


@lru_cache(maxsize=1)
def _catalogue() -> list[dict[str, Any]]:
    from grundy.solve.tables import table_shape

    out: list[dict[str, Any]] = []
    for e in entries():
        spec, text = e.spec, jobs.example(e.spec, e.position)
        _, _, args = spec.partition(":")
        try:
            shape = table_shape(get(spec or e.name))
        except GrundyError:
            shape = None
        out.append({"name": e.name, "summary": e.summary, "params": e.params,
                    "example": e.example, "example_args": args, "example_position": text,
                    "help": jobs.input_help(spec or e.name, text), "table": shape,
                    "rules": jobs.rules_text(e.summary, spec or e.name, text),
                    "misere": jobs.misere_ok(spec or e.name, text)})
    from grundy.games.zerosum import example_position, zerosum_entries

    for g in zerosum_entries():  # two players who want different things: minimax
        pos = example_position(g)
        out.append({"name": g.name, "summary": g.summary, "params": "", "example": g.example,
                    "example_args": "", "example_position": pos, "minimax": True,
                    "help": "a row of whole numbers separated by spaces", "table": None,
                    "rules": {"text": g.summary + " Max moves first. Click an end of the row, or a move in the list.",
                              "kind": "board", "loopy": False,
                              "moves": [label for label, _ in g.move_labels(g.parse_position(pos))]},
                    "misere": False})
    return out


def _failed_report(exc: JobFailed) -> dict[str, Any]:
    """The report of an analysis whose worker was stopped: nothing computed, and why."""
    return {"outcome": None, "outcome_words": "not computed", "value": None, "components": [],
            "winning_moves": None, "winning_moves_total": None, "winning_moves_complete": False,
            "remoteness": None, "suspense": None, "complete": False,
            "stopped": {"analysis": str(exc)}}


#: The fast lane's budget of a first try: positions (what bounds a try's work:
#: a closed form or a search of a few hundred positions answers in a few
#: milliseconds) and seconds (a wall-clock cap, with room for a busy machine).
QUICK_SECONDS = 0.1
QUICK_POSITIONS = 2000


class _FastLane:
    """The first tries of requests, in the ``quick`` pool: a request whose try did
    not answer is remembered as slow (the last :attr:`MEMORY` of them) and skips
    the lane next time, so slow requests sent again and again (clients retrying)
    never fill it; identical requests in flight share one try."""

    MEMORY = 4096

    def __init__(self, quick: WorkerPool) -> None:
        self.quick = quick
        self.slow: OrderedDict[Hashable, None] = OrderedDict()
        self.flying: dict[Hashable, asyncio.Future[Any]] = {}

    async def first(self, key: Hashable, fn: Callable[..., Any], args: tuple[Any, ...],
                    done: Callable[[Any], bool]) -> Any:
        """The answer of ``fn(*args)`` in the lane when ``done`` says it is the
        whole answer, else ``None`` (the caller asks the pool). Refusals (4xx)
        are raised."""
        if key in self.slow:
            self.slow.move_to_end(key)
            return None
        flying = self.flying.get(key)
        if flying is None:
            flying = self.flying[key] = asyncio.ensure_future(self._try(key, fn, args, done))
        return await asyncio.shield(flying)

    async def _try(self, key: Hashable, fn: Callable[..., Any], args: tuple[Any, ...],
                   done: Callable[[Any], bool]) -> Any:
        try:
            out = await self.quick.run(fn, args, 3.0)
            if done(out):
                return out
        except PoolFull:
            return None
        except JobFailed:  # past the lane's deadline: slow
            pass
        finally:
            self.flying.pop(key, None)
        self.slow[key] = None
        while len(self.slow) > self.MEMORY:
            self.slow.popitem(last=False)
        return None


def create_app(limits: Limits | None = None) -> FastAPI:
    """The playground app (serve it with uvicorn; see ``grundy serve``)."""
    lim = limits or Limits()
    pool = WorkerPool(lim.workers, lim.queue, lim.max_memory, nice=5)
    # The first try of every analysis and table, in workers of their own (the
    # fast lane): closed forms and small searches answer here, however busy the
    # pool is. A try costs at most QUICK_POSITIONS positions (QUICK_SECONDS), so
    # slow requests' tries delay a cheap one by little; a request known to be slow
    # skips the lane, and identical requests in flight share one try.
    quick_limits = replace(lim, seconds=min(lim.seconds, QUICK_SECONDS),
                           positions=min(lim.positions, QUICK_POSITIONS))
    quick = WorkerPool(2, 64, lim.max_memory)
    lane = _FastLane(quick)
    atexit.register(pool.close)
    atexit.register(quick.close)

    def _close() -> None:
        pool.close()
        quick.close()

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # a served app starts its workers now, not on the first requests; an app
        # only built (a test client, a script) starts each when a job needs it
        pool.warm()
        quick.warm()
        yield
        _close()

    app = FastAPI(title="grundy playground", docs_url=None, redoc_url=None, lifespan=lifespan)
    deadline = lim.deadline()
    _catalogue()  # built once, before the first request

    @app.exception_handler(Refused)
    async def _refused(_: Request, exc: Refused) -> JSONResponse:
        return _error(exc.status, str(exc), exc.field)

    @app.exception_handler(PoolFull)
    async def _full(_: Request, exc: PoolFull) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=503, headers={"Retry-After": "2"})

    @app.exception_handler(JobFailed)
    async def _failed(_: Request, exc: JobFailed) -> JSONResponse:
        return _error(504 if exc.reason == "seconds" else 507, str(exc))

    @app.exception_handler(UnknownGameError)
    async def _unknown(_: Request, exc: UnknownGameError) -> JSONResponse:
        return _error(404, str(exc))

    @app.exception_handler(GrundyError)
    async def _grundy(_: Request, exc: GrundyError) -> JSONResponse:
        return _error(400, str(exc))

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except ValueError:
            raise Refused(400, "the request body must be JSON") from None
        except RecursionError:  # e.g. 10**5 nested brackets
            raise Refused(400, "the request body is nested too deeply") from None
        if not isinstance(data, dict):
            raise Refused(400, "the request body must be a JSON object")
        return data

    def spec_of(game: Any) -> str:
        """A catalogue spec (checked here: cheap, and a file is never loaded)."""
        if not isinstance(game, str) or not game.strip():
            raise Refused(400, "choose a game", "game")
        if ".py" in game or "/" in game or "\\" in game:
            raise Refused(400, f"only catalogue games can be played here; got {game!r}", "game")
        if len(game) > 200:
            raise Refused(400, "the game spec is too long", "game")
        return game.strip()  # read in the worker: a spec's arguments may be costly

    def position_of(body: dict[str, Any]) -> str:
        pos = body.get("position")
        if not isinstance(pos, str) or not pos.strip():
            raise Refused(400, "enter a position", "position")
        if len(pos) > 2000:
            raise Refused(400, "the position is too long (2000 characters at most)", "position")
        return pos

    def to_of(to: str, most: int, least: int = 0) -> int:
        try:
            n = int(to.strip())
        except (ValueError, AttributeError):
            raise Refused(400, f"'Up to' must be a whole number; got {to!r}", "to") from None
        if not least <= n <= most:
            raise Refused(400, f"'Up to' must be between {least} and {most}; got {describe(n)}", "to")
        return n

    @app.get("/", response_class=HTMLResponse)
    def page() -> str:
        return files("grundy.web").joinpath("page.html").read_text(encoding="utf-8")

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return _catalogue()

    @app.post("/api/analyze")
    async def analyze(request: Request) -> Any:
        body = await body_of(request)
        spec, pos = spec_of(body.get("game")), position_of(body)
        misere = body.get("misere", False) is True
        first = await lane.first(("analysis", spec, pos, misere), jobs.analysis,
                                 (spec, pos, quick_limits, misere), lambda d: bool(d["complete"]))
        if first is not None:
            return first
        try:
            out: dict[str, Any] = await pool.run(jobs.analysis, (spec, pos, lim, misere), deadline)
        except JobFailed as exc:
            return _failed_report(exc)
        return out

    @app.post("/api/play")
    async def play(request: Request) -> Any:
        body = await body_of(request)
        spec, pos = spec_of(body.get("game")), position_of(body)
        moves = body.get("moves", [])
        action = body.get("action", "state")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise Refused(400, "moves must be a list of strings", "move")
        if len(moves) > lim.history:
            raise Refused(400, f"more than {lim.history} moves", "move")
        if action not in ("state", "move", "engine", "hint", "undo"):
            raise Refused(400, f"unknown action {action!r}", "move")
        move = body.get("move")
        offset = body.get("moves_offset", 0)
        if type(offset) is not int or not 0 <= offset <= 10**9:
            raise Refused(400, f"moves_offset must be a whole number from 0; got {offset!r}"[:200],
                          "move")
        misere = body.get("misere", False) is True
        return await pool.run(jobs.play, (spec, pos, moves, action, move, lim, offset, misere), deadline)

    @app.get("/api/table")
    async def table(game: str, to: str = "100") -> Any:
        spec = spec_of(game)
        n = to_of(to, lim.table)
        first = await lane.first(("table", spec, n), jobs.table, (spec, n, QUICK_SECONDS),
                                 lambda d: d is not None)
        if first is not None:
            return first
        return await pool.run(jobs.table, (spec, n), deadline)

    @app.get("/api/plot.svg")
    async def plot(game: str, to: str = "100") -> Response:
        spec = spec_of(game)
        n = to_of(to, max(lim.pmap, lim.table), 1)
        svg: bytes = await pool.run(jobs.plot, (spec, n, lim.pmap, lim.table), deadline)
        return Response(svg, media_type="image/svg+xml")

    app.state.pool = pool
    app.state.quick = quick
    app.state.close = _close  # stops the workers (also at shutdown and exit)
    return app
