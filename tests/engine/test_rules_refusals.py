"""Issue 13: a refusal carries its reason as data (IllegalAction.code and .detail) beside the
message `klabber replay` prints, which stays word for word (deal-record.md); the table words it in
its own notation. Positions from test_rules_play.py's F1, worked by hand (rules.md §7):

F1  Elder  KC 8C AH TH KD 9D | KS QS 9S    Dealer AC TC QC 9C JH 8H | AD 7D 8D
Turn-up 7H, the elder takes: hearts trump. The dealer has four clubs and no spade."""
import pytest

from tests.support.records import new_deal
from engine.cards import CLUBS, HEARTS, SPADES, parse_card
from engine.deal import IllegalAction
from klabber_tui.words.ascii_text import to_ascii
from klabber_tui.words.table.phrases import refusal_text

F1 = ("KC 8C AH TH KD 9D | KS QS 9S", "AC TC QC 9C JH 8H | AD 7D 8D")


def refusal(lead: str, card: str) -> IllegalAction:
    deal = new_deal("klaberjass", *F1, "7H", actions="E take; E play " + lead)
    with pytest.raises(IllegalAction) as caught:
        deal.apply("dealer", "play " + card)
    assert len(deal.actions) == 2  # nothing changed
    return caught.value


def test_a_card_of_another_suit_when_you_can_follow() -> None:
    # KC led; the dealer holds AC TC QC 9C, so AD is refused and any club is allowed (klaberjass
    # asks to beat only a trump lead). The allowed cards come in the hand's order, high to low.
    error = refusal("KC", "AD")
    assert str(error) == ("the dealer may not 'play AD': you must follow suit to KC (§7); "
                          "allowed: play 9C, play TC, play QC, play AC")
    assert error.code == "must_follow"
    assert error.detail["card"] == parse_card("AD") and error.detail["led"] == parse_card("KC")
    assert error.detail["suit"] == CLUBS and error.detail["trump"] == HEARTS
    assert set(map(str, error.detail["allowed"])) == {"play AC", "play TC", "play QC", "play 9C"}
    assert refusal_text(error.code, error.detail) == (
        "A♦ cannot be played: follow suit, ♣ clubs (K♣ was led). You may play: A♣ 10♣ Q♣ 9♣.")
    assert to_ascii(refusal_text(error.code, error.detail)) == (
        "AD cannot be played: follow suit, C clubs (KC was led). You may play: AC 10C QC 9C.")


def test_a_plain_card_when_void_and_holding_trumps() -> None:
    # KS led; the dealer has no spade and holds JH 8H: he must trump.
    error = refusal("KS", "AD")
    assert str(error) == ("the dealer may not 'play AD': you have no S and must play a trump (§7); "
                          "allowed: play 8H, play JH")
    assert error.code == "must_trump" and error.detail["suit"] == SPADES
    assert refusal_text(error.code, error.detail) == (
        "A♦ cannot be played: you have no ♠ spades, so play a trump (♥ hearts). You may play: J♥ 8♥.")


def test_a_bid_refusal_names_the_moves_with_their_keys() -> None:
    # Round two, the elder names the turn-up suit (hearts): refused (§4.2).
    deal = new_deal("klaberjass", *F1, "7H", actions="E pass; D pass")
    with pytest.raises(IllegalAction) as caught:
        deal.apply("elder", "name H")
    error = caught.value
    assert error.code == "turn_up_suit" and error.detail["suit"] == HEARTS
    worded = refusal_text(error.code, error.detail)
    assert worded.startswith("In round two the turn-up suit, ♥ hearts, cannot be named. You may: ")
    assert "name ♣ clubs (c)" in worded and "pass (p)" in worded and "name H" not in worded
