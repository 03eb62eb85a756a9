
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import LoopyGameError, Outcome, SearchLimitError, Sum
from grundy.solve import remoteness_rule, suspense_rule
from grundy.solve.budget import Budget
from tests.oracles import grundy_values, remoteness, suspense, wins


@st.composite
def dags(draw, max_n=30):
    """A random DAG on 0..n-1: edges only go from higher to lower vertices."""
    n = draw(st.integers(1, max_n))
    succ = {}
    for v in range(n):
        succ[v] = sorted(draw(st.sets(st.integers(0, v - 1), max_size=min(v, 6)))) if v else []
    return succ


@given(dags())
@settings(max_examples=200, deadline=None)
def test_outcome_and_value_on_random_dags(succ):
    rs = grundy.ruleset(lambda v: succ[v])
    w, g = wins(lambda v: succ[v]), grundy_values(lambda v: succ[v])
    for v in succ:
        assert rs.value(v) == g(v)
        assert (rs.outcome(v) is Outcome.N) == w(v)
        assert all(rs.outcome(o) is Outcome.P for o in rs.winning_moves(v))
        assert bool(rs.winning_moves(v)) == w(v)


@given(dags(max_n=12), st.lists(st.integers(0, 11), min_size=1, max_size=3))
@settings(max_examples=150, deadline=None)
def test_sg_theorem_on_random_sums(succ, picks):
    """Brute force on the product game equals the XOR of component values."""
    n = len(succ)
    ps = tuple(p % n for p in picks)
    rs = grundy.ruleset(lambda v: succ[v])

    def product_moves(t):
        for i, p in enumerate(t):
            for o in succ[p]:
                yield t[:i] + (o,) + t[i + 1 :]

    g = grundy_values(product_moves)
    assert rs.value(Sum(*ps)) == g(ps)
    assert rs.sum(*ps).value == g(ps)
    r, s = remoteness(product_moves), suspense(product_moves)
    assert rs.remoteness(Sum(*ps)) == r(ps)
    assert rs.suspense(Sum(*ps)) == s(ps)


@st.composite
def random_rulesets(draw):
    """A random take-and-split ruleset on heaps: take any amount in a set T, and
    optionally split the rest into two heaps."""
    takes = sorted(draw(st.sets(st.integers(1, 5), min_size=1, max_size=3)))
    split = draw(st.booleans())
    return takes, split


