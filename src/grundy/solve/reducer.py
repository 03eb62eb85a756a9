"""The reducer: one iterative, memoised search, parameterised by what it computes.

A :class:`Rule` says what a position's value is made of:

- :data:`GRUNDY`: the Sprague-Grundy value, ``mex`` of the options' values, where an
  option that is a :class:`~grundy.rules.sums.Sum` (one move leaving several games)
  is worth the XOR of its parts, and a position that declares its own parts
  (``ruleset.decompose``) is worth the XOR of theirs. Only the parts are searched,
  never the product of the components.
- :data:`REMOTENESS`, :data:`SUSPENSE`: Steinhaus' move counts. A sum is one game
  here (its positions are the combinations of its parts' positions).
- :data:`MISERE`: the misère Grundy value (a position with no move is worth 1): the
  whole position is one game, never split.

The search is a depth-first search with an explicit stack (a chain of a million
positions is fine), one memo per ruleset and rule (kept across queries), and one
place where a cycle is met (an option still being expanded): there the search raises
:class:`~grundy.values.errors.LoopyGameError` naming a position on the cycle. Every
search runs within a :class:`~grundy.solve.budget.Budget`.

>>> import grundy
>>> from grundy.solve.reducer import reduce, GRUNDY, REMOTENESS
>>> lasker = grundy.games.get("lasker")
>>> [reduce(lasker, n, GRUNDY) for n in range(9)]
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> reduce(lasker, grundy.Sum(3, 5), GRUNDY), reduce(lasker, 3, REMOTENESS)
(1, 1)
"""

from __future__ import annotations

import sys
import threading
import time
import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import islice, takewhile
from operator import is_not
from typing import TYPE_CHECKING, Any

from grundy.rules._sum import xor_scan
from grundy.rules.sums import Sum
from grundy.solve.budget import UNLIMITED, Budget, active
from grundy.values.errors import (
    BadOptionError,
    GrundyError,
    LoopyGameError,
    MoveFunctionError,
    SearchLimitError,
    UnhashablePositionError,
    describe,
)
from grundy.values.nimbers import mex_of_set

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = [
    "Rule", "GRUNDY", "REMOTENESS", "SUSPENSE", "MISERE", "reduce", "memo_of", "forget",
    "options", "node_options", "normal", "remoteness_rule", "suspense_rule", "Progress",
]

Progress = Callable[[int], None]
_PROGRESS_EVERY = 1 << 14


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


def _misere_rule(child_values: list[int]) -> int:
    return mex_of_set(set(child_values)) if child_values else 1


@dataclass(frozen=True)
class Rule:
    """What the reducer computes.

    ``split``: whether a ``Sum`` option (and a position's ``decompose``) is split
    into its parts, its value the XOR of theirs (only sound for Grundy values);
    otherwise a sum is searched as one game. ``combine`` makes a position's value
    from its options' values (a set of them when ``split``, else a list).
    """

    name: str
    split: bool
    combine: Callable[[Any], int]


GRUNDY = Rule("value", True, mex_of_set)
REMOTENESS = Rule("remoteness", False, remoteness_rule)
SUSPENSE = Rule("suspense", False, suspense_rule)
MISERE = Rule("misère value", False, _misere_rule)

# One memo per (ruleset, rule), dropped with the ruleset. Rulesets with equal
# catalogue specs are equal, so they share one memo.
_MEMOS: weakref.WeakKeyDictionary[Any, dict[str, dict[Hashable, int]]] = (
    weakref.WeakKeyDictionary()
)
_LOCK = threading.Lock()


def memo_of(ruleset: Ruleset, rule: Rule) -> dict[Hashable, int]:
    """The memo of ``ruleset`` for ``rule`` (created on first use)."""
    return _memo_named(ruleset, rule.name)


def _memo_named(ruleset: Ruleset, name: str) -> dict[Hashable, int]:
    memos = _MEMOS.get(ruleset)
    if memos is None:
        with _LOCK:
            memos = _MEMOS.setdefault(ruleset, {})
    memo = memos.get(name)
    if memo is None:
        memo = memos.setdefault(name, {})
    return memo


def forget(ruleset: Ruleset) -> None:
    """Drop every memo of ``ruleset``."""
    with _LOCK:
        _MEMOS.pop(ruleset, None)


