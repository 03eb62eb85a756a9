"""Benchmark: every contest program in examples/ on a maximum-size input of its
problem (seeded generators), each run as a fresh subprocess the way a judge runs
it: ``python examples/X.py < input``.

Run:  python benchmarks/bench_examples.py [--only NAME ...] [--json OUT]
          [--timeout 60] [--runs cold,warm] [--seed 0]

For every case it prints a Markdown row: problem, limits (and where they come
from), input shape, then for the first run with an empty numba cache (``cold``:
``NUMBA_CACHE_DIR`` set to a fresh directory, so every compiled kernel the
program uses is compiled in that run) and for a second run on the cache the first
one wrote (``warm``): wall seconds, CPU seconds (user + sys of the child, from
``os.wait4``) and peak RSS (the child's ``ru_maxrss``), with the exit status and
whether the output has the expected shape. CPU time is the figure to compare on
a busy machine; wall time is what a judge sees.

The interactive ABC278G example is driven by the judge process of the tests
(``tests/examples/judge_abc278g.py``, random legal replies); the player's own
resource use is measured by wrapping it in ``--measure`` (this script), so the
judge's time is not counted.

Limits: from the notes (../shared/seeds/*.txt) where they state them ("notes"),
else from the example's docstring ("doc") or the original statement as
remembered ("statement", marked "unverified" where not checked against the
statement text here).

The generators are importable (``CASES``, ``generate``), which the slow tests
in tests/examples/test_max_size.py use.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
JUDGE = ROOT / "tests" / "examples" / "judge_abc278g.py"


# --------------------------------------------------------------------------- #
# expected output shapes
# --------------------------------------------------------------------------- #


@dataclass
class Expect:
    """The output's shape: ``lines`` lines (None: any number) each matching
    ``line`` (a regex, full match); or, with ``whole``, the whole stripped output
    matching that regex."""

    lines: int | None = None
    line: str = r".+"
    whole: str | None = None

    def problems(self, out: str) -> str | None:
        text = out.strip()
        if not text:
            return "empty output"
        if self.whole is not None:
            return None if re.fullmatch(self.whole, text, re.S) else f"output does not match {self.whole!r}"
        rows = text.split("\n")
        if self.lines is not None and len(rows) != self.lines:
            return f"{len(rows)} lines, expected {self.lines}"
        for i, row in enumerate(rows):
            if not re.fullmatch(self.line, row.rstrip()):
                return f"line {i + 1} {row[:60]!r} does not match {self.line!r}"
        return None


INT = r"-?\d+"
INTS = r"\d+( \d+)*"


@dataclass
class Case:
    example: str  # file stem in examples/
    problem: str
    limits: str
    source: str  # where the limits come from
    shape: str  # the input shape generated
    gen: Callable[[random.Random], tuple[str, Expect]]
    args: tuple[str, ...] = ()
    interactive: tuple[int, int, int] | None = None  # ABC278G: N L R
    key: str = ""  # unique id (example plus shape tag)
    note: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            self.key = self.example


def generate(case: Case, seed: int = 0) -> tuple[str, Expect]:
    """The case's input text and expected output shape, from ``seed``."""
    return case.gen(random.Random(f"{case.key}:{seed}"))


# --------------------------------------------------------------------------- #
# small helpers
# --------------------------------------------------------------------------- #


def nums(values) -> str:  # type: ignore[no-untyped-def]
    return " ".join(map(str, values))


def lines_of(rows) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(rows) + "\n"


def tree(n: int, shape: str, rng: random.Random, root_at_end: bool = True) -> list[tuple[int, int]]:
    """n - 1 edges (1-based). ``path``: 1-2-...-n (deepest from vertex 1) with
    the edge order and orientation shuffled; ``random``: vertex i's parent uniform
    in 1..i-1 (shallow, high degree near the root), labels shuffled except 1;
    ``star``: vertex 1 joined to all; ``caterpillar``: a path of n/2 with a leaf
    on each vertex."""
    if shape == "path":
        edges = [(i, i + 1) for i in range(1, n)]
    elif shape == "star":
        edges = [(1, i) for i in range(2, n + 1)]
    elif shape == "caterpillar":
        spine = n // 2
        edges = [(i, i + 1) for i in range(1, spine)] + [(i - spine, i) for i in range(spine + 1, n + 1) if i - spine >= 1]
    elif shape == "random":
        perm = list(range(2, n + 1))
        rng.shuffle(perm)
        label = [0, 1] + perm  # label[i] for i in 1..n, vertex 1 stays 1
        edges = [(label[rng.randrange(1, i)], label[i]) for i in range(2, n + 1)]
    else:
        raise ValueError(shape)
    rng.shuffle(edges)
    return [(a, b) if rng.random() < 0.5 else (b, a) for a, b in edges]


def edge_lines(edges: list[tuple[int, int]]) -> list[str]:
    return [f"{a} {b}" for a, b in edges]


def rand_ints(rng: random.Random, count: int, lo: int, hi: int) -> list[int]:
    r = rng.randint
    return [r(lo, hi) for _ in range(count)]


# --------------------------------------------------------------------------- #
# the generators, one or two shapes per example
# --------------------------------------------------------------------------- #

CASES: list[Case] = []


def case(example: str, problem: str, limits: str, source: str, shape: str, key: str = "",
         args: tuple[str, ...] = (), interactive: tuple[int, int, int] | None = None, note: str = ""):  # type: ignore[no-untyped-def]
    def deco(fn):  # type: ignore[no-untyped-def]
        CASES.append(Case(example, problem, limits, source, shape, fn, args, interactive,
                          key or example, note))
        return fn

    return deco


# ---- Nim family ------------------------------------------------------------

@case("p1247_nim_first_move", "Luogu P1247 取火柴游戏", "k <= 5*10^5, n_i <= 10^9", "notes",
      "k = 5*10^5 random heaps (a winning position: prints the move and all heaps)")
