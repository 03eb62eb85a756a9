"""Type stub of the compiled ``grundy.rules._sum`` (see ``_sum.c``)."""

from collections.abc import Hashable, Iterator
from typing import Any

from typing import Self

class SumBase:
    def __new__(cls, *parts: Hashable) -> Self: ...
    @property
    def parts(self) -> tuple[Hashable, ...]: ...

def xor_scan(opts: list[Any], memo: dict[Any, int], /) -> set[int] | None: ...
def scan_options(
    it: Iterator[Any], memo: dict[Any, int], vals: set[int], n: int, /
) -> object: ...
def sum_value(sum: SumBase, memo: dict[Any, int], /) -> int | None: ...

DONE: object
MORE: object

def configure(error: type[TypeError], multiset_key: Any, /) -> None: ...

# the reducer's lazy search in C (_lazy.c; grundy.solve.reducer.lazy drives it)
class LazyLoop:
    count: int
    check: int
    next_look: float
    @property
    def phase(self) -> int: ...
    @property
    def waiting(self) -> Any: ...
    @property
    def position(self) -> Any: ...
    def __new__(
        cls, moves: Any, memo: dict[Any, int], onpath: set[Any], root: Hashable,
        ruleset_type: type, clock: Any, upper: Any, offset: float, /,
    ) -> Self: ...
    def run(self) -> int: ...
    def path(self) -> list[Any]: ...

LAZY_FINISHED: int
LAZY_CHECK: int
LAZY_MORE: int
LAZY_LOOP: int
LAZY_UNSTABLE: int
LAZY_RULESET: int
