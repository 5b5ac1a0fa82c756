import pytest


@pytest.fixture(autouse=True)
def klabber_home(tmp_path, monkeypatch):
    """Every UI test gets its own data folder."""
    home = tmp_path / "klabber-home"
    monkeypatch.setenv("KLABBER_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def a_terminal(monkeypatch):
    """UI tests stand in for the terminal (the app runs headless, or its ``run`` is replaced), so
    ``klabber play`` and ``drill`` called in-process are not refused for want of one (issue 21)."""
    from klabber_tui.cli import process

    monkeypatch.setattr(process, "has_terminal", lambda: True)
