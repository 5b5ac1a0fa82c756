"""The language of every word the player meets, and the catalogue that holds it (issues 12 and 23).

Writing a message (every screen and command, and the coach and practice issues, add words this way):

    from klabber_tui.words.i18n import _, npgettext, pgettext

    _("The deal is thrown in.")                               # a whole sentence, English as its id
    pgettext("help.key.undo", "undo your last decision")      # a context says what the message IS
    npgettext("coach.loss", "loses about {n} point", "loses about {n} points", n).format(n=n)

- A message is a string literal at the place that shows it, so that ``pybabel extract`` (README,
  "Translating klabber") finds it with no extractor of ours. Never build the id from variables.
- A context (``pgettext``) names what the message is (``help.key.undo``, ``coach.reason.trumps``),
  never where it sits in a table; give one where the same English means different things
  ("Pass" the key, "pass" the bid) or where the English is a fragment.
- Every number before a noun is a plural message (``ngettext``/``npgettext``) taking an ``int``; a
  fraction gets its own message with :func:`decimal` (``{points} очка`` for 65,5). A float given to a
  plural lookup raises ``TypeError`` (and the suite turns the standard library's warning into an error).
- Whole sentences per person, number and case: no ``.lower()``, no slicing, no joining with a
  translated " and "; a key, a card or a name goes in as an argument, never spelled inside the words.
- Words chosen at import time (a class attribute, a table of options) are marked with ``N_`` and
  translated where shown with ``_``/``pgettext``, or made lazy with ``_l``/``lazy_gettext``/
  ``lazy_pgettext`` (looked up each time they are turned into ``str``). Textual stores a binding's
  label as the ``str`` it was given, so key labels are built per language instead (``bindings()``).
- Numbers shown to a person go through :func:`decimal` and :func:`percent`, or enter a message that
  formats them (``{loss:.1f}``) as :class:`Number` (the game's language, never the process locale);
  ``--json`` and records write numbers as JSON does.

The language is the process's, like the locale: :func:`set_language` once at start-up (``--lang``,
the setting, the locale: :func:`choose`) and when the player changes it; tests scope it with
:func:`use_language`. It is not a context variable: Textual runs thread workers through
``run_in_executor``, which does not copy the context, so a worker would word its results in another
language than the screen that shows them.

The catalogue is gettext: ``klabber.pot`` (extracted) beside one folder per language, ``ru/``, holding
``klabber.po`` (the translator's file), ``klabber.mo`` (compiled, read by the standard library's
:mod:`gettext`, so start-up imports nothing more) and the language's own pages (``help.md``,
``rules.md``). English is the source: its messages are the code's, its pages are in ``assets/``, and it
is the fallback of every page a language's folder lacks (:func:`page`). What differs between languages
beyond words, the decimal mark and the language's own name, is a message too (``number.decimal_mark``,
``language.name``), so a new language is its folder and one line in ``LANGUAGES`` (README,
"Translating klabber").
"""

from __future__ import annotations

import gettext as _gettext
import math
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from importlib import resources

from klabber_tui.data.settings import LANGUAGES  # what a settings file may name: data, given one home there (README, "Translating klabber")
DEFAULT = "en"
DOMAIN = "klabber"

_current = DEFAULT
_translations: dict[str, _gettext.NullTranslations] = {}


def current() -> str:
    """The language now in use: ``"en"`` or ``"ru"``."""
    return _current


def set_language(lang: str) -> None:
    """Use ``lang`` from now on (an unknown code means English); argparse's own words follow it."""
    global _current
    _current = lang if lang in LANGUAGES else DEFAULT
    _install_argparse()


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block, then the language before it again (tests, one-off output)."""
    before = _current
    set_language(lang)
    try:
        yield _current
    finally:
        set_language(before)


def catalogue(lang: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``lang`` (default: the current language), read once from the ``.mo``."""
    lang = lang or _current
    if lang not in _translations:
        if lang == DEFAULT:
            _translations[lang] = _gettext.NullTranslations()
        else:
            with resources.files(__package__).joinpath(lang, f"{DOMAIN}.mo").open("rb") as stream:
                _translations[lang] = _gettext.GNUTranslations(stream)
    return _translations[lang]


def language_name(lang: str) -> str:
    """A language's own name for itself (English, Русский): the same whatever language is in use."""
    # TRANSLATORS: your language's name for itself, as the settings page lists it (Русский, Deutsch).
    return catalogue(lang).pgettext('language.name', 'English')


def page(name: str) -> str:
    """The page ``name`` (``help.md``, ``rules.md``) in the current language: the language's folder's
    own, else the English one in ``assets/``, so a language may translate its pages later."""
    translated = resources.files(__package__).joinpath(_current, name)
    if _current != DEFAULT and translated.is_file():
        return translated.read_text(encoding="utf-8")
    return resources.files("assets").joinpath(name).read_text(encoding="utf-8")


def gettext(message: str) -> str:
    """``message`` (English) in the current language; the English itself where nothing is translated."""
    return catalogue().gettext(message)


_ = gettext


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    return catalogue().pgettext(context, message)


