"""Statistics: they survive a restart, `klabber stats` prints them (or says there are none), a
damaged file is moved aside with a message (command and page), and S opens the page in the game."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from klabber_tui import stats
from klabber_tui.screens.stats import StatsScreen, sparkline_text, stats_report

from .helpers import make_app, settle

SIZE = (80, 24)


def klabber(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80"}
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", *args], capture_output=True, text=True,
                          timeout=60, env=env)


def record_some() -> None:
    for k in range(25):
        stats.record_decision("klaberjass", False, "bid", k % 3 != 0, 6.0 if k % 3 == 0 else 0.0)
    stats.record_decision("klaberjass", True, "card", False, 12.5)
    stats.record_decision("clobber", False, "card", True, 0.0)
    stats.record_deal("klaberjass", False, "player", "made")
    stats.record_deal("klaberjass", False, "player", "bust")
    stats.record_deal("klaberjass", False, "bot", "made")
    stats.record_match("klaberjass", False, True)
    stats.record_match("klaberjass", True, False)


def test_statistics_survive_a_restart(klabber_home: Path) -> None:
    record_some()
    before = stats.summaries(stats.load()[0])
    assert (klabber_home / stats.STATS_NAME).exists()
    # a new process reads the same file: the same summaries
    code = ("from klabber_tui import stats; import json, dataclasses; "
            "print(json.dumps([dataclasses.asdict(s) for s in stats.summaries(stats.load()[0])]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ})
    import dataclasses
    import json

    assert json.loads(done.stdout) == [dataclasses.asdict(s) for s in before]
    real = next(s for s in before if s.preset == "klaberjass" and not s.practice)
    assert (real.matches, real.won, real.made_as_maker, real.bust_as_maker) == (1, 1, 1, 1)
    assert real.bid_decisions == 25 and abs(real.bid_agreement - 16 / 25) < 1e-9
    assert abs(real.bid_loss - 9 * 6.0 / 25) < 1e-9
    practice = next(s for s in before if s.preset == "klaberjass" and s.practice)
    assert practice.matches == 1 and practice.card_decisions == 1


def test_klabber_stats_prints_tables_and_trend(klabber_home: Path) -> None:
    record_some()
    done = klabber("stats")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "klaberjass" in out and "clobber" in out
    assert "real" in out and "practice" in out
    assert "lost/bid" in out and "64%" in out
    assert "Points lost per bidding decision" in out
    assert any(ch in out for ch in "▁▂▃▄▅▆▇█")
    assert max(len(line) for line in out.splitlines()) <= 80


def test_klabber_stats_when_empty(klabber_home: Path) -> None:
    done = klabber("stats")
    assert done.returncode == 0
    assert "No statistics yet" in done.stdout


def test_corrupted_stats_file_is_moved_aside(klabber_home: Path) -> None:
    klabber_home.mkdir(parents=True, exist_ok=True)
    (klabber_home / stats.STATS_NAME).write_text("{ not json", encoding="utf-8")
    done = klabber("stats")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr + done.stdout
    assert "moved aside" in done.stdout
    assert "No statistics yet" in done.stdout
    aside = list(klabber_home.glob("stats.corrupt-*.json"))
    assert aside and aside[0].read_text(encoding="utf-8") == "{ not json"
    # the page says so too
    (klabber_home / stats.STATS_NAME).write_text('{"format": "something else"}', encoding="utf-8")

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            app.push_screen(StatsScreen())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            assert "moved aside" in str(screen.query_one("#stats-message").content)
            assert screen.query("#stats-empty")
    asyncio.run(run())


def test_s_opens_the_statistics_page_in_the_game(klabber_home: Path) -> None:
    record_some()

    async def run() -> None:
        from textual.widgets import Sparkline

        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")  # the draw
            await settle(pilot, app)
            await pilot.press("S")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            lines = screen.query(Sparkline)
            assert len(lines) == 2  # bidding and card play
            assert list(screen.query_one("#stats-trend-bid", Sparkline).data) == stats.trend(
                stats.load()[0], None, "bid", 2)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, StatsScreen)
    asyncio.run(run())


def test_sparkline_text() -> None:
    assert sparkline_text([]) == ""
    assert sparkline_text([3.0, 3.0]) == "▁▁"
    assert sparkline_text([0.0, 5.0, 10.0]) == "▁▅█"
    assert len(sparkline_text([float(k) for k in range(100)], width=60)) == 60


def test_report_without_a_file(klabber_home: Path) -> None:
    from rich.console import Console

    console = Console(width=80, record=True, file=open(os.devnull, "w"))
    console.print(stats_report(stats.Stats(), "a message"))
    out = console.export_text()
    assert "a message" in out and "No statistics yet" in out


def test_snapshot_stats_page(snap_compare, klabber_home: Path) -> None:
    record_some()
    from klabber_tui.drill_app import DrillApp

    async def run_before(pilot) -> None:
        from .test_drill import wait_for

        await wait_for(pilot, pilot.app.drill_screen, "ask")
        await pilot.press("S")
        await pilot.pause()
    assert snap_compare(DrillApp("klaberjass", 1, 1, coach_level="easy", bot_level="easy"),
                        terminal_size=SIZE, run_before=run_before)
