"""The mex-set search: Beling and Rogalski's pruning of the mex search (a
position is asked whether its value lies in a set of nimbers that matter). Its
reading copy is :func:`grundy.solve.reference_pruned.reference_in_set`; the
property tests (``tests/solve/test_pruned_reference.py``) hold the two equal.

>>> import grundy
>>> from grundy.solve.reducer import MEX_SETS
>>> kayles = grundy.games.get("kayles")
>>> _MexSets(kayles, MEX_SETS, Budget(), 9).value_of(9)
4
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from grundy.solve.budget import Budget
from grundy.solve.reducer.options import _bad_option, options
from grundy.solve.reducer.pruned import _Frame, _Pruned
from grundy.values.errors import UnhashablePositionError, describe

__all__: list[str] = []

_NOT_IN_SET = -1  # the answer "the value is not in the set asked for"
_ALL = -1  # the set of every nimber (as a query)


def _xor_set(nimbers: int, x: int) -> int:
    """The bitmask ``{n ^ x : n in nimbers}``."""
    out = 0
    while nimbers:
        low = nimbers & -nimbers
        out |= 1 << ((low.bit_length() - 1) ^ x)
        nimbers ^= low
    return out


class _MexSets(_Pruned):
    """A value search pruned as in Beling and Rogalski, *On pruning search trees of
    impartial games* (Artificial Intelligence 283, 2020): a query ``(g, R)`` asks
    for the value of ``g`` only if it lies in ``R`` (a bitmask of nimbers; the
    answer is the value, or ``_NOT_IN_SET`` when it is known not to be in ``R``).

    ``g`` with ``m`` options is worth at most ``m``; ``P``, the values still
    possible, starts as ``{0..m}``. Options the memo knows take their values out of
    ``P``; each other option is asked about ``(P - {max P})`` cut to ``R``'s range,
    and takes out its value when the answer is one of those, else ``max P`` (so
    ``P`` keeps one more element than there are options left). Once ``P`` misses
    ``R`` the answer is "not in ``R``". At the end the least ``x`` of ``P`` is the
    value when every answer was exact or ``x <= max R``: every smaller nimber is
    an option's value (none was removed as a maximum), and an option worth ``x``
    would have been asked about ``x`` and taken it out. A value in ``R`` is never
    removed as a maximum, which is why missing ``R`` is final. Exact values go to
    the Grundy memo shared with the other searches."""

    def value_of(self, node: Hashable) -> int:
        """The Grundy value of ``node``: each part asked about ``{0}``, ``{1}``, ...
        until the answer is exact (Beling's aspiration sets, one nimber each)."""
        def frame() -> Any:
            x = 0
            for p in self.parts(node):
                k = 0
                while True:
                    v = yield (p, 1 << k)
                    if v >= 0:
                        break
                    k += 1
                x ^= v
            return x
        return int(self.run(frame()))

    def quick(self, g: Hashable, want: int) -> Any:
        """The value the memo knows, or ``_NOT_IN_SET`` when the excluded nimbers
        cover ``want`` (None: search)."""
        try:
            v = self.values.get(g)
        except TypeError:
            raise UnhashablePositionError(
                f"position {describe(g)} is not hashable; use tuples or frozensets") from None
        if v is None and want != _ALL and not want & ~self.excluded.get(g, 0):
            return _NOT_IN_SET
        return v

    def frame(self, g: Hashable, want: int) -> _Frame:
        """The value of ``g`` if it is in ``want`` (a bitmask; ``_ALL``: any), else
        possibly ``_NOT_IN_SET``; "not in ``want``" is kept with the excluded
        nimbers of the outcome search (the same fact: ``g + *k`` is won)."""
        try:
            ask = want if want == _ALL else want & ~self.excluded.get(g, 0)
            v = yield from self.in_set(g, ask)
        finally:
            self.active.discard((g, want))
        if v < 0:
            self.excluded[g] = self.excluded.get(g, 0) | want
        else:
            self.excluded.pop(g, None)
        return v

    def in_set(self, g: Hashable, want: int) -> _Frame:
        opts = options(self.ruleset, g, None, self.meter)
        if self.order is not None:
            ordered = self.order(g, opts)
            if ordered is not None:
                opts = ordered
        possible = (1 << (len(opts) + 1)) - 1
        if want == _ALL:
            want = possible
        upto = (1 << want.bit_length()) - 1  # the nimbers up to the largest asked for
        values = self.values
        later: list[tuple[tuple[Hashable, ...], int, list[Hashable]]] = []
        try:
            for o in opts:
                x, unknown = 0, []
                for p in self.parts(o):
                    v = values.get(p)
                    if v is None:
                        unknown.append(p)
                    else:
                        x ^= v
                if unknown:
                    later.append((tuple(unknown), x, unknown))
                elif x < possible.bit_length():
                    possible &= ~(1 << x)
        except TypeError:
            raise _bad_option(self.ruleset, g, opts) from None
        exact = True
        for unknown_parts, x, _ in later:
            if not possible & want:
                return _NOT_IN_SET
            top = 1 << (possible.bit_length() - 1)
            ask = (possible ^ top) & upto
            v = _NOT_IN_SET
            if ask:
                v = yield from self.option_in_set(unknown_parts, x, ask)
            if v >= 0 and (possible ^ top) >> v & 1:
                possible ^= 1 << v
            else:
                possible ^= top
                exact = exact and v >= 0
        if not possible & want:
            return _NOT_IN_SET
        least = (possible & -possible).bit_length() - 1
        if exact or least < upto.bit_length():
            values[g] = least
            return least
        return _NOT_IN_SET

    def option_in_set(self, parts: tuple[Hashable, ...], x: int, ask: int) -> _Frame:
        """The value of the option ``parts + *x`` if it is in ``ask``: the exact
        values of all parts but the last, then the last asked about the set moved
        by their XOR."""
        for p in parts[:-1]:
            x ^= yield (p, _ALL)
        v = yield (parts[-1], _xor_set(ask, x))
        return v if v < 0 else v ^ x
