"""Files and the data folder in words: a file refused, a note on what was repaired, a storage error.

The data room returns codes (``FileRefused``, ``Unreadable``, ``Note``, ``StorageError``); these words are theirs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.record import RecordError
from engine.rules import RuleError
from klabber_tui.data.files import FileRefused
from klabber_tui.data.schemas import (
    Note,
    Unreadable,
    shown,
)
from klabber_tui.data.folder import StorageError
from klabber_tui.data.safe_text import quoted, quoted_path
from klabber_tui.words import i18n, keys
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.records import record_refusal_text


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


def os_reason(error: OSError) -> str:
    """Why the system refused, in the current language: the system's own words in English."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    if i18n.current() == i18n.DEFAULT or name not in os_reasons_words():
        return str(error.strerror or error)
    return str(os_reasons_words()[name])


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
    """The data folder refused (folder.StorageError's code)."""
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
    if code == "deck_entry_dropped":
        return deck_entry_text(values)
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


def deck_entry_text(values: dict[str, Any]) -> str:
    """Why one entry of the mistake deck was left out (``mistakes.problem``, issue 33): the entry's place,
    its field (the file's own key, quoted short) and what the field holds and may hold."""
    allowed = {
        'object': pgettext('deck.entry.allowed.object', 'an object'),
        'object_or_null': pgettext('deck.entry.allowed.object_or_null', 'an object or null'),
        'text': pgettext('deck.entry.allowed.text', 'text'),
        'bool': pgettext('deck.entry.allowed.bool', 'true or false'),
        'whole': pgettext('deck.entry.allowed.whole', 'a whole number'),
        'origin': pgettext('deck.entry.allowed.origin', 'null or an object of match, deal and action'),
    }
    field = quoted(values.get("field", ""))
    value = quoted(json.dumps(values.get("value"), ensure_ascii=False))
    reason = {
        'missing': pgettext('deck.entry.missing', 'it has no {field}'),
        'text': pgettext('deck.entry.text', 'its {field} holds text that cannot be written (a lone surrogate)'),
        'type': pgettext('deck.entry.type', 'its {field} is not {allowed}'),
        'range': pgettext('deck.entry.range', 'its {field} is {value}, not from {low} to {high}'),
        'unknown': pgettext('deck.entry.unknown', 'its {field} is {value}, not one this version knows'),
        'value': pgettext('deck.entry.value', 'its {field} is {value}, which does not fit its record'),
        'over': pgettext('deck.entry.over', 'its standing is of a match to {target} already over (the totals must '
                         'be below the target, or equal)'),
        'record': pgettext('deck.entry.record', 'its record does not replay to a bidding decision'),
        'twice': pgettext('deck.entry.twice', 'its position is in the deck already'),
    }[values["why"]].format(field=field, value=value, allowed=allowed.get(values.get("allowed", ""), ""),
                            low=values.get("low"), high=values.get("high"), target=values.get("target"))
    return pgettext('deck.entry.dropped', 'Entry {n} of the mistake deck was left out: {reason}.').format(
        n=values["n"], reason=reason)


def notes_text(notes: Sequence[Note]) -> str | None:
    """Notes as one message (the statistics' and the mistake deck's), or None when there are none."""
    return " ".join(note_text(note) for note in notes) or None


def said_text(said: Sequence[Note | BaseException]) -> str | None:
    """What writes to the statistics and the mistake deck met (``practice.coaching.Said``: notes, and
    the errors that stopped a write) as one message, or None when there is nothing to say."""
    return " ".join(refused_text(item) if isinstance(item, BaseException) else note_text(item) for item in said) or None


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
    if "path" in args:  # a file named on the command line: its own name, at the end, kept
        args["path"] = quoted_path(args["path"])
    if "key" in args:  # a key of the file: input, quoted short
        args["key"] = quoted(str(args["key"]))
    if error.code == "too_large":
        args["size"] = bytes_text(args["size"])
    elif error.code == "grew_too_large":
        args["limit"] = bytes_text(args["limit"])
    elif error.code == "cannot_read":
        args["reason"] = os_reason(args.pop("error"))
    elif error.code == "not_json":
        args["reason"] = json_reason(args["reason"])
    line = file_refusals_words()[error.code].format(**args)
    return line if error.path is None else f"{quoted_path(error.path)!r}: {line}"


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


FILE_REPAIRED = "{what}: {note}"


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


# The data folder that cannot be used (data/folder.py); {path} is quoted.
# The data folder (KLABBER_HOME or the platform's) cannot be used: cli.py's one line.
def data_folder_words() -> dict[str, str]:
    return {
        'dangling': pgettext('data.folder.words.dangling', 'it is a link to something that does not exist'),
        'not_folder': pgettext('data.folder.words.not_folder', 'it is not a folder'),
        'refused': pgettext('data.folder.words.refused', 'the data folder {name!r} cannot be used: {reason}; set KLABBER_HOME to a folder you can write'),
        'cannot_go_on': pgettext('data.folder.words.cannot_go_on', 'cannot go on: {reason}'),
    }


def crash_notice(kind: str, log: str | None) -> str:
    """The one line said on standard error after an unexpected error of the type named ``kind``: where
    the log is, first and never cut (issue 21: a long data folder's path was cut off with the log's
    name), or that no log could be written. ``log`` is the log's path as it may be shown (the caller
    gives it the cleaning of names on the table)."""
    if log is not None:
        return pgettext('process.words.crash_logged', '{log}: the details of an unexpected error ({kind}); please report it with this file').format(log=log, kind=kind)
    return pgettext('process.words.crash_no_log', 'an unexpected error ({kind}); no log could be written anywhere').format(kind=kind)
