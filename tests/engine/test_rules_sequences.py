"""rules.md §6.1-§6.3: sequences, who scores them, and the options that decide it.

Every record here stops right after the first lead: the deal is in_progress, sequences
are fixed and counted at the first lead (deal-record.md), no trick is complete, so each
seat's total is just its sequences (bella cannot have scored: no trump queen is played).
Unless stated, the turn-up is 7H (the dix itself, so nobody holds it), the elder takes:
hearts trump, elder maker."""
import pytest

from tests.support.records import PRESETS, acts, in_progress, record, settled
from tests.support.records import replay_dict


def first_lead(preset, elder, dealer, lead, turn_up="7H", options=None):
    rec = record(preset, elder, dealer, turn_up, acts("E take; E play " + lead), options=options)
    return replay_dict(rec)


def seqs(elder, dealer, trump="H"):
    return in_progress(trump, "elder", settled(sequences=elder), settled(sequences=dealer))


# --- §6.1 what a sequence is --------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_three_cards_score_twenty(preset):
    """rules.md §6.1: 3 consecutive cards of a suit = 20.
    Elder JC TC 9C AD 8D QS | 7S KH 9H: clubs J-T-9 (20); D A,8 / S Q,7 / H K,9 no run.
    Dealer AC 8C KD TD AS 9S | JD 8H AH: C A,8 / D K,J,T (Q missing) / S A,9 / H A,8."""
    out = first_lead(preset, "JC TC 9C AD 8D QS | 7S KH 9H", "AC 8C KD TD AS 9S | JD 8H AH", "9C")
    assert out == seqs(20, 0)


@pytest.mark.parametrize("preset", PRESETS)
def test_sequences_are_not_counted_before_the_first_lead(preset):
    """deal-record.md / rules.md §6.3: sequences are fixed at the first lead; after the take
    alone the same hands show 0."""
    rec = record(preset, "JC TC 9C AD 8D QS | 7S KH 9H", "AC 8C KD TD AS 9S | JD 8H AH", "7H",
                 acts("E take"))
    assert replay_dict(rec) == seqs(0, 0)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("elder,dealer", [
    # 4 cards: clubs J-T-9-8 -> 50
    ("JC TC 9C 8C AD QS | 7S KH 9H", "AC 7C KD TD AS 9S | JD 8H AH"),
    # 5 cards: clubs J-T-9-8-7 -> 50, five is worth no more than four
    ("JC TC 9C 8C 7C AD | QS KH 9H", "AC KD TD AS 9S JD | 8H AH 8D"),
    # 6 cards: clubs K-Q-J-T-9-8 is one run -> 50 (not split into two twenties)
    ("KC QC JC TC 9C 8C | AD QS 9H", "AC 7C KD TD AS 9S | JD 8H AH"),
])
def test_four_or_more_cards_score_fifty_as_one_run(preset, elder, dealer):
    """rules.md §6.1: 4 or more = 50; five no more than four (004); a run is one sequence.
    The dealer has no run in any of them (C A,7 / D K,J,T or K,J,T,8 / S A,9 / H A,8).
    The other elder cards (AD QS KH 9H ...) form no run."""
    lead = elder.split()[0]
    assert first_lead(preset, elder, dealer, lead) == seqs(50, 0)


@pytest.mark.parametrize("preset", PRESETS)
def test_ace_is_only_high(preset):
    """rules.md §6.1: A-K-Q runs, 8-7-A does not.
    Elder AC 8C 7C JD 9D QS | 7S KH 9H: 8-7-A of clubs is no run -> 0.
    Dealer AD KD QD TC JS 9S | 8H AH 8D: A-K-Q of diamonds -> 20 (8D is apart)."""
    out = first_lead(preset, "AC 8C 7C JD 9D QS | 7S KH 9H", "AD KD QD TC JS 9S | 8H AH 8D", "AC")
    assert out == seqs(0, 20)


# --- §6.2 who scores ----------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_fifty_beats_twenty_and_the_winner_scores_all_his_runs(preset):
    """rules.md §6.2: value first; the winner scores every sequence in his hand, the other none.
    Elder QS JS TS AC 7C 9D | JD KH 9H: spades Q-J-T (20); C A,7 / D J,9 / H K,9 no run.
    Dealer JC TC 9C 8C AD KD | QD 8H AH: clubs J-T-9-8 (50) + diamonds A-K-Q (20).
    Dealer's fifty beats the twenty; he scores 50 + 20 = 70, the elder 0."""
    out = first_lead(preset, "QS JS TS AC 7C 9D | JD KH 9H", "JC TC 9C 8C AD KD | QD 8H AH", "AC")
    assert out == seqs(0, 70)


