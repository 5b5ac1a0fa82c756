"""``klabber replay FILE --what-if N ACTION`` (issue 25): the JSON's shape, its records replayed by
``klabber replay --json`` to the very lines given, the same lines for the same inputs, and the
refusals (one line, exit 2, nothing on stdout)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "assets" / "records" / "klaberjass-sample.json"
ENV = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8",
       "LANG": "C.UTF-8"}
RESULT_KEYS = {"outcome", "trump", "maker", "elder", "dealer"}


def klabber(*args: str | Path, lang: str = "en") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", "--lang", lang, *map(str, args)],
                          capture_output=True, text=True, encoding="utf-8", env=ENV, cwd=REPO, timeout=120)


def replayed(record: dict, folder: Path) -> dict:
    path = folder / "line.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = klabber("replay", path, "--json")
    assert out.returncode == 0, out.stderr
    result: dict = json.loads(out.stdout)
    return result


@pytest.mark.slow
def test_the_records_it_returns_replay_to_its_lines(tmp_path: Path) -> None:
    out = klabber("replay", SAMPLE, "--what-if", "0", "take", "--level", "easy", "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert set(answer) == {"actual", "what_if", "bots", "coach"}
    assert answer["actual"] == json.loads(klabber("replay", SAMPLE, "--json").stdout)
    original = json.loads(SAMPLE.read_text(encoding="utf-8"))
    for key, first in (("what_if", ["elder", "take"]), ("bots", ["elder", "pass"])):
        line = answer[key]
        record = line.pop("record")
        assert set(line) == RESULT_KEYS
        assert replayed(record, tmp_path) == line
        assert record["actions"][0] == first
        for part in ("elder", "dealer", "turn_up", "bottom", "rules"):
            assert record[part] == original[part]  # the same cards
        assert record["meta"]["what_if_index"] == 0 and record["meta"]["what_if_action"] == "take"
        assert record["meta"]["what_if_line"] == key
    assert answer["what_if"]["maker"] == "elder"  # take: the elder makes the turn-up's suit trump (§4.1)
    coach = answer["coach"]
    assert coach["seat"] == "elder" and coach["chosen"] == "pass" and coach["what_if"] == "take"
    assert {c["action"] for c in coach["choices"]} == {"take", "pass", "schmeiss"}
    for choice in coach["choices"]:
        assert {"ev", "deal_ev", "make_prob"} <= set(choice)
        assert (choice["make_prob"] is None) == (choice["action"] != "take")
    again = klabber("replay", SAMPLE, "--what-if", "0", "take", "--level", "easy", "--seed", "4", "--json")
    assert json.loads(again.stdout) == json.loads(out.stdout)  # seeded: the same lines


@pytest.mark.slow
def test_a_later_decision_keeps_the_actions_before_it(tmp_path: Path) -> None:
    out = klabber("replay", SAMPLE, "--what-if", "4", "play 7H", "--level", "easy", "--json")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    original = json.loads(SAMPLE.read_text(encoding="utf-8"))["actions"]
    record = answer["what_if"]["record"]
    assert record["actions"][:4] == original[:4]
    assert record["actions"][4] == ["dealer", "play 7H"]
    assert replayed(record, tmp_path) == {k: v for k, v in answer["what_if"].items() if k != "record"}


@pytest.mark.parametrize(("args", "words"), [
    (("20", "take"), "the record has 20 actions; N must be 0 to 19"),
    (("-1", "take"), "N must be 0 to 19"),
    (("x", "take"), "a whole number from 0"),
    (("1", "name H"), "the dealer may not do that at action 1; allowed: take, pass, schmeiss"),
    (("1", "Take"), "not an action in record notation"),
    (("2", "play 7H"), "the elder may not do that at action 2; allowed: play "),  # 7H is the dealer's
])
def test_a_what_if_that_cannot_be_played_is_one_line_and_exit_2(args: tuple[str, str], words: str) -> None:
    out = klabber("replay", SAMPLE, "--what-if", *args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert f"--what-if {args[0]}" in out.stderr or f"--what-if {args[0]!r}" in out.stderr


def test_a_lead_may_be_any_of_the_leaders_nine_cards() -> None:
    out = klabber("replay", SAMPLE, "--what-if", "2", "play 7H")
    allowed = out.stderr.strip().rpartition("allowed: ")[2].split(", ")
    # The elder leads the first trick (§2) with his nine cards: first six and the extra three (the record).
    assert sorted(allowed) == sorted(f"play {c}" for c in ("KD", "AH", "JD", "8D", "KH", "KS", "KC", "AS", "AD"))


def test_a_thrown_in_record_without_extra_cards_cannot_be_played_past_the_bidding(tmp_path: Path) -> None:
    obj = json.loads(SAMPLE.read_text(encoding="utf-8"))
    obj["actions"] = [["elder", "pass"], ["dealer", "pass"], ["elder", "pass"], ["dealer", "pass"]]
    for seat in ("elder", "dealer"):
        del obj[seat]["extra"]
    path = tmp_path / "thrown.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    out = klabber("replay", path, "--what-if", "2", "name H", "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "--what-if 2 'name H'" in out.stderr and "'extra'" in out.stderr


@pytest.mark.slow
def test_seed_alone_and_review_with_what_if_are_refused() -> None:
    alone = klabber("replay", SAMPLE, "--seed", "3")
    assert alone.returncode == 2 and alone.stderr.count("\n") == 1 and alone.stdout == ""
    both = klabber("replay", SAMPLE, "--review", "--what-if", "0", "take")
    assert both.returncode == 2 and both.stderr.count("\n") == 1 and both.stdout == ""


@pytest.mark.slow
def test_the_page_for_a_person_shows_three_lines_and_the_coach() -> None:
    out = klabber("replay", SAMPLE, "--what-if", "0", "take", "--level", "easy", "--ascii")
    assert out.returncode == 0, out.stderr
    for words in ("What happened", "Same choice, bots", "What if: take", "Trick 9", "chosen", "what if",
                  "Judgement"):
        assert words in out.stdout
    assert all(len(line) <= 80 for line in out.stdout.splitlines())
    assert out.stdout.isascii()  # --ascii: suits by their letters, the table's rules and the arrows too
