"""Type stub of the compiled ``grundy.rules._sum`` (see ``_sum.c``)."""

from collections.abc import Hashable
from typing import Any

from typing import Self

class SumBase:
    def __new__(cls, *parts: Hashable) -> Self: ...
    @property
    def parts(self) -> tuple[Hashable, ...]: ...

def xor_scan(opts: list[Any], memo: dict[Any, int], /) -> set[int] | None: ...
def configure(error: type[TypeError], multiset_key: Any, /) -> None: ...
