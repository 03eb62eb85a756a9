"""Games: a ruleset bound to a position, and disjunctive sums of games.

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> g = nim[3] + nim[4] + nim[5]
>>> g
nim[3] + nim[4] + nim[5]
>>> g.value, g.outcome
(2, Outcome.N)
>>> g.winning_move()
SumMove(0, 1)
>>> g.play(g.winning_move())
nim[1] + nim[4] + nim[5]
>>> _.outcome
Outcome.P
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, Any, NamedTuple

from grundy.rules.engine import engine
from grundy.rules.questions import QUESTIONS, Questions, install
from grundy.rules.sums import Sum, slot_setter
from grundy.values.bigint import int_text
from grundy.values.errors import InvalidParameterError, InvalidPositionError, describe
from grundy.values.loopy import loopy_sum
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["Game", "GameSum", "SumMove"]


class Game(Questions):
    """A position of a ruleset: ``ruleset[position]``.

    It answers the questions of :class:`~grundy.rules.questions.Questions`, each
    computed on demand and memoised in the ruleset's solver: ``game.value``,
    ``game.outcome``, ``game.remoteness``, ``game.suspense`` (properties),
    ``game.winning_moves()``, ``game.options()``, ... A property takes no
    budget; :meth:`~grundy.rules.questions.Questions.ask` asks any question with
    one:

    >>> import grundy
    >>> @grundy.ruleset
    ... def halves(n):
    ...     yield from range(n // 2, n)
    >>> g = halves[5000]
    >>> g.ask("value", budget=grundy.Budget(positions=100))
    Traceback (most recent call last):
    ...
    grundy.values.errors.SearchLimitError: halves: the value of 5000 stopped: position 5000 has more than 100 options (the budget)
    >>> g.ask("value", budget=grundy.Budget(seconds=10)), g.value, g.ask("outcome")
    (1250, 1250, Outcome.N)
    """

    __slots__ = ("ruleset", "position")
    _asks_of_position = True

    ruleset: Ruleset
    position: Hashable

    def __init__(self, ruleset: Ruleset, position: Hashable) -> None:
        _set_ruleset(self, ruleset)
        _set_position(self, position)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Game is immutable")

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is Game
            and other.position == self.position
            and (other.ruleset is self.ruleset or other.ruleset == self.ruleset)
        )

    def __hash__(self) -> int:
        return hash((self.ruleset, self.position))

    def __repr__(self) -> str:
        pos = self.position
        if type(pos) is Sum:
            return "(" + " + ".join(f"{self.ruleset.name}[{int_text(p)}]" for p in pos.parts) + ")"
        return f"{self.ruleset.name}[{int_text(pos)}]"  # repr; ints of any size exactly

    def _repr_html_(self) -> str:
        from grundy.rules.display import game_html

        return game_html(self)

    def play(self, option: Hashable) -> Game:
        """The game after moving to ``option`` (which must be an option)."""
        if not self.ruleset.is_option(self.position, option):
            raise InvalidPositionError(f"{option!r} is not an option of {self!r}")
        return Game(self.ruleset, option)

    def __add__(self, other: Game | GameSum) -> GameSum:
        if not isinstance(other, (Game, GameSum)):
            return NotImplemented
        return GameSum(self) + other

    def __radd__(self, other: object) -> GameSum:
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return GameSum(self)  # sum() starts from 0
        return NotImplemented


install(Game)  # the questions as plain properties and methods (grundy.rules.questions)
_set_ruleset = slot_setter(Game, "ruleset")
_set_position = slot_setter(Game, "position")


class SumMove(NamedTuple):
    """A move in a :class:`GameSum`: component number ``component`` (from 0) moves
    to ``option``."""

    component: int
    option: Hashable

    def __repr__(self) -> str:
        return f"SumMove({self.component}, {self.option!r})"


class GameSum:
    """A disjunctive sum of games (possibly of different rulesets): each turn the
    player to move makes a move in exactly one component.

    The value is the XOR of the component values (the Sprague-Grundy theorem),
    computed per component; winning moves are constructed from the component values
    without exploring the product of the components. A sum of many positions of one
    ruleset (``ruleset.sum(*positions)``) keeps the positions and makes its
    component games only when they are asked for, so a million heaps cost little
    more than their XOR.
    """

    __slots__ = ("_items", "_n", "_tuple", "_rs", "_pos")

    _items: list[Game] | None
    _n: int
    _tuple: tuple[Game, ...] | None
    _rs: Ruleset | None
    _pos: Sequence[Hashable] | None

    def __init__(self, *components: Game | GameSum) -> None:
        flat: list[Game] = []
        for c in components:
            if isinstance(c, GameSum):
                flat.extend(c.components)
            elif isinstance(c, Game):
                flat.append(c)
            else:
                raise InvalidPositionError(f"a GameSum adds games; got {describe(c)}")
        _init(self, flat, len(flat), None, None, None)

    @staticmethod
    def _sharing(items: list[Game], n: int) -> GameSum:
        s = _new(GameSum)
        _set_items(s, items)
        _set_n(s, n)
        _set_tuple(s, None)
        _set_rs(s, None)
        _set_pos(s, None)
        return s

    @classmethod
    def _of(cls, ruleset: Ruleset, positions: Sequence[Hashable]) -> GameSum:
        """The sum of ``positions`` (already checked) of ``ruleset``."""
        s = object.__new__(cls)
        _init(s, None, len(positions), None, ruleset, positions)
        return s

    def _parts(self) -> list[tuple[Ruleset, Hashable]]:
        """(ruleset, position) of each component, without making games."""
        if self._pos is not None:
            rs = self._rs
            assert rs is not None
            return [(rs, p) for p in self._pos]
        return [(g.ruleset, g.position) for g in self.components]

    def _part(self, i: int) -> tuple[Ruleset, Hashable]:
        if self._pos is not None:
            assert self._rs is not None
            return self._rs, self._pos[i]
        g = self.components[i]
        return g.ruleset, g.position

    @property
    def components(self) -> tuple[Game, ...]:
        """The component games, in order."""
        tup: tuple[Game, ...] | None = self._tuple
        if tup is None:
            if self._pos is not None:
                rs = self._rs
                assert rs is not None
                tup = tuple([Game(rs, p) for p in self._pos])
            else:
                assert self._items is not None
                tup = tuple(self._items[: self._n])
            object.__setattr__(self, "_tuple", tup)
        return tup

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("GameSum is immutable")

    def __add__(self, other: Game | GameSum) -> GameSum:
        # Sums share one growing list while each new sum extends the newest one, so
        # sum(games) is linear, not quadratic; a sum that is extended twice copies.
        if type(other) is Game:
            items = self._items
            if items is None:
                items = list(self.components)
            elif len(items) != self._n:
                items = items[: self._n]
            items.append(other)
            return GameSum._sharing(items, len(items))
        if isinstance(other, Game):
            extra: list[Game] = [other]
        elif isinstance(other, GameSum):
            extra = list(other.components)
        else:
            return NotImplemented
        items = self._items
        if items is None:
            items = list(self.components)
        elif len(items) != self._n:
            items = items[: self._n]
        items.extend(extra)
        return GameSum._sharing(items, len(items))

    def __radd__(self, other: object) -> GameSum:
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        return NotImplemented

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Game]:
        return iter(self.components)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameSum) and self.components == other.components

    def __hash__(self) -> int:
        return hash(self.components)

    def __repr__(self) -> str:
        return " + ".join(map(repr, self.components)) if self.components else "GameSum()"

    def _repr_html_(self) -> str:
        from grundy.rules.display import game_html

        return game_html(self)

    def ask(self, question: str, *args: Any, budget: Any = None) -> Any:
        """The answer to ``question`` (one of
        :data:`~grundy.rules.questions.QUESTIONS` a sum answers) within ``budget``
        (a :class:`grundy.Budget`; ``None``: no limit but the default memory): its
        seconds and memory for the whole answer, its positions for each
        component's search.

        >>> import grundy
        >>> nim = grundy.games.get("nim")
        >>> s = nim[3] + nim[5]
        >>> s.ask("value", budget=grundy.Budget(seconds=1)), s.ask("winning_moves")
        (6, [SumMove(1, 3)])
        """
        q = QUESTIONS.get(question)
        if q is None or not hasattr(type(self), question):
            raise InvalidParameterError(
                f"a sum of games answers {', '.join(n for n in QUESTIONS if hasattr(GameSum, n))}; "
                f"not {describe(question)}")
        with engine().watching(budget):  # the seconds and the memory of the whole
            if question in ("value", "outcome"):  # each component's search within budget
                v = reduce(xor, self.values(budget=budget), 0)
                return v if question == "value" else Outcome.from_value(v)
            answer = getattr(self, question)
            return answer if q.game_property else answer(*args)

    def values(self, *, budget: Any = None) -> list[int]:
        """The value of each component (closed forms called directly), each search
        within ``budget`` (``None``: no limit but the default memory)."""
        if self._pos is not None:
            assert self._rs is not None
            return engine().values_of(self._rs, self._pos, budget=budget)
        return engine().game_values(self.components, budget=budget)

    @property
    def value(self) -> int:
        """XOR of the component values. O(components) once they are known."""
        return reduce(xor, self.values(), 0)

    @property
    def outcome(self) -> Outcome:
        """``Outcome.P`` iff the XOR of the component values is 0."""
        return Outcome.from_value(self.value)

    def winning_moves(self, *, limit: int | None = None) -> list[SumMove]:
        """Every winning move: in each component of value v, every option of value
        v ^ S (S the total). Components with v ^ S < v always have one; others may
        too, since an option's value can exceed its position's. ``limit`` bounds
        the options listed per component (:class:`SearchLimitError` beyond it)."""
        values = self.values()
        if not _finite(values):
            return self._loopy_moves(values, limit, False)
        s = reduce(xor, values, 0)
        if s == 0:
            return []
        result: list[SumMove] = []
        for i, ((rs, pos), v) in enumerate(zip(self._parts(), values)):
            opts = rs.options_with_value(pos, v ^ s, limit=limit)
            result.extend(SumMove(i, o) for o in opts)
        return result

    def winning_move(self) -> SumMove | None:
        """One winning move, found from the component values: O(components) plus one
        constructive move in one component. ``None`` from a P-position."""
        values = self.values()
        if not _finite(values):
            found = self._loopy_moves(values, None, True)
            return found[0] if found else None
        s = reduce(xor, values, 0)
        if s == 0:
            return None
        for i, v in enumerate(values):
            t = v ^ s
            if t < v:
                rs, pos = self._part(i)
                o = rs.option_with_value(pos, t)
                if o is not None:
                    return SumMove(i, o)
        raise AssertionError("a component with v ^ S < v has an option of value v ^ S")

    def _loopy_moves(self, values: list[int], limit: int | None, first: bool) -> list[SumMove]:
        """Winning moves of a sum with loopy parts (generalised values, Smith): to
        reach a P-position the moved part must take the finite nim-sum of the others."""
        if Outcome.from_value(loopy_sum(*values)) is not Outcome.N:
            return []
        result: list[SumMove] = []
        for i, (rs, pos) in enumerate(self._parts()):
            rest = loopy_sum(*(values[:i] + values[i + 1:]))
            if type(rest) is not int:
                continue
            result.extend(SumMove(i, o) for o in rs.options_with_value(pos, rest, limit=limit))
            if first and result:
                break
        return result

    def play(self, move: SumMove | tuple[int, Hashable]) -> GameSum:
        """The sum after ``move`` (component ``index`` moves to ``option``)."""
        try:
            index, option = move
        except (TypeError, ValueError):
            raise InvalidPositionError(
                f"a move of a sum is SumMove(component, option); got {describe(move)}"
            ) from None
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self._n:
            raise InvalidPositionError(f"no component {describe(index)} in a sum of {len(self)}")
        if self._pos is not None:
            rs, pos = self._part(index)
            if not rs.is_option(pos, option):
                raise InvalidPositionError(
                    f"{describe(option)} is not an option of {rs.name}[{describe(pos)}]"
                )
            return GameSum._of(rs, (*self._pos[:index], option, *self._pos[index + 1 :]))
        new = self.components[index].play(option)
        return GameSum(*self.components[:index], new, *self.components[index + 1 :])

    @property
    def remoteness(self) -> int:
        """Remoteness of the sum game (explores the product of the components)."""
        return int(engine().compound("disjunctive", self.components, "remoteness"))

    @property
    def suspense(self) -> int:
        """Suspense of the sum game (explores the product of the components)."""
        return int(engine().compound("disjunctive", self.components, "suspense"))

    def options(self) -> list[SumMove]:
        """Every move of the sum."""
        return [SumMove(i, o) for i, (rs, p) in enumerate(self._parts()) for o in rs.options(p)]


_new = object.__new__
_set_items = slot_setter(GameSum, "_items")
_set_n = slot_setter(GameSum, "_n")
_set_tuple = slot_setter(GameSum, "_tuple")
_set_rs = slot_setter(GameSum, "_rs")
_set_pos = slot_setter(GameSum, "_pos")


def _finite(values: list[int]) -> bool:
    """Whether every value is an ordinary nimber (no loopy ``inf``), at C speed."""
    kinds = set(map(type, values))
    return not kinds or kinds == {int}


def _init(s: GameSum, items: list[Game] | None, n: int, tup: tuple[Game, ...] | None,
          rs: Ruleset | None, pos: Sequence[Hashable] | None) -> None:
    _set_items(s, items)
    _set_n(s, n)
    _set_tuple(s, tup)
    _set_rs(s, rs)
    _set_pos(s, pos)
