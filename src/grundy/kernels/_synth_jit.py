"""The compiled part of :mod:`grundy.patterns.synth`: one size level of the
bottom-up enumeration, its terms' values on the signature sample computed
column by column, deduplicated by a hash table of value vectors (open
addressing, every hit confirmed by comparing the whole vector).

Op codes (the readable side, :mod:`grundy.patterns.synth`, names them): 0 a
variable, 1 a constant; integer binary 2-14 (``+ - * // % & | ^ << >> min max
gcd``); integer calls 20-33; comparisons 40-43 (``== != < <=``); ``and`` 44,
``or`` 45, ``not`` 46; predicates 47-51. An integer term is kept when every
value on the sample is defined (no division by 0, a call's argument in its
domain) and below ``BOUND`` in absolute value; values are stored as int32.
"""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)

BOUND = 1 << 31
ADD, SUB, MUL, FDIV, MOD, AND, OR, XOR, SHL, SHR, MIN, MAX, GCD = range(2, 15)
LOWBIT, HIGHBIT, POPCOUNT, ISQRT, BITLEN, V2, ODDPART, TRINV = range(20, 28)
NDIV, SIGMA, OMEGA, BIGOMEGA, SPF, PHI = range(28, 34)
EQ, NE, LT, LE, BAND, BOR, NOT = range(40, 47)
IS_PRIME, IS_SQUARE, IS_TRI, IS_FIB, IS_POW2 = range(47, 52)
#: number-theoretic calls look their argument up in tables of this size
LUT = 1 << 20
#: the arguments the kernels pass their helpers: numpy scalars (a Python constant
#: is typed as a literal, a helper compiled once more for each) and the scalars
#: of a row as ``int64`` whatever the bank's dtype, so that each helper is compiled
#: once, not once per dtype: "no operand" and ``_emit``'s ``final`` (store, look)
NONE = np.int64(-1)
STORE = np.bool_(False)
LOOK = np.bool_(True)


