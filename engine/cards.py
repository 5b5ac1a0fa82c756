"""Cards as ints 0..31 and hands as 32-bit masks (rules.md §1).

A card is ``suit * 8 + rank`` with ranks indexed ``7 8 9 T J Q K A`` (0..7) and suits ``C D H S``
(0..3). That rank index is also the natural sequence order of §6, so a run is a stretch of set
bits inside one suit's byte of a mask. Everything hot (legality, trick winners, points) works on
these ints; strings only appear at the edges (records, logs, the command line).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RANKS = "789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

FULL_DECK = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))

# §1 trick order, from lowest to highest, as rank indices.
PLAIN_TRICK_ORDER = (SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE)
TRUMP_TRICK_ORDER = (SEVEN, EIGHT, QUEEN, KING, TEN, ACE, NINE, JACK)
# Strength of a rank inside its suit (0 = weakest), indexed by rank.
PLAIN_STRENGTH = tuple(PLAIN_TRICK_ORDER.index(rank) for rank in range(8))
TRUMP_STRENGTH = tuple(TRUMP_TRICK_ORDER.index(rank) for rank in range(8))

# §1 card points, indexed by rank.
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
# The last trick's 10 (§1, §8) and bella's 20 (§6.4) are the rule set's: rules.last_trick_points and
# rules.bella_points (engine.rules), so a variant can change them.
TRICKS_PER_DEAL = 9  # §7: nine cards each, nine tricks

_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)} | {"10": TEN}
_SUIT_ALIASES = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}


def card(rank: int, suit: int) -> int:
    """The card of this rank index and suit index."""
    return suit * 8 + rank


def suit_of(card_: int) -> int:
    return card_ >> 3


def rank_of(card_: int) -> int:
    return card_ & 7


def parse_suit(text: str) -> int:
    """A suit from its letter (any case) or symbol; ValueError names what is allowed."""
    key = text.strip().upper()
    if key in _SUIT_ALIASES:
        return _SUIT_ALIASES[key]
    raise ValueError(f"unknown suit {text!r}: use one of C D H S (or ♣ ♦ ♥ ♠)")


def parse_card(text: str) -> int:
    """A card from forgiving notation (§1): any case, ten as T or 10, suit as letter or symbol."""
    if not isinstance(text, str):
        raise ValueError(f"a card must be a string such as 'TD', not {text!r}")
    key = text.strip().upper()
    rank_text, suit_text = key[:-1], key[-1:]
    if rank_text in _RANK_ALIASES and suit_text in _SUIT_ALIASES:
        return card(_RANK_ALIASES[rank_text], _SUIT_ALIASES[suit_text])
    raise ValueError(
        f"unknown card {text!r}: a card is a rank 7 8 9 T J Q K A (or 10) "
        "followed by a suit C D H S (or ♣ ♦ ♥ ♠), such as 'TD'"
    )


def format_card(card_: int) -> str:
    """Canonical notation: ``TD``."""
    return RANKS[card_ & 7] + SUITS[card_ >> 3]


def format_suit(suit: int) -> str:
    return SUITS[suit]


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    result = 0
    for c in cards:
        result |= 1 << c
    return result


def count(mask: int) -> int:
    return mask.bit_count()


def card_points(card_: int, trump: int | None) -> int:
    """Points of one card won in a trick (§1)."""
    if trump is not None and card_ >> 3 == trump:
        return TRUMP_POINTS[card_ & 7]
    return PLAIN_POINTS[card_ & 7]


def mask_points(mask: int, trump: int | None) -> int:
    return sum(card_points(c, trump) for c in cards_of(mask))


def trick_strength(card_: int, trump: int | None, led_suit: int) -> int:
    """Comparable strength of a card in a trick: trumps above the suit led, others worthless."""
    suit = card_ >> 3
    if trump is not None and suit == trump:
        return 16 + TRUMP_STRENGTH[card_ & 7]
    if suit == led_suit:
        return 8 + PLAIN_STRENGTH[card_ & 7]
    return 0


def sort_key(card_: int, trump: int | None = None) -> tuple[int, int]:
    """Display order: trumps first, then suits C D H S, strongest first within a suit (§1)."""
    suit = card_ >> 3
    is_trump = trump is not None and suit == trump
    strength = TRUMP_STRENGTH[card_ & 7] if is_trump else PLAIN_STRENGTH[card_ & 7]
    return (0 if is_trump else 1 + suit, -strength)


def sorted_cards(mask: int, trump: int | None = None) -> list[int]:
    return sorted(cards_of(mask), key=lambda c: sort_key(c, trump))


def draw_strength(card_: int) -> int:
    """Rank for the draw of the first dealer (§2): plain trick order, A high."""
    return PLAIN_STRENGTH[card_ & 7]
