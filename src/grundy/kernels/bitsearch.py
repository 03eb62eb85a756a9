"""The compiled pruned search of games whose positions are 64-bit words.

The arrays of one search (the transposition table, the stack of frames, the
buffer of options) live in a :class:`BitSearch`; :meth:`BitSearch.run` lets the
kernel (``grundy.kernels._bitsearch_jit.search_w``, or ``search_m`` for a value by
mex sets, compiled for the game) go on for a number of opened positions and come
back, so the caller can look at its clock and at Ctrl-C between two runs. The
table is open addressing in two numpy arrays, a key and a word per slot (16 bytes): the word holds the value plus one in its low byte (0:
unknown) and in its 56 high bits the nimbers ``k`` for which ``g + *k`` is known
to be won. A full bucket of four slots evicts (an entry with no exact value
first), so the search stays exact and its table within its size.

>>> import numpy as np
>>> s = BitSearch("cram", cram_context(), 1 << 12)
>>> s.start_value(cram_word(4, 5, (1 << 20) - 1))     # the empty 4 x 5 board
>>> s.run(10**6), s.result()
(0, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = ["BitSearch", "DONE", "PAUSED", "ENTRY_BYTES", "cram_context", "cram_word",
           "cram_dims", "nk_context", "game_functions", "WIDE", "WIDE_MIN_ENTRIES",
           "cram_wide_context", "cram_wide_word", "cram_wide_dims", "nk_wide_context"]

DONE, PAUSED, STACK_FULL, BUFFER_FULL, BAD_VALUE, BAD_MOVES = 0, 1, 2, 3, 4, 5
#: Bytes of one slot of the table (a key and a word).
ENTRY_BYTES = 16
_S = 16  # scalars of the state
_COLUMNS = 12  # of a frame
#: The most cells of a Cram part (the word holds the sides in its top 8 bits).
CRAM_CELLS = 56
CRAM_SIDE = 15
#: The most cells of a wide Cram part (two words; the sides in the top 8 bits).
CRAM_WIDE_CELLS = 120
#: The catalogue games whose positions are two words.
WIDE = ("cram-wide", "node-kayles-wide")
#: The fewest slots of a table of two-word positions (its buckets' bits hold facts).
WIDE_MIN_ENTRIES = 1 << 16
_M64 = (1 << 64) - 1


def cram_word(h: int, w: int, free: int) -> int:
    """The word of a Cram board: its free cells, ``h << 56``, ``w << 60``.

    >>> hex(cram_word(1, 2, 3))
    '0x2100000000000003'
    """
    return free | h << 56 | w << 60


def cram_dims(word: int) -> tuple[int, int, int]:
    """``(h, w, free)`` of a Cram word.

    >>> cram_dims(cram_word(3, 4, 4095))
    (3, 4, 4095)
    """
    return (word >> 56) & 15, word >> 60, word & ((1 << 56) - 1)


def _dominoes(h: int, w: int) -> list[int]:
    """The dominoes of an h x w board, central ones first."""
    out = []
    for r in range(h):
        for c in range(w):
            i = r * w + c
            if c + 1 < w:
                out.append((abs(2 * r - h + 1) + abs(2 * c + 2 - w), i, 3 << i))
            if r + 1 < h:
                out.append((abs(2 * r + 2 - h) + abs(2 * c - w + 1), i, (1 | 1 << w) << i))
    return [m for _, _, m in sorted(out)]


@lru_cache(maxsize=1)
def cram_context() -> Any:
    """The Cram kernels' constants: ``ctx[h * 16 + w]`` is the offset of the
    dominoes of the ``h x w`` board (a count, then their masks, central first),
    for every board of sides at most 15 and at most 56 cells."""
    tables: list[int] = [0] * 256
    for h in range(1, CRAM_SIDE + 1):
        for w in range(1, CRAM_SIDE + 1):
            if h * w <= CRAM_CELLS:
                d = _dominoes(h, w)
                tables[h * 16 + w] = len(tables)
                tables.append(len(d))
                tables.extend(d)
    return np.array(tables, dtype=np.uint64)


@lru_cache(maxsize=2)
def _paths(most: int = 64) -> list[int]:
    """Node Kayles on the path of n vertices, n = 0..most: a vertex and its
    neighbours taken leave two paths (Dawson's chess, OEIS A002187)."""
    g = [0]
    for n in range(1, most + 1):
        seen = {g[max(0, i - 1)] ^ g[max(0, n - i - 2)] for i in range(n)}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def nk_context(closed: tuple[int, ...]) -> Any:
    """The Node Kayles kernels' constants: the closed neighbourhood of each vertex
    (at most 64 vertices, padded to 64), then the values of the paths of 0..64
    vertices.

    >>> nk_context((3, 3))[:2], nk_context((3, 3))[64:74]
    (array([3, 3], dtype=uint64), array([0, 1, 1, 2, 0, 3, 1, 1, 0, 3], dtype=uint64))
    """
    if len(closed) > 64:
        raise ValueError(f"at most 64 vertices; got {len(closed)}")
    return np.array(list(closed) + [0] * (64 - len(closed)) + _paths(), dtype=np.uint64)


def cram_wide_word(h: int, w: int, free: int) -> int:
    """The 128-bit word of a Cram board of at most 120 cells (sides at most 15): its
    free cells, ``h << 120``, ``w << 124``.

    >>> hex(cram_wide_word(1, 2, 3))
    '0x21000000000000000000000000000003'
    """
    return free | h << 120 | w << 124


def cram_wide_dims(word: int) -> tuple[int, int, int]:
    """``(h, w, free)`` of a wide Cram word.

    >>> cram_wide_dims(cram_wide_word(9, 8, (1 << 72) - 1)) == (9, 8, (1 << 72) - 1)
    True
    """
    return (word >> 120) & 15, word >> 124, word & ((1 << 120) - 1)


@lru_cache(maxsize=1)
def cram_wide_context() -> Any:
    """The wide Cram kernels' constants: ``ctx[h * 16 + w]`` is the offset of the
    dominoes of the ``h x w`` board (a count, then each mask as two words, low
    first), for every board of sides at most 15 and at most 120 cells."""
    tables: list[int] = [0] * 256
    for h in range(1, CRAM_SIDE + 1):
        for w in range(1, CRAM_SIDE + 1):
            if h * w <= CRAM_WIDE_CELLS:
                d = _dominoes(h, w)
                tables[h * 16 + w] = len(tables)
                tables.append(len(d))
                for m in d:
                    tables.extend((m & _M64, m >> 64))
    return np.array(tables, dtype=np.uint64)


def nk_wide_context(closed: tuple[int, ...]) -> Any:
    """The wide Node Kayles kernels' constants: the closed neighbourhood of each
    vertex as two words (at most 128 vertices, padded to 128), then the values of
    the paths of 0..128 vertices.

    >>> ctx = nk_wide_context((3, 3))
    >>> ctx[:4], ctx[256:262]
    (array([3, 0, 3, 0], dtype=uint64), array([0, 1, 1, 2, 0, 3], dtype=uint64))
    """
    if len(closed) > 128:
        raise ValueError(f"at most 128 vertices; got {len(closed)}")
    words = [x for c in closed for x in (c & _M64, c >> 64)]
    return np.array(words + [0] * (256 - len(words)) + _paths(128), dtype=np.uint64)


def game_functions(name: str) -> tuple[tuple[Callable[..., Any], Callable[..., Any]],
                                       Callable[..., Any], Callable[..., Any]]:
    """``(runners, split, canon)`` of a catalogue game's kernels (``"cram"``,
    ``"node-kayles"``): the searches compiled with its rules (by outcomes, by mex
    sets), its split and its canonical form, callable from Python."""
    jm = jit_module("_bitsearch_jit")
    if name == "cram":
        return (jm.cram_search, jm.cram_search_mex), jm.cram_split, jm.cram_canon
    if name == "node-kayles":
        return (jm.nk_search, jm.nk_search_mex), jm.nk_split, jm.same
    jw = jit_module("_bitwide_jit")
    if name == "cram-wide":
        return (jw.cw_search, jw.cw_search_mex), jw.cw_split, jw.cw_canon
    if name == "node-kayles-wide":
        return (jw.nkw_search, jw.nkw_search_mex), jw.nkw_split, jw.same
    raise KeyError(name)


@lru_cache(maxsize=None)
def _user_search(moves: Any, split: Any, canon: Any, formula: Any, words: int) -> Any:
    """The searches (by outcomes, by mex sets) over a user's numba functions, each
    compiled on its first use in each process (not cached on disk: they may live
    anywhere, a notebook included)."""
    positions = jit_module("_bitwide_jit").TWO_WORDS if words == 2 else \
        jit_module("_bitsearch_jit").ONE_WORD
    return jit_module("_bitsearch_jit").specialise(
        "user_search", None, cache=False, moves=moves, split=split, canon=canon,
        formula=formula, **positions)


class BitSearch:
    """The arrays of one compiled search: a table of ``entries`` slots (a power of
    two, at least 4), the stack, the buffer of options, the scalars.

    ``game`` is a catalogue name (see :func:`game_functions`) or a tuple of four
    numba functions ``(moves, split, canon, formula)`` (compiled for them on first
    use in the process). ``words``: 2 for positions of two words (a catalogue name
    in :data:`WIDE` implies it; the table then has at least
    :data:`WIDE_MIN_ENTRIES` slots, still of 16 bytes)."""

    def __init__(self, game: str | tuple[Any, Any, Any, Any], ctx: Any, entries: int,
                 *, frames: int = 1024, buffer: int = 1 << 16, moves: int = 4096,
                 parts: int = 256, words: int = 1) -> None:
        if isinstance(game, str) and game in WIDE:
            words = 2
        if words not in (1, 2):
            raise ValueError(f"words must be 1 or 2; got {words}")
        least = WIDE_MIN_ENTRIES if words == 2 else 4
        if entries < least or entries & (entries - 1):
            raise ValueError(f"entries must be a power of two >= {least}; got {entries}")
        self.words = words
        if isinstance(game, str):
            self.runners, self.split, self.canon = game_functions(game)
        else:
            self.runners, self.split, self.canon = _user_search(*game, words), game[1], game[2]
        self.runner = self.runners[0]
        two: tuple[int, ...] = (2,) if words == 2 else ()
        self.ctx = np.ascontiguousarray(ctx, dtype=np.uint64)
        self.tkeys = np.zeros(entries, dtype=np.uint64)
        self.tdata = np.zeros(entries, dtype=np.uint64)
        self.fr = np.zeros((frames, _COLUMNS), dtype=np.int64)
        self.fg = np.zeros((frames, *two), dtype=np.uint64)
        self.pbuf = np.zeros((buffer, *two), dtype=np.uint64)
        self.mbuf = np.zeros((moves, *two), dtype=np.uint64)
        self.sbuf = np.zeros((parts, *two), dtype=np.uint64)
        self.st = np.zeros(_S, dtype=np.int64)

    def pos(self, g: int) -> Any:
        """The kernel's form of the position ``g`` (a uint64, or a pair of them)."""
        if self.words == 2:
            return (np.uint64(g & _M64), np.uint64(g >> 64))
        return np.uint64(g)

    def word(self, p: Any) -> int:
        """The int of the kernel's position ``p`` (:meth:`pos` inverted)."""
        if self.words == 2:
            return int(p[0]) | int(p[1]) << 64
        return int(p)

    # ------------------------------------------------------------ tasks
    def _start(self, kind: int, g: int, k: int) -> None:
        if g == 0:
            raise ValueError("the position word 0 is reserved (the table's empty slot)")
        self.runner = self.runners[kind >= 2]  # mex-set frames: the second kernel
        st = self.st
        st[:6] = 0
        st[0] = 1
        self.fr[0, :] = 0
        self.fr[0, 0] = kind
        self.fr[0, 1] = k
        self.fg[0] = self.pos(g)

    def start_value(self, g: int, *, mex_sets: bool = False) -> None:
        """Ask for the Grundy value of the part ``g``: by the outcomes of ``g + *k``,
        ``k = 0, 1, ...``, or (``mex_sets``) by Beling and Rogalski's pruning of the
        mex search, ``g`` asked whether its value is in ``{0}``, ``{1}``, ..."""
        self._start(3 if mex_sets else 1, g, 0)

    def start_query(self, g: int, k: int) -> None:
        """Ask whether the player to move wins ``g + *k``."""
        self._start(0, g, k)

    def run(self, max_nodes: int) -> int:
        """Search until the task is answered (``DONE``) or ``max_nodes`` positions in
        all have been opened (``PAUSED``). A full stack or option buffer is grown
        and the search goes on; another status is returned as it is."""
        while True:
            status = int(self.runner(self.ctx, self.tkeys, self.tdata, self.fr, self.fg,
                                     self.pbuf, self.mbuf, self.sbuf, self.st,
                                     np.int64(max_nodes)))
            if status == STACK_FULL and len(self.fg) < 1 << 22:
                self.fr = np.concatenate([self.fr, np.zeros_like(self.fr)])
                self.fg = np.concatenate([self.fg, np.zeros_like(self.fg)])
            elif status == BUFFER_FULL and len(self.pbuf) < 1 << 28:
                self.pbuf = np.concatenate([self.pbuf, np.zeros_like(self.pbuf)])
            else:
                return status

    def result(self) -> int:
        """The answer of the task just done (1/0 won/lost for a query)."""
        return int(self.st[3])

    @property
    def nodes(self) -> int:
        """Positions opened so far (every task of this search)."""
        return int(self.st[4])

    @property
    def stored(self) -> int:
        """Slots of the table in use."""
        return int(self.st[8])

    @property
    def evicted(self) -> int:
        """Entries the table has evicted."""
        return int(self.st[7])

    def parts(self, g: int) -> list[int]:
        """The parts of ``g`` by the game's split (value-0 parts may be left out)."""
        n = int(self.split(self.ctx, self.pos(g), self.sbuf))
        return [self.word(x) for x in self.sbuf[:n]]

    def canonical(self, g: int) -> int:
        """The game's representative of ``g``."""
        return self.word(self.canon(self.ctx, self.pos(g)))

    def lookup(self, g: int) -> tuple[int | None, int]:
        """``(value or None, bitmask of excluded nimbers)`` the table holds for ``g``."""
        if self.words == 2:
            d = int(jit_module("_bitwide_jit").w_lookup(self.tkeys, self.tdata,
                                                        *self.pos(g)))
        else:
            i = np.nonzero(self.tkeys == np.uint64(g))[0]
            if not len(i):
                return None, 0
            d = int(self.tdata[i[0]])
        return (d & 0xFF) - 1 if d & 0xFF else None, d >> 8

    # ------------------------------------------------------------ saving
    def entries(self) -> tuple[Any, Any]:
        """The used slots: ``(keys, words)`` arrays (to save; keys of two columns
        for two-word positions, the facts in the one-word table's layout)."""
        if self.words == 2:
            return jit_module("_bitwide_jit").w_entries(self.tkeys, self.tdata)  # type: ignore[no-any-return]
        used = self.tkeys != 0
        return self.tkeys[used].copy(), self.tdata[used].copy()

    def insert(self, keys: Any, words: Any) -> None:
        """Put saved entries back."""
        keys = np.ascontiguousarray(keys, dtype=np.uint64)
        words = np.ascontiguousarray(words, dtype=np.uint64)
        if (keys.ndim == 2) != (self.words == 2):
            raise ValueError("saved keys of another width")
        if self.words == 2:
            jit_module("_bitwide_jit").w_insert(self.tkeys, self.tdata, self.st, keys, words)
        else:
            jit_module("_bitsearch_jit").insert(self.tkeys, self.tdata, self.st, keys, words)
