"""deal-record.md: klabber-deal/1 validation, forgiving input, the output contract, and the
shared examples."""
import copy
import json

import pytest

from tests.support.records import (A_BOTTOM, A_DEALER, A_ELDER, A_PLAY_HEARTS, A_TURN_UP, SHARED, acts,
                      record, result, side)
from tests.support.records import replay_dict
from engine.record import RecordError


def deal_a(actions="E take", **kw):
    return record("klaberjass", A_ELDER, A_DEALER, A_TURN_UP, acts(actions), bottom=A_BOTTOM,
                  check=False, **kw)


def error_of(rec):
    with pytest.raises(RecordError) as info:
        replay_dict(rec)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message and "\n" not in message.strip()  # one line
    return message


# The made deal A (see tests/support/records.py): elder 68 (58 + 10), dealer 64.
A_MADE = result("made", "H", "elder", side(58, 10, 0, 0, 68, 68), side(64, 0, 0, 0, 64, 64))


def test_output_has_exactly_the_contract_keys():
    """deal-record.md: exactly these keys, nested as shown."""
    out = replay_dict(deal_a("E take; " + A_PLAY_HEARTS))
    assert set(out) == {"outcome", "trump", "maker", "elder", "dealer"}
    for seat in ("elder", "dealer"):
        assert set(out[seat]) == {"cards", "last_trick", "sequences", "bella", "total", "scored"}
        assert all(type(v) is int for v in out[seat].values())
    assert out == A_MADE
    json.dumps(out)  # plain JSON data


def test_forgiving_card_spelling_in_a_record():
    """deal-record.md / rules.md §1: cards (in hands and in `play`, and the suit of `name`)
    follow the forgiving notation; the result is that of deal A, 68 / 64."""
    rec = deal_a("E take; " + A_PLAY_HEARTS)
    rec["elder"]["first"] = ["j♥", "ah", "AC", "kc", "10d", "Q♠"]
    rec["dealer"]["extra"] = ["kd", "7♣", "8s"]
    rec["turn_up"] = "8♥"
    rec["actions"] = [[s, a.replace("play TD", "play 10d").replace("play QS", "play q♠")
                       .replace("play 7C", "play 7c")] for s, a in rec["actions"]]
    assert ["elder", "play 10d"] in rec["actions"] and ["elder", "play q♠"] in rec["actions"]
    assert replay_dict(rec) == A_MADE


def test_forgiving_suit_in_name():
    """deal-record.md: the suit of `name` follows the notation of §1 (forgiving)."""
    for spelled in ("name s", "name ♠"):
        rec = deal_a("E pass; D pass; E pass")
        rec["actions"].append(["dealer", spelled])
        out = replay_dict(rec)
        assert (out["outcome"], out["trump"], out["maker"]) == ("in_progress", "S", "dealer")


def test_meta_changes_nothing():
    """deal-record.md: `meta` is free information of strings and numbers; it changes nothing."""
    rec = deal_a("E take; " + A_PLAY_HEARTS,
                 meta={"players": "player v bot", "date": "2026-11-30", "deal": 7})
    assert replay_dict(rec) == A_MADE


def test_input_record_is_not_modified():
    """replay_dict reads the record; it must not change the caller's dict."""
    rec = deal_a("E take; " + A_PLAY_HEARTS)
    before = copy.deepcopy(rec)
    replay_dict(rec)
    assert rec == before


# --- invalid records: RecordError naming the key or actions[i] ------------------------------

@pytest.mark.parametrize("mutate,key", [
    (lambda r: r.update(format="klabber-deal/2"), "format"),
    (lambda r: r.pop("format"), "format"),
    (lambda r: r.update(rules="belote"), "rules"),
    (lambda r: r.pop("rules"), "rules"),
    (lambda r: r.update(comment="hello"), "comment"),
    (lambda r: r.pop("turn_up"), "turn_up"),
    (lambda r: r.pop("elder"), "elder"),
    (lambda r: r.pop("actions"), "actions"),
    (lambda r: r.update(actions="take"), "actions"),
    (lambda r: r.update(turn_up="1X"), "turn_up"),
    (lambda r: r.update(bottom="ZZ"), "bottom"),
    (lambda r: r.update(options={"no_such_option": True}), "no_such_option"),
    (lambda r: r.update(options={"must_overtake": "sometimes"}), "must_overtake"),
    (lambda r: r.update(options={"target": 500.0}), "target"),
    (lambda r: r.update(meta={"players": ["a", "b"]}), "meta"),
    (lambda r: r["elder"].update(first=["JH", "AH", "AC", "KC", "TD"]), "elder"),
    (lambda r: r["dealer"].update(extra=["KD", "7C"]), "dealer"),
    (lambda r: r["elder"].update(first=["JH", "AH", "AC", "KC", "TD", "1S"]), "elder"),
    (lambda r: r["elder"].update(hand=["JH"]), "hand"),
])
def test_invalid_record_names_the_key(mutate, key):
    """deal-record.md: an invalid record names the first problem's key, what was wrong and
    what was allowed (bad format, unknown key or card, missing key, wrong counts, options)."""
    rec = deal_a("E take")
    mutate(rec)
    assert key in error_of(rec)


