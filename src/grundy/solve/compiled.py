"""The compiled search tier: games whose positions are 64-bit words (bitboards),
searched by a numba kernel (:mod:`grundy.kernels.bitsearch`) from end to end.

A game of this tier is a :class:`BitboardGame`: four numba functions over words
(``moves``, ``split``, ``canonical``, ``formula``; see
:mod:`grundy.kernels._bitsearch_jit` for their contracts) and a uint64 array of
constants they read. The search is the pruned search of :mod:`grundy.solve.reducer`
(outcomes of ``G + *k``; options the table decides first, then the game's order;
components split and brought to canonical form; the closed form asked for each new
part), run in compiled code with an explicit stack, over an open-addressing table
of 16 bytes a slot sized within the budget's ``max_memory``. The kernel comes back
to Python every :data:`STEP` positions, where the budget's clock, positions and
memory are looked at (and Ctrl-C raises). Each game keeps its table between calls,
so a second question is answered from what the first one found.

The Python search (``reduce(ruleset, p, search=PRUNED)``) stays the reference:
``tests/solve/test_compiled.py`` holds the two equal on random positions.

>>> import grundy
>>> from grundy.solve.compiled import compiled_value, compiled_outcome, CRAM
>>> from grundy.kernels.bitsearch import cram_word
>>> compiled_value(CRAM, cram_word(4, 5, (1 << 20) - 1))        # the empty 4 x 5 board
2
>>> compiled_outcome(CRAM, cram_word(3, 3, 0b111111111))
Outcome.P
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grundy.solve.budget import UNLIMITED, Budget
from grundy.solve.collector import paused_collector
from grundy.values.errors import InvalidParameterError, MoveFunctionError, SearchLimitError

if TYPE_CHECKING:
    from grundy.kernels.bitsearch import BitSearch
    from grundy.values.outcome import Outcome

__all__ = ["BitboardGame", "CRAM", "CRAM_WIDE", "bitboard_game", "save_table", "load_table", "compiled_value", "compiled_outcome", "node_kayles_game",
           "forget_tables", "METHODS", "STEP", "MAX_ENTRIES", "MIN_ENTRIES"]

#: The ways :func:`compiled_value` finds a value.
METHODS = ("outcomes", "mex-sets")
#: Positions the kernel opens between two returns to Python (clock, Ctrl-C).
STEP = 1 << 14
#: The largest table (slots of 16 bytes) a search allocates: 2**24, 256 MiB.
MAX_ENTRIES = 1 << 24
#: A budget that leaves room for fewer slots than this is refused.
MIN_ENTRIES = 1 << 12
_KEEP = 4  # tables kept (the games met last)


@dataclass(frozen=True, eq=False)
class BitboardGame:
    """A game of the compiled tier.

    ``kernel`` is a catalogue game's name (``"cram"``, ``"node-kayles"``: its
    search compiled once and cached on disk) or a tuple of four numba functions
    ``(moves, split, canonical, formula)`` (compiled for them on first use in a
    process); ``ctx`` the uint64 array of constants they read; ``name`` names the
    game in messages and stores; ``words``: 2 when a position is two 64-bit words
    (up to 128 bits: ``"cram-wide"``, ``"node-kayles-wide"``, or a user's functions
    over pairs, see :mod:`grundy.kernels._bitwide_jit`)."""

    name: str
    kernel: str | tuple[Any, Any, Any, Any]
    ctx: Any = field(repr=False)
    words: int = 1

    def identity(self) -> str:
        """The game's name and a digest of its constants (what a store records)."""
        import numpy as np

        data = np.ascontiguousarray(self.ctx, dtype=np.uint64).tobytes()
        if not isinstance(self.kernel, str):  # a user's functions: their names and code
            for f in self.kernel:
                py = getattr(f, "py_func", f)
                code = getattr(py, "__code__", None)
                data += f"{py.__module__}.{py.__qualname__}".encode()
                if code is not None:
                    data += code.co_code + repr(code.co_consts).encode()
        return f"{self.name} {hashlib.sha256(data).hexdigest()[:16]}" + (
            " wide" if self.words == 2 else "")


