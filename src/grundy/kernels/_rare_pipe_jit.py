"""The rare-value kernel on several threads (see :mod:`grundy.kernels.rare`,
``threads``), pipelined by heaps.

Each thread takes the next heap ``n`` (an atomic counter) and, once every heap up
to ``n - depth`` is committed, computes the mex of its *early* moves, those whose
parts are all at most ``n - depth``: the one-core kernel's rare loop, first
splits, least common value and scan, bounded by ``s = n - depth + 1``
(:func:`heap_mex`). It leaves that value in the heap's slot, with a window of
which values just above it the early moves reach, and goes on to the next heap.
Heaps are committed in order, by whichever thread holds the commit lock, in
batches: the few *late* moves (takes of fewer than ``depth`` tokens, splits with a
part above ``n - depth``) are looked at then, and when one reaches the early mex
(under 1% of the heaps of Officers and Grundy's game, up to a third in stretches
of 0.376) the value is the next one neither reaches (the
window, a scan for a rare value), or past the window the heap is computed again
from all its moves. A commit writes the value, the first-occurrence probes, the
rare list and the thread's value counts, then publishes the number of heaps done
by a release store; a thread reads it by an acquire load before it reads the
values, the rare list or the probes it covers (:mod:`grundy.kernels._atomic`). A
new value bit, a re-choice of the split, a full rare list or a value past
``uint16`` stops every thread after the heap that calls for it; the caller
(``rare._pipelined``) acts and starts them again. The values, and the split with
its schedule, are exactly the one-core kernel's.

Where the time goes (Officers, 2 threads, AMD EPYC Zen 4): a heap's early part
costs about what the one-core kernel spends on a heap; a commit about 400 cycles
(cache lines the other core wrote: the slot, the values near the frontier).
"""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

from grundy.kernels._atomic import (compare_exchange, cycles, fetch_add, load_acquire,
                                    spin_pause, store_release, yield_cpu)
from grundy.kernels._rare_jit import (F, next_split, next_stamp, record, scan, scan_map,
                                      start_split)
from grundy.kernels._simd import AVX512BW, MAP_VALUES
from grundy.kernels.rare import (S_AT, S_AT_CHOICE, S_BITS, S_E, S_F, S_FIXED, S_FULL, S_MASK,
                                 S_NEXT, S_RARE, S_SCANNED, S_STOP, S_VEC)

#: no C callback wrapper (no_cfunc_wrapper): numba compiles one per kernel, only for
#: a kernel passed as a first-class function, which none is. The Python wrapper
#: stays (a kernel called from Python without one crashes the process)
jit = numba.njit(cache=True, nogil=True, boundscheck=False, no_cfunc_wrapper=True)
#: a numpy scalar, not the literal 1 (a literal argument compiles a callee once more)
ONE = np.int64(1)
ZERO = np.int64(0)

#: pauses before a waiting thread yields its core, yields before it sleeps, and
#: the microseconds of one sleep: a wait is usually short (a few hundred pauses),
#: but on a machine with more runnable threads than cores the thread waited for
#: may not be running, and a waiting thread that only spins holds the core it
#: needs (two threads ran at 0.04-0.5x one beside a CPU-bound process)
SPIN = 256
YIELDS = 32
NAP = 50
#: sleeps after which the rest of the table goes to one thread (CTL_SOLO: the
#: threads stop, the caller goes on with the one-core kernel): SOLO_NAPS sleeps
#: in one wait, or SOLO_NAPS in a run that are more than one per SOLO_HEAPS heaps
#: this thread took. A wait past the pauses and the yields means the thread waited
#: for was descheduled (a heap takes microseconds): two threads pipelined heap by
#: heap on a busy machine wait for each other's time slices (0.04-0.5x one)
SOLO_NAPS = 64
SOLO_HEAPS = 32
#: or, by the cycle counter (where the CPU has one): a thread that spent more than
#: 1/SOLO_SHARE of its time in the run past the pauses (yielding or sleeping),
#: after SOLO_CYCLES cycles (a few milliseconds: time slices of other processes)
SOLO_SHARE = 4
SOLO_CYCLES = 1 << 23

