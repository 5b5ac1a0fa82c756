"""Settings for the whole suite.

Issue 12: the language follows ``--lang``, then the setting, then the locale. The suite's expected
words are English, so the locale of the machine that runs it must not choose Russian: ``LC_ALL`` is
set (it outranks ``LC_MESSAGES`` and ``LANG``) before any test, and subprocesses inherit it. Tests of
the Russian pass ``--lang ru`` or set the locale themselves; the language is English again after each.

Issue 30: the suite runs on two xdist workers unless told otherwise. ``-n 2 --dist worksteal`` is
added here, not in ``addopts``, and only when xdist is loaded and no ``-n`` was given, so that one test
runs alone with ``-p no:xdist`` or ``-n 0`` (README, "Running the tests").

Test helpers are imported one way: ``tests`` is a package (an ``__init__.py`` in each folder) and every
module imports absolutely from the repository's root, ``from tests.support.helpers import …``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

pytest_plugins = ["tests.support.fixtures"]  # klabber_home, a_terminal: asked for by name


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Two workers by default (the cores CI has; an idle one takes tests queued for the other): what
    ``-n 2 --dist worksteal`` did in ``addopts``, before xdist reads the options (its own hook runs
    after this one). Not with ``-p no:xdist``, an explicit ``-n`` (``-n 0``: in this process), nor
    in a worker."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.numprocesses is None:
        config.option.numprocesses = 2
        if config.option.dist == "no":
            config.option.dist = "worksteal"


def pytest_configure(config: pytest.Config) -> None:
    os.environ["LC_ALL"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that changed the language (``i18n.set_language``, as ``--lang`` does) leaves English behind it."""
    yield
    from klabber_tui.words import i18n

    i18n.set_language("en")


@pytest.fixture(autouse=True)
def recording_after_each_test() -> Iterator[None]:
    """``klabber play`` and ``klabber drill`` over a data folder that cannot be used stop recording the
    statistics and the mistake deck for the rest of the process: a test running them in-process gives
    both back, so later tests of the same worker record again."""
    yield
    from klabber_tui.data import mistakes, stats

    stats.recording = mistakes.recording = True


@pytest.fixture
def reword(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Replace a function of the words (``klabber_tui.words``) everywhere it was imported, so a test can
    try other words (longer ones, another preset's title) on every screen and page that shows them."""
    import sys

    def replace(function: object, replacement: object) -> None:
        name = function.__name__  # type: ignore[attr-defined]
        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").startswith("klabber_tui.") and getattr(module, name, None) is function:
                monkeypatch.setattr(module, name, replacement)
    return replace
