"""Issue 23: the players' words (docs/glossary.md). A rejected word is gone from the Russian catalogue
and from the Russian help and rules pages, and stays gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "klabber_tui" / "i18n" / "help.ru.md", REPO / "assets" / "rules.ru.md"]

# docs/glossary.md, "Rejected words": the pattern, and the players' word that replaces it.
REJECTED = {
    r"прикуп": "дополнительная сдача",
    r"\bзерн[оауе]": "номер тасовки",
    r"сдач\w* отмен|отмен\w* сдач|отменённ\w* сдач": "пересдача",
    r"провал": "сел",
    r"\bничь[яиюе]": "подсел",
}


def russian_texts() -> list[tuple[str, str]]:
    """Every Russian text a player can read: each translation (every plural form) and each page."""
    with (REPO / "klabber_tui" / "i18n" / "ru.po").open("rb") as stream:
        catalogue = read_po(stream, locale="ru")
    found = []
    for message in catalogue:
        if message.id:
            for form in message.string if isinstance(message.string, tuple) else (message.string,):
                found.append((f"ru.po {message.context or ''} {message.id!r}", form))
    return found + [(page.name, page.read_text(encoding="utf-8")) for page in PAGES]


@pytest.mark.parametrize("pattern", sorted(REJECTED))
def test_a_rejected_word_is_gone(pattern: str) -> None:
    left = [where for where, text in russian_texts() if re.search(pattern, text, re.IGNORECASE)]
    assert left == [], f"{pattern!r} is rejected (docs/glossary.md): say «{REJECTED[pattern]}» in {left}"


def test_the_glossary_lists_every_rejected_word() -> None:
    glossary = (REPO / "docs" / "glossary.md").read_text(encoding="utf-8")
    for word in ("прикуп", "зерно", "сдача отменена", "провал", "ничья"):
        assert f"«{word}" in glossary
