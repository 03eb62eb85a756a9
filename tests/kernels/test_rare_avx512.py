"""The rare-value kernel's scan with the needed values in a 1,024-bit map looked up
32 splits at a time (AVX-512 BW), against the mex of the raw rules (the numpy brute
force of tests/oracles.py) and against the scan by tags that machines without AVX-512
use, for random finite octal codes and Grundy's game."""

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from tests.oracles import octal_moves, split_game_table
from grundy.kernels._lazy import jit_module
from grundy.kernels._simd import AVX512BW
from grundy.kernels.rare import S_VEC, RareWork, naive_table, rare_table

needs_avx512 = pytest.mark.skipif(not AVX512BW, reason="numba's target has no AVX-512 BW")

#: a numba target without AVX-512 (an AVX2 machine)
AVX2_ENV = {
    "NUMBA_CPU_NAME": "haswell",
    "NUMBA_CPU_FEATURES": "+64bit,+avx,+avx2,+bmi,+bmi2,+cmov,+cx16,+f16c,+fma,+fxsr,+lzcnt,+mmx,"
                          "+movbe,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+xsave,-avx512f,"
                          "-avx512bw,-avx512vl,-avx512dq,-avx512cd,-avx512vbmi,-avx512ifma",
}


def random_code(rng):
    """Digits of a random finite octal code with a split."""
    digits = [rng.choice([0, 4])] + [rng.randrange(8) for _ in range(rng.randrange(1, 4))]
    digits[-1] = digits[-1] or rng.randrange(4, 8)
    if not any(d & 4 for d in digits):
        digits[rng.randrange(len(digits))] |= 4
    return digits


def kernel_table(n, moves, unequal=False, seed=64):
    g = np.zeros(n + 1, dtype=np.uint16)
    naive_table(g, 0, seed - 1, **moves, unequal=unequal)
    work = RareWork()
    rare_table(g, seed, n, **moves, unequal=unequal, state=work)
    return g, work


def blocks_reference(g, r, a, hi, values):
    """Whole blocks of 32 splits from a up to hi take their XORs out of values
    (a set), stopping after the block that empties it: (where it stopped, empty)."""
    while a + 31 <= hi:
        b = np.arange(a, a + 32)
        values -= set((g[b] ^ g[r - b]).tolist())
        a += 32
        if not values:
            return a, 1
    return a, 0


