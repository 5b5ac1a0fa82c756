"""Bring the Russian catalogue up to date with the English source text, and compile it (issue 12).

Run after changing a message in ``klabber_tui/text.py``: every message of ``text.source_messages()``
and ``text.SOURCE_PLURALS`` gets an entry in ``klabber_tui/i18n/ru.po`` (msgctxt: its name and key),
translations of unchanged English text are kept, a changed English text keeps its old translation
marked fuzzy for the translator, messages no longer in the source are dropped, and ``ru.mo`` is
written from the ``.po``. Entries without msgctxt are argparse's own words and are kept as they are.
``tests/test_i18n.py`` fails when this has not been run.

    .venv/bin/python scripts/update_catalogue.py
"""

from __future__ import annotations

import sys
import datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from klabber_tui import text  # noqa: E402

FOLDER = ROOT / "klabber_tui" / "i18n"
CREATED = datetime.datetime(2026, 11, 30, tzinfo=datetime.timezone.utc)


def updated(old: Catalog) -> Catalog:
    """A catalogue with the source's messages, carrying over what ``old`` translates."""
    # A fixed date: a header that changed on every run made every merge of two branches conflict.
    new = Catalog(locale="ru", project="klabber", fuzzy=False, creation_date=CREATED, revision_date=CREATED)
    for context, english in text.source_messages().items():
        kept = old.get(english, context=context)
        found = kept or next((m for m in old if m.context == context and m.string), None)
        new.add(english, found.string if found else "", context=context,
                flags=("fuzzy",) if found is not None and found is not kept else ())
    for key, forms in text.SOURCE_PLURALS.items():
        context = f"PLURALS.{key}"
        kept = old.get(forms, context=context)
        new.add(forms, kept.string if kept else ("", "", ""), context=context)
    for message in old:
        if message.id and message.context is None:
            new.add(message.id, message.string, auto_comments=("argparse's own words",))
    return new


def main() -> None:
    po, mo = FOLDER / "ru.po", FOLDER / "ru.mo"
    old = read_po(po.open("rb"), locale="ru") if po.exists() else Catalog(locale="ru")
    catalog = updated(old)
    with po.open("wb") as stream:
        write_po(stream, catalog, width=0, omit_header=False, sort_output=False)
    with mo.open("wb") as stream:
        write_mo(stream, catalog)
    missing = [m.context for m in catalog if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple)
                                                                          else (m.string,)))]
    print(f"{po}: {len(catalog)} messages; untranslated or fuzzy: {len(missing)} {missing[:10]}")


if __name__ == "__main__":
    main()