@jit
def luts(m: int) -> Any:
    """``(spf, ndiv, sigma, omega, bigomega, phi)`` on ``0..m-1`` (a sieve)."""
    spf = np.zeros(m, dtype=np.int64)
    for p in range(2, m):
        if spf[p] == 0:
            for q in range(p, m, p):
                if spf[q] == 0:
                    spf[q] = p
    out = np.zeros((6, m), dtype=np.int64)
    if m > 1:
        out[0, 1] = 1
        out[1, 1] = 1
        out[2, 1] = 1
        out[5, 1] = 1
    for x in range(2, m):
        p = spf[x]
        y = x
        e = 0
        while y % p == 0:
            y //= p
            e += 1
        pe = p ** e
        # multiplicative: f(x) = f(y) f(p^e), y coprime to p
        out[0, x] = p
        out[1, x] = out[1, y] * (e + 1)
        out[2, x] = out[2, y] * ((pe * p - 1) // (p - 1))
        out[3, x] = out[3, y] + 1
        out[4, x] = out[4, y] + e
        out[5, x] = out[5, y] * (pe - pe // p)
    return out


@jit
def _isqrt(x: int) -> int:
    r = np.int64(np.sqrt(np.float64(x)))
    while r * r > x:
        r -= 1
    while (r + 1) * (r + 1) <= x:
        r += 1
    return r


@jit
def _bitlen(x: int) -> int:
    c = 0
    while x > 0:
        x >>= 1
        c += 1
    return c


@jit
def _gcd(x: int, y: int) -> int:
    x = abs(x)
    y = abs(y)
    while y:
        x, y = y, x % y
    return x


@jit
def bin1(op: int, x: int, y: int) -> Any:
    """``(defined, value)`` of an integer binary operator."""
    if op == ADD:
        v = x + y
    elif op == SUB:
        v = x - y
    elif op == MUL:
        v = x * y
    elif op == FDIV:
        if y == 0:
            return False, 0
        v = x // y
    elif op == MOD:
        if y == 0:
            return False, 0
        v = x % y
    elif op == AND:
        v = x & y
    elif op == OR:
        v = x | y
    elif op == XOR:
        v = x ^ y
    elif op == SHL:
        v = x << y
    elif op == SHR:
        v = x >> y
    elif op == MIN:
        v = min(x, y)
    elif op == MAX:
        v = max(x, y)
    elif op == GCD:
        v = _gcd(x, y)
    elif op == EQ:
        v = 1 if x == y else 0
    elif op == NE:
        v = 1 if x != y else 0
    elif op == LT:
        v = 1 if x < y else 0
    elif op == LE:
        v = 1 if x <= y else 0
    elif op == BAND:
        v = x & y
    else:  # BOR
        v = x | y
    if v >= BOUND or v <= -BOUND:
        return False, 0
    return True, v


@jit
def un1(op: int, x: int, lut: Any, fibs: Any) -> int:
    """The value of a call (its argument in the domain, see :func:`domain`)."""
    if op == LOWBIT:
        return x & -x
    if op == HIGHBIT:
        return (1 << (_bitlen(x) - 1)) if x > 0 else 0
    if op == POPCOUNT:
        c = 0
        while x:
            x &= x - 1
            c += 1
        return c
    if op == ISQRT:
        return _isqrt(x)
    if op == BITLEN:
        return _bitlen(x)
    if op == V2:
        if x == 0:
            return 0
        return _bitlen(x & -x) - 1
    if op == ODDPART:
        if x == 0:
            return 0
        while x % 2 == 0:
            x //= 2
        return x
    if op == TRINV:
        return (_isqrt(8 * x + 1) - 1) // 2
    if op == NDIV:
        return lut[1, x]
    if op == SIGMA:
        return lut[2, x]
    if op == OMEGA:
        return lut[3, x]
    if op == BIGOMEGA:
        return lut[4, x]
    if op == SPF:
        return lut[0, x]
    if op == PHI:
        return lut[5, x]
    if op == NOT:
        return 1 - x
    if op == IS_PRIME:
        return 1 if x >= 2 and lut[0, x] == x else 0
    if op == IS_SQUARE:
        r = _isqrt(x)
        return 1 if r * r == x else 0
    if op == IS_TRI:
        t = (_isqrt(8 * x + 1) - 1) // 2
        return 1 if t * (t + 1) // 2 == x else 0
    if op == IS_FIB:
        for f in fibs:
            if f == x:
                return 1
        return 0
    # IS_POW2
    return 1 if x > 0 and (x & (x - 1)) == 0 else 0


@jit
def domain(op: int, lo: int, hi: int, call_range: int) -> bool:
    """Whether a call applies to an argument with these least and greatest values."""
    if op == NOT:
        return True
    if lo < 0 or hi - lo < call_range:
        return False
    if NDIV <= op <= PHI or op == IS_PRIME:
        return hi < LUT
    if op == TRINV or op == IS_TRI:
        return hi < (1 << 28)
    return True


@jit
def _hash(row: Any, mix: Any) -> int:
    h0 = np.int64(0x2545F4914F6CDD1D)
    h1 = np.int64(0)
    h2 = np.int64(0)
    h3 = np.int64(0)
    w = row.shape[0]
    k = 0
    while k + 4 <= w:  # four sums side by side (no chain of dependent additions)
        h0 += (row[k] + 0x632BE59BD9B4E019) * mix[k]
        h1 += (row[k + 1] + 0x632BE59BD9B4E019) * mix[k + 1]
        h2 += (row[k + 2] + 0x632BE59BD9B4E019) * mix[k + 2]
        h3 += (row[k + 3] + 0x632BE59BD9B4E019) * mix[k + 3]
        k += 4
    while k < w:
        h0 += (row[k] + 0x632BE59BD9B4E019) * mix[k]
        k += 1
    h = h0 + h1 + h2 + h3
    h ^= h >> 31
    h *= 0x5851F42D4C957F2D
    h ^= h >> 29
    return h


@jit
def _find(row: Any, h: int, vals: Any, hashes: Any, table: Any) -> Any:
    """``(id, slot)``: the stored term with these values (``-1`` if none) and the
    slot where the search ended."""
    mask = table.shape[0] - 1
    p = h & mask
    w = row.shape[0]
    while True:
        t = table[p]
        if t < 0:
            return -1, p
        if hashes[t] == h:
            same = True
            for k in range(w):
                if vals[t, k] != row[k]:
                    same = False
                    break
            if same:
                return t, p
        p = (p + 1) & mask


@jit
def _emit(row: Any, op: int, a: int, b: int, post: int, size: int, final: bool, vals: Any, meta: Any, hashes: Any,
          table: Any, state: Any, mix: Any, goal: Any, fitcols: Any, match: Any, mvals: Any) -> int:
    """Add a new term (``final``: only look: its values match the goal?).
    Returns 0 (a duplicate), 1 (new) or -1 (the bank is full)."""
    h = _hash(row, mix)
    t, p = _find(row, h, vals, hashes, table)
    if t >= 0:
        return 0
    fits = goal.shape[0] > 0
    if fits:
        for k in fitcols:
            if row[k] != goal[k]:
                fits = False
                break
    if final:
        if not fits:
            return 0
    else:
        n = state[0]
        if n >= vals.shape[0]:
            return -1
        for k in range(row.shape[0]):
            vals[n, k] = row[k]
        meta[n, 0] = op
        meta[n, 1] = a
        meta[n, 2] = b
        meta[n, 3] = size
        lo = row[0]
        hi = row[0]
        for k in range(row.shape[0]):
            lo = min(lo, row[k])
            hi = max(hi, row[k])
        meta[n, 4] = lo
        meta[n, 5] = hi
        hashes[n] = h
        table[p] = n
        state[0] = n + 1
    if fits:
        m = state[1]
        if m < match.shape[0]:
            if final:  # several final candidates may share values: keep one
                for q in range(m):
                    if match[q, 4] == h:
                        same = True
                        for k in range(row.shape[0]):
                            if mvals[q, k] != row[k]:
                                same = False
                                break
                        if same:
                            return 1
            for k in range(row.shape[0]):
                mvals[m, k] = row[k]
            match[m, 0] = op
            match[m, 1] = a
            match[m, 2] = b
            match[m, 3] = size
            match[m, 4] = h
            match[m, 5] = -1 if final else state[0] - 1
            match[m, 6] = post
            state[1] = m + 1
        else:
            state[2] += 1
    return 1


@jit
def _row(op: int, x: Any, y: Any, out: Any) -> bool:
    """``out = x op y`` column by column (the operator chosen once); ``False`` if
    undefined or out of bounds somewhere."""
    w = out.shape[0]
    if op == ADD:
        for k in range(w):
            out[k] = np.int64(x[k]) + y[k]
    elif op == SUB:
        for k in range(w):
            out[k] = np.int64(x[k]) - y[k]
    elif op == MUL:
        for k in range(w):
            out[k] = np.int64(x[k]) * y[k]
    elif op == AND:
        for k in range(w):
            out[k] = np.int64(x[k]) & y[k]
    elif op == OR:
        for k in range(w):
            out[k] = np.int64(x[k]) | y[k]
    elif op == XOR:
        for k in range(w):
            out[k] = np.int64(x[k]) ^ y[k]
    elif op == MIN:
        for k in range(w):
            out[k] = min(np.int64(x[k]), np.int64(y[k]))
    elif op == MAX:
        for k in range(w):
            out[k] = max(np.int64(x[k]), np.int64(y[k]))
    elif op == EQ:
        for k in range(w):
            out[k] = 1 if x[k] == y[k] else 0
        return True
    elif op == NE:
        for k in range(w):
            out[k] = 1 if x[k] != y[k] else 0
        return True
    elif op == LT:
        for k in range(w):
            out[k] = 1 if x[k] < y[k] else 0
        return True
    elif op == LE:
        for k in range(w):
            out[k] = 1 if x[k] <= y[k] else 0
        return True
    else:
        for k in range(w):
            good, v = bin1(op, np.int64(x[k]), np.int64(y[k]))
            if not good:
                return False
            out[k] = v
        return True
    bad = False
    for k in range(w):
        bad |= out[k] >= BOUND or out[k] <= -BOUND
    return not bad


@jit
def level(op: int, unary: bool, comm: bool, skip_same: bool, sl: int, sr: int, i0: int, i1: int, size: int,
          lvals: Any, lmeta: Any, jlo: int, jhi: int, vals: Any, meta: Any, hashes: Any, table: Any, state: Any,
          mix: Any, goal: Any, fitcols: Any, match: Any, mvals: Any, lut: Any, fibs: Any, call_range: int) -> int:
    """Every ``x op y`` with ``x`` among the ids ``i0..i1-1`` of the bank ``lvals``
    (of size ``sl``) and ``y`` among ``jlo..jhi-1`` (of size ``sr``), added to the
    bank ``vals`` (the last sizes are :func:`final_level`'s); ``unary``: every
    call ``op(x)`` (``y`` unused). ``comm``: on one level, ``x``'s id at most
    ``y``'s; ``skip_same``: ``x op x`` is not new. Returns the number of
    candidates looked at, or ``-1`` when the bank is full."""
    w = lvals.shape[1]
    row = np.zeros(w, dtype=np.int64)
    seen = 0
    shift = op == SHL or op == SHR
    intargs = op < 20 or EQ <= op <= LE
    for i in range(i0, i1):
        j0 = jlo
        j1 = jhi
        iconst = False
        if unary:
            if not domain(op, lmeta[i, 4], lmeta[i, 5], call_range):
                continue
            j0 = 0
            j1 = 1
        else:
            iconst = intargs and lmeta[i, 4] == lmeta[i, 5]
            if comm and sl == sr:
                j0 = i + 1 if skip_same else i
        xi = lvals[i]
        for j in range(j0, j1):
            if unary:
                for k in range(w):
                    row[k] = un1(op, np.int64(xi[k]), lut, fibs)
            else:
                if j == i and sl == sr and skip_same:
                    continue
                if iconst and lmeta[j, 4] == lmeta[j, 5]:
                    continue  # two constant operands: not in the grammar
                if shift and (lmeta[j, 4] != lmeta[j, 5] or lmeta[j, 4] < 1 or lmeta[j, 4] > 8):
                    continue
            seen += 1
            if not unary and not _row(op, xi, lvals[j], row):
                continue
            if _emit(row, op, i, NONE if unary else np.int64(j), NONE, size, STORE, vals, meta, hashes, table, state,
                     mix, goal, fitcols, match, mvals) < 0:
                return -1
    return seen


@jit
def add_rows(rows: Any, ops: Any, a: Any, size: int, vals: Any, meta: Any, hashes: Any, table: Any,
             state: Any, mix: Any, goal: Any, fitcols: Any, match: Any, mvals: Any) -> Any:
    """The leaves: each row a term (op ``ops[i]``, ``a[i]``) unless a duplicate."""
    out = np.zeros(rows.shape[0], dtype=np.int64)
    row = np.zeros(rows.shape[1], dtype=np.int64)
    for i in range(rows.shape[0]):
        for k in range(rows.shape[1]):
            row[k] = rows[i, k]
        out[i] = _emit(row, ops[i], a[i], NONE, NONE, size, STORE, vals, meta, hashes, table, state, mix, goal,
                       fitcols, match, mvals)
    return out


@jit
def rebuild_table(hashes: Any, n: int, table: Any) -> None:
    """Fill an empty ``table`` (all ``-1``) with terms ``0..n-1``."""
    mask = table.shape[0] - 1
    for t in range(n):
        p = hashes[t] & mask
        while table[p] >= 0:
            p = (p + 1) & mask
        table[p] = t


@jit
def _dom1(op: int, v: int) -> bool:
    """Whether a call's argument ``v`` is in its domain (one value)."""
    if op == NOT:
        return True
    if v < 0:
        return False
    if NDIV <= op <= PHI or op == IS_PRIME:
        return v < LUT
    if op == TRINV or op == IS_TRI:
        return v < (1 << 28)
    return True


@jit
def _val(op: int, x: int, y: int, lut: Any, fibs: Any) -> Any:
    if op < 20 or EQ <= op <= BOR:
        return bin1(op, x, y)
    if not _dom1(op, x):
        return False, 0
    return True, un1(op, x, lut, fibs)


@jit
def _survivors(op: int, x: int, y: int, posts: Any, g: int, alive: int, lut: Any, fibs: Any) -> int:
    """The bits of ``alive`` (bit ``p``: ``posts[p](x op y)``; with no posts, bit
    0: ``x op y``) whose value at this column is ``g``."""
    ok, v = _val(op, x, y, lut, fibs)
    if not ok:
        return 0
    if posts.shape[0] == 0:
        return 1 if v == g else 0
    out = 0
    for p in range(posts.shape[0]):
        if alive & (1 << p) and _dom1(posts[p], v) and un1(posts[p], v, lut, fibs) == g:
            out |= 1 << p
    return out


@jit
def columns(vals: Any, n: int, cols: Any) -> Any:
    """The values of terms ``0..n-1`` at ``cols``, stored by column."""
    out = np.empty((cols.shape[0], max(1, n)), dtype=np.int64)
    for i in range(n):
        for c in range(cols.shape[0]):
            out[c, i] = vals[i, cols[c]]
    return out


@jit
def _scan(op: int, s: int, left: bool, pre: Any, lo: int, hi: int, tmp: Any, ok: Any) -> None:
    """``tmp[t] = pre[lo + t] op s`` (``left``; else ``s op pre[lo + t]``) for the
    ids ``lo..hi-1``, ``ok[t]`` whether defined and bounded (one operator per
    loop, so the compiler vectorises it)."""
    m = hi - lo
    if op == ADD:
        for t in range(m):
            tmp[t] = pre[lo + t] + s
    elif op == MUL:
        for t in range(m):
            tmp[t] = pre[lo + t] * s
    elif op == SUB and left:
        for t in range(m):
            tmp[t] = pre[lo + t] - s
    elif op == SUB:
        for t in range(m):
            tmp[t] = s - pre[lo + t]
    elif op == AND:
        for t in range(m):
            tmp[t] = pre[lo + t] & s
    elif op == OR:
        for t in range(m):
            tmp[t] = pre[lo + t] | s
    elif op == XOR or op == NE:
        for t in range(m):
            tmp[t] = pre[lo + t] ^ s
    elif op == MIN:
        for t in range(m):
            tmp[t] = min(pre[lo + t], s)
    elif op == MAX:
        for t in range(m):
            tmp[t] = max(pre[lo + t], s)
    elif op == EQ:
        for t in range(m):
            tmp[t] = 1 if pre[lo + t] == s else 0
    elif op == LT and left:
        for t in range(m):
            tmp[t] = 1 if pre[lo + t] < s else 0
    elif op == LT:
        for t in range(m):
            tmp[t] = 1 if s < pre[lo + t] else 0
    elif op == LE and left:
        for t in range(m):
            tmp[t] = 1 if pre[lo + t] <= s else 0
    elif op == LE:
        for t in range(m):
            tmp[t] = 1 if s <= pre[lo + t] else 0
    else:
        for t in range(m):
            x, y = (pre[lo + t], s) if left else (s, pre[lo + t])
            good, v = bin1(op, x, y)
            ok[t] = good
            tmp[t] = v
        return
    if op == NE:
        for t in range(m):
            tmp[t] = 1 if tmp[t] != 0 else 0
    for t in range(m):
        ok[t] = -BOUND < tmp[t] < BOUND


@jit
def final_level(op: int, posts: Any, unary: bool, scan: bool, left: bool, comm: bool, skip_same: bool, same: bool,
                i0: int, i1: int, jlo: int, jhi: int, size: int, lvals: Any, lmeta: Any, pre: Any, vals: Any,
                hashes: Any, table: Any, state: Any, mix: Any, goal: Any, fitcols: Any, match: Any, mvals: Any,
                lut: Any, fibs: Any, call_range: int) -> int:
    """The last sizes, matched against the goal and not stored: ``post(x op y)``
    for each ``post`` of ``posts`` (none: ``x op y``; ``unary``: ``post(op(x))``,
    the inner ids then ``0..1``), the outer term ``i`` among the ids ``i0..i1-1``
    of the bank ``lvals``, the inner term ``j`` among ``jlo..jhi-1``. ``left``:
    the inner term is the left operand; ``same``: both of one size (``comm``:
    inner ids from ``i`` on only). A candidate is evaluated column by column on
    the fitted columns and dropped at the first that differs, the first columns
    from ``pre`` (the bank's values there stored by column); ``scan``: the inner
    terms are scanned together at the first column. One that fits everywhere is
    computed on the whole sample and checked to be in the grammar (defined,
    bounded, every call's argument in its domain). Returns the candidates seen
    (a post counts one each; ``scan``: before the grammar's checks of ``j``)."""
    w = lvals.shape[1]
    inner = np.zeros(w, dtype=np.int64)
    row = np.zeros(w, dtype=np.int64)
    meta = np.zeros((1, 6), dtype=np.int64)  # unused: nothing is stored
    npost = max(1, posts.shape[0])
    full = (1 << npost) - 1
    m = jhi - jlo
    tmp = np.empty(m, dtype=np.int64)
    ok = np.empty(m, dtype=np.bool_)
    cand = np.empty(m, dtype=np.int64)
    calive = np.empty(m, dtype=np.int64)
    npre = pre.shape[0]
    c0 = fitcols[0]
    g0 = goal[c0]
    p1 = 1 if npre > 1 else 0  # the second column of pre (the first again if none)
    c1 = fitcols[p1]
    g1 = goal[c1]
    seen = 0
    shift = op == SHL or op == SHR
    intargs = op < 20 or EQ <= op <= LE
    for i in range(i0, i1):
        if unary:
            if not domain(op, lmeta[i, 4], lmeta[i, 5], call_range):
                continue
        elif shift and left and (lmeta[i, 4] != lmeta[i, 5] or lmeta[i, 4] < 1 or lmeta[i, 4] > 8):
            continue  # the outer term is the shift, a constant 1..8
        iconst = intargs and lmeta[i, 4] == lmeta[i, 5]
        j0 = jlo
        if same and comm:
            j0 = i + 1 if skip_same else i
        if j0 >= jhi:
            continue
        xi = lvals[i]
        x0 = np.int64(xi[c0])
        x1 = np.int64(xi[c1])
        nc = 0
        if scan:
            _scan(op, x0, left, pre[0], j0, jhi, tmp, ok)
            seen += (jhi - j0) * npost
            for t in range(jhi - j0):
                if not ok[t]:
                    continue
                v = tmp[t]
                alive = 0
                if posts.shape[0] == 0:
                    if v != g0:
                        continue
                    alive = 1
                else:
                    for p in range(posts.shape[0]):
                        if _dom1(posts[p], v) and un1(posts[p], v, lut, fibs) == g0:
                            alive |= 1 << p
                    if alive == 0:
                        continue
                cand[nc] = t
                calive[nc] = alive
                nc += 1
            for c in range(1, npre):  # the next columns of pre, on the survivors
                if nc == 0:
                    break
                col = fitcols[c]
                sc = np.int64(xi[col])
                gc = goal[col]
                kept = 0
                for q in range(nc):
                    pj = pre[c, j0 + cand[q]]
                    alive = _survivors(op, pj if left else sc, sc if left else pj, posts, gc, calive[q], lut, fibs)
                    if alive:
                        cand[kept] = cand[q]
                        calive[kept] = alive
                        kept += 1
                nc = kept
        else:  # one by one, the grammar's checks first (only those are seen), at two columns of pre
            for j in range(j0, jhi):
                if not unary:
                    if j == i and same and skip_same:
                        continue
                    if iconst and lmeta[j, 4] == lmeta[j, 5]:
                        continue  # two constant operands
                    if shift and not left and (lmeta[j, 4] != lmeta[j, 5] or lmeta[j, 4] < 1 or lmeta[j, 4] > 8):
                        continue
                seen += npost
                alive = _survivors(op, x0, pre[0, j], posts, g0, full, lut, fibs)
                if alive == 0:
                    continue
                alive = _survivors(op, x1, pre[p1, j], posts, g1, alive, lut, fibs)
                if alive:
                    cand[nc] = j - j0
                    calive[nc] = alive
                    nc += 1
        for q in range(nc):
            j = j0 + cand[q]
            alive = calive[q]
            if scan:  # the grammar's checks of j, on the survivors
                if same and j == i and skip_same:
                    continue
                if iconst and lmeta[j, 4] == lmeta[j, 5]:
                    continue  # two constant operands
            yj = lvals[j]
            a, b = (j, i) if left else (i, j)
            if unary:
                b = NONE
            xa, xb = (yj, xi) if left else (xi, yj)
            for c in range(npre if scan else p1 + 1, fitcols.shape[0]):  # the other fitted columns
                k = fitcols[c]
                alive = _survivors(op, np.int64(xa[k]), np.int64(xb[k]), posts, goal[k], alive, lut, fibs)
                if alive == 0:
                    break
            if alive == 0:
                continue
            lo = np.int64(BOUND)
            hi = np.int64(-BOUND)
            bad = False
            for k in range(w):
                good, v2 = _val(op, np.int64(xa[k]), np.int64(xb[k]), lut, fibs)
                if not good:
                    bad = True
                    break
                inner[k] = v2
                lo = min(lo, v2)
                hi = max(hi, v2)
            if bad:
                continue
            for p in range(npost):
                if not alive & (1 << p):
                    continue
                post = posts[p] if posts.shape[0] else -1
                if post >= 0:
                    if not domain(post, lo, hi, call_range):
                        continue
                    for k in range(w):
                        row[k] = un1(post, inner[k], lut, fibs)
                else:
                    for k in range(w):
                        row[k] = inner[k]
                _emit(row, op, a, b, post, size, LOOK, vals, meta, hashes, table, state, mix, goal, fitcols,
                      match, mvals)
    return seen
