"""Misère quotients of heap games (Plambeck and Siegel).

In misère play (whoever cannot move *wins*) the heaps of a game are not worth
nimbers. Their *misère quotient* is what takes the nimbers' place: the sums of heaps
of sizes ``0..N`` up to indistinguishability (``G ~ H`` when ``G + X`` and ``H + X``
have the same misère outcome for every such sum ``X``) form a finite commutative
monoid ``Q`` with a *P-portion* (the classes of the P-positions). Each heap maps to
an element (the *pretending function*), a sum maps to the product of its heaps'
elements, and the sum is a P-position exactly when that product is in the
P-portion: one table lookup per heap, as an XOR per heap in normal play.

>>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 3, name="nim")
>>> q.order, q.is_tame, [q.element(h) for h in range(4)]
(6, True, [0, 1, 2, 3])
>>> q.outcome([1, 1]), q.outcome([2, 3, 1]), q.outcome([2, 2])
(Outcome.N, Outcome.P, Outcome.P)

The construction adds one heap at a time (heap ``n``'s options are sums of smaller
heaps, whose elements are known). With ``Q`` the quotient of the smaller heaps and
``g`` the new heap, a sum ``g^k + Y`` is a P-position when no option is: its
options are ``g^(k-1) + t + Y`` (``t`` an option of heap ``n``) and ``g^k + Y'``
(``Y'`` an option of ``Y``). So the set ``P_k`` of elements ``y`` with ``g^k + Y``
a P-position follows from ``P_(k-1)`` and from the option images of the sums of
smaller heaps; the sequence ``P_1, P_2, ...`` is eventually periodic, which gives
the candidate ``Q x <g | g^(i+p) = g^i>``, reduced to its indistinguishability
classes (Moore's partition refinement over the generators).

Nothing is assumed about the candidate: it is *proved* for every sum of heaps
``<= n``. The set of option images of a sum of heaps, ``S(X + Y) = S(X) Y u X S(Y)``,
makes the pairs ``(element, option images)`` a finite monoid; for each element its
union ``U(e)`` of option-image sets and its minimal option-image sets are computed
as fixed points over all sums, and the outcome rule (``g^k + Y`` is P iff it has no
option in the P-portion) is checked against both. When it fails (an older class
splits, which this construction does not handle) the computation stops and says
so. Finally a quotient's predictions are checked against exhaustive search in the
tests.

Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005);
Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import itertools
import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from grundy.solve.budget import UNLIMITED, Budget, active, watching
from grundy.values.errors import (
    GrundyError, InvalidParameterError, InvalidPositionError, MoveFunctionError, SearchLimitError,
    describe,
)
from grundy.values.outcome import Outcome

__all__ = [
    "MisereQuotient", "QuotientError", "compute_quotient", "tame_quotient", "is_tame",
    "heap_options", "quotient_of", "load_stored", "save", "store_dir",
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
    (the least fixed point of ``U[e x] >= U[e] x | e T``)."""
    q = table.shape[0]
    u = np.zeros((q, q), dtype=bool)
    changed = True
    while changed:
        changed = False
        for x, t in gens:
            rows, cols = np.nonzero(u)
            new = np.zeros((q, q), dtype=bool)
            new[table[rows, x], table[cols, x]] = True
            er = np.repeat(np.arange(q), len(t))
            new[table[er, x], table[er, np.tile(t, q)]] = True
            if (new & ~u).any():
                u |= new
                changed = True
        look("misère quotient: option unions")
    return u


