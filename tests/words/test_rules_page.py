"""Issue 13: the players' rules page (assets/rules.md via klabber_tui.words.rules_page): built from the
presets and options, shipped in the package, and its worked deal agrees with the sample record.
Issue 12: the same page in Russian (words/i18n/ru/rules.md), its generated tables in the player's words.

The worked deal's numbers were worked out by hand from rules.md §1 (card points), §6 (sequences)
and §8 (scoring) and written into the page; this test replays the record and checks the page
against the engine, trick by trick, in both languages."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from engine.record import parse_record, replay
from engine.rules import OPTION_NAMES, OPTION_VALUES, PRESETS, RuleSet
from klabber_tui.data.settings import LANGUAGES
from klabber_tui.words import i18n
from klabber_tui.words.help import help_markdown
from klabber_tui.words.rules_page import rules_page_markdown
from klabber_tui.words.cards import card_text
from klabber_tui.words.names import preset_title, preset_titles_words
from klabber_tui.words.options import OptionWords, option_title, option_value_text, option_words

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# The worked deal's words in each language: the seats in the trick table, and the counting lines.
SEAT_WORDS = {"en": {"elder": "elder", "dealer": "dealer"}, "ru": {"elder": "старшая", "dealer": "сдающий"}}
COUNTING = {
    "en": (r"Dealer \(maker\): cards ([\d + ]+) = (\d+), sequence (\d+): total (\d+)\.",
           r"Elder: cards ([\d + ]+) = (\d+), last trick (\d+): total (\d+)\."),
    "ru": (r"Сдающий \(играющий\): карты ([\d + ]+) = (\d+), секвенция (\d+): всего (\d+)\.",
           r"Старшая рука: карты ([\d + ]+) = (\d+), последняя взятка (\d+): всего (\d+)\."),
}


def _sample():
    record = resources.files("assets").joinpath("records", "klaberjass-sample.json").read_text(encoding="utf-8")
    return replay(parse_record(json.loads(record)))


def test_the_page_ships_in_the_package_and_has_no_placeholders_left() -> None:
    assert resources.files("assets").joinpath("rules.md").is_file()
    page = rules_page_markdown()
    assert "<!--" not in page and "{" not in page  # every generated part filled in
    assert "../shared" not in page  # a player of an installed klabber has no ../shared


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_preset_and_every_option_value_is_on_the_page(lang: str) -> None:
    i18n.set_language(lang)
    page = rules_page_markdown()
    for name, preset in PRESETS.items():
        assert f"{preset_title(name)} (`{name}`)" in page
    for option in OPTION_NAMES:
        title = option_title(option)
        row = next(line for line in page.splitlines() if line.startswith(f"| {title} |"))
        values = [option_value_text(p.options[option], option) for p in PRESETS.values()]
        assert row == f"| {title} | " + " | ".join(values) + " |"
        for _, meaning in option_words()[option].values.values():
            assert meaning in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_worked_deal_agrees_with_the_sample_record(lang: str) -> None:
    i18n.set_language(lang)
    deal = _sample()
    page = rules_page_markdown()
    seats = {word: seat for seat, word in SEAT_WORDS[lang].items()}
    rows = re.findall(r"^\| (\d) \| (\w+) \| (\S+) \| (\S+) \| (\w+) \| [\d +]+ = (\d+) \|$", page, re.MULTILINE)
    assert len(rows) == 9 == len(deal.tricks)
    for (number, leader, lead, answer, winner, points), trick in zip(rows, deal.tricks, strict=True):
        assert (seats[leader], seats[winner], int(points)) == (trick.leader, trick.winner, trick.points), number
        assert (lead, answer) == tuple(card_text(c) for c in trick.cards), number
    result = deal.result()
    assert result.outcome == "made" and result.maker == "dealer" and result.trump == 0
    dealer, elder = result.seat("dealer"), result.seat("elder")
    assert (dealer.cards, dealer.sequences, dealer.total, dealer.scored) == (61, 20, 81, 81)
    assert (elder.cards, elder.last_trick, elder.total, elder.scored) == (36, 10, 46, 46)
    for pattern, seat, extra in zip(COUNTING[lang], ("dealer", "elder"), (dealer.sequences, elder.last_trick),
                                    strict=True):
        found = re.search(pattern, page)
        assert found, pattern
        won = [t.points for t in deal.tricks if t.winner == seat]
        cards, total = result.seat(seat).cards, result.seat(seat).total
        assert [int(p) for p in found[1].split(" + ")] == won and sum(won) == cards
        assert (int(found[2]), int(found[3]), int(found[4])) == (cards, extra, total)


def test_the_russian_page_is_russian_and_names_every_preset_in_russian() -> None:
    """The outside check's measure: at least three quarters of the letters Cyrillic (issue 12)."""
    i18n.set_language("ru")
    page = rules_page_markdown()
    letters = [c for c in page if c.isalpha()]
    assert sum(bool(CYRILLIC.match(c)) for c in letters) >= 0.75 * len(letters)
    for name in ("Клоббер", "Клаберджас", "Клаберас", "Калабриаз"):
        assert f"{name}" in page
    assert page.startswith("# Клаберджас вдвоём") and "A deal worked through" not in page
    for option in OPTION_NAMES:  # every option named in words, the record's name beside it
        assert CYRILLIC.search(option_title(option)) and f"(`{option}`)" in page


