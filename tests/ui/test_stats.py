"""Statistics: they survive a restart, `klabber stats` prints them (or says there are none), a
damaged file is moved aside with a message (command and page), and S opens the page in the game."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from klabber_tui.data import stats
from klabber_tui.practice import progress
from klabber_tui.ui.screens.stats import StatsScreen, sparkline_text, stats_report

from klabber_tui.words.files import notes_text
from tests.support.helpers import make_app, record_some, settle

SIZE = (80, 24)


def klabber(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80"}
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", *args], capture_output=True, text=True,
                          timeout=60, env=env)


@pytest.mark.slow
def test_statistics_survive_a_restart(klabber_home: Path) -> None:
    record_some()
    before = progress.summaries(stats.load()[0])
    assert (klabber_home / stats.STATS_NAME).exists()
    # a new process reads the same file: the same summaries
    code = ("from klabber_tui.data import stats; from klabber_tui.practice import progress; import json, dataclasses; "
            "print(json.dumps([dataclasses.asdict(s) for s in progress.summaries(stats.load()[0])]))")
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


@pytest.mark.slow
def test_klabber_stats_prints_tables_and_trend(klabber_home: Path) -> None:
    record_some()
    done = klabber("stats")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Klaberjass (Hoyle)" in out and "Clobber (typical)" in out  # the presets by their titles (issue 32)
    assert "real" in out and "practice" in out
    assert "decisions" in out and "64%" in out and "bids" in out and "cards" in out
    assert "Points lost per bidding decision" in out
    assert any(ch in out for ch in "▁▂▃▄▅▆▇█")
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.slow
def test_klabber_stats_when_empty(klabber_home: Path) -> None:
    done = klabber("stats")
    assert done.returncode == 0
    assert "No statistics yet" in done.stdout


@pytest.mark.slow
def test_corrupted_stats_file_is_left_by_viewing_and_moved_aside_by_recording(klabber_home: Path) -> None:
    """Issue 21: viewing never changes a file; the next result recorded moves it aside."""
    klabber_home.mkdir(parents=True, exist_ok=True)
    (klabber_home / stats.STATS_NAME).write_text("{ not json", encoding="utf-8")
    done = klabber("stats")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr + done.stdout
    assert "left as it is" in done.stdout
    assert "No statistics yet" in done.stdout
    assert sorted(p.name for p in klabber_home.iterdir()) == [stats.STATS_NAME]
    assert (klabber_home / stats.STATS_NAME).read_text(encoding="utf-8") == "{ not json"
    assert "moved aside" in (notes_text(stats.record_match("klaberjass", False, True)) or "")
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
            assert "left as it is" in str(screen.query_one("#stats-message").content)
            assert screen.query("#stats-empty")
    asyncio.run(run())


@pytest.mark.slow
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
            assert len(lines) == 2  # clobber's card play, klaberjass's bidding: each preset its own
            # presets in order: clobber (0), klaberjass (1); the practice card is in no trend
            assert list(screen.query_one("#stats-trend-1-bid", Sparkline).data) == progress.trend(
                stats.load()[0], "klaberjass", "bid", 2)
            assert list(screen.query_one("#stats-trend-0-card", Sparkline).data) == [0.0]
            assert not screen.query("#stats-trend-1-card")
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


@pytest.mark.slow
def test_snapshot_stats_page(snap_compare, klabber_home: Path, monkeypatch) -> None:
    """``S`` over a drill: the statistics of ``record_some``, from a fixture (issue 22: recorded at a
    fixed clock; the drill's position a fixture's, no search)."""
    from tests.support.helpers import fixture_drill, fixture_home, wait_for

    fixture_home("stats", klabber_home)

    async def run_before(pilot) -> None:
        await wait_for(pilot, pilot.app.drill_screen, "ask")
        await pilot.press("S")
        await pilot.pause()
    assert snap_compare(fixture_drill("drill-klaberjass-1", 1, monkeypatch), terminal_size=SIZE, run_before=run_before)


def _row(preset: str, kind: str, loss: float, agreed: bool = False, practice: bool = False) -> dict[str, object]:
    return {"t": 1.0, "preset": preset, "practice": practice, "kind": kind, "agreed": agreed, "loss": loss}


def test_trend_of_one_preset_ignores_another_presets_rows() -> None:
    """Issue 11: the progress trend mixed presets. Hand-made rows, interleaved: klaberjass loses 2 a
    bid, clobber 10; the klaberjass trend is 2 throughout, never pulled up by clobber's rows."""
    rows = [_row("klaberjass" if k % 2 else "clobber", "bid", 2.0 if k % 2 else 10.0) for k in range(20)]
    hand_made = stats.Stats(decisions=rows)
    assert progress.trend(hand_made, "klaberjass", "bid", 5) == [2.0, 2.0]
    assert progress.trend(hand_made, "clobber", "bid", 5) == [10.0, 10.0]
    assert progress.decision_count(hand_made, "bid", "klaberjass") == 10
    from klabber_tui.ui.screens.stats import trends

    assert trends(hand_made, "klaberjass") == [("bid", 10, 1, [2.0] * 10)]
    assert trends(hand_made, "clobber") == [("bid", 10, 1, [10.0] * 10)]


