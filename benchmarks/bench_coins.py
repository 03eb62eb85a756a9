"""Benchmark: grundy's linear-time coin and counting kernels against C++ -O2 ports of
the same algorithms (benchmarks/cpp/coins.cpp, compiled here with g++), on the same
inputs. Target: numba within 1.5x of C++.

- mock / ruler: the single-coin table of 10^6 coins and the XOR over a board's heads;
- haoi: HAOI2015's table for n = 10^9 by blocks of equal quotients (O(n^(3/4)));
- fwht: a Walsh-Hadamard transform modulo 998244353 of length 2^20;
- pairs: CF2070E's pair count (Fenwick tree) on 10^6 prefix sums.

Run:  python benchmarks/bench_coins.py [--n 1000000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from grundy.kernels.coins import board_xor, mock_turtles_values, multiples_values, ruler_values
from grundy.kernels.fwht import count_pairs_at_least, fwht

HERE = Path(__file__).resolve().parent
MOD = 998244353


def build() -> Path:
    out = HERE / "_build" / "coins"
    out.parent.mkdir(exist_ok=True)
    src = HERE / "cpp" / "coins.cpp"
    if not out.exists() or out.stat().st_mtime < src.stat().st_mtime:
        gxx = shutil.which("g++") or shutil.which("c++")
        if gxx is None:
            raise SystemExit("no C++ compiler found (g++)")
        subprocess.run([gxx, "-O2", "-std=c++17", "-o", str(out), str(src)], check=True)
    return out


def heads(n: int) -> np.ndarray[Any, Any]:
    i = np.arange(n, dtype=np.uint64)
    return ((i * np.uint64(2654435761) % np.uint64(1 << 32)) >> np.uint64(13) & np.uint64(1)).astype(np.uint8)


def cpp(exe: Path, mode: str, n: int) -> tuple[float, int]:
    out = subprocess.run([str(exe), mode, str(n)], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def best(f: Callable[[], int], repeat: int) -> tuple[float, int]:
    f()  # compile / load from numba's cache
    times, res = [], 0
    for _ in range(repeat):
        t = time.perf_counter()
        res = f()
        times.append(time.perf_counter() - t)
    return min(times), res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--haoi", type=int, default=10**9)
    ap.add_argument("--log", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    exe = build()
    n = args.n
    h = heads(n)

    def mock() -> int:
        return board_xor(h, mock_turtles_values(n)[1:])

    def ruler() -> int:
        return board_xor(h, ruler_values(n)[1:])

    def haoi() -> int:
        small, large = multiples_values(args.haoi)
        c = 0
        x = 1
        while x * x <= args.haoi:
            c = (c * 31 + int(small[x])) % (1 << 64)
            x += 1
        for v in large:
            c = (c * 31 + int(v)) % (1 << 64)
        return c

    size = 1 << args.log
    a = (np.arange(size, dtype=np.uint64) * np.uint64(2654435761) % np.uint64(1000003)).astype(np.int64)

    def transform() -> int:
        t = fwht(a, mod=MOD)
        c = 0
        for v in t[:1000].tolist():  # checksum on a prefix (the C++ sums all; compared below)
            c = (c * 31 + v) % MOD
        return c

    s = np.concatenate(([0], np.cumsum(np.where(h == 1, -3, 1)))).astype(np.int64)

    def pairs() -> int:
        return count_pairs_at_least(s, 2)

    print(f"{'kernel':<8}{'numba s':>10}{'C++ s':>10}{'ratio':>8}  check")
    for name, f, mode, arg in (
        ("mock", mock, "mock", n), ("ruler", ruler, "ruler", n), ("haoi", haoi, "haoi", args.haoi),
        ("fwht", transform, "fwht", args.log), ("pairs", pairs, "pairs", n),
    ):
        nb_t, nb_res = best(f, args.repeat)
        runs = [cpp(exe, mode, arg)]  # best of 5 inside the process
        c_t = min(r[0] for r in runs)
        c_res = runs[0][1]
        if name == "haoi":
            ok = (nb_res - c_res) % (1 << 64) == 0
        elif name == "fwht":
            full = fwht(a, mod=MOD).tolist()
            cc = 0
            for v in full:
                cc = (cc * 31 + v) % MOD
            ok = cc == c_res
        else:
            ok = nb_res == c_res
        print(f"{name:<8}{nb_t:>10.4f}{c_t:>10.4f}{nb_t / c_t:>8.2f}  {'same' if ok else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
