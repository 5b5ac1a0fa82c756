"""Issue 23: the catalogue is made by Babel's standard tools, and is never out of date.

The README's "Translating klabber" section runs ``scripts/catalogue.py`` (pybabel's extract, update and
compile); these tests run its ``extract`` into a temporary file and compare the messages with
``klabber.pot``, check that every language's ``klabber.po`` translates every one of them (not fuzzy,
the same placeholders, all its plural forms), and that its ``klabber.mo`` is its ``.po`` compiled. They also hold the message API to its promises: plural forms take whole numbers,
numbers are written in the game's language, and the language is scoped, never left behind.
"""

from __future__ import annotations

import argparse
import gettext
import importlib.util
import inspect
import io
import locale
import string
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from klabber_tui.words import i18n

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import read_mo, write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "klabber_tui" / "words" / "i18n"


TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def catalogue_script() -> ModuleType:
    """``scripts/catalogue.py``, the README's way to extract, update and compile."""
    spec = importlib.util.spec_from_file_location("catalogue_script", REPO / "scripts" / "catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read(path: Path) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=path.parent.name if path.suffix == ".po" else None)


def messages(catalog: Catalog) -> dict[tuple[object, str | None], object]:
    return {(m.id, m.context): m for m in catalog if m.id}


def fields(message: str) -> set[str]:
    """The placeholders of a message: str.format's ``{card}``, ``{loss:.1f}``, or %-format's ``%(prog)s``."""
    found = {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(message) if name}
    return found | {word for word in message.split("%(")[1:] for word in [word.split(")")[0]]}


def test_the_readme_runs_the_catalogue_script_with_every_keyword() -> None:
    assert ".venv/bin/python scripts/catalogue.py" in (REPO / "README.md").read_text(encoding="utf-8")
    assert set(catalogue_script().KEYWORDS) == {"_", "gettext", "_l", "lazy_gettext", "N_", "ngettext:1,2",
                                               "pgettext:1c,2", "npgettext:1c,2,3", "lazy_pgettext:1c,2"}
    assert catalogue_script().languages(REPO) == TRANSLATED, "every language listed has its folder, and no other"


@pytest.mark.slow
def test_the_template_is_what_pybabel_extracts(tmp_path: Path) -> None:
    """Fails when a message was added, changed or removed in the code and extract was not run."""
    script = catalogue_script()
    keywords = [arg for k in script.KEYWORDS for arg in ("-k", k)]
    subprocess.run([str(Path(sys.executable).with_name("pybabel")), "extract", "-F", "babel.cfg", *keywords,
                    "-o", str(tmp_path / "klabber.pot"), "klabber_tui"], cwd=REPO, check=True, capture_output=True)
    fresh, kept = messages(read(tmp_path / "klabber.pot")), messages(read(FOLDER / "klabber.pot"))
    assert sorted(map(str, set(fresh) - set(kept))) == [], "in the code, not in klabber.pot: run scripts/catalogue.py"
    assert sorted(map(str, set(kept) - set(fresh))) == [], "in klabber.pot, gone from the code: run scripts/catalogue.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_translates_every_message_of_the_template(lang: str) -> None:
    """Fails when the catalogue script was not run, or a message is untranslated or fuzzy."""
    catalog = read(FOLDER / lang / "klabber.po")
    po = messages(catalog)
    for key, message in messages(read(FOLDER / "klabber.pot")).items():
        translated = po.get(key)
        assert translated is not None, f"{key}: not in {lang}/klabber.po: run scripts/catalogue.py"
        forms = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        assert all(forms) and not translated.fuzzy, f"{key}: untranslated or fuzzy in {lang}/klabber.po"
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        assert len(forms) == (catalog.num_plurals if len(english) == 2 else 1), f"{key}: every plural form"
        for form in forms:
            assert fields(form) == fields(english[-1]), f"{key}: placeholders differ in {form!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_compiled(lang: str) -> None:
    """klabber.mo is what the game reads: it must be klabber.po compiled. Every message and its
    translation are compared, not the bytes, whose header names the Babel that compiled them."""
    compiled = io.BytesIO()
    write_mo(compiled, read(FOLDER / lang / "klabber.po"))
    compiled.seek(0)
    with (FOLDER / lang / "klabber.mo").open("rb") as shipped:
        assert mo_messages(read_mo(compiled)) == mo_messages(read_mo(shipped)), "run scripts/catalogue.py"


def mo_messages(mo: Catalog) -> dict[tuple[str | None, object], object]:
    def plain(value: object) -> object:
        return tuple(value) if isinstance(value, (list, tuple)) else value

    return {(m.context, plain(m.id)): plain(m.string) for m in mo if m.id}


def test_argparses_words_are_spelled_as_argparse_spells_them() -> None:
    """The command line's own errors are argparse's messages, translated: a Python that rewords one
    would leave it English, so each listed message must still be in argparse's source."""
    source = inspect.getsource(argparse)
    listed = [m for m in read(FOLDER / "klabber.pot") if any("argparse_words" in f for f, _ in m.locations)]
    assert len(listed) >= 19
    for message in listed:
        for word in message.id if isinstance(message.id, tuple) else (message.id,):
            assert repr(word)[1:-1] in source, word


@pytest.mark.parametrize("n", [2.0, 1.5, True, "3", None])
def test_a_plural_lookup_refuses_anything_but_a_whole_number(n: object) -> None:
    """A fraction has its own message (``65,5 очка``): a plural form is chosen by an int only."""
    with i18n.use_language("ru"):
        with pytest.raises(TypeError, match="whole number"):
            i18n.ngettext("{n} card", "{n} cards", n)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="whole number"):
            i18n.npgettext("count.cards", "{n} card", "{n} cards", n)  # type: ignore[arg-type]


