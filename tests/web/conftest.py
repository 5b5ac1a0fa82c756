"""tests/web (issue 34): the browser test drives the system's Chromium through pytest-playwright
(Playwright's own browser download is not used: .ci/run installs Debian's chromium)."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def system_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(pytestconfig: pytest.Config) -> dict[str, Any]:
    """pytest-playwright's launch arguments: the system's Chromium, or the test skips, naming the
    package."""
    executable = system_chromium()
    if executable is None:
        pytest.skip("needs the system's Chromium: the Debian package chromium (apt-get install chromium; "
                    ".ci/run installs it)")
    return {"executable_path": executable, "args": ["--no-sandbox"]}
