"""Issue 24: "Coach after each bid" is on for a new player and, once, for every present one: every
settings file before version 2 holds the old default (off), so reading one turns the coach on with a
notice and writes the file at the new version; from then on the player's own choice is kept."""

from __future__ import annotations

import json
from pathlib import Path

from klabber_tui.cli import main as cli
from klabber_tui.data.settings import SETTINGS_NAME, read_settings
from klabber_tui.ui.app import KlabberApp
from klabber_tui.practice.session import Settings
from klabber_tui.words.files import note_text
from tests.support.fixtures import as_a_ui_test

pytestmark = as_a_ui_test  # its own data folder and a terminal, as in tests/ui (tests/support/fixtures.py)


def _write(path: Path, obj: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj), encoding="utf-8")


def test_a_new_player_has_the_coach_on() -> None:
    assert Settings().coach_bids is True
    raw, notes = read_settings()  # no settings file yet
    assert raw == {} and notes == [] and Settings.repaired(raw)[0].coach_bids is True


def test_a_first_version_file_is_turned_on_once_with_a_notice(klabber_home: Path) -> None:
    path = klabber_home / SETTINGS_NAME
    _write(path, {"level": "hard", "coach_bids": False, "preset": "clobber"})  # version 1: no stamp
    raw, notes = read_settings()
    assert raw["coach_bids"] is True and len(notes) == 1 and "Coach after each bid" in note_text(notes[0])
    settings, repairs = Settings.repaired(raw)
    assert settings.coach_bids is True and settings.level == "hard" and settings.preset == "clobber"
    assert repairs == []
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["format"] == "klabber-settings/2" and on_disk["coach_bids"] is True
    assert on_disk["level"] == "hard" and on_disk["preset"] == "clobber"
    again, notes = read_settings()  # once only
    assert notes == [] and again["coach_bids"] is True


def test_the_players_choice_at_the_new_version_is_kept(klabber_home: Path) -> None:
    _write(klabber_home / SETTINGS_NAME, {"coach_bids": False, "format": "klabber-settings/2"})
    raw, notes = read_settings()
    assert notes == [] and Settings.repaired(raw)[0].coach_bids is False


def test_the_notice_reaches_the_game(klabber_home: Path, monkeypatch) -> None:
    _write(klabber_home / SETTINGS_NAME, {"coach_bids": False, "level": "greedy"})
    apps: list[KlabberApp] = []
    monkeypatch.setattr(KlabberApp, "run", lambda self, *a, **k: apps.append(self))
    assert cli.main(["play", "--lang", "en"]) == 0
    assert apps[0].settings.coach_bids is True
    assert any("Coach after each bid" in note and "v shows why" in note for note in apps[0].notices)