def options(
    ruleset: Ruleset, position: Hashable, limit: int | None = None, meter: Any = None
) -> list[Hashable]:
    """The options of ``position`` as a list, the move function's misbehaviour turned
    into grundy errors naming the position. With ``limit``, a position with more
    options raises :class:`SearchLimitError` instead of listing them. The list is
    read in chunks under ``meter`` (default: the budget in force, at least the
    default memory budget), so a huge one stops at the clock or the memory."""
    try:
        it = ruleset.moves(position)
        if it is None:
            raise MoveFunctionError(
                f"{ruleset.name}.moves({describe(position)}) returned None, not an "
                "iterable of options (did you forget to 'yield'?)"
            )
        if type(it) is list and (limit is None or len(it) <= limit):
            return it
        if meter is None:
            if limit is not None and limit <= 64:
                opts = list(islice(it, limit + 1))
                if len(opts) > limit:
                    raise SearchLimitError(
                        f"{ruleset.name}: position {describe(position)} has more than "
                        f"{limit:,} options", reason="positions",
                    )
                return opts
            meter = active()
        return _take(it, sys.maxsize if limit is None else limit, meter,
                     f"{ruleset.name}: listing the options of {describe(position)}", position)
    except GrundyError:
        raise
    except KeyboardInterrupt:
        raise
    except (OverflowError, MemoryError):
        raise SearchLimitError(
            f"{ruleset.name}: position {describe(position)} has too many options to list",
            reason="memory",
        ) from None
    except BaseException as exc:  # the user's code failed (even SystemExit): name the position
        raise MoveFunctionError(
            f"{ruleset.name}.moves({describe(position)}) raised {type(exc).__name__}: "
            f"{describe(exc, 200) if not str(exc) else _short(str(exc))}"
        ) from exc


def iter_options(ruleset: Ruleset, position: Hashable) -> Iterator[Hashable]:
    """The options of ``position`` one at a time (nothing is listed), the clock and
    the memory of the budget in force watched every 64 options: a constructive
    scan of a position with 10^100000 options stops at the budget.

    >>> import grundy
    >>> list(iter_options(grundy.games.get("nim"), 3))
    [0, 1, 2]
    """
    meter = active()
    what = f"{ruleset.name}: the options of {describe(position)}"
    try:
        it = ruleset.moves(position)
        if it is None:
            raise MoveFunctionError(
                f"{ruleset.name}.moves({describe(position)}) returned None, not an "
                "iterable of options (did you forget to 'yield'?)"
            )
        it = iter(it)
    except GrundyError:
        raise
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:
        raise MoveFunctionError(
            f"{ruleset.name}.moves({describe(position)}) raised {type(exc).__name__}: {exc}"
        ) from exc
    i = 0
    while True:
        if not i & 63:
            meter.look(what)
        i += 1
        try:
            o = next(it)
        except StopIteration:
            return
        except GrundyError:
            raise
        except (KeyboardInterrupt, MemoryError):
            raise
        except Exception as exc:
            raise MoveFunctionError(
                f"{ruleset.name}.moves({describe(position)}) raised {type(exc).__name__}: "
                f"{_short(str(exc))}"
            ) from exc
        yield o


def _short(text: str, width: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 4] + " ..."


def normal(node: Hashable) -> Hashable:
    """A ``Sum`` of one part is that part."""
    if type(node) is Sum and len(node.parts) == 1:
        return node.parts[0]
    return node


def _parts(ruleset: Ruleset, position: Hashable) -> tuple[Hashable, ...] | None:
    """The parts ``ruleset.decompose`` declares for ``position`` (None: one game)."""
    if not ruleset.has_decompose or type(position) is Sum:
        return None
    try:
        parts = ruleset.decompose(position)
    except GrundyError:
        raise
    except Exception as exc:
        raise MoveFunctionError(
            f"{ruleset.name}.decompose({describe(position)}) raised {type(exc).__name__}: {exc}"
        ) from exc
    if parts is None:
        return None
    flat = parts.parts if type(parts) is Sum else tuple(parts)
    if len(flat) == 1 and flat[0] == position:
        return None
    return flat


