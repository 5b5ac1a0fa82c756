"""Saves: resume after quitting mid-trick, a corrupted save, --new keeps a backup, export replays."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from klabber_tui.data.exports import export_records
from klabber_tui.data.saves import write_save
from klabber_tui.ui.screens.question import QuestionScreen
from klabber_tui.ui.screens.size_guard import MIN_HEIGHT, MIN_WIDTH

from tests.support.helpers import make_app, next_key, play_until, settle


def _mid_trick(app) -> bool:
    s = app.session
    return (s is not None and app.screen is app.table and app.table.mode() == "play"
            and len(s.deal.current) == 1 and len(s.deal.tricks) >= 1)


@pytest.mark.slow
async def test_resume_after_quitting_mid_trick(klabber_home) -> None:
    app = make_app(seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: _mid_trick(app))
        actions = list(app.session.deal.actions)
        number = app.session.match.number
        await pilot.press("q")
    assert (klabber_home / "match.json").exists()
    again = make_app(seed=999)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)
        await pilot.press("y")
        await settle(pilot, again)
        assert again.session.match.number == number
        assert again.session.deal.actions == actions
        assert again.table.mode() == "play"


@pytest.mark.slow
async def test_declining_resume_keeps_a_backup(klabber_home) -> None:
    app = make_app(seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 3)
        await pilot.press("q")
    again = make_app(seed=5, new=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.match.seed == 5
    assert list(klabber_home.glob("match.backup-*.json"))


async def test_a_corrupted_save_is_moved_aside(klabber_home) -> None:
    klabber_home.mkdir(parents=True, exist_ok=True)
    (klabber_home / "match.json").write_text('{"format": "klabber-save/1", "match": {"deals": [1')
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.session is not None and app.session.match.seed == 4
        assert list(klabber_home.glob("match.corrupt-*.json"))


@pytest.mark.slow
async def test_a_save_that_does_not_replay_is_moved_aside(klabber_home) -> None:
    app = make_app(seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 3)
        await pilot.press("q")
    save = json.loads((klabber_home / "match.json").read_text())
    save["match"]["deals"][0]["actions"].insert(0, ["dealer", "play AS"])
    (klabber_home / "match.json").write_text(json.dumps(save))
    again = make_app(seed=8)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, again)
        assert again.session.match.seed == 8
    assert list(klabber_home.glob("match.corrupt-*.json"))


@pytest.mark.slow
async def test_resize_to_small_and_back(klabber_home) -> None:
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() != "busy")
        notice = app.table.query_one(".too-small")
        assert not notice.display or not app.table.has_class("-small")
        await pilot.resize_terminal(MIN_WIDTH - 20, MIN_HEIGHT - 6)
        await pilot.pause()
        assert app.table.has_class("-small")
        assert "80" in str(notice.render())
        await pilot.press("1", "t", "p")  # keys while small never raise
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await pilot.pause()
        assert not app.table.has_class("-small")


@pytest.mark.slow
async def test_small_terminal_hides_a_dialog_too(klabber_home) -> None:
    """A dialog open when the terminal shrinks (help here) gives way to the size notice as well."""
    app = make_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.screen is app.table and app.table.mode() != "busy")
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = app.screen
        assert dialog is not app.table
        await pilot.resize_terminal(MIN_WIDTH - 10, MIN_HEIGHT)
        await pilot.pause()
        assert dialog.has_class("-small")
        assert "80" in str(dialog.query_one(".too-small").render())
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await pilot.pause()
        assert not dialog.has_class("-small")


def test_atomic_write_and_export_replay(klabber_home, tmp_path) -> None:
    from engine.match import Match
    from engine.rules import RuleSet
    from klabber_tui.practice.session import Session

    match = Match(RuleSet.from_preset("klaberjass", {"target": 100}), 12)
    session = Session(match, ("Ann", "greedy"), "greedy")
    from ai.registry import make_bot

    bot = make_bot("greedy")
    for _ in range(40):
        seat = session.deal.to_act
        session.apply(seat, bot.choose(session.deal.view(seat), 1))
    write_save(session.to_save())
    assert not list(klabber_home.glob(".match.json.*"))  # no temp file left behind
    out = tmp_path / "export"
    written = export_records(out)
    assert written
    for path in written:
        record = json.loads(path.read_text())
        assert {"players", "date", "match", "deal"} <= set(record["meta"])
        done = subprocess.run([sys.executable, "-m", "klabber_tui.cli", "replay", str(path), "--json"],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_cli_bad_arguments_are_one_line(klabber_home) -> None:
    for args, word in ((["--rules", "x"], "klaberjass"), (["--level", "x"], "normal"),
                       (["--target", "7"], "100 to 5000"), (["--seed", "abc"], "whole number")):
        done = subprocess.run([sys.executable, "-m", "klabber_tui.cli", "play", *args],
                              capture_output=True, text=True)
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and word in lines[0], done.stderr


def test_cli_export(klabber_home, tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "klabber_tui.cli", "export", "--out", str(tmp_path / "o")],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "0 deal records" in done.stdout


@pytest.mark.slow
async def test_quit_while_the_bot_thinks(klabber_home) -> None:
    """q while the bot's worker is busy: the app exits cleanly and the match is saved (issue: the
    bot thinks in a worker thread, quitting while it thinks is clean). The bot is made to think
    until the test lets it go, so the quit surely lands mid-thought."""
    import threading

    from ai.bots import GreedyBot

    release = threading.Event()
    started = threading.Event()

    class SlowBot(GreedyBot):
        def choose(self, view, seed, standing=None):  # type: ignore[no-untyped-def]
            started.set()
            release.wait(10)
            return super().choose(view, seed)

    app = make_app(level="greedy", seed=12)
    app._bots["greedy"] = (SlowBot(), "greedy")
    app.bot_real_names["greedy"] = "greedy"
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(60):
                await pilot.pause()
                if started.is_set():
                    break
                if isinstance(app.screen, QuestionScreen) or app.screen is not app.table:
                    await pilot.press("enter")
                elif app.table.mode() not in ("bot", "busy"):
                    key = next_key(app)
                    assert key is not None
                    await pilot.press(key)
            assert started.is_set() and app.table.mode() == "bot"
            await pilot.press("q")
            await pilot.pause()
    finally:
        release.set()
    assert (klabber_home / "match.json").exists()


@pytest.mark.slow
async def test_quit_on_the_deal_summary_resumes_on_it(klabber_home) -> None:
    """Quitting while a deal's summary is open and starting again shows that summary first."""
    from klabber_tui.ui.screens.summary import SummaryScreen

    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: isinstance(app.screen, SummaryScreen))
        number = app.session.match.rows[-1].number
        await pilot.press("q")
        await pilot.pause()
    again = make_app(seed=3)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, QuestionScreen)  # resume?
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(again.screen, SummaryScreen)
        assert again.session.last is not None and again.session.last.row.number == number
        await pilot.press("enter")
        await settle(pilot, again)
        assert not again.session.summary_pending
