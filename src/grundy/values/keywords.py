"""Keywords a call took before it took one ``budget=``, accepted for one release.

A search takes its limits as one :class:`grundy.Budget` (``budget=``). The
keywords it took before (``limit=``, ``seconds=``, ``positions=``, ...) still work
for one release, with a :class:`DeprecationWarning` naming them; ``make`` turns
them into the budget.

>>> import warnings
>>> @old_keywords({"limit"}, lambda given: ("budget of", given["limit"]))
... def search(n, *, budget=None):
...     return budget
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     search(1, limit=5)
('budget of', 5)
>>> print(caught[0].message)
search(limit=) is deprecated and goes in the next release: pass budget=grundy.Budget(...) instead
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Collection
from typing import Any, TypeVar, cast

from grundy.values.errors import InvalidParameterError

__all__ = ["old_keywords"]

F = TypeVar("F", bound=Callable[..., Any])


def old_keywords(
    names: Collection[str], make: Callable[[dict[str, Any]], Any]
) -> Callable[[F], F]:
    """Let the decorated function take the keywords ``names`` as well as
    ``budget=``: a :class:`DeprecationWarning`, and ``budget=make(given)``. Both
    at once is an :class:`InvalidParameterError`. Type checkers see only the new
    signature."""
    old = frozenset(names)

    def decorate(f: F) -> F:
        where = f.__qualname__.replace(".__init__", "")

        @functools.wraps(f)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if kwargs and not old.isdisjoint(kwargs):
                given = {k: kwargs.pop(k) for k in sorted(old) if k in kwargs}
                spelled = "=, ".join(given) + "="
                if kwargs.get("budget") is not None:
                    raise InvalidParameterError(
                        f"{where}: pass budget= or {spelled}, not both (use budget= alone)"
                    )
                warnings.warn(
                    f"{where}({spelled}) is deprecated and goes in the next release: "
                    "pass budget=grundy.Budget(...) instead",
                    DeprecationWarning, stacklevel=2,
                )
                kwargs["budget"] = make(given)
            return f(*args, **kwargs)

        return cast(F, wrapper)

    return decorate
