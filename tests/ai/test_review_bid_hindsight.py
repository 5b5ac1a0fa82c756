"""Issue 24: the bids in hindsight (``ai.hindsight``), every card known, after the deal.

Every expected value here is worked out by hand from rules.md: the rule of the bidding left open
on a table of contract values chosen for the test, and a whole deal whose play is forced so its
score follows from §1, §6 and §8 alone, checked in ``replay --review --json`` and in the review
page's text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from ai.hindsight import Contracts, bid_values
from engine.actions import DEALER, ELDER, Action, Seat
from engine.cards import suit_of
from engine.deal import Deal
from engine.record import parse_record, replay
from engine.rules import RuleSet
from klabber_tui.cli.main import main
from klabber_tui.words.review import render_review
from klabber_tui.practice.review import review_record


class Table(Contracts):
    """Contract values set by hand, the elder's view (the dealer's is the opposite, §8 is zero-sum
    on the difference), instead of solved ones: the test is of the bidding rule alone."""

    def __init__(self, elder_values: dict[tuple[int, Seat], int]) -> None:
        self.elder_values = elder_values

    def value(self, trump: int, maker: Seat, seat: Seat) -> int:
        v = self.elder_values[(trump, maker)]
        return v if seat == ELDER else -v


def _klaberjass_deal() -> tuple[Deal, int, int, int, int]:
    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 5)
    turned = suit_of(deal.turn_up_card)
    a, b, c = (s for s in range(4) if s != turned)
    return deal, turned, a, b, c


def test_the_bidding_left_open_follows_the_record_and_else_the_others_best_answer() -> None:
    """klaberjass (schmeiss in both rounds, the schmeisser makes when refused, §4.3). The record:
    the elder passes, the dealer passes, the elder names suit A. Contract values for the elder:
    turned suit T with the elder as maker -40, the dealer +60; A: 30 / 10; B: 50 / -70; C: -20 / 5.

    The elder's first bid: take = T by the elder = -40; schmeiss = the dealer's best answer,
    min(accept 0, refuse: T by the elder -40) = -40; pass = the dealer passed (the record), then
    the elder's best in round two: max(A 30, B 50, C -20, pass or schmeiss: the dealer's best,
    min(A 10, B -70, C 5, throw-in 0) = -70) = 50. Best: pass, nothing given up.

    The dealer's bid (his view, the elder's figures negated): take = -60; schmeiss = the elder's
    best answer, max(accept 0, refuse: T by the dealer +60) for the elder = -60; pass = the elder
    named A (the record) = -30. Best: pass, nothing given up; credited with the elder's weaker A
    (against B, his best, the pass would be -50).

    The elder's round-two bid: A 30, B 50, C -20, pass and schmeiss -70: best B, A gave up 20."""
    deal, t, a, b, c = _klaberjass_deal()
    table = Table({(t, ELDER): -40, (t, DEALER): 60, (a, ELDER): 30, (a, DEALER): 10,
                   (b, ELDER): 50, (b, DEALER): -70, (c, ELDER): -20, (c, DEALER): 5})
    said = [Action.parse("pass"), Action.parse("pass"), Action.name(a)]
    first = bid_values(deal, said, table)
    assert first == {Action.parse("take"): -40, Action.parse("schmeiss"): -40, Action.parse("pass"): 50}
    deal.apply(ELDER, said[0])
    second = bid_values(deal, said[1:], table)
    assert second == {Action.parse("take"): -60, Action.parse("pass"): -30, Action.parse("schmeiss"): -60}
    deal.apply(DEALER, said[1])
    third = bid_values(deal, said[2:], table)
    assert third == {Action.name(a): 30, Action.name(b): 50, Action.name(c): -20, Action.parse("pass"): -70,
                     Action.parse("schmeiss"): -70}


