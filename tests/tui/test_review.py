"""The review of a deal driven by keys (issue 5): from the deal summary and from the table."""

from __future__ import annotations

import pytest

from klabber_tui.screens.review import ReviewScreen
from klabber_tui.screens.summary import SummaryScreen

from .helpers import fixture_app, play_until, settle, wait_until

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