@given(random_rulesets())
@settings(max_examples=60, deadline=None)
def test_random_multi_sg_rulesets_against_flat_brute_force(spec):
    takes, split = spec

    def moves(n):
        for t in takes:
            if t <= n:
                r = n - t
                yield r
                if split:
                    for a in range(1, r // 2 + 1):
                        yield Sum(a, r - a)

    def flat(heaps):  # a sorted tuple of non-empty heaps; the raw rules
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for t in takes:
                if t <= n:
                    r = n - t
                    yield tuple(sorted(rest + ((r,) if r else ())))
                    if split:
                        for a in range(1, r // 2 + 1):
                            yield tuple(sorted(rest + (a, r - a)))

    rs = grundy.ruleset(moves)
    w, r, s = wins(flat), remoteness(flat), suspense(flat)
    for n in range(14):
        key = (n,) if n else ()
        assert (rs.outcome(n) is Outcome.N) == w(key)
        assert rs.remoteness(n) == r(key)
        assert rs.suspense(n) == s(key)


def test_rules_for_remoteness_and_suspense():
    assert remoteness_rule([]) == 0 and suspense_rule([]) == 0
    assert remoteness_rule([0, 2, 1]) == 1 and suspense_rule([0, 2, 1]) == 3
    assert remoteness_rule([1, 5, 3]) == 6 and suspense_rule([1, 5, 3]) == 2


@pytest.mark.parametrize("n", [200_000, pytest.param(1_000_000, marks=pytest.mark.slow)])
def test_a_deep_chain(n):
    """Far past the recursion limit: the searches keep their own stack."""
    @grundy.ruleset
    def chain(n):
        if n:
            yield n - 1

    assert chain.value(n) == 0
    assert chain.value(n - 1) == 1
    assert len(chain.solver) == n + 1
    assert chain.remoteness(n // 10) == n // 10


def test_memo_is_reused_and_cleared():
    calls = []

    @grundy.ruleset
    def counted(n):
        calls.append(n)
        return range(max(0, n - 2), n)

    assert counted.value(50) == 50 % 3
    first = len(calls)
    assert counted.value(40) == 40 % 3 and len(calls) == first
    counted.clear_cache()
    assert len(counted.solver) == 0
    assert counted.value(40) == 40 % 3 and len(calls) > first


def test_cycle_raises_loopy_game_error_naming_a_position_on_it():
    succ = {0: [1], 1: [2], 2: [3, 5], 3: [1], 5: []}
    rs = grundy.ruleset(lambda v: succ[v])
    with pytest.raises(LoopyGameError) as info:
        rs.solver.value(0)  # the acyclic search itself names the cycle
    assert info.value.position in {1, 2, 3}
    assert "cycle" in str(info.value)
    with pytest.raises(LoopyGameError):
        rs.solver.remoteness(0)
    # The library hands a cycle over to retrograde analysis: 5 is lost, so 2 wins,
    # 1 (only to 2) loses, 0 wins in 3 moves (0 -> 1 -> 2 -> 5).
    assert rs.outcome(0) is grundy.Outcome.N and rs.outcome(1) is grundy.Outcome.P
    assert rs.remoteness(0) == 3 and rs.winning_move(0) == 1
    self_loop = grundy.ruleset(lambda v: [v])
    with pytest.raises(LoopyGameError, match="7"):
        self_loop.solver.value(7)
    assert self_loop.outcome(7) is grundy.Outcome.D  # passing forever: a draw
    in_sum = grundy.ruleset(lambda v: [Sum(v, 0)] if v else [])
    with pytest.raises(LoopyGameError):
        in_sum.value(3)


def test_search_limit():
    big = grundy.ruleset(lambda n: range(n))
    with pytest.raises(SearchLimitError):
        big.remoteness(5000, budget=Budget(positions=100))


def test_ctrl_c_leaves_a_consistent_memo():
    """A KeyboardInterrupt in the middle of a search (here raised by the progress
    hook) leaves only finished values in the memo; the next query is right."""

    def moves(p):
        a, b = p
        for k in (1, 2, 3):
            if k <= a:
                yield (a - k, b)
            if k <= b:
                yield (a, b - k)

    rs = grundy.ruleset(moves)

    def interrupt(n):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        rs.solver.value((400, 400), progress=interrupt)
    partial = dict(rs.solver._values)
    assert 0 < len(partial) < 401 * 401
    for p, v in partial.items():
        assert v == (p[0] % 4) ^ (p[1] % 4)
    assert rs.value((400, 400)) == 0


def test_progress_is_reported():
    seen = []
    rs = grundy.ruleset(lambda n: range(max(0, n - 3), n))
    rs.solver.value(200_000, progress=seen.append)
    assert seen and seen[-1] == 200_001 and seen == sorted(seen)


@st.composite
def mixed_dags(draw, max_n=9):
    """A random DAG whose options are vertices or Sums of two lower vertices; the
    Sum options appear only from a random vertex on, so a search starts plain and
    meets its first Sum midway (the reducer's two option paths)."""
    n = draw(st.integers(2, max_n))
    first_sum = draw(st.integers(1, n))
    succ: dict[int, list[object]] = {0: []}
    for v in range(1, n):
        opts: list[object] = sorted(draw(st.sets(st.integers(0, v - 1), max_size=3)))
        if v >= first_sum:
            pairs = draw(st.lists(st.tuples(st.integers(0, v - 1), st.integers(0, v - 1)),
                                  max_size=2))
            opts += [Sum(a, b) for a, b in pairs]
        succ[v] = opts
    order = draw(st.permutations(list(range(n))))
    return succ, order


@given(mixed_dags())
@settings(max_examples=150, deadline=None)
def test_plain_and_sum_options_against_the_product_game(case):
    """Values asked in a random order (a half-filled memo, a ruleset that yields its
    first Sum mid-search) equal the Grundy values of the product game played on
    multisets of vertices by the raw rules (no XOR used by the oracle)."""
    succ, order = case

    def flat(ms):  # a sorted tuple of vertices; a move replaces one by an option's parts
        for i, v in enumerate(ms):
            rest = ms[:i] + ms[i + 1:]
            for o in succ[v]:
                parts = o.parts if isinstance(o, Sum) else (o,)
                yield tuple(sorted(rest + tuple(parts)))

    g = grundy_values(flat)
    rs = grundy.ruleset(lambda v: succ[v])
    for v in order:
        assert rs.value(v) == g((v,)), v


@given(mixed_dags(), st.lists(st.integers(0, 9), min_size=1, max_size=3))
@settings(max_examples=120, deadline=None)
def test_whole_game_searches_of_sums_with_finished_parts(case, picks):
    """Remoteness, suspense and misère outcome of a sum (whose options keep or drop
    parts that can no longer move) equal the product game's by the raw rules,
    where every part stays in the multiset."""
    succ, _ = case
    n = len(succ)

    def flat(ms):
        for i, v in enumerate(ms):
            rest = ms[:i] + ms[i + 1:]
            for o in succ[v]:
                parts = o.parts if isinstance(o, Sum) else (o,)
                yield tuple(sorted(rest + tuple(parts)))

    rs = grundy.ruleset(lambda v: succ[v])
    root = tuple(sorted(p % n for p in picks)) + (0,)  # vertex 0 has no move
    r, s = remoteness(flat), suspense(flat)

    from functools import lru_cache

    @lru_cache(maxsize=None)
    def misere_wins(p):  # the last mover loses: no move to make is a win
        opts = list(flat(p))
        return not opts or any(not misere_wins(o) for o in opts)

    game = rs.sum(*root)
    assert game.remoteness == r(root)
    assert game.suspense == s(root)
    assert (grundy.Misere(rs).sum(*root).outcome == Outcome.N) == misere_wins(root)
