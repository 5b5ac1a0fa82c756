"""rules.md §5: exchanging the dix (trump 7) for the turn-up, per `dix_exchange` and
`dix_deadline`.

Hands (turn-up 8H):
  DXE - the elder holds the dix 7H:
    Elder  7H AC KC TD 9S 8D | QS JS 7D      Dealer AH TH AD KD 9C 8C | 7C AS TS
  DXD - the dealer holds it:
    Elder  9H AC KC TD 9S 8D | QS JS 7D      Dealer 7H TH AD KD 9C 8C | 7C AS TS
Trick 1 in the moment tests: E leads AC, D 7C (cannot beat the ace; any club).
Nobody holds both KH and QH, so no `play QH bella` entries appear."""
import pytest

from tests.support.records import PRESETS, acts, in_progress, legal, new_deal, plays, record, settled
from engine.deal import IllegalAction
from tests.support.records import replay_dict
from engine.record import RecordError

DXE = ("7H AC KC TD 9S 8D | QS JS 7D", "AH TH AD KD 9C 8C | 7C AS TS")
DXD = ("9H AC KC TD 9S 8D | QS JS 7D", "7H TH AD KD 9C 8C | 7C AS TS")

MOMENTS = {
    "after_take": "E take",
    "after_elder_lead": "E take; E play AC",
    "after_trick_one": "E take; E play AC; D play 7C",
}

# rules.md §5: first_lead - before any card is played; own_first_card - before the holder
# plays a card; first_trick - before the second card of the first trick; last_card - while
# he holds the dix.  (holder, moment) -> allowed?
WINDOWS = {
    "first_lead": {("elder", "after_take"): True, ("dealer", "after_take"): True,
                   ("elder", "after_elder_lead"): False, ("dealer", "after_elder_lead"): False,
                   ("elder", "after_trick_one"): False, ("dealer", "after_trick_one"): False},
    "own_first_card": {("elder", "after_take"): True, ("dealer", "after_take"): True,
                       ("elder", "after_elder_lead"): False, ("dealer", "after_elder_lead"): True,
                       ("elder", "after_trick_one"): False, ("dealer", "after_trick_one"): False},
    "first_trick": {("elder", "after_take"): True, ("dealer", "after_take"): True,
                    ("elder", "after_elder_lead"): True, ("dealer", "after_elder_lead"): True,
                    ("elder", "after_trick_one"): False, ("dealer", "after_trick_one"): False},
    "last_card": {("elder", "after_take"): True, ("dealer", "after_take"): True,
                  ("elder", "after_elder_lead"): True, ("dealer", "after_elder_lead"): True,
                  ("elder", "after_trick_one"): True, ("dealer", "after_trick_one"): True},
}
PRESET_DEADLINE = {"clobber": "last_card", "klaberjass": "own_first_card",
                   "klaberass": "first_trick", "kalabriasz": "first_lead"}

CASES = []
for _preset, _deadline in PRESET_DEADLINE.items():
    for (_holder, _moment), _allowed in WINDOWS[_deadline].items():
        CASES.append((_preset, None, _holder, _moment, _allowed))
for _deadline in WINDOWS:  # every value as an override on one preset
    for (_holder, _moment), _allowed in WINDOWS[_deadline].items():
        CASES.append(("klaberjass", {"dix_deadline": _deadline}, _holder, _moment, _allowed))


@pytest.mark.parametrize("preset,options,holder,moment,allowed", CASES)
def test_exchange_window(preset, options, holder, moment, allowed):
    """rules.md §5 table and `dix_deadline`: whether the holder may exchange at each moment.
    Hearts (the turn-up suit) are trump, so `dix_exchange` never forbids it here."""
    elder, dealer = DXE if holder == "elder" else DXD
    deal = new_deal(preset, elder, dealer, "8H", options=options, actions=MOMENTS[moment])
    assert ("exchange" in legal(deal, holder)) is allowed
    other = "dealer" if holder == "elder" else "elder"
    assert "exchange" not in legal(deal, other)
    if allowed:
        deal.apply(holder, "exchange")
        assert "exchange" not in legal(deal, holder)
    else:
        with pytest.raises(IllegalAction):
            deal.apply(holder, "exchange")


@pytest.mark.parametrize("preset", PRESETS)
def test_no_exchange_during_the_bidding(preset):
    """rules.md §5: the window opens once the trump is fixed and the extra deal is done."""
    deal = new_deal(preset, *DXE, "8H")
    assert "exchange" not in legal(deal, "elder")
    deal.apply("elder", "pass")
    assert "exchange" not in legal(deal, "elder")


@pytest.mark.parametrize("preset", PRESETS)
def test_exchange_is_offered_out_of_turn(preset):
    """rules.md §5: the exchange is not tied to whose turn it is.  After the take it is the
    elder's lead, and the dealer (holding 7H) is offered exactly the exchange; making it does
    not change whose turn it is."""
    deal = new_deal(preset, *DXD, "8H", actions="E take")
    assert deal.to_act == "elder"
    assert legal(deal, "dealer") == {"exchange"}
    deal.apply("dealer", "exchange")
    assert deal.to_act == "elder"
    assert legal(deal, "dealer") == set()


