"""Positions of two 64-bit words (up to 128 bits) for the compiled search of
:mod:`grundy.kernels._bitsearch_jit`: the operations the search reaches them
through, a transposition table of 16 bytes a slot, and the wide rules of Cram
(boards of up to 120 cells) and Node Kayles (graphs of up to 128 vertices).

A position is a numba tuple ``(lo, hi)`` of uint64; arrays of positions have
two columns. The game functions have the contracts of the one-word games, with
``out[n, 0]``, ``out[n, 1]`` written for an option or part.

The table keeps a slot in 16 bytes although a key has 128 bits: the key is mixed
by an invertible map (two Feistel rounds) into ``(a, b)``; the bucket is given by
the top bits of ``a``, so a slot stores ``b`` and the rest of ``a`` only, and 14
bits of facts: the value plus one (5 bits, values up to 30) and whether
``g + *k`` is won for ``k = 0..8``. Facts past that range are not kept (the
search finds them again); a table has at least 2**16 slots.
"""

# mypy: ignore-errors
from __future__ import annotations

import numba
import numpy as np

from grundy.kernels._bitsearch_jit import (
    S_EVICTED, S_FULL, U0, U1, high_index, inl, jit, low_index, popcount, reverse_bits,
    specialise)

C1 = np.uint64(0x9E3779B97F4A7C15)
C2 = np.uint64(0xC2B2AE3D27D4EB4F)
DATA_BITS = 14
DMASK = np.uint64((1 << DATA_BITS) - 1)
MIN_BUCKET_BITS = DATA_BITS  # buckets of four slots: tables of at least 2**16 slots


# ------------------------------------------------------------------ 128-bit words


@jit
def shl(lo, hi, s):
    """``(lo, hi) << s`` (0 <= s < 128), cut to 128 bits."""
    if s == 0:
        return lo, hi
    if s >= 64:
        return U0, lo << np.uint64(s - 64)
    return lo << np.uint64(s), (hi << np.uint64(s)) | (lo >> np.uint64(64 - s))


@jit
def shr(lo, hi, s):
    """``(lo, hi) >> s`` (0 <= s < 128)."""
    if s == 0:
        return lo, hi
    if s >= 64:
        return hi >> np.uint64(s - 64), U0
    return (lo >> np.uint64(s)) | (hi << np.uint64(64 - s)), hi >> np.uint64(s)


@jit
def low2(lo, hi):
    """The index of the lowest set bit (the pair is not 0)."""
    return low_index(lo) if lo else 64 + low_index(hi)


@jit
def high2(lo, hi):
    """The index of the highest set bit (the pair is not 0)."""
    return 64 + high_index(hi) if hi else high_index(lo)


@jit
def lowbit2(lo, hi):
    """The lowest set bit alone."""
    if lo:
        return lo & (~lo + U1), U0
    return U0, hi & (~hi + U1)


@inl
def ld2(a, i):
    return (a[i, 0], a[i, 1])


@inl
def sto2(a, i, g):
    a[i, 0] = g[0]
    a[i, 1] = g[1]


@inl
def mk2(n):
    return (np.uint64(n), U0)


@inl
def lo2(g):
    return g[0]


@inl
def pop2(g):
    return popcount(g[0]) + popcount(g[1])


# ------------------------------------------------------------------ the table


@jit
def mix(x):
    """MurmurHash3's finaliser (any function would do: Feistel rounds invert)."""
    x = np.uint64(x)
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xFF51AFD7ED558CCD)
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xC4CEB9FE1A85EC53)
    x ^= x >> np.uint64(33)
    return x


@jit
def encode(lo, hi):
    b = hi ^ mix(lo ^ C1)
    a = lo ^ mix(b ^ C2)
    return a, b


@jit
def decode(a, b):
    lo = a ^ mix(b ^ C2)
    hi = b ^ mix(lo ^ C1)
    return lo, hi


@jit
def bucket_bits(tkeys):
    return high_index(np.uint64(len(tkeys))) - 2


@jit
def to14(d):
    """A word of facts (the one-word table's layout) cut to 14 bits (0: nothing kept)."""
    v1 = d & np.uint64(0xFF)
    if v1:
        return v1 if v1 < np.uint64(32) else U0
    return ((d >> np.uint64(8)) & np.uint64(0x1FF)) << np.uint64(5)


