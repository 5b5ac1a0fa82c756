"""research/ladder.py (issue 31, item 4): the interval clustered by match worked by hand, the recorded loss
as the statistics keep it, and one short match collected end to end (one deal, the cheapest level)."""

from __future__ import annotations

import io
import json
import math

import pytest

from ai import registry
from research import ladder


def test_clustered_interval_by_hand() -> None:
    # matches A: 1, 3 (two deals); B: 2; C: 0. n = 4, mean 6/4 = 1.5; residuals T_g - m·n_g: 4 - 3 = 1,
    # 2 - 1.5 = 0.5, 0 - 1.5 = -1.5; var = 3/2 · (1 + 0.25 + 2.25) / 16 = 0.328125, se 0.57282;
    # t(2) = 4.30265: half-width 2.46466, so [-0.96, 3.96], held at 0 below. sd of 1, 3, 2, 0: √(5/3).
    rows = [{"seed": 1, "match": m, "deal": d, "loss": x} for m, d, x in ((0, 1, 1.0), (0, 2, 3.0), (1, 1, 2.0), (2, 1, 0.0))]
    got = ladder.clustered_interval(rows)
    assert (got["n"], got["matches"], got["deals"]) == (4, 3, 4)
    assert got["mean"] == 1.5 and got["se"] == pytest.approx(0.5728, abs=1e-4)
    assert got["low"] == 0.0 and got["high"] == pytest.approx(1.5 + 2.4647, abs=1e-3)
    assert got["sd"] == pytest.approx(math.sqrt(5 / 3), abs=1e-4)
    # independent decisions would give sd²/n = (5/3)/4 = 0.41667: design effect 0.328125/0.41667 = 0.7875
    assert got["deff"] == pytest.approx(0.7875, abs=1e-3)


def test_recorded_loss_is_the_statistics_row() -> None:
    assert ladder.recorded_loss(-0.4) == 0.0
    assert ladder.recorded_loss(2.345678) == 2.35
    assert ladder.recorded_loss(5000.0) == 1000.0


def test_one_deal_collected_at_the_registry_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of the player with a choice gets one row, judged at the registry's level read
    when it runs (so a change of the verdict level reaches the ladder too)."""
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")
    out = io.StringIO()
    deals, decisions = ladder.play_match("klaberjass", "beginner", 5, 0, "easy", "easy", out, max_deals=1)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert deals == 1 and len(rows) == decisions == 2  # this seed gives the player two bidding choices
    for row in rows:
        assert row["judge"] == "easy" and row["level"] == "beginner" and row["deal"] == 1
        assert row["loss"] == ladder.recorded_loss(row["raw_loss"]) and row["standing"] == [0, 0, 500]
