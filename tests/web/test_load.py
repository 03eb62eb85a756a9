"""A load test on 127.0.0.1: while many slow analyses are in flight (each
stopped by its budget, the pool's overflow refused with a prompt 503), a cheap
request is answered at once."""

from __future__ import annotations

import contextlib
import json
import socket
import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from grundy.web.app import Limits, create_app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _server(limits: Limits) -> Iterator[str]:
    port = _free_port()
    app = create_app(limits)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 120
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}"
    try:
        _post(url, {"game": "nim", "position": "1"})  # the workers are up
        yield url
    finally:
        srv.should_exit = True
        th.join(10)
        app.state.close()


def _post(url: str, body: dict, timeout: float = 60) -> tuple[int, dict]:
    req = urllib.request.Request(url + "/api/analyze", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def _timed(fn) -> float:  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    fn()
    return time.monotonic() - t0


def _load(url: str, n: int, accepted: int, seconds: float, timed: bool = False) -> None:
    """``n`` slow analyses at once, and cheap requests among them: every answer
    is a 200 or a 503, never more refused than the capacity leaves, the cheap
    ones all answered and right. ``timed``: also the latencies and the refusals'
    count, which need a machine to itself (the slow test, run by name)."""
    results: list[tuple[int, float]] = []
    lock = threading.Lock()

    def slow() -> None:
        t0 = time.monotonic()
        status, d = _post(url, {"game": "moore:2", "position": "40 41 42 43"})
        with lock:
            results.append((status, time.monotonic() - t0))
        if status == 200:
            assert d["outcome"] == "N" and d["stopped"], d

    threads = [threading.Thread(target=slow) for _ in range(n)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(0.5)  # all in flight: some running, some waiting, the rest refused
    games, cheap = [], []
    answers: list[tuple[int, dict]] = []  # type: ignore[type-arg]
    for _ in range(5):
        games.append(_timed(lambda: urllib.request.urlopen(url + "/api/games", timeout=10).read()))
        cheap.append(_timed(lambda: answers.append(_post(url, {"game": "nim", "position": "3 4 5"}, 60))))
        time.sleep(0.05)
    for t in threads:
        t.join(120)
    took = time.monotonic() - t0
    print(f"GET /api/games {games}, nim 3 4 5 {cheap}, 503s {sorted(dt for s, dt in results if s == 503)}")
    # on a busy machine the cheap request's first, 50 ms try may not finish, and
    # then it meets the full pool: a 503 (the latencies are the timed run's)
    assert all(s == 503 or (s, d["outcome"], d["value"]) == (200, "N", 2) for s, d in answers), answers
    assert len(answers) == 5
    assert len(results) == n
    refused = [s for s, dt in results if s == 503]
    assert all(s in (200, 503) for s, _ in results)
    assert len(refused) <= n - accepted, len(refused)
    if not timed:
        return
    assert statistics.median(games) < 0.1 and max(games) < 0.5, games
    assert statistics.median(cheap) < 0.1 and max(cheap) < 0.5, cheap
    # the workers and the queue are full: the rest are refused (but for the few
    # still in their first, small try, which the pool has not seen yet)
    assert max(0, n - accepted - 3) <= len(refused), len(refused)
    late = sorted(dt for s, dt in results if s == 503)
    assert not late or late[len(late) // 2] < 0.5 and late[-1] < 2.0, late  # promptly
    # each accepted analysis holds a worker for about its budget (2 workers)
    assert took < (2 * seconds + 3) * accepted / 2 + 10


@pytest.mark.heavy
def test_cheap_requests_while_slow_ones_run() -> None:
    with _server(Limits(seconds=0.5, workers=2, queue=2)) as url:
        _load(url, 12, 4, 0.5)


def _get(url: str, path: str, params: dict[str, str], timeout: float = 60) -> tuple[int, dict]:
    q = urllib.parse.urlencode(params)
    try:
        with urllib.request.urlopen(f"{url}{path}?{q}", timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def _p99(xs: list[float]) -> float:
    return sorted(xs)[max(0, -(-len(xs) * 99 // 100) - 1)]


def _cheap(url: str, k: int) -> tuple[float, float]:
    """Seconds of the ``k``-th cheap pair: a table of nim (a closed form) and a
    closed-form analysis (a nim heap of up to 43 digits, or a sum of small heaps),
    their answers checked."""
    t0 = time.monotonic()
    status, d = _get(url, "/api/table", {"game": "nim", "to": str(10 + k % 150)}, 10)
    table = time.monotonic() - t0
    assert status == 200 and d["values"] == list(range(11 + k % 150)), (status, d)
    heaps = (10**(k % 40 + 3) + k,) if k % 2 else (k % 4 + 1, k % 3 + 1, k % 5 + 2)
    t0 = time.monotonic()
    status, d = _post(url, {"game": "nim", "position": " ".join(map(str, heaps))}, 10)
    analysis = time.monotonic() - t0
    x = 0
    for h in heaps:
        x ^= h
    assert status == 200 and d["complete"] and str(d["value"]) == str(x), d
    return table, analysis


@pytest.mark.slow
def test_cheap_requests_while_fifty_slow_ones_run() -> None:
    """Issue 39: with 50 slow analyses running, /api/table?game=nim&to=10 had a p99
    of 23.8 s and a closed-form analysis 3.1 s. Fifty clients keep slow analyses
    in flight (each sends its next one as soon as it has an answer at the budget,
    or after Retry-After when refused with a 503), five positions among them;
    meanwhile a hundred tables of a closed-form game and a hundred closed-form
    analyses, mostly requests not seen before, are answered with a p99 under
    200 ms: the fast lane (slow requests' tries are short, a request known to be
    slow skips the lane, identical ones share a try), never the pool.

    The bound is 200 ms on a quiet machine; on one so busy that the same
    requests without any slow ones already take longer (measured first), it is
    that baseline's p99 plus 100 ms: what is tested is that cheap requests do not
    wait behind slow ones, not the machine's scheduler."""
    with _server(Limits(seconds=2, workers=2, queue=8)) as url:
        quiet = [_cheap(url, 1000 + k) for k in range(40)]
        base_t, base_a = _p99([t for t, _ in quiet]), _p99([a for _, a in quiet])
        stop = threading.Event()
        slow_results: list[int] = []
        lock = threading.Lock()

        def slow(i: int) -> None:
            body = {"game": "moore:2", "position": f"{40 + i % 5} 41 42 43"}
            while not stop.is_set():
                status, d = _post(url, body)
                with lock:
                    slow_results.append(status)
                if status == 200:
                    assert d["outcome"] == "N" and d["stopped"], d
                if status == 503:  # as a client does: again after Retry-After (2 s)
                    stop.wait(2.0)

        threads = [threading.Thread(target=slow, args=(i,)) for i in range(50)]
        for t in threads:
            t.start()
        time.sleep(3)  # the workers busy, the queue full, clients sending again
        busy = []
        try:
            for k in range(100):
                busy.append(_cheap(url, k))
                time.sleep(0.02)
        finally:
            stop.set()
            for t in threads:
                t.join(120)
        tables, analyses = [t for t, _ in busy], [a for _, a in busy]
        print(f"with 50 slow ones: p99 table {_p99(tables) * 1000:.1f} ms, analysis "
              f"{_p99(analyses) * 1000:.1f} ms (medians {statistics.median(tables) * 1000:.1f}, "
              f"{statistics.median(analyses) * 1000:.1f}); without: p99 {base_t * 1000:.1f}, "
              f"{base_a * 1000:.1f} ms; slow answers {slow_results.count(200)}, "
              f"503s {slow_results.count(503)}")
        assert slow_results.count(200) >= 2 and set(slow_results) <= {200, 503}
        assert _p99(tables) < max(0.2, base_t + 0.1), sorted(tables)[-5:]
        assert _p99(analyses) < max(0.2, base_a + 0.1), sorted(analyses)[-5:]