@jit
def from14(x):
    return (x & np.uint64(31)) | (((x >> np.uint64(5)) & np.uint64(0x1FF)) << np.uint64(8))


@jit
def w_get(tkeys, tdata, g):
    """The facts of ``g`` in the one-word table's layout (0: none)."""
    bb = bucket_bits(tkeys)
    a, b = encode(g[0], g[1])
    base = np.int64(a >> np.uint64(64 - bb)) * 4
    rest = a << np.uint64(bb)
    for i in range(4):
        x = tdata[base + i]
        if tkeys[base + i] == b and (x & ~DMASK) == rest and x & DMASK:
            return from14(x & DMASK)
    return U0


@jit
def w_put(tkeys, tdata, st, g, d):
    """Keep the facts ``d`` of ``g``: its slot, a free one of its bucket, else an
    entry with no value, else the one at the key's turn."""
    x = to14(d)
    if x == U0:
        return
    bb = bucket_bits(tkeys)
    a, b = encode(g[0], g[1])
    base = np.int64(a >> np.uint64(64 - bb)) * 4
    rest = a << np.uint64(bb)
    free = -1
    weak = -1
    for i in range(4):
        y = tdata[base + i]
        if not (y & DMASK):
            if free < 0:
                free = base + i
        elif tkeys[base + i] == b and (y & ~DMASK) == rest:
            tdata[base + i] = rest | x
            return
        elif weak < 0 and (y & np.uint64(31)) == U0:
            weak = base + i
    if free >= 0:
        tkeys[free] = b
        tdata[free] = rest | x
        st[S_FULL] += 1
        return
    if weak < 0:
        weak = base + np.int64((b >> np.uint64(7)) & np.uint64(3))
    tkeys[weak] = b
    tdata[weak] = rest | x
    st[S_EVICTED] += 1