# ctl, the int64 array the threads share: heaps below DONE are committed; no heap
# at or past STOP is committed; WHY: what stopped the run; NRARE: the rare list's
# length (written at commits, release); NEXT: the next heap to take; LOCK: 1
# while a thread commits; SOLO: 1 once the waits were long (the machine has more
# work than cores): every thread stops and the caller goes on with one thread.
# Each on a cache line of its own (8 int64): a line written by one core and read
# by the other moves between them at each write
CTL_DONE, CTL_STOP, CTL_WHY, CTL_NRARE, CTL_NEXT, CTL_LOCK, CTL_SOLO = range(0, 56, 8)
CTL_SIZE = 56
#: why a run stopped: its end, a new value bit, a re-choice of the split is due,
#: a value past uint16, no room left in the rare list
WHY_END, WHY_BIT, WHY_CHOOSE, WHY_OVER, WHY_ROOM = range(5)
# ks, the split and its schedule (read-only during a run)
KS_BITS, KS_MASK, KS_E, KS_F, KS_AT_CHOICE, KS_NEXT, KS_FIXED, KS_T = range(8)
KS_SIZE = 8
# the steps of a worker: take the next heap (and wait for the heaps below its early
# moves), compute its early mex, commit what others left after the last heap is taken
TAKE, EARLY, TAIL = range(3)


