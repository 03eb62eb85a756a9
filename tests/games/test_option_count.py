"""The option counts of the rules (``option_count_formula``) against the move
function itself, and a search refusing a heap with more options than its budget
before listing them."""

from __future__ import annotations

import itertools

import pytest

import grundy
from grundy.games.octal import GrundysGame, TakeAndBreak
from grundy.solve.reducer.options import options
from grundy.values.errors import SearchLimitError


def _codes() -> list[str]:
    out = []
    for digits in itertools.product(range(8), repeat=3):
        body = "".join(map(str, digits)).rstrip("0")
        if body:
            out += [f"0.{body}"] + ([f"0.{body}..."] if len(body) >= 1 else [])
    for digits in itertools.product((0, 8, 9, 12, 15), repeat=2):
        body = "".join(f"{d:x}" for d in digits).rstrip("0")
        if body:
            out += [f"hex:0.{body}", f"hex:0.{body}..."]
    return out


@pytest.mark.parametrize("code", _codes()[::7] + ["0.07", "0.77", "0.137", "0.37...", "4.07"])
def test_the_count_is_what_the_move_function_lists(code: str) -> None:
    try:
        g = grundy.games.get(code if code.startswith("hex:") else f"octal:{code}")
    except grundy.GrundyError:
        pytest.skip(f"{code} is not a code the catalogue takes")
    if not isinstance(g, TakeAndBreak):
        pytest.skip(f"{code} is {g.name}, a game of its own")
    three = any(d & 8 for d in g.digits)
    for n in range(0, 90):
        listed = len(list(g.moves(n)))
        count = g.option_count_formula(n)
        assert count is not None
        if g.repeat and three and n > len(g.digits) + 64:
            assert count <= listed, (code, n)
        else:
            assert count == listed, (code, n, count, listed)


def test_grundys_game_counts_its_splits() -> None:
    g = GrundysGame()
    for n in range(0, 60):
        assert g.option_count_formula(n) == len(list(g.moves(n)))


@pytest.mark.parametrize("spec", ["dawson", "kayles", "grundys-game", "octal:0.37..."])
def test_a_search_refuses_a_huge_heap_before_listing_its_options(spec: str) -> None:
    """Was: the search listed a million options of a heap of 10^12 (about a second)
    before refusing it; now it refuses at once, with the same message."""
    g = grundy.games.get(spec)
    calls = []

    class Counting(type(g)):  # type: ignore[misc]
        def moves(self, position):  # type: ignore[no-untyped-def]
            for m in super().moves(position):
                calls.append(1)
                yield m

    h = Counting.__new__(Counting)
    h.__dict__.update(g.__dict__)
    with pytest.raises(SearchLimitError, match="more than 1,000 options"):
        options(h, 10**12, 1000)
    assert calls == []
    r = grundy.analyze(g.sum(10**12), budget=grundy.Budget(positions=1000))
    assert "more than 1,000 options" in r.stopped["remoteness"]


def test_a_count_within_the_budget_still_lists() -> None:
    g = grundy.games.get("dawson")
    assert len(options(g, 12, 1000)) == g.option_count_formula(12)
