"""Issue 31, item 5: one JSON contract. Every command with ``--json`` prints exactly one JSON document on
standard output and exits 0, or exits 2 with one line on standard error and nothing on standard output;
never prose on standard output, whatever the data folder holds: nothing, files a newer klabber wrote,
or damaged ones (truncated JSON, wrong types). And ``klabber --version``.

The commands run in this process (``cli.main``), on the smallest sizes (one decision, one deal, one
position); the bench, over a second even at one decision, is marked slow.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from klabber_tui.cli.main import build_parser, main

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "assets" / "records" / "klaberjass-sample.json"

# The data folder's versioned files, each written by a "newer klabber" or damaged.
FAMILIES = {"stats.json": "klabber-stats", "mistakes.json": "klabber-mistakes",
            "settings.json": "klabber-settings", "match.json": "klabber-save"}


def empty(home: Path) -> None:
    home.mkdir()


def newer(home: Path) -> None:
    home.mkdir()
    for name, family in FAMILIES.items():
        (home / name).write_text(json.dumps({"format": f"{family}/99", "lang": "ru", "entries": [],
                                             "preset": "clobber"}))


def damaged(home: Path) -> None:
    """Half the files cut off mid-way, half of the right format with the wrong types inside."""
    home.mkdir()
    (home / "stats.json").write_text('{"format": "klabber-stats/3", "presets": {"klaberj')
    (home / "mistakes.json").write_text('{"format": "klabber-mistakes/1", "entries": {"key": 5}}')
    (home / "settings.json").write_text('{"format": "klabber-settings/2", "lang": 7, "preset": ["x"], "level": null}')
    (home / "match.json").write_text('{"format": "klabber-save/1", "ma')


FOLDERS: dict[str, Callable[[Path], None]] = {"empty": empty, "newer": newer, "damaged": damaged}

# Every command with --json, at its smallest: {whole} a finished record, {open} one stopped at a decision.
HAND = ("--hand", "J♣ 9♣ A♣ 10♦ K♥ 7♠", "--turn-up", "8♣", "--seat", "elder")
COMMANDS: dict[str, tuple[str, ...]] = {
    "replay": ("replay", "{whole}", "--json"),
    "replay --review": ("replay", "{open}", "--json", "--review"),
    "replay --what-if": ("replay", "{open}", "--json", "--what-if", "0", "take", "--level", "easy"),
    "advise": ("advise", "{open}", "--json", "--level", "easy"),
    "advise --hand": ("advise", *HAND, "--json", "--level", "easy", "--score", "100", "300"),
    "arena": ("arena", "random", "greedy", "--deals", "1", "--json"),
    "arena --target": ("arena", "random", "greedy", "--deals", "1", "--target", "100", "--json"),
    "bench": ("bench", "--decisions", "1", "--json"),
    "drill": ("drill", "--count", "1", "--seed", "3", "--json"),
    "drill --mistakes": ("drill", "--mistakes", "--json"),
    "stats": ("stats", "--json"),
    "report": ("report", "--json"),
}
SLOW = {"bench"}  # over a second, even at one decision
NEEDS_A_MATCH = {"report"}  # none of the folders holds a finished match: refused in one line, as the contract allows


def run(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def check_contract(status: int, out: str, err: str) -> object:
    """Exactly one JSON document on stdout and exit 0, or exit 2, empty stdout and one stderr line."""
    if status == 2:
        assert out == "" and len(err.splitlines()) == 1 and err.startswith("klabber"), err
        return None
    assert status == 0, err
    decoder = json.JSONDecoder()
    document, end = decoder.raw_decode(out)
    assert out[end:].strip() == "", "more than one document, or prose after it"
    assert all(line.startswith("klabber: ") for line in err.splitlines()), err  # notes, each one line
    return document


def records(folder: Path) -> dict[str, str]:
    whole = json.loads(SAMPLE.read_text(encoding="utf-8"))
    opened = {**whole, "actions": whole["actions"][:1]}  # the elder passed: the dealer to act
    paths = {"whole": folder / "whole.json", "open": folder / "open.json"}
    paths["whole"].write_text(json.dumps(whole), encoding="utf-8")
    paths["open"].write_text(json.dumps(opened), encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}


@pytest.mark.parametrize("folder", list(FOLDERS))
@pytest.mark.parametrize("command", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW else c for c in COMMANDS])
def test_every_json_command_over_every_data_folder(command: str, folder: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    FOLDERS[folder](home)
    monkeypatch.setenv("KLABBER_HOME", str(home))
    argv = tuple(word.format(**records(tmp_path)) for word in COMMANDS[command])
    document = check_contract(*run(argv, capsys))
    if command in NEEDS_A_MATCH:
        assert document is None or isinstance(document, dict)
        return
    assert isinstance(document, dict), f"{command} over the {folder} folder was refused"  # each has data
    if command == "drill --mistakes":  # issue 31: an empty deck, the shape of a full one
        preset = "clobber" if folder == "newer" else "klaberjass"  # a newer settings file is read
        assert document == {"preset": preset, "seed": None, "positions": []}


@pytest.mark.parametrize("command", ["replay", "replay --review", "replay --what-if", "advise"])
@pytest.mark.parametrize("record", ["truncated", "wrong types", "newer"])
def test_a_record_that_cannot_be_read_is_one_line_and_exit_2(command: str, record: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / "home"))
    paths = records(tmp_path)
    text = Path(paths["open"]).read_text(encoding="utf-8")
    bad = {"truncated": text[: len(text) // 2],
           "wrong types": json.dumps({**json.loads(text), "actions": {"elder": 5}, "turn_up": 7}),
           "newer": json.dumps({**json.loads(text), "format": "klabber-deal/99"})}[record]
    Path(paths["open"]).write_text(bad, encoding="utf-8")
    argv = tuple(word.format(whole=paths["open"], open=paths["open"]) for word in COMMANDS[command])
    status, out, err = run(argv, capsys)
    assert status == 2
    check_contract(status, out, err)


def test_an_unusable_data_folder_is_one_line_and_exit_2_or_the_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """KLABBER_HOME a file: stats cannot read anything (exit 2); the others need no folder."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("KLABBER_HOME", str(tmp_path / "file"))
    for command in ("stats", "drill --mistakes", "replay", "advise --hand"):
        argv = tuple(word.format(**records(tmp_path)) for word in COMMANDS[command])
        check_contract(*run(argv, capsys))


def test_the_table_names_every_command_with_json() -> None:
    """A command that gains --json joins the walk above (``klabber report``, say)."""
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.choices and isinstance(a.choices, dict))
    with_json = {name for name, sub in subparsers.choices.items()
                 if any("--json" in action.option_strings for action in sub._actions)}
    assert with_json == {argv[0] for argv in COMMANDS.values()}


def test_version_is_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    status, out, err = run(("--version",), capsys)
    assert status == 0 and err == ""
    assert out == f"klabber {version('klabber')}\n"
