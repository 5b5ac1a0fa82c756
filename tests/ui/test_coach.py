"""The coach in the game (issue 5): `a` opens it on any decision of the player, with a row for every
legal action; bids, deals and matches reach the statistics. "Coach after each bid" (issue 11) is in
test_coach_after_bid.py."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from klabber_tui.ui.screens.coach import CoachScreen

from tests.support.helpers import make_app, play_until, wait_until

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


def _plain(renderable) -> str:
    console = Console(width=76, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()



async def _coach_rows(pilot, app) -> CoachScreen:
    legal = set(app.table.legal())
    await pilot.press("a")
    screen = app.screen
    assert isinstance(screen, CoachScreen)
    await wait_until(pilot, lambda: screen.advice is not None)
    assert set(screen.rows) == legal  # one row for every legal action, nothing else
    assert screen.rows[0] == screen.advice.best
    return screen


async def test_coach_opens_with_a_on_a_bid_and_on_a_card(klabber_home) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        screen = await _coach_rows(pilot, app)
        assert screen.advice.facts  # the reasons of a bid
        body = _plain(screen.body)
        assert "Trump" in body
        await pilot.press("a")  # a again closes it
        assert app.screen is app.table
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "play"
                         and len(app.table.legal()) > 1)
        await _coach_rows(pilot, app)
        await pilot.press("escape")
        assert app.screen is app.table
        assert app.table.mode() == "play"  # the coach played nothing


async def test_a_damaged_statistics_file_is_a_notification(klabber_home) -> None:
    klabber_home.mkdir(parents=True, exist_ok=True)
    (klabber_home / "stats.json").write_text("{not json")
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("p")
        await wait_until(pilot, lambda: any("Statistics" in n.message for n in app._notifications))
        assert list(klabber_home.glob("stats.corrupt-*.json"))
