"""The editorials' rules of ``benchmarks/contest_set2.py`` against brute force
from the raw rules (the move functions the benchmark hands to the guess)."""

from __future__ import annotations

import sys
from functools import lru_cache
from itertools import product
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest

import grundy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import contest_set2 as cs  # noqa: E402
from tests.oracles import mex  # noqa: E402


#: candidates the rule synthesiser examines per target in these tests: complete
#: to size 4 on a heap's table, then it stops, at the same place on any machine.
#: Compared call by call with 500,000 (size 6 of 300 positions, what the suite's
#: CPU share reached), every synthesiser call here finds the same rules, verified
#: and refuted, but where a test names a larger bound (``synth_work``: a closed
#: form found only deeper competes with the rule the test asserts); the searches
#: that find nothing stop after a twenty-fifth of the work
SYNTH_WORK = 20_000  # (read by the root conftest.py for this module)


def _sg(moves: Callable[[Any], Iterable[Any]]) -> Callable[[Any], int]:
    """Grundy values by the definition; a ``grundy.Sum`` option is the XOR of its parts."""

    @lru_cache(maxsize=None)
    def g(p: Any) -> int:
        seen = set()
        for q in moves(p):
            if isinstance(q, grundy.Sum):
                v = 0
                for part in q.parts:
                    v ^= g(part)
                seen.add(v)
            else:
                seen.add(g(q))
        return mex(seen)

    return g


#: HDU 2486's Grundy values by the definition, from (n, n - 1): two tests read
#: them (n < 400 and n < 300), computed once a module (about 3 CPU s to 400)
_HDU2486 = _sg(cs.hdu2486_moves)


@pytest.mark.heavy  # 2-4 CPU s: CI's heavy step (docs/architecture.md, where a test runs)
def test_one_heap_rules() -> None:
    g = _sg(cs.hdu5795_moves)
    assert [g(n) for n in range(50)] == [cs.hdu5795_value(n) for n in range(50)]
    g = _sg(cs.timus2068_moves)
    assert [g(2 * n + 1) for n in range(40)] == [n % 2 for n in range(40)]
    g = _sg(cs.hdu5011_moves)
    assert [g(n) for n in range(40)] == list(range(40))
    g = _sg(lambda n: [n - d for d in (2, 3, 5) if d <= n])
    assert all((g(n) == 0) == (n % 7 < 2) for n in range(200))
    g = _sg(cs.hr_counter_moves)
    assert all((g(n + 1) == 0) == (bin(n).count("1") % 2 == 0) for n in range(600))
    g = _sg(cs.hr_zero_move_moves)
    assert [g((n, False)) for n in range(60)] == [cs.hr_zero_move_value(n) for n in range(60)]
    g = _HDU2486
    assert [n for n in range(400) if g((n, n - 1)) == 0] == [n for n in range(400) if cs.hdu2486_p(n)]


@pytest.mark.parametrize("k", range(2, 10))
def test_doubloon_family(k: int) -> None:
    g = _sg(cs.hdu4203_factory(k).moves)
    assert [g(n) for n in range(120)] == [cs.hdu4203_value(n, k) for n in range(120)]


@pytest.mark.parametrize("k", range(1, 7))
def test_coin_circle_family(k: int) -> None:
    g = _sg(cs.hdu3951_factory(k).moves)
    assert [g(("circle", n)) == 0 for n in range(26)] == [cs.hdu3951_p(n, k) for n in range(26)]


def test_pair_rules() -> None:
    g = _sg(cs.uva12293_moves)
    assert all((g((a, b)) == 0) == cs.uva12293_p(a, b) for a, b in product(range(40), repeat=2))
    g = _sg(cs.cf1365a_moves)
    assert all((g((a, b)) == 0) == (min(a, b) % 2 == 0) for a, b in product(range(30), repeat=2))
    g = _sg(cs.hdu1729_moves)
    assert all(g((s, c)) == cs.hdu1729_value(s, c) for s in range(80) for c in range(s + 1))
    g = _sg(cs.hr_chessboard_moves)
    assert all((g((a, b)) == 0) == cs.hr_chessboard_p(a, b) for a, b in product(range(40), repeat=2))


def test_row_rules() -> None:
    rows = [p for n in (2, 3, 4) for p in product(range(6 if n < 4 else 4), repeat=n)]
    for moves, rule, legal in ((cs.cf1747c_moves, cs.cf1747c_p, lambda p: True),
                               (cs.cf1190b_moves, cs.cf1190b_p, lambda p: True),
                               (cs.cf1965a_moves, cs.cf1965a_p, lambda p: True),
                               (cs.hr_nimble_moves, cs.hr_nimble_p, lambda p: True)):
        g = _sg(moves)
        wrong = [p for p in rows if legal(p) and (g(p) == 0) != rule(p)]
        assert not wrong, (moves.__name__, wrong[:5])


