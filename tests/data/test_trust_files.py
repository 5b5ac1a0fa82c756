"""Issue 21, the files side: every attack of the second trust round on the data folder, each test
named after the attack it makes. Links planted in the data folder, temp files left by a killed
writer, a full disk, files of a newer version, absurd numbers in the statistics, a finished match
archived again and again, and a data folder that cannot be reached all end in a load, a counted
refusal or one clear StorageError; nothing is written outside the data folder."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from engine.match import Match
from engine.rules import RuleSet
from klabber_tui.data import atomic, crashlog, saves, stats
from klabber_tui.practice import progress
from klabber_tui.data.atomic import copy_aside
from klabber_tui.data.exports import export_records
from klabber_tui.data.folder import FINISHED_DIR, PLAY_LOCK_NAME, check_writable, data_dir, hold_play_lock, StorageError
from klabber_tui.data.saves import SAVE_FORMAT, archive_finished, backup_save, read_save, slug, write_save
from klabber_tui.data.settings import SETTINGS_FAMILY, SETTINGS_VERSION, read_settings, settings_read_only, write_settings
from klabber_tui.practice.session import Session, Settings
from klabber_tui.words.files import note_text, notes_text, refused_text
from tests.support.fixtures import as_a_ui_test

pytestmark = as_a_ui_test  # its own data folder and a terminal, as in tests/ui (tests/support/fixtures.py)

POSIX_LINKS = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links (POSIX)")
STAMP = "20260101-120000"

@contextmanager
def storage_refused(says: str) -> Iterator[None]:
    """The block raises StorageError, worded (refused_text, issue 23) in a line matching ``says``."""
    with pytest.raises(StorageError) as caught:
        yield
    assert re.search(says, refused_text(caught.value)), refused_text(caught.value)



@pytest.fixture(autouse=True)
def _fresh_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "_known_save", None)
    monkeypatch.setattr(stats, "_newer_said", False)
    monkeypatch.setattr(stats, "recording", True)


def played_session(actions: int = 40, target: int = 100, seed: int = 12) -> Session:
    from ai.registry import make_bot

    session = Session(Match(RuleSet.from_preset("klaberjass", {"target": target}), seed), ("Ann", "greedy"),
                      "greedy")
    bot = make_bot("greedy")
    for _ in range(actions):
        if session.match.is_over:
            break
        seat = session.deal.to_act
        session.apply(seat, bot.choose(session.deal.view(seat), 1))
    return session


def finished_session() -> Session:
    session = played_session(2000, target=100)
    assert session.match.is_over
    return session


def write(path: Path, content: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def decision(t: float = 1.7e9, **changes: Any) -> dict[str, Any]:
    return {"t": t, "preset": "klaberjass", "practice": False, "kind": "bid", "agreed": True, "loss": 1.0, **changes}


def rolled(**changes: Any) -> dict[str, Any]:
    return {"period": "2026-01", "preset": "klaberjass", "practice": False, "kind": "bid", "n": 4, "agreed": 2,
            "loss": 6.0, **changes}


# -- links -----------------------------------------------------------------------------------------


@POSIX_LINKS
def test_link_planted_at_the_damaged_copy_name_is_not_followed(klabber_home: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The move-aside name was predictable to the second and a link there was followed: the copy of
    a damaged stats.json landed wherever the link pointed."""
    monkeypatch.setattr(atomic, "stamp", lambda: STAMP)
    write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/2", "decisions": [decision(), {"kind": 5}]})
    outside = tmp_path / "outside.txt"
    (klabber_home / f"stats.damaged-{STAMP}.json").symlink_to(outside)
    message = notes_text(stats.record_match("klaberjass", False, True))
    assert not outside.exists()  # nothing was created through the link
    assert (klabber_home / f"stats.damaged-{STAMP}.json").is_symlink()  # the link itself left alone
    kept = klabber_home / f"stats.damaged-{STAMP}-1.json"
    assert kept.is_file() and not kept.is_symlink() and kept.name in (message or "")
    assert '"kind": 5' in kept.read_text(encoding="utf-8") and mode(kept) == 0o600