@jit
def w_entries(tkeys, tdata):
    """The kept entries: their positions (two columns) and facts."""
    bb = bucket_bits(tkeys)
    n = 0
    for i in range(len(tkeys)):
        if tdata[i] & DMASK:
            n += 1
    keys = np.zeros((n, 2), dtype=np.uint64)
    words = np.zeros(n, dtype=np.uint64)
    j = 0
    for i in range(len(tkeys)):
        x = tdata[i]
        if x & DMASK:
            top = np.uint64(i // 4) << np.uint64(64 - bb)
            a = top | ((x & ~DMASK) >> np.uint64(bb))
            lo, hi = decode(a, tkeys[i])
            keys[j, 0] = lo
            keys[j, 1] = hi
            words[j] = from14(x & DMASK)
            j += 1
    return keys, words


@jit
def w_insert(tkeys, tdata, st, keys, words):
    for i in range(len(words)):
        w_put(tkeys, tdata, st, (keys[i, 0], keys[i, 1]), words[i])


@jit
def w_lookup(tkeys, tdata, lo, hi):
    return w_get(tkeys, tdata, (np.uint64(lo), np.uint64(hi)))


@jit
def same(ctx, g):
    return g


@jit
def no_formula(ctx, g):
    return -1


# ------------------------------------------------------------------ Cram
# A wide Cram part: cells 0..63 in lo, 64..119 in the low 56 bits of hi, the rows
# h in hi's bits 56..59 and the columns w in 60..63 (h, w <= 15, h * w <= 120).
# ctx[h * 16 + w]: the offset of the board's dominoes (a count, then (lo, hi) pairs).

CELLS56 = np.uint64((1 << 56) - 1)


@jit
def cw_dims(hi):
    return np.int64((hi >> np.uint64(56)) & np.uint64(15)), np.int64(hi >> np.uint64(60))


@jit
def cw_hi(cells_hi, h, w):
    return cells_hi | (np.uint64(h) << np.uint64(56)) | (np.uint64(w) << np.uint64(60))


@jit
def cw_moves(ctx, g, out):
    h, w = cw_dims(g[1])
    lo = g[0]
    hi = g[1] & CELLS56
    off = np.int64(ctx[h * 16 + w])
    nd = np.int64(ctx[off])
    n = 0
    for i in range(nd):
        dl = ctx[off + 1 + 2 * i]
        dh = ctx[off + 2 + 2 * i]
        if lo & dl == dl and hi & dh == dh:
            out[n, 0] = g[0] ^ dl
            out[n, 1] = g[1] ^ dh
            n += 1
    return n


@jit
def cw_row(lo, hi, start, mask):
    """The bits ``start .. start + len(mask)`` of the pair, as the low bits of a word."""
    x, _ = shr(lo, hi, start)
    return x & mask


@jit
def cw_split(ctx, g, out):
    h, w = cw_dims(g[1])
    blo = g[0]
    bhi = g[1] & CELLS56
    row = (U1 << np.uint64(w)) - U1
    flo = U0  # the cells of column 0
    fhi = U0
    for r in range(h):
        t0, t1 = shl(U1, U0, r * w)
        flo |= t0
        fhi |= t1
    llo, lhi = shl(flo, fhi, w - 1)
    n = 0
    while blo | bhi:
        clo, chi = lowbit2(blo, bhi)
        while True:
            a0, a1 = shl(clo, chi, 1)
            b0, b1 = shr(clo, chi, 1)
            u0, u1 = shl(clo, chi, w)
            d0, d1 = shr(clo, chi, w)
            n0 = (clo | (a0 & ~flo) | (b0 & ~llo) | u0 | d0) & blo
            n1 = (chi | (a1 & ~fhi) | (b1 & ~lhi) | u1 | d1) & bhi
            if n0 == clo and n1 == chi:
                break
            clo = n0
            chi = n1
        blo ^= clo
        bhi ^= chi
        if popcount(clo) + popcount(chi) == 1:  # a single cell: value 0
            continue
        r0 = low2(clo, chi) // w
        r1 = high2(clo, chi) // w
        cols = U0
        for r in range(r0, r1 + 1):
            cols |= cw_row(clo, chi, r * w, row)
        c0 = low_index(cols)
        w2 = high_index(cols) - c0 + 1
        row2 = (U1 << np.uint64(w2)) - U1
        plo = U0
        phi = U0
        for r in range(r0, r1 + 1):
            t0, t1 = shl(cw_row(clo, chi, r * w + c0, row2), U0, (r - r0) * w2)
            plo |= t0
            phi |= t1
        out[n, 0] = plo
        out[n, 1] = cw_hi(phi, r1 - r0 + 1, w2)
        n += 1
    return n


@jit
def rev2(lo, hi, n):
    """The lowest n bits of the pair in reverse order (1 <= n <= 128)."""
    rl = reverse_bits(hi, 64)
    rh = reverse_bits(lo, 64)
    return shr(rl, rh, 128 - n)


@jit
def cw_flip_rows(lo, hi, h, w):
    row = (U1 << np.uint64(w)) - U1
    ol = U0
    oh = U0
    for r in range(h):
        t0, t1 = shl(cw_row(lo, hi, r * w, row), U0, (h - 1 - r) * w)
        ol |= t0
        oh |= t1
    return ol, oh


@jit
def cw_transpose(lo, hi, h, w):
    ol = U0
    oh = U0
    while lo | hi:
        i = low2(lo, hi)
        if i < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        r = i // w
        c = i - r * w
        t0, t1 = shl(U1, U0, c * h + r)
        ol |= t0
        oh |= t1
    return ol, oh


@jit
def less2(alo, ahi, blo, bhi):
    return ahi < bhi or (ahi == bhi and alo < blo)


@jit
def cw_least4(lo, hi, h, w):
    """The least pair under the half turn and the two reflections (dims in hi)."""
    n = h * w
    bl = lo
    bh = cw_hi(hi, h, w)
    t0, t1 = rev2(lo, hi, n)
    t1 = cw_hi(t1, h, w)
    if less2(t0, t1, bl, bh):
        bl, bh = t0, t1
    v0, v1 = cw_flip_rows(lo, hi, h, w)
    t1 = cw_hi(v1, h, w)
    if less2(v0, t1, bl, bh):
        bl, bh = v0, t1
    t0, t1 = rev2(v0, v1, n)
    t1 = cw_hi(t1, h, w)
    if less2(t0, t1, bl, bh):
        bl, bh = t0, t1
    return bl, bh


@jit
def cw_canon(ctx, g):
    h, w = cw_dims(g[1])
    lo = g[0]
    hi = g[1] & CELLS56
    bl, bh = cw_least4(lo, hi, h, w)
    t0, t1 = cw_transpose(lo, hi, h, w)
    u0, u1 = cw_least4(t0, t1, w, h)
    if less2(u0, u1, bl, bh):
        return (u0, u1)
    return (bl, bh)


@jit
def cw_formula(ctx, g):
    """The mirror strategy (as :func:`cram_formula`)."""
    h, w = cw_dims(g[1])
    lo = g[0]
    hi = g[1] & CELLS56
    n = h * w
    r0, r1 = rev2(lo, hi, n)
    if r0 != lo or r1 != hi:
        return -1
    off = np.int64(ctx[h * 16 + w])
    nd = np.int64(ctx[off])
    for i in range(nd):
        dl = ctx[off + 1 + 2 * i]
        dh = ctx[off + 2 + 2 * i]
        if lo & dl == dl and hi & dh == dh:
            e0, e1 = rev2(dl, dh, n)
            if (dl & e0) | (dh & e1):
                return -1
    return 0


TWO_WORDS = dict(pld=ld2, psto=sto2, pmk=mk2, plo=lo2, ppop=pop2, tg=w_get, tp=w_put)
cw_search, cw_search_mex = specialise(
    "cw_search", __file__, moves=cw_moves, split=cw_split, canon=cw_canon,
    formula=cw_formula, **TWO_WORDS)


# ------------------------------------------------------------------ Node Kayles
# A part is the mask of the vertices left of a graph of at most 128 vertices;
# ctx[2 v], ctx[2 v + 1]: the closed neighbourhood of v; ctx[256 + n]: the value
# of the path of n vertices (n <= 128).


@jit
def nkw_moves(ctx, g, out):
    """Take a vertex and its neighbours: options with fewer vertices left first."""
    n = 0
    rlo = g[0]
    rhi = g[1]
    while rlo | rhi:
        v = low2(rlo, rhi)
        if v < 64:
            rlo &= rlo - U1
        else:
            rhi &= rhi - U1
        o0 = g[0] & ~ctx[2 * v]
        o1 = g[1] & ~ctx[2 * v + 1]
        pc = popcount(o0) + popcount(o1)
        i = n
        while i > 0 and popcount(out[i - 1, 0]) + popcount(out[i - 1, 1]) > pc:
            out[i, 0] = out[i - 1, 0]
            out[i, 1] = out[i - 1, 1]
            i -= 1
        out[i, 0] = o0
        out[i, 1] = o1
        n += 1
    return n


@jit
def nkw_split(ctx, g, out):
    n = 0
    blo = g[0]
    bhi = g[1]
    while blo | bhi:
        clo, chi = lowbit2(blo, bhi)
        flo, fhi = clo, chi
        while flo | fhi:
            v = low2(flo, fhi)
            if v < 64:
                flo &= flo - U1
            else:
                fhi &= fhi - U1
            n0 = ctx[2 * v] & blo & ~clo
            n1 = ctx[2 * v + 1] & bhi & ~chi
            clo |= n0
            chi |= n1
            flo |= n0
            fhi |= n1
        blo ^= clo
        bhi ^= chi
        out[n, 0] = clo
        out[n, 1] = chi
        n += 1
    return n


@jit
def nkw_formula(ctx, g):
    """Paths and cycles (as :func:`nk_formula`)."""
    nv = popcount(g[0]) + popcount(g[1])
    twice = 0
    rlo = g[0]
    rhi = g[1]
    while rlo | rhi:
        v = low2(rlo, rhi)
        if v < 64:
            rlo &= rlo - U1
        else:
            rhi &= rhi - U1
        d = popcount(ctx[2 * v] & g[0]) + popcount(ctx[2 * v + 1] & g[1]) - 1
        if d > 2:
            return -1
        twice += d
    if twice == 2 * (nv - 1):
        return np.int64(ctx[256 + nv])
    if twice == 2 * nv:
        return 1 if ctx[256 + nv - 3] == U0 else 0
    return -1


nkw_search, nkw_search_mex = specialise(
    "nkw_search", __file__, moves=nkw_moves, split=nkw_split, canon=same,
    formula=nkw_formula, **TWO_WORDS)
