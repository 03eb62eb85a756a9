"""Compounds of games: how several games are played together.

A compound knows how it is played, and ``+`` of two compounds of one kind is a
compound of that kind (never a disjunctive sum):

========================  ====================================  ======================
compound                  a turn                                 who wins
========================  ====================================  ======================
``GameSum`` (``a + b``)   move in exactly one component          last mover (SG theorem)
:class:`MisereSum`        move in exactly one component          last mover *loses*
:class:`EverySum`         move in every component that can       last mover (suspense)
:class:`ConjunctiveSum`   move in every component; the game      last mover (remoteness)
                          ends as soon as one component ends
:class:`SelectiveSum`     move in any non-empty set of           last mover
                          components
========================  ====================================  ======================

A move of a compound in which several components move at once is a tuple of
:class:`~grundy.rules.game.SumMove`.

>>> import grundy
>>> nim = grundy.games.get("nim")
>>> m = grundy.Misere(nim)
>>> (m[1] + m[1]).outcome                 # misère: whoever takes the last token loses
Outcome.N
>>> grundy.MisereSum(nim[1], nim[1]).winning_move()
SumMove(0, 0)
>>> sub = grundy.games.get("subtraction:1,2")
>>> grundy.EverySum(sub[4], sub[5]).outcome, grundy.EverySum(sub[3], sub[6]).outcome
(Outcome.N, Outcome.P)

``END`` is the sentinel position of misère rulesets written as normal-play ones:
reaching it means the player who could not move has won.

Rules know no solver: each compound type is answered by the
:class:`CompoundAnalysis` registered for it (:func:`register_analysis`; the
analysis layer, :mod:`grundy.solve.compounds`, registers one per type on import).

>>> type(analysis_of(grundy.EverySum(sub[4]))).__name__
'EveryAnalysis'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Final, Protocol

from grundy.rules.game import Game, GameSum, SumMove
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.values.errors import GrundyError, InvalidParameterError, InvalidPositionError, describe
from grundy.values.outcome import Outcome

__all__ = [
    "END", "Compound", "MisereSum", "EverySum", "ConjunctiveSum", "SelectiveSum", "Misere",
    "Move", "CompoundAnalysis", "register_analysis", "analysis_of",
]

#: A move of a compound: one component's move, or several components' at once.
Move = SumMove | tuple[SumMove, ...]


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


class CompoundAnalysis(Protocol):
    """What the analysis of one compound type answers about the compound of
    ``games`` (its components). ``budget`` is a :class:`grundy.Budget` (``None``:
    no limit on positions or time). ``has_value`` declares whether ``value`` (a
    Grundy value of the whole compound) is defined."""

    @property
    def has_value(self) -> bool: ...

    def outcome(self, games: Sequence[Game], *, budget: Any = None) -> Outcome: ...

    def winning_move(self, games: Sequence[Game], *, budget: Any = None) -> Move | None: ...

    def value(self, games: Sequence[Game], *, budget: Any = None) -> int: ...

    def options(self, games: Sequence[Game]) -> list[Move]: ...

    def play(self, games: Sequence[Game], move: Any) -> list[Game]: ...


_ANALYSES: dict[type[Compound], CompoundAnalysis] = {}


def register_analysis(kind: type[Compound], analysis: CompoundAnalysis) -> None:
    """Install ``analysis`` as the analysis of the compound type ``kind`` (and of
    its subclasses that have none of their own)."""
    if not (isinstance(kind, type) and issubclass(kind, Compound)):
        raise InvalidParameterError(f"register_analysis takes a Compound type; got {describe(kind)}")
    _ANALYSES[kind] = analysis


def analysis_of(compound: Compound | type[Compound]) -> CompoundAnalysis:
    """The analysis registered for ``compound``'s type (or the nearest base type)."""
    cls = compound if isinstance(compound, type) else type(compound)
    for base in cls.__mro__:
        found = _ANALYSES.get(base)
        if found is not None:
            return found
    raise GrundyError(
        f"no analysis of {cls.__name__} is loaded: import grundy (or grundy.solve) first"
    )


class Compound:
    """Base of the compounds other than the disjunctive sum: a tuple of games."""

    kind: ClassVar[str] = ""
    __slots__ = ("components",)

    components: tuple[Game, ...]

    def __init__(self, *components: Game | Compound | GameSum) -> None:
        flat: list[Game] = []
        for c in components:
            if isinstance(c, Game):
                if type(c.position) is Sum:  # a Sum position is several components
                    flat.extend(Game(c.ruleset, p) for p in c.position.parts)
                else:
                    flat.append(c)
            elif type(c) is type(self):
                flat.extend(c.components)
            else:
                raise InvalidPositionError(
                    f"a {type(self).__name__} combines games (ruleset[position]) or "
                    f"{type(self).__name__}s; got {describe(c)}"
                )
        object.__setattr__(self, "components", tuple(flat))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __add__(self, other: object) -> Compound:
        if isinstance(other, Game) or type(other) is type(self):
            return type(self)(self, other)
        return NotImplemented

    def __radd__(self, other: object) -> Compound:
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        if isinstance(other, Game):
            return type(self)(other, self)
        return NotImplemented

    def __len__(self) -> int:
        return len(self.components)

    def __iter__(self) -> Iterator[Game]:
        return iter(self.components)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and sorted(map(repr, self.components)) == sorted(
            map(repr, other.components)
        )

    def __hash__(self) -> int:
        return hash((self.kind, tuple(sorted(map(repr, self.components)))))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(map(repr, self.components)) + ")"

    @property
    def outcome(self) -> Outcome:
        """``Outcome.N`` if the player to move wins the compound, else ``Outcome.P``."""
        return analysis_of(self).outcome(self.components)

    def winning_move(self) -> Move | None:
        """A winning move (constructed from the components), or ``None`` from a
        P-position."""
        return analysis_of(self).winning_move(self.components)

    def options(self) -> list[Move]:
        """Every move of the compound."""
        return analysis_of(self).options(self.components)

    def play(self, move: Move) -> Compound:
        """The compound after ``move``."""
        return type(self)(*analysis_of(self).play(self.components, move))


