"""rules.md §4: bidding (take, pass, name, throw-in, schmeiss) per preset.

Full deals use deal A of tests/support/records.py: hearts trump gives elder 68 (58 + last 10) against
dealer 64; spades trump gives elder 49 (39 + 10) against dealer 51."""
import pytest

from tests.support.records import (A_BOTTOM, A_DEALER, A_ELDER, A_PLAY_HEARTS, A_PLAY_SPADES, A_TURN_UP,
                      PRESETS, THROWN_IN, acts, legal, new_deal, record, result, side)
from engine.deal import IllegalAction
from tests.support.records import replay_dict
from engine.record import RecordError

SCHMEISS_PRESETS = ("klaberjass", "klaberass", "kalabriasz")
NAMES_NOT_H = {"name C", "name D", "name S"}  # turn-up 8H: hearts cannot be named (§4.2)
A_FIRST_E, A_FIRST_D = "JH AH AC KC TD QS", "9H TH TC AD AS QC"


def deal_a(preset, actions="", options=None):
    return new_deal(preset, A_ELDER, A_DEALER, A_TURN_UP, options=options, bottom=A_BOTTOM,
                    actions=actions)


def error_of(rec):
    with pytest.raises(RecordError) as info:
        replay_dict(rec)
    assert isinstance(info.value, ValueError)
    assert "\n" not in str(info.value)
    return str(info.value)


# --- stages and the dialogue ---------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_round_one_starts_with_the_elder(preset):
    """rules.md §2, §4.1: the elder hand speaks first; the dealer has nothing to do yet."""
    deal = deal_a(preset)
    assert deal.stage == "bidding_round_one"
    assert deal.to_act == "elder"
    assert legal(deal, "dealer") == set()


@pytest.mark.parametrize("preset,expected", [
    ("clobber", {"take", "pass"}),
    ("klaberjass", {"take", "pass", "schmeiss"}),
    ("klaberass", {"take", "pass", "schmeiss"}),
    ("kalabriasz", {"take", "pass", "schmeiss"}),
])
def test_round_one_choices_for_both_seats(preset, expected):
    """rules.md §4.1, §4.3: take, pass, or schmeiss where the preset allows (not clobber);
    the dealer has the same choices after the elder passes."""
    deal = deal_a(preset)
    assert legal(deal, "elder") == expected
    deal.apply("elder", "pass")
    assert deal.to_act == "dealer" and deal.stage == "bidding_round_one"
    assert legal(deal, "dealer") == expected
    assert legal(deal, "elder") == set()


@pytest.mark.parametrize("preset,elder_round_two", [
    ("clobber", NAMES_NOT_H | {"pass"}),
    ("klaberjass", NAMES_NOT_H | {"pass", "schmeiss"}),
    ("klaberass", NAMES_NOT_H | {"pass"}),
    ("kalabriasz", NAMES_NOT_H | {"pass"}),
])
def test_two_passes_lead_to_round_two(preset, elder_round_two):
    """rules.md §4.1/§4.2: two passes lead to round two; name one of the three other suits
    (not hearts, the turn-up suit) or pass; only klaberjass lets the elder schmeiss there.
    The dealer (after the elder's pass) names one of the three or passes."""
    deal = deal_a(preset, "E pass; D pass")
    assert deal.stage == "bidding_round_two" and deal.to_act == "elder"
    assert legal(deal, "elder") == elder_round_two
    deal.apply("elder", "pass")
    assert deal.to_act == "dealer"
    assert legal(deal, "dealer") == NAMES_NOT_H | {"pass"}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seat_actions", ["E pass; D pass", "E pass; D pass; E pass"])
def test_the_turn_up_suit_cannot_be_named(preset, seat_actions):
    """rules.md §4.2: round two names one of the three *other* suits; naming hearts
    (the turn-up 8H) is refused and the deal is unchanged."""
    deal = deal_a(preset, seat_actions)
    seat = deal.to_act
    before = legal(deal, seat)
    with pytest.raises(IllegalAction) as info:
        deal.apply(seat, "name H")
    assert isinstance(info.value, ValueError)
    assert deal.to_act == seat and deal.stage == "bidding_round_two"
    assert legal(deal, seat) == before
    rec = record(preset, A_FIRST_E, A_FIRST_D, A_TURN_UP, acts(seat_actions + "; %s name H"
                                                               % ("E" if seat == "elder" else "D")))
    index = len(rec["actions"]) - 1
    assert "actions[%d]" % index in error_of(rec)


@pytest.mark.parametrize("preset", PRESETS)
def test_take_fixes_the_turn_up_suit_and_play_begins(preset):
    """rules.md §4.1: take makes the turn-up suit trump and the taker maker; §7: the elder
    leads to the first trick whoever made."""
    deal = deal_a(preset, "E pass; D take")
    assert deal.stage == "play"
    assert deal.to_act == "elder"


