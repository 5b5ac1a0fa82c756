"""``klabber drill --json``, ``drill --situation/--margin/--mistakes`` refusals and ``klabber stats
--json`` (issue 25): shapes, exit codes, nothing recorded, no terminal needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.deal import Deal
from engine.record import replay, parse_record, record_of
from engine.rules import RuleSet
from engine.situations import SITUATIONS

REPO = Path(__file__).resolve().parents[2]


def klabber(home: Path, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The command in a fresh process with no terminal at all (stdin from /dev/null, output piped)."""
    env = {"KLABBER_HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", *argv], capture_output=True, text=True,
                          cwd=REPO, timeout=timeout, stdin=subprocess.DEVNULL, env=env)


@pytest.mark.slow
def test_drill_json_shape_records_nothing_and_needs_no_terminal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = klabber(home, "drill", "--rules", "kalabriasz", "--seed", "7", "--count", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["preset"] == "kalabriasz" and data["seed"] == 7
    assert 1 <= len(data["positions"]) <= 3
    for position in data["positions"]:
        assert set(position) == {"situation", "seat", "record", "best", "choices"}
        assert position["situation"] in SITUATIONS
        deal = replay(parse_record(position["record"]))  # the record stops at the decision
        assert deal.to_act == position["seat"]
        legal = {str(a) for a in deal.legal_actions(deal.to_act)}
        assert {c["action"] for c in position["choices"]} <= legal and position["best"] in legal
        evs = sorted((c["ev"] for c in position["choices"]), reverse=True)
        assert evs[0] - evs[1] <= 15  # the default margin
        for choice in position["choices"]:
            assert set(choice) == {"action", "ev", "deal_ev", "make_prob"}
    assert not home.exists() or not (home / "stats.json").exists()
    again = klabber(home, "drill", "--rules", "kalabriasz", "--seed", "7", "--count", "3", "--json")
    assert json.loads(again.stdout) == data


@pytest.mark.slow
def test_drill_json_of_one_situation(tmp_path: Path) -> None:
    done = klabber(tmp_path, "drill", "--rules", "klaberass", "--seed", "3", "--count", "2", "--json",
                   "--situation", "round-two-dealer")
    assert done.returncode == 0, done.stderr
    assert {p["situation"] for p in json.loads(done.stdout)["positions"]} == {"round-two-dealer"}


@pytest.mark.parametrize(("argv", "said"), [
    (("--rules", "clobber", "--situation", "schmeiss-answer"), "schmeiss-answer"),
    (("--rules", "klaberjass", "--situation", "naming-after-refusal"), "naming-after-refusal"),
    (("--margin", "0"), "1 to 200"),
    (("--margin", "201"), "1 to 200"),
    (("--margin", "7.5"), "1 to 200"),
    (("--situation", "round-three"), "round-one-elder"),
])
def test_a_situation_the_preset_lacks_or_a_bad_margin_is_one_line_and_exit_2(
        tmp_path: Path, argv: tuple[str, ...], said: str) -> None:
    done = klabber(tmp_path, "drill", "--json", *argv)
    assert done.returncode == 2 and done.stdout == ""
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_mistakes_with_an_empty_deck_says_what_to_do(tmp_path: Path) -> None:
    done = klabber(tmp_path, "drill", "--mistakes", "--json")
    assert done.returncode == 0
    assert "klabber play" in done.stdout and "klabber drill" in done.stdout


@pytest.mark.slow
def test_mistakes_json_lists_the_due_positions(tmp_path: Path) -> None:
    from klabber_tui.data import mistakes

    home = tmp_path / "home"
    code = ("import json,sys\nfrom klabber_tui.data import mistakes\nmistakes.clock=lambda: 1.0e9\n"
            "mistakes.add(json.loads(sys.argv[1]), choice='take', best='pass', level='normal', source='drill')")
    record = record_of(Deal.from_seed(RuleSet.from_preset("klaberass"), 4))
    subprocess.run([sys.executable, "-c", code, json.dumps(record)], check=True, cwd=REPO,
                   env={"KLABBER_HOME": str(home), "PATH": "/usr/bin:/bin"})
    done = klabber(home, "drill", "--mistakes", "--json")
    assert done.returncode == 0, done.stderr
    positions = json.loads(done.stdout)["positions"]
    assert [p["record"] for p in positions] == [record] and positions[0]["situation"] == "round-one-elder"
    assert mistakes.DECK_NAME in {p.name for p in home.iterdir()}


def test_stats_json_has_the_whole_shape_with_no_data(tmp_path: Path) -> None:
    done = klabber(tmp_path / "home", "stats", "--json")
    assert done.returncode == 0 and done.stderr == ""
    presets = json.loads(done.stdout)["presets"]
    assert set(presets) == {"clobber", "klaberjass", "klaberass", "kalabriasz"}
    assert len(presets["clobber"]["situations"]) == 4 and len(presets["kalabriasz"]["situations"]) == 6
    row = presets["klaberjass"]["situations"]["schmeiss-answer"]
    assert row == {"decisions": 0, "agreed": 0, "agreement": None, "points_lost": 0.0,
                   "points_lost_per_decision": None, "took_against_advice": {"made": 0, "bust": 0},
                   "took_with_advice": {"made": 0, "bust": 0},
                   "trend": {"decisions_per_mark": 1, "points_lost_per_decision": []}}
    assert presets["klaberjass"]["mistakes"] == {"total": 0, "due": 0, "learnt": 0}
    home = tmp_path / "home"
    assert not home.exists() or list(home.iterdir()) == []  # read only: no file is made


@pytest.mark.slow
def test_stats_json_in_russian_keeps_english_keys_and_names(tmp_path: Path) -> None:
    english = klabber(tmp_path, "stats", "--json")
    russian = klabber(tmp_path, "--lang", "ru", "stats", "--json")
    assert russian.stdout == english.stdout


def test_stats_json_notes_a_damaged_file_on_stderr_and_exits_0(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "stats.json").write_text("{ not json")
    (tmp_path / "mistakes.json").write_text("[]")
    done = klabber(tmp_path, "stats", "--json")
    assert done.returncode == 0 and done.stderr.count("klabber:") == 2
    assert json.loads(done.stdout)["presets"]
    assert (tmp_path / "stats.json").read_text() == "{ not json"


def test_stats_json_with_an_unusable_folder_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    done = klabber(tmp_path / "file", "stats", "--json")
    assert done.returncode == 2 and done.stdout == ""


def test_a_search_that_finds_too_few_says_so_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """No position within the margin in the stated search: none shown, and the shortfall said."""
    from klabber_tui.practice import drill
    from klabber_tui.cli.main import main

    monkeypatch.setenv("KLABBER_HOME", str(tmp_path))
    monkeypatch.setattr(drill, "MAX_ATTEMPTS", 1)
    monkeypatch.setattr(drill, "within_margin", lambda evaluation, margin: False)
    assert main(["drill", "--rules", "clobber", "--seed", "1", "--count", "2", "--json", "--margin", "3"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["positions"] == []
    assert "found 0 of 2 positions within 3 points" in err and "at most 1 evaluated deal of 400 dealt" in err  # the count agrees with its noun
