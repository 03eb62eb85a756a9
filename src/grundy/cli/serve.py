"""``grundy serve``: the web playground on http://127.0.0.1:PORT/."""

from __future__ import annotations

import math
import socket

import click

from grundy.cli.params import IntExpr, MemorySize, Seconds
from grundy.values.errors import InvalidParameterError

__all__ = ["serve"]


def _port_free(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be served (``None``: it can)."""
    if port == 0:
        return None
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind (the default serves this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--seconds", type=Seconds(min=0.1), default=5.0, show_default=True,
              help="Time budget of one analysis ('inf': no limit); it answers with what it "
                   "found by then.")
@click.option("--limit", type=IntExpr(min=1), default=200_000, show_default=True,
              help="Most positions one search may expand.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Worker processes running analyses.")
@click.option("--queue", type=click.IntRange(0, 10_000), default=16, show_default=True,
              help="Requests that may wait for a worker; beyond them the server answers 503.")
@click.option("--max-memory", type=MemorySize(), default=None,
              help="Memory cap of each worker process, e.g. 2G (default 2G).")
def serve(host: str, port: int, seconds: float | None, limit: int, workers: int, queue: int,
          max_memory: int | None) -> None:
    """Serve the web playground: analyse catalogue games, see their table and
    plot, and play against the engine."""
    try:
        import uvicorn

        from grundy.web.app import create_app
        from grundy.web.limits import Limits
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise InvalidParameterError(f"the playground needs the web extra (pip install 'grundy[web]'): {exc}") from None
    why = _port_free(host, port)
    if why is not None:
        raise click.ClickException(f"cannot serve on {host}:{port}: {why} (choose another --port)")
    limits = Limits(seconds=math.inf if seconds is None else seconds, positions=limit,
                    workers=workers, queue=queue,
                    **({} if max_memory is None else {"max_memory": max_memory}))
    app = create_app(limits)
    click.echo(f"grundy playground on http://{host}:{port}/ (Ctrl-C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
