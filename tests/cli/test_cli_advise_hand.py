"""``klabber advise --hand … --turn-up … --seat … [--bids …]`` (issue 25): any hand asked of the coach.

The JSON is ``advise RECORD``'s plus ``hand`` and ``turn_up`` as understood; it is the very answer
``advise`` gives for a record that stops at the same position (the other hand, which the player
cannot see, plays no part). A hand no deal gives, or words nobody could have said: one line, exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from klabber_tui.cli.main import main

HAND = "J♣ 9♣ A♣ 10♦ K♥ 7♠"
KEYS = {"seat", "stage", "worlds", "best", "standing", "reasons", "facts", "actions", "hand", "turn_up"}  # advise RECORD's keys, plus hand and turn_up


def advise(capsys: pytest.CaptureFixture, *args: str) -> dict:
    assert main(["advise", *args, "--json", "--level", "easy", "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1
    answer: dict = json.loads(out)
    return answer


def refused(capsys: pytest.CaptureFixture, *args: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(["advise", *args, "--lang", "en"])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err


@pytest.mark.slow
def test_a_typed_hand_is_answered_as_a_record_stopping_there(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    typed = advise(capsys, "--hand", "В♣ 9♣ Т♣ 10♦ К♥ 7♠", "--turn-up", "Д♣", "--seat", "dealer", "--bids", "pass",
                   "--rules", "klaberjass")
    assert set(typed) == KEYS
    assert typed["hand"] == ["JC", "9C", "AC", "TD", "KH", "7S"] and typed["turn_up"] == "QC"  # Cyrillic Т: ace
    assert typed["seat"] == "dealer" and typed["stage"] == "bidding_round_one"
    assert {a["action"] for a in typed["actions"]} == {"take", "pass", "schmeiss"}
    # The same position written as a record, with another hand for the elder: the same answer.
    record = {"format": "klabber-deal/1", "rules": "klaberjass", "turn_up": "QC",
              "elder": {"first": ["AS", "TS", "KS", "QS", "JS", "9S"]},
              "dealer": {"first": ["JC", "9C", "AC", "TD", "KH", "7S"]}, "actions": [["elder", "pass"]]}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    from_record = advise(capsys, str(path))
    assert {k: v for k, v in typed.items() if k not in ("hand", "turn_up")} == from_record


def test_the_text_answer_shows_the_hand_understood(capsys: pytest.CaptureFixture) -> None:
    assert main(["advise", "--hand", "т♣ 10♣ 8♥ 7♥ 9♠ 8♠", "--turn-up", "7D", "--seat", "elder", "--level", "easy",
                 "--lang", "en", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Your hand: AC 10C 8H 7H 9S 8S - turn-up 7D - elder")  # Cyrillic т: ace
    assert out.isascii()  # issue 22: the table's rules, marks and reasons too, not the suits only


@pytest.mark.parametrize(("args", "words"), [
    (("--hand", "J♣ J♣ A♣ 10♦ K♥ 7♠", "--turn-up", "Q♣", "--seat", "elder"), "JC is in the hand twice"),
    (("--hand", HAND + " 8♠", "--turn-up", "Q♣", "--seat", "elder"), "the hand has 7 cards"),
    (("--hand", HAND, "--turn-up", "A♣", "--seat", "elder"), "the turn-up AC is also in the hand"),
    (("--hand", HAND, "--turn-up", "Q♣", "--seat", "elder", "--bids", "pass"), "the dealer speaks, not the elder"),
    (("--hand", HAND, "--turn-up", "Q♣", "--seat", "elder", "--bids", "pass pass name C"),
     "word 3 of --bids, 'name C', cannot be said there"),
    (("--hand", HAND, "--turn-up", "Q♣", "--seat", "dealer", "--bids", "take"), "the bidding is over"),
    (("--hand", HAND, "--turn-up", "Q♣", "--seat", "elder", "--bids", "пас пас трефы"),
     "word 3 of --bids, 'name C', cannot be said there"),  # the Russian words read (issue 32, item 4)
    (("--hand", HAND, "--turn-up", "Q♣", "--seat", "dealer", "--bids", "Pass"), "word 1 of --bids, 'Pass', is no bid: take, pass"),
    (("--hand", "J♣ 9♣ A♣ 10♦ K♥ 6♠", "--turn-up", "Q♣", "--seat", "elder"), "'6♠' is not a card"),
    (("--hand", HAND, "--seat", "elder"), "--hand needs --turn-up"),
    (("--turn-up", "Q♣", "x.json"), "--turn-up describes a typed hand"),
    (("--rules", "clobber", "x.json"), "--rules describes a typed hand"),
    (("x.json", "--hand", HAND), "not both"),
    (("--json",), "give a RECORD or --hand"),
])
def test_a_hand_or_words_that_cannot_be_is_one_line_and_exit_2(capsys: pytest.CaptureFixture,
                                                                args: tuple[str, ...], words: str) -> None:
    assert words in refused(capsys, *args)


def test_records_and_bids_keep_the_notation_of_section_1(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    """The Russian ranks are the typed hand's alone: a record naming Т♣ is refused as it always was."""
    record = {"format": "klabber-deal/1", "rules": "klaberjass", "turn_up": "QC",
              "elder": {"first": ["Т♣", "TS", "KS", "QS", "JS", "9S"]},
              "dealer": {"first": ["JC", "9C", "7C", "TD", "KH", "7S"]}, "actions": []}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert "unknown card" in refused(capsys, str(path))
