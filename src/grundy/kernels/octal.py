"""Grundy tables of take-and-break (octal) games by the naive method: for each heap
size, mark the values of all options in a stamp array and take the mex.

O(N^2) for N heaps when the code allows splitting (each split a + b is one XOR),
O(N * digits) otherwise. Values are bounded by the number of options, so they fit
``uint32`` and the stamp array has one entry per possible value.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["octal_table", "octal_table_sparse", "grundy_game_table", "grundy_game_sparse"]

_KERNEL: Any = None
_GRUNDY: Any = None


def _kernel() -> Any:
    global _KERNEL
    if _KERNEL is None:
        import numba

        @numba.njit(cache=True, nogil=True)
        def octal_kernel(digits: Any, repeat: bool, n: int, out: Any, start: int) -> None:
            # digits[k]: which results are allowed after taking k tokens (bit 1: no
            # heap left, 2: one heap, 4: two heaps). ``repeat``: the last digit
            # repeats for every larger k.
            nd = digits.shape[0]
            stamp = np.zeros(64, dtype=np.uint32)
            for m in range(start):
                if 2 * out[m] + 2 >= stamp.shape[0]:
                    stamp = np.zeros(4 * out[m] + 64, dtype=np.uint32)
            for m in range(start, n + 1):
                tag = np.uint32(m + 1)
                top = m if repeat else min(m, nd - 1)
                for k in range(0, top + 1):
                    d = digits[k] if k < nd else digits[nd - 1]
                    if d == 0:
                        continue
                    r = m - k
                    if d & 1 and r == 0 and k > 0:
                        stamp[0] = tag
                    if d & 2 and r > 0 and k > 0:
                        stamp[out[r]] = tag
                    if d & 4 and r >= 2:
                        for a in range(1, r // 2 + 1):
                            stamp[out[a] ^ out[r - a]] = tag
                    if d & 8 and r >= 3:  # hexadecimal: three heaps, O(r^2)
                        for a in range(1, r // 3 + 1):
                            for b in range(a, (r - a) // 2 + 1):
                                stamp[out[a] ^ out[b] ^ out[r - a - b]] = tag
                v = 0
                while stamp[v] == tag:
                    v += 1
                out[m] = v
                if 2 * v + 2 >= stamp.shape[0]:
                    # an XOR of values < 2^b is < 2^b: keep room for 2 * max
                    bigger = np.zeros(4 * v + 64, dtype=np.uint32)
                    bigger[: stamp.shape[0]] = stamp
                    stamp = bigger

        _KERNEL = octal_kernel
    return _KERNEL


def octal_table(digits: list[int], n: int, *, repeat: bool = False, prefix: Any = None) -> Any:
    """Grundy values of heaps ``0..n`` of the take-and-break game whose code digits
    are ``digits`` (``digits[0]`` before the point). ``prefix`` (values already
    known for ``0..len(prefix)-1``) lets a table be extended.

    >>> octal_table([0, 7], 10).tolist()           # 0.7: take 1 (Nim on 0/1)
    [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    >>> octal_table([0, 0, 7], 12).tolist()        # 0.07 Dawson's Kayles
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]

    Hexadecimal digits (bit 8: leave three heaps) cost O(N^3) in all.
    """
    out, start = _with_prefix(n, prefix)
    _kernel()(np.asarray(digits, dtype=np.uint8), bool(repeat), int(n), out, start)
    return out


def _with_prefix(n: int, prefix: Any) -> tuple[Any, int]:
    """A zeroed table for heaps ``0..n`` holding the known ``prefix``, and where the
    kernel must start."""
    out = np.zeros(n + 1, dtype=np.uint32)
    if prefix is None or not len(prefix):
        return out, 0
    k = min(len(prefix), n + 1)
    out[:k] = np.asarray(prefix[:k], dtype=np.uint32)
    return out, k


def _grundy_kernel() -> Any:
    global _GRUNDY
    if _GRUNDY is None:
        import numba

        @numba.njit(cache=True, nogil=True)
        def grundy_kernel(n: int, out: Any, start: int) -> None:
            stamp = np.zeros(64, dtype=np.uint32)
            for m in range(start):
                if 2 * out[m] + 2 >= stamp.shape[0]:
                    stamp = np.zeros(4 * out[m] + 64, dtype=np.uint32)
            for m in range(start, n + 1):
                tag = np.uint32(m + 1)
                for a in range(1, (m - 1) // 2 + 1):
                    stamp[out[a] ^ out[m - a]] = tag
                v = 0
                while stamp[v] == tag:
                    v += 1
                out[m] = v
                if 2 * v + 2 >= stamp.shape[0]:
                    bigger = np.zeros(4 * v + 64, dtype=np.uint32)
                    bigger[: stamp.shape[0]] = stamp
                    stamp = bigger

        _GRUNDY = grundy_kernel
    return _GRUNDY


def grundy_game_table(n: int, *, prefix: Any = None) -> Any:
    """Values of Grundy's game (split into two unequal heaps) for heaps ``0..n``,
    naive method, O(N^2).

    >>> grundy_game_table(10).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    """
    out, start = _with_prefix(n, prefix)
    _grundy_kernel()(int(n), out, start)
    return out


_SPARSE: Any = None
_HELPERS: Any = None


def _helpers() -> Any:
    """Jitted helpers shared by the rare-value kernels: a parity table and array
    growth."""
    global _HELPERS
    if _HELPERS is None:
        import numba

        @numba.njit(cache=True, nogil=True)
        def parities(size: int, mask: int) -> Any:
            # parity of (v & mask) for every v < size
            table = np.zeros(size, dtype=np.int64)
            for v in range(size):
                x = v & mask
                while x:
                    table[v] ^= 1
                    x &= x - 1
            return table

        @numba.njit(cache=True, nogil=True)
        def grown(arr: Any, size: int) -> Any:
            bigger = np.zeros(size, dtype=arr.dtype)
            bigger[: arr.shape[0]] = arr
            return bigger

        _HELPERS = (parities, grown)
    return _HELPERS


def _sparse_kernel() -> Any:
    global _SPARSE
    if _SPARSE is None:
        import numba

        parities, grown = _helpers()

        @numba.njit(cache=True, nogil=True)
        def sparse_kernel(n: int, out: Any, start: int, mask: int, e: int) -> int:
            # Rare/common split (Winning Ways' sparse space): position a is common
            # when parity(g(a) & mask) == 1 ^ (e & a). A split a + b = n then gives
            # the "typical" parity 1 ^ (e & n) only if exactly one part is rare, so
            # the typical values reachable are found from the rare positions alone;
            # the other values below the typical mex are confirmed by a scan that
            # usually stops at once. Exact for any mask (only the speed depends on
            # it). Returns the number of rare positions.
            size = 64
            for a in range(start):
                while 2 * out[a] + 2 >= size:
                    size *= 2
            stamp = np.zeros(size, dtype=np.uint32)
            seen_at = np.zeros(size, dtype=np.uint32)
            ptab = parities(size, mask)  # parity of (v & mask) for every stamp slot
            rare = np.empty(n + 1, dtype=np.int64)
            nr = 0
            for a in range(1, start):
                if ptab[out[a]] != (1 ^ (e & a)):
                    rare[nr] = a
                    nr += 1
            tag = np.uint32(0)
            for m in range(start, n + 1):
                tag += np.uint32(1)
                typical = 1 ^ (e & m)
                half = (m - 1) // 2  # splits (a, m - a) with a < m - a
                for i in range(nr):
                    r = rare[i]
                    if r >= m:
                        break
                    other = m - r
                    if other == r:
                        continue
                    # (r, other) is a valid unequal split; count it once
                    stamp[out[r] ^ out[other]] = tag
                # the least typical value not reached
                c = 0
                while not (ptab[c] == typical and stamp[c] != tag):
                    c += 1
                # every atypical value below c must be reached by some split: one
                # scan that stops as soon as all of them are seen (usually soon)
                needed = 0
                for v in range(c):
                    if ptab[v] != typical:
                        needed += 1
                seen = 0
                if needed:
                    for a in range(1, half + 1):
                        v = out[a] ^ out[m - a]
                        if v < c and seen_at[v] != tag and ptab[v] != typical:
                            seen_at[v] = tag
                            seen += 1
                            if seen == needed:
                                break
                value = c
                if seen < needed:
                    for v in range(c):
                        if ptab[v] != typical and seen_at[v] != tag:
                            value = v
                            break
                out[m] = value
                while 2 * value + 2 >= stamp.shape[0]:
                    size = 2 * stamp.shape[0]
                    stamp = grown(stamp, size)
                    seen_at = grown(seen_at, size)
                    ptab = parities(size, mask)
                if ptab[value] != (1 ^ (e & m)):
                    rare[nr] = m
                    nr += 1
            return nr

        _SPARSE = sparse_kernel
    return _SPARSE


def choose_mask(
    values: Any, *, allow_parity: bool = True, shift: int = 0, offset: int = 0
) -> tuple[int, int, int]:
    """The rare/common split ``(mask, e, rare count)`` with the fewest rare
    positions among ``values`` (the values of heaps ``offset, offset + 1, ...``).
    Masks are a finite bit set ``b`` or its complement ``~b`` (Winning Ways'
    infinite bitstrings), so values larger than any seen so far are classified
    consistently; ``e`` says whether the heap's parity enters (only if
    ``allow_parity``)."""
    vals = [int(v) for v in values]
    top = 1
    while top <= max(vals):
        top <<= 1
    best = (0xFFFFFFFF, 0, len(vals) + 1)
    for b in range(0, top):
        for mask in ((b, 0xFFFFFFFF ^ b) if b else (0xFFFFFFFF,)):
            for e in ((0, 1) if allow_parity else (0,)):
                count = sum(
                    1 for i, v in enumerate(vals)
                    if offset + i > 0
                    and bin(v & mask).count("1") % 2 != (1 ^ (e & (offset + i)))
                )
                if count < best[2]:
                    best = (mask, e, count)
    return best


def grundy_game_sparse(
    n: int, *, seed: int = 2048, prefix: Any = None, split: tuple[int, int] | None = None
) -> tuple[Any, dict[str, int]]:
    """Values of Grundy's game for heaps ``0..n`` by the rare-value (sparse space)
    method: the naive kernel to ``seed`` (or the known ``prefix``), an automatic
    rare/common split chosen on that table unless ``split=(mask, e)`` is given,
    then the sparse kernel. Returns the table and the split used.

    >>> values, split = grundy_game_sparse(5000)
    >>> bool((values == grundy_game_table(5000)).all()), split["mask"] > 0
    (True, True)
    """
    if prefix is None or not len(prefix):
        prefix = grundy_game_table(min(seed, n))
    have = min(len(prefix), n + 1)
    if split is None:
        lo = have // 2 if have >= 128 else 0
        mask, e, _ = choose_mask(np.asarray(prefix[lo:have]).tolist(), offset=lo)
    else:
        mask, e = split
    out = np.zeros(n + 1, dtype=np.int64)  # signed: no mixed-sign compares in the hot loop
    out[:have] = np.asarray(prefix[:have], dtype=np.int64)
    rare = _sparse_kernel()(int(n), out, have, mask, e)
    return out, {"mask": mask, "e": e, "rare": int(rare)}


_SPARSE_OCTAL: Any = None


def _sparse_octal_kernel() -> Any:
    global _SPARSE_OCTAL
    if _SPARSE_OCTAL is None:
        import numba

        parities, grown = _helpers()

        @numba.njit(cache=True, nogil=True)
        def sparse_octal(digits: Any, n: int, out: Any, start: int, mask: int, e: int, t: int) -> int:
            # The rare-value method for a finite octal code (digits <= 7). Common
            # positions: parity(g(a) & mask) == 1 ^ (e & a). With e = 1 there must be
            # one split digit, at t; a split a + b = n - k then has the "typical"
            # parity 1 ^ (e & (n - t)) iff exactly one part is rare. Non-split options
            # are few and stamped directly. Exact for any mask.
            nd = digits.shape[0]
            rare = np.empty(n + 1, dtype=np.int64)
            nr = 0
            size = 64
            for a in range(start):
                while 2 * out[a] + 2 >= size:
                    size *= 2
            ptab = parities(size, mask)
            for a in range(1, start):
                if ptab[out[a]] != (1 ^ (e & a)):
                    rare[nr] = a
                    nr += 1
            stamp = np.zeros(size, dtype=np.uint32)
            seen_at = np.zeros(size, dtype=np.uint32)
            tag = np.uint32(0)
            for m in range(start, n + 1):
                tag += np.uint32(1)
                typical = 1 ^ (e & (m - t))
                for k in range(1, min(m, nd - 1) + 1):  # options leaving 0 or 1 heap
                    d = digits[k]
                    if d & 1 and m == k:
                        stamp[0] = tag
                        seen_at[0] = tag
                    if d & 2 and m > k:
                        stamp[out[m - k]] = tag
                        seen_at[out[m - k]] = tag
                for k in range(0, min(m, nd - 1) + 1):  # splits: typical values via rare parts
                    if digits[k] & 4:
                        r_total = m - k
                        for i in range(nr):
                            r = rare[i]
                            if r >= r_total:
                                break
                            stamp[out[r] ^ out[r_total - r]] = tag
                c = 0
                while not (ptab[c] == typical and stamp[c] != tag):
                    c += 1
                needed = 0
                for v in range(c):
                    if ptab[v] != typical and seen_at[v] != tag:
                        needed += 1
                seen = 0
                if needed:
                    for k in range(0, min(m, nd - 1) + 1):
                        if not digits[k] & 4:
                            continue
                        r_total = m - k
                        for a in range(1, r_total // 2 + 1):
                            v = out[a] ^ out[r_total - a]
                            if v < c and seen_at[v] != tag and ptab[v] != typical:
                                seen_at[v] = tag
                                seen += 1
                                if seen == needed:
                                    break
                        if seen == needed:
                            break
                value = c
                if seen < needed:
                    for v in range(c):
                        if ptab[v] != typical and seen_at[v] != tag:
                            value = v
                            break
                out[m] = value
                while 2 * value + 2 >= stamp.shape[0]:
                    size = 2 * stamp.shape[0]
                    stamp = grown(stamp, size)
                    seen_at = grown(seen_at, size)
                    ptab = parities(size, mask)
                if ptab[value] != (1 ^ (e & m)):
                    rare[nr] = m
                    nr += 1
            return nr

        _SPARSE_OCTAL = sparse_octal
    return _SPARSE_OCTAL


def octal_table_sparse(
    digits: list[int], n: int, *, seed: int = 2048, prefix: Any = None,
    split: tuple[int, int] | None = None,
) -> tuple[Any, dict[str, int]]:
    """Values of heaps ``0..n`` of a finite octal code by the rare-value method:
    the naive kernel to ``seed`` (or the known ``prefix``), an automatic rare/common
    split chosen on that table (heap parity enters only when there is one split
    digit) unless ``split=(mask, e)`` is given, then the sparse kernel. Exact for
    any split; fast when the rare positions are few.

    >>> values, split = octal_table_sparse([0, 7, 7], 3000)     # Kayles: 9 rare
    >>> bool((values == octal_table([0, 7, 7], 3000)).all()), split["rare"]
    (True, 9)
    """
    if any(d & 8 for d in digits):
        raise ValueError("the kernel handles digits up to 7 (at most two heaps left)")
    if prefix is None or not len(prefix):
        prefix = octal_table(digits, min(seed, n))
    have = min(len(prefix), n + 1)
    splits = [k for k, d in enumerate(digits) if d & 4]
    t = splits[0] if len(splits) == 1 else 0
    if split is None:
        lo = have // 2 if have >= 128 else 0
        mask, e, _ = choose_mask(
            np.asarray(prefix[lo:have]).tolist(), allow_parity=len(splits) == 1, offset=lo
        )
    else:
        mask, e = split
    out = np.zeros(n + 1, dtype=np.int64)
    out[:have] = np.asarray(prefix[:have], dtype=np.int64)
    rare = _sparse_octal_kernel()(np.asarray(digits, dtype=np.uint8), int(n), out, have, mask, e, t)
    return out, {"mask": mask, "e": e, "rare": int(rare)}


def rare_fraction(digits: list[int], values: Any) -> tuple[float, tuple[int, int]]:
    """How rare the rare positions are in the second half of ``values`` under the
    best split, and that split: the test for whether the sparse method pays."""
    splits = [k for k, d in enumerate(digits) if d & 4]
    lo = max(len(values) // 2, len(values) - 2048)  # a bounded window: this is pure Python
    window = np.asarray(values[lo:]).tolist()
    mask, e, count = choose_mask(window, allow_parity=len(splits) == 1, offset=lo)
    return count / max(len(window), 1), (mask, e)
