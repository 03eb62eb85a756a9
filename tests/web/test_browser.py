"""End to end in headless Chromium (Debian's chromium + chromium-driver, driven by
Selenium): load the page, analyse a position, analyse every catalogue game's
example, play a game to its end with the hints and the move list, see a bad move
and a bad position refused next to their input, at desktop and phone width. A
screenshot of each step is kept under test-artifacts/web/ (gitignored) to look
at."""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import grundy
from grundy.web.app import Limits, create_app
from tests.oracles import remoteness
from tests.web.test_api import _cli_game, _wythoff_moves

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "web"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
    pytest.skip(
        "headless Chromium not installed (apt-get install -y chromium chromium-driver; "
        ".ci/run installs it)",
        allow_module_level=True,
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(limits: Limits) -> Iterator[str]:
    port = _free_port()
    app = create_app(limits)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 120
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(10)
    app.state.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from _serve(Limits(seconds=60))  # a budget a busy machine cannot exhaust


@pytest.fixture(scope="module")
def paging_server() -> Iterator[str]:
    """For move lists of big Nim positions (as test_api's ``paging_client``):
    outcomes by the closed form, while the remoteness of each listed move (a
    search of the sum, no closed form) gives up after 50 positions; with the
    60 s budget alone each page spent its whole budget (36 s) on remoteness."""
    yield from _serve(Limits(seconds=60, positions=50))


@pytest.fixture(scope="module")
def quick_server() -> Iterator[str]:
    yield from _serve(Limits(seconds=3))


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="grundy-chromium-")
    opts = Options()
    opts.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1100,1000"):
        opts.add_argument(flag)
    drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
    drv.set_page_load_timeout(30)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _wait(drv: webdriver.Chrome, cond, timeout: float = 120):  # type: ignore[no-untyped-def]
    """Until ``cond`` holds: a page that never changes fails after ``timeout``
    seconds (a hang guard; a busy machine takes tens of seconds for a page)."""
    return WebDriverWait(drv, timeout).until(cond)


def _text(drv: webdriver.Chrome, id_: str) -> str:
    return str(drv.find_element(By.ID, id_).text)


