"""The names of what a player chooses: presets, levels, paces, bidding situations.
"""

from __future__ import annotations

from engine.situations import Situation
from klabber_tui.words.i18n import pgettext


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
