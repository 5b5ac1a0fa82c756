"""Issue 13: the players' rules page (assets/rules.md via klabber_tui.rules_page): built from the
presets and options, shipped in the package, and its worked deal agrees with the sample record.

The worked deal's numbers were worked out by hand from rules.md §1 (card points), §6 (sequences)
and §8 (scoring) and written into the page; this test replays the record and checks the page
against the engine, trick by trick."""

from __future__ import annotations

import json
import re
from importlib import resources

from engine.record import parse_record, replay
from engine.rules import OPTION_NAMES, PRESETS
from klabber_tui import text
from klabber_tui.rules_page import rules_page_markdown


def _sample():
    record = resources.files("assets").joinpath("records", "klaberjass-sample.json").read_text(encoding="utf-8")
    return replay(parse_record(json.loads(record)))


def test_the_page_ships_in_the_package_and_has_no_placeholders_left() -> None:
    assert resources.files("assets").joinpath("rules.md").is_file()
    page = rules_page_markdown()
    assert "<!--" not in page and "{" not in page  # every generated part filled in
    assert "../shared" not in page  # a player of an installed klabber has no ../shared


def test_every_preset_and_every_option_value_is_on_the_page() -> None:
    page = rules_page_markdown()
    for name, preset in PRESETS.items():
        assert f"{preset.title} (`{name}`)" in page
    for option in OPTION_NAMES:
        row = next(line for line in page.splitlines() if line.startswith(f"| `{option}` |"))
        values = [text.option_value_text(p.options[option]) for p in PRESETS.values()]
        assert row == f"| `{option}` | " + " | ".join(values) + " |"
        for meaning in text.OPTION_HELP.get(option, {}).values():
            assert meaning in page


def test_the_worked_deal_agrees_with_the_sample_record() -> None:
    deal = _sample()
    page = rules_page_markdown()
    rows = re.findall(r"^\| (\d) \| (\w+) \| (\S+) \| (\S+) \| (\w+) \| [\d +]+ = (\d+) \|$", page, re.MULTILINE)
    assert len(rows) == 9 == len(deal.tricks)
    for (number, leader, lead, answer, winner, points), trick in zip(rows, deal.tricks, strict=True):
        assert (leader, winner, int(points)) == (trick.leader, trick.winner, trick.points), number
        assert (lead, answer) == tuple(text.card_text(c) for c in trick.cards), number
    result = deal.result()
    assert result.outcome == "made" and result.maker == "dealer" and result.trump == 0
    dealer, elder = result.seat("dealer"), result.seat("elder")
    assert (dealer.cards, dealer.sequences, dealer.total, dealer.scored) == (61, 20, 81, 81)
    assert (elder.cards, elder.last_trick, elder.total, elder.scored) == (36, 10, 46, 46)
    assert "cards 11 + 12 + 7 + 31 = 61, sequence 20: total 81" in page
    assert "cards 4 + 11 + 4 + 13 + 4 = 36, last trick 10: total 46" in page
