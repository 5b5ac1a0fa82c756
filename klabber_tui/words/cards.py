"""Cards, suits, seats, stages, bids and actions in words, and the events of a deal (rules.md §1–§7).
"""

from __future__ import annotations

from engine.actions import (
    Action,
    BidSaid,
    BottomShown,
    DealEnded,
    DialogueSaid,
    DixExchanged,
    ExtraDealt,
    PointsScored,
    SequencesScored,
    ThrownIn,
    TrickTaken,
    TrumpFixed,
)
from engine.cards import (
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    cards_of,
    format_card,
    rank_of,
    suit_of,
)
from engine.deal import Event
from klabber_tui.words.i18n import npgettext, pgettext


def seat_names_words() -> dict[str, str]:
    return {
        'elder': pgettext('seat.elder', 'Elder'),
        'dealer': pgettext('seat.dealer', 'Dealer'),
    }


def seat_lower_words() -> dict[str, str]:
    return {
        'elder': pgettext('seat.in_sentence.elder', 'elder'),
        'dealer': pgettext('seat.in_sentence.dealer', 'dealer'),
    }


def suit_words() -> dict[str, str]:
    return {
        'C': pgettext('suit.C', 'clubs'),
        'D': pgettext('suit.D', 'diamonds'),
        'H': pgettext('suit.H', 'hearts'),
        'S': pgettext('suit.S', 'spades'),
    }


def suit_words_of_words() -> dict[str, str]:
    return {
        'C': pgettext('suit.genitive.C', 'clubs'),
        'D': pgettext('suit.genitive.D', 'diamonds'),
        'H': pgettext('suit.genitive.H', 'hearts'),
        'S': pgettext('suit.genitive.S', 'spades'),
    }


def outcome_words() -> dict[str, str]:
    return {
        'made': pgettext('outcome.made', 'made'),
        'tie': pgettext('outcome.tie', 'tie'),
        'bust': pgettext('outcome.bust', 'bust'),
        'thrown_in': pgettext('outcome.thrown_in', 'thrown in'),
        'in_progress': pgettext('outcome.in_progress', 'in progress'),
    }


def stage_words() -> dict[str, str]:
    return {
        'bidding_round_one': pgettext('stage.bidding_round_one', 'Bidding, round one'),
        'schmeiss_answer': pgettext('stage.schmeiss_answer', 'Answer the schmeiss'),
        'bidding_round_two': pgettext('stage.bidding_round_two', 'Bidding, round two'),
        'naming': pgettext('stage.naming', 'Name the trump'),
        'play': pgettext('stage.play', 'Play'),
        'done': pgettext('stage.done', 'Deal over'),
    }


def stage_in_sentence_words() -> dict[str, str]:
    """A deal's stage inside a sentence, lower case (docs/russian.md, "Capitals"): «(первый круг торговли)»."""
    return {
        'bidding_round_one': pgettext('stage.in_sentence.bidding_round_one', 'bidding, round one'),
        'schmeiss_answer': pgettext('stage.in_sentence.schmeiss_answer', 'the answer to a schmeiss'),
        'bidding_round_two': pgettext('stage.in_sentence.bidding_round_two', 'bidding, round two'),
        'naming': pgettext('stage.in_sentence.naming', 'naming the trump'),
        'play': pgettext('stage.in_sentence.play', 'play'),
        'done': pgettext('stage.in_sentence.done', 'the deal over'),
    }


def bid_words() -> dict[str, str]:
    return {
        'take': pgettext('bid.said.take', 'I take it.'),
        'pass': pgettext('bid.said.pass', 'Pass.'),
        'schmeiss': pgettext('bid.said.schmeiss', 'Schmeiss!'),
        'accept': pgettext('bid.said.accept', 'Accepted: throw in.'),
        'refuse': pgettext('bid.said.refuse', 'Refused.'),
    }


def rank_short_words() -> dict[str, str]:
    return {
        'J': pgettext('rank.short.J', 'J'),
        'Q': pgettext('rank.short.Q', 'Q'),
        'K': pgettext('rank.short.K', 'K'),
        'A': pgettext('rank.short.A', 'A'),
    }


def action_words() -> dict[str, str]:
    return {
        'name': pgettext('action.said.name', 'I name {suit}.'),
        'exchange': pgettext('action.said.exchange', 'Exchanges the dix for the turn-up.'),
        'play': pgettext('action.said.play', 'plays {card}'),
        'play_bella': pgettext('action.said.play_bella', 'plays {card} — bella!'),
    }


def dialogue_words() -> dict[str, str]:
    return {
        'value.0': pgettext('dialogue.no_sequence', 'No sequence.'),
        'value.20': pgettext('dialogue.twenty', 'A twenty.'),
        'value.50': pgettext('dialogue.fifty', 'A fifty.'),
        'top.7': pgettext('dialogue.top.seven', 'Seven high.'),
        'top.8': pgettext('dialogue.top.eight', 'Eight high.'),
        'top.9': pgettext('dialogue.top.nine', 'Nine high.'),
        'top.T': pgettext('dialogue.top.ten', 'Ten high.'),
        'top.J': pgettext('dialogue.top.jack', 'Jack high.'),
        'top.Q': pgettext('dialogue.top.queen', 'Queen high.'),
        'top.K': pgettext('dialogue.top.king', 'King high.'),
        'top.A': pgettext('dialogue.top.ace', 'Ace high.'),
        'trump': pgettext('dialogue.trump', 'Mine is in trumps: it wins.'),
        'tie_elder': pgettext('dialogue.tie_elder', 'Equal in every way: the elder scores.'),
        'tie_nobody': pgettext('dialogue.tie_nobody', 'Equal in every way: nobody scores.'),
        'good': pgettext('dialogue.good', 'Good.'),
        'not_good': pgettext('dialogue.not_good', 'Not good.'),
        'not_good.20': pgettext('dialogue.not_good.twenty', 'Not good: mine is a twenty.'),
        'not_good.50': pgettext('dialogue.not_good.fifty', 'Not good: mine is a fifty.'),
        'how_high': pgettext('dialogue.how_high', 'How high?'),
        'same': pgettext('dialogue.same', 'The same.'),
    }