def test_rules_error_names_the_presets():
    """deal-record.md: ... and what was allowed: the four presets."""
    rec = deal_a("E take")
    rec["rules"] = "belote"
    message = error_of(rec)
    assert "clobber" in message and "kalabriasz" in message


@pytest.mark.parametrize("where", [("dealer", "first", 0), ("elder", "extra", 0)])
def test_a_card_twice_is_refused(where):
    """deal-record.md: all the cards named in a record must be different.  JH (the elder's)
    written a second time in the dealer's first six / QS in the elder's extra."""
    rec = deal_a("E take")
    seat, part, index = where
    rec[seat][part][index] = "JH" if seat == "dealer" else "QS"
    message = error_of(rec)
    assert any(k in message for k in ("elder", "dealer"))


def test_turn_up_equal_to_bottom_is_refused():
    """deal-record.md: the turn-up and the bottom card must differ too."""
    rec = deal_a("E take")
    rec["bottom"] = A_TURN_UP
    message = error_of(rec)
    assert "bottom" in message or "turn_up" in message


def test_forgiving_duplicate_is_still_a_duplicate():
    """rules.md §1 + deal-record.md: 'td' and 'TD' are the same card."""
    rec = deal_a("E take")
    rec["dealer"]["first"][0] = "td"   # the elder holds TD
    assert any(k in error_of(rec) for k in ("elder", "dealer"))


@pytest.mark.parametrize("actions", ["E take", "E pass; D take", "E pass; D pass; E name S",
                                     "E pass; D pass; E pass; D name C"])
def test_missing_extra_once_the_trump_is_fixed(actions):
    """deal-record.md: `extra` may be left out only of a record that ends in a throw-in or
    stops while the trump is not yet fixed."""
    rec = record("klaberjass", "JH AH AC KC TD QS", "9H TH TC AD AS QC", A_TURN_UP, acts(actions),
                 check=False)
    assert "extra" in error_of(rec)


@pytest.mark.parametrize("actions,index", [
    ("D take", 0),                          # the elder speaks first (§4.1)
    ("E pass; E take", 1),                  # the dealer's turn
    ("E take; D play TH", 1),               # the elder leads to the first trick (§7)
    ("E play JH", 0),                       # no play before the trump is fixed
    ("E Take", 0),                          # action words are exactly lower case
    ("E take; E play  JH", 1),              # one space apart
    ("E bid", 0),                           # unknown word
    ("E take; E play 7H", 1),               # not in his hand (unseen card)
    ("E take; E play 9H", 1),               # the dealer's card
    ("E take; E play JH; D play 8S", 2),    # revoke: the dealer holds hearts
    ("E take; E name S", 1),                # naming after the trump is fixed
    ("E pass; D pass; E name H", 2),        # the turn-up suit cannot be named (§4.2)
    ("E pass; D pass; E name X", 2),        # not a suit
    ("E accept", 0),                        # nothing to accept
])
def test_refused_action_names_its_index(actions, index):
    """deal-record.md: an action the rules refuse is named by its index, from 0."""
    assert "actions[%d]" % index in error_of(deal_a(actions))


@pytest.mark.parametrize("entry", [["north", "take"], ["elder"], ["elder", "take", "now"],
                                   "elder take", ["elder", 7]])
def test_malformed_action_entry(entry):
    """deal-record.md: each action is a pair [seat, action], seat "elder" or "dealer"."""
    rec = deal_a("E pass")
    rec["actions"].append(entry)
    assert "actions[1]" in error_of(rec)


def test_action_after_the_deal_is_over():
    """deal-record.md: the 18 cards of deal A are played (actions 0..18); a further action
    is refused as actions[19]."""
    rec = deal_a("E take; " + A_PLAY_HEARTS)
    rec["actions"].append(["dealer", "pass"])
    assert "actions[19]" in error_of(rec)


def test_action_after_a_throw_in():
    """rules.md §4.5: a thrown-in deal is over."""
    assert "actions[4]" in error_of(deal_a("E pass; D pass; E pass; D pass; E take"))


# --- the shared examples --------------------------------------------------------------------

def _examples():
    folder = SHARED / "examples"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.skipif(not (SHARED / "examples").is_dir(),
                    reason="shared/examples not found next to the repository (%s)" % SHARED)
@pytest.mark.parametrize("path", _examples(), ids=[p.stem for p in _examples()])  # none without shared/
def test_shared_example(path):
    """deal-record.md: `examples/` holds records with the output each must give (compared as
    JSON objects)."""
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert replay_dict(rec) == expected


@pytest.mark.skipif(not (SHARED / "examples").is_dir(),
                    reason="shared/examples not found next to the repository (%s)" % SHARED)
def test_there_are_shared_examples():
    """The examples folder is not empty (guards the parametrized test above)."""
    assert len(_examples()) >= 2
