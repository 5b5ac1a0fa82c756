"""Every user-facing word, in one place, so the game can be translated without touching screens.

Functions here turn engine facts (cards, actions, events, results) into words; screens and the
command line only arrange them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.actions import (Action, BidSaid, BottomShown, CardPlayed, DealEnded, DialogueSaid, DixExchanged,
                            ExtraDealt, PointsScored, SequencesScored, ThrownIn, TrickTaken, TrumpFixed)
from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, cards_of, format_card, mask_of, rank_of, sorted_cards, suit_of
from engine.deal import Event

from . import i18n

SEAT_NAMES = {"elder": "Elder", "dealer": "Dealer"}
SEAT_LOWER = {"elder": "elder", "dealer": "dealer"}  # a seat inside a sentence
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {"7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
              "K": "king", "A": "ace"}
OUTCOME_WORDS = {"made": "made", "tie": "tie", "bust": "bust", "thrown_in": "thrown in",
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


RANK_SHORT = {"J": "J", "Q": "Q", "K": "K", "A": "A"}  # 7 8 9 10 are the same in every language
ACTION_WORDS = {
    "name": "I name {suit}.",
    "exchange": "Exchanges the dix for the turn-up.",
    "play": "plays {card}",
    "play_bella": "plays {card} — bella!",
}
DIALOGUE = {
    "value.0": "No sequence.",
    "value.20": "A twenty.",
    "value.50": "A fifty.",
    "top.7": "Seven high.",
    "top.8": "Eight high.",
    "top.9": "Nine high.",
    "top.T": "Ten high.",
    "top.J": "Jack high.",
    "top.Q": "Queen high.",
    "top.K": "King high.",
    "top.A": "Ace high.",
    "trump": "Mine is in trumps: it wins.",
    "tie_elder": "Equal in every way: the elder scores.",
    "tie_nobody": "Equal in every way: nobody scores.",
    "good": "Good.",
    "not_good": "Not good.",
    "how_high": "How high?",
    "same": "The same.",
}
EVENTS = {
    "line": "{who}: {words}",
    "thrown_in": "The deal is thrown in.",
    "trump": "Trump: {suit}; {who} is the maker.",
    "extra_deal": "Extra deal to you: {cards}.",
    "bottom": "Bottom card shown: {card}.",
    "exchange": "{who} exchanges the dix {dix} for {taken}.",
    "sequences": "{who} scores sequences: {runs} = {points}.",
    "bella": "{who}: Bella! (+{points})",
    "trump_run": "{who} scores the trump run with the marriage (+{points}).",
    "trick": "Trick {a} {b}: {who} wins {points}.",
    "deal_end": "Deal over: {outcome}.",
}


# Messages whose words depend on a number: (English singular, English plural); the catalogue holds
# each language's forms (Russian: one, few, many). ``{n}`` is the number.
PLURALS: dict[str, tuple[str, str]] = {
    "cards": ("{n} card", "{n} cards"),
    "dialogue_length": ("{n} card.", "{n} cards."),
    "export_written": ("{n} deal record written to {out}", "{n} deal records written to {out}"),
    "drill_mistakes": ("{n} mistake", "{n} mistakes"),
    "drill_close_calls": ("{n} other word within the noise", "{n} other words within the noise"),
    "stats_trend": ("Points lost per {kind} decision, oldest first ({n} decision, {window} per mark): {line}",
                    "Points lost per {kind} decision, oldest first ({n} decisions, {window} per mark): {line}"),
    "review_bids": ("{agreed} of {n} bid", "{agreed} of {n} bids"),
    "review_cards": ("{agreed} of {n} card", "{agreed} of {n} cards"),
    "stats_dropped": ("{n} damaged entry was left out of the statistics file {path}.",
                      "{n} damaged entries were left out of the statistics file {path}."),
    "arena_boards": ("{n} board", "{n} boards"),
    "arena_deals": ("{n} deal", "{n} deals"),
    "arena_matches": ("{n} match", "{n} matches"),
    "drill_missed": ("R: drill the {n} missed position again · S: statistics · q: quit",
                     "R: drill the {n} missed positions again · S: statistics · q: quit"),
    "bytes": ("{n} byte", "{n} bytes"),
    "help_target": ("The first to {n} point wins the match.", "The first to {n} points wins the match."),
    "coach_level": ("Evaluated at level {level} over {n} sampled deal, from your cards and what was said only.",
                    "Evaluated at level {level} over {n} sampled deals, from your cards and what was said only."),
    "review_loss": ("about {n} point given up in all", "about {n} points given up in all"),
    "practice_short": ("found {found} of {n} position within {margin} points (each searched at most {attempts} "
                       "evaluated deals of {decks} dealt); a wider --margin finds more",
                       "found {found} of {n} positions within {margin} points (each searched at most {attempts} "
                       "evaluated deals of {decks} dealt); a wider --margin finds more"),
    "practice_found_short": ("Found {found} of {n} position within {margin} points.",
                             "Found {found} of {n} positions within {margin} points."),
    "practice_due_start": ("Your mistake deck: {n} position due now. klabber drill --mistakes asks it again.",
                           "Your mistake deck: {n} positions due now. klabber drill --mistakes asks them again."),
    "practice_hint": ("Hint (rules.md §10): your hand counts {n} point for {suit}; about 40 takes.",
                      "Hint (rules.md §10): your hand counts {n} points for {suit}; about 40 takes."),
    "practice_due": ("Your mistake deck: {n} position due now.", "Your mistake deck: {n} positions due now."),
    "practice_right": ("Right: it comes back in {n} day.", "Right: it comes back in {n} days."),
    "stats_more_presets": ("{n} more preset name in the statistics file is not one this version knows; it is "
                           "not shown.",
                           "{n} more preset names in the statistics file are not ones this version knows; they "
                           "are not shown."),
}


def plural(key: str, n: int, **args: object) -> str:
    """``PLURALS[key]`` in the form the number ``n`` takes in the current language."""
    one, other = SOURCE_PLURALS[key]
    return i18n.npgettext(f"PLURALS.{key}", one, other, n).format(n=n, **args)


def card_text(c: int, ascii_suits: bool = False) -> str:
    """A card for people: ``10♦`` (or ``10D`` with ASCII suits); ranks in the language's letters."""
    rank = RANKS[rank_of(c)]
    rank = "10" if rank == "T" else _m.RANK_SHORT.get(rank, rank)
    return rank + (SUITS if ascii_suits else SUIT_SYMBOLS)[suit_of(c)]


def cards_text(mask: int, ascii_suits: bool = False) -> str:
    return " ".join(card_text(c, ascii_suits) for c in sorted(cards_of(mask), reverse=True))


def suit_text(suit: int, ascii_suits: bool = False) -> str:
    symbol = (SUITS if ascii_suits else SUIT_SYMBOLS)[suit]
    return f"{symbol} {_m.SUIT_WORDS[SUITS[suit]]}"


def action_text(move: Action, ascii_suits: bool = False) -> str:
    """What a player says or does, for the log."""
    if move.kind == "name" and move.suit is not None:
        return _m.ACTION_WORDS["name"].format(suit=suit_text(move.suit, ascii_suits))
    if move.kind == "exchange":
        return _m.ACTION_WORDS["exchange"]
    if move.kind == "play" and move.card is not None:
        return _m.ACTION_WORDS["play_bella" if move.bella else "play"].format(card=format_card(move.card))
    return _m.BID_WORDS.get(move.kind, move.kind)


def dialogue_text(word: str, arg: int | str | None, ascii_suits: bool = False) -> str:
    """One line of the declaration dialogue of rules.md §6.3."""
    if word == "value":
        return str(_m.DIALOGUE.get(f"value.{int(arg or 0)}", str(arg)))
    if word == "length":
        return plural("dialogue_length", int(arg or 0))
    if word == "top":
        assert isinstance(arg, int)
        return _m.DIALOGUE[f"top.{RANKS[rank_of(arg)]}"]
    if word == "tie":
        return _m.DIALOGUE["tie_elder" if arg == "elder" else "tie_nobody"]
    return _m.DIALOGUE[word]


def event_text(event: Event, ascii_suits: bool = False) -> str | None:
    """A log line for an event, or None for events the log does not show."""
    who = _m.SEAT_NAMES.get(event.seat or "", "")
    data = event.data
    words = _m.EVENTS
    if isinstance(data, BidSaid):
        return words["line"].format(who=who, words=action_text(data.action, ascii_suits))
    if isinstance(data, ThrownIn):
        return words["thrown_in"]
    if isinstance(data, TrumpFixed):
        return words["trump"].format(suit=suit_text(data.suit, ascii_suits), who=_m.SEAT_LOWER.get(event.seat or "", ""))
    if isinstance(data, ExtraDealt):
        return words["extra_deal"].format(cards=" ".join(card_text(c, ascii_suits) for c in data.cards))
    if isinstance(data, BottomShown):
        return words["bottom"].format(card=card_text(data.card, ascii_suits))
    if isinstance(data, DixExchanged):
        return words["exchange"].format(who=who, dix=card_text(data.dix, ascii_suits),
                                        taken=card_text(data.taken, ascii_suits))
    if isinstance(data, DialogueSaid):
        return words["line"].format(who=who, words=dialogue_text(data.word, data.arg, ascii_suits))
    if isinstance(data, SequencesScored):
        runs = ", ".join(cards_text(m, ascii_suits) for m in data.runs)
        return words["sequences"].format(who=who, runs=runs, points=data.points)
    if isinstance(data, PointsScored):  # bella or clobber's trump run
        return words[event.kind].format(who=who, points=data.points)
    if isinstance(data, TrickTaken):
        a, b = data.cards
        return words["trick"].format(a=card_text(a, ascii_suits), b=card_text(b, ascii_suits),
                                     who=_m.SEAT_LOWER.get(event.seat or "", ""), points=data.points)
    if isinstance(data, DealEnded):
        return words["deal_end"].format(outcome=_m.OUTCOME_WORDS[data.outcome])
    return None  # a card played shows in the trick, not as a line of its own


# The presets' titles (the engine knows a preset by its name only).
PRESET_TITLES = {"clobber": "Clobber (typical)", "klaberjass": "Klaberjass (Hoyle)", "klaberass": "Klaberass",
                 "kalabriasz": "Kalabriasz"}
# Their short names in running text (the statistics tables, the drill's head); the command line's
# ``--rules`` takes the record's names, which are the English ones.
PRESET_NAMES = {"clobber": "clobber", "klaberjass": "klaberjass", "klaberass": "klaberass",
                "kalabriasz": "kalabriasz"}
