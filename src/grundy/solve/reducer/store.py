"""Save and resume: a ruleset's memos written to a file (a store) and read back,
checked against the rules they were found for; a thread saves them periodically
while a search runs (:func:`_stored`, the ``store=`` of ``reduce`` and ``outcome``).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from grundy.solve.reducer.memos import _LOCK, _memo_named, _memos
from grundy.solve.reducer.options import _short
from grundy.values.errors import InvalidParameterError, describe

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["save_memo", "load_memo", "SAVE_EVERY", "StorePath"]

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
    >>> from grundy.solve.reducer import GRUNDY, forget, memo_of, reduce
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
