"""ZeroSumGame (minimax with memo and alpha-beta) against a plain recursive
minimax written here from the definition."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from grundy.solve.budget import Budget
from grundy.solve.minimax import ZeroSumGame
from grundy.values.errors import (
    InvalidParameterError,
    InvalidPositionError,
    LoopyGameError,
    MoveFunctionError,
    SearchLimitError,
    UnhashablePositionError,
)


def reference(moves, payoff, to_move=None):
    """Max's payoff under best play, by the definition (recursion, small games)."""

    @cache
    def v(state, maxing):
        p = payoff(state)
        if p is not None:
            return p
        if to_move is not None:
            vals = [v(o, to_move(o) == "max") for o in moves(state)]
        else:
            vals = [v(o, not maxing) for o in moves(state)]
        return max(vals) if maxing else min(vals)

    return v


def ends(s):
    return [s[1:], s[:-1]] if len(s) > 1 else []


def last(s):
    return s[0] if len(s) == 1 else None


@pytest.mark.parametrize("prune", [True, False])
def test_rows_against_the_definition(prune):
    ref = reference(ends, last)
    rng = random.Random(7)
    for _ in range(400):
        row = tuple(rng.randrange(-5, 10) for _ in range(rng.randrange(1, 10)))
        g = ZeroSumGame(ends, last, prune=prune)
        for first in ("max", "min"):
            assert g.value(row, first=first) == ref(row, first == "max")


def random_dag(rng, n, payoffs):
    """A random acyclic game: state i moves to some j > i; sinks carry payoffs."""
    succ = {i: sorted(rng.sample(range(i + 1, n), k=min(n - i - 1, rng.randrange(0, 4)))) for i in range(n)}
    pay = {i: payoffs(rng) for i in range(n) if not succ[i]}
    return succ, pay


@pytest.mark.parametrize("kind", ["int", "fraction", "tuple"])
def test_random_dags_with_ordering_and_either_first(kind):
    payoffs = {
        "int": lambda r: r.randrange(-20, 20),
        "fraction": lambda r: Fraction(r.randrange(-50, 50), r.randrange(1, 7)) + 10**30,
        "tuple": lambda r: tuple(r.randrange(3) for _ in range(r.randrange(1, 4))),
    }[kind]
    rng = random.Random(11)
    for _ in range(60):
        succ, pay = random_dag(rng, rng.randrange(2, 40), payoffs)
        moves, payoff = (lambda s: succ[s]), pay.get
        ref = reference(moves, payoff)
        order = (lambda s: pay.get(s, 0)) if kind == "int" else None
        pruned = ZeroSumGame(moves, payoff, order=order)
        plain = ZeroSumGame(moves, payoff, prune=False)
        for s in range(len(succ)):  # every state asked first or later, memo shared
            for first in ("max", "min"):
                want = ref(s, first == "max")
                assert pruned.value(s, first=first) == want
                assert plain.value(s, first=first) == want
                line = pruned.line(s, first=first)
                assert line[0] == s and payoff(line[-1]) == want
                assert all(b in succ[a] for a, b in zip(line, line[1:]))


def test_alpha_beta_expands_fewer_positions_on_a_tree():
    # a uniform tree (no transpositions): depth 8, 4 moves each, random leaves
    rng = random.Random(3)
    leaf = {}

    def payoff(s):
        if len(s) < 8:
            return None
        if s not in leaf:
            leaf[s] = rng.randrange(1000)
        return leaf[s]

    calls = {"pruned": 0, "plain": 0}

    def counting(which):
        def moves(s):
            calls[which] += 1
            return [s + (i,) for i in range(4)]
        return moves

    a = ZeroSumGame(counting("pruned"), payoff).value(())
    b = ZeroSumGame(counting("plain"), payoff, prune=False).value(())
    assert a == b
    assert b == reference(lambda s: [s + (i,) for i in range(4)], payoff)((), True)
    assert calls["plain"] == sum(4**d for d in range(8))
    assert calls["pruned"] < calls["plain"] // 4


def test_to_move_extra_moves_of_the_first_player():
    # CF 794E's "k moves first": the state counts moves made; Max makes the first k
    k = 2

    def moves(s):
        row, t = s
        return [(r, t + 1) for r in ends(row)]

    def who(s):
        t = s[1]
        return "max" if t < k or (t - k) % 2 == 0 else "min"

    payoff = lambda s: last(s[0])  # noqa: E731
    g = ZeroSumGame(moves, payoff, to_move=who)
    ref = reference(moves, payoff, to_move=who)
    rng = random.Random(5)
    for _ in range(200):
        row = tuple(rng.randrange(10) for _ in range(rng.randrange(1, 9)))
        assert g.value((row, 0)) == ref((row, 0), True)


