"""The calibration and match-model scripts' command lines (issue 24): ``collect --forced`` takes its
arguments, ``report --json`` prints only the buckets as a JSON array (using the map the game ships),
and the match model's ``check`` buckets its predictions the same way. No bot is run here."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ai.calibration import calibrated
from research import calibrate_coach, match_model

BUCKET_KEYS = {"bucket", "n", "predicted", "realised", "low", "high"}


def test_collect_forced_takes_the_issues_arguments() -> None:
    args = calibrate_coach.build_parser().parse_args(
        ["collect", "--forced", "--rules", "kalabriasz", "--seed", "7", "--deals", "150", "--jobs", "2", "--out", "f"])
    assert (args.forced, args.rules, args.seed, args.deals, args.jobs, args.out) == (True, "kalabriasz", 7, 150, 2, "f")
    assert args.run is calibrate_coach.collect


def test_report_json_is_only_the_buckets_with_the_shipped_map(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    rows = [{"p": 0.05, "made": False}, {"p": 0.05, "made": True}, {"p": 0.42, "made": True}, {"p": 0.97, "made": True}]
    data = tmp_path / "f.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    args = calibrate_coach.build_parser().parse_args(["report", str(data), "--json"])
    args.run(args)
    table = json.loads(capsys.readouterr().out)  # nothing but the array
    assert isinstance(table, list) and all(set(r) == BUCKET_KEYS for r in table)
    low = calibrated(0.05)
    first = table[0]
    assert first["bucket"] == f"{math.floor(low * 10) / 10:.1f}-{math.floor(low * 10) / 10 + 0.1:.1f}"
    assert first["n"] == 2 and first["realised"] == 0.5 and first["predicted"] == round(low, 4)
    assert first["low"] < 0.5 < first["high"]  # Wilson 95% of 1 in 2
    assert sum(r["n"] for r in table) == len(rows)


def test_wilson_interval_by_hand() -> None:
    """8 of 10: centre (0.8 + 1.96²/20) / (1 + 1.96²/10), the usual Wilson bounds 0.490 .. 0.943."""
    low, high = calibrate_coach.wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943


def test_match_model_check_reads_the_elders_standing(tmp_path: Path) -> None:
    """One match: the elder of the first deal (player 1, dealer 0) won it; its prediction is the
    model's chance for the elder from 0-0."""
    row = {"match": 0, "number": 1, "dealer": 0, "before": [0, 0], "elder": 100, "dealer_points": 62,
           "maker": "elder", "outcome": "made", "winner": 1, "rules": "klaberjass", "target": 500}
    pairs = match_model.check_rows([row])
    assert len(pairs) == 1 and pairs[0][1] is True and 0.3 < pairs[0][0] < 0.7
