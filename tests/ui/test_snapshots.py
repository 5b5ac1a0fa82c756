"""Snapshots of the table at each stage (80x24), at 120x40, in --ascii mode and in watch mode,
each looked at before it was accepted (issue 13: the layout gives the words the room they need).

Issue 22: each starts on a fixture (``helpers.fixture_app``: a saved match resumed, the bot seat
playing only what the fixture names; ``tests/ui/fixtures/make_fixtures.py`` says how each was made),
so a change in a bot or the date moves none of them.

Regenerate with ``pytest tests/ui/test_snapshots.py --snapshot-update`` and look at the SVGs in
``tests/ui/__snapshots__`` before committing them.
"""

from __future__ import annotations

import pytest

from tests.support.helpers import (SIZE, TOO_SMALL, ScriptedBot, fixture_app, make_app, shrink_at_table, table_at,
                      two_tricks_played, until)

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


BIG = (120, 40)


def test_draw(snap_compare, klabber_home) -> None:
    """A new match opens on the draw, which the seed alone decides: no save, and the bot never asked."""
    app = make_app(seed=11)
    app._bots["greedy"] = (ScriptedBot([]), "greedy")

    async def run_before(pilot) -> None:
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_bidding_round_one(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("bidding_round_one")))


def test_bidding_round_two_ascii(snap_compare, klabber_home) -> None:
    """The player passed in round one, the bot too: the player's round two."""
    assert snap_compare(fixture_app("round-two", klabber_home, ascii=True), terminal_size=SIZE,
                        run_before=until(table_at("bidding_round_two")))


def test_bidding_round_two(snap_compare, klabber_home) -> None:
    """The elder's round two, five buttons (three suits, pass, schmeiss) on one row."""
    assert snap_compare(fixture_app("round-two-elder", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("bidding_round_two")))


def test_schmeiss_question(snap_compare, klabber_home) -> None:
    """The long question with its refuse hint, whole (issue 13): the bot said schmeiss."""
    assert snap_compare(fixture_app("schmeiss", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("schmeiss_answer")))


def test_play_120x40(snap_compare, klabber_home) -> None:
    """A big terminal: the columns grow, the log and score sheet take the room."""
    assert snap_compare(fixture_app("two-tricks", klabber_home), terminal_size=BIG,
                        run_before=until(two_tricks_played))


def test_play_ascii(snap_compare, klabber_home) -> None:
    """--ascii: boxes, card backs, marks and suits in ASCII."""
    assert snap_compare(fixture_app("two-tricks", klabber_home, ascii=True), terminal_size=SIZE,
                        run_before=until(two_tricks_played))


def test_watch(snap_compare, klabber_home, monkeypatch) -> None:
    """Watch mode after three decisions (the fixture's, for both seats): the bots are not asked for a
    fourth, so the table holds still."""
    import klabber_tui.practice.table.controller as controller_module

    monkeypatch.setattr(controller_module, "WATCH_DELAY", 0.01)
    bot_turn = controller_module.TableController.bot_turn

    def three_decisions(self):
        return bot_turn(self) if len(self.session.deal.actions) < 3 else None

    monkeypatch.setattr(controller_module.TableController, "bot_turn", three_decisions)

    async def run_before(pilot) -> None:
        app = pilot.app
        await pilot.pause(0.1)
        await pilot.press("enter")  # the draw page
        for _ in range(500):
            await pilot.pause(0.02)
            if app.session is not None and len(app.session.deal.actions) >= 3:
                break
        assert len(app.session.deal.actions) == 3
        await pilot.pause()
    assert snap_compare(fixture_app("watch", klabber_home, seed=9, watch=True), terminal_size=SIZE,
                        run_before=run_before)


def test_play(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("two-tricks", klabber_home), terminal_size=SIZE,
                        run_before=until(two_tricks_played))


def test_trick_held_in_view(snap_compare, klabber_home) -> None:
    """The first trick, completed by the player's card from the fixture, held in view."""
    assert snap_compare(fixture_app("trick-held", klabber_home), terminal_size=SIZE, run_before=until(table_at("hold")))


def test_deal_summary(snap_compare, klabber_home) -> None:
    from klabber_tui.ui.screens.summary import SummaryScreen
    assert snap_compare(fixture_app("summary", klabber_home), terminal_size=SIZE,
                        run_before=until(lambda app: isinstance(app.screen, SummaryScreen)))


def test_help(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        await until(table_at("bidding_round_one"))(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE, run_before=run_before)


def test_settings(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        await until(table_at("bidding_round_one"))(pilot)
        await pilot.press("o")
        await pilot.pause()
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE, run_before=run_before)


def test_too_small(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=TOO_SMALL, run_before=shrink_at_table)


def test_match_end(snap_compare, klabber_home) -> None:
    from klabber_tui.ui.screens.match_end import MatchEndScreen
    """The last deal's last trick from the fixture, its summary, then the match's end."""
    assert snap_compare(fixture_app("match-end", klabber_home, target=100), terminal_size=SIZE,
                        run_before=until_report_read(MatchEndScreen))


def until_report_read(end_screen):
    """Issue 31: the match's end, and its report once the statistics' last rows are read."""
    async def run_before(pilot):
        from tests.support.helpers import wait_until

        await until(lambda app: isinstance(app.screen, end_screen))(pilot)
        await wait_until(pilot, lambda: not pilot.app.screen.waiting)
        await pilot.pause()
    return run_before