@pytest.mark.parametrize("preset", PRESETS)
def test_dealer_pass_in_round_two_throws_the_deal_in(preset):
    """rules.md §4.2/§4.5: the dealer's pass in round two throws the deal in; nothing is
    scored: outcome thrown_in, trump and maker null, every number 0."""
    deal = deal_a(preset, "E pass; D pass; E pass; D pass")
    assert deal.stage == "done" and deal.to_act is None
    assert legal(deal, "elder") == set() and legal(deal, "dealer") == set()
    rec = record(preset, A_FIRST_E, A_FIRST_D, A_TURN_UP, acts("E pass; D pass; E pass; D pass"))
    assert replay_dict(rec) == THROWN_IN
    # extra may also be given for a thrown-in deal (it is only *allowed* to be left out)
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP, acts("E pass; D pass; E pass; D pass"),
                 bottom=A_BOTTOM)
    assert replay_dict(rec) == THROWN_IN


# --- schmeiss (§4.3) -----------------------------------------------------------------------

def test_clobber_has_no_schmeiss():
    """rules.md §4.3: clobber - nobody may schmeiss."""
    deal = deal_a("clobber")
    with pytest.raises(IllegalAction):
        deal.apply("elder", "schmeiss")
    assert deal.stage == "bidding_round_one" and deal.to_act == "elder"
    assert "actions[0]" in error_of(record("clobber", A_FIRST_E, A_FIRST_D, A_TURN_UP,
                                           acts("E schmeiss")))
    assert "actions[1]" in error_of(record("clobber", A_FIRST_E, A_FIRST_D, A_TURN_UP,
                                           acts("E pass; D schmeiss")))


@pytest.mark.parametrize("preset", SCHMEISS_PRESETS)
@pytest.mark.parametrize("bidding,answerer", [("E schmeiss", "dealer"),
                                              ("E pass; D schmeiss", "elder")])
def test_schmeiss_is_answered_and_accept_throws_in(preset, bidding, answerer):
    """rules.md §4.3: either seat may schmeiss in round one; the other answers accept or
    refuse; accept throws the deal in (thrown_in, nulls, zeros)."""
    deal = deal_a(preset, bidding)
    assert deal.stage == "schmeiss_answer" and deal.to_act == answerer
    assert legal(deal, answerer) == {"accept", "refuse"}
    deal.apply(answerer, "accept")
    assert deal.stage == "done" and deal.to_act is None
    seat = "E" if answerer == "elder" else "D"
    rec = record(preset, A_FIRST_E, A_FIRST_D, A_TURN_UP, acts(bidding, seat + " accept"))
    assert replay_dict(rec) == THROWN_IN


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_refused_schmeiss_elder_makes_in_the_turn_up_suit(preset):
    """rules.md §4.3 (klaberjass, klaberass): refused -> the turn-up suit is trump and the
    schmeisser is maker.  Elder schmeisses, hearts trump, deal A: 68 > 64, made."""
    deal = deal_a(preset, "E schmeiss; D refuse")
    assert deal.stage == "play" and deal.to_act == "elder"
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E schmeiss; D refuse", A_PLAY_HEARTS), bottom=A_BOTTOM)
    assert replay_dict(rec) == result("made", "H", "elder",
                                      side(58, 10, 0, 0, 68, 68), side(64, 0, 0, 0, 64, 64))


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_refused_schmeiss_dealer_makes_and_goes_bust(preset):
    """rules.md §4.3: the dealer schmeisses, the elder refuses: hearts trump, dealer maker.
    Deal A: dealer 64 < elder 68, bust: dealer 0, elder 68 + 64 = 132 (§8)."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E pass; D schmeiss; E refuse", A_PLAY_HEARTS), bottom=A_BOTTOM)
    assert replay_dict(rec) == result("bust", "H", "dealer",
                                      side(58, 10, 0, 0, 68, 132), side(64, 0, 0, 0, 64, 0))


def test_kalabriasz_refuser_names_any_suit():
    """rules.md §4.3 (kalabriasz, schmeiss_refused = refuser_names): the refuser must name
    the trump, any suit - the turn-up suit included - and is maker."""
    deal = deal_a("kalabriasz", "E schmeiss; D refuse")
    assert deal.stage == "naming" and deal.to_act == "dealer"
    assert legal(deal, "dealer") == {"name C", "name D", "name H", "name S"}
    assert legal(deal, "elder") == set()
    deal = deal_a("kalabriasz", "E pass; D schmeiss; E refuse")
    assert deal.stage == "naming" and deal.to_act == "elder"
    assert legal(deal, "elder") == {"name C", "name D", "name H", "name S"}


def test_kalabriasz_refuser_names_spades_and_makes():
    """rules.md §4.3: kalabriasz, the dealer refuses the elder's schmeiss and names spades;
    deal A spades line: dealer 51 > elder 49, made."""
    rec = record("kalabriasz", A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E schmeiss; D refuse; D name S", A_PLAY_SPADES), bottom=A_BOTTOM)
    assert replay_dict(rec) == result("made", "S", "dealer",
                                      side(39, 10, 0, 0, 49, 49), side(51, 0, 0, 0, 51, 51))


def test_kalabriasz_refuser_may_name_the_turn_up_suit():
    """rules.md §4.3: the refuser may name any suit, hearts (the turn-up suit) too; he is
    maker: dealer 64 < elder 68, bust, elder 132."""
    rec = record("kalabriasz", A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E schmeiss; D refuse; D name H", A_PLAY_HEARTS), bottom=A_BOTTOM)
    assert replay_dict(rec) == result("bust", "H", "dealer",
                                      side(58, 10, 0, 0, 68, 132), side(64, 0, 0, 0, 64, 0))


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_refuse_then_name_is_refused_where_schmeisser_makes(preset):
    """rules.md §4.3: with schmeisser_makes the refusal itself fixes the trump; no naming."""
    rec = record(preset, A_ELDER, A_DEALER, A_TURN_UP, acts("E schmeiss; D refuse; D name S"))
    assert "actions[2]" in error_of(rec)


def test_klaberjass_elder_schmeiss_in_round_two_is_a_pass():
    """rules.md §4.2: klaberjass lets the elder say schmeiss in round two; it is treated as a
    pass: the dealer names one of the three other suits or passes, never accept/refuse."""
    deal = deal_a("klaberjass", "E pass; D pass; E schmeiss")
    assert deal.stage == "bidding_round_two" and deal.to_act == "dealer"
    assert legal(deal, "dealer") == NAMES_NOT_H | {"pass"}
    with pytest.raises(IllegalAction):
        deal.apply("dealer", "accept")
    rec = record("klaberjass", A_FIRST_E, A_FIRST_D, A_TURN_UP,
                 acts("E pass; D pass; E schmeiss; D accept"))
    assert "actions[3]" in error_of(rec)


def test_klaberjass_round_two_schmeiss_then_dealer_passes_throws_in():
    """rules.md §4.2: schmeiss in round two = pass; the dealer's pass throws the deal in."""
    rec = record("klaberjass", A_FIRST_E, A_FIRST_D, A_TURN_UP,
                 acts("E pass; D pass; E schmeiss; D pass"))
    assert replay_dict(rec) == THROWN_IN


