"""Issue 12: the main stages in Russian at 80x24 (Russian words are longer: nothing may be clipped),
each looked at before it was accepted. Regenerate with ``--snapshot-update`` and look at the SVGs."""

from __future__ import annotations

import pytest

from klabber_tui import i18n

from .helpers import make_app, play_until, settle
from .test_snapshots import SIZE, _at, _play_two_tricks, _until


@pytest.fixture(autouse=True)
def russian() -> None:
    i18n.set_language("ru")  # as ``--lang ru`` does; conftest puts English back after each test


def _keys_at_round_one(*keys: str):
    async def run_before(pilot) -> None:
        app = pilot.app
        await play_until(pilot, app, lambda: _at("bidding_round_one")(app))
        await pilot.press(*keys)
        await settle(pilot, app)
        app.clear_notifications()
        await pilot.pause()
    return run_before


def test_draw_ru(snap_compare, klabber_home) -> None:
    async def run_before(pilot) -> None:
        await pilot.pause()
    assert snap_compare(make_app(seed=11, name="Вы"), terminal_size=SIZE, run_before=run_before)


def test_bidding_round_one_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11, name="Вы"), terminal_size=SIZE,
                        run_before=_until(_at("bidding_round_one")))


def test_bidding_round_two_ru(snap_compare, klabber_home) -> None:
    """Seed 0: the elder's round two, the longest row of buttons."""
    assert snap_compare(make_app(seed=0, name="Вы"), terminal_size=SIZE, run_before=_keys_at_round_one("p"))


def test_play_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11, name="Вы"), terminal_size=SIZE, run_before=_until(_play_two_tricks))


def test_deal_summary_ru(snap_compare, klabber_home) -> None:
    from klabber_tui.screens.summary import SummaryScreen
    assert snap_compare(make_app(seed=11, name="Вы"), terminal_size=SIZE,
                        run_before=_until(lambda app: isinstance(app.screen, SummaryScreen)))


def test_match_end_ru(snap_compare, klabber_home) -> None:
    from klabber_tui.screens.match_end import MatchEndScreen
    assert snap_compare(make_app(seed=3, target=100, name="Вы"), terminal_size=SIZE,
                        run_before=_until(lambda app: isinstance(app.screen, MatchEndScreen)))


def test_help_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11, name="Вы"), terminal_size=SIZE,
                        run_before=_keys_at_round_one("question_mark"))


def test_settings_ru(snap_compare, klabber_home) -> None:
    assert snap_compare(make_app(seed=11, name="Вы"), terminal_size=SIZE, run_before=_keys_at_round_one("o"))
