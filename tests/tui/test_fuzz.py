"""Random keys and clicks never raise (scripts/tui_fuzz.py runs the long version, 10,000+)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "tui_fuzz.py"
_spec = importlib.util.spec_from_file_location("tui_fuzz", _SCRIPT)
assert _spec and _spec.loader
tui_fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tui_fuzz)


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_keys_and_clicks_never_raise(seed: int, klabber_home) -> None:
    stats = await tui_fuzz.fuzz(250, seed)
    assert stats["keys"] > 150
