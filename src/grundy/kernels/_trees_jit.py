"""The compiled parts of :mod:`grundy.kernels.trees`: rooting, orders, the colon
principle, geography values and canonical tree codes."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def root_kernel(us: Any, vs: Any, roots: Any, start: Any, fill: Any, adj: Any, parent: Any, order: Any) -> Any:
    # CSR adjacency (start: n + 1 zeros, fill: n, adj: 2m), then BFS from every
    # root not reached yet; parent comes in as -2 everywhere, order receives the
    # vertices reached. Returns (how many were reached, a vertex closing a cycle
    # or -1). No allocation: the arrays come from numpy, so the first process
    # compiles only these loops (np.empty/np.zeros overloads and slices cost
    # compile time).
    m = us.shape[0]
    n = parent.shape[0]
    for i in range(m):
        start[us[i] + 1] += 1
        start[vs[i] + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
        fill[i] = start[i]
    for i in range(m):
        a, b = us[i], vs[i]
        adj[fill[a]] = b
        fill[a] += 1
        adj[fill[b]] = a
        fill[b] += 1
    head = 0
    tail = 0
    cycle = -1
    for ri in range(roots.shape[0]):
        r = roots[ri]
        if parent[r] != -2:
            continue
        parent[r] = -1
        order[tail] = r
        tail += 1
        while head < tail:
            u = order[head]
            head += 1
            seen_parent = False
            for k in range(start[u], start[u + 1]):
                w = adj[k]
                if w == parent[u] and not seen_parent:
                    seen_parent = True
                    continue
                if parent[w] == -2:
                    parent[w] = u
                    order[tail] = w
                    tail += 1
                elif cycle < 0:
                    cycle = w
    return tail, cycle


@jit
def children_kernel(parent: Any) -> Any:
    # the children of each vertex in CSR form, by a counting sort: those of v are
    # kids[start[v]:start[v + 1]], in increasing order
    n = parent.shape[0]
    start = np.zeros(n + 1, dtype=np.int64)
    for v in range(n):
        p = parent[v]
        if p >= 0:
            start[p + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    kids = np.empty(max(start[n], 1), dtype=np.int64)
    fill = start[:n].copy()
    for v in range(n):
        p = parent[v]
        if p >= 0:
            kids[fill[p]] = v
            fill[p] += 1
    return start, kids


@jit
def order_kernel(parent: Any) -> Any:
    # children in CSR form by counting sort, then BFS from the roots
    n = parent.shape[0]
    cnt, kids = children_kernel(parent)
    order = np.empty(n, dtype=np.int64)
    tail = 0
    for v in range(n):
        if parent[v] < 0:
            order[tail] = v
            tail += 1
    head = 0
    while head < tail:
        u = order[head]
        head += 1
        for k in range(cnt[u], cnt[u + 1]):
            order[tail] = kids[k]
            tail += 1
    return order[:tail]


@jit
def colon_kernel(parent: Any, order: Any) -> Any:
    n = parent.shape[0]
    val = np.zeros(n, dtype=np.int64)
    for i in range(order.shape[0] - 1, -1, -1):
        v = order[i]
        p = parent[v]
        if p >= 0:
            val[p] ^= val[v] + 1
    return val


@jit
def prefix_kernel(parent: Any, order: Any, val: Any) -> Any:
    # ground grows 0, 1, 2, ...: each new path to the grounded part adds its
    # edges as loops (parity) and re-hangs the subtrees along it
    n = parent.shape[0]
    out = np.empty(n, dtype=np.int64)
    grounded = np.zeros(n, dtype=np.bool_)
    res = 0
    for v in range(n):
        if parent[v] < 0:
            grounded[v] = True
            res ^= val[v]
    for k in range(n):
        x = k
        while not grounded[x]:
            grounded[x] = True
            res ^= 1 ^ val[x] ^ (val[x] + 1)
            x = parent[x]
        out[k] = res
    return out


@jit
def depth_kernel(parent: Any, order: Any) -> Any:
    n = parent.shape[0]
    depth = np.zeros(n, dtype=np.int64)
    top = np.arange(n)
    for i in range(order.shape[0]):
        v = order[i]
        p = parent[v]
        if p >= 0:
            depth[v] = depth[p] + 1
            top[v] = top[p]
    return depth, top


@jit
def geography_kernel(parent: Any, order: Any) -> Any:
    # token games on a forest where the edge (or vertex) left behind is gone:
    # down[v] = mex of down over v's children (arrived from the parent);
    # rerooted: up[c] = the value at v once the edge to child c is gone =
    # mex of v's other directions, read off the counts of v's directions
    n = parent.shape[0]
    cnt, kids = children_kernel(parent)
    down = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n + 2, dtype=np.int64)  # counts of small values, reset after use
    for i in range(order.shape[0] - 1, -1, -1):
        v = order[i]
        k = cnt[v + 1] - cnt[v]
        for j in range(cnt[v], cnt[v + 1]):
            x = down[kids[j]]
            if x <= k:
                seen[x] += 1
        m = 0
        while seen[m] > 0:
            m += 1
        down[v] = m
        for j in range(cnt[v], cnt[v + 1]):
            x = down[kids[j]]
            if x <= k:
                seen[x] = 0
    up = np.zeros(n, dtype=np.int64)
    full = np.zeros(n, dtype=np.int64)
    for i in range(order.shape[0]):
        v = order[i]
        k = cnt[v + 1] - cnt[v] + (1 if parent[v] >= 0 else 0)
        for j in range(cnt[v], cnt[v + 1]):
            x = down[kids[j]]
            if x <= k:
                seen[x] += 1
        if parent[v] >= 0 and up[v] <= k:
            seen[up[v]] += 1
        m = 0
        while seen[m] > 0:
            m += 1
        full[v] = m
        for j in range(cnt[v], cnt[v + 1]):
            x = down[kids[j]]
            up[kids[j]] = x if (x < m and seen[x] == 1) else m
        for j in range(cnt[v], cnt[v + 1]):
            x = down[kids[j]]
            if x <= k:
                seen[x] = 0
        if parent[v] >= 0 and up[v] <= k:
            seen[up[v]] = 0
    return full


@jit
def canon_kernel(parent: Any, order: Any) -> Any:
    # AHU: rank the subtree classes level by level (height, then the sorted
    # ranks of the children, lexicographic), so equal ranks are isomorphic
    # subtrees and the order does not depend on the input's numbering; then
    # write the tree children-by-rank as brackets (an edge: '(' subtree ')').
    n = parent.shape[0]
    height = np.zeros(n, dtype=np.int64)
    for i in range(n - 1, 0, -1):
        v = order[i]
        p = parent[v]
        if height[v] + 1 > height[p]:
            height[p] = height[v] + 1
    start, kids = children_kernel(parent)
    top = height[order[0]]
    hstart = np.zeros(top + 2, dtype=np.int64)
    for v in range(n):
        hstart[height[v] + 1] += 1
    for h in range(top + 1):
        hstart[h + 1] += hstart[h]
    byh = np.empty(n, dtype=np.int64)
    hfill = hstart[: top + 1].copy()
    for v in range(n):
        byh[hfill[height[v]]] = v
        hfill[height[v]] += 1
    rank = np.zeros(n, dtype=np.int64)
    key = np.zeros(max(start[n], 1), dtype=np.int64)
    buf = np.empty(n, dtype=np.int64)
    nxt = 0
    for h in range(top + 1):
        lo, hi = hstart[h], hstart[h + 1]
        for k in range(lo, hi):
            v = byh[k]
            a, b = start[v], start[v + 1]
            for j in range(a, b):
                key[j] = rank[kids[j]]
            if b - a > 1:
                # children sorted by rank, the key with them
                idx = np.argsort(key[a:b], kind="mergesort")
                ks = kids[a:b][idx].copy()
                kk = key[a:b][idx].copy()
                for j in range(b - a):  # not slice copies (their shape checks compile slowly)
                    kids[a + j] = ks[j]
                    key[a + j] = kk[j]
        # bottom-up merge sort of this level's vertices by their keys
        m = hi - lo
        src = byh[lo:hi]
        dst = buf[:m]
        width = 1
        while width < m:
            i = 0
            while i < m:
                mid = min(i + width, m)
                end = min(i + 2 * width, m)
                p, q, o = i, mid, i
                while p < mid and q < end:
                    # is the child-rank list of src[q] before that of src[p]
                    # (lexicographic, a prefix first)?
                    x0, x1 = start[src[q]], start[src[q] + 1]
                    y0, y1 = start[src[p]], start[src[p] + 1]
                    while x0 < x1 and y0 < y1 and key[x0] == key[y0]:
                        x0 += 1
                        y0 += 1
                    if (key[x0] < key[y0]) if (x0 < x1 and y0 < y1) else (x0 == x1 and y0 < y1):
                        dst[o] = src[q]
                        q += 1
                    else:
                        dst[o] = src[p]
                        p += 1
                    o += 1
                while p < mid:
                    dst[o] = src[p]
                    p += 1
                    o += 1
                while q < end:
                    dst[o] = src[q]
                    q += 1
                    o += 1
                i += 2 * width
            for j in range(m):
                src[j] = dst[j]
            width *= 2
        for k in range(lo, hi):
            v = byh[k]
            same = False
            if k > lo:  # the same child-rank list as the one before
                x0, x1 = start[byh[k - 1]], start[byh[k - 1] + 1]
                y0, y1 = start[v], start[v + 1]
                same = x1 - x0 == y1 - y0
                while same and x0 < x1:
                    same = key[x0] == key[y0]
                    x0 += 1
                    y0 += 1
            if same:
                rank[v] = rank[byh[k - 1]]
            else:
                rank[v] = nxt
                nxt += 1
    code = np.empty(2 * (n - 1), dtype=np.uint8)
    stack = np.empty(n, dtype=np.int64)
    pos = np.empty(n, dtype=np.int64)
    root = order[0]
    sp = 0
    stack[0] = root
    pos[root] = start[root]
    c = 0
    while sp >= 0:
        v = stack[sp]
        if pos[v] < start[v + 1]:
            w = kids[pos[v]]
            pos[v] += 1
            code[c] = 40
            c += 1
            sp += 1
            stack[sp] = w
            pos[w] = start[w]
        else:
            sp -= 1
            if sp >= 0:
                code[c] = 41
                c += 1
    return code


@jit
def code_parents_kernel(code: Any) -> Any:
    # vertices in preorder (root 0); -2 in parent[0] flags a bad code
    m = code.shape[0]
    n = m // 2 + 1
    parent = np.empty(n, dtype=np.int64)
    parent[0] = -1
    stack = np.empty(n + 1, dtype=np.int64)
    sp = 0
    stack[0] = 0
    nxt = 1
    for i in range(m):
        ch = code[i]
        if ch == 40 and nxt < n:
            parent[nxt] = stack[sp]
            sp += 1
            stack[sp] = nxt
            nxt += 1
        elif ch == 41 and sp > 0:
            sp -= 1
        else:
            parent[0] = -2
            return parent
    if sp != 0 or nxt != n:
        parent[0] = -2
    return parent


@jit
def code_text_kernel(code: Any) -> Any:
    # nested-tuple text: '(' children joined by ', ' (a lone child: ',') ')'
    m = code.shape[0]
    out = np.empty(3 * m + 4, dtype=np.uint8)
    count = np.zeros(m // 2 + 2, dtype=np.int64)
    sp = 0
    o = 0
    out[o] = 40
    o += 1
    for i in range(m + 1):
        if i < m and code[i] == 40:
            if count[sp] > 0:
                out[o] = 44
                out[o + 1] = 32
                o += 2
            count[sp] += 1
            out[o] = 40
            o += 1
            sp += 1
            count[sp] = 0
        else:
            if count[sp] == 1:
                out[o] = 44
                o += 1
            out[o] = 41
            o += 1
            sp -= 1
    return out[:o]
