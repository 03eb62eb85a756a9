"""The compiled part of :mod:`grundy.kernels.misere`: the minimal option-image
sets of the sums of a finite monoid's generators, as bitsets of ``uint64`` words."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def antichain_steps(cols: Any, tb: Any, ent_elem: Any, ent_bits: Any, ent_parent: Any,
                    ent_gen: Any, ent_next: Any, head: Any, tail: Any, k0: int, first0: int,
                    n_ent: int, todo: int, limit: int) -> Any:
    # The pool entries (an element and its option-image set) are the work, in
    # order (breadth-first: sets of short sums first); ``todo`` is the next one.
    # Entry 0 is the empty sum (in no list), entries 1..k0 the start sets; these
    # apply the generators from first0, the others all of them. Each element's
    # list holds its minimal sets in insertion order (linked through ent_next,
    # head/tail per element). For each generator j: the product's set is
    # tb[j, e] | (set * generator j); dropped when a listed set is inside it,
    # else the listed sets containing it are unlinked and it is appended (a new
    # entry). Stops after ``limit`` items, or before an item when the pool could
    # overflow (the caller grows it and calls again). Returns (status, n_ent,
    # todo, items): status 0 done, 1 limit, 2 room needed.
    ng = cols.shape[0]
    q = cols.shape[1]
    w_count = ent_bits.shape[1]
    setbits = np.empty(q, dtype=np.int64)
    b2 = np.empty(w_count, dtype=np.uint64)
    items = 0
    while todo < n_ent:
        if items >= limit:
            return 1, n_ent, todo, items
        if n_ent + ng > ent_elem.shape[0]:
            return 2, n_ent, todo, items
        a = todo
        todo += 1
        first = first0 if a <= k0 else 0
        e = ent_elem[a]
        n = 0
        for w in range(w_count):
            word = ent_bits[a, w]
            if word == 0:
                continue
            for bit in range(64):
                if (word >> np.uint64(bit)) & np.uint64(1):
                    setbits[n] = w * 64 + bit
                    n += 1
        for j in range(first, ng):
            e2 = cols[j, e]
            for w in range(w_count):
                b2[w] = tb[j, e, w]
            for k in range(n):
                y = cols[j, setbits[k]]
                b2[y >> 6] |= np.uint64(1) << np.uint64(y & 63)
            m = head[e2]
            dominated = False
            while m >= 0:
                inside = True
                for w in range(w_count):
                    if ent_bits[m, w] & ~b2[w]:
                        inside = False
                        break
                if inside:
                    dominated = True
                    break
                m = ent_next[m]
            if dominated:
                continue
            prev = -1
            m = head[e2]
            while m >= 0:
                nxt = ent_next[m]
                contains = True
                for w in range(w_count):
                    if b2[w] & ~ent_bits[m, w]:
                        contains = False
                        break
                if contains:
                    if prev < 0:
                        head[e2] = nxt
                    else:
                        ent_next[prev] = nxt
                    if tail[e2] == m:
                        tail[e2] = prev
                else:
                    prev = m
                m = nxt
            c = n_ent
            n_ent += 1
            ent_elem[c] = e2
            for w in range(w_count):
                ent_bits[c, w] = b2[w]
            ent_parent[c] = a
            ent_gen[c] = j
            ent_next[c] = -1
            if tail[e2] < 0:
                head[e2] = c
            else:
                ent_next[tail[e2]] = c
            tail[e2] = c
        items += 1
    return 0, n_ent, todo, items


@jit
def lex_p_kernel(cols: Any, tm_flat: Any, tm_off: Any, tm_k: Any) -> Any:
    # Each element's lex-least word over the generators (generator 0 most
    # significant), by an iterative depth-first walk: level d holds the current
    # power of generator d (its element and the option images of its sum); a
    # leaf decides its element (P iff it has an option and none is P: the
    # options are lex-smaller, already decided). Advancing level d multiplies by
    # generator d (the set becomes set * g_d u tm_d[e]); a level whose next
    # element is already reached is done. src[d]: the level whose buffer holds
    # level d's set (deeper levels share it until they advance).
    m = cols.shape[0]
    size = cols.shape[1]
    marked = np.zeros(size, dtype=np.bool_)
    p = np.zeros(size, dtype=np.bool_)
    if m == 0:
        marked[0] = True
        return p, marked
    cur_e = np.zeros(m, dtype=np.int64)
    slen = np.zeros(m, dtype=np.int64)
    src = np.zeros(m, dtype=np.int64)
    sets = np.empty((m, size), dtype=np.int32)
    stamp = np.zeros(size, dtype=np.int64)
    tmp = np.empty(size, dtype=np.int32)
    st = 0
    d = 0
    while True:
        for dd in range(d + 1, m):
            cur_e[dd] = cur_e[d]
            slen[dd] = slen[d]
            src[dd] = src[d]
        e = cur_e[m - 1]
        n = slen[m - 1]
        buf = src[m - 1]
        marked[e] = True
        pe = n > 0
        for i in range(n):
            if p[sets[buf, i]]:
                pe = False
                break
        p[e] = pe
        dd = m - 1
        while dd >= 0:
            e = cur_e[dd]
            e2 = cols[dd, e]
            if marked[e2]:
                dd -= 1
                continue
            st += 1
            n2 = 0
            buf = src[dd]
            for i in range(slen[dd]):
                y = cols[dd, sets[buf, i]]
                if stamp[y] != st:
                    stamp[y] = st
                    tmp[n2] = y
                    n2 += 1
            k = tm_k[dd]
            base = tm_off[dd] + e * k
            for i in range(k):
                y = tm_flat[base + i]
                if stamp[y] != st:
                    stamp[y] = st
                    tmp[n2] = y
                    n2 += 1
            for i in range(n2):
                sets[dd, i] = tmp[i]
            slen[dd] = n2
            src[dd] = dd
            cur_e[dd] = e2
            break
        if dd < 0:
            break
        d = dd
    return p, marked


@jit
def lex_n_failure(cols: Any, tb: Any, p: Any, pbits: Any, bound: Any, has_bound: bool,
                  ent_bits: Any, ent_next: Any, head: Any, exps: Any, es: Any, ss: Any,
                  state: Any, reg: Any, limit: int) -> Any:
    # The lexicographically least sum (generator 0 most significant) whose
    # element is outside the P-portion ``p`` although it has options and none
    # of them is in P. Depth-first in lex order: level d runs the exponent of
    # generator d upwards, each value followed by the deeper levels. A prefix
    # whose (element, option-image set) contains a set met before for the
    # same element is dropped with all its extensions: the earlier sum is
    # lex-smaller, and so is each of its extensions, which fail whenever the
    # dropped ones do (a smaller set has no option in P when a larger one has
    # none). The sets met are kept as antichains per element (ent_* pool).
    # Stops at the first sum >= bound when has_bound. The search state (es,
    # ss, state, exps, the pool and reg = [level, pool size]) lives in the
    # arrays passed, zeroed (head: -1) by the caller for a new search. Returns
    # 1 (found, the word in exps), 0 (none), -1 (the pool is full: grow it and
    # call again), -2 (``limit`` steps done: call again).
    ng = cols.shape[0]
    w_count = tb.shape[2]
    cap = ent_bits.shape[0]
    b2 = np.empty(w_count, dtype=np.uint64)
    d = reg[0]
    n_ent = reg[1]
    steps = 0
    while True:
        steps += 1
        if steps > limit:
            reg[0] = d
            reg[1] = n_ent
            return -2
        if d == ng:
            if has_bound:
                ge = True
                for j in range(ng):
                    if exps[j] != bound[j]:
                        ge = exps[j] > bound[j]
                        break
                if ge:
                    return 0
            e = es[ng]
            if not p[e]:
                nonempty = False
                hit = False
                for w in range(w_count):
                    if ss[ng, w]:
                        nonempty = True
                    if ss[ng, w] & pbits[w]:
                        hit = True
                        break
                if nonempty and not hit:
                    return 1
            d -= 1
            continue
        if state[d] == 0:
            state[d] = 1
            es[d + 1] = es[d]
            for w in range(w_count):
                ss[d + 1, w] = ss[d, w]
            state[d + 1] = 0
            d += 1
            continue
        # the next exponent of generator d
        e = es[d]
        e2 = cols[d, e]
        for w in range(w_count):
            b2[w] = tb[d, e, w]
        for w in range(w_count):
            word = ss[d, w]
            while word:
                low = word & (~word + np.uint64(1))
                bit = 0
                t = low
                while t > np.uint64(1):
                    t >>= np.uint64(1)
                    bit += 1
                y = cols[d, w * 64 + bit]
                b2[y >> 6] |= np.uint64(1) << np.uint64(y & 63)
                word ^= low
        dominated = False
        m = head[e2]
        while m >= 0:
            inside = True
            for w in range(w_count):
                if ent_bits[m, w] & ~b2[w]:
                    inside = False
                    break
            if inside:
                dominated = True
                break
            m = ent_next[m]
        if dominated:
            exps[d] = 0
            state[d] = 0
            if d == 0:
                return 0
            d -= 1
            continue
        if n_ent >= cap:
            reg[0] = d
            reg[1] = n_ent
            return -1
        prev = -1
        m = head[e2]
        while m >= 0:
            nxt = ent_next[m]
            contains = True
            for w in range(w_count):
                if b2[w] & ~ent_bits[m, w]:
                    contains = False
                    break
            if contains:
                if prev < 0:
                    head[e2] = nxt
                else:
                    ent_next[prev] = nxt
            else:
                prev = m
            m = nxt
        c = n_ent
        n_ent += 1
        for w in range(w_count):
            ent_bits[c, w] = b2[w]
        ent_next[c] = head[e2]
        head[e2] = c
        exps[d] += 1
        es[d] = e2
        for w in range(w_count):
            ss[d, w] = b2[w]
        es[d + 1] = e2
        for w in range(w_count):
            ss[d + 1, w] = b2[w]
        state[d + 1] = 0
        d += 1
