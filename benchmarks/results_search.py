"""Results of the compiled search tier: Node Kayles on 3 x n grids (OEIS A316632) and
Cram boards (Beling's table), each line printed as soon as it is found.

Run:  python benchmarks/results_search.py [--grids 1-21] [--boards 4x5,5x7]
          [--seconds 600] [--confirm-seconds 300] [--slots 28 --max-memory 12]
          [--store DIR --save-every 1800]

Each grid's value is found three times: by the compiled tier's value by outcomes
of ``G + *k`` and by its mex-set search (Beling and Rogalski), each with a fresh
table, and by the Python reference (``reduce(node_kayles, grid, search=PRUNED)``,
no shared memo; skipped with ``--confirm-seconds 0``), each within its budget.
Each Cram board's value is found by the compiled tier (``--method``) with its
table cleared first (CPU seconds), and compared with :data:`bench_cram.PUBLISHED`
where that has it; boards of more than 56 cells use two-word positions.
With ``--store DIR`` each board's table is loaded from ``DIR/cram-HxW.npz`` when that
exists and saved there every ``--save-every`` seconds and when the search ends (also
on its budget): a search longer than one sitting resumes where it stopped.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

import grundy  # noqa: E402
from bench_cram import published  # noqa: E402
from grundy.kernels.bitsearch import cram_word  # noqa: E402
from grundy.solve import compiled as C  # noqa: E402
from grundy.solve.budget import Budget  # noqa: E402
from grundy.solve.reducer import PRUNED, forget, reduce  # noqa: E402
from grundy.values.errors import SearchLimitError  # noqa: E402

#: OEIS A316632: Node Kayles on the 3 x n grid, n = 1..16.
A316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]


def _timed(f):  # type: ignore[no-untyped-def]
    t = time.process_time()
    try:
        v = f()
    except SearchLimitError as e:
        v = f"stopped ({e.reason})"
    return v, time.process_time() - t


def grids(ns: list[int], seconds: float, confirm: float) -> None:
    nk = grundy.games.get("node-kayles")
    for n in ns:
        pos = nk.parse_position(f"grid=3x{n}")
        adj, mask = pos
        game = C.node_kayles_game(tuple(a | 1 << v for v, a in enumerate(adj)))
        found = []
        for method in C.METHODS:
            C.forget_tables()
            v, t = _timed(lambda: C.compiled_value(game, mask, budget=Budget(seconds=seconds),
                                                   method=method))
            found.append(f"{method} {v} in {t:.2f} s")
        C.forget_tables()
        if confirm > 0:
            forget(nk)
            v2, t2 = _timed(lambda: reduce(nk, pos, search=PRUNED,
                                           budget=Budget(seconds=confirm)))
            found.append(f"python {v2} in {t2:.2f} s")
        oeis = A316632[n - 1] if n <= len(A316632) else "-"
        print(f"grid 3x{n} ({3 * n} vertices): compiled {'; '.join(found)}; OEIS {oeis}",
              flush=True)


def boards(texts: list[str], seconds: float, method: str, max_memory: int | None = None,
           store: str | None = None, save_every: float | None = None) -> None:
    cram = grundy.games.get("cram")
    for text in texts:
        h, w, free = cram.parse_position(text)
        fit = cram.bitboard((h, w, free))
        if fit is None:
            print(f"cram {text}: does not fit the compiled words (sides at most 15, at "
                  "most 120 cells)", flush=True)
            continue
        game, word = fit
        C.forget_tables()
        path = os.path.join(store, f"cram-{text}.npz") if store else None
        v, t = _timed(lambda: C.compiled_value(game, word, budget=Budget(seconds=seconds,
                                                                 max_memory=max_memory),
                                               method=method, store=path,
                                               save_every=save_every))
        s = C._TABLES.get(game.identity())
        nodes = s.nodes if s is not None else 0
        known = published(text)
        print(f"cram {text} ({method}): {v} in {t:.2f} s CPU ({nodes:,} positions opened); "
              f"published {known if known is not None else '-'}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--grids", default="")
    ap.add_argument("--boards", default="")
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--confirm-seconds", type=float, default=300.0)
    ap.add_argument("--method", default="outcomes", choices=C.METHODS)
    ap.add_argument("--slots", type=int, default=0,
                    help="log2 of the largest table (default: the library's 2^24 slots)")
    ap.add_argument("--max-memory", type=float, default=0.0,
                    help="GiB of memory the board searches may hold (the table takes "
                    "at most half of what it leaves)")
    ap.add_argument("--store", default="",
                    help="a directory where each board's table is loaded from and saved")
    ap.add_argument("--save-every", type=float, default=1800.0,
                    help="seconds between two saves of a stored table")
    args = ap.parse_args()
    if args.slots:
        C.MAX_ENTRIES = 1 << args.slots
    mem = int(args.max_memory * 2**30) if args.max_memory else None
    # load the compiled code before timing
    C.compiled_value(C.CRAM, cram_word(2, 3, 63))
    if args.grids:
        a, _, b = args.grids.partition("-")
        grids(list(range(int(a), int(b or a) + 1)), args.seconds, args.confirm_seconds)
    if args.boards:
        if args.store:
            os.makedirs(args.store, exist_ok=True)
        boards(args.boards.split(","), args.seconds, args.method, mem, args.store or None,
               args.save_every)


if __name__ == "__main__":
    main()
