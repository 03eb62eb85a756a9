import sys

import pytest

# The brute-force oracles recurse; small games only, but give them room.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict) -> None:
    import grundy

    doctest_namespace["grundy"] = grundy
