"""The contract between rules and analysis: a ruleset tells the analysis what it
knows through hooks (each may decline a position with ``None``) and never replaces
the analysis methods. The hooks of the catalogue are checked here against brute
force from the raw moves (a mex over the options, a sum's parts XORed; a small
retrograde analysis for the one game with cycles)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from itertools import product

import pytest

import grundy
from grundy.rules.compound import Misere
from grundy.rules.questions import QUESTIONS
from grundy.rules.ruleset import Ruleset
from grundy.rules.sums import Sum
from grundy.solve.graph import GameGraph
from grundy.values.errors import SearchLimitError
from grundy.values.outcome import Outcome
from tests.oracles import mex

P, N = Outcome.P, Outcome.N

#: The analysis a ruleset delegates to the engine; no ruleset replaces them.
ANALYSIS = (*QUESTIONS, "table", "check")


def _subclasses(cls: type) -> Iterable[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_no_ruleset_replaces_an_analysis_method() -> None:
    catalogue = {type(grundy.games.get(e.sample or e.name)) for e in grundy.games.entries()}
    classes = catalogue | {c for c in _subclasses(Ruleset)
                           if c.__module__.startswith(("grundy.games", "grundy.solve"))}
    assert len(catalogue) >= 30 and GameGraph in classes
    for cls in classes:
        for name in ANALYSIS:
            owner = next(k for k in cls.__mro__ if name in vars(k))
            assert owner is Ruleset, f"{cls.__module__}.{cls.__qualname__} replaces {name}"


def test_search_capabilities_follow_from_the_hooks_a_class_defines() -> None:
    """The search asks decompose/canonical only of a ruleset that defines them;
    the flags it reads follow from the class, with nothing to declare."""
    classes = {c for c in _subclasses(Ruleset)
               if c.__module__.startswith(("grundy.games", "grundy.solve"))}
    for cls in classes:
        for hook, flag in (("decompose", "has_decompose"), ("canonical", "has_canonical")):
            defined = getattr(cls, hook) is not getattr(Ruleset, hook)
            assert defined == getattr(cls, flag), f"{cls.__qualname__}: {hook} and {flag}"

    class Pairs(grundy.Ruleset):  # a tuple of heaps, declared as its parts
        name = "pairs"

        def moves(self, p: Hashable) -> list[Hashable]:
            return list(range(p)) if isinstance(p, int) else []

        def decompose(self, p: Hashable) -> Iterable[Hashable] | None:
            return p if isinstance(p, tuple) else None

    assert Pairs.has_decompose and not Pairs.has_canonical
    assert Pairs().value((3, 5, 7)) == 3 ^ 5 ^ 7


def test_misere_is_the_one_other_analysis() -> None:
    # misère play searches a sum whole: it answers the questions itself
    assert all(name in vars(Misere) for name in ("value", "outcome", "winning_move",
                                                  "winning_moves", "remoteness", "suspense",
                                                  "table"))


def test_hooks_decline_by_default() -> None:
    rs = grundy.ruleset(lambda n: range(n))
    assert rs.value_formula(3) is None and rs.outcome_formula(3) is None
    assert rs.value_formula_many([1, 2]) is None
    assert rs.remoteness_formula(3) is None and rs.suspense_formula(3) is None
    assert rs.winning_move_formula(3) is None and rs.winning_moves_formula(3) is None
    assert rs.options_with_value_formula(3, 0) is None
    # declined: the analysis searches
    assert (rs.value(3), rs.winning_move(3), rs.winning_moves(3)) == (3, 0, [0])


def test_a_hook_that_declines_some_positions() -> None:
    class Half(grundy.Ruleset):
        name = "half"

        def moves(self, n: int) -> range:
            return range(n)

        def value_formula(self, n: int) -> int | None:
            return n if n % 2 else None  # odd heaps only

        def winning_move_formula(self, n: int) -> Hashable | None:
            return 0 if n > 5 else None

    h = Half()
    assert [h.value(n) for n in range(6)] == list(range(6))
    assert h.value(Sum(2, 3, 4)) == 2 ^ 3 ^ 4
    assert h.sum(*range(40)).value == 0 and h.table(4) == [0, 1, 2, 3, 4]
    assert [h.winning_move(n) for n in range(8)] == [None] + [0] * 7


# ------------------------------------------------------------------ brute force
def _normal(o: Hashable) -> Hashable:
    return o.parts[0] if type(o) is Sum and len(o.parts) == 1 else o


def _options(rs: Ruleset, p: Hashable) -> list[Hashable]:
    return [_normal(o) for o in rs.moves(p)]


def _brute_value(rs: Ruleset, memo: dict[Hashable, int]) -> Callable[[Hashable], int]:
    """The Grundy value from the raw moves of an acyclic game."""

    def value(p: Hashable) -> int:
        if type(p) is Sum:
            x = 0
            for q in p.parts:
                x ^= value(q)
            return x
        if p not in memo:
            memo[p] = mex(value(o) for o in _options(rs, p))
        return memo[p]

    return value


def _retrograde(rs: Ruleset, starts: Iterable[Hashable]) -> dict[Hashable, Outcome]:
    """Outcomes of every position reachable from ``starts`` (a game with cycles):
    N if some option is P, P if every option is N, the rest drawn (absent)."""
    order = list(dict.fromkeys(starts))
    opts: dict[Hashable, list[Hashable]] = {}
    seen = set(order)
    for p in order:
        opts[p] = _options(rs, p)
        for o in opts[p]:
            if o not in seen:
                seen.add(o)
                order.append(o)
    out: dict[Hashable, Outcome] = {}
    changed = True
    while changed:
        changed = False
        for p in order:
            if p in out:
                continue
            if any(out.get(o) is P for o in opts[p]):
                out[p], changed = N, True
            elif all(out.get(o) is N for o in opts[p]):
                out[p], changed = P, True
    return out


def _tuples(width: int, top: int) -> list[tuple[int, ...]]:
    return [t for k in range(1, width + 1) for t in product(range(top + 1), repeat=k)]


def _geography_boards(rs: Ruleset) -> list[Hashable]:
    texts = ["0-1 1-2 2-3 start=1", "0-1 1-2 2-0 2-3 start=3", "0-1 1-2 2-3 3-0 0-2 start=0",
             "0-1 1-2 2-3 3-4 4-0 1-3 start=2", "0-1 0-2 0-3 3-4 start=0", "0-1 start=1"]
    return [rs.parse_position(t) for t in texts]


#: (ruleset, small positions) of every game whose hooks construct moves.
CASES: list[tuple[str, Callable[[], Ruleset], Callable[[Ruleset], list[Hashable]]]] = [
    ("euclid", lambda: grundy.games.Euclid(),
     lambda rs: [(a, b) for a in range(9) for b in range(9)]),
    ("wythoff", lambda: grundy.games.Wythoff(),
     lambda rs: [(a, b) for a in range(10) for b in range(10)]),
    ("circle", lambda: grundy.games.CircleRuns(2),
     lambda rs: [("circle", n) for n in range(9)] + list(range(12))),
    ("circle-1", lambda: grundy.games.CircleRuns(1),
     lambda rs: [("circle", n) for n in range(9)] + list(range(12))),
    ("dynamic", lambda: grundy.games.DynamicSubtraction(2),
     lambda rs: [(n, c) for n in range(16) for c in range(1, max(n, 1) + 1)]),
    ("misere-nim", lambda: grundy.games.MisereNim(), lambda rs: _tuples(3, 3)),
    ("moore", lambda: grundy.games.MooreNim(2), lambda rs: _tuples(3, 3)),
    ("staircase", lambda: grundy.games.StaircaseNim(), lambda rs: _tuples(3, 3)),
    ("everything", lambda: grundy.games.EverythingNim(), lambda rs: _tuples(3, 4)),
    ("nim", lambda: grundy.games.Nim(), lambda rs: list(range(12))),
    ("bash", lambda: grundy.games.Bash(3), lambda rs: list(range(20))),
    ("even-split", lambda: grundy.games.EvenSplit(2), lambda rs: list(range(28))),
    ("merge", lambda: grundy.games.MergePiles(3),
     lambda rs: [rs.start(n) for n in range(1, 9)] + [((1, 2), (2, 1)), ((2, 2),)]),
    ("geography", lambda: grundy.games.VertexGeography(), _geography_boards),
    ("edge-geography", lambda: grundy.games.EdgeGeography(), _geography_boards),
]


@pytest.mark.parametrize("name,make,positions", CASES, ids=[c[0] for c in CASES])
def test_hooks_answer_as_brute_force(name: str, make: Callable[[], Ruleset],
                                     positions: Callable[[Ruleset], list[Hashable]]) -> None:
    rs = make()
    value = _brute_value(rs, {})
    seen_move = seen_moves = seen_values = 0
    for p in positions(rs):
        opts = _options(rs, p)
        out = P if value(p) == 0 else N
        own = rs.outcome_formula(p)
        assert own is None or own is out, (name, p)
        wins = {o for o in opts if value(o) == 0}
        move = rs.winning_move_formula(p)
        if move is not None:
            seen_move += 1
            assert move in wins, (name, p, move)
        moves = rs.winning_moves_formula(p)
        if moves is not None:
            seen_moves += 1
            assert len(moves) == len(set(moves)) and set(moves) == wins, (name, p)
        for t in range(4):
            found = rs.options_with_value_formula(p, t)
            if found is not None:
                seen_values += 1
                assert set(found) == {o for o in opts if value(o) == t}, (name, p, t)
        # the analysis, hooks first: as brute force
        assert rs.outcome(p) is out, (name, p)
        m = rs.winning_move(p)
        assert (m is None) if out is P else (m in wins), (name, p, m)
        assert set(rs.winning_moves(p)) == wins, (name, p)
        assert set(rs.options_with_value(p, 1)) == {o for o in opts if value(o) == 1}, (name, p)
    assert seen_move or seen_moves or seen_values or name == "merge", name


def test_northcott_hooks_as_retrograde_analysis() -> None:
    rs = grundy.games.Northcott(5)
    starts = [(((1, 3), (2, 5)), 0), (((1, 4),), 0), (((5, 1), (2, 4)), 1)]
    outcomes = _retrograde(rs, starts)
    assert len(outcomes) > 100
    for p, out in outcomes.items():
        assert rs.outcome_formula(p) is out, p
        move = rs.winning_move_formula(p)
        if out is P:
            assert move is None, p
        else:
            assert move in _options(rs, p) and outcomes[move] is P, p
        assert rs.winning_move(p) == move, p


def test_merge_piles_declines_all_but_the_start() -> None:
    rs = grundy.games.MergePiles(3)
    assert rs.outcome_formula(((1, 2), (2, 1))) is None
    assert rs.outcome_formula(rs.start(10**18)) is not None


def test_hackenbush_refuses_a_long_listing_before_building_it() -> None:
    rs = grundy.games.GreenHackenbush()
    tree = grundy.games.string(6)
    assert rs.options_with_value_formula(tree, 2) is None  # declined: searched
    assert rs.options_with_value(tree, 2) == [grundy.games.string(2)]
    with pytest.raises(SearchLimitError):
        rs.options_with_value(tree, 2, limit=3)


def test_game_graph_answers_through_hooks() -> None:
    g = GameGraph({"a": ["b"], "b": ["a", "c"], "c": [], "d": ["d"]})
    assert [g.outcome(v) for v in "abcd"] == [P, N, P, Outcome.D]
    assert g.remoteness("b") == 1 and g.winning_move("b") in ("a", "c")
    assert g.outcome(Sum("b", "b")) is P
