"""The budget given to ``grundy.guess`` covers its rule searches too (issue 35:
no search with a private time default): the synthesiser is never given more
seconds than are left of it. No clock is asserted: the seconds each search is
handed are recorded."""

from __future__ import annotations

import random
from typing import Any

import pytest

import grundy
from grundy.patterns import synth
from grundy.solve.budget import Budget
from grundy.values.errors import InvalidParameterError


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The ``seconds`` of every call of the synthesiser."""
    seen: list[float] = []
    real = synth.synthesize

    def recording(*args: Any, **kw: Any) -> Any:
        seen.append(kw.get("seconds", 20.0))
        return real(*args, **{**kw, "seconds": min(kw.get("seconds", 20.0), 0.05)})  # quick

    monkeypatch.setattr(synth, "synthesize", recording)
    return seen


def noise(n: int) -> list[int]:
    rng = random.Random(35)
    return [rng.randrange(7) for _ in range(n)]


@pytest.mark.parametrize("seconds", [0.5, 2.0, 5.0])
def test_the_synthesiser_gets_no_more_than_the_guess_budget(handed: list[float], seconds: float) -> None:
    grundy.guess(noise(400), budget=Budget(seconds=seconds))
    assert handed and max(handed) <= seconds


def test_pairs_and_families_keep_the_budget_too(handed: list[float]) -> None:
    rng = random.Random(7)
    table = [[rng.randrange(5) for _ in range(24)] for _ in range(24)]
    grundy.guess(table, budget=Budget(seconds=1.0))
    assert handed and max(handed) <= 1.0
    handed.clear()

    def family(k: int) -> grundy.Ruleset:
        return grundy.ruleset(lambda n: [m for m in range(n) if (n * k + m) % 7 != 3], name=f"odd-{k}")

    grundy.guess(family, params={"k": range(1, 5)}, to=60, budget=Budget(seconds=1.5))
    assert all(s <= 1.5 for s in handed)


def test_without_a_time_budget_each_target_gets_its_share(handed: list[float]) -> None:
    grundy.guess(noise(400), budget=Budget(seconds=None))
    assert handed and max(handed) <= grundy.conjecture.SYNTH_SECONDS


def test_a_work_bound_reaches_every_search_of_a_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    """``search_time(..., work=n)``: each synthesiser search of the guess examines
    at most ``n`` candidates (it stops at the same place on any machine)."""
    results: list[Any] = []
    real = synth.synthesize

    def recording(*args: Any, **kw: Any) -> Any:
        results.append(real(*args, **kw))
        return results[-1]

    monkeypatch.setattr(synth, "synthesize", recording)
    with grundy.conjecture.search_time(3.0, work=2000):
        grundy.guess(noise(400), known=False)
    assert results and all(r.stopped is None or r.stopped.startswith("work: 2000 candidates") for r in results)
    assert any(r.stopped is not None for r in results)
    for bad in (0, -1, True, 1.5):
        with pytest.raises(InvalidParameterError, match="work"):
            with grundy.conjecture.search_time(1.0, work=bad):  # type: ignore[arg-type]
                pass