def _load(drv: webdriver.Chrome, url: str) -> None:
    drv.get(url)
    _wait(drv, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")


@pytest.mark.heavy
def test_analyse_a_position(server: str, browser: webdriver.Chrome) -> None:
    _load(browser, server)
    browser.save_screenshot(str(SHOTS / "1-page.png"))
    Select(browser.find_element(By.ID, "game")).select_by_value("wythoff")
    _wait(browser, lambda d: d.find_element(By.ID, "position").get_attribute("value") != "")
    pos = browser.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys("4 6")
    browser.find_element(By.ID, "to").clear()
    browser.find_element(By.ID, "to").send_keys("40")
    browser.find_element(By.ID, "analyse").click()
    _wait(browser, lambda d: _text(d, "outcome").startswith("N"))
    assert _text(browser, "outcome") == "N — the player to move wins"
    assert _text(browser, "winning") == "both 1"
    assert _text(browser, "remoteness") == str(remoteness(_wythoff_moves)((4, 6)))
    _wait(browser, lambda d: d.execute_script("const i = document.getElementById('plot'); return i.complete && i.naturalWidth > 0"))
    # issue 37: a game on pairs lists its P-positions above the plot, not "no table"
    _wait(browser, lambda d: "Beatty" in _text(d, "pattern"))
    assert "P-positions (a, b)" in _text(browser, "table") and "no table" not in _text(browser, "tablearea")
    browser.save_screenshot(str(SHOTS / "2-analysis.png"))

    Select(browser.find_element(By.ID, "game")).select_by_value("dawson")
    pos.clear()
    pos.send_keys("20")
    browser.find_element(By.ID, "analyse").click()
    _wait(browser, lambda d: "period 34 from 53 (proven)" in _text(d, "pattern"))
    _wait(browser, lambda d: d.execute_script("const i = document.getElementById('plot'); return i.complete && i.naturalWidth > 0"))
    browser.save_screenshot(str(SHOTS / "3-table.png"))


@pytest.mark.heavy
def test_play_to_the_end_and_refusal(server: str, browser: webdriver.Chrome) -> None:
    _load(browser, server)
    Select(browser.find_element(By.ID, "game")).select_by_value("kayles")
    pos = browser.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys("5 3")
    browser.find_element(By.ID, "newgame").click()
    _wait(browser, lambda d: _text(d, "status") == "Your move.")
    move = browser.find_element(By.ID, "move")
    move.send_keys("1: knock 9")
    browser.find_element(By.ID, "play").click()
    _wait(browser, lambda d: "pins are numbered 1..5" in _text(d, "move-error"))
    browser.save_screenshot(str(SHOTS / "4-refused.png"))
    assert _text(browser, "moves") == "-"
    move.clear()
    for _ in range(20):
        browser.find_element(By.ID, "hint").click()
        _wait(browser, lambda d: _text(d, "message").startswith("hint: "))
        hint = _text(browser, "message")[len("hint: "):]
        move.clear()
        move.send_keys(hint)
        before = _text(browser, "moves")
        browser.find_element(By.ID, "play").click()
        _wait(browser, lambda d: _text(d, "moves") != before and _text(d, "status") in ("Your move.", "You win!"))
        assert _text(browser, "move-error") == ""
        if _text(browser, "status") == "You win!":
            break
    assert _text(browser, "status") == "You win!"
    assert browser.find_elements(By.CSS_SELECTOR, "#chart svg circle.pt")  # the value history
    browser.save_screenshot(str(SHOTS / "5-won.png"))
    # Undo takes back the person's last move (and nothing is left for the engine).
    n = int(browser.find_element(By.ID, "playarea").get_attribute("data-plies"))
    browser.find_element(By.ID, "undo").click()
    _wait(browser, lambda d: int(d.find_element(By.ID, "playarea").get_attribute("data-plies")) < n
          and _text(d, "status") == "Your move.")


def _choose(drv: webdriver.Chrome, name: str) -> None:
    Select(drv.find_element(By.ID, "game")).select_by_value(name)


def _every_game(server: str, browser: webdriver.Chrome) -> None:
    _load(browser, server)
    for entry in grundy.games.entries():
        _choose(browser, entry.name)
        assert browser.find_element(By.ID, "position").get_attribute("value"), entry.name
        browser.find_element(By.ID, "analyse").click()
        _wait(browser, lambda d: d.find_element(By.ID, "analysis").get_attribute("data-done") == "1"
              or _text(d, "position-error") or _text(d, "game-error"), 300)
        assert not _text(browser, "position-error") and not _text(browser, "game-error"), entry.name
        lib = grundy.analyze(_cli_game(entry.example), budget=grundy.Budget(positions=10**6, seconds=1))
        outcome, value, winning = (_text(browser, i) for i in ("outcome", "value", "winning"))
        if lib.outcome is not None:
            assert outcome.startswith(f"{lib.outcome} — "), (entry.name, outcome)
        if lib.value is not None and value != "not computed":
            assert value.split()[0] == str(lib.value), (entry.name, value)
        if str(lib.outcome) == "N":
            assert winning and winning != "not computed", (entry.name, winning)
        elif str(lib.outcome) == "P":
            assert winning.startswith("none"), (entry.name, winning)
        if entry.name in ("geography", "hackenbush", "turning-corners", "moore", "kayles"):
            browser.save_screenshot(str(SHOTS / f"6-{entry.name}.png"))


@pytest.mark.slow  # about 40 s; .ci/run runs it after the default tests
def test_every_catalogue_game_with_its_example(quick_server: str, browser: webdriver.Chrome) -> None:
    _every_game(quick_server, browser)


@pytest.mark.heavy
def test_move_list_and_refusals_next_to_their_input(server: str, browser: webdriver.Chrome) -> None:
    _load(browser, server)
    _choose(browser, "nim")
    pos = browser.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys("-3")
    browser.find_element(By.ID, "analyse").click()
    _wait(browser, lambda d: "non-negative" in _text(d, "position-error"))
    assert _text(browser, "outcome") == "-"  # nothing stale is left
    pos.clear()
    pos.send_keys("1 2")
    browser.find_element(By.ID, "newgame").click()
    _wait(browser, lambda d: _text(d, "status") == "Your move.")
    buttons = browser.find_elements(By.CSS_SELECTOR, "#legal button")
    # heaps 1 and 2: three moves; only 'heap 2 to 1' leaves a nim-sum of 0
    assert sorted(b.text.split(" win")[0].split(" lose")[0] for b in buttons) == [
        "heap 1 to 0", "heap 2 to 0", "heap 2 to 1"]
    wins_ = [b for b in buttons if "win" in (b.get_attribute("class") or "")]
    assert [b.text.split(" win")[0] for b in wins_] == ["heap 2 to 1"]
    wins_[0].click()
    _wait(browser, lambda d: _text(d, "moves").startswith("start 1. heap 2 to 1"))
    to = browser.find_element(By.ID, "to")
    to.clear()
    to.send_keys("ten")
    browser.find_element(By.ID, "draw").click()
    _wait(browser, lambda d: "whole number" in _text(d, "to-error"))
    browser.save_screenshot(str(SHOTS / "7-refusals.png"))
    _choose(browser, "wythoff")
    to.clear()
    to.send_keys("200")
    browser.find_element(By.ID, "draw").click()
    _wait(browser, lambda d: "between 1 and 80" in _text(d, "plot-error"))


@pytest.mark.heavy
def test_a_long_move_list_says_so_and_pages(paging_server: str, browser: webdriver.Chrome) -> None:
    """Issue 39: nim 100 200 300 showed 40 losing moves and not the winning one,
    without a word. The winning move comes first, the page says the list is
    partial, and "More moves" shows the next page."""
    _load(browser, paging_server)
    _choose(browser, "nim")
    pos = browser.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys("100 200 300")
    browser.find_element(By.ID, "newgame").click()
    _wait(browser, lambda d: _text(d, "status") == "Your move.")
    _wait(browser, lambda d: "moves 1-40 of 600" in _text(d, "legalnote"))
    buttons = browser.find_elements(By.CSS_SELECTOR, "#legal button")
    assert len(buttons) == 40
    assert buttons[0].text.startswith("heap 3 to 172") and "win" in (buttons[0].get_attribute("class") or "")
    assert "winning moves first" in _text(browser, "legalnote")
    assert browser.find_element(By.ID, "legalmore").is_displayed()
    browser.save_screenshot(str(SHOTS / "8-move-pages.png"))
    browser.find_element(By.ID, "legalmore").click()
    _wait(browser, lambda d: "moves 41-80 of 600" in _text(d, "legalnote"))
    assert not browser.find_element(By.ID, "legalprev").get_attribute("disabled")
    browser.find_element(By.ID, "legalprev").click()
    _wait(browser, lambda d: "moves 1-40 of 600" in _text(d, "legalnote"))
    pos.clear()
    pos.send_keys("1 2")
    browser.find_element(By.ID, "newgame").click()
    _wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#legal button")) == 3)
    assert _text(browser, "legalnote") == ""  # a whole list: no note
    assert not browser.find_element(By.ID, "legalpages").is_displayed()


@pytest.mark.heavy
def test_phone_width(server: str, browser: webdriver.Chrome) -> None:
    browser.set_window_size(390, 1200)
    try:
        _load(browser, server)
        _choose(browser, "geography")
        browser.find_element(By.ID, "analyse").click()
        _wait(browser, lambda d: d.find_element(By.ID, "analysis").get_attribute("data-done") == "1")
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= 400
        browser.save_screenshot(str(SHOTS / "8-phone.png"))
    finally:
        browser.set_window_size(1100, 1000)


# ------------------------------------------------------ a full game of each kind
def _start(drv: webdriver.Chrome, server: str, game: str, position: str) -> None:
    _load(drv, server)
    _choose(drv, game)
    pos = drv.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys(position)
    drv.find_element(By.ID, "newgame").click()
    _wait(drv, lambda d: _text(d, "status").startswith("Your move"))


def _settled(drv: webdriver.Chrome, before: str) -> bool:
    """The engine has answered a move: the move list changed and it is the
    person's turn again, or the game ended."""
    st = _text(drv, "status")
    return (_text(drv, "moves") != before and not drv.find_element(By.ID, "playarea").get_attribute("data-busy")
            and (st.startswith("Your move") or st in ("You win!", "The engine wins.")
                 or st.startswith(("Draw by repetition", "Game over"))))


def _hint(drv: webdriver.Chrome) -> str:
    drv.find_element(By.ID, "hint").click()
    _wait(drv, lambda d: _text(d, "message").startswith("hint: "))
    return _text(drv, "message")[len("hint: "):]


def _over(drv: webdriver.Chrome) -> bool:
    return _text(drv, "status") in ("You win!", "The engine wins.") or _text(drv, "status").startswith(
        ("Draw by repetition", "Game over"))


def _play_heap(drv: webdriver.Chrome, server: str) -> None:
    _start(drv, server, "nim", "3 4 5")
    for _ in range(30):
        if _over(drv):
            break
        before = _text(drv, "moves")
        drv.find_elements(By.CSS_SELECTOR, "#legal button.win")[0].click()
        _wait(drv, lambda d: _settled(d, before))
    assert _text(drv, "status") == "You win!"
    drv.save_screenshot(str(SHOTS / "9-heap-won.png"))
    # history: back to the start and forward again; the link replays the game
    n = int(drv.find_element(By.ID, "playarea").get_attribute("data-plies"))
    link = drv.current_url
    drv.find_element(By.ID, "navstart").click()
    _wait(drv, lambda d: d.find_element(By.ID, "playarea").get_attribute("data-plies") == "0")
    drv.find_element(By.ID, "redo").click()
    _wait(drv, lambda d: d.find_element(By.ID, "playarea").get_attribute("data-plies") == "2")
    drv.find_element(By.ID, "navend").click()
    _wait(drv, lambda d: d.find_element(By.ID, "playarea").get_attribute("data-plies") == str(n))
    drv.find_element(By.ID, "colours").click()  # practice: no win / lose colours
    drv.find_element(By.ID, "navback").click()
    _wait(drv, lambda d: d_plies(d) == n - 1 and _text(d, "status") == "Your move.")
    assert "c=0" in drv.current_url
    drv.save_screenshot(str(SHOTS / "9-heap-history-no-colours.png"))
    drv.get("about:blank")
    _load(drv, link)
    _wait(drv, lambda d: _text(d, "status") == "You win!")
    assert d_plies(drv) == n and _text(drv, "moves").startswith("start 1. heap")


def d_plies(drv: webdriver.Chrome) -> int:
    return int(drv.find_element(By.ID, "playarea").get_attribute("data-plies"))


def _play_coins(drv: webdriver.Chrome, server: str) -> None:
    _start(drv, server, "turning-turtles", "THHTH")
    for _ in range(30):
        if _over(drv):
            break
        move = _hint(drv)
        before = _text(drv, "moves")
        for c in move.split()[1:]:  # 'turn 2 5': click coins 2 and 5, then turn them
            drv.find_element(By.CSS_SELECTOR, f'#board [data-coin="{c}"]').click()
        drv.find_element(By.ID, "turn").click()
        _wait(drv, lambda d: _settled(d, before))
    assert _text(drv, "status") == "You win!"
    drv.save_screenshot(str(SHOTS / "10-coins-won.png"))


def _play_hackenbush(drv: webdriver.Chrome, server: str) -> None:
    _start(drv, server, "hackenbush-graph", "0-1 1-2 2-0 2-3 3-4")
    drv.save_screenshot(str(SHOTS / "11-hackenbush-start.png"))
    for _ in range(30):
        if _over(drv):
            break
        move = _hint(drv)
        before = _text(drv, "moves")
        edges = drv.find_elements(By.CSS_SELECTOR, f'#board [data-move="{move}"]')
        assert edges, (move, drv.find_element(By.ID, "board").get_attribute("innerHTML")[:500])
        drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", edges[0])
        _wait(drv, lambda d: _settled(d, before))
    assert _text(drv, "status") == "You win!"
    drv.save_screenshot(str(SHOTS / "11-hackenbush-won.png"))


def _play_cram(drv: webdriver.Chrome, server: str) -> None:
    _start(drv, server, "cram", "2x5")
    for _ in range(30):
        if _over(drv):
            break
        move = _hint(drv)  # 'b1-b2': click the two cells
        before = _text(drv, "moves")
        a, b = move.split("-")
        drv.find_element(By.CSS_SELECTOR, f'#board [data-cell="{a}"]').click()
        if _ == 0:
            drv.save_screenshot(str(SHOTS / "12-cram-one-cell.png"))
        drv.find_element(By.CSS_SELECTOR, f'#board [data-cell="{b}"]').click()
        _wait(drv, lambda d: _settled(d, before))
    assert _text(drv, "status") == "You win!"
    drv.save_screenshot(str(SHOTS / "12-cram-won.png"))


def _play_loopy(drv: webdriver.Chrome, server: str) -> None:
    _start(drv, server, "put-back", "3")
    assert "draw" in _text(drv, "rules")
    for _ in range(12):
        if _over(drv):
            break
        before = _text(drv, "moves")
        drv.find_elements(By.CSS_SELECTOR, "#legal button.draw")[0].click()  # keep the draw
        _wait(drv, lambda d: _settled(d, before))
    assert _text(drv, "status").startswith("Draw by repetition"), _text(drv, "status")
    assert "no escape: a draw" in _text(drv, "board")
    drv.save_screenshot(str(SHOTS / "13-loopy-draw.png"))


def _play_minimax(drv: webdriver.Chrome, server: str) -> None:
    _start(drv, server, "carrot", "3 1 4 1 5 9")
    assert _text(drv, "status") == "Your move (you are Max)."
    for _ in range(10):
        if _over(drv):
            break
        best = drv.find_elements(By.CSS_SELECTOR, "#legal button.win")[0].text.split(" value")[0]
        move = best.split(" win")[0]
        before = _text(drv, "moves")
        end = drv.find_element(By.CSS_SELECTOR, f'#board [data-move="{move}"]')
        drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", end)
        _wait(drv, lambda d: _settled(d, before))
    assert _text(drv, "status") == "Game over: the number left is 4, as best play gives (4), Max first.", _text(drv, "status")
    drv.save_screenshot(str(SHOTS / "14-minimax-over.png"))


def _play_misere(drv: webdriver.Chrome, server: str) -> None:
    _load(drv, server)
    _choose(drv, "kayles")
    drv.find_element(By.ID, "misere").click()
    pos = drv.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys("3 4")
    drv.find_element(By.ID, "newgame").click()
    _wait(drv, lambda d: _text(d, "status").startswith("Your move"))
    assert "misère" in _text(drv, "board") and "whoever cannot move wins" in _text(drv, "rules")
    for _ in range(20):
        if _over(drv):
            break
        before = _text(drv, "moves")
        drv.find_elements(By.CSS_SELECTOR, "#legal button.win")[0].click()
        _wait(drv, lambda d: _settled(d, before))
    # misère: the engine made the last move, so the person wins
    assert _text(drv, "status") == "You win!" and "x=1" in drv.current_url
    drv.save_screenshot(str(SHOTS / "15-misere-won.png"))


FULL_GAMES = {"misere": _play_misere, "heap": _play_heap, "coins": _play_coins, "hackenbush": _play_hackenbush,
              "cram": _play_cram, "loopy": _play_loopy, "minimax": _play_minimax}


@pytest.mark.slow  # about a minute; .ci/run runs it in its slow step
@pytest.mark.parametrize("kind", list(FULL_GAMES))
def test_full_game_of_each_kind(kind: str, server: str, browser: webdriver.Chrome) -> None:
    """Issue 37: a whole game of each kind in the browser, moves made on the
    board itself where the game has one (edges, cells, coins, the row's ends)."""
    FULL_GAMES[kind](browser, server)
