"""A deal record or an action refused, worded from the engine's codes and details (deal-record.md).

Each English message is the engine's own line word for word, because deal-record.md makes that line the
contract of ``klabber replay`` (tests check them equal).
"""

from __future__ import annotations

from typing import Any

from engine.cards import (
    SUITS,
    format_card,
)
from klabber_tui.data.safe_text import QUOTE_MAX, quoted
from klabber_tui.data.schemas import shown
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.cards import card_text, seat_lower_words, suit_text


class Written:
    """A card or a suit inside a refusal: ``{card}`` writes it as the record does (9H, as the English line
    must), ``{card:table}`` as the table shows it (9♥, ``{suit:table}`` ♦ бубны), for a translation."""

    def __init__(self, record: str, table: str) -> None:
        self.record, self.table = record, table

    def __format__(self, spec: str) -> str:
        if spec == "table":
            return self.table
        if spec:
            raise ValueError(f"a card or suit in a refusal takes no format but 'table', not {spec!r}")
        return self.record


def written_card(c: int) -> Written:
    return Written(format_card(c), card_text(c))


def written_suit(suit: int) -> Written:
    return Written(SUITS[suit], suit_text(suit))


def said(value: object) -> str:
    """A record's value as the engine's line quotes it (``repr``), cut to ``safe_text.QUOTE_MAX`` characters
    with an ellipsis when longer (issue 33): a value of 80 characters or fewer is the engine's own, byte for
    byte, as deal-record.md's contract wants; a longer one cannot flood the line."""
    return shown(value, QUOTE_MAX)


def record_refusal_text(code: str, detail: dict[str, Any]) -> str:
    """A refused record (``RecordError``'s code and detail) as one line in the current language."""
    if code == "illegal_action":
        return pgettext('record.refusal.illegal_action', 'actions[{index}] [{seat}, {action}]: {reason}').format(
            index=detail["index"], seat=said(str(detail["seat"])), action=said(detail["action"]),
            reason=action_refusal_text(str(detail["refusal"]), detail))
    if code == "bad_deal":
        return pgettext('record.refusal.bad_deal', 'the cards: {reason}').format(reason=_bad_cards_text(detail))
    if code == "hand_size":
        size = int(detail["size"])
        value = detail["value"]
        return npgettext('count.record_hand_size', 'key {where} must be a list of {n} card, not {value}',
                         'key {where} must be a list of {n} cards, not {value}', size).format(
            n=size, where=f"'{detail['key']}'", value=len(value) if isinstance(value, list) else type(value).__name__)
    if code == "bad_card":
        return pgettext('record.refusal.bad_card', 'key {key}: {reason}').format(
            key=said(detail["key"]), reason=card_refusal_text(detail["value"]))
    args = {key: said(value) for key, value in detail.items()}
    if isinstance(detail.get("allowed"), (tuple, list)):
        args["allowed"] = ", ".join(map(str, detail["allowed"]))
    if code == "unknown_key" and "seat" in detail:  # a hand's key, quoted as the engine quotes it
        return pgettext('record.refusal.unknown_hand_key', "unknown key {key}: a hand has 'first' and 'extra'").format(
            key=quoted(f"'{detail['key']}'"))
    if code == "missing_first":
        return pgettext('record.refusal.missing_first', "missing key {key}: the {seat}'s first six cards").format(
            key=quoted(f"'{detail['key']}'"), seat=seat_lower_words()[str(detail["seat"])])
    if code == "wrong_format":
        args["allowed"] = said(detail["allowed"][0])
    if code == "option_value":
        args["value"] = _json_word(detail["value"])
        args["allowed"] = pgettext('record.refusal.or', ' or ').join(_json_word(v) for v in detail["allowed"])
    if code == "card_twice":
        args["card"] = format_card(detail["card"])
    return str(record_refusals_words()[code].format(**args))