def bitboard_game(name: str, moves: Any, split: Any, canonical: Any = None,
                  formula: Any = None, ctx: Any = None, words: int = 1) -> BitboardGame:
    """A game of the compiled tier from a user's numba functions (see the module
    :mod:`grundy.kernels._bitsearch_jit` for their contracts): ``canonical``
    defaults to none (every word its own representative), ``formula`` to none,
    ``ctx`` to an array of one zero; ``words=2``: positions are pairs of words."""
    import numpy as np

    from grundy.kernels._lazy import jit_module

    if words not in (1, 2):
        raise InvalidParameterError(f"words must be 1 or 2; got {words!r}")
    jm = jit_module("_bitwide_jit" if words == 2 else "_bitsearch_jit")
    if ctx is None:
        ctx = np.zeros(1, dtype=np.uint64)
    return BitboardGame(name, (moves, split, jm.same if canonical is None else canonical,
                               jm.no_formula if formula is None else formula), ctx, words)


def _cram() -> BitboardGame:
    from grundy.kernels.bitsearch import cram_context

    return BitboardGame("cram", "cram", cram_context())


def _cram_wide() -> BitboardGame:
    from grundy.kernels.bitsearch import cram_wide_context

    return BitboardGame("cram", "cram-wide", cram_wide_context(), 2)


class _LazyCram:
    """:data:`CRAM` and :data:`CRAM_WIDE`, built on first use (their constants need
    numpy)."""

    games: dict[str, BitboardGame] = {}

    def get(self, name: str) -> BitboardGame:
        if name not in self.games:
            self.games[name] = _cram() if name == "CRAM" else _cram_wide()
        return self.games[name]


_CRAM = _LazyCram()


def __getattr__(name: str) -> Any:
    if name in ("CRAM", "CRAM_WIDE"):
        return _CRAM.get(name)
    raise AttributeError(name)


def node_kayles_game(closed: tuple[int, ...], *, wide: bool = False) -> BitboardGame:
    """The Node Kayles game of a graph of at most 128 vertices (``closed[v]``: the
    bitmask of ``v`` and its neighbours); a position is the mask of the vertices
    left, one word up to 64 vertices (unless ``wide``), else two."""
    from grundy.kernels.bitsearch import nk_context, nk_wide_context

    if len(closed) > 128:
        raise InvalidParameterError(f"node-kayles: the compiled search takes at most 128 "
                                    f"vertices; got {len(closed)}")
    if wide or len(closed) > 64:
        return BitboardGame("node-kayles", "node-kayles-wide", nk_wide_context(closed), 2)
    return BitboardGame("node-kayles", "node-kayles", nk_context(closed))


# ------------------------------------------------------------------ the tables

_TABLES: OrderedDict[str, BitSearch] = OrderedDict()


def forget_tables() -> None:
    """Drop every game's table (the next search starts from nothing)."""
    _TABLES.clear()


def _entries_within(budget_bytes: int, held: int) -> int:
    """The slots a table may have: half of what the budget leaves above the
    process's memory (``held``: bytes of the table being replaced), a power of two,
    at most :data:`MAX_ENTRIES`."""
    from grundy.kernels.bitsearch import ENTRY_BYTES
    from grundy.values import memory

    free = budget_bytes - memory.current()[0] + held
    n = MAX_ENTRIES
    while n > 4 and n * ENTRY_BYTES > free // 2:
        n //= 2
    return n


