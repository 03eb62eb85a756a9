"""Monoid arithmetic of misère quotients: finite commutative monoids as
multiplication tables (element 0 the identity), their lex-least words, the option
images and minimal option-image sets of their sums, Moore's refinement into
indistinguishability classes, direct products and submonoids, and tameness.

The builder (:mod:`grundy.solve.misere_build`) assembles quotients from these; the
quotient itself is :class:`grundy.solve.misere_monoid.MisereQuotient`.

>>> t, p = tame_quotient(2)
>>> t.shape, [int(i) for i in p.nonzero()[0]], is_tame(t, p)
((6, 6), [1, 2], True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from grundy.solve.budget import active
from grundy.values.errors import GrundyError, SearchLimitError

__all__ = [
    "QuotientError", "tame_quotient", "is_tame", "MAX_ORDER", "MAX_HEAPS", "OptionWords", "look",
]

IntArray = NDArray[np.integer[Any]]
BoolArray = NDArray[np.bool_]
#: Options of heap ``n`` as lists of heap sizes (an empty list: the empty sum).
OptionWords = Callable[[int], Iterable[Sequence[int]]]

#: Largest quotient built (elements): past it the construction stops, the quotient
#: being "too big" (the census reports it so).
MAX_ORDER = 4096
#: Largest heap a quotient is asked for (each heap is one step of the construction,
#: and one level of the lex-least enumeration).
MAX_HEAPS = 500


class QuotientError(GrundyError, ValueError):
    """The construction cannot go on: the quotient grows past ``MAX_ORDER`` (or the
    given bound), or the new heap splits a class of smaller heaps (``reason``
    ``"order"`` or ``"split"``); ``heap`` is the heap it stopped at."""

    def __init__(self, message: str, heap: int, reason: str) -> None:
        super().__init__(message)
        self.heap = heap
        self.reason = reason


def look(what: str, steps: int = 1) -> None:
    """Count ``steps`` units of work (elements and option sets visited) as positions
    of the budget in force, and check its clock and memory."""
    meter = active()
    meter.count += steps
    if meter.positions is not None and meter.count > meter.positions:
        raise SearchLimitError(
            f"{what} needs more than {meter.positions:,} positions (the budget); ask for a "
            "larger budget to go further", meter.count - steps, reason="positions")
    meter.look(what)



# ------------------------------------------------------------------ algebra
def _lex(table: IntArray, gens: list[tuple[int, IntArray]]) -> tuple[list[int], list[list[int]], BoolArray]:
    """Each element's lex-least word over ``gens`` (the first generator most
    significant), in increasing order: the elements in that order, their words
    (exponents per generator) and the option-image sets of those words. A word's
    options are lex-smaller, so the option images of an element's least word belong
    to elements listed before it."""
    q = table.shape[0]
    marked = np.zeros(q, dtype=bool)
    order: list[int] = []
    words: list[list[int]] = [[] for _ in range(q)]
    s_of = np.zeros((q, q), dtype=bool)
    m = len(gens)
    exps = [0] * m

    def rec(d: int, e: int, s: BoolArray) -> None:
        if d == m:
            marked[e] = True
            order.append(e)
            words[e] = list(exps)
            s_of[e] = s
            return
        x, t = gens[d]
        start = exps[d]
        while True:
            rec(d + 1, e, s)
            e2 = int(table[e, x])
            if marked[e2]:
                break
            s2 = np.zeros(q, dtype=bool)
            s2[table[np.flatnonzero(s), x]] = True
            s2[table[e, t]] = True
            e, s = e2, s2
            exps[d] += 1
        exps[d] = start

    rec(0, 0, np.zeros(q, dtype=bool))
    return order, words, s_of


def _unions(table: IntArray, gens: list[tuple[int, IntArray]]) -> BoolArray:
    """``U[e]``: the union of the option-image sets of all sums with element ``e``
    (the least fixed point of ``U[e x] >= U[e] x | e T``). Rows are mapped in
    blocks, so that the work arrays stay a fraction of the ``q x q`` result."""
    q = table.shape[0]
    u = np.zeros((q, q), dtype=bool)
    block = max(1, (1 << 22) // max(q, 1))
    changed = True
    while changed:
        changed = False
        for x, t in gens:
            col = table[:, x]
            for lo in range(0, q, block):
                rows, cols = np.nonzero(u[lo:lo + block])
                er = np.repeat(np.arange(lo, min(q, lo + block)), len(t))
                tr = np.tile(t, len(er) // max(len(t), 1))
                dst_r = np.concatenate([col[rows + lo], col[er]])
                dst_c = np.concatenate([col[cols], table[er, tr]])
                if not u[dst_r, dst_c].all():
                    u[dst_r, dst_c] = True
                    changed = True
        look("misère quotient: option unions")
    return u


def _bits(mask: BoolArray) -> int:
    """A boolean vector as an integer bitset (bit ``i`` for element ``i``)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


