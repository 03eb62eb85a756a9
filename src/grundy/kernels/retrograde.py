"""Retrograde analysis of game graphs with cycles (numba over CSR arrays).

A game graph with ``V`` vertices is given by its *predecessor* lists in CSR form
(``pstart`` of length ``V + 1``, ``pred`` of length ``E``: the vertices with an edge
into ``v`` are ``pred[pstart[v]:pstart[v + 1]]``) and the out-degrees ``outdeg``.
Duplicate edges are allowed (each copy counts once in ``outdeg`` and appears once in
``pred``, so counters stay consistent); a self edge is a pass move.

:func:`retrograde` is the counter-based algorithm: start from the positions whose
result is known (no move: the player to move has lost; or a *terminal result* fixed
by the rules), and walk edges backwards. A predecessor of a lost position is won; a
position all of whose options are won is lost, found when a counter of unresolved
options reaches zero. Whatever is never resolved is a draw. The queue is processed
first in, first out, so positions are resolved in order of remoteness: a won
position gets ``1 +`` the least remoteness of a lost option (the winner hurries),
a lost one ``1 +`` the greatest remoteness of its options (the loser delays), in the
same pass. O(V + E).

:func:`generalized_sg` is Fraenkel and Yesha's stage-by-stage algorithm for the
generalised Sprague-Grundy function of C. A. B. Smith: stage ``i`` labels ``i`` every
unlabelled vertex with no option labelled ``i`` all of whose unlabelled-or-infinite
options have an option labelled ``i`` (the same counter propagation as above), then
labels infinite every unlabelled vertex with no option labelled ``i``. O((m + 1)(V + E))
for a largest finite value ``m``.

>>> import numpy as np
>>> pstart, pred = predecessor_csr(np.array([0, 1, 1]), np.array([1, 0, 2]), 3)
>>> outdeg = np.bincount(np.array([0, 1, 1]), minlength=3)
>>> outcome, remoteness = retrograde(pstart, pred, outdeg)
>>> outcome.tolist(), remoteness.tolist()      # 0 -> 1 <-> 0, 1 -> 2: P, N, P
([2, 1, 2], [2, 1, 0])
>>> generalized_sg(pstart, pred, outdeg).tolist()
[0, 1, 0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = [
    "DRAW", "WIN", "LOSS", "FIXED_WIN", "FIXED_LOSS", "FIXED_DRAW", "INFINITE",
    "predecessor_csr", "game_csr", "counters", "retrograde", "generalized_sg", "topological_suspense",
]

#: Outcome codes of :func:`retrograde` (for the player to move).
DRAW, WIN, LOSS = 0, 1, 2
#: Terminal-result codes (``terminal`` argument); 0 means "play on".
FIXED_WIN, FIXED_LOSS, FIXED_DRAW = 1, 2, 3
#: Label of an infinite generalised Sprague-Grundy value.
INFINITE = -1


def index_dtype(n: int) -> Any:
    """``int32`` when every index fits, else ``int64``."""
    return np.int32 if n < 2**31 - 1 else np.int64


def predecessor_csr(src: Any, dst: Any, n: int) -> tuple[Any, Any]:
    """CSR of the edges ``src[e] -> dst[e]`` grouped by ``dst`` (a stable counting
    sort in place, O(V + E), no scratch array): ``(start, sources)``. Swap the
    arguments for successor lists. Indices must already lie in ``range(n)``.
    ``start`` is ``int32`` while the edges fit, ``sources`` while the vertices do.

    >>> import numpy as np
    >>> start, pred = predecessor_csr(np.array([0, 2, 1, 2]), np.array([1, 1, 0, 0]), 3)
    >>> start.tolist(), pred.tolist()     # into 0: from 1, 2; into 1: from 0, 2
    ([0, 2, 4, 4], [1, 2, 0, 2])
    """
    return _csr(src, dst, n, False)[:2]


def game_csr(src: Any, dst: Any, n: int) -> tuple[Any, Any, Any]:
    """:func:`predecessor_csr` and the out-degrees (signed, the index type) in the
    same pass: ``(pstart, pred, outdeg)``, ready for :func:`retrograde`.

    >>> import numpy as np
    >>> game_csr(np.array([0, 1, 1]), np.array([1, 0, 2]), 3)[2].tolist()
    [1, 2, 0]
    """
    return _csr(src, dst, n, True)


def _csr(src: Any, dst: Any, n: int, count: bool) -> tuple[Any, Any, Any]:
    src = np.asarray(src)
    dst = np.asarray(dst)
    e = src.shape[0]
    start = np.zeros(n + 1, dtype=index_dtype(e))
    out = np.empty(e, dtype=index_dtype(n))
    deg = np.zeros(n if count else 1, dtype=index_dtype(e))
    if e:
        jit_module("_retrograde_jit").csr(dst, src, n, start, out, deg, count)
    return start, out, deg


def counters(outdeg: Any, *, copy: bool = True) -> Any:
    """The out-degrees as the narrowest signed integer array that holds them (the
    retrograde kernel's counters: ``int8`` for out-degrees below 127, so that the
    one random access per edge stays in cache); without ``copy`` the array itself
    when it is already that narrow.

    >>> import numpy as np
    >>> counters(np.array([3, 0, 200])).dtype, counters(np.array([1, 2])).dtype
    (dtype('int16'), dtype('int8'))
    """
    deg = np.asarray(outdeg)
    top = int(deg.max(initial=0))
    dt = np.int8 if top < 127 else np.int16 if top < 32767 else np.int32 if top < 2**31 - 1 else np.int64
    if deg.dtype == dt and not copy:
        return deg
    return deg.astype(dt)


def retrograde(
    pstart: Any, pred: Any, outdeg: Any, terminal: Any = None, *, overwrite_outdeg: bool = False
) -> tuple[Any, Any]:
    """Outcome and remoteness of every vertex, with draws, in one O(V + E) pass.

    ``terminal`` (optional, ``uint8`` per vertex): 0 to play on, :data:`FIXED_WIN`
    / :data:`FIXED_LOSS` / :data:`FIXED_DRAW` for a result fixed by the rules (the
    vertex's own edges are then ignored). Returns ``(outcome, remoteness)``:
    ``outcome`` is ``uint8`` with :data:`DRAW`, :data:`WIN` (the player to move
    wins: N) or :data:`LOSS` (P); ``remoteness`` is ``int32`` with ``-1`` for
    draws. The out-degrees serve as the counters; with ``overwrite_outdeg`` (and a
    signed integer array) they are used up in place instead of copied.

    >>> import numpy as np
    >>> pstart, pred = predecessor_csr(np.array([0, 1]), np.array([1, 0]), 2)
    >>> retrograde(pstart, pred, np.array([1, 1]))[0].tolist()   # a 2-cycle: draws
    [0, 0]
    >>> retrograde(pstart, pred, np.array([1, 1]), np.array([0, 1], np.uint8))[0].tolist()
    [2, 1]
    """
    deg = counters(outdeg, copy=not overwrite_outdeg)
    n = int(deg.shape[0])
    out = np.empty(n, dtype=np.uint8)
    rem = np.empty(n, dtype=np.int32)
    q = np.empty(n, dtype=index_dtype(n))
    use = terminal is not None
    term = np.asarray(terminal, dtype=np.uint8) if use else np.zeros(1, dtype=np.uint8)
    jit_module("_retrograde_jit").retro(pstart, pred, deg, term, use, out, rem, q)
    return out, rem


def topological_suspense(
    pstart: Any, pred: Any, outdeg: Any, sstart: Any, succ: Any
) -> tuple[Any, Any]:
    """The vertices that cannot reach a cycle, sinks first (Kahn's algorithm on the
    reversed graph), and their suspense (the Every-SG step function: the winner
    delays, the loser hurries); ``-1`` elsewhere. ``sstart, succ``: successor CSR.

    >>> import numpy as np
    >>> src, dst = np.array([0, 1, 2]), np.array([1, 2, 0])
    >>> pstart, pred = predecessor_csr(src, dst, 4)
    >>> sstart, succ = predecessor_csr(dst, src, 4)
    >>> order, susp = topological_suspense(pstart, pred, np.bincount(src, minlength=4), sstart, succ)
    >>> order.tolist(), susp.tolist()           # 0 -> 1 -> 2 -> 0 and a lone sink 3
    ([3], [-1, -1, -1, 0])
    """
    n = int(np.asarray(outdeg).shape[0])
    order = np.empty(n, dtype=np.int64)
    susp = np.full(n, -1, dtype=np.int64)
    k = jit_module("_retrograde_jit").topo(pstart, pred, outdeg, sstart, succ, order, susp)
    return order[:k], susp


def generalized_sg(pstart: Any, pred: Any, outdeg: Any) -> Any:
    """Generalised Sprague-Grundy labels (``int64``): the finite value, or
    :data:`INFINITE` (-1). The escape set of an infinite vertex is the set of finite
    labels among its options.

    >>> import numpy as np
    >>> pstart, pred = predecessor_csr(np.array([0, 1, 2]), np.array([1, 0, 2]), 3)
    >>> generalized_sg(pstart, pred, np.array([1, 1, 1])).tolist()
    [-1, -1, -1]
    """
    n = int(np.asarray(outdeg).shape[0])
    label = np.full(n, -2, dtype=np.int64)
    jit_module("_retrograde_jit").gsg(pstart, pred, outdeg, label)
    return label
