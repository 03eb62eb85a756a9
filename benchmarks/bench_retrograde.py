"""Benchmark: compiled retrograde analysis (win / lose / draw and remoteness in one
pass) against a C++ -O2 build of the same counter algorithm
(benchmarks/cpp/retrograde.cpp, compiled here), on

1. a random digraph shaped like ../shared/bench/dumpgraph.py (10^6 vertices, out-degree
   uniform in 0..9, ~4.5 * 10^6 edges, seed 1), given as edge arrays;
2. the state graph of P9169's largest board (10 x 10, no obstacles: 2 * 10^6 states).

Both sides read the same edge file; each times (best of 3) building the predecessor
CSR from the edges and the analysis, and reports its own peak RSS. Targets: analysis
<= 1.5x C++, construction + analysis <= 3x, peak memory <= 3x.

Run:  python benchmarks/bench_retrograde.py [--n 1000000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def build(name: str) -> Path:
    out = HERE / "_build" / name
    out.parent.mkdir(exist_ok=True)
    src = HERE / "cpp" / f"{name}.cpp"
    if not out.exists() or out.stat().st_mtime < src.stat().st_mtime:
        gxx = shutil.which("g++") or shutil.which("c++")
        if gxx is None:
            raise SystemExit("no C++ compiler found (g++)")
        subprocess.run([gxx, "-O2", "-std=c++17", "-o", str(out), str(src)], check=True)
    return out


def random_graph(n: int) -> tuple[int, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)  # the shape and seed of shared/bench/dumpgraph.py
    outdeg = rng.integers(0, 10, n)
    src = np.repeat(np.arange(n), outdeg)
    dst = rng.integers(0, n, int(outdeg.sum()))
    return n, src.astype(np.int32), dst.astype(np.int32)


def p9169_graph() -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    import importlib.util

    spec = importlib.util.spec_from_file_location("p9169", HERE.parent / "examples" / "p9169_river_pawn.py")
    mod = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    board = ["." * 10 for _ in range(10)]
    board[9] = "O" + "." * 8 + "O"
    board[5] = "....X....."
    t = time.perf_counter()
    states, src, dst, terminal = mod.board_graph(board)
    print(f"P9169 10x10: {states:,} states, {len(src):,} edges built with numpy in "
          f"{time.perf_counter() - t:.2f} s; answer {mod.solve_board(board)!r}")
    return states, src, dst, terminal


def write(path: Path, n: int, src: np.ndarray, dst: np.ndarray) -> None:
    with open(path, "wb") as f:
        np.array([n, len(src)], np.int64).tofile(f)
        src.astype(np.int32).tofile(f)
        dst.astype(np.int32).tofile(f)


def peak_rss_kb() -> int:
    """VmHWM of this process (reset by exec, unlike ru_maxrss after a fork)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child(path: str) -> None:
    """The Python side, in its own process so that its peak RSS is its own."""
    base_rss = peak_rss_kb()
    from grundy.kernels.retrograde import predecessor_csr, retrograde
    from grundy.solve.graph import GameGraph

    with open(path, "rb") as f:
        n, e = (int(x) for x in np.fromfile(f, np.int64, 2))
        src = np.fromfile(f, np.int32, e)
        dst = np.fromfile(f, np.int32, e)
    # compile (numba caches on disk) on a tiny graph
    s0, p0 = predecessor_csr(src[:10], dst[:10] % 5, 5)
    retrograde(s0, p0, np.bincount(src[:10] % 5, minlength=5))
    imported_rss = peak_rss_kb()
    best_b = best_s = best_all = 1e9
    for _ in range(3):
        t0 = time.perf_counter()
        pstart, pred = predecessor_csr(src, dst, n)
        outdeg = np.bincount(src, minlength=n).astype(np.int32)
        t1 = time.perf_counter()
        out, rem = retrograde(pstart, pred, outdeg)
        t2 = time.perf_counter()
        best_b, best_s = min(best_b, t1 - t0), min(best_s, t2 - t1)
        del pstart, pred
    for _ in range(3):  # the public API end to end: arrays in, analysis out
        t0 = time.perf_counter()
        g = GameGraph.from_arrays(src, dst, n)
        a = g.loopy
        best_all = min(best_all, time.perf_counter() - t0)
        assert (a.outcome_codes == out).all()
        del g, a
    rss = peak_rss_kb()
    print(json.dumps(dict(
        build=best_b, solve=best_s, api=best_all,
        win=int((out == 1).sum()), loss=int((out == 2).sum()), draw=int((out == 0).sum()),
        remsum=int(rem[rem > 0].sum()), rss_kb=rss, base_rss_kb=base_rss,
        imported_rss_kb=imported_rss,
    )))


