"""The memoised search solver for acyclic impartial games.

One iterative depth-first search (never Python recursion, so a chain of a million
positions is fine) computes Sprague-Grundy values by the mex rule, splitting
``Sum`` options into their components: a move to ``Sum(a, b)`` has value
``g(a) ^ g(b)`` and only ``a`` and ``b`` are searched, never the product space.
The same search, parameterised by what a position's value is made of, computes
remoteness and suspense.

Meeting a position that is still being expanded means the game graph has a cycle;
the search raises :class:`~grundy.values.errors.LoopyGameError` naming a position on
it.

>>> import grundy
>>> @grundy.ruleset
... def chain(n):
...     if n:
...         yield n - 1
>>> chain[1_000_000].value        # a million positions deep
0
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING, Any

from grundy.values.errors import (
    BadOptionError,
    LoopyGameError,
    MoveFunctionError,
    SearchLimitError,
    UnhashablePositionError,
)
from grundy.rules.sums import Sum

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["Solver", "remoteness_rule", "suspense_rule"]

Progress = Callable[[int], None]
_PROGRESS_EVERY = 1 << 16


def remoteness_rule(child_values: list[int]) -> int:
    """Remoteness from the remotenesses of the options (Steinhaus).

    A terminal position has remoteness 0. A winner (some option has even
    remoteness, i.e. is a P-position) hurries: ``1 + min`` over even options. A
    loser delays: ``1 + max`` over all options. Even remoteness <=> P-position.

    >>> remoteness_rule([]), remoteness_rule([1, 3]), remoteness_rule([1, 2, 4])
    (0, 4, 3)
    """
    if not child_values:
        return 0
    best = -1
    for r in child_values:
        if not r & 1 and (best < 0 or r < best):
            best = r
    return 1 + (best if best >= 0 else max(child_values))


def suspense_rule(child_values: list[int]) -> int:
    """Suspense (the Every-SG step function) from the suspenses of the options.

    The mirror image of remoteness: a winner delays (``1 + max`` over options with
    even suspense), a loser hurries (``1 + min`` over all options). Even suspense
    <=> P-position. In an Every-SG game (every component moves each turn) the player
    to move wins iff the largest suspense of the components is odd.

    >>> suspense_rule([]), suspense_rule([1, 3]), suspense_rule([1, 2, 4])
    (0, 2, 5)
    """
    if not child_values:
        return 0
    best = -1
    for s in child_values:
        if not s & 1 and s > best:
            best = s
    return 1 + (best if best >= 0 else min(child_values))


class Solver:
    """Memoised brute-force analysis of one ruleset from its raw move function.

    The memo persists across queries (``len(solver)`` positions known) and is
    dropped by :meth:`clear`. A ruleset's ``solver`` attribute holds its solver;
    closed forms never enter it, so it is the brute-force reference.

    >>> import grundy
    >>> s = grundy.games.get("lasker").solver
    >>> [s.value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> s.value(grundy.Sum(3, 5))      # 4 ^ 5
    1
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._values: dict[Hashable, int] = {}
        self._remoteness: dict[Hashable, int] = {}
        self._suspense: dict[Hashable, int] = {}

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget every memoised result."""
        self._values.clear()
        self._remoteness.clear()
        self._suspense.clear()

    # ------------------------------------------------------------------ moves
    def options(self, position: Hashable, limit: int | None = None) -> list[Hashable]:
        """The options of ``position`` as a list, with the move function's misbehaviour
        turned into grundy errors naming the position. With ``limit``, a position
        with more options raises :class:`SearchLimitError` instead of listing them."""
        ruleset = self.ruleset
        try:
            it = ruleset.moves(position)
            if it is None:
                raise MoveFunctionError(
                    f"{ruleset.name}.moves({position!r}) returned None, not an iterable "
                    "of options (did you forget to 'yield'?)"
                )
            if limit is None:
                return list(it)
            opts = list(islice(it, limit + 1))
            if len(opts) > limit:
                raise SearchLimitError(
                    f"{ruleset.name}: position {position!r} has more than {limit:,} options"
                )
            return opts
        except SearchLimitError:
            raise
        except MoveFunctionError:
            raise
        except Exception as exc:  # the user's code failed: name the position
            raise MoveFunctionError(
                f"{ruleset.name}.moves({position!r}) raised {type(exc).__name__}: {exc}"
            ) from exc

    def _bad_option(self, position: Hashable, opts: Iterable[Any]) -> BadOptionError:
        for o in opts:
            parts = o.parts if type(o) is Sum else (o,)
            for part in parts:
                try:
                    hash(part)
                except TypeError:
                    return BadOptionError(
                        f"{self.ruleset.name}.moves({position!r}) yielded {part!r}, which is "
                        "not hashable; options must be hashable positions or grundy.Sum"
                    )
        return BadOptionError(f"{self.ruleset.name}.moves({position!r}) yielded a bad option")

    # ------------------------------------------------------------------ values
    def value(
        self, position: Hashable, *, progress: Progress | None = None, limit: int | None = None
    ) -> int:
        """The Sprague-Grundy value of ``position`` (a position or a ``Sum``).

        O(positions + moves) the first time, over the positions reachable from
        ``position`` that are not yet in the memo; O(1) after. With ``limit``, a
        search that would expand more positions raises :class:`SearchLimitError`
        (what it finished stays memoised).
        """
        if type(position) is Sum:
            v = 0
            for part in position.parts:
                v ^= self.value(part, progress=progress, limit=limit)
            return v
        try:
            return self._values[position]
        except KeyError:
            pass
        except TypeError:
            raise UnhashablePositionError(
                f"position {position!r} is not hashable; use tuples or frozensets"
            ) from None
        self._search(position, progress, limit)
        return self._values[position]

    def _search(self, root: Hashable, progress: Progress | None, limit: int | None = None) -> None:
        memo = self._values
        get = memo.get
        options: Callable[[Hashable], list[Hashable]] = self.options
        if limit is not None:
            options = partial(self.options, limit=limit)
        pending: dict[Hashable, list[Hashable]] = {}  # expanded, not yet finished
        stack: list[Hashable] = [root]
        push = stack.append
        pop = stack.pop
        expanded = 0
        while stack:
            p = pop()
            if p in memo:
                continue
            opts = pending.pop(p, None)
            if opts is not None:
                # Second visit: every option's components are now known.
                seen = set()
                for o in opts:
                    v = get(o)
                    if v is None:
                        v = 0
                        for c in o.parts:  # type: ignore[attr-defined]
                            v ^= memo[c]
                    seen.add(v)
                m = 0
                while m in seen:
                    m += 1
                memo[p] = m
                continue
            # First visit: expand.
            opts = options(p)
            expanded += 1
            if progress is not None and not expanded % _PROGRESS_EVERY:
                progress(expanded)
            if limit is not None and expanded > limit:
                raise SearchLimitError(
                    f"{self.ruleset.name}: the value of {root!r} needs more than "
                    f"{limit:,} positions"
                )
            missing: list[Hashable] | None = None
            seen = set()
            try:
                for o in opts:
                    v = get(o)
                    if v is None:
                        if type(o) is Sum:
                            for c in o.parts:
                                if c not in memo:
                                    if c in pending or c == p:
                                        raise self._loop(c)
                                    if missing is None:
                                        missing = []
                                    missing.append(c)
                            if missing is None:
                                v = 0
                                for c in o.parts:
                                    v ^= memo[c]
                                seen.add(v)
                            continue
                        if o in pending or o == p:
                            raise self._loop(o)
                        if missing is None:
                            missing = []
                        missing.append(o)
                    elif missing is None:
                        seen.add(v)
            except TypeError:
                raise self._bad_option(p, opts) from None
            if missing is None:
                m = 0
                while m in seen:
                    m += 1
                memo[p] = m
            else:
                pending[p] = opts
                push(p)
                stack.extend(missing)
        if progress is not None:
            progress(expanded)

    def _loop(self, position: Hashable) -> LoopyGameError:
        return LoopyGameError(
            f"{self.ruleset.name}: the game graph has a cycle through position {position!r}; "
            "Sprague-Grundy values of acyclic games do not apply (use a loopy-game solver)",
            position,
        )

    # ------------------------------------------------------- remoteness, suspense
    def remoteness(
        self, position: Hashable, *, limit: int | None = None, progress: Progress | None = None
    ) -> int:
        """Remoteness of ``position``: the number of moves the game lasts when the
        winner hurries to win and the loser delays. See :func:`remoteness_rule`.

        A ``Sum`` position (or a ``Sum`` option) is analysed as the sum game, whose
        positions are the combinations of its components' positions; ``limit``
        bounds how many positions the search may expand.
        """
        return self._tree_search(position, remoteness_rule, self._remoteness, limit, progress)

    def suspense(
        self, position: Hashable, *, limit: int | None = None, progress: Progress | None = None
    ) -> int:
        """Suspense (Every-SG step count) of ``position``: the winner delays, the loser
        hurries. See :func:`suspense_rule`."""
        return self._tree_search(position, suspense_rule, self._suspense, limit, progress)

    def node_options(self, node: Hashable, limit: int | None = None) -> list[Hashable]:
        """Options of a node of the full game tree, where a node is a position or a
        ``Sum`` of positions: moving in a sum moves in exactly one part."""
        if type(node) is not Sum:
            return [_normal(o) for o in self.options(node, limit)]
        parts = node.parts
        result: list[Hashable] = []
        done: set[Hashable] = set()
        for i, c in enumerate(parts):
            if c in done:
                continue
            done.add(c)
            rest = parts[:i] + parts[i + 1 :]
            for o in self.options(c, limit):
                result.append(_normal(Sum(*rest, o)))
        return result

    def _tree_search(
        self,
        root: Hashable,
        rule: Callable[[list[int]], int],
        memo: dict[Hashable, int],
        limit: int | None,
        progress: Progress | None,
    ) -> int:
        root = _normal(root)
        try:
            return memo[root]
        except KeyError:
            pass
        except TypeError:
            raise UnhashablePositionError(
                f"position {root!r} is not hashable; use tuples or frozensets"
            ) from None
        expand = self.node_options
        pending: dict[Hashable, list[Hashable]] = {}
        stack: list[Hashable] = [root]
        expanded = 0
        while stack:
            p = stack.pop()
            if p in memo:
                continue
            opts = pending.pop(p, None)
            if opts is None:
                opts = expand(p, limit)
                expanded += 1
                if limit is not None and expanded > limit:
                    raise SearchLimitError(
                        f"{self.ruleset.name}: the search from {root!r} needs more than "
                        f"{limit:,} positions"
                    )
                if progress is not None and not expanded % _PROGRESS_EVERY:
                    progress(expanded)
                try:
                    missing = [o for o in opts if o not in memo]
                except TypeError:
                    raise self._bad_option(p, opts) from None
                if missing:
                    for o in missing:
                        if o in pending or o == p:
                            raise self._loop(o)
                    pending[p] = opts
                    stack.append(p)
                    stack.extend(missing)
                    continue
            memo[p] = rule([memo[o] for o in opts])
        return memo[root]


def _normal(node: Hashable) -> Hashable:
    """A ``Sum`` of one part is that part."""
    if type(node) is Sum and len(node.parts) == 1:
        return node.parts[0]
    return node
