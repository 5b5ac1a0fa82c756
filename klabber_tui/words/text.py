"""Every user-facing word, in one place, so the game can be translated without touching screens.

Functions here turn engine facts (cards, actions, events, results) into words; screens and the
command line only arrange them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import (Action, BidSaid, BottomShown, CardPlayed, DealEnded, DialogueSaid, DixExchanged,
                            ExtraDealt, PointsScored, SequencesScored, ThrownIn, TrickTaken, TrumpFixed)
from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, cards_of, format_card, mask_of, rank_of, sorted_cards, suit_of
from engine.deal import Event
from engine.record import RecordError
from engine.rules import RuleError
from engine.situations import Situation

from klabber_tui.words import i18n, keys
from klabber_tui.data.files import FileRefused
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.data.schemas import LEGACY_PLAYER_NAMES, PLAYER_ROLE, Note, Unreadable, shown
from klabber_tui.data.storage import StorageError

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




# Messages whose words depend on a number: (English singular, English plural); the catalogue holds
# each language's forms (Russian: one, few, many). ``{n}`` is the number.


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


# The presets' titles (the engine knows a preset by its name only).
def preset_titles_words() -> dict[str, str]:
    return {
        'clobber': pgettext('preset.titles.clobber', 'Clobber (typical)'),
        'klaberjass': pgettext('preset.titles.klaberjass', 'Klaberjass (Hoyle)'),
        'klaberass': pgettext('preset.titles.klaberass', 'Klaberass'),
        'kalabriasz': pgettext('preset.titles.kalabriasz', 'Kalabriasz'),
    }


# Their short names in running text (the statistics tables, the drill's head); the command line's
# ``--rules`` takes the record's names, which are the English ones.
def preset_names_words() -> dict[str, str]:
    return {
        'clobber': pgettext('preset.names.clobber', 'clobber'),
        'klaberjass': pgettext('preset.names.klaberjass', 'klaberjass'),
        'klaberass': pgettext('preset.names.klaberass', 'klaberass'),
        'kalabriasz': pgettext('preset.names.kalabriasz', 'kalabriasz'),
    }


# A file or an argument refused on the command line (files.py, argtypes.py).
# The operating system's reasons, by errno name, as glibc words them; English shows the system's own.
def os_reasons_words() -> dict[str, str]:
    return {
        'ENOENT': pgettext('os.reasons.ENOENT', 'No such file or directory'),
        'EACCES': pgettext('os.reasons.EACCES', 'Permission denied'),
        'EISDIR': pgettext('os.reasons.EISDIR', 'Is a directory'),
        'ENOTDIR': pgettext('os.reasons.ENOTDIR', 'Not a directory'),
        'ELOOP': pgettext('os.reasons.ELOOP', 'Too many levels of symbolic links'),
        'ENAMETOOLONG': pgettext('os.reasons.ENAMETOOLONG', 'File name too long'),
    }




# The JSON parser's reasons (the standard library's words), by a name of ours; English shows the parser's own.


def json_reason(message: str) -> str:
    """Why the JSON parser stopped, in the current language (the parser's own words in English)."""
    reasons = {
        'Expecting value': pgettext('json.reasons.value', 'Expecting value'),
        "Expecting ',' delimiter": pgettext('json.reasons.comma', "Expecting ',' delimiter"),
        "Expecting ':' delimiter": pgettext('json.reasons.colon', "Expecting ':' delimiter"),
        'Expecting property name enclosed in double quotes': pgettext('json.reasons.name', 'Expecting property name enclosed in double quotes'),
        'Extra data': pgettext('json.reasons.extra', 'Extra data'),
        'Unterminated string starting at': pgettext('json.reasons.string', 'Unterminated string starting at'),
        'Invalid control character at': pgettext('json.reasons.control', 'Invalid control character at'),
        'Invalid \\escape': pgettext('json.reasons.escape', 'Invalid \\escape'),
        'Invalid \\uXXXX escape': pgettext('json.reasons.unicode', 'Invalid \\uXXXX escape'),
    }
    return reasons.get(message, message)


def choices_text(names: tuple[str, ...], group: str) -> str:
    """Values of an option as help lists them: the value to type, after its word where the language has its
    own ("клаберджас (klaberjass)"); ``group`` is PRESET_WORDS or LEVEL_CHOICE_WORDS."""
    words = {"PRESET_WORDS": preset_words, "LEVEL_CHOICE_WORDS": level_choice_words}[group]()
    return ", ".join(name if words.get(name, name) == name else f"{words[name]} ({name})" for name in names)


def bot_choices_text(names: tuple[str, ...]) -> str:
    """Arena bot names as help lists them: a level's word before the name where the language has one
    ("средний (mc:normal)"); the name alone where the word is the name (English)."""
    def one(name: str) -> str:
        level = name[3:] if name.startswith("mc:") else name
        word = level_choice_words().get(level, level)
        return name if word == level else f"{word} ({name})"

    return ", ".join(one(name) for name in names)


def level_text(name: str) -> str:
    """A bot or its level as the player reads it: "mc:hard" and "hard" are «трудный» in Russian; English
    shows the name itself (issue 23: no bot ids in Russian output)."""
    level = name[3:] if name.startswith("mc:") else name
    word = str(level_choice_words().get(level, level))
    return name if word == level else word


def preset_title(name: str) -> str:
    """A preset's title in the current language (its name for a preset not known)."""
    return preset_titles_words().get(name, name)


def preset_name(name: str) -> str:
    """A preset's short name in the current language; a name not known (from a file) as it is."""
    return str(preset_names_words().get(name, name))


def os_reason(error: OSError) -> str:
    """Why the system refused, in the current language: the system's own words in English."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    if i18n.current() == i18n.DEFAULT or name not in os_reasons_words():
        return str(error.strerror or error)
    return str(os_reasons_words()[name])


# ``klabber replay FILE``: the deal for a person (replay_view.py).
def replay_words() -> dict[str, str]:
    return {
        'title': pgettext('replay.title', 'Deal ({title})'),
        'seat': pgettext('replay.seat', 'Seat'),
        'first': pgettext('replay.first', 'First six'),
        'extra': pgettext('replay.extra', 'Extra three'),
        'turn_up': pgettext('replay.turn_up', 'Turn-up: {card}'),
        'bottom': pgettext('replay.bottom', '   Bottom: {card}'),
        'score': pgettext('replay.score', 'Score: {outcome}'),
        'cards': pgettext('replay.cards', 'cards'),
        'last_trick': pgettext('replay.last_trick', 'last trick'),
        'sequences': pgettext('replay.sequences', 'sequences'),
        'bella': pgettext('replay.bella', 'bella'),
        'total': pgettext('replay.total', 'total'),
        'scored': pgettext('replay.scored', 'scored'),
        'maker': pgettext('replay.maker', ' (maker)'),
    }


# A file refused (files.FileRefused) or a document that is not of its family (schemas.Unreadable), from
# their codes (issue 23: the lower layers return codes; the words are here).
def file_refusals_words() -> dict[str, str]:
    return {
        'not_utf8': pgettext('file.not_utf8', '{path!r} is not UTF-8 text (byte {start} cannot be read)'),
        'cannot_read': pgettext('file.cannot_read', 'cannot read {path!r}: {reason}'),
        'not_regular': pgettext('file.not_regular', '{path!r} is not a regular file (only a plain file can be read)'),
        'too_large': pgettext('file.too_large', '{path!r} is too large ({size}; at most {max_bytes} allowed)'),
        'grew_too_large': pgettext('file.grew_too_large', '{path!r} is too large (over {limit} allowed)'),
        'key_twice': pgettext('file.key_twice', 'the key {key!r} appears twice in one object (each key may appear once)'),
        'not_a_number': pgettext('file.not_a_number', '{name} is not a JSON number (only finite numbers are allowed)'),
        'long_number': pgettext('file.long_number', 'a number of {digits} digits (at most {max_digits} allowed)'),
        'out_of_range': pgettext('file.out_of_range', 'the number {number!r} is out of range (only finite numbers are allowed)'),
        'too_deep': pgettext('file.too_deep', 'JSON nested {depth} levels deep (at most {max_depth} allowed)'),
        'not_json': pgettext('file.not_json', 'not valid JSON: {reason} at line {line} column {column}'),
        'too_deep_unknown': pgettext('file.too_deep_unknown', 'JSON nested too deep (at most {max_depth} levels allowed)'),
    }


def bytes_text(n: int) -> str:
    return npgettext('count.bytes', '{n} byte', '{n} bytes', n).format(n=n)


def storage_words() -> dict[str, str]:
    """The data folder refused (storage.StorageError's code)."""
    return {
        'dangling': pgettext('storage.words.dangling', 'the data folder {path!r} is a link to {target!r}, which does not exist (set KLABBER_HOME to a folder)'),
        'a_file': pgettext('storage.words.a_file', 'the data folder {path!r} is a file, not a folder (set KLABBER_HOME to a folder)'),
        'not_made': pgettext('storage.words.not_made', 'the data folder {path!r} cannot be made: {reason}'),
        'not_written': pgettext('storage.words.not_written', 'the data folder {path!r} cannot be written: {reason}'),
        'no_lock': pgettext('storage.words.no_lock', 'cannot lock the data folder {path!r}: {reason}'),
        'not_real_folder': pgettext('storage.words.not_real_folder', '{path!r} is not a real folder inside the data folder (a link or a file); nothing is written there'),
        'finished_full': pgettext('storage.words.finished_full', 'the folder {path!r} holds too many finished matches named {base}; move some away'),
        'settings_not_kept': file_notes_words()["settings_not_kept"],
        'stats_busy': stats_file_words()["busy"],
        'deck_busy': pgettext('deck.busy', 'the mistake deck is being written by another window for too long; this change was not kept'),
    }


def note_text(note: Note) -> str:
    """A note about a file (schemas.Note) in the current language; an error among its values is worded
    by :func:`refused_text`."""
    values = {key: refused_text(value) if isinstance(value, Exception) else note_text(value)
              if isinstance(value, Note) else value for key, value in note.values.items()}
    if note.code == "refused":
        return str(values["error"])
    if note.code == "stats_dropped":
        return npgettext('count.stats_dropped', '{n} damaged entry was left out of the statistics file {path}.',
                         '{n} damaged entries were left out of the statistics file {path}.', int(values["n"])).format(**values)
    if note.code.startswith("stats_"):
        return stats_file_words()[note.code.removeprefix("stats_")].format(**values)
    if note.code == "option_dropped":  # the rules' refusal, quoted and cut short
        return file_notes_words()["option_dropped"].format(reason=shown(values["error"], 160))
    if note.code.startswith("deck_"):
        return deck_note_text(note.code, values)
    if note.code == "coach_bids_on":
        return pgettext("settings.notice.coach_bids_on",
                        "“Coach after each bid” is now on: after each of your bids the coach's verdict "
                        "appears in the deal log, and {verdict} shows why. Settings ({settings}) turn it off.").format(
                            verdict=keys.VERDICT, settings=keys.SETTINGS)
    return file_notes_words()[note.code].format(**values)


def deck_note_text(code: str, values: dict[str, Any]) -> str:
    """A note about the mistake deck's file (``mistakes``, issue 25) in the current language."""
    if code == "deck_dropped":
        return npgettext('count.deck_dropped', '{n} damaged entry was left out of the mistake deck {path}.',
                         '{n} damaged entries were left out of the mistake deck {path}.', int(values["n"])).format(**values)
    return {
        'deck_unreadable_left': pgettext('deck.unreadable.left', 'The mistake deck {path} could not be read ({error}); it is left as it is.'),
        'deck_unreadable_moved': pgettext('deck.unreadable.moved', 'The mistake deck {path} could not be read ({error}); it was moved aside to {name} and the deck starts again.'),
        'deck_newer': pgettext('deck.newer', 'The mistake deck {path} was written by a newer klabber ({found}; this one writes {current}): it is shown, but nothing is changed in it.'),
        'deck_unreadable': pgettext('deck.unreadable', 'The mistake deck cannot be read: {error}'),
        'deck_damaged_kept': pgettext('deck.damaged_kept', 'The file as it was is kept as {name}.'),
    }[code].format(**values)


def notes_text(notes: Sequence[Note]) -> str | None:
    """Notes as one message (the statistics' and the mistake deck's), or None when there are none."""
    return " ".join(note_text(note) for note in notes) or None


def refused_text(error: BaseException) -> str:
    """A file, document, record, rule option or data folder refused, as one line in the current language:
    worded from the error's code (FileRefused, Unreadable, RecordError, RuleError, StorageError); any other error is
    already a sentence (the system's own, or one worded here)."""
    if isinstance(error, StorageError):
        detail = dict(error.detail)
        if "error" in detail:
            detail["reason"] = os_reason(detail.pop("error"))
        return storage_words()[error.code].format(**detail)
    if isinstance(error, (RecordError, RuleError)):
        return record_refusal_text(error.code, error.detail)
    if isinstance(error, Unreadable):
        detail = dict(error.detail)
        if "value" in detail:
            detail["value"] = shown(detail["value"])
        return file_notes_words()[error.code].format(**detail)
    if not isinstance(error, FileRefused):
        return str(error) or type(error).__name__
    args = dict(error.detail)
    if error.code == "too_large":
        args["size"] = bytes_text(args["size"])
    elif error.code == "grew_too_large":
        args["limit"] = bytes_text(args["limit"])
    elif error.code == "cannot_read":
        args["reason"] = os_reason(args.pop("error"))
    elif error.code == "not_json":
        args["reason"] = json_reason(args["reason"])
    line = file_refusals_words()[error.code].format(**args)
    return line if error.path is None else f"{str(error.path)!r}: {line}"


# A record refused (engine.record.RecordError's code and detail, issues 12 and 23), worded from its code
# in every language. Each English message is the engine's own line word for word, because deal-record.md
# makes that line the contract of ``klabber replay`` (tests/test_record_codes.py checks them equal).
# Keys, values, seats and actions are quoted as the record writes them.


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


def record_refusal_text(code: str, detail: dict[str, Any]) -> str:
    """A refused record (``RecordError``'s code and detail) as one line in the current language."""
    if code == "illegal_action":
        return pgettext('record.refusal.illegal_action', 'actions[{index}] [{seat}, {action}]: {reason}').format(
            index=detail["index"], seat=repr(str(detail["seat"])), action=repr(detail["action"]),
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
            key=repr(detail["key"]), reason=card_refusal_text(detail["value"]))
    args = {key: repr(value) for key, value in detail.items()}
    if isinstance(detail.get("allowed"), (tuple, list)):
        args["allowed"] = ", ".join(map(str, detail["allowed"]))
    if code == "unknown_key" and "seat" in detail:  # a hand's key, quoted as the engine quotes it
        return pgettext('record.refusal.unknown_hand_key', "unknown key {key}: a hand has 'first' and 'extra'").format(
            key=f"'{detail['key']}'")
    if code == "missing_first":
        return pgettext('record.refusal.missing_first', "missing key {key}: the {seat}'s first six cards").format(
            key=f"'{detail['key']}'", seat=seat_lower_words()[str(detail["seat"])])
    if code == "wrong_format":
        args["allowed"] = repr(detail["allowed"][0])
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
    return repr(value)


def card_refusal_text(value: object) -> str:
    """Why a card in a record is none (engine.cards.parse_card's two reasons)."""
    if not isinstance(value, str):
        return pgettext('record.refusal.card_not_text', "a card must be a string such as 'TD', not {value}").format(
            value=repr(value))
    return pgettext('record.refusal.unknown_card', "unknown card {value}: a card is a rank 7 8 9 T J Q K A (or 10) "
                    "followed by a suit C D H S (or ♣ ♦ ♥ ♠), such as 'TD'").format(value=repr(value))


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
    action = repr(detail["action"])
    if code == "deal_over":
        return pgettext('record.refusal.action.deal_over', '{action} is not allowed: the deal is over').format(action=action)
    seat = seat_lower_words().get(str(detail.get("seat")), "")
    if code == "extra_unknown":
        return pgettext('record.refusal.action.extra_unknown', "the {seat} may not {action} here: it fixes the trump, and "
                        "the extra deal that follows is unknown (the record needs 'extra' for both seats)").format(
            seat=seat, action=action)
    why = detail.get("why")
    if code == "not_an_action" and why in not_an_action_words():
        return not_an_action_words()[why].format(action=action, word=repr(detail.get("word")))
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
                value=repr(detail["word"]))
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


# ---------------------------------------------------------------------------------------------
# The game's screens (klabber play). Screens only arrange these words.

def player_words() -> dict[bool, tuple[str, ...]]:
    return {
        False: (
            pgettext('player.you', 'You'),
            pgettext('player.bot', 'Bot'),
        ),
        True: (
            pgettext('player.bot_one', 'Bot 1'),
            pgettext('player.bot_two', 'Bot 2'),
        ),
    }


def player_named_words() -> dict[bool, tuple[str, ...]]:
    return {
        False: (
            pgettext('player.in_sentence.you', 'you'),
            pgettext('player.in_sentence.bot', 'bot'),
        ),
        True: (
            pgettext('player.in_sentence.bot_one', 'Bot 1'),
            pgettext('player.in_sentence.bot_two', 'Bot 2'),
        ),
    }


def player_short_words() -> dict[bool, tuple[str, ...]]:
    return {
        False: (
            pgettext('player.short.you', 'Y'),
            pgettext('player.short.bot', 'B'),
        ),
        True: (
            '1',
            '2',
        ),
    }


# Who sits at the table is worded from the table's own flag, given where the words are made (issue 23):
# ``watching`` (``--watch``, two bots play) makes nobody "you", but Bot 1 and Bot 2 (issue 13).

def you_word(*, watching: bool = False) -> str:
    """The player at the table in words: "You", or "Bot 1" when two bots play."""
    return player_words()[watching][0]


def bot_word(*, watching: bool = False) -> str:
    """The other player in words: "Bot", or "Bot 2" when two bots play."""
    return player_words()[watching][1]




def shown_name(name: str) -> str:
    """A stored name as the player reads it: the role in the current language, a bot's level in words,
    a name given with --name as it is."""
    if name == PLAYER_ROLE or name in LEGACY_PLAYER_NAMES:
        return you_word()
    return level_text(name)


def players_text(names: tuple[str, str]) -> str:
    """The two players of a match as the player reads them: "You v mc:normal", «Вы — средний»."""
    return pgettext("match.players", "{a} v {b}").format(a=shown_name(names[0]), b=shown_name(names[1]))


def named(is_you: bool, *, watching: bool = False) -> str:
    """``who`` inside a sentence: "you" and "bot" in lower case; Bot 1 and Bot 2 keep their capitals."""
    return player_named_words()[watching][0 if is_you else 1]


def who_short(is_you: bool, *, watching: bool = False) -> str:
    """One letter for a player in the score sheet: Y and B, or 1 and 2 when watching."""
    return player_short_words()[watching][0 if is_you else 1]


def area_words() -> dict[str, str]:
    return {
        'talon': pgettext('area.talon', 'Talon'),
        'turn_up': pgettext('area.turn_up', 'Turn-up'),
        'bottom': pgettext('area.bottom', 'Bottom'),
        'trick': pgettext('area.trick', 'Trick'),
        'last_trick': pgettext('area.last_trick', 'Last trick'),
        'hand': pgettext('area.hand', 'Your hand'),
        'score': pgettext('area.score', 'Score'),
        'log': pgettext('area.log', 'Log'),
        'trump': pgettext('area.trump', 'Trump'),
        'maker': pgettext('area.maker', 'Maker'),
        'maker_inline': pgettext('area.maker_inline', 'maker'),
        'dealer': pgettext('area.dealer', 'Dealer'),
        'to_act': pgettext('area.to_act', 'To act'),
        'deal': pgettext('area.deal', 'Deal'),
        'target': pgettext('area.target', 'Target'),
        'none': '—',
    }


CARD_BACK = "▒▒▒"
MINI_BACK = "▮"

def button_labels_words() -> dict[str, str]:
    """Each button names its key, the one its binding uses (klabber_tui/words/keys.py)."""
    return {
        'take': pgettext('button.take', 'Take ({key})').format(key=keys.TAKE),
        'pass': pgettext('button.pass', 'Pass ({key})').format(key=keys.PASS),
        'schmeiss': pgettext('button.schmeiss', 'Schmeiss ({key})').format(key=keys.SCHMEISS),
        'yes': pgettext('button.yes', 'Yes ({key})').format(key=keys.YES),
        'no': pgettext('button.no', 'No ({key})').format(key=keys.NO),
        'exchange': pgettext('button.exchange', 'Exchange ({key})').format(key=keys.EXCHANGE),
        'continue': pgettext('button.continue', 'Continue ({key})').format(key=keys.name(keys.GO_ON)),
        'new_match': pgettext('button.new_match', 'New match ({key})').format(key=keys.NEW_MATCH),
        'quit': pgettext('button.quit', 'Quit ({key})').format(key=keys.QUIT),
        'save': pgettext('button.save', 'Save'),
        'cancel': pgettext('button.cancel', 'Cancel'),
        'close': pgettext('button.close', 'Close ({key})').format(key=keys.name(keys.CLOSE)),
        'coach_close': pgettext('button.coach_close', '{key} or {close} closes · {scroll} scroll').format(
            key=keys.COACH, close=keys.name(keys.CLOSE), scroll=keys.names(*keys.SCROLL[:2])),
    }



# Issue 13: a refusal in the table's own notation (10♣, ♥ hearts), from IllegalAction's code and detail.
def refusals_words() -> dict[str, str]:
    return {
        'not_your_turn': pgettext('refusal.not_your_turn', 'Wait: it is not your turn.'),
        'must_follow': pgettext('refusal.must_follow', '{card} cannot be played: follow suit, {suit} ({led} was led).'),
        'must_overtake': pgettext('refusal.must_overtake', '{card} cannot be played: beat {led} if you can.'),
        'must_trump': pgettext('refusal.must_trump', '{card} cannot be played: you have no {suit}, so play a trump ({trump}).'),
        'not_in_hand': pgettext('refusal.not_in_hand', '{card} is not in your hand.'),
        'bella_no_score': pgettext('refusal.bella_no_score', 'Bella does not score on {card}.'),
        'turn_up_suit': pgettext('refusal.turn_up_suit', 'In round two the turn-up suit, {suit}, cannot be named.'),
        'no_schmeiss': pgettext('refusal.no_schmeiss', 'Schmeiss is not allowed under these rules.'),
        'bidding_over': pgettext('refusal.bidding_over', 'The bidding is over: play a card.'),
        'bidding_not_over': pgettext('refusal.bidding_not_over', 'No card can be played during the bidding.'),
        'exchange_closed': pgettext('refusal.exchange_closed', 'The dix cannot be exchanged now.'),
    }


def allowed_words() -> dict[str, str]:
    return {
        'name': pgettext('allowed.name', 'name {suit} ({key})'),
        'take': pgettext('allowed.take', 'take ({key})').format(key=keys.TAKE),
        'pass': pgettext('allowed.pass', 'pass ({key})').format(key=keys.PASS),
        'schmeiss': pgettext('allowed.schmeiss', 'schmeiss ({key})').format(key=keys.SCHMEISS),
        'accept': pgettext('allowed.accept', 'accept ({key})').format(key=keys.YES),
        'refuse': pgettext('allowed.refuse', 'refuse ({key})').format(key=keys.NO),
        'exchange': pgettext('allowed.exchange', 'exchange the dix ({key})').format(key=keys.EXCHANGE),
    }



def prompts_words() -> dict[str, str]:
    return {
        'schmeiss_answer': pgettext('prompt.schmeiss_answer', '{who} says schmeiss: throw the deal in? {yes} = accept, {no} = refuse{refuse_hint}.'),
        'refuse_maker': pgettext('prompt.refuse_maker', ' (then {suit} is trump and {who} is the maker)'),
        'refuse_names': pgettext('prompt.refuse_names', ' (then you name the trump)'),
        'naming': pgettext('prompt.naming', 'Name the trump: {suits}.'),
        'play_lead': pgettext('prompt.play_lead', 'Your lead: play a card ({cards}, or arrows and {choose}).'),
        'play_follow': pgettext('prompt.play_follow', 'Your turn: answer {card} ({cards}, or arrows and {choose}).'),
        'exchange': pgettext('prompt.exchange', 'You hold the dix: {exchange} exchanges it for {card}.'),
        'bot_said': '{who}: {words}',
        'bella': pgettext('prompt.bella', 'Announce bella with {card}? {yes} / {no} ({choose} = yes)'),
    }


def prompt_text(name: str, **args: object) -> str:
    """A prompt of the table (``prompts_words``) with the keys it names filled in from klabber_tui/words/keys.py
    (issue 23: a key is an argument, never spelled in the words), and the caller's ``args``."""
    return prompts_words()[name].format(yes=keys.YES, no=keys.NO, choose=keys.name(keys.CHOOSE),
                                        suits=" ".join(keys.SUITS), exchange=keys.EXCHANGE,
                                        go_on=keys.name(keys.GO_ON), **args)


def bidding_prompt(round_two: bool, turn_up: int, schmeiss: bool) -> str:
    """What the player may say in a round of the bidding, as one sentence (the last choice after "or")."""
    bid_keys = {"take": keys.TAKE, "pass_": keys.PASS, "schmeiss": keys.SCHMEISS, "suits": " ".join(keys.SUITS)}
    if round_two:
        suit = suit_text_of(turn_up)
        if schmeiss:
            return pgettext("prompt.round_two.schmeiss",
                            "Round two: name a suit ({suits}, not {suit}), pass ({pass_}) or schmeiss ({schmeiss})."
                            ).format(suit=suit, **bid_keys)
        return pgettext("prompt.round_two", "Round two: name a suit ({suits}, not {suit}) or pass ({pass_}).").format(
            suit=suit, **bid_keys)
    suit = suit_text(turn_up)
    if schmeiss:
        return pgettext("prompt.round_one.schmeiss",
                        "Round one: take the turn-up suit {suit} ({take}), pass ({pass_}) or schmeiss ({schmeiss})."
                        ).format(suit=suit, **bid_keys)
    return pgettext("prompt.round_one", "Round one: take the turn-up suit {suit} ({take}) or pass ({pass_}).").format(
        suit=suit, **bid_keys)


def hold_prompt(winner_you: bool, points: int, wait: bool, *, watching: bool = False) -> str:
    """Who won the trick just played, addressed to the player when it is his; ``wait``: Enter goes on."""
    if winner_you and not watching:
        if wait:
            return pgettext("prompt.hold.you", "You win the trick ({points}). Press {key} to go on.").format(
                points=points, key=keys.name(keys.CHOOSE))
        return pgettext("prompt.hold_auto.you", "You win the trick ({points}).").format(points=points)
    if wait:
        return pgettext("prompt.hold.other", "{who} wins the trick ({points}). Press {key} to go on.").format(
            who=who(winner_you, watching=watching), points=points, key=keys.name(keys.CHOOSE))
    return pgettext("prompt.hold_auto.other", "{who} wins the trick ({points}).").format(
        who=who(winner_you, watching=watching), points=points)




def refusal_text(code: str, detail: dict[str, Any]) -> str:
    """Why the rules refuse a move and what they allow, in the table's notation (never record syntax)."""
    words: dict[str, str] = {}
    for key in ("card", "led"):
        if isinstance(detail.get(key), int):
            words[key] = card_text(detail[key])
    for key in ("suit", "trump"):
        if isinstance(detail.get(key), int):
            words[key] = suit_text(detail[key])
    line = refusals_words().get(code, pgettext('refusal.other', 'That is not allowed now.')).format(**words)
    allowed: list[Action] = list(detail.get("allowed", ()))
    plays = sorted_cards(mask_of({m.card for m in allowed if m.card is not None}),
                         detail.get("trump"))  # in the order the hand shows them
    if plays:
        return line + pgettext('refusal.plays', ' You may play: {cards}.').format(cards=" ".join(card_text(c) for c in plays))
    if not allowed or code == "not_your_turn":
        return line
    return line + pgettext('refusal.bids', ' You may: {words}.').format(words=", ".join(allowed_text(a) for a in allowed))


def allowed_text(move: Action) -> str:
    """A move the player may make, with its key: "take (t)", "name ♥ hearts (h)"."""
    if move.kind == "name" and move.suit is not None:
        return allowed_words()["name"].format(suit=suit_text(move.suit), key=keys.SUITS[move.suit])
    return allowed_words().get(move.kind, str(move))


def hand_caption(name: str, watching: bool) -> str:
    """Over player 0's hand: the bot's name when watching, else "Your hand" with a name given by --name."""
    if watching:
        return name
    return area_words()["hand"] if name == PLAYER_ROLE or name in LEGACY_PLAYER_NAMES else f"{area_words()['hand']} ({name})"


def who(is_you: bool, *, watching: bool = False) -> str:
    return you_word(watching=watching) if is_you else bot_word(watching=watching)


def info_lines(deal_no: int, target: int, dealer_you: bool, to_act: str | None, trump: str, maker: str,
               stage: str, *, watching: bool = False) -> tuple[str, str]:
    first = f"{area_words()['deal']} {deal_no} · {stage_words().get(stage, stage)} · {area_words()['dealer']}: {who(dealer_you, watching=watching)}"
    act = to_act if to_act is not None else area_words()["none"]
    second = f"{area_words()['trump']}: {trump} ({area_words()['maker_inline']}: {maker}) · {area_words()['to_act']}: {act}"
    return first, second


def table_lines_words() -> dict[str, str]:
    return {
        'opponent': '{bot} ({name}): {held}',
        'known': pgettext('table.known', ' · known: {known}'),
        'deal_header.you': pgettext('table.deal_header.you', 'Deal {number}: you deal. Deck fingerprint {fingerprint}.'),
        'deal_header.other': pgettext('table.deal_header.other', 'Deal {number}: {who} deals. Deck fingerprint {fingerprint}.'),
        'trump.you': pgettext('table.trump.you', 'Trump: {suit}; maker: you.'),
        'trump.other': pgettext('table.trump.other', 'Trump: {suit}; maker: {who}.'),
        'extra_deal.you': pgettext('table.extra_deal.you', 'Extra deal: you get {cards}.'),
        'extra_deal.other': pgettext('table.extra_deal.other', 'Extra deal: {who} gets {cards}.'),
        'exchange.you': pgettext('table.exchange.you', 'You exchange the dix {dix} for {taken}.'),
        'exchange.other': pgettext('table.exchange.other', '{who}: exchanges the dix {dix} for {taken}.'),
        'sequences.you': pgettext('table.sequences.you', 'You score sequences: {runs} = {points}.'),
        'sequences.other': pgettext('table.sequences.other', '{who} scores sequences: {runs} = {points}.'),
        'trump_run': pgettext('table.trump_run', '{who}: trump run with the marriage (+{points}).'),
        'trick.you': pgettext('table.trick.you', '{a} {b}: you win {points}.'),
        'trick.other': pgettext('table.trick.other', '{a} {b}: {who} wins {points}.'),
        'draw_rule': pgettext('table.draw_rule', 'Each player draws a card; the lower card (ace high) deals first.'),
        'draw_row': '{you}: {mine}   {bot}: {bots}',
        'draw_again': pgettext('table.draw_again', ' — equal, draw again'),
        'draw_first.you': pgettext('table.draw_first.you', 'You deal first.'),
        'draw_first.other': pgettext('table.draw_first.other', '{who} deals first.'),
    }




def _person(is_you: bool, watching: bool) -> str:
    """Which form of a sentence: addressed to the player ("you win") or about a third ("Bot wins")."""
    return "you" if is_you and not watching else "other"


def _about(key: str, is_you: bool, watching: bool, *, start: bool = False, **args: object) -> str:
    """``TABLE_LINES[key]`` in the form for this player, the player named as the sentence needs."""
    name = who(is_you, watching=watching) if start else named(is_you, watching=watching)
    return table_lines_words()[f"{key}.{_person(is_you, watching)}"].format(who=name, **args)


def opponent_line(name: str, count: int, known: str, *, watching: bool = False) -> str:
    backs = MINI_BACK * count
    held = f"{backs} {npgettext('count.cards', '{n} card', '{n} cards', count).format(n=count)}" if backs else npgettext('count.cards', '{n} card', '{n} cards', count).format(n=count)  # no backs: no gap before "0 cards"
    line = table_lines_words()["opponent"].format(bot=bot_word(watching=watching), name=level_text(name), held=held)
    if known:
        line += table_lines_words()["known"].format(known=known)
    return line


def deal_header(number: int, fingerprint: str, dealer_you: bool, *, watching: bool = False) -> str:
    return _about("deal_header", dealer_you, watching, number=number, fingerprint=fingerprint)


def log_line(event: Event, you_seat: str, *, watching: bool = False) -> str | None:
    """A line of this deal's log, naming the seats You and Bot (Bot 1 and Bot 2 when ``watching``)."""
    mine = event.seat == you_seat
    name = who(mine, watching=watching) if event.seat else ""
    data = event.data
    lines = table_lines_words()
    if isinstance(data, BidSaid):
        return events_words()["line"].format(who=name, words=action_text(data.action))
    if isinstance(data, TrumpFixed):
        return _about("trump", mine, watching, suit=suit_text(data.suit))
    if isinstance(data, ExtraDealt):
        return _about("extra_deal", mine, watching, cards=" ".join(card_text(c) for c in data.cards))
    if isinstance(data, DixExchanged):
        return _about("exchange", mine, watching, start=True, dix=card_text(data.dix),
                      taken=card_text(data.taken))
    if isinstance(data, DialogueSaid):
        return events_words()["line"].format(who=name, words=dialogue_text(data.word, data.arg))
    if isinstance(data, SequencesScored):
        runs = ", ".join(cards_text(m) for m in data.runs)
        return _about("sequences", mine, watching, start=True, runs=runs, points=data.points)
    if isinstance(data, PointsScored):
        if event.kind == "bella":
            return events_words()["bella"].format(who=name, points=data.points)
        return lines["trump_run"].format(who=name, points=data.points)
    if isinstance(data, TrickTaken):
        a, b = data.cards
        return _about("trick", mine, watching, a=card_text(a), b=card_text(b), points=data.points)
    if isinstance(data, CardPlayed):
        return None
    return event_text(event)


def draw_text(draws: tuple[tuple[int, int], ...], first_dealer_you: bool, *, watching: bool = False) -> str:
    lines = [table_lines_words()["draw_rule"]]
    for k, (mine, bots) in enumerate(draws, start=1):
        again = table_lines_words()["draw_again"] if k < len(draws) else ""
        lines.append(table_lines_words()["draw_row"].format(you=you_word(watching=watching), mine=card_text(mine), bot=bot_word(watching=watching),
                                                       bots=card_text(bots)) + again)
    lines.append(_about("draw_first", first_dealer_you, watching, start=True))
    return "\n".join(lines)



def summary_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('summary.column.cards', 'cards'),
        pgettext('summary.column.last_trick', 'last trick'),
        pgettext('summary.column.sequences', 'sequences'),
        pgettext('summary.column.bella', 'bella'),
        pgettext('summary.column.total', 'total'),
        pgettext('summary.column.scored', 'scored'),
    )


