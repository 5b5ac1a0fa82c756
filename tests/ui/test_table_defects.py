"""Issue 22: what a new player found wrong at the table, each played through (Textual's Pilot)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.widgets import Button

from ai import registry
from engine.actions import PASS
from ai.registry import make_bot
from klabber_tui.words.table.shown import log_lines
from klabber_tui.words import i18n
from klabber_tui.data import stats
from klabber_tui.ui.app import KlabberApp
from klabber_tui.ui.screens.coach import CoachScreen
from klabber_tui.ui.screens.draw import DrawScreen
from klabber_tui.ui.screens.match_end import MatchEndScreen
from klabber_tui.ui.screens.question import QuestionScreen
from klabber_tui.ui.screens.summary import SummaryScreen
from klabber_tui.practice.session import Session, Settings
from klabber_tui.practice.table import PLAYER_STATES, TableController, TableState
from klabber_tui.ui.widgets.prompt import PromptLine

from tests.support.helpers import make_app, play_until, settle, wait_until
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.coach.verdicts import coach_log_words
from klabber_tui.words.table.phrases import SCORE_CELL, prompts_words, who

SMALL = (80, 24)


def _shown_buttons(app: KlabberApp) -> list[str]:
    return [b.id or "" for b in app.table.query(Button) if b.display]


def _prompt(app: KlabberApp) -> str:
    return str(app.table.query_one(PromptLine).render())


@pytest.mark.slow
async def test_no_button_shows_before_the_table_asks_for_anything(klabber_home) -> None:
    # "On the first frame of every start all eleven buttons show at once."
    app = make_app(seed=11)
    frames: list[list[str]] = []
    async with app.run_test(size=SMALL) as pilot:
        frames.append(_shown_buttons(app))  # the first frame: the table is up, no session yet
        while not isinstance(app.screen, DrawScreen):
            await pilot.pause()
            frames.append(_shown_buttons(app))
        assert not app.table.query_one("#buttons").display
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.table.mode() == "bidding_round_one"
        assert sorted(_shown_buttons(app)) == sorted(f"btn-{a}" for a in app.table.legal())  # what the bid allows
    assert frames and all(shown == [] for shown in frames)


def _played(seed: int, target: int, *, match_over: bool) -> Session:
    """A match played with the controller up to a deal summary (the first, or the one that ends the
    match), the player passing whenever the bot may make the trump, so the bot bids last."""
    ctl = TableController(Settings(level="greedy", target=target))
    ctl.new_session(Session.new(ctl.settings, "You", seed=seed))
    bot = make_bot("greedy")
    for _ in range(5000):
        state = ctl.state
        if state is TableState.DEAL_OVER:
            if ctl.session is not None and (ctl.session.match.is_over or not match_over):
                break
            ctl.summary_closed()
        elif state is TableState.BOT:
            turn = ctl.bot_turn()
            assert turn is not None
            ctl.bot_answered(turn.position, bot.choose(turn.view, turn.seed, turn.standing))
        elif state is TableState.HOLD:
            ctl.release_hold()
        elif state is TableState.BELLA:
            ctl.answer_bella(False)
        elif state is TableState.PLAY:
            ctl.play(next(c for c in ctl.cards() if c in ctl.playable()))
        elif state in PLAYER_STATES:
            words = [str(a) for a in ctl.legal()]
            ctl.decide(ctl.legal()[words.index("pass")] if "pass" in words else ctl.legal()[0])
    session = ctl.session
    assert session is not None and session.summary_pending and session.match.is_over == match_over
    return session


@pytest.mark.slow
async def test_the_prompt_does_not_repeat_the_bots_last_bid_under_the_summary_and_the_match_end(klabber_home) -> None:
    # "The prompt line still reads 'Bot: Refused.' under the deal summary and the match-over page."
    session = _played(3, 100, match_over=True)
    view = session.view()
    assert view.bids and view.bids[-1][0] == session.bot_seat  # the deal's last bid is the bot's
    said = prompts_words()["bot_said"].split(":")[0].format(who=who(False))
    app = make_app(seed=11)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        app.begin(session, fresh=False)  # the finished match, its last summary not yet seen
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert said not in _prompt(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        assert said not in _prompt(app) and _prompt(app).strip() == ""


@pytest.mark.slow
async def test_q_on_the_deal_summary_asks_to_quit_and_resumes_on_it(klabber_home) -> None:
    # "q does nothing on the deal summary although the footer offers it."
    app = make_app(seed=11)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() != "busy")
        app.begin(_played(11, 500, match_over=False), fresh=False)  # the first deal over, its summary open
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        rows = len(app.session.match.rows)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuestionScreen) and app.return_code is None
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)  # back on the summary, nothing played meanwhile
        assert len(app.session.match.rows) == rows and app.session.deal.actions == []
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.return_code == 0
    save = json.loads((klabber_home / "match.json").read_text())
    assert save["summary_pending"] is True  # klabber play resumes on this summary


@pytest.mark.slow
async def test_the_verdict_of_the_last_bid_is_back_after_quitting_and_resuming(klabber_home, monkeypatch) -> None:
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")
    settings = Settings(level="greedy", coach_bids=True)
    app = KlabberApp(settings, "You", seed=7)  # the player is the elder: the player bids first
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("p")
        await wait_until(pilot, lambda: any(line.startswith("Coach:") for line in log_lines(app.table.controller)))
        await settle(pilot, app)
        before = [line for line in log_lines(app.table.controller) if line.startswith("Coach:")]
        decisions = len(stats.load()[0].decisions)
        await pilot.press("ctrl+q")
        await pilot.pause()
    again = KlabberApp(Settings(level="greedy", coach_bids=True), "You", seed=7)
    async with again.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)
        await pilot.press("y")
        await wait_until(pilot, lambda: any(line.startswith("Coach:") for line in log_lines(again.table.controller)))
        log = log_lines(again.table.controller)
        assert [line for line in log if line.startswith("Coach:")] == before
        assert log[log.index(before[0]) - 1] == "You: Pass."  # under the bid it judges, as before
        await settle(pilot, again)
        await pilot.press("v")
        page = again.screen
        assert isinstance(page, CoachScreen) and page.verdict and page.chosen == PASS
        await pilot.press("escape")
        await pilot.pause(0.3)
    assert len(stats.load()[0].decisions) == decisions  # judged again, not counted again


def _overlaps(a: Any, b: Any) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@pytest.mark.slow
async def test_undo_says_so_in_the_prompt_line_and_no_notice_covers_the_prompt(klabber_home) -> None:
    # "A notice covers the prompt line (after u; in Russian a verdict notice stays over the next
    # deal's prompt)": the undo's word is in the prompt line itself; any notice shows elsewhere.
    app = make_app(seed=7)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("p")
        await settle(pilot, app)
        await pilot.press("u")
        await settle(pilot, app)
        assert app.table.mode() == "bidding_round_one"
        assert pgettext('undone', 'Your last decision was taken back (this match now counts as practice).') in " ".join(_prompt(app).split())
        assert not any(pgettext('undone', 'Your last decision was taken back (this match now counts as practice).') in str(n.message) for n in app._notifications)
        await pilot.press("p")  # the next step clears it
        await settle(pilot, app)
        assert pgettext('undone', 'Your last decision was taken back (this match now counts as practice).') not in " ".join(_prompt(app).split())
        i18n.set_language("ru")
        try:
            app.notify(coach_log_words()["mistake"].format(chosen="x" * 20, loss=12.0, best="y" * 20, key="v"), timeout=8)
            await pilot.pause(0.2)
            toasts = list(app.screen.query("Toast"))  # Textual's notices, by their type name
            assert toasts
            prompt = app.table.query_one(PromptLine).region
            buttons = app.table.query_one("#act").region
            for toast in toasts:
                assert not _overlaps(toast.region, prompt) and not _overlaps(toast.region, buttons)
        finally:
            i18n.set_language("en")


def test_the_score_legend_reads_the_cells_as_they_are_written() -> None:
    # The help's legend said "total+deal" where every cell of the sheet reads "+deal total".
    cell = SCORE_CELL.format(points="deal", total="total")
    assert cell == "+deal total" and pgettext('score.legend', 'D dealer · T trump · M maker · Y you · B bot · +deal total').endswith(cell)
    i18n.set_language("ru")
    try:
        assert pgettext('score.legend', 'D dealer · T trump · M maker · Y you · B bot · +deal total').endswith("+сдача сумма")  # this deal's points first, as in the cell
    finally:
        i18n.set_language("en")


@pytest.mark.slow
async def test_moving_the_cursor_redraws_the_hand_and_nothing_else(klabber_home, monkeypatch) -> None:
    from klabber_tui.ui.widgets.deal_log import DealLog
    from klabber_tui.ui.widgets.hand import HandView
    from klabber_tui.ui.widgets.info import InfoPanel
    from klabber_tui.ui.widgets.score_sheet import ScoreSheet

    drawn: list[str] = []
    for widget in (HandView, DealLog, ScoreSheet, PromptLine, InfoPanel):
        real = widget.show

        def spy(self: Any, *args: Any, _real: Any = real, _name: str = widget.__name__, **kwargs: Any) -> Any:
            drawn.append(_name)
            return _real(self, *args, **kwargs)

        monkeypatch.setattr(widget, "show", spy)
    app = make_app(seed=11, autoplay_forced=False)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "play")
        before = app.table.controller.selected
        drawn.clear()
        await pilot.press("right")
        await pilot.pause()
        assert app.table.controller.selected != before and drawn == ["HandView"]


@pytest.mark.slow
async def test_a_page_over_the_table_is_known_from_the_screen_stack(klabber_home) -> None:
    from klabber_tui.ui.screens.help import HelpScreen

    app = make_app(seed=11)
    async with app.run_test(size=SMALL) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() == "bidding_round_one")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.table.mode() == "busy"
        assert app.table.controller.state is TableState.BIDDING_ROUND_ONE  # the table itself waits as before
        await pilot.press("escape")
        await pilot.pause()
        assert app.table.mode() == "bidding_round_one"