def _whole(n: object) -> int:
    """A plural form is chosen by a whole number: a float, a bool or anything else is a mistake."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"a plural form needs a whole number (int), not {type(n).__name__} {n!r}; "
                        "a fraction has a message of its own (i18n.decimal)")
    return n


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that fits the whole number ``n`` (Russian: 1 карта, 2 карты, 5 карт)."""
    return catalogue().ngettext(singular, plural, _whole(n))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` told apart by ``context``."""
    return catalogue().npgettext(context, singular, plural, _whole(n))


def N_(message: str) -> str:  # noqa: N802  (the name gettext tools know)
    """Marks ``message`` for extraction only: it is translated where it is shown."""
    return message


class LazyString:
    """A message looked up in the current language each time it is turned into text."""

    __slots__ = ("_lookup", "_args")

    def __init__(self, lookup: Callable[..., str], *args: str) -> None:
        self._lookup = lookup
        self._args = args

    def __str__(self) -> str:
        return self._lookup(*self._args)

    def __repr__(self) -> str:
        return f"LazyString({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, *args: object, **kwargs: object) -> str:
        return str(self).format(*args, **kwargs)

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, (str, LazyString)) else NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)


def lazy_gettext(message: str) -> LazyString:
    """:func:`gettext`, looked up when used (for words fixed at import time)."""
    return LazyString(gettext, message)


_l = lazy_gettext


def lazy_pgettext(context: str, message: str) -> LazyString:
    """:func:`pgettext`, looked up when used."""
    return LazyString(pgettext, context, message)


# Numbers for people, by the game's language (not the process's locale: `--lang ru` under LANG=C still
# writes 65,5). The mark is a message of the catalogue instead of Babel at run time: importing
# babel.numbers and loading a locale costs more than the whole of `klabber --help`.
def decimal_mark() -> str:
    """The current language's decimal mark (``.``, ``,``), as its translator wrote it."""
    # TRANSLATORS: the decimal mark of your language's numbers: "." (65.5) or "," (65,5).
    return pgettext('number.decimal_mark', '.')


MINUS = "\u2212"
"""The minus sign of a number shown to a person, in every language (docs/russian.md, "Numbers"; the
English coach writes it too): the hyphen-minus is for files, ``--json`` and typed input."""


def signed(text: str) -> str:
    """A formatted number's hyphen-minus made the minus sign (``-6.7`` → ``−6.7``)."""
    return text.replace("-", MINUS)


def decimal(value: float, places: int = 1, *, sign: bool = False) -> str:
    """``value`` with ``places`` decimals in the current language (65.5, 65,5); ``sign`` shows ``+``.
    A negative value has the minus sign U+2212; one that rounds to zero never shows as ``-0.0``."""
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {value!r}")
    text = signed(format(round(value, places) + 0.0, f"{'+' if sign else ''}.{places}f"))  # + 0.0: no -0.0
    return text.replace(".", decimal_mark()) if places else text


class Number:
    """A number placed in a message that formats it itself (``{loss:.1f}``, ``{ev:+z.1f}``): the
    message's format, with the current language's decimal mark (2.5, 2,5) and the minus sign (−2.5)."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return signed(format(self.value, spec)).replace(".", decimal_mark())

    def __str__(self) -> str:
        return format(self, "")


def whole(n: int) -> str:
    """A whole number for a person: from five digits on in groups of three (100,000; «100 000» with a
    no-break space in Russian, docs/russian.md), four digits together (1000), the minus sign for a negative."""
    text = str(abs(int(n)))
    if len(text) >= 5:
        # TRANSLATORS: what parts the thousands of a number of five digits or more: "," (100,000), or a
        # no-break space U+00A0 (100 000).
        mark = pgettext('number.group_mark', ',')
        text = mark.join(text[max(0, k - 3):k] for k in range(len(text), 0, -3)[::-1])
    return (MINUS if n < 0 else "") + text


def percent(share: float) -> str:
    """A share (0.74) as a whole percentage: ``74%`` in either language."""
    return f"{decimal(100 * share, 0)}%"


def _month_words() -> tuple[str, ...]:
    """The months as a date in a sentence names them (Russian: the genitive, «1 декабря»)."""
    return (
        pgettext('date.month.january', 'January'), pgettext('date.month.february', 'February'), pgettext('date.month.march', 'March'),
        pgettext('date.month.april', 'April'), pgettext('date.month.may', 'May'), pgettext('date.month.june', 'June'),
        pgettext('date.month.july', 'July'), pgettext('date.month.august', 'August'), pgettext('date.month.september', 'September'),
        pgettext('date.month.october', 'October'), pgettext('date.month.november', 'November'),
        pgettext('date.month.december', 'December'),
    )


def date_text(iso: str) -> str:
    """A stored date (``2026-12-01``) as a sentence says it: ``December 1, 2026``, «1 декабря 2026 г.»
    (docs/russian.md: never ISO in a sentence); a text that is no such date, as it is."""
    parts = iso.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or not 1 <= int(parts[1]) <= 12:
        return iso
    # TRANSLATORS: a date inside a sentence; {month} is one of the date.month messages.
    return pgettext('date.in_sentence', '{month} {day}, {year}').format(
        day=int(parts[2]), month=_month_words()[int(parts[1]) - 1], year=int(parts[0]))


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
