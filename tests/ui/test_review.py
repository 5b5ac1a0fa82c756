"""The review of a deal driven by keys (issue 5): from the deal summary and from the table."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from textual.widgets import Static

from klabber_tui.ui.screens.review import ReviewScreen
from klabber_tui.ui.screens.summary import SummaryScreen

from tests.support.helpers import fixture_app, make_app, play_until, settle, wait_until

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


async def test_review_after_a_deal_open_scroll_close(klabber_home) -> None:
    """From a saved match left on its first deal's summary (issue 22: a fixture, not the bots' play);
    the next deal is the player's to open, so its bot is never asked."""
    app = fixture_app("summary", klabber_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        summary = app.screen
        await pilot.press("r")
        review_screen = app.screen
        assert isinstance(review_screen, ReviewScreen)
        await wait_until(pilot, lambda: review_screen.review is not None)
        review = review_screen.review
        human = app.session.last.human_seat
        assert review.complete and review.decisions
        # issue 24: the bot's choices are judged too, each seat's from its own actions
        assert {d.seat for d in review.decisions} == {"elder", "dealer"}
        actions = app.session.last.deal.actions
        assert all(d.chosen == actions[d.index][1] and d.seat == actions[d.index][0] for d in review.decisions)
        assert review.given_up_by is not None and set(review.given_up_by) == {"elder", "dealer"}  # the hindsight
        assert all(d.given_up is not None and d.given_up >= 0 for d in review.decisions if d.kind == "bid")
        # issue 24: the bot's reasons are shown too, worded as the bot's ("the bot holds…")
        console = Console(width=200, record=True)
        console.print(review_screen.query_one("#review-body", Static).content)
        page = console.export_text()
        assert page.count("Why, decision by decision") == 2
        bots_why = page[page.index("Each decision of Bot"):]
        bots_why = bots_why[bots_why.index("Why, decision by decision"):]
        assert "the bot" in bots_why.lower() or "you " in bots_why.lower()
        assert "After your pass" not in bots_why and not re.search(r"Trump \S+: you hold", bots_why)
        scroll = review_screen.query_one("#review-scroll")
        await pilot.press("pagedown")
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y > 0  # the page is longer than the screen and scrolls
        await pilot.press("r")
        assert app.screen is summary
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is app.table
        await pilot.press("r")  # the last finished deal, from the table
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")  # closing while it may still be working
        assert app.screen is app.table


async def test_the_review_page_shows_bids_in_hindsight(klabber_home) -> None:
    """Issue 24: the forced deal of tests/ai/test_review_bid_hindsight.py (worked out by hand there:
    the player, the dealer, refused the bot's schmeiss and gave up 215 points of this deal against
    accepting) on the game's own review page."""
    import json
    from pathlib import Path

    from engine.actions import DEALER
    from engine.deal import deck_fingerprint, shuffled_deck
    from engine.match import SheetRow
    from engine.record import parse_record, replay
    from klabber_tui.practice.session import Finished

    path = Path(__file__).resolve().parents[1] / "records" / "klaberjass-forced-refusal.json"
    deal = replay(parse_record(json.loads(path.read_text(encoding="utf-8"))))
    row = SheetRow(number=1, dealer=0, trump=deal.trump, maker=1, points=(0, 215), outcome="made", totals=(0, 215))
    app = make_app(seed=11)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        app.open_review(Finished(deal, row, 0, deck_fingerprint(shuffled_deck(0)), DEALER))
        review_screen = app.screen
        assert isinstance(review_screen, ReviewScreen)
        await wait_until(pilot, lambda: review_screen.review is not None, limit=120)
        bids = {d.index: d for d in review_screen.review.decisions if d.kind == "bid"}
        assert bids[1].given_up == 215 and bids[0].given_up == 0
        console = Console(width=200, record=True)
        console.print(review_screen.query_one("#review-body", Static).content)
        page = console.export_text()
        assert ("You: in hindsight, with every card known and both sides playing perfectly after each bid, these "
                "bids gave up 215 points of this deal against the best bid") in page
        in_order = page[page.index("Each decision of You, in order"):]
        refusal = next(line for line in in_order.splitlines() if "│ 2 │" in line)
        assert refusal.rstrip().rstrip("│").split("│")[-1].strip() == "215"  # the hindsight column
        bots = page[page.index("Each decision of Bot, in order"):]
        assert "The bot" in bots[bots.index("Why, decision by decision"):]  # the bot's reasons, as the bot's
