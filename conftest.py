import gc
import os
import sys
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# The run starts hundreds of fresh interpreters (xdist workers, the grundy
# command, the web pool's workers, children with a capped address space): each
# would compile every module of grundy and of the tests again where the
# environment asks for no bytecode files (PYTHONDONTWRITEBYTECODE), about 5 s of
# CPU for each worker's collection alone. The test run writes them (Python's
# default; __pycache__ is ignored by git), for itself and its children.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

def pytest_collection_finish(session: pytest.Session) -> None:
    """After collection, the objects a test process holds for good (modules,
    the collected tests, hypothesis' and numba's tables: about a million) are
    moved out of the cyclic collector's sight (``gc.freeze``), and it runs after
    10,000 new container objects rather than 700: the collector walked them
    again in every full collection, about 5-8% of the run's CPU (measured on
    the guess, catalogue and reducer tests). The library's searches pause the
    collector themselves; no test depends on when it runs."""
    gc.freeze()
    gc.set_threshold(10_000, *gc.get_threshold()[1:])


#: tests that compile the one-word Cram search (about 9 CPU s in a fresh clone),
#: with every test of the catalogue's Cram entry (``[cram]``): run first, so that
#: they run in one worker. xdist's work stealing hands the first worker the first
#: half of the tests and steals from the end of a queue, so tests at the front
#: stay where they are; two workers reaching the kernel at once each compiled it
#: (numba's disk cache serves the second only once the first has written it).
FIRST = ("tests/solve/test_compiled.py::", "src/grundy/kernels/bitsearch.py::")


def _first(item: pytest.Item) -> bool:
    return item.nodeid.startswith(FIRST) or "[cram]" in item.nodeid


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # then the documents (the package's last test paths): each of docs/search.md
    # and docs/guess.md takes 6-14 s, and last in a worker's queue they were the
    # run's tail, the other worker idle
    items.sort(key=lambda item: (not _first(item), not item.nodeid.endswith(".md")))  # stable


# Misère quotients computed by the tests are stored in a scratch directory, not
# in the user's cache.
os.environ.setdefault("GRUNDY_QUOTIENT_DIR", tempfile.mkdtemp(prefix="grundy-quotients-"))

# The brute-force oracles recurse; small games only, but give them room.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))

# Hypothesis fails an example that takes over 200 ms of wall time by default (its
# "deadline"), and a test whose data generation is slow (a wall-time health
# check): a busy machine takes that long for examples that need 10 ms. No test
# here asserts wall-clock time; the speed is measured in benchmarks/.
settings.register_profile("grundy", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("grundy")


#: seconds the rule synthesiser gets per target in a test (the library gives 12):
#: the tests check what the library of forms, the structure finders and the
#: synthesiser's first sizes find; a test of deeper synthesis is marked
#: ``full_synthesis`` (and slow where it must be). The seconds are CPU seconds of
#: the searching thread: on a loaded machine the search is the same as on an idle one
SYNTH_SHARE = 3.0
#: candidates the synthesiser examines per target in the documents' examples
#: (docs/guess.md's are the only ones that reach it: each of its searches finds
#: the same rules, verified and refuted, at 50,000 as at 200,000; not at 20,000)
DOC_SYNTH_WORK = 50_000


@pytest.fixture(autouse=True)
def _quick_synthesis(request: pytest.FixtureRequest):
    if request.node.get_closest_marker("full_synthesis") is not None:
        yield
        return
    from grundy.conjecture import search_time
    from grundy.patterns.synth import WORK

    # the documents' examples (docs/*.md, README.md) show rules the forms, the
    # structure finders and the synthesiser's first sizes find: there it also
    # stops after DOC_SYNTH_WORK candidates a target, at the same place on any
    # machine, instead of spending the whole share where nothing fits
    # and a test module may bound it likewise (its SYNTH_WORK), and a test
    # (``@pytest.mark.synth_work(n)``: where it needs more than its module's)
    module = getattr(request.node, "module", None)
    work = DOC_SYNTH_WORK if str(request.node.path).endswith(".md") else getattr(module, "SYNTH_WORK", None)
    marker = request.node.get_closest_marker("synth_work")
    if marker is not None:
        work = marker.args[0]
    token = WORK.set(work) if work is not None else None
    try:
        with search_time(SYNTH_SHARE, cpu=True):
            yield
    finally:
        if token is not None:
            WORK.reset(token)


@pytest.fixture(autouse=True)
def _default_digit_limit() -> Iterator[None]:
    """Each test starts with Python's limit on ``str(int)`` (4,300 digits), as a
    fresh process does: ``grundy.cli.main.main()`` lifts it for the whole process
    (exact big integers print in full), and a test run in-process after one would
    not meet the limit its messages about huge integers are about."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(sys.int_info.default_max_str_digits)
    yield
    sys.set_int_max_str_digits(limit)


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace: dict) -> None:
    import grundy

    doctest_namespace["grundy"] = grundy


class FakeClock:
    """The budgets' clock (:func:`grundy.values.clock.now`) as a counter: each
    read advances it by ``tick`` seconds. A time budget then ends after a fixed
    number of looks at the clock, whatever the load of the machine: a test of a
    budget asserts that the search stops and why, not how fast the machine is.
    ``reads`` counts the looks."""

    def __init__(self, tick: float = 0.001) -> None:
        self.t, self.tick, self.reads = 1000.0, tick, 0

    def now(self) -> float:
        self.reads += 1
        self.t += self.tick
        return self.t


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    from grundy.values import clock

    fake = FakeClock()
    monkeypatch.setattr(clock, "now", fake.now)
    return fake
