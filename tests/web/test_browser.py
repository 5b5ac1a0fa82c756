"""Issue 34: klabber serve in a real browser. Playwright drives the system's Chromium: the start page,
Play, the draw's Continue, a bid (Take) and a card, each by a click on the page; the saved match holds
the bid and the card, and the table's screenshot differs from the one before the clicks. Where the
clicks land comes from table_regions.py (the same match in Textual's pilot).

Playwright's sync API is opened and closed inside the test, not through pytest-playwright's fixtures:
those keep Playwright's event loop running in the main thread for the rest of the worker's session,
and every pytest-asyncio test after it on that worker failed ("Runner.run() cannot be called from a
running event loop")."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="the extra [web]: pip install -e '.[web]'")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (the test extra)")

from tests.support.serving import Served, game_processes, system_chromium  # noqa: E402

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
SEED, NAME, LEVEL = 1, "Ann", "greedy"
VIEWPORT = {"width": 1100, "height": 700}


def saved_actions(home: Path) -> list[list[str]]:
    try:
        save = json.loads((home / "match.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [action for deal in save["match"]["deals"] for action in deal["actions"]]


def click_cells(page: Any, region: list[int], cols: int, rows: int) -> None:
    """Click the middle of a region of cells, as a mouse or a finger on the page would."""
    box = page.locator(".xterm-screen").bounding_box()
    cell_w, cell_h = box["width"] / cols, box["height"] / rows
    x, y, w, h = region
    page.mouse.click(box["x"] + (x + w / 2) * cell_w, box["y"] + (y + h / 2) * cell_h)


def wait_for(condition: Any, limit: float = 20.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


def click_until(page: Any, region: list[int], cols: int, rows: int, done: Any, tries: int = 5) -> None:
    """Click a region until what it does is saved: on a loaded machine the widget may not be drawn
    yet when the first click comes (a click on nothing does nothing)."""
    for _ in range(tries):
        click_cells(page, region, cols, rows)
        if wait_for(done, limit=4.0):
            return
    raise AssertionError(f"{tries} clicks at {region} did nothing that was saved: {done}")


@pytest.fixture
def chromium_page() -> Iterator[Any]:
    """A page of the system's Chromium, or a skip that names the package."""
    executable = system_chromium()
    if executable is None:
        pytest.skip("needs the system's Chromium: the Debian package chromium (apt-get install chromium; "
                    ".ci/run installs it)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield browser.new_page(viewport=VIEWPORT)
        finally:
            browser.close()


def test_a_bid_and_a_card_by_clicks_in_chromium(chromium_page: Any, tmp_path: Path) -> None:
    page = chromium_page
    home = tmp_path / "home"
    served = Served(home, "--level", LEVEL, "--seed", str(SEED), "--name", NAME)
    regions_process = subprocess.Popen([sys.executable, str(HERE / "table_regions.py"), str(SEED), NAME, LEVEL],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True)
    try:
        sockets: list[str] = []
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.goto(served.url)
        assert page.title() == "klabber"
        before = page.screenshot()
        opened = time.monotonic()
        page.click("#go-play")
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        first_frame = time.monotonic() - opened
        cols, rows = (int(part.split("=")[1]) for part in sockets[0].split("?")[1].split("&"))
        out, err = regions_process.communicate(f"{cols} {rows}\n", timeout=60)
        assert regions_process.returncode == 0, err
        regions = json.loads(out)
        page.wait_for_timeout(500)  # the draw's page drawn whole
        table_before = page.screenshot()
        # In this seeded match the bot bids first, once the draw's page is gone.
        click_until(page, regions["continue"], cols, rows, lambda: len(saved_actions(home)) >= 1)
        page.wait_for_timeout(300)
        click_until(page, regions["take"], cols, rows,
                    lambda: any(action[1] == "take" for action in saved_actions(home)))
        page.wait_for_timeout(300)
        click_until(page, regions["card"], cols, rows,
                    lambda: any(action[1] == regions["card_action"] for action in saved_actions(home)))
        page.wait_for_timeout(500)
        after = page.screenshot(path=str(tmp_path / "serve-table.png"))
        assert after != table_before
        assert after != before
        print(f"first frame {first_frame:.2f} s after the click on Play; {cols}x{rows} cells")
        assert first_frame < 30
    finally:
        if regions_process.poll() is None:
            regions_process.kill()
            regions_process.communicate()
        page.close()  # the page closes: the game saves and ends
        status, err = served.stop()
    assert status == 143, err
    assert game_processes(home) == []
