"""Where the rules layer meets the analysis layer, without importing it.

Rules know no solver: a ruleset's convenience questions (``lasker[10].value``,
``lasker.outcome(7)``) are answered by the *engine* that the analysis layer
(:mod:`grundy.solve`) registers here when it is imported (``import grundy`` always
imports it). This keeps the layers pointing down: ``grundy.solve`` imports
``grundy.rules``, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from grundy.values.errors import GrundyError

if TYPE_CHECKING:
    from grundy.rules.game import Game
    from grundy.rules.ruleset import Ruleset

__all__ = ["Engine", "register_engine", "engine"]


class Engine(Protocol):
    """The analysis a ruleset and a game delegate to (see :mod:`grundy.solve.engine`):
    the questions (declared in :mod:`grundy.rules.questions`) through :meth:`ask`,
    and the services below."""

    def ask(self, question: str, ruleset: Ruleset, position: Any, *args: Any,
            **kwargs: Any) -> Any:
        """The answer to one of the questions (:mod:`grundy.rules.questions`)."""

    def watching(self, budget: Any) -> AbstractContextManager[None]:
        """Every search and closed form within ``budget`` while the context runs."""

    def budget_of(self, given: dict[str, Any]) -> Any: ...

    def table(self, ruleset: Ruleset, n: int, *,
              progress: Callable[[int], None] | None = None) -> list[int]: ...

    def solver(self, ruleset: Ruleset) -> Any: ...

    def forget(self, ruleset: Ruleset) -> None: ...

    def game_values(self, games: Sequence[Game], *, budget: Any = None) -> list[int]: ...

    def values_of(self, ruleset: Ruleset, positions: Sequence[Any], *,
                  budget: Any = None) -> list[int]: ...

    def compound(self, kind: str, games: Sequence[Game], question: str,
                 *args: Any) -> Any: ...


_ENGINE: Engine | None = None


def register_engine(e: Engine) -> None:
    """Install the analysis engine (done by :mod:`grundy.solve` on import)."""
    global _ENGINE
    _ENGINE = e


def engine() -> Engine:
    """The registered analysis engine."""
    if _ENGINE is None:
        raise GrundyError("no analysis engine is loaded: import grundy (or grundy.solve) first")
    return _ENGINE