Antichains = list[list[tuple[int, tuple[int, ...]]]]


def _antichains(table: IntArray, gens: list[tuple[int, IntArray]],
                with_words: list[int] | None = None,
                start: tuple[Antichains, int] | None = None, *, compiled: bool = True) -> Antichains:
    """:func:`_antichains_readable`, by the compiled kernel
    (:func:`grundy.kernels.misere.minimal_sets`) unless ``compiled`` is false: the
    same sets, in the same order, with the same sums."""
    if not compiled:
        return _antichains_readable(table, gens, with_words, start)
    from grundy.kernels.misere import minimal_sets

    q = table.shape[0]
    words = max(1, (q + 63) // 64)
    cols = np.stack([table[:, x] for x, _ in gens]) if gens else np.zeros((0, q), dtype=np.int64)
    opts = [table[:, t] for _x, t in gens]
    first = 0
    start_elems = start_bits = None
    start_words: list[tuple[int, ...]] = []
    if start is not None:
        old, first = start
        flat = [(e, sb, w) for e in range(q) for sb, w in old[e]]
        start_elems = np.array([e for e, _sb, _w in flat], dtype=np.int64)
        start_bits = np.array([[(sb >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(words)]
                               for _e, sb, _w in flat], dtype=np.uint64).reshape(len(flat), words)
        start_words = [w for _e, _sb, w in flat]
    elem, bits, index, parent, gen = minimal_sets(
        cols, opts, start_elems=start_elems, start_bits=start_bits, first=first,
        tick=lambda n: look("misère quotient: minimal option sets", n))
    memo: dict[int, tuple[int, ...]] = {0: ()}
    for i, w in enumerate(start_words):
        memo[i + 1] = w

    def word(i: int) -> tuple[int, ...]:
        chain = []
        while i not in memo:
            chain.append(i)
            i = int(parent[i])
        w = memo[i]
        for c in reversed(chain):
            w = w + (with_words[int(gen[c])],) if with_words is not None else w
            memo[c] = w
        return w

    mins: Antichains = [[] for _ in range(q)]
    for e, row, i in zip(elem.tolist(), bits, index.tolist()):
        mins[e].append((int.from_bytes(row.tobytes(), "little"), word(i)))
    return mins


def _antichains_readable(table: IntArray, gens: list[tuple[int, IntArray]],
                         with_words: list[int] | None = None,
                         start: tuple[Antichains, int] | None = None) -> Antichains:
    """For each element, the minimal option-image sets (integer bitsets) of the sums
    with that element, each with a sum that has it (its heaps, when ``with_words``
    names the heap of each generator). Adding a heap is monotone in the set, so the
    minimal sets of a product come from minimal sets of its factors. ``start``:
    the antichains of the first ``k`` generators, extended by the others."""
    q = table.shape[0]
    bits = [[1 << y for y in table[:, x].tolist()] for x, _ in gens]
    cols = [table[:, x].tolist() for x, _ in gens]
    tbits = []
    for x, t in gens:
        rows = table[:, t].tolist()
        tb = []
        for r in rows:
            v = 0
            for y in r:
                v |= 1 << y
            tb.append(v)
        tbits.append(tb)
    # work items: (element, set, sum, first generator to apply)
    # The empty sum (option set empty) is not listed: only sums with a move are,
    # so that the minimal sets of the identity are its minimal non-empty ones.
    if start is None:
        mins: Antichains = [[] for _ in range(q)]
        work: list[tuple[int, int, tuple[int, ...], int]] = [(0, 0, (), 0)]
    else:
        old, k = start
        mins = [list(lst) for lst in old]
        work = [(0, 0, (), k)] + [(e, sb, w, k) for e in range(q) for sb, w in mins[e]]
    steps = 0
    ng = len(gens)
    queue = deque(work)  # breadth-first: the sets of shorter sums first
    while queue:
        e, sb, w, first = queue.popleft()
        setbits = []
        rest = sb
        while rest:
            low = rest & -rest
            setbits.append(low.bit_length() - 1)
            rest ^= low
        for j in range(first, ng):
            e2 = cols[j][e]
            b2 = tbits[j][e]
            bj = bits[j]
            for i in setbits:
                b2 |= bj[i]
            lst = mins[e2]
            if any(not (m & ~b2) for m, _ in lst):
                continue
            w2 = w + (with_words[j],) if with_words is not None else w
            mins[e2] = [(m, mw) for m, mw in lst if b2 & ~m] + [(b2, w2)]
            queue.append((e2, b2, w2, 0))
        steps += 1
        if steps % 256 == 0:
            look("misère quotient: minimal option sets", 256)
    return mins


def _cached_antichains(table: IntArray, gens: list[tuple[int, IntArray]],
                       cache: dict[str, Any] | None) -> Antichains:
    """``_antichains`` of ``table``, extending the last ones computed for the same
    table when its generators are the same plus new ones."""
    keys = [(x, tuple(t.tolist())) for x, t in gens]
    if cache is not None and cache.get("table") is table:
        old_keys = cache["keys"]
        if set(old_keys) <= set(keys):
            order = list(old_keys) + [k for k in keys if k not in set(old_keys)]
            g2: list[tuple[int, IntArray]] = [(x, np.array(t, dtype=np.int64)) for x, t in order]
            mins = _antichains(table, g2, start=(cache["mins"], len(old_keys)))
            cache.update(keys=order, mins=mins)
            return mins
    mins = _antichains(table, gens)
    if cache is not None:
        cache.update(table=table, keys=keys, mins=mins)
    return mins


def _refine_cols(cols: Sequence[Any], p: BoolArray) -> IntArray:
    """Moore's refinement of the elements by P-membership (``p``) and the maps
    ``cols`` (element ``e`` to ``col[e]``): the coarsest partition with ``p``
    constant on classes and each map sending classes into classes, numbered by
    first appearance (element 0 in class 0).

    >>> import numpy as np
    >>> _refine_cols([np.array([1, 2, 3, 0])], np.array([False, True, False, True])).tolist()
    [0, 1, 0, 1]
    """
    cls = p.astype(np.int64)
    count = len(np.unique(cls))
    while True:
        # the signature (class, class of each image), ranked one column at a time
        key = cls
        for c in cols:
            key = np.unique(key * (count + 1) + cls[c], return_inverse=True)[1].reshape(-1)
        n = int(key.max()) + 1 if len(key) else 0
        cls = key
        if n == count:
            break
        count = n
    _, first = np.unique(cls, return_index=True)
    number = np.empty(len(first), dtype=np.int64)
    number[np.argsort(first, kind="stable")] = np.arange(len(first))
    return number[cls].astype(np.int32)


def _reduced(mul: Callable[[Any, Any], Any], rep: IntArray, cls: IntArray) -> IntArray:
    """The table of the classes ``cls`` with representatives ``rep``: the class of
    ``mul(rep[i], rep[j])``, filled a block of rows at a time (no temporary array
    of the whole table's size).

    >>> import numpy as np
    >>> _reduced(lambda a, b: (a + b) % 4, np.array([0, 1]), np.array([0, 1, 0, 1])).tolist()
    [[0, 1], [1, 0]]
    """
    k = len(rep)
    out = np.empty((k, k), dtype=np.int32)
    block = max(1, (1 << 20) // max(k, 1))
    for lo in range(0, k, block):
        out[lo:lo + block] = cls[mul(rep[lo:lo + block, None], rep[None, :])]
    return out


# ------------------------------------------------------------------ splits
# When the new heap splits a class of the smaller heaps, the candidate is rebuilt:
# some heaps are *freed* (each becomes the generator of its own cyclic component
# C(i, 2), i.e. g^(i+2) = g^i), the other heaps keep their elements in the
# submonoid they generate, the P-portion of the product is computed from each
# element's lex-least sum, the product is reduced, and the result is proved (or a
# failing sum is found, whose heaps are freed next). After Plambeck and Siegel's
# "recalibration"; every accepted quotient passes the same proof as above.
class _Product:
    """A direct product of small commutative monoids (mixed radix elements)."""

    def __init__(self, tables: list[IntArray]) -> None:
        self.tables = tables
        self.sizes = [t.shape[0] for t in tables]
        self.size = int(np.prod(self.sizes))
        self.radix = [int(np.prod(self.sizes[:i])) for i in range(len(tables))]

    def mul(self, a: Any, b: Any) -> Any:
        a = np.asarray(a, dtype=np.int64)
        b = np.asarray(b, dtype=np.int64)
        out = np.zeros(np.broadcast(a, b).shape, dtype=np.int64)
        for t, s, r in zip(self.tables, self.sizes, self.radix):
            out = out + t[(a // r) % s, (b // r) % s].astype(np.int64) * r
        return out

    def mul1(self, a: int, b: int) -> int:
        """:meth:`mul` of two elements, in Python integers (no arrays built)."""
        if not hasattr(self, "_rows"):
            self._rows = [t.tolist() for t in self.tables]
        out = 0
        for t, s, r in zip(self._rows, self.sizes, self.radix):
            out += t[(a // r) % s][(b // r) % s] * r
        return out


def _cyclic(index: int, period: int) -> IntArray:
    n = index + period
    k = np.arange(n)
    s = k[:, None] + k[None, :]
    return np.where(s < n, s, index + (s - index) % period).astype(np.int32)


def _submonoid(table: IntArray, elems: list[int]) -> tuple[IntArray, dict[int, int]]:
    """The submonoid of ``table`` generated by ``elems``: its table and the index of
    each of its elements."""
    index = {0: 0}
    members = [0]
    i = 0
    while i < len(members):
        a = members[i]
        for g in elems:
            b = int(table[a, g])
            if b not in index:
                index[b] = len(members)
                members.append(b)
        i += 1
    arr = np.array(members)
    sub = table[np.ix_(arr, arr)]
    remap = np.full(table.shape[0], -1, dtype=np.int64)
    remap[arr] = np.arange(len(arr))
    return remap[sub].astype(np.int32), index


def _index_of(table: IntArray, x: int) -> int:
    """The index of element ``x``: the least ``i`` with ``x^i`` repeating."""
    seen: dict[int, int] = {}
    y, k = 0, 0
    while y not in seen:
        seen[y] = k
        y = int(table[y, x])
        k += 1
    return seen[y]


# ------------------------------------------------------------------ tameness
def tame_quotient(m: int) -> tuple[IntArray, BoolArray]:
    """The tame quotient ``T_m`` of misère Nim heaps ``< 2^m`` (``m >= 2``; ``m = 1``:
    ``{1, a}``, ``m = 0``: trivial): ``1, a`` and ``z_v`` (``v`` in ``Z_2^m``), with
    ``a^2 = 1``, ``a z_v = z_(v^1)``, ``z_u z_v = z_(u^v)`` and P-portion ``{a, z_0}``."""
    if m == 0:
        return np.zeros((1, 1), dtype=np.int32), np.zeros(1, dtype=bool)
    if m == 1:
        return np.array([[0, 1], [1, 0]], dtype=np.int32), np.array([False, True])
    n = 2 + (1 << m)
    val = np.array([0, 1] + list(range(1 << m)))
    big = np.array([False, False] + [True] * (1 << m))
    x = val[:, None] ^ val[None, :]
    anybig = big[:, None] | big[None, :]
    table = np.where(anybig, 2 + x, x).astype(np.int32)
    p = np.zeros(n, dtype=bool)
    p[1] = p[2] = True
    return table, p


def is_tame(table: IntArray, ppos: BoolArray) -> bool:
    """Whether ``(table, ppos)`` is isomorphic to a tame quotient (see
    :func:`tame_quotient`).

    >>> all(is_tame(*tame_quotient(m)) for m in range(5))
    True
    """
    q = table.shape[0]
    if q == 1:
        return not ppos[0]
    if q == 2:
        return bool(table[1, 1] == 0 and ppos[1] and not ppos[0])
    m = (q - 2).bit_length() - 1
    if q - 2 != 1 << m or m < 1:
        return False
    for a in range(1, q):
        if not ppos[a] or table[a, a] != 0:
            continue
        big = np.array([x not in (0, a) for x in range(q)])
        b = np.flatnonzero(big)
        sub = table[np.ix_(b, b)]
        if not big[sub].all():
            continue
        idem = [x for x in b if table[x, x] == x]
        if len(idem) != 1:
            continue
        e = idem[0]
        if not (table[b, e] == b).all() or not (np.diagonal(sub) == e).all():
            continue
        z1 = table[a, e]
        if not big[z1] or z1 == e:
            continue
        if set(np.flatnonzero(ppos).tolist()) == {a, e}:
            return True
    return False



# ------------------------------------------------------------------ words
def _letters(i: int) -> str:
    return chr(ord("a") + i) if i < 26 else f"g{i}"


def _word_text(word: Sequence[int]) -> str:
    parts = []
    for i, k in enumerate(word):
        if k:
            parts.append(_letters(i) + (f"^{k}" if k > 1 else ""))
    return "".join(parts) or "1"