# A file or an argument refused on the command line (files.py, argtypes.py).
FILE_WORDS = {
    "cannot_read": "cannot read {path!r}: {reason}",
    "not_regular": "{path!r} is not a regular file (only a plain file can be read)",
    "too_large": "{path!r} is too large ({size}; at most {max_bytes} allowed)",
    "grew_too_large": "{path!r} is too large (over {limit} allowed)",
    "not_utf8": "{path!r} is not UTF-8 text (byte {start} cannot be read)",
    "whole_number": "must be a whole number from {low} to {high}, not {value!r}",
    "key_twice": "the key {key!r} appears twice in one object (each key may appear once)",
    "not_a_number": "{name} is not a JSON number (only finite numbers are allowed)",
    "long_number": "a number of {digits} digits (at most {max_digits} allowed)",
    "out_of_range": "the number {number!r} is out of range (only finite numbers are allowed)",
    "not_json": "not valid JSON: {reason} at line {line} column {column}",
    "too_deep": "JSON nested {depth} levels deep (at most {max_depth} allowed)",
    "too_deep_unknown": "JSON nested too deep (at most {max_depth} levels allowed)",
}
# The operating system's reasons, by errno name, as glibc words them; English shows the system's own.
OS_REASONS = {"ENOENT": "No such file or directory", "EACCES": "Permission denied", "EISDIR": "Is a directory",
              "ENOTDIR": "Not a directory", "ELOOP": "Too many levels of symbolic links",
              "ENAMETOOLONG": "File name too long"}


# The JSON parser's reasons (the standard library's words), by a name of ours; English shows the parser's own.
JSON_REASONS = {"value": "Expecting value", "comma": "Expecting ',' delimiter", "colon": "Expecting ':' delimiter",
                "name": "Expecting property name enclosed in double quotes", "extra": "Extra data",
                "string": "Unterminated string starting at", "control": "Invalid control character at",
                "escape": "Invalid \\escape", "unicode": "Invalid \\uXXXX escape"}


def json_reason(message: str) -> str:
    """Why the JSON parser stopped, in the current language (the parser's own words in English)."""
    if i18n.current() == i18n.DEFAULT:
        return message
    english = SOURCE["JSON_REASONS"]
    assert isinstance(english, dict)
    name = next((key for key, words in english.items() if words == message), None)
    return message if name is None else str(_m.JSON_REASONS[name])


def choices_text(names: tuple[str, ...], group: str) -> str:
    """Values of an option as help lists them: the value to type, after its word where the language has its
    own ("клаберджас (klaberjass)"); ``group`` is PRESET_WORDS or LEVEL_CHOICE_WORDS."""
    words = getattr(_m, group)
    return ", ".join(name if words.get(name, name) == name else f"{words[name]} ({name})" for name in names)


def bot_choices_text(names: tuple[str, ...]) -> str:
    """Arena bot names as help lists them: a level's word before the name where the language has one
    ("средний (mc:normal)"); the name alone where the word is the name (English)."""
    def one(name: str) -> str:
        level = name[3:] if name.startswith("mc:") else name
        word = _m.LEVEL_CHOICE_WORDS.get(level, level)
        return name if word == level else f"{word} ({name})"

    return ", ".join(one(name) for name in names)


def preset_title(name: str) -> str:
    """A preset's title in the current language (its name for a preset not known)."""
    return _m.PRESET_TITLES.get(name, name)


def preset_name(name: str) -> str:
    """A preset's short name in the current language; a name not known (from a file) as it is."""
    return str(_m.PRESET_NAMES.get(name, name))


