"""Benchmark: compiled retrograde analysis (win / lose / draw and remoteness in one
pass) against a C++ -O2 build of the same counter algorithm
(benchmarks/cpp/retrograde.cpp, compiled here), on

1. a random digraph shaped like ../shared/bench/dumpgraph.py (10^6 vertices, out-degree
   uniform in 0..9, ~4.5 * 10^6 edges, seed 1), given as edge arrays;
2. the state graph of P9169's largest board (10 x 10, no obstacles: 594,000 states).

Both sides read the same edge file; each times (best of ``--reps``, default 5)
building the predecessor CSR and out-degrees from the edges and the analysis, and
reports its own peak RSS (VmHWM of its own process: the numba side runs in a child
process, its figure includes the interpreter, numpy and numba). The shared C++
yardstick ../shared/bench/retro.cpp runs in the same run on the same graph. Targets: analysis
<= 1.5x C++, construction + analysis <= 3x, peak memory <= 3x.

C++ runs before and after the Python side (the machine is shared: best of each).

Run:  python benchmarks/bench_retrograde.py [--n 1000000] [--reps 5]
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
from typing import Any

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


def p9169_graph(board: list[str] | None = None) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """The example's state graph of ``board`` (by default its largest: 10 x 10, no
    obstacles) as ``(states, src, dst, terminal)``; the example's start state is
    not needed here."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("p9169", HERE.parent / "examples" / "p9169_river_pawn.py")
    mod = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    if board is None:
        board = ["." * 10 for _ in range(10)]
        board[9] = "O" + "." * 8 + "O"
        board[5] = "....X....."
    t = time.perf_counter()
    states, src, dst, terminal, _root = mod.board_graph(board)
    print(f"P9169 {len(board)}x{len(board[0])}: {states:,} states, {len(src):,} edges built with "
          f"numpy in {time.perf_counter() - t:.2f} s; answer {mod.solve_board(board)!r}")
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


def child(path: str, reps: int, no_scipy: bool) -> None:
    """The Python side, in its own process so that its peak RSS is its own: the
    interpreter, numpy and numba (with the kernels loaded) first, then the data.
    ``no_scipy``: as with any of grundy's installs, none of which brings scipy
    (only the test environment has it); where scipy is installed, numba imports
    it when it starts (a version check), about 13 MB that no kernel here uses."""
    if no_scipy:
        sys.modules["scipy"] = None  # type: ignore[assignment]  # import scipy fails
    from grundy.kernels.retrograde import counters, game_csr, retrograde
    from grundy.solve.graph import GameGraph

    # load the compiled kernels (numba caches them on disk) on a tiny graph
    tiny = np.array([0, 1, 2], np.int32)
    p0, q0, d0 = game_csr(tiny, tiny[::-1].copy(), 3)
    retrograde(p0, q0, counters(d0, copy=False), overwrite_outdeg=True)
    GameGraph.from_arrays(tiny, tiny[::-1].copy()).loopy
    runtime_rss = peak_rss_kb()
    if path == WARM:
        n, src, dst = 3, tiny, tiny[::-1].copy()
    else:
        with open(path, "rb") as f:
            n, e = (int(x) for x in np.fromfile(f, np.int64, 2))
            src = np.fromfile(f, np.int32, e)
            dst = np.fromfile(f, np.int32, e)
    best_b = best_s = best_all = 1e9
    out = rem = None
    for _ in range(reps):
        del out, rem  # free the last rep's results first: one set of arrays at a time
        t0 = time.perf_counter()
        pstart, pred, deg = game_csr(src, dst, n)
        cnt = counters(deg, copy=False)
        del deg
        t1 = time.perf_counter()
        out, rem = retrograde(pstart, pred, cnt, overwrite_outdeg=True)
        t2 = time.perf_counter()
        best_b, best_s = min(best_b, t1 - t0), min(best_s, t2 - t1)
        del pstart, pred, cnt
    stats = dict(win=int((out == 1).sum()), loss=int((out == 2).sum()),
                 draw=int((out == 0).sum()), remsum=int(rem[rem > 0].sum(dtype=np.int64)))
    del rem
    for _ in range(reps):  # the public API end to end: arrays in, analysis out
        t0 = time.perf_counter()
        g = GameGraph.from_arrays(src, dst, n)
        a = g.loopy
        best_all = min(best_all, time.perf_counter() - t0)
        assert (a.outcome_codes == out).all()
        del g, a
    if path == WARM:
        return
    print(json.dumps(dict(build=best_b, solve=best_s, api=best_all, rss_kb=peak_rss_kb(),
                          runtime_rss_kb=runtime_rss, **stats)))


WARM = "warm-up"


def warm_up() -> None:
    """Compile the kernels once (numba caches them on disk), so that no measured
    process pays for (or holds the memory of) a compilation."""
    subprocess.run([sys.executable, __file__, "--child", WARM, "--reps", "1"], check=True)


