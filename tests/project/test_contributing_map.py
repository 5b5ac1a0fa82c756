"""Issue 30: docs/contributing.md names real files. Every path it quotes (in backticks) exists, from
the repository's root, from ``klabber_tui/`` or from one of its rooms (a table row says ``table/`` for
``practice/table/``), except the files its walk-throughs create and the shared specification beside
the repository."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "docs" / "contributing.md"
# What the walk-throughs make: a new language's folder, a new page and its words, the shared spec.
CREATED = {"klabber_tui/ui/screens/history.py", "words/history.py", "de/klabber.po", "de/klabber.mo",
           "de/help.md", "de/rules.md", "klabber_tui/words/i18n/de/klabber.po", "../shared/rules.md", "../shared/"}
BASES = (REPO, REPO / "klabber_tui", *sorted((REPO / "klabber_tui").glob("*/")), REPO / "klabber_tui" / "words" / "i18n")


def quoted_paths() -> list[str]:
    spans = re.findall(r"`([^`\s]+)`", MAP.read_text(encoding="utf-8"))
    return [s.split("::")[0] for s in spans if "/" in s and re.search(r"(\.\w+|/)$", s.split("::")[0])]


def test_the_map_quotes_paths() -> None:
    assert len(quoted_paths()) > 40


def test_every_path_the_map_names_exists() -> None:
    missing = [p for p in quoted_paths() if p not in CREATED
               and not any((base / p).exists() for base in BASES)]
    assert missing == [], f"docs/contributing.md names files that are not there: {missing}"
