"""Compiled minimal option-image sets for misère quotients.

A finite commutative monoid (elements ``0..q-1``, 0 the identity) has generators
``j = 0..ng-1``: multiplying by generator ``j`` maps element ``e`` to ``cols[j, e]``,
and a heap of generator ``j`` added to a sum with element ``e`` brings the option
images ``opts[j][e]`` (the images of its own options times ``e``). The option-image
set of a sum grows as ``S(X + g) = S(X) g u X T(g)``; :func:`minimal_sets` finds, for
each element, the minimal sets (under inclusion) of the non-empty sums with that
element. The readable version is
:func:`grundy.solve.misere_algebra._antichains_readable`; the tests hold the two
equal.

>>> import numpy as np
>>> cols = np.array([[1, 0]])   # Z_2 = {1, a}: one heap a, its option the empty sum
>>> elem, bits, index, parent, gen = minimal_sets(cols, [np.array([[0], [1]])])
>>> elem.tolist(), [hex(b) for b in bits[:, 0].tolist()]   # a: {1}; a^2 = 1: {a}
([0, 1], ['0x2', '0x1'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from grundy.kernels._lazy import jit_module

__all__ = ["minimal_sets", "lex_least_p", "lex_n_failure", "to_bitsets"]

#: Work items per call of the compiled loop, between two calls of ``tick``.
CHUNK = 4096


def to_bitsets(rows: NDArray[Any], words: int) -> NDArray[np.uint64]:
    """Each row of element indices (an ``(n, k)`` array) as a bitset of ``words``
    ``uint64`` words (bit ``y`` for element ``y``).

    >>> to_bitsets(np.array([[0, 3], [64, 64]]), 2).tolist()
    [[9, 0], [0, 1]]
    """
    rows = np.asarray(rows, dtype=np.int64)
    out = np.zeros((rows.shape[0], words), dtype=np.uint64)
    r = np.repeat(np.arange(rows.shape[0]), rows.shape[1])
    flat = rows.reshape(-1)
    np.bitwise_or.at(out, (r, flat >> 6), np.left_shift(np.uint64(1), (flat & 63).astype(np.uint64)))
    return out



def _option_bitsets(opts: Any, ng: int, q: int) -> tuple[int, Any]:
    """The option sets of the ``ng`` generators as bitset rows ``(ng, q, words)``
    (``words`` 64-bit words a row), and ``words``."""
    words = max(1, (q + 63) // 64)
    tb = np.zeros((ng, q, words), dtype=np.uint64)
    for j, o in enumerate(opts):
        o = np.asarray(o, dtype=np.int64)
        if o.size:
            tb[j] = to_bitsets(o, words)
    return words, tb

def minimal_sets(cols: NDArray[Any], opts: Sequence[NDArray[Any]], *,
                 start_elems: NDArray[Any] | None = None, start_bits: NDArray[np.uint64] | None = None,
                 first: int = 0, tick: Callable[[int], None] | None = None) -> tuple[
                     NDArray[np.int64], NDArray[np.uint64], NDArray[np.int64], NDArray[np.int64],
                     NDArray[np.int64]]:
    """The minimal option-image sets of the sums of generators, per element.

    ``cols``: ``(ng, q)``, the product of each element by each generator;
    ``opts[j]``: ``(q, k_j)``, the option images brought by a heap of generator ``j``
    to a sum with each element. ``start_elems``/``start_bits``: the minimal sets of
    the sums of the generators before ``first`` (then only sums using a generator
    ``>= first`` are added to them). ``tick(items)``: called between chunks of work
    (a budget's check; it may raise).

    Returns ``(elem, bits, index, parent, gen)``: the minimal sets (elements
    ascending, each element's sets in the order found) as their element, bitset
    row and pool index; ``parent``/``gen`` per pool index: pool entry ``i`` is the
    sum of entry ``parent[i]`` plus a heap of generator ``gen[i]`` (entry 0 is the
    empty sum, entries ``1..k0`` the start sets, ``k0 = len(start_elems)``).
    """
    jit = jit_module("_misere_jit")
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    ng, q = cols.shape
    words, tb = _option_bitsets(opts, ng, q)
    k0 = 0 if start_elems is None else len(start_elems)
    cap = max(1024, 4 * (k0 + ng + 1))
    ent_elem = np.zeros(cap, dtype=np.int64)
    ent_bits = np.zeros((cap, words), dtype=np.uint64)
    ent_parent = np.full(cap, -1, dtype=np.int64)
    ent_gen = np.full(cap, -1, dtype=np.int64)
    ent_next = np.full(cap, -1, dtype=np.int64)
    head = np.full(q, -1, dtype=np.int64)
    tail = np.full(q, -1, dtype=np.int64)
    if k0:
        assert start_elems is not None and start_bits is not None
        ent_elem[1:k0 + 1] = start_elems
        ent_bits[1:k0 + 1] = start_bits
        for i in range(1, k0 + 1):
            e = int(ent_elem[i])
            if tail[e] < 0:
                head[e] = i
            else:
                ent_next[tail[e]] = i
            tail[e] = i
    n_ent, todo = k0 + 1, 0
    while True:
        status, n_ent, todo, items = jit.antichain_steps(
            cols, tb, ent_elem, ent_bits, ent_parent, ent_gen, ent_next, head, tail,
            k0, first, n_ent, todo, CHUNK)
        if tick is not None and items:
            tick(int(items))
        if status == 0:
            break
        if status == 2:
            if n_ent + ng > len(ent_elem):  # always, for status 2
                grow = len(ent_elem)
                ent_elem = np.concatenate([ent_elem, np.zeros(grow, dtype=np.int64)])
                ent_bits = np.concatenate([ent_bits, np.zeros((grow, words), dtype=np.uint64)])
                ent_parent = np.concatenate([ent_parent, np.full(grow, -1, dtype=np.int64)])
                ent_gen = np.concatenate([ent_gen, np.full(grow, -1, dtype=np.int64)])
                ent_next = np.concatenate([ent_next, np.full(grow, -1, dtype=np.int64)])
    alive = []
    for e in range(q):
        m = int(head[e])
        while m >= 0:
            alive.append(m)
            m = int(ent_next[m])
    idx = np.array(alive, dtype=np.int64)
    return ent_elem[idx], ent_bits[idx], idx, ent_parent[:n_ent], ent_gen[:n_ent]


def lex_least_p(cols: NDArray[Any], opts: Sequence[NDArray[Any]]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """The P-portion of a candidate monoid, each element decided at its lex-least
    sum (generator 0 most significant; P when the sum has an option and none is
    P), and which elements were reached. ``cols``/``opts`` as for
    :func:`minimal_sets`. The readable version is
    :func:`grundy.solve.misere_build._lex_p_readable`.

    >>> p, reached = lex_least_p(np.array([[1, 0]]), [np.array([[0], [1]])])
    >>> p.tolist(), reached.tolist()    # a is P (its option 1 is N), 1 = a^2 is N
    ([False, True], [True, True])
    """
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    tm_flat, off, ks = _flat_options(opts)
    p, reached = jit_module("_misere_jit").lex_p_kernel(cols, tm_flat, off, ks)
    return p, reached


def _flat_options(opts: Sequence[NDArray[Any]]) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """``opts`` (one ``(q, k_j)`` array per generator) as one flat array, the
    offset of each generator's rows and each ``k_j``."""
    ks = np.array([np.asarray(o).shape[1] if np.asarray(o).ndim == 2 else 0 for o in opts], dtype=np.int64)
    flat = [np.ascontiguousarray(o, dtype=np.int64).reshape(-1) for o in opts]
    off = np.zeros(len(opts), dtype=np.int64)
    if len(opts) > 1:
        off[1:] = np.cumsum([len(f) for f in flat[:-1]])
    tm_flat = np.concatenate(flat) if flat else np.zeros(0, dtype=np.int64)
    return tm_flat, off, ks


def lex_n_failure(cols: NDArray[Any], opts: Sequence[NDArray[Any]], p: NDArray[np.bool_],
                  bound: Sequence[int] | None = None,
                  tick: Callable[[int], None] | None = None) -> list[int] | None:
    """The lexicographically least sum (exponents of the generators, generator 0
    the most significant) whose element is outside the P-portion ``p`` although it
    has options, none of them in ``p``: a sum on which the claim "N-position" of
    the candidate is wrong. ``None`` when there is none (below ``bound``, when
    given). ``cols``/``opts`` as for :func:`minimal_sets`; ``tick(steps)`` is called
    between chunks of work (a budget's check; it may raise).

    >>> cols = np.array([[1, 0]])                 # Z_2, a heap a with option 1
    >>> lex_n_failure(cols, [np.array([[0], [1]])], np.array([False, True]))
    >>> lex_n_failure(cols, [np.array([[0], [1]])], np.array([False, False]))
    [1]
    """
    jit = jit_module("_misere_jit")
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    ng, q = cols.shape
    words, tb = _option_bitsets(opts, ng, q)
    p = np.ascontiguousarray(p, dtype=np.bool_)
    pbits = to_bitsets(np.flatnonzero(p)[None, :], words)[0] if p.any() else np.zeros(words, dtype=np.uint64)
    has_bound = bound is not None
    bnd = np.asarray(bound if bound is not None else [0] * ng, dtype=np.int64)
    cap = max(1024, 4 * q)
    ent_bits = np.zeros((cap, words), dtype=np.uint64)
    ent_next = np.zeros(cap, dtype=np.int64)
    head = np.full(q, -1, dtype=np.int64)
    exps = np.zeros(ng, dtype=np.int64)
    es = np.zeros(ng + 1, dtype=np.int64)
    ss = np.zeros((ng + 1, words), dtype=np.uint64)
    state = np.zeros(ng + 1, dtype=np.int8)
    reg = np.zeros(2, dtype=np.int64)
    while True:
        status = int(jit.lex_n_failure(cols, tb, p, pbits, bnd, has_bound, ent_bits, ent_next, head,
                                       exps, es, ss, state, reg, CHUNK * 16))
        if status == 1:
            return [int(x) for x in exps]
        if status == 0:
            return None
        if status == -1:
            ent_bits = np.concatenate([ent_bits, np.zeros_like(ent_bits)])
            ent_next = np.concatenate([ent_next, np.zeros_like(ent_next)])
        if tick is not None:
            tick(CHUNK * 16)
