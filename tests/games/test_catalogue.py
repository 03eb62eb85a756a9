"""Every closed form of the catalogue against brute force from the game's raw
rules (written again here, independently and plainly). Winning moves are checked
to reach P-positions. Published values are in ``tests/games/test_known_results.py``."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import GameGraph, InvalidParameterError, InvalidPositionError, Outcome, SearchLimitError
from grundy.games import (
    AllBut, Bash, Chocolate, CircleRuns, DynamicSubtraction, Euclid, EvenSplit, EverythingNim,
    FibonacciNim, GreenHackenbush, Lasker, MisereNim, MooreNim, Northcott, RowRuns, SplitThree,
    StaircaseNim, Subtraction, Wythoff, string, tree_from_edges, wythoff_pair,
)
from tests.oracles import grundy_values, wins

N, P = Outcome.N, Outcome.P


def outcome_of(win: bool) -> Outcome:
    return N if win else P


def check_winning_move(rs, pos):
    """The constructive winning move is a legal option and reaches a P-position;
    from a P-position there is none."""
    m = rs.winning_move(pos)
    if rs.outcome(pos) is P:
        assert m is None, (pos, m)
    else:
        assert m is not None and rs.is_option(pos, m), (pos, m)
        assert rs.outcome(m) is P, (pos, m)


def tuples(n_max, length):
    return itertools.product(range(n_max + 1), repeat=length)


# ------------------------------------------------------------------ misère Nim
def test_misere_nim_against_raw_misere_rules():
    @grundy_cache
    def win(p):  # misère: no move = you win
        opts = [p[:i] + (k,) + p[i + 1 :] for i, h in enumerate(p) for k in range(h)]
        return not opts or any(not win(o) for o in opts)

    g = MisereNim()
    for length in (1, 2, 3, 4):
        for p in tuples(4 if length < 4 else 3, length):
            assert g.outcome(p) is outcome_of(win(p)), p
            assert (g.solver.value(p) != 0) == win(p), p  # the END-sentinel encoding
            check_winning_move(g, p)


def grundy_cache(f):
    from functools import lru_cache

    return lru_cache(maxsize=None)(f)


def test_sj_theorem_against_brute_force_on_subtraction_sums():
    """Anti-SG sums of subtraction-game heaps where the game ends when every
    component has value 0 (the SJ setting)."""
    from grundy.solve.compounds import sj_outcome

    sub = Subtraction({1, 2, 4})

    @grundy_cache
    def win(ps):
        if all(sub.value(p) == 0 for p in ps):
            return True  # the game is over: the player to move has no move and wins
        opts = [ps[:i] + (o,) + ps[i + 1 :] for i, p in enumerate(ps) for o in sub.moves(p)]
        return any(not win(tuple(sorted(o))) for o in opts)

    for ps in itertools.combinations_with_replacement(range(10), 3):
        assert sj_outcome([sub.value(p) for p in ps]) is outcome_of(win(ps)), ps


# ------------------------------------------------------------------ Moore's Nim_k
@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_against_raw_rules(k):
    def moves(p):
        n = len(p)
        for r in range(1, k + 1):
            for idx in itertools.combinations(range(n), r):
                for new in itertools.product(*(range(p[i]) for i in idx)):
                    q = list(p)
                    for i, v in zip(idx, new):
                        q[i] = v
                    yield tuple(q)

    w = wins(moves)
    g = MooreNim(k)
    for length in (2, 3, 4):
        for p in tuples(5 if length < 4 else 3, length):
            assert g.outcome(p) is outcome_of(w(p)), p
            check_winning_move(g, p)


@given(st.integers(1, 5), st.lists(st.integers(0, 10**40), min_size=1, max_size=12))
@settings(max_examples=200, deadline=None)
def test_moore_winning_move_on_huge_heaps(k, heaps):
    g = MooreNim(k)
    p = tuple(heaps)
    m = g.winning_move(p)
    if g.outcome(p) is P:
        assert m is None
    else:
        changed = [i for i in range(len(p)) if m[i] != p[i]]
        assert 1 <= len(changed) <= k and all(m[i] < p[i] for i in changed)
        assert g.outcome(m) is P


# ------------------------------------------------------------------ Staircase Nim
def test_staircase_against_raw_rules():
    def moves(p):
        for i, a in enumerate(p):
            for d in range(1, a + 1):
                q = list(p)
                q[i] -= d
                if i:
                    q[i - 1] += d
                yield tuple(q)

    gv = grundy_values(moves)
    g = StaircaseNim()
    for length in (1, 2, 3, 4):
        for p in tuples(3, length):
            assert g.value(p) == gv(p), p
            expected = sorted(o for o in set(moves(p)) if gv(o) == 0)
            assert sorted(g.winning_moves(p)) == expected, p


# ------------------------------------------------------------------ Everything Nim
def test_everything_nim_against_raw_rules():
    def moves(p):
        live = [h for h in p if h]
        for k in range(1, min(live, default=0) + 1):
            yield tuple(h - k if h else 0 for h in p)

    w = wins(moves)
    g = EverythingNim()
    for length in (1, 2, 3, 4):
        for p in tuples(6, length):
            assert g.outcome(p) is outcome_of(w(p)), p
            check_winning_move(g, p)


# ------------------------------------------------------------------ subtraction games
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
@settings(max_examples=80, deadline=None)
def test_subtraction_period_is_right(sset):
    g = Subtraction(sset)
    gv = grundy_values(lambda n: [n - s for s in sset if s <= n])
    per = g.periodicity
    assert per.proven
    for n in range(0, per.preperiod + 3 * per.period + max(sset) + 20):
        assert g.value(n) == gv(n), (sset, n)
    # extended far out: equals the brute force at the same residue
    n = 10**30 + 7
    r = per.preperiod + (n - per.preperiod) % per.period
    assert g.value(n) == gv(r)


def test_subtraction_published_periods():
    # {2,5}: period 7; Bash m: m+1.
    assert Subtraction({2, 5}).periodicity.period == 7
    assert Subtraction({1, 2}).periodicity.period == 3
    assert Subtraction({1, 4}).periodicity.period == 5
    for m in range(1, 8):
        b = Bash(m)
        assert b.table(30) == [n % (m + 1) for n in range(31)]
        assert b.solver.value(30) == 30 % (m + 1)
        for n in range(30):
            check_winning_move(b, n)


@pytest.mark.parametrize("excluded", [(), (1,), (2,), (1, 2), (2, 3), (1, 3, 4), (3, 5)])
def test_all_but_against_raw_rules(excluded):
    gv = grundy_values(lambda n: [n - k for k in range(1, n + 1) if k not in excluded])
    g = AllBut(excluded)
    assert [g.value(n) for n in range(300)] == [gv(n) for n in range(300)]
    per = g.periodicity
    for n in range(per.preperiod, 300):
        assert g.value(n) == per.extend([g.value(i) for i in range(per.preperiod + per.period)], n)
    for n in range(60):
        check_winning_move(g, n)
    big = 10**25 + 11
    m = g.winning_move(big)
    assert m is None or (g.value(m) == 0 and big - m not in excluded and m < big)


# ------------------------------------------------------------------ splitting games
def test_split_three_against_raw_rules():
    def flat(hs):
        for i, n in enumerate(hs):
            rest = hs[:i] + hs[i + 1 :]
            for k in range(n):
                yield tuple(sorted(rest + ((k,) if k else ())))
            for a in range(1, n):
                for b in range(a, n):
                    c = n - a - b
                    if c >= b:
                        yield tuple(sorted(rest + (a, b, c)))

    gv = grundy_values(flat)
    g = SplitThree()
    for n in range(1, 26):
        assert g.value(n) == gv((n,)) == g.solver.value(n), n


@pytest.mark.parametrize("n", list(range(1, 40)) + [10**20 + k for k in range(8)])
def test_split_games_constructive_moves(n):
    for g in (Lasker(), SplitThree()):
        other = n // 3 + 1
        total = g[n] + g[other]
        m = total.winning_move()
        if total.value:
            assert total.play(m).value == 0


@pytest.mark.parametrize("f", [1, 2, 3, 5])
def test_even_split_against_raw_rules(f):
    def flat(hs):
        for i, n in enumerate(hs):
            if n < f:
                continue
            rest = hs[:i] + hs[i + 1 :]
            for j in range(2, n + 1):
                q, r = divmod(n, j)
                yield tuple(sorted(rest + (q,) * (j - r) + (q + 1,) * r))

    gv = grundy_values(flat)
    g = EvenSplit(f)
    for n in range(0, 22):
        assert g.value(n) == gv((n,)) == g.solver.value(n), (f, n)
    for n in range(22, 200):  # the fast method against the search from the rules
        assert g.value(n) == g.solver.value(n), (f, n)


# ------------------------------------------------------------------ Wythoff
def test_wythoff_against_raw_rules():
    def moves(p):
        a, b = p
        yield from ((k, b) for k in range(a))
        yield from ((a, k) for k in range(b))
        yield from ((a - d, b - d) for d in range(1, min(a, b) + 1))

    gv = grundy_values(moves)
    g = Wythoff()
    for a in range(30):
        for b in range(30):
            assert g.outcome((a, b)) is (P if gv((a, b)) == 0 else N), (a, b)
            expected = sorted(o for o in set(moves((a, b))) if gv(o) == 0)
            assert sorted(g.winning_moves((a, b))) == expected, (a, b)
    # the k-th P-position (a < b), from the raw rules
    pairs = [(a, b) for b in range(30) for a in range(b) if gv((a, b)) == 0]
    assert [wythoff_pair(k) for k in range(1, 12)] == pairs


def test_wythoff_exact_at_10_to_100():
    from decimal import Decimal, getcontext

    getcontext().prec = 300
    phi = (1 + Decimal(5).sqrt()) / 2
    g = Wythoff()
    for k in (10**100, 10**100 + 1, 7 * 10**99 + 12345):
        a = int(k * phi)  # 300 digits of precision is plenty at 10^100
        assert wythoff_pair(k) == (a, a + k)
        assert g.outcome((a, a + k)) is P
        assert g.outcome((a + 1, a + k)) is N
        m = g.winning_move((a + 5, a + k + 5))
        assert m == (a, a + k)


@given(st.integers(0, 10**60), st.integers(0, 10**60))
@settings(max_examples=300, deadline=None)
def test_wythoff_moves_on_huge_positions(a, b):
    g = Wythoff()
    for m in g.winning_moves((a, b)):
        assert g.outcome(m) is P
        assert m != (a, b) and (m[0] <= a and m[1] <= b)
        assert m[0] == a or m[1] == b or a - m[0] == b - m[1]
    assert bool(g.winning_moves((a, b))) == (g.outcome((a, b)) is N)


# ------------------------------------------------------------------ dynamic subtraction
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_dynamic_subtraction_against_raw_rules(k):
    def moves(p):
        n, cap = p
        return [(n - t, k * t) for t in range(1, min(cap, n) + 1)]

    w = wins(moves)
    g = DynamicSubtraction(k)
    for n in range(0, 70):
        for cap in range(1, 72):
            assert g.outcome((n, cap)) is outcome_of(w((n, cap))), (k, n, cap)
        if n >= 2:
            check_winning_move(g, g.start(n))


def test_fibonacci_far_out_and_powers_of_two():
    f = FibonacciNim()
    one = DynamicSubtraction(1)
    assert [n for n in range(2, 300) if one.outcome(one.start(n)) is P] == [2, 4, 8, 16, 32, 64, 128, 256]
    fib = [1, 2]
    while fib[-1] < 10**100:
        fib.append(fib[-1] + fib[-2])
    assert f.outcome(f.start(fib[-1])) is P and f.outcome(f.start(fib[-1] + 1)) is N
    n = fib[-1] + fib[-5] + fib[-9]
    assert f.winning_move(f.start(n)) == (n - fib[-9], 2 * fib[-9])  # the Zeckendorf move


def test_dynamic_bad_positions():
    f = FibonacciNim()
    with pytest.raises(InvalidPositionError, match="heap of 1 cannot be played"):
        f.start(1)
    with pytest.raises(InvalidPositionError):
        f[5, 0]
    with pytest.raises(InvalidParameterError):
        DynamicSubtraction(0)
    with pytest.raises(SearchLimitError):
        f.winning_moves(f.start(10**30))


# ------------------------------------------------------------------ Euclid
def test_euclid_against_raw_rules():
    def moves(p):
        a, b = p
        if a == 0 or b == 0:
            return []
        lo, hi = min(a, b), max(a, b)
        return [(lo, hi - k * lo) for k in range(1, hi // lo + 1)]

    w = wins(lambda p: [tuple(sorted(o)) for o in moves(p)])
    g = Euclid()
    for a in range(0, 40):
        for b in range(0, 40):
            assert g.outcome((a, b)) is outcome_of(w(tuple(sorted((a, b))))), (a, b)
            check_winning_move(g, (a, b))
    # forced to (1, 10**50), from which the opponent wins: P
    assert g.outcome((10**50 + 1, 10**50)) is P
    # consecutive Fibonacci numbers force the longest chains: (F(k+1), F(k)) -> ... -> (2, 1)
    fib = [1, 2]
    while len(fib) < 300:
        fib.append(fib[-1] + fib[-2])
    for k in range(1, 299):
        forced = k - 1  # forced moves from (fib[k], fib[k-1]) down to (2, 1)
        assert g.outcome((fib[k], fib[k - 1])) is (N if forced % 2 == 0 else P), k


# ------------------------------------------------------------------ Northcott
def test_northcott_against_retrograde_analysis():
    """The partizan raw rules (black moves first), positions with the player to
    move; the game is loopy, so brute force is retrograde analysis with draws."""
    width = 5
    g = Northcott(width)
    cols = [(b, w) for b in range(1, width + 1) for w in range(1, width + 1) if b != w]
    for rows_n in (1, 2):
        edges = []
        states = [(rows, t) for rows in itertools.product(cols, repeat=rows_n) for t in (0, 1)]
        for s in states:
            for o in g.moves(s):
                edges.append((s, o))
        graph = GameGraph(edges)
        outcomes = graph.outcomes()
        for s in states:
            assert outcomes[s] is g.outcome(s), s  # never a draw: the winner forces it
            check_winning_move(g, s)


# ------------------------------------------------------------------ chocolate
def test_chocolate_against_raw_rules():
    """Raw rules: pieces are a multiset of bars; a break that produces a 1x1 wins
    at once; a player with no break loses."""

    def breaks(bar):
        a, b = bar
        for i in range(1, a):
            yield (i, b), (a - i, b)
        for i in range(1, b):
            yield (a, i), (a, b - i)

    @grundy_cache
    def win(pieces):
        for j, bar in enumerate(pieces):
            rest = pieces[:j] + pieces[j + 1 :]
            for x, y in breaks(bar):
                if x == (1, 1) or y == (1, 1):
                    return True
                nxt = tuple(sorted(rest + (tuple(sorted(x)), tuple(sorted(y)))))
                if not win(nxt):
                    return True
        return False

    g = Chocolate()
    for a in range(1, 6):
        for b in range(a, 7):
            assert g.outcome((a, b)) is outcome_of(win(((min(a, b), max(a, b)),))), (a, b)


# ------------------------------------------------------------------ rows and circles
@pytest.mark.parametrize("lo,hi", [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3), (2, 4)])
def test_row_runs_against_raw_rules(lo, hi):
    def moves(row):  # row: tuple of 0/1 coins present
        n = len(row)
        for k in range(lo, hi + 1):
            for s in range(n - k + 1):
                if all(row[s : s + k]):
                    yield row[:s] + (0,) * k + row[s + k :]

    w = wins(moves)
    g = RowRuns(lo, hi)
    for m in range(0, 13):
        assert g.outcome(m) is outcome_of(w((1,) * m)), (lo, hi, m)
        if any(k <= m and (m - k) % 2 == 0 for k in range(lo, hi + 1)):
            assert g.outcome(m) is N  # the symmetry strategy
        check_winning_move(g, m)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_circle_against_raw_rules(k):
    def moves(state):  # state: tuple of 0/1 around the circle
        n = len(state)
        for j in range(1, min(k, n) + 1):
            for s in range(n):
                idx = [(s + t) % n for t in range(j)]
                if all(state[i] for i in idx):
                    new = list(state)
                    for i in idx:
                        new[i] = 0
                    yield tuple(new)

    w = wins(moves)
    g = CircleRuns(k)
    for n in range(0, 11):
        assert g.outcome(("circle", n)) is outcome_of(w((1,) * n)), (k, n)
        check_winning_move(g, ("circle", n))
        check_winning_move(g, n)
        assert g.outcome(n) is g.row.outcome(n)


# ------------------------------------------------------------------ Hackenbush
def random_tree(rng, n):
    edges = [(i, rng.randrange(i)) for i in range(1, n)]
    return tree_from_edges(edges, 0)


def test_hackenbush_colon_principle_against_raw_rules():
    rng = random.Random(7)
    g = GreenHackenbush()
    for _ in range(150):
        t = random_tree(rng, rng.randrange(1, 9))
        assert g.value(t) == g.solver.value(t), t
    for n in range(8):
        assert g.value(string(n)) == n == g.solver.value(string(n))
    with pytest.raises(InvalidParameterError, match="cycle"):
        tree_from_edges([(1, 2), (2, 3), (3, 1)], 1)
    with pytest.raises(InvalidPositionError):
        g[(1, ())]


# ------------------------------------------------------------------ registry wiring
def test_every_entry_builds_and_answers_its_example():
    from grundy.cli.main import main

    for e in grundy.games.entries():
        assert e.example.startswith("grundy analyze "), e.name
        import shlex

        args = shlex.split(e.example)[1:]
        assert main([*args, "--json", "--limit", "5000", "--seconds", "0.5"]) == 0, e.example
