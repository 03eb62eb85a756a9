"""Benchmark: Cram solved by grundy's reducer (pruning, symmetry, components) against
the memoised recursions a user writes by hand over the same move function, and
against Beling's igsolve when a binary is given, in one process, the memos cleared
between runs; random Node Kayles graphs on request.

Run:  python benchmarks/bench_cram.py [--boards 4x6,5x5] [--skip-hand]
          [--columns value,compiled,igsolve] [--igsolve BINARY] [--node-kayles 36,38,40]
          [--nk-columns outcome,value,compiled]

(``IGSOLVE=BINARY`` in the environment does what ``--igsolve`` does; without either
the igsolve column is skipped.) Rows (the times are each one run, best of
``--repeat``), each value marked when it agrees with :data:`PUBLISHED`:

- ``hand``: ``functools.cache`` + mex over ``Cram().moves`` (whole boards);
- ``hand+split``: the same, the value of a board the XOR of its components' values
  (``Cram().decompose``: components cut to their bounding box, least symmetric image);
- ``plain``: ``grundy.solve.reducer.reduce`` (Grundy value, every option searched);
- ``outcome``: ``outcome(cram, board)`` (``PRUNED``: stops at the first losing option);
- ``value``: ``reduce(cram, board, search=PRUNED)`` (nimber by outcome searches of G + *k);
- ``mex-sets``: ``reduce(cram, board, search=MEX_SETS)`` (Beling and Rogalski's pruning
  of the mex search, one aspiration nimber at a time);
- ``compiled``, ``compiled-mex``: the compiled tier (``compiled_value``), its value by
  outcomes of G + *k and by mex sets (``method="mex-sets"``);
- ``igsolve``: ``igsolve cram ROWS COLS`` (its defaults), and ``value / igsolve``.

Measured on the project's 2-core AMD EPYC while three other agents' jobs ran (load
average 5 to 9; about 3x the idle machine's times, preliminary), under ``nice -n
10``, one run each, ``--skip-hand``:

======  =========  ==========  =======  ========  =======  ========
board   published  hand+split  plain    outcome   value    mex-sets
======  =========  ==========  =======  ========  =======  ========
4x6     0          9.42 s      29.4 s   0.00 s    0.00 s   0.00 s
5x5     0          17.0 s      20.5 s   1.10 s    0.84 s   1.87 s
5x6     2          251 s       95.7 s   0.00 s    7.77 s   21.3 s
4x7     3          17.9 s      41.4 s   0.00 s    3.25 s   5.62 s
3x8     --         3.13 s      4.18 s   0.00 s    0.53 s   0.78 s
3x9     --         9.97 s      4.78 s   0.10 s    0.25 s   0.52 s
3x10    --         35.7 s      26.8 s   0.00 s    1.36 s   3.09 s
======  =========  ==========  =======  ========  =======  ========

Every value agrees with the published one (3xn is not in Beling's table: 3, 1, 2
by every column). The outcomes at 0.00 s are the mirror strategy's (the ruleset's
``value_formula``: even x even boards are lost, odd x even ones won by the central
domino); the value search is 20x to 40x faster than the hand-written recursion
with the split. Larger boards, value search only, the same busy machine: 4x9 = 1
(published 1) in 67 s, 5x7 = 1 (published 1) in 320 s (67 s on the idle machine
with the previous ruleset), 4x8 = 0 and 6x6 = 0 at once (mirror strategy).

The ``compiled`` column is ``grundy.solve.compiled.compiled_value`` (the compiled
tier, its table emptied before each run); times are CPU seconds (igsolve's from
``getrusage(RUSAGE_CHILDREN)``). igsolve is found in ``benchmarks/_build`` (built by
the kit ``shared/bench/igsolve/build.sh``, see :func:`find_igsolve`).
``--boards 5x7,3x13,4x9 --columns compiled,igsolve --repeat 3`` on the busy
machine: 5x7 1.28 s against 1.07 s (1.20x), 3x13 2.09 s against 0.79 s (2.65x),
4x9 0.94 s against 0.40 s (2.33x); more in ``benchmarks/results-cram.md``.

``--node-kayles`` (``networkx.gnp_random_graph(n, 3/(n-1), seed=n)``, outcome then
value, 60 s each, the same busy machine): 36 vertices P 1.7 s / 0 1.3 s, 38 P 2.9 s
/ 0 2.6 s, 40 N 22.2 s / 15 19.3 s, 42 N 5.5 s / 7 5.4 s, 44 N 3.2 s / value not
within 60 s, 46 neither: the largest graph solved within a minute has 42 vertices.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import grundy
from grundy.games.placement import Cram, _split, cram_canonical, graph_position
from grundy.kernels.bitsearch import cram_word
from grundy.solve import compiled as C
from grundy.solve.budget import Budget
from grundy.solve.reducer import MEX_SETS, PRUNED, forget, outcome, reduce
from grundy.values.errors import SearchLimitError

RULES = Cram()

#: Nimbers of empty boards (rows x columns) from Beling's table in the README of
#: beling/impartial-games ("The results obtained so far"; the smaller boards were
#: first computed by Lemoine and Viennot's Glop, most up to 5 x 7 by Schneider).
PUBLISHED = {
    "4x4": 0, "4x5": 2, "4x6": 0, "4x7": 3, "4x8": 0, "4x9": 1, "4x10": 0, "4x11": 1,
    "4x12": 0, "4x13": 3, "4x14": 0, "4x15": 4,
    "5x5": 0, "5x6": 2, "5x7": 1, "5x8": 1, "5x9": 1, "5x10": 2, "5x11": 0, "5x12": 3,
    "6x6": 0, "6x7": 5, "6x8": 0, "6x9": 1, "6x10": 0, "6x12": 0, "6x14": 0,
    "7x7": 1, "7x8": 3, "7x9": 1,
}
COLUMNS = ("hand", "hand+split", "plain", "outcome", "value", "mex-sets", "compiled",
           "compiled-mex", "igsolve")
HERE = os.path.dirname(os.path.abspath(__file__))
#: Where the peer is built (gitignored): benchmarks/_build/igs.
BUILD = os.path.join(HERE, "_build", "igs")


def published(text: str) -> int | None:
    """The published nimber of an ``HxW`` board (either orientation), or None."""
    h, _, w = text.partition("x")
    return PUBLISHED.get(text, PUBLISHED.get(f"{w}x{h}"))


def hand(root: tuple[int, int, int]) -> int:
    moves = RULES.moves

    @cache
    def g(p: tuple[int, int, int]) -> int:
        s = {g(o) for o in moves(p)}
        m = 0
        while m in s:
            m += 1
        return m

    return g(root)


def hand_split(root: tuple[int, int, int]) -> int:
    moves, decompose = RULES.moves, RULES.decompose

    @cache
    def g(p: tuple[int, int, int]) -> int:
        parts = decompose(p)
        if parts is not None:
            x = 0
            for q in parts:
                x ^= g(q)
            return x
        s = {g(o) for o in moves(p)}
        m = 0
        while m in s:
            m += 1
        return m

    return g(root)


def find_igsolve() -> str | None:
    """An igsolve binary: ``benchmarks/_build/igs/target/release/igsolve`` when built;
    else built there by the kit ``shared/bench/igsolve/build.sh`` (looked for in the
    parents of the repository) from the source in ``IGS_SRC`` (a copy of
    beling/impartial-games), when both are present; else None."""
    binary = os.path.join(BUILD, "target", "release", "igsolve")
    if os.path.exists(binary):
        return binary
    src = os.environ.get("IGS_SRC")
    up = HERE
    for _ in range(4):
        up = os.path.dirname(up)
        kit = os.path.join(up, "shared", "bench", "igsolve", "build.sh")
        if os.path.exists(kit) and src:
            subprocess.run(["bash", kit, src, BUILD], check=True)
            return binary if os.path.exists(binary) else None
    return None


def igsolve(binary: str, text: str) -> int:
    """The nimber by Beling's igsolve (``igsolve cram ROWS COLS``, its defaults)."""
    h, _, w = text.partition("x")
    r = subprocess.run([binary, "cram", h, w], capture_output=True, text=True, check=True)
    m = re.search(r"Nimber of initial position:\s*(\d+)", r.stdout)
    if m is None:
        raise RuntimeError(f"igsolve printed no nimber: {r.stdout[-500:]!r}")
    return int(m.group(1))


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (igsolve)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _timed(f: Callable[[], Any], repeat: int) -> tuple[Any, float]:
    best, out = float("inf"), None
    for _ in range(repeat):
        forget(grundy.games.get("cram"))
        cram_canonical.cache_clear()  # no run starts with another's symmetric images
        _split.cache_clear()  # nor with its components
        C.forget_tables()  # nor with the compiled table
        gc.collect()
        t = _cpu()
        out = f()
        best = min(best, _cpu() - t)
    return out, best


