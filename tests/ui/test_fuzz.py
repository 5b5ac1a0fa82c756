"""Random keys and clicks never raise (scripts/tui_fuzz.py runs the long version, 10,000+)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "tui_fuzz.py"
_spec = importlib.util.spec_from_file_location("tui_fuzz", _SCRIPT)
assert _spec and _spec.loader
tui_fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tui_fuzz)


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_keys_and_clicks_never_raise(seed: int, klabber_home) -> None:
    stats = await tui_fuzz.fuzz(250, seed)
    assert stats["keys"] > 150


async def test_random_keys_with_full_statistics_and_under_the_size_notice_never_raise(klabber_home) -> None:
    """Issue 8: the S page over a full statistics file, and keys under the size notice (which must not
    move the game: ``small_presses`` checks it) never raise."""
    stats = await tui_fuzz.fuzz(150, 3, small=0.3, with_stats=True)
    assert stats["small"] >= 10 and stats["keys"] > 80


async def test_random_keys_in_the_drill_never_raise(klabber_home) -> None:
    """Issue 8: wrong keys in the drill, on its pages and under the size notice never raise."""
    stats = await tui_fuzz.fuzz_drill(120, 1, small=0.3)
    assert stats["keys"] > 80 and stats["small"] >= 10 and stats["answers"] >= 1
