"""Closed forms that are really long computations watch the caller's budget
(`grundy analyze evensplit:2 10**12` must stop within its budget)."""

from __future__ import annotations


import pytest

import grundy
from grundy.solve.budget import Budget, look, watching
from grundy.values.errors import SearchLimitError
from tests.oracles import mex


def test_look_without_a_budget_does_nothing() -> None:
    look("anything")  # no active budget: free
    with watching(Budget()):
        look("anything")


def test_look_stops_a_spent_budget() -> None:
    with watching(Budget(seconds=0.0)):
        with pytest.raises(SearchLimitError, match="a closed form stopped after 0 s"):
            look("a closed form")


def test_evensplit_huge_heap_stops_within_budget(fake_clock) -> None:  # type: ignore[no-untyped-def]
    # unbounded before; on a fake clock, 0.3 s is 300 looks at it
    g = grundy.games.get("evensplit:2")
    with pytest.raises(SearchLimitError, match=r"evensplit:2: the value of 1000000000000 stopped") as e:
        g.value(10**12, budget=grundy.Budget(seconds=0.3))
    assert e.value.reason == "seconds"


def test_evensplit_report_says_where_it_stopped() -> None:
    g = grundy.games.get("evensplit:2")
    report = grundy.analyze(g[10**12], budget=grundy.Budget(positions=10**6, seconds=0.3))
    assert report.value is None and "value" in report.stopped
    assert "budget" in report.stopped["value"]


def test_evensplit_small_values_unchanged_by_the_budget() -> None:
    g = grundy.games.get("evensplit:2")
    # HNOI2014 (P3235) F = 2: brute force over the raw splitting rule
    def brute(n: int, memo: dict[int, int] = {}) -> int:
        if n < 2:
            return 0
        if n not in memo:
            seen = set()
            for j in range(2, n + 1):
                q, r = divmod(n, j)
                v = 0
                for _ in range(j - r):
                    v ^= brute(q)
                for _ in range(r):
                    v ^= brute(q + 1)
                seen.add(v)
            m = mex(seen)
            memo[n] = m
        return memo[n]

    assert [g.value(n, budget=grundy.Budget(seconds=5)) for n in range(120)] == [brute(n) for n in range(120)]


def test_a_timed_out_remoteness_is_not_reported_as_too_many_options() -> None:
    """The remoteness search's time-out names "the options of" a sum; suspense was
    then skipped as if a position had more options than the budget."""
    lasker = grundy.games.get("lasker")
    report = grundy.analyze(lasker[14] + lasker[9], budget=grundy.Budget(positions=10**6, seconds=0.3))
    assert report.value is not None
    for key in ("remoteness", "suspense"):
        assert "more options than" not in report.stopped.get(key, "")
    assert any(k in report.stopped for k in ("remoteness", "suspense"))  # 0.3 s is too short


def test_finished_heaps_leave_a_sum() -> None:
    """lasker 10 7 (the README's first command) has its remoteness and suspense
    within the default budget once finished heaps leave the sum's positions."""
    lasker = grundy.games.get("lasker")
    report = grundy.analyze(lasker[10] + lasker[7])
    assert (report.remoteness, report.suspense) == (21, 5)


def test_a_position_with_10_to_the_12_options_keeps_the_time_budget() -> None:
    """Options are listed in chunks whenever there is a time budget (a position
    budget or not): value, remoteness and suspense of a heap of 10^12 stop at the
    budget (remoteness listed them all and was killed for memory). In a child
    process, capped, so a regression cannot take the test run down with it."""
    import subprocess
    import sys
    import textwrap

    # A fake clock (each look at it 1 ms) and a CPU-time cap: a budget that
    # holds ends after 300 looks, whatever the machine's load; one looked at too
    # seldom (or never) runs into the cap.
    code = textwrap.dedent("""
        import resource, grundy
        from grundy.values import clock
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        resource.setrlimit(resource.RLIMIT_CPU, (30, 30))
        fake = [1000.0]
        def now():
            fake[0] += 0.001
            return fake[0]
        clock.now = now
        @grundy.ruleset
        def take_any(n):
            yield from range(n)
        for f in ("value", "remoteness", "suspense"):
            try:
                getattr(take_any, f)(10**12, budget=grundy.Budget(seconds=0.3))
                print(f, "answered")
            except grundy.SearchLimitError as e:
                assert "the budget" in str(e), e
                print(f, e.reason)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, (out.returncode, out.stderr[-500:])
    how = dict(line.split() for line in out.stdout.split("\n") if line)
    assert how == {"value": "seconds", "remoteness": "seconds", "suspense": "seconds"}, how


def test_fibonacci_walk_watches_the_budget() -> None:
    # the Zeckendorf walk of a 5,000-digit heap is a long closed form
    from grundy.games.dynamic import FibonacciNim

    f = FibonacciNim()
    with watching(Budget(seconds=0.0)):
        with pytest.raises(SearchLimitError, match="fibonacci: the Zeckendorf representation") as e:
            f.smallest_term(10**5000 + 1)
    assert e.value.reason == "seconds"
    # without a time limit it answers (the last Zeckendorf term of 10**5000 + 1)
    assert f.smallest_term(10**5000 + 1) in _fibonacci_upto(10**5000)


def test_octal_table_watches_the_callers_budget(fake_clock) -> None:  # type: ignore[no-untyped-def]
    # the period search of octal:0.6 ran its own 150 s budget. On a fake clock
    # read 0.4 s apart, the caller's 0.3 s is spent at its first look (the
    # period search's own deadline is on the real clock: it cannot end first)
    fake_clock.tick = 0.4
    g = grundy.games.get("octal:0.6")
    with pytest.raises(SearchLimitError, match="octal:0.6: the table to heap") as e:
        g.value(10**8, budget=grundy.Budget(seconds=0.3))  # within the table budget (2^28 heaps)
    assert e.value.reason == "seconds"


def test_one_winning_option_is_found_without_listing_them_all() -> None:
    # option_with_value listed every option of a 100,001-digit heap
    from grundy.solve import engine as E

    g = grundy.games.get("octal:0.137")
    n = 10**100000
    with watching(Budget(seconds=1.0)):
        o = g.option_with_value(n, 0)
    assert o is not None and g.value(o) == 0
    with watching(Budget(seconds=0.0)):
        with pytest.raises(SearchLimitError, match="the options of an integer of 100,001 digits"):
            E.option_with_value(grundy.games.get("octal:0.6"), n, 99)


def _fibonacci_upto(n: int) -> set[int]:
    a, b, out = 1, 2, {1}
    while b <= n:
        out.add(b)
        a, b = b, a + b
    return out
