"""Compiled graph kernels: bridges, 2-edge-connected parts and the fusion principle.

Numpy in, numpy out. A multigraph is two int arrays ``us, vs`` (edge ``i`` joins
``us[i]`` and ``vs[i]``; loops and parallel edges allowed) on vertices ``0..n-1``.
One iterative depth-first search from a root finds the bridges (an edge is a
bridge iff no back edge climbs over it; a parallel edge is a back edge, since the
search skips only the edge it came by, not the vertex), so the parts left when
the bridges are removed are the 2-edge-connected components, each found as a
contiguous stretch of the preorder. Green Hackenbush then follows by the fusion
principle: a part is a vertex with its non-bridge edges as loops (parity), and the
bridge tree is valued by the colon principle.

>>> import numpy as np
>>> us, vs = np.array([0, 1, 2, 2]), np.array([1, 2, 0, 3])   # triangle + stalk
>>> f = fuse_graph(us, vs, 4, 0)
>>> f.part.tolist(), f.bridge.tolist()
([0, 0, 0, 1], [False, False, False, True])
>>> f.value.tolist()                     # root part: 3 loops (1) ^ (stalk 0 + 1)
[0, 0]
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from grundy.kernels._lazy import jit_module, loaded

__all__ = ["Fusion", "fuse_graph"]

#: Largest graph (edges + vertices) fused as plain Python while the kernel is not loaded,
#: and the most such work in all before the compiled kernel takes over.
_SMALL = 400
_SMALL_TOTAL = 20_000
_small_work = 0


class Fusion(NamedTuple):
    """The bridge tree of the part reachable from a root.

    ``part[v]``: the part (2-edge-connected component) of vertex ``v``, ``-1`` if
    unreachable; ``bridge[i]``: whether edge ``i`` is a bridge; ``parent[p]`` and
    ``up[p]``: the parent part and the bridge to it (``-1`` at the root part 0);
    parts are numbered in preorder (a parent before its children); ``inner[p]``:
    the number of the part's own edges (its loops after fusion); ``value[p]``: the
    Green Hackenbush value of the part's subtree (fusion and colon principles)."""

    part: Any
    bridge: Any
    parent: Any
    up: Any
    inner: Any
    value: Any


def _fuse_py(us: Any, vs: Any, n: int, root: int, weight: Any) -> Any:
    """The fusion kernel (compiled in :mod:`grundy.kernels._graphs_jit`; run as plain
    Python on small graphs before that is loaded)."""
    m = us.shape[0]
    deg = np.zeros(n + 1, dtype=np.int64)
    for i in range(m):
        if us[i] != vs[i]:
            deg[us[i] + 1] += 1
            deg[vs[i] + 1] += 1
    for i in range(n):
        deg[i + 1] += deg[i]
    adj = np.empty(max(deg[n], 1), dtype=np.int64)
    eid = np.empty(max(deg[n], 1), dtype=np.int64)
    fill = deg[:n].copy()
    for i in range(m):
        a, b = us[i], vs[i]
        if a != b:
            adj[fill[a]] = b
            eid[fill[a]] = i
            fill[a] += 1
            adj[fill[b]] = a
            eid[fill[b]] = i
            fill[b] += 1
    # iterative DFS: tin, low, the edge each vertex was reached by
    tin = np.full(n, -1, dtype=np.int64)
    low = np.zeros(n, dtype=np.int64)
    pe = np.full(n, -1, dtype=np.int64)
    it = deg[:n].copy()
    stack = np.empty(n, dtype=np.int64)
    pre = np.empty(n, dtype=np.int64)
    bridge = np.zeros(m, dtype=np.bool_)
    top = 0
    timer = 0
    stack[0] = root
    tin[root] = 0
    low[root] = 0
    pre[0] = root
    timer = 1
    while top >= 0:
        v = stack[top]
        if it[v] < deg[v + 1]:
            k = it[v]
            it[v] += 1
            e = eid[k]
            if e == pe[v]:
                continue
            w = adj[k]
            if tin[w] < 0:
                tin[w] = timer
                low[w] = timer
                pre[timer] = w
                timer += 1
                pe[w] = e
                top += 1
                stack[top] = w
            elif tin[w] < low[v]:
                low[v] = tin[w]
        else:
            top -= 1
            e = pe[v]
            if e >= 0:
                p = us[e] ^ vs[e] ^ v
                if low[v] < low[p]:
                    low[p] = low[v]
                if low[v] > tin[p]:
                    bridge[e] = True
    # parts in preorder: a vertex reached by a bridge starts a new part
    part = np.full(n, -1, dtype=np.int64)
    parent = np.full(timer, -1, dtype=np.int64)
    up = np.full(timer, -1, dtype=np.int64)
    nparts = 1
    part[root] = 0
    for i in range(1, timer):
        v = pre[i]
        e = pe[v]
        p = us[e] ^ vs[e] ^ v
        if bridge[e]:
            parent[nparts] = part[p]
            up[nparts] = e
            part[v] = nparts
            nparts += 1
        else:
            part[v] = part[p]
    inner = np.zeros(nparts, dtype=np.int64)
    for i in range(m):
        a = us[i]
        if part[a] >= 0 and not bridge[i]:
            inner[part[a]] += 1
    val = inner & 1
    for v in range(n):
        if part[v] >= 0:
            val[part[v]] ^= weight[v]
    for q in range(nparts - 1, 0, -1):
        val[parent[q]] ^= val[q] + 1
    return part, bridge, parent[:nparts], up[:nparts], inner, val


def fuse_graph(us: Any, vs: Any, n: int, root: int, weight: Any = None) -> Fusion:
    """Bridges, 2-edge-connected parts and Green Hackenbush values of the multigraph
    ``us[i] - vs[i]`` on ``0..n-1`` (the part reachable from ``root``, the fused
    ground), in O(n + m). ``weight[v]``: a nim-heap hanging at ``v``, XORed into its
    part's value (used to value one part with its subtrees collapsed)."""
    w = np.zeros(n, dtype=np.int64) if weight is None else np.ascontiguousarray(weight, dtype=np.int64)
    global _small_work
    # A small graph before the kernel is loaded runs as plain Python: loading it
    # costs about a second, far more than the graph; heavy use loads it.
    small = not loaded("_graphs_jit") and len(us) + n <= _SMALL and _small_work < _SMALL_TOTAL
    if small:
        _small_work += len(us) + n
    out = (_fuse_py if small else jit_module("_graphs_jit").fuse)(
        np.ascontiguousarray(us, dtype=np.int64),
        np.ascontiguousarray(vs, dtype=np.int64),
        int(n),
        int(root),
        w,
    )
    return Fusion(*out)