# Two fifties: elder A-K-Q-J of clubs (4 cards, top A), dealer K-Q-J-T-9 of diamonds (5, top K).
# Elder AC KC QC JC 8D 7S | 9H TS 8S (D 8 / S T,8,7 - 9S missing / H 9: no other run)
# Dealer KD QD JD TD 9D AS | 8H AH 7C (S A / H A,8 / C 7: no other run); hearts trump.
LEN_ELDER = "AC KC QC JC 8D 7S | 9H TS 8S"
LEN_DEALER = "KD QD JD TD 9D AS | 8H AH 7C"


@pytest.mark.parametrize("preset,options,elder,dealer", [
    # longer_sequence_wins: the dealer's 5-run beats the 4-run
    ("clobber", None, 0, 50),
    ("klaberjass", None, 0, 50),
    # klaberass: no length step; top card A beats K -> elder
    ("klaberass", None, 50, 0),
    # kalabriasz: value equal, no length, no top card; neither is trump -> final tie -> elder
    ("kalabriasz", None, 50, 0),
    # overrides
    ("clobber", {"longer_sequence_wins": False}, 50, 0),      # then top card: A > K
    ("klaberass", {"longer_sequence_wins": True}, 0, 50),
    ("kalabriasz", {"longer_sequence_wins": True}, 0, 50),
    ("klaberjass", {"longer_sequence_wins": False, "compare_top_card": False}, 0, 0),  # tie, nobody
])
def test_longer_fifty(preset, options, elder, dealer):
    """rules.md §6.2 step 2 (`longer_sequence_wins`), then 3 (top card), 4 (trump), 5 (tie)."""
    assert first_lead(preset, LEN_ELDER, LEN_DEALER, "8D", options=options) == seqs(elder, dealer)


@pytest.mark.parametrize("preset,elder,dealer", [
    ("clobber", 0, 50),      # longer wins (and the trump K-Q-J sits in a scored run: no trump run)
    ("klaberjass", 0, 50),   # longer wins
    ("klaberass", 50, 0),    # top card A beats K before trump is looked at
    ("kalabriasz", 0, 50),   # value equal, no top card: the trump run beats the plain one
])
def test_longer_fifty_in_trumps(preset, elder, dealer):
    """rules.md §6.2: as above, but the dealer's K-Q-J-T-9 is in diamonds, the trump
    (turn-up 7D taken by the elder).  Elder AC KC QC JC 8H 7S | 9H TS 8S (H 9,8 two only);
    dealer KD QD JD TD 9D AS | 7H AH 7C.  clobber's trump run (§6.4) does not add: the
    dealer's K-Q-J of trumps are in his declared run, which scored."""
    out = first_lead(preset, "AC KC QC JC 8H 7S | 9H TS 8S", "KD QD JD TD 9D AS | 7H AH 7C", "8H",
                     turn_up="7D")
    assert out == seqs(elder, dealer, trump="D")


# Two twenties: elder Q-J-T of clubs (top Q), dealer K-Q-J of spades (top K).
# Elder QC JC TC AD 8D 9S | 7S KH 9H (D A,8 / S 9,7 / H K,9: no other run)
# Dealer KS QS JS AC 7C KD | TD 8H AH (C A,7 / D K,T / H A,8: no other run)
TOP_ELDER = "QC JC TC AD 8D 9S | 7S KH 9H"
TOP_DEALER = "KS QS JS AC 7C KD | TD 8H AH"


@pytest.mark.parametrize("preset,options,elder,dealer", [
    ("clobber", None, 0, 20),       # top card K beats Q
    ("klaberjass", None, 0, 20),
    ("klaberass", None, 0, 20),
    ("kalabriasz", None, 20, 0),    # no top card; neither trump; final tie -> elder
    ("kalabriasz", {"compare_top_card": True}, 0, 20),
    ("klaberjass", {"compare_top_card": False}, 0, 0),          # final tie -> nobody
    ("klaberass", {"compare_top_card": False}, 20, 0),          # final tie -> elder
])
def test_top_card(preset, options, elder, dealer):
    """rules.md §6.2 step 3, `compare_top_card`."""
    assert first_lead(preset, TOP_ELDER, TOP_DEALER, "AD", options=options) == seqs(elder, dealer)


