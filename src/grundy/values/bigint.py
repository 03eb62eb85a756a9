"""Exact decimal text of integers of any size.

Python refuses ``str`` and ``repr`` of an int over 4,300 digits (its guard against
quadratic conversions). A heap of 10^100000 is a legal position, so the package
formats positions with :func:`int_text`: exact, by divide and conquer on powers
of ten (pieces under 1,000 digits go through ``str``), whatever the
interpreter's limit.

>>> int_text(-12)
'-12'
>>> t = int_text(10**5000 + 7)
>>> len(t), t[:3], t[-3:]
(5001, '100', '007')
"""

from __future__ import annotations

__all__ = ["int_text", "exact_repr"]

#: Digits of the smallest piece (well under Python's 4,300-digit limit).
_PIECE = 1_000
#: Ints below ``2**_BITS`` have at most 4,000 digits: plain ``repr``.
_BITS = 13_000


def int_text(x: object) -> str:
    """``repr(x)`` for an ``int`` of any size (exact; ``bool`` as ``True``/``False``).

    >>> int_text(10**4400) == "1" + "0" * 4400
    True
    """
    if type(x) is not int or x.bit_length() < _BITS:
        return repr(x)
    sign = "-" if x < 0 else ""
    x = abs(x)
    pows = [10**_PIECE]
    while pows[-1] <= x:
        pows.append(pows[-1] * pows[-1])
    parts: list[str] = []

    def emit(v: int, level: int, pad: int) -> None:
        # v < pows[level + 1]; pad: the exact width to fill with leading zeros (0: none)
        if level < 0:
            s = str(v)
            parts.append(s.zfill(pad) if pad else s)
            return
        q, r = divmod(v, pows[level])
        width = _PIECE << level
        if pad == 0 and q == 0:
            emit(r, level - 1, 0)
            return
        emit(q, level - 1, pad - width if pad else 0)
        emit(r, level - 1, width)

    emit(x, len(pows) - 2, 0)
    return sign + "".join(parts)


def exact_repr(obj: object) -> str:
    """``repr(obj)`` with the integers inside it in full, however long (Python's
    4,300-digit guard is lifted for this one call).

    >>> r = exact_repr([1, (2, 10**5000)])
    >>> len(r), r[:8]
    (5011, '[1, (2, ')
    """
    import sys

    get = getattr(sys, "get_int_max_str_digits", None)
    if get is None:  # pragma: no cover - Python without the guard
        return repr(obj)
    old = get()
    sys.set_int_max_str_digits(0)
    try:
        return repr(obj)
    finally:
        sys.set_int_max_str_digits(old)
