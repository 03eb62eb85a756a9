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
    browser.save_screenshot(str(SHOTS / "2-analysis.png"))

    Select(browser.find_element(By.ID, "game")).select_by_value("dawson")
    pos.clear()
    pos.send_keys("20")
    browser.find_element(By.ID, "analyse").click()
    _wait(browser, lambda d: "period 34 from 53 (proven)" in _text(d, "pattern"))
    _wait(browser, lambda d: d.execute_script("const i = document.getElementById('plot'); return i.complete && i.naturalWidth > 0"))
    browser.save_screenshot(str(SHOTS / "3-table.png"))


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
    n = len(_text(browser, "moves").split(", "))
    browser.find_element(By.ID, "undo").click()
    _wait(browser, lambda d: len(_text(d, "moves").split(", ")) < n and _text(d, "status") == "Your move.")


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
            assert outcome.startswith(f"{lib.outcome} — the player to move"), (entry.name, outcome)
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
    _wait(browser, lambda d: _text(d, "moves").startswith("heap 2 to 1,"))
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


def test_a_long_move_list_says_so_and_pages(server: str, browser: webdriver.Chrome) -> None:
    """Issue 39: nim 100 200 300 showed 40 losing moves and not the winning one,
    without a word. The winning move comes first, the page says the list is
    partial, and "More moves" shows the next page."""
    _load(browser, server)
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
