"""``klabber advise RECORD --json``: the shape of its answer, determinism, and its refusals.

The answer is {"seat", "stage", "worlds", "best", "standing", "reasons", "facts", "actions": [{"action",
"ev", "deal_ev", "ev_se", "make_prob", "make_prob_raw", "maker", "win_prob", "reasons", "facts"}]} with the actions best
first by ev, every legal action of the seat to act exactly once (``play QD`` and ``play QD bella`` are two
actions where announcing is required), make_prob (issue 24) the calibrated chance that the maker makes for
every action after which there is one (``maker``: the seat to act for ``take`` and ``name S``, the maker of
the deal for every card, the schmeisser or the refuser for ``refuse`` by the preset) and null otherwise,
``best`` the action the bot plays at that level, and (issue 11) ``ev == deal_ev`` without ``--score``,
at least one reason for every action; and (issue 24) beside the reasons their ``facts``, each
{"key", "favours", "trade_off"}, with no fact against the best action but as a trade-off.
"""

from __future__ import annotations

import re

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.calibration import calibrated, chance_kind
from ai.mc import MonteCarloBot
from engine.actions import Action
from engine.record import parse_record, replay
from klabber_tui.cli.main import main

# The seed-000 clobber hand as shipped in the repository (issue 8: no test reads outside the clone).
EXAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "clobber-seed000-hand.json"
SEATS = ("elder", "dealer")
STAGES = ("bidding_round_one", "bidding_round_two", "schmeiss_answer", "naming", "play")
KEYS = {"seat", "stage", "worlds", "best", "standing", "reasons", "facts", "actions"}
ACTION_KEYS = {"action", "ev", "deal_ev", "ev_se", "make_prob", "make_prob_raw", "maker", "win_prob", "reasons",
               "facts"}


def example(actions: int | None = None) -> dict:
    """The seed-000 clobber hand, cut after its first ``actions`` actions."""
    obj = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    if actions is not None:
        obj["actions"] = obj["actions"][:actions]
    return obj


def with_rules(obj: dict, rules: str, actions: list[list[str]], options: dict | None = None) -> dict:
    out = copy.deepcopy(obj)
    out["rules"] = rules
    out["actions"] = actions
    if options:
        out["options"] = options
    return out


def bella_record() -> dict:
    """klaberjass: the elder takes hearts holding QH and KH; announcing bella is required (§6.4)."""
    return {
        "format": "klabber-deal/1", "rules": "klaberjass",
        "elder": {"first": ["QH", "KH", "AC", "7D", "8D", "9D"], "extra": ["8S", "9S", "TS"]},
        "dealer": {"first": ["JC", "9C", "TC", "KC", "QC", "AD"], "extra": ["AS", "KS", "QS"]},
        "turn_up": "7H", "bottom": "JS", "actions": [["elder", "take"]],
    }


def exchange_record() -> dict:
    """klaberjass: the elder takes hearts holding the dix 7H; he may exchange it for AH (§5)."""
    return {
        "format": "klabber-deal/1", "rules": "klaberjass",
        "elder": {"first": ["7H", "JH", "9H", "AC", "TC", "KS"], "extra": ["8S", "9S", "TS"]},
        "dealer": {"first": ["JC", "9C", "KC", "QC", "AD", "8H"], "extra": ["AS", "QS", "7C"]},
        "turn_up": "AH", "bottom": "JS", "actions": [["elder", "take"]],
    }


