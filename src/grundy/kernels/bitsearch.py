"""The compiled pruned search of games whose positions are 64-bit words.

The arrays of one search (the transposition table, the stack of frames, the
buffer of options) live in a :class:`BitSearch`; :meth:`BitSearch.run` lets the
kernel (``grundy.kernels._bitsearch_jit.search``) go on for a number of opened
positions and come back, so the caller can look at its clock and at Ctrl-C
between two runs. The table is open addressing in two numpy arrays, a key and a
word per slot (16 bytes): the word holds the value plus one in its low byte (0:
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

import functools

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from grundy.kernels._lazy import jit_module

__all__ = ["BitSearch", "DONE", "PAUSED", "ENTRY_BYTES", "cram_context", "cram_word",
           "cram_dims", "nk_context", "game_functions"]

DONE, PAUSED, STACK_FULL, BUFFER_FULL, BAD_VALUE, BAD_MOVES = 0, 1, 2, 3, 4, 5
#: Bytes of one slot of the table (a key and a word).
ENTRY_BYTES = 16
_S = 16  # scalars of the state
_COLUMNS = 12  # of a frame
#: The most cells of a Cram part (the word holds the sides in its top 8 bits).
CRAM_CELLS = 56
CRAM_SIDE = 15


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


@lru_cache(maxsize=1)
def _paths() -> list[int]:
    """Node Kayles on the path of n vertices, n = 0..64: a vertex and its
    neighbours taken leave two paths (Dawson's chess, OEIS A002187)."""
    g = [0]
    for n in range(1, 65):
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


def game_functions(name: str) -> tuple[Callable[..., Any], Callable[..., Any],
                                       Callable[..., Any]]:
    """``(runner, split, canon)`` of a catalogue game's kernels (``"cram"``,
    ``"node-kayles"``): the search compiled with its rules, its split and its
    canonical form, callable from Python."""
    jm = jit_module("_bitsearch_jit")
    if name == "cram":
        return jm.cram_search, jm.cram_split, jm.cram_canon
    if name == "node-kayles":
        return jm.nk_search, jm.nk_split, jm.same
    raise KeyError(name)


class BitSearch:
    """The arrays of one compiled search: a table of ``entries`` slots (a power of
    two, at least 4), the stack, the buffer of options, the scalars.

    ``game`` is a catalogue name (see :func:`game_functions`) or a tuple of four
    numba functions ``(moves, split, canon, formula)`` (compiled for them on first
    use in the process)."""

    def __init__(self, game: str | tuple[Any, Any, Any, Any], ctx: Any, entries: int,
                 *, frames: int = 1024, buffer: int = 1 << 16, moves: int = 4096,
                 parts: int = 256) -> None:
        if entries < 4 or entries & (entries - 1):
            raise ValueError(f"entries must be a power of two >= 4; got {entries}")
        jm = jit_module("_bitsearch_jit")
        if isinstance(game, str):
            self.runner, self.split, self.canon = game_functions(game)
        else:
            mv, sp, cn, fm = game
            # the search over a user's functions: compiled on first use in each process
            self.runner, self.split, self.canon = functools.partial(jm.search, mv, sp, cn, fm), sp, cn
        self.ctx = np.ascontiguousarray(ctx, dtype=np.uint64)
        self.tkeys = np.zeros(entries, dtype=np.uint64)
        self.tdata = np.zeros(entries, dtype=np.uint64)
        self.fr = np.zeros((frames, _COLUMNS), dtype=np.int64)
        self.fg = np.zeros(frames, dtype=np.uint64)
        self.pbuf = np.zeros(buffer, dtype=np.uint64)
        self.mbuf = np.zeros(moves, dtype=np.uint64)
        self.sbuf = np.zeros(parts, dtype=np.uint64)
        self.st = np.zeros(_S, dtype=np.int64)

    # ------------------------------------------------------------ tasks
    def _start(self, kind: int, g: int, k: int) -> None:
        if g == 0:
            raise ValueError("the position word 0 is reserved (the table's empty slot)")
        st = self.st
        st[:6] = 0
        st[0] = 1
        self.fr[0, :] = 0
        self.fr[0, 0] = kind
        self.fr[0, 1] = k
        self.fg[0] = np.uint64(g)

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
        n = int(self.split(self.ctx, np.uint64(g), self.sbuf))
        return [int(x) for x in self.sbuf[:n]]

    def lookup(self, g: int) -> tuple[int | None, int]:
        """``(value or None, bitmask of excluded nimbers)`` the table holds for ``g``."""
        i = np.nonzero(self.tkeys == np.uint64(g))[0]
        if not len(i):
            return None, 0
        d = int(self.tdata[i[0]])
        return (d & 0xFF) - 1 if d & 0xFF else None, d >> 8

    # ------------------------------------------------------------ saving
    def entries(self) -> tuple[Any, Any]:
        """The used slots: ``(keys, words)`` arrays (to save)."""
        used = self.tkeys != 0
        return self.tkeys[used].copy(), self.tdata[used].copy()

    def insert(self, keys: Any, words: Any) -> None:
        """Put saved entries back."""
        jit_module("_bitsearch_jit").insert(
            self.tkeys, self.tdata, self.st, np.ascontiguousarray(keys, dtype=np.uint64),
            np.ascontiguousarray(words, dtype=np.uint64))
