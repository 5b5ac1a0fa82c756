"""A typed hand's words (issue 25): its refusals and the hand as understood, the same on ``klabber
advise --hand`` and on the any-hand page. The position is :mod:`klabber_tui.practice.any_hand`'s.
"""

from __future__ import annotations

from klabber_tui.data.safe_text import quoted
from engine.actions import Action
from engine.cards import parse_card
from klabber_tui.practice.any_hand import HAND_SIZE, AnyHand, HandRefusal, Refusal
from klabber_tui.words.cards import card_text, seat_lower_words
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.names import preset_title


def typed_bid_words() -> dict[str, str]:
    """What a player types for each bid, in the current language (docs/glossary.md: «беру», «пас»,
    «шмайс», «да», «нет», a suit by its name); the record notation is taken too (``bid_words``)."""
    return {
        'take': pgettext('any_hand.typed.take', 'take'),
        'pass': pgettext('any_hand.typed.pass', 'pass'),
        'schmeiss': pgettext('any_hand.typed.schmeiss', 'schmeiss'),
        'accept': pgettext('any_hand.typed.accept', 'accept'),
        'refuse': pgettext('any_hand.typed.refuse', 'refuse'),
        'name C': pgettext('any_hand.typed.name_clubs', 'name C'),
        'name D': pgettext('any_hand.typed.name_diamonds', 'name D'),
        'name H': pgettext('any_hand.typed.name_hearts', 'name H'),
        'name S': pgettext('any_hand.typed.name_spades', 'name S'),
    }


def typed_bid_text(action: Action | str) -> str:
    """One bid as a player types it in the current language (``name H`` → «черви»)."""
    return typed_bid_words().get(str(action), str(action))


def hand_hint() -> str:
    """The example in the hand field, in the player's card notation (J♣ 9♣ A♣ 10♦ K♥ 7♠, В♣ 9♣ Т♣ 10♦ К♥ 7♠)."""
    cards = " ".join(card_text(parse_card(c)) for c in ("JC", "9C", "AC", "TD", "KH", "7S"))
    # TRANSLATORS: the hand field's example; {cards} is in the player's notation. English adds the
    # Russian rank letters the field also takes; a language that writes them already needs no more.
    return pgettext("any_hand.placeholder.hand", "{cards} / В Д К Т").format(cards=cards)


def turn_up_hint() -> str:
    """The example in the turn-up field (Q♣, Д♣)."""
    return card_text(parse_card("QC"))


def words_hint() -> str:
    """The example in the field of the words said: a pass, then a suit named, as the player types them."""
    return " ".join(typed_bid_text(b) for b in ("pass", "name H"))


def words_field(*, flag: bool) -> str:
    """Where the words said were typed, as a refusal names it: ``--bids`` on the command line (the user
    typed the flag), the page's field otherwise."""
    if flag:
        return "--bids"
    return pgettext("any_hand.field.words_said.named", "the “{field}” field").format(
        field=pgettext("any_hand.field.words_said", "Said"))


def hand_refusal_text(refusal: HandRefusal, *, flag: bool = True) -> str:
    """One line: what cannot have been dealt or said, and what is allowed. ``flag``: the words said came
    from ``--bids`` (the command line), else from the any-hand page's field."""
    d = refusal.detail
    field = words_field(flag=flag)
    code = refusal.code
    if code is Refusal.BAD_CARD:
        return pgettext("any_hand.refusal.not_a_card",
                        "{card!r} is not a card: a card is a rank 7 8 9 10 (or T) J Q K A, or В Д К Т in Russian (Т "
                        "the ace), then a suit C D H S or ♣ ♦ ♥ ♠, such as 10♦ or Т♣").format(card=quoted(d["card"]))
    if code is Refusal.HAND_SIZE:
        count = int(d["count"])
        return npgettext("any_hand.refusal.hand_size",
                         "the hand has {n} card: a hand before the extra deal has exactly {size}",
                         "the hand has {n} cards: a hand before the extra deal has exactly {size}",
                         count).format(n=count, size=HAND_SIZE)
    if code is Refusal.CARD_TWICE:
        return pgettext("any_hand.refusal.card_twice",
                        "{card} is in the hand twice: the six cards must all be different").format(card=d["card"])
    if code is Refusal.TURN_UP_IN_HAND:
        return pgettext("any_hand.refusal.turn_up_in_hand",
                        "the turn-up {card} is also in the hand: it lies face up beside the stock, so the six cards "
                        "are six others").format(card=d["card"])
    seat = seat_lower_words()
    if code is Refusal.BAD_WORD:
        return pgettext("any_hand.refusal.not_a_word",
                        "word {number} of {field}, {word!r}, is no bid: take, pass, schmeiss, accept, refuse or name "
                        "S (C D H S), lower case").format(number=int(d["index"]) + 1, word=quoted(d["word"]), field=field)
    if code is Refusal.NOT_SAID:
        return pgettext("any_hand.refusal.word_not_allowed",
                        "word {number} of {field}, {word!r}, cannot be said there: the {seat} may say {allowed}"
                        ).format(number=int(d["index"]) + 1, word=quoted(typed_bid_text(d["word"])), seat=seat[d["seat"]],
                                 allowed=", ".join(typed_bid_text(a) for a in d["allowed"]), field=field)
    if code is Refusal.BIDDING_OVER:
        return pgettext("any_hand.refusal.words_over",
                        "after word {number} of {field}, {word!r}, the bidding is over (the trump fixed or the deal "
                        "thrown in): give the words said before the seat's own turn to bid"
                        ).format(number=int(d["index"]) + 1, word=quoted(typed_bid_text(d["word"])), field=field)
    return pgettext("any_hand.refusal.not_the_seats_turn",
                    "after these words the {to_act} speaks, not the {seat}: give the words said before the {seat}'s "
                    "turn").format(to_act=seat[d["to_act"]], seat=seat[d["seat"]])


def understood_line(typed: AnyHand) -> str:
    """The hand the command understood, shown before the coach's answer."""
    cards = " ".join(card_text(c) for c in typed.hand)
    return pgettext("any_hand.understood_hand", "Your hand: {cards} · turn-up {turn_up} · {seat} · {preset}").format(
        cards=cards, turn_up=card_text(typed.turn_up), seat=seat_lower_words()[typed.seat],
        preset=preset_title(typed.rules.preset))
