"""Compounds of games: how several games are played together.

``END`` is the sentinel position of misère play: reaching it means the player who
could not move has won.
"""

from __future__ import annotations

from typing import Final

__all__ = ["END"]


class _End:
    """The sentinel position reached by 'winning by having no move' in misère play."""

    _instance: _End | None = None

    def __new__(cls) -> _End:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "END"

    def __reduce__(self) -> str:
        return "END"


END: Final = _End()
