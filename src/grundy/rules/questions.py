"""The questions a ruleset and a game answer, declared once.

Each question is one line of :class:`Questions` (a mixin of
:class:`~grundy.rules.ruleset.Ruleset` and :class:`~grundy.rules.game.Game`): its
name, what it answers, and how it is asked. Everything else is derived from that
line:

- the ruleset's method, ``ruleset.value(position, budget=..., progress=...)``,
  answered by the engine's function of the same name
  (:func:`grundy.solve.engine.ask`; the older keywords ``limit=`` and
  ``seconds=`` of a search still accepted, with a warning);
- the game's attribute: a property for a question asked without arguments
  (``lasker[10].value``), else a method (``lasker[10].winning_moves(limit=5)``);
- :meth:`Questions.ask`: any question by name, with its keywords, on a ruleset
  (``ruleset.ask("value", 10, budget=...)``) or a game
  (``game.ask("value", budget=...)``: the way to give a property a budget).

Adding a question is one line here and the function that answers it, of the same
name, in :mod:`grundy.solve.engine` (an import-time check refuses a question
without an answer). A ruleset does not override a question: it tells the
analysis what it knows through hooks, each named for the question it answers
plus ``_formula`` (``value_formula``, ``option_with_value_formula``) and each
declining a position with ``None``.

>>> import grundy
>>> lasker = grundy.games.get("lasker")
>>> lasker.value(10), lasker[10].value, lasker[10].ask("value", budget=grundy.Budget(seconds=5))
(10, 10, 10)
>>> lasker[10].ask("remoteness"), lasker.ask("winning_moves", 10, limit=100)
(1, [0, Sum(5, 5)])
>>> sorted(QUESTIONS)[:4]
['is_option', 'option_with_value', 'options', 'options_with_value']
>>> lasker[10].ask("colour")
Traceback (most recent call last):
...
grundy.values.errors.InvalidParameterError: lasker: no question 'colour'; the questions are is_option, option_with_value, options, options_with_value, outcome, remoteness, suspense, value, winning_move, winning_moves
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable
from types import MethodType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from grundy.rules.engine import engine
from grundy.values.errors import InvalidParameterError, describe
from grundy.values.keywords import old_keywords
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.game import Game

__all__ = ["Question", "Asked", "Questions", "QUESTIONS", "install"]

T = TypeVar("T")

# The keywords a search took before ``budget=`` (accepted for one release).
_OLD = ("limit", "seconds")


def _budget_of(given: dict[str, Any]) -> Any:
    return engine().budget_of(given)


class Question(Generic[T]):
    """One question (a descriptor of :class:`Questions`): a method of rulesets
    and games (:class:`Asked`: a property of games). ``search``: it takes
    ``budget=`` and ``progress=``; ``listing``: it takes ``limit=``; ``args``:
    the arguments after the position."""

    #: Whether a game answers it as a property (``game.value``), not a method.
    game_property: ClassVar[bool] = False

    def __init__(self, doc: str, *, search: bool = False, listing: bool = False,
                 args: tuple[str, ...] = ()) -> None:
        self.doc = doc
        self.search = search
        self.listing = listing
        self.args = args
        self.name = ""
        self.on_ruleset: Callable[..., T] = _unset
        self.on_game: Callable[..., T] = _unset

    def _signature(self, first: tuple[str, ...]) -> inspect.Signature:
        """The signature of the derived method (for ``help`` and ``inspect``)."""
        P = inspect.Parameter
        params = [P(n, P.POSITIONAL_OR_KEYWORD) for n in (*first, *self.args)]
        if self.search:
            params += [P("budget", P.KEYWORD_ONLY, default=None),
                       P("progress", P.KEYWORD_ONLY, default=None)]
        if self.listing:
            params.append(P("limit", P.KEYWORD_ONLY, default=None))
        return inspect.Signature(params)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

        def on_ruleset(ruleset: Any, position: Any, *args: Any, **kwargs: Any) -> Any:
            # the engine's function of this name (what engine().ask(name, ...) calls)
            return getattr(engine(), name)(ruleset, position, *args, **kwargs)

        def on_game(game: Any, *args: Any, **kwargs: Any) -> Any:
            return getattr(game.ruleset, name)(game.position, *args, **kwargs)

        def on_game_property(game: Any) -> Any:  # (no argument packing: game.value)
            return getattr(game.ruleset, name)(game.position)

        if self.game_property:
            on_game = on_game_property

        on_ruleset.__signature__ = self._signature(("self", "position"))  # type: ignore[attr-defined]
        on_game.__signature__ = self._signature(("self",))  # type: ignore[attr-defined]
        on_ruleset.__name__ = on_game.__name__ = name
        on_ruleset.__qualname__ = f"Ruleset.{name}"
        on_game.__qualname__ = f"Game.{name}"
        on_ruleset.__doc__ = self.doc
        on_game.__doc__ = self.doc
        self.on_ruleset = old_keywords(_OLD, _budget_of)(on_ruleset) if self.search else on_ruleset
        self.on_game = on_game
        self.__doc__ = on_ruleset.__doc__

    @overload
    def __get__(self, obj: None, owner: type) -> Question[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> Callable[..., T]: ...

    def __get__(self, obj: object | None, owner: type) -> Any:
        if obj is None:
            return self
        if type(obj)._asks_of_position:  # type: ignore[attr-defined]
            if self.game_property:
                return self.on_game(obj)
            return MethodType(self.on_game, obj)
        return MethodType(self.on_ruleset, obj)


class Asked(Question[T]):
    """A question a game answers as a property (``game.value``); typed so."""

    game_property = True

    @overload  # type: ignore[override]  # (a game gets T, not a method)
    def __get__(self, obj: None, owner: type) -> Asked[T]: ...
    @overload
    def __get__(self, obj: Game, owner: type) -> T: ...
    @overload
    def __get__(self, obj: object, owner: type) -> Callable[..., T]: ...

    def __get__(self, obj: object | None, owner: type) -> Any:
        return super().__get__(obj, owner)


def _unset(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a Question is used only as a class attribute of Questions")


class Questions:
    """The questions, declared once (see the module's doc): a mixin of rulesets
    (asked ``ruleset.value(position, ...)``) and games (``game.value``)."""

    __slots__ = ()

    #: Whether the object is a position of a ruleset (a game: the position is
    #: ``self.position``) rather than a ruleset (the position is the first argument).
    _asks_of_position: ClassVar[bool] = False

    value = Asked[int](
        "The Sprague-Grundy value (XOR over the parts of a Sum): the closed form if "
        "there is one, else the memoised search within budget (a grundy.Budget; None: "
        "no limit but the default memory).", search=True)
    outcome = Asked[Outcome](
        "Outcome.P if the player to move loses, Outcome.N if they win (searched "
        "within budget, as value).", search=True)
    remoteness = Asked[int](
        "Moves until the end when the winner hurries and the loser delays (searched "
        "within budget, as value).", search=True)
    suspense = Asked[int](
        "Moves until the end when the winner delays and the loser hurries (the "
        "Every-SG step function; searched within budget, as value).", search=True)
    options = Question[list[Hashable]](
        "The options as a list (for a Sum: moves in one part); more than limit "
        "raise SearchLimitError.", listing=True)
    winning_moves = Question[list[Hashable]](
        "Every option that leaves the opponent in a P-position.", listing=True)
    winning_move = Question[Hashable | None](
        "One winning option, or None from a P-position.")
    options_with_value = Question[list[Hashable]](
        "Every option whose value is target.", args=("target",), listing=True)
    option_with_value = Question[Hashable | None](
        "An option whose value is target, or None if there is none (the ruleset's "
        "option_with_value_formula, else a lazy scan that stops at the first).",
        args=("target",))
    is_option = Question[bool](
        "Whether option is an option of the position (a lazy membership test: O(1) "
        "for a range).", args=("option",))

    def ask(self, question: str, *args: Any, **kwargs: Any) -> Any:
        """The answer to ``question`` (a name of :data:`QUESTIONS`), with its
        arguments and keywords: ``ruleset.ask("value", position, budget=...)``,
        ``game.ask("value", budget=...)``."""
        if question not in QUESTIONS:
            owner = getattr(self, "ruleset", self)
            raise InvalidParameterError(
                f"{getattr(owner, 'name', type(owner).__name__)}: no question "
                f"{describe(question)}; the questions are {', '.join(sorted(QUESTIONS))}")
        if type(self)._asks_of_position:
            ruleset: Any = getattr(self, "ruleset")
            return getattr(ruleset, question)(getattr(self, "position"), *args, **kwargs)
        return getattr(self, question)(*args, **kwargs)


#: Every question, by name.
QUESTIONS: dict[str, Question[Any]] = {
    name: q for name, q in vars(Questions).items() if isinstance(q, Question)}


def install(cls: type) -> None:
    """Give ``cls`` (a subclass of :class:`Questions`) each question as a plain
    method or property in its own namespace: what the descriptors answer, without
    their cost on every call (``lasker.value(n)`` in a loop)."""
    for name, q in QUESTIONS.items():
        if not cls.__dict__.get("_asks_of_position", cls._asks_of_position):  # type: ignore[attr-defined]
            setattr(cls, name, q.on_ruleset)
        elif q.game_property:
            setattr(cls, name, property(q.on_game, doc=q.doc))
        else:
            setattr(cls, name, q.on_game)
