"""The notes' later problems against brute force from each
problem's raw rules (memoised win/lose or mex recursions written here, never the
library), on small random inputs in the problem's own input format."""

from __future__ import annotations

import random
import subprocess
import sys
from functools import lru_cache
from itertools import product

import pytest

from tests.examples.test_examples import ROOT, load
from tests.oracles import mex, suspense


# ------------------------------------------------------------ HDU 3595 GG and MM
def euclid_moves(p):
    a, b = p
    if a == 0 or b == 0:
        return []
    lo, hi = min(a, b), max(a, b)
    return [tuple(sorted((hi - k * lo, lo))) for k in range(1, hi // lo + 1)]


@lru_cache(maxsize=None)
def every_sg_wins(games: tuple) -> bool:
    """Every-SG from the rules: move in every game that can move; no move loses."""
    per = [euclid_moves(g) for g in games]
    live = [i for i, m in enumerate(per) if m]
    if not live:
        return False
    for choice in product(*(per[i] for i in live)):
        nxt = list(games)
        for i, g in zip(live, choice):
            nxt[i] = g
        if not every_sg_wins(tuple(sorted(nxt))):
            return True
    return False


def test_hdu3595_gg_and_mm():
    mod = load("hdu3595_gg_and_mm")
    rng = random.Random(3595)
    cases = []
    for _ in range(150):
        n = rng.randint(1, 3)
        cases.append([(rng.randint(1, 9), rng.randint(1, 9)) for _ in range(n)])
    text = "".join(f"{len(c)}\n" + "".join(f"{x} {y}\n" for x, y in c) for c in cases)
    expect = ["MM" if every_sg_wins(tuple(sorted(tuple(sorted(g)) for g in c))) else "GG"
              for c in cases]
    assert mod.solve(text).split() == expect
    assert "MM" in expect and "GG" in expect


#: Steinhaus' suspense from the rules: the winner delays, the loser hurries
euclid_suspense = suspense(euclid_moves)


def test_euclid_suspense_formula():
    from grundy.games import Euclid

    e = Euclid()
    for a in range(0, 30):
        for b in range(0, 30):
            if a or b:
                assert e.suspense_formula((a, b)) == euclid_suspense(tuple(sorted((a, b))))


# ------------------------------------------------------------ UOJ 51
def test_uoj51_new_year():
    mod = load("uoj51_new_year")
    rng = random.Random(51)
    for _ in range(40):
        n = rng.randint(2, 300)

        @lru_cache(maxsize=None)
        def win(a, b, n=n):
            opts = [(a + 1, b), (a, b + 1)]
            return any(x ** y <= n and not win(x, y) for x, y in opts)

        queries = []
        for _ in range(20):
            b = rng.randint(1, 8)
            a = rng.randint(2, n)
            while a ** b > n:
                a, b = (a - 1, b) if a > 2 else (a, b - 1)
            queries.append((a, b))
        text = f"{n} {len(queries)}\n" + "".join(f"{a} {b}\n" for a, b in queries)
        expect = ["Yes" if win(a, b) else "No" for a, b in queries]
        assert mod.solve(text).split() == expect


# ------------------------------------------------------------ Luogu P2575
@lru_cache(maxsize=None)
def row_grundy(row: int) -> int:
    """A row of 20 cells as a bitmask (bit c-1 for cell c); a piece moves right to
    the nearest empty cell of the row."""
    opts = []
    for c in range(20):
        if row >> c & 1:
            d = c + 1
            while d < 20 and row >> d & 1:
                d += 1
            if d < 20:
                opts.append(row & ~(1 << c) | (1 << d))
    return mex(row_grundy(o) for o in opts)


def test_p2575_masters():
    mod = load("p2575_masters")
    rng = random.Random(2575)
    cases = []
    for _ in range(60):
        rows = []
        for _ in range(rng.randint(1, 4)):
            k = rng.choice([0, 1, 2, 3, 4, 16, 17, 18, 19, 20])
            rows.append(rng.sample(range(1, 21), k))
        cases.append(rows)
    text = f"{len(cases)}\n" + "".join(
        f"{len(rows)}\n" + "".join(" ".join(map(str, [len(r), *r])) + "\n" for r in rows)
        for rows in cases)
    expect = []
    for rows in cases:
        v = 0
        for r in rows:
            v ^= row_grundy(sum(1 << (c - 1) for c in r))
        expect.append("YES" if v else "NO")
    assert mod.solve(text).split() == expect
    assert "YES" in expect and "NO" in expect


# ------------------------------------------------------------ Codeforces 1704F
@lru_cache(maxsize=None)
def colouring_wins(s: str, alice: bool) -> bool:
    """Whether the player to move wins: Alice whitens two adjacent cells with a red
    among them, Bob two with a blue."""
    mine = "R" if alice else "B"
    for i in range(len(s) - 1):
        if mine in s[i : i + 2]:
            if not colouring_wins(s[:i] + "WW" + s[i + 2 :], not alice):
                return True
    return False


def test_cf1704f_colouring_game():
    mod = load("cf1704f_colouring_game")
    rng = random.Random(1704)
    cases = []
    for _ in range(300):
        n = rng.randint(2, 10)
        if rng.random() < 0.6:  # equal counts: the interesting case
            s = list("R" * (n // 2) + "B" * (n - n // 2))
            rng.shuffle(s)
            s = "".join(s)
        else:
            s = "".join(rng.choice("RB") for _ in range(n))
        cases.append(s)
    text = f"{len(cases)}\n" + "".join(f"{len(s)}\n{s}\n" for s in cases)
    expect = ["Alice" if colouring_wins(s, True) else "Bob" for s in cases]
    assert mod.solve(text).split() == expect


# ------------------------------------------------------------ take one or split
@lru_cache(maxsize=None)
def split_grundy(x: int) -> int:
    opts = [split_grundy(x - 1)] if x else []
    opts += [split_grundy(i) ^ split_grundy(x - i) for i in range(1, x)]
    return mex(opts)


@lru_cache(maxsize=None)
def split_wins(heaps: tuple) -> bool:
    """Win/lose of the whole position from the rules (no Grundy values)."""
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        nexts = [rest + ((h - 1,) if h > 1 else ())]
        nexts += [rest + (j, h - j) for j in range(1, h)]
        if any(not split_wins(tuple(sorted(q))) for q in nexts):
            return True
    return False


def test_take_one_or_split():
    mod = load("take_one_or_split")
    rng = random.Random(43)
    for _ in range(150):
        heaps = [rng.randint(1, 6) for _ in range(rng.randint(1, 3))]
        text = f"{len(heaps)}\n{' '.join(map(str, heaps))}\n"
        expect = "First" if split_wins(tuple(sorted(heaps))) else "Second"
        assert mod.solve(text) == expect
    for _ in range(50):  # larger heaps against the mex recursion
        heaps = [rng.randint(1, 60) for _ in range(rng.randint(1, 6))]
        v = 0
        for h in heaps:
            v ^= split_grundy(h)
        assert mod.solve(f"{len(heaps)}\n{' '.join(map(str, heaps))}\n") == ("First" if v else "Second")


# ------------------------------------------------------------ chocolate bar
@lru_cache(maxsize=None)
def chocolate_wins(pieces: tuple) -> bool:
    """The literal rules: break a piece in two; breaking off a 1 x 1 wins at once."""
    for i, (a, b) in enumerate(pieces):
        rest = pieces[:i] + pieces[i + 1 :]
        cuts = [((k, b), (a - k, b)) for k in range(1, a)] + [((a, k), (a, b - k)) for k in range(1, b)]
        for p, q in cuts:
            if p == (1, 1) or q == (1, 1):
                return True
            nxt = tuple(sorted(rest + (tuple(sorted(p)), tuple(sorted(q)))))
            if not chocolate_wins(nxt):
                return True
    return False


def test_chocolate_bar():
    mod = load("chocolate_bar")
    for n in range(1, 6):
        for m in range(1, 7):
            expect = "First" if chocolate_wins(((min(n, m), max(n, m)),)) else "Second"
            assert mod.solve(f"{n} {m}\n") == expect, (n, m)


# ------------------------------------------------------------ ICPC 2020 Macau G
def sequence_game_wins(a: list[int], k: int) -> bool:
    """From the rules: the token moves from i to j > i with a_i, a_j differing in
    at most one bit."""

    @lru_cache(maxsize=None)
    def win(i: int) -> bool:
        return any(bin(a[i] ^ a[j]).count("1") <= 1 and not win(j) for j in range(i + 1, len(a)))

    return win(k)


def test_macau2020g_game_on_sequence():
    mod = load("macau2020g_game_on_sequence")
    rng = random.Random(2020)
    for _ in range(60):
        pool = rng.choice([list(range(4)), list(range(8)), [0, 1, 3, 7, 15], list(range(256))])
        a = [rng.choice(pool) for _ in range(rng.randint(1, 8))]
        ops, expect, cur = [], [], list(a)
        for _ in range(rng.randint(1, 12)):
            if rng.random() < 0.4:
                x = rng.choice(pool)
                ops.append(f"1 {x}")
                cur.append(x)
            else:
                k = rng.randint(1, len(cur))
                ops.append(f"2 {k}")
                expect.append("Grammy" if sequence_game_wins(cur, k - 1) else "Alice")
                assert mod.by_graph(cur, k - 1) == (expect[-1] == "Grammy")
        text = f"{len(a)} {len(ops)}\n{' '.join(map(str, a))}\n" + "\n".join(ops) + "\n"
        assert mod.solve(text).split() == expect


# ------------------------------------------------------------ Niuke 2021 1 A
@lru_cache(maxsize=None)
def take_multiple_wins(a: int, b: int) -> bool:
    """From the rules: take k >= 1 from one heap and s k (s >= 0) from the other."""
    for k in range(1, max(a, b) + 1):
        for s in range(0, max(a, b) // k + 1):
            if k <= a and s * k <= b and not take_multiple_wins(a - k, b - s * k):
                return True
            if k <= b and s * k <= a and not take_multiple_wins(a - s * k, b - k):
                return True
    return False


def test_niuke2021_1a_alice_and_bob():
    mod = load("niuke2021_1a_alice_and_bob")
    rng = random.Random(2021)
    pairs = [(a, b) for a in range(26) for b in range(26)]
    rng.shuffle(pairs)
    text = f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)
    expect = ["Alice" if take_multiple_wins(a, b) else "Bob" for a, b in pairs]
    assert mod.solve(text).split() == expect
    assert expect.count("Bob") > 5
    for a, b in pairs[:40]:
        assert mod.by_rules(a, b) == take_multiple_wins(a, b)


# ------------------------------------------------------------ maximum sizes
def max_hdu3595(rng):  # 100 cases of n = 1000 games, piles to 1000
    out = []
    for _ in range(100):
        out.append("1000")
        out += [f"{rng.randint(1, 1000)} {rng.randint(1, 1000)}" for _ in range(1000)]
    return "\n".join(out) + "\n", 100


def max_uoj51(rng):  # n = 10^9, m = 10^5 queries, the first from (2, 1)
    n, m = 10**9, 10**5
    out = [f"{n} {m}", "2 1"]
    for _ in range(m - 1):
        b = rng.choice([1, 1, 2, 3, 4, 5, 8, 12, 20, 29])
        hi = int(round(n ** (1 / b))) + 1
        while hi**b > n:
            hi -= 1
        out.append(f"{rng.randint(2, max(2, hi))} {b}")
    return "\n".join(out) + "\n", m


def max_p2575(rng):  # T = 100 cases of n = 1000 rows
    out = ["100"]
    for _ in range(100):
        out.append("1000")
        for _ in range(1000):
            m = rng.randint(0, 20)
            out.append(" ".join(map(str, [m, *rng.sample(range(1, 21), m)])))
    return "\n".join(out) + "\n", 100


def max_cf1704f(rng):  # t = 10^4 balanced cases of n = 50 (sum n = 5 * 10^5)
    out = ["10000"]
    for _ in range(10000):
        s = list("R" * 25 + "B" * 25)
        rng.shuffle(s)
        out += ["50", "".join(s)]
    return "\n".join(out) + "\n", 10000


def max_cf1704f_long(rng):  # one balanced case of n = 5 * 10^5, long alternating runs
    n = 500000
    s = list("RB" * (n // 2))
    for i in rng.sample(range(n - 1), 2000):
        s[i], s[i + 1] = s[i + 1], s[i]
    return f"1\n{n}\n{''.join(s)}\n", 1


def max_take_one_or_split(rng):  # n = 10^6 numbers to 10^4
    n = 10**6
    return f"{n}\n" + " ".join(str(rng.randint(1, 10**4)) for _ in range(n)) + "\n", 1


def max_chocolate(rng):
    return "200 200\n", 1


def max_macau(rng, gray=False):  # n = 2 * 10^5, then 10^5 appends and 10^5 queries
    n = m = 200000
    code = [i ^ (i >> 1) for i in range(256)]
    a = [code[i % 256] if gray else rng.randrange(256) for i in range(n)]
    out = [f"{n} {m}", " ".join(map(str, a))]
    size = n
    for i in range(m):
        if i % 2 == 0:
            out.append(f"1 {code[(n + i // 2) % 256] if gray else rng.randrange(256)}")
            size += 1
        else:
            out.append(f"2 {rng.randint(size - 300, size)}")
    return "\n".join(out) + "\n", m // 2


def max_niuke(rng):  # T = 10^4 queries to 5000
    t = 10**4
    pairs = [f"{rng.randint(1, 5000)} {rng.randint(1, 5000)}" for _ in range(t - 1)] + ["5000 5000"]
    return f"{t}\n" + "\n".join(pairs) + "\n", t


MAX_INPUTS = {
    "hdu3595_gg_and_mm": [max_hdu3595],
    "uoj51_new_year": [max_uoj51],
    "p2575_masters": [max_p2575],
    "cf1704f_colouring_game": [max_cf1704f, max_cf1704f_long],
    "take_one_or_split": [max_take_one_or_split],
    "chocolate_bar": [max_chocolate],
    "macau2020g_game_on_sequence": [max_macau, lambda rng: max_macau(rng, gray=True)],
    "niuke2021_1a_alice_and_bob": [max_niuke],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MAX_INPUTS))
def test_notes_problem_at_max_size(name):
    """Each program on seeded inputs at its problem's limits, as a fresh process
    (imports and kernel loading included): it answers every query. Its time (3 s
    is the target on an idle machine) is benchmarks/bench_examples.py's."""
    for make in MAX_INPUTS[name]:
        text, lines = make(random.Random(23))
        run = subprocess.run([sys.executable, str(ROOT / "examples" / f"{name}.py")], input=text,
                             capture_output=True, text=True, timeout=600, check=True)
        assert len(run.stdout.split()) == lines
