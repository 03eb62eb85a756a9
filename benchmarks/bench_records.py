"""Benchmark: published records of octal games reproduced from their codes alone,
through the table store (memory-mapped, checksummed, resumable).

- 0.1777 (OEIS A071509; Flammenkamp): period 60,620,715, last exception at heap
  160,949,017. ``grundy table octal:0.1777 --to N --store FILE`` tables to
  ``N = 2 n0 + 2 p + t`` (Guy and Smith's bound, 4.43*10^8) and proves it.
- Grundy's game to 2^30 (``--grundy-to``): its rare (sparse) values, the largest
  value and the heap where it first occurs, through ``grundy stats --checkpoint``.
- Past 2^32 heaps (``2^32``, ``--past``): 0.333 heap by heap (its period not
  used) through a table store, in bounded memory, every value checked.

Each record runs as the CLI a user types, in a fresh process, in a temporary
directory (``--keep DIR`` keeps the stores: a second run resumes from them and
only checks). Figures: wall and CPU seconds of the child, its peak resident
memory, the store's size.

Run:  python benchmarks/bench_records.py [--only 0.1777,grundy,2^32] [--grundy-to 2**30]
                                         [--past 2**32+2**20] [--keep DIR]

Figures (2026-11-25, AMD EPYC Zen 4, 2 cores, the idle machine, one thread):

=========================  ============  ==========  =============  =========
record                     heaps         CPU s       peak RSS       file
=========================  ============  ==========  =============  =========
0.1777 period proven       443,139,470   56.4        699 MiB [1]    845 MiB
Grundy's game to 2^30      1,073,741,825 2,402 [2]   2,208 MiB [1]  2,048 MiB
0.333 past 2^32 [3]        4,296,015,873 44.7        60 MiB [4]     8,194 MiB
=========================  ============  ==========  =============  =========

Grundy's game to 2^30: 1,287 rare (sparse) values, as Flammenkamp lists, the last
at heap 48,399,022; the largest value 281, first at heap 475,094,020; final mask
0x1fe. Checked by the definition (the mex of every split, numpy over the
file) at the first two heaps after the resume and at heap 475,094,020.

[1] ``ru_maxrss`` counts the pages of the mapped file the process touched; the
anonymous memory (what the memory budget counts) peaked at 73 MiB (``RssAnon``
polled in a run of the same table through the Python API).
[2] Not an idle figure: the run shared the machine (nice 10) with other work and
was killed with ``kill -9`` at heap 687,132,823 and resumed from the store with a
faster kernel (the register-map scan): 1,745 s CPU before, 656 s after.
[3] 2^32 + 2^20 heaps by the naive kernel (no split digit; ``periodic=False``, so
no heap is copied by its period), 44.3 s wall; every value equal to the rules
worked by hand (period 4 from heap 1). A table past 2^32 with the rare-value
kernel was not run (Officers at 0.5 M values/s: about 2.4 hours); its 2^32
crossings (the per-heap tag, int64 positions) are tested by starting the tag
near 2^32 (tests/kernels).
[4] Peak ``RssAnon`` of the process while it tabled (polled every 0.2 s): the
values live in the mapped file, the process holds a chunk at a time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Flammenkamp's figures for 0.1777 (OEIS A071509)
P1777 = {"period": 60_620_715, "preperiod": 160_949_018}


def run(cmd: list[str]) -> tuple[str, dict[str, float]]:
    """Run ``cmd``; its stdout, wall and CPU seconds (the children's usage before
    and after) and the largest peak resident size of the children so far."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed with status {done.returncode}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return done.stdout, {"wall": wall, "cpu": cpu, "rss_mb": after.ru_maxrss / 1024}


