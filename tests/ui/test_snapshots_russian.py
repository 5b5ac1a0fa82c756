"""Issue 12: every stage in Russian at 80x24 (Russian words are longer: nothing may be clipped), each
looked at before it was accepted: the table's stages, its questions and notices, the coach, the review,
the §6.3 dialogue, the drill and the statistics. Regenerate with ``--snapshot-update`` and look at the
SVGs (the drill's and the coach's show the coach's numbers: regenerate them when the coach changes).

Issue 22: each starts on a fixture (the English tests' saved matches, drill positions and statistics;
``tests/ui/fixtures/make_fixtures.py`` says how each was made), so a change in a bot's play or the
date moves none of them. The saves name the player by the default role, worded «Вы» in Russian."""

from __future__ import annotations

import pytest

from klabber_tui.words import i18n

from tests.support.helpers import (SIZE, TOO_SMALL, ScriptedBot, fixture_app, fixture_drill, fixture_home, make_app,
                      pass_and_play_out, pass_and_see_the_coach, settle, shrink_at_table, table_at, two_tricks_played, until, wait_for,
                      wait_until)

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


@pytest.fixture(autouse=True)
def russian() -> None:
    i18n.set_language("ru")  # as ``--lang ru`` does; conftest puts English back after each test


def _keys_at_round_one(*keys: str):
    async def run_before(pilot) -> None:
        app = pilot.app
        await until(table_at("bidding_round_one"))(pilot)
        await pilot.press(*keys)
        await settle(pilot, app)
        app.clear_notifications()
        await pilot.pause()
    return run_before


def test_draw_ru(snap_compare, klabber_home) -> None:
    """A new match opens on the draw, which the seed alone decides: no save, and the bot never asked."""
    app = make_app(seed=11, name="Вы")
    app._bots["greedy"] = (ScriptedBot([]), "greedy")

    async def run_before(pilot) -> None:
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_bidding_round_one_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("bidding_round_one")))


def test_bidding_round_two_ru(snap_compare, klabber_home) -> None:
    """The elder's round two, the longest row of buttons."""
    assert snap_compare(fixture_app("round-two-elder", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("bidding_round_two")))


def test_play_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("two-tricks", klabber_home), terminal_size=SIZE,
                        run_before=until(two_tricks_played))


def test_deal_summary_ru(snap_compare, klabber_home) -> None:
    from klabber_tui.ui.screens.summary import SummaryScreen
    assert snap_compare(fixture_app("summary", klabber_home), terminal_size=SIZE,
                        run_before=until(lambda app: isinstance(app.screen, SummaryScreen)))


def test_match_end_ru(snap_compare, klabber_home) -> None:
    from klabber_tui.ui.screens.match_end import MatchEndScreen
    assert snap_compare(fixture_app("match-end", klabber_home, target=100), terminal_size=SIZE,
                        run_before=until_report_read(MatchEndScreen))


def test_help_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE,
                        run_before=_keys_at_round_one("question_mark"))


def test_settings_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE, run_before=_keys_at_round_one("o"))


# -- the rest of the stages (issue 12): questions, notices, the coach's and the drill's pages ------


def test_schmeiss_question_ru(snap_compare, klabber_home) -> None:
    """The longest question of the table, with its refuse hint, whole: the bot said schmeiss."""
    assert snap_compare(fixture_app("schmeiss", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("schmeiss_answer")))


def test_trick_held_in_view_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("trick-held", klabber_home), terminal_size=SIZE,
                        run_before=until(table_at("hold")))


def test_too_small_ru(snap_compare, klabber_home) -> None:
    """The size notice names the size it needs in Russian, within 60x18."""
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=TOO_SMALL, run_before=shrink_at_table)


def test_quit_question_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE, run_before=_keys_at_round_one("q"))


def test_resume_question_ru(snap_compare, klabber_home) -> None:
    """A saved match met at the start: the question over an empty screen, with the save's fixed date."""
    async def run_before(pilot) -> None:
        await pilot.pause()
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE, run_before=run_before)


def test_coach_page_ru(snap_compare, klabber_home) -> None:
    """`a` in round one: the coach's rows for take and pass, and the reasons of the bid."""
    async def run_before(pilot) -> None:
        app = pilot.app
        await until(table_at("bidding_round_one"))(pilot)
        await pilot.press("a")
        await wait_until(pilot, lambda: getattr(app.screen, "advice", None) is not None)
        await pilot.pause()
    assert snap_compare(fixture_app("round-one", klabber_home), terminal_size=SIZE, run_before=run_before)


def test_review_ru(snap_compare, klabber_home) -> None:
    """`r` on the deal summary: the review of the player's own decisions, top of the page."""
    from klabber_tui.ui.screens.summary import SummaryScreen

    async def run_before(pilot) -> None:
        app = pilot.app
        await until(lambda app: isinstance(app.screen, SummaryScreen))(pilot)
        await pilot.press("r")
        await wait_until(pilot, lambda: getattr(app.screen, "review", None) is not None)
        await pilot.pause()
    assert snap_compare(fixture_app("summary", klabber_home), terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("seed", [8, 51])
def test_declaration_dialogue_ru(snap_compare, klabber_home, seed: int) -> None:
    """rules.md §6.3 in the log after the first trick, in the seeds' words: seed 8 «Двадцать.»,
    «Какая старшая?», the top card, «Не проходит.»; seed 51 «Пятьдесят.», «Хорошо.»."""
    def after_first_trick(app) -> bool:
        return app.session is not None and bool(app.session.deal.tricks) and table_at("play")(app)
    assert snap_compare(fixture_app(f"first-trick-{seed}", klabber_home), terminal_size=SIZE,
                        run_before=until(after_first_trick))


def test_drill_coach_table_ru(snap_compare, klabber_home, monkeypatch) -> None:
    """The drill's table of the coach after a word (the English test's setup)."""
    assert snap_compare(fixture_drill("drill-klaberjass-1", 3, monkeypatch), terminal_size=SIZE, run_before=pass_and_see_the_coach)


def test_drill_played_out_ru(snap_compare, klabber_home, monkeypatch) -> None:
    assert snap_compare(fixture_drill("drill-klaberjass-1", 3, monkeypatch), terminal_size=SIZE, run_before=pass_and_play_out)


def test_stats_page_ru(snap_compare, klabber_home, monkeypatch) -> None:
    """The statistics page with some decisions, deals and matches recorded (the English test's fixture)."""
    fixture_home("stats", klabber_home)

    async def run_before(pilot) -> None:
        await wait_for(pilot, pilot.app.drill_screen, "ask")
        await pilot.press("S")
        await pilot.pause()
    assert snap_compare(fixture_drill("drill-klaberjass-1", 1, monkeypatch), terminal_size=SIZE, run_before=run_before)


def until_report_read(end_screen):
    """Issue 31: the match's end, and its report once the statistics' last rows are read."""
    async def run_before(pilot):
        from tests.support.helpers import wait_until

        await until(lambda app: isinstance(app.screen, end_screen))(pilot)
        await wait_until(pilot, lambda: not pilot.app.screen.waiting)
        await pilot.pause()
    return run_before
