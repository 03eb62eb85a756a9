"""Moves people can type: the default reading of a move, and helpers the catalogue's
notations share.

A move is stored as the option it leads to; :meth:`Ruleset.format_move` and
:meth:`Ruleset.parse_move` turn it into words and back. The default accepts the
resulting position, ``#k`` (the k-th option, counting from 1) or exactly the text
:meth:`Ruleset.format_move` writes:

>>> import grundy
>>> @grundy.ruleset
... def take12(n):
...     return [n - k for k in (1, 2) if k <= n]
>>> take12.parse_move(5, "4"), take12.parse_move(5, "#2")
(4, 3)
>>> take12.parse_move(5, "1")
Traceback (most recent call last):
...
grundy.values.errors.InvalidPositionError: take12: '1' is not a move from 5 (the moves lead to 4, 3)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, cast

from grundy.values.bigint import int_text
from grundy.values.errors import GrundyError, InvalidPositionError, describe
from grundy.rules.sums import Sum

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = [
    "parse_default_move", "illegal_move", "words", "SCAN_LIMIT", "format_heap_move",
    "parse_heap_move", "parse_row_changes", "default_format_move", "parse_labelled_move",
    "label_key", "cell_name", "parse_cells", "component_move_text", "distinct_options",
]

#: How many options the default parser scans when matching text (beyond it, only
#: ``#k`` and the resulting position are read).
SCAN_LIMIT = 20_000

_INDEX = re.compile(r"^#\s*(\d+)$")


def words(text: str) -> list[str]:
    """``text`` lower-cased and split into words and numbers (``"2-3"`` -> ``['2',
    '-', '3']``).

    >>> words("Heap 2 to 3"), words("2-3"), words("knock 4,5")
    (['heap', '2', 'to', '3'], ['2', '-', '3'], ['knock', '4', '5'])
    """
    return re.findall(r"\d+|[a-z]+|[-+>#]", text.lower())


def distinct_options(rs: Ruleset, position: Any) -> Iterator[Hashable]:
    """The options of ``position`` in the rules' order, each once: two moves
    that lead to the same position (cutting either of two equal branches of a
    tree) are one move for people, listed once and counted once (``#k``).

    Small options are remembered whole; a big one (a heap of thousands of
    digits, a sum of many heaps: the options of a huge position) only by its
    hash and place in the list, and an option whose hash was seen is compared
    with the earlier one, generated again (the rules are a pure function), so two
    different options are never merged (heaps ``n`` and ``n + 2**61 - 1`` hash
    alike) and the listing holds no big option.

    >>> import grundy
    >>> h = grundy.games.get("hackenbush")
    >>> t = h.parse_position("((),())")
    >>> len(list(h.moves(t))), len(list(distinct_options(h, t)))
    (2, 1)
    """
    seen: set[Hashable] = set()
    big: dict[int, list[int]] = {}  # hash -> places of the big options listed
    for i, o in enumerate(rs.moves(position)):
        if _small(o):
            if o in seen:
                continue
            seen.add(o)
        else:
            h = hash(o)
            places = big.setdefault(h, [])
            if any(_option_at(rs, position, j) == o for j in places):
                continue
            places.append(i)
        yield o


#: Options up to this size are remembered whole by :func:`distinct_options`
#: (heaps of up to this many bits, sums of up to this many parts).
_WHOLE_BITS = 4096
_WHOLE_PARTS = 32


def _small(option: Hashable) -> bool:
    """Whether ``option`` is cheap to keep (an ``int`` of at most 4096 bits, a
    ``Sum`` of at most 32 such parts, anything else).

    >>> _small(10**100), _small(10**5000), _small(Sum(*range(1, 40)))
    (True, False, False)
    """
    t = type(option)
    if t is int:
        return option.bit_length() <= _WHOLE_BITS  # type: ignore[attr-defined, no-any-return]
    if t is Sum:
        parts = option.parts  # type: ignore[attr-defined]
        return len(parts) <= _WHOLE_PARTS and not any(
            type(p) is int and p.bit_length() > _WHOLE_BITS for p in parts)
    return True


def _option_at(rs: Ruleset, position: Any, i: int) -> Hashable:
    """The ``i``-th option (from 0) the rules list for ``position``."""
    return next(islice(iter(rs.moves(position)), i, None))


def illegal_move(rs: Ruleset, position: Any, text: str, why: str = "") -> InvalidPositionError:
    """The error for a move that cannot be read or is not legal, with a hint."""
    shown = _some_moves(rs, position)
    reason = f" ({why})" if why else ""
    hint = f"; moves look like: {shown}" if shown else f"; {describe(rs.format_position(position))} has no move"
    return InvalidPositionError(f"{rs.name}: cannot play {text!r}{reason}{hint}")


def _some_moves(rs: Ruleset, position: Any, k: int = 3) -> str:
    try:
        opts = list(islice(distinct_options(rs, position), k + 1))
        shown = [rs.format_move(position, o) for o in opts[:k]]
    except GrundyError:
        return ""
    return ", ".join(repr(s) for s in shown) + (", ..." if len(opts) > k else "")


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def parse_default_move(rs: Ruleset, position: Any, text: str) -> Hashable:
    """The default :meth:`Ruleset.parse_move` (see the module docstring)."""
    t = text.strip()
    if not t:
        raise illegal_move(rs, position, text, "no move given")
    m = _INDEX.match(t)
    if m:
        k = int(m.group(1))
        opts = list(islice(distinct_options(rs, position), k))
        if not 1 <= k <= len(opts):
            raise InvalidPositionError(
                f"{rs.name}: no move {t!r} from {rs.format_position(position)} "
                f"(moves are numbered from #1; there are fewer than {k})"
            )
        return opts[k - 1]
    # The text a format_move writes (small option lists only).
    opts = list(islice(distinct_options(rs, position), SCAN_LIMIT + 1))
    if len(opts) <= SCAN_LIMIT:
        for o in opts:
            if _norm(rs.format_move(position, o)) == _norm(t):
                return o
    # The resulting position: a Sum written "a + b", or one position.
    candidates: list[Hashable] = []
    if "+" in t:
        try:
            candidates.append(Sum(*(rs.parse_position(p) for p in t.split("+"))))
        except GrundyError:
            pass
    try:
        candidates.append(rs.parse_position(t))
    except GrundyError as exc:
        if not candidates:
            raise illegal_move(rs, position, text, str(exc).split(": ", 1)[-1]) from None
    for c in list(candidates):
        if type(c) is Sum and len(c.parts) == 1:
            candidates.append(c.parts[0])
        elif type(c) is not Sum:
            candidates.append(Sum(c))
    for c in candidates:
        try:
            if rs.is_option(position, c):
                return c
        except (TypeError, ValueError):
            continue
    if len(opts) <= 8:
        listed = ", ".join(rs.format_position(o) for o in opts)
        raise InvalidPositionError(
            f"{rs.name}: {t!r} is not a move from {rs.format_position(position)}"
            + (f" (the moves lead to {listed})" if opts else " (there is no move)")
        )
    raise illegal_move(rs, position, text, "not a legal move")


# ------------------------------------------------------------ shared notations
def format_heap_move(n: int, option: Hashable, *, to: bool = False) -> str:
    """A move from one heap of ``n``: ``take k`` (or ``to m`` with ``to``), ``split
    a b`` (into heaps adding up to ``n``), ``take k, leave a b`` otherwise.

    >>> format_heap_move(7, 4), format_heap_move(7, 4, to=True)
    ('take 3', 'to 4')
    >>> format_heap_move(7, Sum(3, 4)), format_heap_move(7, Sum(1, 4)), format_heap_move(7, Sum())
    ('split 3 4', 'take 2, leave 1 4', 'take 7')
    """
    if type(option) is Sum:
        parts: list[int] = sorted(cast("tuple[int, ...]", option.parts))
        left = n - sum(parts)
        if not parts:
            return f"take {n}"
        if len(parts) == 1:
            return f"to {parts[0]}" if to else f"take {left}"
        body = " ".join(map(str, parts))
        return f"split {body}" if left == 0 else f"take {left}, leave {body}"
    assert isinstance(option, int)
    return f"to {option}" if to else f"take {n - option}"


def parse_heap_move(rs: Ruleset, n: int, text: str) -> Hashable:
    """Read a move from one heap of ``n``: ``take k`` (``-k``), ``to m`` (or just
    ``m``), ``split a b ...``, ``leave a b ...``, ``take k, leave a b``; then check it
    is legal. Anything else falls back to :func:`parse_default_move`.

    >>> import grundy
    >>> lasker = grundy.games.get("lasker")
    >>> [lasker.parse_move(7, t) for t in ("take 3", "-3", "to 4", "split 3 4", "leave 2 5")]
    [4, 4, 4, Sum(3, 4), Sum(2, 5)]
    """
    w = [x for x in words(text) if x not in ("heap", "heaps", "tokens", "and", "into")]
    option: Hashable | None = None
    nums = [int(x) for x in w if x.isdigit()]
    if w and w[0] in ("take", "-", "remove") and len(nums) == 1 and len(w) == 2:
        if nums[0] > n:
            raise illegal_move(rs, n, text, f"the heap has only {describe(n)}")
        option = n - nums[0]
    elif w and w[0] in ("to", ">") and len(nums) == 1 and len(w) == 2:
        option = nums[0]
    elif w and w[0] in ("split", "leave") and len(nums) >= 1 and len(w) == len(nums) + 1:
        option = Sum(*nums)
    elif len(w) >= 4 and w[0] == "take" and w[1].isdigit() and w[2] == "leave" and len(w) == len(nums) + 2:
        option = Sum(*nums[1:])
    if option is None:
        return parse_default_move(rs, n, text)
    for cand in _normal_forms(option):
        if rs.is_option(n, cand):
            return cand
    raise illegal_move(rs, n, text, "not a legal move")


def _normal_forms(option: Hashable) -> list[Hashable]:
    """The ways a move function may write one option: ``Sum(a)`` or ``a``; empty
    heaps dropped from a ``Sum``; a heap of 0 as ``0`` or ``Sum()``."""
    out: list[Hashable] = [option]
    if type(option) is Sum:
        nz = Sum(*(p for p in option.parts if p != 0))
        out.append(nz)
        if len(nz.parts) == 1:
            out.append(nz.parts[0])
        if not nz.parts:
            out.append(0)
    else:
        out.append(Sum(option))
        if option == 0:
            out.append(Sum())
    return out


def parse_row_changes(text: str) -> list[tuple[int, int]] | None:
    """Changes to a row of heaps: ``heap 2 to 3`` (or ``2-3``, ``2>3``), several
    joined by ``,``/``and``, as 1-based ``(heap, new size)`` pairs; ``take 3 from
    heap 2`` gives ``(2, -3)`` (a negative size: a number to take). ``None`` when the
    text is none of these.

    >>> parse_row_changes("heap 2 to 3"), parse_row_changes("2-3, 1-0")
    ([(2, 3)], [(2, 3), (1, 0)])
    >>> parse_row_changes("take 4 from heap 1"), parse_row_changes("both 2")
    ([(1, -4)], None)
    """
    out: list[tuple[int, int]] = []
    for chunk in re.split(r",|\band\b|;", text.lower()):
        w = [x for x in words(chunk) if x not in ("heap", "from", "stair", "pile")]
        if not w:
            continue
        if len(w) == 3 and w[0].isdigit() and w[1] in ("to", "-", ">") and w[2].isdigit():
            out.append((int(w[0]), int(w[2])))
        elif len(w) == 3 and w[0] == "take" and w[1].isdigit() and w[2].isdigit():
            out.append((int(w[2]), -int(w[1])))
        else:
            return None
    return out or None


# ------------------------------------------------------------ named moves
def _labels(rs: Ruleset, position: Any) -> dict[Hashable, str] | None:
    """``option -> name`` from :meth:`Ruleset.move_labels` (the first name of an
    option), kept for the last position asked (listing moves asks once per option)."""
    cached = rs.__dict__.get("_move_label_cache")
    if cached is not None and type(cached[0]) is type(position) and cached[0] == position:
        return cast("dict[Hashable, str] | None", cached[1])
    pairs = rs.move_labels(position)
    table: dict[Hashable, str] | None = None
    if pairs is not None:
        table = {}
        for name, option in pairs:
            table.setdefault(option, name)
    rs.__dict__["_move_label_cache"] = (position, table)
    return table


def default_format_move(rs: Ruleset, position: Any, option: Hashable) -> str:
    """The default :meth:`Ruleset.format_move`: the name :meth:`Ruleset.move_labels`
    gives, a heap move on a single heap, else the resulting position.

    >>> import grundy
    >>> @grundy.ruleset
    ... def up_or_down(n):           # a loopy game: a heap may grow
    ...     return [m for m in (n - 1, n + 1) if 0 <= m <= 3]
    >>> default_format_move(up_or_down, 2, 1), default_format_move(up_or_down, 2, 3)
    ('take 1', 'to 3')
    """
    table = _labels(rs, position)
    if table is not None:
        name = table.get(option)
        if name is not None:
            return name
    if type(position) is int:
        if type(option) is int and 0 <= option <= position:
            return format_heap_move(position, option)
        if (type(option) is Sum and all(type(p) is int and p > 0 for p in option.parts)
                and sum(cast("tuple[int, ...]", option.parts)) <= position):
            return format_heap_move(position, option)
        if type(option) is int:
            return f"to {int_text(option)}"
    return rs.format_position(option)


_CELL_PAIR = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)")
_TOKEN = re.compile(r"[a-z]+\d+|\d+|[a-z]+|-")
_FILLER = frozenset({"the", "edge", "vertex", "a", "an", "at", "piece", "coin", "coins",
                     "cell", "cells", "domino", "and", "on", "of", "node"})


def cell_name(row: int, col: int) -> str:
    """A board cell for people: the column as letters (``a``, ..., ``z``, ``aa``, ...)
    and the row as a number, both from 1, rows counted from the top.

    >>> cell_name(1, 1), cell_name(3, 2), cell_name(1, 27)
    ('a1', 'b3', 'aa1')
    """
    letters = ""
    c = col
    while c > 0:
        c, r = divmod(c - 1, 26)
        letters = chr(ord("a") + r) + letters
    return f"{letters}{row}"


def _cell_of(token: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"([a-z]+)(\d+)", token)
    if not m:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - ord("a") + 1
    return (int(m.group(2)), col)


def parse_cells(text: str) -> list[tuple[int, int]] | None:
    """The cells ``text`` names, as ``(row, column)`` from 1: ``a1``, ``(1,1)``;
    ``None`` if something else is in it.

    >>> parse_cells("a1-b1"), parse_cells("(2,3) (2,4)"), parse_cells("place a1 x")
    ([(1, 1), (1, 2)], [(2, 3), (2, 4)], None)
    """
    t = _CELL_PAIR.sub(lambda m: " " + cell_name(int(m.group(1)), int(m.group(2))) + " ",
                       text.lower())
    out: list[tuple[int, int]] = []
    for tok in _TOKEN.findall(t):
        if tok == "-" or tok in _FILLER or tok in ("place", "put", "turn", "flip", "cover"):
            continue
        cell = _cell_of(tok)
        if cell is None:
            return None
        out.append(cell)
    return out


def label_key(text: str) -> tuple[str, ...]:
    """What a move's name is compared by: lower case, filler words dropped, an edge
    ``u-v`` the same both ways round, ``(r,c)`` cells as ``a1``.

    >>> label_key("Cut 4-0"), label_key("cut the edge 0 - 4"), label_key("(1,1)-(1,2)")
    (('cut', '0-4'), ('cut', '0-4'), ('a1-b1',))
    """
    t = _CELL_PAIR.sub(lambda m: " " + cell_name(int(m.group(1)), int(m.group(2))) + " ",
                       text.lower())
    toks = [x for x in _TOKEN.findall(t) if x not in _FILLER]
    out: list[str] = []
    i = 0
    while i < len(toks):
        if i + 2 < len(toks) and toks[i + 1] == "-" and toks[i] != "-" and toks[i + 2] != "-":
            a, b = sorted((toks[i], toks[i + 2]), key=lambda x: (len(x), x))
            out.append(f"{a}-{b}")
            i += 3
        else:
            out.append(toks[i])
            i += 1
    return tuple(out)


def _bare(key: tuple[str, ...]) -> tuple[str, ...]:
    """``key`` without its leading words (the verb): ``cut 0-4`` is read as ``0-4``."""
    i = 0
    while i < len(key) and key[i].isalpha():
        i += 1
    return key[i:]


def parse_labelled_move(rs: Ruleset, position: Any, text: str) -> Hashable:
    """The default :meth:`Ruleset.parse_move`: a name of :meth:`Ruleset.move_labels`
    (compared by :func:`label_key`; the verb may be left out where that is not
    ambiguous), a heap move on a single heap, else :func:`parse_default_move`.

    >>> import grundy
    >>> h = grundy.games.get("hackenbush-graph")
    >>> g = h.parse_position("0-1 1-2 2-0 2-3")
    >>> [h.format_move(g, o) for o in h.moves(g)]
    ['cut 0-1', 'cut 0-2', 'cut 1-2', 'cut 2-3']
    >>> h.parse_move(g, "cut 3-2") == h.parse_move(g, "2-3") == h.parse_move(g, "cut 2-3")
    True
    """
    table = _labels(rs, position)
    if table is not None:
        key = label_key(text)
        by_key: dict[tuple[str, ...], Hashable] = {}
        for name, option in rs.move_labels(position) or ():  # every name of an option
            by_key.setdefault(label_key(name), option)
        if key in by_key:
            return by_key[key]
        bare = _bare(key)
        if bare:
            hits = {k: o for k, o in by_key.items() if _bare(k) == bare}
            if hits and len(set(hits.values())) == 1:
                return next(iter(hits.values()))
    elif type(position) is int:
        return parse_heap_move(rs, position, text)
    return parse_default_move(rs, position, text)


def component_move_text(count: int, index: int, text: str) -> str:
    """A move of component ``index`` (from 0) of a sum of ``count`` games, for
    people: the component's own notation, after ``i:`` (counted from 1) when there
    are several (``heap i to x`` for a heap move written ``to x``).

    >>> component_move_text(1, 0, "cut 0-4"), component_move_text(3, 1, "take 2")
    ('cut 0-4', '2: take 2')
    >>> component_move_text(2, 0, "to 3")
    'heap 1 to 3'
    """
    if count == 1:
        return text
    if text.startswith("to "):
        return f"heap {index + 1} {text}"
    return f"{index + 1}: {text}"