def test_bids_and_cards_are_apart_in_each_presets_table() -> None:
    """Issue 11: card decisions have their own row (count, agreement, loss), per preset."""
    hand_made = stats.Stats(decisions=[_row("klaberjass", "bid", 4.0, True), _row("klaberjass", "card", 1.0),
                                       _row("klaberjass", "card", 3.0, True), _row("clobber", "card", 8.0)])
    klaberjass = next(s for s in progress.summaries(hand_made) if s.preset == "klaberjass")
    assert (klaberjass.bid_decisions, klaberjass.bid_agreement, klaberjass.bid_loss) == (1, 1.0, 4.0)
    assert (klaberjass.card_decisions, klaberjass.card_agreement, klaberjass.card_loss) == (2, 0.5, 2.0)
    from rich.console import Console

    console = Console(width=80, record=True, file=open(os.devnull, "w"))
    console.print(stats_report(hand_made))
    lines = console.export_text().splitlines()
    start = lines.index(next(line for line in lines if line.startswith("Klaberjass (Hoyle)")))
    rows = [line.split() for line in lines[start + 2:start + 4]]
    assert rows[0][-4:] == ["bids", "1", "100%", "4.0"]
    assert rows[1] == ["cards", "2", "50%", "2.0"]  # clobber's card is in clobber's table only


def test_a_version_2_file_without_card_rows_loads_unchanged(klabber_home: Path) -> None:
    """Statistics written by the landed version (klabber-stats/2, bids only) load as they are: the
    same rows, no card decisions, a bidding trend and no card trend; the page opens on them."""
    import json

    document = {"format": "klabber-stats/2", "decisions": [_row("klaberjass", "bid", 3.0, k % 2 == 0)
                                                           for k in range(4)],
                "deals": [], "matches": [{"t": 1.0, "preset": "klaberjass", "practice": False, "won": True}],
                "rolled": {"decisions": [], "deals": [], "matches": []}}
    klabber_home.mkdir(parents=True, exist_ok=True)
    (klabber_home / stats.STATS_NAME).write_text(json.dumps(document), encoding="utf-8")
    loaded, message = stats.load()
    message = notes_text(message)
    assert message is None and loaded.decisions == document["decisions"]
    (summary,) = progress.summaries(loaded)
    assert summary.bid_decisions == 4 and summary.card_decisions == 0 and summary.card_agreement is None
    from klabber_tui.ui.screens.stats import trends

    assert [kind for kind, *_ in trends(loaded, "klaberjass")] == ["bid"]
    done = klabber("stats")
    assert done.returncode == 0 and "cards" in done.stdout and "Points lost per card" not in done.stdout