class MisereSum(Compound):
    """Misère play of a sum: move in one component; whoever cannot move *wins*.

    Not a function of the components' Grundy values in general: decided by the misère
    Nim rule for Nim heaps and by an exact search over the sum (a multiset of
    components, finished components dropped) otherwise.

    >>> import grundy
    >>> nim = grundy.games.get("nim")
    >>> grundy.MisereSum(nim[1], nim[1], nim[1]).outcome, grundy.MisereSum(nim[2], nim[2]).outcome
    (Outcome.P, Outcome.P)
    """

    kind = "misere"
    __slots__ = ()

    @property
    def value(self) -> int:
        """The misère Grundy value of the whole sum (a position with no move is worth
        1; 0 exactly for misère P-positions)."""
        return analysis_of(self).value(self.components)


class EverySum(Compound):
    """Every-SG: each turn, move in every component that still has a move; whoever
    cannot move loses. Decided by the largest suspense (odd: N)."""

    kind = "every"
    __slots__ = ()


class ConjunctiveSum(Compound):
    """Conjunctive compound: each turn, move in every component; the game ends (the
    player to move loses) as soon as one component has no move. Decided by the
    smallest remoteness (odd: N)."""

    kind = "conjunctive"
    __slots__ = ()


class SelectiveSum(Compound):
    """Selective compound: each turn, move in any non-empty set of components; whoever
    cannot move loses. N iff some component is an N-position."""

    kind = "selective"
    __slots__ = ()


class Misere(Ruleset):
    """The misère version of ``ruleset``: the same moves; whoever cannot move wins.

    A position is played whole (a ``Sum`` position is a misère sum of its parts);
    ``Misere(r)[p]`` is a :class:`MisereSum`, so ``+`` builds misère sums. ``value``
    is the misère Grundy value (1 for a position with no move).

    The one ruleset that replaces the analysis methods (``value``, ``outcome``,
    ``winning_move(s)``, ``table``, ``remoteness``, ``suspense``) rather than
    answering hooks: misère play is another analysis (values of a sum do not XOR,
    a ``Sum`` is searched whole), so each question goes to :class:`MisereSum`.

    >>> import grundy
    >>> m = grundy.Misere(grundy.games.get("lasker"))
    >>> m.outcome(grundy.Sum(1, 1)), m.outcome(1), m.value(0)
    (Outcome.N, Outcome.P, 1)
    """

    def __init__(self, ruleset: Ruleset) -> None:
        if not isinstance(ruleset, Ruleset):
            raise InvalidParameterError(
                f"Misere takes a ruleset (grundy.Ruleset); got {describe(ruleset)}"
            )
        if isinstance(ruleset, Misere):
            raise InvalidParameterError("Misere of a Misere ruleset: misère play is not nested")
        self.inner = ruleset
        self.name = f"misere({ruleset.name})"
        self.table_shape = ruleset.table_shape
        self.tuple_position = ruleset.tuple_position
        if ruleset.spec is not None:
            self.spec = f"misere({ruleset.spec})"

    def moves(self, position: Any) -> Iterable[Hashable]:
        return self.inner.moves(position)

    def validate(self, position: Any) -> None:
        self.inner.check(position)

    def parse_position(self, text: str) -> Hashable:
        return self.inner.parse_position(text)

    def format_position(self, position: Any) -> str:
        return self.inner.format_position(position)

    def _sum(self, position: Any) -> MisereSum:
        self.check(position)
        return MisereSum(Game(self.inner, position))

    def __getitem__(self, position: Any) -> MisereSum:  # type: ignore[override]
        return self._sum(position)

    def sum(self, *positions: Any) -> MisereSum:  # type: ignore[override]
        return MisereSum(*(self._sum(p) for p in positions))

    def value(self, position: Any, **_: Any) -> int:
        return self._sum(position).value

    def outcome(self, position: Any, **_: Any) -> Outcome:
        return self._sum(position).outcome

    def winning_moves(self, position: Any, *, limit: int | None = None) -> list[Hashable]:
        s = self._sum(position)
        return [self._option(s, m) for m in s.options() if s.play(m).outcome is Outcome.P]

    def winning_move(self, position: Any) -> Hashable | None:
        s = self._sum(position)
        m = s.winning_move()
        return None if m is None else self._option(s, m)

    def _option(self, s: MisereSum, move: Move) -> Hashable:
        after = s.play(move).components
        if len(after) == 1:
            return after[0].position
        return Sum(*(g.position for g in after))

    def table(self, n: int, **_: Any) -> list[int]:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidParameterError(f"{self.name}: a table runs to a non-negative integer; got {describe(n)}")
        return [self.value(i) for i in range(n + 1)]

    def remoteness(self, position: Any, **_: Any) -> int:
        raise InvalidParameterError(f"{self.name}: remoteness is defined for normal play only")

    def suspense(self, position: Any, **_: Any) -> int:
        raise InvalidParameterError(f"{self.name}: suspense is defined for normal play only")
