import pytest


@pytest.fixture(autouse=True)
def a_ui_test(klabber_home, a_terminal) -> None:
    """Every UI test gets its own data folder (``klabber_home``) and stands in for the terminal
    (``a_terminal``): tests/support/fixtures.py."""
