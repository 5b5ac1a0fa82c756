"""Issues 9 and 22: outside ``engine/`` an action is an ``engine.actions.Action`` value, never words
taken apart, read or compared by hand, and the suit letters come from ``engine.cards.SUITS``, never
written out again. Text becomes an Action only in ``engine`` (records) and the command line's
words said of a typed hand, in record notation (``klabber_tui/practice/any_hand.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HAND_PARSES = {
    "the suit letters written out": re.compile(r"""["']CDHS["']"""),
    "an action split into words": re.compile(r"""\.split\(["'] ["']\)|startswith\(["'](play|name) ?["']\)"""),
    "an action's card or suit cut out by position": re.compile(r"""action\[(-1|5:7|5:)\]"""),
    "text read as an action outside records and the command line": re.compile(r"""Action\.parse\("""),
    "an action compared with its text": re.compile(
        r"""["'](take|pass|schmeiss|accept|refuse|exchange|play \w+|name \w)["']\s+(not\s+)?in\b[^#]*\blegal"""),
    "an action written in the record's notation by hand": re.compile(r"""f["'](play|name) \{format_(card|suit)\("""),
}
PARSES_TEXT = {Path("klabber_tui/practice/any_hand.py")}  # the words said of a typed hand are read as text


@pytest.mark.parametrize("package", ["ai", "klabber_tui"])
def test_no_action_is_parsed_by_hand(package: str) -> None:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        if path.relative_to(ROOT) in PARSES_TEXT:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for what, pattern in HAND_PARSES.items():
                if pattern.search(line):
                    bad.append(f"{path.relative_to(ROOT)}:{n}: {what}: {line.strip()}")
    assert not bad, "\n".join(bad)


def test_the_check_sees_the_old_hand_parses() -> None:
    """The patterns catch what the interface used to write."""
    old = ['"CDHS".index(a[-1])', 'a.split(" ")[1]', 'a.startswith("play ")', "action[-1]",
           'words = action.split(" ")', 'if "exchange" in view.legal:', "move = Action.parse(action)",
           'return "take" if "take" in legal else "pass"', 'actions.append(f"play {format_card(c)}")']
    assert all(any(p.search(line) for p in HAND_PARSES.values()) for line in old)
