"""The review of a deal driven by keys (issue 5): from the deal summary and from the table."""

from __future__ import annotations

import pytest

from klabber_tui.screens.review import ReviewScreen
from klabber_tui.screens.summary import SummaryScreen

from .helpers import make_app, play_until, settle, wait_until

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


async def test_review_after_a_deal_open_scroll_close(klabber_home) -> None:
    app = make_app(seed=11)
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
        assert all(d.seat == human for d in review.decisions)  # the player's own choices only
        chosen = [a for s, a in app.session.last.deal.actions if s == human]
        assert all(d.chosen in chosen for d in review.decisions)
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
