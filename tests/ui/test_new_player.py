"""Issue 13: the table as a new player meets it (the draw page, help, the cursor, quitting, words)."""

from __future__ import annotations

import importlib
import inspect

import asyncio

import pytest

from engine.actions import ELDER, TAKE
from klabber_tui.ui.screens.draw import DrawScreen
from klabber_tui.ui.screens.help import HelpScreen
from klabber_tui.ui.screens.summary import SummaryScreen

from klabber_tui.words.table.phrases import deal_header, draw_text, log_line, who_short
from tests.support.helpers import fixture_app, make_app, play_until, settle

HUMAN_DEALS_FIRST = 1  # seed whose draw makes the player the first dealer: the bot bids first


@pytest.mark.slow
async def test_the_bot_waits_until_the_draw_page_is_closed(klabber_home) -> None:
    app = make_app(seed=HUMAN_DEALS_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # far longer than the greedy bot needs to bid
            await pilot.pause()
            await asyncio.sleep(0.02)
        assert isinstance(app.screen, DrawScreen)
        assert app.session is not None and app.session.seat == "dealer"
        assert app.session.deal.actions == [] and app.table.controller.waiting is None
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is app.table
        assert [seat for seat, _ in app.session.deal.actions] == ["elder"]


@pytest.mark.slow
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


@pytest.mark.slow
async def test_help_opens_over_the_deal_summary(klabber_home) -> None:
    app = fixture_app("summary", klabber_home)  # issue 22: a saved match left on its deal summary
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)


@pytest.mark.slow
async def test_help_opens_in_the_drill_too(klabber_home) -> None:
    from klabber_tui.ui.drill_app import DrillApp

    app = DrillApp("klaberjass", 1, 1, coach_level="easy", bot_level="easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is app.drill_screen


@pytest.mark.slow
async def test_the_cursor_never_starts_on_a_refused_card(klabber_home) -> None:
    # Issue 13: the cursor stayed where the last card was played, often on a card the rules refuse
    # (following suit, §7), so Enter was refused. Checked at every card decision of a whole deal.
    app = make_app(seed=11, autoplay_forced=False)
    seen: list[bool] = []

    def check() -> bool:
        t = app.table
        if app.screen is t and t.mode() == "play":
            card = t.hand_cards()[t.controller.selected]
            seen.append(any(a.card == card for a in t.legal()))
        return isinstance(app.screen, SummaryScreen)

    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, check)
    assert len(seen) >= 8 and all(seen)


@pytest.mark.slow
async def test_q_mid_deal_asks_and_n_goes_back(klabber_home) -> None:
    from klabber_tui.ui.screens.question import QuestionScreen

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


@pytest.mark.slow
async def test_ctrl_q_quits_at_once_and_keeps_the_save(klabber_home) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "play")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
    assert (klabber_home / "match.json").exists()


@pytest.mark.slow
async def test_q_on_the_match_end_quits_at_once(klabber_home) -> None:
    from klabber_tui.ui.screens.match_end import MatchEndScreen

    app = fixture_app("match-end", klabber_home, target=100)  # issue 22: the last trick of a match to 100
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0


def _played_deal(seed: int):
    """A finished deal of a match: the elder takes at once, then each side plays its first legal card."""
    from engine.deal import deck_fingerprint, shuffled_deck
    from engine.match import Match
    from engine.rules import RuleSet
    from klabber_tui.practice.session import Finished

    match = Match(RuleSet.from_preset("klaberjass", {}), seed)
    deal = match.deal
    while not deal.is_over:
        seat = deal.to_act
        legal = deal.view(seat).legal
        deal.apply(seat, TAKE if TAKE in legal else min(legal, key=str))
    seed_used = match.deck_seed
    row = match.finish_deal()
    return Finished(deal, row, seed_used, deck_fingerprint(shuffled_deck(seed_used)), ELDER)


def _all_words(watching: bool, finished) -> str:
    """Every line the log, the summary, the draw page and the score sheet show for ``finished``."""
    import io

    from rich.console import Console

    from klabber_tui.ui.screens.summary import summary_body

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(summary_body(finished, finished.row.totals, 500, watching=watching))
    view = finished.deal.view(finished.human_seat)
    lines = [deal_header(1, finished.fingerprint, False, watching=watching)]
    lines += [line for e in view.events if (line := log_line(e, finished.human_seat, watching=watching))]
    lines.append(draw_text(((0, 7),), True, watching=watching))
    lines.append(who_short(True, watching=watching) + who_short(False, watching=watching))
    return "\n".join(lines) + "\n" + console.export_text()


def test_watch_mode_names_bot_1_and_bot_2_everywhere() -> None:
    # Issue 13: watching said "Extra deal: you get…", "The hands as dealt: you …; bot …" and "bot 1 deal".
    import re


    finished = _played_deal(4)
    assert any(e.kind == "extra_deal" for e in finished.deal.events)
    words = _all_words(True, finished)  # issue 23: the table's watch flag, given where the words are made
    assert not re.search(r"\b[Yy]ou(r)?\b", words), words
    assert not re.search(r"\bbot\b(?! \d)", words, re.IGNORECASE), words
    assert "Extra deal: Bot 1 gets" in words and "Deal 1: Bot 2 deals." in words
    assert "The hands as dealt: Bot 1 " in words and "; Bot 2 " in words
    assert "Bot 1 deals first." in words and "12" in words
    # Playing, the same words say you and bot, with verbs that agree.
    played = _all_words(False, finished)
    assert "Extra deal: you get" in played and "Deal 1: bot deals." in played and "You deal first." in played
    # The summary speaks to a player, not a developer (issue 13: "shuffled_deck(seed) gives this deal").
    assert "shuffled_deck" not in played and f"Deck fingerprint {finished.fingerprint}" in played


def test_english_text_has_no_russian_words() -> None:
    # Issue 13: "tie (подсел)", "bust (сел)" in English mode. Every word of the text module, the
    # help of every preset and the packaged pages.
    import re
    from importlib import resources

    from engine.rules import PRESETS, RuleSet
    from klabber_tui.words.help import help_markdown

    cyrillic = re.compile(r"[\u0400-\u04FF]")

    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for k, v in value.items() for s in strings(k) + strings(v)]
        if isinstance(value, (tuple, list)):
            return [s for v in value for s in strings(v)]
        return []

    import pkgutil
    import klabber_tui.words as words_package
    modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(words_package.__path__, "klabber_tui.words.")]
    tables = [getattr(m, name) for m in modules for name in dir(m)
              if name.endswith("_words") and callable(getattr(m, name)) and getattr(m, name).__module__ == m.__name__
              and not inspect.signature(getattr(m, name)).parameters]  # the tables, not a function of a fact
    found = [s for table in tables for s in strings(table()) if cyrillic.search(s)]
    found += [p for p in PRESETS if cyrillic.search(help_markdown(RuleSet.from_preset(p, {})))]
    pages = [f for f in resources.files("assets").iterdir() if f.name.endswith(".md")]  # the English pages
    found += [f.name for f in pages if cyrillic.search(f.read_text(encoding="utf-8"))]
    assert pages and not found, found


@pytest.mark.slow
async def test_the_rules_page_opens_from_help(klabber_home) -> None:
    # Issue 13: the players' rules page is a key away on the help screen (r), and r closes it again.
    from textual.widgets import Markdown

    from klabber_tui.ui.screens.help import RulesPageScreen

    app = make_app(seed=HUMAN_DEALS_FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesPageScreen)
        assert "A deal worked through" in app.screen.query_one(Markdown).source
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