def officer_1777(folder: Path) -> None:
    t = 3  # the largest take of 0.1777
    to = 2 * P1777["preperiod"] + 2 * P1777["period"] + t
    out, fig = run(["grundy", "table", "octal:0.1777", "--to", str(to), "--from", str(to),
                    "--store", str(folder / "0.1777.table"), "--no-progress"])
    m = re.search(r"period ([\d,]+) after a preperiod of ([\d,]+) \(proven", out)
    got = None if m is None else {"period": int(m[1].replace(",", "")),
                                  "preperiod": int(m[2].replace(",", ""))}
    size = (folder / "0.1777.table").stat().st_size / 2**20
    print(f"0.1777 to {to:,}: {got} (published {P1777}) -> {'ok' if got == P1777 else 'DIFFERENT'}; "
          f"wall {fig['wall']:.1f} s, CPU {fig['cpu']:.1f} s, peak RSS {fig['rss_mb']:.0f} MiB, "
          f"file {size:.0f} MiB")


def grundys_game(folder: Path, to: int) -> None:
    out, fig = run(["grundy", "stats", "grundys-game", "--to", str(to), "--json",
                    "--checkpoint", str(folder / "grundy.table")])
    stats = json.loads(out)
    print(f"Grundy's game to {to:,}: {stats}; wall {fig['wall']:.1f} s, CPU {fig['cpu']:.1f} s, "
          f"peak RSS {fig['rss_mb']:.0f} MiB")


#: the child of ``past32``: a table past 2^32 heaps through a store, its peak
#: anonymous memory polled, every value checked against the rules worked by hand
PAST32 = r"""
import os, sys, threading, time
import numpy as np
from grundy.games.octal import SplitTable
path, n = sys.argv[1], int(sys.argv[2])
peak = [0]
def poll():
    while True:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("RssAnon:"):
                    peak[0] = max(peak[0], int(line.split()[1]) * 1024)
        time.sleep(0.2)
threading.Thread(target=poll, daemon=True).start()
# 0.333 without its period proof: the naive kernel heap by heap (takes of 1-3
# leaving a heap; a whole heap of 1, 2 or 3 taken away)
t = SplitTable("0.333", splits=[], takes=[1, 2, 3], wholes=[1, 2, 3], periodic=False)
t.use_store(path)
t0 = time.perf_counter()
t.extend(n)
wall, anon = time.perf_counter() - t0, peak[0]
ref = [0] * 64
for m in range(64):
    ref[m] = min(set(range(8)) - {ref[m - k] for k in (1, 2, 3) if m >= k})
period = next(p for p in range(1, 16) if all(ref[i] == ref[i - p] for i in range(16, 64)))
g, bad = t.store.values, 0
step = (1 << 22) // period * period
block = np.tile(np.array(ref[16:16 + period], dtype=np.uint16), step // period)
bad = int((g[:16] != np.array(ref[:16], dtype=np.uint16)).sum())
for lo in range(16, n + 1, step):
    hi = min(n + 1, lo + step)
    bad += int((g[lo:hi] != block[: hi - lo]).sum())
    t.store.release()
print(n + 1, wall, anon, os.path.getsize(path), bad)
"""


def past32(folder: Path, n: int) -> None:
    out, fig = run([sys.executable, "-c", PAST32, str(folder / "0.333.table"), str(n)])
    heaps, wall, anon, size, bad = out.split()
    print(f"0.333 heap by heap to {int(heaps) - 1:,} through a store: wall {float(wall):.1f} s, "
          f"CPU {fig['cpu']:.1f} s, peak anonymous memory {int(anon) / 2**20:.0f} MiB, file "
          f"{int(size) / 2**30:.2f} GiB, values different from the rules: {bad}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="0.1777,grundy,2^32")
    ap.add_argument("--past", default="2**32+2**20", help="the heaps of the 2^32 record")
    ap.add_argument("--grundy-to", default="2**30")
    ap.add_argument("--keep", default=None, help="keep the stores in DIR (a rerun resumes)")
    args = ap.parse_args()
    only = set(args.only.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if "0.1777" in only:
            officer_1777(folder)
        if "grundy" in only:
            base, _, exp = args.grundy_to.partition("**")
            grundys_game(folder, int(base) ** int(exp) if exp else int(base))
        if "2^32" in only:
            past32(folder, int(eval(args.past, {"__builtins__": {}})))  # an arithmetic expression


if __name__ == "__main__":
    sys.exit(main())
