"""The contest programs in examples/ against brute force from each problem's raw
rules, on small random inputs in the problem's own input format."""

from __future__ import annotations

import importlib.util
import itertools
import random
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from grundy import GameGraph
from tests.oracles import wins

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    # registered under its own name, so an example's numba cache written here
    # can be read back (numba re-imports the module by name)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def flat_wins(moves_of_heap):
    """wins() for a sum of heaps as a sorted tuple, each heap moving to a list of
    heaps (a split) by ``moves_of_heap``."""

    def moves(hs):
        for i, h in enumerate(hs):
            rest = hs[:i] + hs[i + 1 :]
            for parts in moves_of_heap(h):
                yield tuple(sorted(rest + tuple(p for p in parts if p)))

    return wins(moves)


def nim_moves(p):
    for i, h in enumerate(p):
        for k in range(h):
            yield p[:i] + (k,) + p[i + 1 :]


def test_p1247():
    mod = load("p1247_nim_first_move")
    w = wins(nim_moves)
    rng = random.Random(1)
    for _ in range(300):
        heaps = tuple(rng.randrange(0, 9) for _ in range(rng.randrange(1, 5)))
        out = mod.solve(f"{len(heaps)}\n{' '.join(map(str, heaps))}\n")
        if not w(heaps):
            assert out == "lose"
            continue
        best = None
        for b, h in enumerate(heaps):
            for a in range(1, h + 1):
                after = heaps[:b] + (h - a,) + heaps[b + 1 :]
                if not w(after) and best is None:
                    best = (a, b, after)
        a, b, after = best
        assert out == f"{a} {b + 1}\n" + " ".join(map(str, after))


