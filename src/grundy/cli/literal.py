"""Tables as array literals to paste into a contest solution (``grundy table GAME
--to N --format cpp|py``).

>>> print(array_literal("kayles", 0, [0, 1, 2, 3], "cpp", "grundy table kayles --to 3 --format cpp"))
// grundy table kayles --to 3 --format cpp
// kayles_sg[n]: the Grundy value of heap n, for n = 0..3
const int kayles_sg[4] = {0, 1, 2, 3};
>>> print(array_literal("subtraction:1,3,4", 5, [0, 1, 2], "py", "..."))
# ...
# subtraction_1_3_4_sg[n - 5]: the Grundy value of heap n, for n = 5..7
subtraction_1_3_4_sg = [0, 1, 2]
>>> print(pairs_literal("wythoff", [(0, 0), (1, 2)], "cpp", "..."))
// ...
// wythoff_p[i] = {a, b}: the P-positions (a <= b) with b <= the table's end
const long long wythoff_p[2][2] = {{0, 0}, {1, 2}};
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grundy.values.errors import InvalidParameterError

__all__ = ["array_literal", "pairs_literal", "identifier"]

_PER_LINE = 20
_INT_MAX = 2**31 - 1
_LLONG_MAX = 2**63 - 1


def identifier(name: str) -> str:
    """A C and Python identifier from a game's name.

    >>> identifier("octal:0.07"), identifier("grundys-game"), identifier("3x")
    ('octal_0_07', 'grundys_game', 'g_3x')
    """
    ident = re.sub(r"\W+", "_", name).strip("_") or "game"
    return ident if not ident[0].isdigit() else "g_" + ident


def _body(items: Sequence[str]) -> str:
    """Items joined by ``, ``, broken into lines of :data:`_PER_LINE`."""
    if len(items) <= _PER_LINE:
        return ", ".join(items)
    lines = [", ".join(items[i:i + _PER_LINE]) for i in range(0, len(items), _PER_LINE)]
    return "\n    " + ",\n    ".join(lines) + "\n"


def _ctype(top: int, what: str) -> str:
    if top <= _INT_MAX:
        return "int"
    if top <= _LLONG_MAX:
        return "long long"
    raise InvalidParameterError(f"{what} reaches {top}, beyond a 64-bit integer: use --format py")


def array_literal(name: str, start: int, values: Sequence[int], fmt: str, command: str) -> str:
    """The values of heaps ``start, start + 1, ...`` as a C++ (``cpp``) or Python
    (``py``) array literal, after comments saying what it holds."""
    var = identifier(name) + "_sg"
    end = start + len(values) - 1
    index = "n" if start == 0 else f"n - {start}"
    what = f"{var}[{index}]: the Grundy value of heap n, for n = {start}..{end}"
    items = [str(v) for v in values]
    if fmt == "py":
        return f"# {command}\n# {what}\n{var} = [{_body(items)}]"
    ctype = _ctype(max(values, default=0), "a value")
    return f"// {command}\n// {what}\nconst {ctype} {var}[{len(values)}] = {{{_body(items)}}};"


def pairs_literal(name: str, pairs: Sequence[tuple[int, int]], fmt: str, command: str) -> str:
    """The P-positions ``(a, b)`` of a game on pairs as an array literal."""
    var = identifier(name) + "_p"
    items = [f"({a}, {b})" if fmt == "py" else f"{{{a}, {b}}}" for a, b in pairs]
    what = f"{var}[i] = {{a, b}}: the P-positions (a <= b) with b <= the table's end"
    if fmt == "py":
        return f"# {command}\n# {what.replace('{a, b}', '(a, b)')}\n{var} = [{_body(items)}]"
    top = max((max(p) for p in pairs), default=0)
    ctype = "long long" if top <= _LLONG_MAX else _ctype(top, "a P-position")
    return f"// {command}\n// {what}\nconst {ctype} {var}[{len(pairs)}][2] = {{{_body(items)}}};"
