"""Issue 12: a refused record carries a code and its arguments (``RecordError.code``/``detail``, as
``IllegalAction`` does); the English line stays exactly the engine's (deal-record.md), and
``klabber replay --lang ru`` words the same refusal in Russian from the code: one line on stderr,
exit 2, nothing on stdout.

Each case below is a record broken in one way, one per code, so every code is met in both languages.
"""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, get_args

import pytest

from engine.cards import parse_card
from engine.record import Record, RecordError, parse_record, replay
from engine.rules import DixDeadline
from klabber_tui.cli import main as cli
from klabber_tui.words import i18n
from klabber_tui.words.records import record_refusal_text

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# The words of deal-record.md's notation, which stay as they are in every language.
NOTATION = {"format", "rules", "options", "elder", "dealer", "turn_up", "bottom", "actions", "meta", "first",
            "extra", "target", "take", "name", "play", "JSON", "TD", "T", "J", "Q", "K", "A", "C", "D", "H", "S",
            "pass", "schmeiss", "accept", "refuse", "exchange", "bella", "XX"}


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
    assert CYRILLIC.search(record_refusal_text("bad_deal", caught.value.detail))


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
    """The card or suit in the table's notation (♦ бубны), the action and what is allowed in the record's."""
    _, err = run(tmp_path, "illegal_action", "ru", capsys)
    assert err == ("klabber: actions[3], действие ['dealer', 'play 9H']: сдающий: 'play 9H' нельзя — масти ♦ бубны нет, "
                   "нужно бить козырем (правила, п. 9); можно: play TC, play JC, play QC, play AC\n")


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
    """Every code the rules refuse an action with, met in a record: Russian words it (no English word
    left) and names what the record may say instead."""
    broken = REFUSED_ACTIONS[refusal_code](copy.deepcopy(sample()))
    with pytest.raises(RecordError) as caught:
        replay(parse_record(broken))
    error = caught.value
    assert (error.code, error.detail["refusal"]) == ("illegal_action", refusal_code)
    index, (seat, action) = len(broken["actions"]) - 1, broken["actions"][-1]
    assert str(error).startswith(f"actions[{index}] [{seat!r}, {action!r}]: ")
    i18n.set_language("ru")
    line = record_refusal_text(error.code, error.detail)
    assert line.startswith(f"actions[{index}], действие [{seat!r}, {action!r}]: ") and CYRILLIC.search(line)
    words = NOTATION | set(re.findall(r"[A-Za-z_]+", json.dumps(error.detail, default=str)))
    assert set(re.findall(r"[A-Za-z_]+", line)) <= words, line
    if error.detail.get("allowed"):
        assert line.endswith("; можно: " + ", ".join(map(str, error.detail["allowed"])))


# Issue 23: the English line too is worded from the code, and must stay the engine's own line word for
# word. The corpus below adds, to the cases above, every other way the engine words a code: a record
# refused in each sub-case (a hand's own key, a card that is no string, a deal whose cards are wrong,
# each reason the dix cannot be exchanged, each way an action's text is no action).

# A deal of its own for the dix (rules.md §5): the turn-up is A♣; the elder holds 7♣ (the dix when clubs
# are trump) and 7♦; the dealer holds J♣ and Q♣, so a trump lead of A♣ must be beaten with J♣ (§7).
DIX_DEAL: dict[str, Any] = {
    "format": "klabber-deal/1", "rules": "klaberjass", "turn_up": "AC",
    "elder": {"first": ["7C", "8C", "7D", "8H", "9H", "KS"], "extra": ["TS", "AS", "7S"]},
    "dealer": {"first": ["JC", "QC", "AH", "KH", "QS", "JS"], "extra": ["8D", "9D", "TD"]},
}


def dix(*pairs: list[str], **options: Any) -> Callable[[], RecordError]:
    """The dix deal with these actions (and rule options), refused."""
    obj = {**copy.deepcopy(DIX_DEAL), "actions": [list(p) for p in pairs]}
    if options:
        obj["options"] = options
    return lambda: refused(obj)


def refused(obj: Any) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(parse_record(obj))
    return caught.value


def broken(edit: Callable[[dict[str, Any]], Any]) -> Callable[[], RecordError]:
    return lambda: refused(edit(copy.deepcopy(sample())))


def cards(elder: list[int] | None = None, dealer: list[int] | None = None, turn_up: int | None = None,
          elder_extra: list[int] | None = None) -> Callable[[], RecordError]:
    """The sample's cards with one part replaced in code (a Record that parse_record never makes)."""

    def error() -> RecordError:
        record = parse_record(sample())
        short = Record(record.rules, tuple(elder or record.elder_first), tuple(dealer or record.dealer_first),
                       record.turn_up if turn_up is None else turn_up,
                       tuple(elder_extra or record.elder_extra or ()), record.dealer_extra, None, ())
        with pytest.raises(RecordError) as caught:
            replay(short)
        return caught.value

    return error


ELDER_CARDS = [parse_card(c) for c in ("KD", "AH", "JD", "8D", "KH", "KS")]  # the sample elder's first six

