"""Issue 21: what only POSIX has is used behind a check, so the game starts and saves on Windows (and
macOS, which lacks ``sched_getaffinity``).

Windows is played here by taking away what it lacks: ``resource``, ``termios`` and ``fcntl`` cannot
be imported by klabber, and ``signal.SIGHUP``, ``os.sched_getaffinity`` and ``os.O_NOFOLLOW`` are
gone. Then the commands, the app, its saves and its way out must still work. (The libraries that pick
their own code by platform, filelock and Textual's drivers, are imported for real first.)
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

import filelock  # noqa: F401 - imported for real first: it picks its own lock (fcntl, msvcrt) once
import pytest
import textual.drivers.headless_driver  # noqa: F401 - the same for Textual's drivers, which pick

if os.name == "posix":
    import textual.drivers.linux_driver  # noqa: F401 - theirs by platform (termios here)

from ai import arena, bench
from klabber_tui.cli import main as cli
from klabber_tui.ui import start as process
from klabber_tui.data import stats, streams
from klabber_tui.data.saves import read_save
from klabber_tui.ui.app import KlabberApp
from klabber_tui.practice.session import Settings

from tests.support.helpers import play_until

POSIX_ONLY_MODULES = ("resource", "termios", "fcntl")
POSIX_ONLY_NAMES = ((signal, "SIGHUP"), (os, "sched_getaffinity"), (os, "O_NOFOLLOW"))


@pytest.fixture
def no_posix(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in POSIX_ONLY_MODULES:
        monkeypatch.setitem(sys.modules, module, None)  # ``import module`` raises ImportError
    for owner, name in POSIX_ONLY_NAMES:
        monkeypatch.delattr(owner, name, raising=False)


def test_the_process_helpers_work_without_posix(no_posix: None, monkeypatch: pytest.MonkeyPatch) -> None:
    assert process.ending_signals() == (signal.SIGTERM,)
    assert arena.usable_cpus() >= 1
    assert bench.peak_rss_mb() is None
    monkeypatch.setattr(streams, "started_on_terminal", True)
    assert streams.terminal_gone() is False  # no termios: no terminal to ask, no SIGHUP to come
    with process.handled(process.ending_signals(), process.terminate):
        assert signal.getsignal(signal.SIGTERM) is process.terminate


def test_the_commands_start_without_posix(no_posix: None, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    started: list[Any] = []
    monkeypatch.setattr(KlabberApp, "run", lambda self, *a, **k: started.append(self))
    assert cli.main(["stats"]) == 0
    assert cli.main(["play", "--level", "greedy"]) == 0 and len(started) == 1
    capsys.readouterr()


@pytest.mark.slow
async def test_the_game_starts_saves_and_ends_on_ctrl_c_without_posix(no_posix: None, klabber_home) -> None:
    stats.record_match("klaberjass", False, True)
    app = KlabberApp(Settings(level="greedy", target=500), "Tester", seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: app.session is not None and len(app.session.deal.actions) >= 3)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 130 and app.crash is None
    loaded = read_save()
    assert loaded.problem is None and loaded.save is not None
