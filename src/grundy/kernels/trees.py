"""Compiled tree kernels: rooting a tree given by its edges, and the colon principle.

Numpy in, numpy out. Vertices are ``0..n-1``; a rooted forest is a parent array
(``parent[root] == -1``). Every loop is iterative, so a path of 10^6 vertices is
as easy as a star.

>>> import numpy as np
>>> parent, order, cycle = root_tree(np.array([0, 1, 1]), np.array([1, 2, 3]), 4, np.array([0]))
>>> parent.tolist(), order.tolist()
([-1, 0, 1, 1], [0, 1, 2, 3])
>>> colon_values(parent, order).tolist()       # 1 has two leaves: 1 ^ 1 = 0
[1, 0, 0, 0]
>>> grounded_prefix_values(parent, order).tolist()   # ground 0..k for each k
[1, 1, 1, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "root_tree", "forest_order", "colon_values", "grounded_prefix_values", "forest_depths",
    "geography_values", "canonical_code", "code_parents", "code_text",
]

#: The bytes of a tree code (:func:`canonical_code`): an edge is ``(`` subtree ``)``.
OPEN, CLOSE = 40, 41

_K: dict[str, Any] = {}


def _kernels() -> dict[str, Any]:
    if _K:
        return _K
    import numba

    @numba.njit(cache=True, nogil=True)
    def root_kernel(us: Any, vs: Any, n: int, roots: Any) -> Any:
        # CSR adjacency, then BFS from every root; returns parent, order, and the
        # number of vertices reached (< n: disconnected) and a non-tree edge flag.
        m = us.shape[0]
        deg = np.zeros(n + 1, dtype=np.int64)
        for i in range(m):
            deg[us[i] + 1] += 1
            deg[vs[i] + 1] += 1
        for i in range(n):
            deg[i + 1] += deg[i]
        adj = np.empty(2 * m, dtype=np.int64)
        fill = deg[:n].copy()
        for i in range(m):
            a, b = us[i], vs[i]
            adj[fill[a]] = b
            fill[a] += 1
            adj[fill[b]] = a
            fill[b] += 1
        parent = np.full(n, -2, dtype=np.int64)
        order = np.empty(n, dtype=np.int64)
        head = 0
        tail = 0
        cycle = -1
        for r in roots:
            if parent[r] != -2:
                continue
            parent[r] = -1
            order[tail] = r
            tail += 1
            while head < tail:
                u = order[head]
                head += 1
                seen_parent = False
                for k in range(deg[u], deg[u + 1]):
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
        return parent, order[:tail], cycle

    @numba.njit(cache=True, nogil=True)
    def order_kernel(parent: Any) -> Any:
        # children in CSR form by counting sort, then BFS from the roots
        n = parent.shape[0]
        cnt = np.zeros(n + 1, dtype=np.int64)
        for v in range(n):
            p = parent[v]
            if p >= 0:
                cnt[p + 1] += 1
        for i in range(n):
            cnt[i + 1] += cnt[i]
        kids = np.empty(max(cnt[n], 1), dtype=np.int64)
        fill = cnt[:n].copy()
        for v in range(n):
            p = parent[v]
            if p >= 0:
                kids[fill[p]] = v
                fill[p] += 1
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

    @numba.njit(cache=True, nogil=True)
    def colon_kernel(parent: Any, order: Any) -> Any:
        n = parent.shape[0]
        val = np.zeros(n, dtype=np.int64)
        for i in range(order.shape[0] - 1, -1, -1):
            v = order[i]
            p = parent[v]
            if p >= 0:
                val[p] ^= val[v] + 1
        return val

    @numba.njit(cache=True, nogil=True)
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

    @numba.njit(cache=True, nogil=True)
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

    @numba.njit(cache=True, nogil=True)
    def geography_kernel(parent: Any, order: Any) -> Any:
        # token games on a forest where the edge (or vertex) left behind is gone:
        # down[v] = mex of down over v's children (arrived from the parent);
        # rerooted: up[c] = the value at v once the edge to child c is gone =
        # mex of v's other directions, read off the counts of v's directions
        n = parent.shape[0]
        cnt = np.zeros(n + 1, dtype=np.int64)
        for v in range(n):
            if parent[v] >= 0:
                cnt[parent[v] + 1] += 1
        for i in range(n):
            cnt[i + 1] += cnt[i]
        kids = np.empty(max(cnt[n], 1), dtype=np.int64)
        fill = cnt[:n].copy()
        for v in range(n):
            p = parent[v]
            if p >= 0:
                kids[fill[p]] = v
                fill[p] += 1
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

    @numba.njit(cache=True, nogil=True)
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
        start = np.zeros(n + 1, dtype=np.int64)
        for v in range(n):
            if parent[v] >= 0:
                start[parent[v] + 1] += 1
        for i in range(n):
            start[i + 1] += start[i]
        kids = np.empty(max(start[n], 1), dtype=np.int64)
        fill = start[:n].copy()
        for v in range(n):
            p = parent[v]
            if p >= 0:
                kids[fill[p]] = v
                fill[p] += 1
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
                    kids[a:b] = ks
                    key[a:b] = kk
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
                        # (lexicographic, a prefix first)? Inline: a jitted helper
                        # held in a closure makes numba's disk cache miss every run
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
                src[:] = dst
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

    @numba.njit(cache=True, nogil=True)
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

    @numba.njit(cache=True, nogil=True)
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

    _K.update(root=root_kernel, order=order_kernel, colon=colon_kernel, prefix=prefix_kernel,
              depth=depth_kernel, geography=geography_kernel, canon=canon_kernel,
              code_parents=code_parents_kernel, code_text=code_text_kernel)
    return _K


def root_tree(us: Any, vs: Any, n: int, roots: Any) -> tuple[Any, Any, int]:
    """Root the graph with edges ``us[i] - vs[i]`` on vertices ``0..n-1`` at
    ``roots`` by BFS: ``(parent, order, cycle)``. ``order`` lists the vertices
    reached (fewer than ``n`` when some are cut off from every root); ``cycle`` is
    a vertex closing a cycle (or a second edge to a root), or ``-1`` for a forest."""
    k = _kernels()["root"]
    parent, order, cycle = k(
        np.ascontiguousarray(us, dtype=np.int64),
        np.ascontiguousarray(vs, dtype=np.int64),
        int(n),
        np.ascontiguousarray(roots, dtype=np.int64),
    )
    return parent, order, int(cycle)


def forest_order(parent: Any) -> Any:
    """The vertices of the rooted forest ``parent`` in BFS order (roots first).
    A parent array with a cycle leaves the cycle's vertices out."""
    return _kernels()["order"](np.ascontiguousarray(parent, dtype=np.int64))


