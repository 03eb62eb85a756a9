"""Benchmark: grundy's octal tables against C++ -O2, in ONE interleaved run.

Yardsticks: the shared independent programs in ``../shared/bench`` beside the
repository (``octal_rare.cpp``, ``grundy_blk.cpp``, ``dk.cpp``; skipped with a
message if absent) and the project's own C++ port of the same algorithm
(``benchmarks/cpp/rare_split.cpp``). grundy is timed through the public API
(``grundy.games.get(spec).table(n)`` on a fresh game), numba compile excluded
(a warm-up call first; numba caches on disk). Every program's checksum of the
table is compared. Targets: <= 1.5x the yardstick (the naive kernel <= 1.2x).

Run:  python benchmarks/bench_kernels.py [--quick] [--only officers,0.354,...] [--repeat 2]
                                         [--no-avx512] [--threads N]

``--no-avx512`` measures a machine without AVX-512 on one that has it: the C++
programs are built with ``-march=x86-64-v3`` (AVX2) and numba is given the
same target (``NUMBA_CPU_NAME=haswell`` and ``NUMBA_CPU_FEATURES`` without the
``avx512`` features; its own cache directory). The first output line names the
CPU and the vector target of both sides.

Figures (CPU seconds, best of 2 interleaved rounds of one run; 2026-11-25, the
idle machine: load average 0.5-1.0, wall within 1% of CPU):

AMD EPYC (Zen 4: znver4, AVX-512 f/bw/vl/vbmi...), 2 cores, numba 0.68.1, g++ -O2:

==================  =========  ==========  =======  ======  =====
target              work       octal_rare  own C++  grundy  ratio
==================  =========  ==========  =======  ======  =====
AVX-512 (native)    officers   7.55        12.92    7.97    1.05
AVX-512 (native)    0.376      3.56        5.67     3.80    1.07
AVX2 (--no-avx512)  officers   15.80       13.49    11.26   0.71
AVX2 (--no-avx512)  0.376      7.02        5.61     5.00    0.71
==================  =========  ==========  =======  ======  =====

(Officers to 2^22, 0.376 to 4.6 million.) With AVX-512 BW the numba kernel
scans as the yardstick does: the needed values (when all are below 1,024) are a
1,024-bit map in two zmm registers, looked up 32 splits at a time with
``vpermi2w`` (``grundy.kernels._simd.scan32``, a numba intrinsic, since LLVM
does not generate it from scalar code). Before it the same machine gave 1.56
and 1.36 with AVX-512 (and 1.94 and 2.51 before the scan was vectorised);
without AVX-512 BW the kernel keeps the compare scan. Officers runs at 0.53 M
values/s per core here, the yardstick at 0.56 M/s: the 0.6 M/s target is not
reached on this machine by either.

``--threads N``: ``rare_table(..., threads=N)`` against one thread, to 2^22,
best of 3, the idle machine (2026-11-25, load average 0.6):

========  ================  =================  ========  ==================
work      1 thread wall     2 threads wall     speed-up  M values/s/core
          (CPU) s           (CPU) s                      (1 / 2 threads)
========  ================  =================  ========  ==================
officers  8.25 (8.25)       4.71 (9.37)        1.75      0.51 / 0.45
0.376     3.45 (3.45)       2.72 (5.41)        1.27      1.22 / 0.77
grundy    6.94 (6.94)       4.11 (8.18)        1.69      0.60 / 0.51
========  ================  =================  ========  ==================

The threads are pipelined by heaps (``grundy.kernels._rare_pipe_jit``, see
docs/octal.md, "Every core"). 0.376 gains least: its takes of 1-3 tokens are
always late moves, and in stretches of its table a third of the heaps need a
scan when they are committed. The block design before it ran at 0.82x
(Officers) and 0.47x (0.376). One thread stays the default.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import time
import sys
from typing import Any
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
#: a numba target without AVX-512 (AVX2, as on Zen 2/3 and Haswell..Skylake client)
NO_AVX512 = {
    "NUMBA_CPU_NAME": "haswell",
    "NUMBA_CPU_FEATURES": "+64bit,+avx,+avx2,+bmi,+bmi2,+cmov,+cx16,+f16c,+fma,+fxsr,+lzcnt,+mmx,"
                          "+movbe,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+xsave,-avx512f,"
                          "-avx512bw,-avx512vl,-avx512dq,-avx512cd,-avx512vbmi,-avx512ifma",
    "NUMBA_CACHE_DIR": str(HERE / "_build" / "numba_avx2"),
}
if "--no-avx512" in sys.argv and os.environ.get("NUMBA_CPU_NAME") != "haswell":
    # numba reads its target when first imported: start again with it set
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, **NO_AVX512})

import grundy.games  # noqa: E402
from grundy.games import registry  # noqa: E402

SHARED = HERE.parent.parent / "shared" / "bench"  # ../shared/bench beside the repository


def build(src: Path, name: str, march: str = "native") -> Path | None:
    if not src.exists():
        return None
    out = HERE / "_build" / (name if march == "native" else f"{name}-{march}")
    out.parent.mkdir(exist_ok=True)
    if not out.exists() or out.stat().st_mtime < src.stat().st_mtime:
        gxx = shutil.which("g++") or shutil.which("c++")
        if gxx is None:
            raise SystemExit("no C++ compiler found (g++)")
        subprocess.run([gxx, "-O2", f"-march={march}", "-std=c++17", "-o", str(out), str(src)], check=True)
    return out


def cpu_line(march: str) -> str:
    """The CPU, whether it has AVX-512, and the vector targets of both sides."""
    model, flags = platform.processor() or "?", set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
            elif line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
    except OSError:
        pass
    import llvmlite.binding as llvm
    import numba

    avx512 = sorted(f for f in flags if f.startswith("avx512"))
    target = numba.config.CPU_NAME or llvm.get_host_cpu_name()
    features = numba.config.CPU_FEATURES or llvm.get_host_cpu_features().flatten()
    vec = "avx512" if "+avx512bw" in features else "avx2" if "+avx2" in features else "sse"
    return (f"CPU: {model}, {os.cpu_count()} cores, AVX-512: {'/'.join(a[6:].lstrip('_') for a in avx512) or 'no'}; "
            f"numba {numba.__version__} target {target} ({vec}); g++ -O2 -march={march}")


def run(cmd: list[str]) -> tuple[str, float]:
    """Output and CPU seconds (user + system) of a child program: on a shared
    machine CPU time is far less noisy than wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def seconds_after(text: str, word: str) -> float:
    toks = text.split()
    return float(toks[toks.index(word) + 1])


