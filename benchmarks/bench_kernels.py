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


def build() -> Path:
    out = HERE / "_build" / "octal_naive"
    out.parent.mkdir(exist_ok=True)
    src = HERE / "cpp" / "octal_naive.cpp"
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


if __name__ == "__main__":
    main()
