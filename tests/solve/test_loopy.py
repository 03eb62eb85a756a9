"""Generalised Sprague-Grundy values and loopy sums against retrograde analysis
(fixpoint brute force) of the sum itself; analyze_loopy on rulesets, terminal
results, budgets and errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import Outcome, Sum, inf
from grundy.solve.loopy import LoopyAnalysis, analyze_loopy, loopy_unsupported
from grundy.values.errors import LoopyGameError, MoveFunctionError, SearchLimitError
from grundy.values.loopy import loopy_outcome, loopy_sum
from grundy.solve.budget import Budget
from tests.solve.loopy_oracles import explore, heap, outcomes, product, remoteness


@st.composite
def digraphs(draw, max_n=7):
    n = draw(st.integers(1, max_n))
    return {v: sorted(draw(st.sets(st.integers(0, n - 1), max_size=3))) for v in range(n)}


def analysis(succ):
    labels = list(succ)
    num = {v: i for i, v in enumerate(labels)}
    src = [num[v] for v in succ for _ in succ[v]]
    dst = [num[w] for v in succ for w in succ[v]]
    return LoopyAnalysis(len(succ), np.array(src, np.int64), np.array(dst, np.int64),
                         labels=labels)


@given(digraphs(9))
@settings(max_examples=200, deadline=None)
def test_value_is_pinned_down_by_sums_with_nim_heaps(succ):
    """gamma(u) = n finite iff u + *n is P; gamma(u) = inf(K) iff no u + *n is P,
    and K = {n : u + *n is N}: the definition of the value through sums."""
    a = analysis(succ)
    values = a.values()
    top = max([v for v in values.values() if isinstance(v, int)] + [0]) + 2
    both = outcomes(product(succ, heap(top)))
    for u, g in values.items():
        got = {n: both[(u, n)] for n in range(top + 1)}
        if isinstance(g, int):
            assert got[g] == "P"
            assert all(o != "P" for n, o in got.items() if n != g)
        else:
            assert "P" not in got.values()
            assert {n for n, o in got.items() if o == "N"} == set(g.escapes)
        assert str(loopy_outcome(g)) == outcomes(succ)[u]


@given(digraphs(6), digraphs(6), st.booleans())
@settings(max_examples=150, deadline=None)
def test_sum_rule_matches_retrograde_analysis_of_the_sum(g1, g2, third):
    parts = [g1, g2] + ([{0: [1], 1: [0, 2], 2: []}] if third else [])
    vals = [analysis(g).values() for g in parts]
    whole = product(*parts)
    want = outcomes(whole)
    sum_values = analysis({k: v for k, v in whole.items()}).values() if len(whole) < 80 else None
    for t in whole:
        s = loopy_sum(*(vals[i][t[i]] for i in range(len(parts))))
        assert str(loopy_outcome(s)) == want[t]
        if sum_values is not None:
            assert sum_values[t] == s  # the value itself, not only the outcome


@given(digraphs(10))
@settings(max_examples=150, deadline=None)
def test_remoteness_with_draws_matches_fixpoint(succ):
    a = analysis(succ)
    rem = remoteness(succ)
    out = outcomes(succ)
    for v in succ:
        assert a.remoteness(v) == rem[v]
        assert str(a.outcome(v)) == out[v]
        m = a.move(v)
        if out[v] == "P":
            assert m is None
        elif out[v] == "N":  # a fastest win
            assert out[m] == "P" and rem[m] == rem[v] - 1 and m in succ[v]
        else:
            assert out[m] == "D" and m in succ[v]


def test_issue_example_remoteness():
    a = analysis({0: [1], 1: [0, 2], 2: []})
    assert (a.remoteness(0), a.remoteness(1), a.remoteness(2)) == (2, 1, 0)


# ------------------------------------------------------------ rulesets with sums
@st.composite
def sum_rulesets(draw):
    """Positions (level, i); options stay in the level or go lower, and Sum options
    split into positions of lower levels (so no Sum is on a cycle)."""
    levels = draw(st.integers(1, 3))
    width = draw(st.integers(1, 3))
    rules = {}
    for lv in range(levels):
        for i in range(width):
            plain = draw(st.lists(st.tuples(st.integers(0, lv), st.integers(0, width - 1)), max_size=3))
            sums = []
            if lv:
                for _ in range(draw(st.integers(0, 2))):
                    k = draw(st.integers(2, 3))
                    sums.append(tuple(draw(st.tuples(*[st.integers(0, lv - 1)] * k).map(
                        lambda ls: tuple((l, draw(st.integers(0, width - 1))) for l in ls)))))
            rules[(lv, i)] = (plain, sums)
    return rules


def compound_moves(rules):
    """The sum game itself: a position is a sorted tuple of components."""
    def moves(ps):
        for j, p in enumerate(ps):
            rest = ps[:j] + ps[j + 1:]
            plain, sums = rules[p]
            for o in plain:
                yield tuple(sorted(rest + (o,)))
            for parts in sums:
                yield tuple(sorted(rest + parts))
    return moves


@given(sum_rulesets())
@settings(max_examples=60, deadline=None)
def test_rulesets_with_sum_options_match_the_compound_game(rules):
    @grundy.ruleset
    def game(p):
        plain, sums = rules[p]
        yield from plain
        yield from (Sum(*parts) for parts in sums)

    top = max(rules)
    a = analyze_loopy(game, top)
    succ = explore(compound_moves(rules), [(top,)])
    if len(succ) > 3000:
        return
    want = outcomes(succ)
    for p in rules:
        if p in a:
            assert str(a.outcome(p)) == want.get((p,), str(a.outcome(p)))
    assert str(a.outcome(top)) == want[(top,)]
    m = a.move(top)
    if want[(top,)] == "P":
        assert m is None
    else:
        parts = m.parts if type(m) is Sum else (m,)
        assert want[tuple(sorted(parts))] == ("P" if want[(top,)] == "N" else "D")


def test_sum_on_a_cycle_is_refused():
    @grundy.ruleset
    def bad(n):
        if n == 0:
            yield Sum(1, 1)
        else:
            yield 0

    with pytest.raises(LoopyGameError, match="Sum option whose part can lead back"):
        analyze_loopy(bad, 0)


# ------------------------------------------------------------- terminal results
class Countdown(grundy.Ruleset):
    """A token on 0..9 moves one step either way; reaching 0 wins for the player
    who moved there (so the player to move at 0 has lost), 9 is a fixed draw."""

    name = "countdown"

    def moves(self, n):
        return [m for m in (n - 1, n + 1) if 0 <= m <= 9]

    def result(self, n):
        return Outcome.P if n == 0 else Outcome.D if n == 9 else None


def test_terminal_results_match_fixpoint():
    a = analyze_loopy(Countdown(), 5)
    succ = {n: Countdown().moves(n) for n in range(10)}
    fixed = {0: "P", 9: "D"}
    want, rem = outcomes(succ, fixed), remoteness(succ, fixed)
    assert {n: str(a.outcome(n)) for n in range(10)} == want
    assert {n: a.remoteness(n) for n in range(10)} == rem
    assert a.outcome(1) is Outcome.N and a.remoteness(1) == 1
    with pytest.raises(LoopyGameError, match="won or drawn by the rules"):
        a.value(3)


def test_budget_says_how_far_it_got():
    @grundy.ruleset
    def up(n):
        yield n + 1

    with pytest.raises(SearchLimitError, match=r"more than 1,000 positions .* \(explored 1,000"):
        analyze_loopy(up, 0, budget=Budget(positions=1000))
    with pytest.raises(SearchLimitError, match="out of time"):
        analyze_loopy(up, 0, budget=Budget(seconds=0.05))


def test_bad_move_functions_and_unsupported_questions():
    @grundy.ruleset
    def broken(n):
        return [1 // n]

    with pytest.raises(MoveFunctionError, match=r"broken.moves\(0\) raised ZeroDivisionError"):
        analyze_loopy(broken, 0)
    err = loopy_unsupported("Every-SG play", 3)
    assert isinstance(err, LoopyGameError) and "Every-SG play is not defined" in str(err)


def test_inf_value_type():
    assert repr(inf({2, 0})) == "inf({0, 2})" and eval(repr(inf({2, 0}))) == inf({0, 2})
    assert repr(inf()) == "inf()" and eval("inf()") == inf(set())
    assert hash(inf([1, 1])) == hash(inf({1})) and inf({1}) != inf({0}) and inf() != 0
    with pytest.raises(AttributeError):
        inf().escapes = frozenset()  # type: ignore[misc]
    assert loopy_sum(inf({0, 3}), 3) == inf({0, 3}) and loopy_sum(inf({0}), inf()) == inf()
    with pytest.raises(grundy.InvalidParameterError):
        loopy_sum(-1)


def test_a_monotonic_deadline_holds_after_compiled_code_loaded(monkeypatch):
    """The search's deadline and its looks at the time are on one clock even when
    the process has spent time loading compiled code (which the budgets' clock
    skips): the search stops on time, not that much later (or at once).

    A day of loading, faked: a deadline on ``time.monotonic()`` read against the
    budgets' clock (or the reverse) would be a day off, and the search would end
    by its positions budget instead of its time."""
    from grundy.values import clock

    day = 86400.0
    real = clock.excluded_seconds
    monkeypatch.setattr(clock, "excluded_seconds", lambda: real() + day)

    @grundy.ruleset
    def up(n):
        yield n + 1

    with pytest.raises(SearchLimitError, match="out of time") as e:
        analyze_loopy(up, 0, budget=Budget(seconds=0.05, positions=10**6))
    assert e.value.reason == "seconds"
