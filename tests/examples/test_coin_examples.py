"""The coin-turning and counting examples against brute force from each problem's
raw rules, on small random inputs in the problem's own format."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest

from tests.examples.test_examples import load
from tests.oracles import wins as wins_by


# HAOI2015 ------------------------------------------------------------------------
def test_p3179_haoi2015():
    mod = load("p3179_haoi2015")
    rng = random.Random(1)
    for n in range(1, 11):
        def moves(white, n=n):
            for x in white:
                flipped = set(white)
                for k in range(1, n // x + 1):
                    flipped ^= {k * x}
                    yield frozenset(flipped)

        w = wins_by(moves)
        queries = [rng.sample(range(1, n + 1), rng.randrange(1, n + 1)) for _ in range(15)]
        text = f"{n}\n{len(queries)}\n" + "\n".join(f"{len(q)} {' '.join(map(str, q))}" for q in queries)
        want = ["Yes" if w(frozenset(q)) else "No" for q in queries]
        assert mod.solve(text).split() == want


def test_p3179_big_n():
    # at the problem's largest n (its time: benchmarks/bench_examples.py)
    mod = load("p3179_haoi2015")
    out = mod.solve("1000000000\n2\n3 1 2 3\n2 999999999 1000000000\n")
    assert out.split() in (["Yes", "No"], ["Yes", "Yes"], ["No", "No"], ["No", "Yes"])
    # coins above n / 2 have only k = 1: value 1 each, so two of them cancel
    assert out.split()[1] == "No"


# SDOI2016 ------------------------------------------------------------------------
def test_p4077_sdoi2016():
    mod = load("p4077_sdoi2016")
    ex = mod.exponents
    rng = random.Random(2)
    for _ in range(40):
        n, maxq = rng.randrange(1, 15), rng.randrange(1, 4)

        def moves(tails, n=n, maxq=maxq):
            for x in tails:
                a, b = ex(x)
                c = x // (2**a * 3**b)
                for p in range(1, a + 1):
                    for q in range(1, maxq + 1):
                        if p * q <= a:
                            yield tails ^ frozenset(c * 2 ** (a - p * j) * 3**b for j in range(q + 1))
                for p in range(1, b + 1):
                    for q in range(1, maxq + 1):
                        if p * q <= b:
                            yield tails ^ frozenset(c * 2**a * 3 ** (b - p * j) for j in range(q + 1))

        w = wins_by(moves)
        states = [rng.randrange(2) for _ in range(n)]
        tails = frozenset(i + 1 for i, s in enumerate(states) if s == 0)
        out = mod.solve(f"1\n{n} {maxq}\n{' '.join(map(str, states))}\n")
        assert out == ("win" if w(tails) else "lose")


# HNOI2007 ------------------------------------------------------------------------
def test_p3185_hnoi2007():
    mod = load("p3185_hnoi2007")
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randrange(1, 5)
        a = tuple(rng.randrange(0, 3) for _ in range(n))

        def moves(p, n=n):
            for i in range(n):
                if p[i]:
                    for j in range(i + 1, n):
                        for k in range(j, n):
                            q = list(p)
                            q[i] -= 1
                            q[j] += 1
                            q[k] += 1
                            yield tuple(q)

        w = wins_by(moves)
        good = []
        for i in range(n):
            if a[i]:
                for j in range(i + 1, n):
                    for k in range(j, n):
                        q = list(a)
                        q[i] -= 1
                        q[j] += 1
                        q[k] += 1
                        if not w(tuple(q)):
                            good.append((i, j, k))
        out = mod.solve(f"1\n{n}\n{' '.join(map(str, a))}\n").splitlines()
        assert out[0] == ("%d %d %d" % good[0] if good else "-1 -1 -1")
        assert int(out[1]) == len(good)


# ZJOI2009 ------------------------------------------------------------------------
def _connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        a, b = todo.pop()
        for q in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)


def test_p2594_zjoi2009():
    mod = load("p2594_zjoi2009")
    rng = random.Random(4)
    for n, m in ((1, 5), (2, 3), (3, 2), (3, 3), (2, 4)):
        cells = [(r, c) for r in range(n) for c in range(m)]
        blocks = {}
        for cell in cells:
            r, c = cell
            inside = [(a, b) for a in range(r + 1) for b in range(c + 1) if (a, b) != cell]
            blocks[cell] = [frozenset(s) | {cell} for k in range(len(inside) + 1)
                            for s in itertools.combinations(inside, k) if _connected(s + (cell,))]

        def moves(tails, blocks=blocks):
            for cell in tails:
                for b in blocks[cell]:
                    yield tails ^ b

        w = wins_by(moves)
        for _ in range(25):
            grid = [[rng.choice("HT") for _ in range(m)] for _ in range(n)]
            tails = frozenset((r, c) for r in range(n) for c in range(m) if grid[r][c] == "T")
            text = f"1\n{n} {m}\n" + "\n".join("".join(row) for row in grid)
            assert mod.solve(text) == ("-_-" if w(tails) else "=_=")


# CF2070E -------------------------------------------------------------------------
@lru_cache(maxsize=None)
def cyclic_first_wins(t: str, first: bool) -> bool:
    L = len(t)
    pairs = {(i, (i + 1) % L) for i in range(L)} if L >= 2 else set()
    for i, j in pairs:
        if i == j:
            continue
        both0 = t[i] == "0" and t[j] == "0"
        if both0 != first:
            continue
        rest = "".join(t[x] for x in range(L) if x not in (i, j)) if j > i else t[1:L - 1]
        if not cyclic_first_wins(rest, not first):
            return True
    return False


def test_cf2070e():
    mod = load("cf2070e_binary_string")
    rng = random.Random(5)
    for _ in range(60):
        n = rng.randrange(1, 13)
        s = "".join(rng.choice("0001") for _ in range(n))
        want = sum(cyclic_first_wins(s[l:r], True) for l in range(n) for r in range(l + 1, n + 1))
        assert mod.solve(f"{n}\n{s}\n") == str(want)


def test_cf2070e_at_full_size():
    # at the problem's largest n (its time: benchmarks/bench_examples.py): the
    # count is of substrings, at most n (n + 1) / 2
    mod = load("cf2070e_binary_string")
    s = "".join(random.Random(6).choice("0001") for _ in range(300000))
    assert 0 < int(mod.solve(f"{len(s)}\n{s}\n")) <= len(s) * (len(s) + 1) // 2


# seven segments --------------------------------------------------------------------
# vertices TL 0, TR 1, ML 2, MR 3, BL 4, BR 5; segments 1-3 upper-left, top,
# upper-right; 4 middle; 5-7 lower-left, bottom, lower-right
SEGMENTS = [(0, 2), (0, 1), (1, 3), (2, 3), (2, 4), (4, 5), (3, 5)]


def _trees():
    out = []
    for mask in range(1, 128):
        edges = [SEGMENTS[i] for i in range(7) if mask >> i & 1]
        verts = {v for e in edges for v in e}
        if len(edges) != len(verts) - 1:
            continue
        parent = {v: v for v in verts}

        def find(v):
            while parent[v] != v:
                v = parent[v]
            return v

        for a, b in edges:
            parent[find(a)] = find(b)
        if len({find(v) for v in verts}) == 1:
            out.append([i for i in range(7) if mask >> i & 1])
    return out


TREES = _trees()


def seven_moves(p):
    for tree in TREES:
        for takes in itertools.product(*(range(p[i] + 1) for i in tree)):
            if any(takes):
                q = list(p)
                for i, t in zip(tree, takes):
                    q[i] -= t
                yield tuple(q)


def test_seven_segment_theorem_on_raw_game():
    w = wins_by(seven_moves)
    for p in itertools.product(range(3), repeat=7):
        theorem_p = p[0] == p[1] == p[2] and p[4] == p[5] == p[6] and p[0] ^ p[3] ^ p[4] == 0
        assert w(p) != theorem_p, p


def test_seven_segment_counts():
    mod = load("seven_segment")
    w = wins_by(seven_moves)
    rng = random.Random(7)
    for _ in range(25):
        box = []
        for _ in range(7):
            lo = rng.randrange(0, 3)
            box.append((lo, rng.randrange(lo, 3)))
        want = sum(w(p) for p in itertools.product(*(range(a, b + 1) for a, b in box)))
        assert mod.solve("\n".join(f"{a} {b}" for a, b in box)) == str(want % 998244353)
    big = "\n".join(["0 1000000000000000000"] * 7)
    assert 0 <= int(mod.solve(big)) < 998244353


# 取石子 ---------------------------------------------------------------------------
def test_qushizi_colours():
    mod = load("qushizi_colours")
    rng = random.Random(8)
    for _ in range(25):
        n, m = rng.randrange(1, 4), rng.randrange(1, 3)
        colours = [rng.randrange(1, n + 1) for _ in range(n)]
        sets = [rng.sample(range(0, 6), rng.randrange(1, 4)) for _ in range(n)]

        def moves(p, colours=colours, m=m):
            for i, a in enumerate(p):
                for b in range(a):
                    yield p[:i] + (b,) + p[i + 1 :]
            for c in set(colours):
                idx = [i for i in range(len(p)) if colours[i] == c]
                for takes in itertools.product(*(range(p[i] + 1) for i in idx)):
                    if 1 <= sum(takes) <= m:
                        q = list(p)
                        for i, t in zip(idx, takes):
                            q[i] -= t
                        yield tuple(q)

        w = wins_by(moves)
        want = sum(w(p) for p in itertools.product(*sets))
        text = f"{n} {m}\n" + "\n".join(f"{len(s)} {c}\n{' '.join(map(str, s))}" for s, c in zip(sets, colours))
        assert mod.solve(text) == str(want % 998244353)


@pytest.mark.parametrize("text, why", [
    ("", "n >= 0 and m >= 1"), ("2 0\n", "m >= 1"), ("2 3\n2 1 5\n", "ends early"),
    ("1 3\n-1 1\n", "negative count"), ("1 3\n2 1 5 -7\n", "negative"),
])
def test_qushizi_colours_bad_input(text, why):
    from grundy.values.errors import InvalidPositionError

    with pytest.raises(InvalidPositionError, match=why):
        load("qushizi_colours").solve(text)


# ARC134E -----------------------------------------------------------------------------
@lru_cache(maxsize=None)
def modulo_nim_wins(s: frozenset) -> bool:
    """The player to move wins; the player who makes every number 0 loses."""
    if not s:
        return True
    return any(not modulo_nim_wins(frozenset(x % m for x in s) - {0}) for m in range(1, max(s) + 1))


def test_arc134e_table_against_brute_force():
    mod = load("arc134e_modulo_nim")
    lose = mod.lose_table(11)  # sets of multiples of 12 up to 132
    for mask in range(1, 1 << 11):
        s = frozenset(12 * (j + 1) for j in range(11) if mask >> j & 1)
        assert lose[mask] == (not modulo_nim_wins(s)), s


def test_arc134e_case_analysis():
    # every losing set is {1}, {2}, {4, 8} or made of multiples of 12
    rng = random.Random(10)
    sets = [frozenset(i + 1 for i in range(14) if mask >> i & 1) for mask in range(1, 1 << 14)]
    sets += [frozenset(rng.sample(range(1, 80), rng.randrange(1, 5))) for _ in range(1500)]
    for s in sets:
        if not modulo_nim_wins(s):
            assert s in ({1}, {2}, {4, 8}) or all(x % 12 == 0 for x in s), s


def test_arc134e_counts():
    mod = load("arc134e_modulo_nim")
    rng = random.Random(9)
    cases = [[1], [2], [8, 8], [30, 26], [24, 25, 13], [12, 12, 12], [36, 40]]
    cases += [[rng.randrange(1, 40) for _ in range(rng.randrange(1, 4))] for _ in range(8)]
    for a in cases:
        want = sum(modulo_nim_wins(frozenset(x)) for x in itertools.product(*(range(1, v + 1) for v in a)))
        assert mod.solve(f"{len(a)}\n{' '.join(map(str, a))}\n") == str(want % 998244353), a


def test_arc134e_at_full_size():
    # at the problem's largest input (its time: benchmarks/bench_examples.py)
    mod = load("arc134e_modulo_nim")
    out = mod.solve("200\n" + " ".join(["200"] * 200))
    assert 0 <= int(out) < 998244353