CORPUS: dict[str, Callable[[], RecordError]] = {
    **{code: broken(edit) for code, (edit, _, _) in CASES.items()},
    **{code: broken(edit) for code, edit in REFUSED_ACTIONS.items()},
    "unknown_key.hand": broken(hand("elder", {"first": ["KD", "AH", "JD", "8D", "KH", "KS"], "colour": "red"})),
    "bad_card.not_text": broken(changed(turn_up=7)),
    "hand_size.not_list": broken(hand("dealer", {"first": "TC 9H"})),
    "option_value.bool": broken(changed(options={"schmeiss": True})),
    "target_range.text": broken(changed(options={"target": "500"})),
    "bad_deal.first_size": cards(elder=ELDER_CARDS[:5]),
    "bad_deal.extra_size": cards(elder_extra=[parse_card("KC"), parse_card("AS")]),
    "bad_deal.no_card": cards(turn_up=40),
    "bad_deal.card_twice": cards(dealer=[ELDER_CARDS[0], *[parse_card(c) for c in ("TC", "9H", "7H", "JC", "AC")]]),
    "not_now.schmeiss_answer": broken(actions(["elder", "schmeiss"], ["dealer", "take"])),
    "must_overtake": dix(["elder", "pass"], ["dealer", "take"], ["elder", "exchange"], ["elder", "play AC"],
                         ["dealer", "play QC"]),
    "exchange.trump_not_fixed": dix(["elder", "exchange"]),
    "exchange.done": dix(["elder", "pass"], ["dealer", "take"], ["elder", "exchange"], ["elder", "exchange"]),
    "exchange.turn_up_not_trump": dix(["elder", "pass"], ["dealer", "pass"], ["elder", "name D"],
                                      ["elder", "exchange"]),
    "exchange.own_first_card": dix(["elder", "pass"], ["dealer", "take"], ["elder", "play 8H"], ["elder", "exchange"]),
    "exchange.first_lead": dix(["elder", "pass"], ["dealer", "take"], ["elder", "play 8H"], ["elder", "exchange"],
                               dix_deadline="first_lead"),
    "exchange.first_trick": dix(["elder", "pass"], ["dealer", "take"], ["elder", "play 8H"], ["dealer", "play AH"],
                                ["elder", "exchange"], dix_deadline="first_trick"),
    "not_an_action.not_text": broken(actions(["elder", ""])),
    "not_an_action.name_form": broken(actions(["elder", "name"])),
    "not_an_action.bare_form": broken(actions(["elder", "take now"])),
    "not_an_action.play_form": broken(actions(*BIDDING, ["elder", "play"])),
    "not_an_action.card": broken(actions(*BIDDING, ["elder", "play 1X"])),
    "not_an_action.suit": broken(actions(["elder", "name X"])),
}


def reached(error: RecordError) -> set[str]:
    """The codes a refusal carries: its own, the rules' refusal, the bad cards' problem, and why."""
    return {error.code} | {str(error.detail[key]) for key in ("refusal", "problem", "why") if key in error.detail}


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_the_english_line_worded_from_the_code_is_the_engines_own(case: str) -> None:
    """deal-record.md's contract: outside checks compare replay's English line; wording it from the
    code changes none of it."""
    error = CORPUS[case]()
    i18n.set_language("en")
    assert record_refusal_text(error.code, error.detail) == str(error)


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_every_refusal_has_its_russian_line(case: str) -> None:
    error = CORPUS[case]()
    i18n.set_language("ru")
    line = record_refusal_text(error.code, error.detail)
    assert "\n" not in line and line != str(error) and CYRILLIC.search(line), line
    words = NOTATION | set(re.findall(r"[A-Za-z_]+", json.dumps(error.detail, default=str) + str(error)))
    assert set(re.findall(r"[A-Za-z_]+", line)) <= words, line


def engine_codes() -> set[str]:
    """Every code the engine gives a refusal a record can meet, read from its source: the code argument
    of each RecordError, IllegalAction, RuleError and BadCards (and of Deal._refusal), the codes the
    refusals' reasons return, and the ``why`` of a refusal."""
    found: set[str] = set()
    root = Path(__file__).resolve().parents[2] / "engine"

    def literal(node: ast.AST | None) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.IfExp):
            return literal(node.body) | literal(node.orelse)
        return set()

    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                at = {"RecordError": 1, "IllegalAction": 1, "RuleError": 1, "BadCards": 1, "_refusal": 3}.get(name)
                if at is not None and len(node.args) > at:
                    found |= literal(node.args[at])
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "why":
                        found |= literal(value)
            elif isinstance(node, ast.FunctionDef) and node.name in ("_bid_reason", "_play_reason", "_exchange_reason"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        found |= literal(ret.value.elts[0])
    return found


def test_the_corpus_meets_every_code_the_engine_gives() -> None:
    """Each code and reason in engine/ is met by a bad record above, so none is worded untested. The
    exchange's deadlines are codes of the rules (rules.md §5): every one that can close the window."""
    met = set().union(*(reached(make()) for make in CORPUS.values()))
    deadlines = set(get_args(DixDeadline)) - {"last_card"}  # the dix may be exchanged up to the last card
    # "rule": RuleError's code for an option value the RuleSet never holds (engine.laws' own checks).
    assert engine_codes() | deadlines - {"rule"} <= met, sorted(engine_codes() | deadlines - met - {"rule"})