c_wld: list[str] = ["nan"]


def compare(label: str, path: Path, exe: Path) -> None:
    line = subprocess.run([str(exe), str(path)], check=True, capture_output=True, text=True).stdout
    c = dict(kv.split("=") for kv in line.split())
    py = json.loads(subprocess.run(
        [sys.executable, __file__, "--child", str(path)], check=True, capture_output=True,
        text=True, env=dict(os.environ)).stdout)
    cb, cs, crss = float(c["build"]), float(c["solve"]), int(c["rss_kb"])
    c_wld[0] = c["wld"]
    for k in ("win", "loss", "draw", "remsum"):
        assert int(c[k]) == py[k], (k, c[k], py[k])
    print(f"{label}: win {py['win']:,} loss {py['loss']:,} draw {py['draw']:,} (both agree, "
          "remoteness too)")
    print(f"  analysis      C++ {cs:.3f} s  numba {py['solve']:.3f} s  ratio {py['solve'] / cs:.2f}  (target <= 1.5)")
    print(f"  build+analysis C++ {cb + cs:.3f} s  numba {py['build'] + py['solve']:.3f} s  "
          f"ratio {(py['build'] + py['solve']) / (cb + cs):.2f}  (target <= 3)")
    print(f"  GameGraph.from_arrays(...).loopy end to end {py['api']:.3f} s  "
          f"ratio {py['api'] / (cb + cs):.2f}")
    own = py["rss_kb"] - py["imported_rss_kb"]
    print(f"  peak RSS      C++ {crss / 1024:.0f} MB  python {py['rss_kb'] / 1024:.0f} MB "
          f"(interpreter + numpy + numba alone {py['imported_rss_kb'] / 1024:.0f} MB, "
          f"the analysis' own {own / 1024:.0f} MB)  ratio {py['rss_kb'] / crss:.2f} "
          f"total, {own / crss:.2f} own  (target <= 3)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--child")
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return
    exe = build("retrograde")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.bin"
        n, src, dst = random_graph(args.n)
        write(path, n, src, dst)
        compare(f"random digraph V={n:,} E={len(src):,}", path, exe)
        yard = HERE.parent.parent / "shared" / "bench"
        if (yard / "retro.cpp").exists() and args.n == 1_000_000:
            rexe = Path(tmp) / "retro"
            subprocess.run(["g++", "-O2", "-o", str(rexe), str(yard / "retro.cpp")], check=True)
            subprocess.run([sys.executable, str(yard / "dumpgraph.py"), str(n)], cwd=tmp, check=True)
            print(f"  our C++ port, win/lose/draw alone (no remoteness pass): {float(c_wld[0]):.3f} s")
            print("  shared yardstick retro.cpp (win/lose/draw only, int64):", subprocess.run([str(rexe)], cwd=tmp, check=True,
                                                         capture_output=True, text=True).stdout.strip())
        states, src, dst, terminal = p9169_graph()
        # the fixed results become edges-free sinks for both sides' plain counter
        # algorithm: keep only the edges of states that play on
        keep = terminal[src] == 0
        write(path, states, src[keep], dst[keep])
        compare(f"P9169 10x10 state graph V={states:,} E={int(keep.sum()):,} (fixed results dropped)", path, exe)


if __name__ == "__main__":
    main()
