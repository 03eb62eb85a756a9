"""Benchmark: the numba octal kernel against a C++ -O2 build of the same algorithm
(benchmarks/cpp/octal_naive.cpp, compiled here with g++), on Dawson's Kayles
(0.07) to N = 20,000 by default. Target: numba within 1.5x of C++.

The kernel's compile time is reported separately; numba caches it on disk, so
a second run of this script shows a near-zero compile time.

Run:  python benchmarks/bench_kernels.py [--n 20000] [--code 0.07] [--repeat 5]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import time
from pathlib import Path

from grundy.games.octal import parse_code
from grundy.kernels.octal import octal_table

HERE = Path(__file__).resolve().parent


def build(name: str = "octal_naive") -> Path:
    out = HERE / "_build" / name
    out.parent.mkdir(exist_ok=True)
    src = HERE / "cpp" / f"{name}.cpp"
    if not out.exists() or out.stat().st_mtime < src.stat().st_mtime:
        gxx = shutil.which("g++") or shutil.which("c++")
        if gxx is None:
            raise SystemExit("no C++ compiler found (g++)")
        subprocess.run([gxx, "-O2", "-std=c++17", "-o", str(out), str(src)], check=True)
    return out


def checksum(values) -> int:
    s = 0
    for v in values:
        s = (s * 31 + int(v)) % (1 << 64)
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--code", default="0.07")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--grundy-n", type=int, default=1 << 20, help="Grundy's game size (0 skips)")
    args = ap.parse_args()
    digits, repeat = parse_code(args.code)
    if repeat:
        raise SystemExit("the C++ reference takes finite codes")
    exe = build()

    t = time.perf_counter()
    octal_table(digits, 10)  # compile (or load from numba's cache)
    compile_s = time.perf_counter() - t

    cpp_times, nb_times = [], []
    for _ in range(args.repeat):
        out = subprocess.run([str(exe), str(args.n), *map(str, digits)],
                             capture_output=True, text=True, check=True).stdout.split()
        cpp_times.append(float(out[0]))
        cpp_sum = int(out[1])
        t = time.perf_counter()
        values = octal_table(digits, args.n)
        nb_times.append(time.perf_counter() - t)
    assert checksum(values) == cpp_sum, "numba and C++ disagree"
    c, b = min(cpp_times), min(nb_times)
    print(f"{args.code} to N = {args.n:,} (naive method), best of {args.repeat}:")
    print(f"  C++ -O2: {c:.4f} s   numba: {b:.4f} s   ratio numba/C++: {b / c:.2f}  (target <= 1.5)")
    print(f"  numba compile (or cache load): {compile_s:.2f} s")
    if args.grundy_n:
        grundy_bench(args.grundy_n)


def grundy_bench(n: int) -> None:
    """Grundy's game by the rare-value method: numba vs the C++ port, same split."""
    from grundy.kernels.octal import _sparse_kernel, choose_mask, grundy_game_table

    import numpy as np

    exe = build("grundy_sparse")
    seed = 2048
    prefix = grundy_game_table(seed)
    mask, e, _ = choose_mask(prefix[seed // 2 :].tolist())
    kernel = _sparse_kernel()
    warm = np.zeros(seed + 11, dtype=np.int64)
    warm[: seed + 1] = prefix
    kernel(seed + 10, warm, seed + 1, mask, e)  # compile / load from cache
    out = np.zeros(n + 1, dtype=np.int64)
    out[: seed + 1] = prefix
    t = time.perf_counter()
    rare = kernel(n, out, seed + 1, mask, e)
    nb = time.perf_counter() - t
    res = subprocess.run([str(exe), str(n), str(mask), str(e)], input="\n".join(map(str, prefix.tolist())),
                         capture_output=True, text=True, check=True).stdout.split()
    cpp, cpp_sum, cpp_rare = float(res[0]), int(res[1]), int(res[2])
    assert checksum(out) == cpp_sum and cpp_rare == rare, "numba and C++ disagree"
    print(f"Grundy's game to N = {n:,}, rare-value method (mask {mask:#x}, e={e}): "
          f"{rare:,} rare positions, max value {int(out.max())}")
    print(f"  C++ -O2: {cpp:.3f} s   numba: {nb:.3f} s   ratio numba/C++: {nb / cpp:.2f}  (target <= 1.5)")
    if n <= 1 << 17:
        t = time.perf_counter()
        grundy_game_table(n)
        print(f"  naive method (numba) for comparison: {time.perf_counter() - t:.3f} s")


if __name__ == "__main__":
    main()
