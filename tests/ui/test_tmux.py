"""The real `klabber play` in tmux: scripts/tmux_play_check.sh (skipped where tmux is missing)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "tmux_play_check.sh"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_klabber_play_in_tmux() -> None:
    env = {"KLABBER": f"{sys.executable} -m klabber_tui.cli", "PATH": "/usr/bin:/bin:/usr/local/bin"}
    done = subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, env=env, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "OK: klabber play in tmux" in done.stdout
