"""rules.md §1: card notation (forgiving input, canonical output)."""
import pytest

from tests.support.records import DECK
from engine.cards import format_card, parse_card


@pytest.mark.parametrize("text", ["TD", "Td", "td", "tD", "10d", "10D", "t♦", "T♦", "10♦"])
def test_ten_of_diamonds_in_every_forgiving_form(text):
    """rules.md §1: any letter case, the ten as T or 10, the suit as letter or symbol
    ('10d', 't♦', 'Td' all mean 'TD'); output is always canonical."""
    assert format_card(parse_card(text)) == "TD"


@pytest.mark.parametrize("text,canonical", [
    ("a♠", "AS"), ("Q♥", "QH"), ("7♣", "7C"), ("j♦", "JD"), ("kh", "KH"),
    ("9s", "9S"), ("8C", "8C"), ("10♠", "TS"), ("10c", "TC"), ("tH", "TH"),
])
def test_forgiving_forms_of_other_cards(text, canonical):
    """rules.md §1: case, 10/T and ♣♦♥♠ symbols are accepted; output canonical."""
    assert format_card(parse_card(text)) == canonical


def test_all_32_cards_round_trip_and_are_distinct():
    """rules.md §1: 32 cards, ranks 7 8 9 T J Q K A, suits C D H S."""
    assert len(DECK) == 32
    seen = set()
    for card in sorted(DECK):
        assert format_card(parse_card(card)) == card
        assert format_card(parse_card(card.lower())) == card
        seen.add(format_card(parse_card(card)))
    assert seen == DECK


@pytest.mark.parametrize("bad", ["", "T", "D", "1D", "11D", "0D", "6D", "XD", "TX", "TDD",
                                 "DT", "100D", "T♦♦", "10", "♦"])
def test_bad_card_text_is_refused(bad):
    """rules.md §1: input is forgiving in exactly three ways; anything else is refused."""
    with pytest.raises(ValueError):
        parse_card(bad)
