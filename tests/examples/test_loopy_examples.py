"""The loopy-game examples against brute force from each problem's raw rules
(fixpoint retrograde analysis of the explicit state graph, tests/solve/loopy_oracles)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from tests.solve.loopy_oracles import explore, outcomes, remoteness

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------- P9169
def p9169_brute(board):
    """Straight from the statement: (black, red_a, red_b, red_to_move)."""
    n, m = len(board), len(board[0])

    def ok(i, j):
        return 0 <= i < n and 0 <= j < m and board[i][j] != "#"

    def end(s):  # the result for the player to move, checked before moving
        black, ra, rb, red = s
        if black[0] == 0:
            return "P" if red else "N"
        if black == ra or black == rb:
            return "P"
        return None

    def moves(s):
        if end(s):
            return []
        black, ra, rb, red = s
        out = []
        if red:
            for idx in (0, 1):
                me, other = (ra, rb) if idx == 0 else (rb, ra)
                for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    c = (me[0] + di, me[1] + dj)
                    if ok(*c) and c != other:
                        out.append((black, c, rb, False) if idx == 0 else (black, ra, c, False))
        else:
            for di, dj in ((-1, 0), (0, -1), (0, 1)):
                c = (black[0] + di, black[1] + dj)
                if ok(*c):
                    out.append((c, ra, rb, True))
        return out

    cells = [(i, j, c) for i, row in enumerate(board) for j, c in enumerate(row)]
    black = next((i, j) for i, j, c in cells if c == "X")
    ra, rb = [(i, j) for i, j, c in cells if c == "O"]
    root = (black, ra, rb, True)
    succ = explore(moves, [root])
    fixed = {s: end(s) for s in succ if end(s)}
    o, r = outcomes(succ, fixed)[root], remoteness(succ, fixed)[root]
    if o == "D":
        return "Tie"
    return f"{'Red' if o == 'N' else 'Black'} {r}"


def random_board(rng, n, m):
    cells = [(i, j) for i in range(n) for j in range(m)]
    x, a, b = rng.sample(cells, 3)
    rows = [["#" if rng.random() < 0.2 else "." for _ in range(m)] for _ in range(n)]
    rows[x[0]][x[1]] = "X"
    rows[a[0]][a[1]] = "O"
    rows[b[0]][b[1]] = "O"
    return ["".join(r) for r in rows]


def test_p9169_against_brute_force():
    mod = load("p9169_river_pawn")
    rng = random.Random(9169)
    boards = [random_board(rng, rng.randint(2, 4), rng.randint(2, 4)) for _ in range(40)]
    boards += [["###", ".X.", "###", "O.O"],      # black paces behind a wall: a tie
               ["#.#", ".X.", "#.#", "O.O"], ["X..", "O.O"], ["...", ".X.", "O#O"]]
    text = f"1 {len(boards)}\n" + "".join(
        f"{len(b)} {len(b[0])}\n" + "\n".join(b) + "\n" for b in boards)
    want = [p9169_brute(b) for b in boards]
    assert mod.solve(text).split("\n") == want
    assert [mod.solve_by_ruleset(b) for b in boards[:15]] == want[:15]
    kinds = {w.split()[0] for w in want}
    assert kinds == {"Red", "Black", "Tie"}, kinds  # the sample covers all three
