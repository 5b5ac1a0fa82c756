"""Issue 12: every ``klabber`` command in Russian with ``--lang ru``: the parser's help of the top level and
of each subcommand, ``arena``'s text output, and the refusal of a bad argument.

The check for "no English sentence left": every Latin word in the output must be one the player types or
reads as notation — an option (``--rules``), a command, a value the option takes (``klaberjass``,
``mc:hard``), the program's name, the record format, or the suit letters C D H S. Those words come from
the parser itself, so a help line or a refusal left in English shows up as a word outside that set.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from ai.registry import ARENA_NAMES
from engine.rules import OPTION_NAMES, PRESETS
from klabber_tui.cli import main as cli

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_:.-]*[A-Za-z0-9]|[A-Za-z]")
# Notation that is the same in every language: names, the record format, suit letters, file names.
NOTATION = {"klabber", "klabber-deal/1", "klabber-records", "JSON", "C", "D", "H", "S", "mc", "en", "ru",
            "rules.md", "review", "KLABBER_HOME", "research", "README.md"}  # research/README.md
RECORD = Path(__file__).resolve().parents[2] / "assets" / "records" / "klaberjass-sample.json"


def commands() -> dict[str, argparse.ArgumentParser]:
    """The top level ("") and every subcommand, as the parser knows them (a new one is checked too)."""
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, **sub.choices}


def typed_words() -> set[str]:
    """Every word a player may type on the command line: options, commands, choices, presets, bots."""
    words = set(NOTATION) | set(PRESETS) | set(ARENA_NAMES) | set(OPTION_NAMES)
    for name, parser in commands().items():
        words.add(name)
        for action in parser._actions:
            words.update(action.option_strings)
            words.update(str(c) for c in action.choices or ())
    return words


def english_left(shown: str) -> set[str]:
    """The Latin words of ``shown`` that are not the command line's own notation."""
    allowed = {w.lstrip("-") for w in typed_words()} | typed_words()
    flat = re.sub(r"-\n\s+", "-", shown).replace("klabber-deal/1", " ")  # argparse may break a name at a hyphen
    found = {word.strip(".:") for word in LATIN_WORD.findall(flat)}
    return {word for word in found if word and word not in allowed and word.lstrip("-") not in allowed}


def cyrillic_share(shown: str) -> float:
    letters = [c for c in shown if c.isalpha()]
    return sum(bool(CYRILLIC.match(c)) for c in letters) / max(1, len(letters))


@pytest.mark.parametrize("command", sorted(commands()))
def test_help_of_every_command_is_russian(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``klabber --lang ru X -h``: at least three quarters of the letters Cyrillic, no English word left."""
    with pytest.raises(SystemExit) as caught:
        cli.main(["--lang", "ru", *([command] if command else []), "-h"])
    assert caught.value.code == 0
    shown = capsys.readouterr().out
    assert cyrillic_share(shown) >= 0.75, shown
    assert english_left(shown) == set(), shown


@pytest.mark.parametrize("command", sorted(commands()))
def test_help_in_english_has_no_russian(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "en", *([command] if command else []), "-h"])
    shown = capsys.readouterr().out
    assert "usage: klabber" in shown and not CYRILLIC.search(shown)


def test_the_english_word_check_catches_an_english_line() -> None:
    """The check above can fail: an English help line is found word by word."""
    assert english_left("--rules ВАРИАНТ  the preset: klaberjass") == {"the", "preset"}
    assert english_left("--rules ВАРИАНТ  вариант правил: клаберджас (klaberjass)") == set()


def test_arena_text_output_is_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """A tiny run (2 boards, the fast bots): every line Cyrillic; only the bots' names stay Latin."""
    assert cli.main(["arena", "greedy", "random", "--deals", "2", "--lang", "ru"]) == 0
    out, err = capsys.readouterr()
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) >= 3 and all(CYRILLIC.search(line) for line in lines), out
    assert cyrillic_share(out) >= 0.75 and english_left(out) == set(), out
    assert "2 расклада (4 сдачи)" in " ".join(out.split()) and "сыграл" in out


def test_arena_matches_text_output_is_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["arena", "greedy", "random", "--deals", "1", "--target", "100", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "1 партия, каждая дважды (2 партии" in " ".join(out.split()) and "выиграно партий: «жадный»" in out
    assert "greedy" not in out and "random" not in out  # issue 23: bots by their level words in Russian
    assert cyrillic_share(out) >= 0.75 and english_left(out) == set(), out


def test_arena_json_is_the_same_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    """--json keeps its keys and figures whatever the language (only "seconds" differs run to run)."""
    import json

    outputs = []
    for lang in ("en", "ru"):
        assert cli.main(["arena", "greedy", "random", "--deals", "2", "--json", "--lang", lang]) == 0
        figures = json.loads(capsys.readouterr().out)
        figures.pop("seconds")
        outputs.append(figures)
    assert outputs[0] == outputs[1]


# A bad argument for each command that refuses one: (arguments, a word the refusal must name).
BAD_ARGUMENTS = [
    (["arena", "foo", "greedy"], "'foo'"),
    (["arena", "greedy", "random", "--deals", "0"], "--deals"),
    (["arena", "greedy", "random", "--rules", "bridge"], "'bridge'"),
    (["arena", "greedy"], "БОТ_Б"),
    (["advise", "MID", "--target", "600"], "--score"),
    (["advise", "MID", "--level", "expert"], "'expert'"),
    (["advise", "MID", "--score", "1"], "--score"),
    (["advise", str(RECORD)], "записи"),
    (["bench", "--decisions", "x"], "'x'"),
    (["play", "--target", "50"], "--target"),
    (["drill", "--count", "201"], "--count"),
    (["replay"], "ФАЙЛ"),
    (["replay", "--level", "expert", str(RECORD)], "'expert'"),
    (["export", "--out", ""], "--out"),
    (["frob"], "'frob'"),
    ([], "КОМАНДА"),
    (["replay", str(RECORD), "--bogus"], "--bogus"),
]


@pytest.mark.parametrize(("words", "named"), BAD_ARGUMENTS, ids=[" ".join(w[:3]) or "none" for w, _ in BAD_ARGUMENTS])
def test_a_bad_argument_is_refused_in_one_russian_line(words: list[str], named: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """MID: a record that stops mid-deal, so that advise gets as far as its arguments."""
    words = [str(mid_deal(tmp_path)) if word == "MID" else word for word in words]
    with pytest.raises(SystemExit) as caught:
        cli.main(["--lang", "ru", *words])
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    line = err.splitlines()[-1]
    assert out == "" and named in line and CYRILLIC.search(line), err
    assert english_left(line.replace(named, " ")) <= {"bogus"}, line


def mid_deal(folder: Path) -> Path:
    """The sample record cut after the bidding: the elder is to lead."""
    text = RECORD.read_text(encoding="utf-8")
    cut = text[: text.index('  ["elder", "play 8D"]')].rstrip().rstrip(",") + "\n ]\n}\n"
    record = folder / "mid.json"
    record.write_text(cut, encoding="utf-8")
    return record


def test_advise_score_over_the_target_is_refused_in_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rules.md §9: a score the match would already be over at."""
    with pytest.raises(SystemExit) as caught:
        cli.main(["--lang", "ru", "advise", str(mid_deal(tmp_path)), "--score", "520", "300"])
    assert caught.value.code == 2
    line = capsys.readouterr().err.strip()
    assert "партия до 500 была бы уже окончена" in line and english_left(line) == set(), line
