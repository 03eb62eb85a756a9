"""What the CLI's stepped tables cost: ``table_array(N)`` in one call against the
same table asked for in steps of about 0.4 s (:func:`grundy.solve.tables.grow_in_steps`,
so that Ctrl-C and the progress bar act between kernel calls). Each measurement
runs in a fresh process (warm numba cache, the compile excluded), alternating.

    PYTHONPATH=src python benchmarks/bench_progress.py [GAME N REPEATS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys

CODE = """
import sys, time
from grundy.games import resolve
from grundy.solve.tables import grow_in_steps
rs = resolve(sys.argv[1]); n = int(sys.argv[2]); mode = sys.argv[3]
rs.table_array(3000)  # compile (or load) the kernels first
t = time.perf_counter()
if mode == "one":
    rs.table_array(n)
else:
    grow_in_steps(rs.table_array, n)
print(time.perf_counter() - t)
"""


def run(game: str, n: int, mode: str) -> float:
    out = subprocess.run([sys.executable, "-c", CODE, game, str(n), mode], capture_output=True,
                         text=True, check=True)
    return float(out.stdout.split()[-1])


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "grundys-game"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    one, steps = [], []
    for _ in range(repeats):
        one.append(run(game, n, "one"))
        steps.append(run(game, n, "steps"))
    a, b = statistics.median(one), statistics.median(steps)
    print(f"{game} to {n:,}: one call {a:.3f} s, in steps {b:.3f} s, ratio {b / a:.3f} "
          f"(medians of {repeats})")


if __name__ == "__main__":
    main()
