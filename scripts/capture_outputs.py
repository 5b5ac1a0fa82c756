"""Capture what every ``klabber`` command prints, in both languages, so two versions can be compared.

Issue 30 (no behaviour changes): run this before and after a change and diff the two folders
(``diff -r before after``). Each command runs in a fresh data folder made from the repository's own
fixtures (a statistics file, a saved match), with ``LC_ALL=C.UTF-8`` and a fixed ``COLUMNS``; one file
per command holds its exit code, standard output and standard error. Outputs that carry a measured
time (``bench``, ``arena``'s elapsed seconds) are left out: they differ from run to run.

    python scripts/capture_outputs.py OUT_FOLDER
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "assets" / "records" / "klaberjass-sample.json"
CLOBBER = ROOT / "assets" / "records" / "clobber-seed000-hand.json"
FIXTURES = ROOT / "tests" / "ui" / "fixtures"

# (name, arguments): each runs once per language.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("help", ("--help",)),
    *((f"help-{c}", (c, "--help")) for c in ("replay", "play", "export", "drill", "stats", "advise", "arena", "bench")),
    ("replay", ("replay", str(RECORD))),
    ("replay-json", ("replay", str(RECORD), "--json")),
    ("replay-ascii", ("replay", str(RECORD), "--ascii")),
    ("replay-clobber", ("replay", str(CLOBBER))),
    ("replay-review", ("replay", str(RECORD), "--review")),
    ("replay-review-json", ("replay", str(RECORD), "--review", "--json")),
    ("replay-review-ascii", ("replay", str(RECORD), "--review", "--ascii")),
    ("what-if", ("replay", str(RECORD), "--what-if", "1", "pass")),
    ("what-if-json", ("replay", str(RECORD), "--what-if", "1", "pass", "--json")),
    ("what-if-bad", ("replay", str(RECORD), "--what-if", "99", "pass")),
    ("advise-over", ("advise", str(RECORD))),
    ("advise-bid", ("advise", "bid.json")),
    ("advise-bid-json", ("advise", "bid.json", "--json")),
    ("advise-play", ("advise", "play.json")),
    ("advise-play-json", ("advise", "play.json", "--json")),
    ("advise-hand", ("advise", "--hand", "JC 9C AH TH KS 7D", "--turn-up", "8C", "--seat", "elder")),
    ("advise-hand-json", ("advise", "--hand", "JC 9C AH TH KS 7D", "--turn-up", "8C", "--seat", "elder", "--json")),
    ("advise-hand-twice", ("advise", "--hand", "JC JC AH TH KS 7D", "--turn-up", "8C", "--seat", "elder")),
    ("stats", ("stats",)),
    ("stats-json", ("stats", "--json")),
    ("stats-ascii", ("stats", "--ascii")),
    ("drill-mistakes-json", ("drill", "--mistakes", "--json")),
    ("drill-json", ("drill", "--json", "--count", "1", "--seed", "3", "--rules", "clobber")),
    ("export", ("export", "--out", "exported")),
    ("arena-json", ("arena", "random", "greedy", "--deals", "2", "--json")),
    ("missing-file", ("replay", "no-such-file.json")),
    ("bad-argument", ("play", "--target", "north")),
    ("bad-command", ("fly",)),
    ("player-without-review", ("replay", str(RECORD), "--player", "elder")),
)

MEASURED = re.compile(r'"(elapsed|seconds|wall)[a-z_]*": [0-9.e-]+')


def mid_deal_records(where: Path) -> None:
    """The sample deal cut after its first bid (``bid.json``) and after its first card (``play.json``)."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    for name, cut in (("bid.json", 1), ("play.json", 3)):
        (where / name).write_text(json.dumps({**record, "actions": record["actions"][:cut]}), encoding="utf-8")


def data_folder(where: Path) -> Path:
    """A data folder with the fixtures' statistics and saved match, as a player's would hold them."""
    home = where / "home"
    home.mkdir()
    shutil.copy(FIXTURES / "stats" / "stats.json", home / "stats.json")
    shutil.copy(FIXTURES / "round-one" / "match.json", home / "match.json")
    return home


def capture(out: Path, klabber: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ru"):
        for name, args in COMMANDS:
            with tempfile.TemporaryDirectory() as scratch:
                home = data_folder(Path(scratch))
                mid_deal_records(Path(scratch))
                env = {**os.environ, "KLABBER_HOME": str(home), "LC_ALL": "C.UTF-8", "COLUMNS": "100"}
                done = subprocess.run([*klabber, "--lang", lang, *args], capture_output=True, text=True,
                                      env=env, cwd=scratch, stdin=subprocess.DEVNULL, timeout=600)
                stdout = MEASURED.sub(r'"\1": <measured>', done.stdout.replace(scratch, "<scratch>"))
                stderr = done.stderr.replace(scratch, "<scratch>")
                (out / f"{lang}-{name}.txt").write_text(
                    f"exit {done.returncode}\n--- stdout\n{stdout}--- stderr\n{stderr}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write one file per command into")
    args = parser.parse_args()
    klabber = shutil.which("klabber", path=str(Path(sys.executable).parent))
    if klabber is None:
        parser.error("no klabber command beside this Python: install the project (pip install -e .)")
    capture(args.out, [klabber])


if __name__ == "__main__":
    main()
