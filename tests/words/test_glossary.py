"""Issue 23: the players' words (docs/glossary.md). A rejected word is gone from the Russian catalogue
and from the Russian help and rules pages, and stays gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "klabber_tui" / "words" / "i18n" / "ru" / "help.md", REPO / "klabber_tui" / "words" / "i18n" / "ru" / "rules.md"]

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
    with (REPO / "klabber_tui" / "words" / "i18n" / "ru" / "klabber.po").open("rb") as stream:
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


# A number the player reads before a noun (issue 23): "{n} cards", «{points} очков». A fraction
# ("{loss:.1f} points", «2,5 очка») has a message of its own and takes no plural.
NUMBERS = r"\{(?:n|count|points|size|worlds|decisions|agreed|loss|se|number|boards|deals|matches)(?::[^}.]*)?\}"
NOUNS = {
    "en": r"(?:points?|cards?|deals?|tricks?|decisions?|records?|mistakes?|bids?|bytes?|match(?:es)?|boards?"
          r"|positions?|seconds?|entries|entry|words?|runs?|trumps|hands?|times|sampled deals?)\b",
    "ru": r"(?:очк|карт|сдач|взят|решени|запис|ошиб|заяв|байт|парти|расклад|позици|секунд|слов|козыр|случайн)",
}


def test_every_number_before_a_noun_is_a_plural_message() -> None:
    """The whole catalogue: a message that puts a whole number before a noun has plural forms (Russian
    agrees by the last digits), in English and in Russian."""
    with (REPO / "klabber_tui" / "words" / "i18n" / "ru" / "klabber.po").open("rb") as stream:
        catalogue = read_po(stream, locale="ru")
    found = []
    for message in catalogue:
        if not message.id or isinstance(message.id, tuple):
            continue
        for lang, words in (("en", message.id), ("ru", message.string)):
            if re.search(NUMBERS + r"\s+(?:[\w-]+\s+)?" + NOUNS[lang], words, re.IGNORECASE):
                found.append(f"{message.context} {lang}: {words!r}")
    assert found == [], "a number before a noun needs npgettext:\n" + "\n".join(found)
