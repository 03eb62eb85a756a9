"""A census of octal games: every code with up to ``digits`` code digits, tabled
to ``n`` by the compiled kernel, with its period (proven by Guy-Smith when the
table is long enough).

Runs on the local cores by default (a process pool), or unchanged on a Dask
cluster given its scheduler address. Results can be stored in a JSON file; a
rerun reuses every stored result that is proven or was computed at least as far,
so raising ``n`` only recomputes the games still unsettled.

>>> rows = census(1, 200, workers=1)
>>> [(r.code, r.period, r.proven) for r in rows][:3]
[('0.1', 1, True), ('0.2', 2, True), ('0.3', 2, True)]
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from itertools import product
from pathlib import Path

__all__ = ["CensusRow", "census", "octal_codes", "to_csv"]


@dataclass(frozen=True)
class CensusRow:
    """One game of a census. ``period`` is ``None`` when no period shows."""

    code: str
    n: int
    preperiod: int | None
    period: int | None
    proven: bool
    max_value: int


def octal_codes(digits: int) -> Iterator[str]:
    """Every octal code ``0.d1..dk`` with ``1 <= k <= digits`` and ``dk != 0``."""
    for k in range(1, digits + 1):
        for ds in product(range(8), repeat=k):
            if ds[-1]:
                yield "0." + "".join(map(str, ds))


def analyse(code: str, n: int) -> CensusRow:
    """Table ``code`` to ``n`` and find its period (runs in a worker)."""
    from grundy.games.octal import parse_code
    from grundy.kernels.octal import octal_table
    from grundy.patterns.periodicity import octal_periodicity

    digits, _ = parse_code(code)
    values = octal_table(digits, n).tolist()
    p = octal_periodicity(values, len(digits) - 1)
    return CensusRow(
        code, n, None if p is None else p.preperiod, None if p is None else p.period,
        bool(p and p.proven), max(values),
    )


def _run_local(codes: list[str], n: int, workers: int | None) -> list[CensusRow]:
    if workers == 1 or len(codes) <= 1:
        return [analyse(c, n) for c in codes]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        return list(pool.map(analyse, codes, [n] * len(codes), chunksize=8))


def _run_dask(codes: list[str], n: int, scheduler: str) -> list[CensusRow]:
    from distributed import Client

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        futures = client.map(analyse, codes, [n] * len(codes), pure=False)
        return list(client.gather(futures))


def census(
    digits: int,
    n: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    store: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[CensusRow]:
    """Census of every octal game with up to ``digits`` code digits, to heap ``n``.

    ``scheduler``: a Dask scheduler address (``tcp://host:8786``) to run on a
    cluster; otherwise ``workers`` local processes (default: every core).
    ``store``: a JSON file of results, reused and extended across runs.
    """
    from grundy.values.errors import InvalidParameterError, describe

    for what, x, top in (("digits", digits, 6), ("n", n, 1 << 20)):
        if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= top:
            raise InvalidParameterError(
                f"census: {what} must be an integer in 1..{top:,}; got {describe(x)}"
            )
    codes = list(octal_codes(digits))
    stored: dict[str, CensusRow] = {}
    path = Path(store) if store else None
    if path and not path.parent.is_dir():
        raise InvalidParameterError(
            f"census: the store's directory {describe(str(path.parent))} does not exist"
        )
    if path and path.exists():
        try:
            for row in json.loads(path.read_text()):
                stored[row["code"]] = CensusRow(**row)
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError) as exc:
            raise InvalidParameterError(
                f"census: the store {describe(str(path))} is not a census file "
                f"({type(exc).__name__}: {describe(str(exc))[1:-1]})"
            ) from None
    todo = [c for c in codes if not (c in stored and (stored[c].proven or stored[c].n >= n))]
    if progress:
        progress(len(codes) - len(todo), len(codes))
    fresh = _run_dask(todo, n, scheduler) if scheduler else _run_local(todo, n, workers)
    for row in fresh:
        stored[row.code] = row
    if path:
        path.write_text(json.dumps([asdict(r) for r in sorted(stored.values(), key=lambda r: r.code)]))
    if progress:
        progress(len(codes), len(codes))
    return [stored[c] for c in codes]


def to_csv(rows: list[CensusRow]) -> str:
    """The census as CSV text."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["code", "n", "preperiod", "period", "proven", "max_value"])
    for r in rows:
        w.writerow([r.code, r.n, r.preperiod, r.period, r.proven, r.max_value])
    return out.getvalue()
