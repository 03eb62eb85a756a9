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
search runs within a :class:`~grundy.solve.budget.Budget`. The same rules, searched
plainly in a few dozen lines, are :mod:`grundy.solve.reference`: read that first.

>>> import grundy
>>> from grundy.solve.reducer import reduce, GRUNDY, REMOTENESS
>>> lasker = grundy.games.get("lasker")
>>> [reduce(lasker, n, GRUNDY) for n in range(9)]
[0, 1, 2, 4, 3, 5, 6, 8, 7]
>>> reduce(lasker, grundy.Sum(3, 5), GRUNDY), reduce(lasker, 3, REMOTENESS)
(1, 1)
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import threading
import time
import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import islice, takewhile
from operator import is_not
from typing import TYPE_CHECKING, Any

from grundy.rules._sum import DONE as _DONE
from grundy.rules._sum import MORE as _MORE
from grundy.rules._sum import scan_options, xor_scan
from grundy.rules._sum import sum_value as _sum_value
from grundy.rules.ruleset import Ruleset as _Ruleset
from grundy.rules.sums import Sum
from grundy.solve.budget import UNLIMITED, Budget, active
from grundy.solve.collector import paused_collector
from grundy.solve.guard import guard
from grundy.values import clock as _clock
from grundy.values.errors import (
    BadOptionError,
    GrundyError,
    LoopyGameError,
    MoveFunctionError,
    SearchLimitError,
    InvalidParameterError,
    UnhashablePositionError,
    describe,
)
from grundy.values.nimbers import mex_of_set

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset
    from grundy.values.outcome import Outcome

