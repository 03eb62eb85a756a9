"""Loopy games: win / lose / draw, remoteness with draws and generalised
Sprague-Grundy values for any ruleset whose positions can repeat.

:func:`analyze_loopy` explores every position reachable from a root with the
ruleset's move function (within a budget), numbers them once, builds CSR arrays and
runs the compiled retrograde analysis of :mod:`grundy.kernels.retrograde`. The
result, a :class:`LoopyAnalysis`, answers per position: outcome (P, N or D),
remoteness (the winner hurries, the loser delays; ``None`` for a draw), the
generalised value (``int`` or ``inf(K)``) and a winning or drawing move.

The rules may fix a result: :meth:`Ruleset.result` returns ``Outcome.P`` (the player
to move has lost), ``Outcome.N`` (has won) or ``Outcome.D`` (drawn), or ``None`` to
play on. So partizan contest games whose state carries whose turn it is solve with
the same machinery, with move counts.

>>> import grundy
>>> @grundy.ruleset
... def back_and_forth(n):              # take 1 or 2, or put one back below 4
...     yield from (n - k for k in (1, 2) if k <= n)
...     if 0 < n < 4:
...         yield n + 1
>>> a = analyze_loopy(back_and_forth, 6)
>>> [str(a.outcome(n)) for n in range(7)]
['P', 'N', 'N', 'D', 'D', 'D', 'D']
>>> a.remoteness(2), a.remoteness(3), a.move(2), a.move(5)   # win at once; keep the draw
(1, None, 0, 4)
>>> a.value(0), a.value(2), a.value(5)      # 2 wins alone, draws beside a heap of 1
(0, inf({0}), inf())
>>> @grundy.ruleset
... def spin(n):                # from 1 and 2 one may also go round: no longer *1, *2
...     yield from (n - k for k in (1, 2) if k <= n)
...     if n in (1, 2):
...         yield 3 - n
>>> b = analyze_loopy(spin, 3)
>>> [(str(b.outcome(n)), b.value(n)) for n in range(4)]
[('P', 0), ('N', inf({0})), ('N', inf({0})), ('P', 0)]

The reducer hands a cycle over to :func:`analyze_loopy`; the error for questions
that have no answer on a loopy game is :func:`loopy_unsupported`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from grundy.kernels.retrograde import (
    FIXED_DRAW, FIXED_LOSS, FIXED_WIN, INFINITE, LOSS, WIN,
    counters, game_csr, generalized_sg, predecessor_csr, retrograde,
)
from grundy.rules.sums import Sum
from grundy.solve.budget import Budget, as_budget, from_keywords
from grundy.solve.guard import guard_until
from grundy.values.errors import (
    InvalidPositionError, LoopyCompoundError, LoopyGameError, MoveFunctionError,
    SearchLimitError, UnhashablePositionError, describe,
)
from grundy.values import clock as _clock
from grundy.values import memory as _memory
from grundy.values.keywords import old_keywords
from grundy.values.loopy import LoopyValue, inf, loopy_outcome, loopy_sum
from grundy.values.outcome import Outcome

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["LoopyAnalysis", "analyze_loopy", "loopy_unsupported", "find_cycle", "CYCLE_BUDGET",
           "loopy_compound_error"]

_CODE = {Outcome.N: FIXED_WIN, Outcome.P: FIXED_LOSS, Outcome.D: FIXED_DRAW}
_OUTCOME = (Outcome.D, Outcome.N, Outcome.P)  # indexed by the kernel's codes


def loopy_unsupported(what: str, position: object) -> LoopyGameError:
    """The error for a question with no answer on a loopy game (misère play,
    Every-SG, suspense, ...): ``raise loopy_unsupported("misere play", p)``.

    >>> print(loopy_unsupported("misère play", 3))
    misère play is not defined for loopy games (position 3 can reach a cycle): ...
    """
    return LoopyGameError(
        f"{what} is not defined for loopy games (position {describe(position)} can reach a "
        "cycle): only outcomes, remoteness and generalised values are",
        position,
    )


_COMPOUND = {
    "misere": "misère play",
    "every": "Every-SG play (every component moves; the suspense theorem)",
    "conjunctive": "a conjunctive compound (the remoteness theorem)",
    "selective": "a selective compound with a drawn component",
    "sj": "the SJ theorem (Anti-SG)",
}


#: The budget of :func:`find_cycle`: options looked at.
CYCLE_BUDGET = Budget(positions=200_000)


@old_keywords(("limit",), lambda given: from_keywords(given, CYCLE_BUDGET))
def find_cycle(ruleset: Ruleset, root: Hashable, *,
               budget: Budget | None = None) -> Hashable | None:
    """A position on a cycle reachable from ``root`` (depth-first, at most
    ``budget.positions`` options looked at, the parts of a ``Sum`` option counting
    as options, for at most ``budget.seconds``; ``None``: :data:`CYCLE_BUDGET`), or
    ``None`` if there is none within the budget.

    >>> import grundy
    >>> @grundy.ruleset
    ... def cycle3(n):
    ...     yield (n + 1) % 3
    >>> find_cycle(cycle3, 0), find_cycle(grundy.games.get("nim"), 5)
    (0, None)
    """
    def options(p: Hashable) -> Iterator[Hashable]:  # lazily: a position may have 10^100
        for o in ruleset.moves(p):
            yield from (o.parts if type(o) is Sum else (o,))

    b = as_budget(budget, CYCLE_BUDGET)
    limit = b.positions
    deadline = None if b.seconds is None else _clock.now() + b.seconds
    state: dict[Hashable, int] = {root: 1}  # 1 on the path, 2 done
    stack = [(root, options(root))]
    steps = 0
    while stack:
        p, it = stack[-1]
        for o in it:
            steps += 1
            if limit is not None and steps > limit:
                return None
            if deadline is not None and not steps & 1023 and _clock.now() > deadline:
                return None
            s = state.get(o)
            if s == 1:
                return o
            if s is None:
                state[o] = 1
                stack.append((o, options(o)))
                break
        else:
            state[p] = 2
            stack.pop()
    return None


def loopy_compound_error(kind: str, games: Sequence[Any], cause: BaseException | None = None,
                         *, index: int | None = None) -> LoopyCompoundError:
    """The error for ``kind`` (``"misere"``, ``"every"``, ``"conjunctive"``,
    ``"selective"``, ``"sj"``) asked of the compound of ``games`` (``Game``
    objects) with a loopy component: names the component (the first that can
    reach a cycle, found by :func:`find_cycle`; ``index`` when already known)."""
    what = _COMPOUND.get(kind, kind)
    at: Hashable | None = None
    if index is None:
        for i, g in enumerate(games):
            try:
                at = find_cycle(g.ruleset, g.position)
            except Exception:  # pragma: no cover - a broken move function: name none
                at = None
            if at is not None:
                index = i
                break
    if index is None:
        where = (f"a component of {len(games)} can reach a cycle"
                 + (f" ({cause})" if cause is not None else ""))
        comp = None
    else:
        comp = games[index]
        if at is None:
            at = getattr(cause, "position", None)
        cyc = "" if at is None else f", through position {describe(at)}"
        where = f"component {index} ({comp!r}) can reach a cycle{cyc}"
    return LoopyCompoundError(
        f"{what} is not defined here for loopy games: {where}; ask each component for "
        "its outcome, remoteness or generalised value (a plain sum of loopy games is "
        "decided by generalised values)",
        at, index, comp,
    )


class LoopyAnalysis:
    """The analysis of every vertex of a finite game graph with cycles.

    Vertices are ``0 .. n-1`` inside; ``labels`` (when given) names them, and every
    method takes and returns names. Built by :func:`analyze_loopy` and
    :class:`grundy.GameGraph`; arrays (``outcome_codes``, ``remoteness_array``,
    ``value_labels``) are public for bulk use.
    """

    def __init__(
        self,
        n: int,
        src: Any,
        dst: Any,
        *,
        labels: Sequence[Hashable] | None = None,
        index: dict[Hashable, int] | None = None,
        terminal: Any = None,
        name: str = "graph",
    ) -> None:
        self.n = n
        self.name = name
        self.labels = labels
        self._index = index
        self.src = np.asarray(src)
        self.dst = np.asarray(dst)
        self.terminal = terminal
        # the out-degrees are used up as the kernel's counters (no copy), and
        # recomputed on demand: the peak memory is the CSR and three vertex arrays
        self.pstart, self.pred, deg = game_csr(self.src, self.dst, n)
        cnt = counters(deg, copy=False)
        del deg
        self._outdeg: Any = None
        self._sstart: Any = None
        self._succ: Any = None
        self._values: Any = None
        self._moves: Any = None
        self._sum_values: dict[int, LoopyValue] | None = None
        self.outcome_codes, self.remoteness_array = retrograde(
            self.pstart, self.pred, cnt, terminal, overwrite_outdeg=True
        )
        del cnt

    @property
    def outdeg(self) -> Any:
        """The number of options of each vertex (computed on first use)."""
        if self._outdeg is None:
            self._outdeg = np.diff(self.pstart_succ()).astype(self.pstart.dtype)
        return self._outdeg

    def pstart_succ(self) -> Any:
        """The ``start`` array of the successor CSR (built on first use)."""
        if self._sstart is None:
            self._sstart, self._succ = predecessor_csr(self.dst, self.src, self.n)
        return self._sstart

    # ------------------------------------------------------------ vertex names
    def vertex(self, i: int) -> Hashable:
        return i if self.labels is None else self.labels[i]

    def index(self, position: Any) -> int:
        """The number of ``position``; :class:`InvalidPositionError` if unknown."""
        if self.labels is None:
            if type(position) in (int, np.int32, np.int64) and 0 <= position < self.n:
                return int(position)
        else:
            if self._index is None:
                self._index = {v: i for i, v in enumerate(self.labels)}
            try:
                return self._index[position]
            except KeyError:
                pass
            except TypeError:
                raise UnhashablePositionError(
                    f"{self.name}: position {describe(position)} is not hashable"
                ) from None
        raise InvalidPositionError(f"{self.name}: {describe(position)} is not a vertex of the graph")

    def __len__(self) -> int:
        return self.n

    def __contains__(self, position: object) -> bool:
        try:
            self.index(position)
        except (InvalidPositionError, UnhashablePositionError):
            return False
        return True

    # ---------------------------------------------------------------- answers
    @property
    def has_draws(self) -> bool:
        return bool((self.outcome_codes == 0).any())

    def outcome(self, position: Any) -> Outcome:
        """P, N or D (draw) for the player to move."""
        return _OUTCOME[self.outcome_codes[self.index(position)]]

    def remoteness(self, position: Any) -> int | None:
        """Moves to the end when the winner hurries and the loser delays (terminal
        results count 0), or ``None`` for a draw."""
        r = int(self.remoteness_array[self.index(position)])
        return None if r < 0 else r

    def successors(self, i: int) -> Any:
        """Numbers of the options of vertex number ``i``."""
        start = self.pstart_succ()
        return self._succ[start[i] : start[i + 1]]

    @property
    def value_labels(self) -> Any:
        """Generalised Sprague-Grundy labels per vertex (-1: infinite)."""
        if self._values is None:
            t = self.terminal
            if t is not None and bool(((t == FIXED_WIN) | (t == FIXED_DRAW)).any()):
                raise LoopyGameError(
                    f"{self.name}: generalised Sprague-Grundy values need a game where "
                    "the only end is having no move (or a fixed loss); this one has "
                    "positions won or drawn by the rules"
                )
            if t is not None and bool((t != 0).any()):
                keep = t[self.src] == 0  # a fixed loss is a position without moves
                s, d = self.src[keep], self.dst[keep]
                pstart, pred = predecessor_csr(s, d, self.n)
                outdeg = np.bincount(s, minlength=self.n).astype(pstart.dtype)
                self._values = generalized_sg(pstart, pred, outdeg)
            else:
                self._values = generalized_sg(self.pstart, self.pred, self.outdeg)
        return self._values

    def value(self, position: Any) -> LoopyValue:
        """The generalised Sprague-Grundy value: an ``int``, or ``inf(K)`` with the
        escape set ``K`` of finite values among the options."""
        return self._value_of(self.index(position))

    def _value_of(self, i: int) -> LoopyValue:
        lab = self.value_labels
        v = int(lab[i])
        if v != INFINITE:
            return v
        if self.terminal is not None and self.terminal[i] != 0:
            return 0  # pragma: no cover - a fixed loss has a finite label
        opts = self.successors(i)
        return inf(int(x) for x in lab[opts] if x != INFINITE)

    def values(self) -> dict[Hashable, LoopyValue]:
        """The generalised value of every vertex."""
        return {self.vertex(i): self._value_of(i) for i in range(self.n)}

    def outcomes(self) -> dict[Hashable, Outcome]:
        codes = self.outcome_codes.tolist()
        return {self.vertex(i): _OUTCOME[c] for i, c in enumerate(codes)}

    @property
    def best_moves(self) -> Any:
        """Per vertex, the number of an option to play (a fastest win, or a move
        keeping the draw), or -1 (a loss, or a result fixed by the rules)."""
        if self._moves is None:
            out, rem = self.outcome_codes, self.remoteness_array
            s, d = self.src, self.dst
            good = ((out[s] == WIN) & (out[d] == LOSS) & (rem[d] == rem[s] - 1)) | (
                (out[s] == 0) & (out[d] == 0)
            )
            if self.terminal is not None:
                good &= self.terminal[s] == 0
            moves = np.full(self.n, -1, dtype=np.int64)
            moves[s[good][::-1]] = d[good][::-1]  # the first good edge of each vertex
            self._moves = moves
        return self._moves

    def move(self, position: Any) -> Hashable | None:
        """A winning move (fastest) for N, a drawing move for D, ``None`` for P."""
        m = int(self.best_moves[self.index(position)])
        return None if m < 0 else self.vertex(m)

    def __repr__(self) -> str:
        counts = np.bincount(self.outcome_codes, minlength=3)
        return (
            f"<LoopyAnalysis {self.name}: {self.n:,} positions, {int(counts[1]):,} N, "
            f"{int(counts[2]):,} P, {int(counts[0]):,} D>"
        )


class _SumAnalysis(LoopyAnalysis):
    """A loopy analysis where some options are ``Sum``s, solved component-wise by
    generalised values (no remoteness: it is not determined by the parts)."""

    def __init__(self, base: LoopyAnalysis, values: dict[int, LoopyValue],
                 sum_options: dict[int, list[tuple[int, ...]]]) -> None:
        self.__dict__.update(base.__dict__)
        self._gv = values
        self._sum_opts = sum_options
        codes = np.empty(self.n, dtype=np.uint8)
        for i in range(self.n):
            codes[i] = _OUTCOME.index(loopy_outcome(values[i]))
        self.outcome_codes = codes
        self.remoteness_array = np.full(self.n, -1, dtype=np.int32)

    def remoteness(self, position: Any) -> int | None:
        raise LoopyGameError(
            f"{self.name}: remoteness of a loopy game with Sum options is not determined "
            "by its components; ask for outcomes or generalised values"
        )

    def _value_of(self, i: int) -> LoopyValue:
        return self._gv[i]

    def move(self, position: Any) -> Hashable | None:
        i = self.index(position)
        want = loopy_outcome(self._gv[i])
        if want is Outcome.P:
            return None
        target = Outcome.P if want is Outcome.N else Outcome.D
        for j in self.successors(i).tolist():
            if loopy_outcome(self._gv[j]) is target:
                return self.vertex(j)
        for parts in self._sum_opts.get(i, []):
            if loopy_outcome(loopy_sum(*(self._gv[p] for p in parts))) is target:
                return Sum(*(self.vertex(p) for p in parts))
        return None  # pragma: no cover - the theory guarantees a move


@old_keywords(("max_positions", "deadline", "max_memory"), from_keywords)
def analyze_loopy(
    ruleset: Ruleset,
    root: Hashable,
    *,
    budget: Budget | None = None,
) -> LoopyAnalysis:
    """Explore every position reachable from ``root`` and analyse them all.

    ``budget`` bounds the positions explored, the time (counted on
    :func:`grundy.values.clock.now`, so loading compiled code during the search
    does not count) and the process's memory (``None``: no limit but the memory
    budget in force, see :mod:`grundy.values.memory`); past any,
    :class:`SearchLimitError` (with its ``reason``) says how far the search got. ``ruleset.result``
    fixes results (see the module doc). Options that are ``Sum``s are solved
    component by component with generalised values (their parts are explored as
    positions of the same ruleset); a ``Sum`` whose part can lead back to the
    position that offers it is refused with :class:`LoopyGameError`.

    >>> import grundy
    >>> @grundy.ruleset
    ... def cycle3(n):                   # 0 -> 1 -> 2 -> 0
    ...     yield (n + 1) % 3
    >>> a = analyze_loopy(cycle3, 0)
    >>> a.outcome(0), a.remoteness(0), a.value(0), a.move(0)
    (Outcome.D, None, inf(), 1)
    >>> analyze_loopy(cycle3, 0, budget=grundy.Budget(positions=2))
    Traceback (most recent call last):
    ...
    grundy.values.errors.SearchLimitError: cycle3: more than 2 positions reachable from 0 (explored 2, 1 more found and waiting)
    """
    name = getattr(ruleset, "name", type(ruleset).__name__)
    b = as_budget(budget)
    max_positions = b.positions
    deadline = None if b.seconds is None else _clock.now() + b.seconds
    try:
        hash(root)
    except TypeError:
        raise UnhashablePositionError(f"{name}: position {describe(root)} is not hashable") from None
    positions: list[Hashable] = [root]
    index: dict[Hashable, int] = {root: 0}
    src: list[int] = []
    dst: list[int] = []
    terminal: dict[int, int] = {}
    sum_options: dict[int, list[tuple[int, ...]]] = {}
    result = ruleset.result
    moves = ruleset.moves
    memory_limit = _memory.limit() if b.max_memory is None else b.max_memory
    start = describe(root)
    exploring = f"{name}: exploring the positions reachable from {start}"

    def number(p: Hashable, at: Hashable) -> int:
        try:
            i = index.get(p)
        except TypeError:
            raise UnhashablePositionError(
                f"{name}.moves({describe(at)}) yielded {describe(p)}, which is not hashable"
            ) from None
        if i is None:
            i = len(positions)
            index[p] = i
            positions.append(p)
        return i

    k = 0
    with guard_until(deadline, f"{exploring}: the game's own code (a move function?) ran "
                               f"past the time budget of {b.seconds or 0:g} s without returning"):
        while k < len(positions):
            if max_positions is not None and k >= max_positions:
                raise SearchLimitError(
                    f"{name}: more than {max_positions:,} positions reachable from {start} "
                    f"(explored {k:,}, {len(positions) - k:,} more found and waiting)",
                    k, reason="positions",
                )
            # the clock at every call of the move function (cheap), the memory now and then
            if deadline is not None and _clock.now() > deadline:
                raise SearchLimitError(
                    f"{name}: out of time exploring the positions reachable from {start} "
                    f"(explored {k:,}, {len(positions) - k:,} more found and waiting)",
                    k, reason="seconds",
                )
            if not k & 1023:
                _memory.check(memory_limit, exploring, k)
            p = positions[k]
            r = result(p)  # the rules' own end (a declined position plays on)
            if r is not None:
                terminal[k] = _CODE[r]
                k += 1
                continue
            try:
                opts = moves(p)
                if opts is None:
                    raise MoveFunctionError(f"{name}.moves({describe(p)}) returned None, not an iterable")
                for j, o in enumerate(opts):
                    if j & 4095 == 4095:  # one position with very many options
                        over = max_positions is not None and len(positions) > 2 * max_positions
                        if over or (deadline is not None and _clock.now() > deadline):
                            what = (f"more than {max_positions:,} positions reachable from {start}"
                                    if over else f"out of time exploring the positions reachable from {start}")
                            raise SearchLimitError(
                                f"{name}: {what} (explored {k:,}; {describe(p)} alone has more than "
                                f"{j:,} options)", k, reason="positions" if over else "seconds",
                            )
                        _memory.check(memory_limit, exploring, k)
                    if type(o) is Sum:
                        parts = o.parts
                        if len(parts) != 1:
                            sum_options.setdefault(k, []).append(
                                tuple(number(q, p) for q in parts)
                            )
                            continue
                        o = parts[0]
                    src.append(k)
                    dst.append(number(o, p))
            except (MoveFunctionError, UnhashablePositionError, SearchLimitError):
                raise
            except MemoryError:
                raise SearchLimitError(
                    f"{exploring} ran out of memory (explored {k:,}, {len(positions) - k:,} more "
                    f"found and waiting; the memory budget is {_memory.format_bytes(memory_limit)})",
                    k, reason="memory",
                ) from None
            except Exception as exc:
                raise MoveFunctionError(
                    f"{name}.moves({describe(p)}) raised {type(exc).__name__}: {exc}"
                ) from exc
            k += 1

    n = len(positions)
    # the retrograde analysis: edge arrays, their reverse, counts and labels
    _memory.reserve(40 * len(src) + 64 * n, f"{name}: the retrograde analysis of {n:,} "
                    f"positions and {len(src):,} moves", memory_limit)
    term = None
    if terminal:
        term = np.zeros(n, dtype=np.uint8)
        term[list(terminal)] = list(terminal.values())
    base = LoopyAnalysis(
        n, np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64),
        labels=positions, index=index, terminal=term, name=name,
    )
    if not sum_options:
        return base
    return _SumAnalysis(base, _sum_values(base, sum_options), sum_options)


def _sum_values(a: LoopyAnalysis, sum_options: dict[int, list[tuple[int, ...]]]) -> dict[int, LoopyValue]:
    """Generalised values when some options are ``Sum``s: solve the positions in
    layers, each layer's ``Sum`` parts already solved, a solved option replaced by a
    small gadget with the same value (a Nim heap, or a self-loop plus heaps for
    ``inf(K)``); equal values are interchangeable in every sum (Smith)."""
    t = a.terminal
    if t is not None and bool(((t == FIXED_WIN) | (t == FIXED_DRAW)).any()):
        a.value_labels  # raises the clear error
    n = a.n
    succ = [a.successors(i).tolist() for i in range(n)]
    pred: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in succ[i]:
            pred[j].append(i)
    known: dict[int, LoopyValue] = {}
    while len(known) < n:
        unsolved = [i for i in range(n) if i not in known]
        blocked = [i for i in unsolved
                   if any(q not in known for parts in sum_options.get(i, []) for q in parts)]
        # positions that can reach a blocked one by plain moves wait too
        waiting = set(blocked)
        stack = list(blocked)
        while stack:
            w = stack.pop()
            for p in pred[w]:
                if p not in known and p not in waiting:
                    waiting.add(p)
                    stack.append(p)
        layer = [i for i in unsolved if i not in waiting]
        if not layer:
            i = blocked[0]
            raise LoopyGameError(
                f"{a.name}: position {a.vertex(i)!r} has a Sum option whose part can lead "
                "back to it; such sums are not supported",
                a.vertex(i),
            )
        local = {v: j for j, v in enumerate(layer)}
        es: list[tuple[int, int]] = []
        gadgets: dict[LoopyValue, int] = {}

        def gadget(v: LoopyValue) -> int:
            # vertex numbers after the layer: heaps 0..m, then inf gadgets
            if v in gadgets:
                return gadgets[v]
            g = len(layer) + len(gadgets_list)
            gadgets[v] = g
            gadgets_list.append(v)
            return g

        gadgets_list: list[LoopyValue] = []
        for i in layer:
            li = local[i]
            for j in succ[i]:
                es.append((li, local[j] if j in local else gadget(known[j])))
            for parts in sum_options.get(i, []):
                es.append((li, gadget(loopy_sum(*(known[q] for q in parts)))))
        # gadget structure: a value m needs heaps 0..m-1 as options
        k = 0
        while k < len(gadgets_list):
            v = gadgets_list[k]
            g = gadgets[v]
            targets = sorted(v.escapes) if isinstance(v, inf) else range(v)
            for m in targets:
                es.append((g, gadget(m)))
            if isinstance(v, inf):
                es.append((g, g))
            k += 1
        m_tot = len(layer) + len(gadgets_list)
        s = np.array([e[0] for e in es], dtype=np.int64)
        d = np.array([e[1] for e in es], dtype=np.int64)
        tl = None
        if t is not None:
            tl = np.zeros(m_tot, dtype=np.uint8)
            tl[: len(layer)] = t[layer]
        sub = LoopyAnalysis(m_tot, s, d, terminal=tl, name=a.name)
        for i in layer:
            known[i] = sub.value(local[i])
    return known