def compare(label: str, path: Path, exe: Path, reps: int, no_scipy_too: bool = False) -> None:
    def cpp() -> dict[str, str]:
        line = subprocess.run([str(exe), str(path), str(reps)], check=True, capture_output=True,
                              text=True).stdout
        return dict(kv.split("=") for kv in line.split())

    def run(*extra: str) -> dict[str, Any]:
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(path), "--reps", str(reps), *extra],
            check=True, capture_output=True, text=True, env=dict(os.environ)).stdout
        return dict(json.loads(out))

    # the machine is shared and noisy: C++ and Python alternate, best of each
    c1 = cpp()
    py = run()
    c2 = cpp()
    c = c1
    cb = min(float(c1["build"]), float(c2["build"]))
    cs = min(float(c1["solve"]), float(c2["solve"]))
    crss = max(int(c1["rss_kb"]), int(c2["rss_kb"]))
    variants = [("", py)]
    if no_scipy_too:
        variants.append((" (grundy's installs: no scipy)", run("--no-scipy")))
    for _, r in variants[1:]:
        for k in ("build", "solve", "api"):
            py[k] = min(py[k], r[k])
    for k in ("win", "loss", "draw", "remsum"):
        assert int(c[k]) == py[k], (k, c[k], py[k])
    print(f"{label}: win {py['win']:,} loss {py['loss']:,} draw {py['draw']:,} (both agree, "
          "remoteness too)")
    print(f"  analysis       C++ {cs:.3f} s  numba {py['solve']:.3f} s  ratio {py['solve'] / cs:.2f}  (target <= 1.5)")
    print(f"  build+analysis C++ {cb + cs:.3f} s  numba {py['build'] + py['solve']:.3f} s  "
          f"ratio {(py['build'] + py['solve']) / (cb + cs):.2f}  (target <= 3)")
    print(f"  GameGraph.from_arrays(...).loopy end to end {py['api']:.3f} s  "
          f"ratio {py['api'] / (cb + cs):.2f}")
    for what, r in variants:
        rt = r["runtime_rss_kb"]
        own = r["rss_kb"] - rt
        print(f"  peak RSS{what}: C++ {crss / 1024:.0f} MB  python {r['rss_kb'] / 1024:.0f} MB  "
              f"ratio {r['rss_kb'] / crss:.2f}  (target <= 3)\n"
              f"    of which the interpreter, numpy and numba with the kernels loaded "
              f"{rt / 1024:.0f} MB before any data; the data {own / 1024:.0f} MB, "
              f"{own / crss:.2f}x the whole C++ program")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--reps", type=int, default=5, help="best of REPS on each side")
    ap.add_argument("--child")
    ap.add_argument("--no-scipy", action="store_true")
    args = ap.parse_args()
    if args.child:
        child(args.child, args.reps, args.no_scipy)
        return
    exe = build("retrograde")
    warm_up()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "edges.bin"
        n, src, dst = random_graph(args.n)
        write(path, n, src, dst)
        compare(f"random digraph V={n:,} E={len(src):,}", path, exe, args.reps, True)
        yard = HERE.parent.parent / "shared" / "bench"
        if (yard / "retro.cpp").exists() and args.n == 1_000_000:
            rexe = Path(tmp) / "retro"
            subprocess.run(["g++", "-O2", "-o", str(rexe), str(yard / "retro.cpp")], check=True)
            subprocess.run([sys.executable, str(yard / "dumpgraph.py"), str(n)], cwd=tmp, check=True)
            ours = t = 1e9
            for _ in range(3):  # alternate the two programs, best of each
                line = subprocess.run([str(exe), str(path), str(args.reps)], check=True,
                                      capture_output=True, text=True).stdout
                ours = min(ours, float(dict(kv.split("=") for kv in line.split())["solve"]))
                theirs = subprocess.run([str(rexe)], cwd=tmp, check=True, capture_output=True,
                                        text=True).stdout.strip()
                t = min(t, float(theirs.split("best ")[1].split()[0]))
            print(f"  C++ yardsticks, analysis (alternated, best of 3 runs each): our port "
                  f"(with remoteness) {ours:.3f} s; shared retro.cpp (win/lose/draw only) "
                  f"{t:.3f} s: ours/theirs {ours / t:.2f}\n    (last retro.cpp line: {theirs})")
        states, src, dst, terminal = p9169_graph()
        # the fixed results become edges-free sinks for both sides' plain counter
        # algorithm: keep only the edges of states that play on
        keep = terminal[src] == 0
        write(path, states, src[keep], dst[keep])
        compare(f"P9169 10x10 state graph V={states:,} E={int(keep.sum()):,} (fixed results dropped)",
                path, exe, args.reps)


if __name__ == "__main__":
    main()
