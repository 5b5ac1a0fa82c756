"""Bring the Russian catalogue up to date and compile it, with Babel's own ``pybabel`` (issue 23).

This runs the three commands of the README's "Translating klabber" section (extract, update,
compile). While messages still move out of ``klabber_tui/text.py``'s tables (the transition of
issue 23), the template given to ``pybabel update`` also holds the messages the old walker finds
there (``text.source_messages()``, ``text.SOURCE_PLURALS``); without them ``update`` would retire
every message not yet moved. When the last table is gone this script goes too, and the README's
commands are all there is. ``tests/test_catalogue.py`` fails when it has not been run.

    .venv/bin/python scripts/update_catalogue.py
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.pofile import read_po, write_po  # noqa: E402

from klabber_tui import text  # noqa: E402


def readme_commands() -> dict[str, list[str]]:
    """The README's pybabel commands (its one source), by their verb: extract, update, compile."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    commands = [shlex.split(line) for line in lines if line.startswith(".venv/bin/pybabel ")]
    return {words[1]: [str(Path(sys.executable).with_name("pybabel")), *words[1:]] for words in commands}


def run(command: list[str]) -> None:
    subprocess.run(command, cwd=ROOT, check=True)


def main() -> None:
    commands = readme_commands()
    run(commands["extract"])
    extract = commands["extract"]
    with (ROOT / extract[extract.index("-o") + 1]).open("rb") as stream:
        template = read_po(stream)
    for context, english in text.source_messages().items():
        template.add(english, context=context)
    for key, forms in text.SOURCE_PLURALS.items():
        template.add(forms, context=f"PLURALS.{key}")
    for message in template:
        if message.context is not None:  # the tables' messages take str.format's {placeholders}:
            message.flags.discard("python-format")  # "95% interval" is not a %-format
    with tempfile.TemporaryDirectory() as folder:
        both = Path(folder) / "klabber.pot"
        with both.open("wb") as stream:
            write_po(stream, template, width=0)
        update = commands["update"]
        update[update.index("-i") + 1] = str(both)
        run(update)
    run(commands["compile"])


if __name__ == "__main__":
    main()
