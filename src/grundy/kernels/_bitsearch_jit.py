"""The compiled part of :mod:`grundy.kernels.bitsearch`: the pruned search of a game
whose positions are 64-bit words, and the bitboard rules of Cram and Node Kayles.

A game is four numba functions of ``(ctx, ...)``, ``ctx`` a uint64 array the game
reads its constants from (a table of dominoes, a graph):

- ``moves(ctx, g, out) -> n``: the options of ``g`` into ``out[:n]``, in the order
  the search should try them;
- ``split(ctx, g, out) -> n``: the independent parts of ``g`` into ``out[:n]``
  (parts of value 0 may be left out; none when ``g`` is over);
- ``canon(ctx, g) -> g'``: the representative of ``g``'s symmetry class (``g``
  itself when there is none); never 0;
- ``formula(ctx, g) -> v``: the value of ``g`` when a closed form knows it, else -1.

Positions are never 0 (the table's empty key); a game must be acyclic.
"""

# mypy: ignore-errors
from __future__ import annotations

import hashlib
import types

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True)

U1 = np.uint64(1)
U0 = np.uint64(0)
GOLD = np.uint64(0x9E3779B97F4A7C15)
VALUE_MASK = np.uint64(0xFF)
EXCL_BITS = 56  # nimbers 0..55 can be recorded as excluded

# frame kinds and columns of `fr`
Q = 0  # does the player to move win g + *k?
V = 1  # the Grundy value of g (by the outcomes of g + *k)
M = 2  # the value of g if it lies in the set F_K (Beling and Rogalski's mex sets)
VM = 3  # the Grundy value of g by mex sets: g asked about {0}, {1}, ... in turn
F_KIND, F_K, F_PHASE, F_BASE, F_END, F_CUR, F_X, F_IDX = 0, 1, 2, 3, 4, 5, 6, 7
F_P, F_HI, F_EXACT, F_ASK = 8, 9, 10, 11  # of an M frame
COLUMNS = 12
# sets of nimbers in M frames: bitmasks of int64 over the nimbers 0..62; ALL: every nimber
SET_BITS = 63
ALL = -1
MASK63 = np.int64(0x7FFFFFFFFFFFFFFF)
EXCL_MASK = np.int64((1 << 56) - 1)
# scalars of `st`
S_DEPTH, S_PTOP, S_HAVE, S_RET, S_NODES, S_STATUS, S_STORED, S_EVICTED = 0, 1, 2, 3, 4, 5, 6, 7
S_FULL = 8  # table slots in use
# statuses
DONE, PAUSED, STACK_FULL, BUFFER_FULL, BAD_VALUE, BAD_MOVES = 0, 1, 2, 3, 4, 5


@jit
def popcount(x):
    x = np.uint64(x)
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@jit
def low_index(x):
    """The index of the lowest set bit of x (x != 0)."""
    x = np.uint64(x)
    return popcount((x & (~x + U1)) - U1)


@jit
def high_index(x):
    """The index of the highest set bit of x (x != 0)."""
    x = np.uint64(x)
    n = 0
    for s in (32, 16, 8, 4, 2, 1):
        if x >> np.uint64(s):
            x >>= np.uint64(s)
            n += s
    return n


@jit
def reverse_bits(x, n):
    """The lowest n bits of x in reverse order (1 <= n <= 64)."""
    x = np.uint64(x)
    x = ((x >> np.uint64(1)) & np.uint64(0x5555555555555555)) | ((x & np.uint64(0x5555555555555555)) << np.uint64(1))
    x = ((x >> np.uint64(2)) & np.uint64(0x3333333333333333)) | ((x & np.uint64(0x3333333333333333)) << np.uint64(2))
    x = ((x >> np.uint64(4)) & np.uint64(0x0F0F0F0F0F0F0F0F)) | ((x & np.uint64(0x0F0F0F0F0F0F0F0F)) << np.uint64(4))
    x = ((x >> np.uint64(8)) & np.uint64(0x00FF00FF00FF00FF)) | ((x & np.uint64(0x00FF00FF00FF00FF)) << np.uint64(8))
    x = ((x >> np.uint64(16)) & np.uint64(0x0000FFFF0000FFFF)) | ((x & np.uint64(0x0000FFFF0000FFFF)) << np.uint64(16))
    x = (x >> np.uint64(32)) | (x << np.uint64(32))
    return x >> np.uint64(64 - n)


