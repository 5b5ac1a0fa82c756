"""Issue 30: a language is its folder and one line, and English is the fallback of every page.

The README's recipe for a new language is followed here literally on a scratch copy of the package
(``scripts/catalogue.py add``, the compile, the line in ``LANGUAGES``), and the game is asked to speak
it; every language the game lists is checked for what the recipe leaves behind.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rules import PRESETS, RuleSet
from klabber_tui.words import i18n
from klabber_tui.words.help import help_markdown
from klabber_tui.words.rules_page import rules_page_markdown

pytest.importorskip("babel")

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "klabber_tui" / "words" / "i18n"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_listed_language_has_its_catalogue_name_and_decimal_mark(lang: str) -> None:
    """What the recipe's steps leave: a compiled catalogue (English's is the code's own), the language's
    name for itself, and a decimal mark that is one character."""
    if lang != i18n.DEFAULT:
        assert (FOLDER / lang / "klabber.po").is_file() and (FOLDER / lang / "klabber.mo").is_file()
    with i18n.use_language(lang):
        assert len(i18n.decimal_mark()) == 1
        assert i18n.decimal(-2.5) == f"\u22122{i18n.decimal_mark()}5"  # the minus sign U+2212
    assert i18n.language_name(lang) != ("English" if lang != i18n.DEFAULT else "")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_listed_language_shows_the_help_and_rules_pages(lang: str) -> None:
    """Each page in every preset, in the language's own words or, where it has no page, in English."""
    with i18n.use_language(lang):
        for preset in PRESETS:
            assert help_markdown(RuleSet.from_preset(preset, {})).strip()
        assert "<!--" not in rules_page_markdown()  # every generated part filled in


def test_russian_numbers_keep_their_comma() -> None:
    """The decimal mark moved from a table in the code into the catalogue: Russian still writes 65,5."""
    with i18n.use_language("ru"):
        assert i18n.decimal(65.5) == "65,5" and format(i18n.Number(2.5), ".1f") == "2,5"
    assert i18n.decimal(65.5) == "65.5"


@pytest.mark.slow
def test_the_readme_recipe_adds_a_language_on_a_scratch_copy(tmp_path: Path) -> None:
    """Steps 1, 3 and 4 of the README's recipe as written (step 2, translating, is left undone: an
    untranslated language speaks English), then ``--lang de`` on the copy: its help, a record, the
    rules page shown in English, numbers with English's mark."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert ".venv/bin/python scripts/catalogue.py add de" in readme and "Add `\"de\"` to `LANGUAGES`" in readme
    copy = tmp_path / "repo"
    for part in ("klabber_tui", "scripts", "assets", "engine", "ai"):
        shutil.copytree(REPO / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "babel.cfg", copy / "babel.cfg")
    run = dict(cwd=copy, capture_output=True, text=True, check=True)
    subprocess.run([sys.executable, "scripts/catalogue.py", "add", "de"], **run)  # type: ignore[call-overload]
    subprocess.run([sys.executable, "scripts/catalogue.py"], **run)  # type: ignore[call-overload]
    init = copy / "klabber_tui" / "data" / "settings.py"
    source = init.read_text(encoding="utf-8")
    listed = re.sub(r'LANGUAGES = \(([^)]*)\)', lambda m: f'LANGUAGES = ({m.group(1)}, "de")', source, count=1)
    assert listed != source, "the README's step 4 names a LANGUAGES tuple that is not there"
    init.write_text(listed, encoding="utf-8")
    code = ("from klabber_tui.words import i18n; from klabber_tui.words.rules_page import rules_page_markdown; "
            "i18n.set_language('de'); print(i18n.current(), i18n.decimal(2.5), 'A deal worked through' in "
            "rules_page_markdown())")
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
    said = subprocess.run([sys.executable, "-c", code], env=env, **run)  # type: ignore[call-overload]
    assert said.stdout.split() == ["de", "2.5", "True"]
    helped = subprocess.run([sys.executable, "-m", "klabber_tui.cli", "--lang", "de", "--help"], env=env, **run)  # type: ignore[call-overload]
    assert "usage: klabber" in helped.stdout