def _json_word(value: object) -> str:
    """An option's value as engine.rules writes it: true and false as JSON does, the rest as Python."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return said(value)


def card_refusal_text(value: object) -> str:
    """Why a card in a record is none (engine.cards.parse_card's two reasons)."""
    if not isinstance(value, str):
        return pgettext('record.refusal.card_not_text', "a card must be a string such as 'TD', not {value}").format(
            value=said(value))
    return pgettext('record.refusal.unknown_card', "unknown card {value}: a card is a rank 7 8 9 T J Q K A (or 10) "
                    "followed by a suit C D H S (or ♣ ♦ ♥ ♠), such as 'TD'").format(value=said(value))


def _bad_cards_text(detail: dict[str, Any]) -> str:
    """Cards that make no deal (engine.deal.BadCards' code, kept as the detail's ``problem``)."""
    problem = detail["problem"]
    if problem == "no_card":
        return pgettext('record.refusal.no_card', 'no such card index {index}').format(index=detail["index"])
    if problem == "card_twice":
        return pgettext('record.refusal.card_named_twice', 'card {card} is named twice').format(
            card=format_card(detail["card"]))
    size, seat = int(detail["size"]), seat_lower_words()[str(detail["seat"])]
    if problem == "first_size":
        return pgettext('record.refusal.first_size', "the {seat}'s first deal must have 6 cards, not {n}").format(
            seat=seat, n=size)
    return pgettext('record.refusal.extra_size', "the {seat}'s extra deal must have 3 cards, not {n}").format(
        seat=seat, n=size)


def record_refusals_words() -> dict[str, str]:
    return {
        'not_object': pgettext('record.refusal.not_object', 'the record must be a JSON object with the keys {allowed}'),
        'unknown_key': pgettext('record.refusal.unknown_key', 'unknown key {key}: the keys are {allowed}'),
        'missing_key': pgettext('record.refusal.missing_key', 'missing key {key}: a record needs {allowed}'),
        'wrong_format': pgettext('record.refusal.wrong_format', "key 'format' must be {allowed}, not {value}"),
        'options_not_object': pgettext('record.refusal.options_not_object', "key 'options' must be an object of option names and values"),
        'rules_not_name': pgettext('record.refusal.rules_not_name', "key 'rules' must be a preset name, not {value}"),
        'unknown_preset': pgettext('record.refusal.unknown_preset', "key 'rules': unknown rules {value}: the presets are {allowed}"),
        'unknown_option': pgettext('record.refusal.unknown_option', "key 'options': unknown option {option}: the options are {allowed}"),
        'target_range': pgettext('record.refusal.target_range', "key 'options': option 'target' must be a whole number from {low} to {high}, not {value}"),
        'option_value': pgettext('record.refusal.option_value', "key 'options': option {option} must be {allowed}, not {value}"),
        'meta_values': pgettext('record.refusal.meta_values', "key 'meta' must be an object whose values are strings or numbers"),
        'hand_not_object': pgettext('record.refusal.hand_not_object', 'key {key} must be an object {{"first": [6 cards], "extra": [3 cards]}}'),
        'card_twice': pgettext('record.refusal.card_twice', 'key {key}: card {card} is already named in {where}; every card in a record must be different'),
        'actions_not_list': pgettext('record.refusal.actions_not_list', "key 'actions' must be a list of [seat, action] pairs"),
        'action_not_pair': pgettext('record.refusal.action_not_pair', 'actions[{index}]: must be a pair [seat, action] of strings, not {value}'),
        'unknown_seat': pgettext('record.refusal.unknown_seat', "actions[{index}]: unknown seat {seat}: the seats are 'elder' and 'dealer'"),
    }


def action_refusal_text(code: str, detail: dict[str, Any]) -> str:
    """Why the rules refuse an action (engine IllegalAction's code and detail), as engine.deal words it."""
    action = said(detail["action"])
    if code == "deal_over":
        return pgettext('record.refusal.action.deal_over', '{action} is not allowed: the deal is over').format(action=action)
    seat = seat_lower_words().get(str(detail.get("seat")), "")
    if code == "extra_unknown":
        return pgettext('record.refusal.action.extra_unknown', "the {seat} may not {action} here: it fixes the trump, and "
                        "the extra deal that follows is unknown (the record needs 'extra' for both seats)").format(
            seat=seat, action=action)
    why = detail.get("why")
    if code == "not_an_action" and why in not_an_action_words():
        return not_an_action_words()[why].format(action=action, word=said(detail.get("word")))
    reason = _rule_reason(code, detail)
    if not detail.get("allowed"):
        return pgettext('record.refusal.action.refused_waiting', 'the {seat} may not {action}: {why}; allowed: nothing '
                        '(wait for the other player)').format(seat=seat, action=action, why=reason)
    return pgettext('record.refusal.action.refused', 'the {seat} may not {action}: {why}; allowed: {allowed}').format(
        seat=seat, action=action, why=reason, allowed=", ".join(map(str, detail["allowed"])))


def not_an_action_words() -> dict[str, str]:
    """A record's action text that is no action at all (engine.actions.split_action's reasons)."""
    return {
        'not_text': pgettext('record.refusal.action.not_text', "{action} is not an action: actions are strings such as 'take' or 'play TD'"),
        'words': pgettext('record.refusal.action.not_words', "{action} is not an action: use take, pass, schmeiss, accept, refuse, name S, exchange, play XX or play XX bella, lower case, one space apart"),
        'name_form': pgettext('record.refusal.action.name_form', "{action} is not an action: 'name' takes one suit, such as 'name H'"),
        'bare_form': pgettext('record.refusal.action.bare_form', '{action} is not an action: {word} takes nothing after it'),
        'play_form': pgettext('record.refusal.action.play_form', "{action} is not an action: a play is 'play XX' or 'play XX bella'"),
    }


def _rule_reason(code: str, detail: dict[str, Any]) -> str:
    """The reason inside "the SEAT may not ACTION: REASON; allowed: ..." (engine.deal's refusals)."""
    if code == "exchange_closed":
        why = str(detail.get("why"))
        words = exchange_closed_words()
        return words.get(why, words["closed"]).format(card=written_card(detail["dix"]) if why == "not_holder" else "")
    if code == "not_your_turn":
        return pgettext('record.refusal.action.not_your_turn', "it is the {seat}'s turn").format(
            seat=seat_lower_words()[str(detail["to_act"])])
    if code == "not_now":
        return pgettext('record.refusal.action.not_now', "'{kind}' is not a choice at this stage ({stage})").format(
            kind=str(detail["kind"]), stage=record_stage_words()[str(detail["stage"])])
    if code == "not_an_action":
        if detail.get("why") == "suit":
            return pgettext('record.refusal.unknown_suit', 'unknown suit {value}: use one of C D H S (or ♣ ♦ ♥ ♠)').format(
                value=said(detail["word"]))
        return card_refusal_text(detail["word"])
    if code == "not_in_hand":
        return pgettext('record.refusal.action.not_in_hand', "{card} is not in the {seat}'s hand").format(
            card=written_card(detail["card"]), seat=seat_lower_words()[str(detail["seat"])])
    if code == "bella_no_score":
        return pgettext('record.refusal.action.bella_no_score', 'bella does not score on {card} (§6.4)').format(
            card=written_card(detail["card"]))
    if code in ("must_follow", "must_overtake", "must_trump"):
        return play_refusals_words()[code].format(led=written_card(detail["led"]), suit=written_suit(detail["suit"]))
    return bid_refusals_words()[code]


def exchange_closed_words() -> dict[str, str]:
    """Why the dix cannot be exchanged (rules.md §5), by the refusal's ``why``."""
    return {
        'trump_not_fixed': pgettext('record.refusal.exchange.trump_not_fixed', 'the dix can be exchanged only after the trump is fixed and the extra deal made'),
        'done': pgettext('record.refusal.exchange.done', 'the dix has already been exchanged'),
        'not_holder': pgettext('record.refusal.exchange.not_holder', 'only the holder of the trump 7 ({card}) may exchange'),
        'turn_up_not_trump': pgettext('record.refusal.exchange.turn_up_not_trump', 'the dix may be exchanged only when the turn-up suit is trump'),
        'first_lead': pgettext('record.refusal.exchange.first_lead', 'the exchange must be made before the first lead'),
        'own_first_card': pgettext('record.refusal.exchange.own_first_card', 'the exchange must be made before you play your first card'),
        'first_trick': pgettext('record.refusal.exchange.first_trick', 'the exchange must be made before the first trick is complete'),
        'closed': pgettext('record.refusal.exchange.closed', 'the exchange is closed'),
    }


def play_refusals_words() -> dict[str, str]:
    """A card the rules refuse (rules.md §7): {led} is the card led, {suit} its suit."""
    return {
        'must_overtake': pgettext('record.refusal.action.must_overtake', 'you must beat {led} if you can (§7, must_overtake)'),
        'must_follow': pgettext('record.refusal.action.must_follow', 'you must follow suit to {led} (§7)'),
        'must_trump': pgettext('record.refusal.action.must_trump', 'you have no {suit} and must play a trump (§7)'),
    }


def bid_refusals_words() -> dict[str, str]:
    return {
        'bidding_not_over': pgettext('record.refusal.action.bidding_not_over', 'no card can be played during the bidding'),
        'bidding_over': pgettext('record.refusal.action.bidding_over', 'the bidding is over; play a card'),
        'turn_up_suit': pgettext('record.refusal.action.turn_up_suit', 'in round two the turn-up suit cannot be named (§4.2)'),
        'no_schmeiss': pgettext('record.refusal.action.no_schmeiss', 'schmeiss is not allowed here under these rules (§4.3)'),
    }


def record_stage_words() -> dict[str, str]:
    """A deal's stage inside a refusal, as deal-record.md names it with spaces for underscores."""
    return {
        'bidding_round_one': pgettext('record.stage.bidding_round_one', 'bidding round one'),
        'schmeiss_answer': pgettext('record.stage.schmeiss_answer', 'schmeiss answer'),
        'bidding_round_two': pgettext('record.stage.bidding_round_two', 'bidding round two'),
        'naming': pgettext('record.stage.naming', 'naming'),
    }