# ------------------------------------------------------------------ the table


@jit
def t_slot(tkeys, key):
    """The slot of ``key`` in the table, or -1 (buckets of four slots)."""
    bits = high_index(np.uint64(len(tkeys)))
    b = np.int64(((np.uint64(key) * GOLD) >> np.uint64(64 - bits)) & ~np.uint64(3))
    for i in range(4):
        if tkeys[b + i] == key:
            return b + i
    return -1


@jit
def t_get(tkeys, tdata, key):
    i = t_slot(tkeys, key)
    if i < 0:
        return U0
    return tdata[i]


@jit
def t_put(tkeys, tdata, st, key, data):
    """Store ``data`` under ``key``: its slot, else a free one of its bucket, else
    evict the bucket's entry with no exact value, else the first."""
    bits = high_index(np.uint64(len(tkeys)))
    b = np.int64(((np.uint64(key) * GOLD) >> np.uint64(64 - bits)) & ~np.uint64(3))
    free = -1
    weak = -1
    for i in range(4):
        k = tkeys[b + i]
        if k == key:
            tdata[b + i] = data
            return
        if k == U0:
            if free < 0:
                free = b + i
        elif weak < 0 and (tdata[b + i] & VALUE_MASK) == U0:
            weak = b + i
    if free >= 0:
        tkeys[free] = key
        tdata[free] = data
        st[S_FULL] += 1
        return
    if weak < 0:
        # the bucket holds four values: the one at the key's own turn goes
        weak = b + np.int64((np.uint64(key) >> np.uint64(7)) & np.uint64(3))
    tkeys[weak] = key
    tdata[weak] = data
    st[S_EVICTED] += 1


def known(ctx, tkeys, tdata, st, g):
    """The table's word of ``g`` (the closed form asked on a miss, and kept).
    A template, as :func:`search_w`: ``formula``, ``tg`` and ``tp`` are the game's."""
    d = tg(tkeys, tdata, g)
    if d == U0:
        f = formula(ctx, g)
        if f >= 0:
            d = np.uint64(f + 1)
            tp(tkeys, tdata, st, g, d)
    return d


@jit
def excluded(d, k):
    return k < EXCL_BITS and (d >> np.uint64(8 + k)) & U1 == U1


@jit
def insert(tkeys, tdata, st, keys, datas):
    """Put saved entries back (a stored table)."""
    for i in range(len(keys)):
        t_put(tkeys, tdata, st, keys[i], datas[i])


@jit
def xor_set(mask, x):
    """``({n ^ x : n in mask}, lost)``: ``lost`` when some ``n ^ x`` is past the sets'
    range (the kernel then stops with ``BAD_VALUE``)."""
    out = np.int64(0)
    lost = False
    while mask:
        n = low_index(np.uint64(mask))
        mask &= mask - 1
        m = n ^ x
        if m < SET_BITS:
            out |= np.int64(1) << m
        else:
            lost = True
    return out, lost


@jit
def set_rest(p, hi):
    """The possible values ``p`` (plus ``hi`` values past the range) without their
    largest: ``p`` itself when there are values past the range."""
    if hi > 0:
        return p
    return p & ~(np.int64(1) << high_index(np.uint64(p)))


@jit
def mex_apply(p, hi, exact, v):
    """An option has the value ``v`` (``-1``: not in the set it was asked about): ``v``
    leaves the possible values if it is one of them but the largest, else the largest
    does (and an unknown ``v`` makes the frame's answer inexact)."""
    rest = set_rest(p, hi)
    if v >= 0 and v < SET_BITS and (rest >> v) & 1:
        return p ^ (np.int64(1) << v), hi, exact
    if v < 0:
        exact = 0
    if hi > 0:
        return p, hi - 1, exact
    return rest, hi, exact


@jit
def meets(p, hi, ask):
    """Whether the possible values meet the set ``ask``."""
    if ask == ALL:
        return True
    return (p & ask) != 0


# ------------------------------------------------------------------ the search