def summary_rule_words() -> dict[str, str]:
    return {
        'made': pgettext('summary.rule.made', 'The maker has more: each side scores its own total.'),
        'tie': pgettext('summary.rule.tie', 'A tie: the maker scores nothing, the opponent his own total.'),
        'bust': pgettext('summary.rule.bust', 'The maker has less (bust): he scores nothing, the opponent both totals.'),
        'thrown_in': pgettext('summary.rule.thrown_in', 'Nothing is scored.'),
    }




def score_heads_words() -> tuple[str, ...]:
    return (
        pgettext('score.column.dealer', 'D'),
        pgettext('score.column.trump', 'T'),
        pgettext('score.column.maker', 'M'),
        pgettext('score.column.result', 'Res'),
    )




def score_columns(*, watching: bool = False) -> tuple[str, ...]:
    """Deal, dealer, trump, maker, result, then each side's points."""
    return ("#", *score_heads_words(), you_word(watching=watching), bot_word(watching=watching))
def score_outcome_words() -> dict[str, str]:
    return {
        'made': pgettext('score.outcome.made', 'made'),
        'tie': pgettext('score.outcome.tie', 'tie'),
        'bust': pgettext('score.outcome.bust', 'bust'),
        'thrown_in': pgettext('score.outcome.thrown_in', 'throw'),
    }


