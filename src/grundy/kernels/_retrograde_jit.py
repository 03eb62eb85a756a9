"""The compiled parts of :mod:`grundy.kernels.retrograde`: the counting sort into
CSR, retrograde analysis, generalised Sprague-Grundy labels and suspense."""

# mypy: ignore-errors
from __future__ import annotations

from typing import Any

import numba
import numpy as np

jit = numba.njit(cache=True, nogil=True, no_cfunc_wrapper=True)


@jit
def csr(keys: Any, vals: Any, n: int, start: Any, out: Any, deg: Any, count: bool) -> None:
    # Stable counting sort of ``vals`` by ``keys`` in place, no scratch array:
    # count into start[k + 1], prefix sums (start[k + 1] = end of bucket k),
    # place the items backwards (start[k + 1] walks down to the bucket's
    # beginning), shift left by one. ``deg`` counts ``vals`` when ``count``.
    # (indices as unsigned: numba then skips the negative-index wraparound)
    m = keys.shape[0]
    one = np.uint64(1)
    for e in range(m):
        start[np.uint64(keys[e]) + one] += 1
        if count:
            deg[np.uint64(vals[e])] += 1
    for v in range(n):
        start[v + 1] += start[v]
    for e in range(m - 1, -1, -1):
        k = np.uint64(keys[e]) + one
        p = np.uint64(start[k] - 1)
        start[k] = p
        out[p] = vals[e]
    for v in range(n):
        start[v] = start[v + 1]
    start[n] = m


@jit
def retro(pstart: Any, pred: Any, st: Any, terminal: Any, use_terminal: bool,
          out: Any, rem: Any, q: Any) -> None:
    # ``st`` holds the out-degrees and is used up as the state of each vertex:
    # > 0 unresolved options left (a draw if it stays so), 0 lost, -1 won,
    # -2 a fixed draw (resolved, never propagates). One array for the
    # counter and the result: one random access per edge.
    n = st.shape[0]
    qt = 0
    for v in range(n):
        rem[v] = -1
        if use_terminal and terminal[v] != 0:
            t = terminal[v]
            if t == 3:
                st[v] = -2
                continue
            st[v] = -1 if t == 1 else 0
        elif st[v] != 0:
            continue
        rem[v] = 0
        q[qt] = v
        qt += 1
    # First in, first out: positions leave the queue in order of remoteness,
    # so a win found from a loss of remoteness r has r + 1 (the least), and a
    # loss resolved by its last option has 1 + the greatest.
    # Indices are unsigned so that numba skips the negative-index wraparound.
    qh = 0
    while qh < qt:
        x = np.uint64(q[qh])
        qh += 1
        r = rem[x] + 1
        a = np.uint64(pstart[x])
        b = np.uint64(pstart[x + np.uint64(1)])
        if st[x] == 0:
            for k in range(a, b):
                u = np.uint64(pred[k])
                if st[u] > 0:
                    st[u] = -1
                    rem[u] = r
                    q[qt] = u
                    qt += 1
        else:
            for k in range(a, b):
                u = np.uint64(pred[k])
                s = st[u]
                if s > 0:
                    st[u] = s - 1
                    if s == 1:
                        rem[u] = r
                        q[qt] = u
                        qt += 1
    for v in range(n):
        s = st[v]
        out[v] = 2 if s == 0 else (1 if s == -1 else 0)


@jit
def gsg(pstart: Any, pred: Any, outdeg: Any, label: Any) -> None:
    # label: -2 unlabelled, -1 infinite, >= 0 finite.
    n = outdeg.shape[0]
    base = outdeg.astype(pred.dtype)  # options not (yet) finitely labelled
    cnt = np.empty(n, dtype=pred.dtype)
    marked = np.zeros(n, dtype=np.uint8)
    q = np.empty(n, dtype=pred.dtype)
    left = n
    i = 0
    while left > 0:
        for v in range(n):
            cnt[v] = base[v]
            marked[v] = 0
        qt = 0
        for v in range(n):
            if label[v] == -2 and cnt[v] == 0:
                label[v] = i
                q[qt] = v
                qt += 1
                left -= 1
        qh = 0
        while qh < qt:
            w = q[qh]
            qh += 1
            for k in range(pstart[w], pstart[w + 1]):
                p = pred[k]
                if label[p] >= 0 or marked[p]:
                    continue
                marked[p] = 1  # p (unlabelled or infinite) has an option labelled i
                for j in range(pstart[p], pstart[p + 1]):
                    r = pred[j]
                    if label[r] == -2 and not marked[r]:
                        cnt[r] -= 1
                        if cnt[r] == 0:
                            label[r] = i
                            q[qt] = r
                            qt += 1
                            left -= 1
        for v in range(n):
            if label[v] == -2 and not marked[v]:
                label[v] = -1
                left -= 1
        for h in range(qt):
            w = q[h]
            for k in range(pstart[w], pstart[w + 1]):
                base[pred[k]] -= 1
        i += 1


@jit
def topo(pstart: Any, pred: Any, outdeg: Any, sstart: Any, succ: Any,
         order: Any, susp: Any) -> int:
    n = outdeg.shape[0]
    left = outdeg.copy()
    qt = 0
    for v in range(n):
        if left[v] == 0:
            order[qt] = v
            qt += 1
    qh = 0
    while qh < qt:
        w = order[qh]
        qh += 1
        best = -1
        low = -1
        for k in range(sstart[w], sstart[w + 1]):
            s = susp[succ[k]]
            if s % 2 == 0 and s > best:
                best = s
            if low < 0 or s < low:
                low = s
        susp[w] = 0 if low < 0 else 1 + (best if best >= 0 else low)
        for k in range(pstart[w], pstart[w + 1]):
            v = pred[k]
            left[v] -= 1
            if left[v] == 0:
                order[qt] = v
                qt += 1
    return qt