# search_w, search_m and known are templates, never compiled as they stand: the
# names `moves`, `split`, `canon`, `formula` (the game's functions), `pld`,
# `psto`, `pmk`, `plo`, `ppop` (positions: load, store, make from an int, low
# word, popcount), `tg`, `tp` (the table: get, put) and `known` are globals that
# `specialise` binds for each game. A copy of each then compiles as one
# ordinary cached kernel, its calls resolved at compile time. (Passing the
# functions as arguments instead needs the search inlined into each entry point
# to stay cacheable: numba copies the IR of an inlined function, and that copy
# was 30-40% of a fresh process's compile of each game, about 3.5 s of 12.)
# The two searches share no frame (a query pushes queries and value frames, a
# mex-set frame mex-set frames), so each is a kernel of its own, compiled on its
# first call: a game searched one way only never compiles the other (each is
# about half of the compile of the two in one kernel).
def search_w(ctx, tkeys, tdata, fr, fg, pbuf, mbuf, sbuf, st, max_nodes):
    """Run the frames on the stack ``fr``/``fg`` until the bottom one is answered
    (``DONE``; its answer in ``st[S_RET]``: 1/0 won/lost for a query, the value
    for a value frame) or ``max_nodes`` queries have been opened (``PAUSED``: call
    again to go on). A query ``g + *k`` is won by an option whose parts with
    ``*k`` are lost, found in two passes: options the table decides first, then
    the others in the game's order, each as the values of all its parts but the
    last (value frames) and the outcome of the last plus their XOR; else by a
    heap move ``g + *j``, ``j < k``, that is lost. A value frame asks ``g + *j``
    for ``j = 0, 1, ...`` until one is lost. Frames of the kinds ``Q`` and ``V``
    only (:func:`search_m` runs the others)."""
    depth = st[S_DEPTH]
    ptop = st[S_PTOP]
    have = st[S_HAVE]
    ret = st[S_RET]
    nodes = st[S_NODES]
    status = DONE
    nfr = fr.shape[0]
    npb = pbuf.shape[0]
    while depth > 0:
        d = depth - 1
        g = pld(fg, d)
        kind = fr[d, F_KIND]
        if kind == V:
            j = fr[d, F_K]
            if have:
                have = 0
                if ret == 0:  # g + *j is lost: the value is j
                    depth -= 1
                    ret = j
                    have = 1
                    continue
                j += 1
            v = -1
            while True:
                w = known(ctx, tkeys, tdata, st, g)
                if w & VALUE_MASK:
                    v = np.int64(w & VALUE_MASK) - 1
                    break
                if excluded(w, j):
                    j += 1
                    continue
                break
            if v >= 0:
                depth -= 1
                ret = v
                have = 1
                continue
            fr[d, F_K] = j
            if depth >= nfr:
                status = STACK_FULL
                break
            fr[depth, F_KIND] = Q
            fr[depth, F_K] = j
            fr[depth, F_PHASE] = 0
            psto(fg, depth, g)
            depth += 1
            continue

        # a query: g + *k
        k = fr[d, F_K]
        phase = fr[d, F_PHASE]
        won = -1
        if phase == 0:  # open: list the options, answer from the table if it can
            if nodes >= max_nodes:
                status = PAUSED
                break
            nodes += 1
            fr[d, F_BASE] = ptop
            nm = moves(ctx, g, mbuf)
            if nm < 0 or nm > mbuf.shape[0]:
                status = BAD_MOVES
                break
            for m in range(nm):
                nparts = split(ctx, pld(mbuf, m), sbuf)
                if nparts < 0 or nparts > sbuf.shape[0]:
                    status = BAD_MOVES
                    break
                x = 0
                nunk = 0
                u = pmk(0)
                for i in range(nparts):
                    c = canon(ctx, pld(sbuf, i))
                    psto(sbuf, i, c)
                    w = known(ctx, tkeys, tdata, st, c)
                    if w & VALUE_MASK:
                        x ^= np.int64(w & VALUE_MASK) - 1
                    else:
                        nunk += 1
                        u = c
                if nunk == 0:
                    if x == k:
                        won = 1
                        break
                    continue
                if nunk == 1 and excluded(tg(tkeys, tdata, u), k ^ x):
                    continue
                if ptop + nparts + 1 > npb:
                    status = BUFFER_FULL
                    break
                # the record: the count, the known parts, the unknown ones by size
                # (the largest last: only its outcome is asked)
                psto(pbuf, ptop, pmk(nparts))
                a = ptop + 1
                for i in range(nparts):
                    w = tg(tkeys, tdata, pld(sbuf, i))
                    if w & VALUE_MASK:
                        psto(pbuf, a, pld(sbuf, i))
                        a += 1
                s0 = a
                for i in range(nparts):
                    w = tg(tkeys, tdata, pld(sbuf, i))
                    if not (w & VALUE_MASK):
                        c = pld(sbuf, i)
                        pc = ppop(c)
                        b = a
                        while b > s0 and ppop(pld(pbuf, b - 1)) > pc:
                            psto(pbuf, b, pld(pbuf, b - 1))
                            b -= 1
                        psto(pbuf, b, c)
                        a += 1
                ptop = a
            if status != DONE:
                break
            if won < 0:
                fr[d, F_END] = ptop
                fr[d, F_CUR] = fr[d, F_BASE]
                fr[d, F_IDX] = 0
                fr[d, F_X] = 0
                phase = 1
        if phase == 1:  # the options in order
            cur = fr[d, F_CUR]
            idx = fr[d, F_IDX]
            x = fr[d, F_X]
            pushed = False
            while won < 0 and cur < fr[d, F_END]:
                n = np.int64(plo(pld(pbuf, cur)))
                if have:
                    have = 0
                    if idx < n - 1:  # a part's value
                        x ^= ret
                        idx += 1
                    else:  # the last part's outcome
                        if ret == 0:
                            won = 1
                            break
                        cur += n + 1
                        idx = 0
                        x = 0
                        continue
                while idx < n - 1:
                    c = pld(pbuf, cur + 1 + idx)
                    w = known(ctx, tkeys, tdata, st, c)
                    if w & VALUE_MASK:
                        x ^= np.int64(w & VALUE_MASK) - 1
                        idx += 1
                        continue
                    break
                if idx < n - 1:  # a value frame for that part
                    if depth >= nfr:
                        status = STACK_FULL
                        break
                    fr[depth, F_KIND] = V
                    fr[depth, F_K] = 0
                    psto(fg, depth, pld(pbuf, cur + 1 + idx))
                    pushed = True
                    break
                c = pld(pbuf, cur + n)
                kk = k ^ x
                w = known(ctx, tkeys, tdata, st, c)
                if w & VALUE_MASK:
                    if np.int64(w & VALUE_MASK) - 1 == kk:
                        won = 1
                        break
                elif not excluded(w, kk):
                    if depth >= nfr:
                        status = STACK_FULL
                        break
                    fr[depth, F_KIND] = Q
                    fr[depth, F_K] = kk
                    fr[depth, F_PHASE] = 0
                    psto(fg, depth, c)
                    pushed = True
                    break
                cur += n + 1
                idx = 0
                x = 0
            if status != DONE:
                break
            fr[d, F_CUR] = cur
            fr[d, F_IDX] = idx
            fr[d, F_X] = x
            if pushed:
                fr[d, F_PHASE] = 1
                depth += 1
                continue
            if won < 0:
                phase = 2
                fr[d, F_IDX] = 0
        if phase == 2:  # heap moves: g + *j, j < k, lost
            j = fr[d, F_IDX]
            if have:
                have = 0
                if ret == 0:
                    won = 1
                else:
                    j += 1
            pushed = False
            while won < 0 and j < k:
                w = known(ctx, tkeys, tdata, st, g)
                if w & VALUE_MASK:
                    won = 1 if np.int64(w & VALUE_MASK) - 1 != k else 0
                    break
                if excluded(w, j):
                    j += 1
                    continue
                if depth >= nfr:
                    status = STACK_FULL
                    break
                fr[depth, F_KIND] = Q
                fr[depth, F_K] = j
                fr[depth, F_PHASE] = 0
                psto(fg, depth, g)
                pushed = True
                break
            if status != DONE:
                break
            if pushed:
                fr[d, F_IDX] = j
                fr[d, F_PHASE] = 2
                depth += 1
                continue
            if won < 0:
                won = 0
        # answered: keep it, pop the frame
        w = tg(tkeys, tdata, g)
        if won == 1:
            if k < EXCL_BITS:
                tp(tkeys, tdata, st, g, w | (U1 << np.uint64(8 + k)))
        else:
            if k >= 255:
                status = BAD_VALUE
                break
            tp(tkeys, tdata, st, g, np.uint64(k + 1))
            st[S_STORED] += 1
        ptop = fr[d, F_BASE]
        depth -= 1
        ret = won
        have = 1
    st[S_DEPTH] = depth
    st[S_PTOP] = ptop
    st[S_HAVE] = have
    st[S_RET] = ret
    st[S_NODES] = nodes
    st[S_STATUS] = status
    return status


