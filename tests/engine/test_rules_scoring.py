"""rules.md §1 (points, trick order), §7 (tricks), §8 (made / tie / bust, last trick)
and the in-progress numbers of deal-record.md, on hand-worked full and partial deals."""
import pytest

from tests.support.records import (A_BOTTOM, A_DEALER, A_ELDER, A_PLAY_HEARTS, A_PLAY_SPADES, A_TURN_UP, PRESETS, acts,
                      in_progress, record, result, settled, side)
from tests.support.records import replay_dict


def replay(rec):
    return replay_dict(rec)


# --- deal A, hearts trump: elder 68 (58 + last 10), dealer 64 (see tests/support/records.py) -------------

@pytest.mark.parametrize("preset", PRESETS)
def test_made_elder_takes_in_round_one(preset):
    """rules.md §4.1 take, §8 made: maker elder 68 > dealer 64, each scores his own total."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP, acts("E take", A_PLAY_HEARTS), bottom=A_BOTTOM)
    assert replay(rec) == result("made", "H", "elder",
                                 side(58, 10, 0, 0, 68, 68), side(64, 0, 0, 0, 64, 64))


@pytest.mark.parametrize("preset", PRESETS)
def test_bust_dealer_takes_in_round_one(preset):
    """rules.md §4.1 (dealer takes after elder passes), §8 bust: maker dealer 64 < elder 68,
    so the dealer scores 0 and the elder scores both totals 68 + 64 = 132."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E pass; D take", A_PLAY_HEARTS), bottom=A_BOTTOM)
    assert replay(rec) == result("bust", "H", "dealer",
                                 side(58, 10, 0, 0, 68, 132), side(64, 0, 0, 0, 64, 0))


# --- deal A, spades named in round two: elder 49 (39 + 10), dealer 51 ---------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_dealer_names_in_round_two_and_makes(preset):
    """rules.md §4.2: after two passes the dealer names spades (not the turn-up suit
    hearts); §8 made: dealer 51 > elder 49."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E pass; D pass; E pass; D name S", A_PLAY_SPADES), bottom=A_BOTTOM)
    assert replay(rec) == result("made", "S", "dealer",
                                 side(39, 10, 0, 0, 49, 49), side(51, 0, 0, 0, 51, 51))


@pytest.mark.parametrize("preset", PRESETS)
def test_elder_names_in_round_two_and_goes_bust(preset):
    """rules.md §4.2: the elder names spades in round two; §8 bust: elder 49 < dealer 51,
    so the dealer scores 49 + 51 = 100."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E pass; D pass; E name S", A_PLAY_SPADES), bottom=A_BOTTOM)
    assert replay(rec) == result("bust", "S", "elder",
                                 side(39, 10, 0, 0, 49, 0), side(51, 0, 0, 0, 51, 100))


# --- deal T: a tie ------------------------------------------------------------------------
# Deal A with three cards changed: elder JC for 9C and JS for QS, dealer QD for KD.
# Elder JH AH AC KC TD JS | JC 8D 7S   Dealer 9H TH TC AD AS QC | QD 7C 8S
# turn-up 8H, bottom 7D.  No sequences (elder C A,K,J - Q missing; S J,7; dealer C T,Q,7;
# D A,Q; S A,8), no bella (KH, QH unseen).  Hearts trump:
#  T1 E JH, D TH        E 20+10 = 30
#  T2 E AH, D 9H        D 11+14 = 25
#  T3 D AD, E 8D        D 11
#  T4 D QD, E TD        E 3+10  = 13
#  T5 E AC, D 7C        E 11
#  T6 E KC, D TC        D 4+10  = 14
#  T7 D QC, E JC        D 3+2   = 5   (plain Q beats plain J; E holds no higher club)
#  T8 D AS, E 7S        D 11           (E holds JS, 7S: neither beats the ace)
#  T9 D 8S, E JS        E 2, and the last trick 10
#  elder 30+13+11+2 = 56 + 10 = 66;  dealer 25+11+14+5+11 = 66   (56 + 66 = 122)
T_ELDER = "JH AH AC KC TD JS | JC 8D 7S"
T_DEALER = "9H TH TC AD AS QC | QD 7C 8S"
T_PLAY = """E play JH; D play TH; E play AH; D play 9H; D play AD; E play 8D;
D play QD; E play TD; E play AC; D play 7C; E play KC; D play TC; D play QC; E play JC;
D play AS; E play 7S; D play 8S; E play JS"""


