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


async def test_the_cursor_never_starts_on_a_refused_card(klabber_home) -> None:
    # Issue 13: the cursor stayed where the last card was played, often on a card the rules refuse
    # (following suit, §7), so Enter was refused. Checked at every card decision of a whole deal.
    app = make_app(seed=11, autoplay_forced=False)
    seen: list[bool] = []

    def check() -> bool:
        t = app.table
        if app.screen is t and t.mode() == "play":
            card = t.hand_cards()[t.selected]
            seen.append(any(a.split(" ")[1] == _fmt(card) for a in t.legal() if a.startswith("play ")))
        return isinstance(app.screen, SummaryScreen)

    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, check)
    assert len(seen) >= 8 and all(seen)


def _fmt(card: int) -> str:
    from engine.cards import format_card

    return format_card(card)


async def test_q_mid_deal_asks_and_n_goes_back(klabber_home) -> None:
    from klabber_tui.screens.question import QuestionScreen

    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "play")
        actions = list(app.session.deal.actions)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuestionScreen) and app.return_code is None
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is app.table and app.return_code is None
        assert app.session.deal.actions == actions
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.return_code == 0
    assert (klabber_home / "match.json").exists()  # the save stays for klabber play to resume


async def test_ctrl_q_quits_at_once_and_keeps_the_save(klabber_home) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "play")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    assert (klabber_home / "match.json").exists()


async def test_q_on_the_match_end_quits_at_once(klabber_home) -> None:
    from klabber_tui.screens.match_end import MatchEndScreen

    app = make_app(seed=3, target=100)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, MatchEndScreen), max_keys=4000)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0
