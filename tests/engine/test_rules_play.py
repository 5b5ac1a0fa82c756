"""rules.md §7: leading and following per `must_overtake` (none / trump / all), with the
trick orders of §1 (trumps J 9 A 10 K Q 8 7; plain A 10 K Q J 9 8 7).

Turn-up 7H in every deal here: hearts trump after the elder's take, and the dix is the
turn-up itself, so nobody can exchange; nobody holds both KH and QH, so no bella entries.

F1  Elder  KC 8C AH TH KD 9D | KS QS 9S    Dealer AC TC QC 9C JH 8H | AD 7D 8D
F2  Elder  AH KH 9S 8S 7S KC | QC JC TD    Dealer AC TC 9C AD KD QD | JD 9D 8D  (no H, no S)
F3  Elder  JH 8H AC KC TD 9D | QS JS 7C    Dealer 9H AH TC QC AD KD | AS KS 8S"""
import pytest

from tests.support.records import acts, legal, new_deal, plays, record
from engine.deal import IllegalAction
from tests.support.records import replay_dict
from engine.record import RecordError

F1 = ("KC 8C AH TH KD 9D | KS QS 9S", "AC TC QC 9C JH 8H | AD 7D 8D")
F2 = ("AH KH 9S 8S 7S KC | QC JC TD", "AC TC 9C AD KD QD | JD 9D 8D")
F3 = ("JH 8H AC KC TD 9D | QS JS 7C", "9H AH TC QC AD KD | AS KS 8S")

MODES = [
    ("clobber", None, "none"),
    ("klaberjass", None, "trump"),
    ("klaberass", None, "trump"),
    ("kalabriasz", None, "all"),
    ("clobber", {"must_overtake": "trump"}, "trump"),
    ("clobber", {"must_overtake": "all"}, "all"),
    ("kalabriasz", {"must_overtake": "none"}, "none"),
    ("klaberjass", {"must_overtake": "all"}, "all"),
]


def dealer_legal_after_lead(hands, preset, options, lead):
    deal = new_deal(preset, *hands, "7H", options=options, actions="E take; E play " + lead)
    assert deal.to_act == "dealer"
    return legal(deal, "dealer")


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_the_leader_may_play_any_card(preset, options, mode):
    """rules.md §7: the elder leads to the first trick, any card."""
    deal = new_deal(preset, *F1, "7H", options=options, actions="E take")
    assert deal.stage == "play" and deal.to_act == "elder"
    assert legal(deal, "elder") == plays("KC", "8C", "AH", "TH", "KD", "9D", "KS", "QS", "9S")
    assert legal(deal, "dealer") == set()


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_plain_suit_led(preset, options, mode):
    """rules.md §7: KC led; the dealer holds AC TC QC 9C.  none / trump: follow suit, any club.
    all: a higher club if he can - plain order A 10 K: AC or TC."""
    expected = plays("AC", "TC") if mode == "all" else plays("AC", "TC", "QC", "9C")
    assert dealer_legal_after_lead(F1, preset, options, "KC") == expected


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_plain_suit_led_second_example(preset, options, mode):
    """rules.md §7: KD led; the dealer holds AD 7D 8D.  all: only AD beats the king."""
    expected = plays("AD") if mode == "all" else plays("AD", "7D", "8D")
    assert dealer_legal_after_lead(F1, preset, options, "KD") == expected


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_trump_led_must_be_beaten_where_the_mode_says(preset, options, mode):
    """rules.md §7: TH (trump 10) led; the dealer holds JH and 8H.  Trump order J 9 A 10 K Q 8 7:
    JH beats it, 8H does not.  none: any trump; trump / all: must beat -> JH only."""
    expected = plays("JH", "8H") if mode == "none" else plays("JH")
    assert dealer_legal_after_lead(F1, preset, options, "TH") == expected


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_trump_led_with_only_lower_trumps(preset, options, mode):
    """rules.md §7: JH (the jass) led; the dealer's 9H and AH cannot beat it: any trump, but a
    trump (he must follow suit) - in every mode."""
    assert dealer_legal_after_lead(F3, preset, options, "JH") == plays("9H", "AH")


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_trump_led_with_only_higher_trumps(preset, options, mode):
    """rules.md §7: 8H led; the menel 9H and AH both beat the 8: both legal in every mode."""
    assert dealer_legal_after_lead(F3, preset, options, "8H") == plays("9H", "AH")


