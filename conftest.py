import os
import sys
import tempfile

import pytest

# Misère quotients computed by the tests are stored in a scratch directory, not
# in the user's cache.
os.environ.setdefault("GRUNDY_QUOTIENT_DIR", tempfile.mkdtemp(prefix="grundy-quotients-"))

# The brute-force oracles recurse; small games only, but give them room.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict) -> None:
    import grundy

    doctest_namespace["grundy"] = grundy
