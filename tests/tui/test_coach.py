"""The coach in the game (issue 5): `a` opens it on any decision of the player, with a row for every
legal action; "Coach after each bid" shows the verdict; bids, deals and matches reach the statistics."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from klabber_tui import stats
from klabber_tui.app import KlabberApp
from klabber_tui.screens.coach import CoachScreen
from klabber_tui.screens.summary import SummaryScreen
from klabber_tui.session import Settings

from .helpers import make_app, play_until, settle


def _plain(renderable) -> str:
    console = Console(width=76, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


async def _wait(pilot, condition, limit: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        assert loop.time() < end, "timed out"
        await pilot.pause(0.02)


async def _coach_rows(pilot, app) -> CoachScreen:
    legal = set(app.table.legal())
    await pilot.press("a")
    screen = app.screen
    assert isinstance(screen, CoachScreen)
    await _wait(pilot, lambda: screen.advice is not None)
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


async def test_verdict_after_each_bid_and_statistics(klabber_home) -> None:
    settings = Settings(level="greedy", coach_bids=True)
    app = KlabberApp(settings, "Tester", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("p")
        screen = app.screen
        assert isinstance(screen, CoachScreen) and screen.verdict
        await _wait(pilot, lambda: screen.advice is not None)
        body = _plain(screen.body)
        assert ("Mistake: " in body) == screen.advice.mistake
        assert "Good bid" in body or "Mistake: " in body
        await pilot.press("escape")
        await settle(pilot, app)
        assert app.screen is not screen
        await _wait(pilot, lambda: len(stats.load()[0].decisions) >= 1)
        decision = stats.load()[0].decisions[0]
        assert decision["kind"] == "bid" and decision["preset"] == "klaberjass" and not decision["practice"]

        def stop() -> bool:
            if isinstance(app.screen, CoachScreen):
                return False
            return isinstance(app.screen, SummaryScreen)

        for _ in range(40):  # close each verdict as it comes, play on to the end of the deal
            if isinstance(app.screen, CoachScreen):
                await pilot.press("a")
            await play_until(pilot, app, lambda: stop() or isinstance(app.screen, CoachScreen))
            if stop():
                break
        assert isinstance(app.screen, SummaryScreen)
        await _wait(pilot, lambda: len(stats.load()[0].deals) == 1)
        deal = stats.load()[0].deals[0]
        assert deal["maker"] in ("player", "bot", None) and deal["outcome"] in ("made", "tie", "bust", "thrown_in")


async def test_a_damaged_statistics_file_is_a_notification(klabber_home) -> None:
    klabber_home.mkdir(parents=True, exist_ok=True)
    (klabber_home / "stats.json").write_text("{not json")
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("p")
        await _wait(pilot, lambda: any("Statistics" in n.message for n in app._notifications))
        assert list(klabber_home.glob("stats.corrupt-*.json"))
