"""PlayerView holds what rules.md lets a seat know, and nothing hidden.

Public: the exchanged turn-up in the exchanger's hand (§5), every run the sequence winner scores
(§6.2), the king after a bella announced on the queen under ``queen_first`` (§6.4), the bottom card
once shown (§3). Hidden: the other's hand otherwise, his extra deal, the stock.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.actions import EXCHANGE, Action
from engine.cards import FULL_DECK, format_card, mask_of, parse_card
from engine.deal import Deal
from engine.record import parse_record, record_of, replay
from engine.rules import DEALER, ELDER, PRESETS, SEATS, RuleSet


def c(text: str) -> int:
    return parse_card(text)


def m(*cards: str) -> int:
    return mask_of(c(x) for x in cards)


# Deal V1 (turn-up 8H): no sequences anywhere; the elder holds QH KH, the dealer the dix 7H.
#   elder  QH KH AC TC 9S 7S | AD 8D 9C       dealer 7H JH AS TS KC QC | 8C 7C KD
V1_ELDER = (["QH", "KH", "AC", "TC", "9S", "7S"], ["AD", "8D", "9C"])
V1_DEALER = (["7H", "JH", "AS", "TS", "KC", "QC"], ["8C", "7C", "KD"])


def v1(preset: str = "klaberjass", dealer_extra: list[str] | None = None, **options: object) -> Deal:
    rules = RuleSet.from_preset(preset, options)
    return Deal.from_hands(rules, V1_ELDER[0], V1_DEALER[0], "8H", V1_ELDER[1],
                           dealer_extra or V1_DEALER[1], bottom="JD")


def test_nothing_of_the_other_hand_is_known_at_first() -> None:
    deal = v1()
    for seat in SEATS:
        view = deal.view(seat)
        assert view.other_known == 0 and view.other_count == 6
        assert view.bottom is None  # shown only after the extra deal (§3)
        assert view.stock_count == 19
    assert deal.view(ELDER).hand == m(*V1_ELDER[0])
    deal.apply(ELDER, "take")
    elder, dealer = deal.view(ELDER), deal.view(DEALER)
    assert elder.hand == m(*V1_ELDER[0], *V1_ELDER[1])
    assert dealer.hand == m(*V1_DEALER[0], *V1_DEALER[1])
    assert elder.other_known == dealer.other_known == 0 and elder.other_count == 9
    assert elder.bottom == dealer.bottom == c("JD") and elder.stock_count == 13
    # Each seat sees its own extra deal, never the other's.
    for view, seat in ((elder, ELDER), (dealer, DEALER)):
        extras = [e for e in view.events if e.kind == "extra_deal"]
        assert [e.seat for e in extras] == [seat]


def test_exchanged_turn_up_is_known_until_played() -> None:
    deal = v1()
    deal.apply(ELDER, "take")  # hearts, the turn-up suit: the dealer's dix 7H may be exchanged (§5)
    assert EXCHANGE in deal.legal_actions(DEALER)  # not his turn: the elder is to lead
    deal.apply(DEALER, "exchange")
    elder, dealer = deal.view(ELDER), deal.view(DEALER)
    assert elder.other_known == m("8H")  # the turn-up went into the dealer's hand, in sight
    assert elder.face_up == dealer.face_up == c("7H") and elder.turn_up == c("8H")
    assert elder.exchanged_by == DEALER
    assert dealer.hand == m("8H", "JH", "AS", "TS", "KC", "QC", "8C", "7C", "KD")
    assert dealer.other_known == 0
    # The elder leads AC; the dealer follows with a club; 8H is still in his hand, still known.
    deal.apply(ELDER, "play AC")
    deal.apply(DEALER, "play 7C")
    assert deal.view(ELDER).other_known == m("8H")
    # The elder (winner) leads QH, announcing bella; a trump led, the dealer must beat it if he can
    # (klaberjass, must_overtake = trump): JH beats Q, 8H does not, so JH.
    deal.apply(ELDER, "play QH bella")
    assert deal.legal_actions(DEALER) == [Action.play(parse_card("JH"))]
    deal.apply(DEALER, "play JH")
    # The dealer leads 8H: once played, it is no longer "in his hand".
    deal.apply(DEALER, "play 8H")
    assert deal.view(ELDER).other_known == 0


def test_announced_bella_reveals_the_king() -> None:
    deal = v1()
    deal.apply(ELDER, "take")
    deal.apply(ELDER, "play QH bella")  # queen_first, required: announced with the queen (§6.4)
    assert deal.view(DEALER).other_known == m("KH")
    assert deal.view(ELDER).other_known == 0
    deal.apply(DEALER, "play JH")  # must overtake the trump queen
    assert deal.view(DEALER).other_known == m("KH")
    deal.apply(DEALER, "play AS")
    deal.apply(ELDER, "play 9S")
    deal.apply(DEALER, "play KC")
    deal.apply(ELDER, "play AC")
    deal.apply(ELDER, "play KH")
    assert deal.view(DEALER).other_known == 0  # played, no longer in the hand


def test_unannounced_bella_reveals_nothing() -> None:
    deal = v1()
    deal.apply(ELDER, "take")
    deal.apply(ELDER, "play QH")  # klaberjass: not announced, lost (§6.4)
    assert deal.result().elder.bella == 0
    assert deal.view(DEALER).other_known == 0


def test_automatic_queen_first_bella_reveals_the_king() -> None:
    # clobber: queen_first, automatic. Hearts are trump only if taken; the clobber dix 7H is held
    # by the dealer, exchangeable any time (last_card): he does not here.
    deal = v1("clobber")
    deal.apply(ELDER, "take")
    deal.apply(ELDER, "play QH")
    assert deal.result().elder.bella == 20
    assert deal.view(DEALER).other_known == m("KH")


def test_bella_on_the_second_card_reveals_nothing_more() -> None:
    # kalabriasz: either order, scored on the second card; nothing is left to reveal.
    deal = v1("kalabriasz")
    deal.apply(ELDER, "take")
    deal.apply(ELDER, "play QH")
    assert deal.view(DEALER).other_known == 0 and deal.result().elder.bella == 0
    deal.apply(DEALER, "play JH")  # must_overtake = all: JH is the only higher heart (8H is not his)
    deal.apply(DEALER, "play AS")
    deal.apply(ELDER, "play 9S")
    deal.apply(DEALER, "play KC")
    deal.apply(ELDER, "play AC")
    deal.apply(ELDER, "play KH")
    assert deal.result().elder.bella == 20
    assert deal.view(DEALER).other_known == 0


# Deal V2 (klaberjass, turn-up 8D): the elder holds A-K-Q of spades (20), the dealer 9-8-7 of clubs
# (20). Equal value and length; top card A beats 9: the elder scores, and shows his run (§6.2).
#   elder  AS KS QS TH 8H AC | TD JD 7S       dealer 9C 8C 7C KH QD 9D | JS TS AH
V2 = (["AS", "KS", "QS", "TH", "8H", "AC"], ["TD", "JD", "7S"],
      ["9C", "8C", "7C", "KH", "QD", "9D"], ["JS", "TS", "AH"])


def v2() -> Deal:
    rules = RuleSet.from_preset("klaberjass")
    return Deal.from_hands(rules, V2[0], V2[2], "8D", V2[1], V2[3], bottom="JC")


def test_winner_runs_are_shown_loser_runs_are_not() -> None:
    deal = v2()
    deal.apply(ELDER, "take")
    # Before the first lead nothing is fixed or shown.
    assert deal.view(DEALER).shown_runs == () and deal.view(DEALER).other_known == 0
    deal.apply(ELDER, "play AC")  # the first lead fixes the sequences (§6.3)
    elder, dealer = deal.view(ELDER), deal.view(DEALER)
    assert elder.sequence_winner == dealer.sequence_winner == ELDER
    assert dealer.shown_runs == (m("AS", "KS", "QS"),) == elder.shown_runs
    assert dealer.other_known == m("AS", "KS", "QS")
    assert elder.other_known == 0  # the dealer's 9-8-7 of clubs lost and is never shown
    # §6.3: "a twenty" - "how high?" (equal value; equal length, 3 and 3) - "ace high" - "good".
    assert [(line.seat, line.word, line.arg) for line in dealer.dialogue] == [
        (ELDER, "value", 20), (DEALER, "how_high", None), (ELDER, "top", c("AS")), (DEALER, "good", None)]
    assert elder.dialogue == dealer.dialogue
    assert deal.result().elder.sequences == 20
    # Once the elder plays AS it leaves the known set; KS QS stay.
    deal.apply(DEALER, "play 7C")
    deal.apply(ELDER, "play AS")
    assert deal.view(DEALER).other_known == m("KS", "QS")


def test_dealer_views_do_not_depend_on_hidden_cards() -> None:
    # Swap one hidden card (the dealer's extra KD for KS, unseen in the stock): the elder's view
    # must be identical, step by step, before and after the extra deal and through play.
    a = v1()
    b = v1(dealer_extra=["8C", "7C", "KS"])
    steps = [(ELDER, "take"), (ELDER, "play AC"), (DEALER, "play 7C"), (ELDER, "play 9S"),
             (DEALER, "play AS")]
    assert a.view(ELDER) == b.view(ELDER)
    for seat, action in steps:
        a.apply(seat, action)
        b.apply(seat, action)
        assert a.view(ELDER) == b.view(ELDER)
        assert a.view(DEALER) != b.view(DEALER)  # the dealer himself sees the difference


@st.composite
def random_deals(draw: st.DrawFn) -> Deal:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    deal = Deal.from_seed(RuleSet.from_preset(preset), draw(st.integers(0, 2**32)))
    stop = draw(st.integers(0, 30))
    while not deal.is_over and len(deal.actions) < stop:
        seat = deal.to_act
        other = DEALER if seat == ELDER else ELDER
        choices = [(seat, a) for a in deal.legal_actions()] + [(other, a) for a in deal.legal_actions(other)]
        deal.apply(*draw(st.sampled_from(choices)))
    return deal


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(deal=random_deals(), data=st.data())
def test_swapping_a_hidden_card_leaves_the_view_unchanged(deal: Deal, data: st.DataObject) -> None:
    """For any reachable state: exchange a card of the other's hand that the view does not know with
    an unseen stock card; if the same actions replay and the public declarations agree, the seat's
    view is the same. A view that depended on a hidden card would differ."""
    seat = data.draw(st.sampled_from(SEATS))
    i = SEATS.index(seat)
    view = deal.view(seat)
    hidden = deal.hands[1 - i] & ~view.other_known
    # the stock's cards this seat cannot see: in no hand, not played, not face up, not the bottom card
    stock = FULL_DECK & ~(deal.hands[0] | deal.hands[1] | deal.played[0] | deal.played[1] | 1 << deal.face_up
                          | 1 << deal.bottom)
    if not deal.extra_dealt:
        stock &= ~mask_of(x for e in deal.extra for x in e or ())
    if not hidden or not stock:
        return
    h = data.draw(st.sampled_from(sorted(x for x in range(32) if hidden >> x & 1)))
    s = data.draw(st.sampled_from(sorted(x for x in range(32) if stock >> x & 1)))
    obj = record_of(deal)
    other = SEATS[1 - i]
    for part in ("first", "extra"):
        if part in obj[other]:
            obj[other][part] = [format_card(s) if x == format_card(h) else x for x in obj[other][part]]
    try:
        twin = replay(parse_record(obj))
    except ValueError:
        return  # the swap made an earlier play illegal (a revoke): not the same public history
    if deal.sequences != twin.sequences or deal.trump_run != twin.trump_run:
        return  # the swap changed what was declared aloud
    assert twin.view(seat) == view
    event(f"compared {deal.stage}")
    assert twin.hands[1 - i] != deal.hands[1 - i] and twin.hands[1 - i] & FULL_DECK


def test_view_fields_are_public_only() -> None:
    # The view has no field that holds the other's whole hand or the stock.
    names = {f.name for f in dataclasses.fields(type(v1().view(ELDER)))}
    assert not names & {"hands", "extra", "first", "stock", "deck", "other_hand"}