def os_reason(error: OSError) -> str:
    """Why the system refused, in the current language: the system's own words in English."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    if i18n.current() == i18n.DEFAULT or name not in _m.OS_REASONS:
        return str(error.strerror or error)
    return str(_m.OS_REASONS[name])


# ``klabber replay FILE``: the deal for a person (replay_view.py).
REPLAY = {
    "title": "Deal ({title})",
    "seat": "Seat",
    "first": "First six",
    "extra": "Extra three",
    "turn_up": "Turn-up: {card}",
    "bottom": "   Bottom: {card}",
    "score": "Score: {outcome}",
    "cards": "cards",
    "last_trick": "last trick",
    "sequences": "sequences",
    "bella": "bella",
    "total": "total",
    "scored": "scored",
    "maker": " (maker)",
}
# A record refused (engine.record.RecordError's code and detail, issue 12). English runs print the
# engine's own line (deal-record.md); these word the same refusal in another language. Keys, values,
# seats and actions are quoted as the record writes them; {allowed} lists what the record may say.
RECORD_REFUSALS = {
    "not_object": "the record must be a JSON object with the keys {allowed}",
    "unknown_key": "unknown key {key}: the keys are {allowed}",
    "missing_key": "missing key {key}: a record needs {allowed}",
    "wrong_format": "key 'format' must be {allowed}, not {value}",
    "options_not_object": "key 'options' must be an object of option names and values",
    "rules_not_name": "key 'rules' must be a preset name ({allowed}), not {value}",
    "unknown_preset": "key 'rules': unknown rules {value}: the presets are {allowed}",
    "unknown_option": "key 'options': unknown option {option}: the options are {allowed}",
    "target_range": "key 'options': option 'target' must be a whole number from {low} to {high}, not {value}",
    "option_value": "key 'options': option {option} must be one of {allowed}, not {value}",
    "meta_values": "key 'meta' must be an object whose values are strings or numbers",
    "bad_card": "key {key}: {value} is not a card: a card is a rank 7 8 9 T J Q K A (or 10) followed by a suit "
                "C D H S (or ♣ ♦ ♥ ♠), such as 'TD'",
    "hand_not_object": "key {key} must be an object with the keys 'first' (6 cards) and 'extra' (3 cards)",
    "missing_first": "missing key {key}: the first six cards of the seat {seat}",
    "hand_size": "key {key} must be a list of {size} cards, not {value}",
    "card_twice": "key {key}: card {card} is already named in {where}; every card in a record must be different",
    "actions_not_list": "key 'actions' must be a list of [seat, action] pairs",
    "action_not_pair": "actions[{index}]: must be a pair [seat, action] of strings, not {value}",
    "unknown_seat": "actions[{index}]: unknown seat {seat}: the seats are {allowed}",
    "bad_deal": "the record's cards do not make a deal of 6 and 3 different cards to each seat",
    "illegal_action": "actions[{index}], the pair [{seat}, {action}]: {reason}",
    "other": "the record cannot be replayed",
}
# Why the rules refuse a record's action (IllegalAction's code), about the seat that acts: cards and suits
# in the table's notation.
RECORD_ACTIONS = {
    "must_follow": "{card} cannot be played: the seat must follow suit, {suit} ({led} was led).",
    "must_overtake": "{card} cannot be played: the seat must beat {led} if it can.",
    "must_trump": "{card} cannot be played: the seat has no {suit} and must play a trump ({trump}).",
    "not_in_hand": "the seat does not hold {card}.",
    "bella_no_score": "bella does not score on {card}.",
    "turn_up_suit": "in round two the turn-up suit, {suit}, cannot be named.",
    "no_schmeiss": "these rules have no schmeiss.",
    "bidding_over": "the bidding is over: a card must be played.",
    "bidding_not_over": "no card can be played during the bidding.",
    "exchange_closed": "the dix cannot be exchanged now.",
    "other": "the rules do not allow it here.",
    "not_your_turn": "it is the other seat's turn.",
    "not_now": "this word is not a choice at this point of the bidding.",
    "not_an_action": "this is not an action: actions are written such as 'take', 'name H' or 'play TD'.",
    "deal_over": "the deal is already over.",
    "extra_unknown": "it fixes the trump, and the extra three cards that follow are not in the record "
                     "(it needs 'extra' for both seats).",
}
RECORD_ALLOWED = " Allowed: {allowed}."


def record_refusal_text(code: str, detail: dict[str, Any]) -> str:
    """A refused record (``RecordError``'s code and detail) as one line in the current language."""
    args = {key: _record_word(value) for key, value in detail.items()}
    if isinstance(detail.get("allowed"), (tuple, list)):
        args["allowed"] = ", ".join(str(v) if isinstance(v, (str, Action)) else _record_word(v)
                                    for v in detail["allowed"])
    if isinstance(detail.get("card"), int):
        args["card"] = format_card(detail["card"])
    if code != "illegal_action":
        return str(_m.RECORD_REFUSALS.get(code, _m.RECORD_REFUSALS["other"]).format(**args))
    refusal = str(detail.get("refusal", ""))
    words = {key: card_text(detail[key]) for key in ("card", "led") if isinstance(detail.get(key), int)}
    words |= {key: suit_text(detail[key]) for key in ("suit", "trump") if isinstance(detail.get(key), int)}
    reason = _m.RECORD_ACTIONS.get(refusal, _m.RECORD_ACTIONS["other"])
    line = _m.RECORD_REFUSALS["illegal_action"].format(**args, reason=reason.format(**words))
    if detail.get("allowed"):  # nothing allowed: the other seat is to act, which the reason says
        line += _m.RECORD_ALLOWED.format(allowed=args["allowed"])
    return str(line)


def _record_word(value: object) -> str:
    """A value as a record writes it: 'text' quoted, true/false, the rest as JSON, long ones cut short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        word = repr(str(value))  # a seat or a stage (a StrEnum) as the plain word
    else:
        word = json.dumps(value, ensure_ascii=False, default=str)
    return word if len(word) <= 60 else word[:57] + "..."


# ---------------------------------------------------------------------------------------------
# The game's screens (klabber play). Screens only arrange these words.

APP_TITLE = "klabber"
PLAYER_WORDS = {False: ("You", "Bot"), True: ("Bot 1", "Bot 2")}  # playing; watching two bots
PLAYER_SHORT = {False: ("Y", "B"), True: ("1", "2")}  # the score sheet's dealer and maker columns
TWO_BOTS = False  # set by use_player_words: two bots play, so nobody at the table is "you"


def use_player_words(watching: bool) -> None:
    """When two bots play (``--watch``) neither is "you": the table says Bot 1 and Bot 2 (issue 13)."""
    global TWO_BOTS
    TWO_BOTS = watching


def named(is_you: bool) -> str:
    """``who`` inside a sentence: "you" and "bot" in lower case; Bot 1 and Bot 2 keep their capitals."""
    return who(is_you) if TWO_BOTS else who(is_you).lower()


def who_short(is_you: bool) -> str:
    """One letter for a player in the score sheet: Y and B, or 1 and 2 when watching."""
    return _m.PLAYER_SHORT[TWO_BOTS][0 if is_you else 1]


AREA = {
    "talon": "Talon",
    "turn_up": "Turn-up",
    "bottom": "Bottom",
    "trick": "Trick",
    "last_trick": "Last trick",
    "hand": "Your hand",
    "score": "Score",
    "log": "Log",
    "trump": "Trump",
    "maker": "Maker",
    "dealer": "Dealer",
    "to_act": "To act",
    "deal": "Deal",
    "target": "Target",
    "none": "—",
}
CARD_BACK = "▒▒▒"
CARD_BACK_ASCII = "###"
MINI_BACK = "▮"
MINI_BACK_ASCII = "#"

KEY_LABELS = {
    "rules_page": "Rules page",
    "play": "Play",  # the footer shows the keys, 1-9, beside it
    "choose": "Choose",
    "take": "Take",
    "pass": "Pass",
    "schmeiss": "Schmeiss",
    "yes": "Yes",
    "no": "No",
    "clubs": "Clubs",
    "diamonds": "Diamonds",
    "hearts": "Hearts",
    "spades": "Spades",
    "exchange": "Exchange dix",
    "last": "Last trick",
    "undo": "Undo",
    "settings": "Settings",
    "help": "Help",
    "quit": "Quit",
    "continue": "Continue",
    "close": "Close",
    "new_match": "New match",
    "save": "Save",
    "cancel": "Cancel",
}
BUTTON_LABELS = {
    "take": "Take (t)",
    "pass": "Pass (p)",
    "schmeiss": "Schmeiss (m)",
    "yes": "Yes (y)",
    "no": "No (n)",
    "exchange": "Exchange (e)",
    "continue": "Continue (Enter)",
    "new_match": "New match (n)",
    "quit": "Quit (q)",
    "save": "Save",
    "cancel": "Cancel",
    "close": "Close (Esc)",
}

THINKING = "{bot} is thinking…"
TOO_SMALL = "klabber needs a terminal of at least {w}×{h}; this one is {cw}×{ch}. Please enlarge it."
SAVE_PROBLEM = "The saved match could not be read ({reason}); it was moved to {path}. A new match starts."
SAVE_WRITE_FAILED = "Could not save the match: {reason}"
BOT_FALLBACK = "The level {level!r} is not available yet; playing against {name} instead."
UNDONE = "Your last decision was taken back (this match now counts as practice)."
NOTHING_TO_UNDO = "Nothing of yours to undo in this deal."
NO_LAST_TRICK = "No trick has been played yet in this deal."
NOT_YOUR_TURN = "Wait: it is not your turn."
NOTHING_TO_ANSWER = "There is no question to answer now."
NOT_NOW = "That key does nothing now."
NO_CARD_THERE = "There is no card {n} in your hand."
# Issue 13: a refusal in the table's own notation (10♣, ♥ hearts), from IllegalAction's code and detail.
REFUSALS = {
    "not_your_turn": "Wait: it is not your turn.",
    "must_follow": "{card} cannot be played: follow suit, {suit} ({led} was led).",
    "must_overtake": "{card} cannot be played: beat {led} if you can.",
    "must_trump": "{card} cannot be played: you have no {suit}, so play a trump ({trump}).",
    "not_in_hand": "{card} is not in your hand.",
    "bella_no_score": "Bella does not score on {card}.",
    "turn_up_suit": "In round two the turn-up suit, {suit}, cannot be named.",
    "no_schmeiss": "Schmeiss is not allowed under these rules.",
    "bidding_over": "The bidding is over: play a card.",
    "bidding_not_over": "No card can be played during the bidding.",
    "exchange_closed": "The dix cannot be exchanged now.",
}
REFUSAL_OTHER = "That is not allowed now."
REFUSAL_PLAYS = " You may play: {cards}."
REFUSAL_BIDS = " You may: {words}."
ALLOWED_WORDS = {"take": "take (t)", "pass": "pass (p)", "schmeiss": "schmeiss (m)", "accept": "accept (y)",
                 "refuse": "refuse (n)", "exchange": "exchange the dix (e)"}
WATCHING = "Watching {a} against {b}. Press q to stop."
FORCED = "Only one card can be played: {card} is played for you."

PROMPTS = {
    "bidding_round_one": "Round one: take the turn-up suit {suit} (t), pass (p){schmeiss}.",
    "schmeiss_option": ", or schmeiss (m)",
    "schmeiss_answer": "{who} says schmeiss: throw the deal in? y = accept, n = refuse{refuse_hint}.",
    "refuse_maker": " (then {suit} is trump and {who} is the maker)",
    "refuse_names": " (then you name the trump)",
    "bidding_round_two": "Round two: name a suit (c d h s, not {suit}) or pass (p){schmeiss}.",
    "naming": "Name the trump: c d h s.",
    "play_lead": "Your lead: play a card (1-{n}, or arrows and Enter).",
    "play_follow": "Your turn: answer {card} (1-{n}, or arrows and Enter).",
    "exchange": "You hold the dix: e exchanges it for {card}.",
    "hold": "{winner} {verb} the trick ({points}). Press Enter to go on.",
    "hold_auto": "{winner} {verb} the trick ({points}).",
    "bot_said": "{who}: {words}",
    "draw": "Press Enter to deal.",
    "bella": "Announce bella with {card}? y / n (Enter = yes)",
}
WIN_VERB = {"you": "win", "other": "wins"}


def refusal_text(code: str, detail: dict[str, Any], ascii_suits: bool = False) -> str:
    """Why the rules refuse a move and what they allow, in the table's notation (never record syntax)."""
    words: dict[str, str] = {}
    for key in ("card", "led"):
        if isinstance(detail.get(key), int):
            words[key] = card_text(detail[key], ascii_suits)
    for key in ("suit", "trump"):
        if isinstance(detail.get(key), int):
            words[key] = suit_text(detail[key], ascii_suits)
    line = _m.REFUSALS.get(code, _m.REFUSAL_OTHER).format(**words)
    allowed: list[Action] = list(detail.get("allowed", ()))
    plays = sorted_cards(mask_of({m.card for m in allowed if m.card is not None}),
                         detail.get("trump"))  # in the order the hand shows them
    if plays:
        return line + _m.REFUSAL_PLAYS.format(cards=" ".join(card_text(c, ascii_suits) for c in plays))
    if not allowed or code == "not_your_turn":
        return line
    return line + _m.REFUSAL_BIDS.format(words=", ".join(allowed_text(a, ascii_suits) for a in allowed))


def allowed_text(move: Action, ascii_suits: bool = False) -> str:
    """A move the player may make, with its key: "take (t)", "name ♥ hearts (h)"."""
    if move.kind == "name" and move.suit is not None:
        return f"name {suit_text(move.suit, ascii_suits)} ({SUITS[move.suit].lower()})"
    return _m.ALLOWED_WORDS.get(move.kind, str(move))


def seat_label(is_you: bool, bot: str) -> str:
    return _m.YOU if is_you else f"{_m.BOT} ({bot})"


def hand_caption(name: str, watching: bool) -> str:
    """Over player 0's hand: the bot's name when watching, else "Your hand" with a name given by --name."""
    if watching:
        return name
    return _m.AREA["hand"] if name == _m.YOU else f"{_m.AREA['hand']} ({name})"


def who(is_you: bool) -> str:
    return _m.YOU if is_you else _m.BOT


def suit_key_hint(suit: int, ascii_suits: bool = False) -> str:
    return suit_text(suit, ascii_suits)


def info_lines(deal_no: int, target: int, dealer_you: bool, to_act: str | None, trump: str, maker: str,
               stage: str) -> tuple[str, str]:
    first = f"{_m.AREA['deal']} {deal_no} · {_m.STAGE_WORDS.get(stage, stage)} · {_m.AREA['dealer']}: {who(dealer_you)}"
    act = to_act if to_act is not None else _m.AREA["none"]
    second = f"{_m.AREA['trump']}: {trump} ({_m.AREA['maker'].lower()}: {maker}) · {_m.AREA['to_act']}: {act}"
    return first, second


TABLE_LINES = {
    "opponent": "{bot} ({name}): {backs} {count}",
    "known": " · known: {known}",
    "deal_header.you": "Deal {number}: you deal. Deck fingerprint {fingerprint}.",
    "deal_header.other": "Deal {number}: {who} deals. Deck fingerprint {fingerprint}.",
    "trump.you": "Trump: {suit}; maker: you.",
    "trump.other": "Trump: {suit}; maker: {who}.",
    "extra_deal.you": "Extra deal: you get {cards}.",
    "extra_deal.other": "Extra deal: {who} gets {cards}.",
    "exchange.you": "You exchange the dix {dix} for {taken}.",
    "exchange.other": "{who}: exchanges the dix {dix} for {taken}.",
    "sequences.you": "You score sequences: {runs} = {points}.",
    "sequences.other": "{who} scores sequences: {runs} = {points}.",
    "trump_run": "{who}: trump run with the marriage (+{points}).",
    "trick.you": "{a} {b}: you win {points}.",
    "trick.other": "{a} {b}: {who} wins {points}.",
    "draw_rule": "Each player draws a card; the lower card (ace high) deals first.",
    "draw_row": "{you}: {mine}   {bot}: {bots}",
    "draw_again": " — equal, draw again",
    "draw_first.you": "You deal first.",
    "draw_first.other": "{who} deals first.",
}


def _person(is_you: bool) -> str:
    """Which form of a sentence: addressed to the player ("you win") or about a third ("Bot wins")."""
    return "you" if is_you and not TWO_BOTS else "other"


def _about(key: str, is_you: bool, *, start: bool = False, **args: object) -> str:
    """``TABLE_LINES[key]`` in the form for this player, the player named as the sentence needs."""
    return _m.TABLE_LINES[f"{key}.{_person(is_you)}"].format(who=who(is_you) if start else named(is_you), **args)


def opponent_line(name: str, count: int, known: str, ascii_suits: bool) -> str:
    backs = (MINI_BACK_ASCII if ascii_suits else MINI_BACK) * count
    line = _m.TABLE_LINES["opponent"].format(bot=_m.BOT, name=name, backs=backs, count=plural("cards", count))
    if known:
        line += _m.TABLE_LINES["known"].format(known=known)
    return line


def deal_header(number: int, fingerprint: str, dealer_you: bool) -> str:
    return _about("deal_header", dealer_you, number=number, fingerprint=fingerprint)


def log_line(event: Event, you_seat: str, ascii_suits: bool = False) -> str | None:
    """A line of this deal's log, naming the seats You and Bot."""
    mine = event.seat == you_seat
    name = who(mine) if event.seat else ""
    data = event.data
    lines = _m.TABLE_LINES
    if isinstance(data, BidSaid):
        return _m.EVENTS["line"].format(who=name, words=action_text(data.action, ascii_suits))
    if isinstance(data, TrumpFixed):
        return _about("trump", mine, suit=suit_text(data.suit, ascii_suits))
    if isinstance(data, ExtraDealt):
        return _about("extra_deal", mine, cards=" ".join(card_text(c, ascii_suits) for c in data.cards))
    if isinstance(data, DixExchanged):
        return _about("exchange", mine, start=True, dix=card_text(data.dix, ascii_suits),
                      taken=card_text(data.taken, ascii_suits))
    if isinstance(data, DialogueSaid):
        return _m.EVENTS["line"].format(who=name, words=dialogue_text(data.word, data.arg, ascii_suits))
    if isinstance(data, SequencesScored):
        runs = ", ".join(cards_text(m, ascii_suits) for m in data.runs)
        return _about("sequences", mine, start=True, runs=runs, points=data.points)
    if isinstance(data, PointsScored):
        if event.kind == "bella":
            return _m.EVENTS["bella"].format(who=name, points=data.points)
        return lines["trump_run"].format(who=name, points=data.points)
    if isinstance(data, TrickTaken):
        a, b = data.cards
        return _about("trick", mine, a=card_text(a, ascii_suits), b=card_text(b, ascii_suits), points=data.points)
    if isinstance(data, CardPlayed):
        return None
    return event_text(event, ascii_suits)


def draw_text(draws: tuple[tuple[int, int], ...], first_dealer_you: bool, ascii_suits: bool) -> str:
    lines = [_m.TABLE_LINES["draw_rule"]]
    for k, (mine, bots) in enumerate(draws, start=1):
        again = _m.TABLE_LINES["draw_again"] if k < len(draws) else ""
        lines.append(_m.TABLE_LINES["draw_row"].format(you=_m.YOU, mine=card_text(mine, ascii_suits), bot=_m.BOT,
                                                       bots=card_text(bots, ascii_suits)) + again)
    lines.append(_about("draw_first", first_dealer_you, start=True))
    return "\n".join(lines)


DRAW_TITLE = "The draw for the first dealer"
RESUME_TITLE = "A saved match"
RESUME_QUESTION = ("A match {players} from {date} is saved: deal {deal}, {you} {a} — {bot} {b}, to {target}.\n"
                   "Resume it (y)? n starts a new match and keeps the old one as a backup.")
QUIT_HINT = "The match is saved after every move; q quits and resumes later at the same point."
QUIT_TITLE = "Quit?"
QUIT_QUESTION = ("The match is saved after every move: klabber play resumes it at this point.\n"
                 "Quit now (y)? n goes back to the table. ctrl+q quits at once.")

SUMMARY_TITLE = "Deal {n}: {outcome}"
SUMMARY_COLUMNS = ("", "cards", "last trick", "sequences", "bella", "total", "scored")
SUMMARY_MAKER = "{who} made {suit} trump."
SUMMARY_THROWN = "Thrown in: nothing is scored."
SUMMARY_RULE = {
    "made": "The maker has more: each side scores its own total.",
    "tie": "A tie: the maker scores nothing, the opponent his own total.",
    "bust": "The maker has less (bust): he scores nothing, the opponent both totals.",
    "thrown_in": "Nothing is scored.",
}
SUMMARY_LAST = "Last trick: {cards}, won by {who} (+10)."
SUMMARY_HANDS = "The hands as dealt: {you_name} {you}; {bot_name} {bot}."
SUMMARY_SEED = "Deck fingerprint {fp}, shuffle seed {seed}: the same seed always deals these cards."
SUMMARY_TOTALS = "Match: {you} {a} — {bot} {b}, to {target}."

MATCH_END_TITLE = "The match is over"
MATCH_END_WIN = "You win {a} to {b}!"
MATCH_END_LOSS = "{bot} wins {b} to {a}."
MATCH_END_WATCH = "{winner} wins, {a} to {b}."
MATCH_END_PRACTICE = "(Undo was used: this match counts as practice.)"
MATCH_END_OFFER = "n: a new match · q: quit"

SCORE_HEADS = ("D", "T", "M", "Res")  # the score sheet's dealer, trump, maker and result columns


def score_columns() -> tuple[str, ...]:
    """Deal, dealer, trump, maker, result, then each side's points."""
    return ("#", *_m.SCORE_HEADS, _m.YOU, _m.BOT)
SCORE_OUTCOME = {"made": "made", "tie": "tie", "bust": "bust", "thrown_in": "throw"}
SCORE_LEGEND = "D dealer · T trump · M maker · Y you · B bot · +deal total"
SCORE_TARGET = "to {target}: {you} {a} · {bot} {b}"
SCORE_CELL = "+{points} {total}"  # this deal's points, then the running total

SETTINGS_TITLE = "Settings"
SETTINGS_LABELS = {
    "preset": "Rules (preset)",
    "target": "Target",
    "level": "Bot level",
    "pace": "Pace after a trick",
    "four_colour": "Four-colour deck",
    "ascii": "ASCII suits (C D H S)",
    "autoplay_forced": "Play a forced card by itself",
    "options": "Rule options (on top of the preset)",
    "lang": "Language (changes at once)",
    "next_match": "Rules and target apply from the next match; the rest at once.",
}
PACE_WORDS = {"key": "wait for a key", "0.5": "half a second", "1": "one second", "2": "two seconds"}
LEVEL_WORDS = {"beginner": "beginner (makes a newcomer's mistakes)", "easy": "mc:easy", "normal": "mc:normal", "hard": "mc:hard", "greedy": "greedy (fast)",
               "random": "random"}
TARGET_BAD = "The target must be a whole number from 100 to 5000."

HELP_TITLE = "Help"
HELP_WORDS = {
    "header": "| option | value | what it means |",
    "schmeiss": ", or say *schmeiss* (offer to throw the deal in)",
    "yes": "yes",
    "no": "no",
}

OPTION_HELP: dict[str, dict[object, str]] = {
    "schmeiss": {
        "none": "There is no schmeiss.",
        "round_one": "Either player may say schmeiss in round one instead of taking or passing.",
        "both_rounds": "Either player may say schmeiss in round one; the elder also in round two, "
                       "where it counts as a pass.",
    },
    "schmeiss_refused": {
        "schmeisser_makes": "A refused schmeiss makes the turn-up suit trump, the schmeisser the maker.",
        "refuser_names": "Whoever refuses a schmeiss must name the trump (any suit) and is the maker.",
    },
    "redeal_dealer": {
        "same": "After a thrown-in deal the same player deals again.",
        "other": "After a thrown-in deal the other player deals.",
    },
    "dix_exchange": {
        "turn_up_trump": "The holder of the trump 7 (the dix) may swap it for the turn-up when the "
                         "turn-up suit is trump.",
        "any_trump": "The holder of the trump 7 (the dix) may swap it for the turn-up whatever the trump.",
    },
    "dix_deadline": {
        "first_lead": "The exchange must be made before the first lead.",
        "own_first_card": "The exchange must be made before the holder plays his first card.",
        "first_trick": "The exchange must be made before the first trick is complete.",
        "last_card": "The exchange may be made as long as the holder still has the dix.",
    },
    "trump_sequence_order": {
        "natural": "Sequences run A K Q J 10 9 8 7 in every suit.",
        "trump": "In trumps, sequences follow trump order J 9 A 10 K Q 8 7.",
    },
    "longer_sequence_wins": {
        True: "Between two fifties the longer run wins.",
        False: "A longer run of four or more is worth no more than a run of four.",
    },
    "compare_top_card": {
        True: "Equal sequences are compared by their top card.",
        False: "Top cards are not compared.",
    },
    "sequence_final_tie": {
        "nobody": "Sequences equal in every way: nobody scores them.",
        "elder": "Sequences equal in every way: the elder hand scores.",
    },
    "bella_order": {
        "queen_first": "Bella (trump K and Q, 20) scores when the queen is played while the king is held.",
        "either": "Bella (trump K and Q, 20) scores when the second of the pair is played.",
    },
    "bella_announce": {
        "required": "Bella must be announced as it is played, or it does not score.",
        "automatic": "Bella scores without being announced.",
    },
    "trump_run_with_marriage": {
        True: "Trump K, Q and J held together also score as a trump run (20, or 50 in a run of four).",
        False: "No extra trump run with the marriage.",
    },
    "must_overtake": {
        "none": "Follow suit if you can, else trump if you can, else any card.",
        "trump": "Follow suit if you can, and beat a trump lead if you can; void: trump if you can.",
        "all": "Follow with a higher card of the suit led if you can; void: trump if you can.",
    },
    "maker_counts_first": {
        True: "The maker's score is added first and wins if it reaches the target.",
        False: "When both pass the target in one deal, the higher total wins.",
    },
}

RULES_TITLE = "The rules, for players"
RULES_NO_PRESET = "no preset; an option of your own"
RULES_TARGET = "- `{option}`: the score that wins the match; every preset plays to {target}, and --target changes it."
RULES_KEY = "Press r for the full rules page, with a worked deal."

HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("1-9", "play that card of your hand"),
    ("← → Enter", "choose a card and play it"),
    ("t / p / m", "take, pass, schmeiss"),
    ("y / n", "answer a question (schmeiss, bella)"),
    ("c d h s", "name clubs, diamonds, hearts, spades"),
    ("e", "exchange the dix for the turn-up"),
    ("l", "show the last trick"),
    ("u", "undo your last decision and the bot's answer (the match counts as practice)"),
    ("o", "settings"),
    ("?", "this help"),
    ("q", "quit (mid-match it asks first); the match is saved and resumes where you left it"),
    ("ctrl+q", "quit at once, from any screen"),
)