def test_p4279():
    mod = load("p4279_anti_nim")

    @lru_cache(maxsize=None)
    def win(p):
        opts = list(nim_moves(p))
        return not opts or any(not win(tuple(sorted(o))) for o in opts)

    rng = random.Random(2)
    cases = [tuple(sorted(rng.randrange(0, 6) for _ in range(rng.randrange(1, 5)))) for _ in range(200)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    expected = ["John" if win(c) else "Brother" for c in cases]
    assert mod.solve(text).split("\n") == expected


def wythoff_moves(p):
    a, b = p
    yield from ((k, b) for k in range(a))
    yield from ((a, k) for k in range(b))
    yield from ((a - d, b - d) for d in range(1, min(a, b) + 1))


def test_p2252_and_big_wythoff():
    small, big = load("p2252_wythoff"), load("wythoff_big")
    w = wins(wythoff_moves)
    lines = []
    for a in range(25):
        for b in range(25):
            assert small.solve(f"{a} {b}") == ("1" if w((a, b)) else "0")
            lines.append((a, b))
    out = big.solve("\n".join(f"{a} {b}" for a, b in lines))
    assert out.split("\n") == [("1" if w(p) else "0") for p in lines]
    # 10^100: against a 400-digit Decimal golden ratio
    from decimal import Decimal, getcontext

    getcontext().prec = 400
    phi = (1 + Decimal(5).sqrt()) / 2
    k = 10**100 + 7
    a = int(k * phi)
    assert big.solve(f"{a} {a + k}\n{a + k} {a}\n{a + 1} {a + k}") == "0\n0\n1"


def test_hdu1730_against_retrograde_analysis():
    mod = load("hdu1730_northcott")
    width = 4
    cols = [(b, w) for b in range(1, width + 1) for w in range(1, width + 1) if b != w]

    def moves(state):  # the partizan raw rules; black (turn 0) moves first
        rows, turn = state
        for i, (b, w) in enumerate(rows):
            me, other = (b, w) if turn == 0 else (w, b)
            for c in range(1, width + 1):
                if c == me or c == other or (me - other) * (c - other) < 0:
                    continue  # occupied, or jumps over the other piece
                row = (c, w) if turn == 0 else (b, c)
                yield (rows[:i] + (row,) + rows[i + 1 :], 1 - turn)

    for n_rows in (1, 2):
        states = [(rows, t) for rows in itertools.product(cols, repeat=n_rows) for t in (0, 1)]
        graph = GameGraph({s: list(moves(s)) for s in states})
        outcomes = graph.outcomes()
        cases = [rows for rows, t in states if t == 0]
        text = "".join(f"{n_rows} {width}\n" + "".join(f"{b} {w}\n" for b, w in rows) for rows in cases)
        expected = ["I WIN!" if outcomes[(rows, 0)].name == "N" else "BAD LUCK!" for rows in cases]
        assert mod.solve(text).split("\n") == expected


def test_hdu3032_and_hdu5795():
    lasker = flat_wins(lambda n: [(k,) for k in range(n)] + [(a, n - a) for a in range(1, n)])
    split3 = flat_wins(
        lambda n: [(k,) for k in range(n)]
        + [(a, b, n - a - b) for a in range(1, n) for b in range(1, n - a)]
    )
    rng = random.Random(3)
    cases = [tuple(sorted(rng.randrange(1, 9) for _ in range(rng.randrange(1, 4)))) for _ in range(150)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    assert load("hdu3032_lasker").solve(text).split("\n") == ["Alice" if lasker(c) else "Bob" for c in cases]
    assert load("hdu5795_split3").solve(text).split("\n") == [
        "First player wins." if split3(c) else "Second player wins." for c in cases
    ]


def test_acwing893():
    mod = load("acwing893_set_nim")
    rng = random.Random(4)
    for _ in range(150):
        s = sorted(rng.sample(range(1, 7), rng.randrange(1, 4)))
        heaps = tuple(rng.randrange(0, 15) for _ in range(rng.randrange(1, 4)))
        w = wins(lambda p, s=tuple(s): (p[:i] + (h - x,) + p[i + 1 :] for i, h in enumerate(p) for x in s if x <= h))
        text = f"{len(s)}\n{' '.join(map(str, s))}\n{len(heaps)}\n{' '.join(map(str, heaps))}\n"
        assert mod.solve(text) == ("Yes" if w(heaps) else "No")


def black_white_first_wins(n, k, d, both_directions):
    """Raw rules of P2490: pieces W B W B ...; white (turn 0) then black; a turn
    moves 1..d own pieces, none past a neighbour or off the board. Retrograde
    analysis of the (possibly loopy) graph."""

    def moves(state):
        cells, turn = state
        mine = [i for i in range(k) if i % 2 == turn]
        options = []
        for i in mine:
            lo = cells[i - 1] + 1 if i else 1
            hi = cells[i + 1] - 1 if i + 1 < k else n
            forward = range(cells[i] + 1, hi + 1) if turn == 0 else range(lo, cells[i])
            backward = range(lo, cells[i]) if turn == 0 else range(cells[i] + 1, hi + 1)
            options.append((i, list(forward) + (list(backward) if both_directions else [])))
        for r in range(1, d + 1):
            for chosen in itertools.combinations(options, r):
                for targets in itertools.product(*(t for _, t in chosen)):
                    new = list(cells)
                    for (i, _), c in zip(chosen, targets):
                        new[i] = c
                    yield (tuple(new), 1 - turn)

    layouts = list(itertools.combinations(range(1, n + 1), k))
    graph = {}
    todo = [(c, 0) for c in layouts]
    while todo:
        s = todo.pop()
        if s in graph:
            continue
        graph[s] = list(set(moves(s)))
        todo.extend(o for o in graph[s] if o not in graph)
    outcomes = GameGraph(graph).outcomes()
    assert all(outcomes[(c, 0)].name != "D" for c in layouts)
    return sum(outcomes[(c, 0)].name == "N" for c in layouts)


@pytest.mark.parametrize("n,k,d", [(4, 2, 1), (6, 2, 1), (7, 4, 1), (7, 4, 2), (8, 4, 1), (8, 4, 2), (9, 2, 2)])
def test_p2490(n, k, d):
    mod = load("p2490_black_white")
    assert mod.solve(f"{n} {k} {d}") == str(black_white_first_wins(n, k, d, both_directions=False))
    assert mod.solve(f"{n} {k} {d}") == str(black_white_first_wins(n, k, d, both_directions=True))


def test_p2490_large_runs_fast():
    mod = load("p2490_black_white")
    out = int(mod.solve("10000 100 10"))
    assert 0 <= out < 10**9 + 7


def gra_brute(m, pieces):
    """Raw rules of P8382: count winning first moves by search."""

    def step(state, p):
        q = p + 1
        while q in state:
            q += 1
        return q

    @lru_cache(maxsize=None)
    def win(state):
        for p in state:
            q = step(state, p)
            if q == m or not win(frozenset((set(state) - {p}) | {q})):
                return True
        return False

    state = frozenset(pieces)
    count = 0
    for p in state:
        q = step(state, p)
        if q == m or not win(frozenset((set(state) - {p}) | {q})):
            count += 1
    return count


def test_p8382():
    mod = load("p8382_gra")
    rng = random.Random(5)
    for _ in range(250):
        m = rng.randrange(3, 13)
        n = rng.randrange(1, m)
        pieces = sorted(rng.sample(range(1, m), n))
        text = f"{m} {n}\n{' '.join(map(str, pieces))}\n"
        assert mod.solve(text) == str(gra_brute(m, pieces)), text
    big = list(range(1, 10**6, 3))[:300_000]
    assert int(mod.solve(f"{10**9} {len(big)}\n{' '.join(map(str, big))}")) >= 0


def test_p3480():
    mod = load("p3480_pebbles")

    def moves(hs):
        for i, h in enumerate(hs):
            lo = hs[i - 1] if i else 0
            for x in range(lo, h):
                yield hs[:i] + (x,) + hs[i + 1 :]

    w = wins(moves)
    rng = random.Random(6)
    cases = [tuple(sorted(rng.randrange(1, 7) for _ in range(rng.randrange(1, 5)))) for _ in range(200)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    assert mod.solve(text).split("\n") == ["TAK" if w(c) else "NIE" for c in cases]


def test_poj2348():
    mod = load("poj2348_euclid")

    def moves(p):
        a, b = p
        if not a or not b:
            return []
        lo, hi = min(a, b), max(a, b)
        return [tuple(sorted((lo, hi - k * lo))) for k in range(1, hi // lo + 1)]

    w = wins(moves)
    pairs = [(a, b) for a in range(1, 30) for b in range(1, 30)]
    text = "".join(f"{a} {b}\n" for a, b in pairs) + "0 0\n"
    assert mod.solve(text).split("\n") == [
        "Stan wins" if w(tuple(sorted(p))) else "Ollie wins" for p in pairs
    ]


def test_p3235():
    mod = load("p3235_jiangnan")
    for f in (1, 2, 3):
        def split(n, f=f):
            if n < f:
                return []
            out = []
            for j in range(2, n + 1):
                q, r = divmod(n, j)
                out.append((q,) * (j - r) + (q + 1,) * r)
            return out

        w = flat_wins(split)
        rng = random.Random(f)
        cases = [tuple(sorted(rng.randrange(1, 13) for _ in range(rng.randrange(1, 4)))) for _ in range(60)]
        text = f"{len(cases)} {f}\n" + "".join(f"{len(c)} {' '.join(map(str, c))}\n" for c in cases)
        assert mod.solve(text) == " ".join("1" if w(c) else "0" for c in cases)


def test_p4101():
    mod = load("p4101_merge")

    def moves_for(m):
        def moves(ps):
            for i in range(len(ps)):
                for j in range(i + 1, len(ps)):
                    if ps[i] + ps[j] <= m:
                        rest = ps[:i] + ps[i + 1 : j] + ps[j + 1 :]
                        yield tuple(sorted(rest + (ps[i] + ps[j],)))

        return moves

    cases = [(n, m) for n in range(1, 13) for m in range(1, 8)]
    text = f"{len(cases)}\n" + "".join(f"{n} {m}\n" for n, m in cases)
    expected = ["0" if wins(moves_for(m))((1,) * n) else "1" for n, m in cases]
    assert mod.solve(text).split("\n") == expected


def test_cf1965a():
    mod = load("cf1965a_everything_nim")

    def moves(p):
        live = [h for h in p if h]
        for k in range(1, min(live, default=0) + 1):
            yield tuple(h - k if h else 0 for h in p)

    w = wins(moves)
    rng = random.Random(7)
    cases = [tuple(rng.randrange(1, 8) for _ in range(rng.randrange(1, 5))) for _ in range(300)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    assert mod.solve(text).split("\n") == ["Alice" if w(c) else "Bob" for c in cases]


@pytest.mark.parametrize(  # two processes a game: one in the default run, six with -m heavy, twelve with -m slow
    "seed", [s if s < 1 else pytest.param(s, marks=pytest.mark.heavy if s < 6 else pytest.mark.slow)
             for s in range(12)])
def test_abc278g_against_a_judge_process(seed):
    rng = random.Random(seed)
    n = rng.randrange(1, 16)
    lo = rng.randrange(1, n + 1)
    hi = rng.randrange(lo, min(n, lo + 2) + 1)
    if seed % 3 == 0:  # force the Sprague-Grundy branch: l = r of the wrong parity
        n = rng.randrange(4, 20)
        lo = hi = rng.choice([k for k in range(1, n + 1) if k % 2 != n % 2])
    judge = [sys.executable, str(Path(__file__).with_name("judge_abc278g.py"))]
    player = [sys.executable, str(ROOT / "examples" / "abc278g_interactive.py")]
    result = subprocess.run([*judge, str(n), str(lo), str(hi), str(seed), "--", *player],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (n, lo, hi, result.stderr)


def test_the_abc278g_judge_knows_the_legal_moves():
    """The judge's runs give exactly the moves of the definition, all along random games."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("judge_abc278g", Path(__file__).with_name("judge_abc278g.py"))
    judge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(judge)
    rng = random.Random(278)
    for _ in range(200):
        n = rng.randrange(1, 14)
        lo = rng.randrange(1, n + 1)
        hi = rng.randrange(lo, n + 1)
        present = [False] + [True] * n + [False]
        runs = judge.Runs(n, lo, hi)
        while True:
            want = judge.legal_moves(present, n, lo, hi)
            total = runs.total()
            assert sorted(runs.pick(k) for k in range(total)) == sorted(want)
            assert all(runs.legal(x, y) == ((x, y) in want) for x in range(0, n + 2) for y in range(0, n + 2))
            if not want:
                break
            x, y = rng.choice(want)
            runs.play(x, y)
            for c in range(x, x + y):
                present[c] = False


def test_cf794e_choosing_carrot():
    mod = load("cf794e_choosing_carrot")

    def brute(a):  # the rules: Oleg's k extra moves, then alternate turns
        out = []
        for k in range(len(a)):
            @lru_cache(maxsize=None)
            def v(i, j, t):
                if i == j:
                    return a[i]
                vals = (v(i + 1, j, t + 1), v(i, j - 1, t + 1))
                return max(vals) if t < k or (t - k) % 2 == 0 else min(vals)
            out.append(v(0, len(a) - 1, 0))
        return out

    rng = random.Random(794)
    for _ in range(300):
        a = [rng.randrange(1, 10) for _ in range(rng.randrange(1, 11))]
        want = brute(a)
        assert mod.solve(f"{len(a)}\n{' '.join(map(str, a))}\n") == " ".join(map(str, want))
        if len(a) <= 7:
            assert mod.by_minimax(a) == want


def test_p7137_cut_cake():
    mod = load("p7137_cut_cake")
    rng = random.Random(7137)
    for _ in range(40):
        a = [rng.randrange(1, 5) for _ in range(rng.randrange(1, 4))]
        m = rng.randrange(0, 4)
        exact = mod.by_minimax(a, m)  # every cake order, every cut on a fine grid
        out = mod.solve(f"{len(a)} {m}\n{' '.join(map(str, a))}\n")
        assert out == f"{float(exact):.6f}"


def test_p10200_maze_guard():
    mod = load("p10200_maze_guard")
    rng = random.Random(10200)
    cases, want = [], []
    for _ in range(120):
        n = rng.randrange(0, 4)
        N = 1 << n
        w = [rng.randrange(1, 6) for _ in range(N - 1)]
        q = list(range(1, N + 1))
        rng.shuffle(q)
        k = rng.randrange(0, 12)
        cases.append(f"{n} {k}\n{' '.join(map(str, w))}\n{' '.join(map(str, q))}\n")
        want.append(" ".join(map(str, mod.by_minimax(n, k, w, q))))  # Alice buys, Bob orients
    assert mod.solve(f"{len(cases)}\n" + "".join(cases)).split("\n") == want
