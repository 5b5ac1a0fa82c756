"""Issue 11: "Coach after each bid" answers at once and hides nothing. The table evaluates the
player's bidding decision in a worker as soon as the player is asked (from the player's view and the
standing only), the bid's verdict comes from that evaluation (waited for when still running, dropped
when the position went away), and it is a line of the deal log under the bid, with the bot's reply
in sight on the same screen; ``v`` opens the full page, already evaluated."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from ai import registry
from engine.actions import PASS
from engine.deal import BIDDING_ROUND_ONE, Deal
from engine.rules import RuleSet
from klabber_tui.words.table.shown import log_lines
from klabber_tui.practice import coaching
from klabber_tui.data import stats
from klabber_tui.ui.app import KlabberApp
from klabber_tui.ui.screens.coach import CoachScreen
from klabber_tui.ui.screens.summary import SummaryScreen
from klabber_tui.practice.session import Settings

from tests.support.helpers import next_key, play_until, settle, wait_until
from tests.support.screentext import flat, screen_text

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


SMALL = (80, 24)
RULES = RuleSet.from_preset("klaberjass")
COACH_WORD = "Coach:"
# The deal of tests/ai/test_coach_hidden.py: the player (the elder) holds the same cards in both,
# the bot's hand and the extra cards it gets differ completely.
ELDER_FIRST = ["JH", "9H", "AS", "7C", "8D", "KS"]
ELDER_EXTRA = ["TS", "7D", "8H"]
TURN_UP, BOTTOM = "QH", "AH"
DEALER_A = (["AC", "TC", "QD", "9S", "8C", "KD"], ["JC", "7S", "9D"])
DEALER_B = (["AD", "TD", "QC", "8S", "9C", "KC"], ["JD", "7S", "QS"])


@pytest.fixture
def counted(monkeypatch) -> list[tuple[Any, str]]:
    """Every evaluation the table asks for, as (view, level), at the fast level (the flow is the same)."""
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")
    calls: list[tuple[Any, str]] = []
    real = coaching.evaluate_bid

    def counting(view: Any, standing: Any, level: str) -> Any:
        calls.append((view, level))
        return real(view, standing, level)

    monkeypatch.setattr(coaching, "evaluate_bid", counting)
    return calls



def _log(app: KlabberApp) -> list[str]:
    return [str(line) for line in log_lines(app.table.controller)]


def _verdicts(app: KlabberApp) -> list[str]:
    return [line for line in _log(app) if line.startswith(COACH_WORD)]


async def _to_first_bid(pilot, app: KlabberApp) -> None:
    await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == BIDDING_ROUND_ONE
                     and app.session is not None and app.session.deal.to_act == app.session.seat)


async def test_the_verdict_is_a_log_line_under_the_bid_and_the_bots_reply_stays_in_sight(klabber_home, counted):
    app = KlabberApp(Settings(level="greedy", coach_bids=True), "You", seed=7)  # the player is the elder
    async with app.run_test(size=SMALL) as pilot:
        await _to_first_bid(pilot, app)
        await wait_until(pilot, lambda: len(counted) == 1)  # evaluated while the player thinks
        await pilot.press("p")
        await wait_until(pilot, lambda: len(_verdicts(app)) == 1)
        await settle(pilot, app)
        assert app.screen is app.table  # no page over the table: the bot's reply is in sight
        log = _log(app)
        at = log.index(_verdicts(app)[0])
        assert log[at - 1] == "You: Pass."  # the verdict sits under the bid it judges
        assert log[at + 1].startswith("Bot: ")  # and the bot's reply comes after it, on the same screen
        shown = flat(screen_text(app))
        assert flat(log[at + 1]) in shown and "(v: why)" in shown
        evaluations = len(counted)  # the bot passed or not: the next decision may be evaluated already
        await pilot.press("v")  # the full page, already evaluated: no evaluation again
        page = app.screen
        assert isinstance(page, CoachScreen) and page.verdict and page.chosen == PASS
        await wait_until(pilot, lambda: page.advice is not None)
        assert page.advice.chosen == PASS and len(counted) == evaluations
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(stats.load()[0].decisions) >= 1)
        decision = stats.load()[0].decisions[0]
        assert decision["kind"] == "bid" and decision["preset"] == "klaberjass" and not decision["practice"]


@pytest.mark.parametrize("coach_bids", [True, False], ids=["setting-on", "setting-off"])
async def test_exactly_one_evaluation_per_bid_decision_made_before_the_bid(klabber_home, counted, coach_bids) -> None:
    """Each bidding decision of the player is evaluated once, before the bid; the verdict and the
    statistics use that evaluation (none is started at the bid). Played to the end of the deal."""
    app = KlabberApp(Settings(level="greedy", coach_bids=coach_bids), "You", seed=7)
    decisions = 0
    shown: set[str] = set()
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(200):
            await settle(pilot, app)
            shown |= set(_verdicts(app)) if app.screen is app.table else set()
            if isinstance(app.screen, SummaryScreen):
                break
            view = coaching.bid_to_judge(app.session) if app.screen is app.table else None
            if view is not None:
                decisions += 1
                await wait_until(pilot, lambda: len(counted) == decisions)  # started while the player thinks
                assert counted[-1] == (view, "easy")
            key = next_key(app)
            assert key is not None
            await pilot.press(key)
        assert isinstance(app.screen, SummaryScreen) and decisions >= 1
        await wait_until(pilot, lambda: sum(d["kind"] == "bid" for d in stats.load()[0].decisions) == decisions)
        assert len(counted) == decisions
        await wait_until(pilot, lambda: len(stats.load()[0].deals) == 1)  # and the deal reached the statistics
        deal = stats.load()[0].deals[0]
        assert deal["maker"] in ("player", "bot", None) and deal["outcome"] in ("made", "tie", "bust", "thrown_in")
        assert bool(shown) == coach_bids  # the log says the verdicts only when asked to


async def test_a_bid_made_while_the_evaluation_runs_waits_for_it_and_an_undo_drops_it(klabber_home, monkeypatch):
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")
    gate = threading.Event()
    real = coaching.evaluate_bid

    def slow(view: Any, standing: Any, level: str) -> Any:
        gate.wait(20)
        return real(view, standing, level)

    monkeypatch.setattr(coaching, "evaluate_bid", slow)
    app = KlabberApp(Settings(level="greedy", coach_bids=True), "You", seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await _to_first_bid(pilot, app)
        await pilot.press("p")  # the evaluation is still running
        await settle(pilot, app)
        assert _verdicts(app) == [] and app.screen is app.table
        gate.set()
        await wait_until(pilot, lambda: len(_verdicts(app)) == 1)  # it came once the evaluation ended
        await wait_until(pilot, lambda: len(stats.load()[0].decisions) == 1)
        gate.clear()
        await settle(pilot, app)
        await pilot.press("u")  # back to the first bid: its verdict line goes with it
        await settle(pilot, app)
        assert _verdicts(app) == [] and coaching.bid_to_judge(app.session) is not None
        await pilot.press("p")  # this evaluation is held ...
        await pilot.press("u")  # ... and the bid taken back: its verdict never comes
        gate.set()
        await pilot.pause(0.5)
        await settle(pilot, app)
        assert _verdicts(app) == []
        # issue 21: the bid taken back with the first undo left the statistics with it
        await wait_until(pilot, lambda: stats.load()[0].decisions == [])
        await pilot.press("p")  # evaluated anew after the undo
        await wait_until(pilot, lambda: len(_verdicts(app)) == 1)
        await wait_until(pilot, lambda: len(stats.load()[0].decisions) == 1)  # the bid made in its place, once
        (row,) = stats.load()[0].decisions
        assert row["practice"] is True and row["id"]["action"] == 0 and row["situation"] is not None


async def _verdict_for(bot_cards: tuple[list[str], list[str]]) -> tuple[list[str], Any]:
    app = KlabberApp(Settings(level="greedy", coach_bids=True), "You", seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await _to_first_bid(pilot, app)
        session = app.session
        assert session is not None and session.seat == "elder"
        session.match.deal = Deal.from_hands(session.rules, ELDER_FIRST, bot_cards[0], TURN_UP, ELDER_EXTRA,
                                             bot_cards[1], BOTTOM)
        app.table.new_session(session)  # a new deal on the table: the old evaluation is dropped
        await settle(pilot, app)
        await pilot.press("p")
        await wait_until(pilot, lambda: len(_verdicts(app)) == 1)
        await settle(pilot, app)
        await pilot.press("v")
        page = app.screen
        assert isinstance(page, CoachScreen)
        await wait_until(pilot, lambda: page.advice is not None)
        advice = page.advice
        return _verdicts(app), advice


async def test_the_verdict_is_the_same_when_only_the_bots_cards_change(klabber_home, counted) -> None:
    lines_a, advice_a = await _verdict_for(DEALER_A)
    lines_b, advice_b = await _verdict_for(DEALER_B)
    assert lines_a == lines_b
    assert advice_a.evaluation == advice_b.evaluation  # every action's ev, deal_ev, make chance
    assert (advice_a.loss, advice_a.mistake, advice_a.facts) == (advice_b.loss, advice_b.mistake, advice_b.facts)
    views = [Deal.from_hands(RULES, ELDER_FIRST, cards[0], TURN_UP, ELDER_EXTRA, cards[1], BOTTOM).view("elder")
             for cards in (DEALER_A, DEALER_B)]
    assert views[0] == views[1]  # the player's view holds nothing of the bot's cards ...
    assert [view for view, _level in counted].count(views[0]) == 2  # ... and is what each evaluation read


async def test_the_setting_is_in_sight_when_the_settings_open_at_80x24(klabber_home) -> None:
    app = KlabberApp(Settings(level="greedy"), "You", seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await _to_first_bid(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        assert "Coach after each bid" in screen_text(app)  # no scrolling needed


@pytest.mark.parametrize("on", [True, False], ids=["on", "off"])
@pytest.mark.parametrize("ascii_mode", [False, True], ids=["unicode", "ascii"])
async def test_the_settings_say_whether_the_coach_is_on_without_colour(klabber_home, on, ascii_mode) -> None:
    """Issue 24: the box reads [x] ticked and [ ] not, in every theme and under --ascii (Textual's
    own box is ▐X▌ either way, only its colour differs); a click turns it over."""
    app = KlabberApp(Settings(level="greedy", coach_bids=on, ascii=ascii_mode), "You", seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await _to_first_bid(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        line = next(row for row in screen_text(app).splitlines() if "Coach after each bid" in row)
        assert ("[x] Coach after each bid" if on else "[ ] Coach after each bid") in line
        assert "▐X▌" not in screen_text(app)
        await pilot.click("#coach_bids")
        await pilot.pause()
        line = next(row for row in screen_text(app).splitlines() if "Coach after each bid" in row)
        assert ("[ ] Coach after each bid" if on else "[x] Coach after each bid") in line


async def test_a_on_a_bid_shows_the_evaluation_made_ahead_and_quitting_leaves_a_running_one(
        klabber_home, counted, monkeypatch) -> None:
    app = KlabberApp(Settings(level="greedy"), "You", seed=7)
    async with app.run_test(size=SMALL) as pilot:
        await _to_first_bid(pilot, app)
        await wait_until(pilot, lambda: len(counted) == 1)
        await pilot.pause(0.5)
        await pilot.press("a")
        page = app.screen
        assert isinstance(page, CoachScreen)
        await wait_until(pilot, lambda: page.advice is not None)
        assert len(counted) == 1 and set(page.rows) == set(app.table.legal())  # the same evaluation, shown
        await pilot.press("escape")
        gate, entered = threading.Event(), threading.Event()
        real = coaching.evaluate_bid

        def held(view: Any, standing: Any, level: str) -> Any:
            entered.set()
            gate.wait(20)
            return real(view, standing, level)

        monkeypatch.setattr(coaching, "evaluate_bid", held)
        await pilot.press("p")
        await settle(pilot, app)
        await wait_until(pilot, entered.is_set)  # the bot passed too: round two is being evaluated
        await pilot.press("ctrl+q")  # quit while the next decision's evaluation is held
        await pilot.pause(0.2)
    gate.set()  # the app closed without waiting for it; what it finds now goes nowhere
    assert app.return_code in (0, None)