SCORE_CELL = "+{points} {total}"  # this deal's points, then the running total

def pace_words() -> dict[str, str]:
    return {
        'key': pgettext('pace.words.wait_for_a_key', 'wait for a key'),
        '0.5': pgettext('pace.words.half_a_second', 'half a second'),
        '1': pgettext('pace.words.one_second', 'one second'),
        '2': pgettext('pace.words.two_seconds', 'two seconds'),
    }


def level_words() -> dict[str, str]:
    return {
        'beginner': pgettext('level.words.beginner', "beginner (makes a newcomer's mistakes)"),
        'easy': pgettext('level.words.easy', 'mc:easy'),
        'normal': pgettext('level.words.normal', 'mc:normal'),
        'hard': pgettext('level.words.hard', 'mc:hard'),
        'greedy': pgettext('level.words.greedy', 'greedy (fast)'),
        'random': pgettext('level.words.random', 'random'),
    }



def help_words() -> dict[str, str]:
    return {
        'header': pgettext('help.words.header', '| option | value | what it means |'),
        'schmeiss': pgettext('help.words.schmeiss', ', or say *schmeiss* (offer to throw the deal in)'),
        'yes': pgettext('help.words.yes', 'yes'),
        'no': pgettext('help.words.no', 'no'),
    }



