"""Whole deals and a whole match played by keys alone against the real bot (Textual's Pilot)."""

from __future__ import annotations

import json
import re

import pytest

from engine.record import parse_record, replay
from klabber_tui.data.saves import read_save
from klabber_tui.ui.screens.match_end import MatchEndScreen
from klabber_tui.ui.screens.summary import SummaryScreen
from klabber_tui.practice.session import Session
from klabber_tui.ui.widgets.deal_log import DealLog

from klabber_tui.words.cards import card_text
from klabber_tui.words.table.phrases import bot_word, deal_header, log_line, you_word
from tests.support.helpers import make_app, play_until, settle, wait_until

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


async def test_a_whole_seeded_deal_by_keys(klabber_home) -> None:
    app = make_app(seed=11, name="Tester")
    async with app.run_test(size=(80, 24)) as pilot:
        pressed = await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        assert pressed > 5
        assert len(app.session.match.rows) == 1
        # The save holds the finished deal; it replays.
        save = json.loads((klabber_home / "match.json").read_text())
        first = save["match"]["deals"][0]
        assert replay(parse_record(first)).is_over
        assert first["meta"]["players"] == "Tester v greedy"
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.session.match.number == 2


async def test_a_whole_match_to_a_low_target(klabber_home) -> None:
    app = make_app(seed=3, target=100)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, MatchEndScreen), max_keys=4000)
        match = app.session.match
        assert match.is_over and max(match.totals) >= 100
        assert not (klabber_home / "match.json").exists()
        # issue 21: one file for the finished match, however many saves followed its last action
        assert len(list((klabber_home / "finished").glob("match-*.json"))) == 1
        # Issue 13: behind "The match is over" the table still shows the last deal as the player
        # played it: its number, its deck fingerprint, and its log from the player's own seat.
        last = app.session.last
        assert last is not None and last.row is match.rows[-1]
        assert app.session.seat == last.human_seat
        view = last.deal.view(last.human_seat)
        expected = [deal_header(last.row.number, last.fingerprint, last.human_seat == "dealer")]
        expected += [line for e in view.events if (line := log_line(e, last.human_seat))]
        assert app.table.query_one(DealLog)._shown == expected
        await pilot.press("n")  # a new match is offered
        await settle(pilot, app)
        assert app.session is not None and app.session.match.number == 1 and not app.session.match.is_over


async def test_one_deal_against_the_mc_bot(klabber_home) -> None:
    app = make_app(level="easy", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        assert app.bot_real_names.get("easy") in ("mc:easy", "greedy")


async def test_an_unplayable_card_says_why(klabber_home) -> None:
    app = make_app(seed=11, autoplay_forced=False)
    async with app.run_test(size=(80, 24)) as pilot:

        def refusable() -> bool:
            t = app.table
            if app.screen is not t or t.mode() != "play":
                return False
            legal = t.legal()
            return any(all(a.card != c for a in legal) for c in t.hand_cards())

        await play_until(pilot, app, lambda: refusable() or isinstance(app.screen, SummaryScreen))
        if isinstance(app.screen, SummaryScreen):
            return
        t = app.table
        bad = next(k for k, c in enumerate(t.hand_cards()) if all(a.card != c for a in t.legal()))
        before = len(app.session.deal.actions)
        await pilot.press(str(bad + 1))
        await pilot.pause()
        assert len(app.session.deal.actions) == before
        problem = t.prompt_area[1]  # the refusal, as the prompt line shows it
        # Issue 13: the refusal speaks the table's notation (10♣, ♥ hearts), not record syntax.
        assert problem.startswith(f"{card_text(t.hand_cards()[bad])} cannot be played: ")
        assert "You may play: " in problem
        assert not re.search(r"'play|\b[789TJQKA][CDHS]\b|§", problem), problem


async def test_undo_takes_back_the_last_decision(klabber_home) -> None:
    app = make_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and app.screen is app.table
                         and len(app.session.deal.tricks) >= 2 and app.table.mode() == "play")
        actions = list(app.session.deal.actions)
        await pilot.press("u")
        await settle(pilot, app)
        after = app.session.deal.actions
        assert len(after) < len(actions) and after == actions[: len(after)]
        assert app.session.practice
        saved = Session.from_save(read_save().save)
        assert saved.practice


async def test_watch_two_bots(klabber_home, monkeypatch) -> None:
    import klabber_tui.practice.table.controller as controller_module

    monkeypatch.setattr(controller_module, "WATCH_DELAY", 0.01)
    app = make_app(seed=9, watch=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("enter")  # the draw page closes by itself too
        for _ in range(100):
            await pilot.pause(0.05)
            if app.session is not None and (len(app.session.deal.actions) > 6 or app.session.match.rows):
                break
        assert app.session.watch
        assert len(app.session.deal.actions) > 6 or app.session.match.rows
        await pilot.press("q")
    assert not (klabber_home / "match.json").exists()  # watching never touches the player's save


async def test_watch_mode_names_both_bots(klabber_home) -> None:
    """--watch: neither side is "you" on the table (issue 4: two bots at a readable pace). The table
    gives its watch flag where the words are made (issue 23): no global is left behind for another app."""

    app = make_app(seed=5, watch=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.table.session is not None and app.table.shown.trick.bot_label != "")
        trick = app.table.shown.trick
        assert (trick.your_label, trick.bot_label) == ("Bot 1", "Bot 2") and app.table.shown.score.watching
    make_app(seed=5)
    assert (you_word(), bot_word()) == ("You", "Bot")  # a playing table's words, whatever ran before