def _search_of(game: BitboardGame, meter: Any, what: str) -> BitSearch:
    """The game's search state, its table within the memory budget (a table too
    large for the budget is replaced by one that fits; none fits: refused)."""
    from grundy.kernels.bitsearch import ENTRY_BYTES, BitSearch

    key = game.identity()
    s = _TABLES.get(key)
    held = 0 if s is None else len(s.tkeys) * ENTRY_BYTES
    n = _entries_within(meter.mem(), held)
    from grundy.kernels.bitsearch import WIDE_MIN_ENTRIES

    least = WIDE_MIN_ENTRIES if game.words == 2 else MIN_ENTRIES
    if n < least:
        from grundy.values import memory

        raise SearchLimitError(
            f"{what}: the compiled table needs room for at least {least:,} positions of "
            f"{ENTRY_BYTES} bytes, and the memory budget of {memory.format_bytes(meter.mem())} "
            "leaves less (ask for a larger max_memory)", 0, reason="memory")
    if s is None or len(s.tkeys) > n:
        _TABLES.pop(key, None)
        s = BitSearch(game.kernel, game.ctx, n, words=game.words)
        _TABLES[key] = s
        while len(_TABLES) > _KEEP:
            _TABLES.popitem(last=False)
    _TABLES.move_to_end(key)
    return s


# ------------------------------------------------------------------ saving


def save_table(game: BitboardGame, path: str | os.PathLike[str]) -> int:
    """Write the game's table (its used slots) to ``path`` (numpy ``.npz``, through a
    temporary file); returns the number of entries."""
    import numpy as np

    s = _TABLES.get(game.identity())
    if s is None:
        keys = words = np.zeros(0, dtype=np.uint64)
    else:
        keys, words = s.entries()
    tmp = f"{os.fspath(path)}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            np.savez(f, identity=np.array(game.identity()), keys=keys, words=words)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return len(keys)


def load_table(game: BitboardGame, path: str | os.PathLike[str], meter: Any = None) -> int:
    """Add the entries saved in ``path`` (:func:`save_table`) to the game's table;
    returns how many were read. A file of another game is refused."""
    import numpy as np

    name = os.fspath(path)
    try:
        with np.load(name, allow_pickle=False) as z:
            who, keys, words = str(z["identity"]), z["keys"], z["words"]
    except (OSError, ValueError, KeyError) as exc:
        raise InvalidParameterError(f"{name!r} is not a table of the compiled search ({exc})") \
            from None
    if who != game.identity():
        raise InvalidParameterError(f"the table {name!r} is of {who!r}, not of {game.identity()!r}")
    meter = UNLIMITED.start() if meter is None else meter
    _search_of(game, meter, game.name).insert(keys, words)
    return len(keys)


# ------------------------------------------------------------------ searching


def _run(s: BitSearch, meter: Any, what: str, saver: Callable[[], None] | None) -> int:
    """Run the task set in ``s`` to its end within the meter's budget."""
    from grundy.kernels.bitsearch import DONE, PAUSED

    base = s.nodes - meter.count
    cap = meter.positions
    while True:
        limit = s.nodes + STEP
        if cap is not None:
            limit = min(limit, base + cap + 1)
        status = s.run(limit)
        meter.count = s.nodes - base
        if status == DONE:
            return s.result()
        if status != PAUSED:
            raise MoveFunctionError(f"{what}: the compiled search stopped with status "
                                    f"{status} (a move function wrote past its buffer, or a "
                                    "value above 254)")
        if cap is not None and meter.count > cap:
            raise SearchLimitError(
                f"{what} needs more than {cap:,} positions (the budget); ask for a larger "
                "budget to go further", meter.count - 1, reason="positions")
        meter.look(what)
        if saver is not None:
            saver()


class _Store:
    """Loads a table when its file exists, saves it every ``every`` seconds between
    two runs of the kernel and at the end, however the search ends."""

    def __init__(self, game: BitboardGame, path: str | os.PathLike[str] | None,
                 every: float | None) -> None:
        from grundy.solve.reducer import SAVE_EVERY

        self.game, self.path = game, path
        self.every = SAVE_EVERY if every is None else every
        if type(self.every) not in (int, float) or not self.every > 0:
            raise InvalidParameterError(f"save_every must be a positive number of seconds; "
                                        f"got {self.every!r}")
        self.next = time.monotonic() + self.every

    def __call__(self) -> None:
        if self.path is not None and time.monotonic() >= self.next:
            save_table(self.game, self.path)
            self.next = time.monotonic() + self.every


