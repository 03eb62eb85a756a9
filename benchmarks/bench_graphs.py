"""Benchmark: games on trees and graphs.

Linear-time parts on trees of 10^6 vertices, each against a C++ -O2 port of the
same algorithm (benchmarks/cpp/graph_trees.cpp, compiled here with g++), timed on
the same arrays (input already in memory on both sides) in CPU time, the two
sides interleaved run by run (the machine is shared), best of --repeat:

- Green Hackenbush by the colon principle from an edge array (root by BFS, values
  in reverse BFS order): ``hackenbush_value``;
- CF1610I, all prefixes of grounded vertices: ``prefix_ground_values``;
- P6665, ancestor deletion by trie merging (O(n log n)): ``ancestor_deletion_values``;
- edge (= vertex) geography on a tree, the value of every start by rerooting the
  mex: ``root_tree`` + ``geography_values``;
- the fusion principle on a cactus of 10^6 vertices (bridges and 2-edge-connected
  parts by one iterative DFS): ``hackenbush_value`` on an edge array.

networkx-based parts are timed alone (no C++ port): vertex geography's winning
starts on a grid (Hopcroft-Karp + alternating BFS).

Run:  python benchmarks/bench_graphs.py [--n 1000000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from grundy.games.geography import losing_starts
from grundy.games.hackenbush import hackenbush_value, prefix_ground_values
from grundy.games.treegames import ancestor_deletion_values
from grundy.kernels.trees import geography_values, root_tree

HERE = Path(__file__).resolve().parent


def compile_cpp(tmp: Path) -> Path:
    gxx = shutil.which("g++") or shutil.which("c++")
    if gxx is None:
        raise SystemExit("no C++ compiler found (g++)")
    exe = tmp / "graph_trees"
    subprocess.run([gxx, "-O2", "-std=c++17", "-o", str(exe), str(HERE / "cpp" / "graph_trees.cpp")], check=True)
    return exe


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    out, times = None, []
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
    return min(times), out


def cpp_once(exe: Path, mode: str, path: Path) -> tuple[float, int]:
    res = subprocess.run([str(exe), mode, str(path)], capture_output=True, text=True, check=True).stdout.split()
    return float(res[0]), int(res[1])


def versus(fn: Callable[[], Any], exe: Path, mode: str, path: Path, repeat: int) -> tuple[float, Any, float, int]:
    """numba and C++ runs interleaved; the best CPU time of each and their answers."""
    tn, tc, out, cv = [], [], None, 0
    for _ in range(repeat):
        t = time.process_time()
        out = fn()
        tn.append(time.process_time() - t)
        c, cv = cpp_once(exe, mode, path)
        tc.append(c)
    return min(tn), out, min(tc), cv


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n, rep = args.n, args.repeat
    rng = np.random.default_rng(1)
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        exe = compile_cpp(tmp)
        shapes = {
            "random tree": np.array([0] + [int(rng.integers(0, i)) for i in range(1, n)]),
            "path": np.r_[0, np.arange(n - 1)],
        }
        for shape, par in shapes.items():
            perm = np.r_[0, rng.permutation(np.arange(1, n))]  # labels shuffled, 0 the root
            edges = np.stack([perm[par[1:]], perm[np.arange(1, n)]], axis=1).astype(np.int64)
            path = tmp / "edges.bin"
            np.concatenate([[n, n - 1], edges.ravel()]).astype(np.int64).tofile(path)
            tiny = np.array([[0, 1], [1, 2]])  # compile / load the kernels outside the timing
            hackenbush_value(tiny), prefix_ground_values(tiny, 3)
            ancestor_deletion_values(np.array([-1, 0]))
            print(f"{shape}, {n:,} vertices:")

            t_nb, v, t_c, cv = versus(lambda: hackenbush_value(edges), exe, "colon", path, rep)
            assert v == cv, (v, cv)
            print(f"  colon principle    numba {t_nb:.3f} s   C++ -O2 {t_c:.3f} s   ratio {t_nb / t_c:.2f}")

            t_nb, vals, t_c, cv = versus(lambda: prefix_ground_values(edges, n), exe, "prefix", path, rep)
            chk = 0
            for x in vals.tolist():
                chk = (chk * 31 + x) % (1 << 64)
            assert chk == cv, "numba and C++ disagree (prefix)"
            print(f"  grounded prefixes  numba {t_nb:.3f} s   C++ -O2 {t_c:.3f} s   ratio {t_nb / t_c:.2f}")

            def trie() -> int:
                parent, order, _ = root_tree(edges[:, 0], edges[:, 1], n, np.array([0]))
                return int(ancestor_deletion_values(parent, order)[0])

            t_nb, v, t_c, cv = versus(trie, exe, "trie", path, rep)
            assert v == cv, (v, cv)
            print(f"  ancestor deletion  numba {t_nb:.3f} s   C++ -O2 {t_c:.3f} s   ratio {t_nb / t_c:.2f}")

            def geo() -> Any:
                parent, order, _ = root_tree(edges[:, 0], edges[:, 1], n, np.array([0]))
                return geography_values(parent, order)

            geo()
            t_nb, vals, t_c, cv = versus(geo, exe, "geo", path, rep)
            chk = 0
            for x in vals.tolist():
                chk = (chk * 31 + x) % (1 << 64)
            assert chk == cv, "numba and C++ disagree (geography)"
            print(f"  edge geography     numba {t_nb:.3f} s   C++ -O2 {t_c:.3f} s   ratio {t_nb / t_c:.2f}")

        # the fusion principle on a cactus: a chain of triangles and squares, each
        # joined to the next by a bridge, labels shuffled (0 the ground)
        k = n // 3
        blocks = []
        for c in range(k):
            a = 3 * c
            cyc = [(a, a + 1), (a + 1, a + 2), (a + 2, a)] if c % 2 else [(a, a + 1), (a + 1, a + 2), (a + 2, a + 3), (a + 3, a)]
            blocks += cyc + [(a + 2, a + 3)]
        cactus = np.array(blocks, dtype=np.int64)
        nv = int(cactus.max()) + 1
        perm = np.r_[0, rng.permutation(np.arange(1, nv))]
        cactus = perm[cactus]
        path = tmp / "cactus.bin"
        np.concatenate([[nv, cactus.shape[0]], cactus.ravel()]).astype(np.int64).tofile(path)
        hackenbush_value(np.array([[0, 1], [1, 2], [2, 0]]))
        t_nb, v, t_c, cv = versus(lambda: hackenbush_value(cactus), exe, "fuse", path, rep)
        assert v == cv, (v, cv)
        print(f"cactus, {nv:,} vertices, {cactus.shape[0]:,} edges:")
        print(f"  fusion principle   numba {t_nb:.3f} s   C++ -O2 {t_c:.3f} s   ratio {t_nb / t_c:.2f}")
        small = cactus[: 150_000]
        t_l, _ = best(lambda: hackenbush_value(small.tolist()), 1)
        print(f"  (a Python list of the first 150,000 edges: {t_l:.3f} s, was 19 s with networkx)")

    # networkx-based parts, stated alone
    side = int((n // 10) ** 0.5)
    import networkx as nx

    grid = nx.grid_2d_graph(side, side)
    t, lose = best(lambda: losing_starts(grid), 1)
    print(f"geography winning starts (networkx Hopcroft-Karp + alternating BFS), {side}x{side} grid: {t:.3f} s")


if __name__ == "__main__":
    main()
