"""Rulesets: families of impartial games given by their move function.

A ruleset answers ``moves(position)``: the options (positions reachable in one
move). A position is any hashable value; an option is a position or a
:class:`~grundy.rules.sums.Sum` of positions when one move leaves several
independent games. Indexing a ruleset binds a position: ``lasker[10]`` is a
:class:`~grundy.rules.game.Game`.

Define a ruleset with the :func:`ruleset` decorator on a generator function, or by
subclassing :class:`Ruleset` (which also lets you add a closed form, validation and
a position parser):

>>> import grundy
>>> @grundy.ruleset
... def lasker(n):
...     yield from range(n)
...     yield from (grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))
>>> lasker[10].value, lasker[10].outcome, lasker[10].winning_moves()
(10, Outcome.N, [0, Sum(5, 5)])
>>> (lasker[10] + lasker[7]).value
2

>>> class Bash(grundy.Ruleset):
...     '''Take 1..m tokens from a heap.'''
...     def __init__(self, m):
...         self.m, self.name = m, f"bash({m})"
...     def moves(self, n):
...         return range(max(0, n - self.m), n)
...     def value_formula(self, n):         # optional closed form
...         return n % (self.m + 1)
>>> Bash(3)[10**18 + 1].outcome             # instant, by the formula
Outcome.N
>>> Bash(3).solver.value(10)                # brute force from the rules
2
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from grundy.rules.engine import engine
from grundy.rules.game import Game, GameSum
from grundy.rules.questions import Questions, install
from grundy.rules.sums import Sum
from grundy.values.bigint import int_text
from grundy.values.errors import InvalidParameterError, InvalidPositionError, UnhashablePositionError, describe
from grundy.values.outcome import Outcome

__all__ = ["Ruleset", "FunctionRuleset", "ruleset"]

class Ruleset(Questions):
    """Base class of rulesets. Subclasses implement :meth:`moves`.

    Optional hooks a subclass may override:

    - :meth:`validate` raises :class:`InvalidPositionError` for illegal positions
      (the one place for legality: :meth:`check`, which every question calls,
      adds hashability and a ``Sum``'s parts; :meth:`validate_many` is its
      vectorised form); :meth:`coerce` turns a position given in another form
      into the ruleset's own type before anything hashes it;
    - :meth:`parse_position` / :meth:`format_position` for the command line;
    - :meth:`decompose` (the independent parts of a position) and
      :meth:`canonical` (a symmetric representative): the search uses them
      where a class defines them (:attr:`has_decompose` and
      :attr:`has_canonical` follow, nothing to declare);
    - closed forms and constructive moves, each named for the question it
      answers plus ``_formula`` and each declining a position by returning
      ``None``: :meth:`value_formula` (with the vectorised
      :meth:`value_formula_many`), :meth:`outcome_formula`,
      :meth:`remoteness_formula`, :meth:`suspense_formula`,
      :meth:`winning_move_formula`, :meth:`winning_moves_formula`,
      :meth:`options_with_value_formula`, :meth:`option_with_value_formula`,
      :meth:`is_option_formula`, :meth:`option_count_formula` (how many options
      at least, so a search refuses a heap of 10^12 without listing a million
      of its options first).

    The questions (``value``, ``outcome``, ``winning_move``, ``remoteness``, ...)
    are declared once, in :class:`grundy.rules.questions.Questions`; the analysis
    asks a hook first and runs the memoised search (:attr:`solver`) where it
    declines. Subclasses override hooks, never the questions.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # capabilities follow from the hooks a class defines (the search reads
        # these flags on its hot path)
        cls.has_decompose = cls.decompose is not Ruleset.decompose
        cls.has_canonical = cls.canonical is not Ruleset.canonical
        cls._coerces = cls.coerce is not Ruleset.coerce  # (check's hot path)
        cls._option_counts = cls.option_count_formula is not Ruleset.option_count_formula

    name: str = "ruleset"
    #: The canonical catalogue spec (``"octal:0.07"``) of a catalogue ruleset, or
    #: ``None``. Rulesets with equal specs are equal (and share one memo); the repr
    #: of a ruleset with a spec pastes back: ``grundy.games.get('octal:0.07')``.
    spec: str | None = None
    #: The shape of the table of a family (what ``grundy table`` lists): ``"heap"``
    #: (positions 0, 1, 2, ...: a one-heap family), ``"pair"`` (positions ``(a, b)``:
    #: a two-number family, tabled by its P-positions) or ``None`` (no table).
    table_shape: str | None = None
    #: Whether a position is a whole row of numbers (a tuple of heaps, stairs, ...)
    #: rather than one heap; the command line then reads all its POSITION
    #: arguments as one position (``grundy analyze misere-nim 1 2 3``).
    tuple_position: bool = False

    # ---------------------------------------------------------------- the rules
    def moves(self, position: Any) -> Iterable[Hashable]:
        """The options of ``position``: positions, or ``Sum``s of positions."""
        raise NotImplementedError(f"{type(self).__name__} must implement moves(position)")

    def result(self, position: Any) -> Outcome | None:
        """The result fixed by the rules for the player to move at ``position``, or
        ``None`` to play on: ``Outcome.P`` (has lost), ``Outcome.N`` (has won),
        ``Outcome.D`` (drawn). Only the loopy solver reads it; default ``None``."""
        return None

    def validate(self, position: Any) -> None:
        """Raise :class:`InvalidPositionError` if ``position`` is not legal. The
        default accepts every hashable value."""

    def coerce(self, position: Any) -> Any:
        """``position`` in the ruleset's own type, before :meth:`check` hashes it
        (the default: as given). For a ruleset that also takes positions in
        another form (Green Hackenbush: nested tuples become a ``Tree``); what
        cannot be taken raises :class:`InvalidPositionError` (by :meth:`validate`)."""
        return position

    def parse_position(self, text: str) -> Hashable:
        """Parse a position from command-line text. The default reads a Python
        literal (``10``, ``(3, 4)``, ``'abc'``) and falls back to the text itself."""
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
        except (TypeError, MemoryError, RecursionError) as exc:  # e.g. '{[1]: 2}'
            raise InvalidPositionError(
                f"{self.name}: cannot read the position {describe(text)}: {exc}"
            ) from None
        return _freeze(value)

    def format_position(self, position: Any) -> str:
        """Text for ``position`` (``repr`` by default; ``Sum`` as ``a + b``)."""
        if type(position) is Sum:
            return " + ".join(self.format_position(p) for p in position.parts) or "0"
        return int_text(position) if type(position) is int else repr(position)  # ints of any size

    def format_move(self, position: Any, option: Hashable) -> str:
        """Text a person reads for the move from ``position`` to ``option``, in the
        game's own notation; :meth:`parse_move` reads it back. The default: on a
        single heap (an ``int``), ``take 3`` / ``split 3 4`` / ``take 1, leave 2 4``;
        where :meth:`move_labels` names the moves, that name; else the resulting
        position.

        >>> import grundy
        >>> @grundy.ruleset
        ... def halves(n):
        ...     yield from (grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))
        >>> halves.format_move(5, grundy.Sum(2, 3)), halves.parse_move(5, "split 1 4")
        ('split 2 3', Sum(1, 4))
        """
        from grundy.rules.moves import default_format_move

        return default_format_move(self, position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        """The option of ``position`` that ``text`` names: what :meth:`format_move`
        writes (spacing, case and the order of an edge's ends aside), ``#k`` (the
        k-th option, from 1), or the resulting position (``a + b`` for a ``Sum``).
        Raises :class:`InvalidPositionError`."""
        from grundy.rules.moves import parse_labelled_move

        return parse_labelled_move(self, position, text)

    def move_labels(self, position: Any) -> Iterable[tuple[str, Hashable]] | None:
        """The moves of ``position`` as ``(name, option)`` pairs in the game's
        notation (``("cut 0-4", graph)``), or ``None`` (the default): then moves
        read as in :meth:`format_move`. A game whose options do not say which
        move made them (a graph after an edge is cut) names them here, and
        :meth:`format_move` and :meth:`parse_move` follow. Two names may lead to
        one option (the first is written); one name never to two options."""
        return None

    # ----------------------------------------------------------- optional hooks

    def decompose(self, position: Any) -> Iterable[Hashable] | None:
        """The independent parts ``position`` is made of (a row of coins is the sum
        of its heads, a forest the sum of its trees), or ``None`` if it is one game.
        Its value is then the XOR of its parts' values, and only the parts are
        searched. The default declares no parts (and a class that defines it has
        :attr:`has_decompose`)."""
        return None

    def canonical(self, position: Any) -> Hashable | None:
        """One representative of ``position``'s symmetry class (a board under its
        reflections, a small graph up to isomorphism), a position of this ruleset with
        the same value, or ``None`` to decline. Equal answers for symmetric positions
        let the search keep one memo entry for all of them; ``canonical`` of the
        answer must be itself. The default declines (and a class that defines it has
        :attr:`has_canonical`)."""
        return None

    def bitboard(self, position: Any) -> tuple[Any, int] | None:
        """The position for the compiled search tier: ``(game, word)``, a
        :class:`grundy.solve.compiled.BitboardGame` and the position as a 64-bit
        word, or ``None`` to decline (the default: the Python search). The analysis
        (values and outcomes) then runs the whole search in compiled code; the
        Python search (``reduce``) stays the reference."""
        return None

    def order_options(self, position: Any, options: list[Hashable]) -> list[Hashable] | None:
        """``options`` (the options of ``position``) in the order a search tries
        them, the likeliest winning moves first, or ``None`` to keep the move
        function's order (the default). The pruned outcome search stops at the first
        winning option, so a good order saves most of its work."""
        return None

    #: Whether the class defines :meth:`decompose` (set for every subclass from
    #: its hooks, never by hand): the search asks it only then (it is on the hot
    #: path of every search).
    has_decompose: bool = False
    #: Whether the class defines :meth:`canonical` (set from its hooks likewise).
    has_canonical: bool = False
    #: Whether the class defines :meth:`coerce` (likewise; :meth:`check` asks it only then).
    _coerces: bool = False
    #: Whether the class defines :meth:`option_count_formula` (likewise).
    _option_counts: bool = False
    #: Declared by a ruleset best searched with pruning (placement games such as
    #: Cram: many options, an outcome decided by one): the analysis asks the pruned
    #: search (:data:`grundy.solve.reducer.PRUNED`) for its values and outcomes.
    pruned_search: bool = False
    #: Declared by a ruleset whose common positions need longer searches than a
    #: default analysis gives (2 s): the seconds its value, outcome and winning-move
    #: searches then get (``grundy analyze`` without ``--seconds``, ``analyze``
    #: without a budget). ``None``: the usual default.
    analysis_seconds: float | None = None

    # ----------------------------------------------------------- closed forms
    # Hooks through which a ruleset tells the analysis what it knows. Each is asked
    # for a single (non-``Sum``) valid position and may decline it by returning
    # ``None``: the analysis then searches. The analysis methods below (``value``,
    # ``outcome``, ``winning_move``, ...) are the engine's and are not overridden.

    def value_formula(self, position: Any) -> int | None:
        """Closed-form Grundy value of a position, or ``None`` to decline it."""
        return None

    def value_formula_many(self, positions: Sequence[Any]) -> Iterable[int] | None:
        """The closed form of each of ``positions`` (valid, none a ``Sum``), in order,
        or ``None`` to decline them (one declined position declines them all): the
        hot path of a sum of many games. Override with a vectorised form."""
        values = list(map(self.value_formula, positions))
        return None if None in values else values  # type: ignore[return-value]

    def outcome_formula(self, position: Any) -> Outcome | None:
        """Closed-form outcome of a position (for games where only that is known,
        or draws), or ``None`` to decline it."""
        return None

    def remoteness_formula(self, position: Any) -> int | None:
        """Closed-form remoteness of a position, or ``None`` to decline it. The
        engine's ``remoteness`` and the conjunctive compound consult it."""
        return None

    def suspense_formula(self, position: Any) -> int | None:
        """Closed-form suspense of a position, or ``None`` to decline it. The
        engine's ``suspense`` and the Every-SG compound consult it."""
        return None

    def winning_move_formula(self, position: Any) -> Hashable | None:
        """A winning option of ``position`` by a constructive rule, or ``None``: the
        position is declined (or is a P-position), and the analysis decides."""
        return None

    def winning_moves_formula(
        self, position: Any, *, limit: int | None = None
    ) -> list[Hashable] | None:
        """Every winning option of ``position`` (``[]`` for a P-position), or
        ``None`` to decline it. With ``limit``, more options than that to look at
        may raise :class:`SearchLimitError`."""
        return None

    def options_with_value_formula(
        self, position: Any, target: int, *, limit: int | None = None
    ) -> list[Hashable] | None:
        """Every option of ``position`` of value ``target``, or ``None`` to decline
        it. With ``limit``, more options than that may raise
        :class:`SearchLimitError`."""
        return None

    def is_option_formula(self, position: Any, option: Hashable) -> bool | None:
        """Whether ``option`` is an option of ``position``, by a fast test, or
        ``None`` to decline (the analysis then tests membership in the move
        function's result lazily: O(1) for a ``range``)."""
        return None

    def option_count_formula(self, position: Any) -> int | None:
        """At least how many options :meth:`moves` lists for ``position``, read off
        the rules without listing them, or ``None`` to decline. A search with a
        bound on the options of one position refuses at once a position with
        more (as it would after listing them); never more than :meth:`moves`
        yields."""
        return None

    def option_with_value_formula(self, position: Any, target: int) -> Hashable | None:
        """An option of ``position`` whose value is ``target`` by a constructive
        rule, or ``None`` to decline (the analysis then scans the options lazily,
        stopping at the first)."""
        return None

    def validate_many(self, positions: Sequence[Any]) -> None:
        """Check every one of ``positions`` as :meth:`check` does (raising for the
        first bad one). Override with a vectorised check for sums of many games."""
        check = self.check
        for p in positions:
            check(p)

    def check(self, position: Any) -> Hashable:
        """Validate ``position`` (hashable and legal) and return it, in the
        ruleset's own type (:meth:`coerce`)."""
        if type(position) is Sum:
            for part in position.parts:
                self.check(part)
            return position
        if self._coerces:
            position = self.coerce(position)
        try:
            hash(position)
        except TypeError:
            raise UnhashablePositionError(
                f"{self.name}: position {describe(position)} is not hashable; "
                "use tuples or frozensets"
            ) from None
        self.validate(position)
        return position  # type: ignore[no-any-return]

    # ------------------------------------------- conveniences (the analysis layer)
    @property
    def solver(self) -> Any:
        """The memoised brute-force search of this ruleset from its raw rules (closed
        forms never enter it): ``solver.value(p)``, ``solver.remoteness(p)``, ..."""
        return engine().solver(self)

    def clear_cache(self) -> None:
        """Forget every memoised result of this ruleset."""
        engine().forget(self)

    def table(self, n: int, *, progress: Callable[[int], None] | None = None) -> list[int]:
        """Grundy values of positions ``0, 1, ..., n`` of a one-parameter family."""
        return engine().table(self, n, progress=progress)

    # ------------------------------------------------------------------ games
    def __getitem__(self, position: Any) -> Game:
        return Game(self, self.check(position))

    def sum(self, *positions: Any) -> GameSum:
        """The disjunctive sum of ``positions`` of this ruleset.

        >>> import grundy
        >>> grundy.games.get("nim").sum(3, 4, 5).value
        2
        """
        self.validate_many(positions)
        return GameSum._of(self, positions)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Ruleset) or self.spec is None:
            return False
        return type(self) is type(other) and self.spec == other.spec

    def __hash__(self) -> int:
        return hash(("grundy.Ruleset", self.spec)) if self.spec is not None else id(self) >> 4

    def __repr__(self) -> str:
        if self.spec is not None:
            return f"grundy.games.get({self.spec!r})"
        return f"<ruleset {self.name}>"


