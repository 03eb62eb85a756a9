"""Validation and parsing helpers shared by the catalogue."""

from __future__ import annotations

import re
from typing import Any

from grundy.core.errors import InvalidParameterError, InvalidPositionError

__all__ = ["heap", "parse_int", "parse_int_list"]

_POWER = re.compile(r"^(\d+)\s*(?:\*\*|\^)\s*(\d+)$")
_EXP = re.compile(r"^(\d+)[eE](\d+)$")
_MAX_BITS = 1 << 24


def heap(game: str, x: Any, what: str = "heap size") -> int:
    """``x`` if it is a non-negative int, else :class:`InvalidPositionError`."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise InvalidPositionError(f"{game}: {what} must be a non-negative integer; got {x!r}")
    if x < 0:
        raise InvalidPositionError(f"{game}: {what} must be non-negative; got {x!r}")
    return x


def parse_int(text: str, what: str = "integer", game: str = "") -> int:
    """Parse an exact integer: ``42``, ``1_000``, ``10**100``, ``10^100``, ``1e18``.

    >>> parse_int("10^3"), parse_int("2**10"), parse_int("1e18") == 10**18
    (1000, 1024, True)
    """
    t = text.strip()
    prefix = f"{game}: " if game else ""
    m = _POWER.match(t) or _EXP.match(t)
    if m:
        base, exp = int(m.group(1)), int(m.group(2))
        if m.re is _EXP:
            base, exp, factor = 10, exp, base
        else:
            factor = 1
        if exp * max(base.bit_length(), 1) > _MAX_BITS:
            raise InvalidPositionError(f"{prefix}{text!r} is too large (over {_MAX_BITS:,} bits)")
        result: int = factor * base**exp
        return result
    try:
        return int(t)
    except ValueError:
        raise InvalidPositionError(f"{prefix}not an {what}: {text!r}") from None


def parse_int_list(text: str, what: str) -> list[int]:
    """Parse ``"1,3,4"`` (or ``"{1, 3, 4}"``) into ``[1, 3, 4]``."""
    body = text.strip().strip("{}[]()")
    if not body:
        return []
    out = []
    for item in body.split(","):
        try:
            out.append(int(item.strip()))
        except ValueError:
            raise InvalidParameterError(f"{what}: {item.strip()!r} is not an integer") from None
    return out
