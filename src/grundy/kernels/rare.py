"""The rare-value ("sparse space") method for take-and-break games whose moves are
splits into two heaps plus a bounded set of takes: every finite octal code, and
Grundy's game (splits into two *unequal* heaps).

Pick a mask ``m``; a value ``v`` is *rare* when ``parity(v & m) == 0`` and
*common* otherwise (0 is always rare). Since parity is linear over XOR, a split
``a + b`` has a common value only if exactly one part is rare. For heap ``n``:

1. **rare loop**: every split with a rare part (a short list of positions) is
   marked; after it the reachable *common* values are known exactly, and ``c``,
   the least common value not reached, is found.
2. **scan**: ``g(n) = c`` unless some rare value ``v < c`` is unreachable. Rare
   values come from common + common splits, which are plentiful, so a scan over
   ``a = 1, 2, ...`` (blocked and vectorised: while many values are needed a
   block of splits clears every XOR it reaches, then blocks are compared with
   the at most 16 values left in ``uint16`` lanes) usually stops early. Between the linear
   phases the first occurrences of every value ("probes") are tried, which cuts
   the long tail where a needed value needs a part of a recent, large value.
   Only when a rare value is really missing does the scan run to the end, and
   ``n`` joins the rare list.

Any mask gives exact values; the mask only changes the speed. It is chosen as
the one with the fewest rare positions so far by a Walsh-Hadamard transform of
the value counts, and re-chosen when the table doubles, a new value bit appears
or the rare list doubles. Values are ``uint16`` (2 bytes per heap).

>>> import numpy as np
>>> from grundy.kernels.octal import octal_table
>>> g = np.zeros(3001, dtype=np.uint16)
>>> g[:200] = octal_table([0, 7, 7], 199)                # Kayles, naive seed
>>> stats = rare_table(g, 200, 3000, splits=[1, 2], takes=[1, 2], wholes=[1, 2])
>>> bool((g == octal_table([0, 7, 7], 3000)).all()), stats["rare"]
(True, 9)
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module
from grundy.values.errors import InvalidParameterError

__all__ = ["rare_table", "naive_table", "rare_stats", "best_mask", "MAX_VALUE", "RareWork"]

#: values are stored as uint16
MAX_VALUE = 65535

# state vector shared with the caller (kept across chunked calls); S_AT, S_BITS:
# the workspace of a RareWork holds heaps 0..S_AT-1, values below 2^S_BITS;
# S_VEC: heaps scanned with the AVX-512 map of the needed values; S_AT_CHOICE: the
# rare list's length at the last choice of the split (the schedule of the next
# choice: a call that resumes, on one thread or several, re-chooses where one
# call over the whole table would)
(S_MASK, S_FIXED, S_NEXT, S_FULL, S_CHOSEN, S_SCANNED, S_RARE, S_STOP, S_E, S_F, S_AT, S_BITS,
 S_VEC, S_AT_CHOICE) = range(14)
#: values per workspace array (uint16 values, XORs below 2^16; one spare bit)
_V = 1 << 17
#: probe rounds of the kernel (first K occurrences of every value)
_K = 8
#: heaps the threaded kernel computes ahead of the last one committed, per
#: thread (more: less waiting, more moves left to the commit)
_DEPTH = 4
#: free entries the threaded kernel keeps at the end of the rare list (a run
#: that fills them stops, the list grows, the next run goes on)
_ROOM = 1 << 12
#: the first tag of the kernels' per-heap marks (a test starts it near 2^32)
_STAMP0 = 0


class RareWork:
    """What the rare-value kernel keeps between chunked calls on one table: the
    state vector (split, schedule, figures) and the workspace (value counts,
    first occurrences, the rare list), so a call resumes in O(1) instead of
    re-reading the whole table. About 9 MiB plus the rare list.

    >>> w = RareWork()
    >>> w.state.shape, w.cnt.shape
    ((14,), (2, 131072))
    """

    def __init__(self) -> None:
        self.state = np.zeros(14, dtype=np.int64)
        self.cnt = np.zeros((2, _V), dtype=np.int64)
        self.probes = np.zeros((_K, _V), dtype=np.int64)  # heaps past 2^31
        self.pcount = np.zeros(_K, dtype=np.int64)
        self.occ = np.zeros(_V, dtype=np.uint8)
        self.rk = np.zeros(1 << 12, dtype=np.uint64)  # rare list: position << 16 | value

    def forget(self) -> None:
        """Make the next call rebuild the workspace (the table changed)."""
        self.state[S_AT] = 0


def rare_table(
    g: Any,
    start: int,
    n: int,
    *,
    splits: list[int],
    takes: list[int] = (),  # type: ignore[assignment]
    wholes: list[int] = (),  # type: ignore[assignment]
    unequal: bool = False,
    mask: int | None = None,
    e: int = 0,
    f: int = 0,
    state: Any = None,
    threads: int | None = None,
) -> dict[str, int]:
    """Fill ``g[start..n]`` (a ``uint16`` array whose ``g[0..start-1]`` is known)
    by the rare-value method. ``splits``/``takes``/``wholes``: the numbers of
    tokens taken that may leave two heaps / one heap / nothing; ``unequal``:
    the two heaps must differ (Grundy's game). ``mask``: a fixed rare/common mask
    (heap ``a`` is rare when ``parity(g(a) & mask) == (e & a) ^ f``; ``e = 1``,
    the heap's parity entering, needs a single split digit, and only then may
    ``f`` be 1); by default the split is chosen and re-chosen automatically.
    ``state`` (a :class:`RareWork`, from the previous call on the same table)
    carries the split, its schedule and the workspace across chunked calls, so a
    call costs nothing for the heaps already known (an ``int64`` array of 10
    carries the split only, and the workspace is rebuilt). ``threads``: None or
    1 (the default) computes on one core; ``k > 1`` on ``k`` threads, pipelined
    by heaps (``grundy.kernels._rare_pipe_jit``: each thread computes the next
    heap from its moves below the last few, the late moves are added in heap
    order), at most one per core this process may run on (the threads wait for
    each other by spinning, then sleeping; on a busy machine, where the waits grow
    long, the rest of the table goes to one thread); 0 on every core. The values
    and the state left are the same.

    Returns the figures of the run: ``mask``, ``e``, ``f`` (the split in use,
    finite bits), ``rare`` (rare positions >= 1), ``full_scans``, ``chosen`` (mask
    choices), ``scanned`` (extra splits looked at), ``stop`` (one past the last
    heap filled: ``n + 1`` unless a value overflowed ``uint16``).
    """
    legacy = None
    if state is None:
        work = RareWork()
    elif isinstance(state, RareWork):
        work = state
    else:
        if not isinstance(state, np.ndarray) or state.shape != (10,) or state.dtype != np.int64:
            raise ValueError("state must be a RareWork, an int64 array of 10, or None")
        legacy, work = state, RareWork()
        work.state[:10] = legacy
    state = work.state
    if mask is not None:
        if (e or f) and len(splits) != 1:
            raise ValueError("the heap's parity enters a split only with a single split digit")
        state[S_MASK], state[S_FIXED], state[S_E], state[S_F] = int(mask), 1, int(e), int(f) & int(e)
        work.forget()
    if g.dtype != np.uint16:
        raise TypeError("rare_table fills a uint16 array")
    if start < 1 or n >= len(g) or not splits:
        raise ValueError("need 1 <= start, n < len(g) and a split digit")
    nthreads = _threads(threads)
    if start > n:
        state[S_STOP] = n + 1
    elif nthreads > 1:
        # the threads stop early on a busy machine (their waits grew long): the
        # rest of the table on one thread, from where they stopped
        start = _pipelined(g, int(start), int(n), np.asarray(sorted(splits), dtype=np.int64),
                           np.asarray(list(takes), dtype=np.int64),
                           np.asarray(list(wholes), dtype=np.int64), bool(unequal), work, nthreads)
    if start <= n:
        work.rk = jit_module("_rare_jit").rare_kernel(
            g, int(start), int(n), np.asarray(sorted(splits), dtype=np.int64),
            np.asarray(list(takes), dtype=np.int64), np.asarray(list(wholes), dtype=np.int64),
            bool(unequal), state, work.cnt, work.probes, work.pcount, work.occ, work.rk, _STAMP0,
            *_scratch(len(splits)))
    if legacy is not None:
        legacy[:] = state[:10]
    return {"mask": int(state[S_MASK]), "e": int(state[S_E]), "f": int(state[S_F]),
            "rare": int(state[S_RARE]),
            "full_scans": int(state[S_FULL]), "chosen": int(state[S_CHOSEN]),
            "scanned": int(state[S_SCANNED]), "stop": int(state[S_STOP])}


def _rebuild_rare(pipe: Any, g: Any, n: int, israre: Any, e: int, f: int, work: RareWork,
                  room: int) -> int:
    """The rare list of heaps ``1..n`` into ``work.rk``, with ``room`` entries to
    spare after it (the threads append without growing it)."""
    while True:
        nrare = pipe.rebuild_rare(g, n, israre, e, f, work.rk)
        if nrare + room <= len(work.rk):
            return int(nrare)
        work.rk = np.zeros(2 * (nrare + room), dtype=np.uint64)


def _pipelined(g: Any, start: int, n: int, splits: Any, takes: Any, wholes: Any, unequal: bool,
               work: RareWork, nthreads: int) -> int:
    """``rare_table`` on ``nthreads`` threads (``grundy.kernels._rare_pipe_jit``):
    each thread takes the next heap ``n``, computes its value from the moves
    whose parts are at most ``n - depth`` (:data:`_DEPTH` per thread) and leaves
    it to be committed in heap order with the few late moves. A run stops for a
    new value bit, a re-choice of the split or a full rare list; this thread
    acts on it and starts the next run. Returns the first heap not filled:
    ``n + 1``, or where the threads stopped because the machine is busy (their
    waits grew long: ``pipe.CTL_SOLO``); the state is left for the one-core
    kernel to go on from there."""
    pipe = jit_module("_rare_pipe_jit")
    state = work.state
    israre = np.zeros((2, _V), dtype=np.uint8)
    commons = np.zeros((2, _V), dtype=np.int32)
    rares = np.zeros((2, _V), dtype=np.int32)
    nc = np.zeros(2, dtype=np.int64)
    nrv = np.zeros(2, dtype=np.int64)
    ks = np.zeros(pipe.KS_SIZE, dtype=np.int64)
    ctl = np.zeros(pipe.CTL_SIZE, dtype=np.int64)
    figs = np.zeros((nthreads, 16), dtype=np.int64)  # a row of 128 bytes per thread: no line shared
    cnts = np.zeros((nthreads,) + work.cnt.shape, dtype=np.int64)  # the values each commits
    depth = _DEPTH * nthreads
    slots = np.zeros(1 << depth.bit_length(), dtype=np.int64)  # heap << 20 | early mex
    wins = np.zeros(len(slots), dtype=np.int64)  # the early moves' marks above it
    room = _ROOM
    if pipe.pipe_split(True, g, start, n, splits, state, work.cnt, work.probes, work.pcount,
                       work.occ, israre, commons, rares, nc, nrv, ks):
        nrare = int(state[S_RARE])
        work.rk = _room(work.rk, nrare, room)
    else:
        nrare = _rebuild_rare(pipe, g, start - 1, israre, int(ks[pipe.KS_E]), int(ks[pipe.KS_F]),
                              work, room)
        ks[pipe.KS_AT_CHOICE] = nrare
    s = start
    with ThreadPoolExecutor(nthreads - 1) as pool:
        while s <= n:
            ctl[:] = 0
            ctl[pipe.CTL_DONE], ctl[pipe.CTL_NEXT], ctl[pipe.CTL_STOP] = s, s, n + 1
            ctl[pipe.CTL_NRARE], ctl[pipe.CTL_WHY] = nrare, pipe.WHY_END
            slots[:] = -1
            head = (depth, depth // 2, g, n, splits, takes, wholes, unequal, work.rk, israre,
                    commons, rares, nc, nrv, ks)
            tail = (work.probes, work.pcount, work.occ, ctl, slots, wins)
            args: list[tuple[Any, ...]] = [(i, *head, cnts[i], *tail, figs[i], _STAMP0,
                                            *_thread_scratch(len(splits)))
                                           for i in range(nthreads)]
            jobs = [pool.submit(pipe.worker, *args[i]) for i in range(1, nthreads)]
            pipe.worker(*args[0])
            for job in jobs:
                job.result()
            work.cnt += cnts.sum(axis=0)
            cnts[:] = 0
            solo = int(ctl[pipe.CTL_SOLO])  # a busy machine: the rest on one thread
            done, why, nrare = int(ctl[pipe.CTL_DONE]), int(ctl[pipe.CTL_WHY]), int(ctl[pipe.CTL_NRARE])
            if why == pipe.WHY_OVER:
                state[S_STOP] = done
                s = n + 1
                break
            if why == pipe.WHY_ROOM:
                work.rk = _room(work.rk, nrare, nrare + room)
            elif why != pipe.WHY_END and pipe.pipe_split(
                    False, g, done - 1, nrare, splits, state, work.cnt, work.probes, work.pcount,
                    work.occ, israre, commons, rares, nc, nrv, ks):
                nrare = _rebuild_rare(pipe, g, done - 1, israre, int(ks[pipe.KS_E]),
                                      int(ks[pipe.KS_F]), work, room)
                ks[pipe.KS_AT_CHOICE] = nrare
            s = done
            if solo and s <= n:
                break
    pipe.pipe_end(min(s - 1, n), nrare, state, ks, figs)
    return s


def _scratch(nsplits: int) -> tuple[Any, ...]:
    """The zeroed scratch arrays of one call of ``_rare_jit.rare_kernel``: the
    marks ``seen``, the split's tables (``israre``, ``commons``, ``rares``, ``nc``,
    ``nrv``), the scan's ``need``, ``needtag``, ``vals``, ``bm``, and ``lim`` (one per
    split digit). Numpy allocates them: ``np.zeros`` inside the kernel compiles an
    implementation per dtype and shape (about 1 CPU s of a fresh process)."""
    return (np.zeros(_V, dtype=np.uint32), np.zeros((2, _V), dtype=np.uint8),
            np.zeros((2, _V), dtype=np.int32), np.zeros((2, _V), dtype=np.int32),
            np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64),
            np.zeros(_V, dtype=np.int32), np.zeros(_V, dtype=np.uint32),
            np.zeros(16, dtype=np.uint16), np.zeros(64, dtype=np.uint16),
            np.zeros(nsplits, dtype=np.int64))


def _thread_scratch(nsplits: int) -> tuple[Any, ...]:
    """The zeroed scratch arrays of one thread of ``_rare_pipe_jit.worker`` in one
    run: ``seen``, ``needtag``, ``need``, ``vals``, ``bm``, ``lims``, ``lims2``
    (see :func:`_scratch`)."""
    return (np.zeros(_V, dtype=np.uint32), np.zeros(_V + 1, dtype=np.uint32),
            np.zeros(_V, dtype=np.int32), np.zeros(16, dtype=np.uint16),
            np.zeros(64, dtype=np.uint16), np.zeros(nsplits, dtype=np.int64),
            np.zeros(nsplits, dtype=np.int64))


def _room(rk: Any, nrare: int, room: int) -> Any:
    """``rk`` (a rare list of ``nrare`` entries) with ``room`` more entries free."""
    if nrare + room <= len(rk):
        return rk
    bigger = np.zeros(2 * (nrare + room), dtype=np.uint64)
    bigger[:nrare] = rk[:nrare]
    return bigger


def _threads(threads: int | None) -> int:
    """The number of threads for ``threads`` (None or 1: one; 0: every core this
    process may run on)."""
    if threads is None:
        return 1
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 0:
        raise InvalidParameterError(f"threads must be a whole number >= 0, not {threads!r}")
    cores = _cores()
    want = cores if threads == 0 else min(threads, cores)
    return min(want, _idle_cores(cores)) if want > 1 else want


def _idle_cores(cores: int) -> int:
    """The cores no other work is using, by the load average of the last minute
    (at least one): threads on a busy core wait for each other and run slower
    than one thread alone, so a busy machine gets fewer threads. Work that
    starts after the table does is met by the kernel's own back-off (a long wait
    sends the rest of a run to one thread)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return cores
    others = max(0.0, load - 1.0)  # the calling thread is running too (a long table counts itself)
    return max(1, min(cores, int(cores - others + 0.5)))


