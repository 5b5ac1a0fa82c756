"""The message catalogue's chores, in the order they must run (README, "Translating klabber").

    python scripts/catalogue.py            extract the template, bring every language's .po to it, compile
    python scripts/catalogue.py add XX     start language XX: its folder, its .po from the template, its .mo

Every language but English is a folder of ``klabber_tui/words/i18n/``: ``klabber.po`` (the translator's
file), ``klabber.mo`` (compiled, read by the game), and optionally ``help.md`` and ``rules.md`` (the
language's own pages; without them the English pages of ``assets/`` are shown). ``--root`` runs the
same chores on another copy of the repository (the suite follows the recipe on a scratch copy).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = ("_", "gettext", "_l", "lazy_gettext", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3",
            "lazy_pgettext:1c,2")


def pybabel(*args: str, root: Path) -> None:
    """Run Babel's ``pybabel`` (the one beside this Python, as the ``[test]`` extra installs it)."""
    command = shutil.which("pybabel", path=str(Path(sys.executable).parent)) or "pybabel"
    if subprocess.run([command, *args], cwd=root).returncode:
        raise SystemExit(f"catalogue.py: pybabel {args[0]} failed (its message is above)")


def folder(root: Path) -> Path:
    return root / "klabber_tui" / "words" / "i18n"


def languages(root: Path) -> list[str]:
    """The languages that have a folder with a catalogue (English has none: it is the code's own)."""
    return sorted(p.parent.name for p in folder(root).glob("*/klabber.po"))


def extract(root: Path) -> None:
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    pybabel("extract", "-F", "babel.cfg", *keywords, "-c", "TRANSLATORS:", "--add-location=file", "--sort-output",
            "--no-wrap", "--project=klabber", "-o", "klabber_tui/words/i18n/klabber.pot", "klabber_tui", root=root)


def update(lang: str, root: Path) -> None:
    pybabel("update", "-i", "klabber_tui/words/i18n/klabber.pot", "-o", f"klabber_tui/words/i18n/{lang}/klabber.po",
            "-l", lang, "--no-wrap", "--ignore-pot-creation-date", "--previous", root=root)


def compile_mo(lang: str, root: Path) -> None:
    pybabel("compile", "-i", f"klabber_tui/words/i18n/{lang}/klabber.po", "-o", f"klabber_tui/words/i18n/{lang}/klabber.mo",
            "-l", lang, "--statistics", root=root)


def add(lang: str, root: Path) -> None:
    if not re.fullmatch(r"[a-z]{2,3}", lang):
        raise SystemExit(f"catalogue.py: a language is a code of two or three small letters (de, uk), not {lang!r}")
    if (folder(root) / lang).exists():
        raise SystemExit(f"catalogue.py: {lang} has a folder already: run without 'add' to update it")
    (folder(root) / lang).mkdir()
    extract(root)
    pybabel("init", "-i", "klabber_tui/words/i18n/klabber.pot", "-o", f"klabber_tui/words/i18n/{lang}/klabber.po",
            "-l", lang, "--no-wrap", root=root)
    compile_mo(lang, root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("add", nargs="?", choices=("add",), help="start a new language")
    parser.add_argument("lang", nargs="?", help="the new language's code (with add)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository to work on (default: this one)")
    args = parser.parse_args()
    if args.add:
        if not args.lang:
            parser.error("add needs the language's code: catalogue.py add de")
        add(args.lang, args.root)
        return
    extract(args.root)
    for lang in languages(args.root):
        update(lang, args.root)
        compile_mo(lang, args.root)


if __name__ == "__main__":
    main()
