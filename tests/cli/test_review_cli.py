"""`klabber replay FILE --review` (issue 5): both seats' decisions judged by the coach, as tables."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "assets" / "records" / "clobber-seed000-hand.json"  # shipped: runs from a clone
ENV = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}


def klabber(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", env=ENV, cwd=REPO, timeout=120)


@pytest.mark.slow
def test_review_of_the_example_prints_the_mistakes_of_both_seats() -> None:
    out = klabber("replay", EXAMPLE, "--review", "--level", "easy")
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    text = out.stdout
    assert "All the cards" in text and "Turn-up 8♦ · bottom 7♣" in text
    for seat in ("Elder", "Dealer"):
        assert f"Each decision of {seat}, in order" in text
        assert f"Costliest decisions of {seat}" in text or f"{seat}: no decision gave up points" in text
    assert "Costliest decisions of" in text  # someone gave up points in this hand
    assert text.index("Costliest decisions of Elder") < text.index("Each decision of Elder")


def test_a_bad_record_exits_2_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "klabber-deal/1", "rules": "clobber"}')
    out = klabber("replay", bad, "--review")
    assert out.returncode == 2
    assert out.stdout == "" and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "missing key" in out.stderr
    missing = klabber("replay", tmp_path / "nope.json", "--review", "--level", "hard")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1


def test_a_bad_level_exits_2(tmp_path: Path) -> None:
    out = klabber("replay", tmp_path / "x.json", "--review", "--level", "expert")
    assert out.returncode == 2 and out.stderr.count("\n") == 1


def test_the_review_module_imports_no_textual() -> None:
    code = ("import sys, klabber_tui.practice.review\n"
            "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] == 'textual')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == ""
