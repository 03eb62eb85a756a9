"""The playground's JSON API (in-process, TestClient): answers checked against
raw-rules oracles and the library's own analysis of the command line's reading of
each catalogue example, refusals are 4xx naming the input, file specs are never
loaded, a request over its budget gets its partial report while others are
answered."""

from __future__ import annotations

import shlex
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

import grundy
from grundy.play.moves import format_sum_move
from grundy.rules.game import GameSum
from grundy.web.app import Limits, create_app
from tests.oracles import mex, remoteness, wins


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """A budget a busy machine cannot exhaust: the answers are what is checked."""
    app = create_app(Limits(seconds=60, workers=1))
    yield TestClient(app)
    app.state.close()


@pytest.fixture(scope="module")
def paging_client() -> Iterator[TestClient]:
    """For move lists of big Nim positions: outcomes by the closed form, while the
    remoteness of each listed move (no closed form: a search of the sum, each
    position with hundreds of options) gives up after 50 positions instead of
    200,000 (a page then costs a fraction of a second, not up to 24 s)."""
    app = create_app(Limits(seconds=60, positions=50, workers=1))
    yield TestClient(app)
    app.state.close()


@pytest.fixture(scope="module")
def budget_client() -> Iterator[TestClient]:
    """For the requests meant to run to their budget (5 s)."""
    app = create_app(Limits(seconds=5))
    yield TestClient(app)
    app.state.close()


def _wythoff_moves(p):  # type: ignore[no-untyped-def]
    a, b = p
    yield from ((k, b) for k in range(a))
    yield from ((a, k) for k in range(b))
    yield from ((a - d, b - d) for d in range(1, min(a, b) + 1))


def _nim_sum_moves(p):  # type: ignore[no-untyped-def]
    for i, n in enumerate(p):
        for k in range(n):
            yield p[:i] + (k,) + p[i + 1:]


