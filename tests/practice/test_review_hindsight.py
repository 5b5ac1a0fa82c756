"""Issue 24: the review's hindsight, the one place hidden cards are used, after the deal.

Each card's ``given_up`` is checked against a brute-force minimax written here on the engine's own
deal (every legal card of both seats to the end, points of §8 without sequences) where few tricks
are left (bids: ``tests/ai/test_review_bid_hindsight.py``); ``replay --review --json`` keeps its keys and adds ``make_prob``, ``reasons``, ``facts``
and ``given_up``; and a result said to come from the other's mistake really turns with that card.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.actions import EXCHANGE
from engine.deal import Deal
from engine.record import replay
from klabber_tui.cli.main import main
from klabber_tui.data.files import load_record
from klabber_tui.practice.review import review_record

RECORDS = Path(__file__).resolve().parents[2] / "assets" / "records"
SAMPLES = sorted(RECORDS.glob("*-sample.json"))


def _card_points(deal: Deal) -> int:
    """Elder minus dealer of what play scores: cards, the last trick, bella (rules.md §1, §6.4, §8)."""
    r = deal.result()
    return (r.elder.cards + r.elder.last_trick + r.elder.bella) - (r.dealer.cards + r.dealer.last_trick + r.dealer.bella)


def _minimax(deal: Deal) -> int:
    """Elder minus dealer with both seats playing best to the end, over every legal card."""
    seat = deal.to_act
    if seat is None:
        return _card_points(deal)
    values = []
    for action in deal.legal_actions(seat):
        if not action.is_play:
            continue
        after = deal.clone()
        after.apply(seat, action)
        values.append(_minimax(after))
    return max(values) if seat == "elder" else min(values)


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_given_up_in_hindsight_is_the_brute_force_loss(path: Path) -> None:
    record = load_record(path)
    review = review_record(record, level="easy")
    assert review.given_up_by is not None
    deal = record.new_deal()
    states: dict[int, Deal] = {}
    for k, (seat, action) in enumerate(record.actions):
        states[k] = deal.clone()
        deal.apply(seat, action)
    checked = 0
    for d in review.decisions:
        if d.kind == "bid":  # tests/ai/test_review_bid_hindsight.py works bids out by hand
            assert d.given_up is not None and d.given_up >= 0
            continue
        if d.chosen == EXCHANGE:
            assert d.given_up is None
            continue
        assert d.given_up is not None and d.given_up >= 0
        before = states[d.index]
        if len(before.tricks) < 6:  # brute force only where three tricks or fewer are left
            continue
        sign = 1 if d.seat == "elder" else -1
        outcomes = {}
        for action in before.legal_actions(d.seat):
            if action.is_play:
                after = before.clone()
                after.apply(d.seat, action)
                outcomes[action] = sign * _minimax(after)
        assert d.given_up == max(outcomes.values()) - outcomes[d.chosen], d
        checked += 1
    for seat, total in review.given_up_by.items():
        assert total == sum(d.given_up or 0 for d in review.decisions if d.seat == seat and d.kind == "card")
    for seat, (d, outcome) in (review.decided_by or {}).items():
        assert d.seat != seat and (d.given_up or 0) > 0 and outcome != review.deal.result().outcome
    assert checked or not any(d.kind == "card" for d in review.decisions)


@pytest.mark.slow
def test_json_review_adds_the_coach_page_and_the_hindsight(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDS / "klaberjass-sample.json"
    assert main(["replay", str(path), "--json", "--review", "--level", "easy"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    review = json.loads(out)["review"]
    deal = replay(load_record(path))
    assert deal.to_act is None
    for d in review:
        assert {"make_prob", "reasons", "facts", "given_up"} <= set(d)
        assert d["reasons"] and len(d["reasons"]) == len(d["facts"])
        assert all(f["favours"] in ("for", "against") and f["action"] in (d["chosen"], d["best"]) for f in d["facts"])
        if d["chosen"] != "exchange":  # a card, or a bid (issue 24: its hindsight too)
            assert isinstance(d["given_up"], int) and d["given_up"] >= 0
        else:
            assert d["given_up"] is None
        # the maker's chance wherever the action settles the maker (a take, a named suit, every
        # card: main's coach numbers); a pass or a schmeiss settles none
        if d["chosen"] in ("pass", "schmeiss"):
            assert d["make_prob"] is None
        elif d["chosen"] == "take" or d["chosen"].startswith("name ") or d["kind"] == "card":
            assert 0 <= d["make_prob"] <= 1


# klaberjass, worked by hand: the elder names ♦ and has 31 card points after six tricks, the dealer
# 21 (bella not announced: no 20). Leading at trick 7 with K♣ Q♣ 8♣ against the dealer's J♣ 9♥ Q♥,
# the elder leads 8♣ and loses the last three tricks: 12 card points and the last trick's 10 to the
# dealer, 31 against 43, a bust (§8). Leading K♣ (or Q♣) wins all three: 53 against 21, made.
# Hindsight: the elder's 8♣ gave up 22 - (-22) = 44, and the dealer's result came from it.
DECIDED = {
    "format": "klabber-deal/1", "rules": "klaberjass",
    "elder": {"first": ["KD", "QD", "KC", "9D", "TD", "KS"], "extra": ["8C", "7S", "QC"]},
    "dealer": {"first": ["KH", "JS", "9S", "9H", "QH", "JC"], "extra": ["7D", "AD", "9C"]},
    "turn_up": "7C", "bottom": "AH",
    "actions": [["elder", "pass"], ["dealer", "pass"], ["elder", "name D"], ["elder", "play 9D"],
                ["dealer", "play 7D"], ["elder", "play TD"], ["dealer", "play AD"], ["dealer", "play JS"],
                ["elder", "play KS"], ["elder", "play KD"], ["dealer", "play KH"], ["elder", "play QD"],
                ["dealer", "play 9S"], ["elder", "play 7S"], ["dealer", "play 9C"], ["elder", "play 8C"],
                ["dealer", "play JC"], ["dealer", "play 9H"], ["elder", "play QC"], ["dealer", "play QH"],
                ["elder", "play KC"]],
}


@pytest.mark.slow
def test_a_result_from_the_others_mistake_is_named(tmp_path: Path) -> None:
    from engine.actions import DEALER, ELDER, Action
    from engine.record import parse_record
    from klabber_tui.words.review import render_review
    from rich.console import Console

    record = parse_record(DECIDED)
    review = review_record(record, level="easy")
    assert review.deal.result().outcome == "bust" and review.deal.result().maker == ELDER
    assert review.decided_by is not None and set(review.decided_by) == {DEALER}
    decision, outcome = review.decided_by[DEALER]
    assert decision.index == 15 and decision.seat == ELDER and decision.chosen == Action.parse("play 8C")
    assert decision.given_up == 44 and outcome == "made"
    assert decision.hindsight_best in (Action.parse("play KC"), Action.parse("play QC"))
    console = Console(width=200, record=True)
    console.print(render_review(review, (ELDER, DEALER), {ELDER: "Elder", DEALER: "Dealer"}))
    page = console.export_text()
    assert "Dealer: this result came from the other side's mistake: at trick 7, 8♣ instead of" in page
    assert "gave up 44 points in hindsight; with" in page and "the maker would have made the deal" in page
    assert "Elder: in hindsight, with every card known, these cards gave up" in page
