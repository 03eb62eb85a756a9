"""The rare-value kernel on every core (see :mod:`grundy.kernels.rare`, ``threads``).

Blocks of ``B`` consecutive heaps ``s..s+B-1``. A split ``(a, r - a)`` of heap
``n`` in the block with both parts below ``s`` does not depend on the block, so
the threads first compute, each for its share of the block's heaps, everything
such splits give (phase 1, in parallel): the values reached by the rare loop,
the first splits and the takes that stay below ``s``, the least common value
``c`` they do not reach, and the scan over the splits ``a > r - s`` for the
rare values below ``c`` still needed. Then one pass in
heap order (phase 2) adds the splits with a part in the block (the small part
``a <= r - s``: a few rare positions, the first splits, the takes), takes the
least common value not reached and scans only the splits with a part in the
block for the few rare values left; the rare values between phase 1's ``c`` and
the final one (when a move in the block reaches ``c``) are scanned in full
there. The values are exact; only the work differs from the one-core kernel.
"""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

from grundy.kernels._rare_jit import (F, K, add_rare, compact, full, linear, next_stamp,
                                      rebuild_workspace, scan, set_tables, wht_best)
from grundy.kernels.rare import (S_AT, S_BITS, S_CHOSEN, S_E, S_F, S_FIXED, S_FULL, S_MASK, S_NEXT,
                                 S_RARE, S_SCANNED, S_STOP)

jit = numba.njit(cache=True, nogil=True, boundscheck=False)
#: rare values below c a heap keeps from phase 1; words of its window of values
NKEEP, NWIN = 16, 2


@jit
def first_rare(rk: Any, nrare: int, pos: int) -> int:
    # the index of the first entry of the rare list at a position >= pos
    lo, hi = 0, nrare
    key = np.uint64(max(pos, 0)) << np.uint64(16)
    while lo < hi:
        mid = (lo + hi) // 2
        if rk[mid] < key:
            lo = mid + 1
        else:
            hi = mid
    return lo


@jit
def indep_marks(g: Any, n: int, s: int, splits: Any, takes: Any, wholes: Any, unequal: bool,
                rk: Any, nrare0: int, israre: Any, e: int, f: int, seen: Any, stamp: Any,
                lims: Any) -> None:
    # seen[v] = stamp for the values reached by the moves of heap n below s:
    # the rare parts (the first nrare0 entries of the rare list), the first F
    # splits, the takes, the whole heap. lims[2 si], lims[2 si + 1]: the rare
    # entries at positions up to r - s and below r, moved on from the last call
    # (heaps in increasing order; zeros to start again)
    for si in range(splits.shape[0]):
        r = n - splits[si]
        if r < 2:
            continue
        i0 = lims[2 * si]
        while i0 < nrare0 and np.int64(rk[i0] >> np.uint64(16)) <= r - s:
            i0 += 1
        i1 = max(lims[2 * si + 1], i0)
        while i1 < nrare0 and np.int64(rk[i1] >> np.uint64(16)) < r:
            i1 += 1
        lims[2 * si] = i0
        lims[2 * si + 1] = i1
        ur = np.uint64(r)
        for i in range(i0, i1):  # unsigned indices: no wraparound test per load
            ei = rk[i]
            seen[(ei & np.uint64(0xFFFF)) ^ np.uint64(g[ur - (ei >> np.uint64(16))])] = stamp
        if unequal and r % 2 == 0 and r // 2 < s and israre[1 ^ (e & (r // 2)) ^ f, g[r // 2]]:
            seen[0] = 0  # the equal split is not a move: let the scan decide 0
        half = (r - 1) // 2 if unequal else r // 2
        top = min(half, F)
        for j in range(np.uint64(max(1, r - s + 1)), np.uint64(top + 1)):
            seen[g[j] ^ g[ur - j]] = stamp
    for k in wholes:
        if n == k:
            seen[0] = stamp
    for k in takes:
        if n > k and n - k < s:
            seen[g[n - k]] = stamp