# The rule options and their values in words (the rules page, help and settings); what a record or the
# command line says stays the option's own name and value (``schmeiss``, ``both_rounds``).
OPTION_TITLES = {
    "schmeiss": "schmeiss", "schmeiss_refused": "refused schmeiss", "redeal_dealer": "dealer after a throw-in",
    "dix_exchange": "dix exchange", "dix_deadline": "dix deadline", "trump_sequence_order": "sequence order in trumps",
    "longer_sequence_wins": "longer sequence wins", "compare_top_card": "compare top cards",
    "sequence_final_tie": "equal sequences", "bella_order": "bella order", "bella_announce": "bella announced",
    "trump_run_with_marriage": "trump run with the marriage", "must_overtake": "must overtake",
    "target": "target", "maker_counts_first": "maker counts first",
}
OPTION_VALUE_WORDS = {
    "schmeiss": {"none": "none", "round_one": "round one", "both_rounds": "both rounds"},
    "schmeiss_refused": {"schmeisser_makes": "schmeisser makes", "refuser_names": "refuser names"},
    "redeal_dealer": {"same": "same", "other": "other"},
    "dix_exchange": {"turn_up_trump": "turn up trump", "any_trump": "any trump"},
    "dix_deadline": {"first_lead": "first lead", "own_first_card": "own first card", "first_trick": "first trick",
                     "last_card": "last card"},
    "trump_sequence_order": {"natural": "natural", "trump": "trump"},
    "sequence_final_tie": {"nobody": "nobody", "elder": "elder"},
    "bella_order": {"queen_first": "queen first", "either": "either"},
    "bella_announce": {"required": "required", "automatic": "automatic"},
    "must_overtake": {"none": "none", "trump": "trump", "all": "all"},
}
RULES_WORDS = {
    "option": "option",
    "option_row": "{title} (`{option}`)",
    "preset_column": "{title} (`{preset}`)",
}


def option_value_text(value: object, option: str = "") -> str:
    """A rule option's value in words: yes/no, or the option's word for it ("both rounds")."""
    if isinstance(value, bool):
        return str(_m.HELP_WORDS["yes" if value else "no"])
    words = _m.OPTION_VALUE_WORDS.get(option, {})
    return str(words.get(value, str(value).replace("_", " ")))


