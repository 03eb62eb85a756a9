import pytest

import grundy
from grundy import (
    BadOptionError,
    GrundyError,
    InvalidPositionError,
    MoveFunctionError,
    Outcome,
    Ruleset,
    Sum,
    UnhashablePositionError,
)
from tests.oracles import grundy_values


@grundy.ruleset
def lasker(n):
    yield from range(n)
    yield from (grundy.Sum(a, n - a) for a in range(1, n // 2 + 1))


class Kayles(Ruleset):
    """Knock down one pin or two adjacent pins from a row: a move leaves two rows."""

    name = "kayles"

    def moves(self, n):
        for take in (1, 2):
            for left in range(n - take + 1):
                yield Sum(left, n - take - left)

    def validate(self, n):
        if not isinstance(n, int) or n < 0:
            raise InvalidPositionError(f"kayles: bad row {n!r}")


def test_issue_example():
    assert lasker[10].value == 10
    assert lasker[10].outcome is Outcome.N
    assert lasker[10].winning_moves() == [0, Sum(5, 5)]
    assert (lasker[10] + lasker[7]).value == 10 ^ 8


def test_subclass_with_multi_sg_options_matches_product_brute_force():
    k = Kayles()

    def flat_moves(rows):  # rows: a sorted tuple of row lengths; raw rules
        for i, n in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for take in (1, 2):
                for left in range(n - take + 1):
                    parts = [x for x in (left, n - take - left) if x]
                    yield tuple(sorted(rest + tuple(parts)))

    g = grundy_values(flat_moves)
    for n in range(25):
        assert k.value(n) == g((n,) if n else ()), n


def test_decorator_with_name_and_docstring():
    @grundy.ruleset(name="take-1-2")
    def t(n):
        """Take one or two."""
        return [n - k for k in (1, 2) if k <= n]

    assert t.name == "take-1-2" and t.__doc__ == "Take one or two."
    assert t.table(7) == [0, 1, 2, 0, 1, 2, 0, 1]


def test_validation_and_hashability_errors():
    with pytest.raises(InvalidPositionError, match="-1"):
        Kayles()[-1]
    with pytest.raises(UnhashablePositionError, match=r"\[1, 2\]") as info:
        lasker[[1, 2]]
    assert isinstance(info.value, TypeError) and isinstance(info.value, GrundyError)
    with pytest.raises(UnhashablePositionError):
        lasker.solver.value([1, 2])


def test_move_function_that_raises_is_named():
    @grundy.ruleset
    def broken(n):
        if n == 3:
            raise ZeroDivisionError("boom")
        return range(n)

    with pytest.raises(MoveFunctionError, match=r"broken\.moves\(3\) raised ZeroDivisionError: boom"):
        broken.value(5)
    # the memo holds only finished values: positions 0..2 are right, 3.. unknown
    assert broken.solver.value(2) == 2
    assert 3 not in broken.solver._values


def test_move_function_returning_none():
    @grundy.ruleset
    def forgot(n):
        [n - 1]

    with pytest.raises(MoveFunctionError, match="returned None"):
        forgot.value(2)


def test_garbage_options():
    @grundy.ruleset
    def lists(n):
        yield [n - 1]

    with pytest.raises(BadOptionError, match=r"yielded \[4\]"):
        lists.value(5)

    @grundy.ruleset
    def bad_sum(n):
        yield Sum(0, 0) if n < 2 else Sum(n - 1, 0)
        yield (n, [1])

    with pytest.raises(BadOptionError, match=r"\(3, \[1\]\)"):
        bad_sum.value(3)


def test_closed_form_hooks_are_used_and_solver_stays_brute_force():
    class Bash(Ruleset):
        def __init__(self, m):
            self.m, self.name = m, f"bash{m}"

        def moves(self, n):
            return range(max(0, n - self.m), n)

        def value_formula(self, n):
            return n % (self.m + 1)

    b = Bash(3)
    assert b[10**30].value == 10**30 % 4
    assert len(b.solver) == 0  # the formula did not touch the search
    for n in range(60):
        assert b.solver.value(n) == b.value(n)


def test_outcome_formula_only():
    class OnlyOutcome(Ruleset):
        name = "bash2-outcome"

        def moves(self, n):
            return range(max(0, n - 2), n)

        def outcome_formula(self, n):
            return Outcome.P if n % 3 == 0 else Outcome.N

    g = OnlyOutcome()
    assert g[10**40].outcome is Outcome.N
    assert g.winning_move(7) == 6
    assert g.winning_moves(8) == [6]
    assert g.winning_move(9) is None


def test_options_limit():
    with pytest.raises(grundy.SearchLimitError, match="more than 10 options"):
        lasker.options(100, limit=10)
    assert len(lasker.options(10, limit=15)) == 15
