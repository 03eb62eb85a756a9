"""The questions are declared once (grundy.rules.questions): every one is a method
of every ruleset, an attribute of every game and a function of the engine, asked
by name with a budget; each derived delegation answers as the engine does."""

from __future__ import annotations

import warnings

import pytest

import grundy
from grundy import Budget, SearchLimitError, Sum
from grundy.rules.game import Game
from grundy.rules.questions import QUESTIONS, Asked
from grundy.rules.ruleset import Ruleset
from grundy.solve import engine
from grundy.values.errors import InvalidParameterError


def test_every_question_is_derived_everywhere() -> None:
    assert {"value", "outcome", "remoteness", "suspense", "winning_moves", "winning_move",
            "options", "options_with_value", "option_with_value", "is_option"} <= set(QUESTIONS)
    for name, q in QUESTIONS.items():
        assert callable(getattr(engine, name)), name
        assert name in vars(Ruleset) and name in vars(Game), name
        assert isinstance(vars(Game)[name], property) == isinstance(q, Asked), name


@pytest.mark.parametrize("name,position", [("lasker", 11), ("kayles", 6), ("cram", "2x3"),
                                           ("wythoff", (3, 5)), ("nim", 6)])
def test_the_delegations_answer_as_the_engine(name: str, position: object) -> None:
    rs = grundy.games.get(name)
    p = rs.parse_position(position) if isinstance(position, str) else position
    g = rs[p]
    answers = {
        "value": (), "outcome": (), "remoteness": (), "suspense": (), "winning_moves": (),
        "winning_move": (), "options": (), "options_with_value": (0,),
        "option_with_value": (0,), "is_option": (rs.options(p)[0],),
    }
    assert set(answers) == set(QUESTIONS)  # a new question: add it here too
    for q, args in answers.items():
        want = getattr(engine, q)(rs, p, *args)
        assert getattr(rs, q)(p, *args) == want, q
        assert rs.ask(q, p, *args) == want == g.ask(q, *args), q
        on_game = getattr(g, q)
        assert (on_game if isinstance(QUESTIONS[q], Asked) else on_game(*args)) == want, q


def test_a_game_asks_with_a_budget() -> None:
    @grundy.ruleset
    def halves(n: int) -> range:
        return range(n // 2, n)

    g = halves[4000]
    with pytest.raises(SearchLimitError):
        g.ask("value", budget=Budget(positions=50))
    assert g.ask("value", budget=Budget(seconds=30)) == g.value == halves.value(4000)
    s = halves[4000] + grundy.games.get("nim")[3]
    with pytest.raises(SearchLimitError):
        (halves[9000] + halves[3]).ask("value", budget=Budget(positions=50))
    assert s.ask("value", budget=Budget(seconds=30)) == s.value == g.value ^ 3
    assert s.ask("winning_move") == s.winning_move()


def test_unknown_questions_are_refused_naming_them() -> None:
    nim = grundy.games.get("nim")
    with pytest.raises(InvalidParameterError, match="no question 'colour'"):
        nim[3].ask("colour")
    with pytest.raises(InvalidParameterError, match="not 'is_option'"):
        (nim[3] + nim[4]).ask("is_option", 2)


def test_the_older_keywords_of_a_search_still_work_with_a_warning() -> None:
    lasker = grundy.games.get("lasker")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert lasker.value(9, seconds=5) == lasker.value(9)
        assert lasker.solver.remoteness(9, seconds=5) == lasker.remoteness(9)
    assert [str(w.message).split("(")[0] for w in caught] == ["Ruleset.value", "Solver.remoteness"]


def test_hooks_named_formula_answer_before_the_search() -> None:
    class Take(grundy.Ruleset):
        name = "take"
        asked: list[str] = []

        def moves(self, n: int) -> range:
            return range(n)

        def option_with_value_formula(self, n: int, target: int) -> int | None:
            self.asked.append("option_with_value")
            return target if target < n else None

        def is_option_formula(self, n: int, o: object) -> bool | None:
            self.asked.append("is_option")
            return None  # declined: membership in range(n)

    t = Take()
    assert t.option_with_value(10**30, 5) == 5 and t[10**30].option_with_value(7) == 7
    assert t.is_option(5, 3) and not t.is_option(5, 7) and t[4].play(1) == t[1]
    assert t.asked.count("option_with_value") == 2 and t.asked.count("is_option") == 3
    assert t.winning_move(Sum(3, 3)) is None
