"""End to end in headless Chromium (Debian's chromium + chromium-driver, driven by
Selenium): load the page, analyse a position, play a game to its end with the
hints, see a bad move refused. A screenshot of each step is kept under
test-artifacts/web/ (gitignored) to look at."""

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

from grundy.web.app import Budget, create_app
from tests.oracles import remoteness
from tests.web.test_api import _wythoff_moves

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


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(create_app(Budget(seconds=5)), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(10)


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


def _wait(drv: webdriver.Chrome, cond, timeout: float = 20):  # type: ignore[no-untyped-def]
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
    pos = browser.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys("4 6")
    browser.find_element(By.ID, "to").clear()
    browser.find_element(By.ID, "to").send_keys("40")
    browser.find_element(By.ID, "analyse").click()
    _wait(browser, lambda d: _text(d, "outcome") == "N")
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
    _wait(browser, lambda d: "pins are numbered 1..5" in _text(d, "error"))
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
        assert _text(browser, "error") == ""
        if _text(browser, "status") == "You win!":
            break
    assert _text(browser, "status") == "You win!"
    browser.save_screenshot(str(SHOTS / "5-won.png"))
    # Undo takes back the person's last move (and nothing is left for the engine).
    n = len(_text(browser, "moves").split(", "))
    browser.find_element(By.ID, "undo").click()
    _wait(browser, lambda d: len(_text(d, "moves").split(", ")) < n and _text(d, "status") == "Your move.")