def option_name(option: str) -> str:
    """A rule option by its name in words, in the current language ("must overtake", «обязанность перебить»)."""
    return str(_m.OPTION_TITLES.get(option, option))


def option_title(option: str) -> str:
    """A rule option by its name in words, with the name a record uses: "must overtake (`must_overtake`)"."""
    return str(_m.RULES_WORDS["option_row"].format(title=_m.OPTION_TITLES.get(option, option), option=option))


# ---------------------------------------------------------------------------------------------
# The coach and the deal review (issue 5): klabber_tui/screens/coach.py, screens/review.py and
# ``klabber replay --review``. Only words and their arrangement into strings live here.

KEY_LABELS["coach"] = "Coach"
KEY_LABELS["review"] = "Review"
KEY_LABELS["verdict"] = "Verdict"
BUTTON_LABELS["coach_close"] = "a or Esc closes · ↑ ↓ scroll"
SETTINGS_LABELS["coach_bids"] = "Coach after each bid (show the verdict on every bid of yours)"
HELP_KEYS = HELP_KEYS + (
    ("a", "the coach: the bot's value of every choice you have now (a or Esc closes it)"),
    ("r", "review the last finished deal: all the cards and the cost of each of your choices"),
)

COACH_TITLE = "Coach: the bot's view of your choices"
COACH_VERDICT_TITLE = "Coach: your bid"
COACH_THINKING = "The coach is thinking…"
COACH_NOTHING = "There is no decision of yours to advise on now."
COACH_COLUMNS = ("", "choice", "expected", "makes")
COACH_BEST_MARK = "★"
COACH_EV = "{ev:+z.1f} ± {se:z.1f}"  # z: a value that rounds to zero never shows as -0.0
COACH_PROB = "{p:.0%}"
COACH_MISTAKE = "Mistake: “{chosen}” costs about {loss:.0f} points (± {se:.0f}) against “{best}”."
COACH_GOOD = {"bid": "Good bid.", "card": "Good card."}
COACH_SMALL_LOSS = "“{chosen}” gives up about {loss:.1f} points (± {se:.1f}): within the noise, not a mistake."
COACH_LEGEND = ("Expected: the score difference you can expect from this deal (you minus the bot) "
                "± its error; makes: the chance that you make it as the maker.")
COACH_REASONS_POSITION = "The position:"  # the facts of the position, before the player chooses
COACH_REASONS_CHOSEN = "Your choice, {choice}:"
COACH_REASONS_BEST = "The best choice, {choice}:"
COACH_FAILED = "The coach could not evaluate this position: {reason}"
STATS_PROBLEM = "Statistics: {message}"
# ``klabber bench`` as text (its --json keeps the figures' own keys).
BENCH_WORDS = {
    "playouts": "Playouts per second: {n}",
    "solve": "Solving a position with every card known: {ms[mean]} ms on average, 95% within {ms[p95]} ms",
    "decision": "{level}: a card in {card[median]} ms (95% within {card[p95]}, at most {card[max]}), a bid in "
                "{bid[median]} ms (95% within {bid[p95]}, at most {bid[max]})",
    "cold_start": "First decision after start: {ms} ms",
    "memory": "Peak memory: {mb} MB",
    "cpus": "CPU cores usable: {n}",
    "verdict_cold": "Coach after each bid at {level}, evaluated from the bid: {ms[median]} ms (95% within "
                    "{ms[p95]}, at most {ms[max]})",
    "verdict_ahead": "Coach after each bid at {level}, evaluated while the player thinks {think} s: "
                     "{ms[median]} ms left after the bid (95% within {ms[p95]}, at most {ms[max]})",
}
# Issue 11: "Coach after each bid" writes its verdict into the deal log under the bid; v opens it.
# The number is the expected points the bid gives up against the best one.
COACH_LOG = {
    "best": "Coach: “{chosen}” is the best choice (v: why)",
    "even": "Coach: “{chosen}” is as good as “{best}” (v: why)",
    "close": "Coach: “{chosen}”, −{loss:.0f} against “{best}”, within the noise (v: why)",
    "mistake": "Coach: “{chosen}” is a mistake, −{loss:.0f} against “{best}” (v: why)",
}
COACH_NO_VERDICT = "No verdict yet: with “Coach after each bid” on, v shows the last one."


def coach_log_line(advice: object, ascii_suits: bool = False) -> str:
    """The verdict on a bid in one short line of the deal log."""
    action, best_action = getattr(advice, "chosen"), getattr(advice, "best")
    chosen = coach_action_text(action, ascii_suits, short=True)
    best = coach_action_text(best_action, ascii_suits, short=True)
    loss = max(0.0, getattr(advice, "loss")) + 0.0  # never a signed zero
    if getattr(advice, "mistake"):
        return _m.COACH_LOG["mistake"].format(chosen=chosen, loss=loss, best=best)
    if action != best_action:
        key = "close" if round(loss) >= 1 else "even"  # never "−0"
        return _m.COACH_LOG[key].format(chosen=chosen, loss=loss, best=best)
    return _m.COACH_LOG["best"].format(chosen=chosen)
# ``klabber advise`` as text (its --json keeps the record notation and English keys).
ADVISE_WORDS = {
    "title": "{seat} to act ({stage}), {worlds} sampled deals, level {level}",
    "score": ", score {mine}-{theirs} to {target}",
    "best": " ◀ best",
    "nobody": "nobody is to act at the end of this record (the deal is over or thrown in)",
}
ADVISE_COLUMNS = ("action", "expected", "deal only", "± error", "makes", "wins the match")
# ``klabber arena`` as text (its --json keeps the figures' own keys); bots and presets by their names.
ARENA_WORDS = {
    "progress": "{a} v {b} ({rules})",
    "progress_target": "{a} v {b} ({rules}, to {target})",
    "head": "[b]{a}[/b] v [b]{b}[/b] under {rules}: {boards} ({deals}) in {seconds:.1f} s",
    "margin": "margin per deal for {a}: {margin:+.2f} (95% {lo:+.2f} .. {hi:+.2f})",
    "makers": "{a} as maker: {a_maker}; {b} as maker: {b_maker}; thrown in: {thrown_in}",
    "outcomes": "{made} made, {tie} tie, {bust} bust",
    "head_target": "[b]{a}[/b] v [b]{b}[/b] under {rules} to {target}: {matches} played twice ({played}, {deals}) "
                   "in {seconds:.1f} s",
    "wins": "matches won: {a} {a_wins}, {b} {b_wins}, undecided {undecided}",
    "unknown_bot": "unknown bot {name!r}: the bots are {bots}, or a research bot as module:factory from a "
                   "checkout (research/README.md)",
    "no_module": "bot {name!r}: the module {module!r} does not import ({error}); research bots are found from a "
                 "checkout (research/README.md)",
    "no_factory": "bot {name!r}: the module {module!r} has no {factory!r} to call without arguments",
    "not_a_bot": "bot {name!r}: {factory}() gave no bot (a bot has a name, wants_exchange, and choose or "
                 "choose_full)",
    "jobs_capped": "--jobs {jobs} capped at {usable}, the CPUs this process may use",
}
# ``klabber advise --score/--target`` refused (rules.md §9).
STANDING_WORDS = {
    "target_without_score": "--target needs --score MINE THEIRS: the target only matters with a standing",
    "over": "--score {mine} {theirs}: the match to {target} would be over (rules.md §9); scores must be below "
            "the target, or equal",
}
# The statistics file's troubles (klabber_tui/stats.py); {path} comes quoted.
STATS_FILE_WORDS = {
    "moved_to": "The statistics file {path} could not be read ({error}); it was moved aside to {name} and "
                "statistics start again.",
    "moved": "The statistics file {path} could not be read ({error}); it was moved aside and statistics start "
             "again.",
    "unreadable": "The statistics cannot be read: {error}",
    "kept": "The file as it was is kept as {name}.",
    "busy": "the statistics are being written by another window for too long; this result was not recorded",
    "newer": "The statistics file {path} was written by a newer klabber ({found}; this one writes {current}): "
             "it is shown, but nothing is recorded in it.",
    "not_moved": "The statistics file {path} could not be read ({error}); it is left as it is, and moved aside "
                 "when the next result is recorded.",
}


# The coach's choices as its table and verdicts write them (issue 12: no English words in code).
COACH_CHOICES = {"name": "name {suit}", "play": "play {card}", "play_bella": "play {card} + bella",
                 "short": "{card}", "short_bella": "{card} + bella", "exchange": "exchange the dix",
                 "take": "take", "pass": "pass", "schmeiss": "schmeiss", "accept": "accept (throw in)",
                 "refuse": "refuse"}


def coach_action_text(move: Action, ascii_suits: bool = False, short: bool = False) -> str:
    """A choice in the coach's table: ``take``, ``name ♠ spades``, ``play 10♦``, ``play Q♥ + bella``
    (``short``: ``10♦``, ``name ♠``)."""
    if move.kind == "name" and move.suit is not None:
        suit = move.suit
        shown = (SUITS if ascii_suits else SUIT_SYMBOLS)[suit] if short else suit_text(suit, ascii_suits)
        return _m.COACH_CHOICES["name"].format(suit=shown)
    if move.kind == "play" and move.card is not None:
        card = card_text(move.card, ascii_suits)
        key = ("short" if short else "play") + ("_bella" if move.bella else "")
        return _m.COACH_CHOICES[key].format(card=card)
    return _m.COACH_CHOICES.get(move.kind, str(move))


