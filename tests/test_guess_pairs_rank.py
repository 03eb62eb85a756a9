"""Pairs: when the values are not just 0/1, the best rule is a value rule even
where a P-rule is found first (issue 34: value rules rank above P-rules; a pair
is mostly a component of a sum, where only its value helps)."""

from __future__ import annotations

import grundy
from tests.oracles import mex


def test_king_to_the_corner_names_its_values() -> None:
    def moves(p: tuple[int, int]) -> list[tuple[int, int]]:
        a, b = p
        return [q for q, ok in (((a - 1, b), a > 0), ((a, b - 1), b > 0), ((a - 1, b - 1), a > 0 and b > 0)) if ok]

    best = grundy.guess(grundy.ruleset(moves, shape="pair"), to=24, known=False).best
    assert best is not None and best.target == "value" and best.status == "verified"
    side = 60  # brute force by the mex, far past the table
    g = [[0] * side for _ in range(side)]
    for a in range(side):
        for b in range(side):
            g[a][b] = mex(g[x][y] for x, y in moves((a, b)))
    assert all(best.predict(a, b) == g[a][b] for a in range(side) for b in range(side))
