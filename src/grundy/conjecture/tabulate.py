"""Tabulating a ruleset for a guess: its shape (heap, pair, rows of heaps, coins) and its values."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from grundy.rules.compound import Misere
from grundy.rules.ruleset import Ruleset
from grundy.solve import tables
from grundy.solve.budget import Budget, look
from grundy.values.errors import (
    GrundyError, InvalidParameterError, InvalidPositionError, LoopyGameError, SearchLimitError, describe,
)
from grundy.values.nimbers import mex_of_set
from grundy.values.outcome import Outcome


# --------------------------------------------------------------------- catalogue
_KNOWN_CACHE: dict[int, dict[str, tuple[str, list[int]]]] = {}
#: Seconds each catalogue game's table may take (all take under 0.4 s of CPU to heap
#: 1002, a cold numba compile aside); one that stops is left out of that answer only.
KNOWN_TABLE_SECONDS = 10.0


def _known_tables(size: int) -> dict[str, tuple[str, list[int]]]:
    """``name -> (spec, values of heaps 0..size-1)`` of the catalogue's one-heap
    games without parameters (each within :data:`KNOWN_TABLE_SECONDS`)."""
    from grundy.games import entries

    if size in _KNOWN_CACHE:
        return _KNOWN_CACHE[size]
    names: dict[str, str] = {}  # spec -> the entry's name (the game's own name first)
    rulesets: dict[str, Ruleset] = {}
    for entry in entries():
        try:
            rs = entry.make(None)
        except GrundyError:
            continue
        if tables.table_shape(rs) != "heap" or rs.spec is None:
            continue
        if rs.spec not in names or entry.name == rs.name:
            names[rs.spec] = entry.name
            rulesets[rs.spec] = rs
    out: dict[str, tuple[str, list[int]]] = {}
    complete = True
    for spec, rs in rulesets.items():
        try:
            out[names[spec]] = (spec, tables.heap_table(
                rs, size - 1, budget=Budget(seconds=KNOWN_TABLE_SECONDS)).values)
        except SearchLimitError:  # slow here and now (a cold compile, a busy machine)
            complete = False
        except GrundyError:
            continue
    if complete:  # a table left out for time is asked for again next time
        _KNOWN_CACHE[size] = out
    return out


# --------------------------------------------------------------------- tabulation
#: the shapes a ruleset may declare (``@grundy.ruleset(shape=...)``) or be given
SHAPES = ("heap", "pair", "heaps", "coins")


def _kind(rs: Ruleset) -> str:
    if callable(getattr(rs, "turning_sets", None)) and callable(getattr(rs, "single_values", None)):
        return "coins"
    if tables.table_shape(rs) == "pair":
        return "pair"
    if callable(getattr(rs, "start", None)):
        return "heap"
    if rs.tuple_position:
        return "heaps"
    return "heap"


def _declared(rs: Ruleset) -> bool:
    """Whether ``rs`` says what its positions are (a catalogue game, a declared
    shape, a row of heaps, coins or a ``start``)."""
    return (rs.spec is not None or rs.table_shape is not None or rs.tuple_position
            or callable(getattr(rs, "start", None)) or _kind(rs) == "coins")


def _plain(rs: Ruleset) -> Ruleset:
    """The ruleset whose positions are tabulated (a misère ruleset's own)."""
    return rs.inner if isinstance(rs, Misere) else rs


def _value(rs: Ruleset, position: Hashable) -> int:
    """The value of ``position`` by the search of the raw rules (never a closed
    form); a loopy position raises :class:`LoopyGameError`. Of a misère
    ruleset, 0 for a P-position and 1 for an N-position (misère values are not
    Grundy values: only the outcomes are tabulated)."""
    if isinstance(rs, Misere):
        look(f"{rs.name}: the table")
        return 0 if rs.outcome(position) is Outcome.P else 1
    v = rs.solver.value(position)
    if type(v) is not int:
        raise LoopyGameError(f"{rs.name}: {describe(position)} is loopy: a table lists values of acyclic games",
                             position)
    return v


def _position_of(make: Callable[[int], Hashable], n: int) -> Hashable:
    """``make(n)``, its failure named (the user's ``position=``)."""
    try:
        return make(n)
    except GrundyError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's function failed: name it
        raise InvalidParameterError(
            f"guess: position({n}) raised {type(exc).__name__}: {describe(str(exc))[1:-1] or '(no message)'}"
        ) from None


def _heap_values(rs: Ruleset, to: int, position: Callable[[int], Hashable] | None) -> tuple[int, list[int]]:
    """``(start, values)`` of heaps ``start..to``: a compiled table when the
    ruleset has one (computed from its rules), else the search; with
    ``position`` (or the ruleset's ``start``), heap ``n`` is the position
    ``position(n)``, and heaps it refuses before the first it accepts are skipped."""
    make = position if position is not None else getattr(_plain(rs), "start", None)
    if make is None:
        try:
            rs.check(0)
        except InvalidPositionError:  # heaps from 1 (or later): the search from the first legal heap
            make = _identity
    if make is None:
        if isinstance(rs, tables.ArrayTable):
            return 0, [int(x) for x in tables.grow_in_steps(rs.table_array, to)[: to + 1]]
        if not isinstance(rs, Misere):  # the move function read straight into a compiled mex
            return 0, [v for chunk in tables.rule_chunks(rs, to) for v in chunk]
        return 0, [_value(rs, n) for n in range(to + 1)]
    values: list[int] = []
    start = 0
    for n in range(to + 1):
        try:
            p = _position_of(make, n)
            rs.check(p)
        except InvalidPositionError:
            if values:
                raise
            start = n + 1
            continue
        values.append(_value(rs, p))
    return start, values


def _identity(n: int) -> int:
    return n


def _coin_values(rs: Any, to: int) -> list[int]:
    """Single-head values of coins ``1..to`` by the mex over the raw turning sets."""
    if getattr(rs, "leftmost", False):
        return [int(x) for x in rs.single_values(to)]
    tab = [0] * (to + 1)
    for c in range(1, to + 1):
        reach = set()
        for t in rs.turning_sets(c):
            x = 0
            for d in t:
                if d != c:
                    x ^= tab[d]
            reach.add(x)
        tab[c] = mex_of_set(reach)
    return tab[1:]


def _pair_values(rs: Ruleset, to: int) -> np.ndarray[Any, Any]:
    """Values of ``(a, b)`` for ``0 <= a, b <= to``; -1 where the game rejects the
    pair, -2 where it is loopy and not lost, 0 where loopy and lost."""
    out = np.full((to + 1, to + 1), -1, dtype=np.int64)
    for a in range(to + 1):
        for b in range(to + 1):
            try:
                rs.check((a, b))
            except InvalidPositionError:
                continue
            try:
                out[a, b] = _value(rs, (a, b))
            except LoopyGameError:
                out[a, b] = 0 if str(rs.outcome((a, b))) == "P" else -2
    return out


def _heaps_values(rs: Ruleset, to: int, heaps: int) -> np.ndarray[Any, Any]:
    """Values of the rows of ``heaps`` heaps, each ``0..to`` (-1: rejected)."""
    out = np.full((to + 1,) * heaps, -1, dtype=np.int64)
    for pos in itertools.product(range(to + 1), repeat=heaps):
        try:
            rs.check(pos)
        except InvalidPositionError:
            continue
        out[pos] = _value(rs, pos)
    return out


def _probe_shape(rs: Ruleset, kind: str) -> None:
    """Refuse, with a hint, a ruleset that declares no shape and whose move
    function fails on the first position of ``kind``'s table (``moves(0)`` of
    a game on pairs raises ``TypeError``): which shape it accepts, if any."""
    first = {"heap": 0, "pair": (0, 0), "heaps": (0, 0, 0)}

    def fails(p: Hashable) -> Exception | None:
        try:
            rs.check(p)
            for _ in itertools.islice(iter(rs.moves(p)), 64):
                pass
        except (GrundyError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - the user's function failed: that is the answer
            return exc
        return None

    try:
        exc = fails(first[kind])
    except InvalidPositionError:
        return  # the game validates its positions: the tabulation says which
    if exc is None:
        return
    works = []
    for other, p in first.items():
        if other != kind:
            try:
                if fails(p) is None and fails((1, 2) if other == "pair" else (1, 2, 3) if other == "heaps" else 3) is None:
                    works.append(other)
            except GrundyError:
                continue
    hint = (f"its positions look like {'pairs' if works[0] == 'pair' else 'rows of heaps'} "
            f"(moves({describe(first[works[0]])}) works): pass shape={works[0]!r} (--shape {works[0]})"
            if works else "pass shape= (--shape heap|pair|heaps|coins) or position= (--position)")
    raise InvalidParameterError(
        f"guess: {rs.name}.moves({describe(first[kind])}) raised {type(exc).__name__}: "
        f"{describe(str(exc))[1:-1]}; {hint}, or declare it: @grundy.ruleset(shape=...)")