# The coach's reasons (``ai.coach.Fact``), keyed by the fact's code. Fields: {action} and {other}
# (choices, as a gerund: "taking ♠"), {suit}, {held} {unseen} {shown} (the cards the fact names),
# {points}, {prob} (a percentage), {count}. One catalogue, so a translation replaces it whole.
FACT_WORDS = {
    "trump_points": "Trump {suit}: you hold {count} trumps ({held}), {points} points",
    "trump_points_one": "Trump {suit}: you hold one trump ({held}), {points} points",
    "trump_points_none": "Trump {suit}: you hold no trump",
    "jass_held": "You hold the jass ({held})",
    "jass_shown": "The jass ({shown}) lies face up: it is not in the bot's hand",
    "jass_unseen": "You do not hold the jass ({unseen}); the bot may",
    "menel_held": "You hold the menel ({held})",
    "menel_shown": "The menel ({shown}) lies face up: it is not in the bot's hand",
    "menel_unseen": "You do not hold the menel ({unseen}); the bot may",
    "bella": "Bella: you hold {held}, {points} points with {suit} trump",
    "dix": "You hold the dix ({held}): it exchanges for the turn-up {shown}, {points} points as trump",
    "sequences": "Your sequences ({held}) are worth {points} points",
    "makes": "{Action} makes {prob} of the time",
    "bust_against_pass": "When it fails, you end {points} points worse than by passing",
    "bust_against_pass_none": "Even when it fails, you end no worse than by passing",
    "bust": "When it fails, you end about {points} points behind",
    "pass_other_takes": "After your pass the bot takes {suit} in about {prob} of the hands it may hold",
    "pass_other_names": "After your pass the bot names a suit in about {prob} of the hands it may hold",
    "pass_then_name": "Pass now: you can still name {suit} in round two, worth {points} more than taking",
    "pass_then_name_worse": "Pass now: the best suit left to name in round two, {suit}, is worth {points} "
                            "less than taking",
    "pass_throws_in": "Your pass throws the deal in: nothing is scored",
    "schmeiss_answer": "The bot accepts the schmeiss (a throw-in) in about {prob} of the hands it may hold",
    "schmeiss_refused_you_make": "When it refuses, you must make {suit}: you make it {prob} of the time",
    "accept_throws_in": "Accepting throws the deal in: nothing is scored",
    "refuse_other_makes": "Refusing leaves the bot to make {suit}: it makes it {prob} of the time",
    "refuse_you_name": "Refusing: you name the trump; {suit} is the best, worth {points:+d} points",
    "other_passed_turned": "The bot passed on {suit}: it is less likely to hold {unseen}",
    "other_passed_turned_none": "The bot passed on {suit}; its top trumps are in your hand or face up",
    "other_passed_round_two": "The bot passed in round two: it named no suit",
    "other_schmeissed": "The bot said schmeiss on {suit}: it offers to throw the deal in",
    "match_win": "{Action} wins the match {prob} of the time",
    "match_loss": "{Action} loses the match {prob} of the time",
    "trumps_unseen": "Trumps you have not seen yet: {count} ({unseen})",
    "trumps_unseen_none": "You have seen every trump: none is left for the bot",
    "wins_trick": "{Action} wins the trick over {shown}: {points} points",
    "trumps_trick": "{Action} trumps the {shown}: {points} points",
    "gives_trick": "{Action} gives the bot the trick over {shown}: {points} points",
    "gives_trick_free": "{Action} gives the bot a trick that costs nothing",
    "lead_beaten": "Leading {held}: the bot can beat it in about {prob} of the hands it may hold",
    "lead_beaten_higher": "Leading {held}: the bot can beat it in about {prob} of the hands it may hold "
                          "({unseen} not seen yet)",
    "lead_master": "Leading {held}: nothing left can beat it",
    "draws_trumps": "Leading a trump draws the bot's trumps: {count} not seen yet ({unseen})",
    "last_trick": "The last trick: its winner gets {points} more",
    "bares_ten": "{Action} leaves your {ten} alone in its suit while {unseen} is not seen yet",
    "bella_announced": "Announcing bella with {held} scores {points} points",
    "bella_silent": "Playing {held} without announcing bella gives up its {points} points",
    "exchange": "Exchanging the dix ({held}) brings the {shown} into your hand, {points} points as trump",
    "mistake_risky": "Mistake: {action} gives up about {points} points against {other}: it makes only {prob} "
                     "of the time",
    "mistake_forgoes": "Mistake: {action} gives up about {points} points against {other}, which makes {prob} "
                       "of the time",
    "mistake_gives_trick": "Mistake: {action} gives up about {points} points against {other}: it gives away "
                           "the trick that {other} wins",
    "mistake_beaten": "Mistake: {action} gives up about {points} points against {other}: the bot can beat it "
                      "in about {prob} of the hands it may hold, {other} in about {count}%",
    "mistake": "Mistake: {action} gives up about {points} points against {other} over the rest of the deal",
}
# A choice as the subject of a reason: "taking ♠", "playing 10♦".
GERUNDS = {"take": "taking {suit}", "name": "naming {suit}", "pass": "passing", "schmeiss": "the schmeiss",
           "accept": "accepting", "refuse": "refusing", "exchange": "exchanging the dix",
           "play": "playing {card}", "play_bella": "playing {card} with bella"}


def points_text(value: float, digits: int = 1, sign: bool = True) -> str:
    """Points rounded to ``digits``, never ``-0.0``: a value that rounds to zero shows as zero."""
    rounded = round(float(value), digits) + 0.0
    return f"{rounded:+.{digits}f}" if sign else f"{rounded:.{digits}f}"


def choice_gerund(move: Action, turned: int | None = None, ascii_suits: bool = False) -> str:
    """``move`` as the subject of a reason; ``turned`` is the turn-up suit a take makes trump."""
    symbols = SUITS if ascii_suits else SUIT_SYMBOLS
    if move.kind == "take":
        return _m.GERUNDS["take"].format(suit=symbols[turned] if turned is not None else "").strip()
    if move.kind == "name" and move.suit is not None:
        return _m.GERUNDS["name"].format(suit=symbols[move.suit])
    if move.kind == "play" and move.card is not None:
        key = "play_bella" if move.bella else "play"
        return _m.GERUNDS[key].format(card=card_text(move.card, ascii_suits))
    return _m.GERUNDS.get(move.kind, str(move))


def fact_text(fact: object, ascii_suits: bool = False, turned: int | None = None) -> str:
    """A reason of the coach (``ai.coach.Fact``) in words; ``turned`` names the suit of a take."""
    key: str = getattr(fact, "key")
    suit = getattr(fact, "suit", None)
    points = getattr(fact, "points", None)
    count = getattr(fact, "count", None) or 0
    prob = getattr(fact, "prob", None)
    held, unseen, shown = (getattr(fact, name, 0) for name in ("held", "unseen", "shown"))
    action, other = getattr(fact, "action", None), getattr(fact, "other", None)
    if key == "trump_points":
        key = {0: "trump_points_none", 1: "trump_points_one"}.get(count, key)
    elif key in ("bust_against_pass", "pass_then_name") and (points or 0) <= 0:
        key = "bust_against_pass_none" if key == "bust_against_pass" else "pass_then_name_worse"
    elif key == "other_passed_turned" and not unseen:
        key = "other_passed_turned_none"
    elif key == "trumps_unseen" and not unseen:
        key = "trumps_unseen_none"
    elif key == "gives_trick" and not points:
        key = "gives_trick_free"
    elif key == "lead_beaten":
        key = "lead_beaten_higher" if unseen else "lead_master" if getattr(fact, "count", None) == 0 else key
    words = _m.FACT_WORDS.get(key)
    if words is None:
        return key.replace("_", " ")
    gerund = choice_gerund(action, turned, ascii_suits) if action is not None else ""
    ten = ""
    if key == "bares_ten" and suit is not None:
        ten = card_text(suit * 8 + 3, ascii_suits)
    whole = int(round(float(points))) + 0 if points is not None else 0
    if key.endswith("_worse"):
        whole = abs(whole)
    return words.format(
        action=gerund, Action=gerund[:1].upper() + gerund[1:],
        other=choice_gerund(other, turned, ascii_suits) if other is not None else "",
        suit=(SUITS if ascii_suits else SUIT_SYMBOLS)[suit] if suit is not None else "",
        held=cards_text(held, ascii_suits), unseen=cards_text(unseen, ascii_suits),
        shown=cards_text(shown, ascii_suits), points=whole, count=count, ten=ten,
        prob=f"{round(100 * prob)}%" if prob is not None else "",
    )


def coach_verdict(advice: object, kind: str, ascii_suits: bool = False) -> str:
    """The verdict on the choice made: a mistake with its cost, or a good choice."""
    chosen = getattr(advice, "chosen")
    loss, se = getattr(advice, "loss"), getattr(advice, "loss_se")
    if getattr(advice, "mistake"):
        return _m.COACH_MISTAKE.format(chosen=coach_action_text(chosen, ascii_suits), loss=loss, se=se,
                                    best=coach_action_text(getattr(advice, "best"), ascii_suits))
    if chosen is not None and loss >= 0.5:
        return _m.COACH_GOOD[kind] + " " + _m.COACH_SMALL_LOSS.format(
            chosen=coach_action_text(chosen, ascii_suits), loss=loss, se=se)
    return _m.COACH_GOOD[kind]


REVIEW_TITLE = "Review of deal {n}"
REVIEW_WORKING = "Reviewing your decisions: {done} of {total}…"
REVIEW_NOTHING = "No finished deal to review yet."
REVIEW_CARDS = "All the cards"
REVIEW_HAND_ROW = "{who}: {first} · extra {extra}"
REVIEW_SHOWN = "Turn-up {turn_up} · bottom {bottom}"
REVIEW_MISTAKES = "Costliest decisions of {who}"
REVIEW_NO_LOSS = "{who}: no decision gave up points that the bot could see."
REVIEW_DECISIONS = "Each decision of {who}, in order"
REVIEW_COLUMNS = ("#", "when", "played", "best", "loss")
REVIEW_MISTAKE_MARK = "✗"
REVIEW_LOSS = "{loss:z.1f} ± {se:z.1f}"  # z: never -0.0
REVIEW_ALTERNATIVES = "Alternatives"
REVIEW_TOTAL = "{who}: {counts} the same as the coach's choice; {loss}."
REVIEW_AND = " and "  # joins the bids' count and the cards' in REVIEW_TOTAL
REVIEW_NO_DECISIONS = "{who}: no choice to judge in this deal."
REVIEW_LEVEL = "Judged by the coach at level {level}, each decision from what that player could see then."
REVIEW_INCOMPLETE = "(The review was stopped before the end.)"
REVIEW_WHEN = {"bidding_round_one": "bid 1", "bidding_round_two": "bid 2", "schmeiss_answer": "schmeiss",
               "naming": "naming", "play": "trick {trick}"}
REVIEW_HINT = "↑ ↓ PgUp PgDn scroll · r or Esc closes"
REVIEW_SEAT = {"elder": "the elder", "dealer": "the dealer"}
SUMMARY_REVIEW_HINT = "r: review this deal with the coach · Enter: go on"


# ---------------------------------------------------------------------------------------------
# Drills and statistics (klabber drill, klabber stats, the S page). Issue 5.

DRILL_TITLE = "klabber drill"
DRILL_HEAD = "Bidding drill · {preset} · seed {seed} · {where}"
DRILL_WHERE = "position {n} of {count}"
DRILL_WHERE_AGAIN = "missed position {n} of {count} (pass {round})"
DRILL_SCORE = "Agreed with the bot: {agreed} of {decisions} · {loss:.1f} points lost per decision"
DRILL_SCORE_NONE = "Agreed with the bot: no decisions yet"
DRILL_DEALING = "Dealing a close call…"
DRILL_THINKING = "thinking…"
DRILL_PLAYING = "The bot plays the deal out for both sides…"
DRILL_KIND = {
    "round-one-elder": "Round one: you are the elder hand and speak first.",
    "round-one-dealer": "Round one: you are the dealer.",
    "round-two-elder": "Round two: you are the elder hand.",
    "round-two-dealer": "Round two: you are the dealer; a pass throws the deal in.",
    "schmeiss-answer": "A schmeiss to answer: you are the {seat}.",
    "naming-after-refusal": "You refused the schmeiss: name the trump, any suit; you are the {seat}.",
}
DRILL_TURN_UP = "Turn-up: {card}"
DRILL_SAID = "Said so far: {words}"
DRILL_SAID_NONE = "Said so far: nothing."
DRILL_FORCED = " (a schmeiss the bot would not say here, put in so you can answer one)"
DRILL_HAND = "Your hand: {cards}"
DRILL_WORD_NAMES = {"take": "take", "pass": "pass", "schmeiss": "schmeiss", "accept": "accept (throw in)",
                    "refuse": "refuse"}
