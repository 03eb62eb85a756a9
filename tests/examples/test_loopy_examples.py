"""The loopy-game examples against brute force from each problem's raw rules
(fixpoint retrograde analysis of the explicit state graph, tests/solve/loopy_oracles)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.solve.loopy_oracles import explore, outcomes, remoteness

from tests.examples.test_examples import load  # noqa: E402  (one loader: see its note)

ROOT = Path(__file__).resolve().parents[2]




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


# ------------------------------------------------------------------ AGC014D
def agc014d_brute(n, edges):
    """Minimax over every colouring order (first: white, second: black)."""
    from functools import lru_cache

    adj = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)

    @lru_cache(maxsize=None)
    def first_wins(col):
        free = [v for v in range(n) if col[v] == "."]
        if not free:
            return any(col[v] == "W" and all(col[w] != "B" for w in adj[v]) for v in range(n))
        first = len(free) % 2 == n % 2
        results = [first_wins(col[:v] + ("W" if first else "B") + col[v + 1:]) for v in free]
        return any(results) if first else all(results)

    return "First" if first_wins("." * n) else "Second"


def all_small_trees(max_n):
    import itertools

    for n in range(1, max_n + 1):
        for parents in itertools.product(*[range(v) for v in range(1, n)]):
            yield n, [(p, v) for v, p in enumerate(parents, start=1)]


def test_agc014d_against_brute_force():
    mod = load("agc014d_black_white_tree")
    for n, edges in all_small_trees(6):
        want = agc014d_brute(n, edges)
        text = f"{n}\n" + "".join(f"{a + 1} {b + 1}\n" for a, b in edges)
        assert mod.solve(text) == want, (n, edges)
        if n <= 5:
            assert mod.solve_by_play(n, edges) == want


# ------------------------------------------------------------------ HDU1730
def northcott_brute(m, rows):
    """Fixpoint retrograde analysis of the raw partizan loopy rules."""
    def moves(state):
        rs, turn = state
        for i, (a, b) in enumerate(rs):
            me, other = (a, b) if turn == 0 else (b, a)
            for c in range(1, m + 1):
                if c == me or c == other or (me - other) * (c - other) < 0:
                    continue  # occupied, or past the other piece
                new = (c, b) if turn == 0 else (a, c)
                yield (rs[:i] + (new,) + rs[i + 1:], 1 - turn)

    root = (rows, 0)
    succ = explore(lambda s: list(moves(s)), [root])
    return outcomes(succ)[root]


def test_hdu1730_real_loopy_rules_against_brute_force():
    mod = load("hdu1730_northcott_loopy")
    rng = random.Random(1730)
    cases = []
    for _ in range(25):
        n, m = rng.randint(1, 2), rng.randint(2, 5)
        rows = tuple(tuple(rng.sample(range(1, m + 1), 2)) for _ in range(n))
        cases.append((m, rows))
    text = "".join(f"{len(r)} {m}\n" + "".join(f"{a} {b}\n" for a, b in r) for m, r in cases)
    want = [{"N": "I WIN!", "P": "BAD LUCK!", "D": "DRAW"}[northcott_brute(m, r)] for m, r in cases]
    assert "DRAW" not in want
    assert mod.solve(text).split("\n") == want
    # the Nim-on-gaps fallback for boards too big to explore agrees too
    assert mod.solve(text, max_positions=1).split("\n") == want


# ---------------------------------------------------------- loopy subtraction
def test_loopy_subtraction_against_the_sum_itself():
    mod = load("loopy_subtraction")
    rng = random.Random(5)
    seen = set()
    for _ in range(60):
        cap = rng.randint(1, 6)
        take = sorted(rng.sample(range(1, 4), rng.randint(1, 2)))
        put = sorted(rng.sample(range(1, 3), rng.randint(0, 2)))
        heaps = tuple(rng.randint(0, cap) for _ in range(rng.randint(1, 3)))

        def moves(hs):
            for i, h in enumerate(hs):
                for s in take:
                    if s <= h:
                        yield hs[:i] + (h - s,) + hs[i + 1:]
                for a in put:
                    if h + a <= cap:
                        yield hs[:i] + (h + a,) + hs[i + 1:]

        succ = explore(lambda s: list(moves(s)), [heaps])
        want = {"N": "First", "P": "Second", "D": "Draw"}[outcomes(succ)[heaps]]
        seen.add(want)
        text = f"{cap}\n{len(take)} {' '.join(map(str, take))}\n{len(put)} {' '.join(map(str, put))}\n{len(heaps)} {' '.join(map(str, heaps))}"
        assert mod.solve(text) == want, text
    assert seen == {"First", "Second", "Draw"}
