"""The sample records shipped in assets replay (read as package data, as an installed game would)."""

import json
from importlib.resources import files

from engine.record import parse_record, replay, result_json


def test_sample_records_replay() -> None:
    records = [p for p in (files("assets") / "records").iterdir() if p.name.endswith(".json")]
    assert len(records) >= 5
    for path in records:
        result = result_json(replay(parse_record(json.loads(path.read_text(encoding="utf-8")))))
        assert result["outcome"] in ("made", "tie", "bust"), path.name


def test_seed000_sample_matches_the_worked_hand() -> None:
    """rules.md §6.2 example (deal-record examples): dealer 120, elder 31 under natural order."""
    obj = json.loads((files("assets") / "records" / "clobber-seed000-hand.json").read_text(encoding="utf-8"))
    result = result_json(replay(parse_record(obj)))
    assert (result["dealer"]["total"], result["elder"]["total"]) == (120, 31)
