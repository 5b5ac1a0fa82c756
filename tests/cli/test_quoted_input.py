"""Issue 33, mechanism 3: input quoted back never floods the line.

Every refusal path is given a 100,000-character input (each argument type and choice of the command
line, ``advise --hand/--turn-up/--bids``, ``replay --what-if N ACTION``, argparse's unrecognized
arguments, a record file with a 100,000-character value, a settings file with one), in English and
in Russian: the line quotes at most ``QUOTE_MAX`` characters of it (``safe_text.quoted``, an ellipsis
after), and still names what was wrong and what is allowed. The any-hand page's fields are in
``tests/ui/test_quoted_fields.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from klabber_tui.cli.main import main
from klabber_tui.data.safe_text import ELLIPSIS, QUOTE_MAX
from klabber_tui.words import i18n

FILL = "ψ"  # in no message of either language
HUGE = FILL * 100_000
REPO = Path(__file__).resolve().parents[2]
RECORD = REPO / "assets" / "records" / "clobber-seed000-hand.json"
HAND = ("--hand", "AC KC QC JC TC 9C", "--turn-up", "7D")

# (argv with HUGE where the input goes, what the line must still name: the argument and what is allowed)
CASES: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (("drill", "--rules", HUGE), ("--rules", "'clobber', 'klaberjass', 'klaberass', 'kalabriasz'")),
    (("drill", "--situation", HUGE), ("--situation", "'naming-after-refusal'")),
    (("drill", "--count", HUGE), ("--count", "1", "200")),
    (("drill", "--margin", HUGE), ("--margin", "200")),
    (("drill", "--seed", HUGE), ("--seed", "9223372036854775807")),
    (("advise", "--hand", HUGE, "--turn-up", "7C", "--seat", "elder"), ("10♦", "C D H S")),
    (("advise", "--hand", "AC KC QC JC TC 9C", "--turn-up", HUGE, "--seat", "elder"), ("10♦", "C D H S")),
    (("advise", *HAND, "--seat", "dealer", "--bids", HUGE), ("--bids", "take, pass, schmeiss|«шмайс»")),
    (("advise", *HAND, "--seat", "dealer", "--bids", f"pass {HUGE}"), ("--bids", "take, pass, schmeiss|«шмайс»")),
    (("advise", *HAND, "--seat", HUGE), ("--seat", "'elder', 'dealer'")),
    (("advise", "--rules", HUGE), ("--rules", "'clobber'")),
    (("advise", "--level", HUGE), ("--level", "'easy', 'normal', 'hard'")),
    (("advise", str(RECORD), "--score", HUGE, "1"), ("--score", "100000")),
    (("advise", str(RECORD), "--target", HUGE), ("--target", "100", "5000")),
    (("advise", str(RECORD), "--seed", HUGE), ("--seed", "9223372036854775807")),
    (("replay", str(RECORD), "--what-if", "0", HUGE), ("--what-if 0", "take, pass")),
    (("replay", str(RECORD), "--what-if", HUGE, "pass"), ("--what-if", " 0")),
    (("replay", str(RECORD), "--player", HUGE), ("--player", "'elder', 'dealer'")),
    (("replay", str(RECORD), "--level", HUGE), ("--level", "'easy'")),
    (("replay", str(RECORD), "--seed", HUGE), ("--seed", "9223372036854775807")),
    (("play", "--rules", HUGE), ("--rules", "'clobber'")),
    (("play", "--target", HUGE), ("--target", "100", "5000")),
    (("play", "--level", HUGE), ("--level",)),
    (("play", "--seed", HUGE), ("--seed",)),
    (("arena", HUGE, "basic"), ("mc:hard", "README.md")),
    (("arena", "basic", "basic", "--rules", HUGE), ("--rules", "'clobber'")),
    (("arena", "basic", "basic", "--deals", HUGE), ("--deals", "1000000")),
    (("arena", "basic", "basic", "--target", HUGE), ("--target", "5000")),
    (("arena", "basic", "basic", "--jobs", HUGE), ("--jobs",)),
    (("arena", "basic", "basic", "--first", HUGE), ("--first",)),
    (("bench", "--decisions", HUGE), ("--decisions", "100000")),
    (("stats", HUGE), ()),
    (("stats", "--lang", HUGE), ("--lang", "'en', 'ru'")),
    ((HUGE,), ("'replay'",)),
    (("replay", HUGE), ("File name too long|слишком длинное имя файла",)),  # the system's reason after it
    (("advise", HUGE), ("File name too long|слишком длинное имя файла",)),
]


def _run(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_quoted_short(line: str, *names: str) -> None:
    """The input appears, cut to at most QUOTE_MAX characters with an ellipsis, and ``names`` are there."""
    runs = re.findall(f"{FILL}+", line)
    assert runs, line[:300]
    assert all(len(run) <= QUOTE_MAX - len(ELLIPSIS) for run in runs), [len(run) for run in runs]
    assert f"{FILL}{ELLIPSIS}" in line or f"{ELLIPSIS}{FILL}" in line, line[:300]  # a path keeps its end
    assert len(line) < 800, line[:300]
    for name in names:  # "a|b": the English or the Russian word
        assert any(word in line for word in name.split("|")), (name, line)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_argument_quotes_a_huge_input_short(lang: str, capsys: pytest.CaptureFixture[str],
                                                  klabber_home: Path) -> None:
    for argv, names in CASES:
        status, out, err = _run(capsys, (*argv, "--lang", lang) if argv[0] != HUGE else argv)
        assert status == 2 and out == "" and "Traceback" not in err, (argv[:2], status, err[:300])
        assert err.count("\n") == 1, err[:300]
        assert_quoted_short(err, *names)


def _record_with(**changes: object) -> dict[str, object]:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    record.update(changes)
    return record


def _records() -> list[tuple[dict[str, object] | None, tuple[str, ...]]]:
    base = _record_with()
    actions = list(base["actions"])  # type: ignore[arg-type]
    return [
        (_record_with(format=HUGE), ("'format'", "klabber-deal/1")),
        (_record_with(rules=HUGE), ("'rules'", "clobber")),
        (_record_with(options={"target": HUGE}), ("'target'", "100", "5000")),
        (_record_with(options={"must_overtake": HUGE}), ("'must_overtake'", "'none'", "'all'")),
        (_record_with(actions=[["elder", HUGE]]), ("actions[0]",)),
        (_record_with(actions=[[HUGE, "pass"]]), ("actions[0]", "'elder'", "'dealer'")),
        (_record_with(actions=[*actions[:1], ["dealer", f"play {HUGE}"]]), ("actions[1]",)),
        (_record_with(actions=[["elder", f"name {HUGE}"]]), ("actions[0]",)),
        (_record_with(**{HUGE: 1}), ()),
        (None, ("twice|дважды", "once|один раз")),  # a key given twice (file.key_twice)
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_record_with_a_huge_value_is_refused_short(lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     klabber_home: Path) -> None:
    path = tmp_path / "r.json"
    for record, names in _records():
        text = json.dumps(record, ensure_ascii=False) if record is not None else f'{{"{HUGE}": 1, "{HUGE}": 2}}'
        path.write_text(text, encoding="utf-8")
        for argv in (("replay", str(path)), ("advise", str(path))):
            status, out, err = _run(capsys, (*argv, "--lang", lang))
            assert status == 2 and "Traceback" not in err, (list(record)[:3], status, err[:300])
            assert err.count("\n") == 1, err[:300]
            assert_quoted_short(err, *names)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_settings_file_with_a_huge_value_is_noted_short(lang: str, klabber_home: Path) -> None:
    from klabber_tui.data.settings import SETTINGS_NAME, read_settings
    from klabber_tui.practice.session import Settings
    from klabber_tui.words.files import note_text

    klabber_home.mkdir(parents=True, exist_ok=True)
    allowed = {"preset": "kalabriasz", "lang": "ru", "pace": "0.5", "level": "greedy", "ascii": "true", "target": "5000"}
    for key, values in allowed.items():
        (klabber_home / SETTINGS_NAME).write_text(json.dumps({"format": "klabber-settings/1", key: HUGE}))
        raw, notes = read_settings()
        _settings, repairs = Settings.repaired(raw)
        with i18n.use_language(lang):
            lines = [note_text(note) for note in (*notes, *repairs)]
        quoting = [line for line in lines if FILL in line]  # beside them, notes on other things
        assert quoting, (key, lines)
        for line in quoting:
            assert_quoted_short(line, values)


def test_the_crash_log_quotes_each_word_of_the_command_short() -> None:
    from klabber_tui.data.crashlog import crash_report

    report = crash_report(RuntimeError("x"), ["replay", HUGE, "--what-if", "0", HUGE])
    command = next(line for line in report.splitlines() if line.startswith("command: "))
    assert command.startswith("command: klabber replay ") and "--what-if 0" in command
    assert_quoted_short(command)