def _parts(s: BitSearch, word: int) -> list[int]:
    """The parts of ``word``, each in canonical form."""
    return [s.canonical(p) for p in s.parts(word)]


def _values(game: BitboardGame, parts: list[int], budget: Budget, what: str,
            store: _Store, query: int | None, mex_sets: bool = False) -> int:
    meter = budget.start()
    s = _search_of(game, meter, what)
    if store.path is not None and os.path.exists(store.path):
        load_table(game, store.path, meter)
    try:
        x = 0
        for i, p in enumerate(parts):
            if query is not None and i == len(parts) - 1:
                s.start_query(p, query ^ x)
                return _run(s, meter, what, store)
            s.start_value(p, mex_sets=mex_sets)
            x ^= _run(s, meter, what, store)
        return x
    finally:
        if store.path is not None:
            save_table(game, store.path)


def _check(game: BitboardGame, word: int) -> None:
    bits = 64 * game.words
    if type(word) is not int or not 0 <= word < 1 << bits:
        raise InvalidParameterError(f"{game.name}: a compiled position is a {bits}-bit word; "
                                    f"got {word!r}")


@paused_collector
def compiled_value(game: BitboardGame, word: int, *, budget: Budget = UNLIMITED,
                   store: str | os.PathLike[str] | None = None,
                   save_every: float | None = None, method: str = "outcomes") -> int:
    """The Grundy value of the position ``word`` of ``game``, by the compiled pruned
    search (the XOR of its parts' values). Raises :class:`SearchLimitError` beyond
    ``budget`` (what was found stays in the game's table). ``store``: a file the
    table is loaded from (when it exists) and saved to, at the end and every
    ``save_every`` seconds (60 s when None), as ``reduce(store=...)`` does.
    ``method``: ``"outcomes"`` (a part's value is the first ``k`` with ``G + *k``
    lost) or ``"mex-sets"`` (Beling and Rogalski's pruning of the mex search, as
    ``reduce(search=MEX_SETS)``); both share the table's facts.

    >>> from grundy.kernels.bitsearch import cram_word
    >>> from grundy.solve.compiled import CRAM
    >>> compiled_value(CRAM, cram_word(4, 5, (1 << 20) - 1), method="mex-sets")
    2
    """
    _check(game, word)
    if method not in METHODS:
        raise InvalidParameterError(f"method must be one of {', '.join(METHODS)}; "
                                    f"got {method!r}")
    what = f"{game.name}: the compiled value search of {word:#x}"
    st = _Store(game, store, save_every)
    if word == 0:
        return 0
    s = _search_of(game, budget.start(), what)
    return _values(game, _parts(s, word), budget, what, st, None, method == "mex-sets")


@paused_collector
def compiled_outcome(game: BitboardGame, word: int, *, budget: Budget = UNLIMITED,
                     store: str | os.PathLike[str] | None = None,
                     save_every: float | None = None) -> Outcome:
    """The outcome of ``word`` by the compiled search: the values of all its parts
    but the largest, then the outcome of the largest plus their XOR."""
    from grundy.values.outcome import Outcome

    _check(game, word)
    what = f"{game.name}: the compiled outcome search of {word:#x}"
    st = _Store(game, store, save_every)
    s = _search_of(game, budget.start(), what)
    parts = sorted(_parts(s, word), key=lambda p: bin(p).count("1")) if word else []
    if not parts:
        return Outcome.P
    won = _values(game, parts, budget, what, st, 0)
    return Outcome.N if won else Outcome.P