@jit
def phase1_heap(g: Any, n: int, s: int, splits: Any, takes: Any, wholes: Any, unequal: bool,
                rk: Any, nrare0: int, israre: Any, commons: Any, rares: Any, nc: Any, nrv: Any,
                e: int, f: int, t: int, vb: int, win: Any, keep: Any, meta: Any, seen: Any,
                needtag: Any, stamp: Any, need: Any, probes: Any, pcount: Any, vals: Any,
                lims: Any) -> Any:
    # phase 1 for heap n. c: the least common value no move below s reaches.
    # meta = (its index in the common list, the bound: every rare value below
    # it is settled, #kept, the index of the bound in the rare list, #splits
    # scanned); keep: the rare values below c no move below s reaches; win:
    # bit i of word w set when the value c + 64 w + i is reached below s
    stamp = next_stamp(stamp, needtag, seen)
    indep_marks(g, n, s, splits, takes, wholes, unequal, rk, nrare0, israre, e, f, seen, stamp,
                lims)
    tau = 1 ^ (e & (n - t))
    ncom = nc[tau]
    ci = 0
    while ci < ncom and seen[commons[tau, ci]] == stamp:
        ci += 1
    c = commons[tau, ci] if ci < ncom else vb
    for w in range(win.shape[0]):
        word = np.uint64(0)
        v0 = c + 64 * w
        for i in range(max(0, min(64, vb - v0))):  # branch-free
            word |= np.uint64(seen[v0 + i] == stamp) << np.uint64(i)
        win[w] = word
    # the rare values needed below c: the scan over every split below s
    nneed = 0
    ri = 0
    while ri < nrv[tau] and rares[tau, ri] < c:
        v = rares[tau, ri]
        if seen[v] != stamp:
            need[nneed] = v
            nneed += 1
        ri += 1
    nkeep = 0
    bound = c
    cost = 0
    if nneed:
        nneed, cost = scan(g, n, splits, unequal, needtag, stamp, need, nneed,
                           probes, pcount, vals, s)
        nkeep = min(nneed, NKEEP)
        for i in range(nkeep):
            keep[i] = need[i]
        if nneed > NKEEP:
            bound = need[NKEEP]
            while ri > 0 and rares[tau, ri - 1] >= bound:
                ri -= 1
    meta[0] = ci
    meta[1] = bound
    meta[2] = nkeep
    meta[3] = ri
    meta[4] = cost
    return stamp


@jit
def phase1(k: int, nthreads: int, g: Any, s: int, e_blk: int, splits: Any, takes: Any,
           wholes: Any, unequal: bool, rk: Any, nrare0: int, israre: Any, commons: Any,
           rares: Any, nc: Any, nrv: Any, e: int, f: int, t: int, vb: int, wins: Any, keeps: Any,
           metas: Any, needs: Any, probes: Any, pcount: Any, valss: Any) -> None:
    # thread k's share of the block s..e_blk (heaps s + k, s + k + nthreads,
    # ...): phase 1 into wins, keeps and metas
    stamp = np.uint32(0)
    lims = np.zeros(2 * splits.shape[0], dtype=np.int64)
    seen = np.zeros(vb, dtype=np.uint32)  # fresh and small: the rare loop's stores stay in L1
    needtag = np.zeros(vb + 1, dtype=np.uint32)
    for n in range(s + k, e_blk + 1, nthreads):
        j = n - s
        stamp = phase1_heap(g, n, s, splits, takes, wholes, unequal, rk, nrare0, israre,
                            commons, rares, nc, nrv, e, f, t, vb, wins[j], keeps[j], metas[j],
                            seen, needtag, stamp, needs[k], probes, pcount, valss[k], lims)


@jit
def rebuild_rare(g: Any, n: int, israre: Any, e: int, f: int, rk: Any) -> Any:
    # the rare list of heaps 1..n under the current split
    nrare = 0
    for i in range(1, n + 1):
        if israre[1 ^ (e & i) ^ f, g[i]]:
            rk = add_rare(rk, nrare, i, g[i])
            nrare += 1
    return rk, nrare


@jit
def win_bit(win: Any, base: int, v: int) -> int:
    # 1 or 0: whether phase 1 saw v reached below s; -1: v is outside the window
    d = v - base
    if d < 0 or d >= 64 * win.shape[0]:
        return -1
    return int((win[d >> 6] >> np.uint64(d & 63)) & np.uint64(1))