def _bits(mask: BoolArray) -> int:
    """A boolean vector as an integer bitset (bit ``i`` for element ``i``)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


Antichains = list[list[tuple[int, tuple[int, ...]]]]


def _antichains(table: IntArray, gens: list[tuple[int, IntArray]],
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
    while work:
        e, sb, w, first = work.pop()
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
            work.append((e2, b2, w2, 0))
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


def _refine(table: IntArray, ppos: BoolArray, gens: Sequence[int]) -> IntArray:
    """The indistinguishability classes (Moore's refinement: same P-membership and
    same classes after multiplying by each generator), identity in class 0."""
    q = table.shape[0]
    cls = ppos.astype(np.int64)
    count = len(np.unique(cls))
    cols = list(dict.fromkeys(int(g) for g in gens))
    while True:
        sig = np.stack([cls] + [cls[table[:, g]] for g in cols], axis=1)
        _, new = np.unique(sig, axis=0, return_inverse=True)
        new = new.reshape(-1)
        n = int(new.max()) + 1 if q else 0
        cls = new
        if n == count:
            break
        count = n
    # number the classes by first appearance, the identity (element 0) first
    first: dict[int, int] = {}
    out = np.empty(q, dtype=np.int32)
    for i, c in enumerate(cls.tolist()):
        out[i] = first.setdefault(c, len(first))
    return out


def _quotient(table: IntArray, ppos: BoolArray, cls: IntArray) -> tuple[IntArray, BoolArray]:
    n = int(cls.max()) + 1
    rep = np.zeros(n, dtype=np.int64)
    rep[cls[::-1]] = np.arange(len(cls))[::-1]
    return cls[table[np.ix_(rep, rep)]].astype(np.int32), ppos[rep].copy()


def _step(table: IntArray, ppos: BoolArray, gens: list[tuple[int, IntArray]], t_new: IntArray,
          heap: int, max_order: int, cache: dict[str, Any] | None = None) -> tuple[IntArray, BoolArray, IntArray, int]:
    """Add a heap with option images ``t_new`` (non-empty) to the quotient
    ``(table, ppos)`` generated by ``gens``. Returns the new quotient, the map of
    old elements to new ones and the new heap's element."""
    q = table.shape[0]
    order, _words, s_lex = _lex(table, gens)
    gens = _distinct(gens)
    seq: list[BoolArray] = [ppos]
    start = -1
    while start < 0:
        prev = seq[-1]
        escape: BoolArray = np.asarray(prev[table[:, t_new]].any(axis=1))  # a move to P in the new heap
        pk = np.zeros(q, dtype=bool)
        for e in order:
            pk[e] = not escape[e] and not pk[s_lex[e]].any()
        for j, old in enumerate(seq):
            if np.array_equal(old, pk):
                start = j
                break
        else:
            seq.append(pk)
        look("misère quotient: powers of the new heap")
        if len(seq) * q > max_order * 4:
            raise QuotientError(f"the powers of heap {heap} do not repeat within the bound", heap, "order")
    length = len(seq)  # elements g^0 .. g^(length-1); g^length = g^start
    # proof: for every sum of smaller heaps, the rule holds for each power
    # (P_k for k = 1..length, P_length being P_start, each with its own P_(k-1))
    unions = _unions(table, gens)
    mins = _cached_antichains(table, gens, cache)
    for k in range(1, length + 1):
        pk, prev = seq[k if k < length else start], seq[k - 1]
        escape = np.asarray(prev[table[:, t_new]].any(axis=1))
        bad_p = pk & (escape | (unions & pk[None, :]).any(axis=1))
        if bad_p.any():
            raise QuotientError(
                f"heap {heap} splits a class of smaller heaps (not handled by this construction)",
                heap, "split")
        pb = _bits(pk)
        for e in np.flatnonzero(~pk & ~escape).tolist():
            if not all(m & pb for m, _w in mins[e]):
                raise QuotientError(
                    f"heap {heap} splits a class of smaller heaps (not handled by this construction)",
                    heap, "split")
    # the candidate Q x C(start, length - start), reduced
    big = q * length
    if big > max_order * 8:
        raise QuotientError(f"the quotient passes {max_order} elements at heap {heap}", heap, "order")
    period = length - start
    ks = np.arange(length)
    ksum = ks[:, None] + ks[None, :]
    kprod = np.where(ksum < length, ksum, start + (ksum - start) % period)
    # element (y, k) is k*q + y
    tbl = (kprod[:, None, :, None] * q + table[None, :, None, :]).reshape(big, big).astype(np.int32)
    pp = np.concatenate(seq)
    g = q if length > 1 else 0  # the new heap is (identity, 1); g = 1 if P_1 = P_0
    cls = _refine(tbl, pp, [x for x, _ in gens] + [g])
    new_table, new_p = _quotient(tbl, pp, cls)
    if new_table.shape[0] > max_order:
        raise QuotientError(f"the quotient passes {max_order} elements at heap {heap}", heap, "order")
    return new_table, new_p, cls[:q], int(cls[g])