install(Ruleset)  # the questions as plain methods (declared in grundy.rules.questions)


class FunctionRuleset(Ruleset):
    """A ruleset made from a move function (see :func:`ruleset`)."""

    def __init__(self, moves: Callable[[Any], Iterable[Hashable]], name: str | None = None,
                 shape: str | None = None) -> None:
        self._moves = moves
        self.name = name or str(getattr(moves, "__name__", "ruleset"))
        self.__doc__ = moves.__doc__
        self.__wrapped__ = moves
        if shape is not None:
            if shape not in SHAPES:
                raise InvalidParameterError(
                    f"ruleset {self.name}: shape must be one of {', '.join(map(repr, SHAPES))} "
                    f"(a row of coins is a grundy.games.CoinTurning); got {describe(shape)}")
            if shape == "heaps":
                self.tuple_position = True
            else:
                self.table_shape = shape

    def moves(self, position: Any) -> Iterable[Hashable]:
        return self._moves(position)


#: The shapes of positions a move function may declare (``ruleset(shape=...)``).
SHAPES = ("heap", "pair", "heaps")


def ruleset(
    moves: Callable[[Any], Iterable[Hashable]] | None = None, *, name: str | None = None,
    shape: str | None = None,
) -> Any:
    """Decorator: turn a move function (usually a generator) into a :class:`Ruleset`.

    ``shape`` says what its positions are, for the tables of ``grundy.guess``,
    ``grundy table`` and ``grundy guess``: ``"heap"`` (an integer),
    ``"pair"`` (a pair ``(a, b)``) or ``"heaps"`` (a row of heaps, a tuple).
    Undeclared, a position is taken for one heap.

    >>> import grundy
    >>> @grundy.ruleset
    ... def take_1_or_2(n):
    ...     return [n - k for k in (1, 2) if k <= n]
    >>> take_1_or_2.table(6)
    [0, 1, 2, 0, 1, 2, 0]
    >>> @grundy.ruleset(name="sub-1-3-4")
    ... def s134(n):
    ...     yield from (n - k for k in (1, 3, 4) if k <= n)
    >>> s134
    <ruleset sub-1-3-4>
    >>> @grundy.ruleset(shape="pair")
    ... def take_from_one(p):
    ...     a, b = p
    ...     yield from ((x, b) for x in range(a))
    ...     yield from ((a, y) for y in range(b))
    >>> take_from_one.table_shape, take_from_one.value((3, 5))
    ('pair', 6)
    """
    if moves is None:
        return lambda f: FunctionRuleset(f, name, shape)
    return FunctionRuleset(moves, name, shape)


def _freeze(value: Any) -> Hashable:
    """Lists become tuples and sets frozensets, recursively, so parsed positions hash."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((_freeze(k), _freeze(v)) for k, v in value.items()))
    return value  # type: ignore[no-any-return]


