"""Issue 12: a refused record carries a code and its arguments (``RecordError.code``/``detail``, as
``IllegalAction`` does); the English line stays exactly the engine's (deal-record.md), and
``klabber replay --lang ru`` words the same refusal in Russian from the code: one line on stderr,
exit 2, nothing on stdout.

Each case below is a record broken in one way, one per code, so every code is met in both languages.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from engine.record import Record, RecordError, parse_record, replay
from klabber_tui import cli, i18n, text

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# The words of deal-record.md's notation, which stay as they are in every language.
NOTATION = {"format", "rules", "options", "elder", "dealer", "turn_up", "bottom", "actions", "meta", "first",
            "extra", "target", "take", "name", "play", "JSON", "TD", "T", "J", "Q", "K", "A", "C", "D", "H", "S"}


def sample() -> dict[str, Any]:
    """The sample deal (assets/records/klaberjass-sample.json), decoded, to be broken by each case."""
    raw = resources.files("assets").joinpath("records", "klaberjass-sample.json").read_text(encoding="utf-8")
    obj: dict[str, Any] = json.loads(raw)
    return obj


def changed(**changes: Any) -> Callable[[dict[str, Any]], Any]:
    """A case that sets top-level keys (None: removes the key)."""

    def edit(obj: dict[str, Any]) -> Any:
        for key, value in changes.items():
            if value is None:
                del obj[key]
            else:
                obj[key] = value
        return obj

    return edit


def action_at(index: int, pair: Any) -> Callable[[dict[str, Any]], Any]:
    """A case that replaces one action (and drops those after it)."""

    def edit(obj: dict[str, Any]) -> Any:
        obj["actions"] = obj["actions"][:index] + [pair]
        return obj

    return edit


def hand(seat: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    def edit(obj: dict[str, Any]) -> Any:
        obj[seat] = value
        return obj

    return edit


# code -> (a record broken so, the argument in the detail that names what was wrong, and its value)
CASES: dict[str, tuple[Callable[[dict[str, Any]], Any], str, Any]] = {
    "not_object": (lambda obj: [obj], "allowed", ("format", "rules", "elder", "dealer", "turn_up", "actions")),
    "unknown_key": (changed(colour="red"), "key", "colour"),
    "missing_key": (changed(turn_up=None), "key", "turn_up"),
    "wrong_format": (changed(format="klabber-deal/2"), "value", "klabber-deal/2"),
    "options_not_object": (changed(options=["target", 300]), "key", "options"),
    "rules_not_name": (changed(rules=7), "value", 7),
    "unknown_preset": (changed(rules="bridge"), "value", "bridge"),
    "unknown_option": (changed(options={"trumps": "none"}), "option", "trumps"),
    "target_range": (changed(options={"target": 99}), "value", 99),
    "option_value": (changed(options={"schmeiss": "always"}), "value", "always"),
    "meta_values": (changed(meta={"deal": [1]}), "key", "meta"),
    "bad_card": (changed(turn_up="1C"), "value", "1C"),
    "hand_not_object": (hand("elder", ["KD"]), "key", "elder"),
    "missing_first": (hand("elder", {"extra": ["KC", "AS", "AD"]}), "key", "elder.first"),
    "hand_size": (hand("dealer", {"first": ["TC", "9H"]}), "size", 6),
    "card_twice": (changed(bottom="7C"), "where", "turn_up"),
    "actions_not_list": (changed(actions="pass"), "key", "actions"),
    "action_not_pair": (action_at(0, ["elder"]), "index", 0),
    "unknown_seat": (action_at(1, ["north", "take"]), "seat", "north"),
    "illegal_action": (action_at(3, ["dealer", "play 9H"]), "refusal", "must_trump"),
}


def refusal(code: str) -> RecordError:
    broken = CASES[code][0](copy.deepcopy(sample()))
    with pytest.raises(RecordError) as caught:
        replay(parse_record(broken))
    return caught.value


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_broken_record_is_refused_with_its_code_and_what_was_wrong(code: str) -> None:
    error = refusal(code)
    _, key, value = CASES[code]
    assert error.code == code
    assert error.detail[key] == value


def test_a_refused_action_carries_the_index_seat_action_and_what_is_allowed() -> None:
    """Trick 2 of the sample: the dealer (void in diamonds) must trump the 8♦ (rules.md §7)."""
    detail = refusal("illegal_action").detail
    assert (detail["index"], detail["seat"], detail["action"]) == (3, "dealer", "play 9H")
    assert set(map(str, detail["allowed"])) == {"play AC", "play TC", "play JC", "play QC"}
    assert str(refusal("illegal_action")) == (
        "actions[3] ['dealer', 'play 9H']: the dealer may not 'play 9H': you have no D and must play a trump "
        "(§7); allowed: play TC, play JC, play QC, play AC")


def test_cards_that_make_no_deal_are_refused_by_code() -> None:
    """A Record built in code (not parsed) with a hand of five cards: replay refuses it as bad_deal."""
    record = parse_record(sample())
    short = Record(record.rules, record.elder_first[:5], record.dealer_first, record.turn_up, None, None, None, ())
    with pytest.raises(RecordError) as caught:
        replay(short)
    assert caught.value.code == "bad_deal"
    assert str(caught.value) == "the cards: the elder's first deal must have 6 cards, not 5"
    i18n.set_language("ru")
    assert CYRILLIC.search(text.record_refusal_text("bad_deal", caught.value.detail))


def run(tmp_path: Path, code: str, lang: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """``klabber replay --lang LANG`` on the record broken for ``code``: its stdout and stderr."""
    path = tmp_path / f"{code}.json"
    path.write_text(json.dumps(CASES[code][0](copy.deepcopy(sample()))), encoding="utf-8")
    with pytest.raises(SystemExit) as caught:
        cli.main(["replay", "--lang", lang, str(path)])
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    return out, err


@pytest.mark.parametrize("code", sorted(CASES))
def test_replay_in_english_prints_the_engines_own_line(tmp_path: Path, code: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """deal-record.md: outside checks read this English line; it must not change."""
    out, err = run(tmp_path, code, "en", capsys)
    assert out == "" and err == f"klabber: {refusal(code)}\n"


@pytest.mark.parametrize("code", sorted(CASES))
def test_replay_in_russian_words_the_refusal_from_its_code(tmp_path: Path, code: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out, err = run(tmp_path, code, "ru", capsys)
    assert out == "" and err.count("\n") == 1 and err.startswith("klabber: ")
    line = err.removeprefix("klabber: ")
    english = str(refusal(code))
    assert line != english and CYRILLIC.search(line), line
    # No English word left: every Latin word is the record's own (its keys, the value refused, what is
    # allowed, record and card notation).
    record_words = NOTATION | set(re.findall(r"[A-Za-z_]+", json.dumps(refusal(code).detail, default=str)))
    assert set(re.findall(r"[A-Za-z_]+", line)) <= record_words, line
    _, key, value = CASES[code]
    if key in ("key", "option", "seat", "value") and isinstance(value, str):
        assert repr(value) in line  # what was wrong is quoted as the record writes it


def test_russian_refused_action_names_the_card_rule_and_the_allowed_plays(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The reason in the table's notation (9♥, ♦ бубны), the allowed actions in the record's notation."""
    _, err = run(tmp_path, "illegal_action", "ru", capsys)
    assert err == ("klabber: actions[3], пара ['dealer', 'play 9H']: 9♥ ходить нельзя: масти ♦ бубны у этого места "
                   "нет, нужно бить козырем (♣ трефы). Можно: play TC, play JC, play QC, play AC.\n")