def compute_quotient(options: OptionWords, heaps: int, *, name: str = "game",
                     budget: Budget | None = None, max_order: int = MAX_ORDER,
                     stop_early: bool = True) -> MisereQuotient:
    """The misère quotient of the heaps ``0..heaps`` of the heap game whose heap
    ``n`` has the options ``options(n)`` (each a list of heap sizes, all smaller
    than ``n``). Runs within ``budget``; when the quotient passes ``max_order``
    elements, the recalibration fails (see :class:`QuotientError`) or the budget
    is spent (``SearchLimitError``), the quotient
    built so far is returned (``stopped`` says why) unless ``stop_early`` is false,
    when the error is raised.

    >>> q = compute_quotient(lambda n: [[n - 1]] if n else [], 5, name="subtraction:1")
    >>> q.order, q.is_tame, q.outcome([5, 3]), q.outcome([5, 2])
    (2, True, Outcome.N, Outcome.P)
    """
    if isinstance(heaps, bool) or not isinstance(heaps, int) or not 0 <= heaps <= MAX_HEAPS:
        raise InvalidParameterError(
            f"heaps is an integer from 0 to {MAX_HEAPS:,}; got {describe(heaps)}")
    budget = UNLIMITED if budget is None else budget
    table: IntArray = np.zeros((1, 1), dtype=np.int32)
    ppos: BoolArray = np.zeros(1, dtype=bool)
    phi: list[int] = []
    opts: list[list[tuple[int, ...]]] = []
    orders: list[int] = []
    generators: list[int] = []
    stopped: str | None = None
    cache: dict[str, Any] = {}
    with watching(budget):
        for n in range(heaps + 1):
            words = []
            for w in options(n):
                w = tuple(int(h) for h in w)
                for h in w:
                    if not 0 <= h < n:
                        raise InvalidParameterError(
                            f"{name}: heap {n} has an option with heap {h}; a heap game's options "
                            "are sums of smaller heaps")
                words.append(w)
            imgs = set()
            for w in words:
                x = 0
                for h in w:
                    x = int(table[x, phi[h]])
                imgs.add(x)
            t_new = np.array(sorted(imgs), dtype=np.int64)
            if not len(t_new):
                phi.append(0)
                opts.append([])
                orders.append(table.shape[0])
                continue
            gens = _gens(table, phi, opts)
            try:
                try:
                    new_table, new_p, old_map, x = _step(table, ppos, gens, t_new, n, max_order, cache)
                    new_phi = [int(old_map[y]) for y in phi] + [x]
                except QuotientError as exc:
                    if exc.reason != "split":
                        raise
                    new_table, new_p, new_phi = _recalibrate(table, phi + [0], opts + [words], n, max_order)
                look("misère quotient", int(new_table.shape[0]))
            except (QuotientError, SearchLimitError) as exc:
                if not stop_early:
                    raise
                stopped = str(exc)
                break
            table, ppos, phi = new_table, new_p, new_phi
            opts.append(words)
            orders.append(table.shape[0])
        generators = _generating_heaps(table, phi)
    return MisereQuotient(name, len(phi) - 1, table, ppos, phi, orders, generators, opts, stopped)


def _generating_heaps(table: IntArray, phi: Sequence[int]) -> list[int]:
    """The heaps whose elements generate the quotient, each not in the submonoid of
    the smaller ones chosen before it."""
    chosen: list[int] = []
    members = {0}
    for h, x in enumerate(phi):
        if x in members:
            continue
        chosen.append(h)
        _sub, index = _submonoid(table, [phi[g] for g in chosen])
        members = set(index)
    return chosen


def _distinct(gens: list[tuple[int, IntArray]]) -> list[tuple[int, IntArray]]:
    """``gens`` with the heaps alike in element and option images listed once."""
    seen: set[tuple[int, tuple[int, ...]]] = set()
    out: list[tuple[int, IntArray]] = []
    for x, t in gens:
        key = (x, tuple(t.tolist()))
        if key not in seen:
            seen.add(key)
            out.append((x, t))
    return out


def _gens(table: IntArray, phi: list[int], opts: list[list[tuple[int, ...]]]) -> list[tuple[int, IntArray]]:
    """(element, option images) of each heap that has options, largest heap first
    (the order of significance of the lex-least words)."""
    out: list[tuple[int, IntArray]] = []
    for h in range(len(phi) - 1, -1, -1):
        if not opts[h]:
            continue
        imgs = set()
        for w in opts[h]:
            x = 0
            for p in w:
                x = int(table[x, phi[p]])
            imgs.add(x)
        out.append((phi[h], np.array(sorted(imgs), dtype=np.int64)))
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


def _images(mul: Callable[[Any, Any], Any], phi: Sequence[int], words: Sequence[Sequence[int]]) -> IntArray:
    imgs = set()
    for w in words:
        x = 0
        for h in w:
            x = int(mul(x, phi[h]))
        imgs.add(x)
    return np.array(sorted(imgs), dtype=np.int64)


def _lex_p(size: int, cols: list[IntArray], tmats: list[IntArray]) -> BoolArray:
    """The P-portion of a candidate, each element decided at its lex-least sum.
    Generator ``j`` multiplies by ``cols[j]``; ``tmats[j][e]`` are the option
    images of ``e`` times that heap (option-image sets as sorted index arrays)."""
    marked = np.zeros(size, dtype=bool)
    p = np.zeros(size, dtype=bool)
    m = len(cols)
    count = [0]

    def rec(d: int, e: int, s: Any) -> None:
        if d == m:
            marked[e] = True
            p[e] = len(s) > 0 and not p[s].any()
            count[0] += 1
            if count[0] % 1024 == 0:
                look("misère quotient: candidate P-portion", 1024)
            return
        col, tm = cols[d], tmats[d]
        while True:
            rec(d + 1, e, s)
            e2 = int(col[e])
            if marked[e2]:
                break
            s = np.union1d(col[s], tm[e])
            e = e2

    rec(0, 0, np.zeros(0, dtype=np.int64))
    if not marked.all():
        raise AssertionError("a candidate element is not reached")
    return p