def colon_values(parent: Any, order: Any) -> Any:
    """Green Hackenbush value of every vertex's subtree, by the colon principle
    ``g(v) = XOR over children c of (g(c) + 1)``, in reverse BFS order."""
    return _kernels()["colon"](
        np.ascontiguousarray(parent, dtype=np.int64), np.ascontiguousarray(order, dtype=np.int64)
    )


def grounded_prefix_values(parent: Any, order: Any, values: Any = None) -> Any:
    """For each ``k``: the Green Hackenbush value of the tree ``parent`` (one root)
    when vertices ``0..k`` and the root are grounded. Fusing the grounded part
    (the union of the paths from ``0..k`` to the root) into one vertex turns its
    edges into loops: the value is the XOR of ``g(c) + 1`` over the subtrees
    hanging from it, XOR the parity of its edges. Amortised O(n)."""
    p = np.ascontiguousarray(parent, dtype=np.int64)
    val = colon_values(p, order) if values is None else np.asarray(values, dtype=np.int64)
    return _kernels()["prefix"](p, np.ascontiguousarray(order, dtype=np.int64), val)


def forest_depths(parent: Any, order: Any) -> tuple[Any, Any]:
    """``(depth, top)``: each vertex's depth and the root of its tree, along the
    BFS ``order`` of the forest ``parent``."""
    return _kernels()["depth"](  # type: ignore[no-any-return]
        np.ascontiguousarray(parent, dtype=np.int64), np.ascontiguousarray(order, dtype=np.int64)
    )


def geography_values(parent: Any, order: Any) -> Any:
    """Grundy value of the token game on the forest ``parent`` started at each
    vertex, where a move slides the token along an edge and that edge (or the vertex
    left) is gone for good: on a forest both are the same game, and the token never
    comes back, so ``g(v) = mex over the neighbours w of g(w in the part beyond
    the edge v-w)``. Every start at once by rerooting, O(n).

    >>> import numpy as np
    >>> geography_values(np.array([-1, 0, 1, 2]), np.array([0, 1, 2, 3])).tolist()   # a path
    [1, 2, 2, 1]
    """
    return _kernels()["geography"](
        np.ascontiguousarray(parent, dtype=np.int64), np.ascontiguousarray(order, dtype=np.int64)
    )


def canonical_code(parent: Any, order: Any) -> bytes:
    """The canonical code of the rooted tree ``parent`` (one root, ``order`` its
    parents-first order, :func:`forest_order`): each edge written ``(`` subtree
    ``)``, the children of every vertex in a canonical order of their subtrees
    (AHU: by height, then by their children's ranks), so two trees have one code
    iff they are isomorphic. O(n log n), iterative.

    >>> import numpy as np
    >>> canonical_code(np.array([-1, 0, 0, 1]), np.array([0, 1, 2, 3]))
    b'()(())'
    >>> canonical_code(np.array([-1, 0, 1, 0]), np.array([0, 1, 3, 2]))
    b'()(())'
    """
    p = np.ascontiguousarray(parent, dtype=np.int64)
    if p.shape[0] <= 1:
        return b""
    out: bytes = _kernels()["canon"](p, np.ascontiguousarray(order, dtype=np.int64)).tobytes()
    return out


def code_parents(code: bytes) -> Any:
    """The parent array (vertices in preorder, root 0) of a tree code, or ``None``
    when ``code`` is not a balanced bracket code.

    >>> code_parents(b"()(())").tolist()
    [-1, 0, 0, 2]
    >>> code_parents(b"(()") is None
    True
    """
    if len(code) % 2:
        return None
    if not code:
        return np.full(1, -1, dtype=np.int64)
    parent = _kernels()["code_parents"](np.frombuffer(code, dtype=np.uint8))
    return None if parent[0] == -2 else parent


def code_text(code: bytes) -> str:
    """The nested-tuple text of a tree code (``()`` the bare root, ``((),)`` one edge).

    >>> code_text(b"()(())")
    '((), ((),))'
    """
    if not code:
        return "()"
    out: str = _kernels()["code_text"](np.frombuffer(code, dtype=np.uint8)).tobytes().decode("ascii")
    return out
