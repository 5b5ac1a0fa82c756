"""Snapshots of the table at each stage (80x24), at 120x40, in --ascii mode and in watch mode,
each looked at before it was accepted (issue 13: the layout gives the words the room they need).

Regenerate with ``pytest tests/tui/test_snapshots.py --snapshot-update`` and look at the SVGs in
``tests/tui/__snapshots__`` before committing them.
"""

from __future__ import annotations

from klabber_tui.screens.table import TableScreen

from .helpers import make_app, play_until, settle
from .test_layout import SchmeissingBot

SIZE = (80, 24)
BIG = (120, 40)


def _table(app) -> TableScreen | None:
    return app.table if app.screen is app.table else None


def _at(stage: str):
    def stop(app) -> bool:
        t = _table(app)
        return t is not None and t.mode() == stage
    return stop


def _until(stop_of_app):
    async def run_before(pilot) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: stop_of_app(app))
        await settle(pilot, app)
        app.clear_notifications()
        await pilot.pause()
    return run_before


def test_draw(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        await pilot.pause()
    assert snap_compare(make_app(seed=11), terminal_size=SIZE, run_before=run_before)


def test_bidding_round_one(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11), terminal_size=SIZE, run_before=_until(_at("bidding_round_one")))


def test_bidding_round_two_ascii(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: _at("bidding_round_one")(app))
        await pilot.press("p")
        await settle(pilot, app)
        app.clear_notifications()
    assert snap_compare(make_app(seed=11, ascii=True), terminal_size=SIZE, run_before=run_before)


def test_bidding_round_two(snap_compare, klabber_home) -> None:
    """Seed 0: the elder's round two, five buttons (three suits, pass, schmeiss) on one row."""
    async def run_before(pilot) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: _at("bidding_round_one")(app))
        await pilot.press("p")
        await settle(pilot, app)
        app.clear_notifications()
    assert snap_compare(make_app(seed=0), terminal_size=SIZE, run_before=run_before)


def test_schmeiss_question(snap_compare, klabber_home) -> None:
    """The long question with its refuse hint, whole (issue 13)."""
    app = make_app(seed=11)
    app._bots["greedy"] = (SchmeissingBot(), "greedy")
    assert snap_compare(app, terminal_size=SIZE, run_before=_until(_at("schmeiss_answer")))


def _play_two_tricks(app) -> bool:
    t = _table(app)
    return t is not None and t.mode() == "play" and len(app.session.deal.tricks) == 2


def test_play_120x40(snap_compare, klabber_home) -> None:
    """A big terminal: the columns grow, the log and score sheet take the room."""
    assert snap_compare(make_app(seed=11), terminal_size=BIG, run_before=_until(_play_two_tricks))


def test_play_ascii(snap_compare, klabber_home) -> None:
    """--ascii: boxes, card backs, marks and suits in ASCII."""
    assert snap_compare(make_app(seed=11, ascii=True), terminal_size=SIZE, run_before=_until(_play_two_tricks))


def test_watch(snap_compare, klabber_home, monkeypatch) -> None:
    """Watch mode after three decisions: the bots are not asked for a fourth, so the table holds still."""
    import klabber_tui.table_controller as controller_module

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
    assert snap_compare(make_app(seed=9, watch=True), terminal_size=SIZE, run_before=run_before)


def test_play(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11), terminal_size=SIZE, run_before=_until(_play_two_tricks))


def test_trick_held_in_view(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11), terminal_size=SIZE, run_before=_until(_at("hold")))


def test_deal_summary(snap_compare, klabber_home) -> None:
    from klabber_tui.screens.summary import SummaryScreen
    assert snap_compare(make_app(seed=11), terminal_size=SIZE,
                        run_before=_until(lambda app: isinstance(app.screen, SummaryScreen)))


def test_help(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: _at("bidding_round_one")(app))
        await pilot.press("question_mark")
        await pilot.pause()
    assert snap_compare(make_app(seed=11), terminal_size=SIZE, run_before=run_before)


def test_settings(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: _at("bidding_round_one")(app))
        await pilot.press("o")
        await pilot.pause()
    assert snap_compare(make_app(seed=11), terminal_size=SIZE, run_before=run_before)


SMALL = (60, 18)


async def shrink_at_table(pilot) -> None:
    """Keys do nothing under the size notice (issue 8), so the game is reached at full size first,
    then the terminal shrinks to ``SMALL``."""
    await pilot.resize_terminal(*SIZE)
    await _until(lambda app: app.screen is app.table and app.table.mode() != "busy")(pilot)
    await pilot.resize_terminal(*SMALL)
    await pilot.pause()


def test_too_small(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11), terminal_size=SMALL, run_before=shrink_at_table)


def test_match_end(snap_compare, klabber_home) -> None:
    from klabber_tui.screens.match_end import MatchEndScreen
    assert snap_compare(make_app(seed=3, target=100), terminal_size=SIZE,
                        run_before=_until(lambda app: isinstance(app.screen, MatchEndScreen)))
