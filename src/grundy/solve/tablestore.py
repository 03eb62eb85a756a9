"""A ``uint16`` value table kept in a file that grows in place, for tables longer
than memory: the values live in a memory-mapped file (``FILE``, raw little-endian
``uint16``, heap ``i`` at byte ``2 i``) and a small header beside it
(``FILE.json``) says which game, how many heaps are known, and the CRC32 of every
block of :data:`BLOCK` heaps (and of the last, partial one).

The process holds only the pages it touches (the operating system keeps and drops
them as a file cache), so a table's length is bounded by the disk, not by memory.
The header is replaced atomically, and only after the values it describes are
flushed to the file: a process killed at any moment leaves a store that resumes
from its last header (values written past it are computed again). On opening,
every block is checked against its CRC32 and a damaged or foreign file is
refused, naming it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.table"
>>> store = TableStore(path, game="demo", moves={"splits": [1]})
>>> store.open()
0
>>> g = store.reserve(10)
>>> g[:10] = range(10)
>>> store.commit(10)
>>> again = TableStore(path, game="demo", moves={"splits": [1]})
>>> again.open(), again.values[:10].tolist(), again.digest == store.digest
(10, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], True)
>>> TableStore(path, game="other", moves={}).open()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grundy.values.errors.InvalidParameterError: ...t.table' holds the table of demo, not of other
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import shutil
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from grundy.values.errors import InvalidParameterError, SearchLimitError
from grundy.values.memory import format_bytes

__all__ = ["TableStore", "BLOCK", "FORMAT", "block_crcs", "bad_blocks", "which_blocks"]

#: heaps per checksummed block (2 MiB of values)
BLOCK = 1 << 20
#: the header's ``format`` field
FORMAT = "grundy uint16 table"
_VERSION = 1


def _crc(values: Any) -> int:
    return zlib.crc32(np.ascontiguousarray(values).view(np.uint8).data)


def block_crcs(values: Any) -> tuple[list[int], int]:
    """The CRC32 of every full block of :data:`BLOCK` values and of the partial
    last block (0 when there is none), as a header records them."""
    full = len(values) // BLOCK
    crcs = [_crc(values[i * BLOCK:(i + 1) * BLOCK]) for i in range(full)]
    return crcs, _crc(values[full * BLOCK:]) if len(values) > full * BLOCK else 0


def bad_blocks(values: Any, heaps: int, crcs: list[int], tail: int) -> list[int]:
    """The blocks (numbers) of ``values[:heaps]`` whose CRC32 differs from the
    recorded ``crcs`` (full blocks) and ``tail`` (the partial last block)."""
    bad = [i for i, c in enumerate(crcs) if _crc(values[i * BLOCK:(i + 1) * BLOCK]) != c]
    full = len(crcs) * BLOCK
    if heaps > full and _crc(values[full:heaps]) != tail:
        bad.append(len(crcs))
    return bad


def which_blocks(bad: list[int], heaps: int) -> str:
    """Text naming the first bad block and its heaps (and how many more there are).

    >>> which_blocks([0, 3], 5_000_000)
    'block 0 (heaps 0..1,048,575) and 1 more'
    """
    lo = bad[0] * BLOCK
    return (f"block {bad[0]} (heaps {lo:,}..{min(lo + BLOCK, heaps) - 1:,})"
            + (f" and {len(bad) - 1} more" if len(bad) > 1 else ""))


class TableStore:
    """The values of one game's table in ``path`` (raw ``uint16``) and its header
    ``path.json``; ``game`` and ``moves`` identify the game (a file of another
    game is refused). :meth:`open` reads and checks the header and the values,
    :meth:`reserve` grows the file (checking the free disk space first) and
    returns a writable view of it, :meth:`commit` records the heaps known."""

    def __init__(self, path: str | Path, *, game: str, moves: dict[str, Any]) -> None:
        self.path = Path(path)
        if self.path.suffix == ".json":
            raise InvalidParameterError(
                f"{str(self.path)!r}: give the table file, not its header (the header is FILE.json)")
        self.header = self.path.with_name(self.path.name + ".json")
        self.game, self.moves = game, {k: list(v) if isinstance(v, (list, tuple)) else v
                                       for k, v in moves.items()}
        #: heaps known (recorded in the header)
        self.heaps = 0
        #: CRC32 of the full blocks known, and of the partial last block
        self.crcs: list[int] = []
        self.tail = 0
        self.values: Any = np.zeros(0, dtype=np.uint16)
        #: what the store's user records beside the values (saved in the header,
        #: outside the digest): e.g. the period proven on them
        self.meta: dict[str, Any] = {}
        self._fd: int | None = None
        self._map: mmap.mmap | None = None

    # -- the header -------------------------------------------------------

    def _refuse(self, why: str) -> InvalidParameterError:
        return InvalidParameterError(f"{str(self.path)!r} {why}")

    @property
    def digest(self) -> str:
        """A SHA-256 of the heaps known and their block checksums: equal stores
        have equal digests (whatever stops and resumes made them)."""
        text = json.dumps([self.heaps, BLOCK, self.crcs, self.tail])
        return hashlib.sha256(text.encode()).hexdigest()

    def _write_header(self) -> None:
        head = {"format": FORMAT, "version": _VERSION, "game": self.game, "moves": self.moves,
                "dtype": "<u2", "block": BLOCK, "heaps": self.heaps, "crc32": self.crcs,
                "tail_crc32": self.tail, "digest": self.digest, "meta": self.meta}
        tmp = self.header.with_name(self.header.name + ".tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(head, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.header)
        except OSError as e:
            raise self._refuse(f"cannot be written: {e}") from None

    def _read_header(self) -> dict[str, Any]:
        try:
            head = json.loads(self.header.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError) as e:
            raise self._refuse(f"is not a table store: its header {self.header.name!r} "
                               f"cannot be read ({e})") from None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise self._refuse(f"is not a table store: {self.header.name!r} is not its header")
        if head.get("version") != _VERSION or head.get("dtype") != "<u2" or head.get("block") != BLOCK:
            raise self._refuse(f"is a table store of another version ({self.header.name!r})")
        heaps, crcs, tail = head.get("heaps"), head.get("crc32"), head.get("tail_crc32")
        if (not isinstance(heaps, int) or heaps < 0 or not isinstance(crcs, list)
                or len(crcs) != heaps // BLOCK or not all(isinstance(c, int) for c in crcs)
                or not isinstance(tail, int)):
            raise self._refuse(f"has a damaged header {self.header.name!r}")
        if head.get("game") != self.game or head.get("moves") != self.moves:
            raise self._refuse(f"holds the table of {head.get('game')}, not of {self.game}")
        return head

    # -- the values -------------------------------------------------------

    def open(self) -> int:
        """Open the store (a new one if neither file exists), check it, and return
        the number of heaps known. Refused (:class:`InvalidParameterError` naming
        the file): a file without its header, a header of another game, missing
        values, a block whose CRC32 differs."""
        self.close()
        if not self.path.parent.is_dir():
            raise self._refuse(f"cannot be created: no directory {str(self.path.parent)!r}")
        exists, has_header = self.path.exists(), self.header.exists()
        if exists and not has_header:
            raise self._refuse(f"is not a table store (no header {self.header.name!r} beside it)")
        if has_header:
            head = self._read_header()
            self.heaps, self.crcs, self.tail = head["heaps"], list(head["crc32"]), head["tail_crc32"]
            meta = head.get("meta", {})
            self.meta = dict(meta) if isinstance(meta, dict) else {}
        else:
            # the header first: a data file never exists without one
            self.heaps, self.crcs, self.tail = 0, [], 0
            self._write_header()
        if self.heaps and not exists:
            raise self._refuse(f"is missing: its header {self.header.name!r} says {self.heaps:,} heaps")
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise self._refuse(f"cannot be opened: {e}") from None
        size = os.fstat(self._fd).st_size
        if size < 2 * self.heaps:
            self.close()
            raise self._refuse(f"is damaged: it holds {size // 2:,} values, its header "
                               f"{self.header.name!r} says {self.heaps:,}")
        self._remap(size // 2)
        bad = self.check()
        if bad:
            self.close()
            raise self._refuse(f"is damaged: {which_blocks(bad, self.heaps)} fails its CRC32 check")
        self.release()
        return self.heaps

    def check(self) -> list[int]:
        """The blocks (numbers) whose values differ from their recorded CRC32,
        the partial last block included."""
        return bad_blocks(self.values, self.heaps, self.crcs, self.tail)

    def _remap(self, heaps: int) -> None:
        assert self._fd is not None
        if heaps == 0:
            self._map, self.values = None, np.zeros(0, dtype=np.uint16)
            return
        # the previous map stays alive as long as views of it do
        self._map = mmap.mmap(self._fd, 2 * heaps)
        self.values = np.frombuffer(self._map, dtype=np.uint16)

    def reserve(self, heaps: int) -> Any:
        """Grow the file to hold ``heaps`` values (refused with
        :class:`SearchLimitError` when the disk lacks the room) and return the
        writable ``uint16`` view of all of it."""
        if self._fd is None:
            raise InvalidParameterError(f"{str(self.path)!r}: open the store first")
        if heaps <= len(self.values):
            return self.values
        st = os.fstat(self._fd)
        more = 2 * heaps - st.st_blocks * 512  # what the values still to write will take
        free = shutil.disk_usage(self.path.parent).free
        if more > free:
            raise SearchLimitError(
                f"{str(self.path)!r}: a table of {heaps:,} heaps needs {format_bytes(2 * heaps)} "
                f"on disk; the disk has {format_bytes(free)} free",
                reason="memory")
        try:
            os.ftruncate(self._fd, 2 * heaps)
        except OSError as e:
            raise self._refuse(f"cannot grow to {format_bytes(2 * heaps)}: {e}") from None
        self._remap(heaps)
        return self.values

    def remember(self, key: str, value: Any) -> None:
        """Record ``key: value`` (JSON) in :attr:`meta` and rewrite the header now."""
        self.meta[key] = value
        self._write_header()

    def release(self) -> None:
        """Drop the file's pages from this process's resident memory (they stay in
        the operating system's file cache, written values included, and come back
        on the next read): the memory budget counts resident pages, and a pass
        over the whole table (checking it, rebuilding the kernel's workspace)
        would otherwise count the whole file."""
        if self._map is not None and hasattr(mmap, "MADV_DONTNEED"):
            self._map.madvise(mmap.MADV_DONTNEED)

    def commit(self, heaps: int) -> None:
        """Record that heaps ``0..heaps-1`` are known: flush the values to the
        file, checksum the blocks new since the last commit, then replace the
        header (atomically)."""
        if heaps > len(self.values):
            raise InvalidParameterError(f"{str(self.path)!r}: {heaps:,} heaps is beyond the file")
        if heaps < self.heaps:  # never: a table only grows
            raise InvalidParameterError(f"{str(self.path)!r}: a table does not shrink")
        if self._map is not None:
            self._map.flush()
        g = self.values
        for i in range(len(self.crcs), heaps // BLOCK):
            self.crcs.append(_crc(g[i * BLOCK:(i + 1) * BLOCK]))
        full = len(self.crcs) * BLOCK
        self.tail = _crc(g[full:heaps]) if heaps > full else 0
        self.heaps = heaps
        self._write_header()
        self.release()

    def close(self) -> None:
        """Close the file (views handed out keep their map until dropped)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
