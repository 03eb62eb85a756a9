"""Doubly periodic tables of pairs."""

from __future__ import annotations


import numpy as np
import pytest

import grundy
from grundy.patterns.forms import evaluate
from grundy.patterns.structure import period_2d, period_2d_expr


#: candidates the rule synthesiser examines per target in these tests: complete
#: to size 4 on a heap's table, then it stops, at the same place on any machine.
#: Compared call by call with 500,000 (size 6 of 300 positions, what the suite's
#: CPU share reached), every synthesiser call here finds the same rules, verified
#: and refuted; the searches that find nothing stop after a twenty-fifth of the work
SYNTH_WORK = 20_000  # (read by the root conftest.py for this module)


def test_smallest_periods_and_base() -> None:
    a, b = np.meshgrid(np.arange(20), np.arange(20), indexing="ij")
    base = np.array([[0, 1, 2], [2, 0, 1], [1, 2, 3], [3, 3, 0]])
    found = period_2d(base[a % 4, b % 3])
    assert found == (4, 3, base.tolist())
    expr = period_2d_expr(*found)
    assert all(evaluate(expr, a=x, b=y) == base[x % 4, y % 3] for x, y in [(10**30, 7), (5, 10**20 + 1)])


def test_no_period_on_growth_or_noise() -> None:
    a, b = np.meshgrid(np.arange(20), np.arange(20), indexing="ij")
    assert period_2d(a + b) is None
    assert period_2d(np.random.default_rng(0).integers(0, 4, (20, 20))) is None


def test_unknown_entries_are_skipped() -> None:
    a, b = np.meshgrid(np.arange(12), np.arange(12), indexing="ij")
    g = (a % 2) ^ (b % 2)
    known = a <= b
    g = np.where(known, g, 7)
    assert period_2d(g, known=known) == (2, 2, [[0, 1], [1, 0]])


def test_guess_names_a_doubly_periodic_table_and_refutes_a_broken_one() -> None:
    a, b = np.meshgrid(np.arange(20), np.arange(20), indexing="ij")
    base = np.array([[0, 1, 2], [2, 0, 1], [1, 2, 3], [3, 3, 0]])
    t = base[a % 4, b % 3]
    best = grundy.guess(t).best
    assert best is not None and best.expr == "[[0, 1, 2], [2, 0, 1], [1, 2, 3], [3, 3, 0]][a % 4][b % 3]"
    t2 = t.copy()
    t2[15, 16] = 9  # past the fitted square: the rule is refuted there, never verified
    g = grundy.guess(t2, limit=10)
    periodic = [c for c in g.conjectures if c.expr.endswith("[a % 4][b % 3]")]
    assert periodic and all(c.status == "refuted" for c in periodic)
    assert periodic[0].counterexample == {"position": (15, 16), "table": 9, "rule": int(t[15, 16])}


def test_runs_and_sparse_p_positions_follow_a_recurrence() -> None:
    from grundy.patterns.primitives import in_linrec, linrec_index
    from grundy.patterns.structure import linear_recurrence, run_structure, sparse_structure

    assert linear_recurrence([0, 1, 4, 13, 40]) == (3, 1) and linear_recurrence([1, 2, 3, 5, 8]) is None
    n = np.arange(600)
    expr = run_structure(n[:300], np.array([2 * linrec_index(m, 2, 2, 3) for m in range(300)]))
    assert expr is not None
    assert all(evaluate(expr, n=m) == 2 * linrec_index(m, 2, 2, 3) for m in [*range(600), 10**30, 10**30 + 7])
    p = np.array([in_linrec(m, 2, 1, 0) for m in range(300)])  # 0, 1, 3, 7, 15, ...: n = 2^k - 1
    expr = sparse_structure(n[:300], p)
    assert expr is not None and evaluate(expr, n=2**100 - 1) == 1 and evaluate(expr, n=2**100) == 0
    assert sparse_structure(n[:300], np.array([int(m % 7 == 0) for m in range(300)])) is None


def test_guess_names_p_positions_on_a_recurrence() -> None:
    from grundy.patterns.primitives import in_linrec

    t = [0 if in_linrec(m, 3, 2, 1) else 1 + m % 3 for m in range(600)]  # 1, 5, 17, 53, 161, 485
    best = grundy.guess(t, known=False).best
    assert best is not None and best.target == "P" and best.status == "verified"
    x = 1
    for _ in range(70):  # the terms far outside the table and their neighbours
        assert evaluate(best.expr, n=x) and not evaluate(best.expr, n=x + 1) and not evaluate(best.expr, n=x - 1)
        x = 3 * x + 2