@pytest.mark.parametrize("preset", PRESETS)
def test_tie_maker_elder_scores_nothing(preset):
    """rules.md §8 tie (подсел): 66 = 66, the maker (elder) scores 0, the dealer his own 66."""
    rec = record(preset, T_ELDER, T_DEALER, "8H", acts("E take", T_PLAY), bottom="7D")
    assert replay(rec) == result("tie", "H", "elder",
                                 side(56, 10, 0, 0, 66, 0), side(66, 0, 0, 0, 66, 66))


@pytest.mark.parametrize("preset", PRESETS)
def test_tie_maker_dealer_scores_nothing(preset):
    """rules.md §8 tie: maker dealer 66 = elder 66, dealer 0, elder his own total 66."""
    rec = record(preset, T_ELDER, T_DEALER, "8H", acts("E pass; D take", T_PLAY), bottom="7D")
    assert replay(rec) == result("tie", "H", "dealer",
                                 side(56, 10, 0, 0, 66, 66), side(66, 0, 0, 0, 66, 0))


# --- deal S: a sequence decides the deal ---------------------------------------------------
# Deal A with the dealer's 7C replaced by JC (7C unseen): dealer clubs T Q J -> the run
# Q-J-T (§6.1, 3 cards, 20).  Elder has no run, so the dealer scores it (§6.2).
# Play as deal A line 1 except T5: E AC, D JC (cannot beat the ace)  E 11+2 = 13.
#  elder 30 + 14 + 13 + 3 = 60 + last 10 = 70
#  dealer 25 + 11 + 14 + 3 + 11 = 64 + sequences 20 = 84      (60 + 64 = 124)
# Elder is maker: 70 < 84, bust: elder 0, dealer 70 + 84 = 154.
S_DEALER = "9H TH TC AD AS QC | KD JC 8S"
S_PLAY = A_PLAY_HEARTS.replace("D play 7C", "D play JC")


@pytest.mark.parametrize("preset", PRESETS)
def test_opponents_sequence_busts_the_maker(preset):
    """rules.md §6.1/§6.2 (Q-J-T = 20 for the only player with a run), §8 bust."""
    rec = record(preset, A_ELDER, S_DEALER, A_TURN_UP, acts("E take", S_PLAY), bottom=A_BOTTOM)
    assert replay(rec) == result("bust", "H", "elder",
                                 side(60, 10, 0, 0, 70, 0), side(64, 0, 20, 0, 84, 154))


# --- in-progress records -------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_in_progress_counts_only_complete_tricks(preset):
    """deal-record.md: a record that stops early is in_progress; tricks complete only,
    last_trick 0, scored 0.  Deal A stopped after T3 and the lead of T4 (KD):
    elder T1 = 30; dealer T2 + T3 = 25 + 11 = 36; the KD on the table counts for nobody."""
    actions = acts("E take", A_PLAY_HEARTS)[:8]
    assert actions[-1] == ["dealer", "play KD"]
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP, actions, bottom=A_BOTTOM)
    assert replay(rec) == in_progress("H", "elder", settled(30), settled(36))


@pytest.mark.parametrize("preset", PRESETS)
def test_in_progress_before_the_last_trick_has_no_last_trick_bonus(preset):
    """deal-record.md: last_trick stays 0 until the deal is over.  Deal A stopped after T8:
    elder 30 + 14 + 11 = 55; dealer 25 + 11 + 14 + 3 + 11 = 64."""
    actions = acts("E take", A_PLAY_HEARTS)[:17]
    assert actions[-1] == ["elder", "play 7S"]
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP, actions)
    assert replay(rec) == in_progress("H", "elder", settled(55), settled(64))


