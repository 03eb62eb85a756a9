"""The compiled parts of :mod:`grundy.kernels.rare` (imported lazily: numba is
heavy). Module-level functions, so numba's on-disk cache holds them."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

from grundy.kernels._simd import AVX512BW, MAP_VALUES, scan32
from grundy.kernels.rare import (S_AT, S_AT_CHOICE, S_BITS, S_CHOSEN, S_E, S_F, S_FIXED, S_FULL,
                                 S_MASK, S_NEXT, S_RARE, S_SCANNED, S_STOP, S_VEC)

#: the first F splits of every digit are marked with the rare loop; the linear
#: scan's first phase stops at A0; K probe rounds; blocks of BLOCK splits clear
#: their XORs while more than NCMP values are needed
F, A0, K, BLOCK = 32, 8192, 8, 256
#: splits per block of the vectorised compare scan (hit_block4/8/16)
HBLOCK = 64
#: at most this many needed values are compared with whole blocks of splits
NCMP = 16

#: no C callback wrapper (no_cfunc_wrapper): numba compiles one per kernel, only for
#: a kernel passed as a first-class function, which none is. The Python wrapper
#: stays (a kernel called from Python without one crashes the process)
jit = numba.njit(cache=True, nogil=True, boundscheck=False, no_cfunc_wrapper=True)
#: an int64 zero, not the literal 0: a variable that starts at a literal is passed
#: to a callee typed Literal[int](0) first (numba's typing resolves the call before
#: the variable's type is unified), and the callee is compiled once more for it
ZERO = np.int64(0)

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
    for v in range(half):  # element by element: a slice copy compiles a shape check
        h[v] = cnt[0, v]  # and its message (about 2 s of a fresh process)
        h[half + v] = cnt[1, v]
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
def hit_block4(g: Any, r: int, a: int, e: int, size: int, v0: Any, v1: Any, v2: Any, v3: Any) -> int:
    # the start of the first block of `size` splits (b, r - b), b in a..e,
    # with an XOR v0, v1, v2 or v3, else e + 1. The blocks are tested
    # branch-free: unsigned indices (no wraparound test) and uint16 compares,
    # so LLVM vectorises the test (the second part read backwards by a permute)
    ur = np.uint64(r)
    while a <= e:
        b = min(e, a + size - 1)
        ua = np.uint64(a)
        hit = False
        for j in range(np.uint64(b - a + 1)):
            z = g[ua + j] ^ g[ur - ua - j]
            hit |= (z == v0) | (z == v1) | (z == v2) | (z == v3)
        if hit:
            return a
        a = b + 1
    return e + 1

@jit
def hit_block8(g: Any, r: int, a: int, e: int, size: int, v: Any) -> int:
    # hit_block4 with the eight values v[0..7]
    ur = np.uint64(r)
    v0, v1, v2, v3, v4, v5, v6, v7 = v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
    while a <= e:
        b = min(e, a + size - 1)
        ua = np.uint64(a)
        hit = False
        for j in range(np.uint64(b - a + 1)):
            z = g[ua + j] ^ g[ur - ua - j]
            hit |= ((z == v0) | (z == v1) | (z == v2) | (z == v3)
                    | (z == v4) | (z == v5) | (z == v6) | (z == v7))
        if hit:
            return a
        a = b + 1
    return e + 1

@jit
def hit_block16(g: Any, r: int, a: int, e: int, size: int, v: Any) -> int:
    # hit_block4 with the sixteen values v[0..15]
    ur = np.uint64(r)
    v0, v1, v2, v3, v4, v5, v6, v7 = v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
    w0, w1, w2, w3, w4, w5, w6, w7 = v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]
    while a <= e:
        b = min(e, a + size - 1)
        ua = np.uint64(a)
        hit = False
        for j in range(np.uint64(b - a + 1)):
            z = g[ua + j] ^ g[ur - ua - j]
            hit |= ((z == v0) | (z == v1) | (z == v2) | (z == v3)
                    | (z == v4) | (z == v5) | (z == v6) | (z == v7)
                    | (z == w0) | (z == w1) | (z == w2) | (z == w3)
                    | (z == w4) | (z == w5) | (z == w6) | (z == w7))
        if hit:
            return a
        a = b + 1
    return e + 1

@jit
def clear_block(g: Any, r: int, a: int, e: int, needtag: Any) -> None:
    # every XOR of the splits (b, r - b), b in a..e, is reached: clear its tag
    # (branch-free stores)
    ur = np.uint64(r)
    ua = np.uint64(a)
    for j in range(np.uint64(e - a + 1)):
        needtag[g[ua + j] ^ g[ur - ua - j]] = 0

@jit
def compact(need: Any, nneed: int, needtag: Any, stamp: Any) -> int:
    # keep (in order) the values of need[0..nneed-1] still tagged needed
    w = 0
    for i in range(nneed):
        if needtag[need[i]] == stamp:
            need[w] = need[i]
            w += 1
    return w

@jit
def linear(g: Any, r: int, lo: int, hi: int, needtag: Any, stamp: Any, need: Any,
           nneed: int, vals: Any) -> Any:
    # remove from need[0..nneed-1] the values reached by the splits (a, r - a),
    # a in lo..hi, stopping when none is left. Returns (#left, #splits looked
    # at). While more than eight values are needed, blocks of BLOCK splits
    # clear the tags of their XORs; then the (at most eight) values left are
    # compared with blocks of HBLOCK splits (hit_block4/8), and a block with a
    # hit clears its tags. vals: room for eight uint16.
    a = lo
    while a <= hi and nneed > NCMP:
        e = min(hi, a + BLOCK - 1)
        clear_block(g, r, a, e, needtag)
        nneed = compact(need, nneed, needtag, stamp)
        a = e + 1
    while a <= hi and nneed > 0:
        for i in range(16):  # padding: the first value again
            vals[i] = need[i] if i < nneed else need[0]
        if nneed <= 4:
            a = hit_block4(g, r, a, hi, HBLOCK, vals[0], vals[1], vals[2], vals[3])
        elif nneed <= 8:
            a = hit_block8(g, r, a, hi, HBLOCK, vals)
        else:
            a = hit_block16(g, r, a, hi, HBLOCK, vals)
        if a > hi:
            break
        e = min(hi, a + HBLOCK - 1)
        clear_block(g, r, a, e, needtag)
        nneed = compact(need, nneed, needtag, stamp)
        a = e + 1
    return nneed, min(a, hi + 1) - lo

@jit
def scan(g: Any, n: int, splits: Any, unequal: bool, needtag: Any, stamp: Any,
         need: Any, nneed: int, probes: Any, pcount: Any, vals: Any, s: int) -> Any:
    # remove from need (ascending) every value reached by a split (a, r - a),
    # a > F; stop as soon as none is left: a linear phase (a = F+1..A0), the
    # probes (the first K occurrences of every value, round by round), then the
    # rest linearly (see linear). Only splits with both parts below s (the
    # threaded kernel's block start; n + 1: every split). Returns (#left,
    # #splits looked at).
    for i in range(nneed):
        needtag[need[i]] = stamp
    cost = 0
    for phase in range(2):  # 0: a in F+1..A0, 1: probes, then a in A0+1..half
        if phase == 1:
            for j in range(K):
                for si in range(splits.shape[0]):
                    r = n - splits[si]
                    half = (r - 1) // 2 if unequal else r // 2
                    low = max(A0, r - s)
                    for idx in range(pcount[j]):
                        a = probes[j, idx]
                        if a > low and a <= half:
                            needtag[g[a] ^ g[r - a]] = 0
                    cost += pcount[j]
                nneed = compact(need, nneed, needtag, stamp)
                if nneed == 0:
                    break
        for si in range(splits.shape[0]):
            if nneed == 0:
                break
            r = n - splits[si]
            half = (r - 1) // 2 if unequal else r // 2
            lo = max(F, r - s) + 1 if phase == 0 else max(A0, r - s) + 1
            hi = min(half, A0) if phase == 0 else half
            if lo <= hi:
                nneed, c = linear(g, r, lo, hi, needtag, stamp, need, nneed, vals)
                cost += c
        if nneed == 0:
            break
    return nneed, cost


@jit
def next_stamp(stamp: Any, needtag: Any, seen: Any) -> Any:
    # the next tag; on wrapping past 2^32 the tags start again from clean
    stamp = np.uint32(stamp + 1)  # (numba widens the sum: wrap it here)
    if stamp == 0:
        needtag[:] = 0
        seen[:] = 0
        stamp = np.uint32(1)
    return stamp


@jit
def take(bm: Any, v: int) -> bool:
    # whether v is in the map bm of needed values (64 uint16 words: values below
    # MAP_VALUES); if so it is taken out
    if v >= MAP_VALUES:
        return False
    w = v >> 4
    b = np.uint16(1 << (v & 15))
    if bm[w] & b:
        bm[w] ^= b
        return True
    return False

@jit
def count_map(bm: Any) -> int:
    # the number of values in the map bm
    c = 0
    for i in range(64):
        w = np.int64(bm[i])
        while w:
            w &= w - 1
            c += 1
    return c

@jit
def linear_map(g: Any, r: int, lo: int, hi: int, bm: Any, left: int) -> Any:
    # take out of the map bm (left values in it) the XORs of the splits (a, r - a),
    # a in lo..hi, stopping when none is left: whole blocks of 32 splits by scan32
    # (with AVX-512 BW, the map in two registers), the rest one by one. Returns
    # (#left, #splits looked at).
    a, empty = scan32(g, r, lo, hi, bm)
    if empty:
        return 0, a - lo
    if a > lo:
        left = count_map(bm)
    ur = np.uint64(r)
    while a <= hi:
        ua = np.uint64(a)
        if take(bm, np.int64(g[ua] ^ g[ur - ua])):
            left -= 1
            if left == 0:
                return 0, a + 1 - lo
        a += 1
    return left, a - lo

@jit
def scan_map(g: Any, n: int, splits: Any, unequal: bool, need: Any, nneed: int, probes: Any,
             pcount: Any, bm: Any, s: int) -> Any:
    # scan with the needed values (all below MAP_VALUES) in a map of 64 uint16
    # words instead of tags: the same phases (and bound s), linear_map for the
    # linear ones
    bm[:] = 0
    for i in range(nneed):
        v = need[i]
        bm[v >> 4] |= np.uint16(1 << (v & 15))
    left = nneed
    cost = 0
    for phase in range(2):  # 0: a in F+1..A0, 1: probes, then a in A0+1..half
        if phase == 1:
            for j in range(K):
                for si in range(splits.shape[0]):
                    r = n - splits[si]
                    half = (r - 1) // 2 if unequal else r // 2
                    low = max(A0, r - s)
                    ur = np.uint64(r)
                    for idx in range(pcount[j]):
                        a = probes[j, idx]
                        if a > low and a <= half:  # unsigned: no negative-index test
                            ua = np.uint64(a)
                            if take(bm, np.int64(g[ua] ^ g[ur - ua])):
                                left -= 1
                    cost += pcount[j]
                if left == 0:
                    break
        for si in range(splits.shape[0]):
            if left == 0:
                break
            r = n - splits[si]
            half = (r - 1) // 2 if unequal else r // 2
            lo = max(F, r - s) + 1 if phase == 0 else max(A0, r - s) + 1
            hi = min(half, A0) if phase == 0 else half
            if lo <= hi:
                left, c = linear_map(g, r, lo, hi, bm, left)
                cost += c
        if left == 0:
            break
    w = 0
    for i in range(nneed):  # the values left, in order
        v = need[i]
        if (bm[v >> 4] >> (v & 15)) & 1:
            need[w] = v
            w += 1
    return w, cost


@jit
def add_rare(rk: Any, nrare: int, pos: int, value: int) -> Any:
    # append (pos, value) to the packed rare list, reallocated when full
    if nrare == rk.shape[0]:
        bigger = np.zeros(2 * nrare, dtype=rk.dtype)
        for i in range(nrare):  # not a slice copy (its shape check compiles slowly)
            bigger[i] = rk[i]
        rk = bigger
    rk[nrare] = (np.uint64(pos) << np.uint64(16)) | np.uint64(value)
    return rk

@jit
def start_split(g: Any, start: int, splits: Any, state: Any, cnt: Any, probes: Any, pcount: Any,
                occ: Any, israre: Any, commons: Any, rares: Any, nc: Any, nrv: Any) -> Any:
    # the start of a call on g[0..start-1]: the workspace (kept from the last
    # call when state[S_AT] == start, else rebuilt), the split (the state's,
    # or the best by wht_best when it has none and is not fixed) and its
    # tables. Returns (workspace kept, bits, mask, e, f)
    allow_e = splits.shape[0] == 1
    resume = state[S_AT] == start and state[S_BITS] > 0
    if resume:
        bits = state[S_BITS]
    else:  # the workspace of g[0..start-1] read afresh: the value counts by heap
        # parity, the first K occurrences of every value (probes), the bits of the
        # largest value
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
    mask = state[S_MASK]
    e = state[S_E] if allow_e else 0
    f = state[S_F] if allow_e else 0
    if state[S_FIXED] == 0:
        if mask == 0 and e == 0 and f == 0:
            m, e, f, _ = wht_best(cnt, bits, allow_e)
            mask = full(m, bits)
            state[S_CHOSEN] += 1
        else:
            mask = full(mask & ((1 << bits) - 1), bits)
    set_tables(mask, bits, israre, commons, rares, nc, nrv)
    return resume, bits, mask, e, f


@jit
def next_split(n: int, value: int, bits: int, mask: int, e: int, f: int, fixed: bool, nrare: int,
               at_choice: int, next_check: int, cnt: Any, allow_e: bool, israre: Any,
               commons: Any, rares: Any, nc: Any, nrv: Any, state: Any) -> Any:
    # the schedule after heap n got value: a new value bit takes a new split
    # (the best by wht_best, unless fixed); at the scheduled heaps (the table
    # doubled, the rare list doubled) a clearly better split replaces it. The
    # tables follow a new split. Returns (bits, mask, e, f, at_choice,
    # next_check, whether the rare list is to be rebuilt)
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
    return bits, mask, e, f, at_choice, next_check, rebuild


@jit
def record(g: Any, n: int, value: int, cnt: Any, probes: Any, pcount: Any, occ: Any) -> None:
    # heap n's value into the table and the workspace (value counts by the
    # heap's parity, the first K occurrences of every value)
    g[n] = value
    cnt[n & 1, value] += 1
    if occ[value] < K:
        probes[occ[value], pcount[occ[value]]] = n
        pcount[occ[value]] += 1
        occ[value] += 1


@jit
def rare_kernel(g: Any, start: int, n_end: int, splits: Any, takes: Any, wholes: Any,
                unequal: bool, state: Any, cnt: Any, probes: Any, pcount: Any, occ: Any,
                rk: Any, stamp0: int, seen: Any, israre: Any, commons: Any, rares: Any,
                nc: Any, nrv: Any, need: Any, needtag: Any, vals: Any, bm: Any,
                lim: Any) -> Any:
    # g[0..start-1] known; fills g[start..n_end]. state: see S_* (kept by caller).
    # The workspace (value counts, probes, the rare list) is kept by the caller
    # too: valid for g[0..start-1] when state[S_AT] == start, else rebuilt here
    # (O(start)). The rare list rk packs position << 16 | value in a uint64 (one
    # load per entry, unsigned indices: about 1.5x faster than two int64 arrays);
    # returns it, reallocated when it grows. stamp0: the first heap's tag is
    # stamp0 + 1 (a tag per heap; on wrapping past 2^32 the marks are cleared).
    # seen .. lim: zeroed scratch arrays from the caller (rare._scratch; numpy
    # allocates them, so no np.zeros is compiled here)
    ns = splits.shape[0]
    allow_e = ns == 1
    t = splits[0] if ns == 1 else 0
    resume, bits, mask, e, f = start_split(g, start, splits, state, cnt, probes, pcount, occ,
                                           israre, commons, rares, nc, nrv)
    fixed = state[S_FIXED] != 0
    if resume:
        nrare = state[S_RARE]
    else:
        nrare = ZERO
        for i in range(1, start):
            if israre[1 ^ (e & i) ^ f, g[i]]:
                rk = add_rare(rk, nrare, i, np.int64(g[i]))
                nrare += 1
    at_choice = state[S_AT_CHOICE] if resume else nrare
    # a call that resumes keeps the schedule of one call over the whole table
    next_check = state[S_NEXT] if resume else max(state[S_NEXT], 2 * start)
    stamp = np.uint32(stamp0)
    state[S_STOP] = n_end + 1
    for n in range(start, n_end + 1):
        stamp = next_stamp(stamp, needtag, seen)  # 2^32 heaps in one call: marks cleared
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
            for j in range(np.uint64(1), np.uint64(top + 1)):
                seen[g[j] ^ g[ur - j]] = stamp
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
        nneed = ZERO
        for i in range(nrv[tau]):
            v = rares[tau, i]
            if v >= c:
                break
            if seen[v] != stamp:
                need[nneed] = v
                nneed += 1
        value = c
        if nneed:
            if AVX512BW and need[nneed - 1] < MAP_VALUES:  # need is ascending
                nneed, cost = scan_map(g, n, splits, unequal, need, nneed, probes, pcount, bm,
                                       n + 1)
                state[S_VEC] += 1
            else:
                nneed, cost = scan(g, n, splits, unequal, needtag, stamp, need, nneed,
                                   probes, pcount, vals, n + 1)
            state[S_SCANNED] += cost
            if nneed:
                value = need[0]
                state[S_FULL] += 1
        if value > 65535:
            state[S_STOP] = n
            break
        record(g, n, value, cnt, probes, pcount, occ)
        rebuild = False
        if value >> bits or not fixed and (n + 1 >= next_check or nrare > 2 * at_choice + 16):
            bits, mask, e, f, at_choice, next_check, rebuild = next_split(
                n, value, bits, mask, e, f, fixed, nrare, at_choice, next_check, cnt, allow_e,
                israre, commons, rares, nc, nrv, state)
        if rebuild:
            nrare = ZERO
            for i in range(1, n + 1):
                if israre[1 ^ (e & i) ^ f, g[i]]:
                    rk = add_rare(rk, nrare, i, np.int64(g[i]))
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
    state[S_AT_CHOICE] = at_choice
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
    seen = np.zeros(1 << 17, dtype=np.int64)
    for m in range(start, n_end + 1):
        tag = m + 1
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

