"""Fixtures shared by the folders (registered in tests/conftest.py): a test asks for them by name, or
a folder's conftest or a module's ``pytestmark`` puts them under each of its tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def klabber_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own data folder."""
    home = tmp_path / "klabber-home"
    monkeypatch.setenv("KLABBER_HOME", str(home))
    return home


@pytest.fixture
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """UI tests stand in for the terminal (the app runs headless, or its ``run`` is replaced), so
    ``klabber play`` and ``drill`` called in-process are not refused for want of one (issue 21)."""
    from klabber_tui.cli import process

    monkeypatch.setattr(process, "has_terminal", lambda: True)


# What every UI test had from tests/ui/conftest.py, for the modules that left tests/ui for their room.
as_a_ui_test = pytest.mark.usefixtures("klabber_home", "a_terminal")