@pytest.mark.parametrize("actions", ["", "E pass", "E pass; D pass", "E pass; D pass; E pass"])
def test_in_progress_before_the_trump_is_fixed(actions):
    """deal-record.md: trump and maker are null while not fixed; extra may be left out."""
    rec = record("klaberjass", "JH AH AC KC TD QS", "9H TH TC AD AS QC", A_TURN_UP, acts(actions))
    assert replay(rec) == in_progress(None, None, settled(), settled())


@pytest.mark.parametrize("preset", PRESETS)
def test_in_progress_right_after_the_take(preset):
    """deal-record.md: after the take the trump and maker are fixed; nothing is settled."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP, acts("E take"))
    assert replay(rec) == in_progress("H", "elder", settled(), settled())


# --- points and trick order, one trick at a time -----------------------------------------
# Hands P: elder JH 8H AC KC TD 9D | QS JS 7C, dealer 9H AH TC QC AD KD | AS KS 8S, turn-up 7H
# (the dix is the turn-up itself).  No runs: elder H J,8 / C A,K,7 / D T,9 / S Q,J;
# dealer H A,9 / C T,Q / D A,K / S A,K,8 (QS is the elder's).  No bella: KH, QH unseen.
P_ELDER = "JH 8H AC KC TD 9D | QS JS 7C"
P_DEALER = "9H AH TC QC AD KD | AS KS 8S"


@pytest.mark.parametrize("preset", PRESETS)
def test_card_points_and_trick_order(preset):
    """rules.md §1 points and orders, §7 tricks.
      T1 E JH, D 9H: jass beats menel            E 20 + 14 = 34
      T2 E AC, D QC: plain A beats Q             E 11 + 3  = 14
      T3 E KC, D TC: plain 10 beats K            D 4 + 10  = 14
      T4 D KS, E JS: plain K beats J             D 4 + 2   = 6
      T5 D AD, E 9D: A beats a plain 9 (0)       D 11 + 0  = 11
    Each follower plays a lower card only when he holds no higher one of the suit led.
    elder 34 + 14 = 48, dealer 14 + 6 + 11 = 31; in progress."""
    rec = record(preset, P_ELDER, P_DEALER, "7H", acts(
        "E take; E play JH; D play 9H; E play AC; D play QC; E play KC; D play TC;"
        "D play KS; E play JS; D play AD; E play 9D"))
    assert replay(rec) == in_progress("H", "elder", settled(48), settled(31))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_trump_beats_a_plain_card(preset):
    """rules.md §7: void in the suit led, the dealer must trump; any trump beats a plain card.
    Elder KC 8C AH TH KD 9D | KS QS 9S, dealer AC TC QC 9C JH 8H | AD 7D 8D, turn-up 7H.
      T1 E KS, D 8H (void in spades)          D wins 4 + 0 = 4 (trump 8 is worth 0)
    No runs (elder C K,8 / H A,T / D K,9 / S K,Q,9; dealer C A,T,Q,9 / H J,8 / D A,8,7)."""
    rec = record(preset, "KC 8C AH TH KD 9D | KS QS 9S", "AC TC QC 9C JH 8H | AD 7D 8D", "7H",
                 acts("E take; E play KS; D play 8H"))
    assert replay(rec) == in_progress("H", "elder", settled(0), settled(4))


@pytest.mark.parametrize("preset", PRESETS)
def test_nine_tricks_end_the_deal(preset):
    """rules.md §7: 9 tricks; after the 18th card the deal is done and nobody is to act.
    Deal A, hearts: the dealer wins T8 (AS) and leads T9 (8S), the elder answers QS last."""
    from tests.support.records import new_deal, legal, run
    deal = new_deal(preset, A_ELDER, A_DEALER, A_TURN_UP, bottom=A_BOTTOM, actions="E take")
    moves = acts(A_PLAY_HEARTS)
    run(deal, "; ".join(("E " if s == "elder" else "D ") + a for s, a in moves[:-1]))
    assert deal.stage == "play" and deal.to_act == "elder"
    assert legal(deal, "elder") == {"play QS"}
    deal.apply("elder", "play QS")
    assert deal.stage == "done" and deal.to_act is None
    assert legal(deal, "elder") == set() and legal(deal, "dealer") == set()