def search_m(ctx, tkeys, tdata, fr, fg, pbuf, mbuf, sbuf, st, max_nodes):
    """Run the frames of Beling and Rogalski's mex sets (kinds ``M`` and ``VM``) as
    :func:`search_w` runs queries: an ``M`` frame answers the value of ``g`` if it
    lies in the set ``F_K`` (else -1), a ``VM`` frame the value of ``g``, asking
    ``{0}``, ``{1}``, ... in turn."""
    depth = st[S_DEPTH]
    ptop = st[S_PTOP]
    have = st[S_HAVE]
    ret = st[S_RET]
    nodes = st[S_NODES]
    status = DONE
    nfr = fr.shape[0]
    npb = pbuf.shape[0]
    while depth > 0:
        d = depth - 1
        g = pld(fg, d)
        kind = fr[d, F_KIND]
        if kind == VM:  # a value by mex sets: {0}, {1}, ... (Beling's aspiration sets)
            j = fr[d, F_K]
            if have:
                have = 0
                if ret >= 0:
                    depth -= 1
                    have = 1
                    continue
                j += 1
            v = -1
            while True:
                w = known(ctx, tkeys, tdata, st, g)
                if w & VALUE_MASK:
                    v = np.int64(w & VALUE_MASK) - 1
                    break
                if excluded(w, j):
                    j += 1
                    continue
                break
            if v >= 0:
                depth -= 1
                ret = v
                have = 1
                continue
            fr[d, F_K] = j
            if depth >= nfr:
                status = STACK_FULL
                break
            fr[depth, F_KIND] = M
            fr[depth, F_K] = np.int64(1) << j if j < SET_BITS - 1 else ALL
            fr[depth, F_PHASE] = 0
            psto(fg, depth, g)
            depth += 1
            continue
        want = fr[d, F_K]
        phase = fr[d, F_PHASE]
        ans = -2  # not yet answered
        opened = phase == 1
        if phase == 0:
            fr[d, F_BASE] = ptop
            w = known(ctx, tkeys, tdata, st, g)
            ask = want
            if w & VALUE_MASK:
                ans = np.int64(w & VALUE_MASK) - 1
            elif want != ALL:
                ask = want & ~(np.int64(w >> np.uint64(8)) & EXCL_MASK)
                if ask == 0:
                    ans = -1
            if ans == -2:
                if nodes >= max_nodes:
                    status = PAUSED
                    break
                nodes += 1
                opened = True
                nm = moves(ctx, g, mbuf)
                if nm < 0 or nm > mbuf.shape[0]:
                    status = BAD_MOVES
                    break
                # the possible values {0..nm}: those past the range counted in hi
                if nm + 1 < SET_BITS:
                    p = (np.int64(1) << (nm + 1)) - 1
                    hi = 0
                else:
                    p = MASK63
                    hi = nm + 1 - SET_BITS
                for m in range(nm):
                    nparts = split(ctx, pld(mbuf, m), sbuf)
                    if nparts < 0 or nparts > sbuf.shape[0]:
                        status = BAD_MOVES
                        break
                    x = 0
                    nunk = 0
                    for i in range(nparts):
                        c = canon(ctx, pld(sbuf, i))
                        w = known(ctx, tkeys, tdata, st, c)
                        if w & VALUE_MASK:
                            x ^= np.int64(w & VALUE_MASK) - 1
                        else:
                            psto(sbuf, nunk, c)
                            nunk += 1
                    if nunk == 0:
                        if x < SET_BITS:
                            p &= ~(np.int64(1) << x)
                            if not meets(p, hi, ask):  # the value is not in the set
                                ans = -1
                                break
                        continue
                    if ptop + nunk + 2 > npb:
                        status = BUFFER_FULL
                        break
                    # the record: the count of unknown parts, the XOR of the known
                    # ones, the unknown ones by size (the largest last)
                    psto(pbuf, ptop, pmk(nunk))
                    psto(pbuf, ptop + 1, pmk(x))
                    s0 = ptop + 2
                    a = s0
                    for i in range(nunk):
                        c = pld(sbuf, i)
                        pc = ppop(c)
                        b = a
                        while b > s0 and ppop(pld(pbuf, b - 1)) > pc:
                            psto(pbuf, b, pld(pbuf, b - 1))
                            b -= 1
                        psto(pbuf, b, c)
                        a += 1
                    ptop = a
                if status != DONE:
                    ptop = fr[d, F_BASE]
                    break
            if ans == -2:
                fr[d, F_END] = ptop
                fr[d, F_CUR] = fr[d, F_BASE]
                fr[d, F_IDX] = 0
                fr[d, F_X] = 0
                fr[d, F_P] = p
                fr[d, F_HI] = hi
                fr[d, F_EXACT] = 1
                fr[d, F_ASK] = ask
                phase = 1
        if phase == 1:
            cur = fr[d, F_CUR]
            end = fr[d, F_END]
            idx = fr[d, F_IDX]
            x = fr[d, F_X]
            p = fr[d, F_P]
            hi = fr[d, F_HI]
            exact = fr[d, F_EXACT]
            ask = fr[d, F_ASK]
            pushed = False
            while True:
                if cur >= end:  # every option seen: the least possible value
                    if not meets(p, hi, ask):
                        ans = -1
                    elif p == 0:
                        status = BAD_VALUE
                    else:
                        least = low_index(np.uint64(p))
                        if exact or ask == ALL or least <= high_index(np.uint64(ask)):
                            ans = least
                        else:
                            ans = -1
                    break
                n = np.int64(plo(pld(pbuf, cur)))
                if have:
                    have = 0
                    if idx < n - 1:  # a part's value
                        x ^= ret
                        idx += 1
                    else:  # the last part's answer
                        v = ret
                        if v >= 0:
                            v ^= x ^ np.int64(plo(pld(pbuf, cur + 1)))
                        p, hi, exact = mex_apply(p, hi, exact, v)
                        cur += n + 2
                        idx = 0
                        x = 0
                        continue
                if idx == 0 and not meets(p, hi, ask):
                    ans = -1
                    break
                while idx < n - 1:
                    c = pld(pbuf, cur + 2 + idx)
                    w = known(ctx, tkeys, tdata, st, c)
                    if w & VALUE_MASK:
                        x ^= np.int64(w & VALUE_MASK) - 1
                        idx += 1
                        continue
                    break
                if idx < n - 1:  # the exact value of that part
                    if depth >= nfr:
                        status = STACK_FULL
                        break
                    fr[depth, F_KIND] = M
                    fr[depth, F_K] = ALL
                    fr[depth, F_PHASE] = 0
                    psto(fg, depth, pld(pbuf, cur + 2 + idx))
                    pushed = True
                    break
                upto = MASK63 if ask == ALL else \
                    (np.int64(1) << (high_index(np.uint64(ask)) + 1)) - 1
                q = set_rest(p, hi) & upto
                xx = x ^ np.int64(plo(pld(pbuf, cur + 1)))
                v = -1
                c = pld(pbuf, cur + 1 + n)
                w = known(ctx, tkeys, tdata, st, c)
                if w & VALUE_MASK:
                    v = (np.int64(w & VALUE_MASK) - 1) ^ xx
                elif q:
                    q, lost = xor_set(q, xx)
                    if lost:
                        status = BAD_VALUE
                        break
                    q &= ~(np.int64(w >> np.uint64(8)) & EXCL_MASK)
                    if q:
                        if depth >= nfr:
                            status = STACK_FULL
                            break
                        fr[depth, F_KIND] = M
                        fr[depth, F_K] = q
                        fr[depth, F_PHASE] = 0
                        psto(fg, depth, c)
                        pushed = True
                        break
                p, hi, exact = mex_apply(p, hi, exact, v)
                cur += n + 2
                idx = 0
                x = 0
            if status != DONE:
                break
            if pushed:
                fr[d, F_CUR] = cur
                fr[d, F_IDX] = idx
                fr[d, F_X] = x
                fr[d, F_P] = p
                fr[d, F_HI] = hi
                fr[d, F_EXACT] = exact
                fr[d, F_PHASE] = 1
                depth += 1
                continue
        if opened:  # answered by a search: keep it
            if ans >= 0:
                if ans >= 255:
                    status = BAD_VALUE
                    break
                tp(tkeys, tdata, st, g, np.uint64(ans + 1))
                st[S_STORED] += 1
            elif want != ALL:
                w = tg(tkeys, tdata, g)
                tp(tkeys, tdata, st, g, w | (np.uint64(want & EXCL_MASK) << np.uint64(8)))
        ptop = fr[d, F_BASE]
        depth -= 1
        ret = ans
        have = 1
    st[S_DEPTH] = depth
    st[S_PTOP] = ptop
    st[S_HAVE] = have
    st[S_RET] = ret
    st[S_NODES] = nodes
    st[S_STATUS] = status
    return status