@pytest.mark.parametrize("preset,options,mode", MODES)
def test_void_in_suit_led_must_trump(preset, options, mode):
    """rules.md §7: KS led; the dealer has no spade and holds JH 8H: he must play a trump,
    any trump (with two players there is nothing to over-trump)."""
    assert dealer_legal_after_lead(F1, preset, options, "KS") == plays("JH", "8H")


@pytest.mark.parametrize("preset,options,mode", MODES)
@pytest.mark.parametrize("lead", ["9S", "AH"])
def test_void_in_suit_led_and_trumps_plays_anything(preset, options, mode, lead):
    """rules.md §7: void in the suit led and without trumps: any card.  F2: the dealer has
    neither spades nor hearts (trump)."""
    assert dealer_legal_after_lead(F2, preset, options, lead) == plays(
        "AC", "TC", "9C", "AD", "KD", "QD", "JD", "9D", "8D")


# --- illegal plays are refused and change nothing (§7) --------------------------------------

def test_illegal_plays_are_refused_with_the_allowed_ones_named():
    """rules.md §7: the engine refuses an illegal action with a reason and leaves the state
    unchanged.  klaberjass, TH led: the dealer must beat it with JH."""
    deal = new_deal("klaberjass", *F1, "7H", actions="E take; E play TH")
    for seat, action in [("dealer", "play 8H"),     # does not beat the trump 10
                         ("dealer", "play AC"),     # revoke: he holds trumps
                         ("dealer", "play KH"),     # not in his hand
                         ("dealer", "play XX"),     # not a card
                         ("dealer", "take"),        # not the moment
                         ("elder", "play KC")]:     # not his turn
        with pytest.raises(IllegalAction) as info:
            deal.apply(seat, action)
        assert isinstance(info.value, ValueError)
        assert deal.to_act == "dealer" and deal.stage == "play"
        assert legal(deal, "dealer") == plays("JH")
    assert "JH" in str(_illegal(deal, "dealer", "play 8H"))
    deal.apply("dealer", "play JH")
    # JH beats TH: the dealer won the trick and leads the next one
    assert deal.to_act == "dealer"


def _illegal(deal, seat, action):
    with pytest.raises(IllegalAction) as info:
        deal.apply(seat, action)
    return info.value


@pytest.mark.parametrize("preset,action", [
    ("clobber", "play AD"), ("klaberjass", "play AD"), ("kalabriasz", "play AD"),  # revoke
    ("kalabriasz", "play QC"),                           # all: a higher club (AC, TC) is held
    ("klaberjass", "play JH"),                           # trumping while holding clubs
])
def test_illegal_follow_in_a_record(preset, action):
    """rules.md §7 / deal-record.md: an action the rules refuse is named by its index.
    E take (0), E play KC (1), D <action> (2)."""
    rec = record(preset, *F1, "7H", acts("E take; E play KC; D " + action))
    with pytest.raises(RecordError) as info:
        replay_dict(rec)
    assert "actions[2]" in str(info.value)


@pytest.mark.parametrize("preset", ["clobber", "klaberjass"])
def test_the_trick_winner_leads_next(preset):
    """rules.md §7: the winner of a trick leads to the next.
    F1: KC led, D plays AC (A beats K): the dealer leads; then D leads AD, E 9D: the dealer
    again; then D leads 7D, E KD (K beats 7): the elder leads."""
    deal = new_deal(preset, *F1, "7H", actions="E take; E play KC; D play AC")
    assert deal.to_act == "dealer"
    deal.apply("dealer", "play AD")
    deal.apply("elder", "play 9D")
    assert deal.to_act == "dealer"
    deal.apply("dealer", "play 7D")
    deal.apply("elder", "play KD")
    assert deal.to_act == "elder"


def test_trump_order_in_tricks():
    """rules.md §1 trump order J 9 A 10 K Q 8 7, §7.  F3 (clobber, any trump may follow):
    E leads 8H, D AH: the ace beats the 8, the dealer leads; D leads 9H, E JH: the jass beats
    the menel, the elder leads."""
    deal = new_deal("clobber", *F3, "7H", actions="E take; E play 8H; D play AH")
    assert deal.to_act == "dealer"
    deal.apply("dealer", "play 9H")
    deal.apply("elder", "play JH")
    assert deal.to_act == "elder"
