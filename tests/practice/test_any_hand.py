"""Any hand on demand (issue 25): a typed hand, turn-up, seat and words made into a position.

Cards are rules.md §1's notation plus, here alone, the Russian ranks В Д К Т (Cyrillic Т the ace,
Latin T the ten); the words are record notation exactly or the players' Russian words (docs/glossary.md). What a deal could not have dealt, or the
rules could not have heard, is refused with its code.
"""

from __future__ import annotations

import pytest

from ai.coach import advise
from engine.actions import DEALER, ELDER, Action
from engine.cards import parse_card
from engine.rules import RuleSet
from klabber_tui.practice.any_hand import (BadWord, HandRefusal, Refusal, any_hand, bid_words, parse_any_card,
                                           parse_cards)

KLABERJASS = RuleSet.from_preset("klaberjass")
HAND = "J♣ 9♣ A♣ 10♦ K♥ 7♠"


def test_russian_ranks_are_taken_and_cyrillic_te_is_the_ace_latin_t_the_ten() -> None:
    assert parse_any_card("Т♣") == parse_card("AC")  # Cyrillic Т: туз
    assert parse_any_card("T♣") == parse_card("TC")  # Latin T: the ten (§1)
    assert parse_any_card("в♦") == parse_card("JD")  # валет, any case
    assert parse_any_card("Д♥") == parse_card("QH")  # дама
    assert parse_any_card("К♠") == parse_card("KS")  # король (Cyrillic К)
    assert parse_any_card("10d") == parse_card("TD")
    assert parse_cards("В♣, 9♣ Т♣") == [parse_card(c) for c in ("JC", "9C", "AC")]


@pytest.mark.parametrize(("hand", "turn_up", "code"), [
    ("J♣ J♣ A♣ 10♦ K♥ 7♠", "Q♣", Refusal.CARD_TWICE),
    ("J♣ 9♣ A♣ 10♦ K♥ 7♠ 8♠", "Q♣", Refusal.HAND_SIZE),  # seven cards
    ("J♣ 9♣ A♣ 10♦ K♥", "Q♣", Refusal.HAND_SIZE),
    (HAND, "A♣", Refusal.TURN_UP_IN_HAND),
    ("J♣ 9♣ A♣ 10♦ K♥ 6♠", "Q♣", Refusal.BAD_CARD),  # no six in a 32-card pack (§1)
    (HAND, "Ж♣", Refusal.BAD_CARD),
])
def test_a_hand_no_deal_could_give_is_refused(hand: str, turn_up: str, code: Refusal) -> None:
    with pytest.raises(HandRefusal) as refused:
        any_hand(KLABERJASS, hand, turn_up, ELDER)
    assert refused.value.code is code


@pytest.mark.parametrize(("seat", "words", "code", "index"), [
    (ELDER, "pass", Refusal.NOT_SEATS_TURN, None),  # after the elder's pass the dealer speaks (§4.1)
    (ELDER, "pass take", Refusal.BIDDING_OVER, 1),  # the dealer's take fixes the trump: no bid is left
    (ELDER, "pass pass name C", Refusal.NOT_SAID, 2),  # round two: the turn-up's suit cannot be named (§4.2)
    (ELDER, "pass pass pass pass", Refusal.BIDDING_OVER, 3),  # round two passed out: thrown in (§4.2)
    (DEALER, "play JC", Refusal.BAD_WORD, 0),  # a card is no word of the bidding
    (DEALER, "Pass", Refusal.BAD_WORD, 0),  # record notation: lower case exactly
    (DEALER, "accept", Refusal.NOT_SAID, 0),  # nobody offered a schmeiss (§4.3)
])
def test_words_that_cannot_have_been_said_are_refused(seat: object, words: str, code: Refusal,
                                                       index: int | None) -> None:
    with pytest.raises(HandRefusal) as refused:
        any_hand(KLABERJASS, HAND, "Q♣", seat, words)  # type: ignore[arg-type]
    assert refused.value.code is code
    assert refused.value.detail.get("index") == index


def test_the_seat_speaks_after_the_words_with_its_own_choices() -> None:
    position = any_hand(KLABERJASS, HAND, "Q♣", ELDER, "pass pass")  # round two, elder first (§4.2)
    deal = position.deal()
    assert deal.to_act == ELDER and deal.stage == "bidding_round_two"
    assert set(deal.legal_actions(ELDER)) == {Action.parse(w) for w in ("name D", "name H", "name S", "pass", "schmeiss")}
    dealer = any_hand(KLABERJASS, HAND, "Q♣", DEALER, "pass").deal()
    assert dealer.to_act == DEALER and dealer.hand(DEALER) == sum(1 << parse_card(c) for c in
                                                                  ("JC", "9C", "AC", "TD", "KH", "7S"))


@pytest.mark.slow
def test_the_coach_sees_only_the_players_view_whatever_stands_in_for_the_other_hand() -> None:
    position = any_hand(KLABERJASS, HAND, "Q♣", DEALER, "pass")
    one = position.deal()
    other = tuple(parse_card(c) for c in ("AS", "TS", "KS", "QS", "JS", "9S"))
    two = position.deal(other)
    assert one.hand(ELDER) != two.hand(ELDER)
    assert one.view(DEALER) == two.view(DEALER)
    first = advise(one.view(DEALER), None, "easy", None, 5).evaluation.actions
    second = advise(two.view(DEALER), None, "easy", None, 5).evaluation.actions
    assert first == second


@pytest.mark.parametrize(("typed", "notation"), [
    ("пас", "pass"),
    ("Пас, пас", "pass pass"),  # either case, commas between words as between cards
    ("беру", "take"),
    ("пойдёт", "take"),  # docs/glossary.md: also said for a take
    ("Пойдет!", "take"),  # е for ё, the exclamation said with it
    ("шмайс", "schmeiss"),
    ("пас пас шмайс да", "pass pass schmeiss accept"),
    ("пас пас шмайс нет", "pass pass schmeiss refuse"),
    ("пас пас трефы", "pass pass name C"),  # round two: the suit named by its name
    ("пас пас заказываю бубны", "pass pass name D"),
    ("пас пас черви", "pass pass name H"),
    ("pass pass пики", "pass pass name S"),  # record notation and Russian mixed
    ("pass pass name H", "pass pass name H"),
])
def test_the_russian_bids_are_taken_as_the_players_say_them(typed: str, notation: str) -> None:
    """docs/glossary.md's typed words, read as their record notation (issue 32, item 4)."""
    assert bid_words(typed) == bid_words(notation)
    assert all(a.kind != "name" or a.suit is not None for a in bid_words(typed))


@pytest.mark.parametrize(("typed", "index", "word"), [
    ("пас трефа", 1, "трефа"),  # not a suit's name as said
    ("пас бубен", 1, "бубен"),  # the genitive is no naming
    ("пас заказываю", 1, "заказываю"),  # naming without a suit
    ("пас В♣", 1, "В♣"),  # a card is no word of the bidding
])
def test_a_russian_word_that_is_no_bid_is_refused_as_typed(typed: str, index: int, word: str) -> None:
    with pytest.raises(BadWord) as refused:
        bid_words(typed)
    assert (refused.value.index, refused.value.word) == (index, word)


def test_the_russian_words_make_the_same_position_as_record_notation() -> None:
    russian = any_hand(KLABERJASS, HAND, "Q♣", ELDER, "пас пас").deal()
    notation = any_hand(KLABERJASS, HAND, "Q♣", ELDER, "pass pass").deal()
    assert russian.view(ELDER) == notation.view(ELDER)
