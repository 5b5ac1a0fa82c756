"""Issue 31, item 2: what a match's report needs is recorded while playing (``klabber-stats/4``):
a decision's standard error and value, a deal's value, a match's id; a version-3 file still reads,
and a later version is never written (data/stats.py's rules)."""

from __future__ import annotations

import json
from pathlib import Path

from klabber_tui.data import stats


def _write(path: Path, obj: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(obj), encoding="utf-8")


def test_a_decision_keeps_its_standard_error_and_value_and_the_deal_takes_the_first_decisions_value(
        klabber_home: Path) -> None:
    # the player's decisions of deal 1, recorded out of order (a card judged before a late bid)
    stats.record_decision("klaberjass", False, "card", True, 0.0, match="m1", deal=1, action_index=9,
                          seat="elder", stage="play", se=0.0, value=-12.0)
    stats.record_decision("klaberjass", False, "bid", False, 14.256, match="m1", deal=1, action_index=2,
                          seat="elder", stage="bidding_round_one", action="pass", se=3.333, value=41.5)
    stats.record_decision("klaberjass", False, "bid", True, 0.0, match="m1", deal=2, action_index=0,
                          seat="dealer", stage="bidding_round_one", se=0.0, value=-80.0)
    stats.record_deal("klaberjass", False, "bot", "made", match="m1", deal=1)
    stats.record_match("klaberjass", False, False, match="m1")
    written = json.loads((klabber_home / stats.STATS_NAME).read_text(encoding="utf-8"))
    assert written["format"] == "klabber-stats/4"
    bid = written["decisions"][1]
    assert (bid["loss"], bid["se"], bid["value"]) == (14.26, 3.33, 41.5)  # two decimals, as the loss
    # deal 1's value: its lowest action index holding one (index 2, 41.5), not deal 2's
    assert written["deals"][0]["value"] == 41.5
    assert written["matches"][0]["id"] == {"match": "m1"}
    assert stats.load()[1] == []


def test_a_deal_without_a_judged_decision_has_no_value(klabber_home: Path) -> None:
    stats.record_deal("klaberjass", False, None, "thrown_in", match="m1", deal=1)
    (deal,) = stats.load()[0].deals
    assert "value" not in deal


def test_a_version_three_file_still_reads_and_is_written_as_four(klabber_home: Path) -> None:
    row = {"t": 1764670000.0, "preset": "klaberjass", "practice": False, "kind": "bid", "agreed": False,
           "loss": 20.0, "id": {"match": "old", "deal": 1, "action": 0}, "seat": "elder",
           "stage": "bidding_round_one", "situation": "round-one-elder", "action": "pass",
           "maker": "bot", "outcome": "made"}
    _write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/3", "decisions": [row],
                                             "deals": [], "matches": []})
    loaded, notes = stats.load()
    assert notes == [] and loaded.decisions == [row]
    stats.record_match("klaberjass", False, True, match="old")
    written = json.loads((klabber_home / stats.STATS_NAME).read_text(encoding="utf-8"))
    assert written["format"] == "klabber-stats/4" and written["decisions"] == [row]


def test_values_out_of_range_are_refused_by_the_reader(klabber_home: Path) -> None:
    base = {"t": 1764670000.0, "preset": "klaberjass", "practice": False, "kind": "bid", "agreed": True,
            "loss": 0.0}
    rows = [dict(base, se=-1.0), dict(base, value=10**4 + 1), dict(base, se=2.0, value=-10**4)]
    _write(klabber_home / stats.STATS_NAME, {"format": "klabber-stats/4", "decisions": rows})
    loaded, notes = stats.load()
    assert loaded.decisions == [rows[2]] and [n.code for n in notes] == ["stats_dropped"]


def test_a_newer_file_is_never_written(klabber_home: Path) -> None:
    text = json.dumps({"format": "klabber-stats/5", "decisions": [], "deals": [], "matches": []})
    (klabber_home).mkdir(parents=True, exist_ok=True)
    (klabber_home / stats.STATS_NAME).write_text(text, encoding="utf-8")
    stats.record_match("klaberjass", False, True, match="m9")
    assert (klabber_home / stats.STATS_NAME).read_text(encoding="utf-8") == text
