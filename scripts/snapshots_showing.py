"""Which snapshots show a piece of text: the screens to re-take after rewording a message.

A snapshot is an SVG whose lines are split into many ``<text>`` elements, with spaces stored as
``&#160;``, so a ``grep`` of the tests for a sentence finds nothing. This reads each SVG's lines as the
terminal showed them (the fragments of a line joined in order, entities decoded) and prints every
snapshot and line that contains the text; a sentence the screen wrapped is found by a part of it.

    python scripts/snapshots_showing.py "gives up"
"""

from __future__ import annotations

import argparse
import html
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRAGMENT = re.compile(r'<text class="terminal-[^"]*" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>([^<]*)</text>')


def screen_lines(svg: str) -> list[str]:
    """The terminal's lines of a Textual snapshot, top to bottom, each fragment at its column."""
    rows: dict[float, list[tuple[int, str]]] = defaultdict(list)
    fragments = [(float(x), float(y), float(length), html.unescape(text).replace("\xa0", " "))
                 for x, y, length, text in FRAGMENT.findall(svg)]
    cell = min((length / len(text) for _, _, length, text in fragments if text), default=1.0)
    for x, y, _, text in fragments:
        rows[y].append((round(x / cell), text))
    lines = []
    for _, parts in sorted(rows.items()):
        line = ""
        for column, text in sorted(parts):
            line = line.ljust(column) + text
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("text", help="the words to look for, as the screen shows them")
    parser.add_argument("--folder", type=Path, default=ROOT / "tests", help="where to look for snapshots")
    args = parser.parse_args()
    found = 0
    for svg in sorted(args.folder.rglob("__snapshots__/**/*.svg")):
        for line in screen_lines(svg.read_text(encoding="utf-8")):
            if args.text in line:
                print(f"{svg.relative_to(ROOT) if svg.is_relative_to(ROOT) else svg}: {line.strip()}")
                found += 1
    if not found:
        print(f"no snapshot shows {args.text!r}")


if __name__ == "__main__":
    main()