def test_every_problem_is_well_formed() -> None:
    ps = cs.problems()
    assert len(ps) >= 16 and len({p.pid for p in ps}) == len(ps)
    for p in ps:
        assert p.kind in ("heap", "pair", "heaps") and p.target in ("value", "P")
        assert p.make() is not None


# ------------------------------------------------------------------ the engine on these problems
def test_pairs_p_positions_periodic_in_both_coordinates() -> None:
    g = grundy.guess(grundy.ruleset(cs.hr_chessboard_moves, shape="pair"), to=24, known=False)
    best = g.best
    assert best is not None and best.target == "P" and best.status == "verified"
    oracle = _sg(cs.hr_chessboard_moves)
    for a, b in product(range(0, 60, 3), range(0, 60, 2)):  # beyond the table
        assert best.predict(a, b) == (oracle((a, b)) == 0)
    assert best.predict(10**30 + 1, 4 * 10**30) is True


def test_rows_per_coordinate_values_lifted_to_the_index() -> None:
    g = grundy.guess(grundy.ruleset(cs.hr_nimble_moves, shape="heaps"), heaps=4, to=4, known=False)
    best = g.best
    assert best is not None and best.status == "verified" and "enumerate(x)" in best.expr
    oracle = _sg(cs.hr_nimble_moves)
    for row in list(product(range(3), repeat=5))[::7] + list(product(range(2), repeat=6))[::3]:
        assert best.predict(row) == (oracle(row) == 0)


# the per-coordinate value rule (h ^ 8 - i) // 9 competes with the P-rule: found
# from 50,000 candidates on (as at 500,000)
@pytest.mark.synth_work(50_000)
def test_rows_an_end_heap_against_the_rest() -> None:
    g = grundy.guess(grundy.ruleset(cs.cf1747c_moves, shape="heaps"), heaps=3, to=5, known=False)
    best = g.best
    assert best is not None and best.status == "verified" and "x[0]" in best.expr
    oracle = _sg(cs.cf1747c_moves)
    for row in [r for n in (2, 4, 5) for r in product(range(5 if n < 5 else 3), repeat=n)][::3]:
        assert best.predict(row) == (oracle(row) == 0)


def test_family_with_its_first_member_as_its_own_case() -> None:
    g = grundy.guess(cs.hdu3951_factory, params={"k": range(1, 8)}, position=lambda n: ("circle", n), to=30)
    best = g.best
    assert best is not None and best.params == ("k",) and best.status == "verified" and "k == 1" in best.expr
    for k in range(1, 12):  # k beyond the fitted and held-out values too
        oracle = _sg(cs.hdu3951_factory(k).moves)
        for n in range(0, 40):
            got = best.predict(n, k=k)
            assert (got == 0 if best.target == "value" else bool(got)) == (oracle(("circle", n)) == 0)


def test_p_positions_on_a_linear_recurrence_of_order_four() -> None:
    g = grundy.guess(grundy.ruleset(cs.hdu2486_moves), position=lambda n: (n, n - 1), to=150, known=False)
    best = g.best
    assert best is not None and best.target == "P" and best.status == "verified"
    oracle = _HDU2486
    assert all(best.predict(n) == (oracle((n, n - 1)) == 0) for n in range(300))
    # far out: the editorial's rule (itself checked against brute force above)
    assert all(best.predict(n) == cs.hdu2486_p(n) for n in range(10**5, 10**5 + 3000))
    a = [n for n in range(2000) if cs.hdu2486_p(n)]
    assert best.predict(a[-1] + a[-4]) is True  # the next term, x_{j+4} = x_{j+3} + x_j


def test_pairs_recursing_to_a_smaller_row() -> None:
    ruleset = cs._rs(cs.hdu1729_moves, "hdu1729", "pair", valid=lambda p: 0 <= p[1] <= p[0])
    g = grundy.guess(ruleset, to=40, known=False)
    best = g.best
    assert best is not None and best.target == "value" and best.status == "verified"
    oracle = _sg(cs.hdu1729_moves)
    for s in range(41, 120, 7):  # rows beyond the table
        for c in range(0, s + 1, 3):
            assert best.predict(s, c) == oracle((s, c))
    assert best.predict(10**30, 10**15) == cs.hdu1729_value(10**30, 10**15)



def test_p_pairs_periodic_in_both_coordinates_by_residues() -> None:
    from grundy.patterns.structure import periodic_p_pairs

    pos = [(a, b) for a in range(30) for b in range(30)]
    p = [int(a % 3 == 0 and b % 2 == 1) for a, b in pos]
    f = periodic_p_pairs(pos, p, [max(q) < 15 for q in pos])
    assert f is not None and f.expr == "a % 3 == 0 and b % 2 == 1"
    p = [int((a % 3, b % 2) in ((0, 1), (1, 0))) for a, b in pos]
    f = periodic_p_pairs(pos, p, [max(q) < 15 for q in pos])
    assert f is not None and f.expr == "[[0, 1], [1, 0], [0, 0]][a % 3][b % 2] == 1"
    assert periodic_p_pairs(pos, [int(a == b) for a, b in pos], [max(q) < 15 for q in pos]) is None