def node_options(
    ruleset: Ruleset, node: Hashable, limit: int | None = None, meter: Any = None,
    what: str | None = None,
) -> list[Hashable]:
    """Options of a node of the whole game, where a node is a position or a ``Sum`` of
    positions: moving in a sum moves in exactly one part. Positions that declare
    parts (``decompose``) are replaced by them, and parts with no move are dropped
    from the options of a sum (they never move again: ``Sum(0, 2, 7)`` in Nim is
    the game ``Sum(2, 7)``), so equal games meet in the memo.

    >>> import grundy
    >>> nim = grundy.games.get("nim")
    >>> node_options(nim, grundy.Sum(1, 2))
    [2, 1, Sum(1, 1)]
    """
    if type(node) is not Sum:
        parts = _parts(ruleset, node)
        if parts is None:
            return [_flatten(ruleset, o) for o in options(ruleset, node, limit, meter)]
        node = Sum(*parts)
    assert type(node) is Sum
    look = what or f"{ruleset.name}: the options of {describe(node)}"
    terminal = _memo_named(ruleset, "terminal")
    moving: dict[Hashable, list[Hashable]] = {}  # the parts that can move, their options
    for c in node.parts:
        if c not in moving:
            opts = node_options(ruleset, c, limit, meter, look)
            terminal[c] = not opts
            if opts:
                moving[c] = opts
    live = [c for c in node.parts if c in moving]
    result: list[Hashable] = []
    for c, opts in moving.items():
        i = live.index(c)
        rest = live[:i] + live[i + 1 :]
        if meter is not None:
            meter.look(look)
        for k, o in enumerate(opts):
            if not k & 255 and k and meter is not None:
                meter.look(look)  # options that are big sums: watch the clock and memory
            new = [q for q in (o.parts if type(o) is Sum else (o,))
                   if not _is_terminal(terminal, ruleset, q, limit, meter, look)]
            if rest or new:
                result.append(normal(Sum(*rest, *new)))
            else:  # nothing can move: any terminal position is this game
                result.append(o.parts[0] if type(o) is Sum and o.parts else o)
        if limit is not None and len(result) > limit:
            raise SearchLimitError(
                f"{ruleset.name}: the sum {describe(node)} has more than {limit:,} options"
            )
    return result


def _is_terminal(memo: dict[Hashable, int], ruleset: Ruleset, part: Hashable,
                 limit: int | None, meter: Any, what: str) -> bool:
    """Whether ``part`` has no move (``memo``: the ruleset's "terminal" memo)."""
    t = memo.get(part)
    if t is None:
        t = memo[part] = not node_options(ruleset, part, limit, meter, what)
    return bool(t)


def _flatten(ruleset: Ruleset, option: Hashable) -> Hashable:
    """An option as a node: decomposed positions are replaced by their parts."""
    if ruleset.has_decompose:
        if type(option) is Sum:
            flat: list[Hashable] = []
            for p in option.parts:
                sub = _parts(ruleset, p)
                flat.extend(sub if sub is not None else (p,))
            return normal(Sum(*flat))
        sub = _parts(ruleset, option)
        if sub is not None:
            return normal(Sum(*sub))
    return normal(option)


def reduce(
    ruleset: Ruleset,
    position: Hashable,
    rule: Rule = GRUNDY,
    *,
    budget: Budget = UNLIMITED,
    progress: Progress | None = None,
) -> int:
    """The ``rule`` value of ``position`` (a position or a ``Sum``), from the raw rules.

    O(positions + moves) the first time over the positions not yet memoised, O(1)
    after. Raises :class:`SearchLimitError` beyond ``budget`` (what was finished stays
    memoised) and :class:`LoopyGameError` on a cycle.
    """
    memo = memo_of(ruleset, rule)
    if rule.split:
        if type(position) is Sum:
            v = 0
            for part in position.parts:
                v ^= reduce(ruleset, part, rule, budget=budget, progress=progress)
            return v
    else:
        position = _flatten(ruleset, position)
    try:
        return memo[position]
    except KeyError:
        pass
    except TypeError:
        raise UnhashablePositionError(
            f"position {describe(position)} is not hashable; use tuples or frozensets"
        ) from None
    if hash(position) != hash(position):  # else the search re-expands it for ever
        raise _unstable(ruleset, position)
    meter = budget.start()
    try:
        if rule.split:
            _search_split(ruleset, position, rule, memo, budget, progress, meter)
        else:
            _search_whole(ruleset, position, rule, memo, budget, progress, meter)
        return memo[position]
    except MemoryError:  # an address-space limit met between two looks at the memory
        raise meter.out_of_memory(
            f"{ruleset.name}: the {rule.name} of {describe(position)}") from None
    except KeyError as exc:  # a memo lookup missed what was stored: a hash changed
        raise _unstable(ruleset, exc.args[0] if exc.args else position) from None


