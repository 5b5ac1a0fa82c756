"""The language of every word the player meets (issue 12), and the catalogues that hold it.

The catalogue format is gettext: ``ru.po`` beside this module is the translator's file (msgctxt names
the message, msgid is the English source text, plural forms follow the Plural-Forms header), and
``ru.mo`` is its compiled form, read at run time by the standard library's :mod:`gettext` so that
start-up imports nothing more (a test checks the ``.mo`` is the compiled ``.po``). English is the
source text itself. The language is chosen by ``--lang``, then the setting, then the locale, then
English (:func:`choose`).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from importlib import resources

LANGUAGES = ("en", "ru")
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}  # each in its own language: the same in every one
DEFAULT = "en"

_current = DEFAULT
_translations: dict[str, gettext.NullTranslations] = {}


def current() -> str:
    """The language now in use: ``"en"`` or ``"ru"``."""
    return _current


def set_language(lang: str) -> None:
    """Use ``lang`` from now on (an unknown code means English); argparse's own words follow it."""
    global _current
    _current = lang if lang in LANGUAGES else DEFAULT
    _install_argparse()


def catalogue(lang: str | None = None) -> gettext.NullTranslations:
    """The translations of ``lang`` (default: the current language), read once from the ``.mo``."""
    lang = lang or _current
    if lang not in _translations:
        if lang == DEFAULT:
            _translations[lang] = gettext.NullTranslations()
        else:
            with resources.files(__package__).joinpath(f"{lang}.mo").open("rb") as stream:
                _translations[lang] = gettext.GNUTranslations(stream)
    return _translations[lang]


def pgettext(context: str, message: str) -> str:
    """``message`` (English) in the current language; the English itself where nothing is translated."""
    return message if _current == DEFAULT else catalogue().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form of a message that fits the number ``n`` in the current language (Russian: 1, 2-4, 5+)."""
    return catalogue().npgettext(context, singular, plural, n)


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language the locale asks for, in gettext's order: LC_ALL, LC_MESSAGES, then LANG."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else None
    return None


def choose(given: str | None, setting: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``--lang``, else the setting, else the locale, else English."""
    for lang in (given, setting, locale_language(os.environ if environ is None else environ)):
        if lang in LANGUAGES:
            return lang
    return DEFAULT


def _install_argparse() -> None:
    """argparse words its own messages ("usage:", "invalid choice") through gettext: route them here."""
    import argparse

    translations = catalogue()
    argparse._ = translations.gettext  # type: ignore[attr-defined]  # argparse words its messages through this private alias of gettext
    argparse.ngettext = translations.ngettext  # type: ignore[attr-defined]  # not exported by the stubs, but argparse calls it
