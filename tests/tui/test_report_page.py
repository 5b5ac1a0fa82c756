"""Issue 31: the report's page, on the fixture ``fixtures/report`` (see test_report.py for the
figures, worked out by hand): what it shows, and the costliest decision's key opening the what-if
page on its deal with that decision first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from klabber_tui.ui.screens.report import ReportScreen

from .helpers import fixture_home, make_app
from .screentext import flat, screen_text

SIZE = (100, 40)


def body_text(screen: ReportScreen) -> str:
    import io

    from rich.console import Console

    console = Console(width=96, record=True, file=io.StringIO())
    console.print(screen.body)
    return console.export_text()
MATCH = "finished/match-20261201-120000-0007.json"


@pytest.mark.slow
async def test_the_report_page_shows_the_match_and_opens_what_if(klabber_home: Path) -> None:
    from klabber_tui.ui.screens.what_if import WhatIfScreen

    fixture_home("report", klabber_home)
    save = json.loads((klabber_home / MATCH).read_text(encoding="utf-8"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ReportScreen(save))
        await pilot.pause()
        assert "greedy won 280 to 120 (to 150)." in flat(screen_text(app))
        text = flat(body_text(app.screen))  # the whole body, as its scroll holds it
        assert "Bidding: 7 decisions, 4 as the coach would; 2 mistakes." in text
        assert "Points lost: 51.0 in all, 7.3 ± 2.9 a decision." in text
        assert "Card play: 1 decision, 0 as the coach would; 0 mistakes." in text
        assert "you +30.0, bot -30.0 (5 deals)" in text
        assert "what your decisions cost against the coach's best: 56.0 points" in text
        assert "1: deal 3, bid “pass”: 30.0 ± 20.0 points lost." in text
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, WhatIfScreen)
        assert tuple(map(str, app.screen.deal.actions[2])) == ("elder", "pass") and app.screen.first == app.screen.decisions.index(2)