def _cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def naive_table(
    g: Any, start: int, n: int, *, splits: list[int], takes: list[int] = (),  # type: ignore[assignment]
    wholes: list[int] = (), unequal: bool = False,  # type: ignore[assignment]
) -> int:
    """Fill ``g[start..n]`` (``uint16``) by the O(n^2) mex table with the moves
    of :func:`rare_table`; returns one past the last heap filled.

    >>> g = np.zeros(11, dtype=np.uint16)
    >>> naive_table(g, 0, 10, splits=[0], unequal=True), g.tolist()   # Grundy's game
    (11, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0])
    """
    if g.dtype != np.uint16:
        raise TypeError("naive_table fills a uint16 array")
    return int(jit_module("_rare_jit").naive_kernel(
        g, int(start), int(n), np.asarray(sorted(splits), dtype=np.int64),
        np.asarray(list(takes), dtype=np.int64), np.asarray(list(wholes), dtype=np.int64),
        bool(unequal)))


def best_mask(values: Any, *, allow_e: bool = False) -> tuple[int, int, int]:
    """The split ``(mask, e, f)`` with the fewest rare heaps among ``values[1:]``
    (heap ``a`` rare when ``parity(values[a] & mask) == (e & a) ^ f``), by a
    Walsh-Hadamard transform of the value counts.

    >>> best_mask([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7])  # Kayles
    (7, 0, 0)
    """
    arr = np.asarray(values, dtype=np.int64)
    bits = 1
    while len(arr) and int(arr.max()) >> bits:
        bits += 1
    cnt = np.zeros((2, 1 << 17), dtype=np.int64)
    idx = np.arange(len(arr))
    np.add.at(cnt, (idx[1:] & 1, arr[1:]), 1)
    m, e, f, _ = jit_module("_rare_jit").wht_best(cnt, bits, bool(allow_e))
    return int(m), int(e), int(f)


def rare_stats(values: Any, mask: int, e: int = 0, f: int = 0) -> dict[str, int]:
    """The figures of Flammenkamp's table for a table ``values`` (heaps ``0..n``)
    and a split: largest value and where it first occurs, number of rare heaps
    (heap 0 included) and the last one.

    >>> rare_stats(np.array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], dtype=np.uint16), 1)
    {'max': 6, 'max_at': 11, 'rare': 7, 'last_rare': 11, 'mask': 1, 'e': 0, 'f': 0}
    """
    arr = np.ascontiguousarray(values, dtype=np.uint16)
    top, first, nrare, last = jit_module("_rare_jit").stats_kernel(
        arr, len(arr) - 1, int(mask), int(e), int(f))
    return {"max": int(top), "max_at": int(first), "rare": int(nrare),
            "last_rare": int(last), "mask": int(mask), "e": int(e), "f": int(f)}
