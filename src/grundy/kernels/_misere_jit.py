"""The compiled part of :mod:`grundy.kernels.misere`: the minimal option-image
sets of the sums of a finite monoid's generators, as bitsets of ``uint64`` words."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True)


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
def pair_search(cols: Any, tm_flat: Any, tm_off: Any, tm_k: Any, p: Any, roots: Any,
                parent: Any, pgen: Any) -> Any:
    # Breadth-first over the pairs (element of a sum, element of one of its
    # options), pair (a, b) numbered a * q + b. The first level: for each root
    # element e (in the order given) and generator j, the pairs (e g_j, e t)
    # for t among generator j's option images; parent = -1 - e. Then pair
    # (a, b) leads to (a g_j, b g_j) for each j. Returns the first pair (in
    # breadth-first order) with both elements in P, or -1; parent/pgen give
    # the way back.
    ng = cols.shape[0]
    q = cols.shape[1]
    seen = np.zeros(q * q, dtype=np.bool_)
    queue = np.empty(q * q, dtype=np.int32)
    head = 0
    n = 0
    for r in range(roots.shape[0]):
        e = roots[r]
        for j in range(ng):
            a = cols[j, e]
            k = tm_k[j]
            base = tm_off[j] + e * k
            for i in range(k):
                pr = a * q + tm_flat[base + i]
                if not seen[pr]:
                    seen[pr] = True
                    parent[pr] = -1 - e
                    pgen[pr] = j
                    queue[n] = pr
                    n += 1
    while head < n:
        pr = queue[head]
        head += 1
        a = pr // q
        b = pr % q
        if p[a] and p[b]:
            return pr
        for j in range(ng):
            n2 = cols[j, a] * q + cols[j, b]
            if not seen[n2]:
                seen[n2] = True
                parent[n2] = pr
                pgen[n2] = j
                queue[n] = n2
                n += 1
    return -1