def test_off_the_record_the_seats_own_later_word_is_its_best() -> None:
    """The same table, the elder's first bid with a record that stops after it: the pass meets
    the dealer's best answer, min(take: T by the dealer +60, schmeiss: the elder's best answer
    max(accept 0, refuse +60) = 60, pass: the elder's round two as above, 50) = 50."""
    deal, t, a, b, c = _klaberjass_deal()
    table = Table({(t, ELDER): -40, (t, DEALER): 60, (a, ELDER): 30, (a, DEALER): 10,
                   (b, ELDER): 50, (b, DEALER): -70, (c, ELDER): -20, (c, DEALER): 5})
    assert bid_values(deal, [Action.parse("pass")], table)[Action.parse("pass")] == 50
    # Had the dealer's best answer been to take (T by the dealer worth -10 to the elder), the pass
    # off the record would be worth that.
    table.elder_values[(t, DEALER)] = -10
    assert bid_values(deal, [Action.parse("take")], table)[Action.parse("pass")] == -10


# tests/records/klaberjass-forced-refusal.json (also reviewed on the game's page, tests/ui/test_review.py).
# klaberjass, the play forced: the turn-up is the dix (7♣), so no exchange (§5); the elder holds
# the seven other clubs and the red aces, the dealer no club. Clubs trump: every lead of the elder
# wins (a trump the dealer cannot beat, or an ace he cannot trump), so the elder takes all nine
# tricks. Card points (§1): the clubs J 20 + 9 14 + A 11 + 10 10 + K 4 + Q 3 + 8 0 = 62, A♦ A♥ 22,
# the dealer's 10 K Q of three suits 3 × 17 = 51: 135; the last trick 10; bella (K♣ Q♣) 20; the
# run A K Q J 10 9 8 of clubs is a fifty, 50 (§6.1), and the dealer has none (K Q without the J):
# the elder 215, the dealer 0. After the elder's schmeiss the dealer refuses: the elder is the
# maker in clubs (§4.3) and makes it, 215 to 0 (§8): the dealer's refusal is worth -215 to him,
# accepting (a throw-in) 0: it gave up 215, accept best. The elder's schmeiss: refused in the
# record, 215; take, 215; a pass at most 215 too, since no contract of this deal can give the
# elder more than all its points (135 + 10 + 50 + 20 in any trump: no other sequence or bella can
# score more), so the schmeiss gave up 0.
FORCED_PATH = Path(__file__).resolve().parents[1] / "records" / "klaberjass-forced-refusal.json"
FORCED = json.loads(FORCED_PATH.read_text(encoding="utf-8"))


def test_the_forced_deal_scores_as_worked_out() -> None:
    result = replay(parse_record(FORCED)).result()
    assert (result.outcome, result.maker, result.elder.scored, result.dealer.scored) == ("made", ELDER, 215, 0)
    contracts = Contracts(parse_record(FORCED).new_deal())
    assert contracts.value(suit_of(parse_record(FORCED).new_deal().turn_up_card), ELDER, DEALER) == -215


@pytest.mark.slow
def test_bids_in_hindsight_in_the_json_review(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(FORCED_PATH), "--json", "--review", "--level", "easy"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    bids = {d["index"]: d for d in json.loads(out)["review"] if d["kind"] == "bid"}
    assert bids[0]["chosen"] == "schmeiss" and bids[0]["given_up"] == 0
    assert bids[1]["chosen"] == "refuse" and bids[1]["given_up"] == 215


@pytest.mark.slow
def test_bids_in_hindsight_on_the_review_page() -> None:
    """The page's renderable, as the game's review screen builds it (``screens/review.py``)."""
    review = review_record(parse_record(FORCED), level="easy")
    bids = {d.index: d for d in review.decisions if d.kind == "bid"}
    assert bids[1].given_up == 215 and bids[1].hindsight_best == Action.parse("accept")
    assert bids[0].given_up == 0
    assert review.bids_given_up_by == {ELDER: 0, DEALER: 215}
    console = Console(width=200, record=True)
    console.print(render_review(review, (DEALER, ELDER), {DEALER: "You", ELDER: "Bot"}, why=(DEALER, ELDER)))
    page = console.export_text()
    assert ("You: in hindsight, with every card known and both sides playing perfectly after each bid, these bids "
            "gave up 215 points of this deal against the best bid") in page
    assert ("Bot: in hindsight, with every card known and both sides playing perfectly after each bid, these bids "
            "gave up 0 points of this deal against the best bid") in page
    in_order = page[page.index("Each decision of You, in order"):]
    refusal = next(line for line in in_order.splitlines() if "│ 2 │" in line)
    assert refusal.rstrip().rstrip("│").split("│")[-1].strip() == "215"  # the hindsight column
