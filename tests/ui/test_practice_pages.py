"""The practice pages of issue 25, driven by keys: the what-if page (from the summary or the review,
a decision, another choice, both lines played on) and the any-hand page (typed fields or a pasted
record, the coach's answer, refusals in one line). English and Russian, 80x24, and ``--ascii``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Seat
from engine.record import replay
from klabber_tui.words import i18n
from klabber_tui.ui.any_hand_app import AnyHandApp
from klabber_tui.ui.app import GuardedApp
from klabber_tui.data.files import load_record
from klabber_tui.ui.screens.what_if import WhatIfScreen
from klabber_tui.ui.stylesheet import stylesheet

from tests.support.screentext import flat, screen_text

SIZE = (80, 24)
SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "klaberjass-sample.json"


class WhatIfApp(GuardedApp):
    """The what-if page over an empty App, as the summary and the review push it."""

    CSS = stylesheet()

    def __init__(self, ascii: bool = False, player: Seat | None = None) -> None:
        super().__init__()
        self.use_ascii(ascii)
        self.page = WhatIfScreen(replay(load_record(SAMPLE)), level="easy", player=player)

    def on_mount(self) -> None:
        self.push_screen(self.page)


@contextmanager
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    try:
        yield
    finally:
        i18n.set_language("en")


async def until(pilot: Any, ready: Any, limit: int = 600) -> None:
    for _ in range(limit):
        await pilot.pause(0.05)
        if ready():
            await pilot.pause()
            return
    raise AssertionError("the page did not answer in time")


async def play_lead_jack(pilot: Any) -> None:
    """Decision 2 (the elder's lead, 8♦), its second other choice (J♦), played on."""
    app = pilot.app
    await pilot.pause()
    await pilot.press("down", "down", "right", "down", "enter")
    await until(pilot, lambda: app.page.body)


async def type_hand(pilot: Any) -> None:
    app = pilot.app
    await pilot.pause()
    app.page.query_one("#hand").value = "В♣ 9♣ Т♣ 10♦ К♥ 7♠"  # the Russian ranks, Cyrillic Т the ace
    app.page.query_one("#turn-up").value = "Д♣"
    await pilot.press("enter")
    await until(pilot, lambda: app.page.body)


@pytest.mark.slow
def test_what_if_plays_the_chosen_choice_on_and_goes_back() -> None:
    async def run() -> None:
        app = WhatIfApp()
        async with app.run_test(size=SIZE) as pilot:
            await play_lead_jack(pilot)
            shown = flat(screen_text(app))
            assert "Action 2: the elder chose 8♦. What if J♦?" in shown
            assert "What happened" in shown and "Same choice, bots" in shown and "What if: J♦" in shown
            await pilot.press("escape")  # back to the choice
            await pilot.pause()
            assert app.page.query_one("#what-if-pick").display
            await pilot.press("escape")  # and the page closes
            await pilot.pause()
            assert app.screen is not app.page
    asyncio.run(run())


@pytest.mark.slow
def test_what_if_from_the_game_says_you_and_the_bot() -> None:
    """Issue 31: opened from the summary or the review, the page knows the player's seat and says You
    and the bot, as the review does."""
    async def run() -> None:
        app = WhatIfApp(player=Seat.ELDER)
        async with app.run_test(size=SIZE) as pilot:
            await play_lead_jack(pilot)
            shown = flat(screen_text(app))
            assert "Action 2: you chose 8♦. What if J♦?" in shown
            assert "You score" in shown and "The bot scores" in shown and "For you" in shown
            assert "Elder" not in shown and "elder" not in shown
    asyncio.run(run())


def test_what_if_starts_at_the_decision_asked_for() -> None:
    """From the review, the player's costliest decision is highlighted first (here: action 4)."""

    async def run() -> None:
        app = WhatIfApp()
        app.page = WhatIfScreen(replay(load_record(SAMPLE)), level="easy", first=4)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            decisions = app.page.query_one("#what-if-decisions")
            assert decisions.highlighted is not None
            assert decisions.get_option_at_index(decisions.highlighted).id == "4"
    asyncio.run(run())


def test_what_if_opens_from_the_summary_and_the_review() -> None:
    """w opens the page from both, its label made in the language in use (issue 23's bindings)."""
    from klabber_tui.ui.localized import localized
    from klabber_tui.ui.screens.review import ReviewScreen
    from klabber_tui.ui.screens.summary import SummaryScreen

    for lang, label in (("en", "What if"), ("ru", "А если")):
        with i18n.use_language(lang):
            for page in (SummaryScreen, ReviewScreen):
                assert any(b.key == "w" and b.action == "what_if" and b.description == label
                           for b in localized(page).BINDINGS), (page, lang)


@pytest.mark.slow
def test_snapshot_what_if(snap_compare) -> None:
    assert snap_compare(WhatIfApp(), terminal_size=SIZE, run_before=play_lead_jack)


@pytest.mark.slow
def test_snapshot_what_if_ascii(snap_compare) -> None:
    assert snap_compare(WhatIfApp(ascii=True), terminal_size=SIZE, run_before=play_lead_jack)


@pytest.mark.slow
def test_snapshot_what_if_russian(snap_compare) -> None:
    with russian():
        assert snap_compare(WhatIfApp(), terminal_size=SIZE, run_before=play_lead_jack)


@pytest.mark.slow
def test_any_hand_typed_is_answered_from_the_view() -> None:
    async def run() -> None:
        app = AnyHandApp(level="easy")
        async with app.run_test(size=SIZE) as pilot:
            await type_hand(pilot)
            shown = flat(screen_text(app))
            assert "Your hand: J♣ 9♣ A♣ 10♦ K♥ 7♠ · turn-up Q♣ · elder" in shown  # Т the ace, В the jack
            assert "take" in shown and "pass" in shown
    asyncio.run(run())


def test_any_hand_refusals_are_one_line_under_the_fields() -> None:
    async def run() -> None:
        app = AnyHandApp(level="easy")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.page.query_one("#hand").value = "J♣ J♣ A♣ 10♦ K♥ 7♠"
            app.page.query_one("#turn-up").value = "Q♣"
            await pilot.press("enter")
            await pilot.pause()
            assert "JC is in the hand twice" in flat(screen_text(app))
            page = app.page
            page.query_one("#hand").value = "J♣ 9♣ A♣ 10♦ K♥ 7♠"
            page.query_one("#words").value = "pass"
            await pilot.press("enter")
            await pilot.pause()
            assert "the dealer speaks, not the elder" in flat(screen_text(app))
            page.query_one("#words").value = "pass трефа"
            await pilot.press("enter")
            await pilot.pause()
            shown = flat(screen_text(app))  # the field the words were typed in, not a flag (issue 32)
            assert "word 2 of the “Said” field, 'трефа', is no bid" in shown and "--bids" not in shown
            page.query_one("#words").value = ""
            page.query_one("#mine").value = "[bold]x"  # typed text is text, never markup
            await pilot.press("enter")
            await pilot.pause()
            assert "mine: a whole number from 0 to 100,000"  # grouped from five digits (i18n.whole) in flat(screen_text(app))
            assert not page.body
    asyncio.run(run())


def test_any_hand_takes_the_russian_words_and_names_its_own_field() -> None:
    """Issue 32, item 4: «пас», a suit by its name; a refusal speaks of the field «Сказано»."""
    async def run() -> None:
        with russian():
            app = AnyHandApp(level="easy")
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                page = app.page
                page.query_one("#hand").value = "В♣ 9♣ Т♣ 10♦ К♥ 7♠"
                page.query_one("#turn-up").value = "Д♣"
                page.query_one("#words").value = "пас пас трефы"
                await pilot.press("enter")
                await pilot.pause()
                shown = flat(screen_text(app))
                assert "слово 3 в поле «Сказано», 'трефы', здесь сказать нельзя" in shown, shown
                assert "--bids" not in shown and "name" not in shown
    asyncio.run(run())


@pytest.mark.slow
def test_any_hand_answers_a_pasted_record() -> None:
    obj = json.loads(SAMPLE.read_text(encoding="utf-8"))
    obj["actions"] = obj["actions"][:1]

    async def run() -> None:
        app = AnyHandApp(level="easy")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.page.query_one("#record").text = json.dumps(obj)
            app.page.action_ask()
            await until(pilot, lambda: app.page.body)
            assert "The record's last position: the dealer to act" in flat(screen_text(app))
    asyncio.run(run())


@pytest.mark.slow
def test_snapshot_any_hand(snap_compare) -> None:
    assert snap_compare(AnyHandApp(level="easy"), terminal_size=SIZE, run_before=type_hand)


@pytest.mark.slow
def test_snapshot_any_hand_ascii(snap_compare) -> None:
    assert snap_compare(AnyHandApp(level="easy", ascii=True), terminal_size=SIZE, run_before=type_hand)


@pytest.mark.slow
def test_snapshot_any_hand_russian(snap_compare) -> None:
    with russian():
        assert snap_compare(AnyHandApp(level="easy"), terminal_size=SIZE, run_before=type_hand)
