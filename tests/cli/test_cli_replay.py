"""`klabber replay` as a subprocess: the contract of deal-record.md.

Valid records print the expected JSON; invalid ones exit with status 2, one line on standard error
naming the problem (the key, or ``actions[i]``), nothing on standard output and no traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
EXAMPLES = SHARED / "examples"
EXAMPLE_FILES = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json")) \
    if EXAMPLES.is_dir() else []

ENV = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}


def klabber(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "klabber_tui.cli", *map(str, args)],
        capture_output=True, text=True, encoding="utf-8", env=ENV, cwd=cwd or REPO, timeout=60,
    )


def assert_refused(out: subprocess.CompletedProcess[str], *names: str) -> str:
    """Status 2, exactly one line on stderr mentioning every name, empty stdout, no traceback."""
    assert out.returncode == 2, out
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    assert out.stderr.endswith("\n") and out.stderr.count("\n") == 1, out.stderr
    line = out.stderr.strip()
    assert line
    for name in names:
        assert name in line, (name, line)
    return line


# -- the shared examples ------------------------------------------------------------------------


@pytest.mark.skipif(not EXAMPLE_FILES, reason="shared/examples is not next to the repository")
@pytest.mark.parametrize("record", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])  # none without shared/
def test_examples_give_their_expected_json(record: Path) -> None:
    expected = json.loads(record.with_name(record.stem + ".expected.json").read_text(encoding="utf-8"))
    out = klabber("replay", record, "--json")
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert out.stdout.count("\n") == 1  # one JSON object on one line
    assert json.loads(out.stdout) == expected


@pytest.mark.skipif(not EXAMPLE_FILES, reason="shared/examples is not next to the repository")
def test_console_script_matches() -> None:
    script = Path(sys.executable).with_name("klabber")
    if not script.exists():
        pytest.skip("the klabber console script is not installed next to this interpreter")
    record = EXAMPLE_FILES[0]
    out = subprocess.run([str(script), "replay", str(record), "--json"], capture_output=True, text=True,
                         env=ENV, timeout=60)
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout) == json.loads(
        record.with_name(record.stem + ".expected.json").read_text(encoding="utf-8"))


# -- a record of our own, worked by hand ----------------------------------------------------------
#
# klaberjass, turn-up 8H, the elder takes (hearts). No sequences, no bella (KH, QH, 7H in the stock).
#   elder  JH 9H AH AC KC AD | TD AS TS      dealer TC 9C 7C KD 9D 8D | KS 9S 8S
# Tricks (elder leads each): JH 7C 20, 9H 8D 14, AH 8S 11, AC 9C 11, AD 9D 11, AS 9S 11, TD KD 14,
# TS KS 14 to the elder (106); KC TC 14 to the dealer, plus the last trick 10.
# 106 > 24: made; each scores his own total (§8).

TRICKS = [("JH", "7C"), ("9H", "8D"), ("AH", "8S"), ("AC", "9C"), ("AD", "9D"), ("AS", "9S"),
          ("TD", "KD"), ("TS", "KS"), ("KC", "TC")]


def record(**changes: Any) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "format": "klabber-deal/1",
        "rules": "klaberjass",
        "elder": {"first": ["JH", "9H", "AH", "AC", "KC", "AD"], "extra": ["TD", "AS", "TS"]},
        "dealer": {"first": ["TC", "9C", "7C", "KD", "9D", "8D"], "extra": ["KS", "9S", "8S"]},
        "turn_up": "8H",
        "bottom": "QS",
        "actions": [["elder", "take"]] + [a for lead, follow in TRICKS
                                          for a in (["elder", f"play {lead}"], ["dealer", f"play {follow}"])],
    }
    obj.update(changes)
    return obj


WORKED = {
    "outcome": "made", "trump": "H", "maker": "elder",
    "elder": {"cards": 106, "last_trick": 0, "sequences": 0, "bella": 0, "total": 106, "scored": 106},
    "dealer": {"cards": 14, "last_trick": 10, "sequences": 0, "bella": 0, "total": 24, "scored": 24},
}


def write(tmp_path: Path, obj: Any, name: str = "deal.json") -> Path:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return path


def test_worked_record(tmp_path: Path) -> None:
    out = klabber("replay", write(tmp_path, record()), "--json")
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout) == WORKED


def test_forgiving_notation_and_in_progress(tmp_path: Path) -> None:
    # §1: any case, ten as 10, suit symbols. The record stops after two tricks: in progress,
    # numbers settled so far, last trick and scored 0 (deal-record.md).
    obj = record(actions=[["elder", "take"], ["elder", "play jh"], ["dealer", "play 7♣"],
                          ["elder", "play 9h"], ["dealer", "play 8d"]])
    obj["elder"]["extra"] = ["10d", "a♠", "Ts"]
    out = klabber("replay", write(tmp_path, obj), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {
        "outcome": "in_progress", "trump": "H", "maker": "elder",
        "elder": {"cards": 34, "last_trick": 0, "sequences": 0, "bella": 0, "total": 34, "scored": 0},
        "dealer": {"cards": 0, "last_trick": 0, "sequences": 0, "bella": 0, "total": 0, "scored": 0},
    }


def test_thrown_in_record(tmp_path: Path) -> None:
    obj = record(actions=[["elder", "pass"], ["dealer", "pass"], ["elder", "pass"], ["dealer", "pass"]])
    del obj["elder"]["extra"], obj["dealer"]["extra"], obj["bottom"]  # allowed for a throw-in
    out = klabber("replay", write(tmp_path, obj), "--json")
    assert out.returncode == 0, out.stderr
    zero = {"cards": 0, "last_trick": 0, "sequences": 0, "bella": 0, "total": 0, "scored": 0}
    assert json.loads(out.stdout) == {"outcome": "thrown_in", "trump": None, "maker": None,
                                      "elder": zero, "dealer": zero}


# -- invalid records ------------------------------------------------------------------------------


def _with_hand(seat: str, **part: Any) -> dict[str, Any]:
    obj = record()
    obj[seat] = {**obj[seat], **part}
    return obj


INVALID: list[tuple[str, Any, tuple[str, ...]]] = [
    ("bad_json", '{"format": "klabber-deal/1", "rules": ', ("JSON",)),
    ("not_an_object", "[1, 2, 3]", ()),
    ("unknown_key", record(colour="blue"), ("colour",)),
    ("missing_key", {k: v for k, v in record().items() if k != "turn_up"}, ("turn_up",)),
    ("wrong_format", record(format="klabber-deal/2"), ("format",)),
    ("unknown_preset", record(rules="pinochle"), ("rules", "pinochle")),
    ("unknown_option", record(options={"jokers": True}), ("options", "jokers")),
    ("bad_option_value", record(options={"must_overtake": "always"}), ("options", "must_overtake")),
    ("target_out_of_range", record(options={"target": 50}), ("options", "target")),
    ("unknown_card", _with_hand("elder", first=["JH", "9H", "AH", "AC", "KC", "XD"]), ("elder.first", "XD")),
    ("unknown_turn_up", record(turn_up="1H"), ("turn_up",)),
    ("duplicate_card", _with_hand("dealer", extra=["KS", "9S", "AS"]), ("AS",)),
    ("duplicate_turn_up", record(turn_up="JH"), ("turn_up", "JH")),
    ("too_few_cards", _with_hand("elder", first=["JH", "9H", "AH", "AC", "KC"]), ("elder.first",)),
    ("too_many_extra", _with_hand("dealer", extra=["KS", "9S", "8S", "7S"]), ("dealer.extra",)),
    ("unknown_hand_key", _with_hand("elder", more=["7S"]), ("elder.more",)),
    ("actions_not_a_list", record(actions="take"), ("actions",)),
    ("action_not_a_pair", record(actions=[["elder", "take", "now"]]), ("actions[0]",)),
    ("unknown_seat", record(actions=[["north", "take"]]), ("actions[0]", "north")),
    ("wrong_turn", record(actions=[["dealer", "take"]]), ("actions[0]",)),
    ("unknown_action", record(actions=[["elder", "Take"]]), ("actions[0]",)),
    # After four tricks the elder leads AD; the dealer's TC is refused: he holds KD 9D (follow suit, §7).
    ("illegal_play", record(actions=record()["actions"][:9] + [["elder", "play AD"], ["dealer", "play TC"]]),
     ("actions[10]", "TC")),
    ("card_not_in_hand", record(actions=[["elder", "take"], ["elder", "play TC"]]), ("actions[1]", "TC")),
    ("bella_where_it_does_not_score", record(actions=[["elder", "take"], ["elder", "play JH bella"]]),
     ("actions[1]",)),
    ("action_after_the_end", record(actions=record()["actions"] + [["elder", "pass"]]), ("actions[19]",)),
    ("take_without_extra", {**record(), "elder": {"first": record()["elder"]["first"]}}, ("actions[0]",)),
    ("bad_meta", record(meta={"ok": True}), ("meta",)),
]


@pytest.mark.parametrize(("name", "obj", "names"), INVALID, ids=[case[0] for case in INVALID])
def test_invalid_record_is_refused_in_one_line(tmp_path: Path, name: str, obj: Any, names: tuple[str, ...]) -> None:
    path = write(tmp_path, obj)
    assert_refused(klabber("replay", path, "--json"), *names)
    # Without --json the refusal is the same.
    assert_refused(klabber("replay", path), *names)


def test_illegal_action_says_what_is_allowed(tmp_path: Path) -> None:
    line = assert_refused(klabber("replay", write(tmp_path, record(actions=[["dealer", "take"]])), "--json"),
                          "actions[0]")
    assert "allowed" in line


def test_missing_file(tmp_path: Path) -> None:
    assert_refused(klabber("replay", tmp_path / "nowhere.json", "--json"), "nowhere.json")


def test_a_directory(tmp_path: Path) -> None:
    assert_refused(klabber("replay", tmp_path, "--json"))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "klabber-deal/1", "meta": {"x": "\xe9"}}')
    assert_refused(klabber("replay", path, "--json"))


def test_empty_file(tmp_path: Path) -> None:
    assert_refused(klabber("replay", write(tmp_path, ""), "--json"))


# -- the readable form ------------------------------------------------------------------------------


def test_readable_output(tmp_path: Path) -> None:
    out = klabber("replay", write(tmp_path, record()), "--ascii")
    assert out.returncode == 0 and out.stderr == ""
    text = out.stdout
    trick_lines = [line for line in text.splitlines() if line.startswith("Trick ")]
    assert len(trick_lines) == 9
    # --ascii (issue 22): the whole page through the one ASCII mapping, suits, rules and marks
    # alike; suits by their letters, tens as 10: the first and the last trick.
    assert text.isascii()
    assert trick_lines[0] == "Trick JH 7C: elder wins 20."
    assert trick_lines[-1] == "Trick KC 10C: dealer wins 14."
    assert "Score: made" in text
    assert "Elder: I take it." in text
    # The score rows: cards, last trick, sequences, bella, total, scored.
    rows = {line.split()[1]: line.split() for line in text.splitlines() if line.startswith("| Elder")
            or line.startswith("| Dealer")}
    numbers = {seat: [w for w in row if w.isdigit()] for seat, row in rows.items()}
    assert numbers["Elder"] == ["106", "0", "0", "0", "106", "106"]
    assert numbers["Dealer"] == ["14", "10", "0", "0", "24", "24"]


@pytest.mark.parametrize("extra", [(), pytest.param(("--review", "--level", "easy"), marks=pytest.mark.slow)],
                         ids=["replay", "review"])
def test_ascii_is_the_same_page_through_the_one_mapping(extra: tuple[str, ...], tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22: one ASCII mode. The page is built once, with symbols; --ascii passes what is printed
    through to_ascii (klabber_tui/words/ascii_text.py), the review as much as the plain replay."""
    from klabber_tui.words.ascii_text import to_ascii
    from klabber_tui.cli.main import main

    path = str(write(tmp_path, record()))
    assert main(["replay", path, *extra, "--lang", "en"]) == 0
    plain = capsys.readouterr().out
    assert main(["replay", path, *extra, "--ascii", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    assert "♣" in plain and "┃" in plain and shown.isascii() and shown == to_ascii(plain)


@pytest.mark.skipif(not EXAMPLE_FILES, reason="shared/examples is not next to the repository")
def test_readable_output_of_an_example() -> None:
    record_path = EXAMPLES / "clobber-seed000-hand.json"
    if not record_path.exists():
        pytest.skip("example not present")
    out = klabber("replay", record_path)
    assert out.returncode == 0 and out.stderr == ""
    assert "Score: made" in out.stdout
    assert sum(line.startswith("Trick ") for line in out.stdout.splitlines()) == 9
    assert "♦" in out.stdout  # suit symbols by default


# -- bad arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("replay",),
        ("rewind", "x.json"),
        ("replay", "x.json", "--jsn"),
        ("replay", "a.json", "b.json"),
        ("--colour",),
    ],
    ids=["nothing", "no_file", "unknown_command", "unknown_flag", "two_files", "unknown_global_flag"],
)
def test_bad_arguments(args: tuple[str, ...]) -> None:
    assert_refused(klabber(*args))
