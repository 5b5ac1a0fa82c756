"""Issue 11: ``klabber bench`` times "coach after each bid" at the verdict level: cold (the
evaluation starts at the bid) and with the evaluation made while the player thinks; the figures it
had before keep their keys."""

from __future__ import annotations

import json

import pytest

from ai import bench, registry
from klabber_tui.cli import main as cli

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


def test_bench_times_the_verdict_after_a_bid_cold_and_ahead(monkeypatch, capsys) -> None:
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")  # read when the bench runs: the figures say so
    assert cli.main(["bench", "--decisions", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert {"playouts_per_s", "solve_ms", "decisions", "cold_start_ms", "peak_rss_mb", "cpus"} <= figures.keys()
    verdict = figures["coach_after_bid"]
    assert verdict["level"] == "easy" and verdict["positions"] == 2
    cold = verdict["cold_ms"]
    assert set(cold) == {"median", "p95", "max"} and 0 < cold["median"] <= cold["p95"] <= cold["max"]
    assert set(verdict["ahead_ms"]) == {str(t) for t in bench.THINK_SECONDS} == {"0", "2"}
    assert verdict["ahead_ms"]["0"] == cold  # no time to think: the wait is the whole evaluation
    assert verdict["ahead_ms"]["2"]["max"] <= cold["max"]  # thinking time is taken off, never added


def test_bench_text_has_a_line_per_verdict_figure(monkeypatch, capsys) -> None:
    monkeypatch.setattr(registry, "VERDICT_LEVEL", "easy")
    assert cli.main(["bench", "--decisions", "1"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Coach after each bid at easy")]
    assert len(lines) == 3 and "from the bid" in lines[0] and "thinks 0 s" in lines[1] and "thinks 2 s" in lines[2]