@jit
def heap_mex(g: Any, n: int, s: int, splits: Any, takes: Any, wholes: Any, unequal: bool,
             rk: Any, nrare: int, israre: Any, commons: Any, rares: Any, nc: Any, nrv: Any,
             e: int, f: int, t: int, vb: int, seen: Any, needtag: Any, stamp: Any, need: Any,
             probes: Any, pcount: Any, vals: Any, bm: Any, lims: Any, figs: Any) -> Any:
    # the mex of the moves of heap n whose parts are all below s (s = n + 1:
    # every move), as the one-core kernel computes it. lims[si]: the rare
    # entries at positions below r and s, moved on from the previous call
    # (heaps in increasing order). figs += (#splits scanned, #full scans,
    # #map scans). Returns (mex, stamp)
    stamp = next_stamp(stamp, needtag, seen)
    for si in range(splits.shape[0]):
        r = n - splits[si]
        if r < 2:
            continue
        top = min(r - 1, s - 1)  # rare parts p <= top, their partners r - p < s
        low = r - s + 1
        L = lims[si]
        while L < nrare and np.int64(rk[L] >> np.uint64(16)) <= top:
            L += 1
        lims[si] = L
        i0 = 0
        while i0 < L and np.int64(rk[i0] >> np.uint64(16)) < low:
            i0 += 1
        ur = np.uint64(r)
        for i in range(np.uint64(i0), np.uint64(L)):  # unsigned: no wraparound test per load
            ei = rk[i]
            seen[(ei & np.uint64(0xFFFF)) ^ np.uint64(g[ur - (ei >> np.uint64(16))])] = stamp
        if unequal and r % 2 == 0 and israre[1 ^ (e & (r // 2)) ^ f, g[r // 2]]:
            seen[0] = 0  # the equal split is not a move: let the scan decide 0
        half = (r - 1) // 2 if unequal else r // 2
        for a in range(np.uint64(max(1, low)), np.uint64(min(half, F) + 1)):
            seen[g[a] ^ g[ur - a]] = stamp
    for k in wholes:
        if n == k:
            seen[0] = stamp
    for k in takes:
        if n > k and n - k < s:
            seen[g[n - k]] = stamp
    tau = 1 ^ (e & (n - t))
    ci = 0
    ncom = nc[tau]
    while ci < ncom and seen[commons[tau, ci]] == stamp:
        ci += 1
    c = commons[tau, ci] if ci < ncom else vb
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
            nneed, cost = scan_map(g, n, splits, unequal, need, nneed, probes, pcount, bm, s)
            figs[2] += 1
        else:
            nneed, cost = scan(g, n, splits, unequal, needtag, stamp, need, nneed, probes,
                               pcount, vals, s)
        figs[0] += cost
        if nneed:
            value = need[0]
            figs[1] += 1
    return value, stamp


@jit
def late_hit(g: Any, n: int, s: int, splits: Any, takes: Any, unequal: bool, value: int) -> bool:
    # whether a move of heap n with a part at or above s (a take of n - k >= s,
    # a split whose larger part is >= s) reaches value
    for k in takes:
        if n > k and n - k >= s and g[n - k] == value:
            return True
    for si in range(splits.shape[0]):
        r = n - splits[si]
        half = (r - 1) // 2 if unequal else r // 2
        for a in range(1, min(half, r - s) + 1):
            if g[a] ^ g[r - a] == value:
                return True
    return False


@jit
def add_rare_at(rk: Any, nrare: int, pos: int, value: int) -> None:
    # the rare list has room (checked by the caller)
    rk[nrare] = (np.uint64(pos) << np.uint64(16)) | np.uint64(value)


@jit
def backoff(k: int) -> None:
    """The ``k``-th look (from 0) of a thread waiting for another: ``pause``,
    then ``sched_yield``, then sleeps of :data:`NAP` microseconds."""
    if k < SPIN:
        spin_pause()
    elif k < SPIN + YIELDS:
        yield_cpu(0)
    else:
        yield_cpu(NAP)


@jit
def worker(i: int, depth: int, batch: int, g: Any, n_end: int, splits: Any, takes: Any,
           wholes: Any, unequal: bool, rk: Any, israre: Any, commons: Any, rares: Any, nc: Any,
           nrv: Any, ks: Any, cnt: Any, probes: Any, pcount: Any, occ: Any, ctl: Any, slots: Any,
           wins: Any, figs: Any, stamp0: int, seen: Any, needtag: Any, need: Any, vals: Any,
           bm: Any, lims: Any, lims2: Any) -> None:
    # one thread: take the next heap n (CTL_NEXT), wait for the heaps up to
    # n - depth, compute n's early mex into its slot, commit what is ready;
    # until past n_end or the run stops. figs: this thread's (#splits scanned,
    # #full scans, #map scans, #late moves reaching an early mex). seen .. lims2:
    # this thread's zeroed scratch arrays (rare._scratch: allocated by numpy, so
    # no np.zeros is compiled here), values below vb (seen, need), vb + 1 (needtag).
    # The commit is written out here, once, after the steps (TAKE, EARLY, TAIL) that
    # may call for it: as a kernel of its own (and the late value's search too) it
    # was a numba library of its own, into which LLVM optimised and compiled the
    # scans once more, then once more into the worker (about 1.2 CPU s of a cold
    # compile)
    bits = ks[KS_BITS]
    e = ks[KS_E]
    f = ks[KS_F]
    t = ks[KS_T]
    fixed = ks[KS_FIXED] != 0
    at_choice = ks[KS_AT_CHOICE]
    next_check = ks[KS_NEXT]
    vb = 1 << (bits + 1)
    stamp = np.uint32(stamp0)  # the first heap's tag is stamp0 + 1 (a test starts near 2^32)
    w = slots.shape[0]
    naps = 0  # sleeps of this thread in this run
    taken = 0  # heaps this thread took in this run
    t0 = cycles()
    waited = 0  # cycles of this run spent past the pauses
    step = TAKE
    n = ZERO
    s = ZERO
    k = ZERO
    while True:
        commit = False
        if step == TAKE:
            if load_acquire(ctl, CTL_SOLO):  # a busy machine: the caller goes on alone
                return
            n = fetch_add(ctl, CTL_NEXT, 1)
            if n > n_end:  # heaps made ready by others and not committed yet:
                step = TAIL  # whoever finds the lock free
                k = ZERO
                continue
            taken += 1
            s = n - depth + 1
            k = ZERO
            last = -1
            w0 = 0  # when this wait passed the pauses
            while True:  # the heaps below s committed (and commit what is ready meanwhile)
                d = load_acquire(ctl, CTL_DONE)
                if d >= s:
                    break
                if d != last:  # progress: the wait is short again
                    k, last = 0, d
                backoff(k)
                k += 1
                if k >= SPIN:
                    now = cycles()
                    if w0 == 0:
                        w0 = now
                    spent = now - t0
                    if spent > SOLO_CYCLES and (waited + now - w0) * SOLO_SHARE > spent:
                        store_release(ctl, CTL_SOLO, 1)
                if k > SPIN + YIELDS:
                    naps += 1
                    if k == SPIN + YIELDS + SOLO_NAPS or (naps >= SOLO_NAPS and naps * SOLO_HEAPS > taken):
                        store_release(ctl, CTL_SOLO, 1)
                if load_acquire(ctl, CTL_STOP) <= n or load_acquire(ctl, CTL_SOLO):
                    return
            step = EARLY
            if w0:
                waited += cycles() - w0
                commit = load_acquire(slots, d % w) >> 20 == d and ctl[CTL_LOCK] == 0
        elif step == EARLY:
            if load_acquire(ctl, CTL_STOP) <= n:
                return
            nrare = load_acquire(ctl, CTL_NRARE)
            value, stamp = heap_mex(g, n, s, splits, takes, wholes, unequal, rk, nrare, israre,
                                    commons, rares, nc, nrv, e, f, t, vb, seen, needtag, stamp,
                                    need, probes, pcount, vals, bm, lims, figs)
            win = np.uint64(0)  # bit d - 1 set when the early moves reach value + d
            for dv in range(1, 65):
                if value + dv < vb and seen[value + dv] == stamp:
                    win |= np.uint64(1) << np.uint64(dv - 1)
            wins[n % w] = np.int64(win)
            store_release(slots, n % w, (n << 20) | value)
            step = TAKE
            commit = n - load_acquire(ctl, CTL_DONE) >= batch  # in batches: fewer lines change cores
        else:  # TAIL
            d = load_acquire(ctl, CTL_DONE)
            if d > n_end or load_acquire(ctl, CTL_STOP) <= d or load_acquire(ctl, CTL_SOLO):
                return
            backoff(k)
            k += 1
            commit = load_acquire(slots, d % w) >> 20 == d
        if not commit:
            continue
        # commit, in heap order, every heap whose early mex is ready, if no other
        # thread is committing (the lock CTL_LOCK)
        while compare_exchange(ctl, CTL_LOCK, 0, 1):
            m = ctl[CTL_DONE]
            nrare = ctl[CTL_NRARE]
            while m <= n_end and m < ctl[CTL_STOP]:
                slot = load_acquire(slots, m % w)
                if slot >> 20 != m:
                    break
                value = slot & 0xFFFFF
                sm = m - depth + 1
                if late_hit(g, m, sm, splits, takes, unequal, value):
                    figs[3] += 1
                    # the mex of heap m's moves when a late move reaches value, the
                    # mex of its early moves: the least v > value no late move reaches
                    # and no early move either (the early moves' marks of value +
                    # 1..value + 64 in wins; an unmarked common value is not reached,
                    # an unmarked rare one is looked for by a scan over every split);
                    # -1 past the window
                    win = np.uint64(wins[m % w])
                    tau = 1 ^ (e & (m - t))
                    v = value
                    while True:
                        v += 1
                        dv = v - value
                        if dv > 64 or v >= vb:
                            v = -1
                            break
                        if (win >> np.uint64(dv - 1)) & np.uint64(1):
                            continue
                        if late_hit(g, m, sm, splits, takes, unequal, v):
                            continue
                        if israre[tau, v] == 0:
                            break
                        need[0] = v
                        if AVX512BW and v < MAP_VALUES:
                            left, cost = scan_map(g, m, splits, unequal, need, ONE, probes, pcount,
                                                  bm, m + 1)
                        else:
                            stamp = next_stamp(stamp, needtag, seen)
                            left, cost = scan(g, m, splits, unequal, needtag, stamp, need, ONE,
                                              probes, pcount, vals, m + 1)
                        figs[0] += cost
                        if left:
                            figs[1] += 1
                            break
                    value = v
                if value < 0:  # past the window: compute the heap again from all its moves
                    for si in range(lims2.shape[0]):
                        lims2[si] = 0
                    value, stamp = heap_mex(g, m, m + 1, splits, takes, wholes, unequal, rk, nrare,
                                            israre, commons, rares, nc, nrv, e, f, t, vb, seen,
                                            needtag, stamp, need, probes, pcount, vals, bm, lims2,
                                            figs)
                if value > 65535:
                    ctl[CTL_WHY] = WHY_OVER
                    store_release(ctl, CTL_STOP, m)
                    break
                rare = israre[1 ^ (e & m) ^ f, value]
                if rare and nrare == rk.shape[0]:  # the rare list is full: the caller grows it
                    ctl[CTL_WHY] = WHY_ROOM
                    store_release(ctl, CTL_STOP, m)
                    break
                record(g, m, value, cnt, probes, pcount, occ)
                if rare:
                    add_rare_at(rk, nrare, m, value)
                    nrare += 1
                    store_release(ctl, CTL_NRARE, nrare)
                why = WHY_END
                if value >> bits:
                    why = WHY_BIT
                elif not fixed and (m + 1 >= next_check or nrare > 2 * at_choice + 16):
                    why = WHY_CHOOSE
                if why != WHY_END:  # at n_end too: the caller acts on it
                    ctl[CTL_WHY] = why
                    store_release(ctl, CTL_STOP, m + 1)
                m += 1
                if m & 7 == 0:  # published every 8 heaps: the other thread reads it
                    store_release(ctl, CTL_DONE, m)
            store_release(ctl, CTL_DONE, m)
            store_release(ctl, CTL_LOCK, 0)
            # a heap made ready while the lock was held is committed now (its
            # thread found the lock taken)
            m = load_acquire(ctl, CTL_DONE)
            if m > n_end or m >= load_acquire(ctl, CTL_STOP) or load_acquire(slots, m % w) >> 20 != m:
                break


@jit
def rebuild_rare(g: Any, n: int, israre: Any, e: int, f: int, rk: Any) -> int:
    # the rare list of heaps 1..n under the current split, into rk as far as
    # it has room; returns its length (more than len(rk): grow rk and call again)
    nrare = ZERO
    for i in range(1, n + 1):
        if israre[1 ^ (e & i) ^ f, g[i]]:
            if nrare < rk.shape[0]:
                add_rare_at(rk, nrare, i, np.int64(g[i]))
            nrare += 1
    return nrare


@jit
def pipe_split(first: bool, g: Any, n: int, m: int, splits: Any, state: Any, cnt: Any,
               probes: Any, pcount: Any, occ: Any, israre: Any, commons: Any, rares: Any,
               nc: Any, nrv: Any, ks: Any) -> bool:
    # the split and its schedule, into ks. first: the start of a call on
    # g[0..n-1] to heap m, as _rare_jit.rare_kernel starts (the same state and
    # workspace); returns whether the rare list (state[S_RARE] entries) is kept
    # from the last call; if not, the caller rebuilds it (rebuild_rare) and sets
    # KS_AT_CHOICE to its length. Else: heap n stopped a run (a new value bit, or
    # a re-choice due), the rare list has m entries: the one-core kernel's
    # schedule at that heap; returns whether the rare list is to be rebuilt (then
    # the caller sets KS_AT_CHOICE). One kernel for both: they share the split's
    # choice (wht_best, set_tables), compiled once
    if first:
        resume, bits, mask, e, f = start_split(g, n, splits, state, cnt, probes, pcount, occ,
                                               israre, commons, rares, nc, nrv)
        state[S_STOP] = m + 1
        ks[KS_BITS] = bits
        ks[KS_MASK] = mask
        ks[KS_E] = e
        ks[KS_F] = f
        ks[KS_AT_CHOICE] = state[S_AT_CHOICE] if resume else -1
        ks[KS_NEXT] = state[S_NEXT] if resume else max(state[S_NEXT], 2 * n)
        ks[KS_FIXED] = state[S_FIXED] != 0
        ks[KS_T] = splits[0] if splits.shape[0] == 1 else 0
        return resume
    bits, mask, e, f, at_choice, next_check, rebuild = next_split(
        n, np.int64(g[n]), ks[KS_BITS], ks[KS_MASK], ks[KS_E], ks[KS_F], ks[KS_FIXED] != 0, m,
        ks[KS_AT_CHOICE], ks[KS_NEXT], cnt, splits.shape[0] == 1, israre, commons, rares, nc,
        nrv, state)
    ks[KS_BITS] = bits
    ks[KS_MASK] = mask
    ks[KS_E] = e
    ks[KS_F] = f
    ks[KS_AT_CHOICE] = at_choice
    ks[KS_NEXT] = next_check
    return rebuild


@jit
def pipe_end(n_end: int, nrare: int, state: Any, ks: Any, figs: Any) -> None:
    # the state vector after the last run, as _rare_jit.rare_kernel leaves it
    bits = ks[KS_BITS]
    for i in range(figs.shape[0]):
        state[S_SCANNED] += figs[i, 0]
        state[S_FULL] += figs[i, 1]
        state[S_VEC] += figs[i, 2]
    state[S_MASK] = ks[KS_MASK] & ((1 << bits) - 1) if ks[KS_FIXED] == 0 else ks[KS_MASK]
    state[S_E] = ks[KS_E]
    state[S_F] = ks[KS_F]
    state[S_NEXT] = ks[KS_NEXT]
    state[S_RARE] = nrare
    state[S_BITS] = bits
    state[S_AT_CHOICE] = ks[KS_AT_CHOICE]
    state[S_AT] = min(state[S_STOP], n_end + 1)
