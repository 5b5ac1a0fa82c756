"""Issue 13: the table as a new player meets it (the draw page, help, the cursor, quitting, words)."""

from __future__ import annotations

import asyncio

from klabber_tui.screens.draw import DrawScreen
from klabber_tui.screens.help import HelpScreen
from klabber_tui.screens.summary import SummaryScreen

from .helpers import make_app, play_until, settle

HUMAN_DEALS_FIRST = 1  # seed whose draw makes the player the first dealer: the bot bids first


async def test_the_bot_waits_until_the_draw_page_is_closed(klabber_home) -> None:
    app = make_app(seed=HUMAN_DEALS_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # far longer than the greedy bot needs to bid
            await pilot.pause()
            await asyncio.sleep(0.02)
        assert isinstance(app.screen, DrawScreen)
        assert app.session is not None and app.session.seat == "dealer"
        assert app.session.deal.actions == [] and app.table.waiting is None
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is app.table
        assert [seat for seat, _ in app.session.deal.actions] == ["elder"]


async def test_help_opens_over_the_draw_page_and_closes_back_to_it(klabber_home) -> None:
    app = make_app(seed=HUMAN_DEALS_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DrawScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DrawScreen)


async def test_help_opens_over_the_deal_summary(klabber_home) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)


async def test_help_opens_in_the_drill_too(klabber_home) -> None:
    from klabber_tui.drill_app import DrillApp

    app = DrillApp("klaberjass", 1, 1, coach_level="easy", bot_level="easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is app.drill_screen
