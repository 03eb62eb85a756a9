"""The web playground (needs the ``web`` extra: fastapi and uvicorn).

``grundy serve`` runs it; :func:`create_app` builds the app (see
:mod:`grundy.web.app`), imported only when asked for.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(*args: Any, **kwargs: Any) -> Any:
    """The FastAPI app of the playground."""
    from grundy.web.app import create_app as make

    return make(*args, **kwargs)