def test_page_and_games(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "grundy playground" in r.text
    games = client.get("/api/games").json()
    from grundy.games.zerosum import zerosum_entries

    assert [g["name"] for g in games] == [e.name for e in grundy.games.entries()] + [
        g.name for g in zerosum_entries()]
    for g in games:
        assert g["example_position"] and g["help"], g["name"]
        if g["params"]:
            assert g["example_args"], g["name"]


def _cli_game(example: str):  # type: ignore[no-untyped-def]
    """The game a catalogue example line names, read as the command line reads its
    words: one component per word, or one position of all words."""
    words = shlex.split(example)[2:]
    rs = grundy.games.get(words[0])
    if rs.tuple_position:
        return rs[rs.parse_position(" ".join(words[1:]))]
    return GameSum(*(rs[rs.parse_position(w)] for w in words[1:]))


#: Examples whose searches run to the budget (the rest answer in well under a second).
_SLOW_EXAMPLES = {"dawson", "grundys-game", "moidores", "wythoff", "cram"}


@pytest.fixture(scope="module")
def example_client(client: TestClient) -> TestClient:
    """For the examples that answer in well under a second: a budget that a busy
    machine cannot exhaust (what the library finds in 1 s, the page finds). The
    app of ``client``, whose limits are these: its workers serve both."""
    return client


@pytest.fixture(scope="module")
def slow_example_client() -> Iterator[TestClient]:
    """For the examples whose searches run to the budget (slow tests)."""
    app = create_app(Limits(seconds=3, workers=1))
    yield TestClient(app)
    app.state.close()


@pytest.fixture(scope="module")
def quick_client() -> Iterator[TestClient]:
    app = create_app(Limits(seconds=1, workers=1))
    yield TestClient(app)
    app.state.close()


@pytest.mark.parametrize("entry", [
    pytest.param(e, marks=pytest.mark.slow) if e.name in _SLOW_EXAMPLES else e
    for e in grundy.games.entries()], ids=lambda e: e.name)
def test_every_catalogue_example_as_the_library_answers(request, entry) -> None:  # type: ignore[no-untyped-def]
    """The web's budget is 60 times the library's here (3 times for the examples
    that run to the budget, slow tests): what the library finds, the page finds
    too (on a busy machine as well)."""
    c = request.getfixturevalue("slow_example_client" if entry.name in _SLOW_EXAMPLES else "example_client")
    game = next(g for g in c.get("/api/games").json() if g["name"] == entry.name)
    spec = shlex.split(entry.example)[2]
    d = c.post("/api/analyze", json={"game": spec, "position": game["example_position"]}).json()
    lib = grundy.analyze(_cli_game(entry.example), budget=grundy.Budget(positions=10**6, seconds=1))
    assert d["outcome"] is not None or lib.outcome is None, d
    if lib.outcome is not None:
        assert d["outcome"] == str(lib.outcome)
        assert d["outcome_words"].startswith(str(lib.outcome) + " — ")
    if lib.value is not None and d["value"] is not None:
        assert d["value"] == lib.value or d["value"] == str(lib.value)
    if d["winning_moves"] and lib.winning_moves and lib.winning_moves_complete:
        g = _cli_game(entry.example)
        whole = g if isinstance(g, GameSum) else GameSum(g)
        assert set(d["winning_moves"]) <= {format_sum_move(whole, m) for m in lib.winning_moves}
    if lib.outcome is not None and str(lib.outcome) == "N" and lib.winning_moves:
        assert d["winning_moves"], d
    assert len(d["components"]) == len(lib.components)


def test_analyze_matches_the_oracle(client: TestClient) -> None:
    w = wins(_wythoff_moves)
    rem = remoteness(_wythoff_moves)
    for a, b in [(3, 5), (4, 6), (0, 7), (6, 6)]:
        d = client.post("/api/analyze", json={"game": "wythoff", "position": f"{a} {b}"}).json()
        assert d["outcome"] == ("N" if w((a, b)) else "P")
        assert d["remoteness"] == rem((a, b))
    for text in ("3 4 5", "3\n4\n5", "3 + 4 + 5"):
        d = client.post("/api/analyze", json={"game": "nim", "position": text}).json()
        assert d["value"] == 3 ^ 4 ^ 5 and [c["value"] for c in d["components"]] == [3, 4, 5]
        assert d["winning_moves"] == ["heap 1 to 1"]
        assert d["outcome_words"] == "N — the player to move wins"
    assert all(c["picture"].startswith("<svg") for c in d["components"])


def test_positions_with_spaces_are_one_component(client: TestClient) -> None:
    d = client.post("/api/analyze", json={"game": "geography", "position": "0-1 1-2 2-3 start=1"}).json()
    assert len(d["components"]) == 1
    # the token on 1 of the path 0-1-2-3: moving to 0 leaves the opponent stuck
    assert d["outcome"] == "N" and d["winning_moves"] == ["start=0"] or "0" in d["winning_moves"][0]
    two = client.post("/api/analyze", json={"game": "geography",
                                            "position": "0-1 start=0\n0-1 1-2 start=0"}).json()
    assert len(two["components"]) == 2
    # each path, token at an end: 1 edge is an N-position, 2 edges a P-position
    assert two["outcome"] == "N"


@pytest.mark.heavy
def test_moore_partial_report_within_the_budget(budget_client: TestClient) -> None:
    # the outcome by Moore's theorem, the searches stopped by the 5 s budget
    r = budget_client.post("/api/analyze", json={"game": "moore:2", "position": "40 41 42 43"})
    d = r.json()
    assert r.status_code == 200
    # Moore's theorem: P iff every binary digit is set in a multiple of k+1 heaps
    def is_p(heaps: tuple[int, ...]) -> bool:
        return all(sum(h >> b & 1 for h in heaps) % 3 == 0 for b in range(8))

    assert d["outcome"] == ("P" if is_p((40, 41, 42, 43)) else "N")
    assert d["stopped"] and not d["complete"]
    assert any("budget" in why for why in d["stopped"].values())
    move = d["winning_moves"][0]  # "heap I to N"
    words = move.split()
    after = [40, 41, 42, 43]
    after[int(words[1]) - 1] = int(words[3])
    assert is_p(tuple(after))


@pytest.mark.parametrize(
    "body,status,words,field",
    [
        ({"game": "nmi", "position": "3"}, 404, "did you mean", "game"),
        ({"game": "nim", "position": "-3"}, 400, "non-negative", "position"),
        ({"game": "nim", "position": ""}, 400, "enter a position", "position"),
        ({"game": "evil.py:boom", "position": "1"}, 400, "catalogue", "game"),
        ({"game": "wythoff", "position": "1 2 3"}, 400, "two heaps", "position"),
        ({"game": "subtraction:x", "position": "3"}, 400, "subtraction", "game"),
        ({"game": "nim", "position": "10**10**10"}, 400, "too large", "position"),
        ({"game": "geography", "position": "0-1 1-2 + zz"}, 400, "geography", "position"),
    ],
)
def test_bad_input_is_4xx(client: TestClient, body: dict, status: int, words: str, field: str) -> None:
    r = client.post("/api/analyze", json=body)
    assert r.status_code == status and words in r.json()["error"]
    assert r.json()["field"] == field


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
    assert r.status_code == 400 and "to 5" in r.json()["error"] and r.json()["field"] == "move"
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


def test_legal_moves_with_their_results(client: TestClient) -> None:
    c = client
    heaps = (2, 3, 4)
    s = c.post("/api/play", json={"game": "nim", "position": "2 3 4", "moves": [],
                                  "action": "state"}).json()
    w, rem = wins(_nim_sum_moves), remoteness(_nim_sum_moves)
    options = list(_nim_sum_moves(heaps))
    assert len(s["legal"]) == len(options) == s["legal_total"] and s["legal_complete"]
    assert s["legal_note"] == "" and s["legal_next"] is None
    by_text: dict[str, tuple[int, ...]] = {}
    for o in options:
        i = next(k for k in range(3) if o[k] != heaps[k])
        by_text[f"heap {i + 1} to {o[i]}"] = o
    assert sorted(m["move"] for m in s["legal"]) == sorted(by_text)
    results = [m["result"] for m in s["legal"]]
    assert results == sorted(results, key=lambda r: r != "win")  # winning moves first
    assert results.count("win") == s["legal_winning"]
    for m in s["legal"]:
        o = by_text[m["move"]]
        assert m["result"] == ("lose" if w(o) else "win"), m
        assert m["value"] == o[0] ^ o[1] ^ o[2]
        assert m["remoteness"] == rem(o)
    assert s["outcome_words"] == ("N" if w(heaps) else "P") + " — the player to move " + (
        "wins" if w(heaps) else "loses")
    assert s["remoteness"] == rem(heaps)
    assert [c["value"] for c in s["components"]] == [2, 3, 4]


def test_table_and_plot(client: TestClient) -> None:
    t = client.get("/api/table", params={"game": "subtraction:1,3,4", "to": 20}).json()
    assert t["values"][:8] == [0, 1, 0, 1, 2, 3, 2, 0]
    assert t["pattern"]["period"] == 7 and t["pattern"]["proven"]
    r = client.get("/api/plot.svg", params={"game": "wythoff", "to": 20})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg") and b"<svg" in r.content
    assert client.get("/api/table", params={"game": "nim", "to": 10**9}).status_code == 400
    r = client.get("/api/plot.svg", params={"game": "wythoff", "to": 200})
    assert r.status_code == 400 and "between 1 and 80" in r.json()["error"]
    r = client.get("/api/table", params={"game": "nim", "to": "ten"})
    assert r.status_code == 400 and "whole number" in r.json()["error"] and r.json()["field"] == "to"


@pytest.mark.heavy
def test_slow_request_does_not_stall_others(budget_client: TestClient) -> None:
    c = budget_client
    results: dict[str, int] = {}

    def slow() -> None:  # a long search: stopped by its budget, answered with what it found
        r = c.post("/api/analyze", json={"game": "chocolate", "position": "40 41"})
        results["slow"] = r.status_code

    c.post("/api/analyze", json={"game": "nim", "position": "1"})  # the workers are up
    t = threading.Thread(target=slow)
    t.start()
    time.sleep(0.2)
    r = c.post("/api/analyze", json={"game": "nim", "position": "3 4 5"})
    # answered while the slow one still runs (it holds its worker for its whole
    # 5 s budget; the closed form needs milliseconds): an order, not a time
    assert r.status_code == 200 and r.json()["value"] == 2 and "slow" not in results
    t.join(120)
    assert results["slow"] == 200


@pytest.mark.heavy
def test_huge_requests_leave_the_server_standing(client: TestClient, quick_client: TestClient) -> None:
    for game, pos in (("fibonacci", "10**100000"), ("evensplit:2", "10**6")):
        r = quick_client.post("/api/analyze", json={"game": game, "position": pos})
        assert r.status_code == 200
        d = r.json()
        assert d["outcome"] is not None or d["stopped"]
    r = client.post("/api/analyze", json={"game": "nim", "position": "3 4 5"})
    assert r.status_code == 200 and r.json()["value"] == 2


def _serve(port: int, **kw):  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    return subprocess.Popen([sys.executable, "-m", "grundy", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def test_grundy_serve_on_a_busy_port_says_so_in_one_line() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        out, err = _serve(port).communicate(timeout=300)
    lines = (out + err).strip().splitlines()
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0] and "in use" in lines[0], lines


@pytest.mark.heavy
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
        deadline = time.monotonic() + 120
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


@pytest.mark.heavy
def test_the_pool_kills_overdue_and_dead_workers_and_goes_on() -> None:
    import asyncio
    import os

    from grundy.web.pool import JobFailed, PoolFull, Refused, WorkerPool

    pool = WorkerPool(1, 0, 512 << 20)

    async def scenario() -> None:
        with pytest.raises(JobFailed) as late:  # past its deadline: killed
            await pool.run(time.sleep, (30,), 0.5)
        assert late.value.reason == "seconds"
        with pytest.raises(Refused) as big:  # over the memory cap: refused, worker kept
            await pool.run(bytearray, (1 << 32,), 300)
        assert big.value.status == 507
        with pytest.raises(JobFailed) as dead:  # a worker that dies is replaced
            await pool.run(os._exit, (3,), 300)
        assert dead.value.reason == "memory" and "exit code 3" in str(dead.value)
        assert await pool.run(abs, (-3,), 300) == 3  # deadlines: hang guards (a busy machine starts a worker slowly)
        one = asyncio.ensure_future(pool.run(time.sleep, (3,), 300))
        await asyncio.sleep(0.05)
        with pytest.raises(PoolFull):  # one worker, no queue: refused at once,
            await pool.run(abs, (1,), 10)
        assert not one.done()  # while the worker is still busy
        await one

    try:
        asyncio.run(scenario())
    finally:
        pool.close()


def test_table_shows_a_guess_on_its_values(client: TestClient) -> None:
    def take_1_to_3(n: int) -> int:  # the value by the raw rules: mex of the options' values
        vals: list[int] = []
        for m in range(n + 1):
            vals.append(mex(vals[m - k] for k in (1, 2, 3) if k <= m))
        return vals[n]

    t = client.get("/api/table", params={"game": "subtraction:1,2,3", "to": 60}).json()
    g = t["guess"]
    assert g["status"] == "verified" and g["checked"] == "n = 0..60"
    assert g["expr"] in g["text"] or g["words"] in g["text"]
    for n in range(61):  # the expression pastes back and gives the table
        assert eval(g["expr"], {"n": n}) == take_1_to_3(n) == t["values"][n]
    short = client.get("/api/table", params={"game": "nim", "to": 2}).json()
    assert short["guess"] is None  # too few values to guess from


def _nim_winning(heaps: tuple[int, ...]) -> set[str]:
    x = 0
    for h in heaps:
        x ^= h
    return {f"heap {i + 1} to {h ^ x}" for i, h in enumerate(heaps) if h ^ x < h}


def test_a_long_move_list_pages_with_winning_moves_first(paging_client: TestClient) -> None:
    """Issue 39: nim 100 200 300 listed 40 losing moves of heap 1 and not the one
    winning move (heap 3 to 172), without a word."""
    heaps = (100, 200, 300)
    base = {"game": "nim", "position": "100 200 300", "moves": [], "action": "state"}
    s = paging_client.post("/api/play", json=base).json()
    assert s["legal"][0]["move"] == "heap 3 to 172" and s["legal"][0]["result"] == "win"
    assert _nim_winning(heaps) == {"heap 3 to 172"} and s["legal_winning"] == 1
    assert len(s["legal"]) == 40 and s["legal_total"] == sum(heaps) == 600
    assert not s["legal_complete"] and s["legal_next"] == 40
    assert "moves 1-40 of 600" in s["legal_note"] and "winning moves first" in s["legal_note"]
    last = paging_client.post("/api/play", json={**base, "moves_offset": 560}).json()
    assert len(last["legal"]) == 40 and last["legal_next"] is None
    assert "moves 561-600 of 600" in last["legal_note"]
    # every move once, over the pages (a smaller position: a page costs a second)
    heaps = (20, 30, 41)
    small = {**base, "position": "20 30 41"}
    s = paging_client.post("/api/play", json=small).json()
    wins = _nim_winning(heaps)
    assert {m["move"] for m in s["legal"][:len(wins)]} == wins and s["legal_winning"] == len(wins)
    seen = [m["move"] for m in s["legal"]]
    while s["legal_next"] is not None:
        s = paging_client.post("/api/play", json={**small, "moves_offset": s["legal_next"]}).json()
        assert s["legal_offset"] == len(seen) and s["legal_note"]
        assert all(m["result"] == "lose" for m in s["legal"]), s["legal"]
        seen += [m["move"] for m in s["legal"]]
    every = {f"heap {i + 1} to {k}" for i, h in enumerate(heaps) for k in range(h)}
    assert len(seen) == len(set(seen)) == sum(heaps) and set(seen) == every
    for bad in (-1, "3", 1.5, True):
        r = paging_client.post("/api/play", json={**base, "moves_offset": bad})
        assert r.status_code == 400 and "moves_offset" in r.json()["error"]
    # a position whose winning moves are many, on several heaps
    s = paging_client.post("/api/play", json={**base, "position": "7 7 7 7 7 7 7 7 1"}).json()
    wins = _nim_winning((7,) * 8 + (1,))
    assert {m["move"] for m in s["legal"][:len(wins)]} == wins
    assert all(m["result"] == "win" for m in s["legal"][:len(wins)])
    assert all(m["result"] == "lose" for m in s["legal"][len(wins):])


def test_the_page_shows_the_note_and_pages(paging_client: TestClient, tmp_path: Path) -> None:
    """page.html's own script, run under Node with a stand-in for the DOM: a partial
    list shows its note and the paging buttons, and "More moves" asks for the
    next page."""
    import json
    import shutil
    import subprocess

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed")
    html = paging_client.get("/").text
    script = html.split("<script>", 1)[1].split("</script>", 1)[0]
    base = {"game": "nim", "position": "100 200 300", "moves": [], "action": "state"}
    pages = {str(k): paging_client.post("/api/play", json={**base, "moves_offset": k}).json() for k in (0, 40)}
    small = paging_client.post("/api/play", json={**base, "position": "1 2"}).json()
    harness = """
const vm = require("vm");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const els = {};
const el = (id) => els[id] || (els[id] = {id, textContent: "", innerHTML: "", value: "", style: {},
  dataset: {}, disabled: false, onclick: null, querySelectorAll: () => [], querySelector: () => null,
  addEventListener() {}, classList: {toggle() {}, add() {}, remove() {}}});
const asked = [];
const ctx = {document: {getElementById: el, body: el("body")}, console, URL: {},
  fetch: async (path, opts) => {
    const body = opts && opts.body ? JSON.parse(opts.body) : null;
    asked.push(body);
    const data = path === "/api/games" ? [] : input.pages[String(body.moves_offset)];
    return {ok: true, status: 200, json: async () => data};
  }};
vm.createContext(ctx);
vm.runInContext(input.script, ctx);
(async () => {
  await new Promise(r => setTimeout(r, 10));
  vm.runInContext("play = {game: 'nim', position: '100 200 300', moves: [], me: 0}", ctx);
  const out = {};
  ctx.render(input.pages["0"]);
  out.first = {note: el("legalnote").textContent, pages: el("legalpages").style.display,
    more: el("legalmore").disabled, prev: el("legalprev").disabled, legal: el("legal").innerHTML};
  await el("legalmore").onclick();
  out.asked = asked[asked.length - 1];
  out.second = {note: el("legalnote").textContent, prev: el("legalprev").disabled};
  ctx.render(input.small);
  out.small = {note: el("legalnote").textContent, pages: el("legalpages").style.display};
  console.log(JSON.stringify(out));
})();
"""
    (tmp_path / "harness.js").write_text(harness)
    r = subprocess.run([node, str(tmp_path / "harness.js")], capture_output=True, text=True,
                       timeout=60, input=json.dumps({"script": script, "pages": pages,
                                                     "small": small}))
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout)
    first = out["first"]
    assert "moves 1-40 of 600" in first["note"] and "winning moves first" in first["note"]
    assert first["pages"] == "block" and not first["more"] and first["prev"]
    assert first["legal"].index("heap 3 to 172") < first["legal"].index("heap 1 to 0")
    assert 'class="win"' in first["legal"].split("heap 3 to 172")[0]
    assert out["asked"]["moves_offset"] == 40 and out["asked"]["action"] == "state"
    assert "moves 41-80 of 600" in out["second"]["note"] and not out["second"]["prev"]
    assert out["small"] == {"note": "", "pages": "none"}   # a whole list: no note


def test_a_deeply_nested_body_is_a_400(client: TestClient) -> None:
    """Issue 39: a body of 10**5 nested brackets got a 500 (a RecursionError in the
    JSON reader, its traceback in the log)."""
    deep = b"[" * 10**5 + b"]" * 10**5
    for url in ("/api/analyze", "/api/play"):
        r = client.post(url, content=deep, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
        r = client.post(url, content=b'{"game": ' + deep + b"}",
                        headers={"content-type": "application/json"})
        assert r.status_code == 400


@pytest.mark.heavy
def test_every_plot_request_is_a_plot_or_a_clear_4xx(client: TestClient) -> None:
    """Issue 39: ``/api/plot.svg?game=cram`` answered with an internal error."""
    for e in grundy.games.entries():
        r = client.get("/api/plot.svg", params={"game": e.spec, "to": "10"})
        if r.status_code == 200:
            assert r.headers["content-type"].startswith("image/svg") and b"<svg" in r.content
            continue
        assert r.status_code == 400, (e.name, r.status_code, r.text[:300])
        message = r.json()["error"]
        assert "has no plot" in message and "internal" not in message, (e.name, message)
    r = client.get("/api/plot.svg", params={"game": "cram", "to": "10"})
    assert r.status_code == 400 and "cram has no plot" in r.json()["error"]


def _until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (a worker starting: a fresh interpreter importing
    grundy). No time limit here: a wait that never ends is stopped by the test's
    ``timeout`` mark, whatever the load of the machine."""
    while not condition():
        time.sleep(0.01)


@pytest.mark.timeout(600)
def test_workers_start_when_served_or_when_a_job_needs_them() -> None:
    """A served app (its lifespan: uvicorn, a ``with TestClient``) starts its
    workers at once; an app only built starts none until a request needs one
    (each is a fresh interpreter importing grundy: a test of refusals, or a
    script that builds the app, paid for three)."""
    app = create_app(Limits(seconds=60, workers=1))
    try:
        c = TestClient(app)
        assert c.post("/api/analyze", json={"game": "nim", "position": [1, 2, 3, 4]}).status_code == 400
        assert c.post("/api/analyze", content=b"[", headers={"content-type": "application/json"}).status_code == 400
        assert app.state.pool._count == 0 and app.state.quick._count == 0
        assert c.post("/api/analyze", json={"game": "nim", "position": "3 4"}).json()["value"] == 7
        assert app.state.pool._count + app.state.quick._count >= 1
    finally:
        app.state.close()
    served = create_app(Limits(seconds=60, workers=1))
    try:
        with TestClient(served):  # starting (counted before each process is up)
            _until(lambda: served.state.pool._count >= 1 and served.state.quick._count >= 1)
    finally:
        served.state.close()


@pytest.mark.timeout(600)
def test_a_pool_closed_while_its_workers_start_leaves_none_running() -> None:
    """A worker that finished starting after ``close`` was killed, not kept idle
    (it ran until the server's process exited); one already idle is killed by
    ``close`` (whichever comes first here, none is counted live after)."""
    from grundy.web.pool import WorkerPool

    pool = WorkerPool(1, 0, 0)
    pool.warm()
    _until(lambda: pool._count >= 1)  # the warm-up thread is starting the worker
    pool.close()
    _until(lambda: pool._count == 0)  # it started, saw the pool closed and killed it
    assert pool._idle == []
    pool = WorkerPool(1, 0, 0)
    pool.warm()
    _until(lambda: bool(pool._idle))  # started and idle
    w = pool._idle[0]
    pool.close()
    assert pool._count == 0 and pool._idle == [] and w.exitcode is not None
