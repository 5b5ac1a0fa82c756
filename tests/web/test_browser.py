"""Issue 34: klabber serve in a real browser. pytest-playwright drives the system's Chromium: the start
page, Play, the draw's Continue, a bid (Take) and a card, each by a click on the page; the saved match
holds the bid and the card, and the table's screenshot differs from the one before the game started.
Where the clicks land comes from table_regions.py (the same match in Textual's pilot)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve", reason="the extra [web]: pip install -e '.[web]'")
pytest.importorskip("pytest_playwright", reason="pytest-playwright (the test extra)")

from .serving import Served, game_processes  # noqa: E402

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


def wait_for(condition: Any, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("not in time")


def test_a_bid_and_a_card_by_clicks_in_chromium(page: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home, "--level", LEVEL, "--seed", str(SEED), "--name", NAME)
    try:
        sockets: list[str] = []
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.set_viewport_size(VIEWPORT)
        page.goto(served.url)
        assert page.title() == "klabber"
        before = page.screenshot()
        opened = time.monotonic()
        page.click("#go-play")
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        first_frame = time.monotonic() - opened
        cols, rows = (int(part.split("=")[1]) for part in sockets[0].split("?")[1].split("&"))
        regions = json.loads(subprocess.run(
            [sys.executable, str(HERE / "table_regions.py"), str(cols), str(rows), str(SEED), NAME, LEVEL],
            capture_output=True, text=True, check=True, timeout=60).stdout)
        page.wait_for_timeout(500)  # the draw's page drawn whole
        table_before = page.screenshot()
        click_cells(page, regions["continue"], cols, rows)
        wait_for(lambda: len(saved_actions(home)) >= 1)  # in this seeded match the bot bids first
        page.wait_for_timeout(800)  # the player's buttons up
        click_cells(page, regions["take"], cols, rows)
        wait_for(lambda: any(action[1] == "take" for action in saved_actions(home)))
        page.wait_for_timeout(800)
        click_cells(page, regions["card"], cols, rows)
        wait_for(lambda: any(action[1] == regions["card_action"] for action in saved_actions(home)))
        page.wait_for_timeout(500)
        after = page.screenshot(path=str(tmp_path / "serve-table.png"))
        assert after != table_before
        assert after != before
        print(f"first frame {first_frame:.2f} s after the click on Play; {cols}x{rows} cells")
        assert first_frame < 30
    finally:
        page.close()  # the page closes: the game saves and ends
        status, err = served.stop()
    assert status == 143, err
    assert game_processes(home) == []
