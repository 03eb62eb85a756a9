"""``grundy serve``: the web playground on http://127.0.0.1:PORT/."""

from __future__ import annotations

import math

import click

from grundy.cli.params import Seconds
from grundy.values.errors import InvalidParameterError

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind (the default serves this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--seconds", type=Seconds(min=0.1), default=5.0, show_default=True,
              help="Wall-clock budget of one request ('inf': no limit).")
def serve(host: str, port: int, seconds: float | None) -> None:
    """Serve the web playground: analyse catalogue games, see their table and
    plot, and play against the engine."""
    try:
        import uvicorn

        from grundy.web.app import Budget, create_app
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise InvalidParameterError(f"the playground needs the web extra (pip install 'grundy[web]'): {exc}") from None
    click.echo(f"grundy playground on http://{host}:{port}/ (Ctrl-C stops)")
    uvicorn.run(create_app(Budget(seconds=math.inf if seconds is None else seconds)), host=host, port=port, log_level="warning")
