"""The drill screen's practice options (issue 25): a situation and a margin, or the mistake deck, at
80x24, in English, Russian and ASCII (snapshots looked at before they were accepted; their drill's
positions are a fixture's, issue 22)."""

from __future__ import annotations

import asyncio

import pytest

from engine.situations import Situation
from klabber_tui.ui.drill_app import DrillApp
from klabber_tui.ui.screens.practice import PracticeOptions, margin_of

from tests.support.helpers import FAST, SIZE, fixture_drill, wait_for


@pytest.mark.parametrize(("typed", "margin"), [("15", 15), ("1", 1), ("200", 200), ("0", None), ("201", None),
                                               ("7.5", None), ("", None), ("١٢", None), ("9999", None)])
def test_margin_typed_by_the_player(typed: str, margin: int | None) -> None:
    assert margin_of(typed) == margin


@pytest.mark.slow
def test_o_chooses_a_situation_and_a_margin(klabber_home) -> None:
    from textual.widgets import Input, Select

    async def run() -> None:
        app = DrillApp("kalabriasz", 3, 2, **FAST)
        async with app.run_test(size=SIZE) as pilot:
            screen = app.drill_screen
            await wait_for(pilot, screen, "ask")
            await pilot.press("o")
            await pilot.pause()
            page = app.screen
            assert isinstance(page, PracticeOptions)
            page.query_one("#practice-situation", Select).value = "naming-after-refusal"
            page.query_one("#practice-margin", Input).value = "0"
            page.query_one("#practice-start").press()
            await pilot.pause()
            assert "from 1 to 200" in str(page.query_one("#practice-problem").content)
            page.query_one("#practice-margin", Input).value = "30"
            page.query_one("#practice-start").press()
            await wait_for(pilot, screen, "ask")
            assert screen.drill.situation is Situation.NAMING_AFTER_REFUSAL and screen.drill.margin == 30
            assert screen.position is not None and screen.position.kind is Situation.NAMING_AFTER_REFUSAL
            assert screen.index == 0 and screen.scores[-1].decisions == 0
    asyncio.run(run())


async def _open_options(pilot) -> None:
    await wait_for(pilot, pilot.app.drill_screen, "ask")
    await pilot.press("o")
    await pilot.pause()


@pytest.mark.slow
def test_snapshot_practice_options(snap_compare, klabber_home, monkeypatch) -> None:
    assert snap_compare(fixture_drill("drill-kalabriasz-3", 3, monkeypatch), terminal_size=SIZE, run_before=_open_options)


@pytest.mark.slow
def test_snapshot_practice_options_russian_ascii(snap_compare, klabber_home, monkeypatch) -> None:
    from klabber_tui.words import i18n

    i18n.set_language("ru")  # as ``--lang ru`` does; conftest puts English back after each test
    assert snap_compare(fixture_drill("drill-kalabriasz-3", 3, monkeypatch, ascii=True), terminal_size=SIZE,
                        run_before=_open_options)