@needs_avx512
def test_scan32_takes_the_xors_of_whole_blocks_out_of_the_map():
    import numba

    from grundy.kernels._simd import scan32

    scan = numba.njit(lambda g, r, a, hi, bm: scan32(g, r, a, hi, bm))
    rng = np.random.default_rng(5)
    emptied = 0
    for trial in range(300):
        g = rng.integers(0, 1 << int(rng.integers(3, 13)), 3000).astype(np.uint16)
        r = int(rng.integers(2, 3000))
        a = int(rng.integers(0, max(1, r // 2)))
        hi = int(rng.integers(a, max(a + 1, r // 2 + 1)))
        values = set(int(v) for v in rng.choice(1024, int(rng.integers(1, 300)), replace=False))
        if trial % 2:  # XORs of a few splits in range: the map often empties
            b = rng.integers(a, hi + 1, int(rng.integers(1, 20)))
            values = set(int(v) for v in g[b] ^ g[r - b] if v < 1024) or {0}
        bm = np.zeros(64, dtype=np.uint16)
        for v in values:
            bm[v >> 4] |= 1 << (v & 15)
        want = blocks_reference(g, r, a, hi, values)
        assert tuple(scan(g, r, a, hi, bm)) == want, trial
        assert [v for v in range(1024) if bm[v >> 4] >> (v & 15) & 1] == sorted(values), trial
        emptied += want[1]
    assert emptied > 50


def test_the_map_scan_leaves_what_the_tag_scan_and_the_definition_leave():
    # values up to 4095, so that many XORs fall outside the map of values < 1024
    jit = jit_module("_rare_jit")
    rng = np.random.default_rng(7)
    for trial in range(40):
        n = int(rng.integers(100, 20000))
        g = rng.integers(0, 1 << int(rng.integers(5, 13)), n + 1).astype(np.uint16)
        splits = np.array(sorted(rng.choice(4, int(rng.integers(1, 3)), replace=False)), dtype=np.int64)
        unequal = bool(rng.integers(2))
        probes = np.zeros((jit.K, 1 << 17), dtype=np.int64)
        pcount = np.zeros(jit.K, dtype=np.int64)
        occ = np.zeros(1 << 17, dtype=np.int64)
        for i in range(1, n):
            v = g[i]
            if occ[v] < jit.K:
                probes[occ[v], pcount[occ[v]]] = i
                pcount[occ[v]] += 1
                occ[v] += 1
        reached = set()
        for k in splits:
            r = n - int(k)
            half = (r - 1) // 2 if unequal else r // 2
            a = np.arange(jit.F + 1, half + 1)
            reached |= set((g[a] ^ g[r - a]).tolist())
        values = sorted(set(int(v) for v in rng.choice(1024, int(rng.integers(1, 150)), replace=False)))
        want = [v for v in values if v not in reached]
        need0 = np.zeros(1 << 17, dtype=np.int32)
        need0[:len(values)] = values
        need = need0.copy()
        left, _ = jit.scan_map(g, n, splits, unequal, need, len(values), probes, pcount,
                               np.zeros(64, dtype=np.uint16), n + 1)
        assert need[:left].tolist() == want, trial
        need = need0.copy()
        left, _ = jit.scan(g, n, splits, unequal, np.zeros(1 << 17, dtype=np.uint32),
                           np.uint32(trial + 1), need, len(values), probes, pcount,
                           np.zeros(16, dtype=np.uint16), n + 1)
        assert need[:left].tolist() == want, trial
        # bounded by s (the threaded kernel's early moves): only the splits with
        # both parts below s
        s = int(rng.integers(n // 2, n + 1))
        early = set()
        for k in splits:
            r = n - int(k)
            half = (r - 1) // 2 if unequal else r // 2
            a = np.arange(max(jit.F, r - s) + 1, half + 1)
            early |= set((g[a] ^ g[r - a]).tolist())
        want_s = [v for v in values if v not in early]
        for scan_map in (True, False):
            need = need0.copy()
            if scan_map:
                left, _ = jit.scan_map(g, n, splits, unequal, need, len(values), probes, pcount,
                                       np.zeros(64, dtype=np.uint16), s)
            else:
                left, _ = jit.scan(g, n, splits, unequal, np.zeros(1 << 17, dtype=np.uint32),
                                   np.uint32(trial + 1), need, len(values), probes, pcount,
                                   np.zeros(16, dtype=np.uint16), s)
            assert need[:left].tolist() == want_s, (trial, s, scan_map)


@needs_avx512
def test_random_codes_match_the_definition_through_the_map_scan():
    rng = random.Random(11)
    taken = 0
    for _ in range(12):
        digits = random_code(rng)
        moves = octal_moves(digits)
        g, work = kernel_table(4000, moves)
        assert (g == split_game_table(4000, **moves)).all(), digits
        taken += work.state[S_VEC] > 0  # some codes settle every heap before the scan
    assert taken >= 6


@needs_avx512
def test_grundys_game_matches_the_definition_through_the_map_scan():
    g, work = kernel_table(12000, {"splits": [0]}, unequal=True)
    assert (g == split_game_table(12000, splits=[0], unequal=True)).all()
    assert work.state[S_VEC] > 1000


@needs_avx512
def test_officers_takes_the_map_scan_for_almost_every_scanned_heap():
    g, work = kernel_table(20000, {"splits": [1], "takes": [1]})
    assert (g == split_game_table(20000, splits=[1], takes=[1])).all()
    assert work.state[S_VEC] > 15000


def test_the_target_without_avx512_has_no_map_scan():
    code = "from grundy.kernels._simd import AVX512BW; print(AVX512BW)"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, **AVX2_ENV},
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.strip() == "False"


@needs_avx512
@pytest.mark.slow
def test_the_tag_scan_of_an_avx2_target_gives_the_same_tables():
    # another process compiled for an AVX2 target, with the same disk cache: the
    # kernels cached for AVX-512 are not loaded there (no map scan is counted)
    rng = random.Random(3)
    cases = [(random_code(rng), False) for _ in range(4)] + [([4], True), ([0, 6], False),
                                                             ([0, 3, 7, 6], False)]
    code = """
import json, sys
import numpy as np
from grundy.kernels.rare import S_VEC, RareWork, naive_table, rare_table
out = []
for moves, unequal in json.loads(sys.argv[1]):
    g = np.zeros(30001, dtype=np.uint16)
    naive_table(g, 0, 63, **moves, unequal=unequal)
    work = RareWork()
    rare_table(g, 64, 30000, **moves, unequal=unequal, state=work)
    out.append([g.tolist(), int(work.state[S_VEC])])
from grundy.kernels._rare_jit import linear_map
rng = np.random.default_rng(2)
g = rng.integers(0, 2048, 5000).astype(np.uint16)
bm = np.zeros(64, dtype=np.uint16)
for v in rng.choice(1024, 300, replace=False):
    bm[v >> 4] |= 1 << (v & 15)
left, _ = linear_map(g, 4999, 40, 2400, bm, 300)   # every split is tested one by one
out.append([bm.tolist(), int(left)])
print(json.dumps(out))
"""
    args = json.dumps([(octal_moves(d), u) for d, u in cases])
    p = subprocess.run([sys.executable, "-c", code, args], env={**os.environ, **AVX2_ENV},
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-2000:]
    *tables, (bm_avx2, left_avx2) = json.loads(p.stdout)
    rng = np.random.default_rng(2)
    g = rng.integers(0, 2048, 5000).astype(np.uint16)
    values = set(int(v) for v in rng.choice(1024, 300, replace=False))
    a = np.arange(40, 2401)
    values -= set((g[a] ^ g[4999 - a]).tolist())
    assert left_avx2 == len(values)
    assert [v for v in range(1024) if bm_avx2[v >> 4] >> (v & 15) & 1] == sorted(values)
    taken = 0
    for (digits, unequal), (table, vec) in zip(cases, tables):
        assert vec == 0, digits
        g, work = kernel_table(30000, octal_moves(digits), unequal)
        assert g.tolist() == table, digits
        taken += work.state[S_VEC] > 0
    assert taken >= 3
