"""Deal records, ``klabber-deal/1`` (deal-record.md): validate, replay and write.

A record is the cards each seat got plus every action in order. Replaying it through ``Deal`` is
the only way a record gets its numbers, so a record can never disagree with the rules. Reading a
record file is not done here (the engine does no I/O): ``klabber_tui.data.files.load_record`` reads it
strictly and hands the decoded object to :func:`parse_record`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import DEALER, ELDER, Seat
from .cards import format_card, format_suit, parse_card
from .deal import BadCards, Deal, IllegalAction
from .rules import PRESETS, SEATS, RuleError, RuleSet

FORMAT = "klabber-deal/1"
_KEYS = ("format", "rules", "options", "elder", "dealer", "turn_up", "bottom", "actions", "meta")
_REQUIRED = ("format", "rules", "elder", "dealer", "turn_up", "actions")


class RecordError(ValueError):
    """An invalid record: one line naming the key or action, what was wrong and what is allowed.

    ``str(error)`` is that line in English, exactly as deal-record.md's ``klabber replay`` prints it;
    ``code`` and ``detail`` say the same as data (as :class:`engine.actions.IllegalAction` does), so an
    interface can word it in the player's language (issue 12). ``detail`` names the ``key`` (or the
    action's ``index``, ``seat`` and ``action``), the value refused and what is ``allowed``; a refused
    action also carries the rules' refusal as ``refusal`` (an IllegalAction code) and its detail.
    """

    def __init__(self, message: str, code: str, detail: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.detail: dict[str, Any] = dict(detail or {})


@dataclass(frozen=True)
class Record:
    rules: RuleSet
    elder_first: tuple[int, ...]
    dealer_first: tuple[int, ...]
    turn_up: int
    elder_extra: tuple[int, ...] | None
    dealer_extra: tuple[int, ...] | None
    bottom: int | None
    actions: tuple[tuple[Seat, str], ...]  # the action as the record writes it: ``Deal.apply`` reads it
    meta: Mapping[str, str | int | float] = field(default_factory=dict)

    def new_deal(self) -> Deal:
        """The deal before any action."""
        return Deal(self.rules, self.elder_first, self.dealer_first, self.turn_up,
                    self.elder_extra, self.dealer_extra, self.bottom)


def parse_record(obj: Any) -> Record:
    """Validate a decoded record; raises RecordError at the first problem."""
    if not isinstance(obj, dict):
        raise RecordError("the record must be a JSON object with the keys " + ", ".join(_REQUIRED), "not_object",
                          {"allowed": _REQUIRED})
    for key in obj:
        if key not in _KEYS:
            raise RecordError(f"unknown key {key!r}: the keys are {', '.join(_KEYS)}", "unknown_key",
                              {"key": key, "allowed": _KEYS})
    for key in _REQUIRED:
        if key not in obj:
            raise RecordError(f"missing key {key!r}: a record needs {', '.join(_REQUIRED)}", "missing_key",
                              {"key": key, "allowed": _REQUIRED})
    if obj["format"] != FORMAT:
        raise RecordError(f"key 'format' must be {FORMAT!r}, not {obj['format']!r}", "wrong_format",
                          {"key": "format", "value": obj["format"], "allowed": (FORMAT,)})
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("key 'options' must be an object of option names and values", "options_not_object",
                          {"key": "options", "value": options})
    if not isinstance(obj["rules"], str):
        raise RecordError(f"key 'rules' must be a preset name, not {obj['rules']!r}", "rules_not_name",
                          {"key": "rules", "value": obj["rules"], "allowed": tuple(PRESETS)})
    try:
        rules = RuleSet.from_preset(obj["rules"], options)
    except RuleError as error:
        key = "rules" if error.code == "unknown_preset" else "options"
        raise RecordError(f"key {key!r}: {error}", error.code, {"key": key, **error.detail}) from None
    hands = {seat: _parse_hand(obj[seat], seat.value) for seat in SEATS}
    turn_up = _parse_card(obj["turn_up"], "turn_up")
    bottom = _parse_card(obj["bottom"], "bottom") if "bottom" in obj else None
    _check_distinct(hands, turn_up, bottom)
    actions = _parse_actions(obj["actions"])
    meta = obj.get("meta", {})
    if not isinstance(meta, dict) or not all(
        isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in meta.values()
    ):
        raise RecordError("key 'meta' must be an object whose values are strings or numbers", "meta_values",
                          {"key": "meta"})
    return Record(
        rules, hands[ELDER][0], hands[DEALER][0], turn_up, hands[ELDER][1], hands[DEALER][1],
        bottom, actions, dict(meta),
    )


def _parse_card(value: Any, where: str) -> int:
    try:
        return parse_card(value)
    except ValueError as error:
        raise RecordError(f"key {where!r}: {error}", "bad_card", {"key": where, "value": value}) from None


def _parse_hand(value: Any, seat: str) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    if not isinstance(value, dict):
        raise RecordError(f"key {seat!r} must be an object {{\"first\": [6 cards], \"extra\": [3 cards]}}",
                          "hand_not_object", {"key": seat, "allowed": ("first", "extra")})
    for key in value:
        if key not in ("first", "extra"):
            raise RecordError(f"unknown key '{seat}.{key}': a hand has 'first' and 'extra'", "unknown_key",
                              {"key": f"{seat}.{key}", "seat": seat, "allowed": ("first", "extra")})
    if "first" not in value:
        raise RecordError(f"missing key '{seat}.first': the {seat}'s first six cards", "missing_first",
                          {"key": f"{seat}.first", "seat": seat})
    parts: list[tuple[int, ...] | None] = []
    for key, size in (("first", 6), ("extra", 3)):
        if key not in value:
            parts.append(None)
            continue
        cards = value[key]
        if not isinstance(cards, list) or len(cards) != size:
            got = len(cards) if isinstance(cards, list) else type(cards).__name__
            raise RecordError(f"key '{seat}.{key}' must be a list of {size} cards, not {got}", "hand_size",
                              {"key": f"{seat}.{key}", "size": size, "value": cards})
        parts.append(tuple(_parse_card(c, f"{seat}.{key}") for c in cards))
    assert parts[0] is not None
    return parts[0], parts[1]


def _check_distinct(hands: Mapping[Seat, tuple[Any, Any]], turn_up: int, bottom: int | None) -> None:
    seen: dict[int, str] = {}
    places: list[tuple[str, int]] = []
    for seat in SEATS:
        first, extra = hands[seat]
        places += [(f"{seat}.first", c) for c in first]
        places += [(f"{seat}.extra", c) for c in extra or ()]
    places.append(("turn_up", turn_up))
    if bottom is not None:
        places.append(("bottom", bottom))
    for where, c in places:
        if c in seen:
            raise RecordError(
                f"key {where!r}: card {format_card(c)} is already named in {seen[c]!r}; "
                "every card in a record must be different", "card_twice", {"key": where, "card": c, "where": seen[c]}
            )
        seen[c] = where


def _parse_actions(value: Any) -> tuple[tuple[Seat, str], ...]:
    if not isinstance(value, list):
        raise RecordError("key 'actions' must be a list of [seat, action] pairs", "actions_not_list",
                          {"key": "actions", "value": value})
    actions = []
    for k, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise RecordError(f"actions[{k}]: must be a pair [seat, action] of strings, not {item!r}",
                              "action_not_pair", {"index": k, "value": item})
        seat, action = item
        if seat not in SEATS:
            raise RecordError(f"actions[{k}]: unknown seat {seat!r}: the seats are 'elder' and 'dealer'",
                              "unknown_seat", {"index": k, "seat": seat, "allowed": SEATS})
        actions.append((Seat(seat), action))
    return tuple(actions)


def replay(record: Record) -> Deal:
    """Apply every action; the first one the rules refuse raises RecordError naming its index."""
    try:
        deal = record.new_deal()
    except BadCards as error:
        raise RecordError(f"the cards: {error}", "bad_deal", {**error.detail, "problem": error.code}) from None
    for k, (seat, action) in enumerate(record.actions):
        try:
            deal.apply(seat, action)
        except IllegalAction as error:
            raise RecordError(f"actions[{k}] [{seat.value!r}, {action!r}]: {error}", "illegal_action",
                              {**error.detail, "index": k, "seat": seat, "action": action,
                               "refusal": error.code}) from None
    return deal


def result_json(deal: Deal) -> dict[str, Any]:
    """The object ``klabber replay --json`` prints (deal-record.md), exactly its keys."""
    result = deal.result()
    return {
        "outcome": result.outcome,
        "trump": None if result.trump is None else format_suit(result.trump),
        "maker": result.maker,
        "elder": result.elder.as_dict(),
        "dealer": result.dealer.as_dict(),
    }


def record_of(deal: Deal, meta: Mapping[str, str | int | float] | None = None) -> dict[str, Any]:
    """A record of a deal as played so far (canonical cards and actions)."""

    def names(cards: tuple[int, ...] | None) -> list[str]:
        return [format_card(c) for c in cards or ()]

    obj: dict[str, Any] = {"format": FORMAT, "rules": deal.rules.preset}
    overrides = deal.rules.overrides()
    if overrides:
        obj["options"] = overrides
    for i, seat in enumerate(SEATS):
        hand: dict[str, list[str]] = {"first": names(deal.first[i])}
        if deal.extra[i] is not None:
            hand["extra"] = names(deal.extra[i])
        obj[seat] = hand
    obj["turn_up"] = format_card(deal.turn_up_card)
    if deal.bottom is not None:
        obj["bottom"] = format_card(deal.bottom)
    obj["actions"] = [[seat.value, str(action)] for seat, action in deal.actions]
    if meta:
        obj["meta"] = dict(meta)
    return obj


def dumps(obj: Mapping[str, Any]) -> str:
    """A record as text: a key a line, one action pair a line, so records read and diff well."""
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in obj.items() if k != "actions"]
    pairs = ",\n".join(f"  {json.dumps(a, ensure_ascii=False)}" for a in obj.get("actions", []))
    if "actions" in obj:
        lines.append(f' "actions": [\n{pairs}\n ]' if pairs else ' "actions": []')
    return "{\n" + ",\n".join(lines) + "\n}\n"
