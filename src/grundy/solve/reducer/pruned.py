"""The pruned search: only what decides an outcome is searched (an N-position
needs one option that is a P-position, the search stops at the first), and a
Grundy value is the ``k`` of the first P-position among ``G + *0, G + *1, ...``
(Lemoine and Viennot's nimbers by outcome searches). Its reading copy is
:func:`grundy.solve.reference_pruned.reference_wins`; the property tests
(``tests/solve/test_pruned_reference.py``) hold the two equal.

Frames are generators that yield queries ``(position, k)`` ("does the player to
move win ``position + *k``?") and receive their answers; :meth:`_Pruned.run`
drives them with an explicit stack (a chain of a million positions is fine).

>>> import grundy
>>> from grundy.solve.reducer import PRUNED
>>> kayles = grundy.games.get("kayles")
>>> _Pruned(kayles, PRUNED, Budget(), 7).value_of(7), _Pruned(kayles, PRUNED, Budget(), 7).wins(7, 2)
(2, False)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from grundy.rules.sums import Sum
from grundy.solve.budget import Budget
from grundy.solve.guard import guard
from grundy.solve.reducer.bound import Ticker
from grundy.solve.reducer.memos import _memo_named, memo_of
from grundy.solve.reducer.options import (
    _bad_option, _canonical, _canonical_hook, _formula, _loop, _parts, options,
)
from grundy.solve.reducer.rules import GRUNDY, Search
from grundy.values.errors import UnhashablePositionError, describe

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__: list[str] = []

# A query: does the player to move win `position + *k`? Frames are generators that
# yield queries and receive their answers; a driver runs them with an explicit stack.
_Query = tuple[Hashable, int]
_Frame = Any  # Generator[_Query, bool, bool | int]


class _Pruned:
    """One pruned search. ``values`` is the ruleset's Grundy memo (every value found
    here is exact); ``excluded`` maps a position to the bitmask of the ``k`` it is
    known not to be worth (``G + *k`` is an N-position)."""

    def __init__(self, ruleset: Ruleset, search: Search, budget: Budget, root: Hashable) -> None:
        self.ruleset = ruleset
        self.values = memo_of(ruleset, GRUNDY)
        self.excluded = _memo_named(ruleset, "excluded nimbers")
        self.canon = _canonical_hook(ruleset) if search.canonical else None
        # the hook declines with None (the move function's order)
        self.order = ruleset.order_options if search.order else None
        self.meter = budget.start()
        self.what = f"{ruleset.name}: the outcome search of {describe(root)}"
        self.active: set[_Query] = set()
        self.split: dict[Hashable, tuple[Hashable, ...]] = {}
        # the ruleset's closed form, asked once for each new part (a hook that
        # declines with None, as every ruleset's does by default)
        self.formula = ruleset.value_formula if search.canonical else None
        self.ticker = Ticker(self.meter, self.what, [self.values, self.excluded], (self.split,))

    # ---------------------------------------------------------------- answers
    def wins(self, node: Hashable, k: int) -> bool:
        """Whether the player to move wins ``node + *k``."""
        return bool(self.run(self.sum_frame(self.parts(node), k)))

    def value_of(self, node: Hashable) -> int:
        """The Grundy value of ``node``, by outcome searches."""
        def frame() -> Any:
            x = 0
            for p in self.parts(node):
                x ^= yield from self.value_frame(p)
            return x
        return int(self.run(frame()))

    def run(self, root: _Frame) -> Any:
        """Drive the frames: a query answered by the memo is answered at once; any
        other opens a frame (counted against the budget) on top of the stack."""
        try:
            with guard(self.meter, self.what):
                return self._drive(root)
        except MemoryError:  # an address-space limit met between two looks at the memory
            raise self.meter.out_of_memory(self.what) from None

    def _drive(self, root: _Frame) -> Any:
        stack = [root]
        send: Any = None
        quick, active, tick = self.quick, self.active, self.ticker.tick
        while True:
            try:
                g, k = stack[-1].send(send)
            except StopIteration as stop:
                stack.pop()
                if not stack:
                    return stop.value
                send = stop.value
                continue
            send = quick(g, k)
            if send is None:
                if (g, k) in active:
                    raise _loop(self.ruleset, g)
                tick()
                active.add((g, k))
                stack.append(self.frame(g, k))

    def quick(self, g: Hashable, k: int) -> bool | None:
        """The answer the memo knows (None: search)."""
        try:
            v = self.values.get(g)
        except TypeError:
            raise UnhashablePositionError(
                f"position {describe(g)} is not hashable; use tuples or frozensets") from None
        if v is not None:
            return v != k
        if self.excluded.get(g, 0) >> k & 1:
            return True
        return None

    # ---------------------------------------------------------------- frames
    def frame(self, g: Hashable, k: int) -> _Frame:
        """Whether ``g + *k`` is won (and the memo learns it): by an option ``o``
        with ``o + *k`` lost, else by a heap move to ``g + *j``, ``j < k``, lost."""
        try:
            won = yield from self.search_options(g, k)
            if not won:
                for j in range(k):
                    if not (yield (g, j)):
                        won = True
                        break
        finally:
            self.active.discard((g, k))
        if won:
            self.excluded[g] = self.excluded.get(g, 0) | 1 << k
        else:
            self.values[g] = k
            self.excluded.pop(g, None)
        return won

    def search_options(self, g: Hashable, k: int) -> _Frame:
        """Whether some option ``o`` of ``g`` has ``o + *k`` lost: first the options
        the memo decides, then the others in order."""
        opts = options(self.ruleset, g, None, self.meter)
        if self.order is not None:
            ordered = self.order(g, opts)
            if ordered is not None:
                opts = ordered
        values, excluded = self.values, self.excluded
        later: list[tuple[tuple[Hashable, ...], int]] = []
        try:
            for o in opts:
                parts = self.parts(o)
                x, unknown = 0, []
                for p in parts:
                    v = values.get(p)
                    if v is None:
                        unknown.append(p)
                    else:
                        x ^= v
                if not unknown:
                    if x == k:
                        return True
                elif len(unknown) == 1:
                    if not excluded.get(unknown[0], 0) >> (k ^ x) & 1:
                        later.append(((unknown[0],), k ^ x))
                else:
                    later.append((parts, k))
        except TypeError:
            raise _bad_option(self.ruleset, g, opts) from None
        for parts, j in later:
            if not (yield from self.sum_frame(parts, j)):
                return True
        return False

    def sum_frame(self, parts: tuple[Hashable, ...] | list[Hashable], k: int) -> _Frame:
        """Whether ``parts + *k`` is won: the nimbers of all parts but the last, then
        the outcome of the last part plus a heap of their XOR with ``k``."""
        if not parts:
            return k != 0
        for p in parts[:-1]:
            k ^= yield from self.value_frame(p)
        return (yield (parts[-1], k))

    def value_frame(self, p: Hashable) -> _Frame:
        """The Grundy value of ``p``: the first ``j`` with ``p + *j`` lost."""
        v = self.values.get(p)
        j = 0
        while v is None:
            if not (yield (p, j)):
                return j
            j += 1
            v = self.values.get(p)
        return v

    def parts(self, node: Hashable) -> tuple[Hashable, ...]:
        """``node`` (a position or a Sum) as its parts (cached for the search): the
        parts ``decompose`` gives, as they are (a ruleset gives them in canonical
        form), and the other positions replaced by their canonical representative."""
        got = self.split.get(node)
        if got is not None:
            return got
        out: list[Hashable] = []
        for q in node.parts if type(node) is Sum else (node,):
            sub = _parts(self.ruleset, q)
            if sub is not None:
                out.extend(sub)
                continue
            if self.canon is not None:
                c = _canonical(self.ruleset, q, self.canon)
                if c is not None:
                    q = c
            out.append(q)
        result = tuple(out)
        self.split[node] = result
        if self.formula is not None:
            for q in result:
                if q not in self.values:
                    v = _formula(self.ruleset, q, self.formula)
                    if v is not None:
                        self.values[q] = v
        return result