@jit
def phase2(g: Any, s: int, e_blk: int, splits: Any, takes: Any, wholes: Any, unequal: bool,
           rk: Any, nrare0: int, israre: Any, commons: Any, rares: Any, nc: Any, nrv: Any,
           e: int, f: int, t: int, bits: int, wins: Any, keeps: Any, metas: Any, seen: Any,
           row: Any, tags: Any, needtag: Any, need: Any, probes: Any, pcount: Any, occ: Any,
           cnt: Any, vals: Any, counts: Any) -> Any:
    # heaps s..e_blk in order: the moves with a part in the block, the value,
    # the workspace (counts, probes, rare list). Stops after a heap whose value
    # needs a new bit or overflows. seen/tags[0]: the moves in the block;
    # row/tags[1]: the moves below s again, when the window is not enough;
    # needtag/tags[2]: the scans. Returns (rk, #rare, last heap done,
    # overflowed); counts += (#full scans, #splits scanned, #heaps with an
    # unsettled value, #heaps scanned here, #splits in the block, #splits below s)
    ns = splits.shape[0]
    nrare = nrare0
    vb = 1 << (bits + 1)
    tag = tags[0]
    tag2 = tags[1]
    stamp = tags[2]
    over = False
    last = e_blk
    for n in range(s, e_blk + 1):
        j = n - s
        win = wins[j]
        meta = metas[j]
        counts[1] += meta[4]
        tag = next_stamp(tag, seen, seen)
        for si in range(ns):
            r = n - splits[si]
            if r < 2:
                continue
            ur = np.uint64(r)
            i1 = first_rare(rk, nrare0, r - s + 1)
            for i in range(i1):  # rare parts below r - s: the other part in the block
                ei = rk[i]
                p = np.int64(ei >> np.uint64(16))
                if unequal and 2 * p == r:
                    continue
                seen[(ei & np.uint64(0xFFFF)) ^ np.uint64(g[ur - np.uint64(p)])] = tag
            for i in range(nrare0, nrare):  # rare parts in the block
                ei = rk[i]
                p = np.int64(ei >> np.uint64(16))
                if p >= r:
                    break
                if unequal and 2 * p == r:
                    continue
                seen[(ei & np.uint64(0xFFFF)) ^ np.uint64(g[ur - np.uint64(p)])] = tag
            half = (r - 1) // 2 if unequal else r // 2
            top = min(half, F, r - s)
            for a in range(1, top + 1):
                seen[g[a] ^ g[r - a]] = tag
        for k in takes:
            if n > k and n - k >= s:
                seen[g[n - k]] = tag
        tau = 1 ^ (e & (n - t))
        ncom = nc[tau]
        ci = meta[0]
        base = commons[tau, ci] if ci < ncom else vb
        fallback = False
        while ci < ncom:
            v = commons[tau, ci]
            if seen[v] != tag:
                b = win_bit(win, base, v)
                if b < 0:
                    if not fallback:
                        tag2 = next_stamp(tag2, row, row)
                        indep_marks(g, n, s, splits, takes, wholes, unequal, rk, nrare0, israre,
                                    e, f, row, tag2, np.zeros(2 * ns, dtype=np.int64))
                        fallback = True
                    b = 1 if row[v] == tag2 else 0
                if b == 0:
                    break
            ci += 1
        c = commons[tau, ci] if ci < ncom else vb
        # needed: the kept values below c (no move below s reaches them), then
        # the unsettled rare values from the bound to c
        bound = meta[1]
        nneed = 0
        for i in range(meta[2]):
            v = keeps[j, i]
            if v < c and seen[v] != tag:
                need[nneed] = v
                nneed += 1
        bi = meta[3]
        while bi < nrv[tau] and rares[tau, bi] < c:
            v = rares[tau, bi]
            bi += 1
            if seen[v] == tag:
                continue
            b = win_bit(win, base, v)
            if b < 0:
                if not fallback:
                    tag2 = next_stamp(tag2, row, row)
                    indep_marks(g, n, s, splits, takes, wholes, unequal, rk, nrare0, israre,
                                e, f, row, tag2, np.zeros(2 * ns, dtype=np.int64))
                    fallback = True
                b = 1 if row[v] == tag2 else 0
            if b == 0:
                need[nneed] = v
                nneed += 1
        value = c
        if nneed:
            # the splits with a part in the block, for every value needed
            counts[3] += 1
            stamp = next_stamp(stamp, needtag, needtag)
            for i in range(nneed):
                needtag[need[i]] = stamp
            for si in range(ns):
                if nneed == 0:
                    break
                r = n - splits[si]
                half = (r - 1) // 2 if unequal else r // 2
                hi = min(half, r - s)
                if F + 1 <= hi:
                    nneed, cst = linear(g, r, F + 1, hi, needtag, stamp, need, nneed, vals)
                    counts[1] += cst
                    counts[4] += cst
            # the values left from the bound on: every split below s as well
            best = vb
            nun = 0
            for i in range(nneed):
                v = need[i]
                if v >= bound:
                    need[nun] = v
                    nun += 1
                elif v < best:
                    best = v
            if nun:
                counts[2] += 1
                stamp = next_stamp(stamp, needtag, needtag)
                left, cst = scan(g, n, splits, unequal, needtag, stamp, need, nun,
                                 probes, pcount, vals, s)
                counts[1] += cst
                counts[5] += cst
                for i in range(left):
                    if need[i] < best:
                        best = need[i]
            if best < c:
                value = best
                counts[0] += 1
        if value > 65535:
            last = n - 1
            over = True
            break
        g[n] = value
        cnt[n & 1, value] += 1
        if occ[value] < K:
            probes[occ[value], pcount[occ[value]]] = n
            pcount[occ[value]] += 1
            occ[value] += 1
        if israre[1 ^ (e & n) ^ f, value]:
            rk = add_rare(rk, nrare, n, value)
            nrare += 1
        if value >> bits:
            last = n
            break
    tags[0] = tag
    tags[1] = tag2
    tags[2] = stamp
    return rk, nrare, last, over


