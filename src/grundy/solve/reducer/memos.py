"""What the reducer remembers: one record per ruleset (a memo per rule, by name),
kept across queries and dropped with the ruleset (a weak reference).

Rulesets with equal catalogue specs are equal, so they share one record. The
record is created under a lock: searches run in threads (the web's jobs, the
store's saver).

>>> import grundy
>>> from grundy.solve.reducer import reduce
>>> nim = grundy.games.get("nim")
>>> reduce(nim, 5), memo_of(nim, GRUNDY)[5]
(5, 5)
>>> forget(nim); 5 in memo_of(nim, GRUNDY)
False
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from grundy.solve.caches import RECORDS_LOCK, made_once
from grundy.solve.reducer.rules import GRUNDY, Rule

if TYPE_CHECKING:
    from grundy.rules.ruleset import Ruleset

__all__ = ["memo_of", "forget"]

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
#: Made and dropped under the lock of every record (the store copies under it too).
_LOCK = RECORDS_LOCK


def memo_of(ruleset: Ruleset, rule: Rule) -> dict[Hashable, int]:
    """The memo of ``ruleset`` for ``rule`` (created on first use)."""
    return _memo_named(ruleset, rule.name)


def _memos(ruleset: Ruleset) -> _Memos:
    """The record of ``ruleset`` (created on first use)."""
    return made_once(_MEMOS, ruleset, _Memos)


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
