"""What if (issue 25): a decision of a record made another way and both lines played on by the bots.

Each line is a deal of the record's own cards; its record replays to the line, keeps the record's
actions before the decision, and the two lines share the bots and the seeds, so they differ only
from the decision on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.what_if import Line, Refusal, WhatIfRefusal, allowed_at, position, what_if
from engine.actions import DEALER, ELDER, Action
from engine.record import parse_record, record_of, replay, result_json

EXAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "klaberjass-sample.json"


def sample(**changes: object) -> dict:
    obj = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    obj.update(changes)
    return obj


def thrown_in() -> dict:
    """Four passes in klaberjass (rules.md §4.2: round two passed out throws the deal in), no extra."""
    obj = sample(actions=[["elder", "pass"], ["dealer", "pass"], ["elder", "pass"], ["dealer", "pass"]])
    for seat in ("elder", "dealer"):
        del obj[seat]["extra"]
    del obj["bottom"]
    return obj


@pytest.mark.slow
def test_the_lines_replay_keep_the_actions_before_and_are_the_same_each_time() -> None:
    record = parse_record(sample())
    first = what_if(record, 0, Action.parse("take"), seed=3, level="easy")
    again = what_if(record, 0, Action.parse("take"), seed=3, level="easy")
    assert first.seat == ELDER and first.original == Action.parse("pass") and first.alternative == Action.parse("take")
    for line in Line:
        deal = first.lines[line]
        written = record_of(deal)
        assert result_json(replay(parse_record(written))) == result_json(deal)
        assert written == record_of(again.lines[line])  # seeded: the same line twice
        assert deal.is_over
    assert first.lines[Line.WHAT_IF].actions[0] == (ELDER, Action.parse("take"))
    assert first.lines[Line.WHAT_IF].maker == ELDER  # the elder took the turn-up's suit (§4.1)
    assert first.lines[Line.BOTS].actions[0] == (ELDER, Action.parse("pass"))
    assert result_json(first.actual) == result_json(replay(record))
    assert first.advice is not None and first.advice.evaluation.seat == ELDER
    assert {a.action for a in first.advice.evaluation.actions} == {Action.parse(w) for w in ("take", "pass", "schmeiss")}


@pytest.mark.slow
def test_a_card_decision_keeps_the_bidding_and_plays_the_other_card() -> None:
    record = parse_record(sample())
    # Action 2 is the elder's first lead, 8D; the elder held KD AH JD 8D KH KS + KC AS AD (record).
    result = what_if(record, 2, Action.parse("play AS"), level="easy")
    line = record_of(result.lines[Line.WHAT_IF])
    assert line["actions"][:2] == [["elder", "pass"], ["dealer", "take"]]
    assert line["actions"][2] == ["elder", "play AS"]
    assert record_of(result.lines[Line.BOTS])["actions"][2] == ["elder", "play 8D"]


def test_an_index_out_of_range_is_refused_with_the_count() -> None:
    record = parse_record(sample())
    count = len(record.actions)
    for index in (-1, count):
        with pytest.raises(WhatIfRefusal) as refused:
            position(record, index)
        assert refused.value.code is Refusal.INDEX and refused.value.detail == {"index": index, "count": count}


def test_an_action_not_legal_at_the_decision_is_refused_with_what_is() -> None:
    record = parse_record(sample())
    with pytest.raises(WhatIfRefusal) as refused:
        what_if(record, 1, Action.parse("name H"), level="easy")  # round one: the dealer may take, pass or schmeiss (§4.1)
    assert refused.value.code is Refusal.NOT_LEGAL
    assert refused.value.detail["seat"] == DEALER
    assert set(refused.value.detail["allowed"]) == {"take", "pass", "schmeiss"}
    assert allowed_at(record, 1) == (DEALER, ("take", "pass", "schmeiss"))


def test_a_thrown_in_record_without_the_extra_deal_cannot_be_taken_instead() -> None:
    record = parse_record(thrown_in())
    assert replay(record).result().outcome == "thrown_in"
    with pytest.raises(WhatIfRefusal) as refused:
        what_if(record, 0, Action.parse("take"), level="easy")
    assert refused.value.code is Refusal.CARDS_MISSING and refused.value.detail["index"] == 0
