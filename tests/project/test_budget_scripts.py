"""The budget scripts still run against today's code (issue 24's figures come from them): one
position each, no figure judged here (speed is measured by the scripts, never by a test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_coach_budgets_runs_and_prints_its_figures() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "coach_budgets.py"), "--positions", "1", "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=True)
    figures = json.loads(done.stdout)
    for standing in ("no_standing", "standing_380_420_of_500"):
        assert set(figures[standing]) == {"verdict_after_bid_ms", "coach_page_bid_ms", "coach_page_card_ms", "positions"}
        assert figures[standing]["verdict_after_bid_ms"]["max"] > 0
