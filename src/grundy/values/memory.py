"""The memory budget's primitives: how much memory this process holds, how much
it may hold, and a check before a big allocation.

The limit is the *resident memory of the whole process* (what takes a machine;
the pages of memory-mapped files, which the system reclaims, are left out).
Its default applies to every search, closed form and table, even when a caller
gives no budget:

- ``GRUNDY_MAX_MEMORY`` from the environment when set (bytes, or with a
  ``K``/``M``/``G`` suffix: ``GRUNDY_MAX_MEMORY=2G``);
- otherwise a quarter of the physical memory (or of the cgroup's limit, in a
  container, if lower), at most 8 GiB and at least 256 MiB;
- and never more than three quarters of the address-space limit
  (``ulimit -v``, ``RLIMIT_AS``) when one is set.

The searches of :mod:`grundy.solve` read the process's memory now and then (every
10 ms of a search at most: ``/proc/self/statm`` on Linux, the peak from
``getrusage`` elsewhere) and stop with :class:`SearchLimitError` (``reason``
``"memory"``) past their budget; code about to allocate a big array calls
:func:`reserve` first, which refuses before allocating.

>>> reserve(1 << 20, "a small table")         # 1 MiB: fine
>>> reserve(1 << 50, "a table to 10**15")     # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grundy.values.errors.SearchLimitError: a table to 10**15 needs 1 PiB of memory...
>>> format_bytes(3 << 29), format_bytes(1000)
('1.5 GiB', '1,000 bytes')
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
import resource
import sys
import time
from contextvars import ContextVar

from grundy.values.errors import InvalidParameterError, SearchLimitError, describe

__all__ = ["default_limit", "current", "limit", "reserve", "check", "release", "format_bytes",
           "parse_bytes"]

_GIB = 1 << 30
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

#: The limit of the search running in this context (set by :mod:`grundy.solve.budget`).
ACTIVE_LIMIT: ContextVar[int | None] = ContextVar("grundy_memory_limit", default=None)


def format_bytes(n: int) -> str:
    """A size for a message: ``'512 MiB'``, ``'1.5 GiB'``, ``'1,000 bytes'``."""
    if n < 1 << 20:
        return f"{n:,} bytes"
    for unit, shift in (("EiB", 60), ("PiB", 50), ("TiB", 40), ("GiB", 30), ("MiB", 20)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):,.3g} {unit}"
    return f"{n:,} bytes"  # pragma: no cover


def parse_bytes(text: str) -> int:
    """``'2G'``, ``'512M'``, ``'100000'`` as a number of bytes.

    >>> parse_bytes("2G"), parse_bytes("512m"), parse_bytes("4096")
    (2147483648, 536870912, 4096)
    """
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    mult = 1
    if t and t[-1] in "KMGT":
        mult = 1 << (10 * ("KMGT".index(t[-1]) + 1))
        t = t[:-1]
    if not t.isdigit() or len(t) > 30:
        raise InvalidParameterError(
            f"a memory size is a number of bytes, optionally with K, M, G or T; got {describe(text)}"
        )
    return int(t) * mult


@functools.cache
def _physical() -> int:
    """Physical memory, or the cgroup's limit when lower (0: unknown)."""
    ram = 0
    try:
        ram = os.sysconf("SC_PHYS_PAGES") * _PAGE
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        pass
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit() and 0 < int(text) < (ram or 1 << 62):
            ram = int(text)
    return ram


def _address_limit() -> int | None:
    """The soft address-space limit (``RLIMIT_AS``), or ``None``."""
    try:
        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    except (ValueError, OSError, AttributeError):  # pragma: no cover
        return None
    return None if soft == resource.RLIM_INFINITY or soft <= 0 else soft