def write(tmp_path: Path, obj: dict, name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


def advise(capsys: pytest.CaptureFixture, path: Path, *extra: str) -> dict:
    assert main(["advise", str(path), "--json", "--level", "easy", *extra]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.count("\n") == 1
    return json.loads(out)


def check_shape(payload: dict, obj: dict, level: str = "easy", seed: int = 0) -> None:
    deal = replay(parse_record(obj))
    seat = deal.to_act
    assert set(payload) == KEYS
    assert len(payload["facts"]) == len(payload["reasons"])
    assert all(f["favours"] is None and f["trade_off"] is False for f in payload["facts"])
    assert payload["seat"] == seat and payload["seat"] in SEATS
    assert payload["stage"] == deal.stage and payload["stage"] in STAGES
    assert isinstance(payload["worlds"], int) and not isinstance(payload["worlds"], bool)
    assert payload["worlds"] > 0
    actions = payload["actions"]
    assert isinstance(actions, list) and actions
    for entry in actions:
        assert set(entry) == ACTION_KEYS
        assert isinstance(entry["action"], str)
        for key in ("ev", "ev_se"):
            assert isinstance(entry[key], (int, float)) and not isinstance(entry[key], bool)
        assert entry["ev_se"] >= 0
        assert isinstance(entry["deal_ev"], (int, float)) and not isinstance(entry["deal_ev"], bool)
        assert entry["reasons"] and all(isinstance(r, str) and r for r in entry["reasons"]), entry
        # issue 24: a fact beside each reason; under the best no fact against it but as a trade-off
        assert len(entry["facts"]) == len(entry["reasons"])
        for fact in entry["facts"]:
            assert set(fact) == {"key", "favours", "trade_off"} and fact["key"].isascii()
            assert fact["favours"] in ("for", "against") and isinstance(fact["trade_off"], bool)
            assert not fact["trade_off"] or (fact["favours"] == "against" and entry is actions[0])
            if entry is actions[0]:
                assert fact["favours"] == "for" or fact["trade_off"]
        if payload["standing"] is None:
            assert entry["ev"] == entry["deal_ev"] and entry["win_prob"] is None
        else:
            assert 0 <= entry["win_prob"] <= 1
        other = SEATS[1 - SEATS.index(seat)]
        if deal.stage == "play":
            maker = deal.maker
        elif entry["action"] == "take" or entry["action"].startswith("name "):
            maker = seat
        elif entry["action"] == "refuse":
            maker = other if deal.rules.schmeiss_refused == "schmeisser_makes" else seat
        else:
            maker = None
        assert entry["maker"] == maker
        if maker is None:
            assert entry["make_prob"] is None and entry["make_prob_raw"] is None
        else:
            assert isinstance(entry["make_prob"], (int, float)) and 0 <= entry["make_prob"] <= 1
            kind = chance_kind(deal.stage, Action.parse(entry["action"]))  # the map of its kind of bid (or of play)
            assert abs(entry["make_prob"] - calibrated(entry["make_prob_raw"], kind)) <= 0.002  # one map a kind
    evs = [e["ev"] for e in actions]
    assert evs == sorted(evs, reverse=True), "actions are not sorted best first by ev"
    listed = [e["action"] for e in actions]
    legal = [str(a) for a in deal.legal_actions(seat)]  # --json writes the record's words
    assert sorted(listed) == sorted(legal), f"listed {listed}, legal {legal}"
    assert len(set(listed)) == len(listed)
    assert payload["best"] in legal
    assert payload["best"] == str(MonteCarloBot(level).choose(deal.view(seat), seed))


# -- the shape at every stage -------------------------------------------------------------------------


@pytest.mark.parametrize("cut", [0, 1, 2, 3, 4, 7, 10, 13, 16, 19])
def test_example_cut_anywhere(cut: int, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = example(cut)
    payload = advise(capsys, write(tmp_path, obj))
    check_shape(payload, obj)


def test_round_two(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = example(0)
    obj["actions"] = [["elder", "pass"], ["dealer", "pass"]]
    payload = advise(capsys, write(tmp_path, obj))
    assert (payload["seat"], payload["stage"]) == ("elder", "bidding_round_two")
    assert {e["action"] for e in payload["actions"]} == {"name C", "name H", "name S", "pass"}
    check_shape(payload, obj)


def test_schmeiss_answer(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = with_rules(example(0), "klaberjass", [["elder", "schmeiss"]])
    payload = advise(capsys, write(tmp_path, obj))
    assert (payload["seat"], payload["stage"]) == ("dealer", "schmeiss_answer")
    assert {e["action"] for e in payload["actions"]} == {"accept", "refuse"}
    chances = {e["action"]: (e["maker"], e["make_prob"]) for e in payload["actions"]}
    assert chances["accept"] == (None, None)  # a throw-in: nobody makes
    assert chances["refuse"][0] == "elder" and chances["refuse"][1] is not None  # klaberjass: the schmeisser makes
    check_shape(payload, obj)


def test_naming_after_a_refused_schmeiss(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = with_rules(example(0), "kalabriasz", [["elder", "schmeiss"], ["dealer", "refuse"]])
    payload = advise(capsys, write(tmp_path, obj))
    assert (payload["seat"], payload["stage"]) == ("dealer", "naming")
    assert {e["action"] for e in payload["actions"]} == {"name C", "name D", "name H", "name S"}
    check_shape(payload, obj)


def test_dealer_in_round_one_with_schmeiss_allowed(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = with_rules(example(0), "klaberass", [["elder", "pass"]])
    payload = advise(capsys, write(tmp_path, obj))
    assert {e["action"] for e in payload["actions"]} == {"take", "pass", "schmeiss"}
    check_shape(payload, obj)


def test_exchange_is_listed_once(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = exchange_record()
    payload = advise(capsys, write(tmp_path, obj))
    assert [e["action"] for e in payload["actions"]].count("exchange") == 1
    check_shape(payload, obj)


def test_both_bella_variants_are_listed(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Where announcing is required, `play QH` and `play QH bella` are two actions (the issue)."""
    obj = bella_record()
    deal = replay(parse_record(obj))
    assert {"play QH", "play QH bella"} <= {str(a) for a in deal.legal_actions("elder")}
    payload = advise(capsys, write(tmp_path, obj))
    listed = [e["action"] for e in payload["actions"]]
    assert "play QH bella" in listed
    assert "play QH" in listed, f"advise omits the silent queen: {listed}"
    check_shape(payload, obj)


def test_options_and_seed_are_honoured(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = example(2)
    obj["options"] = {"must_overtake": "all", "bella_order": "either"}
    payload = advise(capsys, write(tmp_path, obj), "--seed", "9")
    check_shape(payload, obj, seed=9)


# -- determinism ----------------------------------------------------------------------------------------


def test_same_output_in_process_twice(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    for obj in (example(0), example(5), with_rules(example(0), "kalabriasz", [["elder", "schmeiss"],
                                                                              ["dealer", "refuse"]])):
        path = write(tmp_path, obj)
        assert advise(capsys, path, "--seed", "3") == advise(capsys, path, "--seed", "3")


def _run_cli(args: list[str], hash_seed: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    return subprocess.run([sys.executable, "-m", "klabber_tui.cli", *args], capture_output=True, text=True,
                          env=env, timeout=120)


@pytest.mark.slow
def test_same_output_across_fresh_processes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Two fresh processes (different hash seeds) print the same JSON, equal to the in-process one."""
    path = write(tmp_path, example(4))
    args = ["advise", str(path), "--json", "--level", "easy", "--seed", "21"]
    first, second = _run_cli(args, "1"), _run_cli(args, "2")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout
    assert json.loads(first.stdout) == advise(capsys, path, "--seed", "21")


# -- refusals: exit 2 and one line on stderr ---------------------------------------------------------


def refused(capsys: pytest.CaptureFixture, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    return err


def test_finished_deal(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    err = refused(capsys, ["advise", str(write(tmp_path, example())), "--json", "--level", "easy"])
    assert "nobody" in err


def test_thrown_in_deal(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = example(0)
    obj["actions"] = [["elder", "pass"], ["dealer", "pass"], ["elder", "pass"], ["dealer", "pass"]]
    refused(capsys, ["advise", str(write(tmp_path, obj)), "--json", "--level", "easy"])
    accepted = with_rules(example(0), "klaberjass", [["elder", "schmeiss"], ["dealer", "accept"]])
    refused(capsys, ["advise", str(write(tmp_path, accepted)), "--level", "easy"])


@pytest.mark.parametrize("problem", ["illegal action", "bad card", "missing key", "unknown option",
                                     "not json", "no file"])
def test_invalid_record(problem: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = example(3)
    path = tmp_path / "r.json"
    if problem == "illegal action":
        obj["actions"].append(["elder", "play AS"])
    elif problem == "bad card":
        obj["turn_up"] = "1X"
    elif problem == "missing key":
        del obj["turn_up"]
    elif problem == "unknown option":
        obj["options"] = {"must_overtake": "sometimes"}
    if problem == "not json":
        path.write_text("{not json", encoding="utf-8")
    elif problem != "no file":
        write(tmp_path, obj)
    refused(capsys, ["advise", str(path), "--json", "--level", "easy"])


@pytest.mark.parametrize("level", ["insane", "EASY", ""])
def test_bad_level(level: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    refused(capsys, ["advise", str(write(tmp_path, example(0))), "--json", "--level", level])


def test_bad_level_from_a_fresh_process(tmp_path: Path) -> None:
    done = _run_cli(["advise", str(write(tmp_path, example(0))), "--level", "insane"], "0")
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr


# -- the standing (issue 11): --score MINE THEIRS [--target N] ----------------------------------------


def test_score_brings_the_match_term_in(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Near the target the match term moves ev away from deal_ev, and the reasons say how often each
    choice wins or loses the match; the record's own target is the default (rules.md §9)."""
    obj = example(0)
    path = write(tmp_path, obj)
    plain = advise(capsys, path)
    scored = advise(capsys, path, "--score", "430", "440")
    check_shape(plain, obj)
    target = replay(parse_record(obj)).rules.target
    assert scored["standing"] == {"mine": 430, "theirs": 440, "target": target}
    assert plain["standing"] is None
    assert [e["action"] for e in scored["actions"]] and {e["action"] for e in scored["actions"]} == \
        {e["action"] for e in plain["actions"]}
    # the deal's own value does not depend on the standing: same seed, same worlds
    assert {e["action"]: e["deal_ev"] for e in scored["actions"]} == {e["action"]: e["ev"] for e in plain["actions"]}
    assert any(e["ev"] != e["deal_ev"] for e in scored["actions"])
    words = " ".join(r for e in scored["actions"] for r in e["reasons"])
    assert "the match" in words
    for entry in scored["actions"]:
        assert 0 <= entry["win_prob"] <= 1 and entry["reasons"]


def test_win_prob_is_the_chance_to_win_the_match_after_the_choice(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture) -> None:
    """Issue 24: win_prob is the chance to win the whole match after the choice (the match model),
    not the chance that this deal ends it: at 0-0 it is near an even match for every choice, far
    ahead near 1 and far behind near 0, and the same choice ranks the standings that way."""
    path = write(tmp_path, example(0))
    level = advise(capsys, path, "--score", "0", "0")
    ahead = advise(capsys, path, "--score", "420", "100")
    behind = advise(capsys, path, "--score", "100", "420")
    for entry in level["actions"]:
        assert 0.2 <= entry["win_prob"] <= 0.8, entry
    chance = {name: {e["action"]: e["win_prob"] for e in payload["actions"]}
              for name, payload in (("level", level), ("ahead", ahead), ("behind", behind))}
    for action in chance["level"]:
        assert chance["behind"][action] < chance["level"][action] < chance["ahead"][action]
    assert min(chance["ahead"].values()) > 0.8 and max(chance["behind"].values()) < 0.2


def test_target_option_and_flag(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    obj = example(0)
    obj["options"] = {"target": 300}
    path = write(tmp_path, obj)
    assert advise(capsys, path, "--score", "10", "20")["standing"]["target"] == 300
    assert advise(capsys, path, "--score", "10", "20", "--target", "1000")["standing"]["target"] == 1000


@pytest.mark.parametrize("extra, words", [
    (["--score", "-1", "0"], "from 0 to"),
    (["--score", "10"], "--score"),
    (["--score", "x", "3"], "from 0 to"),
    (["--score", "10", "20", "--target", "50"], "from 100 to 5000"),
    (["--target", "600"], "--target needs --score"),
    (["--score", "520", "300"], "would be over"),
])
def test_bad_standing_is_one_line(extra: list[str], words: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture) -> None:
    err = refused(capsys, ["advise", str(write(tmp_path, example(0))), "--json", "--level", "easy", *extra])
    assert words in err, err


def test_table_shows_both_values_and_no_negative_zero(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["advise", str(write(tmp_path, example(4))), "--level", "easy", "--score", "430", "440"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    # issue 24: each number under its own name, and a legend that says what the bot's value adds
    assert "bot's value" in out and "points this" in out and "match chance" in out and "maker makes" in out
    assert "plus 150 for a match" in " ".join(out.split())
    assert "-0.0" not in out and "•" in out


def test_the_table_speaks_russian_with_lang_ru(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Issue 12: the text output in the player's language; issue 23: the actions, the level and the
    decimals too (words, «лёгкий», a comma)."""
    assert main(["advise", str(write(tmp_path, example(4))), "--level", "easy", "--score", "430", "440",
                 "--lang", "ru"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "оценка бота" in out and "очки сдачи" in out and "шанс на партию" in out and "уровень «лёгкий»" in out
    assert re.search(r"[+-]\d+,\d\b", out) and not re.search(r"\d\.\d", out)
    assert not re.search(r"\b(play|pass|take|easy|mc:)", out)