# ------------------------------------------------------------------ positions
# The search reaches positions through these (inlined): one uint64 here; a pair
# of words in :mod:`grundy.kernels._bitwide_jit`.

inl = numba.njit(inline="always", nogil=True)


@inl
def ld1(a, i):
    return a[i]


@inl
def sto1(a, i, g):
    a[i] = g


@inl
def mk1(n):
    return np.uint64(n)


@inl
def lo1(g):
    return g


@inl
def pop1(g):
    return popcount(g)


ONE_WORD = dict(pld=ld1, psto=sto1, pmk=mk1, plo=lo1, ppop=pop1, tg=t_get, tp=t_put)


def specialise(name, where, cache=True, **functions):
    """The searches of :func:`search_w` and :func:`search_m` compiled over
    ``functions`` (the game's ``moves``, ``split``, ``canon``, ``formula``, and
    the positions' and the table's, as :data:`ONE_WORD`): copies of them and of
    :func:`known` whose globals are this module's with ``functions`` bound, the
    kernels ``name`` and ``name + "_mex"``, cached on disk when ``cache``.

    numba names a cached kernel by the file of its code (this one) and its own
    name, and notices edits to that file only: a kernel over functions of the
    module ``where`` (its ``__file__``) has a digest of that module's source in
    its name, so an edit there compiles it afresh."""
    if where is not None and where != __file__:
        with open(where, "rb") as f:
            name = f"{name}_{hashlib.sha256(f.read()).hexdigest()[:12]}"
    space = dict(globals())
    space.update(functions)
    compile_ = numba.njit(cache=cache, nogil=True)
    for template, fname in ((known, f"{name}_known"), (search_w, name),
                            (search_m, f"{name}_mex")):
        f = types.FunctionType(template.__code__, space, fname)
        f.__qualname__ = fname
        space[template.__name__] = compile_(f)
    return space["search_w"], space["search_m"]