@pytest.mark.parametrize("preset", PRESETS)
def test_exchange_swaps_the_dix_for_the_turn_up(preset):
    """rules.md §5: the turn-up joins the hand, the dix takes its place."""
    deal = new_deal(preset, *DXE, "8H", actions="E take; E exchange")
    assert legal(deal, "elder") == plays("8H", "AC", "KC", "TD", "9S", "8D", "QS", "JS", "7D")
    with pytest.raises(IllegalAction):
        deal.apply("elder", "play 7H")


def test_clobber_exchange_late_in_the_deal():
    """rules.md §5 (clobber, last_card): any time while he still holds the dix.
    T1 E AC, D 7C (E wins); T2 E KC, D 8C (K beats 8; E wins); the elder still holds 7H.
    Once he has played the dix itself there is nothing to exchange."""
    deal = new_deal("clobber", *DXE, "8H",
                    actions="E take; E play AC; D play 7C; E play KC; D play 8C")
    assert deal.to_act == "elder"
    assert "exchange" in legal(deal, "elder")
    deal.apply("elder", "play 7H")
    assert "exchange" not in legal(deal, "elder")


# --- dix_exchange: the turn-up suit must be trump, or any trump --------------------------
# DXE with hearts refused and diamonds named by the elder in round two: the elder holds 7D,
# the dix of diamonds; the turn-up 8H is of another suit.

@pytest.mark.parametrize("preset,options,allowed", [
    ("clobber", None, True),
    ("klaberjass", None, False),
    ("klaberass", None, False),
    ("kalabriasz", None, False),
    ("klaberjass", {"dix_exchange": "any_trump"}, True),
    ("clobber", {"dix_exchange": "turn_up_trump"}, False),
])
def test_exchange_when_another_suit_is_trump(preset, options, allowed):
    """rules.md §5: clobber allows the exchange whatever the trump; the others only when the
    turn-up suit is trump."""
    deal = new_deal(preset, *DXE, "8H", options=options, actions="E pass; D pass; E name D")
    assert ("exchange" in legal(deal, "elder")) is allowed
    if allowed:
        deal.apply("elder", "exchange")
        assert legal(deal, "elder") == plays("7H", "AC", "KC", "TD", "9S", "8D", "QS", "JS", "8H")
    else:
        with pytest.raises(IllegalAction):
            deal.apply("elder", "exchange")


@pytest.mark.parametrize("preset", PRESETS)
def test_no_exchange_without_the_dix(preset):
    """rules.md §5: only the holder of the trump 7 may exchange."""
    deal = new_deal(preset, *DXE, "8H", actions="E take")
    assert "exchange" not in legal(deal, "dealer")
    with pytest.raises(IllegalAction):
        deal.apply("dealer", "exchange")


# --- the exchange and the declarations (records) --------------------------------------------
# Elder  7H 9H TH AC 8C KD | 9S 7S JD   (H T,9,7 - no run; C A,8 / D K,J / S 9,7: no run)
# Dealer AH KC QC AD TD 8S | AS QS 7C   (C K,Q,7 / D A,T / S A,Q,8 / H A: no run)
# turn-up 8H.  After the exchange the elder holds T-9-8 of hearts: a run of 3, 20.
SEQ_ELDER = "7H 9H TH AC 8C KD | 9S 7S JD"
SEQ_DEALER = "AH KC QC AD TD 8S | AS QS 7C"


@pytest.mark.parametrize("preset", PRESETS)
def test_exchange_before_the_first_lead_counts_for_sequences(preset):
    """rules.md §5: declarations are fixed at the first lead from the hands as they are then,
    so an exchange before it counts: T-9-8 of trumps, 20 (stopped after the lead AC)."""
    rec = record(preset, SEQ_ELDER, SEQ_DEALER, "8H", acts("E take; E exchange; E play AC"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(sequences=20), settled())


@pytest.mark.parametrize("preset", PRESETS)
def test_without_the_exchange_there_is_no_run(preset):
    """rules.md §6.1: T-9-7 is no run."""
    rec = record(preset, SEQ_ELDER, SEQ_DEALER, "8H", acts("E take; E play AC"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(), settled())


@pytest.mark.parametrize("preset", ["clobber", "klaberass"])
def test_exchange_after_the_first_lead_does_not_count(preset):
    """rules.md §5: a later exchange does not count for the sequences (clobber: last_card;
    klaberass: first_trick - the second card has not been played yet)."""
    rec = record(preset, SEQ_ELDER, SEQ_DEALER, "8H", acts("E take; E play AC; E exchange"))
    assert replay_dict(rec) == in_progress("H", "elder", settled(), settled())


@pytest.mark.parametrize("preset", ["klaberjass", "kalabriasz"])
def test_exchange_after_the_deadline_is_refused_in_a_record(preset):
    """rules.md §5: klaberjass (own_first_card) and kalabriasz (first_lead) refuse the elder's
    exchange once he has led; the record names the action."""
    rec = record(preset, SEQ_ELDER, SEQ_DEALER, "8H", acts("E take; E play AC; E exchange"))
    with pytest.raises(RecordError) as info:
        replay_dict(rec)
    assert "actions[2]" in str(info.value)