def events_words() -> dict[str, str]:
    return {
        'line': '{who}: {words}',
        'thrown_in': pgettext('event.thrown_in', 'The deal is thrown in.'),
        'trump': pgettext('event.trump', 'Trump: {suit}; {who} is the maker.'),
        'extra_deal': pgettext('event.extra_deal', 'Extra deal to you: {cards}.'),
        'bottom': pgettext('event.bottom', 'Bottom card shown: {card}.'),
        'exchange': pgettext('event.exchange', '{who} exchanges the dix {dix} for {taken}.'),
        'sequences': pgettext('event.sequences', '{who} scores sequences: {runs} = {points}.'),
        'bella': pgettext('event.bella', '{who}: Bella! (+{points})'),
        'trump_run': pgettext('event.trump_run', '{who} scores the trump run with the marriage (+{points}).'),
        'trick': pgettext('event.trick', 'Trick {a} {b}: {who} wins {points}.'),
        'deal_end': pgettext('event.deal_end', 'Deal over: {outcome}.'),
    }


def card_text(c: int) -> str:
    """A card for people: ``10♦`` (ASCII mode shows ``10D`` at output, klabber_tui/words/ascii_text.py); ranks in
    the language's letters."""
    rank = RANKS[rank_of(c)]
    rank = "10" if rank == "T" else rank_short_words().get(rank, rank)
    return rank + SUIT_SYMBOLS[suit_of(c)]


def cards_text(mask: int) -> str:
    return " ".join(card_text(c) for c in sorted(cards_of(mask), reverse=True))


def suit_text(suit: int) -> str:
    symbol = SUIT_SYMBOLS[suit]
    return f"{symbol} {suit_words()[SUITS[suit]]}"


def suit_text_of(suit: int) -> str:
    """A suit where a sentence needs its genitive (Russian «кроме ♠ пик»); English says "♠ spades"."""
    symbol = SUIT_SYMBOLS[suit]
    return f"{symbol} {suit_words_of_words()[SUITS[suit]]}"


def action_text(move: Action) -> str:
    """What a player says or does, for the log."""
    if move.kind == "name" and move.suit is not None:
        return action_words()["name"].format(suit=suit_text(move.suit))
    if move.kind == "exchange":
        return action_words()["exchange"]
    if move.kind == "play" and move.card is not None:
        return action_words()["play_bella" if move.bella else "play"].format(card=format_card(move.card))
    return bid_words().get(move.kind, move.kind)


def dialogue_text(word: str, arg: int | str | None) -> str:
    """One line of the declaration dialogue of rules.md §6.3."""
    if word == "value":
        return str(dialogue_words().get(f"value.{int(arg or 0)}", str(arg)))
    if word == "length":
        return npgettext('count.dialogue_length', '{n} card.', '{n} cards.', int(arg or 0)).format(n=int(arg or 0))
    if word == "top":
        assert isinstance(arg, int)
        return dialogue_words()[f"top.{RANKS[rank_of(arg)]}"]
    if word == "tie":
        return dialogue_words()["tie_elder" if arg == "elder" else "tie_nobody"]
    if word == "not_good" and arg is not None:
        return dialogue_words()[f"not_good.{arg}"]
    return dialogue_words()[word]


def event_text(event: Event) -> str | None:
    """A log line for an event, or None for events the log does not show."""
    who = seat_names_words().get(event.seat or "", "")
    data = event.data
    words = events_words()
    if isinstance(data, BidSaid):
        return words["line"].format(who=who, words=action_text(data.action))
    if isinstance(data, ThrownIn):
        return words["thrown_in"]
    if isinstance(data, TrumpFixed):
        return words["trump"].format(suit=suit_text(data.suit), who=seat_lower_words().get(event.seat or "", ""))
    if isinstance(data, ExtraDealt):
        return words["extra_deal"].format(cards=" ".join(card_text(c) for c in data.cards))
    if isinstance(data, BottomShown):
        return words["bottom"].format(card=card_text(data.card))
    if isinstance(data, DixExchanged):
        return words["exchange"].format(who=who, dix=card_text(data.dix),
                                        taken=card_text(data.taken))
    if isinstance(data, DialogueSaid):
        return words["line"].format(who=who, words=dialogue_text(data.word, data.arg))
    if isinstance(data, SequencesScored):
        runs = ", ".join(cards_text(m) for m in data.runs)
        return words["sequences"].format(who=who, runs=runs, points=data.points)
    if isinstance(data, PointsScored):  # bella or clobber's trump run
        return words[event.kind].format(who=who, points=data.points)
    if isinstance(data, TrickTaken):
        a, b = data.cards
        return words["trick"].format(a=card_text(a), b=card_text(b),
                                     who=seat_lower_words().get(event.seat or "", ""), points=data.points)
    if isinstance(data, DealEnded):
        return words["deal_end"].format(outcome=outcome_words()[data.outcome])
    return None  # a card played shows in the trick, not as a line of its own


CARD_BACK = "▒▒▒"


MINI_BACK = "▮"
