"""A ruleset may declare a longer default analysis (``analysis_seconds``): the value
and outcome searches of an analysis without a budget then get that long."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

import grundy
from grundy.solve import report
from grundy.solve.budget import Budget
from grundy.solve.report import analyze, default_seconds


def _slow_heap(declared: float | None) -> grundy.Ruleset:
    @grundy.ruleset
    def slow_heap(n: int) -> list[int]:        # take 1 or 2; about 1 s for 300
        time.sleep(0.003)
        return [n - k for k in (1, 2) if k <= n]

    rs: grundy.Ruleset = slow_heap
    rs.analysis_seconds = declared
    return rs


def test_a_declared_longer_analysis_answers_where_the_default_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "ANALYSIS_BUDGET", Budget(positions=10**6, seconds=0.2))
    quick = analyze(_slow_heap(None)[300])
    assert quick.value is None and "value" in quick.stopped
    patient = analyze(_slow_heap(30.0)[300])
    assert patient.value == 300 % 3                       # take 1 or 2: n mod 3
    assert "value" not in patient.stopped
    # an explicit budget is the caller's: the declared time does not apply
    given = analyze(_slow_heap(30.0)[300], budget=Budget(seconds=0.2))
    assert given.value is None


def test_default_seconds_is_the_longest_declared_beyond_the_default() -> None:
    cram, kayles = grundy.games.get("cram"), grundy.games.get("kayles")
    assert default_seconds([kayles[3]]) is None
    assert default_seconds([kayles[3], cram[(2, 2, 15)]]) == cram.analysis_seconds
    assert default_seconds([_slow_heap(1.0)[3]]) is None     # not beyond the 2 s


@pytest.mark.slow
def test_grundy_analyze_cram_5x6_answers_with_the_default_budget() -> None:
    """Nimber 2, Beling's table (README of beling/impartial-games)."""
    from grundy.cli.main import cli

    result = CliRunner().invoke(cli, ["analyze", "cram", "5x6", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "value:         2" in result.output
    assert "outcome:       N" in result.output
