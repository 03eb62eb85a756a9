"""The option lister: a position's options read from the move function (and the
``decompose``, ``canonical`` and ``value_formula`` hooks called) with the user's
misbehaviour turned into grundy errors naming the position, and the errors every
search raises (a cycle, a bad option, a hash that changed).

A node of the whole game is a position or a ``Sum`` of positions
(:func:`node_options`); :func:`take` lists a long option list in chunks under the
clock and the memory.

>>> import grundy
>>> options(grundy.games.get("nim"), 3), normal(grundy.Sum(4))
([0, 1, 2], 4)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from grundy.rules.ruleset import Ruleset as _Ruleset
from grundy.rules.sums import Sum
from grundy.solve.budget import active
from grundy.values import memory as _memory
from grundy.solve.reducer.memos import _memo_named
from grundy.values.errors import (
    BadOptionError,
    GrundyError,
    LoopyGameError,
    MoveFunctionError,
    SearchLimitError,
    UnhashablePositionError,
    describe,
)

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["options", "iter_options", "node_options", "normal", "refuse_many", "take"]


def options(
    ruleset: Ruleset, position: Hashable, limit: int | None = None, meter: Any = None
) -> list[Hashable]:
    """The options of ``position`` as a list, the move function's misbehaviour turned
    into grundy errors naming the position. With ``limit``, a position with more
    options raises :class:`SearchLimitError` instead of listing them. The list is
    read in chunks under ``meter`` (default: the budget in force, at least the
    default memory budget), so a huge one stops at the clock or the memory."""
    def what() -> str:  # made only for a message
        return f"{ruleset.name}: listing the options of {describe(position)}"

    try:
        if limit is not None and ruleset._option_counts:
            refuse_many(ruleset, position, limit, what, 0 if meter is None else meter.count)
        it = _open_moves(ruleset, position)
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
        return take(it, sys.maxsize if limit is None else limit, meter, what, position)
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
        raise _move_error(ruleset, position, exc) from exc


def _open_moves(ruleset: Ruleset, position: Hashable) -> Iterable[Hashable]:
    """``ruleset.moves(position)``, refusing a move function that returns ``None``."""
    it = ruleset.moves(position)
    if it is None:
        raise MoveFunctionError(
            f"{ruleset.name}.moves({describe(position)}) returned None, not an "
            "iterable of options (did you forget to 'yield'?)"
        )
    if isinstance(it, _Ruleset):
        raise MoveFunctionError(
            f"{ruleset.name}.moves({describe(position)}) returned a ruleset ({it.name}), not options: "
            f"{ruleset.name} is a factory of rulesets; give it its parameters "
            f"(grundy.guess(f, params=...), FILE.py:NAME:3 or --param k=3)"
        )
    return it


def _move_error(ruleset: Ruleset, position: Hashable, exc: BaseException) -> MoveFunctionError:
    """The error naming the position whose move function raised ``exc``."""
    return MoveFunctionError(
        f"{ruleset.name}.moves({describe(position)}) raised {type(exc).__name__}: "
        f"{describe(exc, 200) if not str(exc) else _short(str(exc))}"
    )


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
        it = iter(_open_moves(ruleset, position))
    except GrundyError:
        raise
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:
        raise _move_error(ruleset, position, exc) from exc
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
            raise _move_error(ruleset, position, exc) from exc
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



def _unstable(ruleset: Ruleset, position: Any) -> UnhashablePositionError:
    """The error for a position whose hash changed while it was searched."""
    return UnhashablePositionError(
        f"{ruleset.name}: the hash of position {describe(position)} changed during the "
        "search (a mutable object?); positions must be immutable, with a stable hash "
        "consistent with =="
    )


def refuse_many(ruleset: Ruleset, p: Hashable, cap: int, what: str | Callable[[], str],
                count: int) -> None:
    """Raise, before any option is listed, when the rules say ``p`` has more than
    ``cap`` options (:meth:`~grundy.rules.ruleset.Ruleset.option_count_formula`):
    the error listing them would end in."""
    try:
        many = ruleset.option_count_formula(p)
    except GrundyError:
        raise
    except Exception:  # noqa: BLE001 - a hook that fails leaves the listing to decide
        return
    if many is not None and many > cap:
        raise SearchLimitError(
            f"{_text(what)} stopped: position {describe(p)} has more than {cap:,} options "
            "(the budget)", count, reason="positions",
        )


def take(it: Iterable[Hashable], cap: int, meter: Any, what: str | Callable[[], str],
         p: Hashable) -> list[Hashable]:
    """At most ``cap`` options, listed in chunks so the clock and the memory are
    watched while a position with a huge number of options is listed. Chunks start
    small and grow while they are quick (an option may be a Sum of 10^5 parts).
    ``what`` (the search, for its messages) may be a function making the text: a
    short listing, the common case, never makes it, nor reads the memory."""
    if type(it) is list:
        if len(it) > cap:
            raise SearchLimitError(
                f"{_text(what)} stopped: position {describe(p)} has more than {cap:,} options "
                "(the budget)", meter.count, reason="positions",
            )
        return it
    it = iter(it)
    size = _PROBE  # a first look, unwatched: most listings end in it
    out: list[Hashable] = list(islice(it, size))
    if len(out) < size and len(out) <= cap:
        return out
    what = _text(what)
    clock = time.monotonic
    t = clock()
    budget = meter.mem()
    held = _memory.current()[0]
    chunk = out
    while True:
        if chunk is not out:
            out.extend(chunk)
        if len(out) > cap:
            raise SearchLimitError(
                f"{what} stopped: position {describe(p)} has more than {cap:,} options "
                "(the budget)", meter.count, reason="positions",
            )
        if len(chunk) < size:
            return out
        meter.look(what)
        # and the memory after every chunk, not every 10 ms: one chunk of options
        # that are sums of 10^4 heaps holds hundreds of MiB
        try:
            _memory.check(budget, what, meter.count)
        except SearchLimitError:
            del out, chunk
            _memory.release()  # the next search starts from what is really held
            raise
        now = clock()
        if now - t < 0.002:
            size = min(4096, size * 2)
        elif now - t > 0.02:
            size = max(8, size // 2)
        t = now
        # the next chunk may take at most half of the memory left, at the rate
        # (bytes an option) this chunk grew the process by: the listing then stops
        # close to the budget, not a whole chunk past it
        rss = _memory.current()[0]
        grew = max(rss - held, 0) // len(chunk)
        if grew:
            size = max(8, min(size, (budget - rss) // 2 // grew))
        held = rss
        chunk = list(islice(it, size))


#: options listed before a listing is watched (the clock, the memory): a chunk
#: small enough that options of 10^4 heaps each (80 KB) stay a few MiB
_PROBE = 32


def _text(what: str | Callable[[], str]) -> str:
    return what if isinstance(what, str) else what()


def _loop(ruleset: Ruleset, position: Hashable) -> LoopyGameError:
    return LoopyGameError(
        f"{ruleset.name}: the game graph has a cycle through position {describe(position)}; "
        "Sprague-Grundy values of acyclic games do not apply (use grundy.GameGraph or a "
        "loopy analysis)",
        position,
    )


def _loop_or_bad(ruleset: Ruleset, path: list[Hashable], c: Hashable,
                 meter: Any = None) -> GrundyError:
    """The error of a cycle through ``c`` met on ``path`` by a lazy search, unless a
    position on the path has an option that cannot be hashed (a lazy scan may not
    have read it yet): that is the error to report first. The options are read
    one at a time (nothing is listed: a move function may return an endless
    iterator), at most :data:`_LOOP_SCAN` of them a position, under ``meter``; when
    that runs out the cycle is reported, as it is certain."""
    what = f"{ruleset.name}: the options on a cycle through {describe(c)}"
    for p in path:
        try:
            it = iter(_open_moves(ruleset, p))
            for i, o in enumerate(islice(it, _LOOP_SCAN)):
                if meter is not None and not i & 4095:
                    meter.look(what)
                try:
                    hash(o)
                except TypeError:
                    return _bad_option(ruleset, p, options(ruleset, p, None, meter))
        except SearchLimitError:
            break
        except GrundyError as exc:
            return exc
        except (KeyboardInterrupt, MemoryError):
            raise
        except BaseException as exc:
            return _move_error(ruleset, p, exc)
    return _loop(ruleset, c)


#: Most options of one position :func:`_loop_or_bad` reads.
_LOOP_SCAN = 1 << 20


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


# The split search is a driver (_SplitSearch.run) and steps, each a method that
# either finishes a position (writes its value in the memo) or parks it: puts it in
# `pending` with the step that resumes it and that step's data, and pushes it on the


def _canonical_hook(ruleset: Ruleset) -> Callable[[Any], Hashable | None] | None:
    """The ruleset's ``canonical`` hook, or None when it declares none."""
    return ruleset.canonical if ruleset.has_canonical else None


def _canonical(ruleset: Ruleset, p: Hashable, hook: Callable[[Any], Hashable | None]) -> Hashable | None:
    """``hook(p)`` when it names another position (else None), errors naming ``p``."""
    try:
        c = hook(p)
    except GrundyError:
        raise
    except Exception as exc:
        raise MoveFunctionError(
            f"{ruleset.name}.canonical({describe(p)}) raised {type(exc).__name__}: {exc}"
        ) from exc
    return None if c is None or c == p else c


def _formula(ruleset: Ruleset, p: Hashable, hook: Callable[[Any], int | None]) -> int | None:
    """``hook(p)`` (a closed form of the value, or None), errors naming ``p``."""
    try:
        return hook(p)
    except GrundyError:
        raise
    except Exception as exc:
        raise MoveFunctionError(
            f"{ruleset.name}.value_formula({describe(p)}) raised {type(exc).__name__}: {exc}"
        ) from exc
