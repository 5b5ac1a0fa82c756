"""The rule functions of engine/laws.py, each on hand-worked cards (rules.md §1, §5, §6.4, §7).

Cards are written in §1 notation and turned into masks here; every expected set below was worked
out from the trick orders of §1 (trumps J 9 A 10 K Q 8 7; plain A 10 K Q J 9 8 7).
"""
import pytest

from engine import laws
from engine.cards import HEARTS, SPADES, mask_of, parse_card


def m(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def c(text: str) -> int:
    return parse_card(text)


# Hearts trump. Hand: 9H 8H KC 7C TD. Led: QH (a trump), then KC (plain), then AS (a suit he lacks).
HAND = m("9H 8H KC 7C TD")


@pytest.mark.parametrize("mode,led,expected", [
    ("none", "QH", "9H 8H"),   # §7: follow suit, any heart
    ("trump", "QH", "9H"),     # trump led: must beat the queen; 9H (menel) does, 8H does not
    ("all", "QH", "9H"),
    ("none", "QC", "KC 7C"),   # plain suit led: follow with any club
    ("trump", "QC", "KC 7C"),  # overtaking only in trumps
    ("all", "QC", "KC"),       # must beat QC: KC does (A 10 K Q ...)
    ("all", "AC", "KC 7C"),    # cannot beat the ace: any club
    ("all", "AS", "9H 8H"),    # void in spades: must trump
])
def test_legal_follow_by_must_overtake(mode: str, led: str, expected: str) -> None:
    assert laws.legal_follow(HAND, c(led), HEARTS, mode) == m(expected)  # type: ignore[arg-type]


def test_void_without_trumps_plays_anything_and_leading_is_free() -> None:
    """§7: no card of the suit led and no trump: any card. Leading: any card."""
    assert laws.legal_follow(m("KC 7C TD"), c("AS"), HEARTS, "all") == m("KC 7C TD")
    assert laws.legal_follow(HAND, None, HEARTS, "all") == HAND


@pytest.mark.parametrize("leader,led,followed,trump,winner", [
    (0, "TC", "AC", HEARTS, 1),   # §1: A beats 10 in the suit led
    (0, "AC", "7H", HEARTS, 1),   # any trump beats a plain card
    (1, "9H", "AH", HEARTS, 1),   # trumps: 9 (menel) beats A; the leader keeps it
    (1, "JH", "9H", HEARTS, 1),   # J (jass) beats 9
    (0, "7C", "AD", HEARTS, 0),   # a card of another plain suit never wins
    (0, "KS", "TS", SPADES, 1),   # spades trump: 10 beats K
])
def test_trick_winner(leader: int, led: str, followed: str, trump: int, winner: int) -> None:
    assert laws.trick_winner(leader, c(led), c(followed), trump) == winner


def test_bella_queen_first_and_either() -> None:
    """§6.4: queen_first scores on the queen with the king in hand; either on the second of the pair."""
    qh, kh = c("QH"), c("KH")
    assert laws.bella_scores(m("QH KH 7C"), 0, qh, HEARTS, "queen_first")
    assert not laws.bella_scores(m("QH KH 7C"), 0, kh, HEARTS, "queen_first")
    assert not laws.bella_scores(m("KH 7C"), m("QH"), kh, HEARTS, "queen_first")
    assert laws.bella_scores(m("KH 7C"), m("QH"), kh, HEARTS, "either")
    assert not laws.bella_scores(m("QH KH 7C"), 0, qh, HEARTS, "either")  # first of the pair: not yet
    assert not laws.bella_scores(m("QS KS"), 0, c("QS"), HEARTS, "queen_first")  # not trumps
    assert not laws.bella_scores(m("QH KH"), 0, qh, None, "queen_first")  # no trump yet


def test_exchange_window_by_deadline() -> None:
    """§5: until the first lead, the holder's own first card, the end of the first trick, or always."""
    assert laws.exchange_window_open("first_lead", 0, 0)
    assert not laws.exchange_window_open("first_lead", 1, 0)
    assert laws.exchange_window_open("own_first_card", 1, 0)
    assert not laws.exchange_window_open("own_first_card", 2, m("AC"))
    assert laws.exchange_window_open("first_trick", 1, m("AC"))
    assert not laws.exchange_window_open("first_trick", 2, m("AC"))
    assert laws.exchange_window_open("last_card", 16, m("AC KC"))


def test_exchange_suit_by_dix_exchange() -> None:
    """§5: turn_up_trump only when the turn-up's suit is trump; any_trump in every contract."""
    assert laws.exchange_suit_ok("turn_up_trump", c("AH"), HEARTS)
    assert not laws.exchange_suit_ok("turn_up_trump", c("AH"), SPADES)
    assert laws.exchange_suit_ok("any_trump", c("AH"), SPADES)