# the kernel state between blocks, an int64 array ks
KS_BITS, KS_MASK, KS_E, KS_F, KS_RARE, KS_AT_CHOICE, KS_NEXT, KS_FIXED, KS_T, KS_OVER = range(10)


@jit
def par_start(g: Any, start: int, n_end: int, splits: Any, state: Any, cnt: Any, probes: Any,
              pcount: Any, occ: Any, rk: Any, israre: Any, commons: Any, rares: Any, nc: Any,
              nrv: Any, ks: Any) -> Any:
    # the start of _rare_jit.rare_kernel (the same state and workspace): the
    # workspace for g[0..start-1], the split, its tables and the rare list
    ns = splits.shape[0]
    allow_e = ns == 1
    resume = state[S_AT] == start and state[S_BITS] > 0
    if resume:
        bits = state[S_BITS]
    else:
        bits = rebuild_workspace(g, start, cnt, probes, pcount, occ)
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
        rk, nrare = rebuild_rare(g, start - 1, israre, e, f, rk)
    state[S_STOP] = n_end + 1
    ks[KS_BITS] = bits
    ks[KS_MASK] = mask
    ks[KS_E] = e
    ks[KS_F] = f
    ks[KS_RARE] = nrare
    ks[KS_AT_CHOICE] = nrare
    ks[KS_NEXT] = max(state[S_NEXT], 2 * start)
    ks[KS_FIXED] = 1 if fixed else 0
    ks[KS_T] = splits[0] if ns == 1 else 0
    ks[KS_OVER] = 0
    return rk


@jit
def par_block(g: Any, s: int, e_blk: int, splits: Any, takes: Any, wholes: Any, unequal: bool,
              rk: Any, israre: Any, commons: Any, rares: Any, nc: Any, nrv: Any, wins: Any,
              keeps: Any, metas: Any, seen: Any, row: Any, tags: Any, needtag: Any, need: Any,
              probes: Any, pcount: Any, occ: Any, cnt: Any, vals: Any, counts: Any, ks: Any,
              state: Any) -> Any:
    # after phase 1 of the block s..e_blk: phase 2, then the split re-chosen
    # as _rare_jit.rare_kernel does (here between blocks only). Returns (rk,
    # the next heap to do); ks[KS_OVER] = 1 when a value overflowed uint16
    bits = ks[KS_BITS]
    mask = ks[KS_MASK]
    e = ks[KS_E]
    f = ks[KS_F]
    nrare = ks[KS_RARE]
    at_choice = ks[KS_AT_CHOICE]
    next_check = ks[KS_NEXT]
    fixed = ks[KS_FIXED] != 0
    allow_e = splits.shape[0] == 1
    rk, nrare, last, over = phase2(g, s, e_blk, splits, takes, wholes, unequal, rk, nrare, israre,
                                   commons, rares, nc, nrv, e, f, ks[KS_T], bits, wins, keeps,
                                   metas, seen, row, tags, needtag, need, probes, pcount, occ,
                                   cnt, vals, counts)
    if over:
        state[S_STOP] = last + 1
        ks[KS_OVER] = 1
        ks[KS_RARE] = nrare
        return rk, last + 1
    n = last
    rebuild = False
    if g[n] >> bits:
        while g[n] >> bits:
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
        rk, nrare = rebuild_rare(g, n, israre, e, f, rk)
        at_choice = nrare
    ks[KS_BITS] = bits
    ks[KS_MASK] = mask
    ks[KS_E] = e
    ks[KS_F] = f
    ks[KS_RARE] = nrare
    ks[KS_AT_CHOICE] = at_choice
    ks[KS_NEXT] = next_check
    return rk, n + 1


@jit
def par_end(n_end: int, state: Any, ks: Any, counts: Any) -> None:
    # the state vector after the last block, as _rare_jit.rare_kernel leaves it
    bits = ks[KS_BITS]
    state[S_FULL] += counts[0]
    state[S_SCANNED] += counts[1]
    state[S_MASK] = ks[KS_MASK] & ((1 << bits) - 1) if ks[KS_FIXED] == 0 else ks[KS_MASK]
    state[S_E] = ks[KS_E]
    state[S_F] = ks[KS_F]
    state[S_NEXT] = ks[KS_NEXT]
    state[S_RARE] = ks[KS_RARE]
    state[S_BITS] = bits
    state[S_AT] = min(state[S_STOP], n_end + 1)
