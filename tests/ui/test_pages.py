"""Issue 30: the page registry (klabber_tui/ui/pages.py) is what binds, enables and opens every page a
key opens from the table or the App: each line's key is bound on its host to its action, with its
word; its ``when`` is the host's ``check_action``, enabled and disabled as stated; and its key opens
its screen."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from textual.screen import Screen

from ai import registry
from ai.registry import make_bot
from klabber_tui.practice.session import Session, Settings
from klabber_tui.practice.table import BotTurn, TableController, TableState
from klabber_tui.practice.table import when
from klabber_tui.ui.app import KlabberApp
from klabber_tui.ui.pages import APP, PAGES, TABLE, Page, page_for
from klabber_tui.ui.screens.table.screen import TableScreen
from klabber_tui.words import keys
from klabber_tui.ui.screens.summary import SummaryScreen
from tests.support.helpers import fixture_app, make_app, settle, until, wait_until

HOSTS: dict[str, type] = {TABLE: TableScreen, APP: KlabberApp}


def bound(host: type) -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = {}
    for binding in host.bindings():
        found.setdefault(binding.key, []).append((binding.action, binding.description))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: f"{page.bound}-{page.action}")
def test_each_page_is_bound_on_its_host_and_names_a_screen(page: Page) -> None:
    host = HOSTS[page.bound]
    assert (page.action, page.label()) in bound(host)[page.key]
    assert page.key == getattr(keys, page.key_name)
    assert callable(getattr(host, f"action_{page.action}"))
    assert issubclass(page.screen_class(), Screen)
    assert page_for(page.bound, page.action) is page


def test_a_page_without_an_action_of_its_own_is_opened_by_its_host() -> None:
    """The statistics have no ``action_open_stats`` written on the App: the registry's line is enough."""
    assert "def action_open_stats" not in inspect.getsource(KlabberApp) and callable(KlabberApp.action_open_stats)
    assert hasattr(page_for(APP, "open_stats").screen_class(), "opened_from")  # type: ignore[union-attr]


def expected(page: Page, state: str, on_top: bool) -> bool:
    """What each line says, written out: settings, help and the statistics always; the verdict in a deal;
    the coach on the player's decision; the review once a deal of the match is over (not watching)."""
    if page.when is when.always:
        return True
    if not on_top or state in ("none", "drawing", "deal_over"):
        return False
    return {when.in_a_deal: True, when.decision: state in ("bidding", "play", "play_after_a_deal"),
            when.deal_to_review: state == "play_after_a_deal",
            when.match_to_report: state != "watching_bidding"}[page.when]  # issue 31: not watching


def run(ctl: TableController, stop: Any, limit: int = 1000) -> None:
    """Step the table by its own calls (the greedy bot, the player's first legal move) until ``stop()``."""
    greedy = make_bot("greedy")
    for _ in range(limit):
        if stop():
            return
        if ctl.state is TableState.HOLD:
            ctl.after(ctl.choose())
            continue
        move = ctl.next_move()
        if isinstance(move, BotTurn):
            ctl.after(ctl.bot_answered(move.position, greedy.choose(move.view, move.seed, move.standing)))
        elif ctl.state is TableState.PLAY:
            ctl.after(ctl.press_card(ctl.cards().index(min(ctl.playable())) + 1))
        elif ctl.state is TableState.BELLA:
            ctl.after(ctl.answer(True))
        else:
            ctl.after(ctl.decide(sorted(ctl.legal(), key=str)[0]))
    raise AssertionError("the table never got there")


def tables() -> dict[str, TableController]:
    made: dict[str, TableController] = {"none": TableController(Settings(level="greedy"))}
    ctl = TableController(Settings(level="greedy"))
    ctl.new_session(Session.new(ctl.settings, "You", seed=7), drawing=True)
    made["drawing"] = ctl
    for name, stop in (("bidding", lambda c: c.state is TableState.BIDDING_ROUND_ONE),
                       ("hold", lambda c: c.state is TableState.HOLD),
                       ("play", lambda c: c.state is TableState.PLAY),
                       ("deal_over", lambda c: c.state is TableState.DEAL_OVER)):
        ctl = TableController(Settings(level="greedy"))
        ctl.new_session(Session.new(ctl.settings, "You", seed=7))
        run(ctl, lambda c=ctl, stop=stop: stop(c), limit=1000)
        made[name] = ctl
    ctl = TableController(Settings(level="greedy"))
    ctl.new_session(Session.new(ctl.settings, "You", seed=7))
    run(ctl, lambda: ctl.state is TableState.DEAL_OVER, limit=1000)
    ctl.summary_closed()
    run(ctl, lambda: ctl.state is TableState.PLAY, limit=1000)
    made["play_after_a_deal"] = ctl
    watching = TableController(Settings(level="greedy"))
    watching.new_session(Session.new(watching.settings, "Bot 1", seed=7, watch=True))
    made["watching_bidding"] = watching
    return made


def test_each_page_is_enabled_when_its_line_says() -> None:
    for state, ctl in tables().items():
        for page in PAGES:
            for on_top in (True, False):
                if page.bound == APP and not on_top:
                    continue  # the App's keys are not the table's: nothing is over the App
                want = expected(page, "hold" if state == "hold" else state, on_top)
                if state == "hold":
                    want = page.when is when.always or (on_top and page.when in (when.in_a_deal, when.match_to_report))
                assert page.when(ctl, on_top) is want, (page.action, state, on_top)


async def test_the_table_checks_its_page_keys_by_the_registry(klabber_home) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # the draw
        await settle(pilot, app)
        for page in PAGES:
            host: Any = app.table if page.bound == TABLE else app
            on_top = page.bound == APP or app.table.is_active
            assert host.check_action(page.action, ()) is page.when(app.table.controller, on_top), page.action
        await pilot.press(keys.SETTINGS)  # a page over the table: its page keys follow their lines
        await pilot.pause()
        assert not app.table.is_active
        for page in PAGES:
            if page.bound == TABLE:
                assert app.table.check_action(page.action, ()) is page.when(app.table.controller, False)


async def _opens(pilot: Any, app: KlabberApp, page: Page) -> None:
    await pilot.press(page.key)
    await wait_until(pilot, lambda: isinstance(app.screen, page.screen_class()), limit=20)
    app.pop_screen()
    await pilot.pause()


@pytest.mark.slow
async def test_each_page_key_opens_its_page(klabber_home, monkeypatch) -> None:
    """From a resumed match on a deal summary (so a deal is there to review, and its bids judged again
    give the verdict), each page's key opens its screen over the table."""
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")
    app = fixture_app("summary", klabber_home, coach_bids=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda app: isinstance(app.screen, SummaryScreen))(pilot)
        await pilot.press("enter")  # the summary closes: the next deal
        await settle(pilot, app)
        await wait_until(pilot, lambda: app.table.controller.coach.verdicts.last is not None)
        assert app.table.controller.state in (TableState.BIDDING_ROUND_ONE, TableState.BIDDING_ROUND_TWO)
        for page in PAGES:
            if page.action == "open_help":
                continue  # the same key as the table's help, which the App's (priority) answers
            assert page.when(app.table.controller, True), page.action
            await _opens(pilot, app, page)