@pytest.mark.parametrize("preset", PRESETS)
def test_trump_run_beats_plain_run_of_the_same_rank(preset):
    """rules.md §6.2 step 4: equal value and top card, the trump sequence wins.
    Elder QC JC TC AD 8D 9S | 7S KS 9H: clubs Q-J-T (20), plain.
    Dealer QH JH TH AC 7C KD | TD 8H AS: hearts (trump) Q-J-T (20; 9H is the elder's,
    so 8H stands apart).  Dealer scores 20 in every preset (kalabriasz skips the top card
    but trump still decides).  No bella / trump run: the dealer has no KH."""
    out = first_lead(preset, "QC JC TC AD 8D 9S | 7S KS 9H", "QH JH TH AC 7C KD | TD 8H AS", "AD")
    assert out == seqs(0, 20)


# Final tie: elder Q-J-T of clubs, dealer Q-J-T of spades, both plain, both twenties.
# Elder QC JC TC AD 8D 9H | 7S KH 8S (S 8,7 two only / H K,9 / D A,8)
# Dealer QS JS TS AC 7C KD | TD 8H AH (C A,7 / D K,T / H A,8)
TIE_ELDER = "QC JC TC AD 8D 9H | 7S KH 8S"
TIE_DEALER = "QS JS TS AC 7C KD | TD 8H AH"


@pytest.mark.parametrize("preset,options,elder", [
    ("clobber", None, 0),
    ("klaberjass", None, 0),
    ("klaberass", None, 20),
    ("kalabriasz", None, 20),
    ("klaberjass", {"sequence_final_tie": "elder"}, 20),   # 002's variant
    ("clobber", {"sequence_final_tie": "elder"}, 20),
    ("kalabriasz", {"sequence_final_tie": "nobody"}, 0),
    ("klaberass", {"sequence_final_tie": "nobody"}, 0),
])
def test_final_tie(preset, options, elder):
    """rules.md §6.2 step 5, `sequence_final_tie`: nobody scores, or the elder hand scores.
    The dealer never scores here."""
    assert first_lead(preset, TIE_ELDER, TIE_DEALER, "AD", options=options) == seqs(elder, 0)


# --- §6.1 trump_sequence_order --------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("order,elder", [(None, 0), ("natural", 0), ("trump", 20)])
def test_trump_order_run_j_9_a(preset, order, elder):
    """rules.md §6.1 `trump_sequence_order`: J-9-A of trumps runs only in trump order
    (J 9 A 10 K Q 8 7).  Elder JH 9H AH QC 8C TD | 8D 7S KS (C Q,8 / D T,8 / S K,7: none;
    hearts A,J,9 are no natural run).  Dealer AC KC 9D 7D AS 9S | TH 8H JD (C A,K / D J,9,7 /
    S A,9 / H T,8: no run in either order).  The elder holds no KH/QH: no bella, no trump run."""
    options = None if order is None else {"trump_sequence_order": order}
    out = first_lead(preset, "JH 9H AH QC 8C TD | 8D 7S KS", "AC KC 9D 7D AS 9S | TH 8H JD", "QC",
                     options=options)
    assert out == seqs(elder, 0)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("order,elder", [("natural", 20), ("trump", 50)])
def test_trump_order_a_10_k_q_is_a_fifty(preset, order, elder):
    """rules.md §6.1 (000's worked example): A-K-Q-10 of trumps.  Natural order: A-K-Q is a
    run of three (J missing, so 10 stands apart) = 20; trump order A 10 K Q = 4 cards = 50.
    Elder AH KH QH TH 8C 9D | 7S JS 8D (D 9,8 two only / S J,7 / C 8).
    Dealer AC KC JD TD AS 9S | 8H 9H 7C (no run in any suit, in either order).
    The elder holds KH and QH, but no queen is played, so no bella yet; no JH: no trump run."""
    out = first_lead(preset, "AH KH QH TH 8C 9D | 7S JS 8D", "AC KC JD TD AS 9S | 8H 9H 7C", "8C",
                     options={"trump_sequence_order": order})
    assert out == seqs(elder, 0)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("order,elder,dealer", [("natural", 20, 0), ("trump", 0, 20)])
def test_trump_order_top_card_position(preset, order, elder, dealer):
    """rules.md §6.2: top cards compare by position in their own run's order, so under
    trump order a trump run topped by the J ranks with a plain run topped by the A; then
    trump beats plain.  Elder AC KC QC TD 8D 7S | 9S KS 8H: clubs A-K-Q (20, top A).
    Dealer JH 9H AH JC 9C AD | KD 8S TS: hearts J-9-A only in trump order (20, top J).
    natural: the dealer has no run -> elder 20.  trump: equal value, equal top position,
    dealer's run is trump -> dealer 20 (kalabriasz: value equal, trump -> dealer too)."""
    out = first_lead(preset, "AC KC QC TD 8D 7S | 9S KS 8H", "JH 9H AH JC 9C AD | KD 8S TS", "TD",
                     options={"trump_sequence_order": order})
    assert out == seqs(elder, dealer)
