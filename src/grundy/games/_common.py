"""Validation and parsing helpers shared by the catalogue."""

from __future__ import annotations

import ast
import re
from typing import Any

from grundy.values.errors import InvalidParameterError, InvalidPositionError
from grundy.rules.ruleset import Ruleset
from grundy.rules.moves import format_heap_move, parse_heap_move
from collections.abc import Hashable

__all__ = ["HeapRuleset", "heap", "heaps", "parse_int", "parse_int_list", "parse_heaps", "positive_param"]

_EXP_ANY = re.compile(r"(?<![\w.])(\d+)[eE](\d+)(?![\w.])")
_MAX_BITS = 1 << 24


def heap(game: str, x: Any, what: str = "heap size") -> int:
    """``x`` if it is a non-negative int, else :class:`InvalidPositionError`."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise InvalidPositionError(f"{game}: {what} must be a non-negative integer; got {x!r}")
    if x < 0:
        raise InvalidPositionError(f"{game}: {what} must be non-negative; got {x!r}")
    return x


def parse_int(text: str, what: str = "integer", game: str = "") -> int:
    """Parse an exact integer: ``42``, ``1_000``, ``10**100``, ``10^100``, ``1e18``,
    or integer arithmetic on them (``10**100+1``, ``3*2^40``). Never a float.

    >>> parse_int("10^3"), parse_int("2**10 - 1"), parse_int("1e18") == 10**18
    (1000, 1023, True)
    """
    prefix = f"{game}: " if game else ""
    t = _EXP_ANY.sub(lambda m: f"({m.group(1)}*10**{m.group(2)})", text.strip()).replace("^", "**")
    try:
        tree = ast.parse(t, mode="eval")
        value = _eval_int(tree.body)
    except (SyntaxError, ValueError, TypeError, ZeroDivisionError, RecursionError):
        raise InvalidPositionError(f"{prefix}not an {what}: {text!r}") from None
    except OverflowError:
        raise InvalidPositionError(
            f"{prefix}{text!r} is too large (over {_MAX_BITS:,} bits)"
        ) from None
    return value


def _eval_int(node: ast.AST) -> int:
    """Integer arithmetic only: literals, + - * // % ** and unary minus."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _eval_int(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp):
        a, b = _eval_int(node.left), _eval_int(node.right)
        op = node.op
        if isinstance(op, ast.Add):
            return a + b
        if isinstance(op, ast.Sub):
            return a - b
        if isinstance(op, ast.Mult):
            if a.bit_length() + b.bit_length() > _MAX_BITS:
                raise OverflowError
            return a * b
        if isinstance(op, ast.FloorDiv):
            return a // b
        if isinstance(op, ast.Mod):
            return a % b
        if isinstance(op, ast.Pow):
            if b < 0:
                raise ValueError("negative exponent")
            if abs(a) > 1 and b * a.bit_length() > _MAX_BITS:
                raise OverflowError
            result: int = a**b
            return result
    raise ValueError(f"not integer arithmetic: {ast.dump(node)}")


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


def heaps(game: str, x: Any, what: str = "heap") -> tuple[int, ...]:
    """``x`` as a tuple of non-negative ints, else :class:`InvalidPositionError`."""
    if isinstance(x, bool) or isinstance(x, int):
        return (heap(game, x, what + " size"),)
    if not isinstance(x, tuple):
        raise InvalidPositionError(
            f"{game}: a position is a tuple of non-negative integers; got {x!r}"
        )
    for i, h in enumerate(x):
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            raise InvalidPositionError(
                f"{game}: {what} {i + 1} must be a non-negative integer; got {h!r} in {x!r}"
            )
    return x


def parse_heaps(text: str, game: str) -> tuple[int, ...]:
    """``"3 4 5"``, ``"3,4,5"`` or ``"(3, 4, 5)"`` as a tuple of exact ints."""
    body = text.strip().strip("()[]{}")
    items = [t for t in re.split(r"[\s,]+", body) if t]
    return tuple(parse_int(t, "integer", game) for t in items)


def positive_param(game: str, name: str, x: Any, minimum: int = 1) -> int:
    """A parameter that must be an int >= ``minimum``."""
    if isinstance(x, bool) or not isinstance(x, int) or x < minimum:
        raise InvalidParameterError(f"{game}: {name} must be an integer >= {minimum}; got {x!r}")
    return x


class HeapRuleset(Ruleset):
    """A ruleset whose positions are single heaps: non-negative exact integers."""

    def validate(self, position: Any) -> None:
        heap(self.name, position)

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
            return format_heap_move(position, option)
        return super().format_move(position, option)

    def parse_move(self, position: Any, text: str) -> Hashable:
        if isinstance(position, int):
            return parse_heap_move(self, position, text)
        return super().parse_move(position, text)