@POSIX_LINKS
def test_link_planted_at_the_corrupt_save_name_is_not_followed(klabber_home: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic, "stamp", lambda: STAMP)
    write(klabber_home / "match.json", "{ not json")
    outside = tmp_path / "outside.json"
    outside.write_text("theirs", encoding="utf-8")
    (klabber_home / f"match.corrupt-{STAMP}.json").symlink_to(outside)
    loaded = read_save(check=Session.from_save)
    assert loaded.moved_to == klabber_home / f"match.corrupt-{STAMP}-1.json"
    assert outside.read_text(encoding="utf-8") == "theirs"
    assert loaded.moved_to.read_text(encoding="utf-8") == "{ not json" and mode(loaded.moved_to) == 0o600


@POSIX_LINKS
def test_logs_folder_replaced_by_a_link_sends_the_crash_log_to_the_temp_folder(
        klabber_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    klabber_home.mkdir(parents=True)
    (klabber_home / crashlog.LOG_FOLDER).symlink_to(outside, target_is_directory=True)
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    log = crashlog.write_crash_log(RuntimeError("boom"), ["stats"])
    assert log is not None and log.parent == temp and log.name.startswith("klabber-crash-")
    assert list(outside.iterdir()) == [] and mode(log) == 0o600


def test_logs_folder_that_is_real_gets_the_crash_log(klabber_home: Path) -> None:
    log = crashlog.write_crash_log(RuntimeError("boom"), ["stats"])
    assert log is not None and log.parent == klabber_home / crashlog.LOG_FOLDER and mode(log) == 0o600
    assert "RuntimeError: boom" in log.read_text(encoding="utf-8")


@POSIX_LINKS
def test_finished_folder_replaced_by_a_link_is_not_followed(klabber_home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    klabber_home.mkdir(parents=True)
    (klabber_home / FINISHED_DIR).symlink_to(outside, target_is_directory=True)
    session = finished_session()
    write_save(session.to_save())
    with storage_refused("not a real folder inside the data folder"):
        archive_finished(session.to_save())
    check_writable()  # the start is not stopped by it, and nothing is looked into there
    assert list(outside.iterdir()) == []
    assert (klabber_home / "match.json").is_file()  # the match is not lost: the live save stays


@POSIX_LINKS
def test_link_planted_at_the_save_name_is_replaced_not_followed(klabber_home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text("theirs", encoding="utf-8")
    klabber_home.mkdir(parents=True)
    (klabber_home / "match.json").symlink_to(outside)
    write_save(played_session(8).to_save())
    assert outside.read_text(encoding="utf-8") == "theirs"
    assert (klabber_home / "match.json").is_file() and not (klabber_home / "match.json").is_symlink()


@POSIX_LINKS
def test_data_folder_that_is_a_link_the_player_chose_is_used(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    synced = tmp_path / "synced"
    synced.mkdir()
    (tmp_path / "home-link").symlink_to(synced, target_is_directory=True)
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / "home-link"))
    write_save(played_session(8).to_save())
    stats.record_match("klaberjass", False, True)
    archive_finished(finished_session().to_save())
    assert (synced / "match.json").is_file() is False  # archived: the live save went
    assert (synced / stats.STATS_NAME).is_file() and len(list((synced / "finished").iterdir())) == 1


@POSIX_LINKS
def test_links_planted_at_the_lock_names_are_refused_not_followed(klabber_home: Path, tmp_path: Path) -> None:
    from klabber_tui.practice.coaching import record

    outside = tmp_path / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    klabber_home.mkdir(parents=True)
    (klabber_home / stats.LOCK_NAME).symlink_to(outside)
    (klabber_home / PLAY_LOCK_NAME).symlink_to(tmp_path / "made-outside")
    assert record(stats.record_match, "klaberjass", False, True)  # a sentence, not a crash
    with pytest.raises(StorageError):
        hold_play_lock()
    assert outside.read_text(encoding="utf-8") == "precious" and not (tmp_path / "made-outside").exists()


def test_every_file_created_is_0600_whatever_the_umask(klabber_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = os.umask(0)
    try:
        write_save(played_session(8).to_save())
        write_settings(Settings().to_dict())
        stats.record_match("klaberjass", False, True)
        copy = copy_aside(klabber_home / stats.STATS_NAME, "damaged")
        archive_finished(finished_session().to_save())
        log = crashlog.write_crash_log(RuntimeError("x"), ["stats"])
    finally:
        os.umask(old)
    assert log is not None
    files = [p for p in klabber_home.rglob("*") if p.is_file()]
    assert copy in files and log in files and len(files) >= 6
    assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}
    assert {mode(p) for p in klabber_home.rglob("*") if p.is_dir()} == {0o700}


# -- temp files ------------------------------------------------------------------------------------

_KILLED_WRITER = """
import os, signal, sys, time
from klabber_tui.data import atomic, saves
from klabber_tui.data.atomic import atomic_write, copy_aside, remove_own_temp_files
from klabber_tui.data.exports import export_records
from klabber_tui.data.folder import FINISHED_DIR, PLAY_LOCK_NAME, check_writable, data_dir, hold_play_lock, StorageError
from klabber_tui.data.saves import SAVE_FORMAT, archive_finished, backup_save, read_save, slug, write_save
from klabber_tui.data.settings import SETTINGS_FAMILY, SETTINGS_VERSION, read_settings, settings_read_only, write_settings
signal.signal(signal.SIGTERM, lambda *_: (remove_own_temp_files(), os._exit(143)))
real = os.fsync
def slow(fd):
    print("writing", flush=True)
    time.sleep(30)
os.fsync = slow
atomic_write(data_dir() / "match.json", "{}")
"""


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="POSIX signals")
def test_sigterm_in_the_middle_of_an_atomic_write_leaves_no_temp_file(klabber_home: Path) -> None:
    """The process side calls remove_own_temp_files() from its signal handlers."""
    klabber_home.mkdir(parents=True)
    child = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "KLABBER_HOME": str(klabber_home)})
    assert child.stdout is not None and child.stdout.readline() == "writing\n"
    assert [p.name for p in klabber_home.iterdir() if p.name.endswith(".tmp")]  # mid-write: it exists
    child.send_signal(signal.SIGTERM)
    assert child.wait(20) == 143
    assert list(klabber_home.iterdir()) == []


