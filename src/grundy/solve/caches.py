"""What the computations of a ruleset remember: one record per ruleset, kept here
in ``solve/`` (as the reducer keeps its memos), never on the ruleset, so a ruleset
is an immutable description of rules that any number of threads may share.

A record holds named entries (a move table, a period found, a table bound to a
file), each made on first use by :func:`cache_of`. Rulesets with equal catalogue
specs are equal and share one record (their tables are the same); a record is
dropped with the last ruleset that keys it. A ruleset bound to a file of its own
(a table store) asks for a *private* record: keyed by its identity, never shared
with the catalogue's ruleset, and closed with it.

>>> import grundy
>>> rs = grundy.games.get("subtraction:1,2")
>>> table = cache_of(rs, "doc", list)
>>> table.append(5); cache_of(rs, "doc", list)
[5]
>>> forget(rs); cache_of(rs, "doc", list)
[]
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["cache_of", "forget", "made_once", "RECORDS_LOCK"]

T = TypeVar("T")

# One record per ruleset (equal rulesets share one), dropped with the ruleset.
_SHARED: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()
# Records of rulesets bound to a file of their own: by identity, dropped with them.
_PRIVATE: dict[int, dict[str, Any]] = {}
#: The lock under which records are made and dropped: these and the reducer's
#: memos (:mod:`grundy.solve.reducer.memos`); searches run in threads (the web's
#: jobs, a store's saver).
RECORDS_LOCK = threading.RLock()


def made_once(table: Any, key: Any, make: Callable[[], T]) -> T:
    """``table[key]``, made by ``make()`` on first use (once, under
    :data:`RECORDS_LOCK`): a record of a table of records, or an entry of a record.

    >>> made_once({}, "k", list)
    []
    """
    value = table.get(key)
    if value is None:
        with RECORDS_LOCK:
            value = table.get(key)
            if value is None:
                value = table[key] = make()
    return value  # type: ignore[no-any-return]


def _record(ruleset: Any, private: bool) -> dict[str, Any]:
    if not private:
        return made_once(_SHARED, ruleset, dict)

    def fresh() -> dict[str, Any]:
        weakref.finalize(ruleset, _PRIVATE.pop, id(ruleset), None)
        return {}

    return made_once(_PRIVATE, id(ruleset), fresh)


def cache_of(ruleset: Any, kind: str, make: Callable[[], T], *, private: bool = False) -> T:
    """The entry ``kind`` of ``ruleset``'s record, made by ``make()`` on first
    use. ``make`` must not refer to the ruleset (the record would keep it alive);
    ``private``: the ruleset's own record (see the module docstring)."""
    return made_once(_record(ruleset, private), kind, make)


def forget(ruleset: Any) -> None:
    """Drop everything remembered for ``ruleset`` (its shared and private records)."""
    with RECORDS_LOCK:
        _SHARED.pop(ruleset, None)
        _PRIVATE.pop(id(ruleset), None)
