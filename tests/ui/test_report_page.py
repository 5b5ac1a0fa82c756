"""Issue 31: the report's page, on the fixture ``fixtures/report`` (see test_report.py for the
figures, worked out by hand): what it shows, and the costliest decision's key opening the what-if
page on its deal with that decision first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from klabber_tui.ui.screens.report import ReportScreen

from tests.support.helpers import fixture_home, make_app
from tests.support.screentext import flat, screen_text

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
        assert "Points lost: 51.0 in all; per decision, 7.3 ± 2.9." in text
        assert "Card play: 1 decision, 0 as the coach would; 0 mistakes." in text
        assert "you +30.0, bot −30.0 (5 deals)" in text
        assert "what your decisions cost against the coach's best: 56.0 points" in text
        assert "1: deal 3, bid “pass”: 30.0 ± 20.0 points lost." in text
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, WhatIfScreen)
        assert tuple(map(str, app.screen.deal.actions[2])) == ("elder", "pass") and app.screen.first == app.screen.decisions.index(2)


@pytest.mark.slow
async def test_the_report_offers_this_matchs_mistakes_at_once(klabber_home: Path) -> None:
    """Issue 31, item 3: a bidding mistake the table put in the deck is due at once, and the report's
    key opens the drill on it."""
    from klabber_tui.data import mistakes
    from klabber_tui.ui.screens.drill import DrillScreen

    fixture_home("report", klabber_home)
    save = json.loads((klabber_home / MATCH).read_text(encoding="utf-8"))
    deal_two = save["match"]["deals"][1]
    before = dict(deal_two, actions=deal_two["actions"][:1])  # the dealer's first word, deal 2 (rules.md §2)
    assert mistakes.add(before, choice="pass", best="take", level="normal", source="table",
                        origin={"match": save["id"], "deal": 2, "action": 1}) == []
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ReportScreen(save))
        await pilot.pause()
        assert "m: practise this match's 1 bidding mistake now" in flat(body_text(app.screen))
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen) and len(app.screen.drill.fixed) == 1


@pytest.mark.slow
async def test_the_statistics_page_lists_the_finished_matches_and_opens_a_report(klabber_home: Path) -> None:
    from klabber_tui.ui.screens.matches import MatchesScreen
    from klabber_tui.ui.screens.stats import StatsScreen

    fixture_home("report", klabber_home)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen())
        await pilot.pause()
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, MatchesScreen)
        assert "2026-12-01 · klaberjass to 150 · you 120, bot 280" in flat(screen_text(app))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen) and app.screen.report.match_id == "20261201-120000-0007"


def test_a_watched_match_has_no_report(klabber_home: Path) -> None:
    """Issue 31: the bots' match (--watch) ends on its result alone; it is never saved, so has no file."""
    from engine.match import Match
    from engine.rules import RuleSet
    from klabber_tui.practice.session import Session
    from klabber_tui.ui.screens.match_end import MatchEndScreen

    session = Session(Match(RuleSet.from_preset("klaberjass", {"target": 150}), 7), ("greedy", "greedy"), "greedy",
                      watch=True)
    screen = MatchEndScreen(session)
    assert screen.report is None and "practise" not in str(screen.body)


@pytest.mark.slow
async def test_the_table_opens_the_report_of_the_match_so_far(klabber_home: Path) -> None:
    """Issue 31: M at the table (the page registry's line): the match so far, nothing played yet."""
    from tests.support.helpers import play_until, settle
    from klabber_tui.ui.screens.table.screen import TableScreen

    app = make_app(target=150)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await play_until(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.session is not None
                         and app.session.deal.to_act == app.session.seat)
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)
        assert not app.screen.report.over and app.screen.report.deals == ()
        assert "The match so far, deal 1: you 0, greedy 0 (to 150)." in flat(body_text(app.screen))


def test_the_match_end_offers_the_next_level_only_above_the_level_faced(klabber_home: Path) -> None:
    """Issue 31, item 4: 200 perfect bids place the player above easy's rung: facing easy, the match's
    end offers normal (L); facing greedy (no next level) it offers nothing."""
    from klabber_tui.practice.session import Session
    from klabber_tui.ui.screens.match_end import MatchEndScreen

    fixture_home("report", klabber_home)
    doc = json.loads((klabber_home / "stats.json").read_text(encoding="utf-8"))
    doc["decisions"] += [dict(doc["decisions"][0], loss=0.0, id=None)] * 200
    (klabber_home / "stats.json").write_text(json.dumps(doc), encoding="utf-8")
    save = json.loads((klabber_home / MATCH).read_text(encoding="utf-8"))
    session = Session.from_save(save)
    assert MatchEndScreen(session).report.suggestion is None  # greedy
    session.level = "easy"
    screen = MatchEndScreen(session)
    assert screen.report.suggestion == "normal"
    assert "L plays the next match at normal." in flat(body_text(screen))