def option_help_words() -> dict[str, dict[object, str]]:
    return {
        'schmeiss': {
            'none': pgettext('option.help.schmeiss.none', 'There is no schmeiss.'),
            'round_one': pgettext('option.help.schmeiss.round_one', 'Either player may say schmeiss in round one instead of taking or passing.'),
            'both_rounds': pgettext('option.help.schmeiss.both_rounds', 'Either player may say schmeiss in round one; the elder also in round two, where it counts as a pass.'),
        },
        'schmeiss_refused': {
            'schmeisser_makes': pgettext('option.help.schmeiss_refused.schmeisser_makes', 'A refused schmeiss makes the turn-up suit trump, the schmeisser the maker.'),
            'refuser_names': pgettext('option.help.schmeiss_refused.refuser_names', 'Whoever refuses a schmeiss must name the trump (any suit) and is the maker.'),
        },
        'redeal_dealer': {
            'same': pgettext('option.help.redeal_dealer.same', 'After a thrown-in deal the same player deals again.'),
            'other': pgettext('option.help.redeal_dealer.other', 'After a thrown-in deal the other player deals.'),
        },
        'dix_exchange': {
            'turn_up_trump': pgettext('option.help.dix_exchange.turn_up_trump', 'The holder of the trump 7 (the dix) may swap it for the turn-up when the turn-up suit is trump.'),
            'any_trump': pgettext('option.help.dix_exchange.any_trump', 'The holder of the trump 7 (the dix) may swap it for the turn-up whatever the trump.'),
        },
        'dix_deadline': {
            'first_lead': pgettext('option.help.dix_deadline.first_lead', 'The exchange must be made before the first lead.'),
            'own_first_card': pgettext('option.help.dix_deadline.own_first_card', 'The exchange must be made before the holder plays his first card.'),
            'first_trick': pgettext('option.help.dix_deadline.first_trick', 'The exchange must be made before the first trick is complete.'),
            'last_card': pgettext('option.help.dix_deadline.last_card', 'The exchange may be made as long as the holder still has the dix.'),
        },
        'trump_sequence_order': {
            'natural': pgettext('option.help.trump_sequence_order.natural', 'Sequences run A K Q J 10 9 8 7 in every suit.'),
            'trump': pgettext('option.help.trump_sequence_order.trump', 'In trumps, sequences follow trump order J 9 A 10 K Q 8 7.'),
        },
        'longer_sequence_wins': {
            True: pgettext('option.help.longer_sequence_wins.yes', 'Between two fifties the longer run wins.'),
            False: pgettext('option.help.longer_sequence_wins.no', 'A longer run of four or more is worth no more than a run of four.'),
        },
        'compare_top_card': {
            True: pgettext('option.help.compare_top_card.yes', 'Equal sequences are compared by their top card.'),
            False: pgettext('option.help.compare_top_card.no', 'Top cards are not compared.'),
        },
        'sequence_final_tie': {
            'nobody': pgettext('option.help.sequence_final_tie.nobody', 'Sequences equal in every way: nobody scores them.'),
            'elder': pgettext('option.help.sequence_final_tie.elder', 'Sequences equal in every way: the elder hand scores.'),
        },
        'bella_order': {
            'queen_first': pgettext('option.help.bella_order.queen_first', 'Bella (trump K and Q, 20) scores when the queen is played while the king is held.'),
            'either': pgettext('option.help.bella_order.either', 'Bella (trump K and Q, 20) scores when the second of the pair is played.'),
        },
        'bella_announce': {
            'required': pgettext('option.help.bella_announce.required', 'Bella must be announced as it is played, or it does not score.'),
            'automatic': pgettext('option.help.bella_announce.automatic', 'Bella scores without being announced.'),
        },
        'trump_run_with_marriage': {
            True: pgettext('option.help.trump_run_with_marriage.yes', 'Trump K, Q and J held together also score as a trump run (20, or 50 in a run of four).'),
            False: pgettext('option.help.trump_run_with_marriage.no', 'No extra trump run with the marriage.'),
        },
        'must_overtake': {
            'none': pgettext('option.help.must_overtake.none', 'Follow suit if you can, else trump if you can, else any card.'),
            'trump': pgettext('option.help.must_overtake.trump', 'Follow suit if you can, and beat a trump lead if you can; void: trump if you can.'),
            'all': pgettext('option.help.must_overtake.all', 'Follow with a higher card of the suit led if you can; void: trump if you can.'),
        },
        'maker_counts_first': {
            True: pgettext('option.help.maker_counts_first.yes', "The maker's score is added first and wins if it reaches the target."),
            False: pgettext('option.help.maker_counts_first.no', 'When both pass the target in one deal, the higher total wins.'),
        },
    }




def help_keys_words() -> tuple[tuple[str, str], ...]:
    """The help page's keys (assets/help.md's ``{keys}``): each key as klabber_tui/words/keys.py binds it, and
    what it does, in words that take any key they name as an argument."""
    return (
        (keys.card_range(len(keys.CARDS)), pgettext('help.key.play_card', 'play that card of your hand')),
        (keys.names(keys.LEFT, keys.RIGHT, keys.CHOOSE), pgettext('help.key.choose_card', 'choose a card and play it')),
        (keys.names(keys.TAKE, keys.PASS, keys.SCHMEISS, between=" / "), pgettext('help.key.bids', 'take, pass, schmeiss')),
        (keys.names(keys.YES, keys.NO, between=" / "), pgettext('help.key.answer', 'answer a question (schmeiss, bella)')),
        (keys.names(*keys.SUITS), pgettext('help.key.name_suit', 'name clubs, diamonds, hearts, spades')),
        (keys.EXCHANGE, pgettext('help.key.exchange', 'exchange the dix for the turn-up')),
        (keys.LAST_TRICK, pgettext('help.key.last_trick', 'show the last trick')),
        (keys.UNDO, pgettext('help.key.undo', "undo your last decision and the bot's answer (the match counts as practice)")),
        (keys.SETTINGS, pgettext('help.key.settings', 'settings')),
        (keys.name(keys.HELP), pgettext('help.key.help', 'this help')),
        (keys.QUIT, pgettext('help.key.quit', 'quit (mid-match it asks first); the match is saved and resumes where you left it')),
        (keys.QUIT_NOW, pgettext('help.key.quit_now', 'quit at once, from any screen')),
        (keys.COACH, pgettext('help.key.coach', "the coach: the bot's value of every choice you have now ({key} or {close} "
                                                "closes it)").format(key=keys.COACH, close=keys.name(keys.CLOSE))),
        (keys.REVIEW, pgettext('help.key.review', 'review the last finished deal: all the cards and the cost of each of your choices')),
        (keys.STATS, pgettext('help.key.stats', 'your statistics: matches, deals as maker, decisions against the bot')),
        (keys.VERDICT, pgettext('help.key.verdict', "the coach's verdict on your last bid, with why; “Coach after each bid” (on "
                                                    "unless turned off in the settings, {settings}) writes each verdict in the "
                                                    "deal log").format(settings=keys.SETTINGS)),
    )




# The rule options and their values in words (the rules page, help and settings); what a record or the
# command line says stays the option's own name and value (``schmeiss``, ``both_rounds``).
def option_titles_words() -> dict[str, str]:
    return {
        'schmeiss': pgettext('option.title.schmeiss', 'schmeiss'),
        'schmeiss_refused': pgettext('option.title.schmeiss_refused', 'refused schmeiss'),
        'redeal_dealer': pgettext('option.title.redeal_dealer', 'dealer after a throw-in'),
        'dix_exchange': pgettext('option.title.dix_exchange', 'dix exchange'),
        'dix_deadline': pgettext('option.title.dix_deadline', 'dix deadline'),
        'trump_sequence_order': pgettext('option.title.trump_sequence_order', 'sequence order in trumps'),
        'longer_sequence_wins': pgettext('option.title.longer_sequence_wins', 'longer sequence wins'),
        'compare_top_card': pgettext('option.title.compare_top_card', 'compare top cards'),
        'sequence_final_tie': pgettext('option.title.sequence_final_tie', 'equal sequences'),
        'bella_order': pgettext('option.title.bella_order', 'bella order'),
        'bella_announce': pgettext('option.title.bella_announce', 'bella announced'),
        'trump_run_with_marriage': pgettext('option.title.trump_run_with_marriage', 'trump run with the marriage'),
        'must_overtake': pgettext('option.title.must_overtake', 'must overtake'),
        'target': pgettext('option.title.target', 'target'),
        'maker_counts_first': pgettext('option.title.maker_counts_first', 'maker counts first'),
    }