def _failure(table: IntArray, p: BoolArray, gens: list[tuple[int, IntArray, int]]) -> list[int] | None:
    """A sum (its heaps) on which the candidate breaks the outcome rule, or
    ``None`` when it holds for every sum. ``gens``: (element, option images, heap)."""
    q = table.shape[0]
    mins = _antichains(table, [(x, t) for x, t, _h in gens], with_words=[h for _x, _t, h in gens])
    pbits = _bits(p)
    if p[0]:
        return []  # the empty sum is an N-position
    for e in range(q):
        for sb, w in mins[e]:
            rule = sb != 0 and not (sb & pbits)
            if rule != bool(p[e]):
                return list(w)
    # an element in P with some sum having an option in P: breadth-first over the
    # pairs (element of a sum, one of its option images), with the sums
    lexw = {e: tuple(mins[e][0][1]) for e in range(q) if mins[e]}
    lexw[0] = ()
    seen = np.zeros((q, q), dtype=bool)
    parent: dict[tuple[int, int], tuple[tuple[int, int] | int, int]] = {}
    frontier: list[tuple[int, int]] = []
    for e, w in lexw.items():
        for j, (x, t, h) in enumerate(gens):
            for s in table[e, t].tolist():
                pr = (int(table[e, x]), int(s))
                if not seen[pr]:
                    seen[pr] = True
                    parent[pr] = (e, j)
                    frontier.append(pr)
    while frontier:
        for pr in frontier:
            if p[pr[0]] and p[pr[1]]:
                word: list[int] = []
                cur: tuple[int, int] | int = pr
                while isinstance(cur, tuple):
                    prev, j = parent[cur]
                    word.append(gens[j][2])
                    cur = prev
                return list(lexw[cur]) + word
        nxt = []
        for pr in frontier:
            for j, (x, t, h) in enumerate(gens):
                n2 = (int(table[pr[0], x]), int(table[pr[1], x]))
                if not seen[n2]:
                    seen[n2] = True
                    parent[n2] = (pr, j)
                    nxt.append(n2)
        frontier = nxt
        look("misère quotient: option pairs", len(nxt) + 1)
    return None


def _consistent(mul: Callable[[Any, Any], Any], p: BoolArray, phi: Sequence[int],
                opts: Sequence[Sequence[tuple[int, ...]]], word: Sequence[int]) -> bool:
    """Whether the candidate obeys the outcome rule at the sum ``word``."""
    e = 0
    for h in word:
        e = int(mul(e, phi[h]))
    s = set()
    for i, h in enumerate(word):
        rest = 0
        for j, g in enumerate(word):
            if j != i:
                rest = int(mul(rest, phi[g]))
        for w in opts[h]:
            x = rest
            for g in w:
                x = int(mul(x, phi[g]))
            s.add(x)
    rule = bool(s) and not any(p[x] for x in s)
    return rule == bool(p[e])


def _candidate(table: IntArray, phi: Sequence[int], opts: Sequence[Sequence[tuple[int, ...]]],
               free: dict[int, int], max_order: int, heap: int) -> tuple[IntArray, BoolArray, list[int]]:
    """The reduced candidate with the heaps of ``free`` (heap: index) freed."""
    n = len(phi)
    kept = sorted({phi[h] for h in range(n) if h not in free and opts[h]})
    sub, index = _submonoid(table, kept)
    comps = [sub] + [_cyclic(max(1, i), 2) for i in free.values()]
    prod = _Product(comps)
    if prod.size > max_order * 64:
        raise QuotientError(f"the quotient passes {max_order} elements at heap {heap}", heap, "order")
    phi2 = []
    freed = list(free)
    for h in range(n):
        if h in free:
            phi2.append(prod.radix[1 + freed.index(h)])
        elif opts[h]:
            phi2.append(index[phi[h]])
        else:
            phi2.append(0)
    gens = [(phi2[h], _images(prod.mul, phi2, opts[h])) for h in range(n - 1, -1, -1) if opts[h]]
    allx = np.arange(prod.size)
    colx = {x: prod.mul(allx, x) for x in {x for x, _ in gens}}
    p = _lex_p(prod.size, [colx[x] for x, _ in gens], [prod.mul(allx[:, None], t[None, :]) for _, t in gens])
    cls = _refine_cols(list(colx.values()), p)
    k = int(cls.max()) + 1
    if k > max_order:
        raise QuotientError(f"the quotient passes {max_order} elements at heap {heap}", heap, "order")
    rep = np.zeros(k, dtype=np.int64)
    rep[cls[::-1]] = allx[::-1]
    red = cls[prod.mul(rep[:, None], rep[None, :])].astype(np.int32)
    return red, p[rep].copy(), [int(cls[x]) for x in phi2]