@pytest.mark.parametrize("n", [200_000, pytest.param(10**6, marks=pytest.mark.slow)])
def test_a_long_line_needs_no_recursion(n):
    g = ZeroSumGame(lambda s: [s - 1], lambda s: 7 if s == 0 else None)
    assert g.value(n) == 7
    assert len(g.line(10**4)) == 10**4 + 1


def test_errors_name_the_bad_input():
    with pytest.raises(LoopyGameError, match="reached from itself"):
        ZeroSumGame(lambda s: [(s + 1) % 3], lambda s: None).value(0)
    with pytest.raises(InvalidPositionError, match="no moves and no payoff"):
        ZeroSumGame(lambda s: [], lambda s: None).value(5)
    with pytest.raises(InvalidParameterError, match="first"):
        ZeroSumGame(ends, last).value((1, 2), first="white")  # type: ignore[arg-type]
    with pytest.raises(UnhashablePositionError):
        ZeroSumGame(lambda s: [(0,)], lambda s: None).value([1, 2])
    with pytest.raises(MoveFunctionError, match="moves"):
        ZeroSumGame(lambda s: 1 / 0, lambda s: None).value(3)
    with pytest.raises(MoveFunctionError, match="to_move"):
        ZeroSumGame(ends, last, to_move=lambda s: "white").value((1, 2))  # type: ignore[arg-type,return-value]
    with pytest.raises(InvalidParameterError):
        ZeroSumGame(3, last)  # type: ignore[arg-type]
    with pytest.raises(SearchLimitError) as err:
        ZeroSumGame(lambda s: [s + (0,), s + (1,)], lambda s: len(s) if len(s) == 24 else None).value(
            (), budget=Budget(positions=1000))
    assert err.value.reason == "positions"


# ------------------------------------------------- the user's functions misbehaving (issue 39)
def _two_ends(payoffs: dict[int, object]) -> ZeroSumGame:
    """Max moves from 0 to 1 or 2, each an end with the payoff given."""
    return ZeroSumGame(lambda s: [1, 2] if s == 0 else [], lambda s: payoffs.get(s), name="ends")


def test_payoffs_that_cannot_be_compared_are_a_move_function_error() -> None:
    from grundy.values.errors import MoveFunctionError

    with pytest.raises(MoveFunctionError, match="ends: payoffs that cannot be compared"):
        _two_ends({1: 3, 2: "x"}).value(0)


@pytest.mark.parametrize("order", [(1, 2), (2, 1)])
def test_a_nan_payoff_is_refused_by_name_whatever_the_order(order: tuple[int, int]) -> None:
    """Max's value was nan or 5 depending on which option came first."""
    from grundy.values.errors import MoveFunctionError

    g = ZeroSumGame(lambda s: list(order) if s == 0 else [],
                    lambda s: {1: float("nan"), 2: 5}.get(s), name="nan")
    with pytest.raises(MoveFunctionError, match=r"payoff\(1\) returned nan"):
        g.value(0)


def test_a_raising_to_move_or_order_is_wrapped_like_a_raising_moves() -> None:
    from grundy.values.errors import MoveFunctionError

    def boom(s: object) -> object:
        raise KeyError(s)

    g = ZeroSumGame(lambda s: [s - 1] if s else [], lambda s: 0 if s == 0 else None,
                    to_move=boom, name="turns")
    with pytest.raises(MoveFunctionError, match=r"turns: to_move\(3\) failed: KeyError"):
        g.value(3)
    g = ZeroSumGame(lambda s: [s - 1, s - 2] if s > 1 else [], lambda s: s if s <= 1 else None,
                    order=boom, name="ordered")
    with pytest.raises(MoveFunctionError, match="ordered: order failed on the options of 5"):
        g.value(5)
    g = ZeroSumGame(lambda s: [s - 1, s - 2] if s > 1 else [], lambda s: s if s <= 1 else None,
                    order=lambda s: None if s % 2 else s, name="ordered")
    with pytest.raises(MoveFunctionError, match="must be comparable"):
        g.value(5)
