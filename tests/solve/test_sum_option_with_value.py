"""An option of a sum with a given value, found part by part (the Sprague-Grundy
theorem), against the raw rules: the option is a move of the sum, has the value
asked for, and there is none exactly when no move of the sum has it. A part may
be a heap of 10^12: the search asks that part's own rule, never lists the sum."""

from __future__ import annotations

import itertools
import random

import pytest

import grundy
from grundy.rules.sums import Sum
from tests.oracles import grundy_values, octal_heap_options

CODES = {"kayles": (0, 7, 7), "dawson": (0, 0, 7), "octal:0.137": (0, 1, 3, 7)}


def _heaps(p: object) -> tuple[int, ...]:
    parts = p.parts if isinstance(p, Sum) else (p,)
    return tuple(sorted(x for x in parts if x))


@pytest.mark.parametrize("spec", sorted(CODES))
def test_against_the_raw_rules(spec: str) -> None:
    g = grundy.games.get(spec)
    heap_options = octal_heap_options(CODES[spec])

    def moves(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = set()
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for o in heap_options(n):
                out.add(tuple(sorted(x for x in rest + o if x)))
        return sorted(out)

    value = grundy_values(moves)
    rng = random.Random(spec)
    for _ in range(40):
        heaps = tuple(sorted(rng.randint(0, 12) for _ in range(rng.randint(2, 4))))
        reachable = {value(o) for o in moves(tuple(x for x in heaps if x))}
        for target in range(0, 8):
            o = g.option_with_value(Sum(*heaps), target)
            if target not in reachable:
                assert o is None, (heaps, target, o)
                continue
            assert o is not None, (heaps, target)
            assert _heaps(o) in moves(tuple(x for x in heaps if x)), (heaps, o)
            assert value(_heaps(o)) == target, (heaps, target, o)


def test_a_sum_of_huge_heaps_is_answered_by_its_parts() -> None:
    g = grundy.games.get("dawson")
    big = Sum(10**12, 10**12 + 1, 7)
    x = g.value(big)
    for target in itertools.islice((t for t in range(16) if t != x), 4):
        o = g.option_with_value(big, target)
        if o is not None:  # one part moved, by a move of that part
            assert g.value(o) == target
            left = list(big.parts)
            kept = [p for p in o.parts if not (p in left and not left.remove(p))]
            assert len(left) == 1 and g.is_option(left[0], Sum(*kept)), (o, left, kept)