def _refine_cols(cols: list[Any], p: BoolArray) -> IntArray:
    cls = p.astype(np.int64)
    count = len(np.unique(cls))
    while True:
        sig = np.stack([cls] + [cls[c] for c in cols], axis=1)
        _, new = np.unique(sig, axis=0, return_inverse=True)
        cls = new.reshape(-1)
        n = int(cls.max()) + 1
        if n == count:
            break
        count = n
    first: dict[int, int] = {}
    out = np.empty(len(cls), dtype=np.int32)
    for i, c in enumerate(cls.tolist()):
        out[i] = first.setdefault(c, len(first))
    return out


def _recalibrate(table: IntArray, phi: list[int], opts: list[list[tuple[int, ...]]], heap: int,
                 max_order: int, rounds: int = 64) -> tuple[IntArray, BoolArray, list[int]]:
    """The quotient of the heaps ``0..heap`` when ``heap`` splits a class of the
    smaller ones: ``table``/``phi`` are the quotient of the smaller heaps (``phi``
    with a placeholder for ``heap``)."""
    free = {heap: 2}
    cur_t, cur_phi = table, phi
    red, p, phi2 = _candidate(cur_t, cur_phi, opts, free, max_order, heap)
    for _ in range(rounds):
        gens = [(phi2[h], _images(lambda a, b: red[a, b], phi2, opts[h]), h)
                for h in range(len(phi2) - 1, -1, -1) if opts[h]]
        seen: set[tuple[int, tuple[int, ...]]] = set()
        dg = []
        for x, t, h in gens:
            key = (x, tuple(t.tolist()))
            if key not in seen:
                seen.add(key)
                dg.append((x, t, h))
        word = _failure(red, p, dg)
        if word is None:
            return red, p, phi2
        involved = sorted(set(word), reverse=True)
        found = None
        for size in range(1, len(involved) + 1):
            for hs in itertools.combinations(involved, size):
                f = {h: max(_index_of(red, phi2[h]), word.count(h), 2) for h in hs}
                try:
                    cand = _candidate(red, phi2, opts, f, max_order, heap)
                except QuotientError:
                    continue
                ct, cp, cphi = cand
                if _consistent(lambda a, b: ct[a, b], cp, cphi, opts, word):
                    found = cand
                    break
            if found is not None:
                break
        if found is None:
            raise QuotientError(f"heap {heap} splits a class of smaller heaps and no recalibration "
                                f"fixes the sum {sorted(word)}", heap, "split")
        red, p, phi2 = found
    raise QuotientError(f"heap {heap}: no quotient found in {rounds} recalibrations", heap, "split")


# ------------------------------------------------------------------ the quotient
def _letters(i: int) -> str:
    return chr(ord("a") + i) if i < 26 else f"g{i}"


def _word_text(word: Sequence[int]) -> str:
    parts = []
    for i, k in enumerate(word):
        if k:
            parts.append(_letters(i) + (f"^{k}" if k > 1 else ""))
    return "".join(parts) or "1"