def node_kayles(sizes: list[int], seconds: float,
                which: tuple[str, ...] = ("outcome", "value", "compiled")) -> None:
    """Random graphs (edges with probability 3/(n-1), ``networkx`` seeded by ``n``):
    the outcome, then the value, each within ``seconds``."""
    import networkx as nx

    nk = grundy.games.get("node-kayles")
    for n in sizes:
        g = nx.gnp_random_graph(n, 3 / (n - 1), seed=n)
        pos = graph_position((n, list(g.edges)))
        row = [f"node-kayles n={n} ({g.number_of_edges()} edges)"]
        game = C.node_kayles_game(tuple(a | 1 << v for v, a in enumerate(pos[0])))
        runs = (("outcome", lambda: outcome(nk, pos, budget=Budget(seconds=seconds))),
                ("value", lambda: reduce(nk, pos, search=PRUNED, budget=Budget(seconds=seconds))),
                ("compiled", lambda: C.compiled_value(game, pos[1],
                                                      budget=Budget(seconds=seconds))))
        for name, f in runs:
            if name not in which:
                continue
            forget(nk)
            C.forget_tables()
            gc.collect()
            t = time.perf_counter()
            try:
                got: Any = f()
            except SearchLimitError:
                got = "stopped"
            row.append(f"{name} {got} in {time.perf_counter() - t:.1f} s")
        print(", ".join(row), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", default="4x6")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--skip-hand", action="store_true", help="skip the whole-board recursion")
    ap.add_argument("--columns", default=",".join(COLUMNS),
                    help="which of " + ", ".join(COLUMNS) + " to run")
    ap.add_argument("--igsolve", default=os.environ.get("IGSOLVE"),
                    help="an igsolve binary (or the IGSOLVE variable; else the one built in "
                    "benchmarks/_build, see find_igsolve): adds its column")
    ap.add_argument("--nk-columns", default="outcome,value,compiled",
                    help="which Node Kayles searches: outcome, value, compiled")
    ap.add_argument("--node-kayles", default="",
                    help="random Node Kayles graphs of these sizes, e.g. 36,38,40")
    ap.add_argument("--seconds", type=float, default=60.0,
                    help="budget of each Node Kayles search")
    args = ap.parse_args()
    sys.setrecursionlimit(100_000)
    cram = grundy.games.get("cram")
    columns = set(args.columns.split(","))
    if args.skip_hand:
        columns.discard("hand")
    if not args.igsolve and "igsolve" in columns:
        args.igsolve = find_igsolve()
    if not args.igsolve:
        columns.discard("igsolve")
    if "compiled" in columns:  # load the compiled code before timing
        C.compiled_value(C.CRAM, cram_word(2, 3, 63))
    runs: dict[str, Callable[[Any], Any]] = {
        "hand": hand,
        "hand+split": hand_split,
        "plain": lambda b: reduce(cram, b),
        "outcome": lambda b: outcome(cram, b),
        "value": lambda b: reduce(cram, b, search=PRUNED),
        "mex-sets": lambda b: reduce(cram, b, search=MEX_SETS),
        "compiled": lambda b: C.compiled_value(C.CRAM, cram_word(*b)),
        "compiled-mex": lambda b: C.compiled_value(C.CRAM, cram_word(*b), method="mex-sets"),
    }
    for text in filter(None, args.boards.split(",")):
        b = cram.parse_position(text)
        rows: dict[str, tuple[Any, float]] = {}
        for name in COLUMNS:
            if name not in columns:
                continue
            if name == "igsolve":
                rows[name] = _timed(lambda: igsolve(args.igsolve, text), args.repeat)
            else:
                rows[name] = _timed(lambda: runs[name](b), args.repeat)
            v, t = rows[name]
            known = published(text)
            check = "" if known is None or name == "outcome" else \
                ("  (published)" if v == known else f"  (published: {known})")
            print(f"{text:6} {name:11} {t:8.2f} s   {v}{check}", flush=True)
        for base in ("hand", "hand+split"):  # how much faster grundy's searches are
            for mine in ("outcome", "value"):
                if base in rows and mine in rows:
                    print(f"{text:6} {base} / {mine} = {rows[base][1] / rows[mine][1]:.1f}x",
                          flush=True)
        for mine in ("value", "compiled", "compiled-mex"):  # how much slower than igsolve
            if "igsolve" in rows and mine in rows:
                print(f"{text:6} {mine} / igsolve = {rows[mine][1] / rows['igsolve'][1]:.2f}x",
                      flush=True)
    if args.node_kayles:
        node_kayles([int(n) for n in args.node_kayles.split(",")], args.seconds,
                    tuple(args.nk_columns.split(",")))


if __name__ == "__main__":
    main()