def option_value_words() -> dict[str, dict[str, str]]:
    return {
        'schmeiss': {
            'none': pgettext('option.value.schmeiss.none', 'none'),
            'round_one': pgettext('option.value.schmeiss.round_one', 'round one'),
            'both_rounds': pgettext('option.value.schmeiss.both_rounds', 'both rounds'),
        },
        'schmeiss_refused': {
            'schmeisser_makes': pgettext('option.value.schmeiss_refused.schmeisser_makes', 'schmeisser makes'),
            'refuser_names': pgettext('option.value.schmeiss_refused.refuser_names', 'refuser names'),
        },
        'redeal_dealer': {
            'same': pgettext('option.value.redeal_dealer.same', 'same'),
            'other': pgettext('option.value.redeal_dealer.other', 'other'),
        },
        'dix_exchange': {
            'turn_up_trump': pgettext('option.value.dix_exchange.turn_up_trump', 'turn up trump'),
            'any_trump': pgettext('option.value.dix_exchange.any_trump', 'any trump'),
        },
        'dix_deadline': {
            'first_lead': pgettext('option.value.dix_deadline.first_lead', 'first lead'),
            'own_first_card': pgettext('option.value.dix_deadline.own_first_card', 'own first card'),
            'first_trick': pgettext('option.value.dix_deadline.first_trick', 'first trick'),
            'last_card': pgettext('option.value.dix_deadline.last_card', 'last card'),
        },
        'trump_sequence_order': {
            'natural': pgettext('option.value.trump_sequence_order.natural', 'natural'),
            'trump': pgettext('option.value.trump_sequence_order.trump', 'trump'),
        },
        'sequence_final_tie': {
            'nobody': pgettext('option.value.sequence_final_tie.nobody', 'nobody'),
            'elder': pgettext('option.value.sequence_final_tie.elder', 'elder'),
        },
        'bella_order': {
            'queen_first': pgettext('option.value.bella_order.queen_first', 'queen first'),
            'either': pgettext('option.value.bella_order.either', 'either'),
        },
        'bella_announce': {
            'required': pgettext('option.value.bella_announce.required', 'required'),
            'automatic': pgettext('option.value.bella_announce.automatic', 'automatic'),
        },
        'must_overtake': {
            'none': pgettext('option.value.must_overtake.none', 'none'),
            'trump': pgettext('option.value.must_overtake.trump', 'trump'),
            'all': pgettext('option.value.must_overtake.all', 'all'),
        },
    }




def option_value_text(value: object, option: str = "") -> str:
    """A rule option's value in words: yes/no, or the option's word for it ("both rounds")."""
    if isinstance(value, bool):
        return str(help_words()["yes" if value else "no"])
    words = option_value_words().get(option, {})
    return str(words.get(str(value), str(value).replace("_", " ")))


def option_name(option: str) -> str:
    """A rule option by its name in words, in the current language ("must overtake", «обязанность перебить»)."""
    return str(option_titles_words().get(option, option))


def option_title(option: str) -> str:
    """A rule option by its name in words, with the name a record uses: "must overtake (`must_overtake`)"."""
    return str('{title} (`{option}`)'.format(title=option_titles_words().get(option, option), option=option))


# ---------------------------------------------------------------------------------------------
# The coach and the deal review (issue 5): klabber_tui/ui/screens/coach.py, screens/review.py and
# ``klabber replay --review``. Only words and their arrangement into strings live here.


COACH_BEST_MARK = "★"
def coach_good_words() -> dict[str, str]:
    return {
        'bid': pgettext('coach.good.bid', 'Good bid.'),
        'card': pgettext('coach.good.card', 'Good card.'),
    }


# ``klabber bench`` as text (its --json keeps the figures' own keys).
def bench_words() -> dict[str, str]:
    return {
        'playouts': pgettext('bench.words.playouts', 'Playouts per second: {n}'),
        'solve': pgettext('bench.words.solve', 'Solving a position with every card known: {ms[mean]} ms on average, 95% within {ms[p95]} ms'),
        'decision': pgettext('bench.words.decision', '{level}: a card in {card[median]} ms (95% within {card[p95]}, at most {card[max]}), a bid in {bid[median]} ms (95% within {bid[p95]}, at most {bid[max]})'),
        'cold_start': pgettext('bench.words.cold_start', 'First decision after start: {ms} ms'),
        'memory': pgettext('bench.words.memory', 'Peak memory: {mb} MB'),
        'cpus': pgettext('bench.words.cpus', 'CPU cores usable: {n}'),
        'verdict_cold': pgettext('bench.words.verdict_cold', 'Coach after each bid at {level}, evaluated from the bid: {ms[median]} ms (95% within {ms[p95]}, at most {ms[max]})'),
        'verdict_ahead': pgettext('bench.words.verdict_ahead', 'Coach after each bid at {level}, evaluated while the player thinks {think} s: {ms[median]} ms left after the bid (95% within {ms[p95]}, at most {ms[max]})'),
    }


# Issue 11: "Coach after each bid" writes its verdict into the deal log under the bid; v opens it.
# The number is the expected points the bid gives up against the best one.
def coach_log_words() -> dict[str, str]:
    return {
        'best': pgettext('coach.log.best', 'Coach: “{chosen}” is the best choice ({key}: why)'),
        'even': pgettext('coach.log.even', 'Coach: “{chosen}” is as good as “{best}” ({key}: why)'),
        'close': pgettext('coach.log.close', 'Coach: “{chosen}”, −{loss:.0f} against “{best}”, within the noise ({key}: why)'),
        'mistake': pgettext('coach.log.mistake', 'Coach: “{chosen}” is a mistake, −{loss:.0f} against “{best}” ({key}: why)'),
    }




def coach_log_line(advice: object) -> str:
    """The verdict on a bid in one short line of the deal log; where the standing matters, with
    the deal's points and the match chances (``coach_numbers.verdict_line``)."""
    from klabber_tui.words.coach_numbers import verdict_line

    action, best_action = getattr(advice, "chosen"), getattr(advice, "best")
    chosen = coach_action_text(action, short=True)
    best = coach_action_text(best_action, short=True)
    with_match = verdict_line(advice, chosen, best)  # type: ignore[arg-type]  # an Advice, typed object here
    if with_match is not None:
        return with_match
    loss = max(0.0, getattr(advice, "loss")) + 0.0  # never a signed zero
    if getattr(advice, "mistake"):
        return coach_log_words()["mistake"].format(chosen=chosen, loss=loss, best=best, key=keys.VERDICT)
    if action != best_action:
        kind = "close" if round(loss) >= 1 else "even"  # never "−0"
        return coach_log_words()[kind].format(chosen=chosen, loss=loss, best=best, key=keys.VERDICT)
    return coach_log_words()["best"].format(chosen=chosen, key=keys.VERDICT)
# ``klabber advise`` as text (its --json keeps the record notation and English keys).
def advise_columns_words() -> tuple[str, ...]:
    """``klabber advise``'s columns (issue 24: each number under its own name)."""
    return (
        pgettext('advise.column.action', 'action'),
        pgettext('advise.column.bot_value', "bot's value"),
        pgettext('advise.column.points', 'points this deal'),
        pgettext('advise.column.error', '± error'),
        pgettext('advise.column.maker_makes', 'maker makes'),
        pgettext('advise.column.match_chance', 'match chance'),
    )



# ``klabber arena`` as text (its --json keeps the figures' own keys); bots and presets by their names.
def arena_words() -> dict[str, str]:
    return {
        'progress': pgettext('arena.words.progress', '{a} v {b} ({rules})'),
        'progress_target': pgettext('arena.words.progress_target', '{a} v {b} ({rules}, to {target})'),
        'head': pgettext('arena.words.head', '[b]{a}[/b] v [b]{b}[/b] under {rules}: {boards} ({deals}) in {seconds:.1f} s'),
        'margin': pgettext('arena.words.margin', 'margin per deal for {a}: {margin:+.2f} (95% {lo:+.2f} .. {hi:+.2f})'),
        'makers': pgettext('arena.words.makers', '{a} as maker: {a_maker}; {b} as maker: {b_maker}; thrown in: {thrown_in}'),
        'outcomes': pgettext('arena.words.outcomes', '{made} made, {tie} tie, {bust} bust'),
        'head_target': pgettext('arena.words.head_target', '[b]{a}[/b] v [b]{b}[/b] under {rules} to {target}: {matches} played twice ({played}, {deals}) in {seconds:.1f} s'),
        'wins': pgettext('arena.words.wins', 'matches won: {a} {a_wins}, {b} {b_wins}, undecided {undecided}'),
        'unknown_bot': pgettext('arena.words.unknown_bot', 'unknown bot {name!r}: the bots are {bots}, or a research bot as module:factory from a checkout (research/README.md)'),
        'no_module': pgettext('arena.words.no_module', 'bot {name!r}: the module {module!r} does not import ({error}); research bots are found from a checkout (research/README.md)'),
        'no_factory': pgettext('arena.words.no_factory', 'bot {name!r}: the module {module!r} has no {factory!r} to call without arguments'),
        'not_a_bot': pgettext('arena.words.not_a_bot', 'bot {name!r}: {factory}() gave no bot (a bot has a name, wants_exchange, and choose or choose_full)'),
        'jobs_capped': pgettext('arena.words.jobs_capped', '--jobs {jobs} capped at {usable}, the CPUs this process may use'),
    }


# ``klabber advise --score/--target`` refused (rules.md §9).
# The statistics file's troubles (klabber_tui/data/stats.py); {path} comes quoted.
def stats_file_words() -> dict[str, str]:
    return {
        'moved_to': pgettext('stats.file.words.moved_to', 'The statistics file {path} could not be read ({error}); it was moved aside to {name} and statistics start again.'),
        'moved': pgettext('stats.file.words.moved', 'The statistics file {path} could not be read ({error}); it was moved aside and statistics start again.'),
        'unreadable': pgettext('stats.file.words.unreadable', 'The statistics cannot be read: {error}'),
        'kept': pgettext('stats.file.words.kept', 'The file as it was is kept as {name}.'),
        'busy': pgettext('stats.file.words.busy', 'the statistics are being written by another window for too long; this result was not recorded'),
        'newer': pgettext('stats.file.words.newer', 'The statistics file {path} was written by a newer klabber ({found}; this one writes {current}): it is shown, but nothing is recorded in it.'),
        'not_moved': pgettext('stats.file.words.not_moved', 'The statistics file {path} could not be read ({error}); it is left as it is, and moved aside when the next result is recorded.'),
    }




# The coach's choices as its table and verdicts write them (issue 12: no English words in code).
def coach_choices_words() -> dict[str, str]:
    return {
        'name': pgettext('coach.choice.name', 'name {suit}'),
        'play': pgettext('coach.choice.play', 'play {card}'),
        'play_bella': pgettext('coach.choice.play_bella', 'play {card} + bella'),
        'short': '{card}',
        'short_bella': pgettext('coach.choice.short_bella', '{card} + bella'),
        'exchange': pgettext('coach.choice.exchange', 'exchange the dix'),
        'take': pgettext('coach.choice.take', 'take'),
        'pass': pgettext('coach.choice.pass', 'pass'),
        'schmeiss': pgettext('coach.choice.schmeiss', 'schmeiss'),
        'accept': pgettext('coach.choice.accept', 'accept (throw in)'),
        'refuse': pgettext('coach.choice.refuse', 'refuse'),
    }




def coach_action_text(move: Action, short: bool = False) -> str:
    """A choice in the coach's table: ``take``, ``name ♠ spades``, ``play 10♦``, ``play Q♥ + bella``
    (``short``: ``10♦``, ``name ♠``)."""
    if move.kind == "name" and move.suit is not None:
        suit = move.suit
        shown = SUIT_SYMBOLS[suit] if short else suit_text(suit)
        return coach_choices_words()["name"].format(suit=shown)
    if move.kind == "play" and move.card is not None:
        card = card_text(move.card)
        key = ("short" if short else "play") + ("_bella" if move.bella else "")
        return coach_choices_words()[key].format(card=card)
    return coach_choices_words().get(move.kind, str(move))


