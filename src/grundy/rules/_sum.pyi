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