def test_interrupt_in_the_middle_of_an_atomic_write_leaves_no_temp_file(klabber_home: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    klabber_home.mkdir(parents=True)

    def interrupted(_fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_save(played_session(8).to_save())
    assert list(klabber_home.iterdir()) == [] and atomic._in_flight == set()


def test_stray_temp_files_are_removed_only_when_old(klabber_home: Path) -> None:
    """Another window may be writing a fresh one (drill holds no session lock): it stays."""
    klabber_home.mkdir(parents=True)
    fresh, old = klabber_home / ".stats.json.a1b2.tmp", klabber_home / ".match.json.c3d4.tmp"
    fresh.write_text("{")
    old.write_text("{")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    check_writable()
    assert fresh.exists() and not old.exists()


def test_full_disk_while_copying_aside_leaves_no_truncated_copies(klabber_home: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/2", "decisions": [decision(), {"kind": 5}]})
    before = (klabber_home / stats.STATS_NAME).read_bytes()
    real_write = os.write

    def full(fd: int, data: Any) -> int:
        if len(data) > 10:
            real_write(fd, bytes(data[:10]))
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    for _ in range(3):
        with pytest.raises(OSError):
            copy_aside(klabber_home / stats.STATS_NAME, "damaged")
        from klabber_tui.practice.coaching import record

        from klabber_tui.words.files import said_text

        assert "No space" in (said_text(record(stats.record_decision, "klaberjass", False, "bid", True, 1.0)) or "")
    assert sorted(p.name for p in klabber_home.iterdir()) == sorted([stats.LOCK_NAME, stats.STATS_NAME])
    assert (klabber_home / stats.STATS_NAME).read_bytes() == before


def test_full_disk_while_saving_keeps_the_old_save_and_leaves_no_temp_file(klabber_home: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    write_save(played_session(8).to_save())
    before = (klabber_home / "match.json").read_bytes()

    def full(fd: int, data: Any) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    for _ in range(3):
        with pytest.raises(OSError, match="No space"):
            write_save(played_session(20).to_save())
    assert (klabber_home / "match.json").read_bytes() == before
    assert [p.name for p in klabber_home.iterdir()] == ["match.json"]


# -- newer versions --------------------------------------------------------------------------------


def test_save_of_a_newer_version_is_not_resumed_and_set_aside_untouched(klabber_home: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A klabber-save/2 with fields this version does not know was resumed and rewritten as /1."""
    monkeypatch.setattr(atomic, "stamp", lambda: STAMP)
    newer = {**played_session(8).to_save(), "format": "klabber-save/2", "clock": {"white": 30}}
    write(klabber_home / "match.json", newer)
    original = (klabber_home / "match.json").read_bytes()
    loaded = read_save(check=Session.from_save)
    assert loaded.value is None and loaded.newer == "klabber-save/2" and loaded.moved_to is None
    assert loaded.problem is not None and "klabber-save/2" in note_text(loaded.problem)
    assert (klabber_home / "match.json").read_bytes() == original  # reading touched nothing
    write_save(Session.new(Settings(level="greedy"), "Ann", seed=3).to_save())  # the new match
    aside = klabber_home / f"match.newer-{STAMP}.json"
    assert aside.read_bytes() == original
    assert json.loads((klabber_home / "match.json").read_text(encoding="utf-8"))["format"] == SAVE_FORMAT


def test_save_of_a_newer_version_with_new_is_set_aside_as_newer(klabber_home: Path) -> None:
    write(klabber_home / "match.json", {**played_session(8).to_save(), "format": "klabber-save/7"})
    moved = backup_save()
    assert moved is not None and moved.name.startswith("match.newer-")


def test_settings_of_a_newer_version_are_read_and_never_written(klabber_home: Path) -> None:
    newer = f"{SETTINGS_FAMILY}/{SETTINGS_VERSION + 1}"
    write(klabber_home / "settings.json", {"format": newer, "preset": "clobber", "theme": "dark"})
    original = (klabber_home / "settings.json").read_bytes()
    raw, notes = read_settings()
    assert Settings.from_dict(raw).preset == "clobber" and newer in note_text(notes[0])
    assert settings_read_only() == newer
    with storage_refused("cannot be kept"):
        write_settings(Settings(preset="klaberjass").to_dict())
    assert (klabber_home / "settings.json").read_bytes() == original


def test_settings_of_this_version_are_not_read_only(klabber_home: Path) -> None:
    write_settings(Settings().to_dict())
    assert settings_read_only() is None


def test_statistics_of_a_newer_version_are_shown_and_nothing_is_recorded(klabber_home: Path) -> None:
    write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/9", "decisions": [decision()], "moods": [1]})
    original = (klabber_home / stats.STATS_NAME).read_bytes()
    loaded, message = stats.load()
    message = notes_text(message)
    assert len(loaded.decisions) == 1 and message and "klabber-stats/9" in message
    first = notes_text(stats.record_decision("klaberjass", False, "bid", True, 1.0))
    assert first and "nothing is recorded" in first
    assert stats.record_match("klaberjass", False, True) == []  # said once
    assert (klabber_home / stats.STATS_NAME).read_bytes() == original


def test_finished_match_file_of_a_newer_version_is_not_overwritten(klabber_home: Path) -> None:
    session = finished_session()
    newer = klabber_home / FINISHED_DIR / f"match-{slug(session.id)}.json"
    write(newer, {**session.to_save(), "format": "klabber-save/2"})
    original = newer.read_bytes()
    target = archive_finished(session.to_save())
    assert target != newer and newer.read_bytes() == original


# -- numbers read from files -----------------------------------------------------------------------


@pytest.mark.parametrize("attack, row", [
    ("t_1e18", decision(t=1e18)),
    ("t_1e300", decision(t=1e300)),
    ("t_negative", decision(t=-1.0)),
    ("t_after_2100", decision(t=stats.T_END)),
    ("loss_over_a_thousand", decision(loss=1000.5)),
    ("loss_1_7e308", decision(loss=1.7e308)),
])
def test_absurd_number_in_a_statistics_row_is_left_out_and_counted(klabber_home: Path, attack: str,
                                                                   row: dict[str, Any],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """"t": 1e18 passed the checks and, once compacted, broke every later write; 1e300 crashed
    drill and play; two losses of 1.7e308 crashed klabber stats."""
    monkeypatch.setattr(stats, "ROLL_AT", 4)
    monkeypatch.setattr(stats, "KEEP", 2)
    write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/2", "decisions": [row, row, decision()]})
    loaded, message = stats.load()
    message = notes_text(message)
    assert len(loaded.decisions) == 1 and message and "2 damaged entries" in message
    progress.summaries(loaded)
    for _ in range(5):  # compaction runs: every write still works
        stats.record_decision("klaberjass", False, "bid", True, 1.0)
    again, message = stats.load()
    message = notes_text(message)
    assert message is None and progress.decision_count(again, "bid") == 6


@pytest.mark.parametrize("attack, group", [
    ("n_10_12", rolled(n=10**12, agreed=0, loss=0.0)),
    ("n_zero", rolled(n=0, agreed=0, loss=0.0)),
    ("agreed_over_n", rolled(agreed=5)),
    ("agreed_negative", rolled(agreed=-1)),
    ("loss_over_n_thousand", rolled(loss=4001.0)),
    ("month_13", rolled(period="2026-13")),
    ("month_00", rolled(period="2026-00")),
    ("year_99999", rolled(period="99999-01")),
])
def test_absurd_number_in_a_rolled_row_is_left_out_and_counted(attack: str, group: dict[str, Any]) -> None:
    parsed, dropped = stats._parse({"format": stats.STATS_FORMAT, "rolled": {"decisions": [group, rolled()]}})
    assert dropped == 1 and parsed.rolled["decisions"] == [rolled()]


def test_rolled_row_of_ten_million_builds_what_a_row_of_one_builds() -> None:
    """A rolled-up row with a huge n ran klabber stats for hours: a month's whole windows are now
    added at once, at most MAX_MARKS of them, so its n never sets the work."""
    def built(n: int) -> tuple[int, list[float]]:
        loaded, _ = stats._parse({"format": stats.STATS_FORMAT,
                                  "rolled": {"decisions": [rolled(n=n, agreed=0, loss=2.0 * n)]}})
        values = progress.trend(loaded, "klaberjass", "bid", 20)
        return len(values), sorted(set(values))

    big, one = built(10**7), built(1)
    assert one == (1, [2.0]) and big == (progress.MAX_MARKS, [2.0])
    assert progress.summaries(stats._parse({"format": stats.STATS_FORMAT, "rolled": {"decisions": [
        rolled(n=10**7, agreed=0, loss=2e7)]}})[0])[0].bid_loss == 2.0


def test_rolled_sums_that_would_pass_ten_million_start_a_second_row(klabber_home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer never writes an n the reader refuses: a month twice over 10**7 stays two rows."""
    big = rolled(n=6 * 10**6, agreed=0, loss=0.0)
    write(klabber_home / stats.STATS_NAME, {"format": stats.STATS_FORMAT, "rolled": {"decisions": [big, big]}})
    stats.record_match("klaberjass", False, True)
    loaded, message = stats.load()
    message = notes_text(message)
    assert message is None and [g["n"] for g in loaded.rolled["decisions"]] == [6 * 10**6, 6 * 10**6]


def test_writer_keeps_its_numbers_in_the_readers_ranges(klabber_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: 9e12)  # a clock far past 2100
    stats.record_decision("klaberjass", False, "bid", False, 1e9)
    loaded, message = stats.load()
    message = notes_text(message)
    (row,) = loaded.decisions
    assert message is None and row["t"] < stats.T_END and row["loss"] == stats.MAX_LOSS


def test_many_made_up_presets_cost_one_pass_not_rows_times_presets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many made-up preset names made klabber stats slow in rows x presets: count the rows read."""
    from klabber_tui.ui.screens import stats as page

    rows = 3000
    loaded, _ = stats._parse({"format": stats.STATS_FORMAT,
                              "decisions": [decision(preset=f"made-up-{k}") for k in range(rows)]})
    read = 0
    real = progress.counted

    def counted(s: stats.Stats, table: str) -> Any:
        nonlocal read
        for item in real(s, table):
            read += 1
            yield item

    monkeypatch.setattr(progress, "counted", counted)
    page.stats_report(loaded)
    shown, hidden = page.shown_presets(loaded)
    for preset in shown:
        page.trends(loaded, preset)
    assert hidden == rows - page.MAX_PRESETS_SHOWN
    assert read <= 6 * rows  # a few passes in all (rows x presets would be 9,000,000 here)


def test_viewing_an_over_size_statistics_file_changes_nothing(klabber_home: Path) -> None:
    """klabber stats moved an over-size file aside: viewing never changes a file."""
    write(klabber_home / stats.STATS_NAME, '{"format": "klabber-stats/3", "pad": "' + "x" * (16 << 20) + '"}')
    done = subprocess.run([sys.executable, "-m", "klabber_tui.cli", "stats"], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "KLABBER_HOME": str(klabber_home), "COLUMNS": "80"})
    assert done.returncode == 0 and "too large" in done.stdout.replace("\n", " ")
    assert sorted(p.name for p in klabber_home.iterdir()) == [stats.STATS_NAME]


# -- klabber-stats/3 -------------------------------------------------------------------------------


def test_bid_taken_back_with_undo_leaves_the_statistics_and_its_replacement_counts_once(
        klabber_home: Path) -> None:
    """A bidding decision taken back with undo stayed in the statistics, and the one made in its
    place was counted too."""
    from klabber_tui.practice import coaching

    session = Session(Match(RuleSet.from_preset("klaberjass", {"target": 300}), 5), ("Ann", "greedy"), "greedy")
    while session.deal.to_act != session.seat:
        from ai.registry import make_bot

        session.apply(session.deal.to_act, make_bot("greedy").choose(session.bot_view(), 1))
    position = coaching.position_of(session)
    stats.record_decision("klaberjass", False, "bid", False, 3.0, match=position.match, deal=position.deal,
                          action_index=position.action_index, seat=position.seat, stage=position.stage,
                          action="take")
    session.apply(session.seat, "take" if "take" in session.view().legal else session.view().legal[0])
    taken_back = coaching.undo(session)
    assert taken_back == (session.id, position.deal, [position.action_index])
    assert coaching.forget_taken_back(*taken_back) == ()
    assert stats.load()[0].decisions == []
    again = coaching.position_of(session)
    assert again == position
    for _ in range(2):  # recorded twice at the same id (a late worker): one row
        stats.record_decision("klaberjass", True, "bid", True, 0.0, match=again.match, deal=again.deal,
                              action_index=again.action_index, seat=again.seat, stage=again.stage, action="pass")
    (row,) = stats.load()[0].decisions
    assert row["practice"] is True and row["action"] == "pass"
    assert row["situation"] == f"round-one-{position.seat}" and row["stage"] == "bidding_round_one"


def test_decisions_get_their_deals_outcome_when_the_deal_ends(klabber_home: Path) -> None:
    for k in range(3):
        stats.record_decision("klaberjass", False, "bid", True, 0.0, match="m1", deal=2, action_index=k,
                              seat="elder", stage="bidding_round_two")
    stats.record_decision("klaberjass", False, "card", True, 0.0, match="m1", deal=3, action_index=0,
                          seat="elder", stage="play")
    stats.record_deal("klaberjass", False, "player", "bust", match="m1", deal=2)
    stats.record_decision("klaberjass", False, "card", True, 0.0, match="m1", deal=2, action_index=7,
                          seat="elder", stage="play")  # judged after its deal ended: it gets the outcome too
    loaded, message = stats.load()
    message = notes_text(message)
    assert message is None
    assert [(d["outcome"], d["maker"], d["situation"]) for d in loaded.decisions] == [
        ("bust", "player", "round-two-elder")] * 3 + [(None, None, None), ("bust", "player", None)]
    assert loaded.deals[0]["id"] == {"match": "m1", "deal": 2}


def test_statistics_of_versions_one_and_two_read_as_situation_not_recorded(klabber_home: Path) -> None:
    write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/1", "decisions": [decision()]})
    loaded, message = stats.load()
    message = notes_text(message)
    assert message is None and loaded.decisions[0].get("situation") is None
    stats.record_decision("klaberjass", False, "bid", True, 1.0)  # upgraded on the next write
    written = json.loads((klabber_home / stats.STATS_NAME).read_text(encoding="utf-8"))
    assert written["format"] == "klabber-stats/4" and len(written["decisions"]) == 2


def test_situations_by_stage_and_seat() -> None:
    """rules.md §2 (the elder speaks first), §4.3 (naming after a refused schmeiss)."""
    assert stats.situation_of("bidding_round_one", "elder") == "round-one-elder"
    assert stats.situation_of("bidding_round_one", "dealer") == "round-one-dealer"
    assert stats.situation_of("bidding_round_two", "dealer") == "round-two-dealer"
    assert stats.situation_of("schmeiss_answer", "dealer") == "schmeiss-answer"
    assert stats.situation_of("naming", "elder") == "naming-after-refusal"
    assert stats.situation_of("play", "elder") is None


# -- one file per finished match -------------------------------------------------------------------


def test_finished_match_saved_again_by_every_key_is_one_file(klabber_home: Path) -> None:
    """Every finished match landed in finished/ two or three times (…-7233-1.json, …-7233-2.json):
    the app saves after each change, and each key after the last action archived it again."""
    save = finished_session().to_save()
    paths = {archive_finished(save) for _ in range(3)}
    assert len(paths) == 1 and [p.name for p in (klabber_home / "finished").iterdir()] == [paths.pop().name]


def test_export_from_a_folder_holding_duplicates_writes_each_match_once(klabber_home: Path, tmp_path: Path) -> None:
    session = finished_session()
    save = {**session.to_save(), "format": SAVE_FORMAT}
    base = klabber_home / "finished" / f"match-{slug(session.id)}"
    for suffix in ("", "-1", "-2"):  # what earlier versions left
        write(Path(f"{base}{suffix}.json"), save)
    written = export_records(tmp_path / "out")
    assert len(written) == len(session.match.records) == len(set(written))
    assert len(list((klabber_home / "finished").iterdir())) == 3  # the duplicates are left as they are


# -- a data folder that cannot be reached ----------------------------------------------------------


def test_klabber_home_with_a_part_over_255_bytes_is_a_storage_error(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / ("x" * 300)))
    for call in (data_dir, check_writable):
        with storage_refused("cannot be made: File name too long"):
            call()
    assert stats.load()[1]  # viewing says it, never raises


def test_klabber_home_under_a_folder_without_search_permission_is_a_storage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root (the tests' user) chmod stops nothing, so the refusal the system gives is injected."""
    locked = tmp_path / "locked"
    locked.mkdir()
    monkeypatch.setenv("KLABBER_HOME", str(locked / "klabber"))
    real = os.stat

    def refuse(path: Any, *args: Any, **kwargs: Any) -> Any:
        if str(path).startswith(str(locked)):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", refuse)
    with storage_refused("cannot be made: Permission denied"):
        data_dir()


# -- the property: any number anywhere is a load or a counted refusal, in work linear in the file ---

_number = st.one_of(st.integers(-10**40, 10**40), st.floats(allow_nan=False, allow_infinity=False),
                    st.sampled_from([0, 1, 10**7, 10**7 + 1, 10**12, 1e18, 1e300, 1.7e308, -0.0, stats.T_END]),
                    st.booleans(), st.none())


def _or_number(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(valid, _number)


_ids = st.fixed_dictionaries({"match": st.just("m"), "deal": _or_number(st.integers(1, 9)),
                              "action": _or_number(st.integers(0, 40))})
_decisions = st.fixed_dictionaries(
    {"t": _or_number(st.floats(0, 4e9)), "preset": st.sampled_from(["klaberjass", "clobber"]),
     "practice": st.booleans(), "kind": st.sampled_from(["bid", "card"]), "agreed": _or_number(st.booleans()),
     "loss": _or_number(st.floats(0, 1000))},
    optional={"id": _or_number(_ids), "seat": st.sampled_from(["elder", "dealer", None]),
              "outcome": st.sampled_from(["made", "bust", None])})
_rolled = st.fixed_dictionaries(
    {"period": st.sampled_from(["2026-01", "2099-12", "2026-13", "1969-12"]),
     "preset": st.sampled_from(["klaberjass", "clobber"]), "practice": st.booleans(), "kind": st.just("bid"),
     "n": _or_number(st.integers(1, 10**7)), "agreed": _or_number(st.integers(0, 10)),
     "loss": _or_number(st.floats(0, 10**4))})
_deals = st.fixed_dictionaries({"t": _or_number(st.floats(0, 4e9)), "preset": st.just("klaberjass"),
                                "practice": st.booleans(), "maker": st.sampled_from(["player", None]),
                                "outcome": st.sampled_from(["made", "bust"])},
                               optional={"id": _or_number(st.fixed_dictionaries({"match": st.just("m"),
                                                                                  "deal": _number}))})
_matches = st.fixed_dictionaries({"t": _or_number(st.floats(0, 4e9)), "preset": st.just("clobber"),
                                  "practice": st.booleans(), "won": _or_number(st.booleans())})


def _in_range(doc: dict[str, Any]) -> int:
    """How many rows of ``doc`` hold only numbers in the ranges issue 21 sets (worked out here, apart
    from the loader): t in [0, 2100), loss 0..10**3 (n x 10**3 rolled), n 1..10**7, 0 <= agreed <= n,
    deal numbers >= 1 and action indices >= 0 (at most 10**5), a month 01..12 of 1970..2099."""
    def number(v: Any) -> bool:
        return type(v) in (int, float)

    def integer(v: Any) -> bool:
        return type(v) is int

    def t_ok(row: dict[str, Any]) -> bool:
        return number(row["t"]) and 0 <= row["t"] < 4102444800

    def id_ok(ident: Any, fields: tuple[str, ...]) -> bool:
        return ident is None or (isinstance(ident, dict) and all(
            integer(ident[f]) and (1 if f == "deal" else 0) <= ident[f] <= 10**5 for f in fields))

    good = 0
    for row in doc["decisions"]:
        good += (t_ok(row) and type(row["agreed"]) is bool and number(row["loss"]) and 0 <= row["loss"] <= 1000
                 and id_ok(row.get("id"), ("deal", "action")))
    for row in doc["deals"]:
        good += t_ok(row) and id_ok(row.get("id"), ("deal",))
    for row in doc["matches"]:
        good += t_ok(row) and type(row["won"]) is bool
    for row in doc["rolled"]["decisions"]:
        year, month = row["period"].split("-")
        good += (integer(row["n"]) and 1 <= row["n"] <= 10**7 and integer(row["agreed"])
                 and 0 <= row["agreed"] <= row["n"] and number(row["loss"]) and 0 <= row["loss"] <= row["n"] * 1000
                 and 1970 <= int(year) <= 2099 and 1 <= int(month) <= 12)
    return good


@hsettings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({
    "format": st.sampled_from(["klabber-stats/1", "klabber-stats/2", "klabber-stats/3"]),
    "decisions": st.lists(_decisions, max_size=8), "deals": st.lists(_deals, max_size=4),
    "matches": st.lists(_matches, max_size=4),
    "rolled": st.fixed_dictionaries({"decisions": st.lists(_rolled, max_size=6)})}))
@pytest.mark.slow
def test_arbitrary_numbers_in_every_statistics_field_load_or_are_counted_within_the_files_work(
        doc: dict[str, Any]) -> None:
    from klabber_tui.data.files import loads_strict
    from klabber_tui.ui.screens import stats as page

    content = json.dumps(doc)
    rows = sum(len(doc[t]) for t in stats.TABLES) + len(doc["rolled"]["decisions"])
    parsed, dropped = stats._parse(loads_strict(content))
    kept = sum(len(getattr(parsed, t)) for t in stats.TABLES) + len(parsed.rolled["decisions"])
    assert dropped == rows - _in_range(doc) and kept <= rows - dropped  # months of one key merge
    read = 0
    real = progress.counted

    def counted(s: stats.Stats, table: str) -> Any:
        nonlocal read
        for item in real(s, table):
            read += 1
            yield item

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(progress, "counted", counted)
        page.stats_report(parsed)
        for preset in ("klaberjass", "clobber", None):
            for kind in ("bid", "card"):
                n, window = page.trend_window(parsed, kind, preset)
                assert len(progress.trend(parsed, preset, kind, window)) <= progress.MAX_MARKS
    assert read <= 6 * kept <= len(content)  # one pass for the tables, one for the trends' index
    with pytest.MonkeyPatch.context() as patch:  # compacted as the writer compacts, early
        patch.setattr(stats, "ROLL_AT", 3)
        patch.setattr(stats, "KEEP", 1)
        parsed.compact()
    _again, dropped_again = stats._parse(json.loads(parsed.to_json()))
    assert dropped_again == 0  # the writer never writes what the reader refuses  # the writer never writes what the reader refuses


def test_without_dir_fd_or_o_nofollow_the_game_still_saves_and_sets_aside(klabber_home: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """What only POSIX has is used behind a check: with neither (Windows), the same steps run on
    paths and everything still works."""
    monkeypatch.setattr(atomic, "_DIR_FD", False)
    monkeypatch.setattr(atomic, "_LINK_DIR_FD", False)
    monkeypatch.setattr(atomic, "_NOFOLLOW", 0)
    check_writable()
    session = played_session(8)
    write_save(session.to_save())
    assert read_save(check=Session.from_save).value.match.records == session.match.records
    write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/2", "decisions": [decision(), {"kind": 5}]})
    message = notes_text(stats.record_match("klaberjass", False, True))
    assert message and list(klabber_home.glob("stats.damaged-*.json"))
    archive_finished(finished_session().to_save())
    assert len(list((klabber_home / "finished").iterdir())) == 1
    log = crashlog.write_crash_log(RuntimeError("x"), ["stats"])
    assert log is not None and log.parent == klabber_home / crashlog.LOG_FOLDER


@pytest.mark.slow
async def test_settings_screen_over_a_newer_settings_file_says_changes_cannot_be_kept(klabber_home: Path) -> None:
    from textual.widgets import Label

    from klabber_tui.ui.app import KlabberApp
    from klabber_tui.ui.screens.settings import SettingsScreen

    write(klabber_home / "settings.json", {"format": "klabber-settings/4", "level": "greedy"})
    app = KlabberApp(Settings(level="greedy"), "Tester", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        label = app.screen.query_one("#settings-not-kept", Label)
        assert "klabber-settings/4" in str(label.render()) and "cannot be kept" in str(label.render())