# ------------------------------------------------------------------ defaults


@jit
def same(ctx, g):
    """No symmetry: every position is its own representative."""
    return g


@jit
def no_formula(ctx, g):
    """No closed form."""
    return -1


# ------------------------------------------------------------------ Cram
# A Cram part is the word  cells | h << 56 | w << 60  (h rows, w columns, cell
# (r, c) the bit r * w + c, h * w <= 56). ctx[h * 16 + w] is the offset in ctx of
# the board's dominoes (a count, then the masks, central ones first).

CRAM_CELLS = 56
CELLS_MASK = np.uint64((1 << 56) - 1)


@jit
def cram_dims(g):
    return np.int64((g >> np.uint64(56)) & np.uint64(15)), np.int64(g >> np.uint64(60))


@jit
def cram_word(b, h, w):
    return np.uint64(b) | (np.uint64(h) << np.uint64(56)) | (np.uint64(w) << np.uint64(60))


@jit
def cram_moves(ctx, g, out):
    h, w = cram_dims(g)
    b = g & CELLS_MASK
    off = np.int64(ctx[h * 16 + w])
    nd = np.int64(ctx[off])
    n = 0
    for i in range(nd):
        dm = ctx[off + 1 + i]
        if b & dm == dm:
            out[n] = g ^ dm
            n += 1
    return n


