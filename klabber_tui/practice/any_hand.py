"""Any hand on demand (issue 25): six cards, the turn-up, the seat and the words said, made into a
position the coach can judge, from the player's view only.

Card input is rules.md §1's, and here alone also takes the Russian ranks В Д К Т (валет, дама,
король, туз: Cyrillic Т is the ace, Latin T the ten). The other hand is not known to the player, so
the position gets six of the remaining cards as a stand-in: the coach sees the deal through the
seat's ``PlayerView`` only, which never shows them, and samples the hidden cards itself; a test
checks that another stand-in gives the same view. The words said are read in record notation or as
Russian players say them (:func:`bid_words`, the one place outside the engine where text becomes an
action, with ``replay --what-if``'s :func:`record_action`). No words and no Textual: a refusal is an :class:`HandRefusal`
with a code and its facts, worded by the interface (``klabber_tui.words.any_hand``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.actions import ELDER, Action, ActionKind, IllegalAction, Seat
from engine.cards import format_card, parse_card
from engine.deal import BIDDING_STAGES, Deal
from engine.rules import RuleSet

HAND_SIZE = 6
# The Russian rank letters (Cyrillic), each to §1's rank letter: only for a hand typed here.
RUSSIAN_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}
_SEPARATORS = re.compile(r"[\s,;]+")


class Refusal(StrEnum):
    """Why a hand, or the words said, cannot be a position."""

    BAD_CARD = "bad_card"  # a token that names no card
    HAND_SIZE = "hand_size"  # not six cards
    CARD_TWICE = "card_twice"  # a card named twice in the hand
    TURN_UP_IN_HAND = "turn_up_in_hand"  # the turn-up is one of the six
    BAD_WORD = "bad_word"  # a word that is no action of the bidding (record notation)
    NOT_SAID = "not_said"  # a word the rules refuse where it stands
    BIDDING_OVER = "bidding_over"  # the words fix the trump or throw the deal in: no bid is left
    NOT_SEATS_TURN = "not_seats_turn"  # after the words, the other seat is to speak


class HandRefusal(ValueError):
    """A hand or words that cannot have been dealt or said: ``code`` and the facts in ``detail``
    (the ``card`` or ``word`` text, its ``index`` from 0, the ``count``, the ``allowed`` words, the
    seat ``to_act``)."""

    def __init__(self, code: Refusal, **detail: Any) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


def parse_any_card(written: str) -> int:
    """A card in §1's forgiving notation or with a Russian rank letter (``Т♣`` is the ace of clubs,
    ``T♣`` the ten); ValueError if it names none."""
    key = written.strip().upper()
    rank, suit = key[:-1], key[-1:]
    return parse_card(RUSSIAN_RANKS.get(rank, rank) + suit)


def parse_cards(written: str) -> list[int]:
    """The cards of a typed list (spaces or commas between them), in the order typed."""
    cards = []
    for token in (t for t in _SEPARATORS.split(written) if t):
        try:
            cards.append(parse_any_card(token))
        except ValueError:
            raise HandRefusal(Refusal.BAD_CARD, card=token) from None
    return cards


def parse_turn_up(written: str) -> int:
    try:
        return parse_any_card(written)
    except ValueError:
        raise HandRefusal(Refusal.BAD_CARD, card=written) from None


def check_hand(hand: list[int], turn_up: int) -> None:
    """Six different cards, none of them the turn-up."""
    if len(hand) != HAND_SIZE:
        raise HandRefusal(Refusal.HAND_SIZE, count=len(hand))
    seen: set[int] = set()
    for c in hand:
        if c in seen:
            raise HandRefusal(Refusal.CARD_TWICE, card=format_card(c))
        seen.add(c)
    if turn_up in seen:
        raise HandRefusal(Refusal.TURN_UP_IN_HAND, card=format_card(turn_up))


def record_action(written: str) -> Action | None:
    """The action that ``written`` names in record notation exactly (deal-record.md; also ``replay
    --what-if``'s ACTION), or None if it names none."""
    try:
        return Action.parse(written)
    except IllegalAction:
        return None


class BadWord(ValueError):
    """A word of a typed bidding that is no bid in record notation: its ``index`` and ``word``."""

    def __init__(self, index: int, word: str) -> None:
        super().__init__(f"word {index}: {word!r}")
        self.index = index
        self.word = word


# The players' Russian words for the bids (docs/glossary.md), taken besides record notation in either
# case and with ё or е: «пас», «беру» or «пойдёт» (take), «шмайс», «да» (accept the schmeiss), «нет»
# (refuse it), and in round two the suit by its name («трефы»), alone or after «заказываю».
RUSSIAN_BIDS = {"пас": "pass", "беру": "take", "пойдёт": "take", "шмайс": "schmeiss", "да": "accept",
                "нет": "refuse"}
RUSSIAN_SUITS = {"трефы": "C", "бубны": "D", "черви": "H", "пики": "S"}
RUSSIAN_NAMING = ("заказываю", "назначаю")
_SAID_MARKS = "!.«»\"'"


def _folded(token: str) -> str:
    """A typed word as the tables are looked up: small letters, е for ё, no «» or ! round it."""
    return token.strip(_SAID_MARKS).lower().replace("ё", "е")


_BIDS = {_folded(word): bid for word, bid in RUSSIAN_BIDS.items()}
_SUITS = {_folded(word): suit for word, suit in RUSSIAN_SUITS.items()}


def _notation(tokens: list[str], k: int) -> tuple[str, int]:
    """The record notation of the bid typed at ``tokens[k]`` and how many tokens it took: a Russian
    word, a suit named alone or after «заказываю» (or ``name``), else the record notation as typed."""
    word = _folded(tokens[k])
    following = _folded(tokens[k + 1]) if k + 1 < len(tokens) else None
    if word in _BIDS:
        return _BIDS[word], 1
    if word in _SUITS:
        return f"name {_SUITS[word]}", 1
    if (word in RUSSIAN_NAMING or tokens[k] == ActionKind.NAME) and following in _SUITS:
        return f"name {_SUITS[following]}", 2
    take = 2 if tokens[k] == ActionKind.NAME and following is not None else 1
    return " ".join(tokens[k:k + take]), take


def bid_words(written: str) -> list[Action]:
    """The bids of ``written``: record notation exactly (``"pass name H"``, ``name`` with its suit) or
    the players' Russian words (``"пас трефы"``); BadWord at the first that is no bid (a card is none)."""
    tokens = [t for t in _SEPARATORS.split(written) if t]
    actions: list[Action] = []
    k = 0
    while k < len(tokens):
        notation, take = _notation(tokens, k)
        action = record_action(notation)
        if action is None or action.kind in (ActionKind.PLAY, ActionKind.EXCHANGE):
            raise BadWord(len(actions), " ".join(tokens[k:k + take]))
        actions.append(action)
        k += take
    return actions


def parse_words(written: str) -> list[Action]:
    """The words said, in record notation (``"pass name H"``) or Russian (``"пас трефы"``): each a bid,
    never a card."""
    try:
        return bid_words(written)
    except BadWord as bad:
        raise HandRefusal(Refusal.BAD_WORD, index=bad.index, word=bad.word) from None


@dataclass(frozen=True)
class AnyHand:
    rules: RuleSet
    hand: tuple[int, ...]
    turn_up: int
    seat: Seat
    words: tuple[Action, ...]

    def deal(self, other: tuple[int, ...] | None = None) -> Deal:
        """The position: the words said, the seat to speak. The other hand is a stand-in, by default
        the lowest six cards the seat does not see (the seat's view never shows them)."""
        if other is None:
            other = tuple(c for c in range(32) if c not in self.hand and c != self.turn_up)[:HAND_SIZE]
        first = (self.hand, other) if self.seat == ELDER else (other, self.hand)
        deal = Deal(self.rules, first[0], first[1], self.turn_up)
        for index, action in enumerate(self.words):
            speaker = deal.to_act
            if deal.stage not in BIDDING_STAGES or speaker is None:
                raise HandRefusal(Refusal.BIDDING_OVER, index=index, word=str(action))
            try:
                deal.apply(speaker, action)
            except IllegalAction as refused:
                if refused.code == "extra_unknown":
                    raise HandRefusal(Refusal.BIDDING_OVER, index=index, word=str(action)) from None
                allowed = tuple(str(a) for a in deal.legal_actions(speaker))
                raise HandRefusal(Refusal.NOT_SAID, index=index, word=str(action), seat=speaker,
                                  allowed=allowed) from None
        if deal.stage not in BIDDING_STAGES or deal.to_act is None:
            raise HandRefusal(Refusal.BIDDING_OVER, index=len(self.words) - 1, word=str(self.words[-1]))
        if deal.to_act != self.seat:
            raise HandRefusal(Refusal.NOT_SEATS_TURN, seat=self.seat, to_act=deal.to_act)
        return deal


def any_hand(rules: RuleSet, hand: str, turn_up: str, seat: Seat, words: str = "") -> AnyHand:
    """The position a player typed: checked as a deal could have dealt it and the words said."""
    cards = parse_cards(hand)
    turned = parse_turn_up(turn_up)
    check_hand(cards, turned)
    position = AnyHand(rules, tuple(cards), turned, seat, tuple(parse_words(words)))
    position.deal()  # the words are checked now, so a refusal comes before any evaluation
    return position


def typed_json(typed: AnyHand) -> dict[str, Any]:
    """The hand and turn-up as understood, canonical (rules.md §1): ``advise --hand --json``."""
    return {"hand": [format_card(c) for c in typed.hand], "turn_up": format_card(typed.turn_up)}