# The coach's reasons (``ai.coach.Fact``), keyed by the fact's code. Fields: {action} and {other}
# (choices, as a gerund: "taking ♠"), {suit}, {held} {unseen} {shown} (the cards the fact names),
# {points} ("20 points", PLURALS), {about} ("about 9 points"), {prob} (a percentage), {count}; a sentence
# with a number before a noun is a plural of PLURALS ("fact_sequences"). Issue 24's facts are worded in
# ``coach_words``, which ``fact_text`` asks first.
def fact_words() -> dict[str, str]:
    return {
        'jass_held': pgettext('coach.fact.jass_held', 'You hold the jass ({held})'),
        'jass_shown': pgettext('coach.fact.jass_shown', "The jass ({shown}) lies face up: it is not in the bot's hand"),
        'jass_unseen': pgettext('coach.fact.jass_unseen', 'You do not hold the jass ({unseen}); the bot may'),
        'menel_held': pgettext('coach.fact.menel_held', 'You hold the menel ({held})'),
        'menel_shown': pgettext('coach.fact.menel_shown', "The menel ({shown}) lies face up: it is not in the bot's hand"),
        'menel_unseen': pgettext('coach.fact.menel_unseen', 'You do not hold the menel ({unseen}); the bot may'),
        'bella': pgettext('coach.fact.bella', 'Bella: you hold {held}, {points} with {suit} trump'),
        'dix': pgettext('coach.fact.dix', 'You hold the dix ({held}): it exchanges for the turn-up {shown}, {points} as trump'),
        'makes': pgettext('coach.fact.makes', '{Action} makes {prob} of the time'),
        'bust_against_pass': pgettext('coach.fact.bust_against_pass', 'When it fails, you end {points} worse than by passing'),
        'bust_against_pass_none': pgettext('coach.fact.bust_against_pass_none', 'Even when it fails, you end no worse than by passing'),
        'bust': pgettext('coach.fact.bust', 'When it fails, you end about {points} behind'),
        'pass_then_name': pgettext('coach.fact.pass_then_name', 'Pass now: you can still name {suit} in round two, worth {points} more than taking'),
        'pass_then_name_worse': pgettext('coach.fact.pass_then_name_worse', 'Pass now: the best suit left to name in round two, {suit}, is worth {points} less than taking'),
        'schmeiss_answer': pgettext('coach.fact.schmeiss_answer', 'The bot accepts the schmeiss (a throw-in) in about {prob} of the hands it may hold'),
        'schmeiss_refused_you_make': pgettext('coach.fact.schmeiss_refused_you_make', 'When it refuses, you must make {suit}: you make it {prob} of the time'),
        'refuse_other_makes': pgettext('coach.fact.refuse_other_makes', 'Refusing leaves the bot to make {suit}: it makes it {prob} of the time'),
        'refuse_you_name': pgettext('coach.fact.refuse_you_name', 'Refusing: you name the trump; {suit} is the best, worth {points}'),
        'other_passed_turned': pgettext('coach.fact.other_passed_turned', 'The bot passed on {suit}: it is less likely to hold {unseen}'),
        'other_passed_turned_none': pgettext('coach.fact.other_passed_turned_none', 'The bot passed on {suit}; its top trumps are in your hand or face up'),
        'other_passed_round_two': pgettext('coach.fact.other_passed_round_two', 'The bot passed in round two: it named no suit'),
        'other_schmeissed': pgettext('coach.fact.other_schmeissed', 'The bot said schmeiss on {suit}: it offers to throw the deal in'),
        'match_win': pgettext('coach.fact.match_win', '{Action} wins the match {prob} of the time'),
        'match_loss': pgettext('coach.fact.match_loss', '{Action} loses the match {prob} of the time'),
        'wins_trick': pgettext('coach.fact.wins_trick', '{Action} wins the trick over {shown}: {points}'),
        'trumps_trick': pgettext('coach.fact.trumps_trick', '{Action} trumps the {shown}: {points}'),
        'gives_trick': pgettext('coach.fact.gives_trick', '{Action} gives the bot the trick over {shown}: {points}'),
        'gives_trick_free': pgettext('coach.fact.gives_trick_free', '{Action} gives the bot a trick that costs nothing'),
        'last_trick': pgettext('coach.fact.last_trick', 'The last trick: its winner gets {points} more'),
        'bares_ten': pgettext('coach.fact.bares_ten', '{Action} leaves your {ten} alone in its suit while {unseen} is not seen yet'),
        'bella_announced': pgettext('coach.fact.bella_announced', 'Announcing bella with {held} scores {points}'),
        'bella_silent': pgettext('coach.fact.bella_silent', 'Playing {held} without announcing bella gives up its {points}'),
        'exchange': pgettext('coach.fact.exchange', 'Exchanging the dix ({held}) brings the {shown} into your hand, {points} as trump'),
        'mistake_risky': pgettext('coach.fact.mistake_risky', 'Mistake: {action} gives up {about} against {other}: it makes only {prob} of the time'),
        'mistake_forgoes': pgettext('coach.fact.mistake_forgoes', 'Mistake: {action} gives up {about} against {other}, which makes {prob} of the time'),
        'mistake_gives_trick': pgettext('coach.fact.mistake_gives_trick', 'Mistake: {action} gives up {about} against {other}: it gives away the trick that {other} wins'),
        'mistake_beaten': pgettext('coach.fact.mistake_beaten', 'Mistake: {action} gives up {about} against {other}: the bot can beat it in about {prob} of the hands it may hold, {other} in about {count}%'),
        'mistake': pgettext('coach.fact.mistake', 'Mistake: {action} gives up {about} against {other} over the rest of the deal'),
    }


# A choice as the subject of a reason: "taking ♠", "playing 10♦"; GERUNDS_START where a sentence starts with it.
def gerunds_words() -> dict[str, str]:
    return {
        'take': pgettext('coach.gerund.take', 'taking {suit}'),
        'name': pgettext('coach.gerund.name', 'naming {suit}'),
        'pass': pgettext('coach.gerund.pass', 'passing'),
        'schmeiss': pgettext('coach.gerund.schmeiss', 'the schmeiss'),
        'accept': pgettext('coach.gerund.accept', 'accepting'),
        'refuse': pgettext('coach.gerund.refuse', 'refusing'),
        'exchange': pgettext('coach.gerund.exchange', 'exchanging the dix'),
        'play': pgettext('coach.gerund.play', 'playing {card}'),
        'play_bella': pgettext('coach.gerund.play_bella', 'playing {card} with bella'),
    }


def gerunds_start_words() -> dict[str, str]:
    return {
        'take': pgettext('coach.gerund.start.take', 'Taking {suit}'),
        'name': pgettext('coach.gerund.start.name', 'Naming {suit}'),
        'pass': pgettext('coach.gerund.start.pass', 'Passing'),
        'schmeiss': pgettext('coach.gerund.start.schmeiss', 'The schmeiss'),
        'accept': pgettext('coach.gerund.start.accept', 'Accepting'),
        'refuse': pgettext('coach.gerund.start.refuse', 'Refusing'),
        'exchange': pgettext('coach.gerund.start.exchange', 'Exchanging the dix'),
        'play': pgettext('coach.gerund.start.play', 'Playing {card}'),
        'play_bella': pgettext('coach.gerund.start.play_bella', 'Playing {card} with bella'),
    }




def points_text(value: float, digits: int = 1, sign: bool = True) -> str:
    """Points rounded to ``digits``, never ``-0.0``: a value that rounds to zero shows as zero."""
    return i18n.decimal(float(value), digits, sign=sign)


def choice_gerund(move: Action, turned: int | None = None, start: bool = False) -> str:
    """``move`` as the subject of a reason; ``turned`` is the turn-up suit a take makes trump; ``start``:
    the form that begins a sentence (GERUNDS_START)."""
    gerunds = gerunds_start_words() if start else gerunds_words()
    if move.kind == "take":
        return gerunds["take"].format(suit=SUIT_SYMBOLS[turned] if turned is not None else "").strip()
    if move.kind == "name" and move.suit is not None:
        return gerunds["name"].format(suit=SUIT_SYMBOLS[move.suit])
    if move.kind == "play" and move.card is not None:
        key = "play_bella" if move.bella else "play"
        return gerunds[key].format(card=card_text(move.card))
    return gerunds.get(move.kind, str(move))


def _runs(cards: int) -> int:
    """How many runs (rules.md §6: three or more cards in a row of one suit) the cards of a sequence fact make:
    they hold only the runs' cards, so each unbroken stretch of a suit is one run."""
    ranks = {suit: sorted(rank_of(c) for c in cards_of(cards) if suit_of(c) == suit) for suit in range(4)}
    return sum(1 for held in ranks.values() for k, rank in enumerate(held) if k == 0 or held[k - 1] != rank - 1)


# The same reasons of a decision the bot made, as the review shows them (issue 24): the seat that
# decided is "the bot" and the other is "you". Only the facts whose words name a side, in English or
# in a translation, have a wording here; the rest read the same for either side.
def bot_fact_words() -> dict[str, str]:
    return {
        'jass_held': pgettext('coach.bot_fact.jass_held', 'The bot holds the jass ({held})'),
        'jass_shown': pgettext('coach.bot_fact.jass_shown', 'The jass ({shown}) lies face up: it is not in your hand'),
        'jass_unseen': pgettext('coach.bot_fact.jass_unseen', 'The bot does not hold the jass ({unseen}); you may'),
        'menel_held': pgettext('coach.bot_fact.menel_held', 'The bot holds the menel ({held})'),
        'menel_shown': pgettext('coach.bot_fact.menel_shown', 'The menel ({shown}) lies face up: it is not in your hand'),
        'menel_unseen': pgettext('coach.bot_fact.menel_unseen', 'The bot does not hold the menel ({unseen}); you may'),
        'bella': pgettext('coach.bot_fact.bella', 'Bella: the bot holds {held}, {points} with {suit} trump'),
        'dix': pgettext('coach.bot_fact.dix', 'The bot holds the dix ({held}): it exchanges for the turn-up {shown}, {points} as trump'),
        'makes': pgettext('coach.bot_fact.makes', '{Action} makes {prob} of the time'),
        'bust_against_pass': pgettext('coach.bot_fact.bust_against_pass', 'When it fails, the bot ends {points} worse than by passing'),
        'bust_against_pass_none': pgettext('coach.bot_fact.bust_against_pass_none', 'Even when it fails, the bot ends no worse than by passing'),
        'bust': pgettext('coach.bot_fact.bust', 'When it fails, the bot ends about {points} behind'),
        'pass_then_name': pgettext('coach.bot_fact.pass_then_name', 'Pass now: the bot can still name {suit} in round two, worth {points} more than taking'),
        'schmeiss_answer': pgettext('coach.bot_fact.schmeiss_answer', 'You accept the schmeiss (a throw-in) in about {prob} of the hands the bot sees you may hold'),
        'schmeiss_refused_you_make': pgettext('coach.bot_fact.schmeiss_refused_you_make', 'When you refuse, the bot must make {suit}: it makes it {prob} of the time'),
        'refuse_other_makes': pgettext('coach.bot_fact.refuse_other_makes', 'Refusing leaves you to make {suit}: you make it {prob} of the time'),
        'refuse_you_name': pgettext('coach.bot_fact.refuse_you_name', 'Refusing: the bot names the trump; {suit} is the best, worth {points}'),
        'other_passed_turned': pgettext('coach.bot_fact.other_passed_turned', 'You passed on {suit}: you are less likely to hold {unseen}'),
        'other_passed_turned_none': pgettext('coach.bot_fact.other_passed_turned_none', "You passed on {suit}; its top trumps are in the bot's hand or face up"),
        'other_passed_round_two': pgettext('coach.bot_fact.other_passed_round_two', 'You passed in round two: you named no suit'),
        'other_schmeissed': pgettext('coach.bot_fact.other_schmeissed', 'You said schmeiss on {suit}: you offer to throw the deal in'),
        'match_win': pgettext('coach.bot_fact.match_win', '{Action} wins the bot the match {prob} of the time'),
        'match_loss': pgettext('coach.bot_fact.match_loss', '{Action} loses the bot the match {prob} of the time'),
        'wins_trick': pgettext('coach.bot_fact.wins_trick', '{Action} wins the trick over {shown} for the bot: {points}'),
        'gives_trick': pgettext('coach.bot_fact.gives_trick', '{Action} gives you the trick over {shown}: {points}'),
        'gives_trick_free': pgettext('coach.bot_fact.gives_trick_free', '{Action} gives you a trick that costs nothing'),
        'bares_ten': pgettext('coach.bot_fact.bares_ten', "{Action} leaves the bot's {ten} alone in its suit while {unseen} is not seen yet"),
        'exchange': pgettext('coach.bot_fact.exchange', "Exchanging the dix ({held}) brings the {shown} into the bot's hand, {points} as trump"),
        'mistake_risky': pgettext('coach.bot_fact.mistake_risky', 'Mistake: {action} gives up {about} against {other}: the bot makes it only {prob} of the time'),
        'mistake_beaten': pgettext('coach.bot_fact.mistake_beaten', 'Mistake: {action} gives up {about} against {other}: you can beat it in about {prob} of the hands the bot sees you may hold, {other} in about {count}%'),
    }