class MisereQuotient:
    """The misère quotient of the heaps ``0..heaps`` of a heap game: a finite
    commutative monoid (``table``: the product of elements, element 0 the identity),
    its P-portion and the element of each heap (``element``). Build one with
    :func:`grundy.misere_quotient` (a ruleset or a catalogue spec) or
    :func:`compute_quotient` (an option function).

    >>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 3, name="nim")
    >>> q.generators, q.presentation()
    ((1, 2), 'a, b | a^2 = 1, b^3 = b')
    >>> q.p_portion, q.normal_form(q.element(3))
    ((1, 4), 'ab')
    """

    def __init__(self, name: str, heaps: int, table: IntArray, ppos: BoolArray, phi: Sequence[int],
                 orders: Sequence[int], generators: Sequence[int],
                 options: Sequence[Sequence[Sequence[int]]], stopped: str | None = None) -> None:
        self.name = name
        #: The largest heap the quotient covers.
        self.heaps = heaps
        self.table = np.ascontiguousarray(table, dtype=np.int32)
        self.ppos = np.asarray(ppos, dtype=bool)
        self.phi: tuple[int, ...] = tuple(int(x) for x in phi)
        #: ``orders[n]``: the order of the quotient of the heaps ``0..n``.
        self.orders: tuple[int, ...] = tuple(int(x) for x in orders)
        #: The heaps at which the quotient grew (each adds a generator).
        self.generators: tuple[int, ...] = tuple(int(x) for x in generators)
        self.options: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(int(h) for h in w) for w in ws) for ws in options)
        #: Why the construction stopped before the heap asked for (``None``: it did not).
        self.stopped = stopped
        self._rows_list: list[list[int]] | None = None  # the table as lists, built on first use
        self._p: list[bool] = self.ppos.tolist()
        self._words: list[list[int]] | None = None
        self._tame: bool | None = None

    @property
    def _rows(self) -> list[list[int]]:
        if self._rows_list is None:
            self._rows_list = self.table.tolist()
        return self._rows_list

    # -- the monoid
    @property
    def order(self) -> int:
        """The number of elements."""
        return int(self.table.shape[0])

    @property
    def p_portion(self) -> tuple[int, ...]:
        """The elements whose sums are misère P-positions."""
        return tuple(int(i) for i in np.flatnonzero(self.ppos))

    @property
    def is_tame(self) -> bool:
        """Whether the quotient is tame: isomorphic (with its P-portion) to the
        quotient of misère Nim heaps (``{1, a}`` and ``{1, a} u Z_2^m`` with
        ``P = {a, 0}``, or the trivial quotient)."""
        if self._tame is None:
            self._tame = is_tame(self.table, self.ppos)
        return self._tame

    @property
    def stable_from(self) -> int:
        """The heap from which the quotient no longer changes (up to ``heaps``):
        the last heap that added a generator (0 if none)."""
        return self.generators[-1] if self.generators else 0

    def product(self, x: int, y: int) -> int:
        """The product of the elements ``x`` and ``y``."""
        return self._rows[x][y]

    def element(self, heap: int) -> int:
        """The element of ``heap`` (the pretending function)."""
        return self.phi[self._heap(heap)]

    def _heap(self, heap: Any) -> int:
        if isinstance(heap, bool) or not isinstance(heap, (int, np.integer)):
            raise InvalidPositionError(f"{self.name}: a heap is a non-negative integer; got {describe(heap)}")
        if not 0 <= heap <= self.heaps:
            raise InvalidPositionError(
                f"{self.name}: heap {describe(heap)} is outside the quotient (heaps 0..{self.heaps})")
        return int(heap)

    def covers(self, heaps: Iterable[Any]) -> bool:
        """Whether every heap of ``heaps`` is within the quotient."""
        return all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= self.heaps for h in heaps)

    def element_of(self, heaps: Iterable[int]) -> int:
        """The element of the sum of ``heaps``: the product of their elements."""
        hs = list(heaps)
        phi = self.phi
        x = 0
        if len(hs) < 16 and self._rows_list is None:  # a few lookups: no lists built
            t = self.table
            for h in hs:
                x = int(t[x, phi[self._heap(h)]])
            return x
        rows = self._rows
        for h in hs:
            x = rows[x][phi[self._heap(h)]]
        return x

    def outcome(self, heaps: Iterable[int]) -> Outcome:
        """The misère outcome of the sum of ``heaps``, by one product per heap.

        >>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 7, name="nim")
        >>> q.outcome([1, 1, 1]), q.outcome([7, 6, 1]), q.outcome([])
        (Outcome.P, Outcome.P, Outcome.N)
        """
        return Outcome.P if self._p[self.element_of(heaps)] else Outcome.N

    def winning_move(self, heaps: Sequence[int]) -> tuple[int, tuple[int, ...]] | None:
        """A winning misère move of the sum of ``heaps``: ``(i, option)``, heap
        ``heaps[i]`` replaced by the heaps of ``option``; ``None`` from a P-position
        (or when no move is left). Linear in the number of heaps (products of the
        heaps before and after each one).

        >>> q = compute_quotient(lambda n: [[n - k] for k in range(1, n + 1)], 7, name="nim")
        >>> q.winning_move([3, 2]), q.winning_move([1, 1]), q.winning_move([1, 1, 1])
        ((0, (2,)), (1, (0,)), None)
        """
        hs = [self._heap(h) for h in heaps]
        rows, phi, p = self._rows, self.phi, self._p
        n = len(hs)
        before = [0] * (n + 1)
        for i, h in enumerate(hs):
            before[i + 1] = rows[before[i]][phi[h]]
        if p[before[n]]:
            return None
        after = 0
        for i in range(n - 1, -1, -1):
            rest = rows[before[i]][after]
            for w in self.options[hs[i]]:
                x = rest
                for h in w:
                    x = rows[x][phi[h]]
                if p[x]:
                    return i, w
            after = rows[after][phi[hs[i]]]
        return None

    # -- presentation
    def _normal_words(self) -> list[list[int]]:
        if self._words is None:
            gens: list[tuple[int, IntArray]] = [
                (self.phi[h], np.zeros(0, dtype=np.int64)) for h in reversed(self.generators)]
            _order, words, _s = _lex(self.table, gens) if gens else ([0], [[]], None)
            self._words = [list(reversed(w)) for w in words]
        return self._words

    def normal_form(self, x: int) -> str:
        """Element ``x`` as a word in the generators ``a, b, c, ...`` (the elements of
        the heaps in :attr:`generators`, in order): its lex-least word."""
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x < self.order:
            raise InvalidParameterError(f"no element {describe(x)} in a quotient of order {self.order}")
        return _word_text(self._normal_words()[int(x)])

    def relations(self) -> list[tuple[str, str]]:
        """Defining relations ``(word, normal form)``: the minimal words that are not
        normal forms, each equal to its element's normal form."""
        words = self._normal_words()
        gens = [self.phi[h] for h in self.generators]
        normal = {tuple(w) for w in words}
        rels: dict[tuple[int, ...], int] = {}
        for x, w in enumerate(words):
            for j, g in enumerate(gens):
                v = list(w)
                v[j] += 1
                tv = tuple(v)
                if tv in normal or tv in rels:
                    continue
                if all(tuple(v[:i] + [v[i] - 1] + v[i + 1:]) in normal for i in range(len(v)) if v[i]):
                    rels[tv] = self._rows[x][g]
        return [(_word_text(v), _word_text(words[y])) for v, y in sorted(rels.items(),
                key=lambda kv: (sum(kv[0]), kv[0][::-1]))]

    def presentation(self) -> str:
        """Generators and defining relations, as ``"a, b | a^2 = 1, b^3 = b"``."""
        names = ", ".join(_letters(i) for i in range(len(self.generators))) or "(none)"
        rels = ", ".join(f"{a} = {b}" for a, b in self.relations())
        return f"{names} | {rels}" if rels else names

    def pretending_function(self) -> list[str]:
        """Each heap's element as a normal form, heap 0 first."""
        return [self.normal_form(x) for x in self.phi]

    def summary(self) -> dict[str, Any]:
        """Order, P-portion size, tameness, generators and the growth of the quotient."""
        return {"game": self.name, "heaps": self.heaps, "order": self.order,
                "p_portion": len(self.p_portion), "tame": self.is_tame,
                "generators": list(self.generators), "stable_from": self.stable_from,
                "stopped": self.stopped}

    def __repr__(self) -> str:
        tame = "tame" if self.is_tame else "wild"
        return f"<MisereQuotient of {self.name}, heaps 0..{self.heaps}: order {self.order}, {tame}>"

    # -- storage
    def to_json(self) -> str:
        """The quotient as text: a line with the SHA-256 of the rest, then the
        quotient as JSON."""
        dtype = "<u2" if self.order < 1 << 16 else "<i4"
        table = base64.b64encode(self.table.astype(dtype).tobytes()).decode()
        body = {"name": self.name, "heaps": self.heaps, "order": self.order, "table": table, "dtype": dtype,
                "p": [int(b) for b in self._p], "phi": list(self.phi), "orders": list(self.orders),
                "generators": list(self.generators), "stopped": self.stopped,
                "options": [[list(w) for w in ws] for ws in self.options]}
        text = json.dumps(body, separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest() + "\n" + text

    @classmethod
    def from_json(cls, text: str) -> MisereQuotient:
        """A quotient from :meth:`to_json`; ``InvalidParameterError`` if the text is
        damaged (checksum, shape or closure of the table)."""
        try:
            digest, _, raw = text.partition("\n")
            if hashlib.sha256(raw.encode()).hexdigest() != digest:
                raise ValueError("checksum mismatch")
            body = json.loads(raw)
            q = int(body["order"])
            if body["dtype"] not in ("<u2", "<i4"):
                raise ValueError("bad dtype")
            table = np.frombuffer(base64.b64decode(body["table"]), dtype=body["dtype"]).astype(np.int32)
            table = table.reshape(q, q)
            if table.shape != (q, q) or q == 0 or table.min() < 0 or table.max() >= q:
                raise ValueError("bad table")
            if len(body["p"]) != q or len(body["phi"]) != body["heaps"] + 1:
                raise ValueError("bad sizes")
            return cls(body["name"], int(body["heaps"]), table, np.array(body["p"], dtype=bool),
                       body["phi"], body["orders"], body["generators"], body["options"], body["stopped"])
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidParameterError(f"not a stored misère quotient ({exc})") from None


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


# ------------------------------------------------------------------ heap rulesets
def heap_options(ruleset: Any) -> OptionWords:
    """The option function of a heap ruleset for :func:`compute_quotient`: each
    option of heap ``n`` (a heap, or a ``grundy.Sum`` of heaps) as a list of heaps."""
    from grundy.rules.sums import Sum
    from grundy.solve import reducer as R

    def options(n: int) -> list[list[int]]:
        out = []
        try:
            opts = R.options(ruleset, n)
        except (MoveFunctionError, InvalidPositionError) as exc:
            raise InvalidParameterError(
                f"{ruleset.name} is not a heap game (its position {n} fails: {exc})") from None
        for o in opts:
            parts = o.parts if type(o) is Sum or isinstance(o, Sum) else (o,)
            word = []
            for h in parts:
                if isinstance(h, bool) or not isinstance(h, int):
                    raise InvalidParameterError(
                        f"{ruleset.name}: heap {n} has the option {describe(o)}; a misère quotient "
                        "needs a heap game (options are heaps or sums of heaps)")
                if h:
                    word.append(h)
            out.append(word)
        return out

    return options


# ------------------------------------------------------------------ cache and store
_CACHE: dict[tuple[Any, int], MisereQuotient] = {}
#: Where computed quotients are kept (``GRUNDY_QUOTIENT_DIR`` overrides; empty: none).
ENV_DIR = "GRUNDY_QUOTIENT_DIR"


#: Quotients shipped with grundy (generated by ``benchmarks/misere_census.py --ship``).
SHIPPED = Path(__file__).with_name("misere_data")


def store_dir() -> Path | None:
    """The directory of stored quotients: ``$GRUNDY_QUOTIENT_DIR``, else
    ``$XDG_CACHE_HOME/grundy/misere`` (``~/.cache/grundy/misere``); ``None`` when
    ``GRUNDY_QUOTIENT_DIR`` is set empty (no store)."""
    env = os.environ.get(ENV_DIR)
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "grundy" / "misere"


def _file_name(spec: str, heaps: int) -> str:
    safe = "".join(c if c.isalnum() or c in ".-_" else "_" for c in spec)
    return f"{safe}-{hashlib.sha256(spec.encode()).hexdigest()[:8]}-{heaps}.json.gz"


def load_stored(spec: str, heaps: int, *, exact: bool = True) -> MisereQuotient | None:
    """A stored quotient of ``spec``: the one of exactly ``heaps`` (``exact``), else
    the smallest stored one covering ``heaps``; damaged files are ignored."""
    found: list[tuple[int, Path]] = []
    prefix = _file_name(spec, 0).rsplit("-", 1)[0] + "-"
    for folder in (store_dir(), SHIPPED):
        if folder is None or not folder.is_dir():
            continue
        for f in folder.glob(prefix + "*.json.gz"):
            try:
                n = int(f.name[len(prefix):].split(".")[0])
            except ValueError:
                continue
            if n == heaps or (not exact and n >= heaps):
                found.append((n, f))
    for n, f in sorted(found):
        try:
            q = MisereQuotient.from_json(gzip.decompress(f.read_bytes()).decode())
        except (OSError, EOFError, GrundyError):
            continue
        if q.name == spec and q.heaps == n and q.stopped is None:
            return q
    return None


def save(q: MisereQuotient, folder: Path | None = None) -> Path | None:
    """Keep ``q`` in the store (or ``folder``); ``None`` when there is no store or
    it cannot be written."""
    d = folder if folder is not None else store_dir()
    if d is None:
        return None
    try:
        d.mkdir(parents=True, exist_ok=True)
        path = d / _file_name(q.name, q.heaps)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_bytes(gzip.compress(q.to_json().encode(), mtime=0))
        os.replace(tmp, path)
        return path
    except OSError:
        return None


def quotient_of(ruleset: Any, heaps: int, *, budget: Budget | None = None, store: bool = True,
                exact: bool = True) -> MisereQuotient:
    """The misère quotient of the heaps ``0..heaps`` of the heap ruleset
    ``ruleset``, kept in memory (and on disk for a catalogue spec when ``store``).
    ``exact=False`` accepts any kept quotient covering ``heaps`` (it answers the
    same outcomes). A quotient whose construction stopped (``stopped``) is
    returned but not kept."""
    spec = getattr(ruleset, "spec", None)
    if spec is not None:
        cache = _CACHE
        key: Any = spec
    else:
        cache = ruleset.__dict__.setdefault("_misere_quotients", {})
        key = None
    hit = cache.get((key, heaps))
    if hit is None and not exact:
        covering = [q for (k, n), q in cache.items() if k == key and n >= heaps]
        hit = min(covering, key=lambda q: q.heaps) if covering else None
    if hit is not None:
        return hit
    if spec is not None and store:
        q = load_stored(spec, heaps, exact=exact)
        if q is not None:
            cache[(key, q.heaps)] = q
            return q
    q = compute_quotient(heap_options(ruleset), heaps, name=spec or ruleset.name, budget=budget)
    if q.stopped is None:
        cache[(key, heaps)] = q
        if spec is not None and store:
            save(q)
    return q