def default_limit() -> int:
    """The default memory budget in bytes (the rule is in the module doc)."""
    env = os.environ.get("GRUNDY_MAX_MEMORY")
    if env:
        return parse_bytes(env)
    ram = _physical() or 16 * _GIB
    out = max(256 << 20, min(ram // 4, 8 * _GIB))
    cap = _address_limit()
    if cap is not None:
        out = min(out, cap * 3 // 4)
    return out


def current() -> tuple[int, int | None]:
    """``(resident, address space)`` of this process in bytes (the address space
    is ``None`` where it cannot be read cheaply; the resident size is then the peak).

    On Linux the resident size leaves out the pages shared with files: a table
    kept in a memory-mapped file (:class:`grundy.solve.tablestore.TableStore`)
    is the operating system's file cache, which it reclaims as it needs, not
    memory this process holds."""
    try:
        with open("/proc/self/statm", "rb") as f:
            fields = f.read().split()
        return (int(fields[1]) - int(fields[2])) * _PAGE, int(fields[0]) * _PAGE
    except (OSError, IndexError, ValueError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return (peak if sys.platform == "darwin" else peak * 1024), None


#: seconds a reading of the memory serves :func:`check` (a search checks every 10 ms)
FRESH = 0.002
_last: tuple[float, tuple[int, int | None]] = (-1.0, (0, None))  # when, current()


def _recent(again: bool = False) -> tuple[int, int | None]:
    """:func:`current`, or the reading of at most :data:`FRESH` seconds ago (not
    when ``again``)."""
    global _last
    now = time.monotonic()
    when, got = _last
    if again or now - when > FRESH:
        got = current()
        _last = (now, got)
    return got


@functools.cache
def _trim_function() -> object | None:
    """glibc's ``malloc_trim``, where the C library has it (else ``None``)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return getattr(libc, "malloc_trim", None)
    except OSError:  # pragma: no cover
        return None


_last_trim = [0.0]


def release() -> bool:
    """Give the memory that this process has freed but its allocator still holds
    back to the system (glibc's ``malloc_trim``), at most ten times a second.
    The budget is read as resident memory, so a search that follows one which
    freed a big listing would otherwise start from memory no object uses.
    Returns whether anything was attempted."""
    trim = _trim_function()
    now = time.monotonic()
    if trim is None or now - _last_trim[0] < 0.1:
        return False
    _last_trim[0] = now
    trim(0)  # type: ignore[operator]
    return True


def limit() -> int:
    """The memory budget in force: the running search's, else the default."""
    active = ACTIVE_LIMIT.get()
    return default_limit() if active is None else active


def check(budget: int, what: str, searched: int | None = None) -> None:
    """Raise :class:`SearchLimitError` (``reason`` ``"memory"``) if the process
    holds more than ``budget`` bytes, or is close to its address-space limit.
    ``what`` names the computation, ``searched`` how far it got.

    A reading younger than :data:`FRESH` seconds is used again: every search
    reads the memory when it starts, and a loop of small questions (the values of
    a table, one position at a time) spent a quarter of its time reading
    ``/proc``. Over the budget, the memory is read afresh before refusing."""
    cap = _address_limit()

    def within(reading: tuple[int, int | None]) -> bool:
        rss, vm = reading
        return rss <= budget and not (cap is not None and vm is not None and vm > cap - cap // 10)

    if within(_recent()) or within(reading := _recent(again=True)):  # over: read afresh
        return
    rss, vm = reading
    if rss > budget and release():  # memory freed but held by the allocator is not held
        rss, vm = reading = _recent(again=True)
        if within(reading):
            return
    held = (f"holds {format_bytes(rss)}, over the memory budget of {format_bytes(budget)}"
            if rss > budget else
            f"has used {format_bytes(vm or 0)} of its address space limit of {format_bytes(cap or 0)}")
    got = "" if searched is None else (
        f" with {searched:,} position{'' if searched == 1 else 's'} searched"
    )
    raise SearchLimitError(
        f"{what} stopped{got}: the process {held}; ask for a larger max_memory "
        "(or set GRUNDY_MAX_MEMORY) to go further",
        searched, reason="memory",
    )


def reserve(nbytes: int, what: str, budget: int | None = None) -> None:
    """Refuse, before allocating, ``nbytes`` more for ``what`` when the process's
    memory plus them would pass ``budget`` (default: the budget in force)."""
    b = limit() if budget is None else budget
    if nbytes <= 1 << 20:
        return
    rss, _ = current()
    if rss + nbytes > b and release():
        rss, _ = current()
    if rss + nbytes > b:
        raise SearchLimitError(
            f"{what} needs {format_bytes(nbytes)} of memory; with the "
            f"{format_bytes(rss)} this process holds that is over the memory budget of "
            f"{format_bytes(b)} (ask for a larger max_memory, or set GRUNDY_MAX_MEMORY)",
            reason="memory",
        )