def test_klaberjass_round_two_schmeiss_then_dealer_names():
    """rules.md §4.2: after the elder's round-two schmeiss the dealer names spades and is
    maker; deal A spades line: dealer 51 > elder 49, made."""
    rec = record("klaberjass", A_ELDER, A_DEALER, A_TURN_UP,
                 acts("E pass; D pass; E schmeiss; D name S", A_PLAY_SPADES), bottom=A_BOTTOM)
    assert replay_dict(rec) == result("made", "S", "dealer",
                                      side(39, 10, 0, 0, 49, 49), side(51, 0, 0, 0, 51, 51))


@pytest.mark.parametrize("preset", ["clobber", "klaberass", "kalabriasz"])
def test_no_schmeiss_in_round_two_elsewhere(preset):
    """rules.md §4.2/§4.3: only klaberjass (schmeiss = both_rounds) allows it in round two."""
    rec = record(preset, A_FIRST_E, A_FIRST_D, A_TURN_UP, acts("E pass; D pass; E schmeiss"))
    assert "actions[2]" in error_of(rec)


def test_dealer_never_schmeisses_in_round_two():
    """rules.md §4.2: round two's schmeiss is the elder's only; the dealer names or passes."""
    rec = record("klaberjass", A_FIRST_E, A_FIRST_D, A_TURN_UP,
                 acts("E pass; D pass; E pass; D schmeiss"))
    assert "actions[3]" in error_of(rec)


@pytest.mark.parametrize("preset,options,round_one,round_two_elder", [
    ("clobber", {"schmeiss": "round_one"}, True, False),
    ("clobber", {"schmeiss": "both_rounds"}, True, True),
    ("klaberjass", {"schmeiss": "none"}, False, False),
    ("klaberjass", {"schmeiss": "round_one"}, True, False),
    ("klaberass", {"schmeiss": "both_rounds"}, True, True),
    ("kalabriasz", {"schmeiss": "none"}, False, False),
])
def test_schmeiss_option_overrides(preset, options, round_one, round_two_elder):
    """rules.md §11 `schmeiss`: none / round_one / both_rounds, whatever the preset."""
    deal = deal_a(preset, options=options)
    assert ("schmeiss" in legal(deal, "elder")) is round_one
    deal = deal_a(preset, "E pass", options=options)
    assert ("schmeiss" in legal(deal, "dealer")) is round_one
    deal = deal_a(preset, "E pass; D pass", options=options)
    assert ("schmeiss" in legal(deal, "elder")) is round_two_elder


def test_schmeiss_refused_option_override():
    """rules.md §11 `schmeiss_refused` = refuser_names on klaberass: the refuser names the
    trump (any suit) and is maker."""
    deal = deal_a("klaberass", "E schmeiss; D refuse", options={"schmeiss_refused": "refuser_names"})
    assert deal.stage == "naming" and deal.to_act == "dealer"
    assert legal(deal, "dealer") == {"name C", "name D", "name H", "name S"}
    deal = deal_a("kalabriasz", "E schmeiss; D refuse",
                  options={"schmeiss_refused": "schmeisser_makes"})
    assert deal.stage == "play" and deal.to_act == "elder"