@jit
def cram_split(ctx, g, out):
    h, w = cram_dims(g)
    b = g & CELLS_MASK
    wu = np.uint64(w)
    row = (U1 << wu) - U1
    first = U0  # cells of column 0
    for r in range(h):
        first |= U1 << np.uint64(r * w)
    last = first << np.uint64(w - 1)
    not_first = ~first
    not_last = ~last
    n = 0
    while b:
        comp = b & (~b + U1)
        while True:
            nb = comp | ((comp << U1) & not_first) | ((comp >> U1) & not_last) \
                | (comp << wu) | (comp >> wu)
            nb &= b
            if nb == comp:
                break
            comp = nb
        b ^= comp
        if comp & (comp - U1) == U0:  # a single cell: no domino, value 0
            continue
        r0 = low_index(comp) // w
        r1 = high_index(comp) // w
        cols = U0
        for r in range(r0, r1 + 1):
            cols |= (comp >> np.uint64(r * w)) & row
        c0 = low_index(cols)
        w2 = high_index(cols) - c0 + 1
        row2 = (U1 << np.uint64(w2)) - U1
        p = U0
        for r in range(r0, r1 + 1):
            p |= ((comp >> np.uint64(r * w + c0)) & row2) << np.uint64((r - r0) * w2)
        out[n] = cram_word(p, r1 - r0 + 1, w2)
        n += 1
    return n