__all__ = [
    "Rule", "GRUNDY", "REMOTENESS", "SUSPENSE", "MISERE", "reduce", "memo_of", "forget",
    "options", "node_options", "normal", "remoteness_rule", "suspense_rule", "Progress",
    "Search", "PLAIN", "PRUNED", "MEX_SETS", "outcome", "save_memo", "load_memo",
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


class _Memos:
    """What the reducer has learned about one ruleset: a memo per rule (by name),
    and whether its move function has yielded a ``Sum`` (the split search then
    reads its options all at once, see :class:`_SplitSearch`)."""

    __slots__ = ("by_name", "yields_sums")

    def __init__(self) -> None:
        self.by_name: dict[str, dict[Hashable, int]] = {}
        self.yields_sums = False


# One record per ruleset, dropped with the ruleset. Rulesets with equal catalogue
# specs are equal, so they share one.
_MEMOS: weakref.WeakKeyDictionary[Any, _Memos] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def memo_of(ruleset: Ruleset, rule: Rule) -> dict[Hashable, int]:
    """The memo of ``ruleset`` for ``rule`` (created on first use)."""
    return _memo_named(ruleset, rule.name)


def _memos(ruleset: Ruleset) -> _Memos:
    """The record of ``ruleset`` (created on first use)."""
    memos = _MEMOS.get(ruleset)
    if memos is None:
        with _LOCK:
            memos = _MEMOS.get(ruleset)
            if memos is None:
                memos = _MEMOS[ruleset] = _Memos()
    return memos


def _memo_named(ruleset: Ruleset, name: str) -> dict[Hashable, int]:
    by_name = _memos(ruleset).by_name
    memo = by_name.get(name)
    if memo is None:
        memo = by_name.setdefault(name, {})
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
        return take(it, sys.maxsize if limit is None else limit, meter,
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


# ------------------------------------------------------------------ save and resume

StorePath = str | bytes | os.PathLike[str] | os.PathLike[bytes]


def _store_path(store: object) -> str:
    """The file name of a store given as ``str``, ``bytes`` or a path object;
    anything else is refused.

    >>> import pathlib
    >>> _store_path(pathlib.Path("a.memo")), _store_path(b"a.memo")
    ('a.memo', 'a.memo')
    >>> _store_path(5)
    Traceback (most recent call last):
    ...
    grundy.values.errors.InvalidParameterError: store must be a file path (a str, bytes or os.PathLike); got 5
    """
    try:
        name = os.fsdecode(store)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidParameterError(
            f"store must be a file path (a str, bytes or os.PathLike); got {describe(store)}"
        ) from None
    if not name or "\0" in name:
        raise InvalidParameterError(f"store must name a file; got {describe(store)}")
    return name


def _check_writable(name: str) -> None:
    """Refuse, before a search, a store that could not be saved at its end (a
    directory, a missing or read-only folder): the file the save writes first is
    created and removed."""
    if os.path.isdir(name):
        raise InvalidParameterError(f"the memo store {name!r} is a directory, not a file")
    tmp = f"{name}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb"):
            pass
        os.remove(tmp)
    except OSError as exc:
        raise InvalidParameterError(
            f"cannot write the memo store {name!r}: {exc.strerror or exc} (checked before "
            "the search, so no result is lost)") from None
_MAGIC = b"grundy memo store 1\n"


def _identity(ruleset: Ruleset, key: str | None = None,
              path: StorePath | None = None) -> tuple[str, ...]:
    """What a store records of its ruleset: the class, the catalogue spec (or the
    name), and the rules: a catalogue ruleset is named by its spec; another by
    ``key`` when given (``store_key=``), else by a digest of everything its results
    can depend on that Python can see (:func:`grundy.solve.identity.fingerprint`:
    its code, constants, closure, defaults, the globals it reads, its parameters),
    so the store of an edited function is refused. Raises
    :class:`InvalidParameterError` where that digest cannot be made, saying how to
    name the key."""
    from grundy.solve.identity import NoIdentityError, fingerprint

    cls = type(ruleset)
    head = (f"{cls.__module__}.{cls.__qualname__}", str(ruleset.spec or ruleset.name))
    if key is not None:
        if type(key) is not str or not key:
            raise InvalidParameterError(
                f"store_key must be a non-empty string; got {describe(key)}")
        return (*head, "key " + key)
    if ruleset.spec is not None and cls.__module__.startswith("grundy."):
        return (*head, "")
    try:
        return (*head, "rules " + fingerprint(ruleset))
    except NoIdentityError as exc:
        where = f" {os.fspath(path)!r}" if path is not None else ""
        example = f"{ruleset.name}-v1" if ruleset.name.isidentifier() else "my-rules-v1"
        raise InvalidParameterError(
            f"{ruleset.name}: the memo store{where} cannot be checked against the rules: "
            f"{exc.what}, so an edit of the rules could not be told apart; name the "
            f"store's key yourself, store_key={example!r} (reduce, outcome; key= of "
            f"save_memo and load_memo), and change it whenever the rules change"
        ) from None


def save_memo(ruleset: Ruleset, path: StorePath, *, key: str | None = None,
              _who: tuple[str, ...] | None = None) -> int:
    """Write every memo of ``ruleset`` (the values found, the excluded nimbers of
    the pruned search, ...) to the file ``path``: the ruleset's identity and the
    memos pickled, under a SHA-256 checksum; written to a temporary file first, so
    an interrupted save leaves the old store whole. Returns the number of entries.
    Positions must be picklable. Load a store only from a source you trust
    (unpickling runs code). ``key`` names the rules by hand (see :func:`load_memo`).

    >>> import grundy, tempfile, os
    >>> kayles = grundy.games.get("kayles")
    >>> path = os.path.join(tempfile.mkdtemp(), "kayles.memo")
    >>> reduce(kayles, 30)
    7
    >>> n = save_memo(kayles, path)
    >>> forget(kayles); load_memo(kayles, path) == n > 0
    True
    >>> memo_of(kayles, GRUNDY)[30]
    7
    """
    path = _store_path(path)
    who = _who if _who is not None else _identity(ruleset, key, path)
    memos = _memos(ruleset)
    with _LOCK:
        # list() and dict() copy in one step each: a search running in another
        # thread (the periodic save) may add entries meanwhile
        data = {name: dict(m) for name, m in list(memos.by_name.items())}
    record = {"ruleset": who, "memos": data, "yields_sums": memos.yields_sums}
    try:
        payload = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        raise InvalidParameterError(
            f"{ruleset.name}: the memo cannot be saved to {path!r}: a position "
            f"cannot be pickled ({type(exc).__name__}: {_short(str(exc))})"
        ) from None
    digest = hashlib.sha256(payload).hexdigest().encode()
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(_MAGIC + digest + b"\n")
            f.write(payload)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return sum(map(len, data.values()))


def load_memo(ruleset: Ruleset, path: StorePath, *, key: str | None = None,
              _who: tuple[str, ...] | None = None) -> int:
    """Add the memos saved in ``path`` (:func:`save_memo`) to those of ``ruleset``;
    returns the number of entries read. A file that is not a store, a corrupt one
    (its checksum does not match) or the store of another ruleset, or of other
    rules (an edited move function, other constants, closure values, defaults,
    globals or parameters) raises
    :class:`~grundy.values.errors.InvalidParameterError` naming the file.

    ``key`` names the rules by hand instead: the store is loaded when it was saved
    under the same key (and ruleset name); needed where the rules hold a value
    with no stable identity (an object that cannot be pickled), and yours to change
    when the rules change.
    """
    mine = _who if _who is not None else _identity(ruleset, key, path)
    name = _store_path(path)
    try:
        with open(name, "rb") as f:
            head = f.readline()
            digest = f.readline().strip()
            payload = f.read()
    except OSError as exc:
        raise InvalidParameterError(
            f"cannot read the memo store {name!r}: {exc.strerror}") from None
    if head != _MAGIC:
        raise InvalidParameterError(f"{name!r} is not a grundy memo store")
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        raise InvalidParameterError(
            f"the memo store {name!r} is corrupt (its checksum does not match its contents)")
    try:
        record = pickle.loads(payload)
        who, data = tuple(record["ruleset"]), record["memos"]
    except Exception as exc:
        raise InvalidParameterError(
            f"the memo store {name!r} cannot be read ({type(exc).__name__}: {_short(str(exc))})"
        ) from None
    if who != mine:
        if who[:2] == mine[:2] and len(who) == 3:
            raise InvalidParameterError(
                f"the memo store {name!r} was saved for other rules of {mine[1]!r}: "
                + ("its key differs" if who[2].startswith("key ") or mine[2].startswith("key ")
                   else "the move function, its constants, closure, defaults, the globals "
                        "it reads or the ruleset's parameters have changed")
                + "; its values may be wrong for these rules (delete it or use another file)")
        raise InvalidParameterError(
            f"the memo store {name!r} holds the memo of {who[1]!r} ({who[0]}), not of "
            f"{mine[1]!r} ({mine[0]})"
        )
    memos = _memos(ruleset)
    n = 0
    for key, table in data.items():
        _memo_named(ruleset, key).update(table)
        n += len(table)
    memos.yields_sums = memos.yields_sums or bool(record.get("yields_sums"))
    return n


#: Seconds between two saves of a store while a search runs (``store=`` of
#: :func:`reduce` and :func:`outcome`; their ``save_every`` overrides it).
SAVE_EVERY = 60.0


class _Saver(threading.Thread):
    """Saves the ruleset's memos to the store every ``every`` seconds until stopped,
    so a search killed without warning (SIGKILL, a power cut) resumes from the last
    save. Each save is atomic (:func:`save_memo` writes a temporary file and renames
    it); a save that fails stops the saving and is raised again at the end."""

    def __init__(self, ruleset: Ruleset, store: StorePath, every: float,
                 who: tuple[str, ...]) -> None:
        super().__init__(name="grundy memo store", daemon=True)
        self.ruleset, self.store, self.every, self.who = ruleset, store, every, who
        self.halt = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        while not self.halt.wait(self.every):
            try:
                save_memo(self.ruleset, self.store, _who=self.who)
            except BaseException as exc:  # raised again by the search's thread
                self.error = exc
                return


@contextmanager
def _stored(ruleset: Ruleset, store: StorePath, every: float | None = None,
            key: str | None = None) -> Iterator[None]:
    """Load the store when it exists; save it every ``every`` seconds while the
    search runs (:data:`SAVE_EVERY` when None) and at the end, however it ends.
    The rules' identity is taken once, before the search (a cache the move
    function fills as it runs is not part of it)."""
    every = SAVE_EVERY if every is None else every
    if type(every) not in (int, float) or not every > 0:
        raise InvalidParameterError(f"save_every must be a positive number of seconds; "
                                    f"got {describe(every)}")
    store = _store_path(store)
    who = _identity(ruleset, key, store)
    if os.path.exists(store):
        load_memo(ruleset, store, _who=who)
    _check_writable(store)
    saver = _Saver(ruleset, store, every, who)
    saver.start()
    try:
        yield
    finally:
        saver.halt.set()
        saver.join()
        save_memo(ruleset, store, _who=who)
    if saver.error is not None:
        raise saver.error


# ------------------------------------------------------------------ the memory bound


# bytes of a dict entry (hash, key, value: 24; its index; free slots, up to twice as
# many after the table grows) and the int of the value
_ENTRY_OVERHEAD = 96
_MIN_ENTRIES = 1 << 10  # a memo that cannot hold this many entries is refused


def _size(x: object) -> int:
    """The bytes of ``x`` and, for a tuple or frozenset, of its items (one level;
    small ints are shared, so not counted)."""
    if type(x) is int and -5 <= x <= 256:
        return 0
    n = sys.getsizeof(x)
    if type(x) is tuple or type(x) is frozenset:
        for i in x:
            if not (type(i) is int and -5 <= i <= 256):
                n += sys.getsizeof(i)
    return n


class _Bound:
    """The memory bound of the memos one search writes (its transposition table).

    The memos may hold half of what is left of the budget's ``max_memory`` (the
    default memory budget when it is ``None``) once the search starts; the other
    half is kept for the rest of the search (its path, a dict's table growing,
    memory freed but not returned): at the first look (``check``, called every
    ``Meter.EVERY`` positions) the process's resident memory is read and the
    capacity set in entries, an entry's bytes estimated from the newest entries.
    Beyond it the oldest half of the entries (dicts keep insertion order: the
    least recently *found* values) is evicted; an evicted value is searched again
    when it is needed, so answers stay exact. When the budget leaves room for
    fewer than ``_MIN_ENTRIES`` entries the search is refused with
    :class:`SearchLimitError` (``reason`` ``"memory"``). ``caches`` are dicts the
    search may rebuild (dropped whole at an eviction)."""

    __slots__ = ("memos", "caches", "meter", "what", "capacity", "evicted")

    def __init__(self, meter: Any, what: str, memos: list[dict[Any, Any]],
                 caches: tuple[dict[Any, Any], ...] = ()) -> None:
        self.memos = memos
        self.caches = caches
        self.meter = meter
        self.what = what
        self.capacity: int | None = None
        self.evicted = 0

    def entries(self) -> int:
        """How many entries the memos and caches hold."""
        return sum(map(len, self.memos)) + sum(map(len, self.caches))

    def entry_bytes(self) -> int:
        """The estimated bytes of one entry (from the newest ones of each memo)."""
        sizes = [_size(k) + _size(v) for m in self.memos
                 for k, v in islice(reversed(m.items()), 16)]
        return _ENTRY_OVERHEAD + (sum(sizes) // len(sizes) if sizes else 64)

    def check(self) -> None:
        """Evict when the memos hold more than their capacity (set at the first call)."""
        n = self.entries()
        cap = self.capacity
        if cap is None:
            cap = self.capacity = self.fit(n)
        if n > cap:
            self.evict(n - cap // 2)

    def fit(self, n: int) -> int:
        """The capacity in entries: what the memos hold now plus half of what the
        budget leaves."""
        from grundy.values import memory

        e = self.entry_bytes()
        budget: int = self.meter.mem()
        free = budget - memory.current()[0]
        cap = n + max(0, free) // 2 // e
        if cap < _MIN_ENTRIES:
            raise SearchLimitError(
                f"{self.what}: its memo needs room for at least {_MIN_ENTRIES:,} entries of "
                f"about {e} bytes, and the memory budget of {memory.format_bytes(budget)} "
                "leaves less (ask for a larger max_memory)",
                self.meter.count, reason="memory",
            )
        return cap

    def evict(self, k: int) -> None:
        """Drop ``k`` entries: the caches, then the oldest of each memo in proportion."""
        for c in self.caches:
            k -= len(c)
            c.clear()
        total = sum(map(len, self.memos))
        if k <= 0 or not total:
            return
        for m in self.memos:
            drop = min(len(m), -(-k * len(m) // total))
            for key in list(islice(m, drop)):
                del m[key]
            self.evicted += drop


@paused_collector  # the collector would scan the growing memo again and again
def reduce(
    ruleset: Ruleset,
    position: Hashable,
    rule: Rule = GRUNDY,
    *,
    budget: Budget = UNLIMITED,
    progress: Progress | None = None,
    search: Search | None = None,
    store: StorePath | None = None,
    save_every: float | None = None,
    store_key: str | None = None,
) -> int:
    """The ``rule`` value of ``position`` (a position or a ``Sum``), from the raw rules.

    O(positions + moves) the first time over the positions not yet memoised, O(1)
    after. Raises :class:`SearchLimitError` beyond ``budget`` (what was finished stays
    memoised) and :class:`LoopyGameError` on a cycle. ``search`` chooses the methods
    (:class:`Search`; ``None``: the plain search, with the ruleset's ``canonical``
    hook); with ``search.prune`` a Grundy value is found by outcome searches of
    ``G + *k`` for ``k = 0, 1, ...`` (the first P-position's ``k`` is the value).
    With ``store`` (a file), the ruleset's memos are loaded from it first when it
    exists (:func:`load_memo`) and saved to it at the end, also when the search
    stops at the budget or is interrupted (:func:`save_memo`), and every
    ``save_every`` seconds while it runs (:data:`SAVE_EVERY`, 60 s, when None), so
    even a killed process loses at most that much: run again, the search resumes
    from what was found. A store is loaded only for the same rules: the same
    catalogue spec, or the same code, constants, closure, defaults, globals read
    and parameters of the user's rules; ``store_key`` names them by hand instead
    (see :func:`load_memo`).
    """
    if store is not None:
        with _stored(ruleset, store, save_every, store_key):
            return reduce(ruleset, position, rule, budget=budget, progress=progress,
                          search=search)
    memo = memo_of(ruleset, rule)
    if rule.split:
        if type(position) is Sum:
            v = 0
            for part in position.parts:
                v ^= reduce(ruleset, part, rule, budget=budget, progress=progress, search=search)
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
    if search is not None and search.mex_sets and rule is GRUNDY:
        return _MexSets(ruleset, search, budget, position).value_of(position)
    if search is not None and search.prune and rule is GRUNDY:
        return _Pruned(ruleset, search, budget, position).value_of(position)
    meter = budget.start()
    try:
        with guard(meter, f"{ruleset.name}: the {rule.name} of {describe(position)}"):
            if rule.split:
                _search_split(ruleset, position, rule, memo, budget, progress, meter,
                              search is None or search.canonical)
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


def take(it: Iterable[Hashable], cap: int, meter: Any, what: str, p: Hashable) -> list[Hashable]:
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
# stack under the positions it waits for. grundy.solve.reference is the same search
# written plainly; the property tests hold the two equal.
_known = partial(is_not, None)  # memo.get found a value
# A lazy scan: options, values of a prefix, the lookups of the rest, descended (see scan_lazily)
_LazyScan = tuple[list[Hashable], list[int], Iterator[Any], bool]


def _search_split(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
    canonical: bool = True,
) -> None:
    """The split search (Grundy values): Sum options and decomposed positions are
    worth the XOR of their parts; only parts are searched. A ruleset with neither a
    ``decompose`` nor a (used) ``canonical`` hook takes the one-loop path
    (:func:`_search_lazy`)."""
    if not ruleset.has_decompose and (not canonical or _canonical_hook(ruleset) is None):
        _search_lazy(ruleset, root, rule, memo, budget, progress, meter)
        return
    _SplitSearch(ruleset, root, rule, memo, budget, progress, meter, canonical).run()


# A position on the path of the lazy search: the position, the iterator of its
# options, the values of those read, the option it waits for.
_Frame0 = tuple[Hashable, Iterator[Any], set[int], Hashable]
_CHUNK = 256  # options read between two looks at the clock (a Sum option may be big)


def _search_lazy(
    ruleset: Ruleset,
    root: Hashable,
    rule: Rule,
    memo: dict[Hashable, int],
    budget: Budget,
    progress: Progress | None,
    meter: Any = None,
) -> None:
    """The split search as one loop, for rulesets without ``decompose`` or
    ``canonical`` (most user games): what a memoised recursion does, without its
    stack. The current position ``p`` reads its options from the move function's
    own iterator, in C (``scan_options``: the values of known options go into a set,
    the first unknown one comes back); an unknown option is descended into with
    ``p`` pushed on ``path``, and ``p`` resumes where it stopped once the option is
    known. A ``Sum`` option with unknown parts is waited for one part at a time.
    ``onpath`` (the positions being expanded) finds cycles. Positions are counted
    against the budget in batches of ``Meter.EVERY``. With a budget of positions
    the options are listed first (:func:`take`, in chunks under the clock), and a
    position with more options than the budget is refused before its options are
    searched."""
    from grundy.rules.ruleset import FunctionRuleset

    if meter is None:
        meter = budget.start()
    combine = rule.combine
    mex = combine is mex_of_set
    moves: Callable[[Any], Iterable[Hashable]] = ruleset.moves
    if isinstance(ruleset, FunctionRuleset) and type(ruleset).moves is FunctionRuleset.moves:
        moves = ruleset._moves  # the user's function itself: one call less a position
    what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
    cap = budget.positions
    every = meter.EVERY
    limit = sys.maxsize if meter.positions is None else meter.positions + 1
    scan, done, more, sum_value = scan_options, _DONE, _MORE, _sum_value
    path: list[_Frame0] = []
    onpath: set[Hashable] = set()
    bound = _Bound(meter, what, [memo])
    n0 = n = meter.count
    check = n + 1
    clock, next_look = _clock.now, meter.next_look
    p: Hashable = root
    it: Iterator[Any] | None = None
    vals: set[int] = set()
    try:
        while True:
            if it is None:  # expand p
                n += 1
                if n >= check or clock() >= next_look:  # the clock: at every call
                    meter.count = n - 1
                    meter.tick(what)
                    next_look = meter.next_look
                    e = n - n0
                    if n >= check:
                        if progress is not None and not e % _PROGRESS_EVERY:
                            progress(e)
                        if e >= every:
                            bound.check()
                        check = min(n0 + (e // every + 1) * every, limit)
                try:
                    raw = moves(p)
                    if type(raw) is not list and isinstance(raw, _Ruleset):
                        options(ruleset, p)  # raises: a factory of rulesets, not a move function
                    if cap is not None:  # list the options: more than the budget is refused
                        if type(raw) is not list:
                            it = iter(raw)
                            raw = tuple(islice(it, _CHUNK))
                            if len(raw) == _CHUNK:  # a long list: in chunks, under the clock
                                raw += tuple(take(it, cap, meter, what, p))
                        if len(raw) > cap:
                            raise SearchLimitError(
                                f"{what} stopped: position {describe(p)} has more than "
                                f"{cap:,} options (the budget)", n, reason="positions",
                            )
                    it = iter(raw)
                except (GrundyError, KeyboardInterrupt, MemoryError):
                    raise
                except BaseException:
                    options(ruleset, p, None, meter)  # raises the error naming the position
                    raise
                vals = set()
                onpath.add(p)
            try:
                o = scan(it, memo, vals, _CHUNK)
            except (GrundyError, KeyboardInterrupt, MemoryError):
                raise
            except BaseException:
                raise _bad_option(ruleset, p, options(ruleset, p, None, meter)) from None
            if o is done:
                if mex:
                    v = 0
                    while v in vals:
                        v += 1
                    memo[p] = v
                else:
                    memo[p] = combine(vals)
                onpath.remove(p)
                if not path:
                    if progress is not None:
                        progress(n - n0)
                    return
                p, it, vals, o = path.pop()
                if type(o) is not Sum:
                    vals.add(memo[o])
                    continue
                x = sum_value(o, memo)
                if x is not None:
                    vals.add(x)
                    continue
                # another part of the Sum o is unknown: descend into it (below)
            elif o is more:  # a long list of known options: look at the clock
                meter.count = n
                meter.look(what)
                next_look = meter.next_look
                continue
            if type(o) is Sum:
                c = next((q for q in o.parts if q not in memo), done)
                if c is done:  # the C lookup missed what `in` finds: a hash changed
                    raise _unstable(ruleset, o)
            else:
                c = o
            if c in onpath:
                raise _loop_or_bad(ruleset, [f[0] for f in path] + [p], c, meter)
            path.append((p, it, vals, o))
            p, it = c, None
    finally:
        meter.count = n


class _SplitSearch:
    """One split search from ``root``: :meth:`run` and its steps.

    Invariants: ``memo`` holds the finished positions (never a Sum); ``pending``
    maps each position expanded but not finished to ``(step, data)``, the method
    that resumes it; those are exactly the positions on the current path of the
    depth-first search, so an option found in ``pending`` closes a cycle; on
    ``stack`` a parked position lies under the positions it waits for.

    Options are read lazily (:meth:`scan_lazily`) until the ruleset yields a
    ``Sum``, then all at once (:meth:`scan_all`); the reducer keeps that fact about
    the ruleset with its memos (``_Memos.yields_sums``), so later searches read its
    options all at once from the start.
    """

    __slots__ = ("ruleset", "memo", "get", "moves", "combine", "progress", "meter", "cap",
                 "what", "decomposes", "memos", "lazy", "pending", "stack", "expanded",
                 "resume_lazily", "canonical", "bound")

    def __init__(self, ruleset: Ruleset, root: Hashable, rule: Rule,
                 memo: dict[Hashable, int], budget: Budget, progress: Progress | None,
                 meter: Any, canonical: bool = True) -> None:
        self.ruleset = ruleset
        self.memo = memo
        self.get = memo.get
        self.moves = ruleset.moves
        self.combine = rule.combine
        self.progress = progress
        self.meter = budget.start() if meter is None else meter
        # a huge option list is read in chunks, so the clock is watched while it is listed
        self.cap = budget.positions or sys.maxsize
        self.what = f"{ruleset.name}: the {rule.name} of {describe(root)}"
        self.decomposes = ruleset.has_decompose
        self.memos = _memos(ruleset)
        self.lazy = not self.memos.yields_sums
        self.pending: dict[Hashable, tuple[Callable[[Hashable, Any], None], Any]] = {}
        self.stack: list[Hashable] = [root]
        self.expanded = 0
        self.resume_lazily = self.scan_lazily  # bound once: it is parked at every descent
        # symmetric positions share the entry of their representative (canonical hook)
        self.canonical = _canonical_hook(ruleset) if canonical else None
        self.bound = _Bound(self.meter, self.what, [memo])

    def run(self) -> None:
        """The driver: pop a position; skip it if known, resume it if parked, else
        expand it; until the stack is empty (the root is then in the memo)."""
        memo, pending, stack, expand = self.memo, self.pending, self.stack, self.expand
        pop = stack.pop
        while stack:
            p = pop()
            if p in memo:
                continue
            parked = pending.pop(p, None)
            if parked is None:
                expand(p)
            else:
                step, data = parked
                step(p, data)
        if self.progress is not None:
            self.progress(self.expanded)

    def expand(self, p: Hashable) -> None:
        """The first visit of ``p``: count it against the budget, then hand its parts
        to :meth:`xor_parts`, or its options to a scan."""
        self.meter.tick(self.what)
        self.expanded = n = self.expanded + 1
        if not n & 63:
            self.bound.check()
            if not n % _PROGRESS_EVERY and self.progress is not None:
                self.progress(n)
        if self.decomposes:
            parts = _parts(self.ruleset, p)
            if parts is not None:
                self.xor_parts(p, parts)
                return
        if self.canonical is not None:
            c = _canonical(self.ruleset, p, self.canonical)
            if c is not None:
                self.xor_parts(p, (c,))  # its value is its representative's
                return
        try:
            opts = self.moves(p)
            if type(opts) is not list:  # in chunks: the clock and the memory are watched
                if opts is None or isinstance(opts, _Ruleset):
                    opts = options(self.ruleset, p)  # raises the error naming the position
                opts = take(opts, self.cap, self.meter, self.what, p)
        except GrundyError:
            raise
        except (KeyboardInterrupt, MemoryError):
            raise
        except BaseException:
            opts = options(self.ruleset, p, None, self.meter)  # raises the error naming the position
        if self.lazy:
            self.scan_lazily(p, (opts, [], map(self.get, opts), False))
        else:
            self.scan_all(p, opts)

    def xor_parts(self, p: Hashable, parts: tuple[Hashable, ...]) -> None:
        """``p`` decomposes: its value is the XOR of its parts' values. Parks ``p``
        under the parts not yet known (and is its own resuming step)."""
        memo = self.memo
        missing = [c for c in parts if c not in memo]
        if missing:
            self.park(p, self.xor_parts, parts, missing)
            return
        x = 0
        for c in parts:
            x ^= memo[c]
        memo[p] = x

    def scan_lazily(self, p: Hashable, state: _LazyScan) -> None:
        """Look the options' values up in order, in C (``takewhile`` over a
        ``map(memo.get, opts)``), and descend into the first unknown one: the stack
        holds one path and each option is looked up once, as in a memoised
        recursion. ``state`` is ``(opts, vals, scan, descended)``: ``vals`` are the
        values of ``opts[:len(vals)]``, ``scan`` yields those after the next one,
        and ``descended`` says the next one was unknown and is known now (``p``
        resumes here). A ``Sum`` option switches this ruleset to :meth:`scan_all`."""
        opts, vals, scan, descended = state
        try:
            if descended:
                vals.append(self.memo[opts[len(vals)]])
            vals.extend(takewhile(_known, scan))
        except TypeError:
            raise _bad_option(self.ruleset, p, opts) from None
        if len(vals) == len(opts):
            self.memo[p] = self.combine(set(vals))
            return
        c = opts[len(vals)]
        if type(c) is Sum:
            self.lazy = False
            self.memos.yields_sums = True
            self.scan_all(p, opts)
            return
        if c in self.pending or c == p:
            raise _loop(self.ruleset, c)
        self.pending[p] = (self.resume_lazily, (opts, vals, scan, True))
        stack = self.stack
        stack.append(p)
        stack.append(c)

    def scan_all(self, p: Hashable, opts: list[Hashable]) -> None:
        """All of ``p``'s options at once: one C scan (``xor_scan``) when every value
        is known (a Sum option is worth the XOR of its parts); else ``p`` is parked
        under every part not yet known, to be scanned again (its own resuming step)."""
        memo = self.memo
        try:
            known = xor_scan(opts, memo)
            if known is not None:
                memo[p] = self.combine(known)
                return
            missing = [c for o in opts for c in (o.parts if type(o) is Sum else (o,))
                       if c not in memo]
        except TypeError:
            raise _bad_option(self.ruleset, p, opts) from None
        if not missing:  # the C scan missed what `in` finds: a hash changed
            raise _unstable(self.ruleset, p)
        self.park(p, self.scan_all, opts, missing)

    def park(self, p: Hashable, step: Callable[[Hashable, Any], None], data: Any,
             missing: list[Hashable]) -> None:
        """Wait at ``p`` for ``missing`` (none of them may be on the current path:
        that is a cycle); ``step(p, data)`` resumes it once they are known."""
        pending = self.pending
        for c in missing:
            if c in pending or c == p:
                raise _loop(self.ruleset, c)
        pending[p] = (step, data)
        self.stack.append(p)
        self.stack += missing


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
    bound = _Bound(meter, what, [memo])
    while stack:
        p = stack.pop()
        if p in memo:
            continue
        opts = pending.pop(p, None)
        if opts is None:
            meter.tick(what)
            opts = node_options(ruleset, p, budget.positions, meter, what)
            expanded += 1
            if not expanded & 63:
                bound.check()
                if progress is not None and not expanded % _PROGRESS_EVERY:
                    progress(expanded)
        try:
            missing = [o for o in opts if o not in memo]  # (again: one may have been evicted)
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


# ------------------------------------------------------------------ the pruned search


@dataclass(frozen=True)
class Search:
    """Which methods a search uses, each switchable (:data:`PLAIN` is the reference).

    ``prune``: only the outcome is searched where only it is asked: an N-position
    needs one option that is a P-position, and the search stops at the first; a
    Grundy value is the ``k`` of the first P-position among ``G + *0, G + *1, ...``
    (Lemoine and Viennot's nimbers by outcome searches), a sum of parts the
    outcome of its last part plus the nimber of the others. ``canonical``: symmetric
    positions share one memo entry (the ruleset's ``canonical`` hook), and the
    ruleset's closed form (``value_formula``, when it has one) is asked once for
    each new part (Cram's mirror strategy). ``order``:
    options are tried in the ruleset's order (``order_options``), then the rest of
    the ruleset's order; options already decided by the memo are read first.
    ``mex_sets``: a Grundy value is found by Beling and Rogalski's pruning of the
    mex search instead (a position is asked whether its value lies in a set of
    nimbers that matter, :class:`_MexSets`); ``prune`` then concerns outcomes only.

    >>> import grundy
    >>> cram = grundy.games.get("cram")
    >>> outcome(cram, cram.parse_position("3x5")), reduce(cram, (2, 5, 1023), search=PRUNED)
    (Outcome.N, 1)
    """

    prune: bool = True
    canonical: bool = True
    order: bool = True
    mex_sets: bool = False


#: The plain search (every option of every position): the reference.
PLAIN = Search(prune=False, canonical=False, order=False)
#: Pruning, symmetry and move ordering.
PRUNED = Search()
#: Beling and Rogalski's pruning of the mex search, symmetry and move ordering.
MEX_SETS = Search(mex_sets=True)


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


@paused_collector
def outcome(ruleset: Ruleset, position: Hashable, *, search: Search = PRUNED,
            budget: Budget = UNLIMITED, store: StorePath | None = None,
            save_every: float | None = None, store_key: str | None = None) -> Outcome:
    """The outcome of ``position`` (a position or a ``Sum``): ``Outcome.N`` when the
    player to move wins. With ``search.prune`` only what decides the outcome is
    searched; otherwise it is the Grundy value's (:func:`reduce`) zero test.
    ``store``, ``save_every``, ``store_key``: a file the memos are loaded from and
    saved to (at the end and periodically), as in :func:`reduce`.

    >>> import grundy
    >>> outcome(grundy.games.get("kayles"), grundy.Sum(3, 3))
    Outcome.P
    """
    from grundy.values.outcome import Outcome

    if store is not None:
        with _stored(ruleset, store, save_every, store_key):
            return outcome(ruleset, position, search=search, budget=budget)
    if not search.prune:
        return Outcome.N if reduce(ruleset, position, GRUNDY, budget=budget, search=search) \
            else Outcome.P
    wins = _Pruned(ruleset, search, budget, position).wins(position, 0)
    return Outcome.N if wins else Outcome.P


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
        self.bound = _Bound(self.meter, self.what, [self.values, self.excluded], (self.split,))

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
        quick, active, tick, what = self.quick, self.active, self.meter.tick, self.what
        bound, opened = self.bound, 0
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
                tick(what)
                opened += 1
                if not opened & 63:
                    bound.check()
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


# ------------------------------------------------------------ pruning the mex search

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