def _(rng):
    k = 500_000
    heaps = rand_ints(rng, k, 1, 10**9)
    return f"{k}\n{nums(heaps)}\n", Expect(whole=r"lose|\d+ \d+\n" + INTS)


@case("p4279_anti_nim", "Luogu P4279 [SHOI2008] 小约翰的游戏", "T <= 500, n <= 50, a_i <= 5000",
      "notes (n); statement (T, a_i)", "T = 500 cases of n = 50 heaps <= 5000")
def _(rng):
    t, rows = 500, []
    for i in range(t):
        hi = 1 if i % 10 == 0 else 5000  # some all-ones cases (the misère branch)
        rows += ["50", nums(rand_ints(rng, 50, 1, hi))]
    return f"{t}\n" + lines_of(rows), Expect(t, r"John|Brother")


@case("p2252_wythoff", "Luogu P2252 [SHOI2002] 取石子游戏", "a, b <= 10^9", "notes",
      "one P-position near 10^9")
def _(rng):
    k = 381_966_011  # b = a + k ~ k * phi^2 <= 10^9
    a = (k + math.isqrt(5 * k * k)) // 2
    b = a + k
    while b > 10**9:
        k -= 1
        a = (k + math.isqrt(5 * k * k)) // 2
        b = a + k
    return f"{a} {b}\n", Expect(1, r"[01]")


def _wythoff_p(k: int) -> tuple[int, int]:
    a = (k + math.isqrt(5 * k * k)) // 2
    return a, a + k


@case("wythoff_big", "ICPC 2017 Dalian C, Game of Taking Stones", "a, b <= 10^100, lines until EOF",
      "notes (a, b); line count not stated: 10^4 lines chosen",
      "10^4 lines, half P-positions near 10^100, half random")
def _(rng):
    rows = []
    for i in range(10_000):
        if i % 2:
            k = rng.randrange(10**99, 3 * 10**99)
            a, b = _wythoff_p(k)
        else:
            a, b = rng.randrange(10**100), rng.randrange(10**100)
        rows.append(f"{a} {b}")
    return lines_of(rows), Expect(10_000, r"[01]")


@case("hdu1730_northcott", "HDU 1730 Northcott Game", "n <= 1000, m <= 100, cases until EOF",
      "notes (n, m); case count not stated: 10 chosen", "10 cases of n = 1000 rows, m = 100")
def _(rng):
    rows = []
    for _ in range(10):
        rows.append("1000 100")
        for _ in range(1000):
            a, b = rng.sample(range(1, 101), 2)
            rows.append(f"{a} {b}")
    return lines_of(rows), Expect(10, r"I WIN!|BAD LUCK!")


@case("hdu1730_northcott_loopy", "HDU 1730 Northcott Game (real loopy rules)", "n <= 1000, m <= 100",
      "notes", "one case n = 2, m = 100 (the issue's slow shape)", key="hdu1730_northcott_loopy:n2")
def _(rng):
    return "2 100\n1 100\n100 1\n", Expect(1, r"I WIN!|BAD LUCK!|DRAW")


@case("hdu1730_northcott_loopy", "HDU 1730 Northcott Game (real loopy rules)", "n <= 1000, m <= 100",
      "notes", "10 cases of n = 1000, m = 100", key="hdu1730_northcott_loopy:n1000")
def _(rng):
    rows = []
    for _ in range(10):
        rows.append("1000 100")
        for _ in range(1000):
            a, b = rng.sample(range(1, 101), 2)
            rows.append(f"{a} {b}")
    return lines_of(rows), Expect(10, r"I WIN!|BAD LUCK!|DRAW")


@case("hdu1730_northcott_loopy", "HDU 1730 Northcott Game (real loopy rules)", "n <= 1000, m <= 100",
      "notes; case count not stated: 10 chosen",
      "10 cases of n = 1, m = 58 (the largest boards the real-rules analysis takes: 2m C(m,2)^n <= 2*10^5)",
      key="hdu1730_northcott_loopy:real")
def _(rng):
    rows = []
    for _ in range(10):
        a, b = rng.sample(range(1, 59), 2)
        rows += ["1 58", f"{a} {b}"]
    return lines_of(rows), Expect(10, r"I WIN!|BAD LUCK!|DRAW")


@case("hdu3032_lasker", "HDU 3032 Nim or not Nim?", "T < 100, N <= 10^6, S_i < 2^31",
      "statement (unverified); T * N = 10^8 numbers is not a real input: 10^6 heaps in all",
      "one case of N = 10^6 heaps < 2^31", key="hdu3032_lasker:one")
def _(rng):
    n = 1_000_000
    return f"1\n{n}\n{nums(rand_ints(rng, n, 1, 2**31 - 1))}\n", Expect(1, r"Alice|Bob")


@case("hdu3032_lasker", "HDU 3032 Nim or not Nim?", "T < 100, N <= 10^6, S_i < 2^31",
      "statement (unverified)", "T = 99 cases of N = 10^4", key="hdu3032_lasker:many")
def _(rng):
    rows = []
    for _ in range(99):
        rows += ["10000", nums(rand_ints(rng, 10_000, 1, 2**31 - 1))]
    return "99\n" + lines_of(rows), Expect(99, r"Alice|Bob")


@case("hdu5795_split3", "HDU 5795 A Simple Nim", "T <= 10?, n <= 10^6, s_i <= 10^9",
      "statement (unverified); 10^6 heaps in all", "one case of n = 10^6 heaps <= 10^9")
def _(rng):
    n = 1_000_000
    return f"1\n{n}\n{nums(rand_ints(rng, n, 1, 10**9))}\n", Expect(1, r"(First|Second) player wins\.")


@case("acwing893_set_nim", "AcWing 893 集合-Nim游戏", "k, n <= 100, s_i, h_i <= 10^4",
      "statement (AcWing 893)", "k = 100 random set members, n = 100 heaps near 10^4")
def _(rng):
    s = rng.sample(range(1, 10_001), 100)
    heaps = rand_ints(rng, 100, 9_000, 10_000)
    return f"100\n{nums(s)}\n100\n{nums(heaps)}\n", Expect(1, r"Yes|No")