def fact_text(fact: object, turned: int | None = None, bot: bool = False) -> str:
    """A reason of the coach (``ai.coach.Fact``) in words; ``turned`` names the suit of a take.
    ``bot``: the decision was the bot's, so the reason says "the bot holds" and calls the player
    "you" (the review, issue 24)."""
    from klabber_tui.words.coach_words import reason_words

    words = reason_words(fact, lambda f: fact_text(f, turned, bot), cards_text, lambda a: choice_gerund(a, turned),
                         bot)
    if words is not None:  # issue 24's facts and trade-offs
        return words
    key: str = getattr(fact, "key")
    suit = getattr(fact, "suit", None)
    points = getattr(fact, "points", None)
    count = getattr(fact, "count", None) or 0
    prob = getattr(fact, "prob", None)
    held, unseen, shown = (getattr(fact, name, 0) for name in ("held", "unseen", "shown"))
    action, other = getattr(fact, "action", None), getattr(fact, "other", None)
    if key in ("bust_against_pass", "pass_then_name") and (points or 0) <= 0:
        key = "bust_against_pass_none" if key == "bust_against_pass" else "pass_then_name_worse"
    elif key == "other_passed_turned" and not unseen:
        key = "other_passed_turned_none"
    elif key == "gives_trick" and not points:
        key = "gives_trick_free"
    if key == "sequences":
        value = int(round(float(points or 0)))
        worth = npgettext('count.points', '{signed} point', '{signed} points', value).format(n=value, signed=value)
        if bot:
            runs = npgettext('count.bot_fact_sequences', "The bot's sequence ({held}) is worth {points}",
                             "The bot's sequences ({held}) are worth {points}", _runs(held))
        else:
            runs = npgettext('count.fact_sequences', 'Your sequence ({held}) is worth {points}',
                             'Your sequences ({held}) are worth {points}', _runs(held))
        return runs.format(n=_runs(held), held=cards_text(held), points=worth)
    words = (bot_fact_words() if bot else {}).get(key) or fact_words().get(key)
    if words is None:
        return key.replace("_", " ")
    gerund = choice_gerund(action, turned) if action is not None else ""
    ten = ""
    if key == "bares_ten" and suit is not None:
        ten = card_text(suit * 8 + 3)
    whole = int(round(float(points))) + 0 if points is not None else 0
    if key.endswith("_worse"):
        whole = abs(whole)
    worded = npgettext('count.points', '{signed} point', '{signed} points', abs(whole)).format(n=abs(whole), signed=f"{whole:+d}" if key == "refuse_you_name" else whole)
    return words.format(
        action=gerund, Action=choice_gerund(action, turned, start=True) if action is not None else "",
        other=choice_gerund(other, turned) if other is not None else "",
        suit=SUIT_SYMBOLS[suit] if suit is not None else "",
        held=cards_text(held), unseen=cards_text(unseen),
        shown=cards_text(shown), points=worded, about=npgettext('count.about_points', 'about {n} point', 'about {n} points', abs(whole)).format(n=abs(whole)),
        count=count, ten=ten,
        prob=f"{round(100 * prob)}%" if prob is not None else "",
    )


def coach_verdict(advice: object, kind: str) -> str:
    """The verdict on the choice made: a mistake with its cost, or a good choice."""
    chosen = getattr(advice, "chosen")
    loss, se = getattr(advice, "loss"), getattr(advice, "loss_se")
    if getattr(advice, "mistake"):
        whole = round(loss)
        return npgettext("coach.mistake", "Mistake: “{chosen}” costs about {loss} point (± {se}) against “{best}”.",
                         "Mistake: “{chosen}” costs about {loss} points (± {se}) against “{best}”.", whole).format(
            chosen=coach_action_text(chosen), loss=whole, se=round(se),
            best=coach_action_text(getattr(advice, "best")))
    if chosen is not None and loss >= 0.5:
        return coach_good_words()[kind] + " " + pgettext('coach.small.loss', '“{chosen}” gives up about {loss:.1f} points (± {se:.1f}): within the noise, not a mistake.').format(
            chosen=coach_action_text(chosen), loss=i18n.Number(loss), se=i18n.Number(se))
    return coach_good_words()[kind]


def review_columns_words() -> tuple[str, ...]:
    return (
        '#',
        pgettext('review.column.when', 'when'),
        pgettext('review.column.played', 'played'),
        pgettext('review.column.best', 'best'),
        pgettext('review.column.loss', 'loss'),
    )


REVIEW_MISTAKE_MARK = "✗"
REVIEW_LOSS = "{loss:z.1f} ± {se:z.1f}"  # z: never -0.0
def review_when_words() -> dict[str, str]:
    return {
        'bidding_round_one': pgettext('review.when.bidding_round_one', 'bid 1'),
        'bidding_round_two': pgettext('review.when.bidding_round_two', 'bid 2'),
        'schmeiss_answer': pgettext('review.when.schmeiss_answer', 'schmeiss'),
        'naming': pgettext('review.when.naming', 'naming'),
        'play': pgettext('review.when.play', 'trick {trick}'),
    }




# ---------------------------------------------------------------------------------------------
# Drills and statistics (klabber drill, klabber stats, the S page). Issue 5.

def drill_kind_words() -> dict[str, str]:
    """The situation a drilled position puts the player in, as a sentence; ``{seat}`` is theirs."""
    return {
        Situation.ROUND_ONE_ELDER: pgettext('drill.kind.round_one_elder', 'Round one: you are the elder hand and speak first.'),
        Situation.ROUND_ONE_DEALER: pgettext('drill.kind.round_one_dealer', 'Round one: you are the dealer.'),
        Situation.ROUND_TWO_ELDER: pgettext('drill.kind.round_two_elder', 'Round two: you are the elder hand.'),
        Situation.ROUND_TWO_DEALER: pgettext('drill.kind.round_two_dealer', 'Round two: you are the dealer; a pass throws the deal in.'),
        Situation.SCHMEISS_ANSWER: pgettext('drill.kind.schmeiss_answer', 'A schmeiss to answer: you are the {seat}.'),
        Situation.NAMING_AFTER_REFUSAL: pgettext('drill.kind.naming_after_refusal', 'You refused the schmeiss: name the trump, any suit; you are the {seat}.'),
    }


def drill_word_names_words() -> dict[str, str]:
    return {
        'take': pgettext('drill.word.names.take', 'take'),
        'pass': pgettext('drill.word.names.pass', 'pass'),
        'schmeiss': pgettext('drill.word.names.schmeiss', 'schmeiss'),
        'accept': pgettext('drill.word.names.accept', 'accept (throw in)'),
        'refuse': pgettext('drill.word.names.refuse', 'refuse'),
    }


def drill_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('drill.column.word', 'word'),
        pgettext('drill.column.points', 'points'),
        pgettext('drill.column.se', '± se'),
        pgettext('drill.column.maker_makes', 'maker makes'),
        pgettext('drill.column.loss', 'loss'),
    )


DRILL_BEST_MARK = "★"
def drill_seat_words() -> dict[str, str]:
    return {
        'elder': pgettext('drill.seat.elder', 'elder hand'),
        'dealer': pgettext('drill.seat.dealer', 'dealer'),
    }


DRILL_HANDS = "{who}: {cards}"
DRILL_MISTAKE_MARK = " ✗"  # a mistake by the coach's verdict, as counted in DRILL_END_PASS
DRILL_CLOSE_MARK = " ≈"  # a different word within the noise: drilled again, not a mistake
DRILL_STATS_PROBLEM = "{message}"

def stats_columns_words() -> tuple[str, ...]:
    return (
        '',
        pgettext('stats.column.matches', 'matches'),
        pgettext('stats.column.won', 'won'),
        pgettext('stats.column.made', 'made'),
        pgettext('stats.column.bust', 'bust'),
        pgettext('stats.column.tie', 'tie'),
        '',
        pgettext('stats.column.decisions', 'decisions'),
        pgettext('stats.column.agree', 'agree'),
        pgettext('stats.column.lost', 'lost'),
    )


def stats_kind_words() -> dict[str, str]:
    return {
        'bid': pgettext('stats.kind.bid', 'bids'),
        'card': pgettext('stats.kind.card', 'cards'),
    }


STATS_TABLE_TITLE = "{preset}"
def stats_trend_kind_words() -> dict[str, str]:
    return {
        'bid': pgettext('stats.trend.kind.bid', 'bidding'),
        'card': pgettext('stats.trend.kind.card', 'card'),
    }


NO_VALUE = "—"


# ---------------------------------------------------------------------------------------------
# The command line of the player's commands (play, drill, stats, replay, export).