DRILL_COLUMNS = ("", "word", "expected", "± se", "makes", "loss")
DRILL_BEST_MARK = "★"
DRILL_YOURS_MARK = "◀ you"
DRILL_AGREED = "You agree with the bot: {word}."
DRILL_EQUIVALENT = "{word} comes to the same as the bot's {best}: agreed."
DRILL_LOSS = "The bot says {best}: your {word} gives up {loss:.1f} ± {se:.1f} points."
DRILL_MISTAKE = "That is a mistake: it costs more than the noise of the evaluation."
DRILL_CLOSE = "Within the noise or small: not a mistake, but it goes to the missed positions."
DRILL_NEXT_PLAYOUT = "Enter: see the deal played out"
DRILL_REASONS_CHOSEN = "Your {word}: {reasons}."
DRILL_REASONS_BEST = "The bot's {word}: {reasons}."
DRILL_NEXT = "Enter: next position"
DRILL_NEXT_END = "Enter: the drill's result"
DRILL_PLAYED_TITLE = "After your word ({word}) the bot plays both sides ({level}):"
DRILL_SEAT = {"elder": "elder hand", "dealer": "dealer"}
DRILL_HANDS = "{who}: {cards}"
DRILL_BIDDING = "Bidding: {words}"
DRILL_TRICKS = "Tricks ({you} won {n}):"
DRILL_THROWN = "The deal is thrown in: nothing is scored."
DRILL_RESULT = "{outcome}: you score {you}, the bot {bot}."
DRILL_END_TITLE = "The drill is over"
DRILL_END_PASS = "Pass {round}: agreed {agreed} of {decisions} · {loss:.1f} points lost per decision · {mistakes}"
DRILL_END_ROW = "{n}. {kind}: you {word}, bot {best}, lost {loss:.1f}{mark}"
DRILL_END_CLEAN = "No missed positions. S: statistics · q: quit"
DRILL_END_SEED = "The same positions again: klabber drill --rules {preset} --seed {seed} --count {count}"
DRILL_MISTAKE_MARK = " ✗"  # a mistake by the coach's verdict, as counted in DRILL_END_PASS
DRILL_CLOSE_MARK = " ≈"  # a different word within the noise: drilled again, not a mistake
DRILL_NOT_LEGAL = "That word is not a choice here."
DRILL_STATS_PROBLEM = "{message}"
DRILL_KEYS = {"again": "Drill missed", "stats": "Stats", "next": "Next", "quit": "Quit", "options": "What to drill"}  # as the table's keys

STATS_TITLE = "Statistics"
STATS_EMPTY = "No statistics yet: play a match (klabber play) or a drill (klabber drill)."
STATS_REAL = "real"
STATS_PRACTICE = "practice"
STATS_COLUMNS = ("", "matches", "won", "made", "bust", "tie", "", "decisions", "agree", "lost")
STATS_KIND = {"bid": "bids", "card": "cards"}  # a row of decisions of that kind
STATS_TABLE_TITLE = "{preset}"
STATS_TREND_KIND = {"bid": "bidding", "card": "card"}
STATS_TREND_LABEL = "Points lost per {kind} decision, oldest first ({n}; {window} per bar)"
STATS_NOTE = ("made/bust/tie: deals where you fixed the trump · agree: you chose what the bot chose · "
              "lost: expected points given up per decision (lower is better) · each preset has its own trend · practice: matches with undo, "
              "not in the trend")
STATS_CLOSE = "Esc or S closes"
STATS_KEY = "Stats"
HELP_KEYS = (*HELP_KEYS, ("S", "your statistics: matches, deals as maker, decisions against the bot"))
NO_VALUE = "—"


# ---------------------------------------------------------------------------------------------
# The command line of the player's commands (play, drill, stats, replay, export).

CLI_HELP = {
    "klabber": "Two-player Klaberjass against a Monte Carlo bot.",
    "ascii": "suit letters C D H S instead of symbols",
    "play": "play a match against the bot",
    "play.rules": "the preset: {presets} (default klaberjass)",
    "play.target": "points to win, 100 to 5000 (default 500)",
    "play.level": "the bot: {levels} (default normal, the mc bot)",
    "play.seed": "the match seed (deals and the draw)",
    "play.name": "your name, shown over your hand and in the saved records",
    "play.new": "start a new match; the saved one is kept as a backup",
    "play.watch": "watch two bots play each other",
    "drill": "bidding drills: close calls judged by the coach",
    "drill.rules": "the preset: {presets} (default: the one in the settings)",
    "drill.seed": "the drill's seed: the same seed, the same positions",
    "drill.count": "positions to drill, 1 to 200 (default 10)",
    "stats": "your statistics: matches, deals as maker, decisions against the bot",
    "replay": "replay a deal record and score it",
    "replay.file": "a klabber-deal/1 record (JSON)",
    "replay.json": "print the result as one JSON object",
    "replay.review": "judge every decision of both seats with the coach, costliest mistakes first "
                     "(with --json: an extra key 'review')",
    "replay.level": "the coach's level for --review: {levels} (default {level}, the level of every verdict)",
    "export": "write the deal records of the saved and finished matches",
    "export.out": "the folder to write to (default ./klabber-records)",
    "export.cannot_write": "cannot write to {out!r}: {reason}",
    "export.empty_out": "--out must name a folder to write the records to, not be empty",
    "lang": "the language: en (English) or ru (Russian); default: the setting, then the locale",
    "advise": "the bot's evaluation of every legal action at a record's end",
    "advise.record": "a klabber-deal/1 record that stops mid-deal",
    "advise.level": "the bot's level: {levels} (default {level}, the level of every verdict)",
    "advise.seed": "the seed of the sampled deals: the same seed, the same figures (default 0)",
    "advise.score": "the match score before this deal, the seat to act first, 0 to {high}",
    "advise.target": "the match target, {low} to {high}; default: the record's own",
    "advise.json": "print the evaluation as one JSON object (actions in record notation)",
    "arena": "duplicate boards between two bots",
    "arena.a": "a bot: {bots}; or a research bot as module:factory, from a checkout (research/README.md)",
    "arena.b": "the other bot",
    "arena.rules": "the preset: {presets} (default {default})",
    "arena.deals": "number of boards (two deals each), 1 to {high}; with --target, of matches (each played twice)",
    "arena.target": "play whole matches to N points ({low} to {high}), the bots told the score sheet, and count "
                    "matches won",
    "arena.seed": "the seed of the boards (default 0)",
    "arena.jobs": "processes to use, at most the CPUs this process may use",
    "arena.first": "first board number, to run in shards",
    "arena.json": "print the figures as one JSON object",
    "bench": "the bot's speed figures",
    "bench.decisions": "decisions to time per level, 1 to {high} (default 200)",
    "bench.seed": "the seed of the positions timed (default 0)",
    "bench.json": "print the figures as one JSON object",
    "replay.about": "Replay a deal record through the rules and show the deal and its score. A record the rules "
                    "refuse is named in one line, with exit status 2.",
    "play.about": "Play a match against the bot in the terminal. The match is saved after every move and resumes "
                  "where you left it.",
    "export.about": "Write a deal record (klabber-deal/1) of every deal of the saved and finished matches, to replay "
                    "or to share.",
    "drill.about": "Bidding drills: positions where taking and passing are close, each judged by the coach; the "
                   "missed ones come again.",
    "stats.about": "Your statistics: matches won, deals as maker, and how often your bids and cards agree with "
                   "the bot.",
    "advise.about": "The bot's evaluation of every legal action of the seat to act at the end of a record: the "
                    "expected score, the chance to make the deal, and the reasons.",
    "arena.about": "Two bots play the same boards: each board is dealt twice with the seats swapped, so that the "
                   "luck of the cards cancels out. Prints the margin per deal with its 95% interval.",
    "bench.about": "How fast the bot is: playouts per second, the solving of a position, the time of a card and "
                   "of a bid at each level, and memory.",
}
# The presets' short names in a sentence; where they differ from the name typed, help shows both.
PRESET_WORDS = {"clobber": "clobber", "klaberjass": "klaberjass", "klaberass": "klaberass",
                "kalabriasz": "kalabriasz"}
LEVEL_CHOICE_WORDS = {"beginner": "beginner", "easy": "easy", "normal": "normal", "hard": "hard", "greedy": "greedy", "random": "random",
                      # the arena's other bot: in English its name is its word
                      "oracle": "oracle"}
# The names of the command line's values in its help (``--rules P``); what is typed stays the same.
CLI_METAVARS = {
    "command": "COMMAND", "preset": "P", "number": "N", "level": "L", "seed": "S", "name": "NAME", "file": "FILE",
    "folder": "DIR", "lang": "LANG", "record": "RECORD", "mine": "MINE", "theirs": "THEIRS", "bot_a": "A",
    "bot_b": "B", "situation": "SITUATION", "margin": "M",
}

# -- issue 8: storage that cannot be used, a second window, repaired files ----------------------------
NO_SAVE_TITLE = "Play without saving?"
NO_SAVE_QUESTION = ("The match cannot be saved: {reason}.\n\nPlay without saving (nothing of this match and "
                    "no statistics are kept)? No quits.")
MATCH_OPEN_ELSEWHERE = ("the match in {folder!r} is open in another window; finish or quit it there "
                        "(or set KLABBER_HOME to another folder)")