BIDDING = [["elder", "pass"], ["dealer", "take"]]  # clubs trump, the dealer the maker (the sample's bidding)


def actions(*pairs: list[str]) -> Callable[[dict[str, Any]], Any]:
    def edit(obj: dict[str, Any]) -> Any:
        obj["actions"] = [list(p) for p in pairs]
        return obj

    return edit


def no_extra(obj: dict[str, Any]) -> Any:
    """The hands without their extra three cards, and the dealer taking: the deal after is unknown."""
    for seat in ("elder", "dealer"):
        del obj[seat]["extra"]
    del obj["bottom"]
    obj["actions"] = BIDDING
    return obj


def under_clobber(obj: dict[str, Any]) -> Any:
    """Clobber has no schmeiss (rules.md §4.3): the elder says it anyway."""
    obj["rules"], obj["actions"] = "clobber", [["elder", "schmeiss"]]
    return obj


# The rules' refusal of an action (IllegalAction's code) inside a record, one record per code.
REFUSED_ACTIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "not_your_turn": actions(["dealer", "pass"]),
    "not_now": actions(["elder", "accept"]),
    "turn_up_suit": actions(["elder", "pass"], ["dealer", "pass"], ["elder", "name C"]),
    "no_schmeiss": under_clobber,
    "bidding_over": actions(*BIDDING, ["elder", "pass"]),
    "bidding_not_over": actions(["elder", "play 8D"]),
    "not_in_hand": actions(*BIDDING, ["elder", "play AC"]),
    "must_follow": actions(*BIDDING, ["elder", "play 8D"], ["dealer", "play AC"], ["dealer", "play 9H"],
                           ["elder", "play KS"]),
    "must_trump": actions(*BIDDING, ["elder", "play 8D"], ["dealer", "play 9H"]),
    "exchange_closed": actions(*BIDDING, ["elder", "exchange"]),
    "bella_no_score": actions(*BIDDING, ["elder", "play 8D bella"]),
    "not_an_action": actions(["elder", "jump"]),
    "deal_over": lambda obj: {**obj, "actions": [*obj["actions"], ["elder", "pass"]]},
    "extra_unknown": no_extra,
}


@pytest.mark.parametrize("refusal_code", sorted(REFUSED_ACTIONS))
def test_each_refused_action_is_worded_in_russian_from_its_code(refusal_code: str) -> None:
    """Every code the rules refuse an action with, met in a record: English keeps the engine's line,
    Russian words it (no English word left) and names what the record may say instead."""
    broken = REFUSED_ACTIONS[refusal_code](copy.deepcopy(sample()))
    with pytest.raises(RecordError) as caught:
        replay(parse_record(broken))
    error = caught.value
    assert (error.code, error.detail["refusal"]) == ("illegal_action", refusal_code)
    index, (seat, action) = len(broken["actions"]) - 1, broken["actions"][-1]
    assert str(error).startswith(f"actions[{index}] [{seat!r}, {action!r}]: ")
    i18n.set_language("ru")
    line = text.record_refusal_text(error.code, error.detail)
    assert line.startswith(f"actions[{index}], пара [{seat!r}, {action!r}]: ") and CYRILLIC.search(line)
    words = NOTATION | set(re.findall(r"[A-Za-z_]+", json.dumps(error.detail, default=str)))
    assert set(re.findall(r"[A-Za-z_]+", line)) <= words, line
    if error.detail.get("allowed"):
        assert line.endswith(" Можно: " + ", ".join(map(str, error.detail["allowed"])) + ".")
