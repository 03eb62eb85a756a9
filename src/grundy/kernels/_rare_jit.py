"""The compiled parts of :mod:`grundy.kernels.rare` (imported lazily: numba is
heavy). Module-level functions, so numba's on-disk cache holds them."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

from grundy.kernels.rare import (S_AT, S_BITS, S_CHOSEN, S_E, S_F, S_FIXED, S_FULL, S_MASK, S_NEXT,
                                 S_RARE, S_SCANNED, S_STOP)

#: the first F splits of every digit are marked with the rare loop; the linear
#: scan's first phase stops at A0; K probe rounds; blocks of BLOCK splits
F, A0, K, BLOCK = 32, 8192, 8, 64

jit = numba.njit(cache=True, nogil=True)

@jit
def parity(x: int) -> int:
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1

@jit
def wht_best(cnt: Any, bits: int, allow_e: bool) -> Any:
    # cnt[h, v]: positions >= 1 of heap parity h with value v. Index
    # x = v | h << bits; for a mask M over bits + 1 bits (low part m, top bit
    # e), H[M] = sum_x cnt(x) (-1)^parity(x & M) and #rare(M) = (total + H[M])/2
    # (rare: parity(v & m) == e & heap). Returns (m, e, #rare) of the best.
    size = 1 << (bits + 1)
    half = 1 << bits
    h = np.zeros(size, dtype=np.int64)
    h[:half] = cnt[0, :half]
    h[half:] = cnt[1, :half]
    step = 1
    while step < size:
        for i in range(0, size, 2 * step):
            for j in range(i, i + step):
                x = h[j]
                y = h[j + step]
                h[j] = x + y
                h[j + step] = x - y
        step *= 2
    # with the heap's parity in (M >= half), the other class may be the rare
    # one: f = 1, rare when parity(v & m) == 1 ^ (e & heap) (the mixed splits
    # still give the typical parity 1 ^ (e & (n - t)), whatever f)
    best = 1
    best_f = 0
    best_count = h[0] + 1
    for m in range(1, size if allow_e else half):
        c = (h[0] + h[m]) // 2
        if c < best_count:
            best_count = c
            best = m
            best_f = 0
        if m >= half and h[0] - c < best_count:
            best_count = h[0] - c
            best = m
            best_f = 1
    return best & (half - 1), best >> bits, best_f, best_count

@jit
def set_tables(mask: int, bits: int, israre: Any, commons: Any, rares: Any,
               nc: Any, nr: Any) -> None:
    # at a heap whose splits have typical parity tau, a value v is common when
    # parity(v & mask) == tau; israre[tau, v], and both lists ascending
    for tau in range(2):
        nc[tau] = 0
        nr[tau] = 0
        for v in range(1 << (bits + 1)):
            if parity(v & mask) != tau:
                israre[tau, v] = 1
                rares[tau, nr[tau]] = v
                nr[tau] += 1
            else:
                israre[tau, v] = 0
                commons[tau, nc[tau]] = v
                nc[tau] += 1

@jit
def full(m: int, bits: int) -> int:
    # the finite mask m extended by ...111 above bit `bits`
    return (m | (0xFFFFFFFF ^ ((1 << bits) - 1))) & 0xFFFFFFFF

@jit
def scan(g: Any, n: int, splits: Any, unequal: bool, needtag: Any, stamp: Any,
         need: Any, nneed: int, probes: Any, pcount: Any) -> Any:
    # remove from need (ascending) every value reached by a split (a, r - a),
    # a > F; stop as soon as none is left. Blocks of BLOCK splits are tested
    # branch-free (one OR of "is this XOR still needed?"), and only a block with
    # a hit is looked at again. Returns (#left, #splits looked at).
    for i in range(nneed):
        needtag[need[i]] = stamp
    left = nneed
    cost = 0
    for phase in range(2):  # 0: a in F+1..A0, 1: probes, then a in A0+1..half
        if phase == 1:  # the first occurrences of every value
            for j in range(K):
                for si in range(splits.shape[0]):
                    r = n - splits[si]
                    half = (r - 1) // 2 if unequal else r // 2
                    for idx in range(pcount[j]):
                        a = probes[j, idx]
                        if a > A0 and a <= half:
                            v = g[a] ^ g[r - a]
                            if needtag[v] == stamp:
                                needtag[v] = 0
                                left -= 1
                    cost += pcount[j]
                if left == 0:
                    break
        for si in range(splits.shape[0]):
            if left == 0:
                break
            r = n - splits[si]
            half = (r - 1) // 2 if unequal else r // 2
            lo = F + 1 if phase == 0 else A0 + 1
            hi = min(half, A0) if phase == 0 else half
            a = lo
            while a <= hi:
                e = min(hi, a + BLOCK - 1)
                # views: g[a..e] and g[r-a..r-e] reversed (indices numba knows
                # are in range: no wraparound test per load, and LLVM vectorises)
                x = g[a:e + 1]
                y = g[r - e:r - a + 1][::-1]
                hit = False
                for j in range(e - a + 1):  # branch-free test of the block
                    hit |= needtag[x[j] ^ y[j]] == stamp
                if hit:
                    for j in range(e - a + 1):
                        v = x[j] ^ y[j]
                        if needtag[v] == stamp:
                            needtag[v] = 0
                            left -= 1
                cost += e - a + 1
                a = e + 1
                if left == 0:
                    break
        if left == 0:
            break
    w = 0
    for i in range(nneed):
        if needtag[need[i]] == stamp:
            need[w] = need[i]
            w += 1
    return w, cost


@jit
def grow(arr: Any, size: int) -> Any:
    bigger = np.zeros(size, dtype=arr.dtype)
    bigger[: arr.shape[0]] = arr
    return bigger

@jit
def add_rare(rk: Any, nrare: int, pos: int, value: int) -> Any:
    # append (pos, value) to the packed rare list, reallocated when full
    if nrare == rk.shape[0]:
        rk = grow(rk, 2 * nrare)
    rk[nrare] = (np.uint64(pos) << np.uint64(16)) | np.uint64(value)
    return rk

@jit
def rare_kernel(g: Any, start: int, n_end: int, splits: Any, takes: Any, wholes: Any,
                unequal: bool, state: Any, cnt: Any, probes: Any, pcount: Any, occ: Any,
                rk: Any) -> Any:
    # g[0..start-1] known; fills g[start..n_end]. state: see S_* (kept by caller).
    # The workspace (value counts, probes, the rare list) is kept by the caller
    # too: valid for g[0..start-1] when state[S_AT] == start, else rebuilt here
    # (O(start)). The rare list rk packs position << 16 | value in a uint64 (one
    # load per entry, unsigned indices: about 1.5x faster than two int64 arrays);
    # returns it, reallocated when it grows.
    V = 1 << 17
    ns = splits.shape[0]
    allow_e = ns == 1
    t = splits[0] if ns == 1 else 0
    resume = state[S_AT] == start and state[S_BITS] > 0
    if resume:
        bits = state[S_BITS]
    else:
        top = 0
        for i in range(start):
            if g[i] > top:
                top = g[i]
        bits = 1
        while top >> bits:
            bits += 1
        cnt[:, :] = 0
        for i in range(1, start):
            cnt[i & 1, g[i]] += 1
        pcount[:] = 0
        occ[:] = 0
        for i in range(1, start):
            v = g[i]
            if occ[v] < K:
                probes[occ[v], pcount[occ[v]]] = i
                pcount[occ[v]] += 1
                occ[v] += 1
    seen = np.zeros(V, dtype=np.uint32)
    israre = np.zeros((2, V), dtype=np.uint8)
    commons = np.zeros((2, V), dtype=np.int32)
    rares = np.zeros((2, V), dtype=np.int32)
    nc = np.zeros(2, dtype=np.int64)
    nrv = np.zeros(2, dtype=np.int64)
    need = np.zeros(V, dtype=np.int32)
    needtag = np.zeros(V, dtype=np.uint32)
    lim = np.zeros(max(ns, 1), dtype=np.int64)

    fixed = state[S_FIXED] != 0
    mask = state[S_MASK]
    e = state[S_E] if allow_e else 0
    f = state[S_F] if allow_e else 0
    if not fixed:
        if mask == 0 and e == 0 and f == 0:
            m, e, f, _ = wht_best(cnt, bits, allow_e)
            mask = full(m, bits)
            state[S_CHOSEN] += 1
        else:
            mask = full(mask & ((1 << bits) - 1), bits)
    set_tables(mask, bits, israre, commons, rares, nc, nrv)
    if resume:
        nrare = state[S_RARE]
    else:
        nrare = 0
        for i in range(1, start):
            if israre[1 ^ (e & i) ^ f, g[i]]:
                rk = add_rare(rk, nrare, i, g[i])
                nrare += 1
    at_choice = nrare
    next_check = max(state[S_NEXT], 2 * start)
    stamp = np.uint32(0)
    state[S_STOP] = n_end + 1
    for n in range(start, n_end + 1):
        stamp += np.uint32(1)
        tau = 1 ^ (e & (n - t))
        for si in range(ns):  # 1. rare loop
            r = n - splits[si]
            if r < 2:
                continue
            L = lim[si]
            while L < nrare and np.int64(rk[L] >> np.uint64(16)) < r:
                L += 1
            lim[si] = L
            ur = np.uint64(r)
            for i in range(L):  # unsigned indices: no wraparound test per load
                ei = rk[i]
                seen[(ei & np.uint64(0xFFFF)) ^ np.uint64(g[ur - (ei >> np.uint64(16))])] = stamp
            if unequal and r % 2 == 0 and israre[1 ^ (e & (r // 2)) ^ f, g[r // 2]]:
                seen[0] = 0  # the equal split is not a move: let the scan decide 0
            half = (r - 1) // 2 if unequal else r // 2
            top = min(half, F)
            x = g[1:top + 1]
            y = g[r - top:r][::-1]
            for j in range(top):
                seen[x[j] ^ y[j]] = stamp
        for k in wholes:
            if n == k:
                seen[0] = stamp
        for k in takes:
            if n > k:
                seen[g[n - k]] = stamp
        ci = 0
        ncom = nc[tau]
        while ci < ncom and seen[commons[tau, ci]] == stamp:
            ci += 1
        c = commons[tau, ci] if ci < ncom else (1 << (bits + 1))
        nneed = 0
        for i in range(nrv[tau]):
            v = rares[tau, i]
            if v >= c:
                break
            if seen[v] != stamp:
                need[nneed] = v
                nneed += 1
        value = c
        if nneed:
            nneed, cost = scan(g, n, splits, unequal, needtag, stamp, need, nneed,
                               probes, pcount)
            state[S_SCANNED] += cost
            if nneed:
                value = need[0]
                state[S_FULL] += 1
        if value > 65535:
            state[S_STOP] = n
            break
        g[n] = value
        cnt[n & 1, value] += 1
        if occ[value] < K:
            probes[occ[value], pcount[occ[value]]] = n
            pcount[occ[value]] += 1
            occ[value] += 1
        rebuild = False
        if value >> bits:
            while value >> bits:
                bits += 1
            if not fixed:
                m, e, f, _ = wht_best(cnt, bits, allow_e)
                mask = full(m, bits)
                state[S_CHOSEN] += 1
            rebuild = True
        elif not fixed and (n + 1 >= next_check or nrare > 2 * at_choice + 16):
            m, e2, f2, best_count = wht_best(cnt, bits, allow_e)
            if (full(m, bits) != mask or e2 != e or f2 != f) and best_count * 10 < nrare * 9:
                mask = full(m, bits)  # switch only for a clear gain
                e = e2
                f = f2
                state[S_CHOSEN] += 1
                rebuild = True
            at_choice = nrare
            if n + 1 >= next_check:
                next_check = 2 * (n + 1)
        if rebuild:
            set_tables(mask, bits, israre, commons, rares, nc, nrv)
            nrare = 0
            for i in range(1, n + 1):
                if israre[1 ^ (e & i) ^ f, g[i]]:
                    rk = add_rare(rk, nrare, i, g[i])
                    nrare += 1
            at_choice = nrare
            for si in range(ns):
                lim[si] = 0
        elif israre[1 ^ (e & n) ^ f, value]:
            rk = add_rare(rk, nrare, n, value)
            nrare += 1
    state[S_MASK] = mask & ((1 << bits) - 1) if not fixed else mask
    state[S_E] = e
    state[S_F] = f
    state[S_NEXT] = next_check
    state[S_RARE] = nrare
    state[S_BITS] = bits
    state[S_AT] = min(state[S_STOP], n_end + 1)
    return rk

@jit
def stats_kernel(g: Any, n: int, mask: int, e: int, f: int) -> Any:
    top = 0
    first = 0
    nrare = 0
    last = 0
    for i in range(n + 1):
        v = g[i]
        if v > top:
            top = v
            first = i
        if parity(v & mask) == (e & i) ^ f:
            nrare += 1
            last = i
    return top, first, nrare, last

@jit
def naive_kernel(g: Any, start: int, n_end: int, splits: Any, takes: Any, wholes: Any,
                 unequal: bool) -> int:
    # the O(n^2) mex table, the same move structure; returns one past the
    # last heap filled (a value beyond uint16 stops it)
    seen = np.zeros(1 << 17, dtype=np.uint32)
    for m in range(start, n_end + 1):
        tag = np.uint32(m + 1)
        for k in wholes:
            if m == k:
                seen[0] = tag
        for k in takes:
            if m > k:
                seen[g[m - k]] = tag
        for si in range(splits.shape[0]):
            r = m - splits[si]
            half = (r - 1) // 2 if unequal else r // 2
            if half < 1:
                continue
            x = g[1:half + 1]
            y = g[r - half:r][::-1]
            for j in range(half):
                seen[x[j] ^ y[j]] = tag
        v = 0
        while seen[v] == tag:
            v += 1
        if v > 65535:
            return m
        g[m] = v
    return n_end + 1

