"""Codeforces 2062E1/E2 The Game: a tree rooted at 1 with weights w_i; players
alternately pick a remaining vertex heavier than the opponent's last pick (any
vertex on the first move) and delete its subtree; the first player who cannot
move WINS. Which first moves win for Cirno (the first player)?

Input: t, then per case n, w_1..w_n and n-1 lines "u v". Output per case (E2):
the number of winning first moves, then the vertices ascending, on one line. With
``--easy`` (E1): one winning vertex, or 0.

Theorem (the notes): u wins iff some vertex heavier than u lies outside u's
subtree, and every heavier v outside it either has nothing heavier than itself
outside its own subtree, or has all of those (their LCA W_v) inside u's subtree:
u is an ancestor of v or of W_v. Scanning weights downward, each v adds +1 on the
root paths of v and W_v and -1 on that of their LCA; u wins iff its subtree holds
all the constraints. All the cases of the input are one forest, each case a run
of the preorder: "a heavier vertex outside u's subtree" is a range-maximum query
over the weights in preorder, the first and last such vertex a descent on the
same sparse table, and the LCA a range-minimum of the depths (numpy over every
vertex at once). Only the two sequential parts are compiled: the preorder and
the Fenwick tree of the constraints. O(n log n).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from numba import njit

# The first run after install compiles the two kernels (cached on disk next to
# this file), so they are kept small: everything that vectorises is numpy.
# tests/examples load this file under its own module name, so a cache written
# by a test run serves the script and back.

_I = np.int64


@njit("int64(int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1])",
      cache=True)
def _preorder(start: Any, adj: Any, roots: Any, at: Any, parent: Any, depth: Any, size: Any) -> int:
    """Preorder of the forest from ``roots`` (adjacency lists ``adj[start[v]:
    start[v + 1]]``): ``at[i]`` the i-th vertex, each vertex's parent (-1 at a
    root), depth and subtree size. Returns the number of vertices reached, or
    -1 when a vertex is reached twice (the edges do not make a forest)."""
    n = at.shape[0]
    for v in range(n):
        depth[v] = -1
        size[v] = 1
    stack = np.empty(n, dtype=np.int64)
    clock = 0
    for r in roots:
        if depth[r] >= 0:
            return -1
        parent[r] = -1
        depth[r] = 0
        stack[0] = r
        sp = 1
        while sp:
            sp -= 1
            v = stack[sp]
            at[clock] = v
            clock += 1
            for k in range(start[v], start[v + 1]):
                c = adj[k]
                if c == parent[v]:
                    continue
                if depth[c] >= 0:
                    return -1
                parent[c] = v
                depth[c] = depth[v] + 1
                stack[sp] = c
                sp += 1
    for i in range(clock - 1, 0, -1):
        v = at[i]
        if parent[v] >= 0:
            size[parent[v]] += size[v]
    return clock


@njit("void(int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], "
      "int64[::1], int64[::1])", cache=True)
def _fenwick_pass(order: Any, key: Any, tin: Any, tout: Any, outside: Any,
                  pv: Any, pw: Any, pl: Any, win: Any) -> None:
    """Vertices in ``order`` (by case, heaviest first; ``key`` equal within a
    group of equal weight and case): ``win[u] = 1`` when some heavier vertex is
    outside u's subtree and each constraint of the heavier vertices of its case
    has a point (+1 at ``pv``, +1 at ``pw``, -1 at ``pl``, preorder positions)
    in u's subtree (every vertex with ``outside`` has a constraint). Positions
    of different cases are disjoint, so one Fenwick tree serves every case."""
    n = order.shape[0]
    bit = np.zeros(n + 1, dtype=np.int64)
    i = 0
    count = 0
    case_key = -1
    while i < n:
        k0 = key[order[i]]
        j = i
        while j < n and key[order[j]] == k0:
            j += 1
        if k0 >> 32 != case_key:  # a new case
            case_key = k0 >> 32
            count = 0
        for k in range(i, j):
            u = order[k]
            if outside[u]:
                s = 0
                x = tout[u] + 1
                while x > 0:
                    s += bit[x]
                    x -= x & -x
                x = tin[u]
                while x > 0:
                    s -= bit[x]
                    x -= x & -x
                if s == count:
                    win[u] = 1
        for k in range(i, j):
            v = order[k]
            if outside[v]:
                for r in range(3):
                    x = (pv[v] if r == 0 else pw[v] if r == 1 else pl[v]) + 1
                    d = -1 if r == 2 else 1
                    while x <= n:
                        bit[x] += d
                        x += x & -x
                count += 1
        i = j


class _Sparse:
    """Sparse tables over preorder positions (``int32``): the position of the
    shallowest vertex of each run of ``2^k`` positions, and (built on first use)
    the largest weight of each run."""

    def __init__(self, a: Any, depth: Any) -> None:
        n = len(a)
        self.levels = max(1, int(n).bit_length())
        self.a, self.depth = a, depth
        self.mn = np.zeros((self.levels, n), dtype=np.int32)
        self.mn[0] = np.arange(n, dtype=np.int32)
        for k in range(1, self.levels):
            h, m = 1 << (k - 1), n - (1 << k) + 1
            if m <= 0:
                break
            left, right = self.mn[k - 1, :m], self.mn[k - 1, h : h + m]
            self.mn[k, :m] = np.where(depth[right] < depth[left], right, left)
        self._mx: Any = None

    @property
    def mx(self) -> Any:
        if self._mx is None:
            n = len(self.a)
            self._mx = np.zeros((self.levels, n), dtype=np.int32)
            self._mx[0] = self.a
            for k in range(1, self.levels):
                h, m = 1 << (k - 1), n - (1 << k) + 1
                if m <= 0:
                    break
                np.maximum(self._mx[k - 1, :m], self._mx[k - 1, h : h + m], out=self._mx[k, :m])
        return self._mx

    def shallowest(self, lo: Any, hi: Any) -> Any:
        """The position of the shallowest vertex over ``lo..hi`` (non-empty)."""
        k = np.log2(hi - lo + 1).astype(_I)
        a, b = self.mn[k, lo], self.mn[k, hi - (1 << k) + 1]
        return np.where(self.depth[b] < self.depth[a], b, a)

    def first_above(self, lo: Any, hi: Any, x: Any) -> Any:
        """The first position in ``lo..hi`` whose weight exceeds ``x``, else ``hi + 1``
        (a descent over the levels: skip a run of ``2^k`` while none exceeds)."""
        pos = lo.copy()
        for k in range(self.levels - 1, -1, -1):
            end = pos + (1 << k) - 1
            fits = end <= hi
            skip = fits & (self.mx[k, np.where(fits, pos, 0)] <= x)
            pos += np.where(skip, 1 << k, 0)
        return np.minimum(pos, hi + 1)

    def last_above(self, lo: Any, hi: Any, x: Any) -> Any:
        """The last position in ``lo..hi`` whose weight exceeds ``x``, else ``lo - 1``."""
        pos = hi.copy()
        for k in range(self.levels - 1, -1, -1):
            begin = pos - (1 << k) + 1
            fits = begin >= lo
            skip = fits & (self.mx[k, np.where(fits, begin, 0)] <= x)
            pos -= np.where(skip, 1 << k, 0)
        return np.maximum(pos, lo - 1)


def _bad(what: str) -> Exception:
    from grundy.values.errors import InvalidPositionError  # (solving needs no grundy)

    return InvalidPositionError(f"cf2062e: {what}")


def _cases(data: Any) -> tuple[Any, Any]:
    """The start of each case in ``data`` (at its ``n``) and the sizes."""
    if len(data) < 1 or data[0] < 0:
        raise _bad("the input ends early")
    t = int(data[0])
    starts, sizes = np.empty(t, dtype=_I), np.empty(t, dtype=_I)
    pos, total = 1, len(data)
    for c in range(t):  # one step per case: cheap even for t = 10^5
        if pos >= total or data[pos] < 1:
            raise _bad("the input ends early, or a case has n < 1")
        starts[c], sizes[c] = pos, data[pos]
        pos += 3 * int(data[pos]) - 1
    if pos > total:
        raise _bad("the input ends early")
    return starts, sizes


def _runs(begin: Any, length: Any) -> Any:
    """The concatenation of ``range(b, b + l)`` for each pair (vectorised)."""
    return (np.arange(int(length.sum()), dtype=_I) + np.repeat(begin - (np.cumsum(length) - length), length))


def _solve(data: Any) -> tuple[Any, Any]:
    """Every case of the input: the case of each winning first move and the
    move (1-based within its case, ascending), and the number of cases."""
    starts, sizes = _cases(data)
    t, n = len(sizes), int(sizes.sum())
    offset = np.cumsum(sizes) - sizes          # the first global vertex of each case
    cid = np.repeat(np.arange(t, dtype=_I), sizes)
    w = data[_runs(starts + 1, sizes)]
    if ((w < 1) | (w > sizes[cid])).any():
        raise _bad("a weight is outside 1..n")
    ends = data[_runs(starts + 1 + sizes, 2 * (sizes - 1))].reshape(-1, 2)
    ecase = np.repeat(np.arange(t, dtype=_I), sizes - 1)
    if ((ends < 1) | (ends > sizes[ecase][:, None])).any():
        raise _bad("an edge has an end outside 1..n")
    ends = ends - 1 + offset[ecase][:, None]
    # adjacency lists (CSR) by a stable sort of the directed edges
    src = np.concatenate([ends[:, 0], ends[:, 1]])
    dst = np.concatenate([ends[:, 1], ends[:, 0]])
    order = np.argsort(src, kind="stable")
    adj = np.ascontiguousarray(dst[order])
    start = np.zeros(n + 1, dtype=_I)
    np.cumsum(np.bincount(src, minlength=n), out=start[1:])
    at, parent, depth, size = (np.empty(n, dtype=_I) for _ in range(4))
    if _preorder(start, adj, offset, at, parent, depth, size) != n:
        raise _bad("the edges of a case do not make a tree")
    tin = np.empty(n, dtype=_I)
    tin[at] = np.arange(n, dtype=_I)
    tout = tin + size - 1
    # every vertex's case as a run of preorder positions first..last
    first, last = offset[cid], offset[cid] + sizes[cid] - 1
    table = _Sparse(w[at], depth[at])

    def lca(a: Any, b: Any) -> Any:
        ta, tb = np.minimum(tin[a], tin[b]), np.maximum(tin[a], tin[b])
        top = np.where(tin[a] <= tin[b], a, b)
        inside = tb <= tout[top]
        m = table.shallowest(np.where(inside, 0, ta + 1), np.where(inside, 0, tb))
        return np.where(inside, top, parent[at[m]])

    # prefix and suffix maxima of the weights in preorder, restarting at each
    # case (a case's weights are raised above those of the cases before it)
    a = w[at] + cid[at] * (n + 1)
    pre = np.maximum.accumulate(a)
    suf = np.maximum.accumulate(a[::-1] - 2 * cid[at][::-1] * (n + 1))[::-1]
    base = cid * (n + 1)
    # a heavier vertex outside v's subtree (within its case)?
    before = np.where(tin > first, pre[np.maximum(tin - 1, 0)] - base, 0)
    after = np.where(tout < last, suf[np.minimum(tout + 1, n - 1)] + base, 0)
    outside = np.maximum(before, after) > w
    # the constraints: v with a heavier vertex outside its subtree; W_v the LCA of
    # the first and last (in preorder) of those vertices: the first and last
    # heavier vertices of the case, unless they lie in v's own subtree
    v = np.flatnonzero(outside)
    x, tv, ov = w[v], tin[v], tout[v]
    lo = np.searchsorted(pre, x + base[v], side="right")
    hi = np.searchsorted(-suf, base[v] - x, side="left") - 1
    inner = np.flatnonzero((lo >= tv) & (lo <= ov))
    lo[inner] = table.first_above(ov[inner] + 1, last[v[inner]], x[inner])
    inner = np.flatnonzero((hi >= tv) & (hi <= ov))
    hi[inner] = table.last_above(first[v[inner]], tv[inner] - 1, x[inner])
    big_w = lca(at[lo], at[hi])
    pv, pw, pl = (np.zeros(n, dtype=_I) for _ in range(3))
    pv[v], pw[v], pl[v] = tin[v], tin[big_w], tin[lca(big_w, v)]
    # by case, heaviest first: the key's high half the case, the low half n - w
    key = (cid << 32) | (sizes[cid] - w)
    by = np.argsort(key, kind="stable")
    win = np.zeros(n, dtype=_I)
    _fenwick_pass(by, key, tin, tout, outside.astype(_I), pv, pw, pl, win)
    won = np.flatnonzero(win)
    return cid[won], won - offset[cid[won]] + 1, t


def solve(text: str, easy: bool = False) -> str:
    data = np.fromstring(text, dtype=np.int64, sep=" ")  # fast: text to int64 in C
    case, move, t = _solve(data)
    counts = np.bincount(case, minlength=t)
    words = move.astype(str).tolist()
    lines, i = [], 0
    for c in counts.tolist():
        if easy:
            lines.append(words[i] if c else "0")
        else:
            lines.append(" ".join([str(c), *words[i : i + c]]))
        i += c
    return "\n".join(lines)


def winning_first_moves(n: int, w: Any, edges: Any) -> list[int]:
    """The winning first moves (1-based), vertices 1..n, tree rooted at 1."""
    data = np.concatenate([[1, n], np.asarray(w, dtype=np.int64).ravel(),
                           np.asarray(edges, dtype=np.int64).ravel()]).astype(np.int64)
    return [int(m) for m in _solve(data)[1]]


if __name__ == "__main__":
    print(solve(sys.stdin.read(), easy="--easy" in sys.argv[1:]))