def test_the_preset_table_is_generated_from_the_words(reword) -> None:
    """Change a preset's name in the words and the page's table follows: nothing is copied into the file."""
    i18n.set_language("ru")
    before = rules_page_markdown()
    titles = {**preset_titles_words(), "klaberass": "Клаберас-проба"}
    reword(preset_titles_words, lambda: titles)
    after = rules_page_markdown()
    assert "Клаберас-проба (`klaberass`)" in after and "Клаберас-проба" not in before
    table = option_words()
    schmeiss = table["schmeiss"]
    short = {"none": "нет", "round_one": "раз", "both_rounds": "два"}
    table["schmeiss"] = OptionWords(schmeiss.title, {v: (short[v], meaning) for v, (_, meaning) in schmeiss.values.items()})
    reword(option_words, lambda: table)
    row = next(line for line in rules_page_markdown().splitlines() if line.startswith("| шмайс (`schmeiss`) |"))
    assert row == "| шмайс (`schmeiss`) | нет | два | раз | раз |"


def test_no_english_option_value_in_russian_help_or_rules() -> None:
    """The help table (every preset) and the rules page show each option's values in Russian words."""
    english = {str(v).replace("_", " ") for values in OPTION_VALUES.values() for v in values if isinstance(v, str)}

    def cells(page: str) -> set[str]:
        return {cell.strip() for line in page.splitlines() if line.startswith("|") for cell in line.split("|")}

    def pages() -> list[str]:
        return [help_markdown(RuleSet.from_preset(name)) for name in PRESETS] + [rules_page_markdown()]

    assert all(english & cells(page) for page in pages())  # in English the values are there: the check bites
    i18n.set_language("ru")
    for page in pages():
        assert not english & cells(page)
    assert "в обоих кругах" in cells(help_markdown(RuleSet.from_preset("klaberjass")))


def test_every_option_and_value_has_its_words_in_the_one_table() -> None:
    """Issue 30: an option's words are one entry of ``option_words`` (title, and each value's word and
    meaning), so a new option of engine.rules without its words fails here, naming what is missing."""
    table = option_words()
    assert set(table) == set(OPTION_NAMES), "an option of engine.rules lacks its entry in words/options.py"
    for option, values in OPTION_VALUES.items():
        if option == "target":  # a number: its meaning is one sentence of the rules page and help
            continue
        assert set(table[option].values) == set(values), option
        for value, (word, meaning) in table[option].values.items():
            assert meaning and (word is not None or isinstance(value, bool)), (option, value)