@case("p2490_black_white", "Luogu P2490 [SDOI2011] 黑白棋", "d <= k <= n <= 10^4, k even, k <= 100",
      "statement (notes: n, k <= 10^4)", "n = 10^4, k = 100, d = 50", key="p2490_black_white:d50")
def _(rng):
    return "10000 100 50\n", Expect(1, INT)


@case("p2490_black_white", "Luogu P2490 [SDOI2011] 黑白棋", "d <= k <= n <= 10^4, k even, k <= 100",
      "statement (notes: n, k <= 10^4)", "n = 10^4, k = 100, d = 100", key="p2490_black_white:d100")
def _(rng):
    return "10000 100 100\n", Expect(1, INT)


@case("p8382_gra", "Luogu P8382 [POI2004] Gra", "n <= 10^6, n + 1 <= m <= 10^9", "notes",
      "m = 10^9, n = 10^6 pieces spread at random", key="p8382_gra:spread")
def _(rng):
    m, n = 10**9, 1_000_000
    pos = sorted(rng.sample(range(1, m), n))
    return f"{m} {n}\n{nums(pos)}\n", Expect(1, INT)


@case("p8382_gra", "Luogu P8382 [POI2004] Gra", "n <= 10^6, n + 1 <= m <= 10^9", "notes",
      "m = 2*10^6, n = 10^6 pieces (dense: many small blocks)", key="p8382_gra:dense")
def _(rng):
    m, n = 2_000_000, 1_000_000
    pos = sorted(rng.sample(range(1, m), n))
    return f"{m} {n}\n{nums(pos)}\n", Expect(1, INT)


@case("p3480_pebbles", "Luogu P3480 [POI2009] KAM-Pebbles", "u <= 10, n <= 1000, a_i <= 10^4", "notes",
      "u = 10 cases of n = 1000 sorted heaps <= 10^4")
def _(rng):
    rows = []
    for _ in range(10):
        rows += ["1000", nums(sorted(rand_ints(rng, 1000, 1, 10_000)))]
    return "10\n" + lines_of(rows), Expect(10, r"TAK|NIE")


@case("p2575_masters", "Luogu P2575 高手过招", "T <= 100, n <= 1000, m <= 20", "doc",
      "T = 100 cases of n = 1000 rows, 1..19 pieces each")
def _(rng):
    rows = []
    for _ in range(100):
        rows.append("1000")
        for _ in range(1000):
            m = rng.randint(1, 19)
            rows.append(f"{m} {nums(sorted(rng.sample(range(1, 21), m)))}")
    return "100\n" + lines_of(rows), Expect(100, r"YES|NO")


@case("poj2348_euclid", "POJ 2348 Euclid's Game", "a, b < 2^31, lines until 0 0",
      "statement; line count not stated: 10^5 chosen",
      "10^5 lines: random pairs and consecutive Fibonacci pairs (longest chains)")
def _(rng):
    fib = [1, 2]
    while fib[-1] < 2**31:
        fib.append(fib[-1] + fib[-2])
    fib = fib[:-1]
    rows = []
    for i in range(100_000):
        if i % 4 == 0:
            j = rng.randrange(len(fib) - 1)
            rows.append(f"{fib[j]} {fib[j + 1]}")
        else:
            rows.append(f"{rng.randint(1, 2**31 - 1)} {rng.randint(1, 2**31 - 1)}")
    rows.append("0 0")
    return lines_of(rows), Expect(100_000, r"(Stan|Ollie) wins")


@case("cf1965a_everything_nim", "Codeforces 1965A Everything Nim", "t <= 10^4, sum n <= 2*10^5, a_i <= 10^9",
      "notes", "one case of n = 2*10^5", key="cf1965a_everything_nim:one")
def _(rng):
    n = 200_000
    return f"1\n{n}\n{nums(rand_ints(rng, n, 1, 10**9))}\n", Expect(1, r"Alice|Bob")


@case("cf1965a_everything_nim", "Codeforces 1965A Everything Nim", "t <= 10^4, sum n <= 2*10^5, a_i <= 10^9",
      "notes", "t = 10^4 cases of n = 20 (small values, long runs of 1 apart)", key="cf1965a_everything_nim:many")
def _(rng):
    rows = []
    for _ in range(10_000):
        rows += ["20", nums(rand_ints(rng, 20, 1, 40))]
    return "10000\n" + lines_of(rows), Expect(10_000, r"Alice|Bob")


# ---- SG tables, splits, octal ---------------------------------------------

@case("p3235_jiangnan", "Luogu P3235 [HNOI2014] 江南乐", "T, n <= 100, F, a_i <= 10^5", "notes",
      "F = 1, T = 100 cases of n = 100 heaps <= 10^5")
def _(rng):
    rows = [nums([100] + rand_ints(rng, 100, 1, 100_000)) for _ in range(100)]
    return "100 1\n" + lines_of(rows), Expect(1, r"[01]( [01]){99}")


@case("p3185_hnoi2007", "Luogu P3185 [HNOI2007] 分裂游戏", "T <= 10, n <= 21, p_i <= 10^4",
      "notes (n, p_i); statement (T)", "T = 10 cases of n = 21 piles <= 10^4")
def _(rng):
    rows = []
    for _ in range(10):
        rows += ["21", nums(rand_ints(rng, 21, 0, 10_000))]
    return "10\n" + lines_of(rows), Expect(20, r"-?\d+ -?\d+ -?\d+|\d+")


@case("take_one_or_split", "Take one or split (notes' exercise)", "n <= 10^6, a_i <= 10^4", "notes",
      "n = 10^6 numbers <= 10^4")
def _(rng):
    n = 1_000_000
    return f"{n}\n{nums(rand_ints(rng, n, 1, 10_000))}\n", Expect(1, r"First|Second")


@case("chocolate_bar", "Cutting chocolate (notes' exercise)", "n, m <= 200", "notes", "n = m = 200",
      key="chocolate_bar:200x200")
