import pytest


@pytest.fixture(autouse=True)
def klabber_home(tmp_path, monkeypatch):
    """Every UI test gets its own data folder."""
    home = tmp_path / "klabber-home"
    monkeypatch.setenv("KLABBER_HOME", str(home))
    return home
