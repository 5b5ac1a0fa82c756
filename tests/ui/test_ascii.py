"""Issue 13: with ``--ascii`` no screen shows anything but ASCII: no box drawing, blocks, suit
symbols or typographic punctuation, on the table, every dialog and page, the drill and the size
notice. (The letters of the language would stay; these screens are in English.)

Each screen is read as the terminal is painted (klabber_tui/ui/ascii.py works in the compositor).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from klabber_tui.words.ascii_text import to_ascii
from klabber_tui.ui.drill_app import DrillApp
from klabber_tui.ui.screens.coach import CoachScreen
from klabber_tui.ui.screens.help import HelpScreen
from klabber_tui.ui.screens.match_end import MatchEndScreen
from klabber_tui.ui.screens.question import QuestionScreen
from klabber_tui.ui.screens.review import ReviewScreen
from klabber_tui.ui.screens.settings import SettingsScreen
from klabber_tui.ui.screens.stats import StatsScreen
from klabber_tui.ui.screens.summary import SummaryScreen

from tests.support.helpers import FAST, answer, make_app, play_until, settle, wait_for
from tests.support.screentext import screen_text

SIZE = (80, 24)


def non_ascii(app: Any) -> list[str]:
    return sorted({c for c in screen_text(app) if not c.isascii()})


async def _wait(pilot: Any, condition: Any, limit: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        assert loop.time() < end, "timed out"
        await pilot.pause(0.02)


def test_the_map_spells_symbols_in_ascii_cell_for_cell() -> None:
    """The one map (klabber_tui/words/ascii_text.py): widths kept, letters of any language kept."""
    assert to_ascii("╭─ Score ─╮") == "+- Score -+"
    assert to_ascii("│A♣ │ ▶1✗ ▒▒▒ ▮▮") == "|AC | >1x ### ##"
    assert to_ascii("Deal 1 · Play — «a» “b” ’ …") == "Deal 1 - Play - <a> \"b\" ' ."
    assert to_ascii("подсел") == "подсел"
    assert to_ascii("\N{PARTY POPPER}") == "??"  # a wide symbol keeps its two cells


@pytest.mark.slow
async def test_every_game_screen_is_ascii(klabber_home) -> None:
    """Seed 0 (deal 1 is made): the draw, the table at each stage, help, settings, the coach, the
    last trick, the deal summary, the review, statistics, the match end, the resume question."""
    app = make_app(seed=0, ascii=True)
    seen: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen["draw"] = non_ascii(app)
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        seen["round one"] = non_ascii(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        for page in range(4):
            await pilot.pause()
            seen[f"help page {page}"] = non_ascii(app)
            await pilot.press("pagedown")
        await pilot.press("escape")
        await pilot.press("o")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.pause()
        seen["settings"] = non_ascii(app)
        await pilot.press("escape")
        await pilot.press("a")
        coach = app.screen
        assert isinstance(coach, CoachScreen)
        await _wait(pilot, lambda: coach.advice is not None)
        await pilot.pause()
        seen["coach"] = non_ascii(app)
        await pilot.press("escape")
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "hold")
        seen["trick held"] = non_ascii(app)
        await pilot.press("l")
        await pilot.pause()
        seen["last trick notice"] = non_ascii(app)
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        seen["summary"] = non_ascii(app)
        await pilot.press("r")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await _wait(pilot, lambda: review.review is not None)
        await pilot.pause()
        seen["review"] = non_ascii(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, app)
        seen["deal 2"] = non_ascii(app)
        await pilot.press("S")
        assert isinstance(app.screen, StatsScreen)
        await pilot.pause()
        seen["statistics"] = non_ascii(app)
        await pilot.press("escape")
        app.push_screen(MatchEndScreen(app.session))
        await pilot.pause()
        seen["match end"] = non_ascii(app)
    again = make_app(seed=0, ascii=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)
        seen["resume question"] = non_ascii(again)
    assert {name: chars for name, chars in seen.items() if chars} == {}


@pytest.mark.slow
async def test_the_size_notice_and_watch_mode_are_ascii(klabber_home) -> None:
    small = make_app(seed=0, ascii=True)
    async with small.run_test(size=(60, 18)) as pilot:
        await _wait(pilot, lambda: small.session is not None)
        await pilot.pause()
        assert "at least 80" in screen_text(small)
        assert non_ascii(small) == []
    watch = make_app(seed=0, ascii=True, watch=True)
    async with watch.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await _wait(pilot, lambda: watch.session is not None and len(watch.session.deal.actions) > 2)
        assert non_ascii(watch) == []


@pytest.mark.slow
def test_the_drill_is_ascii(klabber_home) -> None:
    seen: dict[str, list[str]] = {}

    async def run() -> None:
        app = DrillApp("klaberjass", 1, 1, ascii=True, **FAST)
        async with app.run_test(size=SIZE) as pilot:
            screen = app.drill_screen
            await wait_for(pilot, screen, "ask")
            seen["ask"] = non_ascii(app)
            await answer(pilot, screen, worst=True)
            await wait_for(pilot, screen, "end")
            seen["end"] = non_ascii(app)
            await pilot.press("S")
            await pilot.pause()
            seen["statistics"] = non_ascii(app)
    asyncio.run(run())
    assert {name: chars for name, chars in seen.items() if chars} == {}


@pytest.mark.slow
async def test_ascii_switched_on_and_off_in_the_settings(klabber_home) -> None:
    """The settings page turns ASCII mode on and off at once, suit buttons included."""
    from textual.widgets import Checkbox

    app = make_app(seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("p")
        await settle(pilot, app)
        assert "♥" in screen_text(app)
        for on in (True, False):
            await pilot.press("o")
            settings = app.screen
            assert isinstance(settings, SettingsScreen)
            settings.query_one("#ascii", Checkbox).value = on
            settings.action_save()
            await settle(pilot, app)
            assert app.settings.ascii is on
            assert (non_ascii(app) == []) is on
            assert ("H hearts (h)" in screen_text(app)) is on