def _unstable(ruleset: Ruleset, position: Any) -> UnhashablePositionError:
    """The error for a position whose hash changed while it was searched."""
    return UnhashablePositionError(
        f"{ruleset.name}: the hash of position {describe(position)} changed during the "
        "search (a mutable object?); positions must be immutable, with a stable hash "
        "consistent with =="
    )


def _take(it: Iterable[Hashable], cap: int, meter: Any, what: str, p: Hashable) -> list[Hashable]:
    """At most ``cap`` options, listed in chunks so the clock and the memory are
    watched while a position with a huge number of options is listed. Chunks start
    small and grow while they are quick (an option may be a Sum of 10^5 parts)."""
    if type(it) is list:
        if len(it) > cap:
            raise SearchLimitError(
                f"{what} stopped: position {describe(p)} has more than {cap:,} options "
                "(the budget)", meter.count, reason="positions",
            )
        return it
    out: list[Hashable] = []
    it = iter(it)
    size = 256
    clock = time.monotonic
    t = clock()
    while True:
        chunk = list(islice(it, size))
        out.extend(chunk)
        if len(out) > cap:
            raise SearchLimitError(
                f"{what} stopped: position {describe(p)} has more than {cap:,} options "
                "(the budget)", meter.count, reason="positions",
            )
        if len(chunk) < size:
            return out
        meter.look(what)
        now = clock()
        if now - t < 0.002:
            size = min(4096, size * 2)
        elif now - t > 0.02:
            size = max(8, size // 2)
        t = now


def _loop(ruleset: Ruleset, position: Hashable) -> LoopyGameError:
    return LoopyGameError(
        f"{ruleset.name}: the game graph has a cycle through position {describe(position)}; "
        "Sprague-Grundy values of acyclic games do not apply (use grundy.GameGraph or a "
        "loopy analysis)",
        position,
    )


def _bad_option(ruleset: Ruleset, position: Hashable, opts: Iterable[Any]) -> BadOptionError:
    for o in opts:
        for part in o.parts if type(o) is Sum else (o,):
            try:
                hash(part)
            except TypeError:
                return BadOptionError(
                    f"{ruleset.name}.moves({describe(position)}) yielded {describe(part)}, "
                    "which is not hashable; options must be hashable positions or grundy.Sum"
                )
    return BadOptionError(f"{ruleset.name}.moves({describe(position)}) yielded a bad option")


# How a pending position of the split search is finished (besides a lazy scan):
# options some of which are Sums, or the parts of a decomposed position.
_MIXED, _PARTS = object(), object()
_known = partial(is_not, None)
# Rulesets whose move functions have yielded a Sum: their options are read one by one.
_YIELDS_SUMS: weakref.WeakSet[Any] = weakref.WeakSet()


def _search_split(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
) -> None:
    """The split search (Grundy values): Sum options and decomposed positions are
    worth the XOR of their parts; only parts are searched.

    While a ruleset has yielded no ``Sum``, a position's options are looked up lazily
    in C (``takewhile`` over ``map(memo.get, options)``): the search descends into
    the first unknown option and resumes the scan when it is known, so the stack
    holds one path and each option is looked up once, as in a memoised recursion.
    """
    get = memo.get
    moves = ruleset.moves
    combine = rule.combine
    decomposes = ruleset.has_decompose
    if meter is None:
        meter = budget.start()
    # a huge option list is read in chunks, so the clock is watched while it is listed
    cap = budget.positions or sys.maxsize
    what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
    # pending[p] = (options or parts, state): expanded, waiting for its options; the
    # state is the lazy scan of a plain position, _MIXED or _PARTS.
    pending: dict[Hashable, tuple[list[Hashable], Any]] = {}
    plain = ruleset not in _YIELDS_SUMS
    missing: list[Hashable] | None
    seen: set[int]
    v: int | None
    stack: list[Hashable] = [root]
    push = stack.append
    pop = stack.pop
    expanded = 0
    while stack:
        p = pop()
        if p in memo:
            continue
        entry = pending.pop(p, None)
        if entry is not None:
            opts, state = entry
            if state is _PARTS:  # every part is known
                x = 0
                for c in opts:
                    x ^= memo[c]
                memo[p] = x
                continue
        else:  # first visit: expand
            meter.tick(what)
            expanded += 1
            if progress is not None and not expanded % _PROGRESS_EVERY:
                progress(expanded)
            parts = _parts(ruleset, p) if decomposes else None
            if parts is not None:
                missing_parts = [c for c in parts if c not in memo]
                for c in missing_parts:
                    if c in pending or c == p:
                        raise _loop(ruleset, c)
                if not missing_parts:
                    x = 0
                    for c in parts:
                        x ^= memo[c]
                    memo[p] = x
                else:
                    pending[p] = (list(parts), _PARTS)
                    push(p)
                    stack.extend(missing_parts)
                continue
            try:
                it = moves(p)
                if type(it) is list:
                    opts = it
                else:  # in chunks: the clock and the memory are watched
                    opts = _take(it, cap, meter, what, p)
            except GrundyError:
                raise
            except (KeyboardInterrupt, MemoryError):
                raise
            except BaseException:
                opts = options(ruleset, p)  # raises the error naming the position
            state = None
        if plain and state is not _MIXED:
            try:
                if state is None:
                    vals: list[int] = []
                    scan = map(get, opts)
                else:  # the option the search descended into is known now
                    vals, scan = state
                    vals.append(memo[opts[len(vals)]])
                vals.extend(takewhile(_known, scan))  # type: ignore[arg-type]
            except TypeError:
                raise _bad_option(ruleset, p, opts) from None
            if len(vals) == len(opts):
                memo[p] = combine(set(vals))
                continue
            c = opts[len(vals)]
            if type(c) is not Sum:
                if c in pending or c == p:
                    raise _loop(ruleset, c)
                pending[p] = (opts, (vals, scan))
                push(p)
                push(c)
                continue
            plain = False  # from now on, read options one by one
            _YIELDS_SUMS.add(ruleset)
        try:  # every option known (a revisit, or a table built upwards): one C scan
            known = xor_scan(opts, memo)
        except TypeError:
            raise _bad_option(ruleset, p, opts) from None
        if known is not None:
            memo[p] = combine(known)
            continue
        missing = None
        seen = set()
        try:
            for o in opts:
                if type(o) is Sum:
                    x = 0
                    for c in o.parts:
                        v = get(c)
                        if v is None:
                            if c in pending or c == p:
                                raise _loop(ruleset, c)
                            if missing is None:
                                missing = []
                            missing.append(c)
                        elif missing is None:
                            x ^= v
                    if missing is None:
                        seen.add(x)
                    continue
                v = get(o)
                if v is None:
                    if o in pending or o == p:
                        raise _loop(ruleset, o)
                    if missing is None:
                        missing = []
                    missing.append(o)
                elif missing is None:
                    seen.add(v)
        except TypeError:
            raise _bad_option(ruleset, p, opts) from None
        if missing is None:
            memo[p] = combine(seen)
        else:
            pending[p] = (opts, _MIXED)
            push(p)
            stack.extend(missing)
    if progress is not None:
        progress(expanded)


def _search_whole(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
) -> None:
    """The whole-game search: a node is a position or a ``Sum`` of positions, and a
    sum's options move in one part (remoteness, suspense, misère values)."""
    combine = rule.combine
    if meter is None:
        meter = budget.start()
    what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
    pending: dict[Hashable, list[Hashable]] = {}
    stack: list[Hashable] = [root]
    expanded = 0
    while stack:
        p = stack.pop()
        if p in memo:
            continue
        opts = pending.pop(p, None)
        if opts is None:
            meter.tick(what)
            opts = node_options(ruleset, p, budget.positions, meter, what)
            expanded += 1
            if progress is not None and not expanded % _PROGRESS_EVERY:
                progress(expanded)
            try:
                missing = [o for o in opts if o not in memo]
            except TypeError:
                raise _bad_option(ruleset, p, opts) from None
            if missing:
                for o in missing:
                    if o in pending or o == p:
                        raise _loop(ruleset, o)
                pending[p] = opts
                stack.append(p)
                stack.extend(missing)
                continue
        memo[p] = combine([memo[o] for o in opts])
    if progress is not None:
        progress(expanded)