def test_the_suite_fails_on_gettexts_own_warning_for_a_float() -> None:
    """pyproject's filterwarnings makes the standard library's DeprecationWarning an error, so a float
    that reaches gettext another way fails too."""
    translations = gettext.GNUTranslations(io.BytesIO((FOLDER / "ru" / "klabber.mo").read_bytes()))
    with pytest.raises(DeprecationWarning, match="Plural value must be an integer"):
        translations.ngettext("{n} card", "{n} cards", 2.0)  # type: ignore[arg-type]


def test_numbers_are_written_in_the_games_language_not_the_locales() -> None:
    """``--lang ru`` under ``LANG=C`` writes 65,5: the C locale's point never decides."""
    before = locale.setlocale(locale.LC_NUMERIC)
    locale.setlocale(locale.LC_NUMERIC, "C")
    try:
        with i18n.use_language("ru"):
            assert [i18n.decimal(65.5), i18n.decimal(-0.04), i18n.decimal(3.25, 2, sign=True),
                    i18n.decimal(7, 0)] == ["65,5", "0,0", "+3,25", "7"]
            assert i18n.percent(0.74) == "74%"
    finally:
        locale.setlocale(locale.LC_NUMERIC, before)
    assert [i18n.decimal(65.5), i18n.decimal(-0.04, sign=True), i18n.decimal(-1.26)] == ["65.5", "+0.0", "\u22121.3"]  # the minus sign U+2212 (docs/russian.md)
    with pytest.raises(ValueError):
        i18n.decimal(float("nan"))


def test_the_language_is_scoped_and_put_back_even_after_an_error() -> None:
    assert i18n.current() == "en"
    with pytest.raises(KeyError):
        with i18n.use_language("ru") as lang:
            assert lang == i18n.current() == "ru"
            raise KeyError("boom")
    assert i18n.current() == "en"
    with i18n.use_language("xx"):
        assert i18n.current() == "en"  # an unknown language is English


def test_a_lazy_message_follows_the_language_in_use() -> None:
    title = i18n.lazy_pgettext("seat.elder", "Elder")
    assert str(title) == "Elder" and title == "Elder" and f"[{title}]" == "[Elder]"
    with i18n.use_language("ru"):
        assert str(title) == "Старшая рука" and title + "!" == "Старшая рука!"
    assert i18n.N_("Elder") == "Elder" and str(i18n._l("x")) == "x"


def test_contexts_say_what_a_message_is_not_where_it_sits() -> None:
    """Issue 23: no ``HELP_KEYS.3.1``: a context is a dotted name in lower case (``help.key.undo``); no part
    of it is an index into a table (a code such as ``r1_elder`` or ``ENOENT`` names what it is)."""
    contexts = {m.context for m in read(FOLDER / "klabber.pot") if m.context}
    positional = sorted(c for c in contexts if not c[0].islower() or any(part.isdigit() for part in c.split(".")))
    assert contexts and positional == []