def _least(a: float | None, b: float) -> float:
    return b if a is None else min(a, b)


def timed_api(spec: str, n: int) -> tuple[float, float, int]:
    registry._CACHE.clear()  # a fresh ruleset: its table starts empty
    game = grundy.games.get(spec)
    t, c = time.perf_counter(), time.process_time()
    values = game.table(n)
    return time.perf_counter() - t, time.process_time() - c, sum(values)


def start_hogs(count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` CPU-bound processes (busy loops) beside the benchmark."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def stop_hogs(hogs: list[subprocess.Popen[bytes]]) -> None:
    for h in hogs:
        h.kill()
        h.wait()


def threaded(nthreads: int, repeat: int, q: int, hogs: int = 0, lead: float = 0.0,
             forced: bool = False) -> None:
    """Officers, 0.376 and Grundy's game to 2^22 by ``rare_table`` on one thread and on
    ``nthreads`` (wall seconds, best of ``repeat`` interleaved rounds; the
    tables compared), the speed-up and the values a second per core.

    ``hogs``: that many busy loops run beside it, started ``lead`` seconds
    before (a lead of 60 s lets the load average see them, so ``rare_table``
    asks for fewer threads; a lead of 0 leaves it to the kernel's back-off).
    ``forced``: the load-average check is skipped (the kernel's back-off alone)."""
    from grundy.games.octal import parse_code
    from grundy.kernels import rare
    from grundy.kernels.rare import naive_table, rare_table

    if forced:
        rare._idle_cores = lambda cores: cores  # type: ignore[assignment]
    running = start_hogs(hogs)
    try:
        time.sleep(lead)
        _threaded(nthreads, repeat, q, naive_table, rare_table, parse_code, hogs, forced)
    finally:
        stop_hogs(running)


def _threaded(nthreads: int, repeat: int, q: int, naive_table: Any, rare_table: Any, parse_code: Any,
              hogs: int, forced: bool) -> None:
    n = (1 << 22) // q
    print(f"rare_table to {n:,}: wall seconds (CPU seconds), best of {repeat}; "
          f"load average {os.getloadavg()[0]:.2f}; {hogs} busy loops beside"
          + ("; load check skipped (back-off alone)" if forced else ""))
    print(f"{'work':<9}{'1 thread':>16}{f'{nthreads} threads':>16}{'speed-up':>10}"
          f"{'M values/s/core':>18}")
    for name, code in (("officers", "0.6"), ("0.376", "0.376"), ("grundy", None)):
        if code is None:  # Grundy's game: split a heap into two unequal heaps
            moves: dict[str, Any] = {"splits": [0], "unequal": True}
        else:
            digits, _ = parse_code(code)
            moves = {"splits": [k for k, d in enumerate(digits) if d & 4],
                     "takes": [k for k, d in enumerate(digits) if k and d & 2],
                     "wholes": [k for k, d in enumerate(digits) if k and d & 1]}
        best: dict[int, tuple[float, float]] = {}
        tables = {}
        for _ in range(repeat):
            for th in (1, nthreads):
                g = np.zeros(n + 1, dtype=np.uint16)
                naive_table(g, 0, 2047, **moves)
                rare_table(g, 2048, 5000, **moves, threads=th)  # compile or load the cache
                g[2048:] = 0
                t, c = time.perf_counter(), time.process_time()
                rare_table(g, 2048, n, **moves, threads=th)
                w, c = time.perf_counter() - t, time.process_time() - c
                if th not in best or w < best[th][0]:
                    best[th] = (w, c)
                tables[th] = int(g.astype(np.int64).sum())
        assert tables[1] == tables[nthreads], f"{name}: the tables disagree"
        (w1, c1), (wn, cn) = best[1], best[nthreads]
        print(f"{name:<9}{f'{w1:.2f} ({c1:.2f})':>16}{f'{wn:.2f} ({cn:.2f})':>16}{w1 / wn:>10.2f}"
              f"{f'{n / w1 / 1e6:.2f} / {n / wn / nthreads / 1e6:.2f}':>18}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller sizes (a smoke test)")
    ap.add_argument("--only", default="", help="comma-separated subset of the works")
    ap.add_argument("--repeat", type=int, default=2, help="best of REPEAT interleaved rounds")
    ap.add_argument("--no-avx512", action="store_true",
                    help="both sides without AVX-512 (C++ -march=x86-64-v3, numba haswell/AVX2)")
    ap.add_argument("--threads", type=int, default=0,
                    help="only the threaded kernel: Officers and 0.376 to 2^22 on 1 and N threads")
    ap.add_argument("--hogs", type=int, default=0,
                    help="with --threads: that many busy loops beside the run (a busy machine)")
    ap.add_argument("--lead", type=float, default=0.0,
                    help="with --hogs: seconds the busy loops run before the measurement")
    ap.add_argument("--forced", action="store_true",
                    help="with --threads: skip the load-average check (the kernel's back-off alone)")
    ap.add_argument("--to", type=int, default=0, help="with --threads: the table's last heap (default 2^22)")
    args = ap.parse_args()
    if args.threads:
        print(cpu_line("native"))
        q = max(1, (1 << 22) // args.to) if args.to else (8 if args.quick else 1)
        threaded(args.threads, args.repeat, q, args.hogs, args.lead, args.forced)
        return
    march = "x86-64-v3" if args.no_avx512 else "native"
    print(cpu_line(march))
    q = 8 if args.quick else 1
    works = [  # (name, spec, n, octal_rare code or None)
        ("officers", "octal:0.6", (1 << 22) // q, "0.6"),
        ("0.376", "octal:0.376", 4_600_000 // q, "0.376"),
        ("0.354", "octal:0.354", 21_000_000 // q, "0.354"),
        ("grundy", "grundys-game", (1 << 22) // q, None),
    ]
    if args.only:
        keep = set(args.only.split(","))
        works = [w for w in works if w[0] in keep]
    own = build(HERE / "cpp" / "rare_split.cpp", "rare_split", march)
    assert own is not None
    yard = build(SHARED / "octal_rare.cpp", "octal_rare", march)
    blk = build(SHARED / "grundy_blk.cpp", "grundy_blk", march)
    dk = build(SHARED / "dk.cpp", "dk", march)
    if yard is None:
        print(f"no shared yardsticks at {SHARED}: comparing with the project's own C++ port only")

    t = time.perf_counter()
    for spec in ("octal:0.6", "grundys-game"):  # compile, or load numba's cache
        grundy.games.get(spec).table(5000)
    print(f"numba compile / cache load: {time.perf_counter() - t:.2f} s (excluded)\n")

    print("CPU seconds (wall seconds in brackets); ratio = grundy / yardstick CPU; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'work':<9}{'n':>12}{'yardstick':>17}{'own C++':>17}{'grundy':>17}{'ratio':>7}{'vs own':>8}")
    for name, spec, n, code in works:
        # interleaved: yardstick, own port, grundy, one after the other; the best
        # of --repeat rounds on each side (this shared machine varies by 10-40%)
        y = yw = o = ow = g = gw = None
        for _ in range(args.repeat):
            if code is not None and yard is not None:
                out, y1 = run([str(yard), code, str(n), "-q"])
                yw1, ysum = seconds_after(out, "time"), int(out.split("sum")[1].split()[0])
                y, yw = _least(y, y1), _least(yw, yw1)
            elif code is None and blk is not None:
                out, y1 = run([str(blk), str(n), "1"])
                yw1, ysum = seconds_after(out, "time"), int(out.split("sum")[1].split()[0])
                y, yw = _least(y, y1), _least(yw, yw1)
            out, o1 = run([str(own), code or "grundy", str(n)])
            o, ow = _least(o, o1), _least(ow, float(out.split()[0]))
            osum = int(out.split()[1])
            gw1, g1, gsum = timed_api(spec, n)
            g, gw = _least(g, g1), _least(gw, gw1)
            assert gsum == osum and (y is None or ysum == gsum), f"{name}: the tables disagree"
        assert o is not None and ow is not None and g is not None and gw is not None
        ratio = f"{g / y:.2f}" if y else "-"
        ys = f"{y:.2f} ({yw:.2f})" if y is not None and yw is not None else "-"
        print(f"{name:<9}{n:>12,}{ys:>17}{f'{o:.2f} ({ow:.2f})':>17}{f'{g:.2f} ({gw:.2f})':>17}"
              f"{ratio:>7}{g / o:>8.2f}", flush=True)

    # the naive kernel (Dawson's Kayles, O(n^2)) against dk.cpp, best of 3
    from grundy.kernels.rare import naive_table

    n = 20_000 // (2 if args.quick else 1)
    moves = {"splits": [2], "takes": [2], "wholes": [2]}
    g16 = np.zeros(n + 1, dtype=np.uint16)
    naive_table(g16, 0, 100, **moves)
    best = []
    dks = []
    for _ in range(3):
        if dk is not None:
            dks.append(seconds_after(run([str(dk), str(n), "0", "1"])[0], "best"))
        t = time.perf_counter()
        naive_table(g16, 0, n, **moves)
        best.append(time.perf_counter() - t)
    own_naive = float(run([str(own), "0.07", str(n), "--naive"])[0].split()[0])
    d = min(dks) if dks else None
    print(f"\nnaive 0.07 to {n:,}: dk.cpp {d if d is None else round(d, 4)} s, own C++ {own_naive:.4f} s, "
          f"grundy {min(best):.4f} s, ratio {min(best) / d:.2f}" if d else
          f"\nnaive 0.07 to {n:,}: own C++ {own_naive:.4f} s, grundy {min(best):.4f} s")
    print("targets: <= 1.5x the yardsticks, naive <= 1.2x dk.cpp")


if __name__ == "__main__":
    main()
