"""The playground's JSON API (in-process, TestClient): answers checked against
raw-rules oracles, refusals are 4xx with a message, file specs are never loaded,
a slow request gets a 503 within the budget while others are answered."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from grundy.web.app import Budget, create_app
from tests.oracles import remoteness, wins


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Budget(seconds=5)))


def _wythoff_moves(p):  # type: ignore[no-untyped-def]
    a, b = p
    yield from ((k, b) for k in range(a))
    yield from ((a, k) for k in range(b))
    yield from ((a - d, b - d) for d in range(1, min(a, b) + 1))


def test_page_and_games(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "grundy playground" in r.text
    names = [g["name"] for g in client.get("/api/games").json()]
    assert {"nim", "wythoff", "kayles", "dawson"} <= set(names)


def test_analyze_matches_the_oracle(client: TestClient) -> None:
    w = wins(_wythoff_moves)
    rem = remoteness(_wythoff_moves)
    for a, b in [(3, 5), (4, 6), (0, 7), (6, 6)]:
        d = client.post("/api/analyze", json={"game": "wythoff", "position": f"{a} {b}"}).json()
        assert d["outcome"] == ("N" if w((a, b)) else "P")
        assert d["remoteness"] == rem((a, b))
    d = client.post("/api/analyze", json={"game": "nim", "position": "3 4 5"}).json()
    assert d["value"] == 2 and d["components"] == [3, 4, 5]
    assert d["winning_moves"] == ["heap 1 to 1"]


@pytest.mark.parametrize(
    "body,status,words",
    [
        ({"game": "nmi", "position": "3"}, 404, "did you mean"),
        ({"game": "nim", "position": "-3"}, 400, "non-negative"),
        ({"game": "nim", "position": ""}, 400, "enter a position"),
        ({"game": "evil.py:boom", "position": "1"}, 400, "catalogue"),
        ({"game": "wythoff", "position": "1 2 3"}, 400, "two heaps"),
    ],
)
def test_bad_input_is_4xx(client: TestClient, body: dict, status: int, words: str) -> None:
    r = client.post("/api/analyze", json=body)
    assert r.status_code == status and words in r.json()["error"]


def test_files_named_in_requests_are_never_loaded(client: TestClient, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('x')\ndef g(n):\n    return []\n")
    for spec in (f"{evil}:g", "evil.py:g"):
        r = client.post("/api/analyze", json={"game": spec, "position": "1"})
        assert 400 <= r.status_code < 500
        r = client.get("/api/table", params={"game": spec, "to": 5})
        assert 400 <= r.status_code < 500
    assert not marker.exists()


def test_play_and_refusals(client: TestClient) -> None:
    base = {"game": "nim", "position": "1 2"}
    s = client.post("/api/play", json={**base, "moves": [], "action": "hint"}).json()
    assert s["message"] == "hint: heap 2 to 1"
    r = client.post("/api/play", json={**base, "moves": [], "action": "move", "move": "heap 2 to 5"})
    assert r.status_code == 400 and "heap 2 to 5" in r.json()["error"] or "to 5" in r.json()["error"]
    s = client.post("/api/play", json={**base, "moves": [], "action": "move", "move": "heap 2 to 1"}).json()
    assert s["value"] == 0 and s["to_move"] == 1
    s = client.post("/api/play", json={**base, "moves": s["moves"], "action": "engine"}).json()
    assert len(s["moves"]) == 2 and s["value"] != 0
    s = client.post("/api/play", json={**base, "moves": s["moves"], "action": "undo"}).json()
    assert len(s["moves"]) == 1
    r = client.post("/api/play", json={**base, "moves": ["heap 9 to 0"], "action": "state"})
    assert r.status_code == 400 and "cannot be replayed" in r.json()["error"]
    r = client.post("/api/play", json={**base, "moves": [], "action": "explode"})
    assert r.status_code == 400


def test_table_and_plot(client: TestClient) -> None:
    t = client.get("/api/table", params={"game": "subtraction:1,3,4", "to": 20}).json()
    assert t["values"][:8] == [0, 1, 0, 1, 2, 3, 2, 0]
    assert t["pattern"]["period"] == 7 and t["pattern"]["proven"]
    r = client.get("/api/plot.svg", params={"game": "wythoff", "to": 20})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg") and b"<svg" in r.content
    assert client.get("/api/table", params={"game": "nim", "to": 10**9}).status_code == 400


def test_slow_request_does_not_stall_others() -> None:
    app = create_app(Budget(seconds=1.0, positions=10**9))
    c = TestClient(app)
    results: dict[str, int] = {}

    def slow() -> None:  # a long search: stopped by the wall-clock budget
        r = c.post("/api/analyze", json={"game": "chocolate", "position": "40 41"})
        results["slow"] = r.status_code

    t = threading.Thread(target=slow)
    t0 = time.monotonic()
    t.start()
    time.sleep(0.2)
    r = c.post("/api/analyze", json={"game": "nim", "position": "3 4 5"})
    fast = time.monotonic() - t0
    assert r.status_code == 200 and fast < 1.5
    t.join(30)
    assert results["slow"] in (200, 503)  # a report stopped by its budget, or the pool's 503
    assert time.monotonic() - t0 < 5


def test_grundy_serve_binds_localhost() -> None:
    import os
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "grundy serve did not answer"
                time.sleep(0.2)
        conns = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout if os.path.exists("/usr/bin/ss") else ""
        if conns:
            assert f"127.0.0.1:{port}" in conns and f"0.0.0.0:{port}" not in conns
    finally:
        proc.terminate()
        proc.wait(10)
