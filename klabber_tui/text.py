"""Every user-facing word, in one place, so the game can be translated without touching screens.

Functions here turn engine facts (cards, actions, events, results) into words; screens and the
command line only arrange them.
"""

from __future__ import annotations

from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, cards_of, rank_of, suit_of
from engine.deal import Event

SEAT_NAMES = {"elder": "Elder", "dealer": "Dealer"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {"7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
              "K": "king", "A": "ace"}
OUTCOME_WORDS = {"made": "made", "tie": "tie (подсел)", "bust": "bust (сел)", "thrown_in": "thrown in",
                 "in_progress": "in progress"}
STAGE_WORDS = {
    "bidding_round_one": "Bidding, round one",
    "schmeiss_answer": "Answer the schmeiss",
    "bidding_round_two": "Bidding, round two",
    "naming": "Name the trump",
    "play": "Play",
    "done": "Deal over",
}
BID_WORDS = {
    "take": "I take it.",
    "pass": "Pass.",
    "schmeiss": "Schmeiss!",
    "accept": "Accepted: throw in.",
    "refuse": "Refused.",
}


def card_text(c: int, ascii_suits: bool = False) -> str:
    """A card for people: ``10♦`` (or ``10D`` with ASCII suits)."""
    rank = RANKS[rank_of(c)]
    rank = "10" if rank == "T" else rank
    return rank + (SUITS if ascii_suits else SUIT_SYMBOLS)[suit_of(c)]


def cards_text(mask: int, ascii_suits: bool = False) -> str:
    return " ".join(card_text(c, ascii_suits) for c in sorted(cards_of(mask), reverse=True))


def suit_text(suit: int, ascii_suits: bool = False) -> str:
    symbol = (SUITS if ascii_suits else SUIT_SYMBOLS)[suit]
    return f"{symbol} {SUIT_WORDS[SUITS[suit]]}"


def action_text(action: str, ascii_suits: bool = False) -> str:
    """What a player says or does, for the log."""
    words = action.split(" ")
    if words[0] == "name":
        return f"I name {suit_text(SUITS.index(words[1]), ascii_suits)}."
    if words[0] == "exchange":
        return "Exchanges the dix for the turn-up."
    if words[0] == "play":
        return f"plays {words[1]}" + (" — bella!" if len(words) > 2 else "")
    return BID_WORDS.get(action, action)


def dialogue_text(word: str, arg: object, ascii_suits: bool = False) -> str:
    """One line of the declaration dialogue of rules.md §6.3."""
    if word == "value":
        return {0: "No sequence.", 20: "A twenty.", 50: "A fifty."}.get(int(arg or 0), str(arg))
    if word == "length":
        return f"{arg} cards."
    if word == "top":
        assert isinstance(arg, int)
        return f"{RANK_WORDS[RANKS[rank_of(arg)]].capitalize()} high."
    if word == "trump":
        return "Mine is in trumps: it wins."
    if word == "tie":
        return "Equal in every way: the elder scores." if arg == "elder" else "Equal in every way: nobody scores."
    return {"good": "Good.", "not_good": "Not good.", "how_high": "How high?", "same": "The same."}[word]


def event_text(event: Event, ascii_suits: bool = False) -> str | None:
    """A log line for an event, or None for events the log does not show."""
    who = SEAT_NAMES.get(event.seat or "", "")
    data = event.data
    if event.kind == "bid":
        return f"{who}: {action_text(data['action'], ascii_suits)}"
    if event.kind == "thrown_in":
        return "The deal is thrown in."
    if event.kind == "trump":
        return f"Trump: {suit_text(data['suit'], ascii_suits)}; {who.lower()} is the maker."
    if event.kind == "extra_deal":
        return f"Extra deal to you: {' '.join(card_text(c, ascii_suits) for c in data['cards'])}."
    if event.kind == "bottom":
        return f"Bottom card shown: {card_text(data['card'], ascii_suits)}."
    if event.kind == "exchange":
        return (f"{who} exchanges the dix {card_text(data['dix'], ascii_suits)} "
                f"for {card_text(data['taken'], ascii_suits)}.")
    if event.kind == "dialogue":
        return f"{who}: {dialogue_text(data['word'], data['arg'], ascii_suits)}"
    if event.kind == "sequences":
        runs = ", ".join(cards_text(m, ascii_suits) for m in data["runs"])
        return f"{who} scores sequences: {runs} = {data['points']}."
    if event.kind == "bella":
        return f"{who}: Bella! (+{data['points']})"
    if event.kind == "trump_run":
        return f"{who} scores the trump run with the marriage (+{data['points']})."
    if event.kind == "trick":
        a, b = data["cards"]
        return f"Trick {card_text(a, ascii_suits)} {card_text(b, ascii_suits)}: {who.lower()} wins {data['points']}."
    if event.kind == "play":
        return None
    if event.kind == "deal_end":
        return f"Deal over: {OUTCOME_WORDS[data['outcome']]}."
    return None