FILE_REPAIRED = "{what}: {note}"
# What a settings or save file held that could not be used, and what is used instead (issue 8's
# repairs, worded in the player's language: issue 12). ``{value}`` is the file's own value as text.
FILE_NOTES = {
    "settings_not_object": "the settings are {value}, not an object: default settings are used",
    "setting_dropped": "the setting {name} was {value} ({allowed}); the default {default} is used",
    "allowed_presets": "the presets are {values}",
    "allowed_options": "an object of rule options",
    "allowed_target": "a whole number from {low} to {high}",
    "allowed_paces": "the paces are {values}",
    "allowed_languages": "the languages are {values}, or \"\" for the locale's",
    "allowed_bool": "true or false",
    "option_dropped": "a rule option was dropped ({reason}); the preset's value is used",
    "level_dropped": "the bot level {value} is not offered (the levels are {values}); {default} is used",
    "save_no_match": "the save has no match (found {value})",
    "save_rules": "the saved match's rules are {value}, not a preset name",
    "save_options": "the saved match's options are {value}, not an object",
    "save_seed": "the saved match's seed is {value}, not a whole number",
    "save_deals": "the saved match's deals are not a list of deal records",
    "save_names": "the player names were {value}; the defaults are used",
    "save_text": "the save's {key} was {value}; a new one is used",
    "save_flag": "the save's {key} was {value}; false is used",
    "not_object": "not a JSON object (a {family}/{current} document is one)",
    "format": "its format is {value}, not {family}/{current}",
    "save_newer": "the saved match was written by a newer klabber ({found}; this one writes {current}), so it "
                  "is not resumed; it is kept untouched as match.newer-<time>.json when a new match starts",
    "settings_newer": "the settings were written by a newer klabber ({found}; this one writes {current}): the "
                      "settings this version knows are used, and the file is never rewritten",
    "settings_not_kept": "the settings file was written by a newer klabber ({found}), so this change is used "
                         "now but cannot be kept",
    "settings_moved": "The settings file {path!r} could not be read ({error}); it was moved to {name}. Default "
                      "settings are used.",
    "settings_unreadable": "The settings file {path!r} could not be read ({error}). Default settings are used.",
}
DRILL_NO_STATS = "Statistics will not be recorded: {reason}"
EXPORT_DATA_FOLDER = "cannot read the saved matches: {reason}"
# The data folder that cannot be used (storage.py); {path} is quoted.
STORAGE_WORDS = {
    "dangling": "the data folder {path!r} is a link to {target!r}, which does not exist (set KLABBER_HOME to a folder)",
    "a_file": "the data folder {path!r} is a file, not a folder (set KLABBER_HOME to a folder)",
    "not_made": "the data folder {path!r} cannot be made: {reason}",
    "not_written": "the data folder {path!r} cannot be written: {reason}",
    "no_lock": "cannot lock the data folder {path!r}: {reason}",
    "finished_full": "the folder {path!r} holds too many finished matches named {base}; move some away",
    "not_real_folder": "{path!r} is not a real folder inside the data folder (a link or a file); nothing is written "
                       "there",
}
# The data folder (KLABBER_HOME or the platform's) cannot be used: cli.py's one line.
DATA_FOLDER_WORDS = {
    "dangling": "it is a link to something that does not exist",
    "not_folder": "it is not a folder",
    "refused": "the data folder {name!r} cannot be used: {reason}; set KLABBER_HOME to a folder you can write",
    "cannot_go_on": "cannot go on: {reason}",
}
# The process itself (issue 21): a terminal, a file name, a crash; cli.py and crashlog.py.
PROCESS_WORDS = {
    "no_terminal": ("{command} needs a terminal: standard input and standard error must both be one (a pipe, a "
                    "file or /dev/null cannot show the game or take its keys)"),
    "empty_file": "the file name is empty: name a klabber-deal/1 record file",
    # {log} comes first, whole, so however long the path nothing cuts it off.
    "crash_logged": "{log}: the details of an unexpected error ({kind}); please report it with this file",
    "crash_no_log": "an unexpected error ({kind}); no log could be written anywhere",
}


# -- issue 25: practice by situation, the mistake deck, statistics by situation ---------------------
SITUATION_NAMES = {
    "round-one-elder": "round 1, elder", "round-one-dealer": "round 1, dealer",
    "round-two-elder": "round 2, elder", "round-two-dealer": "round 2, dealer",
    "schmeiss-answer": "schmeiss answer", "naming-after-refusal": "naming after a refusal",
}
PRACTICE_HELP = {
    "drill.situation": "drill one situation only: round-one-elder, round-one-dealer, round-two-elder, round-two-dealer "
                       "(round one or two as the elder or the dealer), schmeiss-answer, naming-after-refusal",
    "drill.margin": "ask only positions whose best two choices are within M points, 1 to 200 (default 15)",
    "drill.json": "print the positions as JSON (no screen, nothing recorded)",
    "drill.mistakes": "ask the due positions of your mistake deck again",
    "stats.json": "print the statistics by situation as JSON (nothing is changed)",
    "stats.ascii": "draw the charts with ASCII characters",
}
PRACTICE_WORDS = {
    "no_situation": "{preset} has no {situation} decision; its situations are: {allowed}",
    "mistakes_options": "--mistakes asks the deck's own positions: it takes no --situation or --margin",
    "none_due": "No mistakes are due now ({total} in the deck, {learnt} learnt). The coach puts each bidding "
                "mistake of yours here, at the table, in a drill or a review; it comes back after 1, 3, 7 and "
                "21 days. Play (klabber play) or drill (klabber drill) and come back then.",
    "deck_title": "Your mistakes · {preset} · {where}",
    "deck_end": "Your mistakes come back on their days: klabber drill --mistakes",
    "deck_head": "Your mistake, asked again · box {box} of {boxes}",
    "standing": "Standing then: you {mine}, the bot {theirs}, playing to {target}",
    "standing_none": "Standing then: not part of a match",
    "learnt": "Right in the last box: learnt.",
    "wrong": "Wrong again: it comes back tomorrow.",
    "retired": "The coach no longer calls your first answer a mistake: the position leaves the deck.",
}
PRACTICE_PAGE = {
    "title": "What to drill",
    "situation": "Situation",
    "every": "every situation in turn",
    "margin": "Margin: the best two choices within this many points ({low} to {high})",
    "bad_margin": "The margin is a whole number from {low} to {high}.",
    "start": "Drill",
    "mistakes": "My mistakes",
}
DECK_WORDS = {
    "moved": "The mistake deck {path} could not be read ({error}); it was moved aside to {name} and the deck "
             "starts again.",
    "not_moved": "The mistake deck {path} could not be read ({error}); it is left as it is.",
    "unreadable": "The mistake deck cannot be read: {error}",
    "kept": "The file as it was is kept as {name}.",
    "busy": "the mistake deck is being written by another window for too long; this change was not kept",
    "newer": "The mistake deck {path} was written by a newer klabber ({found}; this one writes {current}): it "
             "is shown, but nothing is changed in it.",
    "dropped": "Damaged entries were left out of the mistake deck {path}: {n}.",
}
SITUATION_STATS_TITLE = "{preset}: bidding by situation"
SITUATION_STATS_COLUMNS = ("situation", "decisions", "agree", "lost", "against: made/bust", "with: made/bust")
SITUATION_STATS_DECK = "Mistake deck: {total} in all, {due} due, {learnt} learnt"
SITUATION_STATS_TREND = "{situation}: points lost per decision, oldest first ({window} per mark): {line}"
SITUATION_STATS_TREND_LABEL = "{situation}: points lost per decision, oldest first ({window} per bar)"
SITUATION_STATS_NOTE = ("against/with: deals you took against the coach's advice or with it, made/bust · lost: "
                        "points given up per decision · real matches and drills only")
SPREAD_TITLE = "Spread of the deal's outcome (score difference, over {n} sampled deals)"
SPREAD_AXIS = "{low} … {high} points; | marks 0"


# ---------------------------------------------------------------------------------------------
# The catalogue facade (issue 12). The English above is the source text of the catalogue: every
# constant with words in it leaves the module namespace here, and ``text.NAME`` (module
# ``__getattr__``) or ``_m.NAME`` inside this module gives it in the current language, looked up when
# it is used. Each string's msgctxt is its name and key path: ``PROMPTS.draw``, ``HELP_KEYS.3.1``.

_IMPORTED = {"RANKS", "SUITS", "SUIT_SYMBOLS", "TWO_BOTS", "PLURALS", "SOURCE_PLURALS"}
SOURCE_PLURALS: dict[str, tuple[str, str]] = globals().pop("PLURALS")
# Names, commands and keys, the same in every language: never in the catalogue.
_AS_IS = re.compile(r"APP_TITLE|DRILL_TITLE|LEVEL_WORDS\.(easy|normal|hard)|HELP_KEYS\.\d+\.0")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _has_words(value: object) -> bool:
    """Whether a constant holds text to translate (not only symbols such as ``▒▒▒`` or placeholders)."""
    if isinstance(value, str):
        return any(ch.isalpha() for ch in _PLACEHOLDER.sub("", value))
    if isinstance(value, dict):
        return any(_has_words(v) for v in value.values())
    if isinstance(value, tuple):
        return any(_has_words(v) for v in value)
    return False


SOURCE: dict[str, object] = {
    name: globals().pop(name) for name in [n for n, v in globals().items()
                                           if n.isupper() and n not in _IMPORTED and _has_words(v)]
}
_cache: dict[tuple[str, str], object] = {}


def source_messages() -> dict[str, str]:
    """Every message of the catalogue: msgctxt to English source text (for the tests and the .po)."""
    found: dict[str, str] = {}

    def walk(path: str, value: object) -> None:
        if isinstance(value, str):
            if _has_words(value) and not _AS_IS.fullmatch(path):
                found[path] = value
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(f"{path}.{key}", item)
        elif isinstance(value, tuple):
            for index, item in enumerate(value):
                walk(f"{path}.{index}", item)

    for name, value in SOURCE.items():
        walk(name, value)
    return found


_KEY_CONTEXTS = ("KEY_LABELS.", "DRILL_KEYS.", "STATS_KEY", "STATS_CLOSE")


def reworded_to_current() -> dict[str, str]:
    """Every message, in every language, mapped to the same message in the current language: words
    fixed in another language (key labels of bindings) are found and replaced by this (issue 12)."""
    found: dict[str, str] = {}
    # Key labels last, so that where two messages share a translation (Статистика: "Statistics"
    # the title, "Stats" the key) a label is turned back into the label.
    messages = sorted(source_messages().items(), key=lambda item: item[0].startswith(_KEY_CONTEXTS))
    for context, english in messages:
        now = i18n.pgettext(context, english)
        for lang in i18n.LANGUAGES:
            found[english if lang == i18n.DEFAULT else i18n.catalogue(lang).pgettext(context, english)] = now
    return found


def _translated(path: str, value: object) -> object:
    if isinstance(value, str):
        return i18n.pgettext(path, value) if _has_words(value) and not _AS_IS.fullmatch(path) else value
    if isinstance(value, dict):
        return {key: _translated(f"{path}.{key}", item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_translated(f"{path}.{index}", item) for index, item in enumerate(value))
    return value


def __dir__() -> list[str]:
    """The catalogue's names too, so ``dir(text)`` lists every message."""
    return sorted({*globals(), *SOURCE, "YOU", "BOT"})


def __getattr__(name: str) -> Any:
    """A catalogue constant in the current language; ``YOU`` and ``BOT`` follow ``use_player_words``."""
    if name in ("YOU", "BOT"):
        return __getattr__("PLAYER_WORDS")[TWO_BOTS][0 if name == "YOU" else 1]
    if name not in SOURCE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    key = (i18n.current(), name)
    if key not in _cache:
        _cache[key] = _translated(name, SOURCE[name])
    return _cache[key]


class _Messages:
    """``_m.NAME`` inside this module: a value a test set on the module wins, else the catalogue."""

    def __getattr__(self, name: str) -> Any:
        value = globals().get(name, _Messages)
        return __getattr__(name) if value is _Messages else value


_m = _Messages()