@jit
def cram_flip_rows(b, h, w):
    """The board upside down (rows in reverse order)."""
    row = (U1 << np.uint64(w)) - U1
    out = U0
    for r in range(h):
        out |= ((b >> np.uint64(r * w)) & row) << np.uint64((h - 1 - r) * w)
    return out


@jit
def cram_transpose(b, h, w):
    out = U0
    while b:
        i = low_index(b)
        b &= b - U1
        r = i // w
        c = i - r * w
        out |= U1 << np.uint64(c * h + r)
    return out


@jit
def cram_least4(b, h, w):
    """The least word of the board under the half turn and the two reflections."""
    n = h * w
    best = cram_word(b, h, w)
    t = cram_word(reverse_bits(b, n), h, w)
    if t < best:
        best = t
    v = cram_flip_rows(b, h, w)
    t = cram_word(v, h, w)
    if t < best:
        best = t
    t = cram_word(reverse_bits(v, n), h, w)
    if t < best:
        best = t
    return best


@jit
def cram_canon(ctx, g):
    h, w = cram_dims(g)
    b = g & CELLS_MASK
    best = cram_least4(b, h, w)
    t = cram_least4(cram_transpose(b, h, w), w, h)
    if t < best:
        best = t
    return best


@jit
def cram_formula(ctx, g):
    """The mirror strategy: a board equal to its half turn with no free domino
    meeting its own image is lost (value 0); else -1."""
    h, w = cram_dims(g)
    b = g & CELLS_MASK
    n = h * w
    if reverse_bits(b, n) != b:
        return -1
    off = np.int64(ctx[h * 16 + w])
    nd = np.int64(ctx[off])
    for i in range(nd):
        dm = ctx[off + 1 + i]
        if b & dm == dm and dm & reverse_bits(dm, n):
            return -1
    return 0


cram_search, cram_search_mex = specialise(
    "cram_search", None, moves=cram_moves, split=cram_split, canon=cram_canon,
    formula=cram_formula, **ONE_WORD)


# ------------------------------------------------------------------ Node Kayles
# A part is the bitmask of the vertices left of one fixed graph of at most 64
# vertices; ctx[v] is the closed neighbourhood of v (0 past the last vertex), and
# ctx[64 + n] the value of the path of n vertices.


@jit
def nk_moves(ctx, g, out):
    """Take a vertex and its neighbours: options with fewer vertices left first."""
    n = 0
    rest = g
    while rest:
        v = low_index(rest)
        rest &= rest - U1
        o = g & ~ctx[v]
        pc = popcount(o)
        i = n
        while i > 0 and popcount(out[i - 1]) > pc:
            out[i] = out[i - 1]
            i -= 1
        out[i] = o
        n += 1
    return n


@jit
def nk_split(ctx, g, out):
    n = 0
    b = g
    while b:
        comp = b & (~b + U1)
        front = comp
        while front:
            v = low_index(front)
            front &= front - U1
            new = ctx[v] & b & ~comp
            comp |= new
            front |= new
        b ^= comp
        out[n] = comp
        n += 1
    return n


@jit
def nk_formula(ctx, g):
    """A part that is a path of n vertices is worth ``ctx[64 + n]`` (Dawson's chess),
    a cycle of n vertices 1 when the path of n - 3 is worth 0, else 0; others -1."""
    nv = popcount(g)
    twice = 0  # twice the edges
    rest = g
    while rest:
        v = low_index(rest)
        rest &= rest - U1
        d = popcount(ctx[v] & g) - 1
        if d > 2:
            return -1
        twice += d
    if twice == 2 * (nv - 1):
        return np.int64(ctx[64 + nv])
    if twice == 2 * nv:
        return 1 if ctx[64 + nv - 3] == U0 else 0
    return -1


nk_search, nk_search_mex = specialise(
    "nk_search", None, moves=nk_moves, split=nk_split, canon=same, formula=nk_formula,
    **ONE_WORD)
