"""Validation and parsing helpers shared by the catalogue."""

from __future__ import annotations

import re
from typing import Any

from grundy.values.errors import (
    InvalidParameterError, InvalidPositionError, SearchLimitError, describe,
)
from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import format_heap_move, parse_heap_move
from collections.abc import Hashable, Sequence

__all__ = [
    "HeapRuleset", "heap", "heaps", "pair", "parse_int", "parse_int_list", "parse_heaps",
    "positive_param", "int_literal", "parse_param", "table_size", "TABLE_LIMIT",
]

_MAX_BITS = 1 << 24
#: Longest decimal literal read (about 2^24 bits); longer text is refused at once.
_MAX_LITERAL = 5_050_446
#: Deepest nesting of parentheses read.
_MAX_DEPTH = 100
#: A literal is digits with single underscores between them (Python's rule: ``5_``,
#: ``1_000_`` and ``5__0`` are not numbers), with an optional exponent ``e``.
_TOKEN = re.compile(r"\s*(?:(\d[\d_]*)(?:[eE](\d[\d_]*))?|(\*\*|//|[-+*%^()]))")


def heap(game: str, x: Any, what: str = "heap size") -> int:
    """``x`` if it is a non-negative int, else :class:`InvalidPositionError`."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise InvalidPositionError(
            f"{game}: {what} must be a non-negative integer; got {describe(x)}"
        )
    if x < 0:
        raise InvalidPositionError(f"{game}: {what} must be non-negative; got {describe(x)}")
    return x


def all_heaps(game: str, xs: Sequence[Any], what: str = "heap size") -> None:
    """Check that every one of ``xs`` is a heap (as :func:`heap` does), at C speed
    when they all are: the check of a sum of a million heaps."""
    if set(map(type, xs)) <= {int} and (not xs or min(xs) >= 0):
        return
    for x in xs:
        heap(game, x, what)


def int_literal(digits: str) -> int:
    """Exact value of a decimal digit string of any length (Python's ``int`` refuses
    more than 4,300 digits; this splits the string, O(M(n) log n)).

    >>> int_literal("1" + "0" * 5000) == 10**5000
    True
    """
    if len(digits) <= 4000:
        return int(digits)
    half = len(digits) // 2
    high: int = int_literal(digits[:half]) * 10 ** (len(digits) - half)
    return high + int_literal(digits[half:])


def _bad_underscores(digits: str) -> bool:
    """Whether an underscore is not between two digits (``5_``, ``5__0``)."""
    return digits.endswith("_") or "__" in digits


class _IntParser:
    """Recursive descent over integer arithmetic, with Python's precedence:
    ``expr := term (('+'|'-') term)*``, ``term := unary (('*'|'//'|'%') unary)*``,
    ``unary := ('+'|'-')* power``, ``power := atom ('**' unary)?``,
    ``atom := INT | INT 'e' INT | '(' expr ')'``. Runs of signs are counted, not
    recursed into; parentheses nest at most ``_MAX_DEPTH`` deep."""

    def __init__(self, text: str) -> None:
        self.tokens: list[tuple[str, str, str]] = []
        pos, n = 0, len(text)
        while pos < n:
            m = _TOKEN.match(text, pos)
            if m is None:
                if text[pos:].strip() == "":
                    break
                raise ValueError("unexpected character")
            digits, exp, op = m.group(1), m.group(2), m.group(3)
            if digits is not None and (_bad_underscores(digits) or _bad_underscores(exp or "0")):
                raise ValueError("misplaced underscore")
            if digits is not None:
                self.tokens.append(("int", digits.replace("_", ""), (exp or "").replace("_", "")))
            else:
                self.tokens.append(("op", "**" if op == "^" else op, ""))
            pos = m.end()
        self.i = 0
        self.depth = 0

    def peek(self) -> str | None:
        if self.i < len(self.tokens):
            kind, val, _ = self.tokens[self.i]
            return val if kind == "op" else "int"
        return None

    def parse(self) -> int:
        value = self.expr()
        if self.i != len(self.tokens):
            raise ValueError("trailing text")
        return value

    def expr(self) -> int:
        value = self.term()
        while self.peek() in ("+", "-"):
            op = self.tokens[self.i][1]
            self.i += 1
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self) -> int:
        value = self.unary()
        while self.peek() in ("*", "//", "%"):
            op = self.tokens[self.i][1]
            self.i += 1
            rhs = self.unary()
            if op == "*":
                if value.bit_length() + rhs.bit_length() > _MAX_BITS:
                    raise OverflowError
                value *= rhs
            elif rhs == 0:
                raise ZeroDivisionError
            else:
                value = value // rhs if op == "//" else value % rhs
        return value

    def unary(self) -> int:
        negative = False
        while self.peek() in ("+", "-"):
            negative ^= self.tokens[self.i][1] == "-"
            self.i += 1
        value = self.power()
        return -value if negative else value

    def power(self) -> int:
        base = self.atom()
        if self.peek() != "**":
            return base
        self.i += 1
        exp = self.unary()
        if exp < 0:
            raise ValueError("negative exponent")
        if abs(base) > 1 and exp * (abs(base).bit_length() - 1) > _MAX_BITS:
            raise OverflowError
        result: int = base**exp
        return result

    def atom(self) -> int:
        if self.i >= len(self.tokens):
            raise ValueError("unexpected end")
        kind, val, exp = self.tokens[self.i]
        self.i += 1
        if kind == "int":
            if len(val) > _MAX_LITERAL or len(exp) > 9:
                raise OverflowError
            value = int_literal(val)
            if exp:
                e = int(exp)
                if e > _MAX_BITS or value.bit_length() + e * 10 // 3 > _MAX_BITS:
                    raise OverflowError
                value *= 10**e
            return value
        if val != "(":
            raise ValueError("unexpected operator")
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise ValueError("too deeply nested")
        value = self.expr()
        if self.peek() != ")":
            raise ValueError("unbalanced parenthesis")
        self.i += 1
        self.depth -= 1
        return value


def parse_int(text: str, what: str = "integer", game: str = "") -> int:
    """Parse an exact integer: ``42``, ``1_000``, ``10**100``, ``10^100``, ``1e18``,
    or integer arithmetic on them (``10**100+1``, ``3*2^40``, ``-(7 // 2)``). Never
    a float; literals of any length; results up to 2^24 bits, else
    :class:`InvalidPositionError` naming the text.

    >>> parse_int("10^3"), parse_int("2**10 - 1"), parse_int("1e18") == 10**18
    (1000, 1023, True)
    >>> parse_int("--5"), parse_int("-2**2"), parse_int("2**3**2"), parse_int("1_000")
    (5, -4, 512, 1000)
    >>> parse_int("5__0")
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidPositionError: not an integer: '5__0'
    """
    prefix = f"{game}: " if game else ""
    if not isinstance(text, str):
        raise InvalidPositionError(f"{prefix}not an {what}: {describe(text)}")
    if len(text) > _MAX_LITERAL + 1000:
        raise InvalidPositionError(f"{prefix}{describe(text)} is too long to be an {what}")
    try:
        value = _IntParser(text).parse()
    except (ValueError, ZeroDivisionError):
        raise InvalidPositionError(f"{prefix}not an {what}: {describe(text)}") from None
    except OverflowError:
        raise InvalidPositionError(
            f"{prefix}{describe(text)} is too large (over {_MAX_BITS:,} bits)"
        ) from None
    return value


def parse_param(text: str, what: str, game: str) -> int:
    """:func:`parse_int` for a ruleset parameter: errors are
    :class:`InvalidParameterError`."""
    try:
        return parse_int(text, what, game)
    except InvalidPositionError as exc:
        raise InvalidParameterError(str(exc)) from None


def parse_int_list(text: str, what: str) -> list[int]:
    """Parse ``"1,3,4"`` (or ``"{1, 3, 4}"``) into ``[1, 3, 4]``; a bad item is an
    :class:`InvalidParameterError` naming it.

    >>> parse_int_list("{1, 3, 2**4}", "subtraction set")
    [1, 3, 16]
    """
    if not isinstance(text, str):
        raise InvalidParameterError(f"{what}: expected text like '1,3,4'; got {describe(text)}")
    body = text.strip().strip("{}[]()")
    if not body:
        return []
    out = []
    for item in body.split(","):
        try:
            out.append(parse_int(item, "integer"))
        except InvalidPositionError:
            raise InvalidParameterError(
                f"{what}: {describe(item.strip())} is not an integer"
            ) from None
    return out


def heaps(game: str, x: Any, what: str = "heap") -> tuple[int, ...]:
    """``x`` if it is a tuple of non-negative ints, else :class:`InvalidPositionError`."""
    if not isinstance(x, tuple):
        raise InvalidPositionError(
            f"{game}: a position is a tuple of non-negative integers; got {describe(x)}"
        )
    for i, h in enumerate(x):
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            raise InvalidPositionError(
                f"{game}: {what} {i + 1} must be a non-negative integer; got {describe(h)} in "
                f"{describe(x)}"
            )
    return x


def pair(game: str, x: Any, what: str = "number") -> tuple[int, int]:
    """``x`` if it is a pair of non-negative ints, else :class:`InvalidPositionError`."""
    if not isinstance(x, tuple) or len(x) != 2:
        raise InvalidPositionError(
            f"{game}: a position is two {what}s (a, b), non-negative integers; got {describe(x)}"
        )
    heaps(game, x, what)
    return x


def parse_heaps(text: str, game: str) -> tuple[int, ...]:
    """``"3 4 5"``, ``"3,4,5"`` or ``"(3, 4, 5)"`` as a tuple of exact ints."""
    body = text.strip().strip("()[]{}")
    items = [t for t in re.split(r"[\s,]+", body) if t]
    return tuple(parse_int(t, "integer", game) for t in items)


def positive_param(game: str, name: str, x: Any, minimum: int = 1, maximum: int | None = None) -> int:
    """A parameter that must be an int >= ``minimum`` (and <= ``maximum``, a bound
    that keeps the ruleset's tables within memory)."""
    if isinstance(x, bool) or not isinstance(x, int) or x < minimum:
        raise InvalidParameterError(
            f"{game}: {name} must be an integer >= {minimum}; got {describe(x)}"
        )
    if maximum is not None and x > maximum:
        raise InvalidParameterError(
            f"{game}: {name} must be at most {maximum:,}; got {describe(x)}"
        )
    return x


#: The longest table a catalogue ruleset lists (values of heaps 0..TABLE_LIMIT).
TABLE_LIMIT = 1 << 24


def table_size(game: str, n: Any) -> int:
    """``n`` for ``table(n)`` if it is an int in ``0..TABLE_LIMIT``: else
    :class:`InvalidParameterError` (not a non-negative int) or
    :class:`SearchLimitError` (a table too long to hold).

    >>> table_size("nim", 10)
    10
    >>> table_size("nim", 10**30)
    Traceback (most recent call last):
    ...
    grundy.values.errors.SearchLimitError: nim: a table to heap 1000000000000000000000000000000 is out of reach (at most 16,777,216 values)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidParameterError(
            f"{game}: a table runs to a non-negative integer heap; got {describe(n)}"
        )
    if n > TABLE_LIMIT:
        raise SearchLimitError(
            f"{game}: a table to heap {describe(n)} is out of reach (at most {TABLE_LIMIT:,} values)"
        )
    return n


class HeapRuleset(Ruleset):
    """A ruleset whose positions are single heaps: non-negative exact integers."""

    table_shape = "heap"
    #: Whether a move is written as the heap left (``to 3``) rather than what is
    #: taken (``take 2``); both are read.
    move_to: bool = False

    def validate(self, position: Any) -> None:
        if type(position) is not int or position < 0:  # (a heap, the common case, fast)
            heap(self.name, position)

    def validate_many(self, positions: Sequence[Any]) -> None:
        all_heaps(self.name, positions)

    def parse_position(self, text: str) -> Any:
        return parse_int(text, "integer heap size", self.name)

    def format_move(self, position: Any, option: Hashable) -> str:
        """Moves on one heap read ``take 3``, ``split 3 4`` (Lasker's splits),
        ``take 1, leave 2 4`` (take and split); ``to 4`` and ``-3`` are read too.

        >>> import grundy
        >>> g = grundy.games.get("lasker")
        >>> [g.format_move(4, o) for o in g.moves(4)]
        ['take 4', 'take 3', 'take 2', 'take 1', 'split 1 3', 'split 2 2']
        >>> g.parse_move(4, "split 1 3"), g.parse_move(4, "take 1")
        (Sum(1, 3), 3)
        """
        if isinstance(position, int):
            return format_heap_move(position, option, to=self.move_to)
        return super().format_move(position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        if isinstance(position, int):
            return parse_heap_move(self, position, text)
        return super().parse_move(position, text)


class SubtractionCounts:
    """Remoteness and suspense of the subtraction game ``S`` (take ``s`` tokens for
    some ``s`` in ``S``) at every heap, by one linear pass over heaps ``0..n``
    (O(n |S|)), straight from the definitions: a heap whose options include one of
    even remoteness (a P-option) has remoteness 1 + the least such, else 1 + the
    largest; suspense takes 1 + the largest even one, else 1 + the least.

    Beyond the pass, an *arithmetic period* answers any heap: if ``r(m + p) =
    r(m) + c`` with ``c`` even for ``max(S)`` consecutive heaps ``m`` (and the
    window's heaps are all at least ``0``), it holds for every later ``m`` too: a
    heap ``n >= max(S)`` has the same moves as ``n + p``, and adding an even ``c``
    to every option keeps their parities, so the rule picks the same option, plus
    ``c``. The pass grows by doubling and looks for such a window each time; a
    heap beyond :attr:`max_work` steps of the pass with no period found is
    declined (``None``).

    >>> t = SubtractionCounts("subtraction:1,3,4", (1, 3, 4))
    >>> [t.remoteness(n) for n in range(10)]
    [0, 1, 2, 1, 1, 3, 3, 4, 5, 6]
    >>> t.remoteness(10**30) == t.remoteness(10**30 - 7) + t.period(0)[1]
    True
    """

    #: most (heap, member) steps of the linear pass (about 1 s of Python)
    max_work = 4_000_000

    def __init__(self, name: str, members: Sequence[int]) -> None:
        self.name = name
        self.members = tuple(sorted(members))
        self.w = self.members[-1]
        self.r: list[int] = [0]
        self.s: list[int] = [0]
        # per count (0: remoteness, 1: suspense): (period, increment) once proven
        self._period: list[tuple[int, int] | None] = [None, None]
        self._checked = 0  # the pass length at the last period search

    def period(self, which: int) -> tuple[int, int] | None:
        """``(p, c)``: the proven arithmetic period of remoteness (``which=0``) or
        suspense (``1``) from the end of the pass, or ``None`` (not yet found)."""
        return self._period[which]

    def remoteness(self, n: int) -> int | None:
        """Remoteness of heap ``n``, or ``None`` (beyond reach)."""
        return self._at(n, 0)

    def suspense(self, n: int) -> int | None:
        """Suspense of heap ``n``, or ``None`` (beyond reach)."""
        return self._at(n, 1)

    def _at(self, n: int, which: int) -> int | None:
        table = self.s if which else self.r
        if n < len(table):
            return table[n]
        cap = max(self.max_work // len(self.members), 4 * self.w)
        while n >= len(table) and self._period[which] is None and len(table) <= cap:
            self._grow(min(cap + 1, max(64, 4 * self.w, 2 * len(table))))
            self._find_periods()
        if n < len(table):
            return table[n]
        per = self._period[which]
        if per is None:
            return None
        p, c = per
        last = len(table) - 1
        k = -(-(n - last) // p)  # periods to step back into the pass
        return table[n - k * p] + k * c

    def _grow(self, size: int) -> None:
        from grundy.solve.budget import look

        r, s, members = self.r, self.s, self.members
        what = f"{self.name}: the remoteness and suspense to heap {size - 1:,}"
        for n in range(len(r), size):
            if not n & 0x3FFF:
                look(what, 0x4000)
            ro: list[int] = []
            so: list[int] = []
            for k in members:
                if k > n:
                    break
                ro.append(r[n - k])
                so.append(s[n - k])
            if not ro:
                r.append(0)
                s.append(0)
                continue
            even_r = [x for x in ro if not x & 1]
            even_s = [x for x in so if not x & 1]
            r.append(1 + (min(even_r) if even_r else max(ro)))
            s.append(1 + (max(even_s) if even_s else min(so)))

    def _find_periods(self) -> None:
        if len(self.r) == self._checked:
            return
        self._checked = len(self.r)
        for which, table in enumerate((self.r, self.s)):
            if self._period[which] is None:
                self._period[which] = _arithmetic_window(table, self.w)


def _arithmetic_window(values: Sequence[int], w: int) -> tuple[int, int] | None:
    """The least ``p`` (with its ``c``) such that ``values[m + p] = values[m] + c``,
    ``c`` even, for the last ``w`` heaps ``m + p`` of ``values`` (the proof of
    :class:`SubtractionCounts`), or ``None``.

    >>> _arithmetic_window([0, 1, 1, 2, 3, 3, 4, 5, 5, 6], 2)   # take 1 or 2
    (3, 2)
    """
    import numpy as np

    a = np.asarray(values, dtype=np.int64)
    last = len(a) - 1
    if last - w + 1 < 1:
        return None
    ps = np.arange(1, last - w + 2, dtype=np.int64)  # the window m = last-w+1-p .. >= 0
    c = a[last] - a[last - ps]
    keep = (c & 1) == 0
    ps, c = ps[keep], c[keep]
    for j in range(1, w):
        if not len(ps):
            return None
        ok = a[last - j] - a[last - j - ps] == c
        ps, c = ps[ok], c[ok]
    if not len(ps):
        return None
    return int(ps[0]), int(c[0])