def cli_help_words() -> dict[str, str]:
    return {
        'klabber': pgettext('cli.klabber', 'Two-player Klaberjass against a Monte Carlo bot.'),
        'ascii': pgettext('cli.ascii', 'plain characters only, for a terminal or font without symbols: suits as letters C D H S, plain lines and marks'),
        'play': pgettext('cli.play', 'play a match against the bot'),
        'play.rules': pgettext('cli.play.rules', 'the preset: {presets} (default klaberjass)'),
        'play.target': pgettext('cli.play.target', 'points to win, 100 to 5000 (default 500)'),
        'play.level': pgettext('cli.play.level', 'the bot: {levels} (default normal, the mc bot)'),
        'play.seed': pgettext('cli.play.seed', 'the match seed (deals and the draw)'),
        'play.name': pgettext('cli.play.name', 'your name, shown over your hand and in the saved records'),
        'play.new': pgettext('cli.play.new', 'start a new match; the saved one is kept as a backup'),
        'play.watch': pgettext('cli.play.watch', 'watch two bots play each other'),
        'drill': pgettext('cli.drill', 'bidding drills: close calls judged by the coach'),
        'drill.rules': pgettext('cli.drill.rules', 'the preset: {presets} (default: the one in the settings)'),
        'drill.seed': pgettext('cli.drill.seed', "the drill's seed: the same seed, the same positions"),
        'drill.count': pgettext('cli.drill.count', 'positions to drill, 1 to 200 (default 10)'),
        'drill.situation': pgettext('cli.drill.situation', 'drill one situation only: round-one-elder, round-one-dealer, round-two-elder, round-two-dealer (round one or two as the elder or the dealer), schmeiss-answer, naming-after-refusal'),
        'drill.margin': pgettext('cli.drill.margin', 'ask only positions whose best two choices are within {margin} points, 1 to 200 (default 15)'),
        'drill.json': pgettext('cli.drill.json', 'print the positions as JSON (no screen, nothing recorded)'),
        'drill.mistakes': pgettext('cli.drill.mistakes', 'ask the due positions of your mistake deck again'),
        'stats': pgettext('cli.stats', 'your statistics: matches, deals as maker, decisions against the bot'),
        'stats.json': pgettext('cli.stats.json', 'print the statistics by situation as JSON (nothing is changed)'),
        'stats.ascii': pgettext('cli.stats.ascii', 'draw the charts with ASCII characters'),
        'replay': pgettext('cli.replay', 'replay a deal record and score it'),
        'replay.file': pgettext('cli.replay.file', 'a klabber-deal/1 record (JSON)'),
        'replay.json': pgettext('cli.replay.json', 'print the result as one JSON object'),
        'replay.review': pgettext('cli.replay.review', "judge every decision of both seats with the coach, costliest mistakes first (with --json: an extra key 'review')"),
        'replay.level': pgettext('cli.replay.level', "the coach's level for --review: {levels} (default {level}, the level of every verdict)"),
        'export': pgettext('cli.export', 'write the deal records of the saved and finished matches'),
        'export.out': pgettext('cli.export.out', 'the folder to write to (default ./klabber-records)'),
        'export.cannot_write': pgettext('cli.export.cannot_write', 'cannot write to {out!r}: {reason}'),
        'export.empty_out': pgettext('cli.export.empty_out', '--out must name a folder to write the records to, not be empty'),
        'lang': pgettext('cli.lang', 'the language: en (English) or ru (Russian); default: the setting, then the locale'),
        'advise': pgettext('cli.advise', "the bot's evaluation of every legal action at a record's end"),
        'advise.record': pgettext('cli.advise.record', 'a klabber-deal/1 record that stops mid-deal'),
        'advise.level': pgettext('cli.advise.level', "the bot's level: {levels} (default {level}, the level of every verdict)"),
        'advise.seed': pgettext('cli.advise.seed', 'the seed of the sampled deals: the same seed, the same figures (default 0)'),
        'advise.score': pgettext('cli.advise.score', 'the match score before this deal, the seat to act first, 0 to {high}'),
        'advise.target': pgettext('cli.advise.target', "the match target, {low} to {high}; default: the record's own"),
        'advise.json': pgettext('cli.advise.json', 'print the evaluation as one JSON object (actions in record notation)'),
        'arena': pgettext('cli.arena', 'duplicate boards between two bots'),
        'arena.a': pgettext('cli.arena.a', 'a bot: {bots}; or a research bot as module:factory, from a checkout (research/README.md)'),
        'arena.b': pgettext('cli.arena.b', 'the other bot'),
        'arena.rules': pgettext('cli.arena.rules', 'the preset: {presets} (default {default})'),
        'arena.deals': pgettext('cli.arena.deals', 'number of boards (two deals each), 1 to {high}; with --target, of matches (each played twice)'),
        'arena.target': pgettext('cli.arena.target', 'play whole matches to N points ({low} to {high}), the bots told the score sheet, and count matches won'),
        'arena.seed': pgettext('cli.arena.seed', 'the seed of the boards (default 0)'),
        'arena.jobs': pgettext('cli.arena.jobs', 'processes to use, at most the CPUs this process may use'),
        'arena.first': pgettext('cli.arena.first', 'first board number, to run in shards'),
        'arena.json': pgettext('cli.arena.json', 'print the figures as one JSON object'),
        'bench': pgettext('cli.bench', "the bot's speed figures"),
        'bench.decisions': pgettext('cli.bench.decisions', 'decisions to time per level, 1 to {high} (default 200)'),
        'bench.seed': pgettext('cli.bench.seed', 'the seed of the positions timed (default 0)'),
        'bench.json': pgettext('cli.bench.json', 'print the figures as one JSON object'),
        'replay.about': pgettext('cli.replay.about', 'Replay a deal record through the rules and show the deal and its score. A record the rules refuse is named in one line, with exit status 2.'),
        'play.about': pgettext('cli.play.about', 'Play a match against the bot in the terminal. The match is saved after every move and resumes where you left it.'),
        'export.about': pgettext('cli.export.about', 'Write a deal record (klabber-deal/1) of every deal of the saved and finished matches, to replay or to share.'),
        'drill.about': pgettext('cli.drill.about', 'Bidding drills: positions where taking and passing are close, each judged by the coach; the missed ones come again.'),
        'stats.about': pgettext('cli.stats.about', 'Your statistics: matches won, deals as maker, and how often your bids and cards agree with the bot.'),
        'advise.about': pgettext('cli.advise.about', "The bot's evaluation of every legal action of the seat to act at the end of a record: the expected score, the chance to make the deal, and the reasons."),
        'arena.about': pgettext('cli.arena.about', 'Two bots play the same boards: each board is dealt twice with the seats swapped, so that the luck of the cards cancels out. Prints the margin per deal with its interval (95%).'),
        'bench.about': pgettext('cli.bench.about', 'How fast the bot is: playouts per second, the solving of a position, the time of a card and of a bid at each level, and memory.'),
    }


# The presets' short names in a sentence; where they differ from the name typed, help shows both.
def preset_words() -> dict[str, str]:
    return {
        'clobber': pgettext('preset.words.clobber', 'clobber'),
        'klaberjass': pgettext('preset.words.klaberjass', 'klaberjass'),
        'klaberass': pgettext('preset.words.klaberass', 'klaberass'),
        'kalabriasz': pgettext('preset.words.kalabriasz', 'kalabriasz'),
    }


def level_choice_words() -> dict[str, str]:
    return {
        'beginner': pgettext('level.choice.words.beginner', 'beginner'),
        'easy': pgettext('level.choice.words.easy', 'easy'),
        'normal': pgettext('level.choice.words.normal', 'normal'),
        'hard': pgettext('level.choice.words.hard', 'hard'),
        'greedy': pgettext('level.choice.words.greedy', 'greedy'),
        'random': pgettext('level.choice.words.random', 'random'),
        'oracle': pgettext('level.choice.words.oracle', 'oracle'),
    }


# The names of the command line's values in its help (``--rules P``); what is typed stays the same.
def cli_metavars_words() -> dict[str, str]:
    return {
        'command': pgettext('cli.metavar.command', 'COMMAND'),
        'preset': pgettext('cli.metavar.preset', 'P'),
        'number': pgettext('cli.metavar.number', 'N'),
        'level': pgettext('cli.metavar.level', 'L'),
        'seed': pgettext('cli.metavar.seed', 'S'),
        'name': pgettext('cli.metavar.name', 'NAME'),
        'file': pgettext('cli.metavar.file', 'FILE'),
        'folder': pgettext('cli.metavar.folder', 'DIR'),
        'lang': pgettext('cli.metavar.lang', 'LANG'),
        'record': pgettext('cli.metavar.record', 'RECORD'),
        'mine': pgettext('cli.metavar.mine', 'MINE'),
        'theirs': pgettext('cli.metavar.theirs', 'THEIRS'),
        'bot_a': pgettext('cli.metavar.bot_a', 'A'),
        'bot_b': pgettext('cli.metavar.bot_b', 'B'),
        # issue 25: replay --what-if ACTION, advise --hand CARDS --turn-up CARD --seat SEAT --bids WORDS
        'action': pgettext('cli.metavar.action', 'ACTION'),
        'cards': pgettext('cli.metavar.cards', 'CARDS'),
        'card': pgettext('cli.metavar.card', 'CARD'),
        'seat': pgettext('cli.metavar.seat', 'SEAT'),
        'words': pgettext('cli.metavar.words', 'WORDS'),
        'situation': pgettext('cli.metavar.situation', 'SITUATION'),
        'margin': pgettext('cli.metavar.margin', 'M'),
    }



# -- issue 8: storage that cannot be used, a second window, repaired files ----------------------------
FILE_REPAIRED = "{what}: {note}"
# What a settings or save file held that could not be used, and what is used instead (issue 8's
# repairs, worded in the player's language: issue 12). ``{value}`` is the file's own value as text.
def file_notes_words() -> dict[str, str]:
    return {
        'settings_not_object': pgettext('file.note.settings_not_object', 'the settings are {value}, not an object: default settings are used'),
        'setting_dropped': pgettext('file.note.setting_dropped', 'the setting {name} was {value} ({allowed}); the default {default} is used'),
        'allowed_presets': pgettext('file.note.allowed_presets', 'the presets are {values}'),
        'allowed_options': pgettext('file.note.allowed_options', 'an object of rule options'),
        'allowed_target': pgettext('file.note.allowed_target', 'a whole number from {low} to {high}'),
        'allowed_paces': pgettext('file.note.allowed_paces', 'the paces are {values}'),
        'allowed_languages': pgettext('file.note.allowed_languages', 'the languages are {values}, or "" for the locale\'s'),
        'allowed_bool': pgettext('file.note.allowed_bool', 'true or false'),
        'option_dropped': pgettext('file.note.option_dropped', "a rule option was dropped ({reason}); the preset's value is used"),
        'level_dropped': pgettext('file.note.level_dropped', 'the bot level {value} is not offered (the levels are {values}); {default} is used'),
        'save_no_match': pgettext('file.note.save_no_match', 'the save has no match (found {value})'),
        'save_rules': pgettext('file.note.save_rules', "the saved match's rules are {value}, not a preset name"),
        'save_options': pgettext('file.note.save_options', "the saved match's options are {value}, not an object"),
        'save_seed': pgettext('file.note.save_seed', "the saved match's seed is {value}, not a whole number"),
        'save_deals': pgettext('file.note.save_deals', "the saved match's deals are not a list of deal records"),
        'save_names': pgettext('file.note.save_names', 'the player names were {value}; the defaults are used'),
        'save_text': pgettext('file.note.save_text', "the save's {key} was {value}; a new one is used"),
        'save_flag': pgettext('file.note.save_flag', "the save's {key} was {value}; false is used"),
        'not_object': pgettext('file.note.not_object', 'not a JSON object (a {family}/{current} document is one)'),
        'format': pgettext('file.note.format', 'its format is {value}, not {family}/{current}'),
        'save_newer': pgettext('file.note.save_newer', 'the saved match was written by a newer klabber ({found}; this one writes {current}), so it is not resumed; it is kept untouched as match.newer-<time>.json when a new match starts'),
        'settings_newer': pgettext('file.note.settings_newer', 'the settings were written by a newer klabber ({found}; this one writes {current}): the settings this version knows are used, and the file is never rewritten'),
        'settings_not_kept': pgettext('file.note.settings_not_kept', 'the settings file was written by a newer klabber ({found}), so this change is used now but cannot be kept'),
        'settings_moved': pgettext('file.note.settings_moved', 'The settings file {path!r} could not be read ({error}); it was moved to {name}. Default settings are used.'),
        'settings_unreadable': pgettext('file.note.settings_unreadable', 'The settings file {path!r} could not be read ({error}). Default settings are used.'),
    }


# The data folder that cannot be used (storage.py); {path} is quoted.
# The data folder (KLABBER_HOME or the platform's) cannot be used: cli.py's one line.
def data_folder_words() -> dict[str, str]:
    return {
        'dangling': pgettext('data.folder.words.dangling', 'it is a link to something that does not exist'),
        'not_folder': pgettext('data.folder.words.not_folder', 'it is not a folder'),
        'refused': pgettext('data.folder.words.refused', 'the data folder {name!r} cannot be used: {reason}; set KLABBER_HOME to a folder you can write'),
        'cannot_go_on': pgettext('data.folder.words.cannot_go_on', 'cannot go on: {reason}'),
    }


# The process itself (issue 21): a terminal, a file name, a crash; cli.py and crashlog.py.


# -- issue 25: practice by situation ---------------------------------------------------------------
def situation_names_words() -> dict[str, str]:
    """Each bidding situation (engine/situations.py) in a few words: the drill's table, the statistics
    by situation, the What-to-drill page."""
    return {
        Situation.ROUND_ONE_ELDER: pgettext('situation.round_one_elder', 'round 1, elder'),
        Situation.ROUND_ONE_DEALER: pgettext('situation.round_one_dealer', 'round 1, dealer'),
        Situation.ROUND_TWO_ELDER: pgettext('situation.round_two_elder', 'round 2, elder'),
        Situation.ROUND_TWO_DEALER: pgettext('situation.round_two_dealer', 'round 2, dealer'),
        Situation.SCHMEISS_ANSWER: pgettext('situation.schmeiss_answer', 'schmeiss answer'),
        Situation.NAMING_AFTER_REFUSAL: pgettext('situation.naming_after_refusal', 'naming after a refusal'),
    }


def within_points(margin: int) -> str:
    """How close the best two choices of a drilled position are: ``within 15 points``."""
    return npgettext('count.within_points', 'within {n} point', 'within {n} points', margin).format(n=margin)