def _(rng):
    return "200 200\n", Expect(1, r"First|Second")


@case("chocolate_bar", "Cutting chocolate (notes' exercise)", "n, m <= 200", "notes", "n = 199, m = 200",
      key="chocolate_bar:199x200")
def _(rng):
    return "199 200\n", Expect(1, r"First|Second")


@case("cf1704f_colouring_game", "Codeforces 1704F Colouring Game", "t <= 10^4, sum n <= 5*10^5",
      "doc", "one case of n = 5*10^5, equal R/B counts", key="cf1704f_colouring_game:one")
def _(rng):
    n = 500_000
    s = ["R"] * (n // 2) + ["B"] * (n // 2)
    rng.shuffle(s)
    return f"1\n{n}\n{''.join(s)}\n", Expect(1, r"Alice|Bob")


@case("cf1704f_colouring_game", "Codeforces 1704F Colouring Game", "t <= 10^4, sum n <= 5*10^5",
      "doc", "t = 10^4 cases of n = 50, equal counts", key="cf1704f_colouring_game:many")
def _(rng):
    rows = []
    for _ in range(10_000):
        s = ["R"] * 25 + ["B"] * 25
        rng.shuffle(s)
        rows += ["50", "".join(s)]
    return "10000\n" + lines_of(rows), Expect(10_000, r"Alice|Bob")


@case("hdu3595_gg_and_mm", "HDU 3595 GG and MM", "n, x, y <= 1000, cases until EOF",
      "notes; case count not stated: 100 chosen", "100 cases of n = 1000 games, x, y <= 1000")
def _(rng):
    rows = []
    for _ in range(100):
        rows.append("1000")
        rows += [f"{rng.randint(1, 1000)} {rng.randint(1, 1000)}" for _ in range(1000)]
    return lines_of(rows), Expect(100, r"MM|GG")


@case("uoj51_new_year", "UOJ 51 【UR #4】元旦三侠的游戏", "n <= 10^9, m <= 10^5", "notes",
      "n = 10^9, m = 10^5 queries (half with b = 1, half b >= 2)")
def _(rng):
    n, m = 10**9, 100_000
    rows = []
    for i in range(m):
        if i % 2:
            b = 1
            a = rng.randint(2, n)
        else:
            b = rng.randint(2, 29)
            top = int(round(n ** (1 / b))) + 1
            while top**b > n:
                top -= 1
            if top < 2:
                b, top = 2, int(math.isqrt(n))
            a = rng.randint(2, top)
        rows.append(f"{a} {b}")
    return f"{n} {m}\n" + lines_of(rows), Expect(m, r"Yes|No")


@case("p4101_merge", "Luogu P4101 [HEOI2014] 人人尽说江南好", "T <= 100, n, m <= 10^9",
      "notes (n, m); statement (T)", "T = 100 cases, n, m <= 10^9")
def _(rng):
    rows = [f"{rng.randint(1, 10**9)} {rng.randint(1, 10**9)}" for _ in range(100)]
    return "100\n" + lines_of(rows), Expect(100, r"[01]")


@case("loopy_subtraction", "loopy subtraction game with draws (no contest problem)",
      "none given: C = 10^4, |S|, |A| <= 10, 10^5 heaps chosen", "chosen here",
      "C = 10^4, S and A 10 members each, 10^5 heaps")
def _(rng):
    cap = 10_000
    take = sorted(rng.sample(range(1, 60), 10))
    put = sorted(rng.sample(range(1, 60), 10))
    heaps = rand_ints(rng, 100_000, 0, cap)
    return (f"{cap}\n10 {nums(take)}\n10 {nums(put)}\n{len(heaps)} {nums(heaps)}\n",
            Expect(1, r"First|Second|Draw"))


@case("niuke2021_1a_alice_and_bob", "2021 Niuke multi-school 1 A, Alice and Bob", "T <= 10^4, n, m <= 5000",
      "doc", "T = 10^4 queries, n, m <= 5000 (one at 5000 5000)")
def _(rng):
    rows = ["5000 5000"] + [f"{rng.randint(0, 5000)} {rng.randint(0, 5000)}" for _ in range(9_999)]
    return "10000\n" + lines_of(rows), Expect(10_000, r"Alice|Bob")


# ---- coin turning ------------------------------------------------------------

@case("p3179_haoi2015", "Luogu P3179 [HAOI2015] 数组游戏", "n <= 10^9, k, w <= 100", "notes",
      "n = 10^9, k = 100 queries of w = 100 cells")
def _(rng):
    n = 10**9
    rows = [str(n), "100"]
    for _ in range(100):
        rows.append(nums([100] + rng.sample(range(1, n + 1), 100)))
    return lines_of(rows), Expect(100, r"Yes|No")


@case("p4077_sdoi2016", "Luogu P4077 [SDOI2016] 硬币游戏", "T <= 100, n <= 3*10^4, MAXQ <= 20",
      "notes (n); statement (T, MAXQ)", "T = 100 cases of n = 3*10^4, MAXQ = 20")
def _(rng):
    rows = []
    for _ in range(100):
        rows += ["30000 20", nums(rng.choice("01") for _ in range(30_000))]
    return "100\n" + lines_of(rows), Expect(100, r"win|lose")


@case("p2594_zjoi2009", "Luogu P2594 [ZJOI2009] 染色游戏", "T <= 100, n, m <= 100",
      "notes (n, m); statement (T)", "T = 100 grids of 100 x 100 random H/T")
def _(rng):
    rows = []
    for _ in range(100):
        rows.append("100 100")
        rows += ["".join(rng.choice("HT") for _ in range(100)) for _ in range(100)]
    return "100\n" + lines_of(rows), Expect(100, r"-_-|=_=")


# ---- counting ----------------------------------------------------------------

@case("qushizi_colours", "取石子游戏 (notes' counting problem)", "n, m <= 20, |A_i|, a_i <= 10^5", "notes",
      "n = m = 20, |A_i| = 10^5, all one colour", key="qushizi_colours:one-colour")
def _(rng):
    rows = ["20 20"]
    for _ in range(20):
        rows += ["100000 1", nums(rng.sample(range(1, 100_001), 100_000))]
    return lines_of(rows), Expect(1, INT)


@case("qushizi_colours", "取石子游戏 (notes' counting problem)", "n, m <= 20, |A_i|, a_i <= 10^5", "notes",
      "n = m = 20, |A_i| = 10^5, 20 colours", key="qushizi_colours:20-colours")
def _(rng):
    rows = ["20 20"]
    for c in range(20):
        rows += [f"100000 {c + 1}", nums(rng.sample(range(1, 100_001), 100_000))]
    return lines_of(rows), Expect(1, INT)


@case("seven_segment", "七管荧光灯 (notes' seven-segment game)", "l_i <= r_i <= 10^18", "notes",
      "seven random ranges [l, r] within [0, 10^18]")
def _(rng):
    rows = []
    for _ in range(7):
        lo = rng.randint(0, 10**15)
        rows.append(f"{lo} {rng.randint(10**18 - 10**15, 10**18)}")
    return lines_of(rows), Expect(1, INT)


@case("arc134e_modulo_nim", "AtCoder ARC134E Modulo Nim", "n, a_i <= 200", "notes", "n = 200, all a_i = 200")
def _(rng):
    return "200\n" + nums([200] * 200) + "\n", Expect(1, INT)


@case("cf2070e_binary_string", "Codeforces 2070E Game with Binary String", "n <= 3*10^5", "notes",
      "n = 3*10^5, 75% zeros")
def _(rng):
    n = 300_000
    return f"{n}\n{''.join('0' if rng.random() < 0.75 else '1' for _ in range(n))}\n", Expect(1, INT)




# ---- trees and graphs --------------------------------------------------------

@case("agc017d_game_on_tree", "AtCoder AGC017D Game on Tree", "N <= 10^5", "statement",
      "N = 10^5, a path from vertex 1", key="agc017d_game_on_tree:path")
def _(rng):
    n = 100_000
    return f"{n}\n" + lines_of(edge_lines(tree(n, "path", rng))), Expect(1, r"Alice|Bob")


@case("agc017d_game_on_tree", "AtCoder AGC017D Game on Tree", "N <= 10^5", "statement",
      "N = 10^5, random tree", key="agc017d_game_on_tree:random")
def _(rng):
    n = 100_000
    return f"{n}\n" + lines_of(edge_lines(tree(n, "random", rng))), Expect(1, r"Alice|Bob")


@case("agc014d_black_white_tree", "AtCoder AGC014D Black and White Tree", "N <= 10^5", "notes",
      "N = 10^5, a path (perfect matching)", key="agc014d_black_white_tree:path")
def _(rng):
    n = 100_000
    return f"{n}\n" + lines_of(edge_lines(tree(n, "path", rng))), Expect(1, r"First|Second")


@case("agc014d_black_white_tree", "AtCoder AGC014D Black and White Tree", "N <= 10^5", "notes",
      "N = 10^5, caterpillar (perfect matching, every vertex matched to a leaf)",
      key="agc014d_black_white_tree:caterpillar")
def _(rng):
    n = 100_000
    return f"{n}\n" + lines_of(edge_lines(tree(n, "caterpillar", rng))), Expect(1, r"First|Second")


@case("agc010f_tree_game", "AtCoder AGC010F Tree Game", "N <= 3000, A_i <= 10^9", "notes (N); statement (A_i)",
      "N = 3000, random tree, random A", key="agc010f_tree_game:random")
def _(rng):
    n = 3000
    return (f"{n}\n{nums(rand_ints(rng, n, 0, 10**9))}\n" + lines_of(edge_lines(tree(n, "random", rng))),
            Expect(None, r"(\d+( \d+)*)?"))


@case("agc010f_tree_game", "AtCoder AGC010F Tree Game", "N <= 3000, A_i <= 10^9", "notes (N); statement (A_i)",
      "N = 3000, a path, A_i small (many equal neighbours)", key="agc010f_tree_game:path")
def _(rng):
    n = 3000
    return (f"{n}\n{nums(rand_ints(rng, n, 0, 5))}\n" + lines_of(edge_lines(tree(n, "path", rng))),
            Expect(None, r"(\d+( \d+)*)?"))


@case("cf1610i_mashtali", "Codeforces 1610I Mashtali vs AtCoder", "n <= 3*10^5", "notes",
      "n = 3*10^5, a path 1-2-...-n", key="cf1610i_mashtali:path")
def _(rng):
    n = 300_000
    return f"{n}\n" + lines_of(edge_lines(tree(n, "path", rng))), Expect(1, r"[12]{300000}")


@case("cf1610i_mashtali", "Codeforces 1610I Mashtali vs AtCoder", "n <= 3*10^5", "notes",
      "n = 3*10^5, random tree", key="cf1610i_mashtali:random")
def _(rng):
    n = 300_000
    return f"{n}\n" + lines_of(edge_lines(tree(n, "random", rng))), Expect(1, r"[12]{300000}")


def _cf2062e(rng: random.Random, t: int, n: int, shape: str) -> str:
    rows = [str(t)]
    for _ in range(t):
        rows += [str(n), nums(rand_ints(rng, n, 1, n))]
        rows += edge_lines(tree(n, shape, rng))
    return lines_of(rows)


@case("cf2062e_the_game", "Codeforces 2062E2 The Game (hard)", "t <= 10^5, sum n <= 4*10^5, w_i <= n",
      "notes (n); statement (t, w_i)", "one case n = 4*10^5, random tree", key="cf2062e_the_game:random")
def _(rng):
    return _cf2062e(rng, 1, 400_000, "random"), Expect(1, INTS)


@case("cf2062e_the_game", "Codeforces 2062E2 The Game (hard)", "t <= 10^5, sum n <= 4*10^5, w_i <= n",
      "notes (n); statement (t, w_i)", "one case n = 4*10^5, a path", key="cf2062e_the_game:path")
def _(rng):
    return _cf2062e(rng, 1, 400_000, "path"), Expect(1, INTS)


@case("cf2062e_the_game", "Codeforces 2062E2 The Game (hard)", "t <= 10^5, sum n <= 4*10^5, w_i <= n",
      "notes (n); statement (t, w_i)", "t = 10^5 cases of n = 4", key="cf2062e_the_game:many")
def _(rng):
    return _cf2062e(rng, 100_000, 4, "random"), Expect(100_000, INTS)


@case("cf2062e_the_game", "Codeforces 2062E1 The Game (easy, `--easy`)", "t <= 10^5, sum n <= 4*10^5",
      "notes (n); statement (t)", "one case n = 4*10^5, random tree", key="cf2062e_the_game:easy",
      args=("--easy",))
def _(rng):
    return _cf2062e(rng, 1, 400_000, "random"), Expect(1, r"\d+")


@case("p6665_forest_ancestors", "Luogu P6665 [清华集训 2016] Alice 和 Bob 又在玩游戏", "T <= 10, n <= 10^5",
      "notes (n); statement (T)", "T = 10 cases, n = 10^5, one path each", key="p6665_forest_ancestors:path")
def _(rng):
    rows = ["10"]
    for _ in range(10):
        n = 100_000
        rows.append(f"{n} {n - 1}")
        rows += edge_lines(tree(n, "path", rng))
    return lines_of(rows), Expect(10, r"Alice|Bob")


@case("p6665_forest_ancestors", "Luogu P6665 [清华集训 2016] Alice 和 Bob 又在玩游戏", "T <= 10, n <= 10^5",
      "notes (n); statement (T)", "T = 10 cases, n = 10^5, random forest of ~10 trees",
      key="p6665_forest_ancestors:forest")
def _(rng):
    rows = ["10"]
    for _ in range(10):
        n = 100_000
        edges = [e for e in tree(n, "random", rng) if rng.random() > 1e-4]
        rows.append(f"{n} {len(edges)}")
        rows += edge_lines(edges)
    return lines_of(rows), Expect(10, r"Alice|Bob")


@case("p8347_other_side_moon", "Luogu P8347 「Wdoi-6」另一侧的月", "sum n <= 10^6 (assumed)",
      "statement (unverified)", "T = 10 cases of n = 10^5, paths (every degree odd but the middle: worst scan)",
      key="p8347_other_side_moon:path")
def _(rng):
    rows = ["10"]
    for _ in range(10):
        rows.append("100000")
        rows += edge_lines(tree(100_000, "path", rng))
    return lines_of(rows), Expect(10, r"Hifuu|Luna")


@case("p8347_other_side_moon", "Luogu P8347 「Wdoi-6」另一侧的月", "sum n <= 10^6 (assumed)",
      "statement (unverified)", "T = 10^5 cases of n = 10 (random trees)", key="p8347_other_side_moon:many")
def _(rng):
    rows = ["100000"]
    for _ in range(100_000):
        rows.append("10")
        rows += edge_lines(tree(10, "random", rng))
    return lines_of(rows), Expect(100_000, r"Hifuu|Luna")


@case("abc398g_not_only_tree", "AtCoder ABC398G Not Only Tree Game", "N, M <= 2*10^5", "notes",
      "N = M = 2*10^5, random bipartite graph", key="abc398g_not_only_tree:random")
def _(rng):
    n, m = 200_000, 200_000
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    left, right = perm[: n // 2], perm[n // 2:]
    edges: set[tuple[int, int]] = set()
    while len(edges) < m:
        edges.add((rng.choice(left), rng.choice(right)))
    return f"{n} {m}\n" + lines_of(edge_lines(list(edges))), Expect(1, r"Aoki|Takahashi")


@case("abc398g_not_only_tree", "AtCoder ABC398G Not Only Tree Game", "N, M <= 2*10^5", "notes",
      "N = 2*10^5, M = N - 1: one path", key="abc398g_not_only_tree:path")
def _(rng):
    n = 200_000
    return f"{n} {n - 1}\n" + lines_of(edge_lines(tree(n, "path", rng))), Expect(1, r"Aoki|Takahashi")


@case("p4055_jsoi2009_game", "Luogu P4055 [JSOI2009] 游戏", "n, m <= 100", "notes",
      "100 x 100, one obstacle (odd cell count: WIN with ~5000 cells)", key="p4055_jsoi2009_game:open")
def _(rng):
    grid = [["."] * 100 for _ in range(100)]
    grid[rng.randrange(100)][rng.randrange(100)] = "#"
    return "100 100\n" + lines_of("".join(r) for r in grid), Expect(whole=r"LOSE|WIN(\n\d+ \d+)+")


@case("p4055_jsoi2009_game", "Luogu P4055 [JSOI2009] 游戏", "n, m <= 100", "notes",
      "100 x 100, 15% obstacles at random", key="p4055_jsoi2009_game:random")
def _(rng):
    rows = ["".join("#" if rng.random() < 0.15 else "." for _ in range(100)) for _ in range(100)]
    return "100 100\n" + lines_of(rows), Expect(whole=r"LOSE|WIN(\n\d+ \d+)+")


@case("macau2020g_game_on_sequence", "2020 ICPC Macau G, Game on Sequence", "n, m <= 2*10^5, a_i <= 255",
      "notes", "n = m = 2*10^5, half appends, half queries")
def _(rng):
    n, m = 200_000, 200_000
    rows = [f"{n} {m}", nums(rand_ints(rng, n, 0, 255))]
    length, queries = n, 0
    for i in range(m):
        if i % 2:
            rows.append(f"1 {rng.randint(0, 255)}")
            length += 1
        else:
            rows.append(f"2 {rng.randint(1, length)}")
            queries += 1
    return lines_of(rows), Expect(queries, r"Grammy|Alice")




# ---- partizan, loopy, minimax ------------------------------------------------

@case("p9169_river_pawn", "Luogu P9169 [省选联考 2023] 过河卒", "T <= 10, n, m <= 10", "notes (n, m); statement (T)",
      "T = 10 boards of 10 x 10, few obstacles, black on the last row")
def _(rng):
    rows = ["1 10"]
    for _ in range(10):
        cells = [["."] * 10 for _ in range(10)]
        for _ in range(rng.randint(0, 5)):
            cells[rng.randrange(1, 9)][rng.randrange(10)] = "#"
        cells[9][rng.randrange(10)] = "X"
        free = [(i, j) for i in range(9) for j in range(10) if cells[i][j] == "."]
        for i, j in rng.sample(free, 2):
            cells[i][j] = "O"
        rows.append("10 10")
        rows += ["".join(r) for r in cells]
    return lines_of(rows), Expect(10, r"Tie|(Red|Black) \d+")


@case("cf794e_choosing_carrot", "Codeforces 794E Choosing Carrot", "n <= 3*10^5, a_i <= 10^9", "notes",
      "n = 3*10^5 random values")
def _(rng):
    n = 300_000
    return f"{n}\n{nums(rand_ints(rng, n, 1, 10**9))}\n", Expect(1, r"\d+( \d+){299999}")


@case("p10200_maze_guard", "Luogu P10200 [省选联考 2024] 迷宫守卫", "T <= 100, n <= 16, sum 2^n <= 10^5, w, K <= 10^12",
      "notes", "T = 2: n = 16 and n = 15 (sum 2^n = 98304)", key="p10200_maze_guard:big")
def _(rng):
    rows = ["2"]
    for n in (16, 15):
        N = 1 << n
        q = list(range(1, N + 1))
        rng.shuffle(q)
        rows += [f"{n} {rng.randint(10**11, 10**12)}", nums(rand_ints(rng, N - 1, 1, 10**12)), nums(q)]
    return lines_of(rows), Expect(2, INTS)


@case("p10200_maze_guard", "Luogu P10200 [省选联考 2024] 迷宫守卫", "T <= 100, n <= 16, sum 2^n <= 10^5, w, K <= 10^12",
      "notes", "T = 100 cases of n = 9", key="p10200_maze_guard:many")
def _(rng):
    rows = ["100"]
    for _ in range(100):
        N = 1 << 9
        q = list(range(1, N + 1))
        rng.shuffle(q)
        rows += [f"9 {rng.randint(10**11, 10**12)}", nums(rand_ints(rng, N - 1, 1, 10**11)), nums(q)]
    return lines_of(rows), Expect(100, INTS)


@case("p7137_cut_cake", "Luogu P7137 [THUPC 2021] 切切糕", "n, m <= 2500 (a_i <= 10^5 assumed)",
      "notes (n, m); a_i bound unverified", "n = m = 2500, a_i <= 10^5")
def _(rng):
    return f"2500 2500\n{nums(rand_ints(rng, 2500, 1, 100_000))}\n", Expect(1, r"\d+\.\d{6}")


@case("abc278g_interactive", "AtCoder ABC278G Generalized Subtraction Game (interactive)",
      "1 <= L <= R <= N <= 2000", "statement", "N = 2000, L = 1, R = 2 (most turns), judge_abc278g.py",
      key="abc278g_interactive:1-2", interactive=(2000, 1, 2))
def _(rng):
    return "", Expect()


@case("abc278g_interactive", "AtCoder ABC278G Generalized Subtraction Game (interactive)",
      "1 <= L <= R <= N <= 2000", "statement", "N = 2000, L = 3, R = 3 (L = R: values from the kernel)",
      key="abc278g_interactive:3-3", interactive=(2000, 3, 3))
def _(rng):
    return "", Expect()


# --------------------------------------------------------------------------- #
# running
# --------------------------------------------------------------------------- #


@dataclass
class Run:
    wall: float
    cpu: float
    rss_mb: float
    status: int | str  # exit code, or "timeout"
    shape_ok: str | None  # None: fine; else what is wrong
    stderr_tail: str = ""


def run_program(cmd: list[str], input_path: Path, env: dict[str, str], timeout: float) -> tuple[Run, str]:
    """Run ``cmd < input_path`` through the ``--measure`` wrapper (a small fresh
    process: a child forked from this one, which holds the big inputs, would
    report this process's RSS as its peak, since Linux keeps the pre-exec high
    water mark)."""
    with tempfile.TemporaryDirectory() as tmp, open(input_path, "rb") as fin, \
            tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        report = Path(tmp) / "run.json"
        wrapped = [sys.executable, str(Path(__file__).resolve()), "--measure", str(report), "--", *cmd]
        t0 = time.perf_counter()
        proc = subprocess.Popen(wrapped, stdin=fin, stdout=fout, stderr=ferr, env=env, cwd=ROOT,
                                start_new_session=True)
        try:
            proc.wait(timeout)
            status: int | str = proc.returncode
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)  # the wrapper and the program
            proc.wait()
            status = "timeout"
        wall = time.perf_counter() - t0
        fout.seek(0)
        ferr.seek(0)
        out = fout.read().decode(errors="replace")
        err = ferr.read().decode(errors="replace")
        if report.exists():
            r = json.loads(report.read_text())
            return Run(r["wall"], r["cpu"], r["rss_mb"], r["status"], None, err.strip()[-400:]), out
    return Run(wall, float("nan"), float("nan"), status, None, err.strip()[-400:]), out


def run_interactive(n: int, lo: int, hi: int, seed: int, env: dict[str, str], timeout: float) -> Run:
    """The judge process drives the player; the player is wrapped by --measure,
    which reports the player's own rusage."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "player.json"
        player = [sys.executable, str(Path(__file__).resolve()), "--measure", str(report), "--",
                  sys.executable, str(EXAMPLES / "abc278g_interactive.py")]
        cmd = [sys.executable, str(JUDGE), str(n), str(lo), str(hi), str(seed), "--", *player]
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)
            status: int | str = proc.returncode
            err = proc.stderr
        except subprocess.TimeoutExpired:
            status, err = "timeout", ""
        wall_all = time.perf_counter() - t0
        if report.exists():
            r = json.loads(report.read_text())
            return Run(r["wall"], r["cpu"], r["rss_mb"], status if status != 0 else r["status"],
                       None if status == 0 else "the judge did not accept the game", err.strip()[-400:])
        return Run(wall_all, float("nan"), float("nan"), status, "no player report", err.strip()[-400:])


def measure_main(argv: list[str]) -> int:
    """``--measure OUT -- cmd...``: run cmd on the inherited stdin/stdout and
    write its wall time, CPU time, peak RSS and status to OUT (JSON)."""
    out = argv[0]
    cmd = argv[argv.index("--") + 1:]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd)
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    Path(out).write_text(json.dumps({"wall": wall, "cpu": ru.ru_utime + ru.ru_stime,
                                     "rss_mb": ru.ru_maxrss / 1024, "status": code}))
    return code


def bench_case(c: Case, seed: int, runs: list[str], timeout: float, workdir: Path) -> dict:  # type: ignore[type-arg]
    cache = workdir / f"numba-{re.sub(r'[^A-Za-z0-9_.-]', '_', c.key)}"
    cache.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONDONTWRITEBYTECODE="1")
    result: dict = {"key": c.key, "example": c.example, "problem": c.problem, "limits": c.limits,  # type: ignore[type-arg]
                    "source": c.source, "shape": c.shape, "args": list(c.args), "runs": {}}
    if c.interactive:
        input_path = None
        size = 0
    else:
        text, expect = generate(c, seed)
        input_path = workdir / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', c.key)}.in"
        input_path.write_text(text)
        size = len(text)
    result["input_bytes"] = size
    for name in runs:
        if name == "warm" and not (cache.exists() and any(cache.iterdir())) and "cold" not in runs:
            # warm the cache first (not timed)
            if c.interactive:
                run_interactive(*c.interactive, seed, env, timeout)
            else:
                run_program([sys.executable, str(EXAMPLES / f"{c.example}.py"), *c.args], input_path, env, timeout)
        if c.interactive:
            r = run_interactive(*c.interactive, seed, env, timeout)
        else:
            r, out = run_program([sys.executable, str(EXAMPLES / f"{c.example}.py"), *c.args], input_path, env,
                                 timeout)
            if r.status == 0:
                r.shape_ok = expect.problems(out)
            elif r.status != "timeout":
                r.shape_ok = "exit status " + str(r.status)
        result["runs"][name] = r.__dict__
    if input_path is not None:
        input_path.unlink()
    return result


def fmt(x: float) -> str:
    return "nan" if x != x else f"{x:.2f}"


def over(cold: dict | None, warm: dict | None, limit: float = 3.0) -> str:  # type: ignore[type-arg]
    """Which runs exceed ``limit`` seconds, wall or CPU (or did not finish)."""
    bad = [name for name, run in (("cold", cold), ("warm", warm))
           if run and (run["status"] == "timeout" or not max(run["cpu"], run["wall"]) <= limit)]
    return " and ".join(bad) if bad else "no"


def table(results: list[dict]) -> str:  # type: ignore[type-arg]
    head = ("| program | problem | limits (source) | input shape | cold wall s | cold CPU s | warm wall s "
            "| warm CPU s | peak RSS MB | status | over 3 s |")
    rows = [head, "|" + "---|" * 11]
    for r in results:
        cold, warm = r["runs"].get("cold"), r["runs"].get("warm")
        status = []
        for name, run in (("cold", cold), ("warm", warm)):
            if run is None:
                continue
            if run["status"] == "timeout":
                status.append(f"{name}: timeout")
            elif run["status"] != 0 or run["shape_ok"]:
                status.append(f"{name}: {run['status']} {run['shape_ok'] or ''}".strip())
        prog = f"`{r['example']}.py{(' ' + ' '.join(r['args'])) if r['args'] else ''}`"
        rss = max((run["rss_mb"] for run in (cold, warm) if run), default=float("nan"))
        cell = {k: str(r[k]).replace("|", "\\|") for k in ("problem", "limits", "source", "shape")}
        rows.append(
            f"| {prog} | {cell['problem']} | {cell['limits']} ({cell['source']}) | {cell['shape']} "
            f"| {fmt(cold['wall']) if cold else '-'} | {fmt(cold['cpu']) if cold else '-'} "
            f"| {fmt(warm['wall']) if warm else '-'} | {fmt(warm['cpu']) if warm else '-'} "
            f"| {rss:.0f} | {'; '.join(status) or 'ok'} | {over(cold, warm)} |"
        )
    return "\n".join(rows)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":
        sys.exit(measure_main(sys.argv[2:]))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="*", default=None, help="example names or case keys (substring match)")
    ap.add_argument("--json", default=None, help="also write the results as JSON to this file")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--runs", default="cold,warm", help="cold, warm or both (comma-separated)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--from-json", default=None, help="print the table of an earlier --json file and exit")
    args = ap.parse_args()
    if args.from_json:
        print(table(json.loads(Path(args.from_json).read_text())))
        return
    cases = [c for c in CASES if not args.only or any(o in c.key for o in args.only)]
    if args.list:
        for c in cases:
            print(f"{c.key:45} {c.shape}")
        return
    runs = [r for r in args.runs.split(",") if r]
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-examples-") as tmp:
        for c in cases:
            res = bench_case(c, args.seed, runs, args.timeout, Path(tmp))
            results.append(res)
            parts = [f"{k}: wall {fmt(v['wall'])} cpu {fmt(v['cpu'])} rss {v['rss_mb']:.0f} "
                     f"status {v['status']}{' ' + v['shape_ok'] if v['shape_ok'] else ''}"
                     for k, v in res["runs"].items()]
            print(f"# {c.key}: " + " | ".join(parts), file=sys.stderr, flush=True)
    print(table(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
